/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "lens-error.h"
#include "lens-render.h"
#include "lens-repair.h"
#include "lens-test-util.h"
#include "lens-vision-test.h"
#include "lens-vision.h"

static LensRecognizer *recognizer;

static GPtrArray *
list_photos (void)
{
  GPtrArray *stems = lens_test_list_photos ("photos");

  g_assert_cmpuint (stems->len, >=, 4);
  return stems;
}

static GBytes *
read_photo (const char *stem)
{
  g_autofree char *name = g_strconcat (stem, ".jpg", NULL);
  g_autofree char *path = lens_test_data_path ("photos", name);
  g_autoptr(GError) error = NULL;
  char *contents;
  gsize length;

  g_assert_true (g_file_get_contents (path, &contents, &length, &error));
  return g_bytes_new_take (contents, length);
}

static void
assert_reads (const LensScan *scan,
              const LensGrid *truth,
              const char     *what)
{
  LensGrid read;
  g_autofree char *got = NULL;
  g_autofree char *want = NULL;

  lens_scan_to_grid (scan, 0.0f, &read);
  got = lens_grid_to_line (&read);
  want = lens_grid_to_line (truth);
  if (!g_str_equal (got, want))
    g_test_message ("%s:\n read %s\n want %s", what, got, want);
  g_assert_cmpstr (got, ==, want);
}

static void
test_fixtures_read_exactly (void)
{
  g_autoptr(GPtrArray) stems = list_photos ();

  for (guint i = 0; i < stems->len; i++)
    {
      const char *stem = g_ptr_array_index (stems, i);
      g_autoptr(GBytes) bytes = read_photo (stem);
      LensScan scan;
      LensGrid truth;

      lens_test_load_truth ("photos", stem, &truth);
      lens_test_scan_bytes (recognizer, bytes, &scan);
      assert_reads (&scan, &truth, stem);
      g_assert_cmpint (scan.rotation, ==, 0);
    }
}

/* The outline of image1 drawn by hand in the dataset's outlines.csv. */
static const LensPoint image1_outline[4] = { { 40, 11 }, { 579, 14 }, { 591, 463 }, { 45, 474 } };

static void
test_corners_follow_board (void)
{
  const LensPoint *outline = image1_outline;
  g_autoptr(GBytes) bytes = read_photo ("image1");
  LensScan scan;

  lens_test_scan_bytes (recognizer, bytes, &scan);
  for (guint k = 0; k < 4; k++)
    {
      g_assert_cmpfloat (fabs (scan.corners[k].x - outline[k].x), <, 0.05 * 540);
      g_assert_cmpfloat (fabs (scan.corners[k].y - outline[k].y), <, 0.05 * 540);
    }
  for (int stage = 0; stage < LENS_N_STAGES; stage++)
    g_assert_cmpfloat (scan.timing_ms[stage], >=, 0);
}

/* Boards in unusual typefaces (tests/data/typefaces, corners from its
 * outlines.csv) whose outlines were once lost: one on a page whose edge
 * encloses it, one with shaded boxes taken for a board light on dark, one
 * whose page's outline passed for a grid of fainter lines; and one upside
 * down whose digits looked as upright to the digit model either way up,
 * turned by the rules of Sudoku; and one in a hand-lettered face whose 5s
 * the first reader of print took for 8s, read right with the second. The
 * corners are checked in the order of the upright board, so that a wrong
 * turn fails too; a board @exact reads its givens exactly. */
static const struct {
  const char *stem;
  LensPoint outline[4];
  gboolean exact;
} typeface_boards[] = {
  { "image122-page", { { 140.3, 138.7 }, { 485.3, 156.2 }, { 416.1, 447.6 }, { 116.5, 435.3 } }, FALSE },
  { "image25-shaded", { { 32.4, 36.6 }, { 266.9, 36.4 }, { 299.0, 293.1 }, { 32.0, 321.1 } }, TRUE },
  { "image176-page", { { 35.4, 242.3 }, { 270.4, 225.2 }, { 282.7, 469.9 }, { 54.1, 473.4 } }, FALSE },
  { "image196-turned", { { 423.1, 408.0 }, { 46.0, 391.5 }, { 44.5, 34.1 }, { 426.4, 49.2 } }, FALSE },
  { "image99-handrawn", { { 170.7, 60.8 }, { 507.2, 32.6 }, { 521.9, 378.4 }, { 197.5, 412.4 } }, TRUE },
};

static void
test_typeface_boards_found (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (typeface_boards); i++)
    {
      const LensPoint *outline = typeface_boards[i].outline;
      g_autofree char *name = g_strconcat (typeface_boards[i].stem, ".jpg", NULL);
      g_autofree char *path = lens_test_data_path ("typefaces", name);
      g_autoptr(GError) error = NULL;
      g_autoptr(GBytes) bytes = NULL;
      double side = hypot (outline[1].x - outline[0].x, outline[1].y - outline[0].y);
      char *contents;
      gsize length;
      LensScan scan;

      g_assert_true (g_file_get_contents (path, &contents, &length, &error));
      bytes = g_bytes_new_take (contents, length);
      g_test_message ("%s", typeface_boards[i].stem);
      lens_test_scan_bytes (recognizer, bytes, &scan);
      for (guint k = 0; k < 4; k++)
        {
          g_assert_cmpfloat (fabs (scan.corners[k].x - outline[k].x), <, 0.05 * side);
          g_assert_cmpfloat (fabs (scan.corners[k].y - outline[k].y), <, 0.05 * side);
        }
      if (typeface_boards[i].exact)
        {
          LensGrid truth;

          lens_test_load_truth ("typefaces", typeface_boards[i].stem, &truth);
          assert_reads (&scan, &truth, typeface_boards[i].stem);
        }
    }
}

/* A board printed in a face of seven segments (tests/data/typefaces),
 * whose 7 and 8 the kinds model took for pencil candidates: on a board
 * with no handwriting, a cell of "candidates" as tall as the print is
 * print. Both cells are read as printed digits in doubt (the 7 as 8: the
 * digit model never learned this face), no cell as candidates, and every
 * other given as labelled. */
static void
test_typeface_candidates_as_print (void)
{
  g_autofree char *path = lens_test_data_path ("typefaces", "image59-segments.jpg");
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = NULL;
  const guint doubted[] = { 1 * 9 + 6, 6 * 9 + 4 };
  char *contents;
  gsize length;
  LensGrid truth;
  LensScan scan;

  g_assert_true (g_file_get_contents (path, &contents, &length, &error));
  bytes = g_bytes_new_take (contents, length);
  lens_test_scan_bytes (recognizer, bytes, &scan);
  lens_test_load_truth ("typefaces", "image59-segments", &truth);
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    {
      gboolean is_doubted = i == doubted[0] || i == doubted[1];

      g_assert_cmpint (scan.cells[i].kind, !=, LENS_READ_KIND_CANDIDATES);
      if (is_doubted)
        {
          g_assert_cmpint (scan.cells[i].kind, ==, LENS_READ_KIND_PRINTED);
          g_assert_cmpfloat (scan.cells[i].confidence, <, scan.threshold);
        }
      else
        g_assert_cmpuint (scan.cells[i].digit, ==, truth.digits[i]);
    }
  g_assert_cmpuint (scan.cells[doubted[1]].digit, ==, 8);
}

static LensImage *
rotated_copy (const LensImage *image,
              int              rotation)
{
  int width, height;
  g_autoptr(GBytes) rgb = lens_image_get_rgb (image, rotation, &width, &height);

  return lens_image_new_from_rgb (g_bytes_get_data (rgb, NULL), width, height, width * 3, FALSE);
}

static void
test_rotated_photo (void)
{
  g_autoptr(GBytes) bytes = read_photo ("image1");
  g_autoptr(GError) error = NULL;
  g_autoptr(LensImage) image = lens_image_load_bytes (bytes, &error);
  LensGrid truth;

  lens_test_load_truth ("photos", "image1", &truth);
  for (int rotation = 90; rotation < 360; rotation += 90)
    {
      g_autoptr(LensImage) turned = rotated_copy (image, rotation);
      LensScan scan;

      g_assert_cmpint (lens_image_get_width (turned), ==,
                       rotation == 180 ? lens_image_get_width (image) : lens_image_get_height (image));
      g_assert_true (lens_scan_image (turned, recognizer, NULL, &scan, &error));
      g_assert_no_error (error);
      assert_reads (&scan, &truth, "turned photo");
      g_assert_cmpint (scan.rotation, ==, 360 - rotation);
    }
}

/* The RGB pixels of @image, to change and make a copy from. */
static guint8 *
rgb_pixels (const LensImage *image,
            int             *width,
            int             *height,
            gsize           *size)
{
  g_autoptr(GBytes) rgb = lens_image_get_rgb (image, 0, width, height);

  return g_bytes_unref_to_data (g_steal_pointer (&rgb), size);
}

/* A copy of @image with every channel value v turned into @lut[v]. */
static LensImage *
remapped_copy (const LensImage *image,
               gconstpointer    data)
{
  const guint8 *lut = data;
  int width, height;
  gsize size;
  guint8 *pixels = rgb_pixels (image, &width, &height, &size);
  LensImage *copy;

  for (gsize i = 0; i < size; i++)
    pixels[i] = lut[pixels[i]];
  copy = lens_image_new_from_rgb (pixels, width, height, width * 3, FALSE);
  g_free (pixels);
  return copy;
}

typedef LensImage *(*ImageChange) (const LensImage *image, gconstpointer data);

/* The puzzle @scan read, once repaired with its scores, is @truth. */
static void
assert_repairs_to (const LensScan *scan,
                   const LensGrid *truth,
                   const char     *what)
{
  g_autofree LensRepairScores *scores = g_new (LensRepairScores, 1);
  g_autoptr(GError) error = NULL;
  g_autofree char *got = NULL;
  g_autofree char *want = lens_grid_to_line (truth);
  LensRepairResult result;
  LensGrid read;

  lens_scan_to_grid (scan, 0.0f, &read);
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    memcpy (scores->p[i], scan->cells[i].scores, sizeof scores->p[i]);
  g_assert_true (lens_repair (&read, scores, NULL, &result, &error));
  g_assert_no_error (error);
  got = lens_grid_to_line (&result.puzzle);
  if (!g_str_equal (got, want))
    g_test_message ("%s:\n repaired %s\n want     %s", what, got, want);
  g_assert_cmpstr (got, ==, want);
}

typedef enum {
  READ_EXACTLY,
  REPAIRED_EXACTLY,
} Outcome;

/* The fixture @stem read as @outcome says after @change has made a copy
 * of it. */
static void
assert_read_changed (const char    *stem,
                     ImageChange    change,
                     gconstpointer  data,
                     Outcome        outcome,
                     const char    *what)
{
  g_autoptr(GBytes) bytes = read_photo (stem);
  g_autoptr(GError) error = NULL;
  g_autoptr(LensImage) image = lens_image_load_bytes (bytes, &error);
  g_autoptr(LensImage) copy = change (image, data);
  g_autofree char *label = g_strdup_printf ("%s, %s", stem, what);
  LensScan scan;
  LensGrid truth;

  lens_test_load_truth ("photos", stem, &truth);
  g_assert_true (lens_scan_image (copy, recognizer, NULL, &scan, &error));
  g_assert_no_error (error);
  if (outcome == REPAIRED_EXACTLY)
    assert_repairs_to (&scan, &truth, label);
  else
    assert_reads (&scan, &truth, label);
}

/* Every fixture read as @outcome says after @change has made a copy of it. */
static void
assert_fixtures_read_changed (ImageChange    change,
                              gconstpointer  data,
                              Outcome        outcome,
                              const char    *what)
{
  g_autoptr(GPtrArray) stems = list_photos ();

  for (guint i = 0; i < stems->len; i++)
    assert_read_changed (g_ptr_array_index (stems, i), change, data, outcome, what);
}

/* A dim or washed-out photo: black print and white paper both end up
 * mid-grey, 40% of the contrast left. */
static void
test_faint_print (void)
{
  guint8 lut[256];

  for (int v = 0; v < 256; v++)
    lut[v] = (guint8) (77 + v * 2 / 5);
  assert_fixtures_read_changed (remapped_copy, lut, READ_EXACTLY, "faint print");
}

/* A screen in dark mode: light print on a dark board. */
static void
test_light_on_dark (void)
{
  guint8 lut[256];

  for (int v = 0; v < 256; v++)
    lut[v] = (guint8) (255 - v);
  assert_fixtures_read_changed (remapped_copy, lut, READ_EXACTLY, "light on dark");
}

/* image1, loaded; its label in @truth and its scan in @first. */
static LensImage *
scan_image1 (LensGrid *truth,
             LensScan *first)
{
  g_autoptr(GBytes) bytes = read_photo ("image1");
  g_autoptr(GError) error = NULL;
  LensImage *image = lens_image_load_bytes (bytes, &error);

  g_assert_no_error (error);
  lens_test_load_truth ("photos", "image1", truth);
  g_assert_true (lens_scan_image (image, recognizer, NULL, first, &error));
  g_assert_no_error (error);
  return image;
}

/* Scans @image again inside the outline of @corners, kept as they are when
 * @keep_corners, which must find a board: into @scan. */
static void
rescan (LensImage       *image,
        const LensPoint *corners,
        gboolean         keep_corners,
        LensScan        *scan)
{
  LensScanOptions options = LENS_SCAN_OPTIONS_INIT;
  g_autoptr(GError) error = NULL;

  options.corners = corners;
  options.keep_corners = keep_corners;
  g_assert_true (lens_scan_image (image, recognizer, &options, scan, &error));
  g_assert_no_error (error);
}

/* Corners set by hand on a board light on dark: its polarity is found too. */
static void
test_light_on_dark_with_corners (void)
{
  g_autoptr(LensImage) image = NULL;
  g_autoptr(LensImage) negative = NULL;
  guint8 lut[256];
  LensScan first, again;
  LensGrid truth;

  image = scan_image1 (&truth, &first);
  for (int v = 0; v < 256; v++)
    lut[v] = (guint8) (255 - v);
  negative = remapped_copy (image, lut);
  rescan (negative, first.corners, FALSE, &again);
  assert_reads (&again, &truth, "light on dark, with corners");
}

/* Where a pixel is: at (x, y) of a width × height image. */
typedef struct {
  int x, y, width, height;
  const guint8 *source;   /* the image's pixels as they were, unchanged */
} PixelAt;

/* Changes one pixel, @rgb, in place. */
typedef void (*PixelChange) (guint8        *rgb,
                             const PixelAt *at,
                             gconstpointer  data);

/* A change to every pixel of an image: @change, called with @data. */
typedef struct {
  PixelChange   change;
  gconstpointer data;
} PixelChanges;

/* A copy of @image with the PixelChanges *@data made to every pixel. */
static LensImage *
pixel_changed_copy (const LensImage *image,
                    gconstpointer    data)
{
  const PixelChanges *changes = data;
  int width, height;
  gsize size;
  g_autofree guint8 *pixels = rgb_pixels (image, &width, &height, &size);
  g_autofree guint8 *source = g_memdup2 (pixels, size);

  for (int y = 0; y < height; y++)
    for (int x = 0; x < width; x++)
      {
        PixelAt at = { x, y, width, height, source };

        changes->change (pixels + ((gsize) y * width + x) * 3, &at, changes->data);
      }
  return lens_image_new_from_rgb (pixels, width, height, width * 3, FALSE);
}

static void
dim (guint8 *rgb,
     double  gain)
{
  for (int k = 0; k < 3; k++)
    rgb[k] = (guint8) lround (rgb[k] * gain);
}

/* Multiplied by *@data at the top left corner, rising evenly to 1 at the
 * bottom right one. */
static void
shade_pixel (guint8        *rgb,
             const PixelAt *at,
             gconstpointer  data)
{
  double darkest = *(const double *) data;
  double diagonal = (double) at->width * at->width + (double) at->height * at->height;
  double along = (at->x * (double) at->width + at->y * (double) at->height) / diagonal;

  dim (rgb, darkest + (1 - darkest) * along);
}

/* A lamp or a hand's shadow across the page, down to 30% at one corner. */
static void
test_shaded_photo (void)
{
  const double darkest = 0.3;
  const PixelChanges shade = { shade_pixel, &darkest };

  assert_fixtures_read_changed (pixel_changed_copy, &shade, READ_EXACTLY, "in shade");
}

/* Under a hard shadow, a phone's or a hand's: multiplied by *@data left
 * of a slanted edge that runs from 45% of the width at the top to 35% at
 * the bottom. */
static void
shadow_pixel (guint8        *rgb,
              const PixelAt *at,
              gconstpointer  data)
{
  if (at->x < (int) (at->width * (0.45 - 0.1 * at->y / at->height)))
    dim (rgb, *(const double *) data);
}

/* The edge of a shadow at half the light crosses every board: neither
 * does it pass for ink, nor does the shaded part lose its print. A digit
 * the edge runs along may still be misread; repair must then undo it. */
static void
test_hard_shadow (void)
{
  const double gain = 0.5;
  const PixelChanges shadow = { shadow_pixel, &gain };

  assert_fixtures_read_changed (pixel_changed_copy, &shadow, REPAIRED_EXACTLY, "under a hard shadow");
}

/* How a page lifts towards its right edge, as by a book's spine: *@data
 * gives how much it comes closer to the lens there (magnified by that
 * share), and how much of the width its curve foreshortens. */
typedef struct {
  double lift, crowd;
} Curl;

/* Bilinear sample of channel @k at (@x, @y) of @rgb, clamped to its edges. */
static guint8
sample (const guint8 *rgb,
        int           width,
        int           height,
        double        x,
        double        y,
        int           k)
{
  int x0, y0;
  double fx, fy, top, bottom;

  x = CLAMP (x, 0, width - 1.001);
  y = CLAMP (y, 0, height - 1.001);
  x0 = (int) x;
  y0 = (int) y;
  fx = x - x0;
  fy = y - y0;
#define AT(dx, dy) rgb[((gsize) (y0 + (dy)) * width + x0 + (dx)) * 3 + k]
  top = AT (0, 0) * (1 - fx) + AT (1, 0) * fx;
  bottom = AT (0, 1) * (1 - fx) + AT (1, 1) * fx;
#undef AT
  return (guint8) lround (top * (1 - fy) + bottom * fy);
}

/* The page curls from 35% of the width on: its rows bow apart and its
 * columns crowd together towards the right edge. */
static void
curl_pixel (guint8        *rgb,
            const PixelAt *at,
            gconstpointer  data)
{
  const Curl *curl = data;
  double s = MAX (0, (at->x - 0.35 * at->width) / (0.65 * at->width));
  double from_x = at->x + curl->crowd * at->width * s * s;
  double from_y = at->height / 2.0 + (at->y - at->height / 2.0) / (1 + curl->lift * s * s);

  for (int k = 0; k < 3; k++)
    rgb[k] = sample (at->source, at->width, at->height, from_x, from_y, k);
}

/* A copy of @image curled by the Curl *@data. */
static LensImage *
curled_copy (const LensImage *image,
             gconstpointer    data)
{
  const PixelChanges curl = { curl_pixel, data };

  return pixel_changed_copy (image, &curl);
}

/* A page curling away from the lens: its lines bend, and the cells on
 * the curling side grow taller and narrower, by a fifth at its edge.
 * image93 has a second board beside its own, which this far curled lines
 * up with it into one wider grid; it has a test of its own below. */
static void
test_curled_page (void)
{
  const Curl curl = { 0.12, 0.08 };
  g_autoptr(GPtrArray) stems = list_photos ();

  for (guint i = 0; i < stems->len; i++)
    if (!g_str_equal (g_ptr_array_index (stems, i), "image93"))
      assert_read_changed (g_ptr_array_index (stems, i), curled_copy, &curl, REPAIRED_EXACTLY,
                           "on a curling page");
}

/* Gently curled, image93's board and the one beside it make an outline
 * whose grid is fainter than that of the board inside it. */
static void
test_curled_page_beside_another (void)
{
  const Curl curl = { 0.05, 0.03 };

  assert_read_changed ("image93", curled_copy, &curl, REPAIRED_EXACTLY, "on a gently curling page");
}

/* Glare off glossy paper washing out image1's board's top-left corner to
 * *@data cells from it. */
static void
glare_pixel (guint8        *rgb,
             const PixelAt *at,
             gconstpointer  data)
{
  LensPoint centre = image1_outline[0];
  double radius = (image1_outline[1].x - image1_outline[0].x) / 9 * *(const double *) data;

  if (hypot (at->x - centre.x, at->y - centre.y) <= radius)
    memset (rgb, 235, 3);
}

/* Glare 1.5 cells around a corner leaves the board's outline five-sided.
 * No digit of image1 lies under it, so there is nothing less to read. */
static void
test_glare_on_corner (void)
{
  const double cells = 1.5;
  const PixelChanges glare = { glare_pixel, &cells };

  assert_read_changed ("image1", pixel_changed_copy, &glare, READ_EXACTLY, "glare on a corner");
}

/* A copy of @image turned *@data degrees clockwise on a canvas that holds
 * all of it, the photo's edge pixels drawn out beyond it. */
static LensImage *
tilted_copy (const LensImage *image,
             gconstpointer    data)
{
  double degrees = *(const double *) data;
  int width, height;
  g_autoptr(GBytes) rgb = lens_image_get_rgb (image, 0, &width, &height);
  const guint8 *in = g_bytes_get_data (rgb, NULL);
  double c = cos (degrees * G_PI / 180), s = sin (degrees * G_PI / 180);
  int out_width = (int) ceil (fabs (width * c) + fabs (height * s));
  int out_height = (int) ceil (fabs (width * s) + fabs (height * c));
  g_autofree guint8 *out = g_malloc ((gsize) out_width * out_height * 3);

  for (int y = 0; y < out_height; y++)
    for (int x = 0; x < out_width; x++)
      {
        double dx = x - out_width / 2.0, dy = y - out_height / 2.0;
        double sx = c * dx + s * dy + width / 2.0;
        double sy = -s * dx + c * dy + height / 2.0;

        for (int k = 0; k < 3; k++)
          out[((gsize) y * out_width + x) * 3 + k] = sample (in, width, height, sx, sy, k);
      }
  return lens_image_new_from_rgb (out, out_width, out_height, out_width * 3, FALSE);
}

/* A photo taken askew: the board's cells stand turned in the frame. */
static void
test_tilted_photo (void)
{
  const double angles[] = { 30, -45 };

  for (guint a = 0; a < G_N_ELEMENTS (angles); a++)
    {
      g_autofree char *what = g_strdup_printf ("turned %g°", angles[a]);

      assert_fixtures_read_changed (tilted_copy, &angles[a], READ_EXACTLY, what);
    }
}

/* A copy of the JPEG with an APP1 Exif segment claiming @orientation. */
static GBytes *
with_exif_orientation (GBytes *jpeg,
                       guint8  orientation)
{
  const guint8 app1[] = {
    0xFF, 0xE1, 0x00, 0x22, 'E', 'x', 'i', 'f', 0, 0,
    'M', 'M', 0, 42, 0, 0, 0, 8,
    0, 1,                                   /* one IFD entry */
    0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, orientation, 0, 0,
    0, 0, 0, 0,                             /* no next IFD */
  };
  gsize size;
  const guint8 *data = g_bytes_get_data (jpeg, &size);
  GByteArray *out = g_byte_array_new ();

  g_byte_array_append (out, data, 2);
  g_byte_array_append (out, app1, sizeof app1);
  g_byte_array_append (out, data + 2, size - 2);
  return g_byte_array_free_to_bytes (out);
}

static void
test_exif_tag_read (void)
{
  g_autoptr(GBytes) bytes = read_photo ("image1");
  const guint8 orientations[] = { 1, 6, 3, 8 };

  for (guint i = 0; i < G_N_ELEMENTS (orientations); i++)
    {
      g_autoptr(GBytes) tagged = with_exif_orientation (bytes, orientations[i]);
      g_autoptr(GError) error = NULL;
      g_autoptr(LensImage) image = lens_image_load_bytes (tagged, &error);

      g_assert_no_error (error);
      g_assert_cmpint (lens_image_get_exif_rotation (image), ==, (int) i * 90);
      g_assert_cmpint (lens_image_get_width (image), ==, 640);
      g_assert_cmpint (lens_image_get_height (image), ==, 480);
    }
}

/* Phones write tags that do not match the pixels: the digits decide. */
static void
test_wrong_exif_tag (void)
{
  g_autoptr(GBytes) bytes = read_photo ("image1");
  LensGrid truth;
  const guint8 orientations[] = { 6, 3, 8 };

  lens_test_load_truth ("photos", "image1", &truth);
  for (guint i = 0; i < G_N_ELEMENTS (orientations); i++)
    {
      g_autoptr(GBytes) tagged = with_exif_orientation (bytes, orientations[i]);
      LensScan scan;

      lens_test_scan_bytes (recognizer, tagged, &scan);
      assert_reads (&scan, &truth, "photo with a wrong EXIF tag");
      g_assert_cmpint (scan.rotation, ==, 0);
    }
}

static void
test_rendered_board (void)
{
  g_autoptr(LensTestDir) dir = g_dir_make_tmp ("lens-vision-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "board.png", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(LensImage) image = NULL;
  LensGrid truth;
  LensScan scan;

  lens_test_load_truth ("photos", "image1", &truth);
  g_assert_true (lens_render_export (&truth, path, &error));
  g_assert_no_error (error);
  g_assert_true (lens_scan_file (path, recognizer, NULL, &scan, &image, &error));
  g_assert_no_error (error);
  assert_reads (&scan, &truth, "rendered board");
  g_assert_cmpint (lens_image_get_width (image), ==, LENS_RENDER_EXPORT_WIDTH);
  g_assert_cmpfloat (fabs (scan.corners[0].x - LENS_RENDER_EXPORT_MARGIN), <, 6);
  g_assert_cmpfloat (fabs (scan.corners[0].y - LENS_RENDER_EXPORT_MARGIN), <, 6);
}

static void
test_with_corners (void)
{
  LensPoint corners[4];
  LensGrid truth;
  LensScan first, again;
  g_autoptr(LensImage) image = scan_image1 (&truth, &first);

  for (guint k = 0; k < 4; k++)
    corners[k] = first.corners[(k + 2) % 4];
  rescan (image, corners, FALSE, &again);
  assert_reads (&again, &truth, "scan with corners");
}

/* A corner the user moved stays where it was put, and so do the others:
 * the cells are read inside that outline as it is. A few pixels off the
 * grid's own corner still reads the puzzle. */
static void
test_at_corners_stay (void)
{
  LensPoint corners[4];
  LensGrid truth;
  LensScan first, again;
  g_autoptr(LensImage) image = scan_image1 (&truth, &first);

  memcpy (corners, first.corners, sizeof corners);
  corners[2].x += 7;
  corners[2].y += 5;
  rescan (image, corners, TRUE, &again);
  g_assert_cmpint (again.rotation, ==, first.rotation);
  for (guint k = 0; k < 4; k++)
    {
      g_assert_cmpfloat (again.corners[k].x, ==, corners[k].x);
      g_assert_cmpfloat (again.corners[k].y, ==, corners[k].y);
    }
  assert_reads (&again, &truth, "scan at corners moved by hand");

  /* The outline to follow, by contrast, snaps back onto the grid. */
  rescan (image, corners, FALSE, &again);
  g_assert_cmpfloat (hypot (again.corners[2].x - corners[2].x, again.corners[2].y - corners[2].y), >, 2);
}

static void
test_extract_cell (void)
{
  g_autoptr(GBytes) bytes = read_photo ("image1");
  g_autoptr(GError) error = NULL;
  g_autoptr(LensImage) image = lens_image_load_bytes (bytes, &error);
  g_autoptr(LensImage) cell = NULL;
  LensScan scan;

  g_assert_true (lens_scan_image (image, recognizer, NULL, &scan, &error));
  cell = lens_scan_extract_cell (image, &scan, 80, 48);
  g_assert_nonnull (cell);
  g_assert_cmpint (lens_image_get_width (cell), ==, 48);
  g_assert_cmpint (lens_image_get_height (cell), ==, 48);
}

static void
assert_load_fails (GBytes     *bytes,
                   LensError   code,
                   const char *what)
{
  g_autoptr(GError) error = NULL;

  g_test_message ("%s", what);
  error = lens_test_load_error (bytes, code);
  g_assert_cmpuint (strlen (error->message), >, 10);
}

static GBytes *
png_header (guint32 width,
            guint32 height)
{
  guint8 header[33] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n', 0, 0, 0, 13, 'I', 'H', 'D', 'R' };

  for (guint i = 0; i < 4; i++)
    {
      header[16 + i] = (guint8) (width >> (24 - 8 * i));
      header[20 + i] = (guint8) (height >> (24 - 8 * i));
    }
  header[24] = 8;
  header[25] = 2;
  return g_bytes_new (header, sizeof header);
}

static GBytes *
tiny_png (void)
{
  const guint8 white[3] = { 255, 255, 255 };
  g_autoptr(LensImage) pixel = lens_image_new_from_rgb (white, 1, 1, 3, FALSE);
  g_autoptr(LensTestDir) dir = g_dir_make_tmp ("lens-vision-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "pixel.png", NULL);
  g_autoptr(GError) error = NULL;
  char *contents;
  gsize length;

  g_assert_true (lens_image_save (pixel, path, &error));
  g_assert_true (g_file_get_contents (path, &contents, &length, &error));
  return g_bytes_new_take (contents, length);
}

/* Another board in the photo is counted when it is a Sudoku: the solution
 * of the day before printed below the puzzle (image1067, scaled to half)
 * is; a word puzzle's grid beside it (image206), its lines even, is not.
 * Neither changes the puzzle read. */
static void
test_other_boards (void)
{
  const struct { const char *stem; guint others; const char *puzzle; } photos[] = {
    { "image1067-solution-below", 1,
      "5.6..4.7..2......3..9.1.8.......7.2.9..1.3..8.4.5.......4.7.1..7......5..3.4..6.7" },
    { "image206-word-grid", 0,
      ".3..2..4.1.97.63.8...1.3...8.1...4.2.6.....7.3.7...6.5...2.4...6.23.59.1.7..9..6." },
  };

  for (guint i = 0; i < G_N_ELEMENTS (photos); i++)
    {
      g_autoptr(GBytes) bytes = read_photo (photos[i].stem);
      g_autofree char *line = NULL;
      LensScan scan;
      LensGrid read;

      lens_test_scan_bytes (recognizer, bytes, &scan);
      lens_scan_read_grid (&scan, LENS_ENGINE_DEFAULT, &read);
      line = lens_grid_to_line (&read);
      g_assert_cmpstr (line, ==, photos[i].puzzle);
      g_assert_cmpuint (scan.other_boards, ==, photos[i].others);
    }
}

static void
test_bad_inputs (void)
{
  g_autoptr(GBytes) photo = read_photo ("image1");
  g_autoptr(GBytes) empty = g_bytes_new_static ("", 0);
  g_autoptr(GBytes) text = g_bytes_new_static ("This is not a photo.\n", 21);
  g_autoptr(GBytes) truncated = g_bytes_new_from_bytes (photo, 0, g_bytes_get_size (photo) / 2);
  g_autoptr(GBytes) pixel = tiny_png ();
  g_autoptr(GBytes) huge = png_header (100000, 100000);
  g_autoptr(GBytes) large = png_header (10000, 6000);
  g_autoptr(GBytes) flat = png_header (640, 0);
  g_autoptr(GError) error = NULL;
  g_autoptr(LensImage) missing = lens_image_load ("/nonexistent/photo.jpg", &error);

  assert_load_fails (empty, LENS_ERROR_DECODE, "empty file");
  assert_load_fails (text, LENS_ERROR_DECODE, "text");
  assert_load_fails (truncated, LENS_ERROR_DECODE, "truncated JPEG");
  assert_load_fails (pixel, LENS_ERROR_DECODE, "1×1 image");
  assert_load_fails (huge, LENS_ERROR_TOO_LARGE, "absurd header");
  assert_load_fails (flat, LENS_ERROR_DECODE, "no rows");
  assert_load_fails (large, LENS_ERROR_TOO_LARGE, "60 megapixels");
  g_assert_null (missing);
  g_assert_error (error, LENS_ERROR, LENS_ERROR_IO);
}

/* A page of text and a blank page hold no board: the scan says so. */
static void
test_no_board (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "photos", "no-board.jpg", NULL);
  guint8 *grey = g_malloc (400 * 300 * 3);
  g_autoptr(LensImage) blank = NULL;
  g_autoptr(GError) error = NULL;
  LensScan scan;

  g_assert_false (lens_scan_file (path, recognizer, NULL, &scan, NULL, &error));
  g_assert_error (error, LENS_ERROR, LENS_ERROR_NO_BOARD);
  g_clear_error (&error);

  memset (grey, 200, 400 * 300 * 3);
  blank = lens_image_new_from_rgb (grey, 400, 300, 400 * 3, FALSE);
  g_assert_false (lens_scan_image (blank, recognizer, NULL, &scan, &error));
  g_assert_error (error, LENS_ERROR, LENS_ERROR_NO_BOARD);
  g_clear_error (&error);
  g_clear_pointer (&blank, lens_image_free);

  /* the smallest image that loads */
  blank = lens_image_new_from_rgb (grey, 32, 32, 32 * 3, FALSE);
  g_assert_false (lens_scan_image (blank, recognizer, NULL, &scan, &error));
  g_assert_error (error, LENS_ERROR, LENS_ERROR_NO_BOARD);
  g_free (grey);
}

static void
test_cancelled (void)
{
  g_autoptr(GBytes) bytes = read_photo ("image1");
  g_autoptr(GError) error = NULL;
  g_autoptr(LensImage) image = lens_image_load_bytes (bytes, &error);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  LensScanOptions options = LENS_SCAN_OPTIONS_INIT;
  LensScan scan;

  options.cancellable = cancellable;
  g_cancellable_cancel (cancellable);
  g_assert_false (lens_scan_image (image, recognizer, &options, &scan, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
}

int
main (int    argc,
      char **argv)
{
  recognizer = lens_test_vision_init (&argc, &argv, LENS_ENGINE_DEFAULT);

  g_test_add_func ("/vision/load/bad-inputs", test_bad_inputs);
  g_test_add_func ("/vision/load/exif-tag", test_exif_tag_read);
  g_test_add_func ("/vision/scan/fixtures", test_fixtures_read_exactly);
  g_test_add_func ("/vision/scan/corners", test_corners_follow_board);
  g_test_add_func ("/vision/scan/typeface-boards", test_typeface_boards_found);
  g_test_add_func ("/vision/scan/typeface-candidates-as-print", test_typeface_candidates_as_print);
  g_test_add_func ("/vision/scan/other-boards", test_other_boards);
  g_test_add_func ("/vision/scan/rotated", test_rotated_photo);
  g_test_add_func ("/vision/scan/wrong-exif-tag", test_wrong_exif_tag);
  g_test_add_func ("/vision/scan/tilted", test_tilted_photo);
  g_test_add_func ("/vision/scan/shaded", test_shaded_photo);
  g_test_add_func ("/vision/scan/hard-shadow", test_hard_shadow);
  g_test_add_func ("/vision/scan/glare-on-corner", test_glare_on_corner);
  g_test_add_func ("/vision/scan/curled-page", test_curled_page);
  g_test_add_func ("/vision/scan/curled-page-beside-another", test_curled_page_beside_another);
  g_test_add_func ("/vision/scan/faint-print", test_faint_print);
  g_test_add_func ("/vision/scan/light-on-dark", test_light_on_dark);
  g_test_add_func ("/vision/scan/light-on-dark-with-corners", test_light_on_dark_with_corners);
  g_test_add_func ("/vision/scan/rendered-board", test_rendered_board);
  g_test_add_func ("/vision/scan/with-corners", test_with_corners);
  g_test_add_func ("/vision/scan/at-corners-stay", test_at_corners_stay);
  g_test_add_func ("/vision/scan/extract-cell", test_extract_cell);
  g_test_add_func ("/vision/scan/no-board", test_no_board);
  g_test_add_func ("/vision/scan/cancelled", test_cancelled);

  return lens_test_vision_run (recognizer);
}
