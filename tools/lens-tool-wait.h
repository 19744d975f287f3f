/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

/* Runs the main loop until @condition holds of @data; FALSE when
 * @timeout_ms passes first. */
static inline gboolean
lens_tool_wait (gboolean (*condition) (gpointer data),
                gpointer   data,
                guint      timeout_ms)
{
  gint64 deadline = g_get_monotonic_time () + (gint64) timeout_ms * 1000;

  while (!condition (data))
    {
      if (g_get_monotonic_time () > deadline)
        return FALSE;
      g_main_context_iteration (NULL, TRUE);
    }
  return TRUE;
}
