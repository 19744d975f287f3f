/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <cerrno>

#include <glib/gi18n-lib.h>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>
#include <opencv2/core/utils/logger.hpp>

#include "lens-error.h"
#include "lens-image-header.h"
#include "lens-vision-private.hpp"

#define MIN_SIDE 32
#define MAX_SIDE 65535

namespace lens {

void
set_error (GError    **error,
           const Failure &failure)
{
  g_set_error_literal (error, LENS_ERROR, failure.code, failure.message.c_str ());
}

void
set_error_from_current_exception (GError **error)
{
  try
    {
      throw;
    }
  catch (const Failure &failure)
    {
      set_error (error, failure);
    }
  catch (const cv::Exception &e)
    {
      g_set_error (error, LENS_ERROR, LENS_ERROR_INTERNAL,
                   _("Image processing failed: %s"), e.err.c_str ());
    }
  catch (const std::bad_alloc &)
    {
      g_set_error_literal (error, LENS_ERROR, LENS_ERROR_TOO_LARGE,
                           _("Not enough memory to process the image"));
    }
  catch (const std::exception &e)
    {
      g_set_error (error, LENS_ERROR, LENS_ERROR_INTERNAL,
                   _("Image processing failed: %s"), e.what ());
    }
  catch (...)
    {
      g_set_error_literal (error, LENS_ERROR, LENS_ERROR_INTERNAL,
                           _("Image processing failed"));
    }
}

} /* namespace lens */

using lens::Failure;

static void
check_dimensions (int width,
                  int height)
{
  if (width <= 0 || height <= 0)
    throw Failure { LENS_ERROR_DECODE, _("The image file has impossible dimensions") };
  if (width > MAX_SIDE || height > MAX_SIDE || (double) width * height > LENS_MAX_MEGAPIXELS * 1e6)
    throw Failure { LENS_ERROR_TOO_LARGE,
                    cv::format (_("The image is too large (%d × %d pixels; the limit is %d megapixels)"),
                                width, height, LENS_MAX_MEGAPIXELS) };
  if (width < MIN_SIDE || height < MIN_SIDE)
    throw Failure { LENS_ERROR_DECODE,
                    cv::format (_("The image is too small to hold a puzzle (%d × %d pixels)"),
                                width, height) };
}

static cv::Mat
to_bgr8 (const cv::Mat &decoded)
{
  cv::Mat eight, bgr;

  if (decoded.depth () == CV_8U)
    eight = decoded;
  else if (decoded.depth () == CV_16U)
    decoded.convertTo (eight, CV_8U, 1.0 / 257.0);
  else if (decoded.depth () == CV_32F || decoded.depth () == CV_64F)
    decoded.convertTo (eight, CV_8U, 255.0);
  else
    decoded.convertTo (eight, CV_8U);

  switch (eight.channels ())
    {
    case 1:
      cv::cvtColor (eight, bgr, cv::COLOR_GRAY2BGR);
      return bgr;
    case 3:
      return eight;
    case 4:
      {
        cv::Mat white (eight.size (), CV_8UC3, cv::Scalar::all (255));
        cv::Mat colour, alpha, weight;

        cv::cvtColor (eight, colour, cv::COLOR_BGRA2BGR);
        cv::extractChannel (eight, alpha, 3);
        alpha.convertTo (weight, CV_32F, 1.0 / 255.0);
        cv::blendLinear (colour, white, weight, 1.0 - weight, bgr);
        return bgr;
      }
    default:
      throw Failure { LENS_ERROR_DECODE, _("The image has an unsupported pixel format") };
    }
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

static LensImage *
decode (const guint8 *data,
        gsize         size)
{
  LensImageHeader header;
  cv::Mat decoded;

  quiet_opencv ();
  if (size == 0)
    throw Failure { LENS_ERROR_DECODE, _("The image file is empty") };
  switch (lens_image_header_read (data, size, &header))
    {
    case LENS_IMAGE_HEADER_UNKNOWN:
      throw Failure { LENS_ERROR_DECODE, _("The file is not an image in a format that can be read") };
    case LENS_IMAGE_HEADER_CORRUPT:
      throw Failure { LENS_ERROR_DECODE, _("The image file is corrupt or truncated") };
    case LENS_IMAGE_HEADER_OK:
    default:
      break;
    }
  check_dimensions (header.width, header.height);
  if (!header.complete)
    throw Failure { LENS_ERROR_DECODE, _("The image file is truncated") };

  cv::Mat raw (1, (int) size, CV_8U, (void *) data);
  decoded = cv::imdecode (raw, cv::IMREAD_UNCHANGED);
  if (decoded.empty ())
    throw Failure { LENS_ERROR_DECODE, _("The image file is corrupt or truncated") };
  check_dimensions (decoded.cols, decoded.rows);

  LensImage *image = g_new0 (LensImage, 1);
  new (image) LensImage ();
  image->bgr = to_bgr8 (decoded);
  image->exif_rotation = header.exif_rotation;
  return image;
}

LensImage *
lens_image_load_bytes (GBytes  *bytes,
                       GError **error)
{
  g_return_val_if_fail (bytes != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  try
    {
      gsize size;
      const guint8 *data = (const guint8 *) g_bytes_get_data (bytes, &size);

      return decode (data, size);
    }
  catch (...)
    {
      lens::set_error_from_current_exception (error);
      return NULL;
    }
}

LensImage *
lens_image_load (const char  *path,
                 GError     **error)
{
  g_autoptr(GError) local_error = NULL;
  g_autoptr(GMappedFile) file = NULL;
  g_autoptr(GBytes) bytes = NULL;

  g_return_val_if_fail (path != NULL, NULL);

  if (g_file_test (path, G_FILE_TEST_IS_DIR))
    {
      g_set_error_literal (error, LENS_ERROR, LENS_ERROR_IO, g_strerror (EISDIR));
      return NULL;
    }
  file = g_mapped_file_new (path, FALSE, &local_error);
  if (file == NULL)
    {
      lens_error_set_from_file_error (error, local_error);
      return NULL;
    }
  bytes = g_mapped_file_get_bytes (file);
  if (bytes == NULL)
    bytes = g_bytes_new_static ("", 0);
  return lens_image_load_bytes (bytes, error);
}

LensImage *
lens_image_new_from_rgb (const guint8 *pixels,
                         int           width,
                         int           height,
                         gsize         stride,
                         gboolean      has_alpha)
{
  g_return_val_if_fail (pixels != NULL, NULL);
  g_return_val_if_fail (width > 0 && height > 0, NULL);

  try
    {
      cv::Mat rgb (height, width, has_alpha ? CV_8UC4 : CV_8UC3, (void *) pixels, stride);
      cv::Mat bgr;
      LensImage *image;

      cv::cvtColor (rgb, bgr, has_alpha ? cv::COLOR_RGBA2BGRA : cv::COLOR_RGB2BGR);
      image = g_new0 (LensImage, 1);
      new (image) LensImage ();
      image->bgr = to_bgr8 (bgr);
      return image;
    }
  catch (...)
    {
      g_critical ("Could not copy the pixels into an image");
      return NULL;
    }
}

LensImage *
lens_image_new_from_grey (const guint8 *pixels,
                          int           width,
                          int           height,
                          gsize         stride)
{
  g_return_val_if_fail (pixels != NULL, NULL);
  g_return_val_if_fail (width > 0 && height > 0, NULL);

  cv::Mat grey (height, width, CV_8U, (void *) pixels, stride);
  LensImage *image = g_new0 (LensImage, 1);

  new (image) LensImage ();
  cv::cvtColor (grey, image->bgr, cv::COLOR_GRAY2BGR);
  return image;
}

LensImage *
lens_image_copy (const LensImage *image)
{
  LensImage *copy;

  g_return_val_if_fail (image != NULL, NULL);

  copy = g_new0 (LensImage, 1);
  new (copy) LensImage ();
  copy->bgr = image->bgr.clone ();
  copy->exif_rotation = image->exif_rotation;
  return copy;
}

void
lens_image_free (LensImage *image)
{
  if (image == NULL)
    return;
  image->~LensImage ();
  g_free (image);
}

int
lens_image_get_width (const LensImage *image)
{
  g_return_val_if_fail (image != NULL, 0);
  return image->bgr.cols;
}

int
lens_image_get_height (const LensImage *image)
{
  g_return_val_if_fail (image != NULL, 0);
  return image->bgr.rows;
}

int
lens_image_get_exif_rotation (const LensImage *image)
{
  g_return_val_if_fail (image != NULL, 0);
  return image->exif_rotation;
}

GBytes *
lens_image_get_rgb (const LensImage *image,
                    int              rotation,
                    int             *width,
                    int             *height)
{
  g_return_val_if_fail (image != NULL, NULL);
  g_return_val_if_fail (rotation % 90 == 0, NULL);

  cv::Mat rotated = lens::rotate_image (image->bgr, rotation);
  cv::Mat rgb;
  gsize size;

  cv::cvtColor (rotated, rgb, cv::COLOR_BGR2RGB);
  if (width != NULL)
    *width = rgb.cols;
  if (height != NULL)
    *height = rgb.rows;
  size = rgb.total () * rgb.elemSize ();
  return g_bytes_new (rgb.data, size);
}

gboolean
lens_image_save (const LensImage  *image,
                 const char       *path,
                 GError          **error)
{
  g_return_val_if_fail (image != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  try
    {
      const char *dot = strrchr (path, '.');
      std::vector<guchar> encoded;

      if (dot == NULL || !cv::imencode (dot, image->bgr, encoded))
        throw Failure { LENS_ERROR_IO, _("Unknown image file type; use .png or .jpg") };
      g_autoptr(GError) local_error = NULL;

      if (!g_file_set_contents (path, (const char *) encoded.data (),
                                (gssize) encoded.size (), &local_error))
        throw Failure { LENS_ERROR_IO, local_error->message };
      return TRUE;
    }
  catch (...)
    {
      lens::set_error_from_current_exception (error);
      return FALSE;
    }
}
