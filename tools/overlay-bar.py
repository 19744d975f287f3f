#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Checks the photo with the solution (`sudoku-lens-cli solve --overlay`) on
photos laid out like photos-mixed (imageN.jpg, imageN.dat: the paper as it
stands, imageN.printed: the printed givens; without .printed, as in photos,
every digit of .dat is printed):

  - every cell with a digit on the paper (printed or written by the player)
    is left as it was: no pixel inside it changes by BAR levels or more in
    any colour channel;
  - every cell the paper leaves empty gets a digit: at least DRAWN of its
    pixels change by more than 40 levels in some channel.

Cells are compared on the straightened board (the corners from `scan
--json`), inset from the grid lines. The overlay is written as PNG, so
nothing but the drawing changes a pixel. Prints one line per photo that
misses the bar and a summary; exits 1 when any cell misses it.

Usage: tools/overlay-bar.py --cli CLI DIR [DIR...]
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

import cv2
import numpy as np

CELL = 64
SIDE = 9 * CELL
INSET = 8
CHANGED = 40


def read_rows(path, header):
    with open(path) as f:
        lines = [line for line in f.read().splitlines()[header:] if line.strip()]
    return np.array([int(v) for line in lines[:9] for v in line.split()[:9]])


def board(image, corners):
    src = np.array(corners, dtype=np.float32)
    dst = np.array([[0, 0], [SIDE, 0], [SIDE, SIDE], [0, SIDE]], dtype=np.float32)
    h = cv2.getPerspectiveTransform(src, dst)
    return cv2.warpPerspective(image, h, (SIDE, SIDE), flags=cv2.INTER_NEAREST).astype(np.int16)


def stored_frame(raw, overlay):
    """The overlay is saved upright; turns it back into the stored photo's frame."""
    best, best_diff = None, None
    for k in range(4):
        turned = np.ascontiguousarray(np.rot90(overlay, k))
        if turned.shape != raw.shape:
            continue
        diff = np.mean(np.abs(turned.astype(np.int16) - raw.astype(np.int16)))
        if best_diff is None or diff < best_diff:
            best, best_diff = turned, diff
    return best


def cell_pixels(b, i):
    r, c = divmod(i, 9)
    return b[r * CELL + INSET:(r + 1) * CELL - INSET, c * CELL + INSET:(c + 1) * CELL - INSET]


def check(cli, path, args, tmp):
    stem = path[:-4]
    paper = read_rows(stem + ".dat", 2)
    out = os.path.join(tmp, "overlay.png")
    if os.path.exists(out):
        os.unlink(out)
    scan = subprocess.run([cli, "scan", "--json", path], capture_output=True, text=True)
    solve = subprocess.run([cli, "solve", "--overlay", out, path], capture_output=True, text=True)
    if scan.returncode != 0 or solve.returncode != 0 or not os.path.exists(out):
        return None
    corners = json.loads(scan.stdout)["corners"]
    raw = cv2.imread(path, cv2.IMREAD_COLOR | cv2.IMREAD_IGNORE_ORIENTATION)
    drawn = stored_frame(raw, cv2.imread(out, cv2.IMREAD_COLOR))
    if drawn is None:
        return None
    before, after = board(raw, corners), board(drawn, corners)
    written_bad, empty_bad = [], []
    for i in range(81):
        diff = np.abs(cell_pixels(after, i) - cell_pixels(before, i)).max(axis=2)
        if paper[i] != 0 and diff.max() >= args.bar:
            written_bad.append(i)
        elif paper[i] == 0 and np.mean(diff > CHANGED) < args.drawn:
            empty_bad.append(i)
    return paper, written_bad, empty_bad


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cli", required=True)
    ap.add_argument("--bar", type=int, default=3, help="grey levels a filled cell may not change by")
    ap.add_argument("--drawn", type=float, default=0.02,
                    help="share of an empty cell's pixels the drawing must change")
    ap.add_argument("dirs", nargs="+")
    args = ap.parse_args()
    photos = failed = 0
    filled = filled_bad = written = written_bad = empty = empty_bad = 0
    with tempfile.TemporaryDirectory() as tmp:
        for d in args.dirs:
            names = sorted((n for n in os.listdir(d) if re.fullmatch(r"image\d+(-\w+)?\.jpg", n)),
                           key=lambda n: int(re.sub(r"\D", "", n)))
            for name in names:
                path = os.path.join(d, name)
                if not os.path.exists(path[:-4] + ".dat"):
                    continue
                if os.path.exists(path[:-4] + ".printed"):
                    printed = read_rows(path[:-4] + ".printed", 0)
                else:
                    printed = read_rows(path[:-4] + ".dat", 2)
                result = check(args.cli, path, args, tmp)
                photos += 1
                if result is None:
                    failed += 1
                    print(f"{path}: no overlay written")
                    continue
                paper, wbad, ebad = result
                hand = (paper != 0) & (printed == 0)
                filled += int(np.sum(paper != 0))
                filled_bad += len(wbad)
                written += int(np.sum(hand))
                written_bad += sum(1 for i in wbad if hand[i])
                empty += int(np.sum(paper == 0))
                empty_bad += len(ebad)
                if wbad or ebad:
                    print(f"{path}: drawn over {wbad}, left empty {ebad}")
    print(f"{photos} photos, {failed} without an overlay (no unique solution or no board)")
    print(f"cells with a digit changed: {filled_bad} of {filled} "
          f"(written by the player: {written_bad} of {written})")
    print(f"empty cells left without a digit: {empty_bad} of {empty}")
    sys.exit(1 if failed or filled_bad or empty_bad else 0)


if __name__ == "__main__":
    main()
