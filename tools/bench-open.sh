#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Open → grid in the app under Xvfb (BUILD/tools/bench-open): RUNS Opens of
# PHOTO in one window, the first loading the models; each after closing the
# one before, or with --replace while it is still shown. GSK_RENDERER is left
# as the caller sets it (Xvfb has no GPU: GTK's GL renderer runs on llvmpipe,
# GSK_RENDERER=cairo draws on the processor).
# Usage: tools/bench-open.sh BUILD [--replace] PHOTO [RUNS]
set -eu
build=$1
shift
flow=
if [ "${1:-}" = --replace ]; then
  flow=--replace
  shift
fi
photo=$1
runs=${2:-6}
export GSETTINGS_SCHEMA_DIR="$build/data"
export GSETTINGS_BACKEND=memory
export NO_AT_BRIDGE=1
exec xvfb-run -a -s "-screen 0 1280x1024x24" "$build/tools/bench-open" $flow "$photo" "$runs"
