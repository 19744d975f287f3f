/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include "lens-play-tasks.h"
#include "lens-task.h"

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
  HintJob *job;

  g_return_if_fail (givens != NULL && state != NULL && solution != NULL);

  job = g_new0 (HintJob, 1);
  memcpy (job->givens, givens, sizeof job->givens);
  job->state = *state;
  memcpy (job->solution, solution, sizeof job->solution);
  lens_task_run_in_thread (lens_hint_async, job, g_free, hint_thread, cancellable, callback, user_data);
}

LensLogicStep *
lens_hint_finish (GAsyncResult  *result,
                  GError       **error)
{
  return lens_task_finish (result, error);
}
