"""Real photos for fine-tuning: a split by capture session, and corner patches cut from index boxes.

The real photos (``../shared/data/real-photos``, CC BY 4.0) come in bursts of near-identical shots,
so a random split would leak. :func:`split` holds out whole blocks of time instead: phone photos
named ``IMG_YYYYMMDD_HHMMSS`` in 5-minute blocks (every third block held out), the numbered
``IMG_NNNN`` photos in blocks of ten numbers (every third block held out), every webcam frame held out,
and a guard band around each held-out block left out of training too. The split is written to
``vision_models/real_split.json`` so it is reproducible::

    >>> _block("IMG_20220921_193915.jpg"), _block("IMG_7702.jpg")
    (('t', 235), ('n', 770))

Labels have only index boxes. A card whose two index boxes (same label) are both seen gives an
outline (:func:`card_quads`), so that :func:`service.vision.geometry.corner_patches` cuts the same
patches as the service would. The photos were stretched to 640x640 by their publisher; the outlines
are estimates, jittered as the synthetic ones are.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import cv2
import numpy as np

from service.vision.geometry import corner_patches

from .dataset import jitter_quad
from .faces import CLASSES

HERE = Path(__file__).resolve().parent
SPLIT_FILE = HERE / "real_split.json"
NONE = CLASSES.index("NONE")
_STAMP = re.compile(r"IMG_(\d{8})_(\d{2})(\d{2})(\d{2})")
_NUMBER = re.compile(r"IMG_(\d+)\.")


def _seconds(name: str) -> int | None:
    m = _STAMP.match(name)
    return int(m.group(2)) * 3600 + int(m.group(3)) * 60 + int(m.group(4)) if m else None


def _block(name: str) -> tuple[str, int]:
    """The capture block of a phone photo: 5-minute blocks of time, or blocks of ten numbers."""
    seconds = _seconds(name)
    if seconds is not None:
        return ("t", seconds // 300)
    return ("n", int(_NUMBER.match(name).group(1)) // 10)


def _near_held(name: str, held_blocks: set) -> bool:
    """True when a photo lies within the guard band (15 s, or one number) of a held-out block."""
    seconds = _seconds(name)
    if seconds is not None:
        return any(("t", (seconds + d) // 300) in held_blocks for d in (-15, 15))
    number = int(_NUMBER.match(name).group(1))
    return any(("n", (number + d) // 10) in held_blocks for d in (-1, 1))


def split(labels: dict) -> dict:
    """``{"train": [...], "held_out": [...], "guard": [...]}``: file names, sorted."""
    phone = sorted(n for n, v in labels.items() if v["kind"] == "phone")
    blocks = sorted({_block(n) for n in phone})
    held_blocks = {b for i, b in enumerate(b for b in blocks if b[0] == "t") if i % 3 == 1}
    held_blocks |= {b for i, b in enumerate(b for b in blocks if b[0] == "n") if i % 3 == 1}
    held = [n for n in phone if _block(n) in held_blocks]
    guard = [n for n in phone if n not in held and _near_held(n, held_blocks)]
    train = [n for n in phone if n not in held and n not in guard]
    held += sorted(n for n, v in labels.items() if v["kind"] != "phone")
    return {"train": train, "held_out": sorted(held), "guard": guard}


def card_quads(label: dict, width: int, height: int) -> list[tuple[str, np.ndarray]]:
    """(code, outline) for each card whose two index boxes are labelled; the outline starts at one index.

    The two index centres lie on the card's diagonal, at about (8 %, 11 %) of its width and height
    from opposite corners, so the diagonal between them runs at about 52 degrees to the card's width
    and spans about 0.98 of its height: that fixes the card's angle, size and centre.
    """
    by_code: dict[str, list] = {}
    for box in label["index_boxes"]:
        by_code.setdefault(box["label"], []).append(box)
    cards = []
    for code, boxes in by_code.items():
        if len(boxes) != 2 or code not in CLASSES:
            continue
        a, b = (np.array([bx["cx"] * width, bx["cy"] * height]) for bx in boxes)
        d = b - a
        length = float(np.hypot(*d))
        if length < 20:
            continue
        card_h = length * 1.02
        card_w = card_h * 2.5 / 3.5
        theta = np.arctan2(d[1], d[0]) - np.arctan2(0.78 * 3.5, 0.84 * 2.5)
        rotation = np.array([[np.cos(theta), -np.sin(theta)], [np.sin(theta), np.cos(theta)]])
        unit = np.array([[-1, -1], [1, -1], [1, 1], [-1, 1]]) * [card_w / 2, card_h / 2]
        quad = (unit @ rotation.T + (a + b) / 2).astype(np.float32)
        cards.append((code, quad))
    return cards


def real_patches(directory: str | Path, names: list[str], seed: int, jitters: int = 4):
    """Patches (N, H, W, 3) uint8 and labels from the named photos: both index corners (the card),
    the two sideways readings (NONE), each from ``jitters`` slightly wrong outlines."""
    directory = Path(directory)
    labels = json.loads((directory / "labels.json").read_text())
    rng = np.random.default_rng(seed)
    xs, ys = [], []
    for name in names:
        image = cv2.imread(str(directory / "images" / name), cv2.IMREAD_COLOR)
        if image is None:
            continue
        h, w = image.shape[:2]
        for code, quad in card_quads(labels[name], w, h):
            for _ in range(jitters):
                patches = corner_patches(image, jitter_quad(rng, quad))
                xs += [patches[0], patches[2], patches[int(rng.choice([1, 3]))]]
                ys += [CLASSES.index(code), CLASSES.index(code), NONE]
    if not xs:
        return np.zeros((0, 64, 40, 3), np.uint8), np.zeros(0, np.int64)
    return np.stack(xs), np.array(ys, np.int64)


def load_split(directory: str | Path) -> dict:
    """The committed split, or a fresh one (written) when none is committed yet."""
    if SPLIT_FILE.exists():
        return json.loads(SPLIT_FILE.read_text())
    result = split(json.loads((Path(directory) / "labels.json").read_text()))
    SPLIT_FILE.write_text(json.dumps(result, indent=1) + "\n")
    return result
