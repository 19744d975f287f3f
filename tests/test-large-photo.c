/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <gdk-pixbuf/gdk-pixbuf.h>
#include <math.h>

#include "lens-decode.h"
#include "lens-error.h"
#include "lens-test-util.h"
#include "lens-vision-test.h"
#include "lens-vision.h"

/* A photo of 2 megapixels and more is read at a fraction of its size (a
 * JPEG through the decoder's DCT scaling) and decoded at full size only
 * when asked: the reading, the sizes and the corners must not show it. */

#define FACTOR 5

static LensRecognizer *recognizer;

static GBytes *
read_fixture (const char *name)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "photos", name, NULL);
  char *contents;
  gsize size;

  g_assert_true (g_file_get_contents (path, &contents, &size, NULL));
  return g_bytes_new_take (contents, size);
}

/* @image enlarged @factor times (upright) as @format ("jpeg" or "png"). */
static GBytes *
enlarge (const LensImage *image,
         int              factor,
         const char      *format)
{
  int width, height;
  g_autoptr(GBytes) rgb = lens_image_get_rgb (image, 0, &width, &height);
  g_autoptr(GdkPixbuf) small = gdk_pixbuf_new_from_bytes (rgb, GDK_COLORSPACE_RGB, FALSE, 8,
                                                          width, height, width * 3);
  g_autoptr(GdkPixbuf) big = gdk_pixbuf_scale_simple (small, width * factor, height * factor,
                                                      GDK_INTERP_BILINEAR);
  g_autoptr(GError) error = NULL;
  char *buffer;
  gsize size;

  if (g_str_equal (format, "jpeg"))
    g_assert_true (gdk_pixbuf_save_to_buffer (big, &buffer, &size, format, &error, "quality", "92", NULL));
  else
    g_assert_true (gdk_pixbuf_save_to_buffer (big, &buffer, &size, format, &error, "compression", "1", NULL));
  g_assert_no_error (error);
  return g_bytes_new_take (buffer, size);
}

/* image1.jpg as it is (@small) and enlarged as a JPEG (@large, decoded
 * from @large_bytes). */
typedef struct {
  LensImage *small;
  GBytes    *large_bytes;
  LensImage *large;
} SmallAndLarge;

static void
load_small_and_large (SmallAndLarge *photos,
                      gconstpointer  data)
{
  g_autoptr(GBytes) bytes = read_fixture ("image1.jpg");

  photos->small = lens_image_load_bytes (bytes, NULL);
  photos->large_bytes = enlarge (photos->small, FACTOR, "jpeg");
  photos->large = lens_image_load_bytes (photos->large_bytes, NULL);
  g_assert_nonnull (photos->large);
}

static void
free_small_and_large (SmallAndLarge *photos,
                      gconstpointer  data)
{
  g_clear_pointer (&photos->small, lens_image_free);
  g_clear_pointer (&photos->large_bytes, g_bytes_unref);
  g_clear_pointer (&photos->large, lens_image_free);
}

/* @large, the photo @small enlarged @scale times, reads as @small does,
 * its corners where @small's are, give or take @slack of @small's pixels;
 * @large_scan gets its scan. */
static void
assert_reads_as_small (LensImage *small,
                       LensImage *large,
                       double     scale,
                       double     slack,
                       LensScan  *large_scan)
{
  g_autoptr(GError) error = NULL;
  LensScan small_scan;
  LensGrid small_grid, large_grid;

  g_assert_true (lens_scan_image (small, recognizer, NULL, &small_scan, &error));
  g_assert_true (lens_scan_image (large, recognizer, NULL, large_scan, &error));
  g_assert_no_error (error);
  lens_scan_to_paper (&small_scan, 0, &small_grid);
  lens_scan_to_paper (large_scan, 0, &large_grid);
  g_assert_cmpmem (small_grid.digits, sizeof small_grid.digits, large_grid.digits, sizeof large_grid.digits);
  g_assert_cmpint (small_scan.rotation, ==, large_scan->rotation);
  for (int i = 0; i < 4; i++)
    {
      g_assert_cmpfloat (fabs (large_scan->corners[i].x - scale * small_scan.corners[i].x), <, slack * scale);
      g_assert_cmpfloat (fabs (large_scan->corners[i].y - scale * small_scan.corners[i].y), <, slack * scale);
    }
}

static void
check_large (const char *format)
{
  g_autoptr(GBytes) bytes = read_fixture ("image1.jpg");
  g_autoptr(GError) error = NULL;
  g_autoptr(LensImage) small = lens_image_load_bytes (bytes, &error);
  g_autoptr(GBytes) large_bytes = NULL;
  g_autoptr(LensImage) large = NULL;
  g_autoptr(GBytes) rgb = NULL;
  g_autoptr(LensImage) cell = NULL;
  LensScan large_scan;
  int width, height;

  g_assert_no_error (error);
  g_assert_cmpint (lens_image_get_exif_rotation (small), ==, 0);
  large_bytes = enlarge (small, FACTOR, format);
  large = lens_image_load_bytes (large_bytes, &error);
  g_assert_no_error (error);
  g_assert_cmpint (lens_image_get_width (large), ==, FACTOR * lens_image_get_width (small));
  g_assert_cmpint (lens_image_get_height (large), ==, FACTOR * lens_image_get_height (small));

  /* In the full size's coordinates, where the small photo's corners are,
   * give or take a pixel of the small one. */
  assert_reads_as_small (small, large, FACTOR, 1.5, &large_scan);

  rgb = lens_image_get_rgb (large, 90, &width, &height);
  g_assert_nonnull (rgb);
  g_assert_cmpint (width, ==, lens_image_get_height (large));
  g_assert_cmpint (height, ==, lens_image_get_width (large));
  g_assert_cmpuint (g_bytes_get_size (rgb), ==, (gsize) width * height * 3);
  cell = lens_scan_extract_cell (large, &large_scan, 40, 96);
  g_assert_nonnull (cell);
  g_assert_cmpint (lens_image_get_width (cell), ==, 96);
}

static void
test_large_jpeg (void)
{
  check_large ("jpeg");
}

static void
test_large_png (void)
{
  check_large ("png");
}

/* A JPEG of more pixels than an image may have (a phone's 108 megapixel
 * mode) is read at the largest of the decoder's fractions within the
 * limit, and then is an image of that size: here 8,320 × 6,240 pixels
 * (52 megapixels) read at 7/8. Larger than LENS_MAX_JPEG_MEGAPIXELS, or in
 * another format, it is refused (test-bad-input). */
static void
test_jpeg_beyond_limit (void)
{
  const int factor = 13;
  g_autoptr(GBytes) bytes = read_fixture ("image1.jpg");
  g_autoptr(GError) error = NULL;
  g_autoptr(LensImage) small = lens_image_load_bytes (bytes, &error);
  g_autoptr(GBytes) huge_bytes = NULL;
  g_autoptr(LensImage) huge = NULL;
  g_autoptr(LensImage) cell = NULL;
  LensScan huge_scan;
  double scale = factor * 7 / 8.0;

  g_assert_no_error (error);
  huge_bytes = enlarge (small, factor, "jpeg");
  g_assert_cmpfloat ((double) factor * factor * lens_image_get_width (small) * lens_image_get_height (small),
                     >, LENS_MAX_MEGAPIXELS * 1e6);
  huge = lens_image_load_bytes (huge_bytes, &error);
  g_assert_no_error (error);
  g_assert_cmpint (lens_image_get_width (huge), ==, factor * lens_image_get_width (small) * 7 / 8);
  g_assert_cmpint (lens_image_get_height (huge), ==, factor * lens_image_get_height (small) * 7 / 8);

  /* the board is searched in a preview of 910 pixels, not 640 */
  assert_reads_as_small (small, huge, scale, 3, &huge_scan);
  cell = lens_scan_extract_cell (huge, &huge_scan, 40, 96);
  g_assert_nonnull (cell);
}

/* For showing: the longer side at most the size asked, turned, the scale
 * said; a small photo is never enlarged. */
static void
test_scaled_rgb (SmallAndLarge *photos,
                 gconstpointer  data)
{
  g_autoptr(GBytes) shown = NULL;
  g_autoptr(GBytes) same = NULL;
  int width, height, full_width, full_height;
  double scale;

  full_width = lens_image_get_width (photos->large);
  full_height = lens_image_get_height (photos->large);

  shown = lens_image_get_rgb_scaled (photos->large, 90, 1000, &width, &height, &scale);
  g_assert_nonnull (shown);
  g_assert_cmpint (MAX (width, height), ==, 1000);
  g_assert_cmpint (width, ==, (int) (full_height * scale + 0.5));
  g_assert_cmpint (height, ==, (int) (full_width * scale + 0.5));
  g_assert_cmpfloat (fabs (scale - 1000.0 / MAX (full_width, full_height)), <, 1e-3);
  g_assert_cmpuint (g_bytes_get_size (shown), ==, (gsize) width * height * 3);

  same = lens_image_get_rgb_scaled (photos->small, 0, 4096, &width, &height, &scale);
  g_assert_cmpint (width, ==, lens_image_get_width (photos->small));
  g_assert_cmpint (height, ==, lens_image_get_height (photos->small));
  g_assert_cmpfloat (scale, ==, 1.0);
}

/* A copy shares the file and decodes the full size on its own. */
static void
test_copy_of_large (SmallAndLarge *photos,
                    gconstpointer  data)
{
  g_autoptr(LensImage) copy = NULL;
  g_autoptr(GBytes) a = NULL;
  g_autoptr(GBytes) b = NULL;

  copy = lens_image_copy (photos->large);
  g_clear_pointer (&photos->large_bytes, g_bytes_unref);
  a = lens_image_get_rgb (copy, 0, NULL, NULL);
  g_clear_pointer (&photos->large, lens_image_free);
  b = lens_image_get_rgb (copy, 0, NULL, NULL);
  g_assert_true (g_bytes_equal (a, b));
  g_assert_cmpuint (g_bytes_get_size (a), ==,
                    (gsize) lens_image_get_width (copy) * lens_image_get_height (copy) * 3);
}

/* A JPEG decoded only around a region holds, there, the pixels of a
 * whole decode at the same scale, and stops short of the rows below. */
static void
test_region_decode (SmallAndLarge *photos,
                    gconstpointer  data)
{
  gsize size;
  const guint8 *bytes = g_bytes_get_data (photos->large_bytes, &size);
  LensImageHeader header = { .format = LENS_IMAGE_FORMAT_JPEG };
  LensPixels whole = { 0 }, part = { 0 };
  LensDecodeRegion region;

  g_assert_cmpint (lens_decode_pixels (bytes, size, &header, 3, 1e8, &whole), ==, LENS_DECODE_OK);
  region = (LensDecodeRegion) { whole.width / 4 + 3, whole.height / 5 + 5, whole.width / 2, whole.height / 2 };
  g_assert_cmpint (lens_decode_pixels_region (bytes, size, &header, 3, &region, 1e8, &part), ==, LENS_DECODE_OK);
  g_assert_cmpint (part.width, ==, whole.width);
  g_assert_cmpint (part.height, ==, whole.height);
  g_assert_cmpint (part.channels, ==, whole.channels);
  for (int y = region.y; y < region.y + region.height; y++)
    {
      gsize row = ((gsize) y * whole.width + region.x) * whole.channels;

      g_assert_cmpmem (part.pixels + row, (gsize) region.width * whole.channels,
                       whole.pixels + row, (gsize) region.width * whole.channels);
    }
  /* Below the region nothing is decoded. */
  g_assert_cmpint (part.pixels[((gsize) whole.height * whole.width - 1) * whole.channels], ==, 0);
  g_free (whole.pixels);
  g_free (part.pixels);
}

/* A PNM header that claims more pixels than allowed is refused as too
 * large. (That gdk-pixbuf's loader no longer allocates them first is
 * fuzz-decode's to see: its allocation limit found it.) */
static void
test_pixbuf_header_beyond_limit (void)
{
  static const char pgm[] = "P5\n30000 30000\n255\n\x80\x80\x80\x80";
  LensImageHeader header = { .format = LENS_IMAGE_FORMAT_PNM };
  LensPixels pixels = { 0 };

  g_assert_cmpint (lens_decode_pixels ((const guint8 *) pgm, sizeof pgm - 1, &header, 8, 4e6, &pixels),
                   ==, LENS_DECODE_TOO_LARGE);
  g_assert_null (pixels.pixels);
}

int
main (int   argc,
      char *argv[])
{
  lens_vision_use_one_thread ();
  recognizer = lens_test_vision_init (&argc, &argv, LENS_ENGINE_BUILTIN);
  g_test_add_func ("/large-photo/jpeg", test_large_jpeg);
  g_test_add_func ("/large-photo/png", test_large_png);
  g_test_add_func ("/large-photo/jpeg-beyond-limit", test_jpeg_beyond_limit);
  g_test_add ("/large-photo/copy", SmallAndLarge, NULL,
              load_small_and_large, test_copy_of_large, free_small_and_large);
  g_test_add ("/large-photo/scaled-rgb", SmallAndLarge, NULL,
              load_small_and_large, test_scaled_rgb, free_small_and_large);
  g_test_add ("/large-photo/region-decode", SmallAndLarge, NULL,
              load_small_and_large, test_region_decode, free_small_and_large);
  g_test_add_func ("/large-photo/pixbuf-header-beyond-limit", test_pixbuf_header_beyond_limit);
  return lens_test_vision_run (recognizer);
}
