#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Splits a photo directory (imageN.jpg + imageN.dat [+ imageN.printed]
# [+ outlines.csv]) into OUT/tune and OUT/holdout by symlinks: sorted by N,
# alternate photos go to each side. Develop and train on tune only; report both.
# With REFERENCE (an OUT of an earlier split), a photo whose name is on one
# side there goes to the same side here, so that photos of the same paper
# (photos and photos-mixed) never end up on both sides.
# Usage: tools/split-photos.sh PHOTO_DIR OUT_DIR [REFERENCE]
set -eu
src=$(cd "$1" && pwd)
out=$2
ref=${3:-}
mkdir -p "$out/tune" "$out/holdout"
i=0
for n in $(ls "$src" | sed -n 's/^image\([0-9]*\)\.jpg$/\1/p' | sort -n); do
  [ -f "$src/image$n.dat" ] || continue
  if [ -n "$ref" ] && [ -e "$ref/tune/image$n.jpg" ]; then side=tune
  elif [ -n "$ref" ] && [ -e "$ref/holdout/image$n.jpg" ]; then side=holdout
  elif [ $((i % 2)) -eq 0 ]; then side=tune
  else side=holdout; fi
  for ext in jpg dat printed; do
    [ -f "$src/image$n.$ext" ] && ln -sf "$src/image$n.$ext" "$out/$side/image$n.$ext"
  done
  i=$((i + 1))
done
if [ -f "$src/outlines.csv" ]; then
  for side in tune holdout; do
    head -n 1 "$src/outlines.csv" > "$out/$side/outlines.csv"
    for f in "$out/$side"/*.jpg; do
      grep "^$(basename "$f")," "$src/outlines.csv" >> "$out/$side/outlines.csv" || true
    done
  done
fi
echo "tune: $(ls "$out/tune" | grep -c jpg$) photos, holdout: $(ls "$out/holdout" | grep -c jpg$) photos"
