/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Preloaded by build-aux/test-sanitize.sh into the display tests: makes
 * dlclose() do nothing, so every module a test process loads stays mapped
 * until it exits.
 *
 * Why: GTK's GL setup loads Mesa's driver (dri/swrast_dri.so under Xvfb)
 * and unloads it again with dlclose() before the process exits. LeakSanitizer
 * looks for leaks at exit: a block the driver still held in its own globals
 * is then no longer referenced from anywhere (its pages are gone), so it is
 * reported as a direct leak allocated from "<unknown module>", and no
 * suppression can name it. With the driver kept loaded, that block is still
 * reachable, and a real leak inside it would be reported with its frames and
 * module named. Our own code is never dlopen()ed, so leaks of ours are
 * reported exactly as before.
 *
 * Built without sanitizers; not part of the build. */
int dlclose (void *handle);

int
dlclose (void *handle)
{
  (void) handle;
  return 0;
}
