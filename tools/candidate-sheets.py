#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# Contact sheets of the cells labelled 10 (pencil candidates) of a dataset in the
# photos-kubiesa layout, one row per puzzle cell with its four photos side by side,
# for labelling by eye which candidates are written (tools/labels/photos-kubiesa-candidates.txt).
# Usage: candidate-sheets.py DATASET OUTDIR   (needs python3-opencv, numpy)
import cv2, numpy as np, csv, os, sys, collections
root = sys.argv[1]; out = sys.argv[2]
S = 144
for split in ('train', 'val'):
    rows = list(csv.DictReader(open(f'{root}/{split}/metadata.csv')))
    by_puzzle = collections.defaultdict(list)
    for r in rows: by_puzzle[r['Puzzle']].append(r)
    entries = []
    for pz in sorted(by_puzzle):
        photos = sorted(by_puzzle[pz], key=lambda r: r['Name'])
        labs = [np.loadtxt(f"{root}/{split}/labels/{r['Name'][:-4]}.txt", dtype=int) for r in photos]
        warps = []
        for r in photos:
            img = cv2.imread(f"{root}/{split}/images/{r['Name']}")
            src = np.float32([[float(r[f'x_{k}_absolute']), float(r[f'y_{k}_absolute'])] for k in ('topleft','topright','bottomright','bottomleft')])
            dst = np.float32([[0,0],[9*S,0],[9*S,9*S],[0,9*S]])
            M = cv2.getPerspectiveTransform(src, dst)
            pad = S // 8
            M2 = np.array([[1,0,pad],[0,1,pad],[0,0,1]], np.float64) @ M
            warps.append(cv2.warpPerspective(img, M2, (9*S+2*pad, 9*S+2*pad), flags=cv2.INTER_AREA))
        for cell in range(81):
            if labs[0].flat[cell] != 10: continue
            crops = []
            for w in warps:
                r_, c_ = divmod(cell, 9)
                crops.append(w[r_*S:r_*S+S+2*pad, c_*S:c_*S+S+2*pad])
            entries.append((split, pz, cell, [p['Name'][:-4] for p in photos], crops, [l.flat[cell] for l in labs]))
    per = 6
    for k in range(0, len(entries), per):
        chunk = entries[k:k+per]
        W = 4*(S+2*(S//8)) + 200; H = len(chunk)*(S+2*(S//8))
        sheet = np.full((H, W, 3), 255, np.uint8)
        for j, (sp, pz, cell, names, crops, ls) in enumerate(chunk):
            y = j*(S+2*(S//8))
            cv2.putText(sheet, f'{k+j}', (5, y+40), cv2.FONT_HERSHEY_SIMPLEX, 1.2, (0,0,255), 2)
            cv2.putText(sheet, f'{pz} r{cell//9+1}c{cell%9+1}', (5, y+80), cv2.FONT_HERSHEY_SIMPLEX, 0.6, (0,0,0), 1)
            for i, c in enumerate(crops):
                x = 200 + i*(S+2*(S//8))
                sheet[y:y+c.shape[0], x:x+c.shape[1]] = c
                cv2.rectangle(sheet, (x,y), (x+c.shape[1]-1, y+c.shape[0]-1), (200,200,200), 1)
        cv2.imwrite(f'{out}/{split}-{k//per:02d}.png', sheet)
    with open(f'{out}/{split}-index.txt', 'w') as f:
        for i, (sp, pz, cell, names, crops, ls) in enumerate(entries):
            f.write(f'{i} {pz} {cell} {" ".join(names)} {ls}\n')
    print(split, len(entries))
