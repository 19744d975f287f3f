#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Compares `sudoku-lens-cli rate` with the levels the papers print
(tools/paper-levels.csv). Puzzles are split by puzzle: photos-kubiesa by its
own train/val folders, the other photos alternately within each paper in the
order of the CSV. Agreement is counted over pairs of puzzles of the same
paper with different printed levels: concordant when the rating orders them
as the paper does, discordant when the other way, tied when it gives both the
same level (or score). Kendall's tau-b is also given per half.

The givens of photos-kubiesa are not labelled apart: they are taken from
`scan --json` (cells read as printed) of the puzzle's photos, the first whose
givens agree with the labels and have one solution.

Usage: tools/rate-paper-levels.py --cli CLI --datasets DIR [--csv FILE] [--dump]
"""
import argparse
import csv
import glob
import json
import os
import subprocess
from collections import defaultdict

LEVELS = ["easy", "medium", "hard", "very-hard"]


def photos_givens(root, stem):
    with open(os.path.join(root, "photos", stem + ".dat")) as f:
        rows = f.read().splitlines()[2:]
    return "".join("".join(r.split()) for r in rows)[:81].replace("0", ".")


def unique(cli, line):
    return subprocess.run([cli, "solve", "--json", line], capture_output=True).returncode == 0


def kubiesa_givens(cli, root, puzzle):
    for split in ("train", "val"):
        for path in sorted(glob.glob(os.path.join(root, "photos-kubiesa", split, "images", puzzle + "_*.jpg"))):
            label = os.path.join(root, "photos-kubiesa", split, "labels",
                                 os.path.basename(path)[:-4] + ".txt")
            with open(label) as f:
                truth = [int(v) for v in f.read().split()]
            scan = subprocess.run([cli, "scan", "--json", path], capture_output=True, text=True)
            if scan.returncode != 0:
                continue
            cells = json.loads(scan.stdout)["cells"]
            line = "".join(str(c["digit"]) if c["kind"] == "printed" else "." for c in cells)
            if all(ch == "." or int(ch) == truth[i] for i, ch in enumerate(line)) and unique(cli, line):
                return split, line
    return None, None


def rate(cli, line):
    out = subprocess.run([cli, "rate", "--json", line], capture_output=True, text=True)
    return json.loads(out.stdout)["puzzles"][0]


def pairs(rows, key):
    by_paper = defaultdict(list)
    for r in rows:
        by_paper[r["paper"]].append(r)
    conc = disc = tied = 0
    for group in by_paper.values():
        for i, a in enumerate(group):
            for b in group[i + 1:]:
                if a["rank"] == b["rank"]:
                    continue
                d = (key(a) - key(b)) * (a["rank"] - b["rank"])
                conc += d > 0
                disc += d < 0
                tied += d == 0
    return conc, disc, tied


def tau_b(rows, key):
    """Kendall's tau-b within papers, pooled: pairs tied on both sides left out."""
    by_paper = defaultdict(list)
    for r in rows:
        by_paper[r["paper"]].append(r)
    nc = nd = tx = ty = 0
    for group in by_paper.values():
        for i, a in enumerate(group):
            for b in group[i + 1:]:
                dx, dy = a["rank"] - b["rank"], key(a) - key(b)
                if dx == 0 and dy == 0:
                    continue
                if dx == 0:
                    tx += 1
                elif dy == 0:
                    ty += 1
                elif dx * dy > 0:
                    nc += 1
                else:
                    nd += 1
    denom = ((nc + nd + tx) * (nc + nd + ty)) ** 0.5
    return (nc - nd) / denom if denom else 0.0


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cli", required=True)
    ap.add_argument("--datasets", required=True)
    ap.add_argument("--csv", default=os.path.join(os.path.dirname(__file__), "paper-levels.csv"))
    ap.add_argument("--dump", help="write each puzzle's rating as JSON lines to this file")
    args = ap.parse_args()
    with open(args.csv) as f:
        labels = list(csv.DictReader(line for line in f if not line.startswith("#")))
    rows, seen = [], defaultdict(int)
    for lab in labels:
        if lab["set"] == "photos":
            line = photos_givens(args.datasets, lab["puzzle"])
            half = "tune" if seen[lab["paper"]] % 2 == 0 else "report"
            seen[lab["paper"]] += 1
        else:
            split, line = kubiesa_givens(args.cli, args.datasets, lab["puzzle"])
            if line is None:
                print(f"{lab['puzzle']}: no givens found, left out")
                continue
            half = "tune" if split == "train" else "report"
        r = rate(args.cli, line)
        rows.append({"puzzle": lab["puzzle"], "paper": lab["paper"], "label": lab["label"],
                     "rank": int(lab["rank"]), "half": half, "line": line, "score": r["score"],
                     "level": LEVELS.index(r["level"]),
                     "hardest": r["hardest"]})
    if args.dump:
        with open(args.dump, "w") as f:
            for r in rows:
                f.write(json.dumps(r) + "\n")
    print("| half | puzzles | pairs | concordant | discordant | tied | tau-b (level) | tau-b (score) |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for half in ("tune", "report"):
        part = [r for r in rows if r["half"] == half]
        c, d, t = pairs(part, lambda r: r["level"])
        print(f"| {half} | {len(part)} | {c + d + t} | {c} | {d} | {t} | "
              f"{tau_b(part, lambda r: r['level']):.2f} | {tau_b(part, lambda r: r['score']):.2f} |")
    print()
    print("| half | paper | label | puzzles | " + " | ".join(LEVELS) + " |")
    print("|---|---|---|---:|" + "---:|" * len(LEVELS))
    table = defaultdict(lambda: [0] * len(LEVELS))
    for r in rows:
        table[(r["half"], r["paper"], r["rank"], r["label"])][r["level"]] += 1
    for (half, paper, _, label), counts in sorted(table.items()):
        print(f"| {half} | {paper} | {label} | {sum(counts)} | " + " | ".join(map(str, counts)) + " |")


if __name__ == "__main__":
    main()
