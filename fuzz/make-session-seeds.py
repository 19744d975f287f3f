#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes the seed corpus of fuzz-session: saved sessions as the app
writes them (src/model/lens-document-json.c), with and without a scan."""
import json
import os
import sys

DIGITS = "4..8.2..6.6..1..4..38...17....127...7..3.4..1...589....74...21..2..3..6.9..2.8..5"


def session(scan, solved):
    flags = [1 if d != "." else 0 for d in DIGITS]
    doc = {"version": 1, "photo": "/tmp/photo.jpg" if scan else None,
           "digits": DIGITS, "flags": flags, "solved": solved}
    if scan:
        scores = []
        for d in DIGITS:
            k = 0 if d == "." else int(d)
            scores += [0.91 if c == k else 0.01 for c in range(10)]
        doc["scan"] = {"rotation": 90, "corners": [10, 12, 300, 8, 305, 298, 6, 301],
                       "scores": scores}
    return json.dumps(doc)


def main(out):
    os.makedirs(out, exist_ok=True)
    for name, text in {"typed.json": session(False, False),
                       "scanned.json": session(True, False),
                       "solved.json": session(True, True)}.items():
        with open(os.path.join(out, name), "w") as f:
            f.write(text)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "fuzz/corpus/session")
