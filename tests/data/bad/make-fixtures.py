#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Makes the image fixtures of tests/test-bad-input.c (see README.md here).
Usage: tests/data/bad/make-fixtures.py PHOTO_DIR [OUT_DIR]
PHOTO_DIR is the photo dataset (image1070.jpg and image1000.jpg are used).
Needs python3-opencv, python3-numpy and python3-pil (Debian packages)."""
import os
import struct
import sys
import zlib

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFont

FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
# The givens of image1070 (the board of board.jpg), row by row.
PUZZLE = "400802006060010040038000170000127000700304001000589000074000210020030060900208005"


def render_board(cell=40, margin=20):
    """A clean board like a screenshot: grey 0 = ink, 255 = paper."""
    side = 9 * cell + 2 * margin
    img = Image.new("L", (side, side), 255)
    draw = ImageDraw.Draw(img)
    font = ImageFont.truetype(FONT, int(cell * 0.7))
    for i in range(10):
        width = 3 if i % 3 == 0 else 1
        pos = margin + i * cell
        draw.line([(margin, pos), (margin + 9 * cell, pos)], fill=0, width=width)
        draw.line([(pos, margin), (pos, margin + 9 * cell)], fill=0, width=width)
    for k, ch in enumerate(PUZZLE):
        if ch != "0":
            x = margin + (k % 9 + 0.5) * cell
            y = margin + (k // 9 + 0.5) * cell
            draw.text((x, y), ch, fill=0, font=font, anchor="mm")
    return np.array(img)


def write_alpha_screenshot(path):
    """Ink opaque, paper fully transparent and black underneath, as some
    apps export: drawn over white it is the board, alpha dropped it is black."""
    grey = render_board()
    rgba = np.zeros(grey.shape + (4,), np.uint8)
    rgba[..., 3] = 255 - grey
    cv2.imwrite(path, rgba, [cv2.IMWRITE_PNG_COMPRESSION, 9])


def write_grey_alpha(path):
    grey = render_board()
    la = np.stack([np.zeros_like(grey), 255 - grey], axis=-1)
    Image.fromarray(la, "LA").save(path, optimize=True)


def write_palette(path):
    """Two palette entries, the paper one marked transparent (tRNS)."""
    ink = (render_board() < 128).astype(np.uint8)
    img = Image.fromarray(ink, "P")
    img.putpalette([255, 255, 255, 0, 0, 0])
    img.save(path, transparency=0, optimize=True)


def write_16bit(path):
    grey = render_board().astype(np.uint16) * 257
    cv2.imwrite(path, cv2.merge([grey, grey, grey]), [cv2.IMWRITE_PNG_COMPRESSION, 9])


def crop_board(photo, corners, pad):
    xs = [p[0] for p in corners]
    ys = [p[1] for p in corners]
    h, w = photo.shape[:2]
    return photo[max(0, min(ys) - pad):min(h, max(ys) + pad),
                 max(0, min(xs) - pad):min(w, max(xs) + pad)]


def write_two_boards(path, big, small):
    """The board of image1070 large on the left, image1000's smaller."""
    big = crop_board(big, [(141, 328), (780, 325), (804, 978), (128, 994)], 30)
    small = crop_board(small, [(22, 151), (927, 123), (939, 1154), (1, 1114)], 0)
    big = cv2.resize(big, None, fx=0.55, fy=0.55, interpolation=cv2.INTER_AREA)
    small = cv2.resize(small, None, fx=0.3, fy=0.3, interpolation=cv2.INTER_AREA)
    canvas = np.full((max(big.shape[0], small.shape[0]) + 40,
                      big.shape[1] + small.shape[1] + 60, 3), 235, np.uint8)
    canvas[20:20 + big.shape[0], 20:20 + big.shape[1]] = big
    x = big.shape[1] + 40
    canvas[20:20 + small.shape[0], x:x + small.shape[1]] = small
    cv2.imwrite(path, canvas, [cv2.IMWRITE_JPEG_QUALITY, 80])


def write_no_board(path):
    """A photographed page of plain text under uneven light."""
    rng = np.random.default_rng(7)
    img = Image.new("L", (480, 640), 230)
    draw = ImageDraw.Draw(img)
    font = ImageFont.truetype(FONT.replace("-Bold", ""), 14)
    words = "le la des jeux mots grille solution samedi page titre article".split()
    for y in range(30, 620, 22):
        line = " ".join(rng.choice(words, 9))
        draw.text((25, y), line, fill=40, font=font)
    grey = np.array(img).astype(np.float32)
    light = np.linspace(0.75, 1.05, grey.shape[1])[None, :]
    grey = np.clip(grey * light + rng.normal(0, 4, grey.shape), 0, 255).astype(np.uint8)
    grey = cv2.GaussianBlur(grey, (3, 3), 0)
    cv2.imwrite(path, cv2.cvtColor(grey, cv2.COLOR_GRAY2BGR), [cv2.IMWRITE_JPEG_QUALITY, 80])


def png_chunk(kind, data):
    return (struct.pack(">I", len(data)) + kind + data +
            struct.pack(">I", zlib.crc32(kind + data) & 0xffffffff))


def write_huge_header_png(path, side=100000):
    """A valid small PNG whose header claims side × side pixels."""
    ihdr = struct.pack(">IIBBBBB", side, side, 8, 2, 0, 0, 0)
    idat = zlib.compress(b"\x00" + b"\xff" * 3 * 16)
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + png_chunk(b"IHDR", ihdr) +
                png_chunk(b"IDAT", idat) + png_chunk(b"IEND", b""))


def write_huge_header_jpeg(path, side=30000):
    """A 16×16 JPEG whose frame header is patched to claim side × side."""
    ok, data = cv2.imencode(".jpg", np.full((16, 16, 3), 200, np.uint8))
    data = bytearray(data.tobytes())
    sof = data.index(b"\xff\xc0")
    data[sof + 5:sof + 9] = struct.pack(">HH", side, side)
    with open(path, "wb") as f:
        f.write(data)


def main():
    photos = sys.argv[1]
    out = sys.argv[2] if len(sys.argv) > 2 else os.path.dirname(os.path.abspath(__file__))
    big = cv2.imread(os.path.join(photos, "image1070.jpg"))
    small = cv2.imread(os.path.join(photos, "image1000.jpg"))
    board = cv2.resize(big, None, fx=0.5, fy=0.5, interpolation=cv2.INTER_AREA)
    cv2.imwrite(os.path.join(out, "board.jpg"), board, [cv2.IMWRITE_JPEG_QUALITY, 85])
    cv2.imwrite(os.path.join(out, "board-grey.jpg"), cv2.cvtColor(board, cv2.COLOR_BGR2GRAY),
                [cv2.IMWRITE_JPEG_QUALITY, 85])
    small_board = cv2.resize(board, None, fx=0.75, fy=0.75, interpolation=cv2.INTER_AREA)
    Image.fromarray(cv2.cvtColor(small_board, cv2.COLOR_BGR2RGB)).convert("CMYK").save(
        os.path.join(out, "board-cmyk.jpg"), quality=80)
    cv2.imwrite(os.path.join(out, "board.webp"), small_board, [cv2.IMWRITE_WEBP_QUALITY, 80])
    cv2.imwrite(os.path.join(out, "screenshot.tif"), render_board())
    Image.fromarray(render_board() >= 128).save(os.path.join(out, "screenshot.pbm"))
    write_alpha_screenshot(os.path.join(out, "screenshot-alpha.png"))
    write_16bit(os.path.join(out, "screenshot-16bit.png"))
    write_grey_alpha(os.path.join(out, "screenshot-grey-alpha.png"))
    write_palette(os.path.join(out, "screenshot-palette.png"))
    write_two_boards(os.path.join(out, "two-boards.jpg"), big, small)
    write_no_board(os.path.join(out, "no-board.jpg"))
    cv2.imwrite(os.path.join(out, "one-pixel.png"), np.full((1, 1, 3), 255, np.uint8))
    Image.new("1", (8000, 8000), 1).save(os.path.join(out, "blank-8000.png"), optimize=True)
    Image.new("1", (7000, 7000), 1).save(os.path.join(out, "blank-7000.png"), optimize=True)
    write_huge_header_png(os.path.join(out, "huge-header.png"))
    write_huge_header_png(os.path.join(out, "huge-header-20000.png"), 20000)
    write_huge_header_jpeg(os.path.join(out, "huge-header.jpg"))


if __name__ == "__main__":
    main()
