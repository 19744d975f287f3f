#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes the seed corpus of fuzz-image: small images in every format the
decoder meets, made from the bad-input fixtures (tests/data/bad).
Usage: fuzz/make-image-seeds.py [FIXTURE_DIR [OUT_DIR]]"""
import os
import shutil
import sys

import cv2
from PIL import Image


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    fixtures = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "..", "tests", "data", "bad")
    out = sys.argv[2] if len(sys.argv) > 2 else os.path.join(here, "corpus", "image")
    os.makedirs(out, exist_ok=True)
    board = cv2.imread(os.path.join(fixtures, "board.jpg"))
    small = cv2.resize(board, (180, 240), interpolation=cv2.INTER_AREA)
    grey = cv2.cvtColor(small, cv2.COLOR_BGR2GRAY)
    tiny = cv2.resize(grey, (60, 80), interpolation=cv2.INTER_AREA)
    cv2.imwrite(os.path.join(out, "board.jpg"), small, [cv2.IMWRITE_JPEG_QUALITY, 60])
    cv2.imwrite(os.path.join(out, "board-progressive.jpg"), small,
                [cv2.IMWRITE_JPEG_QUALITY, 50, cv2.IMWRITE_JPEG_PROGRESSIVE, 1])
    cv2.imwrite(os.path.join(out, "board-grey.png"), grey, [cv2.IMWRITE_PNG_COMPRESSION, 9])
    cv2.imwrite(os.path.join(out, "board.bmp"), tiny)
    cv2.imwrite(os.path.join(out, "board.webp"), small, [cv2.IMWRITE_WEBP_QUALITY, 40])
    cv2.imwrite(os.path.join(out, "board.pgm"), tiny)
    cv2.imwrite(os.path.join(out, "board.tiff"), tiny)
    exif = Image.Exif()
    exif[0x0112] = 6
    Image.fromarray(tiny).save(os.path.join(out, "board-exif.jpg"), quality=60, exif=exif)
    Image.fromarray(tiny).convert("CMYK").save(os.path.join(out, "board-cmyk.jpg"), quality=50)
    for name in ["screenshot-alpha.png", "one-pixel.png", "huge-header.png",
                 "huge-header.jpg", "blank-8000.png"]:
        shutil.copy(os.path.join(fixtures, name), out)


if __name__ == "__main__":
    main()
