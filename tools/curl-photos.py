#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Makes copies of a photo directory (imageN.jpg + imageN.dat) printed on a
page that curls away from the lens towards its right edge, as by a book's
spine, for `sudoku-lens-cli eval OUT/KIND`. From 35% of the width on, the
page comes closer to the lens (its rows bow apart, magnified by LIFT at the
edge) and its curve foreshortens (its columns crowd, by CROWD of the width).
The curl is drawn on the stored pixels, before any EXIF rotation, so it runs
along another side of the board in a photo that the tag turns.

Kinds: curl (lift 0.12, crowd 0.08) and gentle-curl (0.05, 0.03).
Needs Debian's python3-numpy and python3-pil (install-deps.sh --dev), hence
/usr/bin/python3 rather than a virtualenv's.

Usage: tools/curl-photos.py PHOTO_DIR OUT_DIR [KIND...]
"""
import glob
import os
import shutil
import sys

import numpy as np
from PIL import Image

KINDS = {"curl": (0.12, 0.08), "gentle-curl": (0.05, 0.03)}


def curled(pixels, lift, crowd):
    height, width = pixels.shape[:2]
    y, x = np.mgrid[0:height, 0:width].astype(np.float32)
    s = np.clip((x - 0.35 * width) / (0.65 * width), 0, 1)
    from_x = np.clip(x + crowd * width * s * s, 0, width - 1.001)
    from_y = np.clip(height / 2 + (y - height / 2) / (1 + lift * s * s), 0, height - 1.001)
    x0 = from_x.astype(int)
    y0 = from_y.astype(int)
    fx = (from_x - x0)[..., None]
    fy = (from_y - y0)[..., None]
    top = pixels[y0, x0] * (1 - fx) + pixels[y0, x0 + 1] * fx
    bottom = pixels[y0 + 1, x0] * (1 - fx) + pixels[y0 + 1, x0 + 1] * fx
    return np.clip(top * (1 - fy) + bottom * fy + 0.5, 0, 255).astype(np.uint8)


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__.strip().splitlines()[-1])
    src, out = sys.argv[1], sys.argv[2]
    kinds = sys.argv[3:] or list(KINDS)
    for kind in kinds:
        if kind not in KINDS:
            sys.exit(f"unknown kind: {kind}")
        lift, crowd = KINDS[kind]
        os.makedirs(os.path.join(out, kind), exist_ok=True)
        n = 0
        for photo in sorted(glob.glob(os.path.join(src, "image*.jpg"))):
            stem = os.path.basename(photo)[:-4]
            truth = os.path.join(src, stem + ".dat")
            if not os.path.exists(truth):
                continue
            shutil.copy(truth, os.path.join(out, kind))
            image = Image.open(photo)
            pixels = np.asarray(image.convert("RGB")).astype(np.float32)
            copy = Image.fromarray(curled(pixels, lift, crowd))
            extra = {"exif": image.info["exif"]} if "exif" in image.info else {}
            copy.save(os.path.join(out, kind, stem + ".jpg"), quality=92, **extra)
            n += 1
        print(f"{kind}: {n} photos")


if __name__ == "__main__":
    main()
