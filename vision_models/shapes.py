"""Vector shapes shared by every renderer: suit symbols, a star, and a small stroke alphabet.

Each shape is a list of polygons in a unit box (x, y in 0..1, y down), so the same outline is drawn
into training images (OpenCV), printable SVG and the PDF sheet::

    >>> [len(p) > 8 for p in suit_polygons("H")]
    [True]
"""

from __future__ import annotations

import math

import numpy as np


def _heart(n: int = 48, squash: float = 1.0) -> np.ndarray:
    t = np.linspace(0, 2 * math.pi, n, endpoint=False)
    x = 16 * np.sin(t) ** 3
    y = -(13 * np.cos(t) - 5 * np.cos(2 * t) - 2 * np.cos(3 * t) - np.cos(4 * t))
    pts = np.stack([x, y * squash], axis=1)
    return _to_unit(pts)


def _to_unit(pts: np.ndarray) -> np.ndarray:
    lo, hi = pts.min(axis=0), pts.max(axis=0)
    span = (hi - lo).max()
    centred = (pts - (lo + hi) / 2) / span + 0.5
    return centred


def _circle(cx: float, cy: float, r: float, n: int = 24) -> np.ndarray:
    t = np.linspace(0, 2 * math.pi, n, endpoint=False)
    return np.stack([cx + r * np.cos(t), cy + r * np.sin(t)], axis=1)


PARTED_CLUBS = 0.5     # the share of decks of other proportions whose clubs' lobes stand apart (4.24.0)
JUNCTION = 0.12        # the radius of the disc joining a club's lobes, as the project's own club draws it
JUNCTION_REACH = 0.03  # how far a parted club's junction reaches into each lobe: a club stays one mark


def random_suit_shape(rng: np.random.Generator) -> dict:
    """The proportions of one deck's spades and clubs, drawn around :func:`suit_polygons`' own: the
    clubs' lobes (radius, how far apart, how low the side ones sit) and the disc joining them, the
    spade's body width, and the stem (its width at the neck and at the foot, and ``flare``: 1
    straight sides, more a foot curving out, as printed decks draw it). Blurred to a few pixels, the
    shapes of other people's clubs and spades are what tells them apart. One deck in two parts its
    clubs' lobes: smaller, further apart, on a thinner junction that still reaches into each lobe,
    so a club stays one mark (as KDE's tigullio and gm-paris decks print them; model 4.24.0).

    >>> sorted(random_suit_shape(np.random.default_rng(0)))
    ['body', 'drop', 'flare', 'foot', 'junction', 'lobe', 'neck', 'spread']
    """
    parted = rng.random() < PARTED_CLUBS
    if parted:
        lobe = float(rng.uniform(0.14, 0.27))
        spread = float(rng.uniform(0.19, max(0.19, min(0.35, 0.5 - lobe))))   # the side lobes inside the box
    else:
        lobe, spread = float(rng.uniform(0.17, 0.27)), float(rng.uniform(0.19, 0.27))
    shape = {"lobe": lobe, "spread": spread,
             "drop": float(rng.uniform(0.5, 0.6)), "body": float(rng.uniform(0.72, 0.95)),
             "neck": float(rng.uniform(0.0, 0.05)), "foot": float(rng.uniform(0.07, 0.2)),
             "flare": float(rng.uniform(1.0, 3.5))}
    shape["junction"] = (max(float(rng.uniform(0.05, JUNCTION)), reaching_junction(lobe, spread, shape["drop"]))
                         if parted else JUNCTION)
    return shape


def reaching_junction(lobe: float, spread: float, drop: float) -> float:
    """The smallest radius of the disc at a club's middle that reaches ``JUNCTION_REACH`` into each
    of its three lobes (radius ``lobe``; the top one 0.06 below the box's top, the side ones
    ``spread`` either side and ``drop`` down), so that a club with parted lobes stays one mark.

    >>> round(reaching_junction(0.15, 0.33, 0.55), 3), round(reaching_junction(0.14, 0.19, 0.5), 3)
    (0.214, 0.19)
    """
    # the top lobe's centre sits 0.06 + lobe down the box, 0.44 - lobe above the middle
    return float(max(np.hypot(spread, drop - 0.5) - lobe, 0.44 - 2 * lobe) + JUNCTION_REACH)


def _stem(top: float, shape: dict) -> np.ndarray:
    """A stem from the symbol's middle (``top``) down to the unit box's bottom edge, ``shape``'s
    neck and foot half-widths apart, its sides curving out with ``shape["flare"]``."""
    t = np.linspace(0, 1, 9)
    half = shape["neck"] + (shape["foot"] - shape["neck"]) * t ** shape["flare"]
    y = top + (1 - top) * t
    return np.concatenate([np.stack([0.5 - half, y], axis=1), np.stack([0.5 + half, y], axis=1)[::-1]])


def suit_polygons(suit: str, variant: float = 0.5, shape: dict | None = None) -> list[np.ndarray]:
    """The suit symbol as filled polygons in the unit box; ``variant`` (0..1) varies the drawing, and
    ``shape`` (:func:`random_suit_shape`; None: the project's own symbols, as printed on the special
    cards) the proportions of the spades and clubs.

    >>> [len(p) for p in suit_polygons("C")], [len(p) for p in suit_polygons("C", shape=random_suit_shape(
    ...     np.random.default_rng(0)))]
    ([24, 24, 24, 24, 3], [24, 24, 24, 24, 18])
    """
    if suit == "H":
        return [_heart(squash=0.85 + 0.3 * variant)]
    if suit == "D":
        bulge = 0.12 * (variant - 0.5)  # concave (<0) to convex sides
        pts = []
        corners = [(0.5, 0.0), (0.86, 0.5), (0.5, 1.0), (0.14, 0.5)]
        for i in range(4):
            (ax, ay), (bx, by) = corners[i], corners[(i + 1) % 4]
            for s in np.linspace(0, 1, 8, endpoint=False):
                mx, my = ax + (bx - ax) * s, ay + (by - ay) * s
                nx, ny = (by - ay), -(bx - ax)
                k = bulge * 4 * s * (1 - s)
                pts.append((mx + nx * k, my + ny * k))
        return [np.array(pts)]
    if suit == "S":
        body = _heart(squash=0.8 + 0.3 * variant)
        body[:, 1] = 1 - body[:, 1]
        if shape is None:
            return [body * 0.82 + np.array([0.09, 0.0]), np.array([[0.5, 0.6], [0.62, 1.0], [0.38, 1.0]])]
        return [body * shape["body"] + np.array([(1 - shape["body"]) / 2, 0.0]), _stem(0.6, shape)]
    if suit == "C":
        if shape is None:
            r = 0.2 + 0.04 * variant
            return [_circle(0.5, 0.26, r), _circle(0.27, 0.56, r), _circle(0.73, 0.56, r),
                    _circle(0.5, 0.5, JUNCTION), np.array([[0.5, 0.5], [0.63, 1.0], [0.37, 1.0]])]
        r, spread, drop = shape["lobe"], shape["spread"], shape["drop"]
        return [_circle(0.5, 0.06 + r, r), _circle(0.5 - spread, drop, r), _circle(0.5 + spread, drop, r),
                _circle(0.5, 0.5, shape["junction"]), _stem(0.5, shape)]
    raise ValueError(suit)


def star_polygon(points: int = 5, inner: float = 0.42) -> np.ndarray:
    """A star in the unit box."""
    angles = -math.pi / 2 + np.arange(points * 2) * math.pi / points
    radii = np.where(np.arange(points * 2) % 2 == 0, 0.5, 0.5 * inner)
    return np.stack([0.5 + radii * np.cos(angles), 0.53 + radii * np.sin(angles)], axis=1)


# A stroke alphabet for the special cards' indices: polylines in a box 0.6 wide, 1 high.
def _arc(cx, cy, rx, ry, a0, a1, n=12):
    t = np.radians(np.linspace(a0, a1, n))
    return [(cx + rx * math.cos(a), cy + ry * math.sin(a)) for a in t]


GLYPHS: dict[str, list[list[tuple[float, float]]]] = {
    "0": [_arc(0.3, 0.5, 0.28, 0.48, 0, 360, 28)],
    "A": [[(0.0, 1.0), (0.3, 0.0), (0.6, 1.0)], [(0.1, 0.66), (0.5, 0.66)]],
    "5": [[(0.55, 0.02), (0.1, 0.02), (0.06, 0.44)] + _arc(0.3, 0.67, 0.28, 0.31, -125, 150, 14)],
    "W": [[(0.0, 0.0), (0.14, 1.0), (0.3, 0.38), (0.46, 1.0), (0.6, 0.0)]],
    "S": [_arc(0.3, 0.26, 0.26, 0.24, -10, -270, 12) + _arc(0.3, 0.74, 0.28, 0.26, -90, 160, 12)],
    "M": [[(0.0, 1.0), (0.02, 0.0), (0.3, 0.62), (0.58, 0.0), (0.6, 1.0)]],
    "J": [[(0.58, 0.0)] + _arc(0.32, 0.74, 0.26, 0.26, 0, 170, 10)],
    "O": [_arc(0.3, 0.5, 0.3, 0.5, 0, 360, 28)],
    "K": [[(0.04, 0.0), (0.04, 1.0)], [(0.58, 0.0), (0.04, 0.6)], [(0.22, 0.42), (0.6, 1.0)]],
    "E": [[(0.58, 0.0), (0.04, 0.0), (0.04, 1.0), (0.58, 1.0)], [(0.04, 0.5), (0.45, 0.5)]],
    "R": [[(0.04, 1.0), (0.04, 0.0)] + _arc(0.3, 0.26, 0.27, 0.26, -90, 90, 10) + [(0.04, 0.52)],
          [(0.28, 0.52), (0.6, 1.0)]],
    "I": [[(0.3, 0.0), (0.3, 1.0)], [(0.12, 0.0), (0.48, 0.0)], [(0.12, 1.0), (0.48, 1.0)]],
    "L": [[(0.06, 0.0), (0.06, 1.0), (0.58, 1.0)]],
    "D": [[(0.04, 0.0), (0.04, 1.0)] + _arc(0.1, 0.5, 0.5, 0.5, 90, -90, 16) + [(0.04, 0.0)]],
    "U": [[(0.04, 0.0)] + _arc(0.3, 0.72, 0.26, 0.28, 180, 0, 12) + [(0.56, 0.0)]],
    "P": [[(0.04, 1.0), (0.04, 0.0)] + _arc(0.3, 0.27, 0.27, 0.27, -90, 90, 10) + [(0.04, 0.54)]],
    "T": [[(0.0, 0.0), (0.6, 0.0)], [(0.3, 0.0), (0.3, 1.0)]],
    " ": [],
}


def text_strokes(text: str, x: float, y: float, height: float,
                 spacing: float = 0.25) -> list[np.ndarray]:
    """Polylines writing ``text`` with its top-left at (x, y), glyphs ``height`` high."""
    lines, cursor = [], x
    for char in text:
        for stroke in GLYPHS[char]:
            lines.append(np.array([(cursor + px * height, y + py * height) for px, py in stroke]))
        cursor += (0.6 + spacing) * height
    return lines


def text_width(text: str, height: float, spacing: float = 0.25) -> float:
    return len(text) * (0.6 + spacing) * height - spacing * height
