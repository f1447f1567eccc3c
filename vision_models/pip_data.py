"""Training examples for the pips' suit model: pips cut from generated scenes, labelled by the generator.

Each card from two to ten of a generated scene is rectified from a slightly wrong outline (as the
pipeline's outlines err) with the service's own :func:`service.vision.face.card_face`, and its pips
are found by the service's own :func:`service.vision.pips.pip_crops`, so training sees what the
pipeline sees (pale faces only: a dark-faced card's pips, which the service finds in its negative,
are not taught). A pip is labelled with its card's suit when the generator's map says that card is on
top there (a pip of the card lying over it is left out)::

    >>> x, y = pip_examples(np.random.default_rng(3))
    >>> x.shape[1:], x.dtype, sorted(set(y.tolist())) <= [0, 1, 2, 3]
    ((24, 24), dtype('float16'), True)
"""

from __future__ import annotations

import cv2
import numpy as np

from service.vision.face import FACE_H, FACE_W, NUMBER_RANKS, card_face, dark_faced
from service.vision.pips import PIP_SIDE, SUITS, pip_crops

from .dataset import gather, jitter_quad
from .faces import STANDARD_CODES, random_style
from .scenes import compose
from .shapes import random_suit_shape

PIP_CODES = tuple(code for code in STANDARD_CODES if code[:-1] in NUMBER_RANKS)
OUTLINES_PER_CARD = 2   # each card rectified from this many jittered outlines
SUIT_SHAPES_SHARE = 0.75  # the share of scenes drawing spades and clubs of other proportions: the pips'
                          # vote then told more blurred clubs of other decks from spades (model 4.7.0)


def _face_ids(ids: np.ndarray, quad: np.ndarray) -> np.ndarray:
    """The generator's map of which card is on top, warped as :func:`card_face` warps the photo."""
    return card_face(np.repeat(ids[..., None].astype(np.float32), 3, axis=2), quad)[..., 0]


def pip_examples(rng: np.random.Generator, suit_shapes: float = SUIT_SHAPES_SHARE) -> tuple[np.ndarray, np.ndarray]:
    """One scene of three to eight cards from two to ten -> pip crops ``(N, PIP_SIDE, PIP_SIDE)``
    float16 (ink 1) and their suits ``(N,)`` int64 (indices into ``SUITS``); with the chance
    ``suit_shapes`` its deck draws spades and clubs of other proportions
    (:func:`.shapes.random_suit_shape`; at 0 no random number is drawn)."""
    codes = list(rng.choice(PIP_CODES, size=int(rng.integers(3, 9)), replace=False))
    style = None
    if suit_shapes and rng.random() < suit_shapes:
        style = {**random_style(rng), "suit_shape": random_suit_shape(rng)}
    scene = compose(rng, codes, size=(int(rng.integers(400, 1000)), int(rng.integers(400, 1000))),
                    max_overlap=0.15, style=style)
    xs, ys = [np.zeros((0, PIP_SIDE, PIP_SIDE), np.float16)], [np.zeros(0, np.int64)]
    for number, card in enumerate(scene.cards):
        for _ in range(OUTLINES_PER_CARD):
            quad = jitter_quad(rng, card.quad, 0.03)
            face = card_face(scene.image, quad)
            if dark_faced(face):   # the committed model was taught pale faces only (the service reads
                continue           # a dark face's negative, :func:`service.vision.pips.pip_crops`)
            crops, boxes = pip_crops(face)
            if not len(crops):
                continue
            on_top = _face_ids(scene.ids, quad)
            mine = [int(round(on_top[min(int(y + h / 2), FACE_H - 1), min(int(x + w / 2), FACE_W - 1)])) == number
                    for x, y, w, h, _ in boxes]
            xs.append(crops[mine].astype(np.float16))
            ys.append(np.full(int(sum(mine)), SUITS.index(card.code[-1]), np.int64))
    return np.concatenate(xs), np.concatenate(ys)


def make_pip_dataset(seed: int, count: int, worker: int = 0,
                     suit_shapes: float = SUIT_SHAPES_SHARE) -> tuple[np.ndarray, np.ndarray]:
    """At least ``count`` pips from scenes seeded by (seed, worker)."""
    return gather(lambda rng: pip_examples(rng, suit_shapes), np.random.default_rng([seed, worker]), count)
