# SPDX-License-Identifier: GPL-3.0-or-later
"""Fine-tune the kinds model with a 20th class, pencil candidates, on the
cells of a second paper (cut_labelled.py) beside those it was trained on.

Starts from an exported 19-class kinds model (empty, printed 1..9,
handwritten 1..9): its weights are kept and a 20th output, a cell of small
candidate digits, is added. Each epoch sees the second paper's training
puzzles (handwritten and candidate cells deformed as finetune.py deforms
handwriting, several copies), the filled-in photos' cells and a sample of
the printed tune cells, so the first paper is not forgotten. The puzzles
listed by --choose are only measured on (model choice and the softmax
temperature), as is the held-out fifth of the filled-in photos.
"""
import argparse
import time

import numpy as np
import torch

import finetune as FT
import train as T

CLASSES = 20
CANDIDATES = 19


def load_widened(path):
    """The 19-class model at @path as a 20-class network."""
    old = T.DigitNet()
    FT.load_onnx(old, path)
    T.CLASSES = CLASSES
    net = T.DigitNet()
    state = net.state_dict()
    for key, value in old.state_dict().items():
        if key.startswith("fc2."):
            state[key][:19] = value
        else:
            state[key] = value
    state["fc2.weight"][CANDIDATES] = 0.01 * torch.randn_like(state["fc2.weight"][CANDIDATES])
    state["fc2.bias"][CANDIDATES] = old.state_dict()["fc2.bias"].min()
    net.load_state_dict(state)
    return net


def eleven(classes):
    """The 11 classes a user sees: empty, digit 1..9, candidates (10)."""
    c = np.asarray(classes)
    return np.where(c == CANDIDATES, 10, np.where(c >= 10, c - 9, c))


def measure(net, x, y, label):
    logits, _ = T.evaluate(net, x, y)
    read = eleven(logits.argmax(1).numpy())
    want = eleven(y.numpy())
    right = (read == want).mean()
    cand = want == 10
    print(f"  {label}: {right:.4%} right in 11 classes ({int((read != want).sum())} wrong of "
          f"{len(want)}); candidates {int((read[cand] == 10).sum())}/{int(cand.sum())}, "
          f"read as a digit {int(((read[cand] >= 1) & (read[cand] <= 9)).sum())}", flush=True)
    return logits, right


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--init", required=True, help="19-class kinds model (ONNX) to start from")
    ap.add_argument("--paper", required=True, help="cells of the second paper (cut_labelled.py)")
    ap.add_argument("--choose", nargs="*", default=[], help="its puzzles kept out, to choose on")
    ap.add_argument("--mixed", help="cells of the filled-in tune photos (cut_cells.py); "
                    "without it (a model that never sees them) only the paper's and the printed")
    ap.add_argument("--printed", required=True, help="real printed tune cells (cut_cells.py)")
    ap.add_argument("--output", required=True)
    ap.add_argument("--epochs", type=int, default=4)
    ap.add_argument("--lr", type=float, default=3e-4)
    ap.add_argument("--hand-weight", type=int, default=3,
                    help="deformed copies of each handwritten or candidate cell an epoch")
    ap.add_argument("--printed-count", type=int, default=12000)
    ap.add_argument("--synth", help="synthetic cells (synth.py): their handwritten digits are "
                    "seen beside the paper's, so that a pen the real cells lack is not "
                    "taken for candidates")
    ap.add_argument("--synth-count", type=int, default=6000,
                    help="synthetic handwritten cells an epoch")
    a, rng = T.parse_seeded(ap)

    paper = np.load(a.paper)
    held = np.isin(paper["puzzles"], a.choose)
    kx, ky = paper["cells"][~held], paper["labels"][~held]
    cx = torch.from_numpy(T.preprocess(paper["cells"][held]))
    cy = torch.from_numpy(paper["labels"][held])
    if a.mixed:
        (mx, my), (vx, vy, _) = T.split_real([a.mixed], 1)
    else:
        mx, my = np.zeros((0, 64, 64), np.uint8), np.zeros(0, np.int64)
        vx, vy = mx, my
    (px, py), _ = T.split_real([a.printed], 1)
    vx = torch.from_numpy(T.preprocess(vx))
    vy = torch.from_numpy(vy)
    k_soft = ky >= 10
    m_hand = my >= 10
    print(f"paper: train {len(ky)} ({int(k_soft.sum())} hand or candidates), choose {len(cy)}; "
          f"filled-in {len(my)}, val {len(vy)}", flush=True)

    if a.synth:
        synth = np.load(a.synth)
        s_hand = synth["labels"] >= 10
        sx, sy = synth["cells"][s_hand], synth["labels"][s_hand]
        print(f"synthetic handwritten cells: {len(sy)}, {a.synth_count} an epoch", flush=True)
    net = load_widened(a.init)
    measure(net, cx, cy, "start, choose")
    if len(vy):
        measure(net, vx, vy, "start, filled-in val")
    opt, sched = T.optimiser(net, a)
    for epoch in range(a.epochs):
        t0 = time.time()
        parts_x = [T.augment_real(FT.hand_augment(kx[k_soft], rng), rng)
                   for _ in range(a.hand_weight)]
        parts_y = [ky[k_soft]] * a.hand_weight
        parts_x += [T.augment_real(kx[~k_soft], rng)]
        parts_y += [ky[~k_soft]]
        if len(my):
            parts_x += [T.augment_real(FT.hand_augment(mx[m_hand], rng), rng)
                        for _ in range(2)]
            parts_y += [my[m_hand]] * 2
            parts_x += [T.augment_real(mx[~m_hand], rng)]
            parts_y += [my[~m_hand]]
        if a.synth:
            pick = rng.permutation(len(sy))[:a.synth_count]
            parts_x += [T.augment_real(sx[pick], rng)]
            parts_y += [sy[pick]]
        pick = rng.permutation(len(py))[:a.printed_count]
        parts_x += [T.augment_real(px[pick], rng)]
        parts_y += [py[pick]]
        x = torch.from_numpy(T.preprocess(np.concatenate(parts_x)))
        y = torch.from_numpy(np.concatenate(parts_y))
        loss = T.train_epoch(net, opt, x, y)
        sched.step()
        print(f"epoch {epoch + 1}: loss {loss:.4f}, {len(y)} cells, "
              f"{time.time() - t0:.0f} s", flush=True)
        measure(net, cx, cy, "choose")
        if len(vy):
            measure(net, vx, vy, "filled-in val")
    logits_c, _ = T.evaluate(net, cx, cy)
    if len(vy):
        logits_v, _ = T.evaluate(net, vx, vy)
        logits_c, cy = torch.cat([logits_c, logits_v]), torch.cat([cy, vy])
    temperature = T.fit_temperature(logits_c, cy)
    print(f"temperature {temperature:.2f}")
    T.export(net, temperature, a.output)


if __name__ == "__main__":
    main()
