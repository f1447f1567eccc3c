"""Find where cards may lie: candidate outlines (quadrilaterals) from several cues.

Cards are found as regions that are bright and unsaturated (card stock), or dark on a light table
(dark-faced decks), or enclosed by edges. Each region that looks like one rectangle gives a quad;
a region that is several touching cards is split by eroding it until the pieces are rectangles,
and one that is a card seen obliquely (a trapezoid from a low camera) gives its own outline, to be
read as a guess (:func:`oblique_card`).
With the card finder (:mod:`.finder`), its pieces (card faces off the seams between cards) are one
more mask, taken last. The reader later rejects candidates whose corners hold no index, so this
step favours recall::

    >>> image = np.zeros((200, 200, 3), np.uint8)
    >>> _ = cv2.rectangle(image, (50, 40), (110, 125), (255, 255, 255), -1)
    >>> quad = candidate_quads(image)[0]
    >>> bool(np.abs(quad - [[50, 40], [110, 40], [110, 125], [50, 125]]).max() <= 2)
    True
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

import cv2
import numpy as np

from .finder import CardFinder, card_pieces
from .geometry import card_size, lies_on_any, order_quad, quad_iou, side_lengths, smallest_card_area
from .ink import print_outlines
from .maps import MapsLook

MIN_AREA = 0.004      # of the photo
SAME_OUTLINE = 0.75   # IoU above which two candidate outlines are one (the first found is kept)
SAME_GUESS = 0.85     # the same, for a guessed outline against those already kept
MAX_AREA = 0.9
MIN_FILL = 0.82       # region area / its rotated bounding box, for one whole card
MIN_SOLIDITY = 0.75   # region area / its convex hull's
MAX_ASPECT = 2.4      # long side / short side, generous for stretched photos
OBLIQUE_ASPECT = 4.5  # the same for a card seen obliquely: a low camera foreshortens it, a stretched photo more
OBLIQUE_FILL = 0.9    # a region's convex hull / its four-cornered outline's area, both ways, for such a card
OBLIQUE_TAPER = 0.5   # a side / the side opposite it, at least: perspective shrinks the far side, not to a point


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


def oblique_card(contour: np.ndarray, min_area: float) -> np.ndarray | None:
    """The four-cornered outline of a region that :func:`_card_shaped` turns down but that is one
    card seen obliquely, or None. A card on the table photographed from low down is a trapezoid
    whose far side is shorter, often longer than a card's proportions across the line of sight (the
    more so in a photo stretched to a square), and it fills its rotated bounding rectangle far less
    than a card seen from above; it still fills its own four corners' outline (:func:`quad_of`) as
    a card does::

        >>> tilted = np.int32([[40, 100], [360, 100], [320, 170], [80, 170]]).reshape(-1, 1, 2)
        >>> _card_shaped(tilted, 2000), oblique_card(tilted, 2000).round().tolist()
        (False, [[40.0, 100.0], [360.0, 100.0], [320.0, 170.0], [80.0, 170.0]])
        >>> oblique_card(np.int32([[40, 100], [360, 100], [200, 170]]).reshape(-1, 1, 2), 2000) is None  # a triangle
        True
    """
    hull = cv2.convexHull(contour)
    quad = quad_of(contour)
    area, hull_area = cv2.contourArea(quad), cv2.contourArea(hull)
    sides = side_lengths(quad)
    if area < min_area or sides.min() < 8 or cv2.contourArea(contour) < MIN_SOLIDITY * hull_area:
        return None
    across, along = (sides[0] + sides[2]) / 2, (sides[1] + sides[3]) / 2
    shaped = (max(across, along) / min(across, along) <= OBLIQUE_ASPECT
              and min(hull_area / area, area / hull_area) >= OBLIQUE_FILL
              and min(sides[0], sides[2]) >= OBLIQUE_TAPER * max(sides[0], sides[2])
              and min(sides[1], sides[3]) >= OBLIQUE_TAPER * max(sides[1], sides[3]))
    return quad if shaped else None


def _maybe_several(contour: np.ndarray) -> bool:
    """A card-shaped region that may still be more than one card (a tight fan, a row): notched
    (filling less of its rotated rectangle than a card does) or not of a card's proportions."""
    (_, _), (a, b), _ = cv2.minAreaRect(contour)
    fill = cv2.contourArea(contour) / max(a * b, 1.0)
    return fill < 0.9 or not 1.2 <= max(a, b) / max(min(a, b), 1.0) <= 1.8


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


CARD_ASPECTS = (1.40, 1.56)   # long side / short side: poker (63 x 88 mm) and bridge (57 x 89 mm)
GUESS_INSIDE = 0.7           # share of a guessed outline inside its region (or beyond the photo's edge)
MASK_SCALE = 0.25            # the coarse masks that share is measured on
RIGHT_ANGLE = 0.34            # a card's corner: |cos| of the angle between its edges at most this (70-110 deg)


def corner_hypotheses(contour: np.ndarray, min_area: float, size: tuple[int, int] | None = None,
                      card: tuple[float, float] | None = None) -> list[np.ndarray]:
    """Card outlines guessed from the right-angled corners of a region: touching or overlapping
    cards, or a card cut by the photo's edge, still show some whole corners (often an index corner).

    Each convex corner of the region's outline whose two edges meet at about a right angle is a
    card's corner; the card runs along both edges, at least as far as each edge is seen, with a
    card's proportions. One hypothesis per way of fitting that, clockwise from the corner seen; the
    reader keeps the ones whose corners hold an index. With the photo's ``size`` (height, width),
    an edge running along the photo's border is no card's edge (it is where a region is cut off).
    With the ``card`` size (short and long side) of the cards already read, that size is tried too:
    a card cut by the frame shows its edges only as far as the border::

        >>> blob = np.zeros((300, 300), np.uint8)
        >>> _ = cv2.rectangle(blob, (20, 20), (120, 160), 255, -1)   # 101 x 141
        >>> _ = cv2.rectangle(blob, (100, 60), (200, 200), 255, -1)  # overlaps the first
        >>> contour = cv2.findContours(blob, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)[0][0]
        >>> guesses = corner_hypotheses(contour, 2000)
        >>> truth = np.array([[20, 20], [120, 20], [120, 160], [20, 160]], np.float32)
        >>> max(quad_iou(truth, q) for q in guesses) > 0.9
        True
        >>> sorted({tuple(q[0].round().tolist()) for q in guesses})  # the corners seen
        [(20.0, 20.0), (20.0, 160.0), (100.0, 200.0), (120.0, 20.0), (200.0, 60.0), (200.0, 200.0)]
    """
    perimeter = cv2.arcLength(contour, True)
    poly = cv2.approxPolyDP(contour, 0.012 * perimeter, True).reshape(-1, 2).astype(np.float32)
    if len(poly) < 3:
        return []
    shortest = (min_area / max(CARD_ASPECTS)) ** 0.5 * 0.5
    found = []
    for i, corner in enumerate(poly):
        before, after = poly[i - 1], poly[(i + 1) % len(poly)]
        if size is not None and (_on_border(corner, before, size) or _on_border(corner, after, size)):
            continue
        a, b = before - corner, after - corner
        along_a, along_b = float(np.linalg.norm(a)), float(np.linalg.norm(b))
        if min(along_a, along_b) < shortest:
            continue
        unit_a, unit_b = a / along_a, b / along_b
        if abs(float(unit_a @ unit_b)) > RIGHT_ANGLE:
            continue
        inward = corner + (unit_a + unit_b) * 3
        if cv2.pointPolygonTest(contour, (float(inward[0]), float(inward[1])), False) < 0:
            continue  # a reflex corner, where two cards meet
        clockwise = unit_a[0] * unit_b[1] - unit_a[1] * unit_b[0] > 0  # y points down
        for side_a, side_b in _card_sides(along_a, along_b, card):
            if side_a * side_b < min_area:
                continue
            to_a, to_b = unit_a * side_a, unit_b * side_b
            quad = ([corner, corner + to_a, corner + to_a + to_b, corner + to_b] if clockwise
                    else [corner, corner + to_b, corner + to_a + to_b, corner + to_a])
            found.append(np.array(quad, np.float32))
    return found


def _on_border(p: np.ndarray, q: np.ndarray, size: tuple[int, int], margin: float = 3) -> bool:
    """True when the segment p-q runs along one border of a photo of ``size`` (height, width)."""
    h, w = size
    return bool((p[0] <= margin and q[0] <= margin) or (p[1] <= margin and q[1] <= margin)
                or (p[0] >= w - 1 - margin and q[0] >= w - 1 - margin)
                or (p[1] >= h - 1 - margin and q[1] >= h - 1 - margin))


def _card_sides(seen_a: float, seen_b: float, card: tuple[float, float] | None = None) -> list[tuple[float, float]]:
    """The card's sides along two edges seen for ``seen_a`` and ``seen_b`` pixels from a corner:
    each edge may be a whole side (the other side then follows from the card's proportions), or
    the card is as large as ``card`` (short, long: the cards read), either way round; neither side
    may be much shorter than what is seen of it.

    >>> _card_sides(100, 140)[0]
    (100, 140.0)
    >>> (100, 140) in _card_sides(40, 50), (100, 140) in _card_sides(40, 50, (100, 140))
    (False, True)
    """
    candidates = [pair for aspect in CARD_ASPECTS
                  for pair in ((seen_a, seen_a * aspect), (seen_a, seen_a / aspect),
                               (seen_b * aspect, seen_b), (seen_b / aspect, seen_b))]
    if card is not None:
        candidates += [card, card[::-1]]
    sides = []
    for side_a, side_b in candidates:
        if side_a >= 0.9 * seen_a and side_b >= 0.9 * seen_b and (side_a, side_b) not in sides:
            sides.append((side_a, side_b))
    return sides


LOCATE_SIDE = 640     # outlines are searched on a copy at most this large
FINER_SIDE = 384      # the card finder's second look, where its first (``MAPS_SIDE``) left room for a card


@dataclass
class Outlines:
    """What the outline step found in a photo: ``quads``, the regions shaped like one card (or split
    into such), in photo pixels; and ``regions``, the rest (touching, overlapping or cut cards, or
    table), to guess outlines from their corners; ``image``, the locate copy, to guess outlines from
    the print (:mod:`.ink`); ``oblique``, the regions' outlines as one card seen obliquely
    (:func:`oblique_card`), guessed first."""

    quads: list[np.ndarray]
    regions: list[np.ndarray]
    factor: float               # locate copy pixels per photo pixel
    shape: tuple[int, int]      # the locate copy's height and width
    min_area: float             # in locate copy pixels
    image: np.ndarray | None = None  # the locate copy
    oblique: list[np.ndarray] = field(default_factory=list)  # regions' outlines as one card seen obliquely, locate copy px

    def with_masks(self, masks: list[tuple[np.ndarray, int]], max_candidates: int) -> "Outlines":
        """These outlines and regions, and those of the white regions of ``masks`` (locate copy
        masks, each with its contour retrieval mode) that repeat no outline found; at most
        ``max_candidates`` outlines in all."""
        h, w = self.shape
        max_area = MAX_AREA * h * w
        quads = _QuadSet(SAME_OUTLINE, [q * self.factor for q in self.quads])
        regions, oblique = list(self.regions), list(self.oblique)
        splits: dict[bytes, list[np.ndarray]] = {}   # each contour's split: several cues often draw one region
        for mask, mode in masks:
            contours, _ = cv2.findContours(mask, mode, cv2.CHAIN_APPROX_SIMPLE)
            for contour in contours:
                area = cv2.contourArea(contour)
                if not self.min_area <= area <= max_area * 1.5:
                    continue
                if _card_shaped(contour, self.min_area):
                    shapes = [contour]
                    if _maybe_several(contour):
                        regions.append(contour)
                elif area <= max_area:
                    key = contour.tobytes()
                    if key not in splits:
                        splits[key] = _split(contour, self.min_area)
                        seen_obliquely = oblique_card(contour, self.min_area)
                        if seen_obliquely is not None:
                            oblique.append(seen_obliquely)
                    shapes = splits[key]
                    regions.append(contour)
                else:
                    continue
                for shape in shapes:
                    quad = quad_of(shape)
                    if mode == cv2.RETR_LIST:  # the inside of an edge loop: grow by the edge's width
                        side = side_lengths(quad).mean()
                        quad = _grown(quad, 1 + 6 / side)
                    if len(quads.quads) < max_candidates and cv2.contourArea(quad) <= max_area and quads.is_new(quad):
                        quads.add(quad)
        return replace(self, quads=[q / self.factor for q in quads.quads], regions=regions, oblique=oblique)

    def finer(self, finder: CardFinder, settled: list[np.ndarray], max_candidates: int) -> "Outlines":
        """These outlines with the pieces of the finder's map at ``FINER_SIDE`` added, where a
        region has room for a card off the ``settled`` outlines (photo pixels; cards read surely):
        a card that is small in a wide photo is a few dozen pixels in the finder's first look, too
        few to part it from its neighbours. A photo with no region left with room pays nothing."""
        settled = [q * self.factor for q in settled]
        roomy = self._regions_with_room(settled)
        if self.image is None or not roomy:
            return self
        # only the part of the photo around those regions is looked at again (the finder's time goes
        # with the pixels it sees), with a margin of about a card's width so that no card there is cut
        h, w = self.shape
        margin = int(np.sqrt(max(smallest_card_area(settled), self.min_area)) * 1.5)
        boxes = np.array([cv2.boundingRect(region) for region in roomy])
        x0, y0 = np.maximum(boxes[:, :2].min(axis=0) - margin, 0)
        x1, y1 = np.minimum((boxes[:, :2] + boxes[:, 2:]).max(axis=0) + margin, (w, h))
        side = max(1, round(FINER_SIDE * max(x1 - x0, y1 - y0) / max(h, w)))
        pieces = np.zeros((h, w), np.uint8)
        pieces[y0:y1, x0:x1] = finder.pieces(self.image[y0:y1, x0:x1], side)
        return self.with_masks([(pieces, cv2.RETR_EXTERNAL)], max_candidates)

    def guesses(self, limit: int = 60, settled: list[np.ndarray] = ()) -> list[np.ndarray]:
        """Outlines guessed where no card-shaped outline was read surely (photo pixels): the
        regions' outlines as one card seen obliquely (:func:`oblique_card`), then up to ``limit``
        from the corners of the regions, then those around each cluster of print off the
        ``settled`` outlines (cards already read surely).

        A corner guess runs clockwise from the corner it was guessed from and lies mostly inside its
        region or beyond the photo's edge (a card runs on under the cards over it, or out of the
        picture, but not across bare table); a region whose part off the settled cards is smaller
        than a card (:meth:`_room_for_a_card`) gives none. No guess repeats an outline already
        found, nor lies on a settled outline (:func:`.geometry.lies_on_any`): the pipeline takes
        those cards first, so it would drop such a guess."""
        kept = _QuadSet(SAME_GUESS, [q * self.factor for q in self.quads])
        settled = [q * self.factor for q in settled]
        found = _fresh_ones(self.oblique, kept, settled)
        found += self._corner_guesses(limit, settled, kept)
        found += _fresh_ones(self.printed(settled), kept, settled)
        return [q / self.factor for q in found]

    def printed(self, settled: list[np.ndarray] = ()) -> list[np.ndarray]:
        """Outlines around the print off the ``settled`` outlines (both in locate copy pixels)."""
        return [] if self.image is None else print_outlines(self.image, settled)

    def _corner_guesses(self, limit: int, settled: list[np.ndarray], kept: "_QuadSet") -> list[np.ndarray]:
        """Up to ``limit`` outlines guessed from the regions' corners (locate copy pixels)."""
        found: list[np.ndarray] = []
        seen_regions = set()
        card = card_size(settled)
        # the largest regions (several cards) first
        for region in sorted(self._regions_with_room(settled), key=cv2.contourArea, reverse=True):
            x, y, w, h = cv2.boundingRect(region)
            box = (x // 4, y // 4, w // 4, h // 4)  # the same region from another cue
            if box in seen_regions:
                continue
            seen_regions.add(box)
            allowed = None
            for quad in corner_hypotheses(region, self.min_area, self.shape, card):
                if len(found) >= limit:
                    return found
                if not _fresh(quad, kept, settled):
                    continue
                allowed = self._region_or_outside(region) if allowed is None else allowed
                if self._share_inside(quad, allowed) >= GUESS_INSIDE:
                    found.append(quad)
                    kept.add(quad)
        return found

    def _regions_with_room(self, settled: list[np.ndarray]) -> list[np.ndarray]:
        """The regions whose part off the ``settled`` outlines (locate copy pixels) could hold
        another card (:meth:`_room_for_a_card`): where the finder looks closer and corners are guessed."""
        off_settled = self._coarse_mask_off(settled)
        smallest = smallest_card_area(settled)
        return [region for region in self.regions if self._room_for_a_card(region, off_settled, smallest)]

    def _coarse_mask_off(self, settled: list[np.ndarray]) -> np.ndarray:
        """A coarse mask (``MASK_SCALE``) of the locate copy, white off the ``settled`` outlines."""
        h, w = self.shape
        off = np.full((int(h * MASK_SCALE) + 1, int(w * MASK_SCALE) + 1), 255, np.uint8)
        for quad in settled:
            cv2.fillConvexPoly(off, np.round(quad * MASK_SCALE).astype(np.int32), 0)
        return off

    def _room_for_a_card(self, region: np.ndarray, off_settled: np.ndarray, smallest: float) -> bool:
        """Whether the part of ``region`` off the cards read surely could hold another card: it runs
        out of the photo (a card cut by the frame shows only a part of itself), or it is at least
        ``smallest`` (locate copy pixels; :func:`.geometry.smallest_card_area` of the cards read, one
        photo holding one deck) and ``min_area``. A region that is a card read surely and some of
        its shadow or of a neighbour's edge leaves only a sliver, and guessing from its corners
        would only find that card again."""
        x, y, w, h = cv2.boundingRect(region)
        if x <= 1 or y <= 1 or x + w >= self.shape[1] - 1 or y + h >= self.shape[0] - 1:
            return True
        drawn = np.zeros_like(off_settled)
        cv2.drawContours(drawn, [np.round(region * MASK_SCALE).astype(np.int32)], -1, 255, -1)
        off = cv2.countNonZero(cv2.bitwise_and(drawn, off_settled)) / MASK_SCALE ** 2
        return off >= max(smallest, self.min_area)

    def _region_or_outside(self, region: np.ndarray) -> np.ndarray:
        """A coarse mask (``MASK_SCALE``, with a margin all round) of the region and of everything
        beyond the photo's edge."""
        h, w = self.shape
        margin = self._margin()
        allowed = np.full((int(h * MASK_SCALE) + 2 * margin, int(w * MASK_SCALE) + 2 * margin), 255, np.uint8)
        allowed[margin:-margin, margin:-margin] = 0
        cv2.drawContours(allowed, [np.round(region * MASK_SCALE).astype(np.int32) + margin], -1, 255, -1)
        return allowed

    def _margin(self) -> int:
        return int(max(self.shape) * MASK_SCALE) // 2 + 1

    def _share_inside(self, quad: np.ndarray, allowed: np.ndarray) -> float:
        drawn = np.zeros_like(allowed)
        cv2.fillConvexPoly(drawn, np.round(quad * MASK_SCALE).astype(np.int32) + self._margin(), 255)
        area = cv2.countNonZero(drawn)
        return cv2.countNonZero(cv2.bitwise_and(drawn, allowed)) / area if area else 0.0


def _fresh(quad: np.ndarray, kept: "_QuadSet", settled: list[np.ndarray]) -> bool:
    """A guess worth reading: no repeat of an outline kept, and not on a card read surely."""
    return not lies_on_any(quad, settled) and kept.is_new(quad)


def _fresh_ones(quads: list[np.ndarray], kept: "_QuadSet", settled: list[np.ndarray]) -> list[np.ndarray]:
    """The ``quads`` worth reading (:func:`_fresh`), in order, each added to ``kept`` as it is taken
    (so a later one repeating it is not)."""
    fresh = []
    for quad in quads:
        if _fresh(quad, kept, settled):
            fresh.append(quad)
            kept.add(quad)
    return fresh


def _grown(quad: np.ndarray, factor: float) -> np.ndarray:
    centre = quad.mean(axis=0)
    return (centre + (quad - centre) * factor).astype(np.float32)


class _QuadSet:
    """Outlines kept so far, to tell a new one from a repeat (IoU over ``same``) quickly: only those
    whose centres lie near enough to overlap that much are compared (for IoU 0.75 or more, centres
    lie well within a quarter of the kept outline's two sides)."""

    def __init__(self, same: float, quads: list[np.ndarray] = ()):
        self.same = same
        self.quads: list[np.ndarray] = []
        self.centres = np.zeros((0, 2), np.float32)
        self.sides = np.zeros(0, np.float32)
        for quad in quads:
            self.add(quad)

    def add(self, quad: np.ndarray) -> None:
        self.quads.append(quad)
        self.centres = np.vstack([self.centres, quad.mean(axis=0)])
        self.sides = np.append(self.sides, np.linalg.norm(quad[1] - quad[0]) + np.linalg.norm(quad[2] - quad[1]))

    def is_new(self, quad: np.ndarray) -> bool:
        if not self.quads:
            return True
        near = np.linalg.norm(self.centres - quad.mean(axis=0), axis=1) < 0.25 * self.sides
        return not any(quad_iou(quad, self.quads[i]) > self.same for i in np.flatnonzero(near))


def find_outlines(image: np.ndarray, max_candidates: int = 60, look: MapsLook | None = None) -> Outlines:
    """Possible card outlines in ``image`` (float32 4x2, clockwise), duplicates merged, and the
    regions left for :meth:`Outlines.guesses`. With the card maps' ``look`` at ``image``, the pieces
    the card finder marks in it come after the hand-made cues (:func:`cue_masks`): where a cue
    outlined the card, that outline, drawn from the card's own edges in the full-size copy, is kept
    (the finder's map is coarser); the finder adds the cards no cue outlined (white cards on pale
    tables, busy cloth, touching rows)."""
    factor = min(1.0, LOCATE_SIDE / max(image.shape[:2]))
    if factor < 1.0:
        image = cv2.resize(image, None, fx=factor, fy=factor, interpolation=cv2.INTER_AREA)
    h, w = image.shape[:2]
    outlines = Outlines([], [], factor, (h, w), MIN_AREA * h * w, image)
    masks = cue_masks(image)
    if look is not None:
        masks.append((card_pieces(look, image.shape), cv2.RETR_EXTERNAL))
    return outlines.with_masks(masks, max_candidates)


def candidate_quads(image: np.ndarray, max_candidates: int = 60, look: MapsLook | None = None) -> list[np.ndarray]:
    """The card-shaped outlines of :func:`find_outlines` (float32 4x2, photo pixels)."""
    return find_outlines(image, max_candidates, look).quads
