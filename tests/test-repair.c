/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <string.h>

#include "lens-repair.h"
#include "lens-result.h"
#include "lens-test-util.h"
#include "lens-grid-test.h"

/* Recognition errors are injected into ground-truth puzzles with a noise
 * model for the recognizer's probabilities, and repair must find the true
 * puzzle again. Run with "-m slow [--dataset DIR]" to measure over more
 * trials or over every .dat file of a photo directory. */

typedef enum {
  ERROR_SUBSTITUTE,  /* a given read as another digit */
  ERROR_PHANTOM,     /* an empty cell read as a digit: repair deletes it */
  ERROR_MISSED,      /* a given read as empty: repair inserts it */
  ERROR_MIXED,       /* any of the three above */
  ERROR_CONFIDENT,   /* a wrong digit read with near certainty */
  N_ERROR_KINDS
} ErrorKind;

/* Asserts that a repair ended in @outcome with @n_changes changes. */
static void
assert_outcome (const LensRepairResult *result,
                LensRepairOutcome       outcome,
                guint                   n_changes)
{
  g_assert_cmpint (result->outcome, ==, outcome);
  g_assert_cmpuint (result->n_changes, ==, n_changes);
}

static const char *kind_names[N_ERROR_KINDS] = {
  "wrong digit", "phantom digit", "missed digit", "mixed", "confident wrong digit",
};

typedef struct {
  LensGrid truth;
  guint8   solution[LENS_GRID_CELLS];
} Puzzle;

static GArray *puzzles;       /* Puzzle */
static const char *dataset;   /* --dataset DIR, slow mode only */

static void
add_puzzle (GArray   *array,
            LensGrid *truth,
            gboolean  distinct)
{
  Puzzle p = { .truth = *truth };

  g_assert_cmpuint (lens_solver_count (truth->digits, 2, p.solution), ==, 1);
  for (guint i = 0; distinct && i < array->len; i++)
    if (lens_grid_equal_digits (&g_array_index (array, Puzzle, i).truth, truth))
      return;
  g_array_append_val (array, p);
}

static GArray *
load_fixture_puzzles (void)
{
  g_autoptr(GArray) grids = lens_test_read_grids ("repair", "puzzles.txt");
  GArray *array = g_array_new (FALSE, FALSE, sizeof (Puzzle));

  for (guint i = 0; i < grids->len; i++)
    add_puzzle (array, &g_array_index (grids, LensGrid, i), TRUE);
  g_assert_cmpuint (array->len, >=, 30);
  return array;
}

static GArray *
load_dataset_puzzles (const char *dir)
{
  g_autoptr(GDir) d = NULL;
  g_autoptr(GError) error = NULL;
  GArray *array = g_array_new (FALSE, FALSE, sizeof (Puzzle));
  const char *name;
  guint files = 0;

  d = g_dir_open (dir, 0, &error);
  g_assert_no_error (error);
  while ((name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = NULL;
      LensGrid grid;

      if (!g_str_has_suffix (name, ".dat"))
        continue;
      path = g_build_filename (dir, name, NULL);
      g_assert_true (lens_grid_load_file (&grid, path, &error));
      files++;
      add_puzzle (array, &grid, FALSE);
    }
  g_test_message ("%s: %u ground-truth grids", dir, files);
  g_assert_cmpuint (array->len, >, 0);
  return array;
}

/* The noise model, after the builtin recognizer on the tune photos: a
 * right reading is sure (0.01-0.5% left for other classes; the model gives
 * 0.1% to 99% of them), but 1% of them keep 5-40% for other classes. A
 * wrong reading has 40-90% and the true class is its runner-up. Leftover
 * mass goes to random classes, as blur and halftone spread it. */

static void
spread_rest (float   *p,
             guint8   keep_a,
             guint8   keep_b,
             float    rest,
             GRand   *rand)
{
  for (guint n = 0; n < 2 && rest > 0; n++)
    {
      guint8 c;
      float share = n == 1 ? rest : rest * (float) g_rand_double_range (rand, 0.3, 1.0);

      do
        c = (guint8) g_rand_int_range (rand, 0, LENS_REPAIR_N_CLASSES);
      while (c == keep_a || c == keep_b);
      p[c] += share;
      rest -= share;
    }
}

static void
score_right_cell (float  *p,
                  guint8  truth,
                  GRand  *rand)
{
  float doubt = g_rand_double (rand) < 0.01 ? (float) g_rand_double_range (rand, 0.05, 0.4)
                                           : (float) g_rand_double_range (rand, 0.0001, 0.005);

  memset (p, 0, sizeof (float) * LENS_REPAIR_N_CLASSES);
  p[truth] = 1.f - doubt;
  spread_rest (p, truth, truth, doubt, rand);
}

static void
score_wrong_cell (float  *p,
                  guint8  read,
                  guint8  truth,
                  GRand  *rand)
{
  float top = (float) g_rand_double_range (rand, 0.4, 0.9);
  float second = (1.f - top) * (float) g_rand_double_range (rand, 0.4, 1.0);

  memset (p, 0, sizeof (float) * LENS_REPAIR_N_CLASSES);
  p[read] = top;
  p[truth] = MIN (second, top * 0.95f);
  spread_rest (p, read, truth, 1.f - p[read] - p[truth], rand);
}

/* What a real recognizer also does: a wrong digit at 95-99.99%, the true
 * one far down the list. Only clashes and the solver can catch it. */
static void
score_confident_cell (float  *p,
                      guint8  read,
                      guint8  truth,
                      GRand  *rand)
{
  memset (p, 0, sizeof (float) * LENS_REPAIR_N_CLASSES);
  p[truth] = (float) g_rand_double_range (rand, 1e-5, 5e-4);
  p[read] = (float) g_rand_double_range (rand, 0.95, 0.9999);
  spread_rest (p, read, truth, 1.f - p[read] - p[truth], rand);
}

static gboolean
inject_one (LensGrid     *read,
            const Puzzle *puzzle,
            ErrorKind     kind,
            GRand        *rand)
{
  guint cell = (guint) g_rand_int_range (rand, 0, LENS_GRID_CELLS);
  guint8 truth = puzzle->truth.digits[cell];

  if (read->digits[cell] != truth)
    return FALSE;
  if (kind == ERROR_MIXED)
    kind = (ErrorKind) g_rand_int_range (rand, 0, ERROR_MIXED);
  switch (kind)
    {
    case ERROR_SUBSTITUTE:
    case ERROR_CONFIDENT:
      if (truth == 0)
        return FALSE;
      do
        read->digits[cell] = (guint8) g_rand_int_range (rand, 1, 10);
      while (read->digits[cell] == truth);
      return TRUE;
    case ERROR_PHANTOM:
      if (truth != 0)
        return FALSE;
      read->digits[cell] = (guint8) g_rand_int_range (rand, 1, 10);
      return TRUE;
    case ERROR_MISSED:
      if (truth == 0)
        return FALSE;
      read->digits[cell] = 0;
      return TRUE;
    default:
      g_assert_not_reached ();
    }
}

static void
make_reading (const Puzzle     *puzzle,
              ErrorKind         kind,
              guint             n_errors,
              GRand            *rand,
              LensGrid         *read,
              LensRepairScores *scores)
{
  *read = puzzle->truth;
  for (guint done = 0; done < n_errors;)
    done += inject_one (read, puzzle, kind, rand);
  lens_grid_mark_givens (read);
  for (guint cell = 0; cell < LENS_GRID_CELLS; cell++)
    {
      if (read->digits[cell] == puzzle->truth.digits[cell])
        score_right_cell (scores->p[cell], read->digits[cell], rand);
      else if (kind == ERROR_CONFIDENT)
        score_confident_cell (scores->p[cell], read->digits[cell], puzzle->truth.digits[cell], rand);
      else
        score_wrong_cell (scores->p[cell], read->digits[cell], puzzle->truth.digits[cell], rand);
    }
}

typedef struct {
  guint  trials;
  guint  exact;        /* repaired puzzle equals the truth */
  guint  solved;       /* unique solution equal to the true one */
  guint  wrong;        /* a unique solution that is not the true one */
  guint  wrong_fixed;  /* of those, made by changing the reading */
  guint  wrong_unsure; /* of those, flagged unsure */
  guint  right_unsure; /* the true solution, flagged unsure */
  guint  gave_up;
  guint  undetectable; /* the grid as read was already a valid puzzle */
  GArray *times;       /* double ms */
} Tally;

typedef struct {
  double exact;       /* % of trials */
  double detected;    /* % of the trials with a detectable error */
  double solved;      /* % of trials with the true solution */
  double flagged;     /* % of wrong solutions from changes that are flagged */
  double doubted;     /* % of true solutions flagged all the same */
} Rates;

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

static double
percentile (GArray *times,
            double  q)
{
  g_array_sort (times, compare_doubles);
  return g_array_index (times, double, (guint) (q * (times->len - 1)));
}

/* An unsure result names the cells to check: those that tell it from its
 * rival, or else those it changed. A sure one names none. */
static void
assert_cells_to_check (const LensRepairResult *result)
{
  gboolean cells[LENS_GRID_CELLS];
  guint n = lens_repair_cells_to_check (result, cells);
  gboolean has_rival = result->doubt == LENS_REPAIR_DOUBT_RIVAL;

  if (!result->unsure)
    {
      g_assert_cmpuint (n, ==, 0);
      return;
    }
  g_assert_cmpuint (n, >, 0);
  for (guint cell = 0; cell < LENS_GRID_CELLS; cell++)
    if (cells[cell] && has_rival)
      g_assert_cmpuint (result->rival.digits[cell], !=, result->puzzle.digits[cell]);
    else if (cells[cell])
      g_assert_true (result->puzzle.flags[cell] & LENS_CELL_REPAIRED);
}

static void
tally_one (Tally                  *t,
           const Puzzle           *puzzle,
           const LensRepairResult *result)
{
  t->trials++;
  t->exact += lens_grid_equal_digits (&result->puzzle, &puzzle->truth);
  if (result->status == LENS_SOLVE_UNIQUE)
    {
      gboolean right = memcmp (result->solution.digits, puzzle->solution, LENS_GRID_CELLS) == 0;

      t->solved += right;
      t->wrong += !right;
      t->wrong_fixed += !right && result->outcome != LENS_REPAIR_UNCHANGED;
      t->wrong_unsure += !right && result->outcome != LENS_REPAIR_UNCHANGED && result->unsure;
      t->right_unsure += right && result->unsure;
      g_assert_true (lens_grid_is_solution_of (&result->solution, &result->puzzle));
      g_assert_cmpint (result->unsure, ==, result->doubt != LENS_REPAIR_DOUBT_NONE);
      g_assert_cmpint (lens_grid_count_filled (&result->rival) > 0, ==, result->doubt == LENS_REPAIR_DOUBT_RIVAL);
      if (result->doubt == LENS_REPAIR_DOUBT_RIVAL)
        {
          guint8 other[LENS_GRID_CELLS];

          g_assert_cmpuint (lens_solver_count (result->rival.digits, 2, other), ==, 1);
          g_assert_true (memcmp (other, result->solution.digits, LENS_GRID_CELLS) != 0);
        }
      assert_cells_to_check (result);
    }
  else
    {
      g_assert_cmpuint (lens_grid_count_filled (&result->solution), ==, 0);
    }
  t->gave_up += result->outcome == LENS_REPAIR_GAVE_UP;
  t->undetectable += result->outcome == LENS_REPAIR_UNCHANGED;
  g_array_append_val (t->times, result->elapsed_ms);
}

static Tally
run_trials (GArray    *set,
            ErrorKind  kind,
            guint      n_errors,
            guint      rounds,
            guint32    seed)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (seed);
  Tally t = { .times = g_array_new (FALSE, FALSE, sizeof (double)) };

  for (guint round = 0; round < rounds; round++)
    for (guint i = 0; i < set->len; i++)
      {
        const Puzzle *puzzle = &g_array_index (set, Puzzle, i);
        LensRepairScores scores;
        LensRepairResult result;
        LensGrid read;
        g_autoptr(GError) error = NULL;

        make_reading (puzzle, kind, n_errors, rand, &read, &scores);
        g_assert_true (lens_repair (&read, &scores, NULL, &result, &error));
        g_assert_no_error (error);
        tally_one (&t, puzzle, &result);
      }
  return t;
}

static Rates
report (const char *label,
        ErrorKind   kind,
        guint       n_errors,
        Tally      *t)
{
  Rates r = {
    .exact = 100.0 * t->exact / t->trials,
    .detected = 100.0 * t->exact / MAX (1, t->trials - t->undetectable),
    .solved = 100.0 * t->solved / t->trials,
    .flagged = t->wrong_fixed ? 100.0 * t->wrong_unsure / t->wrong_fixed : 100.0,
    .doubted = t->solved ? 100.0 * t->right_unsure / t->solved : 0.0,
  };

  g_test_message ("%s: %u %s%s: exact %.1f%% (%u/%u), of detectable %.1f%% (%u undetectable), "
                  "true solution %.1f%% (%u flagged unsure), wrong solution %u (%u after changes, %u flagged unsure), gave up %u, "
                  "median %.3f ms, p99 %.2f ms, max %.2f ms",
                  label, n_errors, kind_names[kind], n_errors > 1 ? "s" : "",
                  r.exact, t->exact, t->trials, r.detected, t->undetectable,
                  r.solved, t->right_unsure, t->wrong, t->wrong_fixed, t->wrong_unsure, t->gave_up, percentile (t->times, 0.5),
                  percentile (t->times, 0.99), percentile (t->times, 1.0));
  g_array_unref (t->times);
  return r;
}

/* Repair must not trade a right reading for a rival: the recognizer's
 * doubt alone, with no error, should leave the puzzle as printed. */
static double
report_kept (const char *label,
             Tally      *t)
{
  double kept = 100.0 * t->exact / t->trials;

  g_test_message ("%s: no error: kept %.2f%% (%u/%u), wrong solution %u, true solution flagged unsure %u",
                  label, kept, t->exact, t->trials, t->wrong, t->right_unsure);
  g_array_unref (t->times);
  return kept;
}

static const Puzzle *
fixture (guint i)
{
  return &g_array_index (puzzles, Puzzle, i % puzzles->len);
}

static void
sure_scores (const LensGrid   *grid,
             LensRepairScores *scores)
{
  memset (scores, 0, sizeof *scores);
  for (guint cell = 0; cell < LENS_GRID_CELLS; cell++)
    scores->p[cell][grid->digits[cell]] = 1.f;
}

static void
assert_solution_flags (const LensRepairResult *result)
{
  for (guint cell = 0; cell < LENS_GRID_CELLS; cell++)
    {
      guint8 flags = result->solution.flags[cell];

      if (result->puzzle.digits[cell] == 0)
        g_assert_cmpuint (flags & ~LENS_CELL_REPAIRED, ==, LENS_CELL_SOLVED);
      else if (result->puzzle.flags[cell] & LENS_CELL_REPAIRED)
        g_assert_cmpuint (flags, ==, LENS_CELL_GIVEN | LENS_CELL_REPAIRED);
      else
        g_assert_cmpuint (flags, ==, LENS_CELL_GIVEN);
    }
}

static void
test_correct_puzzle_unchanged (void)
{
  for (guint i = 0; i < puzzles->len; i++)
    {
      const Puzzle *p = fixture (i);
      LensRepairScores scores;
      LensRepairResult result;
      g_autoptr(GError) error = NULL;

      sure_scores (&p->truth, &scores);
      g_assert_true (lens_repair (&p->truth, i % 2 ? &scores : NULL, NULL, &result, &error));
      g_assert_no_error (error);
      g_assert_cmpint (result.outcome, ==, LENS_REPAIR_UNCHANGED);
      g_assert_cmpint (result.status, ==, LENS_SOLVE_UNIQUE);
      g_assert_cmpuint (result.n_changes, ==, 0);
      g_assert_true (lens_grid_equal_digits (&result.puzzle, &p->truth));
      g_assert_cmpmem (result.solution.digits, LENS_GRID_CELLS, p->solution, LENS_GRID_CELLS);
      assert_solution_flags (&result);
    }
}

static void
test_several_solutions_reported (void)
{
  LensGrid sparse = fixture (0)->truth;
  LensRepairResult result;
  g_autoptr(GError) error = NULL;

  for (guint cell = 0, kept = 0; cell < LENS_GRID_CELLS; cell++)
    if (sparse.digits[cell] && ++kept > 12)
      sparse.digits[cell] = 0;
  lens_grid_mark_givens (&sparse);
  g_assert_true (lens_repair (&sparse, NULL, NULL, &result, &error));
  g_assert_cmpint (result.status, ==, LENS_SOLVE_MULTIPLE);
  assert_outcome (&result, LENS_REPAIR_NOT_FOUND, 0);
  g_assert_true (lens_grid_equal_digits (&result.puzzle, &sparse));
  g_assert_cmpuint (lens_grid_count_filled (&result.solution), ==, 0);
}

static gboolean
changes_cell (const LensRepairResult *result,
              guint                   cell)
{
  for (guint i = 0; i < result->n_changes; i++)
    if (result->changes[i].cell == cell)
      return TRUE;
  return FALSE;
}

/* A 5 typed at r1c3 clashes with the printed 5 at r1c1: repair takes the
 * typed one out, unless it is told to leave that cell alone. */
static void
test_fixed_cells_kept (void)
{
  LensGrid grid;
  LensRepairResult result;
  LensRepairOptions options;
  gboolean fixed[LENS_GRID_CELLS] = { FALSE };
  g_autoptr(GError) error = NULL;

  g_assert_true (lens_grid_parse (&grid, "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
                                  -1, NULL));
  grid.digits[2] = 5;
  lens_grid_mark_givens (&grid);
  lens_repair_options_init (&options);
  g_assert_true (lens_repair (&grid, NULL, &options, &result, &error));
  g_assert_true (changes_cell (&result, 2));

  fixed[2] = TRUE;
  options.fixed = fixed;
  g_assert_true (lens_repair (&grid, NULL, &options, &result, &error));
  g_assert_no_error (error);
  g_assert_false (changes_cell (&result, 2));
  g_assert_cmpuint (result.puzzle.digits[2], ==, 5);
}

/* Four clashes far apart need four deletions: beyond a bound of three. */
static void
test_none_within_bound (void)
{
  LensGrid grid;
  LensRepairResult result;
  LensRepairOptions options;
  g_autoptr(GError) error = NULL;

  lens_grid_clear (&grid);
  for (guint i = 0; i < 4; i++)
    {
      grid.digits[i * 20] = 5;
      grid.digits[i * 20 + 1] = 5;
    }
  lens_grid_mark_givens (&grid);
  lens_repair_options_init (&options);
  g_assert_true (lens_repair (&grid, NULL, &options, &result, &error));
  g_assert_cmpint (result.status, ==, LENS_SOLVE_NONE);
  assert_outcome (&result, LENS_REPAIR_NOT_FOUND, 0);
  g_assert_true (lens_grid_equal_digits (&result.puzzle, &grid));
  g_assert_cmpuint (lens_grid_count_filled (&result.solution), ==, 0);

  options.max_changes = 4;
  g_assert_true (lens_repair (&grid, NULL, &options, &result, &error));
  g_assert_cmpint (result.status, ==, LENS_SOLVE_MULTIPLE);
  g_assert_cmpuint (result.n_changes, ==, 4);
  for (guint i = 0; i < result.n_changes; i++)
    {
      g_assert_cmpuint (result.changes[i].to, ==, 0);
      g_assert_cmpint (result.changes[i].reason, ==, LENS_REPAIR_REASON_CONFLICT);
    }
}

static guint
deletion_status (const LensGrid *grid,
                 guint           cell,
                 guint8         *solution)
{
  guint8 digits[LENS_GRID_CELLS];
  g_autoptr(GArray) conflicts = NULL;
  LensGrid g;

  memcpy (digits, grid->digits, LENS_GRID_CELLS);
  digits[cell] = 0;
  lens_grid_clear (&g);
  lens_grid_set_digits (&g, digits);
  conflicts = lens_grid_find_conflicts (&g);
  return conflicts->len ? 0 : lens_solver_count (digits, 2, solution);
}

/* A typed puzzle has no readings: the fewest deletions that make it
 * solvable, and among those one that leaves a single solution; flagged
 * unsure when another such deletion solves differently. */
static void
test_typed_fewest_deletions (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (7);
  guint checked = 0, ambiguous = 0;

  for (guint trial = 0; trial < 200; trial++)
    {
      LensRepairScores unused;
      LensRepairResult result;
      LensGrid read;
      gboolean one_fixes = FALSE, one_unique = FALSE, rivals = FALSE;
      guint8 first[LENS_GRID_CELLS], other[LENS_GRID_CELLS];

      make_reading (fixture (trial), ERROR_SUBSTITUTE, 1, rand, &read, &unused);
      if (lens_solver_count (read.digits, 2, NULL) > 0)
        continue;
      for (guint cell = 0; cell < LENS_GRID_CELLS; cell++)
        if (read.digits[cell])
          {
            guint n = deletion_status (&read, cell, one_unique ? other : first);

            one_fixes |= n > 0;
            if (n == 1 && one_unique)
              rivals |= memcmp (first, other, LENS_GRID_CELLS) != 0;
            one_unique |= n == 1;
          }
      g_assert_true (lens_repair (&read, NULL, NULL, &result, NULL));
      g_assert_cmpint (result.status, !=, LENS_SOLVE_NONE);
      if (one_fixes)
        {
          g_assert_cmpuint (result.n_changes, ==, 1);
          g_assert_cmpint (result.status == LENS_SOLVE_UNIQUE, ==, one_unique);
          g_assert_cmpint (result.unsure, ==, rivals);
          ambiguous += rivals;
        }
      for (guint i = 0; i < result.n_changes; i++)
        {
          g_assert_cmpuint (result.changes[i].to, ==, 0);
          g_assert_cmpfloat (result.changes[i].cost, ==, 1.0);
        }
      if (result.status == LENS_SOLVE_UNIQUE)
        g_assert_true (lens_grid_is_solution_of (&result.solution, &result.puzzle));
      checked++;
    }
  g_assert_cmpuint (checked, >, 150);
  g_assert_cmpuint (ambiguous, >, 0);
  g_assert_cmpuint (ambiguous, <, checked);
}

/* A digit the user typed has no reading: repair changes the scanned
 * digit that clashes with it, not the typed one. */
static void
test_typed_cells_trusted (void)
{
  const Puzzle *p = fixture (3);
  LensRepairScores scores;
  LensRepairResult result;
  LensGrid read = p->truth;
  guint typed = 0, scanned = 0;

  while (p->truth.digits[typed] == 0)
    typed++;
  for (scanned = 0; scanned < LENS_GRID_CELLS; scanned++)
    if (p->truth.digits[scanned] && p->truth.digits[scanned] != p->truth.digits[typed] &&
        lens_cell_row (scanned) == lens_cell_row (typed))
      break;
  g_assert_cmpuint (scanned, <, LENS_GRID_CELLS);
  read.digits[scanned] = p->truth.digits[typed];
  sure_scores (&read, &scores);
  memset (scores.p[typed], 0, sizeof scores.p[typed]);
  scores.p[scanned][read.digits[scanned]] = 0.97f;
  scores.p[scanned][p->truth.digits[scanned]] = 0.03f;

  g_assert_true (lens_repair (&read, &scores, NULL, &result, NULL));
  assert_outcome (&result, LENS_REPAIR_REPAIRED, 1);
  g_assert_cmpuint (result.changes[0].cell, ==, scanned);
  g_assert_cmpuint (result.changes[0].from, ==, p->truth.digits[typed]);
  g_assert_cmpuint (result.changes[0].to, ==, p->truth.digits[scanned]);
  g_assert_cmpint (result.changes[0].reason, ==, LENS_REPAIR_REASON_CONFLICT);
  g_assert_true (lens_grid_equal_digits (&result.puzzle, &p->truth));
  g_assert_false (result.unsure);
  g_assert_true (result.puzzle.flags[scanned] & LENS_CELL_REPAIRED);
  g_assert_false (result.puzzle.flags[typed] & LENS_CELL_REPAIRED);
  assert_solution_flags (&result);
}

/* The first given other than @cell in @cell's row, or LENS_GRID_CELLS. */
static guint
row_peer (const LensGrid *grid,
          guint           cell)
{
  guint start = lens_cell_row (cell) * 9;

  for (guint peer = start; peer < start + 9; peer++)
    if (peer != cell && grid->digits[peer])
      return peer;
  return LENS_GRID_CELLS;
}

/* One doubted digit that clashes, among twenty readings each 15% likely
 * to be empty: repair mends the clash, but the odds of more misreads
 * than it may mend make the solution a guess. (Doubt between a digit and
 * empty leaves no rival: a deletion keeps the solution.) */
static void
test_more_errors_unsure (void)
{
  const Puzzle *p = fixture (0);
  LensGrid read = p->truth;
  LensRepairScores scores;
  LensRepairResult result;
  gboolean cells[LENS_GRID_CELLS];
  guint cell = 0, peer, doubted = 0;

  while (read.digits[cell] == 0)
    cell++;
  peer = row_peer (&read, cell);
  g_assert_cmpuint (peer, <, LENS_GRID_CELLS);
  read.digits[cell] = read.digits[peer];
  sure_scores (&read, &scores);
  scores.p[cell][read.digits[cell]] = 0.6f;
  scores.p[cell][p->truth.digits[cell]] = 0.4f;
  for (guint i = 0; i < LENS_GRID_CELLS && doubted < 20; i++)
    if (i != cell && i != peer && read.digits[i])
      {
        scores.p[i][read.digits[i]] = 0.85f;
        scores.p[i][0] = 0.15f;
        doubted++;
      }
  g_assert_cmpuint (doubted, ==, 20);
  g_assert_true (lens_repair (&read, &scores, NULL, &result, NULL));
  g_assert_true (lens_grid_equal_digits (&result.puzzle, &p->truth));
  g_assert_cmpint (result.doubt, ==, LENS_REPAIR_DOUBT_MORE_ERRORS);
  g_assert_true (result.unsure);
  g_assert_cmpuint (lens_repair_cells_to_check (&result, cells), ==, 1);
  g_assert_true (cells[cell]);
}

/* How many of the puzzles @try returns TRUE for. */
static guint
count_puzzles (gboolean (*try) (const Puzzle *p))
{
  guint n = 0;

  for (guint i = 0; i < puzzles->len; i++)
    n += try (fixture (i));
  return n;
}

/* A slip of the finger: a digit typed over a given, clashing with a peer
 * the reader was sure of. Deleting the typed digit is likelier than
 * overruling the reader. FALSE where no given can go with the puzzle
 * staying unique. */
static gboolean
typed_slip_deleted (const Puzzle *p)
{
  LensGrid read = p->truth;
  LensRepairScores scores;
  LensRepairResult result;
  guint typed, peer = 0;
  guint8 without[LENS_GRID_CELLS];

  for (typed = 0; typed < LENS_GRID_CELLS; typed++)
    {
      if (read.digits[typed] == 0 || (peer = row_peer (&read, typed)) == LENS_GRID_CELLS)
        continue;
      memcpy (without, p->truth.digits, sizeof without);
      without[typed] = 0;
      if (lens_solver_count (without, 2, NULL) == 1)
        break;
    }
  if (typed == LENS_GRID_CELLS)
    return FALSE;
  read.digits[typed] = read.digits[peer];
  sure_scores (&read, &scores);
  memset (scores.p[typed], 0, sizeof scores.p[typed]);
  g_assert_true (lens_repair (&read, &scores, NULL, &result, NULL));
  g_assert_cmpint (result.status, ==, LENS_SOLVE_UNIQUE);
  g_assert_cmpmem (result.solution.digits, LENS_GRID_CELLS, p->solution, LENS_GRID_CELLS);
  for (guint k = 0; k < result.n_changes; k++)
    g_assert_cmpuint (result.changes[k].cell, ==, typed);
  return TRUE;
}

static void
test_typed_slip_deleted (void)
{
  g_assert_cmpuint (count_puzzles (typed_slip_deleted), >, puzzles->len / 2);
}

/* A wrong digit read with certainty: whatever repair changes, it changes
 * against the reader's odds, so the solution is a guess to check. FALSE
 * where the repair solves nothing. */
static gboolean
overruled_sure_reading_unsure (const Puzzle *p)
{
  LensGrid read = p->truth;
  gboolean cells[LENS_GRID_CELLS];
  LensRepairScores scores;
  LensRepairResult result;
  guint cell, peer = 0;

  /* the first given with another in its row, read as that one */
  for (cell = 0; cell < LENS_GRID_CELLS; cell++)
    if (read.digits[cell] && (peer = row_peer (&read, cell)) < LENS_GRID_CELLS)
      break;
  g_assert_cmpuint (cell, <, LENS_GRID_CELLS);
  read.digits[cell] = read.digits[peer];
  sure_scores (&read, &scores);
  g_assert_true (lens_repair (&read, &scores, NULL, &result, NULL));
  if (result.status != LENS_SOLVE_UNIQUE)
    return FALSE;
  g_assert_cmpuint (result.n_changes, >, 0);
  g_assert_true (result.unsure);
  g_assert_cmpint (result.doubt, !=, LENS_REPAIR_DOUBT_NONE);
  g_assert_cmpuint (lens_repair_cells_to_check (&result, cells), >, 0);
  return TRUE;
}

static void
test_overruled_sure_reading_unsure (void)
{
  g_assert_cmpuint (count_puzzles (overruled_sure_reading_unsure), >, puzzles->len / 2);
}

/* Flat readings of a grid full of clashes: more than the bound can mend,
 * which repair sees at once. */
static void
flat_hopeless_reading (LensGrid         *grid,
                       LensRepairScores *scores)
{
  lens_grid_clear (grid);
  for (guint cell = 0; cell < LENS_GRID_CELLS; cell++)
    {
      grid->digits[cell] = (guint8) (1 + (cell * 7) % 9 / 2);
      for (guint c = 0; c < LENS_REPAIR_N_CLASSES; c++)
        scores->p[cell][c] = c == grid->digits[cell] ? 0.19f : 0.09f;
    }
  lens_grid_mark_givens (grid);
}

static void
test_hopeless_reading (void)
{
  LensRepairScores scores;
  LensRepairOptions options;
  LensRepairResult result;
  LensGrid grid;

  flat_hopeless_reading (&grid, &scores);
  lens_repair_options_init (&options);
  options.max_changes = LENS_REPAIR_MAX_CHANGES;
  g_assert_true (lens_repair (&grid, &scores, &options, &result, NULL));
  g_assert_cmpint (result.outcome, ==, LENS_REPAIR_NOT_FOUND);
  g_assert_cmpint (result.status, ==, LENS_SOLVE_NONE);
  g_assert_cmpuint (result.n_tried, ==, 0);
  g_assert_cmpuint (result.n_changes, ==, 0);
}

/* A reading, the options to repair it with and the repair. */
typedef struct {
  LensGrid          grid;
  LensRepairScores  scores;
  LensRepairOptions options;
  LensRepairResult  result;
} Job;

/* Twelve givens and ink of any digit in every empty cell: far too many
 * ways to try, so the time limit must end it with a clear "gave up". The
 * options are the defaults. */
static void
sparse_inky_reading (Job *job)
{
  LensGrid *grid = &job->grid;
  LensRepairScores *scores = &job->scores;

  lens_repair_options_init (&job->options);
  *grid = fixture (0)->truth;
  for (guint cell = 0, kept = 0; cell < LENS_GRID_CELLS; cell++)
    if (grid->digits[cell] && ++kept > 12)
      grid->digits[cell] = 0;
  lens_grid_mark_givens (grid);
  sure_scores (grid, scores);
  for (guint cell = 0; cell < LENS_GRID_CELLS; cell++)
    if (grid->digits[cell] == 0)
      for (guint c = 0; c < LENS_REPAIR_N_CLASSES; c++)
        scores->p[cell][c] = c == 0 ? 0.55f : 0.05f;
}

static void
test_time_limit (void)
{
  g_autoptr(GError) error = NULL;
  Job job;

  sparse_inky_reading (&job);
  job.options.max_changes = LENS_REPAIR_MAX_CHANGES;
  job.options.time_limit_ms = 50;
  g_assert_true (lens_repair (&job.grid, &job.scores, &job.options, &job.result, &error));
  g_assert_no_error (error);
  g_assert_cmpint (job.result.outcome, ==, LENS_REPAIR_GAVE_UP);
  g_assert_cmpint (job.result.status, ==, LENS_SOLVE_MULTIPLE);
  g_assert_cmpuint (job.result.n_changes, ==, 0);
  g_assert_true (lens_grid_equal_digits (&job.result.puzzle, &job.grid));
  g_assert_cmpuint (lens_grid_count_filled (&job.result.solution), ==, 0);
  g_assert_cmpfloat (job.result.elapsed_ms, >=, 50.0);
  g_assert_cmpfloat (job.result.elapsed_ms, <, 1000.0);
}

static void
test_cancelled (void)
{
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  Job job;

  sparse_inky_reading (&job);
  job.options.cancellable = cancellable;
  g_cancellable_cancel (cancellable);
  g_assert_false (lens_repair (&job.grid, &job.scores, &job.options, &job.result, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
}

typedef struct {
  Job          *job;
  GCancellable *cancellable;
  GError       *error;
} Running;

static gpointer
repair_thread (gpointer data)
{
  Running *running = data;

  running->job->options.max_changes = LENS_REPAIR_MAX_CHANGES;
  running->job->options.time_limit_ms = 10000;
  running->job->options.cancellable = running->cancellable;
  if (lens_repair (&running->job->grid, &running->job->scores, &running->job->options, &running->job->result,
                   &running->error))
    return GINT_TO_POINTER (TRUE);
  return NULL;
}

/* The app cancels a long repair, running in a worker, when the user edits
 * the grid again: it stops well before its own time limit. */
static void
test_cancel_while_running (void)
{
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  Job job;
  Running running = { &job, cancellable, NULL };
  gint64 start = g_get_monotonic_time ();
  GThread *thread;

  sparse_inky_reading (&job);
  thread = g_thread_new ("repair", repair_thread, &running);
  g_usleep (20000);
  g_cancellable_cancel (cancellable);
  g_assert_null (g_thread_join (thread));
  g_assert_error (running.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpint (g_get_monotonic_time () - start, <, 5 * G_USEC_PER_SEC);
  g_clear_error (&running.error);
}

static void
test_strings (void)
{
  g_assert_cmpstr (lens_repair_reason_to_string (LENS_REPAIR_REASON_CONFLICT), ==, "conflict");
  g_assert_cmpstr (lens_repair_reason_to_string (LENS_REPAIR_REASON_NO_SOLUTION), ==, "no-solution");
  g_assert_cmpstr (lens_repair_reason_to_string (LENS_REPAIR_REASON_NOT_UNIQUE), ==, "not-unique");
  g_assert_cmpstr (lens_repair_reason_to_string (LENS_REPAIR_REASON_LOW_CONFIDENCE), ==, "low-confidence");
  g_assert_cmpstr (lens_repair_reason_to_string (LENS_REPAIR_REASON_SYMMETRY), ==, "symmetry");
  g_assert_cmpstr (lens_repair_outcome_to_string (LENS_REPAIR_GAVE_UP), ==, "gave-up");
}

static gboolean
is_symmetric (const LensGrid *grid)
{
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    if ((grid->digits[i] != 0) != (grid->digits[LENS_GRID_CELLS - 1 - i] != 0))
      return FALSE;
  return TRUE;
}

/* A given missed in a symmetric puzzle that stays unique without it. */
static gboolean
find_redundant_given (gboolean  symmetric,
                      guint    *index,
                      guint    *cell)
{
  for (guint i = 0; i < puzzles->len; i++)
    {
      const Puzzle *p = fixture (i);

      if (is_symmetric (&p->truth) != symmetric)
        continue;
      for (guint c = 0; c < LENS_GRID_CELLS; c++)
        {
          guint8 digits[LENS_GRID_CELLS];

          if (p->truth.digits[c] == 0 || c == 40)
            continue;
          memcpy (digits, p->truth.digits, LENS_GRID_CELLS);
          digits[c] = 0;
          if (lens_solver_count (digits, 2, NULL) == 1)
            {
              *index = i;
              *cell = c;
              return TRUE;
            }
        }
    }
  return FALSE;
}

static void
read_with_missed (const Puzzle     *p,
                  guint             cell,
                  float             ink,
                  LensGrid         *read,
                  LensRepairScores *scores)
{
  *read = p->truth;
  read->digits[cell] = 0;
  lens_grid_mark_givens (read);
  sure_scores (read, scores);
  scores->p[cell][0] = 1.f - ink;
  scores->p[cell][p->truth.digits[cell]] = ink;
}

/* A redundant given of a puzzle whose givens are placed @symmetric or
 * not, read as empty with 30% ink there, and repaired with the default
 * options, which must end in @outcome with @n_changes changes: the
 * puzzle's @index, the @cell, and the @job. */
static void
repair_missed_given (gboolean           symmetric,
                     LensRepairOutcome  outcome,
                     guint              n_changes,
                     guint             *index,
                     guint             *cell,
                     Job               *job)
{
  g_assert_true (find_redundant_given (symmetric, index, cell));
  read_with_missed (fixture (*index), *cell, 0.3f, &job->grid, &job->scores);
  g_assert_true (lens_repair (&job->grid, &job->scores, NULL, &job->result, NULL));
  assert_outcome (&job->result, outcome, n_changes);
}

static void
test_symmetry_restores_missed (void)
{
  guint index, cell;
  Job job;

  repair_missed_given (TRUE, LENS_REPAIR_REPAIRED, 1, &index, &cell, &job);
  g_assert_cmpuint (job.result.changes[0].cell, ==, cell);
  g_assert_cmpuint (job.result.changes[0].from, ==, 0);
  g_assert_cmpint (job.result.changes[0].reason, ==, LENS_REPAIR_REASON_SYMMETRY);
  g_assert_true (lens_grid_equal_digits (&job.result.puzzle, &fixture (index)->truth));
  g_assert_cmpmem (job.result.solution.digits, LENS_GRID_CELLS, fixture (index)->solution, LENS_GRID_CELLS);

  /* Without ink in the cell, the empty reading stands. */
  read_with_missed (fixture (index), cell, 0.0005f, &job.grid, &job.scores);
  g_assert_true (lens_repair (&job.grid, &job.scores, NULL, &job.result, NULL));
  assert_outcome (&job.result, LENS_REPAIR_UNCHANGED, 0);

  /* A typed puzzle is taken as typed. */
  g_assert_true (lens_repair (&job.grid, NULL, NULL, &job.result, NULL));
  g_assert_cmpint (job.result.outcome, ==, LENS_REPAIR_UNCHANGED);
}

/* The user is told that the cell was filled in for symmetry, not that the
 * reader was unsure of it. */
static void
test_symmetry_explained (void)
{
  g_autoptr(LensResult) result = NULL;
  g_autofree char *expected = NULL;
  guint index, cell;
  Job job;

  repair_missed_given (TRUE, LENS_REPAIR_REPAIRED, 1, &index, &cell, &job);
  g_assert_cmpint (job.result.changes[0].reason, ==, LENS_REPAIR_REASON_SYMMETRY);
  result = lens_result_new_from_repair (&job.grid, &job.scores, &job.result);
  expected = g_strdup_printf ("Read as empty, changed to %u: the printed givens are placed symmetrically",
                              fixture (index)->truth.digits[cell]);
  g_assert_cmpstr (result->reasons[cell], ==, expected);
  g_assert_cmpint (result->outcome, ==, LENS_OUTCOME_REPAIRED);
}

/* Each reason has words of its own. */
static void
test_reasons_described (void)
{
  const LensRepairReason reasons[] = {
    LENS_REPAIR_REASON_CONFLICT, LENS_REPAIR_REASON_NO_SOLUTION, LENS_REPAIR_REASON_NOT_UNIQUE,
    LENS_REPAIR_REASON_LOW_CONFIDENCE, LENS_REPAIR_REASON_SYMMETRY,
  };

  for (guint i = 0; i < G_N_ELEMENTS (reasons); i++)
    for (guint j = 0; j < i; j++)
      g_assert_cmpstr (lens_repair_reason_describe (reasons[i]), !=, lens_repair_reason_describe (reasons[j]));
}

static void
test_asymmetric_left_alone (void)
{
  guint index, cell;
  Job job;

  repair_missed_given (FALSE, LENS_REPAIR_UNCHANGED, 0, &index, &cell, &job);
  g_assert_cmpmem (job.result.solution.digits, LENS_GRID_CELLS, fixture (index)->solution, LENS_GRID_CELLS);
}

typedef struct {
  const char *path;
  ErrorKind   kind;
  guint       n_errors;
  guint       rounds;
  double      min_detected;  /* % exact among detectable errors */
  double      min_solved;    /* % with the true solution */
  double      min_flagged;   /* % of wrong solutions from changes flagged unsure */
} InjectCase;

/* Each case also asks that wrong solutions reached by changing the
 * reading be flagged unsure, so that the user checks them.
 *
 * A missed or phantom digit that agrees with the solution leaves a valid
 * puzzle that only the symmetry of the givens can tell from the truth; a
 * wrong digit does so 4% of the time, and so may a repair that fixes some
 * of several errors. Such cases count against "exact" (the repaired
 * puzzle is the printed one) but not against "detected" (the same, among
 * the readings that were not already a valid puzzle). */
static const InjectCase inject_cases[] = {
  { "/repair/inject/wrong-digit/1", ERROR_SUBSTITUTE, 1, 40, 99.0, 95.0, 90.0 },
  { "/repair/inject/wrong-digit/2", ERROR_SUBSTITUTE, 2, 40, 90.0, 88.0, 90.0 },
  { "/repair/inject/wrong-digit/3", ERROR_SUBSTITUTE, 3, 40, 80.0, 80.0, 90.0 },
  { "/repair/inject/phantom-digit/1", ERROR_PHANTOM, 1, 40, 98.5, 99.5, 90.0 },
  { "/repair/inject/phantom-digit/2", ERROR_PHANTOM, 2, 40, 85.0, 99.0, 90.0 },
  { "/repair/inject/phantom-digit/3", ERROR_PHANTOM, 3, 40, 80.0, 98.5, 80.0 },
  { "/repair/inject/missed-digit/1", ERROR_MISSED, 1, 40, 97.0, 98.0, 90.0 },
  { "/repair/inject/missed-digit/2", ERROR_MISSED, 2, 40, 65.0, 95.0, 90.0 },
  { "/repair/inject/missed-digit/3", ERROR_MISSED, 3, 40, 55.0, 90.0, 90.0 },
  { "/repair/inject/mixed/1", ERROR_MIXED, 1, 40, 98.0, 98.0, 90.0 },
  { "/repair/inject/mixed/2", ERROR_MIXED, 2, 40, 78.0, 95.0, 70.0 },
  { "/repair/inject/mixed/3", ERROR_MIXED, 3, 40, 68.0, 90.0, 85.0 },
  { "/repair/inject/confident-wrong-digit/1", ERROR_CONFIDENT, 1, 10, 0.0, 60.0, 85.0 },
  { "/repair/inject/confident-wrong-digit/2", ERROR_CONFIDENT, 2, 4, 0.0, 10.0, 90.0 },
};

static void
test_inject (gconstpointer data)
{
  const InjectCase *c = data;
  guint rounds = g_test_slow () ? c->rounds * 10 : c->rounds;
  Tally t = run_trials (puzzles, c->kind, c->n_errors, rounds, 1000 * c->kind + c->n_errors);
  Rates r = report ("fixtures", c->kind, c->n_errors, &t);

  g_assert_cmpfloat (r.detected, >=, c->min_detected);
  g_assert_cmpfloat (r.solved, >=, c->min_solved);
  g_assert_cmpfloat (r.flagged, >=, c->min_flagged);
  /* Confident errors leave little to tell the grids apart: doubt is fair. */
  if (c->kind != ERROR_CONFIDENT)
    g_assert_cmpfloat (r.doubted, <=, 40.0);
}

static void
test_no_error_kept (void)
{
  guint rounds = g_test_slow () ? 400 : 40;
  Tally t = run_trials (puzzles, ERROR_SUBSTITUTE, 0, rounds, 7);
  guint wrong = t.wrong;

  g_assert_cmpfloat (report_kept ("fixtures", &t), >=, 99.5);
  g_assert_cmpuint (wrong, ==, 0);
}

static void
test_dataset_rates (void)
{
  g_autoptr(GArray) set = NULL;

  if (dataset == NULL)
    {
      g_test_skip ("no --dataset DIR given");
      return;
    }
  set = load_dataset_puzzles (dataset);
  {
    Tally t = run_trials (set, ERROR_SUBSTITUTE, 0, 20, 7);

    report_kept (dataset, &t);
  }
  for (ErrorKind kind = 0; kind < N_ERROR_KINDS; kind++)
    for (guint n = 1; n <= 3; n++)
      {
        Tally t = run_trials (set, kind, n, 20, 100 * kind + n);

        report (dataset, kind, n, &t);
      }
}

/* Nothing read (an outline on a photo with no Sudoku): the message says
 * so, and no cell is marked to check. */
static void
test_nothing_read (void)
{
  LensRepairResult repair;
  g_autoptr(LensResult) result = NULL;
  LensGrid read;

  lens_grid_clear (&read);
  lens_repair (&read, NULL, NULL, &repair, NULL);
  g_assert_cmpint (repair.status, !=, LENS_SOLVE_UNIQUE);
  result = lens_result_new_from_repair (&read, NULL, &repair);
  g_assert_false (lens_result_is_solved (result));
  g_assert_true (g_str_has_prefix (result->message, "No digit was read inside the outline."));
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    g_assert_false (result->suspects[i]);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  for (int i = 1; i + 1 < argc; i++)
    if (g_str_equal (argv[i], "--dataset"))
      dataset = argv[i + 1];
  puzzles = load_fixture_puzzles ();

  g_test_add_func ("/repair/unchanged", test_correct_puzzle_unchanged);
  g_test_add_func ("/repair/several-solutions", test_several_solutions_reported);
  g_test_add_func ("/repair/none-within-bound", test_none_within_bound);
  g_test_add_func ("/repair/typed/fewest-deletions", test_typed_fewest_deletions);
  g_test_add_func ("/repair/typed/trusted", test_typed_cells_trusted);
  g_test_add_func ("/repair/typed/slip-deleted", test_typed_slip_deleted);
  g_test_add_func ("/repair/unsure/more-errors", test_more_errors_unsure);
  g_test_add_func ("/repair/unsure/overruled-sure-reading", test_overruled_sure_reading_unsure);
  g_test_add_func ("/repair/symmetry/restores-missed", test_symmetry_restores_missed);
  g_test_add_func ("/repair/symmetry/explained", test_symmetry_explained);
  g_test_add_func ("/repair/symmetry/asymmetric-left-alone", test_asymmetric_left_alone);
  g_test_add_func ("/repair/reasons-described", test_reasons_described);
  g_test_add_func ("/repair/hopeless", test_hopeless_reading);
  g_test_add_func ("/repair/time-limit", test_time_limit);
  g_test_add_func ("/repair/cancelled", test_cancelled);
  g_test_add_func ("/repair/cancel-while-running", test_cancel_while_running);
  g_test_add_func ("/repair/strings", test_strings);
  g_test_add_func ("/repair/fixed-cells-kept", test_fixed_cells_kept);
  g_test_add_func ("/repair/nothing-read", test_nothing_read);
  g_test_add_func ("/repair/inject/no-error", test_no_error_kept);
  for (guint i = 0; i < G_N_ELEMENTS (inject_cases); i++)
    g_test_add_data_func (inject_cases[i].path, &inject_cases[i], test_inject);
  if (g_test_slow ())
    g_test_add_func ("/repair/inject/dataset", test_dataset_rates);
  return g_test_run ();
}
