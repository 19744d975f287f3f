/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Any bytes as a photo: decode, find the board, read the cells. Either a
 * scan that keeps its promises or a user-facing error, never an internal
 * one, a crash or an unbounded allocation (run with -rss_limit_mb). */
#include <math.h>
#include <stdint.h>

#include "lens-error.h"
#include "lens-vision.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

static LensRecognizer *
get_recognizer (void)
{
  static LensRecognizer *recognizer;

  if (recognizer == NULL)
    {
      g_autoptr(GError) error = NULL;

      recognizer = lens_recognizer_new (LENS_ENGINE_BUILTIN, &error);
      g_assert_no_error (error);
    }
  return recognizer;
}

static void
check_error (const GError *error)
{
  g_assert_nonnull (error);
  if (!g_error_matches (error, LENS_ERROR, LENS_ERROR_DECODE) &&
      !g_error_matches (error, LENS_ERROR, LENS_ERROR_TOO_LARGE) &&
      !g_error_matches (error, LENS_ERROR, LENS_ERROR_NO_BOARD))
    g_error ("Unexpected error %s %d: %s",
             g_quark_to_string (error->domain), error->code, error->message);
  g_assert_true (g_utf8_validate (error->message, -1, NULL));
}

static void
check_scan (const LensImage *image,
            const LensScan  *scan)
{
  int width = lens_image_get_width (image);
  int height = lens_image_get_height (image);

  g_assert_true (scan->rotation == 0 || scan->rotation == 90 ||
                 scan->rotation == 180 || scan->rotation == 270);
  for (guint i = 0; i < 4; i++)
    {
      g_assert_true (isfinite (scan->corners[i].x) && isfinite (scan->corners[i].y));
      g_assert_cmpfloat (fabs (scan->corners[i].x), <, 4.0 * width);
      g_assert_cmpfloat (fabs (scan->corners[i].y), <, 4.0 * height);
    }
  for (guint cell = 0; cell < LENS_GRID_CELLS; cell++)
    {
      const LensCellRead *read = &scan->cells[cell];
      float sum = 0;

      g_assert_cmpuint (read->digit, <=, 9);
      g_assert_true (read->confidence >= 0 && read->confidence <= 1.0001f);
      for (guint c = 0; c < LENS_N_CLASSES; c++)
        {
          g_assert_true (read->scores[c] >= 0);
          sum += read->scores[c];
        }
      g_assert_cmpfloat_with_epsilon (sum, 1.0, 1e-3);
    }
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(GBytes) bytes = g_bytes_new_static (data, size);
  g_autoptr(GError) error = NULL;
  g_autoptr(LensImage) image = NULL;
  LensScan scan;

  image = lens_image_load_bytes (bytes, &error);
  if (image == NULL)
    {
      check_error (error);
      return 0;
    }
  g_assert_cmpint (lens_image_get_width (image), >, 0);
  g_assert_cmpint (lens_image_get_height (image), >, 0);
  g_assert_cmpfloat ((double) lens_image_get_width (image) * lens_image_get_height (image),
                     <=, LENS_MAX_MEGAPIXELS * 1e6);
  if (lens_scan_image (image, get_recognizer (), NULL, &scan, &error))
    check_scan (image, &scan);
  else
    check_error (error);
  return 0;
}
