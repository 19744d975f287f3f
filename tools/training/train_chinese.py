# SPDX-License-Identifier: GPL-3.0-or-later
"""Train the Chinese-numeral classifier and export it to ONNX.

Classes: 0 = empty, 1..9 = 一..九, 10 = foreign (see synth_chinese.py).
Trained on synthetic cells (synth_chinese.py) and, optionally, on cells cut
by the app from photographed boards of the training fonts (cut_cells.py
--dumps on a make-chinese-boards.py --fonts train directory). The
validation cells measure the accuracy per epoch and fit the softmax
temperature, which is folded into the exported model as in train.py; the
preprocessing (but for a window that joins strokes further apart), the
training step and the export are train.py's.
"""
import argparse

import numpy as np
import torch

from synth_chinese import N_CLASSES
from train import ConvNet, augment_real, evaluate, fit, fit_temperature, preprocess, run, seed

# The window joins strokes apart (二, 三, 八, the dot of 六) into one numeral;
# must match kChineseJoin in src/vision/lens-recognizer-chinese.cpp.
CHINESE_JOIN = {"join_gap": 16, "join_passes": 3}


def preprocess_numerals(cells):
    return preprocess(cells, **CHINESE_JOIN)


class NumeralNet(ConvNet):
    """train.py's network, smaller: 8, 16, 32 channels and 64 hidden units."""

    def __init__(self):
        super().__init__((8, 16, 32), 64, N_CLASSES)


def load(specs):
    """Cells and labels of PATH or PATH:WEIGHT specs (cells repeat WEIGHT times)."""
    xs, ys = [], []
    for spec in specs:
        path, _, weight = spec.partition(":")
        d = np.load(path)
        xs += [d["cells"]] * int(weight or 1)
        ys += [d["labels"]] * int(weight or 1)
    return np.concatenate(xs), np.concatenate(ys)


def train(args):
    rng = seed(args)

    syn_cells, syn_labels = load(args.synth)
    syn_x = torch.from_numpy(preprocess_numerals(syn_cells))
    syn_y = torch.from_numpy(syn_labels)
    real_x, real_y = load(args.real) if args.real else (None, None)
    val_cells, val_labels = load(args.val)
    vx = torch.from_numpy(preprocess_numerals(val_cells))
    vy = torch.from_numpy(val_labels)
    print(f"synthetic {len(syn_y)}, real {0 if real_y is None else len(real_y)}, "
          f"validation {len(vy)}")

    net = NumeralNet()

    def epoch_data():
        if real_x is None:
            return syn_x, syn_y
        return (torch.cat([syn_x, torch.from_numpy(preprocess_numerals(augment_real(real_x, rng)))]),
                torch.cat([syn_y, torch.from_numpy(real_y)]))

    fit(net, args, epoch_data, vx, vy, "validation")

    logits, acc = evaluate(net, vx, vy)
    temperature = fit_temperature(logits, vy)
    confusion = np.zeros((N_CLASSES, N_CLASSES), np.int64)
    for t, p in zip(vy.tolist(), logits.argmax(1).tolist()):
        confusion[t, p] += 1
    print(f"validation: {acc:.4%} right, temperature {temperature:.2f}")
    print("confusion (rows: label, columns: read):\n" + str(confusion))
    return net, temperature


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--synth", required=True, nargs="+",
                    help="synthetic cells .npz (synth_chinese.py), PATH or PATH:WEIGHT")
    ap.add_argument("--real", nargs="+", help="cells cut by the app .npz, PATH or PATH:WEIGHT")
    ap.add_argument("--val", required=True, nargs="+",
                    help="validation cells .npz, never trained on")
    run(ap, train)


if __name__ == "__main__":
    main()
