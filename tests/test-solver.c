/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <string.h>

#include "lens-error.h"
#include "lens-grid.h"
#include "lens-solver-private.h"
#include "lens-test-util.h"
#include "lens-grid-test.h"

static const char *classic =
  "4......5.....521.....9....21.78....5...7...6.....2...3...6...8.6...8..1..8.273...";
static const char *classic_solution =
  "423167958896352174715948632137896425249735861568421793354619287672584319981273546";

/* Two disjoint "deadly rectangles" of classic_solution: each set of four
 * cells can swap its two digits without breaking a rule. */
static const guint rectangle_a[] = { 0, 8, 9, 17 };
static const guint rectangle_b[] = { 31, 34, 49, 52 };

static void
parse_or_die (LensGrid   *grid,
              const char *text)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (lens_grid_parse (grid, text, -1, &error));
  g_assert_no_error (error);
}

static void
assert_solution_of (const guint8   *digits,
                    const LensGrid *puzzle)
{
  LensGrid solution;

  lens_grid_clear (&solution);
  memcpy (solution.digits, digits, LENS_GRID_CELLS);
  g_assert_true (lens_grid_is_solution_of (&solution, puzzle));
}

static GPtrArray *
load_fixture (const char *name)
{
  g_autoptr(GArray) grids = lens_test_read_grids ("puzzles", name);
  GPtrArray *puzzles = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < grids->len; i++)
    g_ptr_array_add (puzzles, g_memdup2 (&g_array_index (grids, LensGrid, i), sizeof (LensGrid)));
  g_assert_cmpuint (puzzles->len, >, 0);
  return puzzles;
}

static void
check_fixture (const char *name,
               guint       expected_count)
{
  g_autoptr(GPtrArray) puzzles = load_fixture (name);

  for (guint i = 0; i < puzzles->len; i++)
    {
      const LensGrid *puzzle = g_ptr_array_index (puzzles, i);
      guint8 digits[LENS_GRID_CELLS] = { 0 };

      g_assert_cmpuint (lens_solver_count (puzzle->digits, 2, digits), ==, expected_count);
      assert_solution_of (digits, puzzle);
    }
}

static void
test_six_classic (void)
{
  check_fixture ("six-classic.txt", 1);
}

static void
test_classic_solution (void)
{
  LensGrid puzzle, solution;
  g_autofree char *line = NULL;

  parse_or_die (&puzzle, classic);
  g_assert_cmpint (lens_solver_solve (&puzzle, &solution), ==, LENS_SOLVE_UNIQUE);
  line = lens_grid_to_line (&solution);
  g_assert_cmpstr (line, ==, classic_solution);
  g_assert_cmpuint (solution.flags[0], ==, LENS_CELL_GIVEN);
  g_assert_cmpuint (solution.flags[1], ==, LENS_CELL_SOLVED);
  g_assert_true (lens_grid_is_solution_of (&solution, &puzzle));
}

static void
test_fixture_cb (gconstpointer data)
{
  check_fixture (data, 1);
}

static void
test_multi_solution_fixture (void)
{
  check_fixture ("serg-multi-solution-sample.txt", 2);
}

static void
dig (LensGrid    *grid,
     const guint *cells,
     guint        n)
{
  for (guint i = 0; i < n; i++)
    grid->digits[cells[i]] = 0;
  lens_grid_mark_givens (grid);
}

static void
test_exact_counts (void)
{
  LensGrid one_rectangle, two_rectangles;
  guint8 digits[LENS_GRID_CELLS];

  parse_or_die (&one_rectangle, classic_solution);
  dig (&one_rectangle, rectangle_a, G_N_ELEMENTS (rectangle_a));
  two_rectangles = one_rectangle;
  dig (&two_rectangles, rectangle_b, G_N_ELEMENTS (rectangle_b));

  g_assert_cmpuint (lens_solver_count (one_rectangle.digits, 100, digits), ==, 2);
  assert_solution_of (digits, &one_rectangle);
  g_assert_cmpuint (lens_solver_count (two_rectangles.digits, 100, digits), ==, 4);
  assert_solution_of (digits, &two_rectangles);
  g_assert_cmpint (lens_solver_solve (&two_rectangles, NULL), ==, LENS_SOLVE_MULTIPLE);
}

/* A plain backtracker, slow but obviously right, to check the solver's
 * counts against: fills the empty cell with the fewest candidates first. */
static guint
candidate_mask (const guint8 *g,
                guint         cell)
{
  guint r = cell / 9, c = cell % 9, br = r / 3 * 3, bc = c / 3 * 3;
  guint used = 0;

  for (guint i = 0; i < 9; i++)
    used |= 1u << g[r * 9 + i] | 1u << g[i * 9 + c] | 1u << g[(br + i / 3) * 9 + bc + i % 3];
  return ~used & 0x3fe;
}

static guint
reference_count (guint8 *g,
                 guint   limit)
{
  guint best = LENS_GRID_CELLS, best_mask = 0, best_n = 10, count = 0;

  for (guint cell = 0; cell < LENS_GRID_CELLS; cell++)
    {
      guint mask, n;

      if (g[cell])
        continue;
      mask = candidate_mask (g, cell);
      n = (guint) __builtin_popcount (mask);
      if (n < best_n)
        {
          best = cell;
          best_mask = mask;
          best_n = n;
        }
    }
  if (best == LENS_GRID_CELLS)
    return 1;
  for (guint8 d = 1; d <= 9 && count < limit; d++)
    if (best_mask & (1u << d))
      {
        g[best] = d;
        count += reference_count (g, limit - count);
      }
  g[best] = 0;
  return count;
}

static gboolean
givens_valid (const guint8 *g)
{
  for (guint cell = 0; cell < LENS_GRID_CELLS; cell++)
    {
      guint8 trial[LENS_GRID_CELLS];

      if (!g[cell])
        continue;
      memcpy (trial, g, sizeof trial);
      trial[cell] = 0;
      if (!(candidate_mask (trial, cell) & (1u << g[cell])))
        return FALSE;
    }
  return TRUE;
}

/* Random puzzles dug out of a solved grid, some with one given changed:
 * unique, multiple and unsolvable ones, each counted by both solvers. */
static void
test_against_reference (void)
{
  LensGrid solved;
  guint seen[3] = { 0, 0, 0 };

  parse_or_die (&solved, classic_solution);
  for (guint round = 0; round < 400; round++)
    {
      LensGrid puzzle = solved;
      guint8 reference[LENS_GRID_CELLS], digits[LENS_GRID_CELLS];
      guint holes = (guint) g_test_rand_int_range (35, 62), expected, count;

      for (guint i = 0; i < holes; i++)
        puzzle.digits[g_test_rand_int_range (0, LENS_GRID_CELLS)] = 0;
      if (round % 2)
        puzzle.digits[g_test_rand_int_range (0, LENS_GRID_CELLS)] = (guint8) g_test_rand_int_range (1, 10);
      lens_grid_mark_givens (&puzzle);

      memcpy (reference, puzzle.digits, sizeof reference);
      expected = givens_valid (reference) ? reference_count (reference, 3) : 0;
      count = lens_solver_count (puzzle.digits, 3, digits);
      g_assert_cmpuint (count, ==, expected);
      if (count > 0)
        assert_solution_of (digits, &puzzle);
      seen[MIN (count, 2)]++;
    }
  /* the mix really covers all three answers */
  g_assert_cmpuint (seen[0], >, 20);
  g_assert_cmpuint (seen[1], >, 20);
  g_assert_cmpuint (seen[2], >, 20);
}

static void
test_limit (void)
{
  LensGrid unique, two_rectangles;
  guint8 digits[LENS_GRID_CELLS];

  parse_or_die (&unique, classic);
  parse_or_die (&two_rectangles, classic_solution);
  dig (&two_rectangles, rectangle_a, G_N_ELEMENTS (rectangle_a));
  dig (&two_rectangles, rectangle_b, G_N_ELEMENTS (rectangle_b));

  g_assert_cmpuint (lens_solver_count (unique.digits, 1, digits), ==, 1);
  assert_solution_of (digits, &unique);
  g_assert_cmpuint (lens_solver_count (unique.digits, 1000, NULL), ==, 1);
  for (guint limit = 1; limit <= 5; limit++)
    g_assert_cmpuint (lens_solver_count (two_rectangles.digits, limit, NULL), ==, MIN (limit, 4));
}

/* The list holds distinct solutions, as many as the count, the first
 * the one lens_solver_count() gives. */
static void
test_list (void)
{
  LensGrid two_rectangles;
  guint8 first[LENS_GRID_CELLS], list[5 * LENS_GRID_CELLS];

  parse_or_die (&two_rectangles, classic_solution);
  dig (&two_rectangles, rectangle_a, G_N_ELEMENTS (rectangle_a));
  dig (&two_rectangles, rectangle_b, G_N_ELEMENTS (rectangle_b));

  g_assert_cmpuint (lens_solver_count (two_rectangles.digits, 1, first), ==, 1);
  for (guint limit = 1; limit <= 5; limit++)
    {
      guint n = lens_solver_list (two_rectangles.digits, limit, list);

      g_assert_cmpuint (n, ==, MIN (limit, 4));
      g_assert_cmpmem (list, LENS_GRID_CELLS, first, LENS_GRID_CELLS);
      for (guint i = 0; i < n; i++)
        {
          assert_solution_of (list + i * LENS_GRID_CELLS, &two_rectangles);
          for (guint j = 0; j < i; j++)
            g_assert_true (memcmp (list + i * LENS_GRID_CELLS, list + j * LENS_GRID_CELLS,
                                   LENS_GRID_CELLS) != 0);
        }
    }
  parse_or_die (&two_rectangles, classic);
  g_assert_cmpuint (lens_solver_list (two_rectangles.digits, 5, list), ==, 1);
  assert_solution_of (list, &two_rectangles);
  two_rectangles.digits[1] = two_rectangles.digits[0];
  g_assert_cmpuint (lens_solver_list (two_rectangles.digits, 5, list), ==, 0);
}

static void
test_empty_grid (void)
{
  LensGrid empty, solution;
  guint8 digits[LENS_GRID_CELLS];

  lens_grid_clear (&empty);
  g_assert_cmpuint (lens_solver_count (empty.digits, 2, digits), ==, 2);
  assert_solution_of (digits, &empty);
  g_assert_cmpuint (lens_solver_count (empty.digits, 50000, NULL), ==, 50000);
  g_assert_cmpint (lens_solver_solve (&empty, &solution), ==, LENS_SOLVE_MULTIPLE);
  g_assert_true (lens_grid_is_solution_of (&solution, &empty));
  g_assert_cmpuint (solution.flags[40], ==, LENS_CELL_SOLVED);
}

static void
expect_no_solution (const LensGrid *puzzle)
{
  LensGrid solution, untouched;
  guint8 digits[LENS_GRID_CELLS], digits_before[LENS_GRID_CELLS];

  memset (digits, 0xaa, sizeof digits);
  memcpy (digits_before, digits, sizeof digits);
  memset (&solution, 0x55, sizeof solution);
  untouched = solution;
  g_assert_cmpuint (lens_solver_count (puzzle->digits, 2, digits), ==, 0);
  g_assert_cmpmem (digits, sizeof digits, digits_before, sizeof digits_before);
  g_assert_cmpint (lens_solver_solve (puzzle, &solution), ==, LENS_SOLVE_NONE);
  g_assert_cmpmem (&solution, sizeof solution, &untouched, sizeof untouched);
}

static void
test_duplicate_givens (void)
{
  /* a second 4 beside the classic's first-cell 4: same row, column, box */
  static const guint cells[] = { 8, 72, 10 };
  LensGrid puzzle;

  for (guint i = 0; i < G_N_ELEMENTS (cells); i++)
    {
      parse_or_die (&puzzle, classic);
      g_assert_cmpuint (puzzle.digits[cells[i]], ==, 0);
      puzzle.digits[cells[i]] = 4;
      g_assert_true (lens_grid_cell_conflicts (&puzzle, cells[i]));
      expect_no_solution (&puzzle);
    }

  lens_grid_clear (&puzzle);
  puzzle.digits[0] = 5;
  puzzle.digits[72] = 5;
  expect_no_solution (&puzzle);
}

static void
test_cell_without_candidate (void)
{
  LensGrid puzzle;
  g_autoptr(GArray) conflicts = NULL;

  /* the first cell sees 1..8 in its row and a 9 in its column */
  lens_grid_clear (&puzzle);
  for (guint col = 1; col < 9; col++)
    puzzle.digits[col] = (guint8) col;
  puzzle.digits[9 * 4] = 9;
  conflicts = lens_grid_find_conflicts (&puzzle);
  g_assert_cmpuint (conflicts->len, ==, 0);
  expect_no_solution (&puzzle);
}

static gboolean
has_candidate (const LensGrid *puzzle,
               guint           cell)
{
  LensGrid trial = *puzzle;

  for (guint8 d = 1; d <= 9; d++)
    {
      trial.digits[cell] = d;
      if (!lens_grid_cell_conflicts (&trial, cell))
        return TRUE;
    }
  return FALSE;
}

static void
test_subtle_contradiction (void)
{
  /* the first of forum-hardest-1106 with a wrong 1 in its first cell: no
   * given repeats and every cell keeps a candidate, yet it has no solution */
  const char *text =
    "1.......8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3";
  LensGrid puzzle;
  g_autoptr(GArray) conflicts = NULL;

  parse_or_die (&puzzle, text);
  conflicts = lens_grid_find_conflicts (&puzzle);
  g_assert_cmpuint (conflicts->len, ==, 0);
  for (guint cell = 0; cell < LENS_GRID_CELLS; cell++)
    g_assert_true (puzzle.digits[cell] != 0 || has_candidate (&puzzle, cell));
  expect_no_solution (&puzzle);

  puzzle.digits[0] = 0;
  g_assert_cmpuint (lens_solver_count (puzzle.digits, 2, NULL), ==, 1);
}

static void
test_out_of_range_digit (void)
{
  LensGrid puzzle;

  parse_or_die (&puzzle, classic);
  puzzle.digits[1] = 10;
  g_assert_cmpuint (lens_solver_count (puzzle.digits, 2, NULL), ==, 0);
}

static void
test_status_strings (void)
{
  g_assert_cmpstr (lens_solve_status_to_string (LENS_SOLVE_NONE), ==, "none");
  g_assert_cmpstr (lens_solve_status_to_string (LENS_SOLVE_UNIQUE), ==, "unique");
  g_assert_cmpstr (lens_solve_status_to_string (LENS_SOLVE_MULTIPLE), ==, "multiple");
}

/* LENS_SOLVER_LEVEL picks a lower engine than the processor runs (the
 * meson tests run this file once per engine); never a higher one. */
static void
test_engine (void)
{
  const char *wanted = g_getenv ("LENS_SOLVER_LEVEL");
  const char *name = lens_solver_engine_name ();
  static const char *names[] = { "baseline", "x86-64-v2", "x86-64-v3" };
  gboolean known = FALSE;

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    known = known || strcmp (name, names[i]) == 0;
  g_assert_true (known);
  if (wanted != NULL && strcmp (wanted, "baseline") == 0)
    g_assert_cmpstr (name, ==, "baseline");
  g_test_message ("solver engine: %s", name);
}

typedef struct {
  GPtrArray *puzzles;
  guint8    *expected;  /* one solution per puzzle, found on the main thread */
} ThreadJob;

static gpointer
count_all_cb (gpointer data)
{
  const ThreadJob *job = data;
  guint same = 0;

  for (guint round = 0; round < 20; round++)
    for (guint i = 0; i < job->puzzles->len; i++)
      {
        const LensGrid *puzzle = g_ptr_array_index (job->puzzles, i);
        guint8 digits[LENS_GRID_CELLS];

        if (lens_solver_count (puzzle->digits, 2, digits) == 1 &&
            memcmp (digits, job->expected + i * LENS_GRID_CELLS, LENS_GRID_CELLS) == 0)
          same++;
      }
  return GUINT_TO_POINTER (same);
}

static void
test_threads (void)
{
  g_autoptr(GPtrArray) puzzles = load_fixture ("magictour-top1465-sample.txt");
  g_autofree guint8 *expected = g_malloc (puzzles->len * LENS_GRID_CELLS);
  ThreadJob job = { puzzles, expected };
  GThread *threads[4];

  for (guint i = 0; i < puzzles->len; i++)
    {
      const LensGrid *puzzle = g_ptr_array_index (puzzles, i);

      g_assert_cmpuint (lens_solver_count (puzzle->digits, 2, expected + i * LENS_GRID_CELLS), ==, 1);
    }
  for (guint t = 0; t < G_N_ELEMENTS (threads); t++)
    threads[t] = g_thread_new ("solver", count_all_cb, &job);
  for (guint t = 0; t < G_N_ELEMENTS (threads); t++)
    g_assert_cmpuint (GPOINTER_TO_UINT (g_thread_join (threads[t])), ==, 20 * puzzles->len);
}

int
main (int    argc,
      char **argv)
{
  static const char *fixtures[] = {
    "17-clue-sample.txt",
    "magictour-top1465-sample.txt",
    "forum-hardest-1905-11plus-sample.txt",
    "forum-hardest-1106-sample.txt",
  };

  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/solver/six-classic", test_six_classic);
  g_test_add_func ("/solver/classic-solution", test_classic_solution);
  for (guint i = 0; i < G_N_ELEMENTS (fixtures); i++)
    {
      g_autofree char *path = g_strdup_printf ("/solver/fixture/%s", fixtures[i]);

      g_test_add_data_func (path, fixtures[i], test_fixture_cb);
    }
  g_test_add_func ("/solver/multi-solution", test_multi_solution_fixture);
  g_test_add_func ("/solver/exact-counts", test_exact_counts);
  g_test_add_func ("/solver/limit", test_limit);
  g_test_add_func ("/solver/list", test_list);
  g_test_add_func ("/solver/against-reference", test_against_reference);
  g_test_add_func ("/solver/empty-grid", test_empty_grid);
  g_test_add_func ("/solver/duplicate-givens", test_duplicate_givens);
  g_test_add_func ("/solver/cell-without-candidate", test_cell_without_candidate);
  g_test_add_func ("/solver/subtle-contradiction", test_subtle_contradiction);
  g_test_add_func ("/solver/out-of-range-digit", test_out_of_range_digit);
  g_test_add_func ("/solver/status-strings", test_status_strings);
  g_test_add_func ("/solver/threads", test_threads);
  g_test_add_func ("/solver/engine", test_engine);
  return g_test_run ();
}
