"""The index spotter: a small fully convolutional ONNX model that spots cards by their index corners.

The corner index (rank over suit) is what every design shares, and the reader reads it surely once
it is given the card's outline; the hand-made cues and the card finder (:mod:`.locate`) lose the
outlines of white cards on pale tables, dark cards on white ones and cards cut by the photo's edge.
The spotter sees the photo as the card finder does (shrunk to ``SPOTTER_SIDE`` on its long side)
and gives, at half that size, a map of index corners (``heat``) and, at each pixel, where that
card's four corners lie (eight ``offsets``, in ``OFFSET_UNIT`` map pixels). Each peak of the map is
one outline, even for a card whose other end is covered or out of the picture; a card not yet read
is spotted again in a crop around it, where it fills more of what the spotter sees
(:meth:`IndexSpotter.closer`), and the reader then reads it like a guess (:func:`.pipeline.recognize`). It was trained on the generator's scenes
and the 'fit' half of the real training photos, as one network with the card finder
(``vision_models/train_maps.py``).

A spotter that has learned nothing spots nothing::

    >>> class Blank:
    ...     def run(self, _, feeds):
    ...         n, _, h, w = feeds["image"].shape
    ...         return [np.full((n, 9, h // OUTPUT_STRIDE, w // OUTPUT_STRIDE), -9.0, np.float32)]
    >>> IndexSpotter(Blank()).outlines(np.zeros((480, 640, 3), np.uint8))
    []
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from .geometry import lies_on_any, order_quad, quad_iou
from .map_input import map_logits
from .onnx_session import cpu_session

SPOTTER_SIDE = 256    # the photo's long side as the spotter sees it (as the card finder does)
OUTPUT_STRIDE = 2     # input pixels per output pixel
PAD_TO = 16           # the network's total stride: its input is padded to a multiple of this
OFFSET_UNIT = 32.0    # map pixels per unit of the corner offsets (they then stay within a few units)
SPOT_SURE = 0.2       # a peak of the index map at least this high is a spot (chosen on the tuning sets)
MAX_SPOTS = 24        # the most spots taken from one photo, highest first
CLOSER_MARGIN = 0.25  # a closer look crops the spotted card with this share of its size around it
CLOSER_SAME = 0.5     # the closer look's outline must overlap the first this much to replace it
MAX_CLOSER = 8        # the most spotted cards looked at closer in one photo (each about 10 ms)
SAME_SPOT = 0.6       # two spots whose outlines overlap more than this are one card's
SPOTTER_FILE = "card_spotter.onnx"
SPOTTER_SPEC = "spotter.json"   # how it was trained to see the photo, written beside it by ``train_maps``


@dataclass
class IndexSpotter:
    session: object

    def maps(self, image: np.ndarray) -> tuple[np.ndarray, np.ndarray, float]:
        """``image`` (H, W, 3) BGR uint8 -> (index map ``(h, w)``, corner offsets ``(8, h, w)``, the
        factor from photo to map pixels), the maps at ``OUTPUT_STRIDE`` of the shrunk photo."""
        out, factor = map_logits(self.session, image, SPOTTER_SIDE, PAD_TO, OUTPUT_STRIDE)
        return 1 / (1 + np.exp(-out[0])), out[1:], factor

    def outlines(self, image: np.ndarray, limit: int = MAX_SPOTS) -> list[np.ndarray]:
        """The outlines (4x2 float32, ``image`` pixels) of the cards spotted, surest spot first: one
        per peak of the index map (a pixel the highest of its 3x3 neighbours, at least ``SPOT_SURE``)."""
        heat, offsets, factor = self.maps(image)
        peaks = (heat >= SPOT_SURE) & (heat >= cv2.dilate(heat, np.ones((3, 3), np.uint8)))
        ys, xs = np.nonzero(peaks)
        order = np.argsort(-heat[ys, xs])[:limit]
        quads = []
        for y, x in zip(ys[order], xs[order]):
            corners = offsets[:, y, x].reshape(4, 2) * OFFSET_UNIT + [x, y]
            quads.append(((corners + 0.5) / factor).astype(np.float32))
        return quads

    def new_outlines(self, image: np.ndarray, settled: list[np.ndarray] = (), closer: bool = True,
                     limit: int = MAX_CLOSER) -> list[np.ndarray]:
        """The outlines of the cards spotted that do not lie on the ``settled`` outlines (cards
        already read surely), one per card (a card's two index spots give about the same outline;
        the surer is kept), at most ``limit``; with ``closer``, each spotted again closer
        (:meth:`closer`)."""
        kept: list[np.ndarray] = []
        settled = list(settled)
        for quad in self.outlines(image):
            quad = order_quad(quad)
            if lies_on_any(quad, settled) or any(quad_iou(quad, other) > SAME_SPOT for other in kept):
                continue
            kept.append(quad)
        kept = kept[:limit]
        return [self.closer(image, quad) for quad in kept] if closer else kept

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


def check_spotter(spec: dict) -> None:
    """Refuse a spotter trained to see the photo otherwise than :class:`IndexSpotter` shows it.

    >>> check_spotter({"side": SPOTTER_SIDE, "output_stride": OUTPUT_STRIDE, "pad_to": PAD_TO,
    ...                "offset_unit": OFFSET_UNIT})
    >>> check_spotter({"side": 320, "output_stride": 4, "pad_to": 32, "offset_unit": 16})
    Traceback (most recent call last):
    ...
    ValueError: the spotter sees photos at 320 px, maps at 1/4, padded to 32, offsets in 16; this service gives 256 px, 1/2, 16, 32.0
    """
    given = (spec.get("side"), spec.get("output_stride"), spec.get("pad_to"), spec.get("offset_unit"))
    if given != (SPOTTER_SIDE, OUTPUT_STRIDE, PAD_TO, OFFSET_UNIT):
        raise ValueError(f"the spotter sees photos at {given[0]} px, maps at 1/{given[1]}, padded to {given[2]}, "
                         f"offsets in {given[3]}; this service gives {SPOTTER_SIDE} px, 1/{OUTPUT_STRIDE}, "
                         f"{PAD_TO}, {OFFSET_UNIT}")


def load_spotter(model_dir: Path, intra_threads: int = 1, inter_threads: int = 1) -> IndexSpotter | None:
    """The spotter in ``model_dir``, or None when it holds none (outlines then come from the other
    cues alone)."""
    if not (model_dir / SPOTTER_FILE).exists():
        return None
    check_spotter(json.loads((model_dir / SPOTTER_SPEC).read_text()))
    return IndexSpotter(cpu_session(model_dir / SPOTTER_FILE, intra_threads, inter_threads))
