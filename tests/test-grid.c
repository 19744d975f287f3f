/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "lens-error.h"
#include "lens-grid.h"

static const char *classic =
  "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

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
  return g_test_run ();
}
