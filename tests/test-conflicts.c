/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <glib.h>
#include <string.h>

#include "lens-conflicts.h"

/* Which cells a clash is blamed on: the fewest, least certain ones, so
 * that a right digit beside a misread one is left alone. */

static void
empty_grid (LensGrid *grid)
{
  memset (grid, 0, sizeof *grid);
}

static void
assert_blamed (const gboolean *blamed,
               const guint    *cells,
               guint           n_cells)
{
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    {
      gboolean want = FALSE;

      for (guint j = 0; j < n_cells; j++)
        want |= cells[j] == i;
      if (want != blamed[i])
        g_error ("cell %u: blamed %d, expected %d", i, blamed[i], want);
    }
}

/* A digit read in a cell, with a certainty (0: sure). */
typedef struct {
  guint  cell;
  guint8 digit;
  float  certainty;
} Reading;

/* The test @path: the grid of @readings (up to the first digit 0), the
 * rest empty; the cells @want blamed for its clashes, weighing the
 * certainties or not. */
typedef struct {
  const char *path;
  Reading     readings[8];
  gboolean    weighed;
  guint       want[2];
  guint       n_want;
} Clash;

static void
test_blame (gconstpointer data)
{
  const Clash *clash = data;
  LensGrid grid;
  gboolean blamed[LENS_GRID_CELLS];
  float certainty[LENS_GRID_CELLS];

  empty_grid (&grid);
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    certainty[i] = 1.0f;
  for (const Reading *r = clash->readings; r->digit != 0; r++)
    {
      grid.digits[r->cell] = r->digit;
      if (r->certainty > 0)
        certainty[r->cell] = r->certainty;
    }
  g_assert_cmpuint (lens_conflicts_blame (&grid, clash->weighed ? certainty : NULL, blamed), ==, clash->n_want);
  assert_blamed (blamed, clash->want, clash->n_want);
}

/* A 5 misread in r1c1 clashes with the right 5s of its row, column and
 * box: it alone is framed. */
static const Clash one_misread_many_clashes = {
  "/conflicts/one-misread-many-clashes",
  { { 0, 5 }, { 5, 5 } /* r1c6 */, { 45, 5 } /* r6c1 */, { 20, 5 } /* r3c3 */,
    { 60, 5 } /* r7c7: clashes with none */ },
  FALSE, { 0 }, 1,
};

/* Two equal digits and nothing to say which is wrong: both are framed. */
static const Clash tie_blames_both = {
  "/conflicts/tie-blames-both",
  { { 10, 3 }, { 16, 3 } }, FALSE, { 10, 16 }, 2,
};

/* The reader's doubt decides between two. */
static const Clash less_certain_blamed = {
  "/conflicts/less-certain-blamed",
  { { 10, 3 }, { 16, 3, 0.4f } }, TRUE, { 16 }, 1,
};

/* A sure digit that clashes with two doubtful ones: blaming both doubtful
 * ones costs less than blaming the sure one. */
static const Clash sure_digit_kept = {
  "/conflicts/sure-digit-kept",
  { { 0, 7 }, { 8, 7, 0.3f } /* r1c9 */, { 72, 7, 0.3f } /* r9c1 */ }, TRUE, { 8, 72 }, 2,
};

/* Separate clashes are judged apart; a grid with none blames none. */
static const Clash separate_clashes = {
  "/conflicts/separate-clashes",
  { { 0, 2 }, { 1, 2, 0.5f }, { 79, 9 }, { 80, 9, 0.2f }, { 40, 4 } /* clashes with nothing */ },
  TRUE, { 1, 80 }, 2,
};

static void
test_separate_clashes (gconstpointer data)
{
  LensGrid grid;
  gboolean blamed[LENS_GRID_CELLS];

  empty_grid (&grid);
  g_assert_cmpuint (lens_conflicts_blame (&grid, NULL, blamed), ==, 0);
  test_blame (data);
}

/* A full row of one digit: a group too big to weigh is blamed whole. */
static void
test_big_group_blamed_whole (void)
{
  LensGrid grid;
  gboolean blamed[LENS_GRID_CELLS];

  empty_grid (&grid);
  for (guint i = 0; i < 18; i++)
    grid.digits[i] = 1;
  g_assert_cmpuint (lens_conflicts_blame (&grid, NULL, blamed), ==, 18);
}

static const Clash *const blame_tests[] = {
  &one_misread_many_clashes, &tie_blames_both, &less_certain_blamed, &sure_digit_kept,
};

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (blame_tests); i++)
    g_test_add_data_func (blame_tests[i]->path, blame_tests[i], test_blame);
  g_test_add_data_func (separate_clashes.path, &separate_clashes, test_separate_clashes);
  g_test_add_func ("/conflicts/big-group-blamed-whole", test_big_group_blamed_whole);
  return g_test_run ();
}
