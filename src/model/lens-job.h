/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "lens-document.h"

G_BEGIN_DECLS

/* The work of an object for a document, in a worker thread, one task at a
 * time: starting one cancels the one before. Its tasks return a pointer,
 * which the class's done() takes. The analyser, the hinter, the solver
 * and the photo loader are jobs. Going, a job stops its task. */
#define LENS_TYPE_JOB (lens_job_get_type ())
G_DECLARE_DERIVABLE_TYPE (LensJob, lens_job, LENS, JOB, GObject)

struct _LensJobClass
{
  GObjectClass parent_class;

  /* Called with what the task returned, which it takes: NULL when the
   * task failed with @error. Never for a task cancelled. */
  void (*done) (LensJob      *self,
                gpointer      value,
                const GError *error);
};

/* The document the job works for ("document", construct-only). */
LensDocument *lens_job_get_document (LensJob      *self);
/* Cancels the task under way and returns the cancellable of the next,
 * which begins at @revision. */
GCancellable *lens_job_start        (LensJob      *self,
                                     guint         revision);
/* The callback of the job's tasks, with the job as @job: a cancelled one
 * does nothing. */
void          lens_job_task_cb      (GObject      *source,
                                     GAsyncResult *result,
                                     gpointer      job);
/* Cancels the task under way, if any. */
void          lens_job_stop         (LensJob      *self);
/* Whether a task runs. */
gboolean      lens_job_is_running   (LensJob      *self);
/* The revision the last task began at. */
guint         lens_job_get_revision (LensJob      *self);
/* Whether the last task began at the document's revision as it is now. */
gboolean      lens_job_is_current   (LensJob      *self);

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
