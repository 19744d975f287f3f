/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include "lens-play-tasks.h"
#include "lens-repair.h"

/* As the other tasks: below the redraw priority a spinning spinner would
 * starve the callback. */
#define TASK_PRIORITY G_PRIORITY_DEFAULT

typedef struct {
  LensGrid         grid;
  LensRepairScores scores;
  gboolean         has_scores;
} AnalyseJob;

void
lens_analysis_free (LensAnalysis *analysis)
{
  if (analysis == NULL)
    return;
  lens_result_free (analysis->result);
  g_free (analysis);
}

/* The repaired puzzle: the solution's cells that are givens. */
static void
repaired_puzzle (const LensResult *result,
                 guint8            puzzle[LENS_GRID_CELLS])
{
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    puzzle[i] = (result->solution.flags[i] & LENS_CELL_GIVEN) ? result->solution.digits[i] : 0;
}

static void
analyse_thread (GTask        *task,
                gpointer      source,
                gpointer      task_data,
                GCancellable *cancellable)
{
  const AnalyseJob *job = task_data;
  const LensRepairScores *scores = job->has_scores ? &job->scores : NULL;
  g_autoptr(LensAnalysis) analysis = g_new0 (LensAnalysis, 1);
  g_autoptr(GError) rate_error = NULL;
  LensRepairOptions options;
  LensRepairResult repair;
  guint8 puzzle[LENS_GRID_CELLS];
  GError *error = NULL;

  lens_repair_options_init (&options);
  options.cancellable = cancellable;
  if (!lens_repair (&job->grid, scores, &options, &repair, &error))
    return g_task_return_error (task, error);
  analysis->result = lens_result_new_from_repair (&job->grid, scores, &repair);
  if (lens_result_is_solved (analysis->result))
    {
      repaired_puzzle (analysis->result, puzzle);
      analysis->rated = lens_logic_rate (puzzle, &analysis->rating, NULL, cancellable, &rate_error);
    }
  if (g_task_return_error_if_cancelled (task))
    return;
  g_task_return_pointer (task, g_steal_pointer (&analysis), (GDestroyNotify) lens_analysis_free);
}

void
lens_analyse_async (const LensGrid      *grid,
                    const LensScan      *scan,
                    GCancellable        *cancellable,
                    GAsyncReadyCallback  callback,
                    gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (NULL, cancellable, callback, user_data);
  AnalyseJob *job = g_new0 (AnalyseJob, 1);

  g_return_if_fail (grid != NULL);

  job->grid = *grid;
  job->has_scores = scan != NULL;
  if (scan != NULL)
    lens_scan_get_repair_scores (scan, &job->scores);
  g_task_set_source_tag (task, lens_analyse_async);
  g_task_set_priority (task, TASK_PRIORITY);
  g_task_set_task_data (task, job, g_free);
  g_task_run_in_thread (task, analyse_thread);
}

LensAnalysis *
lens_analyse_finish (GAsyncResult  *result,
                     GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

typedef struct {
  guint8         givens[LENS_GRID_CELLS];
  LensCandidates state;
  guint8         solution[LENS_GRID_CELLS];
} HintJob;

static void
hint_thread (GTask        *task,
             gpointer      source,
             gpointer      task_data,
             GCancellable *cancellable)
{
  const HintJob *job = task_data;
  LensLogicStep *step = lens_logic_check (job->givens, &job->state, job->solution);
  GError *error = NULL;

  if (step == NULL)
    step = lens_logic_next_step (&job->state, job->solution, cancellable, &error);
  if (error != NULL)
    return g_task_return_error (task, error);
  g_task_return_pointer (task, step, (GDestroyNotify) lens_logic_step_free);
}

void
lens_hint_async (const guint8          givens[LENS_GRID_CELLS],
                 const LensCandidates *state,
                 const guint8          solution[LENS_GRID_CELLS],
                 GCancellable         *cancellable,
                 GAsyncReadyCallback   callback,
                 gpointer              user_data)
{
  g_autoptr(GTask) task = g_task_new (NULL, cancellable, callback, user_data);
  HintJob *job = g_new0 (HintJob, 1);

  g_return_if_fail (givens != NULL && state != NULL && solution != NULL);

  memcpy (job->givens, givens, sizeof job->givens);
  job->state = *state;
  memcpy (job->solution, solution, sizeof job->solution);
  g_task_set_source_tag (task, lens_hint_async);
  g_task_set_priority (task, TASK_PRIORITY);
  g_task_set_task_data (task, job, g_free);
  g_task_run_in_thread (task, hint_thread);
}

LensLogicStep *
lens_hint_finish (GAsyncResult  *result,
                  GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}
