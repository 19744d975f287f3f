/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <algorithm>
#include <cerrno>
#include <cmath>

#include <glib/gi18n-lib.h>
#include <opencv2/imgproc.hpp>

#include "lens-decode.h"
#include "lens-error.h"
#include "lens-image-header.h"
#include "lens-vision-private.hpp"

#define MIN_SIDE 32
#define MAX_SIDE 65535


using lens::Failure;

[[noreturn]] static void
throw_unreadable (void)
{
  throw Failure { LENS_ERROR_DECODE, _("The file is not an image in a format that can be read") };
}

[[noreturn]] static void
throw_corrupt (void)
{
  throw Failure { LENS_ERROR_DECODE, _("The image file is corrupt or truncated") };
}

static void
check_dimensions (int width,
                  int height,
                  int max_megapixels = LENS_MAX_MEGAPIXELS)
{
  if (width <= 0 || height <= 0)
    throw Failure { LENS_ERROR_DECODE, _("The image file has impossible dimensions") };
  if (width > MAX_SIDE || height > MAX_SIDE || (double) width * height > max_megapixels * 1e6)
    throw Failure { LENS_ERROR_TOO_LARGE,
                    cv::format (_("The image is too large (%d × %d pixels; the limit is %d megapixels)"),
                                width, height, max_megapixels) };
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

/* Debian's OpenCV probes for OpenCL devices the first time an operation
 * could use one: about 60 ms of a one-shot scan, for nothing, as the code
 * never hands OpenCV a UMat. OpenCV reads this variable on that first
 * probe; setting it needs the process to have one thread, hence main(). */
void
lens_vision_init (void)
{
  g_setenv ("OPENCV_OPENCL_DEVICE", "disabled", FALSE);
}

constexpr int kPreviewSide = 640;  /* the size at which the board is searched */

/* @region (NULL: all): see lens_decode_pixels_region(). */
static cv::Mat
decode_at (const LensImage        *image,
           int                     eighths,
           const LensDecodeRegion *region = nullptr)
{
  gsize size;
  const guint8 *data = (const guint8 *) g_bytes_get_data (image->source, &size);
  LensPixels pixels;

  switch (lens_decode_pixels_region (data, size, &image->header, eighths, region, LENS_MAX_MEGAPIXELS * 1e6,
                                     &pixels))
    {
    case LENS_DECODE_OK:
      break;
    case LENS_DECODE_TOO_LARGE:
      throw Failure { LENS_ERROR_TOO_LARGE, _("Not enough memory to process the image") };
    case LENS_DECODE_UNSUPPORTED:
      throw_unreadable ();
    case LENS_DECODE_CORRUPT:
    default:
      throw_corrupt ();
    }
  cv::Mat wrapped (pixels.height, pixels.width, CV_8UC (pixels.channels), pixels.pixels);
  cv::Mat bgr;

  try
    {
      bgr = to_bgr8 (wrapped);
      if (bgr.data == pixels.pixels)
        bgr = bgr.clone ();
    }
  catch (...)
    {
      g_free (pixels.pixels);
      throw;
    }
  g_free (pixels.pixels);
  return bgr;
}

/* Under this size a photo is read at full size, as its decode costs a
 * few milliseconds; above it, at a fraction (see lens::eighths_for()). */
constexpr double kMinScaledPixels = 2e6;

static int
preview_eighths (int width,
                 int height)
{
  int side = std::max (width, height);

  if ((double) width * height < kMinScaledPixels)
    return 8;
  return std::clamp ((8 * kPreviewSide + side - 1) / side, 1, 8);
}

/* The size of @side at @eighths / 8, as libjpeg rounds it. */
static int
scaled_side (int side,
             int eighths)
{
  return (int) (((gint64) side * eighths + 7) / 8);
}

/* 8, or for a JPEG of more than LENS_MAX_MEGAPIXELS the largest fraction
 * of the decoder's that brings it within. */
static int
decode_eighths (const LensImageHeader *header)
{
  int eighths = 8;

  if (header->format != LENS_IMAGE_FORMAT_JPEG)
    return 8;
  while (eighths > 1 && (double) scaled_side (header->width, eighths) *
                        scaled_side (header->height, eighths) > LENS_MAX_MEGAPIXELS * 1e6)
    eighths--;
  return eighths;
}

/* @full at @eighths / 8 of its size, as the JPEG decoder would give it. */
static cv::Mat
shrink (const cv::Mat &full,
        int            eighths)
{
  cv::Mat small;

  cv::resize (full, small, cv::Size ((full.cols * eighths + 7) / 8, (full.rows * eighths + 7) / 8),
              0, 0, cv::INTER_AREA);
  return small;
}

static void
read_header (const guint8    *data,
             gsize            size,
             LensImageHeader *header)
{
  if (size == 0)
    throw Failure { LENS_ERROR_DECODE, _("The image file is empty") };
  switch (lens_image_header_read (data, size, header))
    {
    case LENS_IMAGE_HEADER_UNKNOWN:
      throw_unreadable ();
    case LENS_IMAGE_HEADER_CORRUPT:
      throw_corrupt ();
    case LENS_IMAGE_HEADER_OK:
    default:
      break;
    }
  if (header->format == LENS_IMAGE_FORMAT_HEIF && !HAVE_HEIF)
    throw_unreadable ();
  if (header->format == LENS_IMAGE_FORMAT_HEIF &&
      !lens_decode_heif_size (data, size, &header->width, &header->height))
    throw_corrupt ();
  check_dimensions (header->width, header->height,
                    header->format == LENS_IMAGE_FORMAT_JPEG ? LENS_MAX_JPEG_MEGAPIXELS : LENS_MAX_MEGAPIXELS);
  if (!header->complete)
    throw Failure { LENS_ERROR_DECODE, _("The image file is truncated") };
}

/* Decodes the preview at once, so that a corrupt file fails here. A
 * JPEG too large to read whole is decoded once at the fraction that fits,
 * and from then on is an image of that size. */
static LensImage *
decode (GBytes *bytes)
{
  gsize size;
  const guint8 *data = (const guint8 *) g_bytes_get_data (bytes, &size);
  LensImageHeader header;

  read_header (data, size, &header);

  LensImage *image = g_new0 (LensImage, 1);
  new (image) LensImage ();
  image->header = header;
  image->exif_rotation = header.exif_rotation;
  image->decoded_eighths = decode_eighths (&header);
  image->width = scaled_side (header.width, image->decoded_eighths);
  image->height = scaled_side (header.height, image->decoded_eighths);
  image->preview_eighths = preview_eighths (image->width, image->height);

  bool scaled = header.format == LENS_IMAGE_FORMAT_JPEG && image->preview_eighths < 8 &&
                image->decoded_eighths == 8;
  /* A JPEG read at a fraction is decoded again later: from a copy, as a
   * file mapped by lens_image_load() may change or shrink meanwhile. */
  image->source = scaled ? g_bytes_new (data, size) : g_bytes_ref (bytes);
  try
    {
      cv::Mat first = decode_at (image, scaled ? image->preview_eighths : image->decoded_eighths);

      if (!scaled)
        {
          check_dimensions (first.cols, first.rows);
          image->width = first.cols;
          image->height = first.rows;
          image->bgr = first;
        }
      image->preview = image->preview_eighths < 8 && !scaled ? shrink (first, image->preview_eighths) : first;
    }
  catch (...)
    {
      lens_image_free (image);
      throw;
    }
  return image;
}

namespace lens {

const cv::Mat &
full_bgr (const LensImage *image)
{
  LensImage *self = const_cast<LensImage *> (image);
  std::lock_guard<std::mutex> hold (self->lock);

  if (self->bgr.empty () && self->source != NULL)
    {
      gint64 start = g_get_monotonic_time ();
      cv::Mat full = decode_at (self, 8);

      g_log (LENS_TIMING_DOMAIN, G_LOG_LEVEL_DEBUG, "decode at full size: %.1f ms",
             (g_get_monotonic_time () - start) / 1000.0);
      if (full.cols != self->width || full.rows != self->height)
        throw_corrupt ();
      self->bgr = full;
    }
  return self->bgr;
}

cv::Mat
scaled_bgr (const LensImage *image,
            int              eighths,
            const Quad      *around)
{
  if (image->source == NULL || eighths >= 8)
    return full_bgr (image);
  if (eighths == image->preview_eighths)
    return image->preview;
  /* The same pixels whether or not the full size was asked for before. */
  if (image->header.format != LENS_IMAGE_FORMAT_JPEG || image->decoded_eighths < 8)
    return shrink (full_bgr (image), eighths);
  if (around == nullptr)
    return decode_at (image, eighths);

  std::vector<cv::Point2f> corners;
  for (const cv::Point2f &p : *around)
    corners.push_back (p * (eighths / 8.0f));
  cv::Rect box = cv::boundingRect (corners);
  int margin = std::max (box.width, box.height) / 4;
  LensDecodeRegion region = { box.x - margin, box.y - margin, box.width + 2 * margin, box.height + 2 * margin };
  try
    {
      return decode_at (image, eighths, &region);
    }
  catch (const Failure &failure)
    {
      /* Where libjpeg-turbo will not crop or skip in a file, it is decoded whole. */
      if (failure.code == LENS_ERROR_TOO_LARGE)
        throw;
      return decode_at (image, eighths);
    }
}

int
eighths_for (const LensImage *image,
             const Quad      &quad,
             double           side)
{
  double shortest = G_MAXDOUBLE;

  if (image->source == NULL || image->preview_eighths == 8)
    return 8;
  for (int i = 0; i < 4; i++)
    shortest = std::min (shortest, (double) cv::norm (quad[i] - quad[(i + 1) % 4]));
  if (shortest <= 0)
    return 8;
  return std::clamp ((int) std::ceil (8 * side / shortest), image->preview_eighths, 8);
}

cv::Mat
preview_bgr (const LensImage *image)
{
  if (image->source == NULL)
    return image->bgr;
  return image->preview;
}

double
scale_of (const LensImage *image,
          const cv::Mat   &scaled)
{
  int width = image->source != NULL ? image->width : image->bgr.cols;

  return width > 0 ? (double) scaled.cols / width : 1.0;
}

} /* namespace lens */

LensImage *
lens_image_load_bytes (GBytes  *bytes,
                       GError **error)
{
  g_return_val_if_fail (bytes != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  try
    {
      gint64 start = g_get_monotonic_time ();
      LensImage *image = decode (bytes);

      g_log (LENS_TIMING_DOMAIN, G_LOG_LEVEL_DEBUG, "decode: %.1f ms (%d × %d, at %d/8)",
             (g_get_monotonic_time () - start) / 1000.0, image->width, image->height, image->preview_eighths);
      return image;
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

  LensImage *image = g_new0 (LensImage, 1);

  new (image) LensImage ();
  try
    {
      cv::Mat grey (height, width, CV_8U, (void *) pixels, stride);

      cv::cvtColor (grey, image->bgr, cv::COLOR_GRAY2BGR);
      return image;
    }
  catch (...)
    {
      lens_image_free (image);
      g_critical ("Could not copy the pixels into an image");
      return NULL;
    }
}

LensImage *
lens_image_copy (const LensImage *image)
{
  LensImage *copy;

  g_return_val_if_fail (image != NULL, NULL);

  copy = g_new0 (LensImage, 1);
  new (copy) LensImage ();
  copy->exif_rotation = image->exif_rotation;
  if (image->source != NULL)
    {
      copy->source = g_bytes_ref (image->source);
      copy->header = image->header;
      copy->width = image->width;
      copy->height = image->height;
      copy->preview = image->preview;
      copy->preview_eighths = image->preview_eighths;
      copy->decoded_eighths = image->decoded_eighths;
    }
  std::lock_guard<std::mutex> hold (const_cast<LensImage *> (image)->lock);
  copy->bgr = image->bgr.clone ();
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
  return image->source != NULL ? image->width : image->bgr.cols;
}

int
lens_image_get_height (const LensImage *image)
{
  g_return_val_if_fail (image != NULL, 0);
  return image->source != NULL ? image->height : image->bgr.rows;
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

  cv::Mat rgb;
  gsize size;

  try
    {
      cv::cvtColor (lens::rotate_image (lens::full_bgr (image), rotation), rgb, cv::COLOR_BGR2RGB);
    }
  catch (...)
    {
      g_autoptr(GError) error = NULL;

      lens::set_error_from_current_exception (&error);
      g_warning ("%s", error->message);
      return NULL;
    }
  if (width != NULL)
    *width = rgb.cols;
  if (height != NULL)
    *height = rgb.rows;
  size = rgb.total () * rgb.elemSize ();
  return g_bytes_new (rgb.data, size);
}

/* @image at a size of about @target pixels across its longer side, and no
 * less: a JPEG from the decoder's smallest scale that reaches it. */
static cv::Mat
near_size (const LensImage *image,
           int              target)
{
  int side = std::max (lens_image_get_width (image), lens_image_get_height (image));
  int eighths = std::clamp ((8 * target + side - 1) / side, 1, 8);

  if (image->source == NULL || image->header.format != LENS_IMAGE_FORMAT_JPEG || eighths == 8)
    return lens::full_bgr (image);
  {
    std::lock_guard<std::mutex> hold (const_cast<LensImage *> (image)->lock);

    if (!image->bgr.empty ())
      return image->bgr;
  }
  if (eighths == image->preview_eighths)
    return image->preview;
  return decode_at (image, eighths);
}

GBytes *
lens_image_get_rgb_scaled (const LensImage *image,
                           int              rotation,
                           int              max_side,
                           int             *width,
                           int             *height,
                           double          *scale)
{
  g_return_val_if_fail (image != NULL, NULL);
  g_return_val_if_fail (rotation % 90 == 0, NULL);
  g_return_val_if_fail (max_side > 0, NULL);

  try
    {
      int full_width = lens_image_get_width (image), full_height = lens_image_get_height (image);
      double shrink_by = std::min (1.0, (double) max_side / std::max (full_width, full_height));
      cv::Size size (std::max (1, (int) (full_width * shrink_by + 0.5)),
                     std::max (1, (int) (full_height * shrink_by + 0.5)));
      cv::Mat source = near_size (image, std::max (size.width, size.height)), fitted, rgb;

      if (source.size () == size)
        fitted = source;
      else
        cv::resize (source, fitted, size, 0, 0, cv::INTER_AREA);
      cv::cvtColor (lens::rotate_image (fitted, rotation), rgb, cv::COLOR_BGR2RGB);
      if (width != NULL)
        *width = rgb.cols;
      if (height != NULL)
        *height = rgb.rows;
      if (scale != NULL)
        *scale = (double) size.width / full_width;
      return g_bytes_new (rgb.data, rgb.total () * rgb.elemSize ());
    }
  catch (...)
    {
      g_autoptr(GError) error = NULL;

      lens::set_error_from_current_exception (&error);
      g_warning ("%s", error->message);
      return NULL;
    }
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
      bool png = dot != NULL && g_ascii_strcasecmp (dot, ".png") == 0;
      bool jpeg = dot != NULL && (g_ascii_strcasecmp (dot, ".jpg") == 0 || g_ascii_strcasecmp (dot, ".jpeg") == 0);

      if (!png && !jpeg)
        throw Failure { LENS_ERROR_IO, _("Unknown image file type; use .png or .jpg") };

      const cv::Mat &bgr = lens::full_bgr (image);
      g_autoptr(GBytes) encoded = lens_encode_pixels (bgr.data, bgr.cols, bgr.rows, bgr.step, jpeg);
      g_autoptr(GError) local_error = NULL;
      gsize size;
      const char *data;

      if (encoded == NULL)
        throw Failure { LENS_ERROR_IO, _("The image could not be encoded") };
      data = (const char *) g_bytes_get_data (encoded, &size);
      if (!g_file_set_contents (path, data, (gssize) size, &local_error))
        throw Failure { LENS_ERROR_IO, local_error->message };
      return TRUE;
    }
  catch (...)
    {
      lens::set_error_from_current_exception (error);
      return FALSE;
    }
}
