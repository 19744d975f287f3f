/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The bad-input matrix: what a user gets from files that are broken, not
 * what they claim to be, or out of bounds. */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "lens-error.h"
#include "lens-grid.h"

static const char *classic =
  "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

static void
assert_parse_error (const char *text,
                    gssize      length,
                    const char *message)
{
  g_autoptr(GError) error = NULL;
  LensGrid grid;

  g_assert_false (lens_grid_parse (&grid, text, length, &error));
  g_assert_error (error, LENS_ERROR, LENS_ERROR_PARSE);
  g_assert_cmpstr (error->message, ==, message);
}

static void
test_text_80_cells (void)
{
  g_autofree char *text = g_strndup (classic, 80);

  assert_parse_error (text, -1, "Line 1: expected 81 cells, found 80");
}

static void
test_text_82_cells (void)
{
  g_autofree char *text = g_strconcat (classic, "1", NULL);

  assert_parse_error (text, -1, "Line 1: expected 81 cells, found 82");
}

static void
test_text_letter (void)
{
  g_autofree char *text = g_strdup (classic);

  text[4] = 'x';
  assert_parse_error (text, -1,
                      "Line 1, column 5: “x” is not a digit or an empty cell");
}

/* Found by fuzz/fuzz-grid-parse: a stray byte that is not UTF-8 went into
 * the message as it was, and a GTK label showing it would complain. */
static void
test_text_invalid_utf8 (void)
{
  g_autofree char *text = g_strdup (classic);
  g_autofree char *accented = g_strdup_printf ("%.10sé%s", classic, classic + 11);

  text[59] = (char) 0xb3;
  assert_parse_error (text, -1,
                      "Line 1, column 60: “\\xB3” is not a digit or an empty cell");
  assert_parse_error (accented, -1,
                      "Line 1, column 11: “é” is not a digit or an empty cell");
}

static void
test_text_windows_line_endings (void)
{
  g_autoptr(GString) text = g_string_new ("# from a Windows editor\r\n");
  g_autoptr(GError) error = NULL;
  g_autofree char *line = NULL;
  LensGrid grid;

  for (guint r = 0; r < 9; r++)
    g_string_append_printf (text, "%.9s\r\n", classic + r * 9);
  g_assert_true (lens_grid_parse (&grid, text->str, -1, &error));
  g_assert_no_error (error);
  line = lens_grid_to_line (&grid);
  g_assert_cmpstr (line, ==, classic);
}

static void
test_text_ten_rows (void)
{
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint r = 0; r < 10; r++)
    g_string_append_printf (text, "%.9s\n", classic + (r % 9) * 9);
  assert_parse_error (text->str, -1, "Line 10: more than 9 rows");
}

static void
test_text_empty (void)
{
  assert_parse_error ("", 0, "The puzzle text is empty");
  assert_parse_error ("\r\n  \n# only a comment\n", -1, "The puzzle text is empty");
}

static char *
write_temp (const char *name,
            const char *contents,
            gsize       length)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("lens-bad-XXXXXX", &error);
  char *path;

  g_assert_no_error (error);
  path = g_build_filename (dir, name, NULL);
  g_assert_true (g_file_set_contents (path, contents, (gssize) length, &error));
  g_assert_no_error (error);
  return path;
}

static void
remove_temp (const char *path)
{
  g_autofree char *dir = g_path_get_dirname (path);

  g_assert_cmpint (g_remove (path), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

static void
test_text_file_with_nul (void)
{
  static const char contents[] = "4.....8.5\0binary";
  g_autofree char *path = write_temp ("puzzle.txt", contents, sizeof contents);
  g_autofree char *expected = g_strdup_printf ("“%s” is not a text file", path);
  g_autoptr(GError) error = NULL;
  LensGrid grid;

  g_assert_false (lens_grid_load_file (&grid, path, &error));
  g_assert_error (error, LENS_ERROR, LENS_ERROR_PARSE);
  g_assert_cmpstr (error->message, ==, expected);
  remove_temp (path);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/bad-input/text/80-cells", test_text_80_cells);
  g_test_add_func ("/bad-input/text/82-cells", test_text_82_cells);
  g_test_add_func ("/bad-input/text/letter", test_text_letter);
  g_test_add_func ("/bad-input/text/invalid-utf8", test_text_invalid_utf8);
  g_test_add_func ("/bad-input/text/windows-line-endings", test_text_windows_line_endings);
  g_test_add_func ("/bad-input/text/ten-rows", test_text_ten_rows);
  g_test_add_func ("/bad-input/text/empty", test_text_empty);
  g_test_add_func ("/bad-input/text/file-with-nul", test_text_file_with_nul);

  return g_test_run ();
}
