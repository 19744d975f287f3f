#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Checks that every catalogue translates the strings the sources have now:
# extracts them from po/POTFILES.in as the glib preset of meson's i18n module
# does, merges each po/LL.po with them in a temporary folder, and fails on
# any message left untranslated or fuzzy (build-aux/update-po.sh fixes that).
# Usage: build-aux/check-po-current.sh [SOURCE_ROOT]
set -eu
cd "${1:-$(dirname "$0")/..}"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

sed -e 's/#.*//' -e 's/[[:space:]]*$//' -e '/^$/d' po/POTFILES.in >"$tmp/files"
xgettext --files-from="$tmp/files" --directory=. --output="$tmp/sudoku-lens.pot" \
  --from-code=UTF-8 --add-comments --keyword=_ --keyword=N_ --keyword=C_:1c,2 \
  --keyword=NC_:1c,2 --keyword=g_dngettext:2,3 --keyword=g_dpgettext2:2c,3 \
  --flag=N_:1:pass-c-format --flag=C_:2:pass-c-format --flag=NC_:2:pass-c-format \
  --flag=g_dngettext:2:pass-c-format --flag=g_strdup_printf:1:c-format \
  --flag=g_set_error:4:c-format

status=0
for lang in $(sed -e 's/#.*//' po/LINGUAS); do
  msgmerge --quiet --no-fuzzy-matching --output-file="$tmp/$lang.po" "po/$lang.po" "$tmp/sudoku-lens.pot"
  stats=$(LC_ALL=C msgfmt --statistics -o /dev/null "$tmp/$lang.po" 2>&1)
  echo "$lang: $stats"
  case $stats in
    *untranslated*|*fuzzy*)
      status=1
      msgattrib --no-wrap --untranslated --no-obsolete "$tmp/$lang.po" | grep '^msgid "..*' | sed 's/^/    missing: /'
      ;;
  esac
done
exit "$status"
