#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""How `check` judges the entries swapped by tools/fill-variants.py swap:
per photo, whether all its swapped entries are called wrong, and per pair
of cells swapped, whether both are. Reads each photo with `scan --json`
(the `entry` verdict of each handwritten cell).

Usage: tools/swap-check.py CLI SWAP_DIR [scan options]
"""
import json
import os
import subprocess
import sys


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    cli, d, extra = sys.argv[1], sys.argv[2], sys.argv[3:]
    photos = sorted(f for f in os.listdir(d) if f.endswith(".swapped"))
    n = all_wrong = pairs = pairs_wrong = not_read = 0
    verdicts = {}
    for f in photos:
        stem = f[:-len(".swapped")]
        cells = [int(x) for x in open(os.path.join(d, f)).read().split()]
        n += 1
        pairs += len(cells) // 2
        out = subprocess.run([cli, "scan", "--json"] + extra + [os.path.join(d, stem + ".jpg")],
                             capture_output=True, text=True)
        if out.returncode != 0:
            not_read += 1
            continue
        read = json.loads(out.stdout)["cells"]
        said = [read[c].get("entry", "none") for c in cells]
        for s in said:
            verdicts[s] = verdicts.get(s, 0) + 1
        all_wrong += all(s == "wrong" for s in said)
        pairs_wrong += sum(said[k] == said[k + 1] == "wrong" for k in range(0, len(said) - 1, 2))
    print(f"{d}: {n} photos ({not_read} not read), all swapped entries called wrong in {all_wrong}; "
          f"pairs with both called wrong {pairs_wrong} of {pairs}; verdicts {verdicts}")


if __name__ == "__main__":
    main()
