"""Find where cards may lie: candidate outlines (quadrilaterals) from several cues.

Cards are found as regions that are bright and unsaturated (card stock), or dark on a light table
(dark-faced decks), or enclosed by edges. Each region that looks like one rectangle gives a quad;
a region that is several touching cards is split by eroding it until the pieces are rectangles.
The reader later rejects candidates whose corners hold no index, so this step favours recall::

    >>> image = np.zeros((200, 200, 3), np.uint8)
    >>> _ = cv2.rectangle(image, (50, 40), (110, 125), (255, 255, 255), -1)
    >>> quad = candidate_quads(image)[0]
    >>> bool(np.abs(quad - [[50, 40], [110, 40], [110, 125], [50, 125]]).max() <= 2)
    True
"""

from __future__ import annotations

import cv2
import numpy as np

from .geometry import order_quad, quad_iou

MIN_AREA = 0.004      # of the photo
MAX_AREA = 0.9
MIN_FILL = 0.82       # region area / its rotated bounding box, for one whole card
MIN_SOLIDITY = 0.75   # region area / its convex hull's
MAX_ASPECT = 2.4      # long side / short side, generous for stretched photos


def cue_masks(image: np.ndarray) -> list[tuple[np.ndarray, int]]:
    """Binary masks whose white regions may be cards, each with the contour retrieval mode to use."""
    size = max(image.shape[:2])
    hsv = cv2.cvtColor(image, cv2.COLOR_BGR2HSV)
    whiteness = cv2.GaussianBlur(cv2.subtract(hsv[..., 2], hsv[..., 1] // 2), (5, 5), 0)
    _, bright = cv2.threshold(whiteness, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    close = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (_odd(size // 60),) * 2)
    bright = cv2.morphologyEx(cv2.morphologyEx(bright, cv2.MORPH_CLOSE, close), cv2.MORPH_OPEN,
                              np.ones((5, 5), np.uint8))
    gray = cv2.GaussianBlur(cv2.cvtColor(image, cv2.COLOR_BGR2GRAY), (5, 5), 0)
    edges = cv2.dilate(cv2.Canny(gray, 30, 90), np.ones((3, 3), np.uint8))
    faint = cv2.dilate(cv2.Canny(gray, 12, 36), np.ones((3, 3), np.uint8))  # low-contrast card edges
    contours, _ = cv2.findContours(edges, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    enclosed = np.zeros_like(gray)
    cv2.drawContours(enclosed, contours, -1, 255, -1)
    enclosed = cv2.erode(enclosed, np.ones((3, 3), np.uint8))
    local = cv2.adaptiveThreshold(gray, 255, cv2.ADAPTIVE_THRESH_MEAN_C, cv2.THRESH_BINARY,
                                  _odd(size // 4), -5)
    local = cv2.morphologyEx(cv2.morphologyEx(local, cv2.MORPH_CLOSE, close), cv2.MORPH_OPEN,
                             np.ones((5, 5), np.uint8))
    _, pale = cv2.threshold(cv2.GaussianBlur(hsv[..., 1], (5, 5), 0), 0, 255,
                            cv2.THRESH_BINARY_INV + cv2.THRESH_OTSU)  # card stock is unsaturated
    pale = cv2.morphologyEx(cv2.morphologyEx(pale, cv2.MORPH_CLOSE, close), cv2.MORPH_OPEN,
                            np.ones((5, 5), np.uint8))
    # white cards on a light table: faint edges, after a median filter against the sensor's speckle,
    # their gaps bridged by a wider dilation
    smooth = cv2.GaussianBlur(cv2.medianBlur(cv2.cvtColor(image, cv2.COLOR_BGR2GRAY), 5), (5, 5), 0)
    weak = cv2.dilate(cv2.Canny(smooth, 8, 24), cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (5, 5)))
    return [(bright, cv2.RETR_EXTERNAL), (enclosed, cv2.RETR_EXTERNAL), (255 - edges, cv2.RETR_LIST),
            (255 - faint, cv2.RETR_LIST), (255 - weak, cv2.RETR_LIST), (local, cv2.RETR_EXTERNAL),
            (pale, cv2.RETR_EXTERNAL), (255 - bright, cv2.RETR_EXTERNAL)]


def _odd(n: int) -> int:
    return max(3, n | 1)


def quad_of(contour: np.ndarray) -> np.ndarray:
    """Four corners of a card-shaped contour: its hull simplified to four points when that fits,
    else its rotated bounding box."""
    hull = cv2.convexHull(contour)
    perimeter = cv2.arcLength(hull, True)
    for epsilon in (0.02, 0.03, 0.045, 0.06):
        approx = cv2.approxPolyDP(hull, epsilon * perimeter, True)
        if len(approx) == 4:
            if cv2.contourArea(approx) > 0.9 * cv2.contourArea(hull):
                return order_quad(approx.reshape(4, 2))
            break
        if len(approx) < 4:
            break
    return order_quad(cv2.boxPoints(cv2.minAreaRect(contour)))


def _card_shaped(contour: np.ndarray, min_area: float) -> bool:
    """Convex enough (a card with at most a corner covered) and rectangular, of card proportions."""
    hull = cv2.convexHull(contour)
    (_, _), (a, b), _ = cv2.minAreaRect(hull)
    if min(a, b) < 8 or a * b < min_area:
        return False
    if max(a, b) / min(a, b) > MAX_ASPECT:
        return False
    hull_area = cv2.contourArea(hull)
    return hull_area / (a * b) >= MIN_FILL and cv2.contourArea(contour) >= MIN_SOLIDITY * hull_area


def _split(contour: np.ndarray, min_area: float) -> list[np.ndarray]:
    """Touching cards: erode the region (a distance transform) until its pieces are card-shaped,
    then grow each piece's rectangle back by the erosion."""
    x, y, w, h = cv2.boundingRect(contour)
    mask = np.zeros((h + 2, w + 2), np.uint8)
    cv2.drawContours(mask, [contour - [x - 1, y - 1]], -1, 255, -1)
    distance = cv2.distanceTransform(mask, cv2.DIST_L2, 3)
    size = min(cv2.minAreaRect(contour)[1])
    found = []
    for share in (0.04, 0.08, 0.13, 0.19):
        radius = size * share
        pieces, _ = cv2.findContours((distance > radius).astype(np.uint8), cv2.RETR_EXTERNAL,
                                     cv2.CHAIN_APPROX_SIMPLE)
        for piece in pieces:
            if cv2.contourArea(piece) < min_area * 0.2 or not _card_shaped(piece, min_area * 0.2):
                continue
            (cx, cy), (a, b), angle = cv2.minAreaRect(piece)
            box = cv2.boxPoints(((cx + x - 1, cy + y - 1), (a + 2 * radius, b + 2 * radius), angle))
            if (a + 2 * radius) * (b + 2 * radius) >= min_area:
                found.append(box.reshape(-1, 1, 2).astype(np.float32))
    return found


LOCATE_SIDE = 640     # outlines are searched on a copy at most this large


def candidate_quads(image: np.ndarray, max_candidates: int = 60) -> list[np.ndarray]:
    """Possible card outlines in ``image`` (float32 4x2, clockwise), duplicates merged."""
    factor = min(1.0, LOCATE_SIDE / max(image.shape[:2]))
    if factor < 1.0:
        image = cv2.resize(image, None, fx=factor, fy=factor, interpolation=cv2.INTER_AREA)
    h, w = image.shape[:2]
    min_area, max_area = MIN_AREA * h * w, MAX_AREA * h * w
    quads: list[np.ndarray] = []
    for mask, mode in cue_masks(image):
        contours, _ = cv2.findContours(mask, mode, cv2.CHAIN_APPROX_SIMPLE)
        for contour in contours:
            area = cv2.contourArea(contour)
            if not min_area <= area <= max_area * 1.5:
                continue
            if _card_shaped(contour, min_area):
                shapes = [contour]
            elif area <= max_area:
                shapes = _split(contour, min_area)
            else:
                continue
            for shape in shapes:
                quad = quad_of(shape)
                if mode == cv2.RETR_LIST:  # the inside of an edge loop: grow by the edge's width
                    centre = quad.mean(axis=0)
                    side = np.linalg.norm(quad - np.roll(quad, 1, axis=0), axis=1).mean()
                    quad = (centre + (quad - centre) * (1 + 6 / side)).astype(np.float32)
                if cv2.contourArea(quad) <= max_area and not any(quad_iou(quad, q) > 0.85 for q in quads):
                    quads.append(quad)
                if len(quads) >= max_candidates:
                    return [q / factor for q in quads]
    return [q / factor for q in quads]
