"""Outlines for the real training photos' cards that show one index corner: derived once and committed.

The real photos' labels box each index in view. :func:`.real.card_quads` estimates a card's outline
from its two boxes; a card with one box (cut by the photo's edge, or its other corner under
another card: about a quarter of the training split's cards) gives none that way, so the reader
was never taught these cards, which are most of the real photos' misses. :func:`derive` reads each
photo of the training split with the service's pipeline and, of all its readings (taken or
dropped), takes for each such card the outline that has a corner over the card's one box, read as
an index corner (the short edge across its top), about one card's size (the photo's cards with two
boxes), whose corner the reader sees as an index (a sideways or upside-down roll it sees as none)
giving the labelled code the largest share. Only the outline comes from the pipeline; the code is
the label's. The outlines start at that index corner, as :func:`.real.card_quads`'s
start at one index, and are committed (``real_cut_outlines.json``) so that training needs neither
the pipeline's models nor their version to rebuild a reader::

    python -m vision_models.cut_outlines --real ../shared/data/real-photos

(derived 2026-12-06 with model 4.26.0; a later model would find other outlines).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import cv2
import numpy as np

from service.vision.geometry import (CORNER_FX, CORNER_FY, PATCH_H, PATCH_W, corner_homography, corner_patches,
                                     order_quad, quad_area)

HERE = Path(__file__).resolve().parent
OUTLINES_FILE = HERE / "real_cut_outlines.json"
INDEX_PLACE = (0.22, 0.28)   # a card's index box centre lies within this share of its width and height of a corner
AREA_RANGE = (0.6, 1.6)      # an outline's area against the photo's cards read from two boxes


def one_box_cards(label: dict) -> list[tuple[str, tuple[float, float]]]:
    """The labelled cards with exactly one index box, as (code, box centre normalized); a Joker's
    box by its code here (``JOKER``).

    >>> one_box_cards({"index_boxes": [{"label": "5C", "cx": 0.1, "cy": 0.2}, {"label": "5C", "cx": 0.8, "cy": 0.7},
    ...                                {"label": "2D", "cx": 0.5, "cy": 0.5}]})
    [('2D', (0.5, 0.5))]
    """
    from .evaluate import JOKER_LABELS

    boxes: dict[str, list] = {}
    for box in label["index_boxes"]:
        boxes.setdefault(JOKER_LABELS.get(box["label"], box["label"]), []).append((box["cx"], box["cy"]))
    return [(code, centres[0]) for code, centres in boxes.items() if len(centres) == 1]


def index_corner(quad: np.ndarray, point: tuple[float, float]) -> np.ndarray | None:
    """``quad`` rolled to start at the corner whose index place holds ``point``, read upright (its
    short edge across the top), or None when no corner's does.

    >>> card = np.float32([[0, 0], [100, 0], [100, 140], [0, 140]])
    >>> index_corner(card, (9, 15)).tolist()[0], index_corner(card, (91, 125)).tolist()[0], index_corner(card, (50, 70))
    ([0.0, 0.0], [100.0, 140.0], None)
    """
    quad = order_quad(quad)
    for roll in range(4):
        rolled = np.roll(quad, -roll, axis=0)
        if np.linalg.norm(rolled[1] - rolled[0]) >= np.linalg.norm(rolled[2] - rolled[1]):
            continue   # the long edge across: this corner read sideways
        x, y = cv2.perspectiveTransform(np.float32([[point]]), corner_homography(quad, roll))[0, 0]
        u, v = x * CORNER_FX / PATCH_W, y * CORNER_FY / PATCH_H   # from the corner's patch to shares of the card
        if 0 <= u <= min(INDEX_PLACE[0], CORNER_FX) and 0 <= v <= min(INDEX_PLACE[1], CORNER_FY):
            return rolled
    return None


def best_outline(quads: list[np.ndarray], point: tuple[float, float], usual_area: float | None,
                 label_share) -> np.ndarray | None:
    """Of the outlines ``quads``, the one with an index corner over ``point`` (:func:`index_corner`),
    one card's size against ``usual_area`` (if known), whose index corner ``label_share`` (a rolled
    outline -> the reader's share of the label there, or None where it sees no index) gives the
    largest share; rolled to start at that corner.

    >>> card = np.float32([[0, 0], [100, 0], [100, 140], [0, 140]])
    >>> share = lambda rolled: 0.9 if rolled[2][0] == 100 else 0.4     # the reader's share of the label there
    >>> best_outline([card + 300, card * 1.1, card], (9, 15), 14000.0, share).tolist()   # no corner of the first there
    [[0.0, 0.0], [100.0, 0.0], [100.0, 140.0], [0.0, 140.0]]
    >>> best_outline([card], (9, 15), 14000.0, lambda rolled: None) is None              # no index seen there
    True
    """
    best, best_share = None, -1.0
    for quad in quads:
        rolled = index_corner(quad, point)
        if rolled is None or usual_area and not AREA_RANGE[0] <= quad_area(rolled) / usual_area <= AREA_RANGE[1]:
            continue
        share = label_share(rolled)
        if share is not None and share > best_share:
            best, best_share = rolled, share
    return best


def derive(directory: Path, names: list[str]) -> dict:
    """``{photo: [{"code", "quad"}]}`` for the named photos' one-box cards that an outline was found for."""
    import service.vision.pipeline as pipeline
    from service.vision.pipeline import INDEX_SURE
    from service.vision.reader import get_reader

    from .evaluate import _photo
    from .real import card_quads

    reader = get_reader()
    labels = json.loads((directory / "labels.json").read_text())
    seen: dict = {}
    take_cards = pipeline.take_cards

    def keep_readings(readings, *args, **kwargs):   # every reading, before the pipeline drops any
        seen["readings"] = list(readings)
        return take_cards(readings, *args, **kwargs)

    pipeline.take_cards = keep_readings
    try:
        found = {}
        for name in sorted(names):
            label = labels[name]
            cards = [(code, centre) for code, centre in one_box_cards(label) if code in reader.card_classes]
            if label["kind"] != "phone" or not cards:
                continue
            image = cv2.imread(str(directory / "images" / name), cv2.IMREAD_COLOR)
            height, width = image.shape[:2]
            pipeline.recognize(_photo(image), reader)
            whole = [quad_area(quad) for _, quad in card_quads(label, width, height)]
            usual = float(np.median(whole)) if whole else None
            outlines = []
            for code, (cx, cy) in cards:
                wanted = reader.classes.index(code)

                def label_share(rolled, image=image, wanted=wanted):
                    corner = reader.probabilities(corner_patches(image, rolled)[:1])[0]
                    return None if corner[reader.none_index] >= INDEX_SURE else float(corner[wanted])

                quad = best_outline([reading.quad for reading in seen["readings"]], (cx * width, cy * height),
                                    usual, label_share)
                if quad is not None:
                    outlines.append({"code": code, "quad": np.round(quad.astype(float), 1).tolist()})
            if outlines:
                found[name] = outlines
        return found
    finally:
        pipeline.take_cards = take_cards


def load_outlines(path: Path = OUTLINES_FILE) -> dict:
    """The committed outlines: ``{photo: [(code, quad)]}``."""
    data = json.loads(path.read_text())["outlines"]
    return {name: [(card["code"], np.float32(card["quad"])) for card in cards] for name, cards in data.items()}


def main(argv: list[str] | None = None) -> None:
    from service.vision.reader import get_reader

    from .real import load_split

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--real", required=True, help="the real photos (images/, labels.json)")
    parser.add_argument("--out", default=str(OUTLINES_FILE))
    args = parser.parse_args(argv)
    directory = Path(args.real)
    names = load_split(directory)["train"]
    outlines = derive(directory, names)
    count = sum(len(cards) for cards in outlines.values())
    lines = [f"  {json.dumps(name)}: {json.dumps(cards)}" for name, cards in outlines.items()]
    head = json.dumps({"model": get_reader().version, "photos": len(outlines), "cards": count})[:-1]
    Path(args.out).write_text(head + ', "outlines": {\n' + ",\n".join(lines) + "\n}}\n")
    print(f"{count} cards in {len(outlines)} photos -> {args.out}")


if __name__ == "__main__":
    main()
