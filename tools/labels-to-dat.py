#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Write a directory in the images/ + labels/ layout (labels 0 empty, 1..9,
10 pencil candidates; metadata.csv with Name, Puzzle and corners) in the
photo dataset's layout: imageN.jpg (a link), imageN.dat (every digit on the
paper, candidates as empty), imageN.printed (the printed givens) and
outlines.csv, so that `sudoku-lens-cli eval` checks the entries and
tools/fill-variants.py can swap or blank them.

The labels do not say which digits are printed: the givens are voted by
the reader over the photos of each puzzle (tools/training/cut_labelled.py)
and kept only where they alone solve to the labels' grid; a puzzle whose
vote does not is left out. names.csv maps imageN to the original name.
--kinds FILE mends the vote where it was checked by eye and found wrong:
lines `PUZZLE rRcC given|entry` (# starts a comment).

Usage: tools/labels-to-dat.py --cli CLI [--kinds FILE] SRC_DIR OUT_DIR
"""
import argparse
import os
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "training"))
import cut_labelled as C  # noqa: E402
from cut_cells import write_grid  # noqa: E402


def read_kinds(path):
    mend = {}
    with open(path) as f:
        for line in f:
            words = line.split("#")[0].split()
            if not words:
                continue
            puzzle, cell, kind = words
            r, c = int(cell[1]), int(cell[3])
            if kind not in ("given", "entry"):
                sys.exit(f"{path}: {line.strip()}: the kind is given or entry")
            mend.setdefault(puzzle, {})[(r - 1) * 9 + c - 1] = kind == "given"
    return mend


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cli", required=True)
    ap.add_argument("--kinds", help="kinds checked by eye: PUZZLE rRcC given|entry")
    ap.add_argument("src")
    ap.add_argument("out")
    a = ap.parse_args()
    mend = read_kinds(a.kinds) if a.kinds else {}
    meta = C.read_metadata(a.src)
    by_puzzle = {}
    for name, (puzzle, _) in sorted(meta.items()):
        by_puzzle.setdefault(puzzle, []).append(name)
    os.makedirs(a.out, exist_ok=True)
    number = 0
    with open(os.path.join(a.out, "outlines.csv"), "w") as outlines, \
         open(os.path.join(a.out, "names.csv"), "w") as names, \
         tempfile.TemporaryDirectory() as tmp:
        outlines.write("image,p1_x,p1_y,p2_x,p2_y,p3_x,p3_y,p4_x,p4_y\n")
        names.write("image,name,puzzle\n")
        for puzzle, photos in sorted(by_puzzle.items()):
            digits = C.read_label(os.path.join(a.src, "labels", photos[0][:-4] + ".txt"))
            scans = [C.scan_photo(a.cli, os.path.join(a.src, "images", n), os.path.join(tmp, n))
                     for n in photos]
            classes = C.vote_kinds(digits, scans)
            for cell, given in mend.get(puzzle, {}).items():
                if 1 <= digits[cell] <= 9:
                    classes[cell] = digits[cell] + (0 if given else C.HANDWRITTEN)
            if not C.givens_agree(digits, classes):
                print(f"{puzzle}: the voted givens do not fix the labels' grid; left out")
                continue
            paper = [0 if d == 10 else int(d) for d in digits]
            printed = [int(d) if 1 <= c <= 9 else 0 for d, c in zip(digits, classes)]
            for n in photos:
                number += 1
                stem = f"image{number}"
                os.symlink(os.path.abspath(os.path.join(a.src, "images", n)),
                           os.path.join(a.out, stem + ".jpg"))
                write_grid(os.path.join(a.out, stem + ".dat"), paper, ("phone", "12 MP"))
                write_grid(os.path.join(a.out, stem + ".printed"), printed)
                corners = meta[n][1]
                outlines.write(f"{stem}.jpg," + ",".join(f"{v:.1f}" for v in corners.ravel()) + "\n")
                names.write(f"{stem}.jpg,{n},{puzzle}\n")
            print(f"{puzzle}: {sum(1 for p in printed if p)} givens, "
                  f"{sum(1 for d, p in zip(paper, printed) if d and not p)} entries", flush=True)


if __name__ == "__main__":
    main()
