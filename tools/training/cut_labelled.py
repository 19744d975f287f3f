# SPDX-License-Identifier: GPL-3.0-or-later
"""Cut labelled cells out of a directory in the images/ + labels/ layout
(labels/NAME.txt: 0 empty, 1..9 a digit printed or handwritten alike, 10 a
cell of small pencil candidates; metadata.csv: Name, Puzzle and the board's
corners in pixels; photos stored upright).

The labels do not tell printed from handwritten digits. The printed givens
are the same on the photos of one puzzle, so each digit's kind is the vote
of the reader (`sudoku-lens-cli scan --json`) over all the puzzle's photos;
the givens so found must solve, alone, to a grid that agrees with the
labels, or the puzzle's digits are left out. Classes written: 0 empty,
1..9 printed, 10..18 handwritten (9 + digit), 19 pencil candidates.

Two kinds of cut, into one .npz (cells uint8 N*64*64, labels, names,
puzzles): the pipeline's own crops (`scan --dump-cells`), kept where its
turn is the stored frame's; and cuts along the labelled corners, the first
exact and the others with jittered corners. Only ever point this at a
training split.
"""
import argparse
import csv
import json
import os
import subprocess
import tempfile

import cv2
import numpy as np

CELL = 64
HANDWRITTEN = 9
CANDIDATES = 19


def read_label(path):
    with open(path) as f:
        values = [int(v) for v in f.read().split()]
    if len(values) != 81 or min(values) < 0 or max(values) > 10:
        raise ValueError(f"{path}: not 81 numbers from 0 to 10")
    return np.array(values, dtype=np.int64)


def read_metadata(directory):
    rows = {}
    with open(os.path.join(directory, "metadata.csv")) as f:
        for row in csv.DictReader(f):
            corners = [(float(row[f"x_{c}_absolute"]), float(row[f"y_{c}_absolute"]))
                       for c in ("topleft", "topright", "bottomright", "bottomleft")]
            rows[row["Name"]] = (row["Puzzle"], np.array(corners, dtype=np.float32))
    return rows


def count_solutions(grid, limit=2):
    """Solutions of the 81-digit @grid, up to @limit, and the first one."""
    grid = list(grid)
    found = []

    def candidates(i):
        r, c = divmod(i, 9)
        used = set(grid[r * 9:r * 9 + 9]) | set(grid[c::9])
        br, bc = r - r % 3, c - c % 3
        used |= {grid[(br + y) * 9 + bc + x] for y in range(3) for x in range(3)}
        return [d for d in range(1, 10) if d not in used]

    def search():
        if len(found) >= limit:
            return
        empty = [i for i in range(81) if grid[i] == 0]
        if not empty:
            found.append(list(grid))
            return
        best = min(empty, key=lambda i: len(candidates(i)))
        for d in candidates(best):
            grid[best] = d
            search()
            grid[best] = 0

    search()
    return len(found), (found[0] if found else None)


def scan_photo(cli, path, dump_dir):
    out = subprocess.run([cli, "scan", "--json", "--dump-cells", dump_dir, path],
                         capture_output=True, text=True)
    if out.returncode != 0:
        return None
    return json.loads(out.stdout)


def hand_probability(cell, digit):
    """P(handwritten) of the cell's digit as read, None where the reader
    read another digit."""
    if cell["digit"] != digit:
        return None
    if cell["kind"] == "handwritten":
        return cell["kind_confidence"]
    return 1 - cell["kind_confidence"]


def vote_kinds(digits, scans):
    """Per cell, the class by the labels and the reader's vote on kinds."""
    classes = digits.copy()
    for i in range(81):
        if digits[i] == 0 or digits[i] == 10:
            continue
        votes = [hand_probability(s["cells"][i], digits[i]) for s in scans if s is not None]
        votes = [v for v in votes if v is not None]
        if votes and np.mean(votes) >= 0.5:
            classes[i] = HANDWRITTEN + digits[i]
    classes[digits == 10] = CANDIDATES
    return classes


def givens_agree(digits, classes):
    givens = [int(d) if 1 <= c <= 9 else 0 for d, c in zip(digits, classes)]
    n, solution = count_solutions(givens)
    if n != 1:
        return False
    return all(d == 0 or d == 10 or d == s for d, s in zip(digits, solution))


def warp_cells(grey, corners):
    side = 9 * CELL
    dst = np.array([[0, 0], [side, 0], [side, side], [0, side]], dtype=np.float32)
    board = cv2.warpPerspective(grey, cv2.getPerspectiveTransform(corners, dst), (side, side),
                                flags=cv2.INTER_AREA, borderMode=cv2.BORDER_REPLICATE)
    return [board[r * CELL:(r + 1) * CELL, c * CELL:(c + 1) * CELL]
            for r in range(9) for c in range(9)]


def read_dumps(dump_dir):
    cells = [cv2.imread(os.path.join(dump_dir, f"r{i // 9}c{i % 9}.png"), cv2.IMREAD_GRAYSCALE)
             for i in range(81)]
    if any(c is None or c.shape != (CELL, CELL) for c in cells):
        return None
    return cells


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("photos", help="directory with images/, labels/ and metadata.csv")
    ap.add_argument("output", help="output .npz")
    ap.add_argument("--cli", required=True, help="sudoku-lens-cli to read kinds and cut cells")
    ap.add_argument("--copies", type=int, default=3, help="cuts along the corners per photo")
    ap.add_argument("--jitter", type=float, default=0.01, help="corner jitter, share of the side")
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    rng = np.random.default_rng(a.seed)
    meta = read_metadata(a.photos)
    by_puzzle = {}
    for name, (puzzle, _) in sorted(meta.items()):
        by_puzzle.setdefault(puzzle, []).append(name)

    cells, labels, names, puzzles = [], [], [], []
    with tempfile.TemporaryDirectory() as tmp:
        for puzzle, photos in sorted(by_puzzle.items()):
            digits = read_label(os.path.join(a.photos, "labels", photos[0][:-4] + ".txt"))
            scans = {n: scan_photo(a.cli, os.path.join(a.photos, "images", n), os.path.join(tmp, n))
                     for n in photos}
            classes = vote_kinds(digits, list(scans.values()))
            if not givens_agree(digits, classes):
                print(f"{puzzle}: the voted givens do not fix the labels' grid; digits left out")
                keep = (digits == 0) | (digits == 10)
            else:
                keep = np.ones(81, bool)
            print(f"{puzzle}: {int(((classes >= 1) & (classes <= 9)).sum())} printed, "
                  f"{int(((classes >= 10) & (classes <= 18)).sum())} handwritten, "
                  f"{int((classes == CANDIDATES).sum())} candidates", flush=True)
            for n in photos:
                grey = cv2.imread(os.path.join(a.photos, "images", n), cv2.IMREAD_GRAYSCALE)
                corners = meta[n][1]
                side = np.linalg.norm(corners[1] - corners[0])
                cuts = []
                for k in range(a.copies):
                    noise = rng.uniform(-a.jitter, a.jitter, corners.shape) * side if k else 0
                    cuts.append(warp_cells(grey, (corners + noise).astype(np.float32)))
                scan = scans[n]
                dumped = read_dumps(os.path.join(tmp, n)) if scan and scan["rotation"] == 0 else None
                if dumped is not None:
                    cuts.append(dumped)
                for cut in cuts:
                    cells += [c for c, k in zip(cut, keep) if k]
                    labels.append(classes[keep])
                    names += [n] * int(keep.sum())
                    puzzles += [puzzle] * int(keep.sum())
    np.savez_compressed(a.output, cells=np.stack(cells), labels=np.concatenate(labels),
                        names=np.array(names), puzzles=np.array(puzzles))
    print(f"{len(cells)} cells from {len(set(names))} photos -> {a.output}")


if __name__ == "__main__":
    main()
