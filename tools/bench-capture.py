#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Measures auto-capture on a directory of labelled photos (imageN.jpg with
imageN.dat): each photo becomes a short hand-held video (tests/make-capture-video),
then `sudoku-lens-cli capture --json` reads it. Prints the per-frame board
detection cost and how many captures return the printed givens.

Usage: tools/bench-capture.py PHOTO_DIR [--build BUILD_DIR] [--seconds S]
"""
import argparse
import glob
import json
import os
import statistics
import subprocess
import sys
import tempfile


def givens(dat_path):
    with open(dat_path, encoding="utf-8", errors="replace") as f:
        lines = f.read().splitlines()[2:]
    digits = [c for line in lines for c in line if c.isdigit()]
    return "".join("." if c == "0" else c for c in digits[:81])


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("photos")
    parser.add_argument("--build", default="build")
    parser.add_argument("--seconds", type=float, default=3.0)
    args = parser.parse_args()

    maker = os.path.join(args.build, "tests", "make-capture-video")
    cli = os.path.join(args.build, "src", "cli", "sudoku-lens-cli")
    photos = sorted(glob.glob(os.path.join(args.photos, "*.jpg")))
    medians, p90s, right, captured, frames_to_capture = [], [], 0, 0, []
    with tempfile.TemporaryDirectory() as tmp:
        for photo in photos:
            dat = photo[:-4] + ".dat"
            if not os.path.exists(dat):
                continue
            video = os.path.join(tmp, "v.avi")
            subprocess.run([maker, os.path.abspath(photo), video, str(args.seconds)],
                           check=True, stdout=subprocess.DEVNULL)
            run = subprocess.run([cli, "capture", "--json", "--source", video],
                                 capture_output=True, text=True)
            name = os.path.basename(photo)
            if run.returncode != 0:
                print(f"{name}: no capture ({run.stderr.strip()})")
                continue
            result = json.loads(run.stdout)
            captured += 1
            medians.append(result["detection"]["median_ms"])
            p90s.append(result["detection"]["p90_ms"])
            frames_to_capture.append(result["frame"])
            ok = result["grid"] == givens(dat)
            right += ok
            print(f"{name}: frame {result['frame']} {'right' if ok else 'wrong'} "
                  f"detect median {result['detection']['median_ms']:.2f} ms")
    n = len([p for p in photos if os.path.exists(p[:-4] + ".dat")])
    print(f"\nvideos {n}, captured {captured}, grid right {right} ({100.0 * right / max(n, 1):.1f}%)")
    if medians:
        print(f"per-frame detection: median of the videos' medians {statistics.median(medians):.2f} ms, "
              f"worst median {max(medians):.2f} ms, median p90 {statistics.median(p90s):.2f} ms")
        print(f"frames to capture: median {statistics.median(frames_to_capture)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
