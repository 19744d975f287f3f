#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Rates the puzzle sets with `sudoku-lens-cli rate --json` and prints, per
set and per half, the share solved by logic alone, the share of each level,
the score's quartiles and the hardest techniques met. The odd lines of each
set (1st, 3rd, ...) are the calibration half, the even ones the report half.

Sets, from a datasets directory laid out as ../shared/datasets:
  photos      photos/imageN.dat (the newspaper photos' printed givens)
  17-clue     puzzles/17-clue.txt, every 10th line (about 4,900)
  top1465     puzzles/magictour-top1465.txt
  hardest     puzzles/forum-hardest-1106.txt

Usage: tools/rate-sets.py DATASETS_DIR [--build BUILD_DIR] [--half calibration|report|all]
"""
import argparse
import collections
import glob
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile

LEVELS = ["easy", "medium", "hard", "very-hard"]


def dat_givens(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        lines = f.read().splitlines()[2:]
    digits = [c for line in lines for c in line if c.isdigit()]
    return "".join("." if c == "0" else c for c in digits[:81])


def photo_key(path):
    return int(re.sub(r"\D", "", os.path.basename(path)) or 0)


def load_sets(root):
    sets = collections.OrderedDict()
    dats = sorted(glob.glob(os.path.join(root, "photos", "image*.dat")), key=photo_key)
    sets["photos"] = [dat_givens(p) for p in dats]
    for name, path, every in [("17-clue", "puzzles/17-clue.txt", 10),
                              ("top1465", "puzzles/magictour-top1465.txt", 1),
                              ("hardest", "puzzles/forum-hardest-1106.txt", 1)]:
        with open(os.path.join(root, path), encoding="utf-8") as f:
            lines = [l.strip() for l in f if len(l.strip()) == 81]
        sets[name] = lines[::every]
    return sets


def rate(cli, puzzles):
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write("\n".join(puzzles) + "\n")
        name = f.name
    try:
        run = subprocess.run([cli, "rate", "--json", name], capture_output=True, text=True,
                             env=dict(os.environ, LC_ALL="C", LANGUAGE=""))
    finally:
        os.unlink(name)
    if run.returncode not in (0, 3):
        sys.exit(run.stderr)
    return json.loads(run.stdout)["puzzles"], run.stderr.count("no unique solution")


def summarize(name, half, results, not_unique):
    n = len(results)
    if n == 0:
        return
    levels = collections.Counter(r["level"] for r in results)
    hardest = collections.Counter(r["hardest"] for r in results)
    scores = sorted(r["score"] for r in results)
    by_logic = sum(r["solved_by_logic"] for r in results)
    q = statistics.quantiles(scores, n=4) if n > 1 else [scores[0]] * 3
    print(f"| {name} | {half} | {n} | {100.0 * by_logic / n:.1f}% | "
          + " | ".join(f"{100.0 * levels[l] / n:.1f}%" for l in LEVELS)
          + f" | {q[0]:.1f} / {q[1]:.1f} / {q[2]:.1f} | "
          + ", ".join(f"{t} {c}" for t, c in hardest.most_common(4))
          + (f" ({not_unique} without a unique solution left out)" if not_unique else "") + " |")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("datasets")
    parser.add_argument("--build", default="build")
    parser.add_argument("--half", default="all", choices=["calibration", "report", "all"])
    args = parser.parse_args()
    cli = os.path.join(args.build, "src", "cli", "sudoku-lens-cli")
    print("| set | half | puzzles | by logic | easy | medium | hard | very hard "
          "| score quartiles | hardest technique (most common) |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---|---|")
    halves = ["calibration", "report"] if args.half == "all" else [args.half]
    for name, puzzles in load_sets(args.datasets).items():
        for half in halves:
            part = puzzles[0::2] if half == "calibration" else puzzles[1::2]
            results, not_unique = rate(cli, part)
            summarize(name, half, results, not_unique)


if __name__ == "__main__":
    main()
