# SPDX-License-Identifier: GPL-3.0-or-later
"""Cut labelled 64x64 grey cells out of a photo directory.

Two sources, written to one .npz (cells uint8 N*64*64, labels, photo names):
  --outlines   warp each photo with its outlines.csv corners (optionally
               several times with jittered corners) and cut a 9x9 grid;
  --dumps DIR  read crops already written by `sudoku-lens-cli scan
               --dump-cells DIR/imageN IMAGE` (files rRcC.png), which are
               exactly what the recognizer sees at run time.
Labels come from imageN.dat: 0 = empty, 1..9 = a printed digit. Where
imageN.printed gives the printed givens apart (photos filled in by hand), a
digit of .dat whose cell is empty in .printed was written by hand and is
labelled 9 + digit (10..18). Only ever point this at the tune split.
"""
import argparse
import csv
import os
import re

import cv2
import numpy as np

CELL = 64
MIN_DUMP_FIT = 0.8  # below this the pipeline cut the wrong grid or turned it


def read_labels(path, header=2):
    with open(path) as f:
        rows = [line.split() for line in f.read().splitlines()[header:] if line.strip()]
    digits = [int(v) for row in rows[:9] for v in row[:9]]
    if len(digits) != 81:
        raise ValueError(f"{path}: expected 81 digits, got {len(digits)}")
    return np.array(digits, dtype=np.int64)


def read_outlines(path):
    out = {}
    with open(path) as f:
        for row in csv.DictReader(f):
            pts = [(float(row[f"p{i}_x"]), float(row[f"p{i}_y"])) for i in range(1, 5)]
            out[row["image"]] = np.array(pts, dtype=np.float32)
    return out


HANDWRITTEN = 9  # handwritten digit d is class HANDWRITTEN + d


def read_classes(directory, name):
    """The class of each cell: the digit, moved past the printed ones where
    the cell's digit was written by hand."""
    digits = read_labels(os.path.join(directory, name[:-4] + ".dat"))
    printed_path = os.path.join(directory, name[:-4] + ".printed")
    if not os.path.exists(printed_path):
        return digits
    printed = read_labels(printed_path, header=0)
    return np.where((digits > 0) & (printed == 0), digits + HANDWRITTEN, digits)


def photo_names(directory):
    names = [n for n in os.listdir(directory) if re.fullmatch(r"image\d+\.jpg", n)]
    return sorted(names, key=lambda n: int(re.sub(r"\D", "", n)))


def warp_board(grey, corners):
    side = 9 * CELL
    dst = np.array([[0, 0], [side, 0], [side, side], [0, side]], dtype=np.float32)
    m = cv2.getPerspectiveTransform(corners, dst)
    return cv2.warpPerspective(grey, m, (side, side), flags=cv2.INTER_AREA,
                               borderMode=cv2.BORDER_REPLICATE)


def split_board(board):
    return [board[r * CELL:(r + 1) * CELL, c * CELL:(c + 1) * CELL]
            for r in range(9) for c in range(9)]


def read_stored(path, flags=cv2.IMREAD_GRAYSCALE):
    """The image as stored (EXIF orientation not applied), read with
    @flags, and the quarter turns (np.rot90) from it to the EXIF-applied
    frame."""
    raw = cv2.imread(path, flags | cv2.IMREAD_IGNORE_ORIENTATION)
    shown = cv2.imread(path, flags)
    for k in range(4):
        turned = np.rot90(raw, k)
        if turned.shape == shown.shape and np.array_equal(turned, shown):
            return raw, k
    return raw, 0


def exif_turns(path):
    """Quarter turns (np.rot90) from the stored frame to the EXIF-applied one."""
    return read_stored(path)[1]


def write_grid(path, digits, header=()):
    """A .dat file: the @header lines, then the 81 @digits in 9 rows."""
    with open(path, "w") as f:
        for line in header:
            f.write(line + "\n")
        for r in range(9):
            f.write(" ".join(str(int(d)) for d in digits[r * 9:r * 9 + 9]) + "\n")


def ink_fit(cells, digits):
    """Correlation of the ink in the middle of each cell with the labels'
    empty/filled pattern: near 1 when the grid was cut right."""
    ink = cells[:, 16:48, 16:48].astype(np.float32).std(axis=(1, 2))
    return np.corrcoef(ink, (digits > 0).astype(np.float32))[0, 1]


def upright_turns(board, digits, preferred):
    """The outlines are drawn on the EXIF-applied image, whose tag is wrong
    for some photos. Pick the quarter turn whose ink pattern matches the
    labels; among ties (symmetric puzzles) prefer the stored frame."""
    cells = np.array(split_board(board), dtype=np.float32).reshape(9, 9, CELL, CELL)
    ink = cells[:, :, 16:48, 16:48].std(axis=(2, 3))
    given = (digits.reshape(9, 9) > 0).astype(np.float32)
    fit = [np.corrcoef(np.rot90(ink, k).ravel(), given.ravel())[0, 1] for k in range(4)]
    best = max(fit)
    if fit[preferred] >= best - 0.02:
        return preferred
    return int(np.argmax(fit))


def cut_grid(grey, corners, digits=None, preferred=0):
    board = warp_board(grey, corners)
    if digits is not None:
        board = np.rot90(board, upright_turns(board, digits, preferred))
    return split_board(np.ascontiguousarray(board))


def from_outlines(directory, copies, jitter, rng):
    outlines = read_outlines(os.path.join(directory, "outlines.csv"))
    cells, labels, names = [], [], []
    for name in photo_names(directory):
        if name not in outlines:
            continue
        path = os.path.join(directory, name)
        grey = cv2.imread(path, cv2.IMREAD_GRAYSCALE)
        preferred = (4 - exif_turns(path)) % 4
        digits = read_labels(os.path.join(directory, name[:-4] + ".dat"))
        corners = outlines[name]
        side = np.linalg.norm(corners[1] - corners[0])
        for k in range(copies):
            noise = rng.uniform(-jitter, jitter, corners.shape) * side if k else 0
            cells += cut_grid(grey, (corners + noise).astype(np.float32), digits, preferred)
            labels.append(digits)
            names += [name] * 81
    return cells, labels, names


def from_dumps(directory, dumps, model=None):
    cells, labels, names = [], [], []
    for name in photo_names(directory):
        cell_dir = os.path.join(dumps, name[:-4])
        if not os.path.isdir(cell_dir):
            continue
        classes = read_classes(directory, name)
        grid = []
        for i in range(81):
            img = cv2.imread(os.path.join(cell_dir, f"r{i // 9}c{i % 9}.png"),
                             cv2.IMREAD_GRAYSCALE)
            if img is None or img.shape != (CELL, CELL):
                raise ValueError(f"{cell_dir}: missing or bad cell {i}")
            grid.append(img)
        fit = dump_fit(np.array(grid), classes, model)
        if fit < MIN_DUMP_FIT:
            print(f"skipping {name}: its cells do not match the labels (fit {fit:.2f})")
            continue
        cells += grid
        labels.append(classes)
        names += [name] * 81
    return cells, labels, names


def dump_fit(grid, classes, model):
    """How well the dumped cells match the labels. A filled-in photo has ink
    in every cell, so its ink pattern cannot tell a turned board: there the
    share of printed cells that @model reads as their label tells instead."""
    if (classes <= HANDWRITTEN).all() or model is None:
        return ink_fit(grid, classes)
    from train import preprocess  # the same window and grey levels as at run time
    printed = np.nonzero((classes > 0) & (classes <= HANDWRITTEN))[0]
    model.setInput(preprocess(grid[printed]))
    read = model.forward().argmax(1)
    return float((read == classes[printed]).mean())


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("photos", help="photo directory (the tune split)")
    ap.add_argument("output", help="output .npz")
    ap.add_argument("--dumps", help="directory of per-photo cell dumps")
    ap.add_argument("--check-model",
                    help="ONNX model that checks the turn of filled-in photos' dumps")
    ap.add_argument("--copies", type=int, default=1,
                    help="outline mode: cuts per photo (the first exact)")
    ap.add_argument("--jitter", type=float, default=0.012,
                    help="outline mode: corner jitter as a fraction of the side")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()

    rng = np.random.default_rng(args.seed)
    if args.dumps:
        model = cv2.dnn.readNetFromONNX(args.check_model) if args.check_model else None
        cells, labels, names = from_dumps(args.photos, args.dumps, model)
    else:
        cells, labels, names = from_outlines(args.photos, args.copies, args.jitter, rng)
    if not cells:
        raise SystemExit("no cells found")
    np.savez_compressed(args.output, cells=np.stack(cells),
                        labels=np.concatenate(labels), names=np.array(names))
    print(f"{len(cells)} cells from {len(set(names))} photos -> {args.output}")


if __name__ == "__main__":
    main()
