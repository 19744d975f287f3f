# SPDX-License-Identifier: GPL-3.0-or-later
"""Blend two kinds models' weights and refit the temperature.

The fine-tuned model (finetune.py) reads the handwriting it was tuned on
better but forgets some of what the model it started from knew; a weighted
mean of the two networks' weights keeps most of both. The softmax temperature
is refitted on the held-out fifth of the filled-in tune photos, as train.py
does.
"""
import argparse

import torch

import finetune
import train as T


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("start", help="the model the fine-tuning started from (ONNX)")
    ap.add_argument("tuned", help="the fine-tuned model (ONNX)")
    ap.add_argument("--weight", type=float, required=True, help="the tuned model's share")
    ap.add_argument("--mixed", required=True, help="cells of the filled-in tune photos (cut_cells.py)")
    ap.add_argument("--output", required=True)
    a = ap.parse_args()
    start, tuned = T.DigitNet(), T.DigitNet()
    finetune.load_onnx(start, a.start)
    finetune.load_onnx(tuned, a.tuned)
    s, t = start.state_dict(), tuned.state_dict()
    start.load_state_dict({k: (1 - a.weight) * s[k] + a.weight * t[k] for k in s})
    _, (vx, vy, _) = T.split_real([a.mixed], 1)
    vy = torch.from_numpy(vy)
    logits, acc = T.evaluate(start, torch.from_numpy(T.preprocess(vx)), vy)
    temperature = T.fit_temperature(logits, vy)
    print(f"val acc {acc:.4%}, temperature {temperature:.2f}")
    T.export(start, temperature, a.output)


if __name__ == "__main__":
    main()
