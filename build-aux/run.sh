#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Installs what is missing, builds, and starts Sudoku Lens on the bundled sample.
set -eu
cd "$(dirname "$0")/.."

build-aux/install-deps.sh
[ -d build ] || meson setup build
meson compile -C build
# the settings schema as compiled in the build tree
GSETTINGS_SCHEMA_DIR="$(pwd)/build/data${GSETTINGS_SCHEMA_DIR:+:$GSETTINGS_SCHEMA_DIR}"
export GSETTINGS_SCHEMA_DIR
exec build/src/sudoku-lens data/samples/sample.jpg
