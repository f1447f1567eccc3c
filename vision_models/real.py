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


def real_patches(directory: str | Path, names: list[str], seed: int, jitters: int = 4,
                 one_corner: dict | None = None, by_area: bool = False):
    """Patches (N, H, W, 3) uint8 and labels from the named photos: both index corners (the card),
    the two sideways readings (NONE), each from ``jitters`` slightly wrong outlines; with
    ``one_corner`` (:func:`.cut_outlines.load_outlines`, ``{photo: [(code, outline)]}``), also the
    one index corner of each card listed there (a card cut by the photo's edge or half covered,
    whose other corner may not be in the photo), from twice as many outlines. A card large in the
    photo (most of them: the photos are 640 px) has its patches sampled from it, as the committed
    readers were taught, unless ``by_area`` asks for the pipeline's cut since model 4.27.0
    (:func:`service.vision.geometry.corner_patches`)."""
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
                patches = corner_patches(image, jitter_quad(rng, quad), by_area)
                xs += [patches[0], patches[2], patches[int(rng.choice([1, 3]))]]
                ys += [CLASSES.index(code), CLASSES.index(code), NONE]
        for code, quad in (one_corner or {}).get(name, ()):
            for _ in range(2 * jitters):   # as many index patches as a card with two boxes gives
                xs.append(corner_patches(image, jitter_quad(rng, quad), by_area)[0])
                ys.append(CLASSES.index(code))
    if not xs:
        return np.zeros((0, 64, 40, 3), np.uint8), np.zeros(0, np.int64)
    return np.stack(xs), np.array(ys, np.int64)


QUAD_MARGIN = 0.06   # an estimated outline's edge is trusted to this share of the card's height


def finder_labels(label: dict, width: int, height: int) -> tuple[np.ndarray, np.ndarray] | None:
    """A real photo's map of which card is where (:func:`card_quads`; -1 = table) and the pixels
    whose label is trusted: not within ``QUAD_MARGIN`` of an estimated edge, and not near a card
    with only one index box seen (its extent is unknown: five index boxes around it are left out).
    None when no card has an outline.

    >>> label = {"index_boxes": [{"label": "7H", "cx": 0.225, "cy": 0.366, "w": 0.14, "h": 0.13},
    ...                          {"label": "7H", "cx": 0.844, "cy": 0.756, "w": 0.12, "h": 0.14}]}
    >>> ids, known = finder_labels(label, 640, 640)
    >>> int(ids[340, 340]), int(ids[5, 630]), bool(known[340, 340]), round(float(known.mean()), 2)
    (0, -1, True, 0.77)
    """
    quads = card_quads(label, width, height)
    if not quads:
        return None
    ids = np.full((height, width), -1, np.int16)
    known = np.ones((height, width), np.uint8)
    for number, (_, quad) in enumerate(quads):
        corners = np.round(quad).astype(np.int32)
        cv2.fillConvexPoly(ids, corners, number)
        margin = int(round(QUAD_MARGIN * np.linalg.norm(quad[0] - quad[3]))) or 1
        cv2.polylines(known, [corners], True, 0, 2 * margin + 1)
    outlined = {code for code, _ in quads}
    for box in label["index_boxes"]:
        if box["label"] not in outlined:
            centre = (int(box["cx"] * width), int(box["cy"] * height))
            radius = int(5 * max(box["w"] * width, box["h"] * height))
            cv2.circle(known, centre, radius, 0, -1)
    return ids, known.astype(bool)


def finder_halves(names: list[str]) -> dict:
    """The training split's photos in two halves by capture block (alternate blocks): the card finder
    trains on ``fit`` and is tuned on ``check``, which it never saw (the reader saw both).

    >>> finder_halves(["IMG_20220921_193915.jpg", "IMG_20220921_194502.jpg", "IMG_7702.jpg"])
    {'fit': ['IMG_20220921_194502.jpg', 'IMG_7702.jpg'], 'check': ['IMG_20220921_193915.jpg']}
    """
    blocks = sorted({_block(name) for name in names})
    fit_blocks = {block for number, block in enumerate(blocks) if number % 2 == 0}
    return {"fit": [n for n in names if _block(n) in fit_blocks],
            "check": [n for n in names if _block(n) not in fit_blocks]}


REAL_HALVES = ("fit", "check", "all")
"""The parts of the real training split a trainer's ``--real-half`` may take (:func:`training_photos`)."""


def training_photos(split_names: dict, half: str) -> list[str]:
    """The real training split's photos a trainer adds: ``half`` of it by capture block
    (:func:`finder_halves`: ``fit``, or ``check``, the half that tunes the card maps,
    ``evaluate --real-set finder_check``), or ``all`` of it.

    >>> split_names = {"train": ["IMG_20220921_193915.jpg", "IMG_20220921_194502.jpg", "IMG_7702.jpg"]}
    >>> training_photos(split_names, "fit"), len(training_photos(split_names, "all"))
    (['IMG_20220921_194502.jpg', 'IMG_7702.jpg'], 3)
    """
    names = split_names["train"]
    return names if half == "all" else finder_halves(names)[half]


def _outlined_photos(directory: str | Path, names: list[str]):
    """(image, label, (ids, known)) for each named photo with at least one outlined card
    (:func:`finder_labels`)."""
    directory = Path(directory)
    labels = json.loads((directory / "labels.json").read_text())
    for name in names:
        image = cv2.imread(str(directory / "images" / name), cv2.IMREAD_COLOR)
        found = None if image is None else finder_labels(labels[name], image.shape[1], image.shape[0])
        if found is not None:
            yield image, labels[name], found


def load_split(directory: str | Path) -> dict:
    """The committed split, or a fresh one (written) when none is committed yet."""
    if SPLIT_FILE.exists():
        return json.loads(SPLIT_FILE.read_text())
    result = split(json.loads((Path(directory) / "labels.json").read_text()))
    SPLIT_FILE.write_text(json.dumps(result, indent=1) + "\n")
    return result


def real_spotter_examples(directory: str | Path, names: list[str]):
    """The index spotter's examples (:func:`vision_models.spotter_data.spotter_targets`) from the
    named photos with at least one outlined card (:func:`card_quads`, which start at an index, so
    they are in face order), stacked; the cards with one index box seen are left out of the loss
    (:func:`finder_labels`' untrusted discs)."""
    from .finder_data import stacked
    from .spotter_data import spotter_targets

    examples = []
    for image, label, (ids, known) in _outlined_photos(directory, names):
        quads = [quad for _, quad in card_quads(label, image.shape[1], image.shape[0])]
        examples.append(spotter_targets(image, ids, quads, known))
    return stacked(examples)
