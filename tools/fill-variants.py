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

# The straightened board is cut at the photo's own resolution (at least
# 64 px a cell): a swapped digit must look like one the player wrote, not
# like one shrunk and enlarged again.
MIN_CELL = 64
INSET = 6 / 64  # of a cell: keep off the grid lines
# A swapped digit's ink is looked for up to this near the grid lines: the
# whole digit moves, not the middle of its cell (which left a piece of the
# old digit beside the new one, and the reader rightly in doubt).
MARGIN = 3 / 64


def read_rows(path, header):
    with open(path) as f:
        lines = f.read().splitlines()
    rows = [line.split() for line in lines[header:] if line.strip()]
    return lines[:header], np.array([int(v) for row in rows[:9] for v in row[:9]])


def cell_side(corners):
    """A cell's side in pixels of the photo, from the board's longest edge."""
    pts = np.array(corners, dtype=np.float64)
    longest = max(np.hypot(*(pts[k] - pts[(k + 1) % 4])) for k in range(4))
    return max(MIN_CELL, int(round(longest / 9)))


def board_warp(corners, cell):
    """Stored-image corners (clockwise from the board's top-left as the
    digits read) to the homography onto an upright board of 9 @cell."""
    side = 9 * cell
    src = np.array(corners, dtype=np.float32)
    dst = np.array([[0, 0], [side, 0], [side, side], [0, side]], dtype=np.float32)
    return cv2.getPerspectiveTransform(src, dst)


def cell_box(i, cell, share=INSET):
    r, c = divmod(i, 9)
    inset = int(round(share * cell))
    return c * cell + inset, r * cell + inset, (c + 1) * cell - inset, (r + 1) * cell - inset


def paper_of(board, i, cell):
    """The paper's colour in cell @i: the median of its lighter pixels."""
    x0, y0, x1, y1 = cell_box(i, cell)
    patch = board[y0:y1, x0:x1].reshape(-1, 3).astype(np.float32)
    grey = patch.mean(1)
    return np.median(patch[grey >= np.percentile(grey, 60)], axis=0)


def digit_ink(board, i, cell):
    """The mask of the digit's ink in cell @i (on cell_box(i, cell, MARGIN)):
    the dark blobs that reach the middle half of the cell, less the grid
    lines, grown by a little for the ink's soft edge; None where there is no ink."""
    x0, y0, x1, y1 = cell_box(i, cell, MARGIN)
    grey = board[y0:y1, x0:x1].mean(2)
    paper, dark = np.percentile(grey, 80), np.percentile(grey, 1)
    if paper - dark < 25:
        return None
    ink = (grey < (paper + dark) / 2).astype(np.uint8)
    h, w = grey.shape
    # grid lines (long straight runs) are taken out first: a digit that
    # touches one would otherwise be one blob with it
    lines = cv2.morphologyEx(ink, cv2.MORPH_OPEN, np.ones((1, w * 4 // 5), np.uint8)) | \
        cv2.morphologyEx(ink, cv2.MORPH_OPEN, np.ones((h * 4 // 5, 1), np.uint8))
    ink &= 1 - cv2.dilate(lines, np.ones((3, 3), np.uint8))
    n, labels, stats, _ = cv2.connectedComponentsWithStats(ink, connectivity=8)
    mask = np.zeros_like(ink)
    for k in range(1, n):
        bx, by, bw, bh = stats[k, :4]
        middle = bx < 0.75 * w and bx + bw > 0.25 * w and by < 0.75 * h and by + bh > 0.25 * h
        if middle:
            mask[labels == k] = 255
    if not mask.any():
        return None
    grow = max(1, cell // 20)
    return cv2.dilate(mask, np.ones((2 * grow + 1, 2 * grow + 1), np.uint8))


def swap_ink(board, a, b, cell):
    """Writes the digit of cell @a into cell @b and the other way round:
    each digit's ink is painted out (inpainted from the paper around it),
    then the other's is laid on, its paper matched to the cell's."""
    boxes = [cell_box(a, cell, MARGIN), cell_box(b, cell, MARGIN)]
    patches = [board[y0:y1, x0:x1].copy() for x0, y0, x1, y1 in boxes]
    masks = [digit_ink(board, i, cell) for i in (a, b)]
    if masks[0] is None or masks[1] is None:
        return False
    papers = [paper_of(board, i, cell) for i in (a, b)]
    for k, (x0, y0, x1, y1) in enumerate(boxes):
        other = 1 - k
        blank = cv2.inpaint(patches[k], masks[k], max(3, cell // 20), cv2.INPAINT_TELEA)
        ink = np.clip(patches[other].astype(np.float32) + papers[k] - papers[other], 0, 255)
        laid = np.minimum(blank.astype(np.float32), ink)
        board[y0:y1, x0:x1] = np.where(masks[other][..., None] > 0, laid, blank).astype(np.uint8)
    return True


def edit(board, cell, mode, classes, rng, args):
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
            if not swap_ink(board, a, b, cell):
                continue
            used |= {a, b}
            digits[a], digits[b] = digits[b], digits[a]
            changed += [a, b]
    else:
        for i in hand:
            if rng.random() >= args.fraction:
                continue
            x0, y0, x1, y1 = cell_box(i, cell)
            noise = rng.normal(0, 2.0, (y1 - y0, x1 - x0, 3))
            board[y0:y1, x0:x1] = np.clip(paper_of(board, i, cell) + noise, 0, 255).astype(np.uint8)
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
    cell = cell_side(corners)
    side = 9 * cell
    h = board_warp(corners, cell)
    board = cv2.warpPerspective(raw, h, (side, side), flags=cv2.INTER_LINEAR)
    digits, changed = edit(board, cell, mode, classes, rng, args)
    if not changed:
        print(f"{name}: nothing to change, skipped")
        return
    mask = np.zeros((side, side), np.uint8)
    for i in changed:
        x0, y0, x1, y1 = cell_box(i, cell, MARGIN if mode == "swap" else INSET)
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
