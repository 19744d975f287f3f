#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Peak memory (maximum resident set size, GNU time) of `sudoku-lens-cli scan`
# on a 12-megapixel photo; fails when it is over the bar.
# Usage: build-aux/bench-memory.sh [BUILD_DIR [PHOTO]]
#   PHOTO defaults to tests/data/bad/board.jpg upscaled to 3000×4000
#   (needs python3-opencv). BAR_MB overrides the bar (300).
set -eu
cd "$(dirname "$0")/.."

build=${1:-build}
photo=${2:-}
bar=${BAR_MB:-300}
cli="$build/src/cli/sudoku-lens-cli"

[ -x /usr/bin/time ] || { echo "bench-memory.sh: install the time package" >&2; exit 1; }
[ -x "$cli" ] || { echo "bench-memory.sh: build $cli first" >&2; exit 1; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if [ -z "$photo" ]; then
  photo="$tmp/photo-12mp.jpg"
  /usr/bin/python3 - tests/data/bad/board.jpg "$photo" <<'PY'
import sys
import cv2
image = cv2.imread(sys.argv[1])
big = cv2.resize(image, (3000, 4000), interpolation=cv2.INTER_CUBIC)
cv2.imwrite(sys.argv[2], big, [cv2.IMWRITE_JPEG_QUALITY, 92])
PY
fi

status=0
/usr/bin/time -v -o "$tmp/time.txt" "$cli" scan "$photo" >"$tmp/out.txt" 2>"$tmp/err.txt" || status=$?
kb=$(sed -n 's/^[[:space:]]*Maximum resident set size (kbytes): //p' "$tmp/time.txt")
secs=$(sed -n 's/^[[:space:]]*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$tmp/time.txt")
size=$(stat -c %s "$photo")
echo "photo: $photo ($((size / 1024)) KiB), scan exit status $status, wall $secs"
echo "peak RSS: $((kb / 1024)) MB (bar $bar MB)"
head -n 1 "$tmp/out.txt"
cat "$tmp/err.txt" >&2
[ "$status" -eq 0 ] || exit 1
[ $((kb / 1024)) -le "$bar" ]
