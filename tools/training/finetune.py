# SPDX-License-Identifier: GPL-3.0-or-later
"""Fine-tune the kinds model (lens-kinds.onnx) on the real handwritten cells.

Starts from an exported kinds model's weights (read back through OpenCV's dnn
module) and trains a few more epochs on the real cells of the filled-in tune
photos, whose handwritten cells are deformed more than train.py does: elastic
distortion, thicker or thinner strokes and lighter or darker pen against the
paper. Printed real cells and synthetic cells keep the rest of the classes in
place. The held-out fifth of the filled-in tune photos (number divisible by 5)
is only measured on, and the softmax temperature is refitted on it.
"""
import argparse
import time

import cv2
import numpy as np
import torch

import train as T


def load_onnx(net, path):
    """Copy an exported DigitNet's weights into @net."""
    model = cv2.dnn.readNetFromONNX(path)
    state = net.state_dict()
    for layer in ["conv1", "conv2", "conv3", "fc1", "fc2"]:
        kind = "Conv" if layer.startswith("conv") else "Gemm"
        i = model.getLayerId(f"onnx_node!/net/{layer}/{kind}")
        w, b = model.getParam(i, 0), model.getParam(i, 1)
        state[layer + ".weight"] = torch.from_numpy(w.reshape(state[layer + ".weight"].shape).copy())
        state[layer + ".bias"] = torch.from_numpy(b.reshape(state[layer + ".bias"].shape).copy())
    net.load_state_dict(state)


def hand_augment(cells, rng):
    """Another hand's version of each handwritten cell."""
    out = np.empty_like(cells)
    yy, xx = np.mgrid[0:T.CELL, 0:T.CELL].astype(np.float32)
    for i, img in enumerate(cells):
        if rng.random() < 0.7:  # elastic distortion, up to 2..5 px
            a = rng.uniform(2, 5)
            dx = cv2.GaussianBlur(rng.uniform(-1, 1, (T.CELL, T.CELL)).astype(np.float32), (0, 0), 6)
            dy = cv2.GaussianBlur(rng.uniform(-1, 1, (T.CELL, T.CELL)).astype(np.float32), (0, 0), 6)
            dx *= a / (np.abs(dx).max() + 1e-6)
            dy *= a / (np.abs(dy).max() + 1e-6)
            img = cv2.remap(img, xx + dx, yy + dy, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
        r = rng.random()
        if r < 0.25:
            img = cv2.erode(img, np.ones((2, 2), np.uint8))   # a thicker stroke
        elif r < 0.4:
            img = cv2.dilate(img, np.ones((2, 2), np.uint8))  # a thinner one
        if rng.random() < 0.5:  # a lighter or darker pen
            f = img.astype(np.float32)
            paper = np.percentile(f, 80)
            f = paper - (paper - f) * rng.uniform(0.45, 1.1)
            img = np.clip(f, 0, 255).astype(np.uint8)
        out[i] = img
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--init", required=True, help="kinds model (ONNX) to start from")
    ap.add_argument("--mixed", required=True, help="cells of the filled-in tune photos (cut_cells.py)")
    ap.add_argument("--printed", required=True, nargs="+",
                    help="real printed tune cells, each PATH or PATH:WEIGHT")
    ap.add_argument("--synth", required=True, help="synthetic cells (synth.py --handwritten)")
    ap.add_argument("--output", required=True)
    ap.add_argument("--epochs", type=int, default=5)
    ap.add_argument("--lr", type=float, default=3e-4)
    ap.add_argument("--smooth", type=float, default=0.0, help="label smoothing")
    ap.add_argument("--hand-weight", type=int, default=10,
                    help="deformed copies of each handwritten cell an epoch")
    ap.add_argument("--synth-count", type=int, default=20000)
    a, rng = T.parse_seeded(ap)

    (mx, my), (vx, vy, _) = T.split_real([a.mixed], 1)
    (px, py), _ = T.split_real(a.printed, 1)
    hand = my >= 10
    syn = np.load(a.synth)
    sel = rng.permutation(len(syn["labels"]))[:a.synth_count]
    sx = torch.from_numpy(T.preprocess(syn["cells"][sel]))
    sy = torch.from_numpy(syn["labels"][sel])
    rng.permutation(len(py))  # kept so that the seeds give the committed model
    print(f"handwritten {hand.sum()}, other filled-in {(~hand).sum()}, val {len(vy)}", flush=True)
    net = T.DigitNet()
    load_onnx(net, a.init)
    vx = torch.from_numpy(T.preprocess(vx))
    vy = torch.from_numpy(vy)
    print(f"start: val acc {T.evaluate(net, vx, vy)[1]:.4%}", flush=True)
    opt, sched = T.optimiser(net, a)
    for epoch in range(a.epochs):
        t0 = time.time()
        hx = np.concatenate([T.augment_real(hand_augment(mx[hand], rng), rng)
                             for _ in range(a.hand_weight)])
        hy = np.concatenate([my[hand]] * a.hand_weight)
        ox = np.concatenate([T.augment_real(mx[~hand], rng) for _ in range(2)])
        oy = np.concatenate([my[~hand]] * 2)
        pick = rng.permutation(len(py))[:15000]
        qx = T.augment_real(px[pick], rng)
        rx = torch.from_numpy(T.preprocess(np.concatenate([hx, ox, qx])))
        x = torch.cat([sx, rx])
        y = torch.cat([sy, torch.from_numpy(np.concatenate([hy, oy, py[pick]]))])
        loss = T.train_epoch(net, opt, x, y, label_smoothing=a.smooth)
        sched.step()
        print(f"epoch {epoch + 1}: loss {loss:.4f}, val acc {T.evaluate(net, vx, vy)[1]:.4%}, "
              f"{time.time() - t0:.0f} s", flush=True)
    logits, acc = T.evaluate(net, vx, vy)
    temperature = T.fit_temperature(logits, vy)
    print(f"val acc {acc:.4%}, temperature {temperature:.2f}")
    T.export(net, temperature, a.output)


if __name__ == "__main__":
    main()
