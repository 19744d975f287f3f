#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Makes harder copies of a photo directory (imageN.jpg + imageN.dat), one
# directory per kind, for `sudoku-lens-cli eval OUT/KIND`: photos taken
# askew, dim, blurred, shaded, under a hard shadow (a phone's or a hand's),
# small, noisy, badly compressed, through a wide lens close up (barrel),
# and a screen in dark mode. (Pages curling away: tools/curl-photos.py.) Needs
# ImageMagick's `convert` and `identify`.
# Usage: tools/perturb-photos.sh PHOTO_DIR OUT_DIR [KIND...]
set -eu
src=$1
out=$2
shift 2
kinds=${*:-tilt10 tilt30 tilt45 faint dark blur shade shadow half noise jpeg barrel}

perturb () {
  case $1 in
    tilt*) convert "$2" -virtual-pixel edge +distort SRT "${1#tilt}" "$3" ;;
    faint) convert "$2" +level 30%,70% "$3" ;;
    dark) convert "$2" -negate "$3" ;;
    blur) convert "$2" -blur 0x2 "$3" ;;
    shade) convert "$2" \( +clone -sparse-color Barycentric '0,0 gray30 %w,%h white' \) \
             -compose multiply -composite "$3" ;;
    shadow)
      w=$(identify -format %w "$2") h=$(identify -format %h "$2")
      convert "$2" \( +clone -fill white -colorize 100 -fill gray50 \
               -draw "polygon 0,0 $((w * 45 / 100)),0 $((w * 35 / 100)),$h 0,$h" -blur 0x2 \) \
             -compose multiply -composite "$3" ;;
    half) convert "$2" -resize 50% "$3" ;;
    noise) convert "$2" -attenuate 0.6 +noise Gaussian "$3" ;;
    jpeg) convert "$2" -quality 8 "$3" ;;
    barrel) convert "$2" -virtual-pixel edge -distort Barrel "0 0 0.12 0.88" "$3" ;;
    *) echo "unknown kind: $1" >&2; exit 2 ;;
  esac
}

for kind in $kinds; do
  mkdir -p "$out/$kind"
  n=0
  for photo in "$src"/image*.jpg; do
    stem=$(basename "$photo" .jpg)
    [ -f "$src/$stem.dat" ] || continue
    cp "$src/$stem.dat" "$out/$kind/"
    perturb "$kind" "$photo" "$out/$kind/$stem.jpg"
    n=$((n + 1))
  done
  echo "$kind: $n photos"
done
