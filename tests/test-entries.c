/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Checking the player's entries against the printed puzzle's solution. */
#include "config.h"

#include <string.h>

#include "lens-entries.h"
#include "lens-error.h"
#include "lens-solver.h"

#define PUZZLE   "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
#define SOLUTION "534678912672195348198342567859761423426853791713924856961537284287419635345286179"

typedef struct {
  LensGrid          puzzle;
  LensGrid          solution;
  guint8            entries[LENS_GRID_CELLS];  /* none */
  LensRepairScores *scores;                    /* all 0 */
  LensEntryCheck    check;
} Fixture;

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (lens_grid_parse (&f->puzzle, PUZZLE, -1, &error));
  g_assert_no_error (error);
  g_assert_true (lens_grid_parse (&f->solution, SOLUTION, -1, &error));
  g_assert_no_error (error);
  memset (f->entries, 0, sizeof f->entries);
  f->scores = g_new0 (LensRepairScores, 1);
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  g_free (f->scores);
}

/* Asserts the statuses of row 1 that @row gives, a letter a cell: r right,
 * w wrong, u unsure, c unchecked; '-' for a cell not asserted. Then how
 * many entries are wrong, unsure and right, each unless it is -1. */
static void
assert_check (const Fixture *f,
              const char    *row,
              int            n_wrong,
              int            n_unsure,
              int            n_right)
{
  g_assert_cmpuint (strlen (row), ==, 9);
  for (guint i = 0; i < 9; i++)
    {
      const char *letters = "rwuc";
      const LensEntryStatus statuses[] = {
        LENS_ENTRY_RIGHT, LENS_ENTRY_WRONG, LENS_ENTRY_UNSURE, LENS_ENTRY_UNCHECKED,
      };

      if (row[i] == '-')
        continue;
      g_assert_nonnull (strchr (letters, row[i]));
      g_assert_cmpuint (f->check.status[i], ==, statuses[strchr (letters, row[i]) - letters]);
    }
  if (n_wrong >= 0)
    g_assert_cmpuint (f->check.n_wrong, ==, n_wrong);
  if (n_unsure >= 0)
    g_assert_cmpuint (f->check.n_unsure, ==, n_unsure);
  if (n_right >= 0)
    g_assert_cmpuint (f->check.n_right, ==, n_right);
}

/* Every empty cell of the puzzle filled in with the solution's digit. */
static void
fill_right (Fixture *f)
{
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    f->entries[i] = f->puzzle.digits[i] ? 0 : f->solution.digits[i];
}

static void
test_all_right (Fixture       *f,
                gconstpointer  data)
{
  fill_right (f);
  lens_entries_check (&f->puzzle, &f->solution, f->entries, NULL, &f->check);
  g_assert_cmpuint (f->check.n_entries, ==, 81 - 30);
  g_assert_cmpuint (f->check.n_right, ==, 81 - 30);
  g_assert_cmpuint (f->check.n_wrong + f->check.n_unsure + f->check.n_unchecked, ==, 0);
}

/* Two entries swapped: both are wrong, nothing else. */
static void
test_swapped (Fixture       *f,
              gconstpointer  data)
{
  fill_right (f);
  /* r1c3 holds 4 and r1c4 holds 6 in the solution */
  f->entries[2] = 6;
  f->entries[3] = 4;
  lens_entries_check (&f->puzzle, &f->solution, f->entries, NULL, &f->check);
  assert_check (f, "--ww-----", 2, -1, 81 - 30 - 2);
}

/* r1c3 should be 4; read as 7 with 0.8, 4 with 0.2. r1c4 should be 6;
 * read as 1 with @p_read, 6 with @p_right. */
static void
read_two_doubts (Fixture *f,
                 float    p_read,
                 float    p_right)
{
  f->entries[2] = 7;
  f->scores->p[2][7] = 0.8f;
  f->scores->p[2][4] = 0.2f;
  f->entries[3] = 1;
  f->scores->p[3][1] = p_read;
  f->scores->p[3][6] = p_right;
}

/* A reading the reader doubts is never called wrong. */
static void
test_doubtful_reading (Fixture       *f,
                       gconstpointer  data)
{
  /* r1c4 read as 1 with 0.995, 6 at 0.001: a sure reading */
  read_two_doubts (f, 0.995f, 0.001f);
  f->scores->p[3][7] = 0.004f;
  lens_entries_check_with_prior (&f->puzzle, &f->solution, f->entries, f->scores, LENS_ENTRY_NO_PRIOR, &f->check);
  assert_check (f, "--uw-----", 1, 1, -1);
}

/* With the puzzle's rules, a doubtful reading that the solution's digit
 * explains is read as that digit, yet unsure, not right: the picture
 * shows another (the rules may doubt a picture, never vouch against it);
 * a picture that surely shows another digit stays a wrong entry; a typed
 * entry is taken as typed. */
static void
test_prior (Fixture       *f,
            gconstpointer  data)
{
  /* r1c4 read as 1 with all but certainty */
  read_two_doubts (f, 0.999999f, 0.000001f);
  /* r1c6 should be 8; typed as 3 over a reading of 8 */
  g_assert_cmpint (f->solution.digits[5], ==, 8);
  f->entries[5] = 3;
  f->scores->p[5][8] = 1.0f;
  /* r1c7 and r1c8: another digit read at 0.99 and 0.95, the solution's at
   * 0.01 and 0.05: the rules leave the solution's 0.07, then 0.3 */
  for (guint i = 6; i <= 7; i++)
    {
      guint8 other = (guint8) (f->solution.digits[i] % 9 + 1);

      g_assert_cmpint (f->puzzle.digits[i], ==, 0);
      f->entries[i] = other;
      f->scores->p[i][other] = i == 6 ? 0.99f : 0.95f;
      f->scores->p[i][f->solution.digits[i]] = i == 6 ? 0.01f : 0.05f;
    }
  /* r1c9: another digit at 0.67, no digit at 0.32 (two pencil
   * candidates, say), the solution's at 0.003: the picture's doubt stays */
  g_assert_cmpint (f->puzzle.digits[8], ==, 0);
  f->entries[8] = (guint8) (f->solution.digits[8] % 9 + 1);
  f->scores->p[8][f->entries[8]] = 0.67f;
  f->scores->p[8][0] = 0.32f;
  f->scores->p[8][f->solution.digits[8]] = 0.003f;
  lens_entries_check (&f->puzzle, &f->solution, f->entries, f->scores, &f->check);
  assert_check (f, "--uw-wwuu", 3, 3, 0);
  g_assert_cmpuint (f->check.reading[2], ==, 4);
  g_assert_cmpuint (f->check.reading[3], ==, 1);
  g_assert_cmpuint (f->check.reading[5], ==, 3);
}

/* With the puzzle's rules, a picture the reader doubts is never called
 * wrong, even when it leaves the solution's digit no chance: its digit
 * may be the one misread. */
static void
test_unsure_picture (Fixture       *f,
                     gconstpointer  data)
{
  /* r1c7 and r1c8: another digit read at 0.97 and 0.995, a third at 0.03
   * and 0.005, the solution's at nothing */
  for (guint i = 6; i <= 7; i++)
    {
      guint8 other = (guint8) (f->solution.digits[i] % 9 + 1);
      guint8 third = (guint8) (other % 9 + 1);

      g_assert_cmpint (f->puzzle.digits[i], ==, 0);
      g_assert_cmpint (third, !=, f->solution.digits[i]);
      f->entries[i] = other;
      f->scores->p[i][other] = i == 6 ? 0.97f : 0.995f;
      f->scores->p[i][third] = i == 6 ? 0.03f : 0.005f;
    }
  lens_entries_check (&f->puzzle, &f->solution, f->entries, f->scores, &f->check);
  assert_check (f, "------uw-", 1, 1, 0);
  g_assert_cmpuint (f->check.reading[6], ==, f->entries[6]);
}

/* Without a solution, only clashes can be called wrong. */
static void
test_clash_without_solution (Fixture       *f,
                             gconstpointer  data)
{
  f->entries[2] = 5;   /* r1c3: row 1 has a printed 5 */
  f->entries[3] = 6;   /* r1c4: right, clashes with nothing */
  f->entries[5] = 8;   /* r1c6 and r1c9: two 8s in row 1 */
  f->entries[8] = 8;
  lens_entries_check (&f->puzzle, NULL, f->entries, NULL, &f->check);
  assert_check (f, "--wc-w--w", 3, -1, 0);
}

/* Without a solution, the printed puzzle was not read for sure: digits read
 * from the photo that clash are in doubt, not wrong. */
static void
test_read_clash_without_solution (Fixture       *f,
                                  gconstpointer  data)
{
  f->entries[2] = 5;   /* r1c3: row 1 has a printed 5 */
  f->entries[5] = 8;   /* r1c6 and r1c9: two 8s in row 1 */
  f->entries[8] = 8;
  f->scores->p[2][5] = f->scores->p[5][8] = f->scores->p[8][8] = 1.0f;
  g_autofree char *text = NULL;

  lens_entries_check (&f->puzzle, NULL, f->entries, f->scores, &f->check);
  assert_check (f, "--u--u--u", 0, 3, 0);
  text = lens_entry_check_describe (&f->check, FALSE);
  g_assert_cmpstr (text, ==, "The printed puzzle has no single solution, so the entries cannot be checked; "
                             "3 clash with other digits, which may be misread: compare them with the photo.");
}

/* An entry over a printed digit is not an entry; over a repaired one it is. */
static void
test_entry_over_given (Fixture       *f,
                       gconstpointer  data)
{
  f->entries[0] = 9;  /* r1c1 is a printed 5 */
  lens_entries_check (&f->puzzle, &f->solution, f->entries, NULL, &f->check);
  g_assert_cmpuint (f->check.n_entries, ==, 0);
  g_assert_cmpuint (f->check.status[0], ==, LENS_ENTRY_NONE);

  /* ... but over a digit the repair put there, it is one */
  f->puzzle.flags[0] |= LENS_CELL_REPAIRED;
  lens_entries_check (&f->puzzle, &f->solution, f->entries, NULL, &f->check);
  g_assert_cmpuint (f->check.n_entries, ==, 1);
  g_assert_cmpuint (f->check.status[0], ==, LENS_ENTRY_WRONG);
}

static void
add (const char *path,
     void (*func) (Fixture *, gconstpointer))
{
  g_test_add (path, Fixture, NULL, fixture_set_up, func, fixture_tear_down);
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
  add ("/entries/all-right", test_all_right);
  add ("/entries/swapped", test_swapped);
  add ("/entries/doubtful-reading", test_doubtful_reading);
  add ("/entries/prior", test_prior);
  add ("/entries/unsure-picture", test_unsure_picture);
  add ("/entries/clash-without-solution", test_clash_without_solution);
  add ("/entries/read-clash-without-solution", test_read_clash_without_solution);
  add ("/entries/entry-over-given", test_entry_over_given);
  g_test_add_func ("/entries/parse", test_parse);
  return g_test_run ();
}
