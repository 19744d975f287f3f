/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <string.h>

#include "lens-repair-clash.h"
#include "lens-repair-solutions.h"
#include "lens-solver.h"
#include "lens-test-util.h"
#include "lens-grid-test.h"

/* What repair counts without solving each grid, compared with the plain
 * way: the solver on the whole grid, a scan of every unit. The grids are
 * the repair fixtures read right, with givens lost (several solutions) and
 * with a clash, each changed at random in a few cells, and each set of
 * cells changed many times over, so that what is learned is used. */

#define N_TRIALS 3000

static GPtrArray *
load_puzzles (void)
{
  g_autoptr(GArray) grids = lens_test_read_grids ("repair", "puzzles.txt");
  GPtrArray *puzzles = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < grids->len; i++)
    g_ptr_array_add (puzzles, g_memdup2 (g_array_index (grids, LensGrid, i).digits, LENS_GRID_CELLS));
  g_assert_cmpuint (puzzles->len, >=, 10);
  return puzzles;
}

typedef enum {
  READ_RIGHT,
  READ_LOST,    /* givens missed: several solutions */
  READ_SPARSE,  /* more missed: more solutions than are listed */
  READ_CLASH,   /* a digit read twice in a unit */
  N_READS
} ReadKind;

static void
make_read (const guint8 *puzzle,
           ReadKind      kind,
           GRand        *rand,
           guint8       *read)
{
  memcpy (read, puzzle, LENS_GRID_CELLS);
  for (guint lost = 0; lost < (kind == READ_LOST ? 4 : kind == READ_SPARSE ? 16 : 0); )
    {
      guint cell = g_rand_int_range (rand, 0, LENS_GRID_CELLS);

      lost += read[cell] != 0;
      read[cell] = 0;
    }
  if (kind == READ_CLASH)
    for (guint cell = 0; cell < LENS_GRID_CELLS; cell++)
      if (read[cell] != 0 && cell % 9 < 8 && read[cell + 1] == 0)
        {
          read[cell + 1] = read[cell];
          break;
        }
}

/* A few changes, in cells drawn from @pool, mostly to the solution's
 * digit or to nothing, so that many grids have solutions. */
static guint
random_changes (const guint8 *solution,
                const guint8 *pool,
                guint         pool_size,
                GRand        *rand,
                guint8       *cells,
                guint8       *to)
{
  guint n = g_rand_int_range (rand, 1, 4);

  for (guint i = 0; i < n; i++)
    {
      guint r = g_rand_int_range (rand, 0, 4);
      gboolean again;

      do
        {
          cells[i] = pool[g_rand_int_range (rand, 0, pool_size)];
          again = FALSE;
          for (guint j = 0; j < i; j++)
            again = again || cells[j] == cells[i];
        }
      while (again);
      to[i] = r < 2 ? solution[cells[i]] : r == 2 ? 0 : (guint8) g_rand_int_range (rand, 1, 10);
    }
  return n;
}

static gboolean
scan_for_clash (const guint8 *digits)
{
  for (guint a = 0; a < LENS_GRID_CELLS; a++)
    for (guint b = a + 1; b < LENS_GRID_CELLS; b++)
      if (digits[a] != 0 && digits[a] == digits[b] &&
          (lens_cell_row (a) == lens_cell_row (b) || lens_cell_col (a) == lens_cell_col (b) ||
           lens_cell_box (a) == lens_cell_box (b)))
        return TRUE;
  return FALSE;
}

static void
check_read (const guint8 *puzzle,
            const guint8 *read,
            GRand        *rand,
            guint        *n_unique)
{
  g_autoptr(LensRepairSolutions) solutions = lens_repair_solutions_new (read);
  guint8 solution[LENS_GRID_CELLS], pool[12];
  LensRepairClash clash;

  g_assert_cmpuint (lens_solver_count (puzzle, 1, solution), ==, 1);
  lens_repair_clash_init (&clash, read);
  for (guint i = 0; i < G_N_ELEMENTS (pool); i++)
    pool[i] = (guint8) g_rand_int_range (rand, 0, LENS_GRID_CELLS);
  for (guint trial = 0; trial < N_TRIALS / N_READS; trial++)
    {
      guint8 cells[3], to[3], digits[LENS_GRID_CELLS];
      guint8 expected[LENS_GRID_CELLS], got[LENS_GRID_CELLS];
      guint n = random_changes (solution, pool, G_N_ELEMENTS (pool), rand, cells, to);
      guint count;

      memcpy (digits, read, LENS_GRID_CELLS);
      for (guint i = 0; i < n; i++)
        digits[cells[i]] = to[i];
      g_assert_cmpint (lens_repair_clash_changed (&clash, cells, to, n), ==, scan_for_clash (digits));
      count = lens_solver_count (digits, 2, expected);
      g_assert_cmpuint (lens_repair_solutions_count (solutions, cells, to, n, got), ==, count);
      if (count == 1)
        g_assert_cmpmem (got, LENS_GRID_CELLS, expected, LENS_GRID_CELLS);
      *n_unique += count == 1;
    }
}

static void
test_same_as_solver (void)
{
  g_autoptr(GPtrArray) puzzles = load_puzzles ();
  g_autoptr(GRand) rand = g_rand_new_with_seed (20261128);
  guint n_unique = 0, n_sparse = 0;

  for (guint p = 0; p < 10; p++)
    for (ReadKind kind = 0; kind < N_READS; kind++)
      {
        guint8 read[LENS_GRID_CELLS];

        make_read (g_ptr_array_index (puzzles, p), kind, rand, read);
        n_sparse += lens_solver_count (read, LENS_REPAIR_SOLUTIONS_LISTED + 1, NULL) >
                    LENS_REPAIR_SOLUTIONS_LISTED;
        check_read (g_ptr_array_index (puzzles, p), read, rand, &n_unique);
      }
  /* Enough grids with one solution for the solutions given to count. */
  g_assert_cmpuint (n_unique, >, 500);
  /* And reads whose solutions are only sampled. */
  g_assert_cmpuint (n_sparse, >=, 5);
}

/* Disjoint "deadly rectangles" of @solution: four cells on two rows of a
 * band and two columns of different stacks that can swap their two digits.
 * Returns how many were found, up to @max. */
static guint
find_rectangles (const guint8 *solution,
                 guint8        rectangles[][4],
                 guint         max)
{
  gboolean used[LENS_GRID_CELLS] = { FALSE };
  guint n = 0;

  for (guint r1 = 0; r1 < 9; r1++)
    for (guint r2 = r1 + 1; r2 < r1 / 3 * 3 + 3; r2++)
      for (guint c1 = 0; c1 < 9; c1++)
        for (guint c2 = c1 / 3 * 3 + 3; c2 < 9 && n < max; c2++)
          {
            guint8 cells[4] = { r1 * 9 + c1, r1 * 9 + c2, r2 * 9 + c1, r2 * 9 + c2 };

            if (solution[cells[0]] != solution[cells[3]] || solution[cells[1]] != solution[cells[2]] ||
                used[cells[0]] || used[cells[1]] || used[cells[2]] || used[cells[3]])
              continue;
            for (guint i = 0; i < 4; i++)
              {
                used[cells[i]] = TRUE;
                rectangles[n][i] = cells[i];
              }
            n++;
          }
  return n;
}

/* A read with 2^7 solutions or more, from seven rectangles left empty: a
 * digit written in each leaves one, so the sample of solutions, which
 * learns from each grid solved, must never hold one of them twice. */
static void
test_sampled (void)
{
  g_autoptr(GPtrArray) puzzles = load_puzzles ();
  g_autoptr(GRand) rand = g_rand_new_with_seed (28112026);
  g_autoptr(LensRepairSolutions) solutions = NULL;
  guint8 solution[LENS_GRID_CELLS], read[LENS_GRID_CELLS], rectangles[7][4];
  guint p = 0, n_unique = 0;

  do
    g_assert_cmpuint (lens_solver_count (g_ptr_array_index (puzzles, p++), 1, solution), ==, 1);
  while (find_rectangles (solution, rectangles, 7) < 7 && p < puzzles->len);
  g_assert_cmpuint (find_rectangles (solution, rectangles, 7), ==, 7);
  memcpy (read, solution, LENS_GRID_CELLS);
  for (guint i = 0; i < 7; i++)
    for (guint j = 0; j < 4; j++)
      read[rectangles[i][j]] = 0;
  g_assert_cmpuint (lens_solver_count (read, LENS_REPAIR_SOLUTIONS_LISTED + 1, NULL), >,
                    LENS_REPAIR_SOLUTIONS_LISTED);
  solutions = lens_repair_solutions_new (read);
  for (guint trial = 0; trial < N_TRIALS; trial++)
    {
      guint8 cells[7], to[7], digits[LENS_GRID_CELLS];
      guint8 expected[LENS_GRID_CELLS], got[LENS_GRID_CELLS];
      guint n = g_rand_int_range (rand, 5, 8), count;

      memcpy (digits, read, LENS_GRID_CELLS);
      for (guint i = 0; i < n; i++)
        {
          guint8 *rectangle = rectangles[(i + trial) % 7];

          cells[i] = rectangle[g_rand_int_range (rand, 0, 4)];
          /* the solution's digit, or the one its rectangle swaps in */
          to[i] = solution[g_rand_boolean (rand) ? cells[i] : rectangle[1]];
          digits[cells[i]] = to[i];
        }
      count = lens_solver_count (digits, 2, expected);
      g_assert_cmpuint (lens_repair_solutions_count (solutions, cells, to, n, got), ==, count);
      if (count == 1)
        g_assert_cmpmem (got, LENS_GRID_CELLS, expected, LENS_GRID_CELLS);
      n_unique += count == 1;
    }
  g_assert_cmpuint (n_unique, >, N_TRIALS / 10);
}

/* A read without clashes and one with, changed so as to mend or make one. */
static void
test_clash_examples (void)
{
  g_autoptr(GPtrArray) puzzles = load_puzzles ();
  const guint8 *puzzle = g_ptr_array_index (puzzles, 0);
  guint8 read[LENS_GRID_CELLS], cells[1], to[1];
  LensRepairClash clash;
  guint first = 0, peer;

  while (puzzle[first] == 0)
    first++;
  peer = lens_cell_col (first) < 8 ? first + 1 : first - 1;
  memcpy (read, puzzle, LENS_GRID_CELLS);
  read[peer] = 0;
  lens_repair_clash_init (&clash, read);
  cells[0] = (guint8) peer;
  to[0] = puzzle[first];
  g_assert_true (lens_repair_clash_changed (&clash, cells, to, 1));
  to[0] = 0;
  g_assert_false (lens_repair_clash_changed (&clash, cells, to, 1));

  read[peer] = puzzle[first];
  lens_repair_clash_init (&clash, read);
  g_assert_true (lens_repair_clash_changed (&clash, cells, to, 0));
  g_assert_false (lens_repair_clash_changed (&clash, cells, to, 1));
  cells[0] = (guint8) first;
  g_assert_false (lens_repair_clash_changed (&clash, cells, to, 1));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/repair-solutions/same-as-solver", test_same_as_solver);
  g_test_add_func ("/repair-solutions/sampled", test_sampled);
  g_test_add_func ("/repair-solutions/clash-examples", test_clash_examples);
  return g_test_run ();
}
