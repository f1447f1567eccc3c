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
"""The first float reader as the trainer writes it (:func:`float_readers`)."""
DEFAULT_MIN_CONFIDENCE = 0.8
"""For a label map that names no threshold of its own."""
LABELS_FILE = "labels.json"

_lock = threading.Lock()
_readers: dict[tuple, "CardReader"] = {}


def reader_input(patches: np.ndarray) -> np.ndarray:
    """Patches ``(N, H, W, 3)`` uint8 BGR -> the reader's input: float32 in 0..1, ``(N, 3, H, W)``."""
    return np.ascontiguousarray(patches.transpose(0, 3, 1, 2), np.float32) / 255


def softmax(logits: np.ndarray) -> np.ndarray:
    """Row-wise softmax (each row shifted by its maximum first, so no exponent overflows).

    >>> softmax(np.array([[0.0, np.log(3.0)], [1000.0, 1000.0]])).round(2).tolist()
    [[0.25, 0.75], [0.5, 0.5]]
    """
    exp = np.exp(logits - logits.max(axis=1, keepdims=True))
    return exp / exp.sum(axis=1, keepdims=True)


@dataclass
class CardReader:
    sessions: tuple
    """One onnxruntime session per model file the label map names (``models``); with more than one,
    their probabilities are averaged (an ensemble)."""
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

    def probabilities(self, patches: np.ndarray, temperature: float = 1.0) -> np.ndarray:
        """Patches ``(N, H, W, 3)`` uint8 BGR -> class probabilities ``(N, classes)``: each model's
        softmax of its logits divided by ``temperature`` (1 in the service; a distilling trainer
        softens its teachers' probabilities with more), averaged over the models."""
        if len(patches) == 0:
            return np.zeros((0, len(self.classes)), np.float32)
        inputs = {"patches": reader_input(patches)}
        return np.mean([softmax(session.run(None, inputs)[0] / temperature) for session in self.sessions], axis=0)


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


def float_readers(labels: dict) -> list[str]:
    """The float readers a label map's trainer wrote: the first and its ``more_readers``.

    >>> float_readers({"more_readers": [{"file": "card_reader_2.onnx", "seed": 2}]})
    ['card_reader.onnx', 'card_reader_2.onnx']
    """
    return [MODEL_FILE] + [reader["file"] for reader in labels.get("more_readers", [])]


def reader_files(model_dir: str | Path) -> list[str]:
    """The model files the reader in ``model_dir`` runs: those its label map names in ``models``
    (the quantized readers, :mod:`vision_models.quantize`), else the trainer's float readers."""
    labels = json.loads((Path(model_dir) / LABELS_FILE).read_text())
    return labels.get("models") or float_readers(labels)


def load_reader(model_dir: str | Path = MODEL_DIR, intra_threads: int = 1, inter_threads: int = 1,
                patches_only: bool = False) -> CardReader:
    """The reader in ``model_dir``, with the card finder and the index spotter (one network, the
    card maps') and the pips' suit model beside it when the directory holds them; with
    ``patches_only``, the reader alone (it then reads patches and nothing else, as
    :func:`vision_models.evaluate.averaged` needs it)."""
    model_dir = Path(model_dir)
    labels = json.loads((model_dir / LABELS_FILE).read_text())
    check_input(labels["input"])
    sessions = tuple(cpu_session(model_dir / name, intra_threads, inter_threads)
                     for name in reader_files(model_dir))
    maps = None if patches_only else load_maps(model_dir, intra_threads, inter_threads)
    return CardReader(sessions, labels["classes"], labels["name"], labels["version"],
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
