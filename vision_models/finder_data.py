"""Training examples for the card finder: whole generated scenes, shrunk, with two masks each.

The finder (:mod:`service.vision.finder`, two of the maps of :mod:`service.vision.maps`) sees the
photo shrunk to ``MAPS_SIDE`` on its long side and marks, at half that size, where a card's face
shows (``card``) and where two cards meet (``seam``: a band along the edge between two different
cards, so that touching and overlapping cards come apart). Both masks come from the generator's map
of which card is on top at each pixel (:class:`vision_models.scenes.Scene`), so no labelling is
needed. A scene is sometimes cropped first, so that cards cut by the photo's edge, and cards filling
most of the photo, are seen too::

    >>> image, target, weight = finder_example(np.random.default_rng(5))
    >>> image.shape, target.shape, weight.shape, image.dtype, target.dtype
    ((256, 256, 3), (2, 128, 128), (128, 128), dtype('uint8'), dtype('uint8'))
"""

from __future__ import annotations

import cv2
import numpy as np

from service.vision.maps import MAPS_SIDE, OUTPUT_STRIDE

from .dataset import CARD_CODES
from .scenes import compose

SEAM_WIDTH = 1.0   # output pixels each side of the edge between two cards


def seam_mask(ids: np.ndarray, radius: int) -> np.ndarray:
    """Card pixels within ``radius`` of another card (``ids``: which card is on top, -1 = table).

    >>> ids = np.full((5, 8), -1, np.int16); ids[:, 1:4] = 0; ids[:, 4:7] = 1
    >>> seam_mask(ids, 1).astype(int)[0].tolist()
    [0, 0, 0, 1, 1, 0, 0, 0]
    """
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * radius + 1,) * 2)
    seam = np.zeros(ids.shape, bool)
    for card in np.unique(ids[ids >= 0]):
        near = cv2.dilate((ids == card).astype(np.uint8), kernel).astype(bool)
        seam |= near & (ids >= 0) & (ids != card)
    return seam


def crop_scene(rng: np.random.Generator, image: np.ndarray, ids: np.ndarray, cards: list):
    """A window of 55-100 % of each side, so some cards run out of the picture; or, one time in
    two, a close-up of one card (1.1-2.2 times its size), as a phone held close to the table sees.
    Returns the window's photo and map, and its top-left corner (x, y), to move outlines by."""
    h, w = ids.shape
    if cards and rng.random() < 0.5:
        quad = cards[int(rng.integers(0, len(cards)))].quad
        (x0, y0), (x1, y1) = quad.min(axis=0), quad.max(axis=0)
        side = max(x1 - x0, y1 - y0) * rng.uniform(1.1, 2.2)
        ch, cw = (int(min(h, side * rng.uniform(0.75, 1.33))), int(min(w, side)))
        cy, cx = (y0 + y1) / 2 + rng.normal(0, 0.1 * side), (x0 + x1) / 2 + rng.normal(0, 0.1 * side)
        y, x = int(np.clip(cy - ch / 2, 0, h - ch)), int(np.clip(cx - cw / 2, 0, w - cw))
    else:
        ch, cw = int(h * rng.uniform(0.55, 1.0)), int(w * rng.uniform(0.55, 1.0))
        y, x = int(rng.integers(0, h - ch + 1)), int(rng.integers(0, w - cw + 1))
    return image[y:y + ch, x:x + cw], ids[y:y + ch, x:x + cw], (x, y)


def shrunk_square(image: np.ndarray, side: int) -> tuple[np.ndarray, float]:
    """``image`` shrunk to ``side`` on its long side into the top-left of a ``side`` square (the rest
    its edge repeated, as the service pads), and the factor it was shrunk by: a dense network's
    training input.

    >>> square, factor = shrunk_square(np.zeros((300, 600, 3), np.uint8), 256)
    >>> square.shape, factor
    ((256, 256, 3), 0.4266666666666667)
    """
    h, w = image.shape[:2]
    factor = side / max(h, w)
    small = cv2.resize(image, (max(1, round(w * factor)), max(1, round(h * factor))), interpolation=cv2.INTER_AREA)
    return cv2.copyMakeBorder(small, 0, side - small.shape[0], 0, side - small.shape[1], cv2.BORDER_REPLICATE), factor


def scene_sample(rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray, list[np.ndarray]]:
    """A generated scene as the dense networks are taught on (0-8 cards, five most often, on a table
    of 400-760 px a side, cropped four times in ten, :func:`crop_scene`): the photo, its map of which
    card is on top (-1 = table) and the cards' outlines in face order, in the photo's pixels.

    >>> image, ids, quads = scene_sample(np.random.default_rng(5))
    >>> image.shape[:2] == ids.shape, int(ids.max()) < len(quads), quads[0].shape
    (True, True, (4, 2))
    """
    n = int(rng.choice([0, 1, 2, 3, 4, 5, 5, 5, 6, 7, 8]))
    codes = list(rng.choice(CARD_CODES, size=n, replace=False))
    scene = compose(rng, codes, size=(int(rng.integers(400, 760)), int(rng.integers(400, 760))),
                    max_overlap=0.15)
    image, ids, quads = scene.image, scene.ids, [card.quad for card in scene.cards]
    if rng.random() < 0.4:
        image, ids, (x, y) = crop_scene(rng, image, ids, scene.cards)
        quads = [quad - np.float32([x, y]) for quad in quads]
    return image, ids, quads


def finder_example(rng: np.random.Generator):
    """One scene (:func:`scene_sample`) -> (image ``MAPS_SIDE`` square, BGR uint8, the photo
    shrunk into its top-left; targets ``(2, side/stride, side/stride)`` uint8 0..255 (card, seam);
    weight, 0 on the padding)."""
    image, ids, _ = scene_sample(rng)
    return finder_targets(image, ids)


def finder_targets(image: np.ndarray, ids: np.ndarray, known: np.ndarray | None = None):
    """A photo and its map of which card is on top (-1 = table) -> the finder's example (see
    :func:`finder_example`); ``known``: the pixels whose label is trusted (default all), the others
    weighted 0 (a real photo's labels leave some cards' extent unknown)."""
    h, w = ids.shape
    padded, factor = shrunk_square(image, MAPS_SIDE)
    out_factor = factor / OUTPUT_STRIDE
    seam = seam_mask(ids, max(1, int(round(SEAM_WIDTH / out_factor))))
    out_side = MAPS_SIDE // OUTPUT_STRIDE
    out_size = (max(1, round(w * out_factor)), max(1, round(h * out_factor)))
    target = np.zeros((2, out_side, out_side), np.uint8)
    for channel, mask in enumerate((ids >= 0, seam)):
        shrunk = cv2.resize(mask.astype(np.float32), out_size, interpolation=cv2.INTER_AREA)
        target[channel, :out_size[1], :out_size[0]] = np.round(shrunk * 255)
    weight = trusted_map(known, out_size, out_side).astype(np.uint8)
    return padded, target, weight


def trusted_map(known: np.ndarray | None, out_size: tuple[int, int], out_side: int) -> np.ndarray:
    """Which pixels of a dense network's ``out_side`` square map carry a trusted label: those of the
    photo (``out_size``, width and height, in its top-left; the padding never), and of those, where
    ``known`` (the photo's trusted pixels, default all) is true throughout.

    >>> known = np.ones((40, 80), bool); known[:, :20] = False
    >>> trusted_map(known, (8, 4), 10).sum(axis=0).tolist()
    [0, 0, 4, 4, 4, 4, 4, 4, 0, 0]
    """
    trusted = np.zeros((out_side, out_side), bool)
    trusted[:out_size[1], :out_size[0]] = True if known is None else \
        cv2.resize(known.astype(np.float32), out_size, interpolation=cv2.INTER_AREA) > 0.99
    return trusted


def stacked(examples: list[tuple]) -> tuple:
    """Examples (each a tuple of arrays) as one array per part, examples first.

    >>> [part.shape for part in stacked([(np.zeros(3), np.zeros((2, 2)))] * 4)]
    [(4, 3), (4, 2, 2)]
    """
    return tuple(np.stack(part) for part in zip(*examples))


def seeded_examples(example, seed: int, count: int, worker: int, stream: int) -> tuple:
    """``count`` examples ``example(rng)`` from scenes seeded by (seed, worker, stream), stacked: the
    card maps' dataset (``stream`` kept from when the finder and the spotter each drew their own
    scenes, so the committed recipe's scenes stay the same)."""
    rng = np.random.default_rng([seed, worker, stream])
    return stacked([example(rng) for _ in range(count)])

