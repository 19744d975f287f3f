/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "lens-job.h"

void
lens_job_init (LensJob     *job,
               gpointer     owner,
               LensJobDone  done)
{
  job->cancellable = g_cancellable_new ();
  job->running = FALSE;
  job->revision = 0;
  job->owner = owner;
  job->done = done;
}

GCancellable *
lens_job_start (LensJob *job,
                guint    revision)
{
  g_cancellable_cancel (job->cancellable);
  g_clear_object (&job->cancellable);
  job->cancellable = g_cancellable_new ();
  job->running = TRUE;
  job->revision = revision;
  return job->cancellable;
}

void
lens_job_task_cb (GObject      *source,
                  GAsyncResult *result,
                  gpointer      data)
{
  g_autoptr(GError) error = NULL;
  gpointer value = lens_task_finish (result, &error);
  LensJob *job = data;

  /* the job may be gone with its owner */
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  job->running = FALSE;
  job->done (job->owner, value, error);
}

void
lens_job_stop (LensJob *job)
{
  g_cancellable_cancel (job->cancellable);
  job->running = FALSE;
}

void
lens_job_clear (LensJob *job)
{
  g_clear_object (&job->cancellable);
}

/* Not G_PRIORITY_LOW: the priority also applies to the callback, and below
 * the redraw priority a spinning spinner starves it on slow renderers. */
#define TASK_PRIORITY G_PRIORITY_DEFAULT

void
lens_task_run_in_thread (gpointer             source_tag,
                         gpointer             task_data,
                         GDestroyNotify       task_data_free,
                         GTaskThreadFunc      thread,
                         GCancellable        *cancellable,
                         GAsyncReadyCallback  callback,
                         gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (NULL, cancellable, callback, user_data);

  g_task_set_source_tag (task, source_tag);
  g_task_set_priority (task, TASK_PRIORITY);
  g_task_set_task_data (task, task_data, task_data_free);
  g_task_run_in_thread (task, thread);
}

gpointer
lens_task_finish (GAsyncResult  *result,
                  GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}
