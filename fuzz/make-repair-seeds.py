#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes the seed corpus of fuzz-repair (layout in fuzz/fuzz-repair.c):
read grids with one-hot, confused and missing recognizer scores."""
import os
import sys

PUZZLES = [
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    "..93.74.6.451.9..36.7.2..5.9..53.8...8.29.53..1....942..86...152.4..5.9.7...83...",
    "...7...8..9...31....68.5.7..2.6...49...2...5...8.4...7...9...3.37......61.5..4...",
]


def digits(line):
    return [0 if c == "." else int(c) for c in line]


def seed(flags, read, scores):
    out = bytearray([flags])
    out += bytes(read)
    for row in scores:
        out += bytes(row)
    return bytes(out)


def one_hot(read):
    return [[255 if c == d else 0 for c in range(10)] for d in read]


def main(out_dir):
    os.makedirs(out_dir, exist_ok=True)
    seeds = {}
    for i, line in enumerate(PUZZLES):
        read = digits(line)
        seeds[f"clean-{i}"] = seed(0, read, one_hot(read))
        wrong = list(read)
        cell = next(k for k, d in enumerate(read) if d)
        wrong[cell] = read[cell] % 9 + 1
        scores = one_hot(wrong)
        scores[cell] = [0] * 10
        scores[cell][wrong[cell]], scores[cell][read[cell]] = 150, 105
        seeds[f"misread-{i}"] = seed(0, wrong, scores)
        dropped = list(read)
        dropped[cell] = 0
        scores = one_hot(dropped)
        scores[cell] = [200 if c == 0 else 0 for c in range(10)]
        scores[cell][read[cell]] = 55
        seeds[f"dropped-{i}"] = seed(2 << 1, dropped, scores)
        seeds[f"typed-{i}"] = seed(1, wrong, [])
    for name, data in seeds.items():
        with open(os.path.join(out_dir, name), "wb") as f:
            f.write(data)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "fuzz/corpus/repair")
