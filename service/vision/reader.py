"""The corner-index reader: an ONNX model, one session per worker process, built on first use
(with the card maps' network of :mod:`.maps`, behind the card finder of :mod:`.finder` and the
index spotter of :mod:`.spotter`, and the pips' suit model of :mod:`.pips`, when the model
directory holds them).

The sessions are never created at import time nor before gunicorn forks (``preload_app`` is off):
:func:`get_reader` builds it lazily and keys it by process id, with thread counts from the config
(``VISION_INTRA_OP_THREADS``, ``VISION_INTER_OP_THREADS``).
"""

from __future__ import annotations

import json
import os
import threading
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from .finder import CardFinder
from .geometry import CORNER_FX, CORNER_FY, PATCH_H, PATCH_W
from .maps import MapsLook, load_maps
from .onnx_session import cpu_session
from .pips import PipReader, load_pips
from .spotter import IndexSpotter

MODEL_DIR = Path(__file__).resolve().parents[2] / "vision_models"
MODEL_FILE = "card_reader.onnx"
DEFAULT_MIN_CONFIDENCE = 0.8
"""For a label map that names no threshold of its own."""
LABELS_FILE = "labels.json"

_lock = threading.Lock()
_readers: dict[tuple, "CardReader"] = {}


@dataclass
class CardReader:
    session: object
    classes: list[str]
    name: str
    version: str
    min_confidence: float = DEFAULT_MIN_CONFIDENCE
    """Below this a card is uncertain: the threshold chosen for this model on the tuning sets
    (``labels.json``, see the model card)."""
    finder: CardFinder | None = None
    """The card finder shipped with this reader (:mod:`.finder`), used to find the outlines."""
    pips: PipReader | None = None
    """The pips' suit model shipped with this reader (:mod:`.pips`), a second opinion on the suit."""
    spotter: IndexSpotter | None = None
    """The index spotter shipped with this reader (:mod:`.spotter`): outlines from the index corners."""

    @property
    def none_index(self) -> int:
        return self.classes.index("NONE")

    @property
    def card_classes(self) -> list[str]:
        """The classes without ``NONE``, in the order of :func:`.pipeline.read_card`'s distributions."""
        return [c for c in self.classes if c != "NONE"]

    def first_look(self, image: np.ndarray) -> MapsLook | None:
        """The card maps of the whole photo, one look for the finder and the spotter (None when the
        reader has neither)."""
        user = self.finder or self.spotter   # both hold the same network
        return None if user is None else user.maps.look(image)

    def logits(self, patches: np.ndarray) -> np.ndarray:
        """Patches ``(N, H, W, 3)`` uint8 BGR -> the model's logits ``(N, classes)``."""
        if len(patches) == 0:
            return np.zeros((0, len(self.classes)), np.float32)
        inputs = np.ascontiguousarray(patches.transpose(0, 3, 1, 2), np.float32) / 255
        return self.session.run(None, {"patches": inputs})[0]

    def probabilities(self, patches: np.ndarray, temperature: float = 1.0) -> np.ndarray:
        """Patches ``(N, H, W, 3)`` uint8 BGR -> class probabilities ``(N, classes)``, the softmax
        of the logits divided by ``temperature`` (1 in the service; a distilling trainer softens
        its teachers' probabilities with more)."""
        logits = self.logits(patches) / temperature
        logits = logits - logits.max(axis=1, keepdims=True)
        exp = np.exp(logits)
        return exp / exp.sum(axis=1, keepdims=True)


def check_input(spec: dict) -> None:
    """Refuse a model trained on other patches than :mod:`.geometry` cuts (it would read garbage).

    >>> check_input({"height": PATCH_H, "width": PATCH_W, "corner_fraction": [CORNER_FX, CORNER_FY]})
    >>> check_input({"height": 64, "width": 40, "corner_fraction": [0.3, 0.33]})
    Traceback (most recent call last):
    ...
    ValueError: the model reads 64x40 patches of the corner's [0.3, 0.33]; this service cuts 76x40 of [0.3, 0.4]
    """
    wanted = (PATCH_H, PATCH_W, [CORNER_FX, CORNER_FY])
    given = (spec.get("height"), spec.get("width"), list(spec.get("corner_fraction", [])))
    if given != wanted:
        raise ValueError(f"the model reads {given[0]}x{given[1]} patches of the corner's {given[2]}; "
                         f"this service cuts {PATCH_H}x{PATCH_W} of {wanted[2]}")


def load_reader(model_dir: str | Path = MODEL_DIR, intra_threads: int = 1, inter_threads: int = 1,
                patches_only: bool = False) -> CardReader:
    """The reader in ``model_dir``, with the card finder and the index spotter (one network, the
    card maps') and the pips' suit model beside it when the directory holds them; with
    ``patches_only``, the reader alone (it then reads patches and nothing else, as
    :func:`vision_models.evaluate.averaged` needs it)."""
    model_dir = Path(model_dir)
    labels = json.loads((model_dir / LABELS_FILE).read_text())
    check_input(labels["input"])
    session = cpu_session(model_dir / MODEL_FILE, intra_threads, inter_threads)
    maps = None if patches_only else load_maps(model_dir, intra_threads, inter_threads)
    return CardReader(session, labels["classes"], labels["name"], labels["version"],
                      labels.get("min_confidence", DEFAULT_MIN_CONFIDENCE),
                      None if maps is None else CardFinder(maps),
                      None if patches_only else load_pips(model_dir, intra_threads, inter_threads),
                      None if maps is None else IndexSpotter(maps))


def get_reader(model_dir: str | Path | None = MODEL_DIR, intra_threads: int = 1, inter_threads: int = 1) -> CardReader:
    """This process's reader, created on the first call."""
    model_dir = Path(model_dir or MODEL_DIR)
    key = (os.getpid(), str(model_dir), intra_threads, inter_threads)
    with _lock:
        if key not in _readers:
            _readers[key] = load_reader(model_dir, intra_threads, inter_threads)
        return _readers[key]
