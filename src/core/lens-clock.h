/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The calling thread's CPU time in microseconds, so that other processes
 * on a busy machine do not count against what is timed; the monotonic
 * clock where the system cannot tell. */
gint64 lens_thread_cpu_us (void);

G_END_DECLS
