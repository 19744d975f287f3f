#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Draws printed Sudoku grids holding random digits, not puzzles, some cells
written by hand, and photographs them as make-typeface-boards.py does, in
the photo dataset's layout, so that `sudoku-lens-cli eval OUT_DIR` counts the
cells read right. The rules of Sudoku cannot help here (a digit may stand
twice in a row): what `eval` counts is the reader alone.

Each sheet prints its digits in one face of a family of --font-list's
--split side, and writes a share of its cells (none on a fifth of the
sheets) by hand, in one hand a sheet:

- a handwriting typeface of the families hands.py holds out of training
  (--hand-split held-out, from --hand-fonts, the folders get-fonts.sh
  unpacks), its strokes jittered and slanted;
- or the continental forms of hands.py (a 1 with an upstroke or a flag, a
  crossed 7, an open 4, a 9 with a straight stem, a flat-topped 3, a looped
  2), the sheet's handwritten 5s, 6s and 8s in the first of those
  handwriting typefaces;

in blue, black or red ballpoint or grey pencil, a little off the cell's
middle. Writes imageN.jpg, imageN.dat (every digit) and imageN.printed (the
printed ones) and outlines.csv.

Usage: tools/make-digit-sheets.py OUT_DIR --font-list fonts.tsv --hand-fonts DIR
       [--split held-out] [--hand-split held-out] [-n 100] [--seed 1] [--frame WxH]
"""
import argparse
import importlib.util
import os
import sys

import cv2
import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "training"))
import hands  # noqa: E402


def _load(name, file):
    spec = importlib.util.spec_from_file_location(name, os.path.join(HERE, file))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


typeface_boards = _load("make_typeface_boards", "make-typeface-boards.py")
boards = typeface_boards.boards

# ink colours as RGB on white paper, before the photo's light
PENS = {
    "blue": ((20, 40, 120), (70, 90, 200)),
    "black": ((10, 10, 15), (60, 60, 70)),
    "red": ((150, 20, 20), (210, 70, 70)),
    "pencil": ((90, 90, 95), (150, 150, 155)),
}


class SheetPhotographer(typeface_boards.ArabicPhotographer):
    """Prints the digits of the cells not in self.pen in the face, then
    writes those of self.pen ({cell: digit}) in self.hand."""

    def __init__(self, seed, frames, hand_faces):
        super().__init__(seed, frames)
        self.hand_faces = hand_faces
        self.pen = {}
        self.hand = None       # ("font", FreeType face) or ("forms", None)
        self.slant = 0.0       # shear of the hand's strokes
        self.weight = 0        # pixels the strokes are thickened by (-1: thinned)
        self.ink = "blue"      # a key of PENS
        self.colour = np.float32(PENS["blue"][0])

    def page(self, digits, face, cell):
        printed = [0 if i in self.pen else d for i, d in enumerate(digits)]
        page, corners = super().page(printed, face, cell)
        x0, y0 = corners[0]
        for i, d in self.pen.items():
            self.write(page, x0 + (i % 9) * cell, y0 + (i // 9) * cell, cell, d)
        return page, corners

    def glyph(self, digit, size):
        """White strokes on black in a (2 size) square canvas."""
        r = self.rng
        kind, face = self.hand
        if kind == "forms":
            layer = hands.continental(digit, size, r)
            if layer is not None:
                return layer
            face = self.hand_faces[0]  # the forms have no 5, 6 or 8
        return hands.font_glyph(face, digit, size, r)

    def write(self, page, x, y, cell, digit):
        r = self.rng
        size = max(8, int(cell * r.uniform(0.45, 0.7)))
        layer = self.glyph(digit, size)
        shear = self.slant + r.normal(0, 0.05)
        side = layer.shape[0]
        m = np.float32([[1, shear, -shear * side / 2], [0, 1, 0]])
        layer = cv2.warpAffine(layer, m, (side, side), flags=cv2.INTER_LINEAR)
        layer = hands.elastic(layer, r)
        k = int(round(self.weight))
        if k > 0:
            layer = cv2.dilate(layer, np.ones((k, k), np.uint8))
        elif k < 0:
            layer = cv2.erode(layer, np.ones((2, 2), np.uint8))
        ys, xs = np.nonzero(layer)
        if len(xs) == 0:
            return
        layer = layer[ys.min():ys.max() + 1, xs.min():xs.max() + 1]
        alpha = layer.astype(np.float32) / 255
        if self.ink == "pencil":
            alpha = hands.pencil_grain(alpha, r)
        # where the ink's middle lands: a little off the cell's
        cx = x + cell * (0.5 + r.normal(0, 0.05))
        cy = y + cell * (0.5 + r.normal(0, 0.05))
        gh, gw = layer.shape
        x0, y0 = int(round(cx - gw / 2)), int(round(cy - gh / 2))
        h, w = page.shape[:2]
        ax0, ay0 = max(x0, 0), max(y0, 0)
        ax1, ay1 = min(x0 + gw, w), min(y0 + gh, h)
        if ax1 <= ax0 or ay1 <= ay0:
            return
        a = alpha[ay0 - y0:ay1 - y0, ax0 - x0:ax1 - x0, None] * r.uniform(0.8, 1.0)
        region = page[ay0:ay1, ax0:ax1]
        page[ay0:ay1, ax0:ax1] = region * (1 - a) + self.colour * a


def pick_hand(cam, hand_fonts, rng):
    """One hand for a sheet: a handwriting face or the continental forms,
    its slant, stroke weight and ink."""
    if rng.random() < 0.5 and hand_fonts:
        family = sorted(hand_fonts)[int(rng.integers(len(hand_fonts)))]
        files = hand_fonts[family]
        ft = cv2.freetype.createFreeType2()
        ft.loadFontData(files[int(rng.integers(len(files)))], 0)
        cam.hand = ("font", ft)
        name = family
    else:
        cam.hand = ("forms", None)
        name = "continental forms"
    cam.slant = rng.normal(0, 0.12)
    cam.weight = rng.choice([-1, 0, 0, 1, 2])
    cam.ink = str(rng.choice(list(PENS), p=[0.45, 0.3, 0.1, 0.15]))
    lo, hi = PENS[cam.ink]
    cam.colour = np.float32([rng.uniform(a, b) for a, b in zip(lo, hi)])
    return f"{name}, {cam.ink}"


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("out_dir")
    ap.add_argument("--font-list", required=True, help="written by tools/training/fonts.py")
    ap.add_argument("--split", choices=("train", "held-out"), default="held-out")
    ap.add_argument("--hand-fonts", required=True,
                    help="folders of handwriting typefaces, one a family (get-fonts.sh)")
    ap.add_argument("--hand-split", choices=("train", "held-out"), default="held-out")
    ap.add_argument("-n", type=int, default=100, help="sheets to draw")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--frame", help="photo size WxH (default: phone sizes from 640x480 up)")
    args = ap.parse_args()
    frames = boards.frames_of(args.frame)

    families = typeface_boards.read_font_list(args.font_list, args.split)
    hand_fonts = hands.hand_font_files(
        args.hand_fonts, hands.HELD_OUT if args.hand_split == "held-out" else hands.TRAIN)
    if not hand_fonts:
        sys.exit(f"no handwriting typefaces under {args.hand_fonts}")
    pick = np.random.default_rng(args.seed + 2000)
    keys = sorted(families)
    order = [keys[i] for i in pick.permutation(len(keys))]
    fallback = cv2.freetype.createFreeType2()
    first = hand_fonts[sorted(hand_fonts)[0]][0]
    fallback.loadFontData(first, 0)
    cam = SheetPhotographer(args.seed, frames, [fallback])
    os.makedirs(args.out_dir, exist_ok=True)
    with open(os.path.join(args.out_dir, "outlines.csv"), "w", newline="") as f:
        out = boards.outlines_writer(f)
        for n in range(args.n):
            fill = pick.uniform(0.25, 0.6)
            digits = [int(pick.integers(1, 10)) if pick.random() < fill else 0
                      for _ in range(81)]
            pen_share = 0.0 if pick.random() < 0.2 else pick.uniform(0.2, 0.6)
            cam.pen = {i: d for i, d in enumerate(digits) if d and pick.random() < pen_share}
            hand = pick_hand(cam, hand_fonts, pick) if cam.pen else "no hand"
            faces = families[order[n % len(order)]]
            family, style, path = faces[int(pick.integers(len(faces)))]
            img, quad, quality = cam.photo(digits, (family, style, path, 0))
            name = f"image{n + 1}"
            boards.write_board(args.out_dir, out, name, img, quad, quality, digits,
                               f"{family} {style}; {hand}")
            with open(os.path.join(args.out_dir, name + ".printed"), "w") as p:
                for row in range(9):
                    p.write(" ".join("0" if (row * 9 + c) in cam.pen else str(digits[row * 9 + c])
                                     for c in range(9)) + " \n")
    print(f"{args.n} sheets ({args.split} typefaces, {args.hand_split} hands) -> {args.out_dir}")


if __name__ == "__main__":
    main()
