#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Draws Sudoku boards printed with the Arabic digits 1 to 9, one typeface
per board, and photographs them as make-chinese-boards.py does (the same
virtual phone: tilt, turn, a quarter turn for some, a table behind, uneven
light and shadow, paper grain, blur, noise, JPEG), in the photo dataset's
layout, so that `sudoku-lens-cli eval OUT_DIR` measures them.

The typefaces come from a list written by tools/training/fonts.py: --split
train draws from the families trained on (a tune set), --split held-out from
the families never trained on (the "typefaces never seen" of
docs/typefaces.md). Boards go through the families in turn (in an order
shuffled by --seed), each in one face of its family drawn at random, so that
no family prints much more than its share.

The givens come from PUZZLES: files of 81-character lines (or photo dataset
directories), taken from a start drawn by --seed, one a board.

Usage: tools/make-typeface-boards.py OUT_DIR PUZZLES... --font-list fonts.tsv
       [--split held-out] [-n 100] [--seed 1] [--frame WxH]
"""
import argparse
import importlib.util
import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "training"))
_spec = importlib.util.spec_from_file_location("make_chinese_boards",
                                               os.path.join(HERE, "make-chinese-boards.py"))
boards = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(boards)

WORDS = ("Sudoku", "Puzzle", "No.", "Level", "Easy", "Medium", "Hard", "Solution",
         "page", "Fill", "the", "grid", "so", "that", "every", "row", "column", "and",
         "box", "contains", "digits", "to", "once", "Answers", "tomorrow")


class ArabicPhotographer(boards.Photographer):
    numerals = " 123456789"

    def title_text(self):
        r = self.rng
        return (str(r.choice(["Sudoku", "SUDOKU", "Puzzle"])) + " No. "
                + str(int(r.integers(1, 9999))))

    def filler_line(self, length):
        r = self.rng
        words, n = [], 0
        while n < length:
            w = str(r.choice(WORDS)) if r.random() < 0.8 else str(int(r.integers(1, 999)))
            words.append(w)
            n += len(w) + 1
        return " ".join(words)


def read_font_list(path, split):
    """{family key: [(family, style, path), ...]} of one side of the split."""
    families = {}
    with open(path) as f:
        for line in f:
            side, key, family, style, font = line.rstrip("\n").split("\t")
            if side == split:
                families.setdefault(key, []).append((family, style, font))
    if not families:
        sys.exit(f"no {split} fonts in {path}")
    return families


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("out_dir")
    ap.add_argument("puzzles", nargs="+", help="files of 81-char lines or photo directories")
    ap.add_argument("--font-list", required=True, help="written by tools/training/fonts.py")
    ap.add_argument("--split", choices=("train", "held-out"), default="held-out")
    ap.add_argument("-n", type=int, default=100, help="boards to draw")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--frame", help="photo size WxH (default: phone sizes from 640x480 up)")
    args = ap.parse_args()
    frames = boards.frames_of(args.frame)

    puzzles = boards.read_puzzles(args.puzzles)
    families = read_font_list(args.font_list, args.split)
    pick = np.random.default_rng(args.seed + 1000)
    keys = sorted(families)
    order = [keys[i] for i in pick.permutation(len(keys))]
    start = int(pick.integers(len(puzzles)))
    os.makedirs(args.out_dir, exist_ok=True)
    cam = ArabicPhotographer(args.seed, frames)
    with open(os.path.join(args.out_dir, "outlines.csv"), "w", newline="") as f:
        out = boards.outlines_writer(f)
        for n in range(args.n):
            digits = puzzles[(start + n) % len(puzzles)]
            faces = families[order[n % len(order)]]
            family, style, path = faces[int(pick.integers(len(faces)))]
            img, quad, quality = cam.photo(digits, (family, style, path, 0))
            boards.write_board(args.out_dir, out, f"image{n + 1}", img, quad, quality, digits,
                               f"{family} {style}")
    print(f"{args.n} boards ({args.split} typefaces, {len(families)} families) -> {args.out_dir}")


if __name__ == "__main__":
    main()
