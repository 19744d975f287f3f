/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <setjmp.h>
#include <stdio.h>
#include <string.h>

#include <gdk-pixbuf/gdk-pixbuf.h>
#include <jpeglib.h>
#include <jerror.h>
#if HAVE_HEIF
#include <libheif/heif.h>
#endif
#include <png.h>
#include <tiffio.h>
#include <webp/decode.h>

#include "lens-decode.h"

#define MAX_SIDE 65535

typedef LensPixels Pixels;

/* Allocates @out's pixels, or refuses what is beyond @max_pixels. */
static gboolean
alloc_pixels (Pixels *out,
              int     width,
              int     height,
              int     channels,
              double  max_pixels)
{
  if (width <= 0 || height <= 0 || width > MAX_SIDE || height > MAX_SIDE ||
      (double) width * height > max_pixels)
    return FALSE;
  out->pixels = g_try_malloc ((gsize) width * height * channels);
  out->width = width;
  out->height = height;
  out->channels = channels;
  return out->pixels != NULL;
}

static void
clear_pixels (Pixels *out)
{
  g_clear_pointer (&out->pixels, g_free);
}

/* alloc_pixels(), then @out's BGR or BGRA from RGB or RGBA (@channels)
 * @rows, @stride bytes apart. */
static gboolean
alloc_from_rgb (Pixels       *out,
                const guint8 *rows,
                gsize         stride,
                int           width,
                int           height,
                int           channels,
                double        max_pixels)
{
  if (!alloc_pixels (out, width, height, channels, max_pixels))
    return FALSE;
  for (int y = 0; y < height; y++)
    {
      const guint8 *from = rows + (gsize) y * stride;
      guint8 *to = out->pixels + (gsize) y * width * channels;

      for (int x = 0; x < width; x++, from += channels, to += channels)
        {
          to[0] = from[2];
          to[1] = from[1];
          to[2] = from[0];
          if (channels == 4)
            to[3] = from[3];
        }
    }
  return TRUE;
}

/* JPEG */

typedef struct {
  struct jpeg_error_mgr pub;
  jmp_buf jump;
  gboolean too_large;
} JpegError;

static void
jpeg_fail (j_common_ptr info)
{
  JpegError *error = (JpegError *) info->err;

  /* beyond max_memory_to_use, where there is no backing store */
  if (error->pub.msg_code == JERR_NO_BACKING_STORE || error->pub.msg_code == JERR_OUT_OF_MEMORY)
    error->too_large = TRUE;
  longjmp (error->jump, 1);
}

static void
jpeg_quiet (j_common_ptr info)
{
}

/* libjpeg's error handler, quiet, that jumps back to @error->jump. */
static struct jpeg_error_mgr *
jpeg_errors (JpegError *error)
{
  struct jpeg_error_mgr *manager = jpeg_std_error (&error->pub);

  manager->error_exit = jpeg_fail;
  manager->output_message = jpeg_quiet;
  return manager;
}

/* Adobe's inverted CMYK, as Photoshop writes it, to BGR. */
static void
cmyk_to_bgr (Pixels *pixels)
{
  gsize n = (gsize) pixels->width * pixels->height;
  guint8 *p = pixels->pixels;

  for (gsize i = 0; i < n; i++)
    {
      int c = p[4 * i], m = p[4 * i + 1], y = p[4 * i + 2], k = p[4 * i + 3];

      p[3 * i + 2] = (guint8) (k - ((255 - c) * k >> 8));
      p[3 * i + 1] = (guint8) (k - ((255 - m) * k >> 8));
      p[3 * i] = (guint8) (k - ((255 - y) * k >> 8));
    }
  pixels->channels = 3;
}

static void
jpeg_choose_output (struct jpeg_decompress_struct *info,
                    int                            eighths)
{
  info->scale_num = (unsigned) CLAMP (eighths, 1, 8);
  info->scale_denom = 8;
  switch (info->jpeg_color_space)
    {
    case JCS_GRAYSCALE:
      info->out_color_space = JCS_GRAYSCALE;
      break;
    case JCS_CMYK:
    case JCS_YCCK:
      info->out_color_space = JCS_CMYK;
      break;
    default:
      info->out_color_space = JCS_EXT_BGR;
      break;
    }
}

/* Decodes the rows and columns of @region (NULL: all) at @eighths / 8,
 * into an image of the whole size whose other pixels are 0. */
static LensDecodeStatus
decode_jpeg (const guint8           *data,
             gsize                   size,
             int                     eighths,
             const LensDecodeRegion *region,
             double                  max_pixels,
             Pixels                 *out)
{
  struct jpeg_decompress_struct info;
  JpegError error = { 0 };
  Pixels *volatile target = out;

  info.err = jpeg_errors (&error);
  if (setjmp (error.jump))
    {
      jpeg_destroy_decompress (&info);
      clear_pixels (target);
      return error.too_large ? LENS_DECODE_TOO_LARGE : LENS_DECODE_CORRUPT;
    }
  jpeg_create_decompress (&info);
  /* A progressive JPEG keeps the whole image's coefficients, sized as its
   * header says, whatever the scale it is read at: a few bytes of file
   * claiming 65535 × 65535 would ask for gigabytes (fuzz-decode). Up to 16
   * bytes a pixel of the largest output, 800 MB for 50 megapixels, which
   * a 108 MP photo read at half size needs less than half of. */
  info.mem->max_memory_to_use = (long) MIN (max_pixels * 16.0, (double) G_MAXLONG);
  jpeg_mem_src (&info, data, (unsigned long) size);
  jpeg_read_header (&info, TRUE);
  jpeg_choose_output (&info, eighths);
  jpeg_calc_output_dimensions (&info);
  if ((double) info.output_width * info.output_height > max_pixels)
    {
      error.too_large = TRUE;
      longjmp (error.jump, 1);
    }
  jpeg_start_decompress (&info);
  if (!alloc_pixels (target, (int) info.output_width, (int) info.output_height,
                     info.output_components, max_pixels))
    {
      error.too_large = TRUE;
      longjmp (error.jump, 1);
    }

  JDIMENSION left = 0, width = info.output_width, top = 0, bottom = info.output_height;
  if (region != NULL)
    {
      left = (JDIMENSION) CLAMP (region->x, 0, (int) info.output_width - 1);
      width = (JDIMENSION) CLAMP (region->x + region->width, (int) left + 1, (int) info.output_width) - left;
      top = (JDIMENSION) CLAMP (region->y, 0, (int) info.output_height - 1);
      bottom = (JDIMENSION) CLAMP (region->y + region->height, (int) top + 1, (int) info.output_height);
      memset (target->pixels, 0, (gsize) target->width * target->height * target->channels);
      /* Widened to whole blocks; the pixels inside are those of a whole decode. */
      jpeg_crop_scanline (&info, &left, &width);
      jpeg_skip_scanlines (&info, top);
    }
  while (info.output_scanline < bottom)
    {
      JSAMPROW row = target->pixels + ((gsize) info.output_scanline * target->width + left) * target->channels;

      jpeg_read_scanlines (&info, &row, 1);
    }
  if (bottom < info.output_height)
    jpeg_abort_decompress (&info);
  else
    jpeg_finish_decompress (&info);
  jpeg_destroy_decompress (&info);
  if (target->channels == 4)
    cmyk_to_bgr (target);
  return LENS_DECODE_OK;
}

/* PNG */

typedef struct {
  const guint8 *data;
  gsize size;
  gsize pos;
} Reader;

static void
png_read_cb (png_structp png,
             png_bytep   to,
             png_size_t  length)
{
  Reader *reader = png_get_io_ptr (png);

  if (length > reader->size - reader->pos)
    png_error (png, "truncated");
  memcpy (to, reader->data + reader->pos, length);
  reader->pos += length;
}

static void
png_quiet (png_structp png,
           png_const_charp message)
{
}

/* 8-bit grey, BGR or BGRA whatever the file holds. */
static void
png_choose_output (png_structp png,
                   png_infop   info)
{
  int type = png_get_color_type (png, info);
  gboolean alpha = (type & PNG_COLOR_MASK_ALPHA) || png_get_valid (png, info, PNG_INFO_tRNS);

  png_set_scale_16 (png);
  png_set_packing (png);
  png_set_palette_to_rgb (png);
  png_set_expand_gray_1_2_4_to_8 (png);
  png_set_tRNS_to_alpha (png);
  if (alpha && !(type & PNG_COLOR_MASK_COLOR))
    png_set_gray_to_rgb (png);
  png_set_bgr (png);
  png_set_interlace_handling (png);
  png_read_update_info (png, info);
}

static LensDecodeStatus
decode_png (const guint8 *data,
            gsize         size,
            double        max_pixels,
            Pixels       *out)
{
  Reader reader = { data, size, 0 };
  png_structp png = png_create_read_struct (PNG_LIBPNG_VER_STRING, NULL, png_quiet, png_quiet);
  png_infop info = png ? png_create_info_struct (png) : NULL;
  png_bytep *volatile rows = NULL;
  Pixels *volatile target = out;
  volatile LensDecodeStatus failure = LENS_DECODE_CORRUPT;

  if (info == NULL || setjmp (png_jmpbuf (png)))
    {
      png_destroy_read_struct (&png, info ? &info : NULL, NULL);
      g_free (rows);
      clear_pixels (target);
      return failure;
    }
  png_set_read_fn (png, &reader, png_read_cb);
  png_read_info (png, info);
  png_choose_output (png, info);
  if (!alloc_pixels (target, (int) png_get_image_width (png, info), (int) png_get_image_height (png, info),
                     png_get_channels (png, info), max_pixels) ||
      png_get_rowbytes (png, info) != (gsize) target->width * target->channels)
    {
      failure = LENS_DECODE_TOO_LARGE;
      png_error (png, "too large");
    }
  rows = g_new (png_bytep, target->height);
  for (int y = 0; y < target->height; y++)
    rows[y] = target->pixels + (gsize) y * target->width * target->channels;
  png_read_image (png, rows);
  png_read_end (png, NULL);
  png_destroy_read_struct (&png, &info, NULL);
  g_free (rows);
  return LENS_DECODE_OK;
}

/* WebP */

static LensDecodeStatus
decode_webp (const guint8 *data,
             gsize         size,
             double        max_pixels,
             Pixels       *out)
{
  WebPBitstreamFeatures features;
  gsize bytes;
  guint8 *done;

  if (WebPGetFeatures (data, size, &features) != VP8_STATUS_OK || features.has_animation)
    return LENS_DECODE_CORRUPT;
  if (!alloc_pixels (out, features.width, features.height, features.has_alpha ? 4 : 3, max_pixels))
    return LENS_DECODE_TOO_LARGE;
  bytes = (gsize) out->width * out->height * out->channels;
  done = features.has_alpha
         ? WebPDecodeBGRAInto (data, size, out->pixels, bytes, out->width * 4)
         : WebPDecodeBGRInto (data, size, out->pixels, bytes, out->width * 3);
  if (done == NULL)
    {
      clear_pixels (out);
      return LENS_DECODE_CORRUPT;
    }
  return LENS_DECODE_OK;
}

/* TIFF, read from memory through libtiff's client procedures */

static tsize_t
tiff_read_cb (thandle_t handle,
              tdata_t   to,
              tsize_t   length)
{
  Reader *reader = handle;
  gsize n = MIN ((gsize) length, reader->size - reader->pos);

  memcpy (to, reader->data + reader->pos, n);
  reader->pos += n;
  return (tsize_t) n;
}

static tsize_t
tiff_write_cb (thandle_t handle,
               tdata_t   from,
               tsize_t   length)
{
  return 0;
}

static toff_t
tiff_seek_cb (thandle_t handle,
              toff_t    offset,
              int       whence)
{
  Reader *reader = handle;
  guint64 base = whence == SEEK_CUR ? reader->pos : whence == SEEK_END ? reader->size : 0;

  if (base + offset > reader->size)
    return (toff_t) -1;
  reader->pos = (gsize) (base + offset);
  return reader->pos;
}

static int
tiff_close_cb (thandle_t handle)
{
  return 0;
}

static toff_t
tiff_size_cb (thandle_t handle)
{
  return ((Reader *) handle)->size;
}

static int
tiff_map_cb (thandle_t handle,
             tdata_t  *base,
             toff_t   *size)
{
  return 0;
}

static void
tiff_unmap_cb (thandle_t handle,
               tdata_t   base,
               toff_t    size)
{
}

static void
quiet_tiff (void)
{
  static gsize done = 0;

  if (g_once_init_enter (&done))
    {
      TIFFSetErrorHandler (NULL);
      TIFFSetWarningHandler (NULL);
      g_once_init_leave (&done, 1);
    }
}

/* libtiff's RGBA (R first in memory) to BGRA, in place. */
static void
rgba_to_bgra (Pixels *pixels)
{
  gsize n = (gsize) pixels->width * pixels->height;

  for (gsize i = 0; i < n; i++)
    {
      guint8 r = pixels->pixels[4 * i];

      pixels->pixels[4 * i] = pixels->pixels[4 * i + 2];
      pixels->pixels[4 * i + 2] = r;
    }
}

static LensDecodeStatus
decode_tiff (const guint8 *data,
             gsize         size,
             double        max_pixels,
             Pixels       *out)
{
  Reader reader = { data, size, 0 };
  guint32 width = 0, height = 0;
  TIFF *tiff;
  LensDecodeStatus status = LENS_DECODE_CORRUPT;

  quiet_tiff ();
  tiff = TIFFClientOpen ("image", "rm", &reader, tiff_read_cb, tiff_write_cb, tiff_seek_cb,
                         tiff_close_cb, tiff_size_cb, tiff_map_cb, tiff_unmap_cb);
  if (tiff == NULL)
    return LENS_DECODE_CORRUPT;
  if (TIFFGetField (tiff, TIFFTAG_IMAGEWIDTH, &width) && TIFFGetField (tiff, TIFFTAG_IMAGELENGTH, &height))
    {
      if (!alloc_pixels (out, (int) MIN (width, G_MAXINT), (int) MIN (height, G_MAXINT), 4, max_pixels))
        status = LENS_DECODE_TOO_LARGE;
      else if (TIFFReadRGBAImageOriented (tiff, width, height, (guint32 *) out->pixels, ORIENTATION_TOPLEFT, 0))
        status = LENS_DECODE_OK;
    }
  TIFFClose (tiff);
  if (status != LENS_DECODE_OK)
    clear_pixels (out);
  else
    rgba_to_bgra (out);
  return status;
}

#if HAVE_HEIF

/* HEIC and AVIF, with the rotation and mirroring their boxes ask for */

static struct heif_image_handle *
heif_open (struct heif_context *context,
           const guint8        *data,
           gsize                size)
{
  struct heif_image_handle *handle = NULL;

  if (heif_context_read_from_memory_without_copy (context, data, size, NULL).code != heif_error_Ok ||
      heif_context_get_primary_image_handle (context, &handle).code != heif_error_Ok)
    return NULL;
  return handle;
}

gboolean
lens_decode_heif_size (const guint8 *data,
                       gsize         size,
                       int          *width,
                       int          *height)
{
  struct heif_context *context = heif_context_alloc ();
  struct heif_image_handle *handle = heif_open (context, data, size);

  if (handle != NULL)
    {
      *width = heif_image_handle_get_width (handle);
      *height = heif_image_handle_get_height (handle);
      heif_image_handle_release (handle);
    }
  heif_context_free (context);
  return handle != NULL;
}

static LensDecodeStatus
copy_heif_image (const struct heif_image *image,
                 int                      channels,
                 double                   max_pixels,
                 Pixels                  *out)
{
  int stride = 0;
  const guint8 *plane = heif_image_get_plane_readonly (image, heif_channel_interleaved, &stride);

  if (plane == NULL)
    return LENS_DECODE_CORRUPT;
  if (!alloc_from_rgb (out, plane, stride, heif_image_get_width (image, heif_channel_interleaved),
                       heif_image_get_height (image, heif_channel_interleaved), channels, max_pixels))
    return LENS_DECODE_TOO_LARGE;
  return LENS_DECODE_OK;
}

static LensDecodeStatus
decode_heif (const guint8 *data,
             gsize         size,
             double        max_pixels,
             Pixels       *out)
{
  struct heif_context *context = heif_context_alloc ();
  struct heif_image_handle *handle = heif_open (context, data, size);
  struct heif_image *image = NULL;
  LensDecodeStatus status = LENS_DECODE_CORRUPT;

  if (handle != NULL)
    {
      gboolean alpha = heif_image_handle_has_alpha_channel (handle);
      int width = heif_image_handle_get_width (handle), height = heif_image_handle_get_height (handle);

      if (width > MAX_SIDE || height > MAX_SIDE || (double) width * height > max_pixels)
        status = LENS_DECODE_TOO_LARGE;
      else if (heif_decode_image (handle, &image, heif_colorspace_RGB,
                                  alpha ? heif_chroma_interleaved_RGBA : heif_chroma_interleaved_RGB,
                                  NULL).code == heif_error_Ok)
        status = copy_heif_image (image, alpha ? 4 : 3, max_pixels, out);
    }
  g_clear_pointer (&image, heif_image_release);
  g_clear_pointer (&handle, heif_image_handle_release);
  heif_context_free (context);
  return status;
}

#else

gboolean
lens_decode_heif_size (const guint8 *data,
                       gsize         size,
                       int          *width,
                       int          *height)
{
  return FALSE;
}

#endif

/* BMP and PNM, which have no library of their own */

typedef struct {
  double max_pixels;
  gboolean too_large;
} SizeLimit;

/* Before the loader allocates the pixels: a size of 0 × 0 makes it stop. */
static void
size_prepared_cb (GdkPixbufLoader *loader,
                  int              width,
                  int              height,
                  SizeLimit       *limit)
{
  if (width > MAX_SIDE || height > MAX_SIDE || (double) width * height > limit->max_pixels)
    {
      limit->too_large = TRUE;
      gdk_pixbuf_loader_set_size (loader, 0, 0);
    }
}

static guint32
read_le32 (const guint8 *data)
{
  return (guint32) data[0] | (guint32) data[1] << 8 | (guint32) data[2] << 16 | (guint32) data[3] << 24;
}

/* gdk-pixbuf's BMP loader allocates its header and palette as the file
 * says, before any size is known (fuzz-decode found 4 GB asked for by a
 * colour count): what claims more than the file holds is refused first. */
static gboolean
bmp_header_fits (const guint8 *data,
                 gsize         size)
{
  guint32 info_size, colours = 0;

  if (size < 18 || data[0] != 'B' || data[1] != 'M')
    return FALSE;
  info_size = read_le32 (data + 14);
  if (info_size > size - 14)
    return FALSE;
  if (info_size >= 40 && size >= 50)
    colours = read_le32 (data + 46);
  return colours <= 256 && read_le32 (data + 10) <= size;
}

static LensDecodeStatus
decode_pixbuf (const guint8 *data,
               gsize         size,
               const char   *type,
               double        max_pixels,
               Pixels       *out)
{
  g_autoptr(GdkPixbufLoader) loader = NULL;
  SizeLimit limit = { max_pixels, FALSE };
  GdkPixbuf *pixbuf;
  int channels, stride;
  const guint8 *pixels;
  gboolean written, closed;

  if (strcmp (type, "bmp") == 0 && !bmp_header_fits (data, size))
    return LENS_DECODE_CORRUPT;
  loader = gdk_pixbuf_loader_new_with_type (type, NULL);
  if (loader == NULL)
    return LENS_DECODE_CORRUPT;
  g_signal_connect (loader, "size-prepared", G_CALLBACK (size_prepared_cb), &limit);
  /* Closed even after a failed write: a loader must be. */
  written = gdk_pixbuf_loader_write (loader, data, size, NULL);
  closed = gdk_pixbuf_loader_close (loader, NULL);
  if (limit.too_large)
    return LENS_DECODE_TOO_LARGE;
  if (!written || !closed)
    return LENS_DECODE_CORRUPT;
  pixbuf = gdk_pixbuf_loader_get_pixbuf (loader);
  if (pixbuf == NULL || gdk_pixbuf_get_bits_per_sample (pixbuf) != 8)
    return LENS_DECODE_CORRUPT;
  channels = gdk_pixbuf_get_n_channels (pixbuf);
  stride = gdk_pixbuf_get_rowstride (pixbuf);
  pixels = gdk_pixbuf_read_pixels (pixbuf);
  if (!alloc_from_rgb (out, pixels, stride, gdk_pixbuf_get_width (pixbuf), gdk_pixbuf_get_height (pixbuf),
                       channels, max_pixels))
    return LENS_DECODE_TOO_LARGE;
  return LENS_DECODE_OK;
}

LensDecodeStatus
lens_decode_pixels (const guint8          *data,
                    gsize                  size,
                    const LensImageHeader *header,
                    int                    eighths,
                    double                 max_pixels,
                    LensPixels            *out)
{
  return lens_decode_pixels_region (data, size, header, eighths, NULL, max_pixels, out);
}

LensDecodeStatus
lens_decode_pixels_region (const guint8           *data,
                           gsize                   size,
                           const LensImageHeader  *header,
                           int                     eighths,
                           const LensDecodeRegion *region,
                           double                  max_pixels,
                           LensPixels             *out)
{
  g_return_val_if_fail (data != NULL && header != NULL && out != NULL, LENS_DECODE_CORRUPT);

  *out = (LensPixels) { 0 };
  switch (header->format)
    {
    case LENS_IMAGE_FORMAT_JPEG:
      return decode_jpeg (data, size, eighths, region, max_pixels, out);
    case LENS_IMAGE_FORMAT_PNG:
      return decode_png (data, size, max_pixels, out);
    case LENS_IMAGE_FORMAT_WEBP:
      return decode_webp (data, size, max_pixels, out);
    case LENS_IMAGE_FORMAT_TIFF:
      return decode_tiff (data, size, max_pixels, out);
    case LENS_IMAGE_FORMAT_HEIF:
#if HAVE_HEIF
      return decode_heif (data, size, max_pixels, out);
#else
      return LENS_DECODE_UNSUPPORTED;
#endif
    case LENS_IMAGE_FORMAT_BMP:
      return decode_pixbuf (data, size, "bmp", max_pixels, out);
    case LENS_IMAGE_FORMAT_PNM:
      return decode_pixbuf (data, size, "pnm", max_pixels, out);
    default:
      return LENS_DECODE_CORRUPT;
    }
}

/* Encoding */

static GBytes *
encode_png (const guint8 *bgr,
            int           width,
            int           height,
            gsize         stride)
{
  png_image image = { .version = PNG_IMAGE_VERSION, .width = (png_uint_32) width,
                      .height = (png_uint_32) height, .format = PNG_FORMAT_BGR };
  png_alloc_size_t size = 0;
  guint8 *memory;

  if (!png_image_write_to_memory (&image, NULL, &size, 0, bgr, (png_int_32) stride, NULL))
    return NULL;
  memory = g_malloc (size);
  if (!png_image_write_to_memory (&image, memory, &size, 0, bgr, (png_int_32) stride, NULL))
    {
      g_free (memory);
      return NULL;
    }
  return g_bytes_new_take (memory, size);
}

static GBytes *
encode_jpeg (const guint8 *bgr,
             int           width,
             int           height,
             gsize         stride)
{
  struct jpeg_compress_struct info;
  JpegError error = { 0 };
  unsigned char *volatile memory = NULL;
  unsigned long size = 0;

  info.err = jpeg_errors (&error);
  if (setjmp (error.jump))
    {
      jpeg_destroy_compress (&info);
      free (memory);
      return NULL;
    }
  jpeg_create_compress (&info);
  jpeg_mem_dest (&info, (unsigned char **) &memory, &size);
  info.image_width = (JDIMENSION) width;
  info.image_height = (JDIMENSION) height;
  info.input_components = 3;
  info.in_color_space = JCS_EXT_BGR;
  jpeg_set_defaults (&info);
  jpeg_set_quality (&info, 95, TRUE);
  jpeg_start_compress (&info, TRUE);
  while (info.next_scanline < info.image_height)
    {
      JSAMPROW row = (JSAMPROW) (bgr + (gsize) info.next_scanline * stride);

      jpeg_write_scanlines (&info, &row, 1);
    }
  jpeg_finish_compress (&info);
  jpeg_destroy_compress (&info);

  GBytes *bytes = g_bytes_new (memory, size);
  free (memory);
  return bytes;
}

GBytes *
lens_encode_pixels (const guint8 *bgr,
                    int           width,
                    int           height,
                    gsize         stride,
                    gboolean      jpeg)
{
  g_return_val_if_fail (bgr != NULL && width > 0 && height > 0, NULL);

  return jpeg ? encode_jpeg (bgr, width, height, stride) : encode_png (bgr, width, height, stride);
}
