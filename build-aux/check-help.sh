#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The help's pages are well-formed Mallard, and every page a link names exists.
# Usage: build-aux/check-help.sh HELP_C_DIR
set -eu
dir=$1
status=0
ids=$(for page in "$dir"/*.page; do
        xmllint --noout "$page" >&2 || status=1
        xmllint --xpath 'string(/*[local-name()="page"]/@id)' "$page"; echo
      done)
for page in "$dir"/*.page; do
  id=$(xmllint --xpath 'string(/*[local-name()="page"]/@id)' "$page")
  [ "$id.page" = "$(basename "$page")" ] || { echo "$page: id \"$id\" is not its file name"; status=1; }
  for ref in $(xmllint --xpath '//@xref' "$page" 2>/dev/null | sed 's/ xref="\([^"#]*\).*"/\1\n/g'); do
    echo "$ids" | grep -qx "$ref" || { echo "$page: links to a missing page \"$ref\""; status=1; }
  done
done
exit $status
