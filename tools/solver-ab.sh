#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The solver's engine of a commit against the working tree's, in one process
# on one core: tools/solver-ab.c times the two in turn, part by part, so
# that a shared machine's changing load falls on both alike, and checks that
# they give the same answers (count and first solution, limit 2) on every
# puzzle; it exits 1 when any differ.  Both are compiled as the build
# compiles the engine for that level: gcc -O2 -g -march=LEVEL -mtune=generic.
# With --tdoku DIR, the working tree's engine is timed against tdoku's
# library instead, built from DIR with tdoku's CMake defaults (Release,
# -O3 -march=native), and only the counts of solutions are compared.
#
# Usage: tools/solver-ab.sh [--rev REV | --tdoku TDOKU_DIR] [--march LEVEL]
#          [--seconds S] [--cpu CPU] PUZZLES.txt...
# REV defaults to HEAD, LEVEL to x86-64-v3, S (a file, each side about
# half) to 4, CPU to the last this process may run on.
set -eu

here=$(cd "$(dirname "$0")/.." && pwd)
rev=HEAD
march=x86-64-v3
seconds=4
cpu=
tdoku_dir=
while [ $# -gt 0 ]; do
  case $1 in
    --rev) rev=$2; shift 2 ;;
    --tdoku) tdoku_dir=$2; shift 2 ;;
    --march) march=$2; shift 2 ;;
    --seconds) seconds=$2; shift 2 ;;
    --cpu) cpu=$2; shift 2 ;;
    -h|--help) sed -n '3,17p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    --) shift; break ;;
    -*) echo "solver-ab: unknown option $1" >&2; exit 2 ;;
    *) break ;;
  esac
done
if [ $# -lt 1 ]; then
  echo "usage: $0 [--rev REV | --tdoku DIR] [--march LEVEL] [--seconds S] [--cpu CPU] PUZZLES..." >&2
  exit 2
fi
if [ -z "$cpu" ]; then
  cpu=$(taskset -pc $$ | sed 's/.*: //; s/.*[,-]//')
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/solver-ab.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

glib=$(pkg-config --cflags glib-2.0)
compile () {
  # $1 source, $2 entry point, $3 object
  gcc -O2 -g -march="$march" -mtune=generic -DLENS_SOLVER_ENGINE="$2" \
    -I"$here/src/core" $glib -c "$1" -o "$3"
}
compile "$here/src/core/lens-solver-engine.c" solver_ab_after "$tmp/after.o"
if [ -n "$tdoku_dir" ]; then
  "$here/tools/build-tdoku.sh" "$tdoku_dir" "$tmp/tdoku" tdoku_static
  gcc -O2 -g -DSOLVER_AB_TDOKU $glib -c "$here/tools/solver-ab.c" -o "$tmp/main.o"
  g++ -o "$tmp/solver-ab" "$tmp/main.o" "$tmp/after.o" "$tmp/tdoku/build/libtdoku_static.a" \
    $(pkg-config --libs glib-2.0)
  echo "tdoku: $tdoku_dir, its CMake Release defaults; ours: the working tree" \
       "($(git -C "$here" rev-parse --short HEAD)$(git -C "$here" diff --quiet -- src/core/lens-solver-engine.c || echo ', changed'))"
else
  git -C "$here" show "$rev:src/core/lens-solver-engine.c" >"$tmp/before.c"
  compile "$tmp/before.c" solver_ab_before "$tmp/before.o"
  gcc -O2 -g $glib -c "$here/tools/solver-ab.c" -o "$tmp/main.o"
  gcc -o "$tmp/solver-ab" "$tmp/main.o" "$tmp/before.o" "$tmp/after.o" $(pkg-config --libs glib-2.0)
  echo "before: $(git -C "$here" rev-parse --short "$rev"); after: the working tree" \
       "($(git -C "$here" rev-parse --short HEAD)$(git -C "$here" diff --quiet -- src/core/lens-solver-engine.c || echo ', changed'))"
fi
echo "-march=$march; core $cpu; load average $(cut -d' ' -f1-3 /proc/loadavg)"
taskset -c "$cpu" "$tmp/solver-ab" "$seconds" "$@"
