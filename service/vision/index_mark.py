"""A court card's suit in a photo in greys, from the suit mark of its index.

In a photo in greys no ink is red, and the corner readers, taught mostly in colour, take some decks'
grey diamonds for clubs or spades. A two to a ten or an ace has pips for the pips' model to vote on
(:mod:`.pips`); a jack, queen or king has only the suit mark under the rank in its index corners.
So the card's face is cut at ``SCALE`` times the other checks' size (the mark is a few pixels
across at theirs), and in each of its four corners (turned so that it is the top left one) the
mark under the topmost one (the rank), in its column, is cut as the pips' model sees a pip
(:func:`.pips.mark_crop`): its vote settles the colour where it is clear and the reader saw that
card too (:func:`.pipeline.look_at_face`)::

    >>> face = np.full((FACE_H * SCALE, FACE_W * SCALE, 3), 235, np.uint8)
    >>> _ = cv2.putText(face, "Q", (10, 45), cv2.FONT_HERSHEY_SIMPLEX, 1.3, (20, 20, 20), 4)  # the rank
    >>> _ = cv2.circle(face, (25, 75), 12, (20, 20, 20), -1)                                     # the suit
    >>> suit_mark_crops(face).shape                                                              # one corner
    (1, 24, 24)
"""

from __future__ import annotations

import cv2
import numpy as np

from .face import FACE_H, FACE_W, INDEX_CORNER
from .pips import PIP_ASPECT, PIP_SIDE, mark_crop

SCALE = 3                # the face cut at three times the other checks' size (300 x 420 px)
INK_STEP = (40, 0.25)    # ink: darker than the corner's paper by this many grey levels, or this share of it
MIN_MARK = (4, 20)       # a mark's bounding box at least this wide and tall, and its area (pixels)
MAX_MARK = 0.6           # and at most this share of the corner's width and of its height
MARK_SURE = 0.8          # a suit of the other colour with at least this share of the marks' vote settles a
MARK_SEEN = 0.05         # grey court card's colour, when the reader gave that card at least this share: on
                         # a scratch draw of photos in greys, 13 right of 13 (lab notebook, run IM)


def index_marks(corner: np.ndarray) -> list[np.ndarray]:
    """The marks (bounding boxes x, y, w, h, area) of one grey index corner, turned to the top left:
    what is darker than its paper (the 90th percentile) by ``INK_STEP``, off the corner's edges, and
    no wider or taller than ``MAX_MARK`` of it (a box printed round the index is no mark)."""
    paper = float(np.percentile(corner, 90))
    ink = (corner < paper - max(INK_STEP[0], INK_STEP[1] * paper)).astype(np.uint8)
    _, _, stats, _ = cv2.connectedComponentsWithStats(ink)
    height, width = corner.shape
    return [box for box in stats[1:] if box[4] >= MIN_MARK[1] and min(box[2], box[3]) >= MIN_MARK[0]
            and box[0] > 2 and box[1] > 2 and box[2] <= MAX_MARK * width and box[3] <= MAX_MARK * height]


def suit_mark(marks: list[np.ndarray]) -> np.ndarray | None:
    """Of an index corner's ``marks`` (:func:`index_marks`), the suit's: the nearest under the
    topmost one (the rank), its centre within the rank's column (widened by the rank's width on
    each side), no longer than ``PIP_ASPECT`` times its width; None when there is none."""
    if len(marks) < 2:
        return None
    rank, *others = sorted(marks, key=lambda box: box[1])
    left, width = rank[0], rank[2]
    below = [box for box in others if box[1] >= rank[1] + rank[3] - 2
             and left - width <= box[0] + box[2] / 2 <= left + 2 * width]
    if not below:
        return None
    mark = min(below, key=lambda box: box[1])
    return mark if max(mark[2], mark[3]) <= PIP_ASPECT * min(mark[2], mark[3]) else None


def suit_mark_crops(face: np.ndarray) -> np.ndarray:
    """The suit marks of a face cut at ``SCALE`` times (``.face.card_face(image, quad, SCALE)``),
    one per index corner where one is found, as the pips' model sees pips: ``(N, 24, 24)``. A corner
    is turned to the top left by flipping the face; the mark of a corner flipped one way only is
    flipped back, so each mark is seen as printed."""
    grey = cv2.cvtColor(face, cv2.COLOR_BGR2GRAY)
    width, height = int(INDEX_CORNER[0] * grey.shape[1]), int(INDEX_CORNER[1] * grey.shape[0])
    crops = []
    for flip in (None, 1, -1, 0):   # top left, top right, bottom right, bottom left
        turned = grey if flip is None else cv2.flip(grey, flip)
        corner = np.ascontiguousarray(turned[:height, :width])
        mark = suit_mark(index_marks(corner))
        if mark is None:
            continue
        crop = mark_crop(corner, mark)
        crops.append(cv2.flip(crop, 1) if flip in (0, 1) else crop)
    return np.stack(crops) if crops else np.zeros((0, PIP_SIDE, PIP_SIDE), np.float32)
