#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The tester of random actions (tests/test-monkey.c) for a long soak or to
# replay a failure: STEPS steps from SEED in a real window under Xvfb, with
# every warning fatal. GSK_RENDERER is left as the caller sets it (unset:
# GTK's choice, GL where the machine has a driver; cairo draws on the
# processor). A failure names its step; the same SEED replays the same steps.
# Usage: tools/monkey.sh BUILD STEPS SEED
set -eu
if [ $# -ne 3 ]; then
  echo "usage: tools/monkey.sh BUILD STEPS SEED" >&2
  exit 2
fi
build=$(cd "$1" && pwd)
src=$(cd "$(dirname "$0")/.." && pwd)
export MONKEY_STEPS=$2 MONKEY_SEED=$3
export G_TEST_SRCDIR="$src/tests" G_TEST_BUILDDIR="$build/tests"
export G_DEBUG=gc-friendly,fatal-warnings GSETTINGS_BACKEND=memory
export GSETTINGS_SCHEMA_DIR="$build/data" GTK_A11Y=test NO_AT_BRIDGE=1
export LC_ALL=C.UTF-8 LANGUAGE=
renderer=--gtk-renderer=default
[ -n "${GSK_RENDERER:-}" ] && renderer=
exec xvfb-run -a -s "-screen 0 1280x1024x24" \
  "$build/tests/test-monkey" --tap -p /monkey/random-steps $renderer
