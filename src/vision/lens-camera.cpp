/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <errno.h>
#include <dlfcn.h>
#include <fcntl.h>
#include <linux/videodev2.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <opencv2/core/utils/logger.hpp>
#include <opencv2/imgproc.hpp>
#include <opencv2/videoio.hpp>
#include <memory>

#include "lens-camera.h"
#include "lens-error.h"
#include "lens-vision-private.hpp"

using lens::Failure;

struct _LensCamera {
  ~_LensCamera () { g_free (name); }

  std::unique_ptr<cv::VideoCapture> capture;
  char *name;
  gboolean live;
  double fps;
  gint64 start_us;      /* monotonic time of the first live frame */
  gboolean started;
};

struct _LensVideoWriter {
  std::unique_ptr<cv::VideoWriter> writer;
  cv::Size size;
};

static std::string format_message (const char *format, ...) G_GNUC_PRINTF (1, 2);

/* Lets go of @object's OpenCV @stream, whatever it says, then destroys
 * @object, made by placement new in g_new0() memory, and frees it. */
template <typename T, typename Stream>
static void
release_and_free (T                       *object,
                  std::unique_ptr<Stream> &stream)
{
  if (stream)
    lens::ignore_failure ([&] { stream->release (); });
  object->~T ();
  g_free (object);
}

static std::string
format_message (const char *format,
                ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  return message;
}

/* A failure of @camera, told by @format with its name for the %s. */
[[noreturn]] static void
throw_camera_failure (const LensCamera *camera,
                      const char       *format)
{
  throw Failure { LENS_ERROR_CAMERA, format_message (format, camera->name) };
}

/* OpenCV's videoio, from its module (lens-videoio.cpp), loaded once. */
struct VideoIO {
  cv::VideoCapture *(*new_capture) (void);
  cv::VideoWriter *(*new_writer) (void);
  std::string failure;
};

/* The installed module; the build tree's only for a program run from the
 * build tree, so that an installed program never loads code from a path
 * that existed on the machine it was built on. */
static char *
module_path (void)
{
  g_autofree char *self = g_file_read_link ("/proc/self/exe", NULL);
  const char *dir = LENS_MODULE_DIR;

  if (self != NULL && g_str_has_prefix (self, LENS_BUILD_ROOT G_DIR_SEPARATOR_S))
    dir = LENS_BUILD_MODULE_DIR;
  return g_build_filename (dir, "lens-videoio.so", NULL);
}

static void *
open_module (std::string &failure)
{
  g_autofree char *path = module_path ();
  void *module = dlopen (path, RTLD_NOW | RTLD_LOCAL);

  if (module == NULL)
    failure = dlerror ();
  return module;
}

static const VideoIO &
videoio (void)
{
  static VideoIO io;
  static gsize done = 0;

  if (g_once_init_enter (&done))
    {
      void *module = open_module (io.failure);

      if (module != NULL)
        {
          io.new_capture = (cv::VideoCapture *(*) (void)) dlsym (module, "lens_videoio_new_capture");
          io.new_writer = (cv::VideoWriter *(*) (void)) dlsym (module, "lens_videoio_new_writer");
          if (io.new_capture == NULL || io.new_writer == NULL)
            io.failure = dlerror ();
        }
      g_once_init_leave (&done, 1);
    }
  if (io.new_capture == NULL || io.new_writer == NULL)
    throw Failure { LENS_ERROR_CAMERA,
                    format_message (_("Video support is not installed (%s)"), io.failure.c_str ()) };
  return io;
}

static void
quiet_opencv (void)
{
  static gsize done = 0;

  if (g_once_init_enter (&done))
    {
      cv::utils::logging::setLogLevel (cv::utils::logging::LOG_LEVEL_SILENT);
      g_once_init_leave (&done, 1);
    }
}

void
lens_camera_info_free (LensCameraInfo *info)
{
  if (info == NULL)
    return;
  g_free (info->device);
  g_free (info->label);
  g_free (info);
}

static char *
read_sysfs (const char *node,
            const char *attribute)
{
  g_autofree char *path = g_build_filename ("/sys/class/video4linux", node, attribute, NULL);
  char *contents = NULL;

  if (!g_file_get_contents (path, &contents, NULL, NULL))
    return NULL;
  return g_strstrip (contents);
}

static int
video_node_number (const char *name)
{
  char *end = NULL;
  long number;

  if (!g_str_has_prefix (name, "video") || !g_ascii_isdigit (name[5]))
    return -1;
  number = strtol (name + 5, &end, 10);
  return *end == '\0' && number < G_MAXINT ? (int) number : -1;
}

/* UVC cameras add a metadata node beside each capture node; only the
 * capture node has index 0. */
static gboolean
is_capture_node (const char *node)
{
  g_autofree char *index = read_sysfs (node, "index");

  return index == NULL || g_str_equal (index, "0");
}

static int
compare_infos (gconstpointer a,
               gconstpointer b)
{
  const LensCameraInfo *x = *(LensCameraInfo * const *) a;
  const LensCameraInfo *y = *(LensCameraInfo * const *) b;

  return video_node_number (strrchr (x->device, '/') + 1) - video_node_number (strrchr (y->device, '/') + 1);
}

GPtrArray *
lens_camera_list (void)
{
  GPtrArray *infos = g_ptr_array_new_with_free_func ((GDestroyNotify) lens_camera_info_free);
  const char *dev = g_getenv ("SUDOKU_LENS_DEVICE_DIR") ? g_getenv ("SUDOKU_LENS_DEVICE_DIR") : "/dev";
  g_autoptr(GDir) dir = g_dir_open (dev, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *label = NULL;
      LensCameraInfo *info;

      if (video_node_number (name) < 0 || !is_capture_node (name))
        continue;
      label = read_sysfs (name, "name");
      info = g_new0 (LensCameraInfo, 1);
      info->device = g_build_filename (dev, name, NULL);
      info->label = label != NULL && *label != '\0' ? g_steal_pointer (&label) : g_strdup (info->device);
      g_ptr_array_add (infos, info);
    }
  g_ptr_array_sort (infos, compare_infos);
  return infos;
}

static gboolean
is_index (const char *source)
{
  if (*source == '\0' || strlen (source) > 4)
    return FALSE;
  for (const char *p = source; *p != '\0'; p++)
    if (!g_ascii_isdigit (*p))
      return FALSE;
  return TRUE;
}

static char *
resolve_source (const char *source)
{
  g_autoptr(GPtrArray) cameras = NULL;

  if (source != NULL && *source != '\0')
    return is_index (source) ? g_strdup_printf ("/dev/video%s", source) : g_strdup (source);

  cameras = lens_camera_list ();
  if (cameras->len == 0)
    throw Failure { LENS_ERROR_CAMERA, _("No camera was found") };
  return g_strdup (((LensCameraInfo *) cameras->pdata[0])->device);
}

typedef enum {
  DEVICE_UNKNOWN,     /* no more to be learnt */
  DEVICE_GONE,        /* unplugged */
  DEVICE_BUSY,        /* streaming to another program */
  DEVICE_NOT_CAMERA,  /* not a video device at all */
} DeviceProblem;

/* Asks a device that OpenCV could not use (and has let go of) why. Setting
 * the format it already has fails with EBUSY while another program
 * streams from it. */
static DeviceProblem
probe_device (const char *path)
{
  struct v4l2_capability caps = {};
  struct v4l2_format format = {};
  DeviceProblem problem = DEVICE_UNKNOWN;
  int fd = open (path, O_RDWR | O_NONBLOCK | O_CLOEXEC);

  if (fd < 0)
    return errno == ENOENT || errno == ENODEV || errno == ENXIO ? DEVICE_GONE :
           errno == EBUSY ? DEVICE_BUSY : DEVICE_UNKNOWN;
  format.type = V4L2_BUF_TYPE_VIDEO_CAPTURE;
  if (ioctl (fd, VIDIOC_QUERYCAP, &caps) != 0)
    problem = errno == ENODEV ? DEVICE_GONE : DEVICE_NOT_CAMERA;
  else if (ioctl (fd, VIDIOC_G_FMT, &format) == 0 && ioctl (fd, VIDIOC_S_FMT, &format) != 0 && errno == EBUSY)
    problem = DEVICE_BUSY;
  close (fd);
  return problem;
}

/* Lets go of @camera's device and tells what is wrong with it: @gone where
 * it is no longer there, @not_camera where it is no camera, @otherwise
 * where that cannot be told. */
[[noreturn]] static void
throw_device_failure (LensCamera *camera,
                      const char *gone,
                      const char *not_camera,
                      const char *otherwise)
{
  camera->capture->release ();
  switch (probe_device (camera->name))
    {
    case DEVICE_GONE:
      throw_camera_failure (camera, gone);
    case DEVICE_BUSY:
      throw_camera_failure (camera, _("The camera %s is in use by another program"));
    case DEVICE_NOT_CAMERA:
      throw_camera_failure (camera, not_camera);
    case DEVICE_UNKNOWN:
    default:
      throw_camera_failure (camera, otherwise);
    }
}

static void
open_device (LensCamera *camera)
{
  if (access (camera->name, R_OK | W_OK) != 0 && errno == EACCES)
    throw_camera_failure (camera, _("Permission to use the camera %s was denied"));
  if (!camera->capture->open (camera->name, cv::CAP_V4L2))
    throw_device_failure (camera, _("The camera %s is not connected"), _("%s is not a camera"),
                          _("The camera %s could not be opened"));
  camera->capture->set (cv::CAP_PROP_FRAME_WIDTH, 640);
  camera->capture->set (cv::CAP_PROP_FRAME_HEIGHT, 480);
  camera->capture->set (cv::CAP_PROP_BUFFERSIZE, 1);
  camera->live = TRUE;
}

static void
open_file (LensCamera *camera)
{
  if (access (camera->name, R_OK) != 0)
    throw Failure { LENS_ERROR_CAMERA,
                    format_message (_("The video “%s” cannot be read: %s"), camera->name, g_strerror (errno)) };
  /* Not CAP_ANY: its gphoto2 backend scans the USB bus for cameras (and
   * leaks doing so) before it gives up on a file. Debian's OpenCV plays
   * files with FFmpeg, the flatpak's with GStreamer. */
  if (!camera->capture->open (camera->name, cv::CAP_FFMPEG) &&
      !camera->capture->open (camera->name, cv::CAP_GSTREAMER) &&
      !camera->capture->open (camera->name, cv::CAP_OPENCV_MJPEG))
    throw_camera_failure (camera, _("The file “%s” is not a video that can be played"));
  camera->live = FALSE;
}

static void
open_source (LensCamera *camera,
             const char *source)
{
  struct stat info;

  camera->name = resolve_source (source);
  if (stat (camera->name, &info) != 0 && g_str_has_prefix (camera->name, "/dev/"))
    throw_camera_failure (camera, _("There is no camera %s"));
  if (stat (camera->name, &info) != 0)
    throw_camera_failure (camera, _("No camera or video file “%s” exists"));
  if (S_ISCHR (info.st_mode))
    open_device (camera);
  else
    open_file (camera);
  camera->fps = camera->capture->get (cv::CAP_PROP_FPS);
  if (!(camera->fps > 0 && camera->fps < 1000))
    camera->fps = 0;
}

LensCamera *
lens_camera_open (const char  *source,
                  GError     **error)
{
  LensCamera *camera;

  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  quiet_opencv ();
  camera = g_new0 (LensCamera, 1);
  new (camera) LensCamera ();
  if (!lens::guard (error, [&] {
        camera->capture.reset (videoio ().new_capture ());
        open_source (camera, source);
      }))
    g_clear_pointer (&camera, lens_camera_free);
  return camera;
}

void
lens_camera_free (LensCamera *camera)
{
  if (camera != NULL)
    release_and_free (camera, camera->capture);
}

gboolean
lens_camera_is_live (const LensCamera *camera)
{
  g_return_val_if_fail (camera != NULL, FALSE);
  return camera->live;
}

double
lens_camera_get_fps (const LensCamera *camera)
{
  g_return_val_if_fail (camera != NULL, 0);
  return camera->fps;
}

static double
frame_time (LensCamera *camera)
{
  if (camera->live)
    {
      gint64 now = g_get_monotonic_time ();

      if (!camera->started)
        camera->start_us = now;
      camera->started = TRUE;
      return (now - camera->start_us) / 1000.0;
    }
  return camera->capture->get (cv::CAP_PROP_POS_MSEC);
}

static LensImage *
wrap_frame (const cv::Mat &frame)
{
  LensImage *image = g_new0 (LensImage, 1);

  new (image) LensImage ();
  if (frame.channels () == 3)
    image->bgr = frame;
  else if (frame.channels () == 4)
    cv::cvtColor (frame, image->bgr, cv::COLOR_BGRA2BGR);
  else
    cv::cvtColor (frame, image->bgr, cv::COLOR_GRAY2BGR);
  return image;
}

/* A live camera gives no picture: the stream is over, so let go of the
 * device and ask it why. */
[[noreturn]] static void
throw_stopped (LensCamera *camera)
{
  throw_device_failure (camera, _("The camera %s was unplugged"), _("The camera %s stopped sending pictures"),
                        _("The camera %s stopped sending pictures"));
}

LensImage *
lens_camera_read (LensCamera  *camera,
                  double      *time_ms,
                  GError     **error)
{
  g_return_val_if_fail (camera != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  try
    {
      cv::Mat frame;

      if (!camera->capture->read (frame) || frame.empty () || frame.depth () != CV_8U)
        {
          if (camera->live)
            throw_stopped (camera);
          return NULL;
        }
      if (time_ms != NULL)
        *time_ms = frame_time (camera);
      return wrap_frame (frame);
    }
  catch (...)
    {
      lens::set_error_from_current_exception (error);
      return NULL;
    }
}

LensVideoWriter *
lens_video_writer_new (const char  *path,
                       double       fps,
                       int          width,
                       int          height,
                       GError     **error)
{
  LensVideoWriter *writer;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (fps > 0 && width > 0 && height > 0, NULL);

  quiet_opencv ();
  writer = g_new0 (LensVideoWriter, 1);
  new (writer) LensVideoWriter ();
  writer->size = cv::Size (width, height);
  if (!lens::guard (error, [&] {
        int fourcc = 'M' | 'J' << 8 | 'P' << 16 | 'G' << 24;

        writer->writer.reset (videoio ().new_writer ());
        if (!writer->writer->open (path, fourcc, fps, writer->size, true))
          throw Failure { LENS_ERROR_IO, format_message (_("Could not write the video “%s”"), path) };
      }))
    g_clear_pointer (&writer, lens_video_writer_free);
  return writer;
}

gboolean
lens_video_writer_add (LensVideoWriter  *writer,
                       const LensImage  *frame,
                       GError          **error)
{
  g_return_val_if_fail (writer != NULL && frame != NULL, FALSE);

  return lens::guard (error, [&] {
    cv::Mat scaled;

    if (lens::full_bgr (frame).size () == writer->size)
      writer->writer->write (lens::full_bgr (frame));
    else
      {
        cv::resize (lens::full_bgr (frame), scaled, writer->size, 0, 0, cv::INTER_AREA);
        writer->writer->write (scaled);
      }
  });
}

void
lens_video_writer_free (LensVideoWriter *writer)
{
  if (writer != NULL)
    release_and_free (writer, writer->writer);
}
