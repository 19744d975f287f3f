#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Installs what is missing, builds, and starts Sudoku Lens on the bundled sample.
set -eu
cd "$(dirname "$0")/.."

build-aux/install-deps.sh
[ -d build ] || meson setup build
meson compile -C build
exec build/src/sudoku-lens data/samples/sample.jpg
