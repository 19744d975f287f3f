#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Draws Sudoku boards printed with the Chinese numerals 一 to 九 and
photographs them as a phone would: the page tilted and turned in front of
the lens (a quarter of them with the whole photo turned by a quarter turn,
as a phone held sideways without an orientation tag), on a table, lit
unevenly, with paper grain, blur, noise and JPEG artefacts.

Writes OUT_DIR/imageN.jpg with imageN.dat (the phone line names the font, then
the format line and the 9 rows of givens, 0 = empty) and OUT_DIR/outlines.csv
(the board's corners in the stored image, clockwise from its top-left as the
numerals read), the layout of the photo dataset, so that
`sudoku-lens-cli eval OUT_DIR` measures them.

The givens come from PUZZLES: photo dataset directories (their imageN.dat)
or text files with one 81-character puzzle per line, used in turn. Each board
is printed in one face of the font families of --fonts (see
tools/training/synth_chinese.py): "train" for tuning, "held-out" (never
trained on) for measuring.

Needs Debian's python3-opencv, python3-numpy, python3-pil and the CJK fonts
of build-aux/install-deps.sh --dev, hence /usr/bin/python3.

Usage: tools/make-chinese-boards.py OUT_DIR PUZZLES... [--fonts held-out] [-n 200] [--seed 1]
       [--frame WxH]
"""
import argparse
import csv
import glob
import os
import re
import sys

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFont

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "training"))
from synth_chinese import FONT_SETS, NUMERALS, family_fonts  # noqa: E402

FRAMES = ((640, 480), (800, 600), (1024, 768), (1280, 960), (1600, 1200))
# Text around the board: characters written alike in simplified and
# traditional Chinese, so that every font has them.
FILLER = "日月年入字和不包含期中下高分空格使行列都第大小上人今天本周末版答案每"


def read_puzzles(sources):
    puzzles = []
    for source in sources:
        if os.path.isdir(source):
            names = sorted(glob.glob(os.path.join(source, "image*.dat")),
                           key=lambda p: int(re.sub(r"\D", "", os.path.basename(p))))
            for name in names:
                with open(name) as f:
                    rows = [line.split() for line in f.read().splitlines()[2:] if line.strip()]
                digits = [int(v) for row in rows[:9] for v in row[:9]]
                if len(digits) == 81:
                    puzzles.append(digits)
        else:
            with open(source) as f:
                for line in f:
                    line = line.strip()
                    if len(line) == 81 and re.fullmatch(r"[0-9.]{81}", line):
                        puzzles.append([0 if c == "." else int(c) for c in line])
    if not puzzles:
        sys.exit("no puzzles found in " + " ".join(sources))
    return puzzles


def font_faces(which):
    faces = []
    for family in FONT_SETS[which]:
        found = family_fonts(family)
        if not found:
            sys.exit(f"font family missing: {family}: run build-aux/install-deps.sh --dev")
        faces += [(family, style, path, index) for path, index, style in found]
    return faces


class Photographer:
    numerals = NUMERALS  # numerals[d] is the text printed for digit d

    def __init__(self, seed, frames=FRAMES):
        self.rng = np.random.default_rng(seed)
        self.frames = frames

    def title_text(self):
        r = self.rng
        return ("第" + "".join(r.choice(list(NUMERALS[1:]), 2)) + "期 "
                + "".join(r.choice(list(FILLER), 3)))

    def filler_line(self, length):
        return "".join(self.rng.choice(list(FILLER), length))

    def page(self, digits, face, cell):
        """The printed page (RGB) and the board's corners on it."""
        r = self.rng
        family, style, path, index = face
        side = 9 * cell
        margin = int(side * r.uniform(0.25, 0.6))
        width, height = side + 2 * margin, side + 2 * margin
        tint = np.array([r.uniform(235, 255), r.uniform(228, 252), r.uniform(210, 245)])
        page = Image.new("RGB", (width, height), tuple(int(v) for v in tint))
        draw = ImageDraw.Draw(page)
        x0, y0 = margin, margin
        if r.random() < 0.2:
            shade = tuple(int(v * r.uniform(0.82, 0.93)) for v in tint)
            for box in range(9):
                if box % 2 == 0:
                    bx, by = x0 + (box % 3) * 3 * cell, y0 + (box // 3) * 3 * cell
                    draw.rectangle([bx, by, bx + 3 * cell, by + 3 * cell], fill=shade)
        ink = tuple(int(v) for v in r.uniform(0, 60, 3))
        if r.random() < 0.1:
            ink = (int(r.uniform(0, 40)), int(r.uniform(20, 60)), int(r.uniform(90, 160)))
        thin = max(1, int(round(cell * r.uniform(0.015, 0.04))))
        thick = max(thin + 1, int(round(cell * r.uniform(0.05, 0.1))))
        for k in range(10):
            w = thick if k % 3 == 0 else thin
            p = k * cell
            draw.rectangle([x0 + p - w // 2, y0 - thick // 2, x0 + p + (w - 1) // 2,
                            y0 + side + thick // 2], fill=ink)
            draw.rectangle([x0 - thick // 2, y0 + p - w // 2, x0 + side + thick // 2,
                            y0 + p + (w - 1) // 2], fill=ink)
        size = int(cell * r.uniform(0.5, 0.82))
        font = ImageFont.truetype(path, size, index=index)
        dx, dy = r.normal(0, 0.03, 2) * cell
        for i, d in enumerate(digits):
            if d:
                cx = x0 + (i % 9 + 0.5) * cell + dx
                cy = y0 + (i // 9 + 0.5) * cell + dy
                draw.text((cx, cy), self.numerals[d], font=font, fill=ink, anchor="mm")
        self.surrounding_text(draw, face, ink, margin, side, width, height)
        corners = np.float32([[x0, y0], [x0 + side, y0], [x0 + side, y0 + side], [x0, y0 + side]])
        return np.asarray(page, np.float32), corners

    def surrounding_text(self, draw, face, ink, margin, side, width, height):
        r = self.rng
        _, _, path, index = face
        size = int(margin * r.uniform(0.25, 0.45))
        if size < 8:
            return
        font = ImageFont.truetype(path, size, index=index)
        title = self.title_text()
        draw.text((margin, margin * 0.45), title, font=font, fill=ink, anchor="lm")
        small = ImageFont.truetype(path, max(8, size * 2 // 3), index=index)
        y = margin + side + margin * 0.3
        while y < height - size:
            line = self.filler_line(int(side / (size * 0.7)))
            draw.text((margin, y), line, font=small, fill=ink, anchor="lm")
            y += size

    def paper_grain(self, page):
        r = self.rng
        h, w = page.shape[:2]
        grain = r.normal(0, r.uniform(2, 7), (h, w)).astype(np.float32)
        grain = cv2.GaussianBlur(grain, (0, 0), 0.8)
        blotch = cv2.resize(r.normal(0, 1, (8, 8)).astype(np.float32), (w, h),
                            interpolation=cv2.INTER_CUBIC)
        page = page * (1 + 0.03 * blotch[..., None]) + grain[..., None]
        return page

    def background(self, size):
        r = self.rng
        w, h = size
        colour = r.uniform(30, 200, 3)
        img = np.empty((h, w, 3), np.float32)
        img[:] = colour
        ramp = np.linspace(-1, 1, w, dtype=np.float32)[None, :, None]
        img += ramp * r.uniform(-30, 30)
        img += cv2.GaussianBlur(r.normal(0, 12, (h, w)).astype(np.float32), (0, 0), 2)[..., None]
        return img

    def placement(self, size, corners):
        """Where the board lands in the frame: a tilted, turned quadrilateral."""
        r = self.rng
        w, h = size
        side = min(w, h) * r.uniform(0.5, 0.92)
        angle = np.deg2rad(np.clip(r.normal(0, 7), -20, 20))
        half = side / 2
        square = np.float32([[-half, -half], [half, -half], [half, half], [-half, half]])
        rot = np.float32([[np.cos(angle), -np.sin(angle)], [np.sin(angle), np.cos(angle)]])
        quad = square @ rot.T + r.normal(0, side * r.uniform(0.01, 0.05), (4, 2)).astype(np.float32)
        lo, hi = quad.min(0), quad.max(0)
        room = np.float32([w, h]) - (hi - lo)
        if np.any(room < 0.04 * side):
            return self.placement(size, corners)
        offset = -lo + 0.02 * side + r.uniform(0, 1, 2) * (room - 0.04 * side)
        return (quad + offset).astype(np.float32)

    def lighting(self, h, w):
        r = self.rng
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
        xx, yy = xx / w - 0.5, yy / h - 0.5
        gx, gy = r.uniform(-0.5, 0.5, 2)
        light = 1 + gx * xx + gy * yy
        cx, cy = r.uniform(-0.4, 0.4, 2)
        light -= r.uniform(0, 0.5) * ((xx - cx) ** 2 + (yy - cy) ** 2)
        if r.random() < 0.35:
            pts = (r.uniform(0, 1, (3, 2)) * [w, h]).astype(np.int32)
            edge = np.array([[0, 0], [w, 0]] if r.random() < 0.5 else [[0, h], [0, 0]], np.int32)
            mask = np.zeros((h, w), np.float32)
            cv2.fillPoly(mask, [np.vstack([edge, pts])], 1.0)
            mask = cv2.GaussianBlur(mask, (0, 0), max(w, h) * r.uniform(0.01, 0.05))
            light *= 1 - r.uniform(0.15, 0.45) * mask
        return np.clip(light, 0.35, 1.3)[..., None] * r.uniform(0.7, 1.05)

    def optics(self, img):
        r = self.rng
        if r.random() < 0.25:
            length = int(r.integers(3, 8))
            kernel = np.zeros((length, length), np.float32)
            kernel[length // 2, :] = 1 / length
            rot = cv2.getRotationMatrix2D((length / 2 - 0.5, length / 2 - 0.5), r.uniform(0, 180), 1)
            kernel = cv2.warpAffine(kernel, rot, (length, length))
            img = cv2.filter2D(img, -1, kernel / max(kernel.sum(), 1e-6))
        sigma = r.uniform(0.3, 1.6)
        img = cv2.GaussianBlur(img, (0, 0), sigma)
        img = img + r.normal(0, r.uniform(1.5, 7), img.shape).astype(np.float32)
        return np.clip(img, 0, 255).astype(np.uint8)

    def photo(self, digits, face):
        r = self.rng
        size = self.frames[int(r.integers(len(self.frames)))]
        if r.random() < 0.3:
            size = size[::-1]
        quad = self.placement(size, None)
        board_side = float(np.linalg.norm(quad[1] - quad[0]))
        cell = int(np.clip(board_side / 9 * 1.4, 40, 120))
        page, corners = self.page(digits, face, cell)
        page = self.paper_grain(page)
        m = cv2.getPerspectiveTransform(corners, quad)
        w, h = size
        img = self.background(size)
        warped = cv2.warpPerspective(page, m, (w, h), flags=cv2.INTER_AREA)
        mask = cv2.warpPerspective(np.ones(page.shape[:2], np.float32), m, (w, h),
                                   flags=cv2.INTER_LINEAR)[..., None]
        img = img * (1 - mask) + warped * mask
        img = img * self.lighting(h, w)
        img = self.optics(img)
        turns = int(r.choice([0, 1, 2, 3], p=[0.7, 0.1, 0.1, 0.1]))
        img, quad = turn(img, quad, turns)
        return img, quad, int(r.integers(40, 93))


def turn(img, quad, turns):
    """The photo turned clockwise by quarter turns, and the quad with it."""
    for _ in range(turns):
        h = img.shape[0]
        img = np.ascontiguousarray(np.rot90(img, -1))
        quad = np.float32([[h - 1 - y, x] for x, y in quad])
    return img, quad


def frames_of(frame):
    """The photo sizes of a --frame WxH (None: the phone sizes of FRAMES)."""
    if not frame:
        return FRAMES
    if not re.fullmatch(r"\d+x\d+", frame):
        sys.exit(f"bad --frame {frame}: use WxH, e.g. 640x480")
    return (tuple(int(v) for v in frame.split("x")),)


def outlines_writer(f):
    """The board's outlines file, as `eval` reads it: a header, then a row a photo."""
    out = csv.writer(f)
    out.writerow(["image"] + [f"p{i}_{a}" for i in range(1, 5) for a in "xy"])
    return out


def write_board(out_dir, outlines, name, img, quad, quality, digits, face_name):
    """Writes the photo @img (RGB) as NAME.jpg, its labels as NAME.dat and its
    outline @quad as a row of @outlines, in the layout `eval` reads."""
    bgr = cv2.cvtColor(img, cv2.COLOR_RGB2BGR)
    cv2.imwrite(os.path.join(out_dir, name + ".jpg"), bgr, [cv2.IMWRITE_JPEG_QUALITY, quality])
    with open(os.path.join(out_dir, name + ".dat"), "w") as dat:
        dat.write(f"generated, {face_name}\n")
        dat.write(f"{img.shape[1]}x{img.shape[0]}:24 JPG\n")
        for row in range(9):
            dat.write(" ".join(str(v) for v in digits[row * 9:row * 9 + 9]) + " \n")
    outlines.writerow([name + ".jpg"] + [f"{v:.1f}" for p in quad for v in p])


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("out_dir")
    ap.add_argument("puzzles", nargs="+", help="photo directories or files of 81-char lines")
    ap.add_argument("--fonts", choices=sorted(FONT_SETS), default="held-out")
    ap.add_argument("-n", type=int, default=200, help="boards to draw")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--frame", help="photo size WxH (default: phone sizes from 640x480 up)")
    args = ap.parse_args()
    frames = frames_of(args.frame)

    puzzles = read_puzzles(args.puzzles)
    faces = font_faces(args.fonts)
    os.makedirs(args.out_dir, exist_ok=True)
    cam = Photographer(args.seed, frames)
    with open(os.path.join(args.out_dir, "outlines.csv"), "w", newline="") as f:
        out = outlines_writer(f)
        for n in range(args.n):
            digits = puzzles[n % len(puzzles)]
            face = faces[n % len(faces)]
            img, quad, quality = cam.photo(digits, face)
            write_board(args.out_dir, out, f"image{n + 1}", img, quad, quality, digits,
                        f"{face[0]} {face[1]}")
    print(f"{args.n} boards ({args.fonts} fonts) -> {args.out_dir}")


if __name__ == "__main__":
    main()
