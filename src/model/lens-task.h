/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

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
