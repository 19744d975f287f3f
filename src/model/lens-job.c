/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "lens-job.h"
#include "lens-task.h"

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
