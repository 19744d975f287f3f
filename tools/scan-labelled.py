#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Reads every SPLIT/images/NAME.jpg of a photo set labelled as
photos-kubiesa is (SPLIT/labels/NAME.txt: 9 rows of 9 numbers, 10 for a
cell of pencil marks, read here as empty) with `sudoku-lens-cli scan
--json`, one process a photo as a user runs it, and prints the cells read
right and the median wall time and peak memory (GNU time) of a scan.

Usage: tools/scan-labelled.py CLI SPLIT_DIR [--limit N]
"""
import json
import os
import statistics
import subprocess
import sys
import tempfile


def labels(path):
    with open(path) as f:
        cells = [int(v) for v in f.read().split()]
    return [0 if v == 10 else v for v in cells]


def scan(cli, photo):
    with tempfile.NamedTemporaryFile() as timing:
        out = subprocess.run(['/usr/bin/time', '-o', timing.name, '-f', '%e %M', cli, 'scan', '--json', photo],
                             capture_output=True, text=True)
        seconds, kb = open(timing.name).read().split()[-2:]
    grid = json.loads(out.stdout)['grid'] if out.returncode == 0 else None
    return grid, float(seconds), int(kb)


def main():
    cli, split = sys.argv[1], sys.argv[2]
    limit = int(sys.argv[sys.argv.index('--limit') + 1]) if '--limit' in sys.argv else None
    names = sorted(n[:-4] for n in os.listdir(os.path.join(split, 'images')) if n.endswith('.jpg'))[:limit]
    right = total = found = 0
    times, peaks = [], []
    for name in names:
        truth = labels(os.path.join(split, 'labels', name + '.txt'))
        grid, seconds, kb = scan(cli, os.path.join(split, 'images', name + '.jpg'))
        times.append(seconds)
        peaks.append(kb)
        total += 81
        if grid is None:
            print(f'{name}: no board')
            continue
        found += 1
        read = [0 if c == '.' else int(c) for c in grid]
        hits = sum(a == b for a, b in zip(read, truth))
        right += hits
        print(f'{name}: {hits}/81')
    print(f'{len(names)} photos: {found} boards found, {right} of {total} cells right '
          f'({100 * right / total:.1f}%); scan wall time median {statistics.median(times) * 1000:.0f} ms, '
          f'peak memory median {statistics.median(peaks) / 1024:.0f} MB, maximum {max(peaks) / 1024:.0f} MB')


if __name__ == '__main__':
    main()
