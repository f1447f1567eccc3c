"""The card maps: one small fully convolutional ONNX model (``card_maps.onnx``) that sees the photo
shrunk to ``MAPS_SIDE`` pixels on its long side and gives, at half that size, eleven maps: the card
finder's two (where card faces lie and the seams between cards, :mod:`.finder`) and the index
spotter's nine (index corners and where each one's card has its corners, :mod:`.spotter`).

One look at the photo serves both (:meth:`CardMaps.look`); the finder's and the spotter's closer
looks at parts of the photo are looks of their own. The network was trained on the generator's
scenes and, for the spotter's maps, the 'fit' half of the real training photos
(``vision_models/train_maps.py``).

    >>> class Blank:
    ...     def run(self, _, feeds):
    ...         n, _, h, w = feeds["image"].shape
    ...         return [np.zeros((n, SPOTTER_MAPS.stop, h // OUTPUT_STRIDE, w // OUTPUT_STRIDE), np.float32)]
    >>> look = CardMaps(Blank()).look(np.zeros((480, 640, 3), np.uint8))
    >>> look.finder.shape, look.spotter.shape, look.factor
    ((2, 96, 128), (9, 96, 128), 0.2)
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from .map_input import map_logits
from .onnx_session import cpu_session

MAPS_SIDE = 256       # the photo's long side as the network sees it
OUTPUT_STRIDE = 2     # input pixels per output pixel
PAD_TO = 16           # the network's total stride: its input is padded to a multiple of this
OFFSET_UNIT = 32.0    # map pixels per unit of the spotter's corner offsets (they then stay within a few units)
FINDER_MAPS, SPOTTER_MAPS = slice(0, 2), slice(2, 11)   # the network's output maps, in order
MAPS_FILE = "card_maps.onnx"
MAPS_SPEC = "maps.json"   # how it was trained to see the photo, written beside it by ``train_maps``


def chance(logits: np.ndarray) -> np.ndarray:
    """The maps' logits as probabilities (the logistic function): every map but the spotter's corner
    offsets is a chance per pixel.

    >>> chance(np.array([0.0, 20.0])).round(3).tolist()
    [0.5, 1.0]
    """
    return 1 / (1 + np.exp(-logits))


@dataclass
class MapsLook:
    """The network's maps of one image (logits, ``(11, h, w)``, the padding cut off) and the factor
    from that image's pixels to map pixels."""

    logits: np.ndarray
    factor: float

    @property
    def finder(self) -> np.ndarray:
        """The card finder's logits: card and seam ``(2, h, w)``."""
        return self.logits[FINDER_MAPS]

    @property
    def spotter(self) -> np.ndarray:
        """The index spotter's: the index map's logit and the eight corner offsets ``(9, h, w)``."""
        return self.logits[SPOTTER_MAPS]


@dataclass
class CardMaps:
    session: object

    def look(self, image: np.ndarray, side: int = MAPS_SIDE) -> MapsLook:
        """The maps of ``image`` (H, W, 3) BGR uint8 seen at ``side`` px on its long side (it was
        trained at ``MAPS_SIDE``; it is fully convolutional, so a larger side shows small cards larger)."""
        return MapsLook(*map_logits(self.session, image, side, PAD_TO, OUTPUT_STRIDE))


SPEC_FIELDS = {"file": MAPS_FILE, "side": MAPS_SIDE, "output_stride": OUTPUT_STRIDE, "pad_to": PAD_TO,
               "offset_unit": OFFSET_UNIT, "finder_maps": [FINDER_MAPS.start, FINDER_MAPS.stop],
               "spotter_maps": [SPOTTER_MAPS.start, SPOTTER_MAPS.stop]}
"""What :class:`CardMaps` and its readers assume of the network, written into its spec by ``train_maps``."""


def check_maps(spec: dict) -> None:
    """Refuse a network trained to see the photo otherwise than :class:`CardMaps` shows it, or with
    its maps in another order.

    >>> check_maps(SPEC_FIELDS)
    >>> check_maps({**SPEC_FIELDS, "side": 320, "output_stride": 4})
    Traceback (most recent call last):
    ...
    ValueError: the card maps' network was trained with side 320, output_stride 4; this service assumes 256, 2
    """
    differ = [key for key, value in SPEC_FIELDS.items() if key != "file" and spec.get(key) != value]
    if differ:
        raise ValueError(f"the card maps' network was trained with {', '.join(f'{k} {spec.get(k)}' for k in differ)}; "
                         f"this service assumes {', '.join(str(SPEC_FIELDS[k]) for k in differ)}")


def load_maps(model_dir: Path, intra_threads: int = 1, inter_threads: int = 1) -> CardMaps | None:
    """The card maps' network in ``model_dir``, or None when it holds none (outlines then come from
    the hand-made cues alone)."""
    if not (model_dir / MAPS_FILE).exists():
        return None
    check_maps(json.loads((model_dir / MAPS_SPEC).read_text()))
    return CardMaps(cpu_session(model_dir / MAPS_FILE, intra_threads, inter_threads))
