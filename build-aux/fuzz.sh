#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Builds the libFuzzer targets (clang, ASan, UBSan) and runs one or all of
# them for a fixed time each: first every committed crash in
# fuzz/regressions/TARGET, then fresh inputs grown from fuzz/corpus/TARGET.
# Usage: build-aux/fuzz.sh TARGET|all SECONDS [BUILD_DIR]
# fuzz/TARGET.options holds extra libFuzzer flags for a target, one a line
# ('#' comments; "asan:OPTION" lines add to ASAN_OPTIONS while fuzzing).
# FUZZ_ASAN_OPTIONS adds to ASAN_OPTIONS (e.g. fast_unwind_on_malloc=0 for full leak stacks).
# Exits 77 when clang or libFuzzer is missing, 1 on a crash (the input is
# saved as BUILD_DIR/crash-TARGET-*; commit it under fuzz/regressions/TARGET).
set -eu
cd "$(dirname "$0")/.."
src=$(pwd)

target=${1:?usage: build-aux/fuzz.sh TARGET|all SECONDS [BUILD_DIR]}
seconds=${2:?usage: build-aux/fuzz.sh TARGET|all SECONDS [BUILD_DIR]}
build=${3:-build-fuzz}

if ! command -v clang++ >/dev/null ||
   [ ! -f "$(clang++ -print-file-name=libclang_rt.fuzzer-x86_64.a)" ]; then
  echo "fuzz.sh: clang with libFuzzer is not installed; skipping" >&2
  exit 77
fi

if [ ! -d "$build" ]; then
  CC=clang CXX=clang++ meson setup "$build" -Dfuzzing=true \
    -Db_sanitize=address,undefined -Db_lundef=false -Dsanitize_tests=true
fi

targets=$(sed -n "s/^  '\([a-z-]*\)': .*/\1/p" fuzz/meson.build)
[ "$target" = all ] || targets=$target
for t in $targets; do
  ninja -C "$build" "fuzz/fuzz-$t"
done

export ASAN_OPTIONS="detect_leaks=1:abort_on_error=1:allocator_may_return_null=1${FUZZ_ASAN_OPTIONS:+:$FUZZ_ASAN_OPTIONS}"
export LSAN_OPTIONS="suppressions=$src/build-aux/lsan.supp:print_suppressions=0"
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1"
export G_DEBUG=fatal-warnings
export G_SLICE=always-malloc

log="$build/fuzz-log.txt"
for t in $targets; do
  exe="$build/fuzz/fuzz-$t"
  work="$build/corpus-$t"
  mkdir -p "$work"
  options=$(grep -hv -e '^#' -e '^asan:' "fuzz/$t.options" 2>/dev/null || true)
  asan=$(sed -n 's/^asan://p' "fuzz/$t.options" 2>/dev/null | tr '\n' ':')
  if [ -d "fuzz/regressions/$t" ] && [ -n "$(ls "fuzz/regressions/$t")" ]; then
    # shellcheck disable=SC2086
    ASAN_OPTIONS="$ASAN_OPTIONS:fast_unwind_on_malloc=0" \
      "$exe" $options "fuzz/regressions/$t"/* >"$build/fuzz-$t.regressions.txt" 2>&1 ||
      { tail -n 60 "$build/fuzz-$t.regressions.txt" >&2; exit 1; }
  fi
  start=$(date +%s)
  status=ok
  # shellcheck disable=SC2086
  ASAN_OPTIONS="$ASAN_OPTIONS:$asan" nice "$exe" $options \
    -max_total_time="$seconds" -timeout=30 -rss_limit_mb=2048 \
    -print_final_stats=1 -artifact_prefix="$build/crash-$t-" \
    "$work" "fuzz/corpus/$t" 2>"$build/fuzz-$t.last.txt" || status=crash
  end=$(date +%s)
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$build/fuzz-$t.last.txt")
  echo "$(date -u +%FT%TZ) $t $((end - start))s runs=${runs:-?} $status" | tee -a "$log"
  if [ "$status" != ok ]; then
    tail -n 60 "$build/fuzz-$t.last.txt" >&2
    exit 1
  fi
done
