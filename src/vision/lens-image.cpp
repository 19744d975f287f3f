/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>
#include <opencv2/core/utils/logger.hpp>

#include "lens-error.h"
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

typedef struct {
  const guint8 *data;
  gsize size;
} Bytes;

typedef struct {
  int width;
  int height;
  int exif_rotation;
  gboolean complete;  /* the data ends where the format says it should */
} Header;

static guint
read_u16 (const guint8 *p,
          gboolean      little)
{
  return little ? (p[0] | p[1] << 8) : (p[0] << 8 | p[1]);
}

static guint32
read_u32 (const guint8 *p,
          gboolean      little)
{
  return little ? ((guint32) p[0] | (guint32) p[1] << 8 | (guint32) p[2] << 16 | (guint32) p[3] << 24)
                : ((guint32) p[0] << 24 | (guint32) p[1] << 16 | (guint32) p[2] << 8 | (guint32) p[3]);
}

static int
orientation_to_rotation (guint orientation)
{
  switch (orientation)
    {
    case 3: case 4: return 180;
    case 5: case 6: return 90;
    case 7: case 8: return 270;
    default: return 0;
    }
}

/* @tiff is the TIFF structure inside an APP1 "Exif" segment. */
static int
parse_exif_rotation (const guint8 *tiff,
                     gsize         size)
{
  gboolean little;
  guint32 ifd;
  guint n_entries;

  if (size < 8)
    return 0;
  if (memcmp (tiff, "II*\0", 4) == 0)
    little = TRUE;
  else if (memcmp (tiff, "MM\0*", 4) == 0)
    little = FALSE;
  else
    return 0;
  ifd = read_u32 (tiff + 4, little);
  if (ifd > size - 2)
    return 0;
  n_entries = read_u16 (tiff + ifd, little);
  for (guint i = 0; i < n_entries; i++)
    {
      gsize entry = ifd + 2 + (gsize) i * 12;

      if (entry + 12 > size)
        break;
      if (read_u16 (tiff + entry, little) == 0x0112)
        return orientation_to_rotation (read_u16 (tiff + entry + 8, little));
    }
  return 0;
}

static gboolean
is_sof_marker (guint8 marker)
{
  return marker >= 0xC0 && marker <= 0xCF &&
         marker != 0xC4 && marker != 0xC8 && marker != 0xCC;
}

/* Whether an end marker follows the first scan (found by walking the
 * segments from @pos): data may follow it, as the video of a phone's
 * "motion photo" or a maker's trailer does. Scan data never holds FF D9. */
static gboolean
jpeg_has_end (const Bytes *bytes,
              gsize        pos)
{
  const guint8 *p = bytes->data;

  while (pos + 4 <= bytes->size && p[pos] == 0xFF && p[pos + 1] != 0xDA)
    pos += p[pos + 1] == 0xFF ? 1 : 2 + read_u16 (p + pos + 2, FALSE);
  if (pos + 4 > bytes->size || p[pos] != 0xFF)
    return FALSE;
  return memmem (p + pos, bytes->size - pos, "\xFF\xD9", 2) != NULL;
}

static gboolean
parse_jpeg_header (const Bytes *bytes,
                   Header      *header)
{
  const guint8 *p = bytes->data;
  gboolean seen_exif = FALSE;
  gsize pos = 2;

  while (pos + 4 <= bytes->size)
    {
      guint8 marker;
      gsize length;

      if (p[pos] != 0xFF)
        return FALSE;
      marker = p[pos + 1];
      if (marker == 0xFF)
        {
          pos++;
          continue;
        }
      length = read_u16 (p + pos + 2, FALSE);
      if (length < 2 || pos + 2 + length > bytes->size)
        return FALSE;
      if (marker == 0xE1 && !seen_exif && length >= 8 && memcmp (p + pos + 4, "Exif\0\0", 6) == 0)
        {
          header->exif_rotation = parse_exif_rotation (p + pos + 10, length - 8);
          seen_exif = TRUE;
        }
      if (is_sof_marker (marker) && length >= 7)
        {
          header->height = read_u16 (p + pos + 5, FALSE);
          header->width = read_u16 (p + pos + 7, FALSE);
          header->complete = jpeg_has_end (bytes, pos);
          return TRUE;
        }
      pos += 2 + length;
    }
  return FALSE;
}

/* The IEND chunk near the end: libpng would decode a truncated file to an
 * error on stderr and nothing else. */
static gboolean
png_has_end (const Bytes *bytes)
{
  gsize from = bytes->size > 256 ? bytes->size - 256 : 0;

  return memmem (bytes->data + from, bytes->size - from, "IEND", 4) != NULL;
}

static gboolean
parse_png_header (const Bytes *bytes,
                  Header      *header)
{
  if (bytes->size < 24 || memcmp (bytes->data + 12, "IHDR", 4) != 0)
    return FALSE;
  header->width = (int) MIN (read_u32 (bytes->data + 16, FALSE), G_MAXINT);
  header->height = (int) MIN (read_u32 (bytes->data + 20, FALSE), G_MAXINT);
  header->complete = png_has_end (bytes);
  return TRUE;
}

static gboolean
parse_bmp_header (const Bytes *bytes,
                  Header      *header)
{
  gint32 height;

  if (bytes->size < 26)
    return FALSE;
  header->width = (int) read_u32 (bytes->data + 18, TRUE);
  height = (gint32) read_u32 (bytes->data + 22, TRUE);
  header->height = height == G_MININT32 ? G_MAXINT : ABS (height);
  return TRUE;
}

/* Returns FALSE for a format whose header we do not read (imgcodecs may
 * still decode it); throws for a header that is broken or too large. */
static gboolean
read_header (const Bytes *bytes,
             Header      *header)
{
  const guint8 *p = bytes->data;
  gboolean known;

  header->complete = TRUE;
  if (bytes->size >= 3 && p[0] == 0xFF && p[1] == 0xD8 && p[2] == 0xFF)
    known = parse_jpeg_header (bytes, header);
  else if (bytes->size >= 8 && memcmp (p, "\x89PNG\r\n\x1a\n", 8) == 0)
    known = parse_png_header (bytes, header);
  else if (bytes->size >= 2 && p[0] == 'B' && p[1] == 'M')
    known = parse_bmp_header (bytes, header);
  else
    return FALSE;

  if (!known)
    throw Failure { LENS_ERROR_DECODE, _("The image file is corrupt or truncated") };
  return TRUE;
}

static void
check_dimensions (int width,
                  int height)
{
  if (width <= 0 || height <= 0)
    throw Failure { LENS_ERROR_DECODE, _("The image file has impossible dimensions") };
  if (width > MAX_SIDE || height > MAX_SIDE || (double) width * height > LENS_MAX_MEGAPIXELS * 1e6)
    throw Failure { LENS_ERROR_TOO_LARGE,
                    cv::format ("The image is too large (%d × %d pixels; the limit is %d megapixels)",
                                width, height, LENS_MAX_MEGAPIXELS) };
  if (width < MIN_SIDE || height < MIN_SIDE)
    throw Failure { LENS_ERROR_DECODE,
                    cv::format ("The image is too small to hold a puzzle (%d × %d pixels)",
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
decode (const Bytes *bytes)
{
  Header header = { 0, 0, 0, TRUE };
  gboolean known;
  cv::Mat decoded;

  quiet_opencv ();
  if (bytes->size == 0)
    throw Failure { LENS_ERROR_DECODE, _("The image file is empty") };
  known = read_header (bytes, &header);
  if (known)
    check_dimensions (header.width, header.height);
  if (!header.complete)
    throw Failure { LENS_ERROR_DECODE, _("The image file is truncated") };

  cv::Mat raw (1, (int) bytes->size, CV_8U, (void *) bytes->data);
  decoded = cv::imdecode (raw, cv::IMREAD_UNCHANGED);
  if (decoded.empty () && known)
    throw Failure { LENS_ERROR_DECODE, _("The image file is corrupt or truncated") };
  if (decoded.empty ())
    throw Failure { LENS_ERROR_DECODE, _("The file is not an image in a format that can be read") };
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
      Bytes view;

      view.data = (const guint8 *) g_bytes_get_data (bytes, &view.size);
      return decode (&view);
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

  file = g_mapped_file_new (path, FALSE, &local_error);
  if (file == NULL)
    {
      g_set_error_literal (error, LENS_ERROR, LENS_ERROR_IO, local_error->message);
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
