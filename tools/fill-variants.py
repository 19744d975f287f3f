#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Make variants of photos of puzzles filled in by hand (imageN.jpg with
imageN.dat, the whole paper, and imageN.printed, the printed givens):

  swap   swaps the handwritten digits of PAIRS pairs of cells (different
         digits), so those entries are wrong; writes imageN.swapped with the
         cells (0..80) swapped;
  blank  paints paper over a share of the handwritten cells, for a puzzle
         filled in only in part.

Each written .dat is the paper as it now stands. The board is located with
`sudoku-lens-cli scan --json` (its corners), cells are edited on the
straightened board and put back into the photo through the inverse warp,
only inside the edited cells. Written photos are upright (EXIF applied).

Usage: tools/fill-variants.py --cli CLI MODE SRC_DIR OUT_DIR [options]
"""
import argparse
import json
import os
import re
import subprocess
import sys

import cv2
import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "training"))
from cut_cells import read_stored, write_grid  # noqa: E402

CELL = 64
SIDE = 9 * CELL
INSET = 6  # keep off the grid lines


def read_rows(path, header):
    with open(path) as f:
        lines = f.read().splitlines()
    rows = [line.split() for line in lines[header:] if line.strip()]
    return lines[:header], np.array([int(v) for row in rows[:9] for v in row[:9]])


def board_warp(corners):
    """Stored-image corners (clockwise from the board's top-left as the
    digits read) to the homography onto an upright SIDE x SIDE board."""
    src = np.array(corners, dtype=np.float32)
    dst = np.array([[0, 0], [SIDE, 0], [SIDE, SIDE], [0, SIDE]], dtype=np.float32)
    return cv2.getPerspectiveTransform(src, dst)


def cell_box(i):
    r, c = divmod(i, 9)
    return c * CELL + INSET, r * CELL + INSET, (c + 1) * CELL - INSET, (r + 1) * CELL - INSET


def paper_of(board, i):
    """The paper's colour in cell @i: the median of its lighter pixels."""
    x0, y0, x1, y1 = cell_box(i)
    patch = board[y0:y1, x0:x1].reshape(-1, 3).astype(np.float32)
    grey = patch.mean(1)
    return np.median(patch[grey >= np.percentile(grey, 60)], axis=0)


def edit(board, mode, classes, rng, args):
    """Edits @board in place; returns the new digits and the cells changed."""
    hand = [i for i in range(81) if classes[i] > 9]
    digits = np.where(classes > 9, classes - 9, classes)
    changed = []
    if mode == "swap":
        rng.shuffle(hand)
        used = set()
        for a in hand:
            if len(changed) >= 2 * args.pairs:
                break
            if a in used:
                continue
            for b in hand:
                if b not in used and b != a and digits[b] != digits[a]:
                    break
            else:
                continue
            used |= {a, b}
            ax0, ay0, ax1, ay1 = cell_box(a)
            bx0, by0, bx1, by1 = cell_box(b)
            pa = board[ay0:ay1, ax0:ax1].copy()
            pb = board[by0:by1, bx0:bx1].copy()
            # match each patch's paper to where it goes
            pa = np.clip(pa.astype(np.float32) + paper_of(board, b) - paper_of(board, a), 0, 255)
            pb = np.clip(pb.astype(np.float32) + paper_of(board, a) - paper_of(board, b), 0, 255)
            board[ay0:ay1, ax0:ax1] = pb.astype(np.uint8)
            board[by0:by1, bx0:bx1] = pa.astype(np.uint8)
            digits[a], digits[b] = digits[b], digits[a]
            changed += [a, b]
    else:
        for i in hand:
            if rng.random() >= args.fraction:
                continue
            x0, y0, x1, y1 = cell_box(i)
            noise = rng.normal(0, 2.0, (y1 - y0, x1 - x0, 3))
            board[y0:y1, x0:x1] = np.clip(paper_of(board, i) + noise, 0, 255).astype(np.uint8)
            digits[i] = 0
            changed.append(i)
    return digits, sorted(changed)


def process(cli, mode, src, out, name, rng, args):
    stem = name[:-4]
    path = os.path.join(src, name)
    header, dat = read_rows(os.path.join(src, stem + ".dat"), 2)
    _, printed = read_rows(os.path.join(src, stem + ".printed"), 0)
    classes = np.where((dat > 0) & (printed == 0), dat + 9, dat)
    scan = subprocess.run([cli, "scan", "--json", path], capture_output=True, text=True)
    if scan.returncode != 0:
        print(f"{name}: no board found, skipped")
        return
    corners = json.loads(scan.stdout)["corners"]
    raw, turns = read_stored(path, cv2.IMREAD_COLOR)
    h = board_warp(corners)
    board = cv2.warpPerspective(raw, h, (SIDE, SIDE), flags=cv2.INTER_LINEAR)
    digits, changed = edit(board, mode, classes, rng, args)
    if not changed:
        print(f"{name}: nothing to change, skipped")
        return
    mask = np.zeros((SIDE, SIDE), np.uint8)
    for i in changed:
        x0, y0, x1, y1 = cell_box(i)
        mask[y0:y1, x0:x1] = 255
    hinv = np.linalg.inv(h)
    size = (raw.shape[1], raw.shape[0])
    back = cv2.warpPerspective(board, hinv, size, flags=cv2.INTER_LINEAR)
    where = cv2.warpPerspective(mask, hinv, size, flags=cv2.INTER_NEAREST) > 0
    result = raw.copy()
    result[where] = back[where]
    result = np.ascontiguousarray(np.rot90(result, turns))
    cv2.imwrite(os.path.join(out, name), result, [cv2.IMWRITE_JPEG_QUALITY, 92])
    write_grid(os.path.join(out, stem + ".dat"), digits, header)
    write_grid(os.path.join(out, stem + ".printed"), printed)
    if mode == "swap":
        with open(os.path.join(out, stem + ".swapped"), "w") as f:
            f.write(" ".join(map(str, changed)) + "\n")
    print(f"{name}: {len(changed)} cells {'swapped' if mode == 'swap' else 'blanked'}")


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cli", required=True, help="the sudoku-lens-cli to locate boards with")
    ap.add_argument("mode", choices=["swap", "blank"])
    ap.add_argument("src")
    ap.add_argument("out")
    ap.add_argument("--pairs", type=int, default=2, help="swap: pairs of cells per photo")
    ap.add_argument("--fraction", type=float, default=0.5,
                    help="blank: share of the handwritten cells blanked")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--only", nargs="*", help="these photo names only")
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    names = sorted((n for n in os.listdir(args.src) if re.fullmatch(r"image\d+\.jpg", n)),
                   key=lambda n: int(re.sub(r"\D", "", n)))
    for name in names:
        if args.only and name not in args.only:
            continue
        if not os.path.exists(os.path.join(args.src, name[:-4] + ".printed")):
            continue
        rng = np.random.default_rng([args.seed, int(re.sub(r"\D", "", name))])
        process(args.cli, args.mode, args.src, args.out, name, rng, args)


if __name__ == "__main__":
    main()
