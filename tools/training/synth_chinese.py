# SPDX-License-Identifier: GPL-3.0-or-later
"""Render synthetic 64x64 Sudoku cells printed with the Chinese numerals
一 to 九, with the augmentation synth.py gives Arabic digits.

Classes: 0 = empty, 1..9 = 一..九, 10 = foreign: ink that is no upright
Chinese numeral (an Arabic digit in any quarter turn, a numeral turned on
its side or upside down). The foreign class lets the model say that a board
is not printed in Chinese numerals, or not turned upright; the app never
reads it as a digit.

The fonts are split by family: TRAIN_FAMILIES for training, HELD_OUT_FAMILIES
only for measuring (tools/make-chinese-boards.py --fonts held-out)."""
import os
import subprocess

import numpy as np

from synth import DIGITS, Renderer, find_fonts, load_font

NUMERALS = " 一二三四五六七八九"
FOREIGN = 10
N_CLASSES = 11

# Song/Ming, Kai and Hei designs from different foundries.
TRAIN_FAMILIES = (
    "AR PL UMing CN", "AR PL SungtiL GB", "AR PL Mingti2L Big5", "TW-Sung",
    "Noto Serif CJK SC", "IPAMincho", "HanaMinA",
    "AR PL UKai CN", "AR PL KaitiM GB", "AR PL KaitiM Big5", "TW-Kai",
    "WenQuanYi Zen Hei", "Noto Sans CJK SC", "IPAGothic", "VL Gothic",
)
# Never trained on: two Kai, two Hei, a Ming and a FangSong.
HELD_OUT_FAMILIES = (
    "cwTeXKai", "LXGW WenKai", "WenQuanYi Micro Hei", "cwTeXHeiBold", "cwTeXMing",
    "cwTeXFangSong",
)
FONT_SETS = {"train": TRAIN_FAMILIES, "held-out": HELD_OUT_FAMILIES}


def family_fonts(family):
    """(file, index, style) of every installed face of a family."""
    out = subprocess.run(["fc-list", f":family={family}", "file", "index", "style"],
                         capture_output=True, text=True, check=True).stdout
    faces = {}
    for line in out.splitlines():
        path, _, rest = line.partition(": ")
        fields = dict(f.split("=", 1) for f in rest.split(":") if "=" in f)
        style = fields.get("style", "").split(",")[0]
        if "italic" in style.lower() or "oblique" in style.lower():
            continue
        faces[(os.path.realpath(path), int(fields.get("index", 0)))] = style
    return [(path, index, style) for (path, index), style in sorted(faces.items())]


def cjk_fonts(which):
    """(file, index) of the faces of the "train" or "held-out" families."""
    fonts, missing = [], []
    for family in FONT_SETS[which]:
        faces = family_fonts(family)
        if not faces:
            missing.append(family)
        fonts += [(path, index) for path, index, _ in faces]
    if missing:
        raise SystemExit(f"fonts missing: {', '.join(missing)}: "
                         "run build-aux/install-deps.sh --dev")
    return fonts


class ChineseRenderer(Renderer):
    def __init__(self, fonts, latin_fonts, seed):
        super().__init__(fonts, seed, glyphs=NUMERALS)
        self.latin = [load_font(f) for f in latin_fonts]

    def draw_digit(self, img, label, ink):
        if label != FOREIGN:
            return super().draw_digit(img, label, ink)
        r = self.rng
        if r.random() < 0.5:
            # An Arabic digit in any quarter turn, but 1 on its side is 一.
            digit = int(r.integers(0, 10))
            turns = int(r.choice([0, 2])) if digit == 1 else int(r.integers(0, 4))
            ft = self.latin[r.integers(len(self.latin))]
            return self.draw_text(img, ft, DIGITS[digit], ink, turns)
        # A numeral on its side, or upside down where that differs (not 一二三).
        numeral = int(r.integers(1, 10))
        turns = int(r.choice([1, 3] if numeral <= 3 else [1, 2, 3]))
        ft = self.fonts[r.integers(len(self.fonts))]
        return self.draw_text(img, ft, NUMERALS[numeral], ink, turns)


def render(n, seed, fonts="train", empty_fraction=0.2, foreign_fraction=0.2):
    rend = ChineseRenderer(cjk_fonts(fonts), find_fonts(), seed)
    labels = rend.rng.integers(1, 10, n)
    kind = rend.rng.random(n)
    labels[kind < empty_fraction + foreign_fraction] = FOREIGN
    labels[kind < empty_fraction] = 0
    cells = np.stack([rend.cell(int(k)) for k in labels])
    return cells, labels.astype(np.int64)


if __name__ == "__main__":
    import argparse
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("output", help="output .npz")
    ap.add_argument("-n", type=int, default=60000)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--fonts", choices=sorted(FONT_SETS), default="train",
                    help="font families to draw the numerals with")
    args = ap.parse_args()
    cells, labels = render(args.n, args.seed, args.fonts)
    np.savez_compressed(args.output, cells=cells, labels=labels)
    print(f"{len(cells)} synthetic cells ({args.fonts} fonts) -> {args.output}")