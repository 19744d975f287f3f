/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* Frame sources for live capture: a V4L2 camera (by index or device path)
 * or a video file, read through OpenCV's VideoCapture. Plain C; failures a
 * user can cause are LENS_ERROR_CAMERA. */

#include <gio/gio.h>

#include "lens-vision.h"

G_BEGIN_DECLS

typedef struct {
  char *device;  /* "/dev/video0" */
  char *label;   /* the driver's name for it, or the device path */
} LensCameraInfo;

void        lens_camera_info_free       (LensCameraInfo   *info);

/* The capture devices under /dev, or under $SUDOKU_LENS_DEVICE_DIR for
 * tests (metadata nodes left out), in device order. An array of
 * LensCameraInfo, empty when there is none. */
GPtrArray  *lens_camera_list            (void);

typedef struct _LensCamera LensCamera;

/* @source: NULL or "" for the first camera, a camera index ("0"), a device
 * path or a video file. */
LensCamera *lens_camera_open            (const char       *source,
                                         GError          **error);
void        lens_camera_free            (LensCamera       *camera);
/* TRUE for a camera, FALSE for a video file. */
gboolean    lens_camera_is_live         (const LensCamera *camera);
/* Frames per second the source announces, or 0 when it does not say. */
double      lens_camera_get_fps         (const LensCamera *camera);

/* The next frame, and its time in milliseconds from the first one. Returns
 * NULL without an error at the end of a video file; NULL with an error when
 * a camera stops delivering frames (unplugged, taken by another program). */
LensImage  *lens_camera_read            (LensCamera       *camera,
                                         double           *time_ms,
                                         GError          **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (LensCamera, lens_camera_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (LensCameraInfo, lens_camera_info_free)

/* Writes Motion-JPEG frames into an AVI file, which OpenCV reads back
 * without external codecs. Frames of another size are scaled to fit. */
typedef struct _LensVideoWriter LensVideoWriter;

LensVideoWriter *lens_video_writer_new  (const char       *path,
                                         double            fps,
                                         int               width,
                                         int               height,
                                         GError          **error);
gboolean    lens_video_writer_add       (LensVideoWriter  *writer,
                                         const LensImage  *frame,
                                         GError          **error);
/* Finishes the file. */
void        lens_video_writer_free      (LensVideoWriter  *writer);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (LensVideoWriter, lens_video_writer_free)

G_END_DECLS
