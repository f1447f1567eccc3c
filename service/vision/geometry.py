"""Card geometry: order a quadrilateral, and cut the corner-index patches out of a photo.

A card is read from its corner index (rank over suit), the one thing every design shares. For a
quadrilateral ``p0..p3`` (clockwise in image coordinates) there are four ways to call one corner the
top-left; :func:`corner_patches` cuts the index region for each::

    >>> quad = order_quad(np.array([[10, 10], [110, 10], [110, 150], [10, 150]], np.float32))
    >>> corner_patches(np.zeros((200, 200, 3), np.uint8), quad).shape
    (4, 76, 40, 3)

Patches 0 and 2 read the card as portrait with the first edge across (top-left and bottom-right
index), patches 1 and 3 as portrait with the other edge across. The training generator cuts its
examples with this same function, so the model sees exactly what the service feeds it.
"""

from __future__ import annotations

import cv2
import numpy as np

PATCH_W, PATCH_H = 40, 76
"""Size of one corner-index patch (pixels), the classifier's input."""

CORNER_FX, CORNER_FY = 0.30, 0.40
"""The corner region as a fraction of the card's width and height."""

MAX_SHARED = 0.3
"""Two outlines overlapping more than this (:func:`overlap_of`) are taken for the same card."""

SMALLEST_SHARE = 0.35
"""A card's area against the median area of the cards read surely: one photo holds one deck at
about one distance, so no card is much smaller than the others (:func:`smallest_card_area`)."""


def order_quad(points: np.ndarray) -> np.ndarray:
    """Four points -> float32 ``(4, 2)`` clockwise (y down), starting at the top-most-left one.

    >>> order_quad(np.array([[0, 10], [10, 10], [10, 0], [0, 0]])).tolist()
    [[0.0, 0.0], [10.0, 0.0], [10.0, 10.0], [0.0, 10.0]]
    """
    pts = np.asarray(points, np.float32).reshape(4, 2)
    centre = pts.mean(axis=0)
    angles = np.arctan2(pts[:, 1] - centre[1], pts[:, 0] - centre[0])
    pts = pts[np.argsort(angles)]  # increasing angle = clockwise when y points down
    start = int(np.argmin(pts[:, 0] + pts[:, 1]))
    return np.roll(pts, -start, axis=0)


def corner_homography(quad: np.ndarray, roll: int) -> np.ndarray:
    """Homography from the photo to the patch of the corner ``quad[roll]`` read as top-left."""
    src = np.roll(np.asarray(quad, np.float32), -roll, axis=0)
    unit = np.array([[0, 0], [1, 0], [1, 1], [0, 1]], np.float32)
    to_unit = cv2.getPerspectiveTransform(src, unit)
    scale = np.diag([PATCH_W / CORNER_FX, PATCH_H / CORNER_FY, 1.0])
    return scale @ to_unit


def corner_patches(image: np.ndarray, quad: np.ndarray) -> np.ndarray:
    """The four corner-index patches of one card, ``(4, PATCH_H, PATCH_W, 3)`` uint8."""
    return np.stack([
        cv2.warpPerspective(image, corner_homography(quad, roll), (PATCH_W, PATCH_H),
                            flags=cv2.INTER_AREA if _shrinks(quad) else cv2.INTER_LINEAR,
                            borderMode=cv2.BORDER_REPLICATE)
        for roll in range(4)])


def _shrinks(quad: np.ndarray) -> bool:
    """True when the card is large in the photo (patches are cut by shrinking)."""
    side = float(np.linalg.norm(quad[1] - quad[0]))
    return side * CORNER_FX > PATCH_W * 1.5


def quad_area(quad: np.ndarray) -> float:
    return float(abs(cv2.contourArea(np.asarray(quad, np.float32))))


def card_size(read: list[np.ndarray]) -> tuple[float, float] | None:
    """The median short and long side of the outlines ``read`` (None when there are none): the size
    of another card of the same deck in the same photo.

    >>> card = np.array([[0, 0], [100, 0], [100, 140], [0, 140]], np.float32)
    >>> card_size([card, card * 1.1, card * 0.9]), card_size([])
    ((100.0, 140.0), None)
    """
    if not read:
        return None
    sides = np.sort([np.linalg.norm(np.asarray(q) - np.roll(q, 1, axis=0), axis=1)[:2] for q in read], axis=1)
    short, long = np.median(sides, axis=0)
    return float(short), float(long)


def median_card_area(read: list[np.ndarray]) -> float:
    """The median area of the outlines of the cards ``read`` (0 when there are none): one photo shows
    one deck at about one distance, so it is the photo's usual card size.

    >>> card = np.array([[0, 0], [100, 0], [100, 140], [0, 140]], np.float32)
    >>> median_card_area([card, card * 2, card * 3]), median_card_area([])
    (56000.0, 0.0)
    """
    return float(np.median([quad_area(quad) for quad in read])) if read else 0.0


def smallest_card_area(read: list[np.ndarray]) -> float:
    """The least area another card of the photo may have, given the outlines of the cards ``read``
    surely (0 when there are none): ``SMALLEST_SHARE`` of their median area.

    >>> card = np.array([[0, 0], [100, 0], [100, 140], [0, 140]], np.float32)
    >>> smallest_card_area([card, card * 1.1, card * 0.9]), smallest_card_area([])
    (4900.0, 0.0)
    """
    return SMALLEST_SHARE * median_card_area(read)


def quad_iou(a: np.ndarray, b: np.ndarray) -> float:
    """Intersection over union of two convex quadrilaterals."""
    inter, _ = cv2.intersectConvexConvex(np.asarray(a, np.float32), np.asarray(b, np.float32))
    union = quad_area(a) + quad_area(b) - inter
    return float(inter / union) if union > 0 else 0.0


def overlap_of(a: np.ndarray, b: np.ndarray) -> float:
    """Share of the smaller quadrilateral covered by the other."""
    inter, _ = cv2.intersectConvexConvex(np.asarray(a, np.float32), np.asarray(b, np.float32))
    smaller = min(quad_area(a), quad_area(b))
    return float(inter / smaller) if smaller > 0 else 0.0


def lies_on_any(quad: np.ndarray, cards: list[np.ndarray]) -> bool:
    """Whether ``quad`` overlaps one of ``cards`` more than ``MAX_SHARED``: it is taken for that card.

    >>> card = np.array([[0, 0], [100, 0], [100, 140], [0, 140]], np.float32)
    >>> lies_on_any(card + 20, [card]), lies_on_any(card + 90, [card])
    (True, False)
    """
    return any(overlap_of(quad, card) > MAX_SHARED for card in cards)
