# SPDX-License-Identifier: GPL-3.0-or-later
"""Per-cell accuracy of an exported ONNX digit model on a cells .npz
(from cut_cells.py), run through OpenCV's dnn module as the application
does. Prints the confusions, the errors per photo, and how well the
confidence separates right from wrong reads; --show writes a montage of the
misread cells."""
import argparse
import collections

import cv2
import numpy as np

import train


def classify(model, cells, batch=81):
    net = cv2.dnn.readNetFromONNX(model)
    out = []
    for i in range(0, len(cells), batch):
        net.setInput(train.preprocess(cells[i:i + batch]))
        out.append(net.forward().copy())
    return np.concatenate(out)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("model")
    ap.add_argument("cells", help=".npz from cut_cells.py")
    ap.add_argument("--show", help="write the misread cells to this PNG")
    ap.add_argument("--side", type=int, default=train.SIDE,
                    help="network input size, for models older than train.py")
    args = ap.parse_args()

    train.SIDE = args.side
    d = np.load(args.cells)
    cells, labels, names = d["cells"], d["labels"], d["names"]
    probs = classify(args.model, cells)
    pred = probs.argmax(1)
    wrong = np.nonzero(pred != labels)[0]
    grids = collections.Counter(names[wrong])
    n_photos = len(set(names))

    print(f"cells: {len(labels) - len(wrong)}/{len(labels)} right "
          f"({100 * (1 - len(wrong) / len(labels)):.3f}%), "
          f"digits wrong {np.sum(labels[wrong] > 0)}, empties wrong {np.sum(labels[wrong] == 0)}")
    print(f"photos with every cell right: {n_photos - len(grids)}/{n_photos}")
    conf = probs.max(1)
    print(f"mean confidence: right {conf[pred == labels].mean():.4f}, "
          f"wrong {conf[wrong].mean() if len(wrong) else float('nan'):.4f}; "
          f"right reads below 0.9: {np.sum(conf[pred == labels] < 0.9)}")
    for i in wrong:
        top = np.argsort(-probs[i])[:3]
        alts = ", ".join(f"{k}:{probs[i, k]:.2f}" for k in top)
        print(f"  {names[i]} r{(i % 81) // 9}c{i % 9}: label {labels[i]} -> {alts}")
    if args.show and len(wrong):
        tiles = [cells[i] for i in wrong[:64]]
        tiles += [np.zeros_like(cells[0])] * (-len(tiles) % 8)
        rows = [np.hstack(tiles[j:j + 8]) for j in range(0, len(tiles), 8)]
        cv2.imwrite(args.show, np.vstack(rows))


if __name__ == "__main__":
    main()
