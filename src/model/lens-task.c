/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "lens-task.h"

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
