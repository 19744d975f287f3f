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

/* A 5 misread in r1c1 clashes with the right 5s of its row, column and
 * box: it alone is framed. */
static void
test_one_misread_many_clashes (void)
{
  LensGrid grid;
  gboolean blamed[LENS_GRID_CELLS];
  const guint want[] = { 0 };

  empty_grid (&grid);
  grid.digits[0] = 5;
  grid.digits[5] = 5;   /* r1c6 */
  grid.digits[45] = 5;  /* r6c1 */
  grid.digits[20] = 5;  /* r3c3 */
  grid.digits[60] = 5;  /* r7c7: clashes with none */
  g_assert_cmpuint (lens_conflicts_blame (&grid, NULL, blamed), ==, 1);
  assert_blamed (blamed, want, G_N_ELEMENTS (want));
}

/* Two equal digits and nothing to say which is wrong: both are framed. */
static void
test_tie_blames_both (void)
{
  LensGrid grid;
  gboolean blamed[LENS_GRID_CELLS];
  const guint want[] = { 10, 16 };

  empty_grid (&grid);
  grid.digits[10] = 3;
  grid.digits[16] = 3;
  g_assert_cmpuint (lens_conflicts_blame (&grid, NULL, blamed), ==, 2);
  assert_blamed (blamed, want, G_N_ELEMENTS (want));
}

/* The reader's doubt decides between two. */
static void
test_less_certain_blamed (void)
{
  LensGrid grid;
  gboolean blamed[LENS_GRID_CELLS];
  float certainty[LENS_GRID_CELLS];
  const guint want[] = { 16 };

  empty_grid (&grid);
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    certainty[i] = 1.0f;
  grid.digits[10] = 3;
  grid.digits[16] = 3;
  certainty[16] = 0.4f;
  g_assert_cmpuint (lens_conflicts_blame (&grid, certainty, blamed), ==, 1);
  assert_blamed (blamed, want, G_N_ELEMENTS (want));
}

/* A sure digit that clashes with two doubtful ones: blaming both doubtful
 * ones costs less than blaming the sure one. */
static void
test_sure_digit_kept (void)
{
  LensGrid grid;
  gboolean blamed[LENS_GRID_CELLS];
  float certainty[LENS_GRID_CELLS];
  const guint want[] = { 8, 72 };

  empty_grid (&grid);
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    certainty[i] = 1.0f;
  grid.digits[0] = 7;
  grid.digits[8] = 7;   /* r1c9 */
  grid.digits[72] = 7;  /* r9c1 */
  certainty[8] = 0.3f;
  certainty[72] = 0.3f;
  g_assert_cmpuint (lens_conflicts_blame (&grid, certainty, blamed), ==, 2);
  assert_blamed (blamed, want, G_N_ELEMENTS (want));
}

/* Separate clashes are judged apart; a grid with none blames none. */
static void
test_separate_clashes (void)
{
  LensGrid grid;
  gboolean blamed[LENS_GRID_CELLS];
  float certainty[LENS_GRID_CELLS];
  const guint want[] = { 1, 80 };

  empty_grid (&grid);
  g_assert_cmpuint (lens_conflicts_blame (&grid, NULL, blamed), ==, 0);
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    certainty[i] = 1.0f;
  grid.digits[0] = 2;
  grid.digits[1] = 2;
  certainty[1] = 0.5f;
  grid.digits[79] = 9;
  grid.digits[80] = 9;
  certainty[80] = 0.2f;
  grid.digits[40] = 4;  /* clashes with nothing */
  g_assert_cmpuint (lens_conflicts_blame (&grid, certainty, blamed), ==, 2);
  assert_blamed (blamed, want, G_N_ELEMENTS (want));
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

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/conflicts/one-misread-many-clashes", test_one_misread_many_clashes);
  g_test_add_func ("/conflicts/tie-blames-both", test_tie_blames_both);
  g_test_add_func ("/conflicts/less-certain-blamed", test_less_certain_blamed);
  g_test_add_func ("/conflicts/sure-digit-kept", test_sure_digit_kept);
  g_test_add_func ("/conflicts/separate-clashes", test_separate_clashes);
  g_test_add_func ("/conflicts/big-group-blamed-whole", test_big_group_blamed_whole);
  return g_test_run ();
}
