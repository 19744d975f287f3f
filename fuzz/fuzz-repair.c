/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Repair of arbitrary grids with arbitrary recognizer probabilities.
 * Input: one option byte (bit 0: no scores; bits 1..3: max changes; bits
 * 4..5: time limit), 81
 * digit bytes (mod 10), then 810 score bytes, each row scaled to sum to 1
 * (a row of zeros is a typed cell). Missing bytes read as zero. Checks the
 * result against its own contract. */
#include <math.h>
#include <stdint.h>
#include <string.h>
#include <time.h>

#include "lens-repair.h"

static const guint time_limits_ms[] = { 5, 20, 50, 200 };

/* Room for the last step of the search under the sanitizers; a repair that
 * ignores its deadline overshoots by seconds. Measured in CPU time: on a
 * busy machine a niced fuzzer waits seconds for the CPU (found so). */
#define DEADLINE_SLACK_MS 1000

static double
thread_cpu_ms (void)
{
  struct timespec now;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &now);
  return now.tv_sec * 1e3 + now.tv_nsec / 1e6;
}

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

static guint8
byte_at (const uint8_t *data,
         size_t         size,
         size_t         i)
{
  return i < size ? data[i] : 0;
}

static void
read_scores (const uint8_t    *data,
             size_t            size,
             LensRepairScores *scores)
{
  for (guint cell = 0; cell < LENS_GRID_CELLS; cell++)
    {
      size_t row = 1 + LENS_GRID_CELLS + cell * LENS_REPAIR_N_CLASSES;
      float sum = 0;

      for (guint c = 0; c < LENS_REPAIR_N_CLASSES; c++)
        sum += byte_at (data, size, row + c);
      for (guint c = 0; c < LENS_REPAIR_N_CLASSES; c++)
        scores->p[cell][c] = sum > 0 ? byte_at (data, size, row + c) / sum : 0.f;
    }
}

static const LensRepairChange *
find_change (const LensRepairResult *result,
             guint                   cell)
{
  for (guint i = 0; i < result->n_changes; i++)
    if (result->changes[i].cell == cell)
      return &result->changes[i];
  return NULL;
}

static void
check_changes (const LensGrid         *read,
               const LensRepairResult *result,
               guint                   max_changes)
{
  double cost = 0;

  g_assert_cmpuint (result->n_changes, <=, max_changes);
  for (guint i = 0; i < result->n_changes; i++)
    {
      const LensRepairChange *change = &result->changes[i];

      g_assert_cmpuint (change->cell, <, LENS_GRID_CELLS);
      g_assert_true (find_change (result, change->cell) == change);
      g_assert_cmpuint (change->from, ==, read->digits[change->cell]);
      g_assert_cmpuint (change->to, ==, result->puzzle.digits[change->cell]);
      g_assert_cmpuint (change->from, !=, change->to);
      g_assert_true (isfinite (change->cost) && change->cost >= 0);
      g_assert_true (result->puzzle.flags[change->cell] & LENS_CELL_REPAIRED);
      cost += change->cost;
    }
  g_assert_cmpfloat_with_epsilon (result->cost, cost, 1e-3 * (1 + cost));
  for (guint cell = 0; cell < LENS_GRID_CELLS; cell++)
    if (find_change (result, cell) == NULL)
      g_assert_cmpuint (result->puzzle.digits[cell], ==, read->digits[cell]);
}

static void
check_status (const LensRepairResult *result)
{
  guint8 solution[LENS_GRID_CELLS];
  guint count = lens_solver_count (result->puzzle.digits, 2, solution);

  switch (result->outcome)
    {
    case LENS_REPAIR_UNCHANGED:
      g_assert_cmpuint (result->n_changes, ==, 0);
      G_GNUC_FALLTHROUGH;
    case LENS_REPAIR_REPAIRED:
      g_assert_cmpint (result->status, ==, LENS_SOLVE_UNIQUE);
      break;
    case LENS_REPAIR_NOT_FOUND:
    case LENS_REPAIR_GAVE_UP:
      g_assert_cmpint (result->status, !=, LENS_SOLVE_UNIQUE);
      break;
    default:
      g_assert_not_reached ();
    }
  g_assert_cmpuint (count, ==, result->status == LENS_SOLVE_NONE ? 0 :
                               result->status == LENS_SOLVE_UNIQUE ? 1 : 2);
  if (result->status == LENS_SOLVE_UNIQUE)
    {
      g_assert_true (lens_grid_is_solution_of (&result->solution, &result->puzzle));
      g_assert_cmpmem (result->solution.digits, LENS_GRID_CELLS, solution, LENS_GRID_CELLS);
    }
}

/* A guess says why, and names the cells to check; a rival solves apart. */
static void
check_doubt (const LensRepairResult *result)
{
  gboolean cells[LENS_GRID_CELLS];
  guint n = lens_repair_cells_to_check (result, cells);
  gboolean has_rival = lens_grid_count_filled (&result->rival) > 0;

  g_assert_cmpint (result->unsure, ==, result->doubt != LENS_REPAIR_DOUBT_NONE);
  g_assert_cmpint (has_rival, ==, result->doubt == LENS_REPAIR_DOUBT_RIVAL);
  if (result->unsure)
    g_assert_cmpint (result->status, ==, LENS_SOLVE_UNIQUE);
  g_assert_cmpint (n > 0, ==, result->unsure);
  if (has_rival)
    {
      guint8 other[LENS_GRID_CELLS];

      g_assert_cmpuint (lens_solver_count (result->rival.digits, 2, other), ==, 1);
      g_assert_true (memcmp (other, result->solution.digits, LENS_GRID_CELLS) != 0);
    }
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(GError) error = NULL;
  g_autofree LensRepairScores *scores = NULL;
  LensRepairOptions options;
  LensRepairResult result;
  LensGrid read;
  guint8 flags = byte_at (data, size, 0);
  guint max_changes;
  double cpu_ms;

  lens_grid_clear (&read);
  for (guint cell = 0; cell < LENS_GRID_CELLS; cell++)
    read.digits[cell] = byte_at (data, size, 1 + cell) % 10;
  lens_grid_mark_givens (&read);
  if (!(flags & 1))
    {
      scores = g_new0 (LensRepairScores, 1);
      read_scores (data, size, scores);
    }
  lens_repair_options_init (&options);
  options.max_changes = (flags >> 1) & 7;
  options.time_limit_ms = time_limits_ms[(flags >> 4) & 3];
  max_changes = options.max_changes ? options.max_changes : LENS_REPAIR_DEFAULT_MAX_CHANGES;

  cpu_ms = thread_cpu_ms ();
  g_assert_true (lens_repair (&read, scores, &options, &result, &error));
  cpu_ms = thread_cpu_ms () - cpu_ms;
  g_assert_no_error (error);
  check_changes (&read, &result, max_changes);
  check_status (&result);
  check_doubt (&result);
  g_assert_cmpfloat (MIN (result.elapsed_ms, cpu_ms), <=, options.time_limit_ms + DEADLINE_SLACK_MS);
  return 0;
}
