/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Checking the player's entries against the printed puzzle's solution. */
#include "config.h"

#include <string.h>

#include "lens-entries.h"
#include "lens-error.h"
#include "lens-solver.h"

#define PUZZLE   "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
#define SOLUTION "534678912672195348198342567859761423426853791713924856961537284287419635345286179"

static void
load (LensGrid   *puzzle,
      LensGrid   *solution)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (lens_grid_parse (puzzle, PUZZLE, -1, &error));
  g_assert_no_error (error);
  g_assert_true (lens_grid_parse (solution, SOLUTION, -1, &error));
  g_assert_no_error (error);
}

/* Every empty cell of the puzzle filled in with the solution's digit. */
static void
fill_right (const LensGrid *puzzle,
            const LensGrid *solution,
            guint8         *entries)
{
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    entries[i] = puzzle->digits[i] ? 0 : solution->digits[i];
}

static void
test_all_right (void)
{
  LensGrid puzzle, solution;
  guint8 entries[LENS_GRID_CELLS];
  LensEntryCheck check;

  load (&puzzle, &solution);
  fill_right (&puzzle, &solution, entries);
  lens_entries_check (&puzzle, &solution, entries, NULL, &check);
  g_assert_cmpuint (check.n_entries, ==, 81 - 30);
  g_assert_cmpuint (check.n_right, ==, 81 - 30);
  g_assert_cmpuint (check.n_wrong + check.n_unsure + check.n_unchecked, ==, 0);
}

/* Two entries swapped: both are wrong, nothing else. */
static void
test_swapped (void)
{
  LensGrid puzzle, solution;
  guint8 entries[LENS_GRID_CELLS];
  LensEntryCheck check;

  load (&puzzle, &solution);
  fill_right (&puzzle, &solution, entries);
  /* r1c3 holds 4 and r1c4 holds 6 in the solution */
  entries[2] = 6;
  entries[3] = 4;
  lens_entries_check (&puzzle, &solution, entries, NULL, &check);
  g_assert_cmpuint (check.n_wrong, ==, 2);
  g_assert_cmpuint (check.status[2], ==, LENS_ENTRY_WRONG);
  g_assert_cmpuint (check.status[3], ==, LENS_ENTRY_WRONG);
  g_assert_cmpuint (check.n_right, ==, 81 - 30 - 2);
}

/* A reading the reader doubts is never called wrong. */
static void
test_doubtful_reading (void)
{
  LensGrid puzzle, solution;
  guint8 entries[LENS_GRID_CELLS] = { 0 };
  g_autofree LensRepairScores *scores = g_new0 (LensRepairScores, 1);
  LensEntryCheck check;

  load (&puzzle, &solution);
  /* r1c3 should be 4; read as 7 with 0.8, 4 with 0.2 */
  entries[2] = 7;
  scores->p[2][7] = 0.8f;
  scores->p[2][4] = 0.2f;
  /* r1c4 should be 6; read as 1 with 0.995, 6 at 0.001: a sure reading */
  entries[3] = 1;
  scores->p[3][1] = 0.995f;
  scores->p[3][6] = 0.001f;
  scores->p[3][7] = 0.004f;
  lens_entries_check_with_prior (&puzzle, &solution, entries, scores, LENS_ENTRY_NO_PRIOR, &check);
  g_assert_cmpuint (check.status[2], ==, LENS_ENTRY_UNSURE);
  g_assert_cmpuint (check.status[3], ==, LENS_ENTRY_WRONG);
  g_assert_cmpuint (check.n_unsure, ==, 1);
  g_assert_cmpuint (check.n_wrong, ==, 1);
}

/* With the puzzle's rules, a doubtful reading that the solution's digit
 * explains is right; a picture that surely shows another digit stays a
 * wrong entry; a typed entry is taken as typed. */
static void
test_prior (void)
{
  LensGrid puzzle, solution;
  guint8 entries[LENS_GRID_CELLS] = { 0 };
  g_autofree LensRepairScores *scores = g_new0 (LensRepairScores, 1);
  LensEntryCheck check;

  load (&puzzle, &solution);
  /* r1c3 should be 4; read as 7 with 0.8, 4 with 0.2 */
  entries[2] = 7;
  scores->p[2][7] = 0.8f;
  scores->p[2][4] = 0.2f;
  /* r1c4 should be 6; read as 1 with all but certainty */
  entries[3] = 1;
  scores->p[3][1] = 0.999999f;
  scores->p[3][6] = 0.000001f;
  /* r1c6 should be 8; typed as 3 over a reading of 8 */
  g_assert_cmpint (solution.digits[5], ==, 8);
  entries[5] = 3;
  scores->p[5][8] = 1.0f;
  /* r1c7 and r1c8: another digit read at 0.99 and 0.95, the solution's at
   * 0.01 and 0.05: the rules leave the solution's 0.07, then 0.3 */
  for (guint i = 6; i <= 7; i++)
    {
      guint8 other = (guint8) (solution.digits[i] % 9 + 1);

      g_assert_cmpint (puzzle.digits[i], ==, 0);
      entries[i] = other;
      scores->p[i][other] = i == 6 ? 0.99f : 0.95f;
      scores->p[i][solution.digits[i]] = i == 6 ? 0.01f : 0.05f;
    }
  /* r1c9: another digit at 0.67, no digit at 0.32 (two pencil
   * candidates, say), the solution's at 0.003: the picture's doubt stays */
  g_assert_cmpint (puzzle.digits[8], ==, 0);
  entries[8] = (guint8) (solution.digits[8] % 9 + 1);
  scores->p[8][entries[8]] = 0.67f;
  scores->p[8][0] = 0.32f;
  scores->p[8][solution.digits[8]] = 0.003f;
  lens_entries_check (&puzzle, &solution, entries, scores, &check);
  g_assert_cmpuint (check.status[8], ==, LENS_ENTRY_UNSURE);
  g_assert_cmpuint (check.status[6], ==, LENS_ENTRY_WRONG);
  g_assert_cmpuint (check.status[7], ==, LENS_ENTRY_UNSURE);
  g_assert_cmpuint (check.status[2], ==, LENS_ENTRY_RIGHT);
  g_assert_cmpuint (check.reading[2], ==, 4);
  g_assert_cmpuint (check.status[3], ==, LENS_ENTRY_WRONG);
  g_assert_cmpuint (check.reading[3], ==, 1);
  g_assert_cmpuint (check.status[5], ==, LENS_ENTRY_WRONG);
  g_assert_cmpuint (check.reading[5], ==, 3);
  g_assert_cmpuint (check.n_wrong, ==, 3);
  g_assert_cmpuint (check.n_unsure, ==, 2);
  g_assert_cmpuint (check.n_right, ==, 1);
}

/* Without a solution, only clashes can be called wrong. */
static void
test_clash_without_solution (void)
{
  LensGrid puzzle, solution;
  guint8 entries[LENS_GRID_CELLS] = { 0 };
  LensEntryCheck check;

  load (&puzzle, &solution);
  entries[2] = 5;   /* r1c3: row 1 has a printed 5 */
  entries[3] = 6;   /* r1c4: right, clashes with nothing */
  entries[5] = 8;   /* r1c6 and r1c9: two 8s in row 1 */
  entries[8] = 8;
  lens_entries_check (&puzzle, NULL, entries, NULL, &check);
  g_assert_cmpuint (check.status[2], ==, LENS_ENTRY_WRONG);
  g_assert_cmpuint (check.status[3], ==, LENS_ENTRY_UNCHECKED);
  g_assert_cmpuint (check.status[5], ==, LENS_ENTRY_WRONG);
  g_assert_cmpuint (check.status[8], ==, LENS_ENTRY_WRONG);
  g_assert_cmpuint (check.n_wrong, ==, 3);
  g_assert_cmpuint (check.n_right, ==, 0);
}

/* An entry over a printed digit is not an entry. */
static void
test_entry_over_given (void)
{
  LensGrid puzzle, solution;
  guint8 entries[LENS_GRID_CELLS] = { 0 };
  LensEntryCheck check;

  load (&puzzle, &solution);
  entries[0] = 9;  /* r1c1 is a printed 5 */
  lens_entries_check (&puzzle, &solution, entries, NULL, &check);
  g_assert_cmpuint (check.n_entries, ==, 0);
  g_assert_cmpuint (check.status[0], ==, LENS_ENTRY_NONE);
}

static void
test_parse (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *line = NULL;
  guint8 entries[LENS_GRID_CELLS];
  const char *text = "..4......" "........." "........." "........." "........."
                     "........." "........." "........." "........9";

  g_assert_true (lens_entries_parse (entries, text, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (entries[2], ==, 4);
  g_assert_cmpuint (entries[80], ==, 9);
  line = lens_entries_to_line (entries);
  g_assert_cmpstr (line, ==, text);
  g_assert_false (lens_entries_parse (entries, "12x", &error));
  g_assert_error (error, LENS_ERROR, LENS_ERROR_PARSE);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/entries/all-right", test_all_right);
  g_test_add_func ("/entries/swapped", test_swapped);
  g_test_add_func ("/entries/doubtful-reading", test_doubtful_reading);
  g_test_add_func ("/entries/prior", test_prior);
  g_test_add_func ("/entries/clash-without-solution", test_clash_without_solution);
  g_test_add_func ("/entries/entry-over-given", test_entry_over_given);
  g_test_add_func ("/entries/parse", test_parse);
  return g_test_run ();
}
