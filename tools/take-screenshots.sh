#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Takes the README's and the metainfo's screenshots of the built app under a
# private X server: on the bundled sample, checking the read grid in the dark
# style and the solved grid in the light style; on a puzzle filled in by pen
# (a test fixture), the player's digits checked, and a hint with pencil marks;
# and the sample in a narrow window.
# Needs xvfb, xdotool and imagemagick (import).
# Usage: tools/take-screenshots.sh [BUILD_DIR] [OUT_DIR]   (default: build data/screenshots)
set -eu
cd "$(dirname "$0")/.."
build=${1:-build}
out=${2:-data/screenshots}

shot () { # NAME SCHEME PHOTO [XDOTOOL_COMMAND...], each run against the window
  # $size: the window's width and height
  name=$1 scheme=$2 photo=$3
  shift 3
  home=$(mktemp -d)
  ADW_DEBUG_COLOR_SCHEME=$scheme XDG_DATA_HOME=$home XDG_CONFIG_HOME=$home \
    GSETTINGS_BACKEND=memory GSETTINGS_SCHEMA_DIR="$build/data" "$build/src/sudoku-lens" "$photo" &
  app=$!
  window=
  for _ in $(seq 50); do
    window=$(xdotool search --onlyvisible --name '^Sudoku Lens$' 2>/dev/null | head -n 1) || true
    [ -n "$window" ] && break
    sleep 0.2
  done
  [ -n "$window" ] || { echo "take-screenshots.sh: the window did not appear" >&2; exit 1; }
  # a wide window shrinks to its wide minimum, turns narrow, and then
  # shrinks further
  # shellcheck disable=SC2086
  xdotool windowsize "$window" $size
  sleep 1
  # shellcheck disable=SC2086
  xdotool windowsize "$window" $size
  sleep 3
  for command in "$@"; do
    # shellcheck disable=SC2086
    xdotool $command
    sleep 1
  done
  import -window "$window" "$out/$name.png"
  kill "$app"
  wait "$app" || true
  rm -rf "$home"
  echo "$out/$name.png"
}

if [ -z "${DISPLAY:-}" ]; then
  exec xvfb-run -a -s "-screen 0 1280x800x24" "$0" "$build" "$out"
fi
sample=data/samples/sample.jpg
filled=tests/data/photos-mixed/image10-swapped.jpg
select_cell='mousemove 797 129 click 1 mousemove 1270 790'
size='1240 760'
shot check-dark prefer-dark "$sample" "$select_cell"
shot solved-light prefer-light "$sample" "$select_cell" 'key ctrl+Return'
# the check as read: wrong digits struck out, a doubtful one with its picture
shot entries-light prefer-light "$filled" 'mousemove 1270 790'
# the wrong digits taken out by a first hint, all candidates pencilled in,
# and the next step shown
shot hint-light prefer-light "$filled" 'key ctrl+h' 'key ctrl+h' 'key ctrl+shift+e' 'key ctrl+h' \
  'mousemove 1270 790'
# a narrow window: the grid's view, a cell selected and its picture under
# the grid, the commands and the switch to the photo at the bottom
size='360 760'
shot narrow-light prefer-light "$sample" 'mousemove 71 153 click 1' 'mousemove 1270 790'
