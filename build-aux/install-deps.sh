#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Installs the Debian 12 packages Sudoku Lens needs to build, run and test.
# Usage: build-aux/install-deps.sh [--dev] [--desktop]
#   --dev      adds the training and screenshot tools
#   --desktop  adds what a GNOME desktop has and the app does not need (see below)
set -eu

packages="meson ninja-build pkg-config gcc g++ gettext
  libglib2.0-dev libglib2.0-bin libgtk-4-dev libadwaita-1-dev libjson-glib-dev libcairo2-dev
  libopencv-dev libtesseract-dev tesseract-ocr-eng
  libjpeg62-turbo-dev libpng-dev libwebp-dev libtiff-dev libheif-dev libgdk-pixbuf-2.0-dev
  desktop-file-utils appstream xvfb xauth fonts-dejavu-core
  libxtst-dev"
# desktop integration tests: the man page check and the install test's mount namespace
packages="$packages groff-base util-linux"
# the help's check (build-aux/check-help.sh)
packages="$packages libxml2-utils"
# the tests decode the exports: PDF pages with pdftoppm, SVG through gdk-pixbuf's loader
packages="$packages poppler-utils librsvg2-common"
# the sanitizer and fuzzing steps of build-aux/test.sh, build-aux/bench-memory.sh
packages="$packages clang libfuzzer-14-dev libclang-rt-14-dev time"

for option in "$@"; do
  case $option in
    --dev)
      packages="$packages python3-torch python3-opencv python3-numpy python3-pil"
      # fonts for tools/training/synth.py
      packages="$packages fonts-dejavu-extra fonts-liberation fonts-freefont-ttf fonts-urw-base35 fonts-croscore fonts-texgyre"
      # Chinese numerals for tools/training/synth_chinese.py (training families) and
      # tools/make-chinese-boards.py (held-out families: cwTeX, LXGW WenKai, WenQuanYi Micro Hei)
      packages="$packages fonts-arphic-uming fonts-arphic-ukai fonts-arphic-gbsn00lp fonts-arphic-gkai00mp
        fonts-arphic-bsmi00lp fonts-arphic-bkai00mp fonts-cns11643-sung fonts-cns11643-kai fonts-noto-cjk
        fonts-ipafont-mincho fonts-ipafont-gothic fonts-hanazono fonts-wqy-zenhei fonts-vlgothic"
      packages="$packages fonts-cwtex-kai fonts-cwtex-ming fonts-cwtex-heib fonts-cwtex-fs fonts-lxgw-wenkai
        fonts-wqy-microhei"
      # tools/take-screenshots.sh
      packages="$packages xdotool imagemagick"
      ;;
    --desktop)
      # What every GNOME desktop has and the app does not need, and which
      # changes what the tests meet: a session bus starts the desktop portals,
      # which log warnings of their own. Mesa's GL drivers (GTK renders with
      # them; the sanitizer run must not take the driver's memory for a leak
      # of ours) and dconf already come with the packages above on Debian 12
      # (through OpenCV's libgl1 and GTK's GSettings backend); they are named
      # here so that stays true. CI installs this set (.ci/run), so the tests
      # are run on a desktop-like machine, and must pass without it too.
      packages="$packages libgl1-mesa-dri dconf-gsettings-backend dconf-service"
      packages="$packages xdg-desktop-portal xdg-desktop-portal-gtk"
      ;;
    *)
      echo "usage: $0 [--dev] [--desktop]" >&2
      exit 2
      ;;
  esac
done

missing=""
for p in $packages; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing="$missing $p"
done
[ -z "$missing" ] && exit 0

sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
echo "Installing:$missing"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends $missing
