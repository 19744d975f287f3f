#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Builds everything with AddressSanitizer and UndefinedBehaviorSanitizer in
# build-asan and runs the headless suite there, then the display suite under a
# virtual X server (any report fails the test), then runs each fuzz target
# briefly (FUZZ_SECONDS each, default 20; 0 skips).
# Usage: build-aux/test-sanitize.sh
set -eu
cd "$(dirname "$0")/.."

if [ ! -d build-asan ]; then
  meson setup build-asan -Db_sanitize=address,undefined -Db_lundef=false \
    -Dsanitize_tests=true
fi
meson compile -C build-asan

export ASAN_OPTIONS="detect_leaks=1:abort_on_error=1"
export LSAN_OPTIONS="suppressions=$(pwd)/build-aux/lsan.supp:print_suppressions=0"
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1"
meson test -C build-asan --suite headless --print-errorlogs

# The display suite with every loaded module kept loaded until exit (see
# build-aux/keep-modules-loaded.c): GTK loads and unloads the GL driver, which
# on a machine with Mesa's DRI drivers (any desktop) made LeakSanitizer report
# what the driver still held as a leak from "<unknown module>". GL stays on, as
# on a user's desktop, and leak detection of our code is unchanged. The shim
# comes before the ASan runtime in the library list, hence
# verify_asan_link_order=0; it defines dlclose only. The wrapper forgives
# GLib's one leak by design that no suppression can name (see the script).
keep_loaded=$(pwd)/build-asan/keep-modules-loaded.so
${CC:-cc} -shared -fPIC -O2 -o "$keep_loaded" build-aux/keep-modules-loaded.c
xvfb-run -a -s "-screen 0 1280x1024x24" \
  env LD_PRELOAD="$keep_loaded" ASAN_OPTIONS="$ASAN_OPTIONS:verify_asan_link_order=0" \
  meson test -C build-asan --suite display --print-errorlogs \
  --wrapper "$(pwd)/build-aux/lsan-known-leaks.sh"

seconds=${FUZZ_SECONDS:-20}
if [ "$seconds" -gt 0 ]; then
  status=0
  build-aux/fuzz.sh all "$seconds" || status=$?
  if [ "$status" -eq 77 ]; then
    echo "test-sanitize.sh: no clang/libFuzzer, fuzzing skipped" >&2
  elif [ "$status" -ne 0 ]; then
    exit "$status"
  fi
fi
