"""The index spotter: the card maps' network (:mod:`.maps`) spots cards by their index corners.

The corner index (rank over suit) is what every design shares, and the reader reads it surely once
it is given the card's outline; the hand-made cues and the card finder (:mod:`.locate`) lose the
outlines of white cards on pale tables, dark cards on white ones and cards cut by the photo's edge.
Nine of the network's maps are the spotter's, at half the size of the photo it sees: a map of
index corners (``heat``) and, at each pixel, where that card's four corners lie (eight ``offsets``,
in ``OFFSET_UNIT`` map pixels); the network's first look at the photo serves the card finder too.
Each peak of the map is one outline, even for a card whose other end is covered or out of the
picture, starting at the index corner it was spotted by; a card not yet read is spotted again in a
crop around it, where it fills more of what the spotter sees (:meth:`IndexSpotter.closer`), and
the reader then reads it like a guess, through the outline grown, shrunk and turned about that
corner (:func:`about_index_corner`, :func:`.pipeline.read_spotted`), since the spotter places the
index corner better than the card's size and turn. Its maps were trained on the generator's scenes
and the 'fit' half of the real training photos.

A spotter that has learned nothing spots nothing::

    >>> class Blank:
    ...     def run(self, _, feeds):
    ...         n, _, h, w = feeds["image"].shape
    ...         return [np.full((n, 11, h // 2, w // 2), -9.0, np.float32)]
    >>> IndexSpotter(CardMaps(Blank())).outlines(np.zeros((480, 640, 3), np.uint8))
    []
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from .geometry import lies_on_any, order_quad, quad_iou
from .maps import OFFSET_UNIT, CardMaps, MapsLook, chance

SPOT_SURE = 0.2       # a peak of the index map at least this high is a spot (chosen on the tuning sets)
MAX_SPOTS = 24        # the most spots taken from one photo, highest first
CLOSER_MARGIN = 0.25  # a closer look crops the spotted card with this share of its size around it
CLOSER_SAME = 0.5     # the closer look's outline must overlap the first this much to replace it
MAX_CLOSER = 8        # the most spotted cards looked at closer in one photo (each about 10 ms)
SAME_SPOT = 0.6       # two spots whose outlines overlap more than this are one card's
# A spotted card's index corner is placed well, its size and turn less so (a map pixel is 2 px of
# the 256 px photo the spotter sees, and the far corners are guessed from the index alone): each
# outline is also read scaled by these and turned by these degrees about its index corner
SIZES = (0.87, 1.0, 1.15)
TURNS = (-8.0, 0.0, 8.0)


@dataclass
class IndexSpotter:
    maps: CardMaps

    def outlines(self, image: np.ndarray, limit: int = MAX_SPOTS, look: MapsLook | None = None) -> list[np.ndarray]:
        """The outlines (4x2 float32, ``image`` pixels) of the cards spotted, surest spot first: one
        per peak of the index map (a pixel the highest of its 3x3 neighbours, at least ``SPOT_SURE``),
        in ``look`` (the network's maps of ``image``; a look of its own when not given)."""
        look = look or self.maps.look(image)
        heat, offsets, factor = chance(look.spotter[0]), look.spotter[1:], look.factor
        peaks = (heat >= SPOT_SURE) & (heat >= cv2.dilate(heat, np.ones((3, 3), np.uint8)))
        ys, xs = np.nonzero(peaks)
        order = np.argsort(-heat[ys, xs])[:limit]
        quads = []
        for y, x in zip(ys[order], xs[order]):
            corners = offsets[:, y, x].reshape(4, 2) * OFFSET_UNIT + [x, y]
            quads.append(((corners + 0.5) / factor).astype(np.float32))
        return quads

    def new_outlines(self, image: np.ndarray, settled: list[np.ndarray] = (), closer: bool = True,
                     limit: int = MAX_CLOSER, look: MapsLook | None = None) -> list[np.ndarray]:
        """The outlines of the cards spotted (in ``look``, as :meth:`outlines`) that do not lie on the
        ``settled`` outlines (cards already read surely), one per card (a card's two index spots give
        about the same outline; the surer is kept), at most ``limit``; with ``closer``, each spotted
        again closer (:meth:`closer`). Each starts at the index corner it was spotted by
        (:func:`index_first`)."""
        kept: list[np.ndarray] = []
        settled = list(settled)
        for quad in self.outlines(image, look=look):
            quad = index_first(quad, quad[0])
            if lies_on_any(quad, settled) or any(quad_iou(quad, other) > SAME_SPOT for other in kept):
                continue
            kept.append(quad)
        kept = kept[:limit]
        return [index_first(self.closer(image, quad), quad[0]) for quad in kept] if closer else kept

    def closer(self, image: np.ndarray, quad: np.ndarray, margin: float = CLOSER_MARGIN) -> np.ndarray:
        """``quad`` spotted again in a crop of ``image`` around it (``margin`` of its size each side),
        where the card fills more of what the spotter sees: the crop's outline nearest ``quad``,
        more exactly placed (``quad`` itself when the crop spots nothing like it)."""
        h, w = image.shape[:2]
        (x0, y0), (x1, y1) = quad.min(axis=0), quad.max(axis=0)
        grow = margin * max(x1 - x0, y1 - y0)
        left, top = int(max(0, x0 - grow)), int(max(0, y0 - grow))
        right, bottom = int(min(w, x1 + grow)), int(min(h, y1 + grow))
        if right - left < 16 or bottom - top < 16:
            return quad
        spotted = [q + [left, top] for q in self.outlines(image[top:bottom, left:right])]
        if not spotted:
            return quad
        spotted = [order_quad(q) for q in spotted]
        best = max(spotted, key=lambda q: quad_iou(q, quad))
        return best if quad_iou(best, quad) > CLOSER_SAME else quad


def index_first(quad: np.ndarray, index_corner: np.ndarray) -> np.ndarray:
    """``quad`` ordered clockwise (:func:`.geometry.order_quad`), starting at its corner nearest
    ``index_corner``.

    >>> index_first(np.float32([[10, 10], [0, 10], [0, 0], [10, 0]]), np.float32([9, 11])).tolist()
    [[10.0, 10.0], [0.0, 10.0], [0.0, 0.0], [10.0, 0.0]]
    """
    ordered = order_quad(quad)
    return np.roll(ordered, -int(np.argmin(np.linalg.norm(ordered - index_corner, axis=1))), axis=0)


def about_index_corner(quad: np.ndarray, sizes: tuple[float, ...] = SIZES,
                       turns: tuple[float, ...] = TURNS) -> list[np.ndarray]:
    """``quad`` (its index corner first, :func:`index_first`) scaled by each of ``sizes`` and turned
    by each of ``turns`` degrees about that corner, which stays where it was spotted.

    >>> card = np.float32([[0, 0], [100, 0], [100, 140], [0, 140]])
    >>> grown, turned = about_index_corner(card, sizes=(1.2,), turns=(0.0, 90.0))
    >>> grown.round().tolist()
    [[0.0, 0.0], [120.0, 0.0], [120.0, 168.0], [0.0, 168.0]]
    >>> turned.round().tolist()
    [[0.0, 0.0], [0.0, 120.0], [-168.0, 120.0], [-168.0, 0.0]]
    """
    corner = quad[0]
    outlines = []
    for size in sizes:
        for turn in np.deg2rad(turns):
            rotation = np.array([[np.cos(turn), -np.sin(turn)], [np.sin(turn), np.cos(turn)]], np.float32)
            outlines.append(((quad - corner) @ rotation.T * size + corner).astype(np.float32))
    return outlines
