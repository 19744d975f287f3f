/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <time.h>

#include "lens-clock.h"

gint64
lens_thread_cpu_us (void)
{
  struct timespec ts;

  if (clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts) != 0)
    return g_get_monotonic_time ();
  return (gint64) ts.tv_sec * G_USEC_PER_SEC + ts.tv_nsec / 1000;
}
