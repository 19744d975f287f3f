#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# One-shot costs of sudoku-lens-cli, as a user meets them: the median wall
# time of RUNS runs of `--version`, of `scan` of a small photo and of a large
# one; the peak resident memory of the large scan (GNU time); and how many
# shared libraries each loads (the dynamic linker's own count), with any
# GDAL among them named.
# Usage: tools/bench-oneshot.sh BUILD_DIR SMALL_PHOTO LARGE_PHOTO [RUNS]
set -eu
cli=$1/src/cli/sudoku-lens-cli
small=$2
large=$3
runs=${4:-5}

median_ms () {
  for i in $(seq "$runs"); do
    start=$(date +%s%N)
    "$@" > /dev/null 2>&1 || true
    end=$(date +%s%N)
    echo $(( (end - start) / 1000000 ))
  done | sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'
}

libraries () {
  LD_DEBUG=libs "$@" 2>&1 >/dev/null | grep -c 'calling init:' || true
}

gdal () {
  if LD_DEBUG=libs "$@" 2>&1 >/dev/null | grep -q 'calling init:.*libgdal'; then echo yes; else echo no; fi
}

"$cli" --version > /dev/null
echo "version_ms $(median_ms "$cli" --version)"
echo "scan_small_ms $(median_ms "$cli" scan "$small")"
echo "scan_large_ms $(median_ms "$cli" scan "$large")"
echo "scan_large_peak_kb $(/usr/bin/time -f %M "$cli" scan "$large" 2>&1 >/dev/null | tail -1)"
echo "version_libraries $(libraries "$cli" --version)"
echo "scan_libraries $(libraries "$cli" scan "$small")"
echo "scan_gdal_loaded $(gdal "$cli" scan "$small")"
