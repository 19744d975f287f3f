# SPDX-License-Identifier: GPL-3.0-or-later
"""Handwritten digits beside MNIST's, for synth.py --hand-fonts.

Two sources of strokes, both drawn white on black at synth.py's render size
and then given the same treatment (slant, elastic stroke jitter, pen width,
ink) by synth.Renderer.draw_hand:

- handwriting typefaces: Google Fonts families that imitate a hand (Caveat,
  Kalam, Patrick Hand, ...), from the fontsource packages that get-fonts.sh
  unpacks. The families of HELD_OUT are never drawn (kept to measure on);
- continental forms drawn procedurally from a few strokes with jittered
  points: a 1 with a long upstroke or a short flag (and sometimes a foot), a
  7 crossed in the middle, an open 4 (the two strokes do not meet at the
  top), a 9 whose stem is a straight line, a 3 with a flat top and a 2 with
  a loop at its foot, the forms a European hand writes.
"""
import glob
import os

import cv2
import numpy as np

# handwriting families of the Google Fonts packages (fontsource names)
TRAIN = (
    "caveat", "caveat-brush", "indie-flower", "kalam", "patrick-hand",
    "shadows-into-light", "architects-daughter", "covered-by-your-grace",
    "rock-salt", "permanent-marker", "schoolbell", "short-stack", "handlee",
    "gochi-hand", "the-girl-next-door", "annie-use-your-telescope",
    "cedarville-cursive", "sriracha", "itim", "gaegu", "delius", "neucha",
    "dancing-script",
)
HELD_OUT = (
    "gloria-hallelujah", "homemade-apple", "reenie-beanie",
    "sue-ellen-francisco", "swanky-and-moo-moo",
)


def hand_font_files(directory, families=TRAIN):
    """{family: [woff files, upright faces only]} of those present under
    directory (one folder per family, as get-fonts.sh unpacks them)."""
    found = {}
    for family in families:
        files = sorted(f for f in glob.glob(os.path.join(directory, family, "*.woff"))
                       if "italic" not in os.path.basename(f))
        if files:
            found[family] = files
    return found


def font_glyph(ft, digit, size, rng):
    """digit in FreeType face ft, white on black, about size px tall, in the
    middle of a (2 size) square canvas."""
    big = np.zeros((size * 4, size * 4, 3), np.uint8)
    (w, h), _ = ft.getTextSize(str(digit), size, -1)
    ft.putText(big, str(digit), (int(size * 2 - w / 2), int(size * 2)), size,
               (255, 255, 255), -1, cv2.LINE_AA, False)
    ys, xs = np.nonzero(big[:, :, 0])
    canvas = np.zeros((size * 2, size * 2), np.uint8)
    if len(xs) == 0:
        return canvas
    glyph = big[ys.min():ys.max() + 1, xs.min():xs.max() + 1, 0]
    tall = size * rng.uniform(0.85, 1.15)  # the ink's height, whatever the font's metrics
    f = min(tall / glyph.shape[0], 1.8 * size / glyph.shape[1])
    glyph = cv2.resize(glyph, (max(1, int(glyph.shape[1] * f)), max(1, int(glyph.shape[0] * f))),
                       interpolation=cv2.INTER_AREA if f < 1 else cv2.INTER_CUBIC)
    gh, gw = glyph.shape
    y0, x0 = size - gh // 2, size - gw // 2
    canvas[y0:y0 + gh, x0:x0 + gw] = glyph
    return canvas


def _pts(points, size, rng, jitter=0.035):
    """points in a unit box (x right, y down) to canvas pixels, each moved
    a little."""
    p = np.float32(points) + rng.normal(0, jitter, (len(points), 2))
    return (p * size + size / 2).astype(np.int32)


def _curve(points, n=12):
    """A smooth curve through the control points (Catmull-Rom)."""
    p = np.float32(points)
    p = np.vstack([p[:1], p, p[-1:]])
    out = []
    for i in range(1, len(p) - 2):
        for t in np.linspace(0, 1, n, endpoint=False):
            t2, t3 = t * t, t * t * t
            out.append(0.5 * ((2 * p[i]) + (-p[i - 1] + p[i + 1]) * t
                              + (2 * p[i - 1] - 5 * p[i] + 4 * p[i + 1] - p[i + 2]) * t2
                              + (-p[i - 1] + 3 * p[i] - 3 * p[i + 1] + p[i + 2]) * t3))
    out.append(p[-2])
    return np.float32(out)


def _ellipse(cx, cy, rx, ry, start=0.0, end=2 * np.pi, n=24):
    t = np.linspace(start, end, n)
    return np.stack([cx + rx * np.cos(t), cy + ry * np.sin(t)], 1)


def continental(digit, size, rng):
    """A continental form of digit (1, 2, 3, 4, 7 or 9; None for others),
    white strokes on black in a (2 size) square canvas, about size tall."""
    r = rng
    strokes = []
    w = r.uniform(0.55, 0.8)  # width of the digit, share of its height
    if digit == 1:
        top = (r.uniform(-0.02, 0.08), -0.5)
        if r.random() < 0.6:   # the long upstroke, from low on the left
            a = r.uniform(0.35, 0.5)
            strokes.append([(top[0] - a, r.uniform(-0.15, 0.1)), top])
        else:                  # a short flag
            a = r.uniform(0.15, 0.3)
            strokes.append([(top[0] - a, -0.5 + a * r.uniform(0.4, 0.9)), top])
        strokes[-1].append((top[0] + r.uniform(-0.08, 0.02), 0.5))
        if r.random() < 0.25:  # a foot
            f = r.uniform(0.15, 0.25)
            strokes.append([(top[0] - f, 0.5), (top[0] + f, 0.5)])
    elif digit == 7:
        x0 = -w / 2
        x1 = w / 2
        start = [(x0, -0.5 + r.uniform(0, 0.12))] if r.random() < 0.4 else []
        bottom = (r.uniform(-0.2, 0.05), 0.5)
        strokes.append(start + [(x0, -0.5), (x1, -0.5),
                                ((x1 + bottom[0]) / 2 + r.uniform(-0.05, 0.05), 0.0), bottom])
        y = r.uniform(-0.05, 0.12)
        mid = (x1 + bottom[0]) / 2 * (0.5 - y) + bottom[0] * (y + 0.5)
        half = r.uniform(0.18, 0.3)
        strokes.append([(mid - half, y), (mid + half, y + r.normal(0, 0.03))])
    elif digit == 4:
        x = r.uniform(0.05, 0.2)
        bar = r.uniform(0.05, 0.2)
        left = -w / 2
        strokes.append([(left + r.uniform(0, 0.15), -0.5), (left, bar),
                        (w / 2 + r.uniform(0, 0.1), bar)])
        strokes.append([(x + r.uniform(-0.05, 0.05), -0.5 + r.uniform(0.0, 0.15)),
                        (x, 0.5)])
    elif digit == 9:
        ry = r.uniform(0.18, 0.26)
        rx = w / 2
        cy = -0.5 + ry
        loop = _ellipse(0, cy, rx, ry, 0, 2 * np.pi, 28)
        strokes.append(list(map(tuple, loop)))
        stem_top = (rx - 0.02, cy + r.uniform(-0.1, 0.05))
        strokes.append([stem_top, (rx - 0.02 + r.uniform(-0.15, 0.05), 0.5)])
    elif digit == 3:
        # the flat-topped 3: a bar, a diagonal down to the middle, a bowl
        x0, x1 = -w / 2, w / 2
        mid = (r.uniform(-0.1, 0.05), r.uniform(-0.12, 0.0))
        bowl = _ellipse(mid[0], mid[1] + (0.5 - mid[1]) / 2, w / 2, (0.5 - mid[1]) / 2,
                        -np.pi / 2, np.pi * 0.8, 20)
        strokes.append([(x0, -0.5), (x1, -0.5), mid] + list(map(tuple, bowl)))
    elif digit == 2:
        top = _ellipse(0, -0.25, w / 2, 0.25, np.pi * 1.05, np.pi * 2.15, 14)
        foot = [(-w / 2, 0.45), (-w / 2 + 0.1, 0.35), (-w / 2 + 0.12, 0.47)] \
            if r.random() < 0.5 else [(-w / 2, 0.5)]
        strokes.append(list(map(tuple, top)) + foot + [(w / 2, 0.5)])
    else:
        return None
    canvas = np.zeros((size * 2, size * 2), np.uint8)
    thick = max(2, int(size * r.uniform(0.06, 0.12)))
    for s in strokes:
        p = _pts(s, size, r, 0.02)
        if len(p) > 2:
            p = _curve(p, 6).astype(np.int32)
        cv2.polylines(canvas, [p.reshape(-1, 1, 2)], False, 255, thick, cv2.LINE_AA)
    return canvas


def elastic(layer, rng, alpha=None, sigma=None):
    """Stroke jitter: a smooth random displacement field."""
    h, w = layer.shape
    sigma = sigma or rng.uniform(6, 12) * h / 256
    alpha = alpha or rng.uniform(1.5, 5) * h / 256
    dx = cv2.GaussianBlur(rng.uniform(-1, 1, (h, w)).astype(np.float32), (0, 0), sigma)
    dy = cv2.GaussianBlur(rng.uniform(-1, 1, (h, w)).astype(np.float32), (0, 0), sigma)
    norm = max(float(np.abs(dx).max()), float(np.abs(dy).max()), 1e-6)
    dx *= alpha / norm
    dy *= alpha / norm
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    return cv2.remap(layer, xx + dx, yy + dy, cv2.INTER_LINEAR)


INKS = ("black", "blue", "red", "pencil")


def ink_for(kind, bg, rng):
    """The grey level of a pen of kind on paper of grey bg, as a phone's
    luma sees it (blue and red ballpoints read lighter than black, pencil
    lighter still)."""
    if kind == "black":
        return rng.uniform(0, max(bg - 110, 1))
    if kind == "blue":
        return bg * rng.uniform(0.2, 0.55)
    if kind == "red":
        return bg * rng.uniform(0.3, 0.65)
    return bg * rng.uniform(0.45, 0.78)   # grey pencil


def pencil_grain(alpha, rng):
    """Graphite: a grainy, uneven stroke."""
    grain = rng.uniform(0.45, 1.0, alpha.shape).astype(np.float32)
    grain = cv2.GaussianBlur(grain, (0, 0), rng.uniform(0.6, 1.4))
    return alpha * np.clip(grain * 1.25, 0, 1)
