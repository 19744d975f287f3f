/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include "lens-pipeline.h"
#include "lens-corrections.h"
#include "lens-job.h"

void
lens_pipeline_result_clear (LensPipelineResult *result)
{
  g_return_if_fail (result != NULL);

  g_clear_pointer (&result->result, lens_result_free);
}

gboolean
lens_pipeline_read_image (LensRecognizer         *recognizer,
                          const LensImage        *image,
                          const LensScanOptions  *options,
                          LensScan               *scan,
                          LensGrid               *grid,
                          GError                **error)
{
  g_return_val_if_fail (recognizer != NULL && image != NULL, FALSE);
  g_return_val_if_fail (scan != NULL && grid != NULL, FALSE);

  if (!lens_scan_image (image, recognizer, options, scan, error))
    return FALSE;
  lens_scan_to_grid (scan, scan->threshold, grid);
  return TRUE;
}

gboolean
lens_pipeline_read_file (LensReader             *reader,
                         const char             *path,
                         const LensScanOptions  *options,
                         LensScan               *scan,
                         LensGrid               *grid,
                         LensImage             **image_out,
                         GError                **error)
{
  LensRecognizer *recognizer;

  g_return_val_if_fail (LENS_IS_READER (reader) && path != NULL, FALSE);
  g_return_val_if_fail (scan != NULL && grid != NULL, FALSE);

  recognizer = lens_reader_get_recognizer (reader, error);
  if (recognizer == NULL || !lens_scan_file (path, recognizer, options, scan, image_out, error))
    return FALSE;
  lens_scan_to_grid (scan, scan->threshold, grid);
  return TRUE;
}

/* Repair first as if the corrections were readings like any other; when it
 * changes one, again with them fixed: that answer stands if it is sure, or
 * else the player is told their digits block the way. */
static gboolean
solve_keeping_corrections (const LensGrid          *grid,
                           const LensRepairScores  *scores,
                           LensRepairOptions       *options,
                           LensPipelineResult      *out,
                           GError                 **error)
{
  gboolean fixed[LENS_GRID_CELLS];
  LensRepairResult kept;

  lens_grid_get_corrections (grid, fixed);
  options->fixed = fixed;
  if (!lens_repair (grid, scores, options, &kept, error))
    return FALSE;
  if (kept.status == LENS_SOLVE_UNIQUE && !kept.unsure)
    {
      out->repair = kept;
      out->result = lens_result_new_from_repair (grid, scores, &kept);
    }
  else
    out->result = lens_result_new_corrections_block (grid, &out->repair);
  return TRUE;
}

gboolean
lens_pipeline_solve (const LensGrid          *grid,
                     const LensRepairScores  *scores,
                     LensPipelineFlags        flags,
                     GCancellable            *cancellable,
                     LensPipelineResult      *out,
                     GError                 **error)
{
  LensRepairOptions options;

  g_return_val_if_fail (grid != NULL && out != NULL, FALSE);

  memset (out, 0, sizeof *out);
  lens_repair_options_init (&options);
  options.cancellable = cancellable;
  if (!lens_repair (grid, scores, &options, &out->repair, error))
    return FALSE;
  if (!(flags & LENS_PIPELINE_OVERRULE_CORRECTIONS) && lens_repair_changes_corrections (grid, &out->repair))
    return solve_keeping_corrections (grid, scores, &options, out, error);
  out->result = lens_result_new_from_repair (grid, scores, &out->repair);
  lens_result_describe_corrections (out->result, grid, &out->repair);
  return TRUE;
}

gboolean
lens_pipeline_solve_scan (const LensScan      *scan,
                          GCancellable        *cancellable,
                          LensPipelineResult  *result,
                          GError             **error)
{
  g_autofree LensRepairScores *scores = g_new (LensRepairScores, 1);
  LensGrid puzzle;

  g_return_val_if_fail (scan != NULL && result != NULL, FALSE);

  lens_scan_to_grid (scan, scan->threshold, &puzzle);
  lens_scan_get_repair_scores (scan, scores);
  return lens_pipeline_solve (&puzzle, scores, LENS_PIPELINE_DEFAULT, cancellable, result, error);
}

gboolean
lens_pipeline_solve_capture (const LensScan *scan,
                             GCancellable   *cancellable,
                             LensGrid       *solution)
{
  LensPipelineResult solved;
  gboolean unique;

  g_return_val_if_fail (scan != NULL && solution != NULL, FALSE);

  if (!lens_pipeline_solve_scan (scan, cancellable, &solved, NULL))
    return FALSE;
  unique = solved.repair.status == LENS_SOLVE_UNIQUE;
  *solution = solved.repair.solution;
  lens_pipeline_result_clear (&solved);
  return unique;
}

gboolean
lens_pipeline_check_scan (const LensScan      *scan,
                          double               epsilon,
                          LensPipelineResult  *solved,
                          LensEntryCheck      *check)
{
  g_autofree LensRepairScores *scores = g_new (LensRepairScores, 1);
  LensPipelineResult local;
  guint8 entries[LENS_GRID_CELLS];
  gboolean unique;

  g_return_val_if_fail (scan != NULL && check != NULL, FALSE);

  if (solved == NULL)
    solved = &local;
  /* Uncancellable, it cannot fail. */
  lens_pipeline_solve_scan (scan, NULL, solved, NULL);
  unique = solved->repair.status == LENS_SOLVE_UNIQUE;
  if (unique)
    {
      lens_scan_get_entries (scan, entries);
      lens_scan_get_repair_scores (scan, scores);
      lens_entries_check_with_prior (&solved->repair.puzzle, &solved->repair.solution, entries, scores,
                                     epsilon, check);
    }
  if (solved == &local)
    lens_pipeline_result_clear (&local);
  return unique;
}

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

LensAnalysis *
lens_pipeline_analyse (const LensGrid          *grid,
                       const LensRepairScores  *scores,
                       GCancellable            *cancellable,
                       GError                 **error)
{
  g_autoptr(LensAnalysis) analysis = g_new0 (LensAnalysis, 1);
  g_autoptr(GError) rate_error = NULL;
  LensPipelineResult solved;
  guint8 puzzle[LENS_GRID_CELLS];

  g_return_val_if_fail (grid != NULL, NULL);

  if (!lens_pipeline_solve (grid, scores, LENS_PIPELINE_DEFAULT, cancellable, &solved, error))
    return NULL;
  analysis->result = g_steal_pointer (&solved.result);
  if (lens_result_is_solved (analysis->result))
    {
      repaired_puzzle (analysis->result, puzzle);
      analysis->rated = lens_logic_rate (puzzle, &analysis->rating, NULL, cancellable, &rate_error);
    }
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return NULL;
  return g_steal_pointer (&analysis);
}

typedef struct {
  LensGrid          grid;
  LensRepairScores  scores;
  gboolean          has_scores;
  LensPipelineFlags flags;
} SolveJob;

static void
solve_thread (GTask        *task,
              gpointer      source,
              gpointer      task_data,
              GCancellable *cancellable)
{
  const SolveJob *job = task_data;
  LensPipelineResult solved;
  GError *error = NULL;

  if (!lens_pipeline_solve (&job->grid, job->has_scores ? &job->scores : NULL, job->flags,
                            cancellable, &solved, &error))
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, solved.result, (GDestroyNotify) lens_result_free);
}

static void
analyse_thread (GTask        *task,
                gpointer      source,
                gpointer      task_data,
                GCancellable *cancellable)
{
  const SolveJob *job = task_data;
  GError *error = NULL;
  LensAnalysis *analysis = lens_pipeline_analyse (&job->grid, job->has_scores ? &job->scores : NULL,
                                                  cancellable, &error);

  if (analysis == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, analysis, (GDestroyNotify) lens_analysis_free);
}

static void
run_solve_job (const LensGrid      *grid,
               const LensScan      *scan,
               LensPipelineFlags    flags,
               gpointer             source_tag,
               GTaskThreadFunc      thread,
               GCancellable        *cancellable,
               GAsyncReadyCallback  callback,
               gpointer             user_data)
{
  SolveJob *job = g_new0 (SolveJob, 1);

  job->grid = *grid;
  job->flags = flags;
  job->has_scores = scan != NULL;
  if (scan != NULL)
    lens_scan_get_repair_scores (scan, &job->scores);
  lens_task_run_in_thread (source_tag, job, g_free, thread, cancellable, callback, user_data);
}

void
lens_solve_async (const LensGrid      *grid,
                  const LensScan      *scan,
                  LensPipelineFlags    flags,
                  GCancellable        *cancellable,
                  GAsyncReadyCallback  callback,
                  gpointer             user_data)
{
  g_return_if_fail (grid != NULL);

  run_solve_job (grid, scan, flags, lens_solve_async, solve_thread, cancellable, callback, user_data);
}

LensResult *
lens_solve_finish (GAsyncResult  *result,
                   GError       **error)
{
  return lens_task_finish (result, error);
}

void
lens_analyse_async (const LensGrid      *grid,
                    const LensScan      *scan,
                    GCancellable        *cancellable,
                    GAsyncReadyCallback  callback,
                    gpointer             user_data)
{
  g_return_if_fail (grid != NULL);

  run_solve_job (grid, scan, LENS_PIPELINE_DEFAULT, lens_analyse_async, analyse_thread,
                 cancellable, callback, user_data);
}

LensCaptureSession *
lens_pipeline_open_capture (LensReader         *reader,
                            const char         *source,
                            LensCaptureNotify   notify,
                            gpointer            user_data,
                            GError            **error)
{
  LensRecognizer *recognizer;

  g_return_val_if_fail (LENS_IS_READER (reader), NULL);

  recognizer = lens_reader_get_recognizer (reader, error);
  if (recognizer == NULL)
    return NULL;
  return lens_capture_session_open (source, recognizer, lens_pipeline_solve_capture, notify, user_data);
}
