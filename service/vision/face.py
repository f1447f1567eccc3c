"""The card's face, rectified: what the checks that look past the index (:mod:`.pips`,
:mod:`.court_art`) see.

A card's outline is warped to ``FACE_W`` x ``FACE_H`` px, its long side upright
(:func:`card_face`). Its four index corners (``INDEX_CORNER`` of the width and of the height) hold
the index; the rest holds the pips or the picture::

    >>> face = np.full((FACE_H, FACE_W, 3), 235, np.uint8)
    >>> dark_faced(face), dark_faced(np.full((FACE_H, FACE_W, 3), 25, np.uint8))
    (False, True)
    >>> int(index_corners().sum()) == 4 * 22 * 47
    True
"""

from __future__ import annotations

from functools import lru_cache

import cv2
import numpy as np

FACE_W, FACE_H = 100, 140   # the card rectified upright (its long side vertical)
INDEX_CORNER = (0.22, 0.34)  # a corner's index: this share of the width and of the height
DARK_PAPER = 100            # a face whose median brightest channel is under this is dark-faced
RIM = 8                     # pixels off the face's edge, where a loose outline shows the table
PAPER_NEAR = 40             # a pixel within this of the paper's colour (each channel) shows paper
PAPER_SHARE = 0.05          # a card's face shows at least this share of paper (a court card's picture
                            # leaves 0.11 or more on the tuning decks; a checked table 0.01-0.02)
PAPER_SATURATION = 110      # paper under a photo's cast stays under this (OpenCV HSV; 77 at most on the
                            # tuning decks); a table's coloured checks are over it (140, 204)
NUMBER_RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10")  # the ranks whose face holds pips, no picture


def card_face(image: np.ndarray, quad: np.ndarray) -> np.ndarray:
    """The card inside ``quad`` (4x2, clockwise) warped to ``FACE_W`` x ``FACE_H``, its long side
    upright; which end is up is left open (pips are printed both ways up).

    >>> image = np.zeros((300, 300, 3), np.uint8); image[50:150, 20:160] = 255     # a card lying down
    >>> _ = cv2.circle(image, (40, 100), 8, (0, 0, 255), -1)                      # a red mark at one end
    >>> face = card_face(image, np.float32([[20, 50], [160, 50], [160, 150], [20, 150]]))
    >>> face.shape, face[20, 50].tolist(), face[70, 50].tolist()                  # the mark now at an end
    ((140, 100, 3), [0, 0, 255], [255, 255, 255])
    """
    quad = np.asarray(quad, np.float32)
    across, down = np.linalg.norm(quad[1] - quad[0]), np.linalg.norm(quad[2] - quad[1])
    upright = np.float32([[0, 0], [FACE_W, 0], [FACE_W, FACE_H], [0, FACE_H]])
    target = upright if across <= down else np.roll(upright, -1, axis=0)
    warp = cv2.getPerspectiveTransform(quad, target)
    return cv2.warpPerspective(image, warp, (FACE_W, FACE_H), flags=cv2.INTER_AREA,
                               borderMode=cv2.BORDER_REPLICATE)


def dark_faced(face: np.ndarray) -> bool:
    """Whether the card's paper is dark (gold or white print on black): its median brightest
    channel is under ``DARK_PAPER``."""
    blue, green, red = cv2.split(face)
    return bool(np.median(cv2.max(cv2.max(blue, green), red)) < DARK_PAPER)  # (OpenCV's max: a tenth of numpy's time)


@lru_cache(maxsize=1)
def inside_rim() -> np.ndarray:
    """A ``FACE_H`` x ``FACE_W`` mask of the face less ``RIM`` px on each side."""
    inside = np.zeros((FACE_H, FACE_W), bool)
    inside[RIM:-RIM, RIM:-RIM] = True
    inside.flags.writeable = False
    return inside


def paper_colour(face: np.ndarray) -> np.ndarray:
    """The face's paper: each channel's 75th percentile inside the rim (the paper is most of a face
    and its lightest part, ink and pictures the rest)."""
    return np.percentile(face[inside_rim()], 75, axis=0)


def shows_paper(face: np.ndarray) -> bool:
    """Whether a rectified face shows a card's paper: a colour not strongly coloured (a photo's cast
    tints paper a little, ``PAPER_SATURATION``) under at least ``PAPER_SHARE`` of the face inside
    the rim. An outline guessed on a checked table may show what reads as an index and a picture,
    but no paper: its 75th percentiles mix two checks' colours that few of its pixels are near.

    >>> face = np.full((FACE_H, FACE_W, 3), 235, np.uint8)
    >>> face[35:106, 25:76] = (40, 200, 230)                                  # a yellow picture
    >>> shows_paper(face)
    True
    >>> checks = np.indices((FACE_H, FACE_W)).sum(axis=0) // 10 % 2 == 1        # purple and gold checks
    >>> table = np.where(checks[..., None], np.uint8([40, 170, 200]), np.uint8([160, 40, 90]))
    >>> shows_paper(table.astype(np.uint8)), round(float(paper_colour(table.astype(np.uint8))[1]))
    (False, 170)
    """
    paper = paper_colour(face)
    hsv = cv2.cvtColor(np.uint8([[paper]]), cv2.COLOR_BGR2HSV)[0, 0]
    near = np.abs(face[inside_rim()].astype(np.int16) - paper).max(axis=1) <= PAPER_NEAR
    return bool(hsv[1] < PAPER_SATURATION and near.mean() >= PAPER_SHARE)


@lru_cache(maxsize=1)
def index_corners() -> np.ndarray:
    """A ``FACE_H`` x ``FACE_W`` mask of the four index corners."""
    corners = np.zeros((FACE_H, FACE_W), bool)
    width, height = int(INDEX_CORNER[0] * FACE_W), int(INDEX_CORNER[1] * FACE_H)
    for rows in (slice(0, height), slice(FACE_H - height, FACE_H)):
        for cols in (slice(0, width), slice(FACE_W - width, FACE_W)):
            corners[rows, cols] = True
    corners.flags.writeable = False
    return corners
