#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Measures auto-capture on a directory of labelled photos (imageN.jpg with
imageN.dat): each photo becomes a short hand-held video (tests/make-capture-video),
then `sudoku-lens-cli capture --json` reads it (on one thread). Prints the
per-frame cost of finding the board, apart for the frames with a full search
and the frames where the board was followed from the last one (frames not
searched at all are left out), and how many captures return the printed givens.

Usage: tools/bench-capture.py PHOTO_DIR [--build BUILD_DIR] [--seconds S] [--latest]
With --latest each whole video is read (capture --latest), so that the
timing rests on many full searches rather than the first, which warms up.
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
    parser.add_argument("--latest", action="store_true")
    args = parser.parse_args()

    maker = os.path.join(args.build, "tests", "make-capture-video")
    cli = os.path.join(args.build, "src", "cli", "sudoku-lens-cli")
    photos = sorted(glob.glob(os.path.join(args.photos, "*.jpg")))
    full, tracked, right, captured, frames_to_capture = [], [], 0, 0, []
    with tempfile.TemporaryDirectory() as tmp:
        for photo in photos:
            dat = photo[:-4] + ".dat"
            if not os.path.exists(dat):
                continue
            video = os.path.join(tmp, "v.avi")
            subprocess.run([maker, os.path.abspath(photo), video, str(args.seconds)],
                           check=True, stdout=subprocess.DEVNULL)
            run = subprocess.run([cli, "capture", "--json", "--source", video]
                                 + (["--latest"] if args.latest else []),
                                 capture_output=True, text=True)
            name = os.path.basename(photo)
            if run.returncode != 0:
                print(f"{name}: no capture ({run.stderr.strip()})")
                continue
            result = json.loads(run.stdout)
            captured += 1
            detection = result["detection"]
            full.append(detection["full"])
            tracked.append(detection["tracked"])
            frames_to_capture.append(result["frame"])
            ok = result["grid"] == givens(dat)
            right += ok
            print(f"{name}: frame {result['frame']} {'right' if ok else 'wrong'}, "
                  f"full search {detection['full']['median_ms']:.2f} ms median "
                  f"({detection['full']['frames']} frames), "
                  f"tracked {detection['tracked']['median_ms']:.2f} ms median "
                  f"({detection['tracked']['frames']} frames)")
    n = len([p for p in photos if os.path.exists(p[:-4] + ".dat")])
    print(f"\nvideos {n}, captured {captured}, grid right {right} ({100.0 * right / max(n, 1):.1f}%)")
    for label, runs in (("full search", full), ("tracked", tracked)):
        runs = [r for r in runs if r["frames"] > 0]
        if runs:
            medians = [r["median_ms"] for r in runs]
            print(f"per-frame {label}: median of the videos' medians {statistics.median(medians):.2f} ms, "
                  f"worst median {max(medians):.2f} ms, "
                  f"median p90 {statistics.median(r['p90_ms'] for r in runs):.2f} ms")
    if frames_to_capture:
        print(f"frames to capture: median {statistics.median(frames_to_capture)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
