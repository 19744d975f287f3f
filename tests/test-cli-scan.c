/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <string.h>
#include <unistd.h>

#include "lens-cli-test.h"
#include "lens-grid.h"
#include "lens-test-util.h"

static char *
photo_path (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "data", "photos", name, NULL);
}

static char *
expected_line (const char *stem)
{
  g_autofree char *name = g_strconcat (stem, ".dat", NULL);
  g_autofree char *path = photo_path (name);
  g_autoptr(GError) error = NULL;
  LensGrid grid;

  g_assert_true (lens_grid_load_file (&grid, path, &error));
  return lens_grid_to_line (&grid);
}

/* Runs "scan", with @option unless it is NULL, on image1.jpg: it must
 * succeed. Returns the grid labelled for the photo, as a line. */
static char *
scan_image1 (LensCliRun *run,
             const char *option)
{
  g_autofree char *path = photo_path ("image1.jpg");

  if (option != NULL)
    lens_cli_run_status (run, 0, NULL, "scan", option, path, NULL);
  else
    lens_cli_run_status (run, 0, NULL, "scan", path, NULL);
  return expected_line ("image1");
}

static void
test_scan_plain (void)
{
  g_auto(LensCliRun) run = { 0 };
  g_autofree char *want = scan_image1 (&run, NULL);
  g_auto(GStrv) lines = NULL;

  lines = g_strsplit (run.out, "\n", -1);
  g_assert_cmpstr (lines[0], ==, want);
  g_assert_cmpuint (g_strv_length (lines), >=, 12);
  g_assert_true (g_str_has_prefix (lines[1], ". . . | 7 . . | . 8 ."));
}

static void
check_cell (JsonArray *cells,
            guint      index,
            char       want)
{
  JsonObject *cell = json_array_get_object_element (cells, index);
  JsonArray *alternatives = json_object_get_array_member (cell, "alternatives");
  JsonArray *best = json_array_get_array_element (alternatives, 0);
  double confidence = json_object_get_double_member (cell, "confidence");

  g_assert_cmpint (json_object_get_int_member (cell, "digit"), ==, want == '.' ? 0 : want - '0');
  g_assert_cmpfloat (confidence, >, 0.0);
  g_assert_cmpfloat (confidence, <=, 1.0);
  g_assert_cmpint (json_array_get_int_element (best, 0), ==, json_object_get_int_member (cell, "digit"));
  g_assert_cmpfloat_with_epsilon (json_array_get_double_element (best, 1), confidence, 1e-6);
}

static void
test_scan_json (void)
{
  g_auto(LensCliRun) run = { 0 };
  g_autofree char *want = scan_image1 (&run, "--json");
  g_autoptr(JsonObject) root = lens_cli_parse_object (run.out);
  JsonArray *corners, *cells;

  g_assert_cmpstr (json_object_get_string_member (root, "grid"), ==, want);
  g_assert_cmpint (json_object_get_int_member (root, "rotation"), ==, 0);
  g_assert_cmpstr (json_object_get_string_member (root, "numerals"), ==, "arabic");

  corners = json_object_get_array_member (root, "corners");
  g_assert_cmpuint (json_array_get_length (corners), ==, 4);
  /* top-left of image1's board is near (40, 11) in its outline */
  g_assert_cmpfloat (json_array_get_double_element (json_array_get_array_element (corners, 0), 0), <, 70);
  g_assert_cmpfloat (json_array_get_double_element (json_array_get_array_element (corners, 2), 0), >, 560);

  cells = json_object_get_array_member (root, "cells");
  g_assert_cmpuint (json_array_get_length (cells), ==, 81);
  for (guint i = 0; i < 81; i++)
    check_cell (cells, i, want[i]);
  g_assert_true (json_object_has_member (json_object_get_object_member (root, "timing_ms"), "detect"));
}

static char *
write_temp (const char *dir,
            const char *name,
            const char *contents,
            gssize      length)
{
  char *path = g_build_filename (dir, name, NULL);
  g_autoptr(GError) error = NULL;

  g_assert_true (g_file_set_contents (path, contents, length, &error));
  return path;
}

static void
assert_fails (const char *path,
              const char *phrase)
{
  g_auto(LensCliRun) run = { 0 };

  lens_cli_run (&run, "scan", path, NULL);
  g_test_message ("%s: %s", path, run.err);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_cmpstr (run.out, ==, "");
  g_assert_true (g_str_has_prefix (run.err, "sudoku-lens-cli: "));
  g_assert_nonnull (strstr (run.err, phrase));
  g_assert_cmpint (strchr (run.err, '\n') - run.err, ==, (int) strlen (run.err) - 1);
}

static void
test_scan_bad_inputs (void)
{
  g_autoptr(LensTestDir) dir = g_dir_make_tmp ("lens-cli-scan-XXXXXX", NULL);
  g_autofree char *photo = photo_path ("image1.jpg");
  g_autofree char *no_board = photo_path ("no-board.jpg");
  g_autofree char *contents = NULL;
  gsize length;
  const char *names[] = { "empty.jpg", "truncated.jpg", "text.jpg" };
  g_autofree char *empty = write_temp (dir, names[0], "", 0);
  g_autofree char *truncated = NULL;
  g_autofree char *text = write_temp (dir, names[2], "Dear diary,\n", -1);
  g_autofree char *missing = g_build_filename (dir, "missing.jpg", NULL);

  g_assert_true (g_file_get_contents (photo, &contents, &length, NULL));
  truncated = write_temp (dir, names[1], contents, (gssize) length / 2);

  assert_fails (empty, "empty");
  assert_fails (truncated, "truncated");
  assert_fails (text, "not an image");
  assert_fails (missing, "missing.jpg");
  assert_fails (no_board, "No Sudoku board");
}

static void
test_scan_one_pixel (void)
{
  g_autoptr(LensTestDir) dir = g_dir_make_tmp ("lens-cli-scan-XXXXXX", NULL);
  static const char png[] =
    "\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x00\0\0\0\x3a\x7e\x9b\x55"
    "\0\0\0\x0aIDAT\x78\x9c\x63\xf8\x0f\x00\x01\x01\x01\x00\x18\xdd\x8d\xb4"
    "\0\0\0\0IEND\xae\x42\x60\x82";
  g_autofree char *path = write_temp (dir, "pixel.png", png, sizeof png - 1);

  assert_fails (path, "too small");
}

static void
test_eval_fixtures (void)
{
  g_autofree char *dir = g_test_build_filename (G_TEST_DIST, "data", "photos", NULL);
  g_auto(LensCliRun) run = { 0 };
  g_autoptr(JsonObject) root = NULL;
  gint64 images;

  lens_cli_run_status (&run, 0, NULL, "eval", "--json", dir, NULL);
  root = lens_cli_parse_object (run.out);
  images = json_object_get_int_member (root, "images");
  g_assert_cmpint (images, >=, 4);
  g_assert_cmpint (json_object_get_int_member (root, "detected"), ==, images);
  g_assert_cmpint (json_object_get_int_member (root, "grids_exact"), ==, images);
  g_assert_cmpint (json_object_get_int_member (root, "cells"), ==, 81 * images);
  g_assert_cmpint (json_object_get_int_member (root, "cells_wrong"), ==, 0);
  g_assert_cmpint (json_object_get_int_member (root, "chinese_numerals"), ==, 0);
  g_assert_cmpfloat (json_object_get_double_member (root, "median_ms"), >, 0);
}

/* Boards printed with 一 … 九: the JSON says so, and eval counts them. */
static void
test_chinese_numerals (void)
{
  g_autofree char *dir = g_test_build_filename (G_TEST_DIST, "data", "chinese", NULL);
  g_autofree char *photo = g_build_filename (dir, "image1.jpg", NULL);
  g_autofree char *dat = g_build_filename (dir, "image1.dat", NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *want = NULL;
  g_auto(LensCliRun) scan = { 0 };
  g_auto(LensCliRun) eval = { 0 };
  g_autoptr(JsonObject) root = NULL;
  LensGrid grid;

  g_assert_true (lens_grid_load_file (&grid, dat, &error));
  want = lens_grid_to_line (&grid);
  lens_cli_run_status (&scan, 0, NULL, "scan", "--json", photo, NULL);
  root = lens_cli_parse_object (scan.out);
  g_assert_cmpstr (json_object_get_string_member (root, "numerals"), ==, "chinese");
  g_assert_cmpstr (json_object_get_string_member (root, "grid"), ==, want);

  lens_cli_run_status (&eval, 0, NULL, "eval", dir, NULL);
  g_assert_nonnull (strstr (eval.out, "5 grids exact"));
  g_assert_nonnull (strstr (eval.out, "5 boards read in Chinese numerals"));
}

/* A label that disagrees with the photo shows up as one wrong cell. */
static void
test_eval_reports_differences (void)
{
  g_autoptr(LensTestDir) dir = g_dir_make_tmp ("lens-cli-eval-XXXXXX", NULL);
  g_autofree char *photo = photo_path ("image1.jpg");
  g_autofree char *dat = photo_path ("image1.dat");
  g_autofree char *link = g_build_filename (dir, "image7.jpg", NULL);
  g_autofree char *contents = NULL;
  g_autofree char *wrong = NULL;
  g_auto(LensCliRun) run = { 0 };
  char *seven;

  g_assert_true (g_file_get_contents (dat, &contents, NULL, NULL));
  seven = strstr (contents, "0 0 0 7");
  g_assert_nonnull (seven);
  seven[6] = '5';
  wrong = write_temp (dir, "image7.dat", contents, -1);
  g_assert_cmpint (symlink (photo, link), ==, 0);

  lens_cli_run_status (&run, 0, NULL, "eval", dir, NULL);
  lens_test_assert_contains (run.out, "image7.jpg: r1c4 5→7", "1 images", "0 grids exact",
                             "1 of 81 cells wrong", NULL);
}

/* The cells that "scan --json" prints for @photo, which it must read: a
 * new reference. */
static JsonArray *
scan_cells (const char *photo)
{
  g_auto(LensCliRun) run = { 0 };
  g_autoptr(JsonObject) root = NULL;

  lens_cli_run_status (&run, 0, NULL, "scan", "--json", photo, NULL);
  root = lens_cli_parse_object (run.out);
  return json_array_ref (json_object_get_array_member (root, "cells"));
}

/* The labels of data/pencil's photo @stem, a class a cell: 0 empty, 1-9
 * a digit, 10 pencil candidates. */
static void
load_pencil_labels (const char *stem,
                    guint8      want[LENS_GRID_CELLS])
{
  g_autofree char *name = g_strconcat (stem, ".txt", NULL);
  g_autofree char *label = g_test_build_filename (G_TEST_DIST, "data", "pencil", "labels", name, NULL);
  g_autofree char *text = NULL;
  g_auto(GStrv) words = NULL;
  guint n = 0;

  g_assert_true (g_file_get_contents (label, &text, NULL, NULL));
  words = g_strsplit_set (text, " \n", -1);
  for (guint k = 0; words[k] != NULL; k++)
    if (*words[k] != '\0')
      {
        g_assert_cmpuint (n, <, LENS_GRID_CELLS);
        want[n++] = (guint8) g_ascii_strtoull (words[k], NULL, 10);
      }
  g_assert_cmpuint (n, ==, LENS_GRID_CELLS);
}

/* A pencil photo of another paper: cells of small candidate digits are
 * kind "candidates" with no digit, never a given or an entry, and every
 * digit is read. The paper prints its givens symmetric under a half turn,
 * and so are the digits read as print. */
static void
test_scan_pencil_candidates (void)
{
  g_autofree char *photo = g_test_build_filename (G_TEST_DIST, "data", "pencil", "images",
                                                  "02_22_iphone_14_0.jpg", NULL);
  g_autoptr(JsonArray) cells = NULL;
  guint labelled = 0, found = 0;
  gboolean printed[LENS_GRID_CELLS] = { FALSE };
  guint8 want[LENS_GRID_CELLS];

  load_pencil_labels ("02_22_iphone_14_0", want);
  cells = scan_cells (photo);
  g_assert_cmpuint (json_array_get_length (cells), ==, LENS_GRID_CELLS);
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    {
      JsonObject *cell = json_array_get_object_element (cells, i);
      const char *kind = json_object_get_string_member (cell, "kind");
      gint64 digit = json_object_get_int_member (cell, "digit");

      printed[i] = g_str_equal (kind, "printed");
      g_assert_cmpint (g_str_equal (kind, "candidates"), <=, digit == 0);
      if (want[i] == 10)
        {
          labelled++;
          found += g_str_equal (kind, "candidates");
        }
      else
        g_assert_cmpint (digit, ==, want[i]);
    }
  g_assert_cmpuint (labelled, ==, 11);
  g_assert_cmpuint (found, >=, 9);
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    g_assert_cmpint (printed[i], ==, printed[LENS_GRID_CELLS - 1 - i]);
}

/* The same photo: each cell of pencil candidates lists the candidate
 * digits read, rising, and no other cell does; most of the sets written
 * (data/pencil/candidates.txt, by eye) are read exactly, on this copy
 * shrunk to 1000 pixels wide. */
static void
test_scan_pencil_digits (void)
{
  g_autofree char *photo = g_test_build_filename (G_TEST_DIST, "data", "pencil", "images",
                                                  "02_22_iphone_14_0.jpg", NULL);
  g_autofree char *label = g_test_build_filename (G_TEST_DIST, "data", "pencil", "candidates.txt", NULL);
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(JsonArray) cells = scan_cells (photo);
  char read[LENS_GRID_CELLS][10] = { { 0 } };
  guint labelled = 0, exact = 0;

  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    {
      JsonObject *cell = json_array_get_object_element (cells, i);
      gboolean candidates = g_str_equal (json_object_get_string_member (cell, "kind"), "candidates");
      JsonArray *digits;

      g_assert_cmpint (json_object_has_member (cell, "candidates"), ==, candidates);
      if (!candidates)
        continue;
      digits = json_object_get_array_member (cell, "candidates");
      for (guint k = 0; k < json_array_get_length (digits); k++)
        {
          gint64 d = json_array_get_int_element (digits, k);

          g_assert_cmpint (d, >=, k == 0 ? 1 : read[i][k - 1] - '0' + 1);
          g_assert_cmpint (d, <=, 9);
          read[i][k] = (char) ('0' + d);
        }
    }

  g_assert_true (g_file_get_contents (label, &text, NULL, NULL));
  lines = g_strsplit (text, "\n", -1);
  for (guint n = 0; lines[n] != NULL; n++)
    {
      g_auto(GStrv) words = g_strsplit (lines[n], " ", -1);
      guint64 cell;

      if (lines[n][0] == '#' || lines[n][0] == '\0')
        continue;
      g_assert_cmpuint (g_strv_length (words), ==, 3);
      g_assert_true (g_ascii_string_to_unsigned (words[1], 10, 0, LENS_GRID_CELLS - 1, &cell, NULL));
      labelled++;
      exact += g_str_equal (read[cell], words[2]);
    }
  g_assert_cmpuint (labelled, ==, 11);
  g_assert_cmpuint (exact, >=, 8);
}

/* A printed puzzle with a soft grey smudge over the edge of an empty cell
 * (row 8, column 6): no cell is read as pencil candidates, the smudged one
 * is empty, and the givens are read. */
static void
test_scan_smudge_no_candidates (void)
{
  g_autofree char *photo = photo_path ("image1049-smudge.jpg");
  g_autoptr(JsonArray) cells = scan_cells (photo);
  const char *givens = "2......8.936..5.......7269...82..4..54......1....8.57.82.7.3.....9......6.....1.7";

  g_assert_cmpuint (json_array_get_length (cells), ==, LENS_GRID_CELLS);
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    {
      JsonObject *cell = json_array_get_object_element (cells, i);

      g_assert_cmpstr (json_object_get_string_member (cell, "kind"), !=, "candidates");
      g_assert_cmpint (json_object_get_int_member (cell, "digit"), ==, (givens[i] == '.' ? 0 : givens[i] - '0'));
    }
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (cells, 7 * 9 + 5), "kind"),
                   ==, "empty");
}

/* A pencil photo whose digits in r4c4, r4c5 and r6c3 are pencilled so
 * lightly that they fall short of the board's ink threshold, set by its
 * print: each cell's own paper lets them be read, as the player's, and no
 * cell labelled empty is read as a digit. */
static void
test_scan_faint_pencil (void)
{
  g_autofree char *photo = g_test_build_filename (G_TEST_DIST, "data", "pencil", "images",
                                                  "02_22_honor_view_10_1.jpg", NULL);
  g_autoptr(JsonArray) cells = NULL;
  const guint faint[] = { 3 * 9 + 3, 3 * 9 + 4, 5 * 9 + 2 };
  guint8 want[LENS_GRID_CELLS];

  load_pencil_labels ("02_22_honor_view_10_1", want);
  cells = scan_cells (photo);
  for (guint k = 0; k < G_N_ELEMENTS (faint); k++)
    {
      JsonObject *cell = json_array_get_object_element (cells, faint[k]);

      g_assert_cmpint (json_object_get_int_member (cell, "digit"), ==, want[faint[k]]);
      g_assert_cmpstr (json_object_get_string_member (cell, "kind"), ==, "handwritten");
    }
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    if (want[i] == 0)
      g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (cells, i), "digit"), ==, 0);
}

/* --rotate reads the board in the turn the user gives: the upright turn
 * reads the labels, a half turn does not, and a turn that is no quarter
 * is refused. */
static void
test_scan_rotate (void)
{
  g_autofree char *path = photo_path ("image1.jpg");
  g_autofree char *want = expected_line ("image1");
  g_auto(LensCliRun) upright = { 0 };
  g_auto(LensCliRun) half = { 0 };
  g_auto(LensCliRun) bad = { 0 };

  lens_cli_run_status (&upright, 0, NULL, "scan", "--rotate", "0", path, NULL);
  g_assert_true (g_str_has_prefix (upright.out, want));
  lens_cli_run_status (&half, 0, NULL, "scan", "--json", "--rotate", "180", path, NULL);
  g_assert_nonnull (strstr (half.out, "\"rotation\" : 180"));
  g_assert_null (strstr (half.out, want));
  lens_cli_run (&bad, "scan", "--rotate", "45", path, NULL);
  g_assert_cmpint (bad.status, !=, 0);
  g_assert_nonnull (strstr (bad.err, "--rotate takes 0, 90, 180 or 270"));
}

/* scan --json reads the player's entries with the puzzle's rules: each
 * handwritten cell says its reading and whether it is right; the swapped
 * entries of the fixture are not called right. */
static void
test_scan_json_entries (void)
{
  g_autofree char *photo = g_test_build_filename (G_TEST_DIST, "data", "photos-mixed",
                                                  "image10-swapped.jpg", NULL);
  g_autofree char *listed = g_test_build_filename (G_TEST_DIST, "data", "photos-mixed",
                                                   "image10-swapped.swapped", NULL);
  g_autofree char *text = NULL;
  g_auto(GStrv) swapped = NULL;
  g_autoptr(JsonArray) cells = NULL;
  guint entries = 0;

  g_assert_true (g_file_get_contents (listed, &text, NULL, NULL));
  swapped = g_strsplit_set (g_strstrip (text), " \n", -1);
  cells = scan_cells (photo);
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    {
      JsonObject *cell = json_array_get_object_element (cells, i);
      const char *kind = json_object_get_string_member (cell, "kind");
      const char *entry = json_object_get_string_member_with_default (cell, "entry", NULL);

      g_assert_cmpint (g_str_equal (kind, "handwritten"), ==, entry != NULL);
      if (entry == NULL)
        continue;
      entries++;
      g_assert_cmpint (json_object_get_int_member (cell, "reading"), >=, 1);
      g_assert_cmpint (json_object_get_int_member (cell, "reading"), <=, 9);
      g_assert_true (g_str_equal (entry, "right") || g_str_equal (entry, "wrong")
                     || g_str_equal (entry, "unsure"));
    }
  g_assert_cmpuint (entries, >=, 20);
  for (guint k = 0; swapped[k] != NULL; k++)
    {
      JsonObject *cell;

      if (*swapped[k] == '\0')
        continue;
      cell = json_array_get_object_element (cells, (guint) g_ascii_strtoull (swapped[k], NULL, 10));
      g_assert_cmpstr (json_object_get_string_member_with_default (cell, "entry", "none"), !=, "right");
    }
}

/* The images/ + labels/ layout: labels 0..10, 10 a cell of pencil
 * candidates, counted in 11 classes; a bad label is a clear error. */
static void
test_eval_labelled_layout (void)
{
  g_autoptr(LensTestDir) dir = g_dir_make_tmp ("lens-cli-eval-XXXXXX", NULL);
  g_autofree char *images = g_build_filename (dir, "images", NULL);
  g_autofree char *labels = g_build_filename (dir, "labels", NULL);
  g_autofree char *photo = photo_path ("image1.jpg");
  g_autofree char *dat = photo_path ("image1.dat");
  g_autofree char *link = g_build_filename (images, "page.jpg", NULL);
  g_autofree char *line = NULL;
  g_autoptr(GString) text = g_string_new (NULL);
  g_auto(LensCliRun) run = { 0 };
  g_auto(LensCliRun) bad = { 0 };
  LensGrid grid;

  g_assert_true (lens_grid_load_file (&grid, dat, NULL));
  g_assert_cmpint (grid.digits[0], ==, 0);
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    g_string_append_printf (text, "%2d%c", i == 0 ? 10 : grid.digits[i], i % 9 == 8 ? '\n' : ' ');
  g_assert_cmpint (g_mkdir (images, 0700), ==, 0);
  g_assert_cmpint (g_mkdir (labels, 0700), ==, 0);
  g_assert_cmpint (symlink (photo, link), ==, 0);
  g_free (write_temp (labels, "page.txt", text->str, -1));

  lens_cli_run_status (&run, 0, NULL, "eval", dir, NULL);
  lens_test_assert_contains (run.out, "page.jpg: r1c1 c→.", "1 images", "1 of 81 cells wrong",
                             "98.8% of cells right in 11 classes",
                             "0 of 1 cells read as candidates, 0 read as a digit", NULL);

  g_string_replace (text, "10", "11", 1);
  g_free (write_temp (labels, "page.txt", text->str, -1));
  lens_cli_run (&bad, "eval", dir, NULL);
  g_assert_cmpint (bad.status, !=, 0);
  g_assert_nonnull (strstr (bad.err, "page.txt: not 9 rows of 9 numbers from 0 to 10"));
}

/* --candidates-labels: the candidate digits read in the pencil photo
 * against those written, in the summary; a bad line is a clear error. */
static void
test_eval_candidates_labels (void)
{
  g_autofree char *dir = g_test_build_filename (G_TEST_DIST, "data", "pencil", NULL);
  g_autofree char *labels = g_test_build_filename (G_TEST_DIST, "data", "pencil", "candidates.txt", NULL);
  g_autoptr(LensTestDir) tmp = g_dir_make_tmp ("lens-cli-eval-XXXXXX", NULL);
  g_autofree char *bad_labels = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  g_auto(LensCliRun) run = { 0 };
  g_auto(LensCliRun) plain = { 0 };
  g_auto(LensCliRun) bad = { 0 };
  JsonObject *summary;

  lens_cli_run_status (&run, 0, NULL, "eval", "--json", "--candidates-labels", labels, dir, NULL);
  g_assert_true (json_parser_load_from_data (parser, run.out, -1, &error));
  summary = json_node_get_object (json_parser_get_root (parser));
  g_assert_cmpint (json_object_get_int_member (summary, "candidate_cells_labelled"), ==, 11);
  g_assert_cmpint (json_object_get_int_member (summary, "candidate_cells_exact"), >=, 8);
  /* two digits written in each */
  g_assert_cmpint (json_object_get_int_member (summary, "candidate_digits_right") +
                   json_object_get_int_member (summary, "candidate_digits_missed"), ==, 22);

  lens_cli_run_status (&plain, 0, NULL, "eval", "--candidates-labels", labels, dir, NULL);
  g_assert_nonnull (strstr (plain.out, "of 11 labelled cells read exactly"));

  bad_labels = write_temp (tmp, "bad.txt", "train/02_22_iphone_14_0 81 12\n", -1);
  lens_cli_run (&bad, "eval", "--candidates-labels", bad_labels, dir, NULL);
  g_assert_cmpint (bad.status, !=, 0);
  g_assert_nonnull (strstr (bad.err, "bad.txt:1: not “SPLIT/NAME CELL DIGITS”"));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cli/scan/plain", test_scan_plain);
  g_test_add_func ("/cli/scan/json", test_scan_json);
  g_test_add_func ("/cli/scan/json-entries", test_scan_json_entries);
  g_test_add_func ("/cli/scan/rotate", test_scan_rotate);
  g_test_add_func ("/cli/scan/pencil-candidates", test_scan_pencil_candidates);
  g_test_add_func ("/cli/scan/pencil-digits", test_scan_pencil_digits);
  g_test_add_func ("/cli/scan/smudge-no-candidates", test_scan_smudge_no_candidates);
  g_test_add_func ("/cli/scan/faint-pencil", test_scan_faint_pencil);
  g_test_add_func ("/cli/eval/candidates-labels", test_eval_candidates_labels);
  g_test_add_func ("/cli/scan/bad-inputs", test_scan_bad_inputs);
  g_test_add_func ("/cli/scan/one-pixel", test_scan_one_pixel);
  g_test_add_func ("/cli/eval/fixtures", test_eval_fixtures);
  g_test_add_func ("/cli/eval/differences", test_eval_reports_differences);
  g_test_add_func ("/cli/eval/labelled-layout", test_eval_labelled_layout);
  g_test_add_func ("/cli/chinese-numerals", test_chinese_numerals);
  return g_test_run ();
}
