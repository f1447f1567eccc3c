"""The card finder: a small fully convolutional ONNX model that marks where cards lie in a photo.

It sees the photo shrunk to ``FINDER_SIDE`` pixels on its long side and gives, at half that size,
two maps: the chance that a pixel is on a card's face (``card``), and that it lies on the seam
between two different cards (``seam``). Cards without their seams come apart even where they touch
or overlap; :func:`.locate.find_outlines` adds the outlines of those pieces to the hand-made cues'.
Its maps were taught on the generator's scenes only, by one network with the index spotter's
(``vision_models/train_maps.py``; that network's spotter maps saw real photos too).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from .map_input import map_logits
from .onnx_session import cpu_session

FINDER_SIDE = 256     # the photo's long side as the finder sees it
OUTPUT_STRIDE = 2     # input pixels per output pixel
PAD_TO = 16           # the network's total stride: its input is padded to a multiple of this
FINDER_FILE = "card_finder.onnx"
FINDER_SPEC = "finder.json"   # how it was trained to see the photo, written beside it by ``train_maps``
SEAM_SURE = 0.5       # a seam pixel. Seams were weighted 20:1 in training (``SEAM_POSITIVE``), so the
                      # map errs towards cutting; a card a hand-made cue outlines whole keeps that outline


@dataclass
class CardFinder:
    session: object

    def maps(self, image: np.ndarray, side: int = FINDER_SIDE) -> np.ndarray:
        """``image`` (H, W, 3) BGR uint8 -> probabilities (2, H, W): card and seam, at the image's size;
        the finder sees the image shrunk to ``side`` on its long side (it was trained at
        ``FINDER_SIDE``; it is fully convolutional, so a larger side shows small cards larger)."""
        h, w = image.shape[:2]
        logits, _ = map_logits(self.session, image, side, PAD_TO, OUTPUT_STRIDE)
        probabilities = 1 / (1 + np.exp(-logits))
        return np.stack([cv2.resize(p, (w, h), interpolation=cv2.INTER_LINEAR) for p in probabilities])

    def pieces(self, image: np.ndarray, side: int = FINDER_SIDE) -> np.ndarray:
        """A mask (uint8 0/255) of the cards' faces without the seams between cards: one white
        region per card seen, to take outlines from."""
        card, seam = self.maps(image, side)
        return ((card > 0.5) & (seam < SEAM_SURE)).astype(np.uint8) * 255


def check_finder(spec: dict) -> None:
    """Refuse a finder trained to see the photo otherwise than :class:`CardFinder` shows it.

    >>> check_finder({"side": FINDER_SIDE, "output_stride": OUTPUT_STRIDE, "pad_to": PAD_TO})
    >>> check_finder({"side": 320, "output_stride": 4, "pad_to": 32})
    Traceback (most recent call last):
    ...
    ValueError: the finder sees photos at 320 px, maps at 1/4, padded to 32; this service gives 256 px, 1/2, 16
    """
    given = (spec.get("side"), spec.get("output_stride"), spec.get("pad_to"))
    if given != (FINDER_SIDE, OUTPUT_STRIDE, PAD_TO):
        raise ValueError(f"the finder sees photos at {given[0]} px, maps at 1/{given[1]}, padded to {given[2]}; "
                         f"this service gives {FINDER_SIDE} px, 1/{OUTPUT_STRIDE}, {PAD_TO}")


def load_finder(model_dir: Path, intra_threads: int = 1, inter_threads: int = 1) -> CardFinder | None:
    """The finder in ``model_dir``, or None when it holds none (outlines then come from the
    hand-made cues alone)."""
    if not (model_dir / FINDER_FILE).exists():
        return None
    check_finder(json.loads((model_dir / FINDER_SPEC).read_text()))
    return CardFinder(cpu_session(model_dir / FINDER_FILE, intra_threads, inter_threads))
