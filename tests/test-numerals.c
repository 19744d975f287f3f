/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include "lens-test-util.h"
#include "lens-vision.h"

/* Boards printed with 一 … 九 (tests/data/chinese, drawn in fonts the model
 * was not trained on) read as digits, decided for the whole board; boards
 * printed with Arabic digits stay Arabic. */

static void
scan_photo (LensRecognizer *recognizer,
            const char     *dir,
            const char     *stem,
            LensScan       *scan,
            char          **read_line,
            char          **want_line)
{
  g_autofree char *jpg = g_strconcat (stem, ".jpg", NULL);
  g_autofree char *dat = g_strconcat (stem, ".dat", NULL);
  g_autofree char *jpg_path = lens_test_data_path (dir, jpg);
  g_autofree char *dat_path = lens_test_data_path (dir, dat);
  g_autoptr(GError) error = NULL;
  LensGrid truth, read;

  g_assert_true (lens_grid_load_file (&truth, dat_path, &error));
  g_assert_no_error (error);
  g_assert_true (lens_scan_file (jpg_path, recognizer, NULL, scan, NULL, &error));
  g_assert_no_error (error);
  lens_scan_to_grid (scan, 0.0f, &read);
  *read_line = lens_grid_to_line (&read);
  *want_line = lens_grid_to_line (&truth);
  if (!g_str_equal (*read_line, *want_line))
    g_test_message ("%s/%s:\n read %s\n want %s", dir, stem, *read_line, *want_line);
}

static void
check_fixtures (LensEngine    engine,
                const char   *dir,
                LensNumerals  numerals,
                gboolean      turned_one)
{
  g_autoptr(LensRecognizer) recognizer = NULL;
  g_autoptr(GPtrArray) stems = lens_test_list_photos (dir);
  g_autoptr(GError) error = NULL;
  gboolean turned = FALSE;

  recognizer = lens_recognizer_new (engine, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (stems->len, >=, 2);
  for (guint i = 0; i < stems->len; i++)
    {
      g_autofree char *read = NULL;
      g_autofree char *want = NULL;
      LensScan scan;

      scan_photo (recognizer, dir, g_ptr_array_index (stems, i), &scan, &read, &want);
      g_assert_cmpstr (read, ==, want);
      g_assert_cmpstr (lens_numerals_to_string (scan.numerals), ==,
                       lens_numerals_to_string (numerals));
      turned |= scan.rotation != 0;
    }
  /* The rotation search must take the Chinese model's word for it. */
  if (turned_one)
    g_assert_true (turned);
}

static void
test_chinese_boards (void)
{
  check_fixtures (LENS_ENGINE_BUILTIN, "chinese", LENS_NUMERALS_CHINESE, TRUE);
}

/* Tesseract reads only Arabic digits: Chinese boards go to the built-in model. */
static void
test_chinese_boards_tesseract (void)
{
  check_fixtures (LENS_ENGINE_TESSERACT, "chinese", LENS_NUMERALS_CHINESE, TRUE);
}

static void
test_arabic_boards (void)
{
  check_fixtures (LENS_ENGINE_BUILTIN, "photos", LENS_NUMERALS_ARABIC, FALSE);
}

static void
test_numerals_names (void)
{
  g_assert_cmpstr (lens_numerals_to_string (LENS_NUMERALS_ARABIC), ==, "arabic");
  g_assert_cmpstr (lens_numerals_to_string (LENS_NUMERALS_CHINESE), ==, "chinese");
  g_assert_null (lens_numerals_to_string ((LensNumerals) 7));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/numerals/names", test_numerals_names);
  g_test_add_func ("/numerals/chinese-boards", test_chinese_boards);
  g_test_add_func ("/numerals/chinese-boards-tesseract", test_chinese_boards_tesseract);
  g_test_add_func ("/numerals/arabic-boards", test_arabic_boards);
  return g_test_run ();
}
