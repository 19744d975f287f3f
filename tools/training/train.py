# SPDX-License-Identifier: GPL-3.0-or-later
"""Train the builtin digit classifier and export it to ONNX.

Inputs are .npz files of 64x64 grey cells with labels (0 = empty, 1..9 =
printed digits, 10..18 = handwritten digits 1..9): synthetic ones from
synth.py and real ones from cut_cells.py (tune photos only). The real photos
whose number is divisible by 5 (a fifth of the tune photos) are kept out of
training to measure the accuracy and to fit the softmax temperature, which is
folded into the last layer so that the exported network outputs calibrated
probabilities.

The preprocessing below must stay identical to preprocess_cell() in
src/vision/lens-recognizer-builtin.cpp.
"""
import argparse
import os
import random
import time

import cv2
import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

CELL = 64
MARGIN = 4          # the window is the 64x64 crop less this at each edge ...
WINDOW = CELL - 2 * MARGIN  # ... moved to centre on the digit
SIDE = 28           # network input
LO_RANK = 0.02      # ink level: this quantile of the pixels
HI_RANK = 0.80      # paper level
MIN_RANGE = 40.0    # contrast floor, so empty cells stay flat
MAX_SHIFT = 12      # the window follows the digit at most this far
MIN_AREA = 30       # smaller ink blobs are specks, not digits
MAX_EXTENT = 46     # longer ink blobs are grid lines (or a digit fused to one)
EDGE_BAND = 10      # a blob wholly this close to an edge is a line remnant
LINE_WIDTH = 8      # a thin blob, three times as long as this wide ...
LINE_BAND = 16      # ... and wholly this close to an edge is a line remnant
MAX_OFFCENTRE = 20  # the digit's blob has its centre this close to the middle
CLASSES = 19        # empty, printed 1..9, handwritten 1..9
JOIN_GAP = 3        # pieces of a broken digit this close to it join it ...
JOIN_PASSES = 1     # ... in this many passes over the blobs


def digit_shift(cell, join_gap=JOIN_GAP, join_passes=JOIN_PASSES):
    """Offset (dx, dy) of the digit's ink box centre from the crop centre,
    clamped to MAX_SHIFT; (0, 0) for an empty or unclear cell. Integer
    arithmetic throughout so that the C++ port gives the same shift.
    Glyphs of several strokes (Chinese numerals) join wider gaps."""
    inner = np.sort(cell[MARGIN:CELL - MARGIN, MARGIN:CELL - MARGIN].ravel())
    n = WINDOW * WINDOW
    lo = int(inner[int(LO_RANK * (n - 1))])
    hi = int(inner[int(HI_RANK * (n - 1))])
    if hi - lo < MIN_RANGE:
        return 0, 0
    ink = (cell <= (lo + hi) // 2).astype(np.uint8)
    count, _, stats, _ = cv2.connectedComponentsWithStats(ink, connectivity=8)
    blobs = []
    for x, y, w, h, area in stats[1:count]:
        x, y, w, h, area = int(x), int(y), int(w), int(h), int(area)
        if max(w, h) >= MAX_EXTENT:
            continue
        if (x + w <= EDGE_BAND or x >= CELL - EDGE_BAND
                or y + h <= EDGE_BAND or y >= CELL - EDGE_BAND):
            continue
        if h <= LINE_WIDTH and w >= 3 * h and (y + h <= LINE_BAND or y >= CELL - LINE_BAND):
            continue
        if w <= LINE_WIDTH and h >= 3 * w and (x + w <= LINE_BAND or x >= CELL - LINE_BAND):
            continue
        blobs.append((x, y, x + w, y + h, area))
    main = None
    for b in blobs:
        central = (abs(b[0] + b[2] - CELL) <= 2 * MAX_OFFCENTRE
                   and abs(b[1] + b[3] - CELL) <= 2 * MAX_OFFCENTRE)
        if central and b[4] >= MIN_AREA and (main is None or b[4] > main[4]):
            main = b
    if main is None:
        return 0, 0
    x0, y0, x1, y1 = main[:4]
    g = join_gap
    for _ in range(join_passes):
        for bx0, by0, bx1, by1, _ in blobs:
            inside = bx0 > 0 and by0 > 0 and bx1 < CELL and by1 < CELL
            near = bx0 <= x1 + g and bx1 >= x0 - g and by0 <= y1 + g and by1 >= y0 - g
            mx0, my0, mx1, my1 = min(x0, bx0), min(y0, by0), max(x1, bx1), max(y1, by1)
            if inside and near and max(mx1 - mx0, my1 - my0) < MAX_EXTENT:
                x0, y0, x1, y1 = mx0, my0, mx1, my1
    dx = int((x0 + x1 - CELL) / 2)
    dy = int((y0 + y1 - CELL) / 2)
    return (max(-MAX_SHIFT, min(MAX_SHIFT, dx)), max(-MAX_SHIFT, min(MAX_SHIFT, dy)))


def centred_window(cell, **join):
    """The WINDOW x WINDOW square around the digit, paper beyond the crop."""
    dx, dy = digit_shift(cell, **join)
    inner = np.sort(cell[MARGIN:CELL - MARGIN, MARGIN:CELL - MARGIN].ravel())
    paper = int(inner[int(HI_RANK * (WINDOW * WINDOW - 1))])
    padded = cv2.copyMakeBorder(cell, MAX_SHIFT, MAX_SHIFT, MAX_SHIFT, MAX_SHIFT,
                                cv2.BORDER_CONSTANT, value=paper)
    x = MAX_SHIFT + MARGIN + dx
    y = MAX_SHIFT + MARGIN + dy
    return padded[y:y + WINDOW, x:x + WINDOW]


def preprocess(cells, **join):
    """uint8 N*64*64 -> float32 N*1*28*28, ink ~ 1, paper ~ 0. join:
    join_gap and join_passes of digit_shift()."""
    out = np.empty((len(cells), 1, SIDE, SIDE), np.float32)
    n = SIDE * SIDE
    for i, cell in enumerate(cells):
        crop = centred_window(cell, **join)
        small = cv2.resize(crop, (SIDE, SIDE), interpolation=cv2.INTER_AREA)
        flat = np.sort(small.ravel())
        lo = float(flat[int(LO_RANK * (n - 1))])
        hi = float(flat[int(HI_RANK * (n - 1))])
        out[i, 0] = (hi - small.astype(np.float32)) / max(hi - lo, MIN_RANGE)
    return out


class ConvNet(nn.Module):
    """Three 3x3 convolution + ReLU + 2x2 max-pool stages of @channels, a
    @hidden-unit ReLU layer and one output per class. The layers' names
    are those of the exported models (finetune.load_onnx reads them)."""

    def __init__(self, channels, hidden, classes):
        super().__init__()
        c1, c2, c3 = channels
        self.conv1 = nn.Conv2d(1, c1, 3, padding=1)
        self.conv2 = nn.Conv2d(c1, c2, 3, padding=1)
        self.conv3 = nn.Conv2d(c2, c3, 3, padding=1)
        self.fc1 = nn.Linear(c3 * 3 * 3, hidden)
        self.fc2 = nn.Linear(hidden, classes)
        self.drop = nn.Dropout(0.3)

    def forward(self, x):
        x = F.max_pool2d(F.relu(self.conv1(x)), 2)
        x = F.max_pool2d(F.relu(self.conv2(x)), 2)
        x = F.max_pool2d(F.relu(self.conv3(x)), 2)
        x = torch.flatten(x, 1)
        x = self.drop(F.relu(self.fc1(x)))
        return self.fc2(x)


class DigitNet(ConvNet):
    """The builtin and kinds models: 16, 32, 48 channels, 96 hidden units,
    CLASSES outputs (as CLASSES is when the network is made)."""

    def __init__(self, channels=(16, 32, 48), hidden=96, classes=None):
        super().__init__(channels, hidden, CLASSES if classes is None else classes)


class Exported(nn.Module):
    def __init__(self, net, temperature):
        super().__init__()
        self.net = net
        self.temperature = temperature

    def forward(self, x):
        return F.softmax(self.net(x) / self.temperature, dim=1)


def augment_real(cells, rng):
    """Small shifts, scale, rotation, contrast and blur of real cells, as a
    slightly different cut of the board or photo would give."""
    out = np.empty_like(cells)
    for i, cell in enumerate(cells):
        m = cv2.getRotationMatrix2D((CELL / 2 + rng.normal(0, 2), CELL / 2 + rng.normal(0, 2)),
                                    rng.normal(0, 2), rng.uniform(0.92, 1.08))
        img = cv2.warpAffine(cell, m, (CELL, CELL), borderMode=cv2.BORDER_REPLICATE)
        img = img.astype(np.float32) * rng.uniform(0.6, 1.1) + rng.uniform(-20, 30)
        if rng.random() < 0.2:
            img = cv2.GaussianBlur(img, (0, 0), rng.uniform(0.5, 1.5))
        out[i] = np.clip(img + rng.normal(0, 3, img.shape), 0, 255).astype(np.uint8)
    return out


def photo_number(name):
    return int("".join(filter(str.isdigit, name)))


def split_real(specs, val_files):
    """Each spec is PATH or PATH:WEIGHT (times its training cells repeat).
    The validation cells are those of the first @val_files files' held-out
    photos."""
    train_x, train_y, val = [], [], ([], [], [])
    for i, spec in enumerate(specs):
        path, _, weight = spec.partition(":")
        d = np.load(path)
        names = d["names"]
        photos = sorted(set(names), key=photo_number)
        held = {p for p in photos if photo_number(p) % 5 == 0}
        mask = np.array([n in held for n in names])
        train_x += [d["cells"][~mask]] * int(weight or 1)
        train_y += [d["labels"][~mask]] * int(weight or 1)
        if i < val_files:
            for part, values in zip(val, (d["cells"], d["labels"], names)):
                part.append(values[mask])
    return (np.concatenate(train_x), np.concatenate(train_y)), tuple(map(np.concatenate, val))


def evaluate(net, x, y, batch=2048):
    net.eval()
    with torch.no_grad():
        logits = torch.cat([net(x[i:i + batch]) for i in range(0, len(x), batch)])
    return logits, (logits.argmax(1) == y).float().mean().item()


def fit_temperature(logits, y):
    best = (float("inf"), 1.0)
    for t in np.arange(0.5, 4.01, 0.05):
        nll = F.cross_entropy(logits / t, y).item()
        best = min(best, (nll, float(t)))
    return best[1]


def seed(args, threads=None):
    """Seeds every generator from --seed, sets --threads (or @threads);
    the generator for augmenting."""
    torch.manual_seed(args.seed)
    np.random.seed(args.seed)
    random.seed(args.seed)
    torch.set_num_threads(args.threads if threads is None else threads)
    return np.random.default_rng(args.seed)


def parse_seeded(ap, threads=1):
    """Adds --seed to @ap and parses the command line; the arguments, and
    the generator for augmenting (seed() with @threads threads)."""
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    return args, seed(args, threads)


def optimiser(net, args):
    """Adam at --lr, its rate falling along a cosine over --epochs."""
    opt = torch.optim.Adam(net.parameters(), lr=args.lr, weight_decay=1e-5)
    return opt, torch.optim.lr_scheduler.CosineAnnealingLR(opt, args.epochs)


def train_epoch(net, opt, x, y, batch=128, label_smoothing=0.0):
    """One pass over (x, y) in a random order, in batches of @batch; the
    mean loss."""
    perm = torch.randperm(len(y))
    net.train()
    total = 0.0
    for i in range(0, len(y), batch):
        idx = perm[i:i + batch]
        opt.zero_grad()
        loss = F.cross_entropy(net(x[idx]), y[idx], label_smoothing=label_smoothing)
        loss.backward()
        opt.step()
        total += loss.item() * len(idx)
    return total / len(y)


def fit(net, args, epoch_data, vx, vy, val_name):
    """Trains net for --epochs on what epoch_data() gives each epoch, in
    batches of --batch, and says the accuracy on (vx, vy) after each."""
    opt, sched = optimiser(net, args)
    for epoch in range(args.epochs):
        t0 = time.time()
        x, y = epoch_data()
        loss = train_epoch(net, opt, x, y, args.batch)
        sched.step()
        _, acc = evaluate(net, vx, vy)
        print(f"epoch {epoch + 1}: loss {loss:.4f}, {val_name} acc {acc:.4%}, "
              f"{time.time() - t0:.0f} s", flush=True)


def train(args):
    rng = seed(args)

    synth = np.load(args.synth)
    syn_cells, syn_labels = synth["cells"][:args.synth_count], synth["labels"][:args.synth_count]
    (real_x, real_y), (val_x, val_y, val_names) = split_real(args.real, args.val_files)
    print(f"synthetic {len(syn_labels)}, real train {len(real_y)}, real val {len(val_y)}")
    syn_x = torch.from_numpy(preprocess(syn_cells))
    syn_y = torch.from_numpy(syn_labels)
    vx = torch.from_numpy(preprocess(val_x))
    vy = torch.from_numpy(val_y)

    net = DigitNet(tuple(int(c) for c in args.channels.split(",")), args.hidden, args.classes)

    def epoch_data():
        rx = torch.from_numpy(preprocess(augment_real(real_x, rng)))
        return torch.cat([syn_x, rx]), torch.cat([syn_y, torch.from_numpy(real_y)])

    fit(net, args, epoch_data, vx, vy, "real val")

    logits, acc = evaluate(net, vx, vy)
    temperature = fit_temperature(logits, vy)
    wrong = (logits.argmax(1) != vy).nonzero().flatten().tolist()
    print(f"real val: {len(vy) - len(wrong)}/{len(vy)} right ({acc:.4%}), temperature {temperature:.2f}")
    read = logits.argmax(1)
    digit_wrong = ((read - 1) % 9 != (vy - 1) % 9) | ((read == 0) != (vy == 0))
    kind_wrong = (read > 9) != (vy > 9)
    print(f"  digit wrong in {int(digit_wrong.sum())}, kind wrong in {int(kind_wrong.sum())} cells")
    for i in wrong:
        print(f"  {val_names[i]} cell {i % 81}: label {val_y[i]}, read {logits[i].argmax().item()}")
    return net, temperature


def export(net, temperature, path):
    net.eval()
    model = Exported(net, temperature)
    dummy = torch.zeros(1, 1, SIDE, SIDE)
    torch.onnx.export(model, dummy, path, opset_version=11,
                      input_names=["cells"], output_names=["probabilities"],
                      dynamic_axes={"cells": {0: "n"}, "probabilities": {0: "n"}})
    print(f"wrote {path} ({os.path.getsize(path)} bytes)")


def run(ap, train):
    """Adds the options of every training run to @ap, parses the command
    line, trains with train(args) and exports what it returns."""
    ap.add_argument("--output", required=True, help="ONNX model to write")
    ap.add_argument("--epochs", type=int, default=12)
    ap.add_argument("--batch", type=int, default=128)
    ap.add_argument("--lr", type=float, default=2e-3)
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    net, temperature = train(args)
    export(net, temperature, args.output)


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--synth", required=True, help="synthetic cells .npz (synth.py)")
    ap.add_argument("--real", required=True, nargs="+",
                    help="real tune cells .npz (cut_cells.py), each PATH or PATH:WEIGHT; "
                         "the first one's held-out photos measure the model")
    ap.add_argument("--val-files", type=int, default=1,
                    help="how many of the first --real files give validation photos")
    ap.add_argument("--synth-count", type=int, default=None,
                    help="use only the first N synthetic cells")
    ap.add_argument("--classes", type=int, default=CLASSES,
                    help="outputs: 10 for lens-digits.onnx (empty, printed 1-9), "
                    f"{CLASSES} for the kinds model")
    ap.add_argument("--channels", default="16,32,48",
                    help="channels of the three convolution stages")
    ap.add_argument("--hidden", type=int, default=96, help="units of the hidden layer")
    run(ap, train)


if __name__ == "__main__":
    main()
