#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Builds TARGET of tdoku (https://github.com/t-dillon/tdoku) from a copy of
# TDOKU_DIR made in OUT (its own build folder left out), with tdoku's CMake
# Release defaults; TARGET ends up in OUT/build. Shared by bench-vs-tdoku.sh
# and solver-ab.sh. On failure prints the logs' ends and exits 1.
# Usage: tools/build-tdoku.sh TDOKU_DIR OUT TARGET
set -eu
tdoku_dir=$1
out=$2
target=$3
mkdir -p "$out/build"
(cd "$tdoku_dir" && tar --exclude=./build -cf - .) | (cd "$out" && tar -xf -)
(cd "$out/build" &&
 cmake .. -DCMAKE_BUILD_TYPE=Release >"$out/cmake.log" 2>&1 &&
 make "$target" >"$out/make.log" 2>&1) || {
  echo "building tdoku's $target from $tdoku_dir failed:" >&2
  tail -20 "$out/cmake.log" "$out/make.log" >&2 2>/dev/null || true
  exit 1
}
