/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <errno.h>
#include <glib/gstdio.h>
#include <string.h>

#include "lens-error.h"
#include "lens-grid.h"
#include "lens-test-util.h"

static const char *classic =
  "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
static const char *classic_rows[10] = {
  "4.....8.5", ".3.......", "...7.....", ".2.....6.", "....8.4..",
  "....1....", "...6.3.7.", "5..2.....", "1.4......", NULL,
};
static const char *solved =
  "417369825632158947958724316825437169791586432346912758289643571573291684164875293";

static void
test_parse_line (void)
{
  LensGrid grid;
  g_autoptr(GError) error = NULL;
  g_autofree char *line = NULL;

  g_assert_true (lens_grid_parse (&grid, classic, -1, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (grid.digits[0], ==, 4);
  g_assert_cmpuint (grid.digits[1], ==, 0);
  g_assert_cmpuint (grid.digits[80], ==, 0);
  g_assert_cmpuint (lens_grid_count_filled (&grid), ==, 17);
  g_assert_true (grid.flags[0] & LENS_CELL_GIVEN);
  g_assert_false (grid.flags[1] & LENS_CELL_GIVEN);
  line = lens_grid_to_line (&grid);
  g_assert_cmpstr (line, ==, classic);
}

static void
test_text_round_trip (void)
{
  LensGrid grid, again;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;

  g_assert_true (lens_grid_parse (&grid, classic, -1, &error));
  text = lens_grid_to_text (&grid);
  g_assert_true (lens_grid_parse (&again, text, -1, &error));
  g_assert_no_error (error);
  g_assert_true (lens_grid_equal_digits (&grid, &again));
}

static void
test_parse_dat (void)
{
  const char *dat =
    "sonyEricsson s500i\r\n640x480:24 JPG\r\n"
    "0 0 0 7 0 0 0 8 0 \r\n0 9 0 0 0 3 1 0 0 \r\n0 0 6 8 0 5 0 7 0 \r\n"
    "0 2 0 6 0 0 0 4 9 \r\n0 0 0 2 0 0 0 5 0 \r\n0 0 8 0 4 0 0 0 7 \r\n"
    "0 0 0 9 0 0 0 3 0 \r\n3 7 0 0 0 0 0 0 6 \r\n1 0 5 0 0 4 0 0 0 \r\n";
  LensGrid grid;
  g_autoptr(GError) error = NULL;
  g_autofree char *line = NULL;

  g_assert_true (lens_grid_parse (&grid, dat, -1, &error));
  g_assert_no_error (error);
  line = lens_grid_to_line (&grid);
  g_assert_cmpstr (line, ==,
                   "...7...8..9...31....68.5.7..2.6...49...2...5...8.4...7...9...3.37......61.5..4...");
}

static void
expect_parse_error (const char *text,
                    const char *message)
{
  LensGrid grid;
  g_autoptr(GError) error = NULL;

  g_assert_false (lens_grid_parse (&grid, text, -1, &error));
  g_assert_error (error, LENS_ERROR, LENS_ERROR_PARSE);
  g_assert_cmpstr (error->message, ==, message);
}

static void
test_parse_errors (void)
{
  expect_parse_error ("", "The puzzle text is empty");
  expect_parse_error ("\n  \n", "The puzzle text is empty");
  expect_parse_error ("123", "Line 1: expected 81 cells, found 3");
  expect_parse_error ("4....x", "Line 1, column 6: “x” is not a digit or an empty cell");
  expect_parse_error ("123456789\n123456789\n12345678\n", "Line 3: expected 9 cells, found 8");
  expect_parse_error ("123456789\n123456789\n", "Expected 9 rows, found 2");
}

static void
test_conflicts (void)
{
  LensGrid grid;
  g_autoptr(GArray) conflicts = NULL;
  LensConflict *c;

  lens_grid_clear (&grid);
  grid.digits[0] = 5;
  grid.digits[10] = 5;  /* same box */
  grid.digits[80] = 5;  /* no peer */
  conflicts = lens_grid_find_conflicts (&grid);
  g_assert_cmpuint (conflicts->len, ==, 1);
  c = &g_array_index (conflicts, LensConflict, 0);
  g_assert_cmpuint (c->a, ==, 0);
  g_assert_cmpuint (c->b, ==, 10);
  g_assert_true (lens_grid_cell_conflicts (&grid, 10));
  g_assert_false (lens_grid_cell_conflicts (&grid, 80));
}

static void
assert_parses_to (const char *text,
                  gssize      length,
                  const char *expected_line)
{
  LensGrid grid;
  g_autoptr(GError) error = NULL;
  g_autofree char *line = NULL;

  g_assert_true (lens_grid_parse (&grid, text, length, &error));
  g_assert_no_error (error);
  line = lens_grid_to_line (&grid);
  g_assert_cmpstr (line, ==, expected_line);
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    g_assert_cmpuint (grid.flags[i], ==, grid.digits[i] ? LENS_CELL_GIVEN : 0);
}

static void
test_parse_empty_cell_marks (void)
{
  g_autofree char *zeros = g_strdelimit (g_strdup (classic), ".", '0');
  g_autofree char *mixed = g_strdup (classic);

  mixed[1] = '0';
  mixed[2] = '_';
  mixed[3] = '*';
  assert_parses_to (zeros, -1, classic);
  assert_parses_to (mixed, -1, classic);
}

static void
test_parse_line_with_surroundings (void)
{
  g_autofree char *text = g_strdup_printf ("# a comment\n\n  %s  \r\n\n", classic);
  g_autofree char *longer = g_strconcat (classic, "9999", NULL);

  assert_parses_to (text, -1, classic);
  assert_parses_to (longer, LENS_GRID_CELLS, classic);
}

static void
test_parse_nine_lines (void)
{
  g_autofree char *plain = g_strjoinv ("\n", (char **) classic_rows);
  g_autofree char *crlf = g_strjoinv ("\r\n", (char **) classic_rows);
  const char *boxed =
    "+-------+-------+-------+\n"
    "| 4 . . | . . . | 8 . 5 |\n"
    "| . 3 . | . . . | . . . |\n"
    "| . . . | 7 . . | . . . |\n"
    "+-------+-------+-------+\n"
    "| . 2 . | . . . | . 6 . |\n"
    "| . . . | . 8 . | 4 . . |\n"
    "| . . . | . 1 . | . . . |\n"
    "+-------+-------+-------+\n"
    "| . . . | 6 . 3 | . 7 . |\n"
    "| 5 . . | 2 . . | . . . |\n"
    "| 1 . 4 | . . . | . . . |\n"
    "+-------+-------+-------+\n";

  assert_parses_to (plain, -1, classic);
  assert_parses_to (crlf, -1, classic);
  assert_parses_to (boxed, -1, classic);
}

static void
test_parse_dat_lf (void)
{
  const char *dat =
    "Samsung Galaxy S4\n960x1280: 24 JPG\n"
    "4 0 0 0 0 0 8 0 5\n0 3 0 0 0 0 0 0 0\n0 0 0 7 0 0 0 0 0\n"
    "0 2 0 0 0 0 0 6 0\n0 0 0 0 8 0 4 0 0\n0 0 0 0 1 0 0 0 0\n"
    "0 0 0 6 0 3 0 7 0\n5 0 0 2 0 0 0 0 0\n1 0 4 0 0 0 0 0 0";

  assert_parses_to (dat, -1, classic);
}

static void
test_parse_error_positions (void)
{
  g_autofree char *short_line = g_strndup (classic, 80);
  g_autofree char *long_line = g_strconcat (classic, ".", NULL);
  g_autofree char *letter = g_strdup (classic);
  g_autofree char *accented = g_strconcat ("4.....8.5é", classic + 10, NULL);

  letter[40] = 'B';
  expect_parse_error (short_line, "Line 1: expected 81 cells, found 80");
  expect_parse_error (long_line, "Line 1: expected 81 cells, found 82");
  expect_parse_error (letter, "Line 1, column 41: “B” is not a digit or an empty cell");
  expect_parse_error (accented, "Line 1, column 10: “é” is not a digit or an empty cell");
  expect_parse_error ("\n\n   4....x", "Line 3, column 9: “x” is not a digit or an empty cell");
  expect_parse_error ("4....\x01", "Line 1, column 6: “\\x01” is not a digit or an empty cell");
}

static void
test_parse_row_errors (void)
{
  const char *wide_rows[10];
  g_autofree char *eight = g_strjoinv ("\n", (char **) classic_rows);
  g_autofree char *ten = g_strconcat (eight, "\n.........", NULL);
  g_autofree char *letter = g_strdup (eight);
  g_autofree char *wide = NULL;
  g_autofree char *two_puzzles = g_strconcat (classic, "\n\n", classic, "\n", NULL);

  memcpy (wide_rows, classic_rows, sizeof wide_rows);
  wide_rows[1] = ".3.......1";
  wide = g_strjoinv ("\n", (char **) wide_rows);
  *strrchr (eight, '\n') = '\0';
  letter[4 * 10 + 2] = 'z';
  expect_parse_error (eight, "Expected 9 rows, found 8");
  expect_parse_error (ten, "Line 10: more than 9 rows");
  expect_parse_error (letter, "Line 5, column 3: “z” is not a digit or an empty cell");
  expect_parse_error (wide, "Line 2: expected 9 cells, found 10");
  expect_parse_error (two_puzzles, "Line 3: more text after the puzzle on line 1");
}

static void
test_parse_too_many_lines (void)
{
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = 0; i < 70; i++)
    g_string_append (text, "1\n");
  expect_parse_error (text->str, "Expected one puzzle, found 70 lines of text");
}

static void
test_failed_parse_keeps_grid (void)
{
  LensGrid grid, before;
  g_autoptr(GError) error = NULL;

  g_assert_true (lens_grid_parse (&grid, classic, -1, NULL));
  before = grid;
  g_assert_false (lens_grid_parse (&grid, "123456789\n12345678x\n", -1, &error));
  g_assert_error (error, LENS_ERROR, LENS_ERROR_PARSE);
  g_assert_cmpmem (&grid, sizeof grid, &before, sizeof before);
}

static void
test_load_file (void)
{
  g_autofree char *path = lens_test_write_temp ("puzzle.txt", classic, -1);
  LensGrid grid;
  g_autoptr(GError) error = NULL;
  g_autofree char *line = NULL;

  g_assert_true (lens_grid_load_file (&grid, path, &error));
  g_assert_no_error (error);
  line = lens_grid_to_line (&grid);
  g_assert_cmpstr (line, ==, classic);
  lens_test_remove_temp (path);
}

static void
test_load_file_errors (void)
{
  const char with_nul[] = "4.....8.5\0.3.......";
  g_autofree char *binary = lens_test_write_temp ("binary.txt", with_nul, sizeof with_nul);
  g_autofree char *empty = lens_test_write_temp ("empty.txt", "", 0);
  LensGrid grid;
  g_autoptr(GError) nul_error = NULL;
  g_autoptr(GError) empty_error = NULL;
  g_autoptr(GError) missing_error = NULL;

  g_assert_false (lens_grid_load_file (&grid, binary, &nul_error));
  g_assert_error (nul_error, LENS_ERROR, LENS_ERROR_PARSE);
  g_assert_cmpstr (nul_error->message, ==,
                   "The file is neither puzzle text nor an image that can be read");

  g_assert_false (lens_grid_load_file (&grid, empty, &empty_error));
  g_assert_error (empty_error, LENS_ERROR, LENS_ERROR_PARSE);
  g_assert_cmpstr (empty_error->message, ==, "The puzzle text is empty");

  g_assert_false (lens_grid_load_file (&grid, "/nonexistent/puzzle.txt", &missing_error));
  g_assert_error (missing_error, LENS_ERROR, LENS_ERROR_IO);
  g_assert_cmpstr (missing_error->message, ==, g_strerror (ENOENT));

  lens_test_remove_temp (binary);
  lens_test_remove_temp (empty);
}

static void
test_digits_and_givens (void)
{
  LensGrid grid, other;
  guint8 digits[LENS_GRID_CELLS] = { 0 };
  g_autofree char *line = NULL;

  digits[0] = 9;
  digits[1] = 10;    /* out of range: read as empty */
  digits[80] = 1;
  lens_grid_clear (&grid);
  grid.flags[5] = LENS_CELL_GIVEN;
  lens_grid_set_digits (&grid, digits);
  lens_grid_mark_givens (&grid);
  g_assert_cmpuint (grid.digits[1], ==, 0);
  g_assert_cmpuint (lens_grid_count_filled (&grid), ==, 2);
  g_assert_cmpuint (grid.flags[0], ==, LENS_CELL_GIVEN);
  g_assert_cmpuint (grid.flags[5], ==, 0);
  line = lens_grid_to_line (&grid);
  g_assert_cmpstr (line, ==, "9...............................................................................1");

  other = grid;
  g_assert_true (lens_grid_equal_digits (&grid, &other));
  other.flags[0] = 0;
  g_assert_true (lens_grid_equal_digits (&grid, &other));
  other.digits[40] = 3;
  g_assert_false (lens_grid_equal_digits (&grid, &other));
}

static void
test_conflicts_in_each_unit (void)
{
  static const LensConflict expected[] = { { 0, 8 }, { 0, 72 }, { 30, 40 } };
  LensGrid grid;
  g_autoptr(GArray) conflicts = NULL;

  lens_grid_clear (&grid);
  grid.digits[0] = 7;
  grid.digits[8] = 7;    /* same row as cell 0 */
  grid.digits[72] = 7;   /* same column as cell 0, no unit with cell 8 */
  grid.digits[30] = 3;
  grid.digits[40] = 3;   /* same box as cell 30 */
  conflicts = lens_grid_find_conflicts (&grid);
  g_assert_cmpuint (conflicts->len, ==, G_N_ELEMENTS (expected));
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      LensConflict *c = &g_array_index (conflicts, LensConflict, i);

      g_assert_cmpuint (c->a, ==, expected[i].a);
      g_assert_cmpuint (c->b, ==, expected[i].b);
    }
  g_assert_false (lens_grid_cell_conflicts (&grid, 1));
  g_assert_true (lens_grid_cell_conflicts (&grid, 72));
  g_assert_true (lens_grid_cell_conflicts (&grid, 30));
}

static void
test_is_solution_of (void)
{
  LensGrid puzzle, solution, wrong;

  g_assert_true (lens_grid_parse (&puzzle, classic, -1, NULL));
  g_assert_true (lens_grid_parse (&solution, solved, -1, NULL));
  g_assert_true (lens_grid_is_solution_of (&solution, &puzzle));
  g_assert_true (lens_grid_is_solution_of (&solution, &solution));

  /* a given changed: still a valid grid, but not this puzzle's */
  wrong = puzzle;
  wrong.digits[0] = 0;
  wrong.digits[1] = 2;
  g_assert_false (lens_grid_is_solution_of (&solution, &wrong));

  wrong = solution;
  wrong.digits[80] = 0;
  g_assert_false (lens_grid_is_solution_of (&wrong, &puzzle));

  /* two cells of a row swapped: the row is fine, the columns are not */
  wrong = solution;
  wrong.digits[1] = solution.digits[2];
  wrong.digits[2] = solution.digits[1];
  g_assert_false (lens_grid_is_solution_of (&wrong, &puzzle));

  wrong = solution;
  wrong.digits[3] = 10;
  g_assert_false (lens_grid_is_solution_of (&wrong, &puzzle));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/grid/parse-line", test_parse_line);
  g_test_add_func ("/grid/text-round-trip", test_text_round_trip);
  g_test_add_func ("/grid/parse-dat", test_parse_dat);
  g_test_add_func ("/grid/parse-errors", test_parse_errors);
  g_test_add_func ("/grid/conflicts", test_conflicts);
  g_test_add_func ("/grid/parse-empty-cell-marks", test_parse_empty_cell_marks);
  g_test_add_func ("/grid/parse-line-with-surroundings", test_parse_line_with_surroundings);
  g_test_add_func ("/grid/parse-nine-lines", test_parse_nine_lines);
  g_test_add_func ("/grid/parse-dat-lf", test_parse_dat_lf);
  g_test_add_func ("/grid/parse-error-positions", test_parse_error_positions);
  g_test_add_func ("/grid/parse-row-errors", test_parse_row_errors);
  g_test_add_func ("/grid/parse-too-many-lines", test_parse_too_many_lines);
  g_test_add_func ("/grid/failed-parse-keeps-grid", test_failed_parse_keeps_grid);
  g_test_add_func ("/grid/load-file", test_load_file);
  g_test_add_func ("/grid/load-file-errors", test_load_file_errors);
  g_test_add_func ("/grid/digits-and-givens", test_digits_and_givens);
  g_test_add_func ("/grid/conflicts-in-each-unit", test_conflicts_in_each_unit);
  g_test_add_func ("/grid/is-solution-of", test_is_solution_of);
  return g_test_run ();
}
