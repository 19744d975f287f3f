# SPDX-License-Identifier: GPL-3.0-or-later
"""Write the list of fonts synth.py --font-list and make-typeface-boards.py
render Arabic digits from: every font file (.ttf, .otf, .woff, .woff2) under
the directories given (those get-fonts.sh fills, or /usr/share/fonts), with
its family and its side of the split.

A font is skipped if it cannot draw the digits: a digit without ink, or two
digits that look alike (a missing glyph drawn as the same box, a symbol,
dingbat or pixel font whose digits are not digits), or a name that says
symbol, dingbat, math, icon or emoji.

The split is by family, never by file, so that no weight or style of a
held-out typeface is trained on: a family is held out when the first four
bytes of the SHA-1 of its key (the family name lower-cased, without
spaces, punctuation and weight or width words, so that "Roboto Condensed
Light" is "roboto") make a number divisible by 5, but the classic families
the model was always trained on (TRAINED_ALWAYS) stay in training. The list
of held-out families is written to held-out-typefaces.txt beside this
script when --write-held-out is given.

Output: one line per font file, tab-separated: split (train or held-out),
family key, family name as the font gives it, style, path.

Needs Debian's python3-pil (its FreeType reads WOFF), hence /usr/bin/python3.
Usage: fonts.py DIR... --output fonts.tsv [--write-held-out]
"""
import hashlib
import os
import re
import sys

import numpy as np
from PIL import Image, ImageDraw, ImageFont

EXTENSIONS = (".ttf", ".otf", ".woff", ".woff2")
SKIP = ("symbol", "dingbat", "math", "icon", "emoji", "awesome", "barcode", "redacted",
        "d050000l", "z003", "braille", "musical", "ornament")
WORDS = {"thin", "hairline", "extralight", "ultralight", "light", "book", "regular",
         "normal", "medium", "semibold", "demibold", "demi", "bold", "extrabold",
         "ultrabold", "black", "heavy", "italic", "oblique", "condensed", "semicondensed",
         "extracondensed", "narrow", "expanded", "semiexpanded", "extraexpanded", "wide",
         "display", "text", "caption", "mono", "sc"}
# Families the model has been trained on since its first version
# (build-aux/install-deps.sh --dev): never held out.
TRAINED_ALWAYS = {"dejavu", "dejavusans", "dejavuserif", "liberation", "liberationsans",
                  "liberationserif", "freesans", "freeserif", "arimo", "tinos", "cousine",
                  "nimbussans", "nimbusroman", "nimbusmonops", "urwbookman", "urwgothic",
                  "c059", "p052", "nimbussansnarrow", "texgyreadventor", "texgyrebonum",
                  "texgyrechorus", "texgyrecursor", "texgyreheros", "texgyreherooscn",
                  "texgyrepagella", "texgyreschola", "texgyretermes", "freemono",
                  "liberationmono", "dejavusansmono"}
HELD_OUT_FILE = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                             "held-out-typefaces.txt")


def family_key(family):
    words = re.findall(r"[a-z0-9]+", family.lower())
    kept = [w for w in words if w not in WORDS] or words
    return "".join(kept)


def held_out(key):
    if key in TRAINED_ALWAYS:
        return False
    return int.from_bytes(hashlib.sha1(key.encode()).digest()[:4], "big") % 5 == 0


def digit_images(font):
    """The digits 0-9 drawn in font, each cropped to its ink and scaled to
    24x24, or None if a digit has no ink."""
    out = []
    for d in "0123456789":
        img = Image.new("L", (160, 160), 0)
        ImageDraw.Draw(img).text((80, 80), d, font=font, fill=255, anchor="mm")
        a = np.asarray(img, np.float32)
        ys, xs = np.nonzero(a > 64)
        if len(xs) < 20:
            return None
        crop = a[ys.min():ys.max() + 1, xs.min():xs.max() + 1]
        small = np.asarray(Image.fromarray(crop.astype(np.uint8)).resize((24, 24)), np.float32)
        out.append(small)
    return out


def digits_ok(path):
    """(family, style) if the font draws ten distinct digits, else None."""
    try:
        font = ImageFont.truetype(path, 96)
        family, style = font.getname()
    except (OSError, ValueError):
        return None
    if not family or any(s in (family + os.path.basename(path)).lower() for s in SKIP):
        return None
    images = digit_images(font)
    if images is None:
        return None
    flat = np.stack([i.ravel() for i in images])
    flat = flat - flat.mean(1, keepdims=True)
    norm = np.linalg.norm(flat, axis=1)
    if np.any(norm < 1e-3):
        return None
    corr = (flat @ flat.T) / np.outer(norm, norm)
    np.fill_diagonal(corr, 0)
    if corr.max() > 0.95:  # two digits alike: not a digit font
        return None
    return family, style or ""


def main():
    import argparse
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("dirs", nargs="+")
    ap.add_argument("--output", required=True)
    ap.add_argument("--write-held-out", action="store_true",
                    help="write the held-out family keys to " + HELD_OUT_FILE)
    args = ap.parse_args()
    paths = []
    for top in args.dirs:
        for root, _, files in os.walk(top):
            paths += [os.path.join(root, f) for f in files if f.lower().endswith(EXTENSIONS)]
    rows, skipped, seen = [], 0, set()
    for path in sorted(paths):
        found = digits_ok(path)
        if found is None:
            skipped += 1
            continue
        family, style = found
        # the same face shipped twice (a .ttf and an .otf, Debian and npm)
        # is rendered once
        ident = (family.lower(), style.lower(), os.path.basename(path).rsplit(".", 1)[0].lower())
        if ident in seen:
            continue
        seen.add(ident)
        key = family_key(family)
        split = "held-out" if held_out(key) else "train"
        rows.append((split, key, family, style, os.path.abspath(path)))
    with open(args.output, "w") as f:
        for row in rows:
            f.write("\t".join(row) + "\n")
    train = {r[1] for r in rows if r[0] == "train"}
    held = sorted({r[1] for r in rows if r[0] == "held-out"})
    print(f"{len(rows)} fonts ({skipped} skipped): {len(train)} families to train on, "
          f"{len(held)} held out -> {args.output}", file=sys.stderr)
    if args.write_held_out:
        with open(HELD_OUT_FILE, "w") as f:
            f.write("# Font families never trained on (tools/training/fonts.py: SHA-1 of\n"
                    "# the family key divisible by 5); the typefaces never seen of\n"
                    "# docs/typefaces.md.\n")
            f.write("".join(k + "\n" for k in held))


if __name__ == "__main__":
    main()
