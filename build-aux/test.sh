#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Installs what is missing, builds, and runs the whole test suite
# (the display tests under a virtual X server).
set -eu
cd "$(dirname "$0")/.."

build-aux/install-deps.sh
[ -d build ] || meson setup build
meson compile -C build
xvfb-run -a -s "-screen 0 1280x1024x24" meson test -C build --print-errorlogs

# The headless suite again under ASan and UBSan, then each fuzz target briefly.
build-aux/test-sanitize.sh
