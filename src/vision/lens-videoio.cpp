/* SPDX-License-Identifier: GPL-3.0-or-later */

/* The loadable module that holds OpenCV's videoio, which brings FFmpeg,
 * GStreamer and imgcodecs (with GDAL) into a process: only capture loads it
 * (lens-camera.cpp). The objects made here are used through their virtual
 * methods, so nothing else links videoio. */

#include <gmodule.h>
#include <opencv2/videoio.hpp>

extern "C" {

G_MODULE_EXPORT cv::VideoCapture *lens_videoio_new_capture (void);
G_MODULE_EXPORT cv::VideoWriter *lens_videoio_new_writer (void);

cv::VideoCapture *
lens_videoio_new_capture (void)
{
  return new cv::VideoCapture ();
}

cv::VideoWriter *
lens_videoio_new_writer (void)
{
  return new cv::VideoWriter ();
}

}
