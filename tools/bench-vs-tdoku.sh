#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The solver against tdoku, on the same puzzles, the same task and the same
# clock: `sudoku-lens-cli bench` and tdoku's run_benchmark each solve every
# puzzle of a file, looking for up to 2 solutions (a proof of uniqueness),
# timed by the thread's processor clock, pinned to one core with taskset.
# The two run in turn, ROUNDS times a file (the first to run swaps each
# round); the ratio ours / tdoku (µs per puzzle; below 1 is faster) is
# given per round, then its median and range.
#
# Nothing of ours is built: BUILD is a meson build of this project that has
# src/cli/sudoku-lens-cli (default: the first of build-solver, build and
# _build beside this script's tools/). tdoku is copied from TDOKU_DIR into a
# temporary folder and built there with its own CMake defaults (Release,
# -O3 -march=native), unless --tdoku-bin names a run_benchmark built before.
#
# Usage: tools/bench-vs-tdoku.sh [--build BUILD] [--tdoku-bin RUN_BENCHMARK]
#          [--rounds N] [--seconds S] [--cpu CPU] TDOKU_DIR PUZZLES.txt...
set -eu

here=$(cd "$(dirname "$0")/.." && pwd)
build=
tdoku_bin=
rounds=5
seconds=3
cpu=
while [ $# -gt 0 ]; do
  case $1 in
    --build) build=$2; shift 2 ;;
    --tdoku-bin) tdoku_bin=$2; shift 2 ;;
    --rounds) rounds=$2; shift 2 ;;
    --seconds) seconds=$2; shift 2 ;;
    --cpu) cpu=$2; shift 2 ;;
    -h|--help) sed -n '3,19p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    --) shift; break ;;
    -*) echo "bench-vs-tdoku: unknown option $1" >&2; exit 2 ;;
    *) break ;;
  esac
done
if [ $# -lt 2 ]; then
  echo "usage: $0 [--build BUILD] [--tdoku-bin BIN] [--rounds N] [--seconds S] [--cpu CPU] TDOKU_DIR PUZZLES..." >&2
  exit 2
fi
tdoku_dir=$1
shift

if [ -z "$build" ]; then
  for b in build-solver build _build; do
    if [ -x "$here/$b/src/cli/sudoku-lens-cli" ]; then
      build=$here/$b
      break
    fi
  done
fi
cli=${build:+$build/src/cli/sudoku-lens-cli}
if [ -z "$cli" ] || [ ! -x "$cli" ]; then
  echo "bench-vs-tdoku: no sudoku-lens-cli; build it and give --build BUILD" >&2
  exit 1
fi
# the last processor this process may run on, unless told
if [ -z "$cpu" ]; then
  cpu=$(taskset -pc $$ | sed 's/.*: //; s/.*[,-]//')
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/bench-vs-tdoku.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

if [ -z "$tdoku_bin" ]; then
  echo "building tdoku from $tdoku_dir in $tmp ..." >&2
  "$here/tools/build-tdoku.sh" "$tdoku_dir" "$tmp/tdoku" run_benchmark
  tdoku_bin=$tmp/tdoku/build/run_benchmark
  tdoku_src=$tmp/tdoku/src/run_benchmark.cc
else
  tdoku_src=$tdoku_dir/src/run_benchmark.cc
fi

if grep -q CLOCK_THREAD_CPUTIME_ID "$tdoku_src" 2>/dev/null; then
  tdoku_clock="thread processor time"
else
  tdoku_clock="WALL CLOCK (ours: thread processor time; the ratios mix clocks)"
  echo "bench-vs-tdoku: warning: this tdoku times with the wall clock" >&2
fi

ours_flags=$(meson introspect --buildoptions "$build" 2>/dev/null | python3 -c '
import json, sys
o = {x["name"]: x["value"] for x in json.load(sys.stdin)}
print("buildtype=%s, optimization=%s, c_args=%s" % (o.get("buildtype"), o.get("optimization"), o.get("c_args")))
' 2>/dev/null || echo "unknown flags")
ours_source=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["directories"]["source"])' \
  "$build/meson-info/meson-info.json" 2>/dev/null || echo "$here")
ours_commit=$(git -C "$ours_source" rev-parse --short HEAD 2>/dev/null || echo "not a git checkout")
echo "ours:  $cli (source $ours_source, commit $ours_commit), $ours_flags," \
     "engine: ${LENS_SOLVER_LEVEL:-the best the processor runs}"
echo "tdoku: $tdoku_bin, $("$tdoku_bin" -h 2>/dev/null | sed -n 's/^build info: //p'), clock: $tdoku_clock"
echo "core $cpu, $rounds rounds of about ${seconds} s a side, load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo

# µs per puzzle of each side, one run
ours_us () {
  taskset -c "$cpu" "$cli" bench --json --min-time "$((seconds * 1000))" "$1" |
    sed -n 's/.*"us_per_puzzle" : \([0-9.e+-]*\).*/\1/p'
}
tdoku_us () {
  # -n: a dataset of exactly the file's puzzles; -r0: as given; no -f: up
  # to 2 solutions, as bench looks for
  LC_ALL=C taskset -c "$cpu" "$tdoku_bin" -c1 -t"$seconds" -w1 -n"$2" -e1 -v1 -r0 -s tdoku "$1" |
    awk -F, '$5 == "tdoku" { printf "%.6f\n", 1e6 / $6 }'
}
summary () {
  sort -g | awk '{ a[NR] = $1 } END { printf "%.3f (%.3f–%.3f)", a[int((NR + 1) / 2)], a[1], a[NR] }'
}

printf '%-30s %26s %26s %26s\n' "puzzles" "ours µs/puzzle" "tdoku µs/puzzle" "ours/tdoku: median (range)"
for file in "$@"; do
  n=$(grep -c '^[0-9.]\{81\}' "$file")
  : >"$tmp/res-ours" ; : >"$tmp/res-tdoku" ; : >"$tmp/res-ratio"
  for r in $(seq "$rounds"); do
    if [ $((r % 2)) -eq 1 ]; then
      o=$(ours_us "$file"); t=$(tdoku_us "$file" "$n")
    else
      t=$(tdoku_us "$file" "$n"); o=$(ours_us "$file")
    fi
    if [ -z "$o" ] || [ -z "$t" ]; then
      echo "bench-vs-tdoku: no figure for $file (ours '$o', tdoku '$t')" >&2
      exit 1
    fi
    echo "$o" >>"$tmp/res-ours"; echo "$t" >>"$tmp/res-tdoku"
    awk -v o="$o" -v t="$t" 'BEGIN { printf "%.6f\n", o / t }' >>"$tmp/res-ratio"
    awk -v f="$(basename "$file")" -v r="$r" -v o="$o" -v t="$t" \
      'BEGIN { printf "  %s round %d: ours %.3f µs, tdoku %.3f µs, ratio %.3f\n", f, r, o, t, o / t }' >&2
  done
  printf '%-30s %26s %26s %26s\n' "$(basename "$file") ($n)" \
    "$(summary <"$tmp/res-ours")" "$(summary <"$tmp/res-tdoku")" "$(summary <"$tmp/res-ratio")"
done
