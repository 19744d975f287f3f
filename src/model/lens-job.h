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

G_END_DECLS
