"""Training examples for the index spotter: whole generated scenes, shrunk, with a map of where each
card's index corners lie and, around each, the card's four corners.

The spotter (:mod:`service.vision.spotter`) sees the photo as the card finder does (shrunk to
``MAPS_SIDE`` on its long side, maps at half that size). Its targets come from the generator's
outlines (:class:`vision_models.scenes.Scene`, quads in face order), so no labelling is needed:

- ``heat``: a Gaussian bump at the middle of each index corner region (the region the reader is
  shown, :data:`service.vision.geometry.CORNER_FX` x ``CORNER_FY`` of the card; two per card, the
  top-left and the bottom-right of its face), where that card lies on top (an index covered by
  another card cannot be read, so it is not spotted);
- ``offsets``: at the pixels around each bump, the card's four corners relative to the pixel, in
  units of :data:`service.vision.maps.OFFSET_UNIT` map pixels, starting from the index corner
  and going round the card as its face does; so one spot gives a whole outline, also for a card cut
  by the photo's edge or partly covered;
- ``near``: which pixels carry ``offsets`` (the others are left out of that loss);
- ``trusted``: which pixels' labels are known (the padding is not, nor, in a real photo, the
  neighbourhood of a card whose outline is unknown).

::

    >>> image, heat, offsets, near, trusted = spotter_example(np.random.default_rng(5))
    >>> image.shape, heat.shape, offsets.shape, near.shape, trusted.shape
    ((256, 256, 3), (128, 128), (8, 128, 128), (128, 128), (128, 128))
    >>> image.dtype, heat.dtype, offsets.dtype, near.dtype, trusted.dtype
    (dtype('uint8'), dtype('uint8'), dtype('float16'), dtype('bool'), dtype('bool'))
"""

from __future__ import annotations

import cv2
import numpy as np

from service.vision.geometry import CORNER_FX, CORNER_FY
from service.vision.maps import MAPS_SIDE, OFFSET_UNIT, OUTPUT_STRIDE

from .finder_data import scene_sample, shrunk_square, trusted_map

SPREAD = 0.12          # a bump's sigma, as a share of the card's short side (at least one map pixel)
NEAR = 0.6             # pixels whose bump is above this carry the card's corners


def index_spots(quad: np.ndarray) -> list[tuple[np.ndarray, np.ndarray]]:
    """A card's two index spots, each with the card's corners starting from that index's corner
    (``quad`` in face order: top-left, top-right, bottom-right, bottom-left of the face).

    >>> spots = index_spots(np.float32([[0, 0], [100, 0], [100, 140], [0, 140]]))
    >>> [(spot.round(2).tolist(), corners[0].tolist()) for spot, corners in spots]
    [([15.0, 28.0], [0.0, 0.0]), ([85.0, 112.0], [100.0, 140.0])]
    """
    unit = np.float32([[0, 0], [1, 0], [1, 1], [0, 1]])
    spots = []
    for turn in (0, 2):
        corners = np.roll(np.asarray(quad, np.float32), -turn, axis=0)
        to_photo = cv2.getPerspectiveTransform(unit, corners)
        middle = np.float32([[[CORNER_FX / 2, CORNER_FY / 2]]])
        spots.append((cv2.perspectiveTransform(middle, to_photo)[0, 0], corners))
    return spots


def spotter_targets(image: np.ndarray, ids: np.ndarray, quads: list[np.ndarray], known: np.ndarray | None = None):
    """A photo, its map of which card is on top (-1 = table) and the cards' outlines in face order
    (photo pixels, the same cards as ``ids``) -> the spotter's example (see :func:`spotter_example`);
    ``known``: the pixels whose label is trusted (default all; a real photo's card with one index
    box seen has no outline, so no spot can be placed for it), the others left out of the loss."""
    h, w = ids.shape
    padded, factor = shrunk_square(image, MAPS_SIDE)
    out_factor = factor / OUTPUT_STRIDE
    out_side = MAPS_SIDE // OUTPUT_STRIDE
    heat = np.zeros((out_side, out_side), np.float32)
    offsets = np.zeros((8, out_side, out_side), np.float16)
    near = np.zeros((out_side, out_side), bool)
    ys, xs = np.mgrid[0:out_side, 0:out_side].astype(np.float32)
    for card, quad in enumerate(quads):
        short = min(np.linalg.norm(quad[1] - quad[0]), np.linalg.norm(quad[3] - quad[0])) * out_factor
        sigma = max(1.0, SPREAD * short)
        for spot, corners in index_spots(quad):
            x, y = int(spot[0]), int(spot[1])
            if not (0 <= x < w and 0 <= y < h) or ids[y, x] != card:
                continue
            mx, my = spot * out_factor - 0.5           # map pixel centres are at (i + 0.5) * stride
            bump = np.exp(-((xs - mx) ** 2 + (ys - my) ** 2) / (2 * sigma ** 2))
            heat = np.maximum(heat, bump)
            if 0 <= round(my) < out_side and 0 <= round(mx) < out_side:
                heat[round(my), round(mx)] = 1.0        # the peak itself, as the focal loss counts it
            here = bump > NEAR
            mapped = corners * out_factor - 0.5
            for k in range(4):
                offsets[2 * k][here] = (mapped[k, 0] - xs[here]) / OFFSET_UNIT
                offsets[2 * k + 1][here] = (mapped[k, 1] - ys[here]) / OFFSET_UNIT
            near |= here
    trusted = trusted_map(known, (max(1, round(w * out_factor)), max(1, round(h * out_factor))), out_side)
    return padded, np.round(heat * 255).astype(np.uint8), offsets, near & trusted, trusted


def spotter_example(rng: np.random.Generator):
    """One scene -> (image ``MAPS_SIDE`` square, BGR uint8, the photo shrunk into its top-left;
    heat ``(side/stride,)*2`` uint8 0..255; offsets ``(8, ...)`` float16; near and trusted, bool). Scenes are
    the finder's (:func:`vision_models.finder_data.scene_sample`: cards cut by the photo's edge,
    close-ups of one card)."""
    return spotter_targets(*scene_sample(rng))

