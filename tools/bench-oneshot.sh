#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# One-shot costs of sudoku-lens-cli, as a user meets them: the median wall
# time, and the median processor time (user + system, less swayed by other
# work on the machine), of RUNS runs of `--version`, of `scan` of a small
# photo and of a large one; the peak resident memory of the large scan (GNU time); and how many
# shared libraries each loads (the dynamic linker's own count), with any
# GDAL among them named.
# Usage: tools/bench-oneshot.sh BUILD_DIR SMALL_PHOTO LARGE_PHOTO [RUNS]
set -eu
cli=$1/src/cli/sudoku-lens-cli
small=$2
large=$3
runs=${4:-5}

middle () {
  sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'
}

# "WALL_MS CPU_MS", each the median of RUNS runs
median_ms () {
  times=$(for i in $(seq "$runs"); do
    /usr/bin/time -f '%e %U %S' "$@" 2>&1 >/dev/null | tail -1
  done)
  wall=$(echo "$times" | awk '{ printf "%d\n", $1 * 1000 }' | middle)
  cpu=$(echo "$times" | awk '{ printf "%d\n", ($2 + $3) * 1000 }' | middle)
  echo "$wall $cpu"
}

libraries () {
  LD_DEBUG=libs "$@" 2>&1 >/dev/null | grep -c 'calling init:' || true
}

gdal () {
  if LD_DEBUG=libs "$@" 2>&1 >/dev/null | grep -q 'calling init:.*libgdal'; then echo yes; else echo no; fi
}

"$cli" --version > /dev/null
echo "version_wall_cpu_ms $(median_ms "$cli" --version)"
echo "scan_small_wall_cpu_ms $(median_ms "$cli" scan "$small")"
echo "scan_large_wall_cpu_ms $(median_ms "$cli" scan "$large")"
echo "scan_large_peak_kb $(/usr/bin/time -f %M "$cli" scan "$large" 2>&1 >/dev/null | tail -1)"
echo "version_libraries $(libraries "$cli" --version)"
echo "scan_libraries $(libraries "$cli" scan "$small")"
echo "scan_gdal_loaded $(gdal "$cli" scan "$small")"
