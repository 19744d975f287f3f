/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* Called with what the job's task returned, which it takes: NULL when the
 * task failed with @error. */
typedef void (*LensJobDone) (gpointer      owner,
                             gpointer      value,
                             const GError *error);

/* The work of an object in a worker thread, one task at a time: starting
 * one cancels the one before. Its tasks return a pointer; the object, its
 * @owner, stops the job before it goes. */
typedef struct {
  GCancellable *cancellable;
  gboolean      running;
  guint         revision;  /* the document's, when the last task began */
  gpointer      owner;
  LensJobDone   done;
} LensJob;

void          lens_job_init    (LensJob      *job,
                                gpointer      owner,
                                LensJobDone   done);
/* Cancels the task under way and returns the cancellable of the next,
 * which begins at @revision. */
GCancellable *lens_job_start   (LensJob      *job,
                                guint         revision);
/* The callback of the job's tasks: a cancelled one does nothing. */
void          lens_job_task_cb (GObject      *source,
                                GAsyncResult *result,
                                gpointer      job);
void          lens_job_stop    (LensJob      *job);
void          lens_job_clear   (LensJob      *job);

/* Runs @thread in a worker with @task_data, an immutable copy of the
 * input that @task_data_free frees; @source_tag is the _async function. */
void      lens_task_run_in_thread (gpointer             source_tag,
                                   gpointer             task_data,
                                   GDestroyNotify       task_data_free,
                                   GTaskThreadFunc      thread,
                                   GCancellable        *cancellable,
                                   GAsyncReadyCallback  callback,
                                   gpointer             user_data);
/* The pointer a task returned, which the caller owns, or NULL with @error. */
gpointer  lens_task_finish        (GAsyncResult        *result,
                                   GError             **error);

G_END_DECLS
