#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Regenerates po/sudoku-lens.pot from the sources listed in po/POTFILES.in, merges it
# into every po/LL.po, and reports what is left to translate. Exits 1 while any
# catalogue has untranslated or fuzzy messages.
# Usage: build-aux/update-po.sh [BUILD_DIR]   (default: build)
set -eu
cd "$(dirname "$0")/.."
build_dir=${1:-build}

build-aux/check-potfiles.sh || echo "(add those files to po/POTFILES.in to have their strings extracted)"
meson compile -C "$build_dir" sudoku-lens-pot >/dev/null
meson compile -C "$build_dir" sudoku-lens-update-po >/dev/null

incomplete=0
for lang in $(sed -e 's/#.*//' po/LINGUAS); do
  stats=$(LC_ALL=C msgfmt --check --check-accelerators=_ --statistics -o /dev/null "po/$lang.po" 2>&1)
  echo "$lang: $stats"
  case $stats in
    *untranslated*|*fuzzy*)
      incomplete=1
      msgattrib --no-wrap --only-fuzzy --no-obsolete "po/$lang.po" 2>/dev/null | grep '^msgid ' | sed 's/^/    fuzzy: /' || true
      msgattrib --no-wrap --untranslated --no-obsolete "po/$lang.po" 2>/dev/null | grep '^msgid ' | sed 's/^/    missing: /' || true
      ;;
  esac
done
exit "$incomplete"
