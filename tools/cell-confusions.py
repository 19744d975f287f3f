#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Cells read right by kind (printed, handwritten, empty) and the commonest
confusions, from the per-photo lines of `sudoku-lens-cli eval DIR`.

Counts the photos whose board was found with its corners right; a photo's
handwritten cells are those its imageN.printed leaves empty. Where the
first line of imageN.dat names the hand after a ";" (make-digit-sheets.py
writes "FACE; HAND, INK"), the handwritten cells are also counted by hand and by ink.

Usage: sudoku-lens-cli eval DIR > EVAL.txt
       tools/cell-confusions.py DIR EVAL.txt [--top 20]
"""
import argparse
import collections
import os
import re
import sys

LINE = re.compile(r"(image\d+)\.\w+: (.*)")
MISREAD = re.compile(r"r(\d)c(\d) ([.\d])→([.\d])")


def grid(path, skip):
    with open(path) as f:
        rows = f.read().splitlines()[skip:skip + 9]
    return [row.split() for row in rows]


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("dir")
    ap.add_argument("eval_output")
    ap.add_argument("--top", type=int, default=20)
    a = ap.parse_args()

    total, wrong = collections.Counter(), collections.Counter()
    by_hand, by_hand_wrong = collections.Counter(), collections.Counter()
    confusions = collections.Counter()
    photos = lost = exact = 0
    with open(a.eval_output) as f:
        for line in f:
            m = LINE.match(line)
            if not m:
                continue
            name, rest = m.groups()
            photos += 1
            if rest.startswith("not read") or "corners off" in rest:
                lost += 1
                continue
            stem = os.path.join(a.dir, name)
            truth = grid(stem + ".dat", 2)
            printed = grid(stem + ".printed", 0) if os.path.exists(stem + ".printed") else truth
            with open(stem + ".dat") as d:
                head = d.readline()
            hand = head.split(";", 1)[1].strip() if ";" in head else None
            misread = {(int(r) - 1, int(c) - 1): (t, s) for r, c, t, s in MISREAD.findall(rest)}
            exact += not misread
            for r in range(9):
                for c in range(9):
                    kind = ("empty" if truth[r][c] == "0"
                            else "printed" if printed[r][c] != "0" else "handwritten")
                    bad = (r, c) in misread
                    total[kind] += 1
                    wrong[kind] += bad
                    if bad:
                        confusions[(kind,) + misread[(r, c)]] += 1
                    if kind == "handwritten" and hand:
                        for key in [h.strip() for h in hand.rsplit(",", 1)]:
                            by_hand[key] += 1
                            by_hand_wrong[key] += bad
    if not photos:
        sys.exit(f"no photo lines in {a.eval_output}")
    print(f"{photos} photos, {lost} with no board or the corners off; "
          f"of the other {photos - lost}, {exact} read exactly")
    for kind in ("printed", "handwritten", "empty"):
        if total[kind]:
            print(f"{kind}: {total[kind] - wrong[kind]} of {total[kind]} right "
                  f"({100 * (1 - wrong[kind] / total[kind]):.2f}%)")
    n, w = sum(total.values()), sum(wrong.values())
    print(f"all cells: {n - w} of {n} right ({100 * (1 - w / n):.2f}%)")
    print("commonest confusions (kind: truth → read):")
    for (kind, t, s), count in confusions.most_common(a.top):
        print(f"  {kind}: {t} → {s}  {count}")
    if by_hand:
        print("handwritten cells by hand, and by ink:")
        for hand in sorted(by_hand):
            print(f"  {hand}: {by_hand_wrong[hand]} of {by_hand[hand]} wrong")


if __name__ == "__main__":
    main()
