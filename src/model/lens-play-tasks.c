/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include "lens-play-tasks.h"

/* As the other tasks: below the redraw priority a spinning spinner would
 * starve the callback. */
#define TASK_PRIORITY G_PRIORITY_DEFAULT

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
