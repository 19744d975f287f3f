#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""How `check --json` judges the player's entries in photos filled in by
hand, where every entry is right except the cells listed in imageN.swapped
(tools/fill-variants.py swap), if there is one:

  - photos with a right entry called wrong (the bar: none in 39 of 40), and
    how many right entries are called unsure ("?": the player is asked);
  - for the swapped entries: struck (wrong), unsure ("?", the app then
    offers the solution's digit first), or missed (called right or not
    read as an entry), and the photos whose swapped entries are all struck
    or unsure.

Usage: tools/check-entries.py CLI DIR [check options]
"""
import json
import os
import subprocess
import sys


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    cli, d, extra = sys.argv[1], sys.argv[2], sys.argv[3:]
    stems = sorted(f[:-4] for f in os.listdir(d) if f.endswith(".jpg"))
    n = blamed = not_read = swapped_photos = all_caught = doubted = 0
    verdicts = {"wrong": 0, "unsure": 0, "missed": 0}
    for stem in stems:
        listed = os.path.join(d, stem + ".swapped")
        swapped = set(int(x) for x in open(listed).read().split()) if os.path.exists(listed) else set()
        out = subprocess.run([cli, "check", "--json"] + extra + [os.path.join(d, stem + ".jpg")],
                             capture_output=True, text=True)
        try:
            said = json.loads(out.stdout)
        except json.JSONDecodeError:
            not_read += 1
            continue
        n += 1
        wrong, unsure = set(said.get("wrong", [])), set(said.get("unsure", []))
        doubted += len(unsure - swapped)
        if wrong - swapped:
            blamed += 1
            print(f"{stem}: right entries called wrong: {sorted(wrong - swapped)}")
        if swapped:
            swapped_photos += 1
            caught = 0
            for cell in swapped:
                kind = "wrong" if cell in wrong else "unsure" if cell in unsure else "missed"
                verdicts[kind] += 1
                caught += kind != "missed"
            all_caught += caught == len(swapped)
    print(f"{d}: {n} photos checked ({not_read} not read); a right entry called wrong in {blamed}, "
          f"none in {n - blamed} ({100.0 * (n - blamed) / max(n, 1):.1f}%); "
          f"right entries called unsure: {doubted}")
    if swapped_photos:
        print(f"swapped entries: {verdicts['wrong']} struck, {verdicts['unsure']} unsure, "
              f"{verdicts['missed']} missed; all struck or unsure in {all_caught} of {swapped_photos} photos")


if __name__ == "__main__":
    main()
