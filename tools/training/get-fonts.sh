#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Fetches the fonts that synth.py --font-list renders digits from, without
# installing them: the Debian packages of debian-fonts.txt (apt-get download,
# unpacked with dpkg-deb) into DEB_DIR and the Google Fonts families of
# fontsource.txt (npm pack @fontsource/NAME: every weight and style, Latin
# subset, WOFF) into NPM_DIR. Then run fonts.py on both to write the list.
# Usage: tools/training/get-fonts.sh DEB_DIR NPM_DIR
set -eu
[ $# -eq 2 ] || { echo "usage: $0 DEB_DIR NPM_DIR" >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$1/debs" "$2/packs"
deb=$(cd "$1" && pwd); npm=$(cd "$2" && pwd)
cd "$deb/debs"
for p in $(cat "$here/debian-fonts.txt"); do
  ls "$p"_*.deb > /dev/null 2>&1 || apt-get download -q "$p" > /dev/null 2>&1 ||
    echo "not fetched: $p" >&2
done
for f in *.deb; do dpkg-deb -x "$f" "$deb/root"; done
cd "$npm/packs"
# three at a time: the fetches wait on the network, not the processor
grep -v '^#' "$here/fontsource.txt" | while read -r name; do
  [ -n "$name" ] && ls fontsource-"$name"-*.tgz > /dev/null 2>&1 || echo "$name"
done | xargs -r -P 3 -I{} sh -c 'npm pack --silent "@fontsource/{}" > /dev/null 2>&1 || echo "not fetched: @fontsource/{}" >&2'
for t in fontsource-*.tgz; do
  name=$(echo "$t" | sed 's/^fontsource-//; s/-[0-9][0-9.]*\.tgz$//')
  mkdir -p "$npm/fonts/$name"
  tar xzf "$t" -C "$npm/fonts/$name" --wildcards --no-anchored --strip-components=2 \
    '*-latin-[0-9]*.woff' 2> /dev/null || echo "no Latin WOFF: $name" >&2
done
