#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Checks po/POTFILES.in against the sources: every file that holds translatable
# strings is listed, and every listed file exists.
# Usage: build-aux/check-potfiles.sh [SOURCE_ROOT]
set -eu
cd "${1:-$(dirname "$0")/..}"

listed=$(sed -e 's/#.*//' -e 's/[[:space:]]*$//' -e '/^$/d' po/POTFILES.in)
status=0

for f in $listed; do
  if [ ! -f "$f" ]; then
    echo "po/POTFILES.in lists $f, which does not exist"
    status=1
  fi
done

marks='(^|[^[:alnum:]_])(_|N_|C_|NC_|Q_|ngettext|g_dngettext|g_dpgettext2?)[[:space:]]*\(|translatable="yes"'
found=$( {
  find src ui -type f \( -name '*.c' -o -name '*.h' -o -name '*.cpp' -o -name '*.hpp' -o -name '*.ui' \) \
    -exec grep -lE "$marks" {} + 2>/dev/null || true
  find data -maxdepth 1 -type f \( -name '*.desktop.in' -o -name '*.metainfo.xml.in' -o -name '*.gschema.xml' \)
} | sort)

for f in $found; do
  if ! printf '%s\n' "$listed" | grep -qxF "$f"; then
    echo "$f has translatable strings but is missing from po/POTFILES.in"
    status=1
  fi
done

[ "$status" -eq 0 ] && echo "po/POTFILES.in lists all $(printf '%s\n' "$found" | wc -l) files with translatable strings"
exit "$status"
