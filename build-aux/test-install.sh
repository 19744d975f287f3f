#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Installs a build into a temporary DESTDIR, checks that every file a user or a
# packager needs is in place, then runs the installed programs as installed: in a
# private mount namespace where the DESTDIR tree is laid over the real prefix and
# the source and build trees are hidden, so nothing can come from them.
#
# Usage: build-aux/test-install.sh BUILD_DIR SOURCE_ROOT PREFIX BINDIR DATADIR MANDIR LOCALEDIR VERSION
# (absolute paths; meson passes them: `meson test -C BUILD_DIR --suite install`)
set -eu

if [ "${1:-}" = "--inside" ]; then
  inside=1
  shift
fi
[ $# -eq 8 ] || { echo "usage: $0 BUILD_DIR SOURCE_ROOT PREFIX BINDIR DATADIR MANDIR LOCALEDIR VERSION" >&2; exit 2; }
build_dir=$1 source_root=$2 prefix=$3 bindir=$4 datadir=$5 mandir=$6 localedir=$7 version=$8
app_id=io.github.sudokulens.SudokuLens
typed_puzzle=53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79
typed_solution=534678912672195348198342567859761423426853791713924856961537284287419635345286179
sample_solution=316472589245819367879563214738654921521987436694231758963728145157346892482195673
failures=0
# Read before the source tree is hidden, and passed on to the isolated run.
LINGUAS_UNDER_TEST=${LINGUAS_UNDER_TEST:-$(sed -e 's/#.*//' "$source_root/po/LINGUAS" | tr -s ' \t\n' '   ')}
export LINGUAS_UNDER_TEST

fail () {
  echo "FAIL: $*"
  failures=$((failures + 1))
}

pass () {
  echo "ok: $*"
}

expect_file () {
  if [ -f "$1" ]; then pass "installed ${1#"$destdir"}"; else fail "${1#"$destdir"} is not installed"; fi
}

expect_output () {
  # expect_output DESCRIPTION PATTERN COMMAND...: COMMAND succeeds and prints PATTERN (grep -F)
  what=$1 pattern=$2
  shift 2
  if out=$("$@" 2>&1) && printf '%s\n' "$out" | grep -qF -- "$pattern"; then
    pass "$what"
  else
    fail "$what: expected “$pattern” from: $*"
    printf '%s\n' "$out" | sed 's/^/    /' | head -20
  fi
}

expect_error () {
  # expect_error DESCRIPTION PATTERN COMMAND...: COMMAND fails and says PATTERN (grep -F)
  what=$1 pattern=$2
  shift 2
  if out=$("$@" 2>&1); then
    fail "$what: succeeded: $*"
  elif printf '%s\n' "$out" | grep -qF -- "$pattern"; then
    pass "$what"
  else
    fail "$what: expected “$pattern” from: $*"
    printf '%s\n' "$out" | sed 's/^/    /' | head -20
  fi
}

languages () {
  echo "$LINGUAS_UNDER_TEST"
}

check_files () {
  expect_file "$destdir$bindir/sudoku-lens-cli"
  expect_file "$destdir$datadir/applications/$app_id.desktop"
  expect_file "$destdir$datadir/metainfo/$app_id.metainfo.xml"
  expect_file "$destdir$datadir/icons/hicolor/scalable/apps/$app_id.svg"
  expect_file "$destdir$datadir/icons/hicolor/symbolic/apps/$app_id-symbolic.svg"
  expect_file "$destdir$mandir/man1/sudoku-lens-cli.1"
  expect_file "$destdir$mandir/man1/sudoku-lens.1"
  [ -n "$(languages)" ] || fail "po/LINGUAS lists no language"
  for lang in $(languages); do
    expect_file "$destdir$localedir/$lang/LC_MESSAGES/sudoku-lens.mo"
  done
  if [ -f "$source_root/src/main.c" ]; then
    expect_file "$destdir$bindir/sudoku-lens"
  fi
  for page in "$source_root"/help/C/*.page; do
    [ -f "$page" ] && expect_file "$destdir$datadir/help/C/sudoku-lens/$(basename "$page")"
  done
  if [ -f "$source_root/data/$app_id.gschema.xml" ]; then
    expect_file "$destdir$datadir/glib-2.0/schemas/$app_id.gschema.xml"
  fi
  for sample in "$source_root"/data/samples/*.jpg; do
    [ -f "$sample" ] && expect_file "$destdir$datadir/sudoku-lens/samples/$(basename "$sample")"
  done
}

check_desktop_entry () {
  desktop=$destdir$datadir/applications/$app_id.desktop
  [ -f "$desktop" ] || return 0
  exec_name=$(sed -n 's/^Exec=\([^ ]*\).*/\1/p' "$desktop" | head -1)
  icon_name=$(sed -n 's/^Icon=//p' "$desktop" | head -1)
  [ -x "$destdir$bindir/$exec_name" ] && pass "Exec=$exec_name is installed" \
    || fail "the desktop file runs $exec_name, which is not installed in $bindir"
  [ "$icon_name" = "$app_id" ] && pass "Icon=$icon_name" || fail "the desktop file's icon is “$icon_name”"
  grep -q '^Name\[de\]=' "$desktop" && pass "the desktop file carries translations" \
    || fail "the desktop file has no German name: the translations were not merged"
}

translated_commands_heading () {
  case $1 in
    de) echo "Befehle:" ;;
    es) echo "Órdenes:" ;;
    fr) printf 'Commandes\302\240:\n' ;;
    zh_CN) echo "命令：" ;;
    *) echo "" ;;
  esac
}

# Starts the installed app on the installed sample under a virtual X server, with
# only the installed, compiled schemas; it must still be running after a few seconds
# and must not have logged a warning or a critical of its own.
# The app gets a session bus of its own (dbus-run-session, inside the X server so
# that the services it starts can reach the display, as on a desktop). On a
# desktop-like machine the bus starts services for the app (xdg-desktop-portal and
# its GTK backend, the document portal, ...), and these log warnings of their own
# about the test machine (no RealtimeKit, no PipeWire). They go to the bus's log;
# the app's own output, whatever the log domain (ours, or GTK's about our use of
# it), goes to a log of its own, which is the one that is checked.
check_app_starts () {
  if ! command -v xvfb-run >/dev/null; then
    echo "skip: xvfb-run is not installed, the app was not started"
    return 0
  fi
  home=$(mktemp -d)
  log=$home/app.log
  dbus=""
  if command -v dbus-run-session >/dev/null; then
    dbus="dbus-run-session --"
  fi
  status=0
  # shellcheck disable=SC2016,SC2086
  env -u WAYLAND_DISPLAY -u DBUS_SESSION_BUS_ADDRESS GSETTINGS_BACKEND=memory \
    GSETTINGS_SCHEMA_DIR="$datadir/glib-2.0/schemas" G_DEBUG=fatal-criticals NO_AT_BRIDGE=1 \
    XDG_CONFIG_HOME="$home/config" XDG_DATA_HOME="$home/data" XDG_CACHE_HOME="$home/cache" \
    xvfb-run -a $dbus sh -c 'log=$1; shift; exec "$@" >"$log" 2>&1' sh "$log" \
    timeout 6 "$bindir/sudoku-lens" "$datadir/sudoku-lens/samples/sample.jpg" >"$home/session.log" 2>&1 \
    || status=$?
  if [ "$status" -eq 124 ] && ! grep -v 'Unable to acquire session bus' "$log" | grep -qE 'CRITICAL|WARNING'; then
    pass "sudoku-lens starts from the prefix and opens the sample"
  else
    fail "sudoku-lens did not keep running on the sample without warnings (exit $status; 124 is running until stopped)"
    echo "    the app's output:"
    sed 's/^/    /' "$log" | head -20
    echo "    the session's (X server, bus and the services it started):"
    sed 's/^/    /' "$home/session.log" | head -20
  fi
  # On a desktop-like machine the bus started the document portal, whose FUSE
  # mount in the cache may outlive the session for a moment.
  doc=$home/cache/doc
  if mountpoint -q "$doc" 2>/dev/null; then
    fusermount3 -u -z "$doc" 2>/dev/null || umount -l "$doc" 2>/dev/null || true
  fi
  rm -rf "$home" 2>/dev/null || { sleep 1; rm -rf "$home"; }
}

# Runs inside the private mount namespace, with the install laid over the prefix.
check_installed_programs () {
  cli=$bindir/sudoku-lens-cli
  expect_output "sudoku-lens-cli --version" "sudoku-lens-cli $version" "$cli" --version
  for lang in $(languages); do
    heading=$(translated_commands_heading "$lang")
    [ -n "$heading" ] || { fail "no expected heading for $lang: add it to this script"; continue; }
    expect_output "sudoku-lens-cli --help in $lang" "$heading" \
      env LANGUAGE="$lang" LC_ALL=C.UTF-8 "$cli" --help
  done
  expect_output "sudoku-lens-cli in English by default" "Commands:" env -u LANGUAGE LC_ALL=C.UTF-8 "$cli" --help

  expect_error "sudoku-lens-cli explains bad input in German" "Weder eine Datei noch ein Rätsel aus 81 Zeichen" \
    env LANGUAGE=de LC_ALL=C.UTF-8 "$cli" solve 12x
  expect_output "sudoku-lens-cli solves a typed puzzle" "$typed_solution" "$cli" solve "$typed_puzzle"
  # sample.jpg is image1000 of the photo dataset; data/samples/LICENSE.md lists its givens.
  if [ -f "$datadir/sudoku-lens/samples/sample.jpg" ]; then
    expect_output "sudoku-lens-cli solves the installed sample photo" "$sample_solution" \
      "$cli" solve "$datadir/sudoku-lens/samples/sample.jpg"
  fi

  if [ -x "$bindir/sudoku-lens" ]; then
    expect_output "sudoku-lens --version without a display" "$version" \
      env -u DISPLAY -u WAYLAND_DISPLAY "$bindir/sudoku-lens" --version
    check_app_starts
  fi
  if [ -d "$datadir/glib-2.0/schemas" ]; then
    if glib-compile-schemas --strict --dry-run "$datadir/glib-2.0/schemas"; then
      pass "the installed schemas compile strictly"
    else
      fail "the installed schemas do not compile strictly"
    fi
  fi
}

run_isolated () {
  # Re-runs this script in a new mount namespace (as root, or as a mapped root user).
  for flags in "--mount" "--mount --map-root-user"; do
    # shellcheck disable=SC2086
    if unshare $flags true 2>/dev/null; then
      # shellcheck disable=SC2086
      DESTDIR_UNDER_TEST=$destdir unshare $flags sh "$work/test-install.sh" --inside \
        "$build_dir" "$source_root" "$prefix" "$bindir" "$datadir" "$mandir" "$localedir" "$version"
      return $?
    fi
  done
  return 77
}

enter_isolation () {
  destdir=$DESTDIR_UNDER_TEST
  case $prefix/ in
    "$source_root"/*|"$build_dir"/*) echo "SKIP: the prefix lies inside the source or build tree"; exit 77 ;;
  esac
  mkdir -p "$prefix"
  mount -t overlay overlay -o "lowerdir=$destdir$prefix:$prefix" "$prefix" \
    || { echo "SKIP: cannot lay the install over $prefix here"; exit 77; }
  mount -t tmpfs tmpfs "$source_root"
  case $build_dir/ in
    "$source_root"/*) ;;
    *) mount -t tmpfs tmpfs "$build_dir" ;;
  esac
  [ ! -e "$source_root/meson.build" ] || { echo "FAIL: the source tree is still visible"; exit 1; }
  cd /
  check_installed_programs
  echo "$failures failure(s) in the installed programs"
  [ "$failures" -eq 0 ]
}

if [ "${inside:-0}" = 1 ]; then
  enter_isolation
  exit $?
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/sudoku-lens-install.XXXXXX")
trap 'rm -rf "$work"' EXIT
destdir=$work/root
cp "$0" "$work/test-install.sh"

meson install -C "$build_dir" --no-rebuild --destdir "$destdir" >"$work/install.log" 2>&1 \
  || { cat "$work/install.log"; echo "FAIL: meson install"; exit 1; }
check_files
check_desktop_entry
# What a package's post-install trigger does (meson skips it for a DESTDIR install).
if [ -d "$destdir$datadir/glib-2.0/schemas" ]; then
  glib-compile-schemas "$destdir$datadir/glib-2.0/schemas" || fail "the installed schemas do not compile"
fi

status=0
run_isolated || status=$?
if [ "$status" -eq 77 ]; then
  echo "SKIP: no mount namespace here, so the installed programs were not run from their prefix"
fi
echo "$failures failure(s) in the installed files"
[ "$failures" -eq 0 ] || exit 1
exit "$status"
