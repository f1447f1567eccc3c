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


def corner_patches(image: np.ndarray, quad: np.ndarray, by_area: bool = True) -> np.ndarray:
    """The four corner-index patches of one card, ``(4, PATCH_H, PATCH_W, 3)`` uint8, cut from the
    photo shrunk by area first when the card is large in it (:func:`area_shrunk`). With
    ``by_area`` false, a large card's patches are sampled from the photo as they were before model
    4.27.0: the committed readers were taught so (``train --patch-cut``)."""
    quad = np.asarray(quad, np.float32)
    if by_area:
        image, quad = area_shrunk(image, quad)
    return np.stack([
        cv2.warpPerspective(image, corner_homography(quad, roll), (PATCH_W, PATCH_H),
                            flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
        for roll in range(4)])


AREA_SHRINK_FROM = 1.5
"""Photo pixels per patch pixel above which the card is shrunk by area before its patches are cut."""


def side_lengths(quad: np.ndarray) -> np.ndarray:
    """The lengths of the quadrilateral's four sides, side ``i`` running from corner ``i - 1`` to ``i``.

    >>> side_lengths(np.float32([[0, 0], [30, 0], [30, 40], [0, 40]])).tolist()
    [40.0, 30.0, 40.0, 30.0]
    """
    quad = np.asarray(quad)
    return np.linalg.norm(quad - np.roll(quad, 1, axis=0), axis=1)


def crop_box(quad: np.ndarray, margin: int, width: int, height: int) -> tuple[int, int, int, int]:
    """``x0, y0, x1, y1``: the quadrilateral's bounding box grown by ``margin`` pixels and clipped to
    an image of ``width`` x ``height`` (empty or reversed when the quad lies off it).

    >>> crop_box(np.float32([[10.5, 20], [50, 20], [50, 90.2], [10.5, 90.2]]), 4, 100, 80)
    (6, 16, 54, 80)
    """
    x0, y0 = np.maximum(np.floor(quad.min(axis=0)).astype(int) - margin, 0)
    x1, y1 = np.minimum(np.ceil(quad.max(axis=0)).astype(int) + margin, [width, height])
    return int(x0), int(y0), int(x1), int(y1)


def short_side(quad: np.ndarray) -> float:
    """The card's width when upright: the shorter mean of its two pairs of opposite sides.

    >>> short_side(np.float32([[0, 0], [400, 0], [400, 560], [0, 560]]))
    400.0
    """
    sides = side_lengths(np.asarray(quad, np.float32))
    return float(min(sides[0] + sides[2], sides[1] + sides[3]) / 2)


def patch_scale(quad: np.ndarray) -> float:
    """Photo pixels per patch pixel across the card's short side (its width when upright).

    >>> round(patch_scale(np.float32([[0, 0], [400, 0], [400, 560], [0, 560]])), 3)
    3.0
    """
    return float(np.float32(short_side(quad)) * CORNER_FX / PATCH_W)   # in float32, as the patches were cut


def area_shrunk(image: np.ndarray, quad: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The part of ``image`` around the card ``quad`` shrunk by area to the patches' scale, and the
    outline in it; the two unchanged when the card is small (:data:`AREA_SHRINK_FROM`).

    Why: ``warpPerspective`` samples bilinearly whatever flag it is given (``INTER_AREA`` is taken
    as ``INTER_LINEAR``), so a card three times the patch's scale would be read from one photo
    pixel in nine, its thin index strokes broken or lost; shrunk by area first, every pixel counts
    (below, the upright patches of a card printed in lines one pixel wide come out grey, as a
    camera sees them, where the bare warp sees stripes).

    >>> image = np.zeros((600, 600, 3), np.uint8); image[:, ::2] = 255  # lines one pixel wide
    >>> card = np.float32([[100, 20], [500, 20], [500, 580], [100, 580]])
    >>> small, quad = area_shrunk(image, card)
    >>> small.shape, [round(float(v), 2) for v in quad[0]]
    ((191, 137, 3), [1.66, 1.67])
    >>> sampled = cv2.warpPerspective(image, corner_homography(card, 0), (PATCH_W, PATCH_H), flags=cv2.INTER_AREA)
    >>> [int(sampled.min()), int(sampled.max())], [int(patch.min()) for patch in corner_patches(image, card)[::2]]
    ([0, 255], [115, 113])
    """
    scale = patch_scale(quad)
    if not (scale > AREA_SHRINK_FROM and np.isfinite(quad).all()):  # small, or no outline to crop by
        return image, quad
    h, w = image.shape[:2]
    x0, y0, x1, y1 = crop_box(quad, int(np.ceil(scale)) + 2, w, h)
    if x1 - x0 < 2 or y1 - y0 < 2:  # the card lies off the photo: nothing to shrink
        return image, quad
    size = (max(1, round((x1 - x0) / scale)), max(1, round((y1 - y0) / scale)))
    small = cv2.resize(image[y0:y1, x0:x1], size, interpolation=cv2.INTER_AREA)
    factor = np.float32([size[0] / (x1 - x0), size[1] / (y1 - y0)])
    return small, ((quad - [x0, y0] + 0.5) * factor - 0.5).astype(np.float32)


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
    sides = np.sort([side_lengths(q)[:2] for q in read], axis=1)
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
