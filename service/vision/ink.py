"""Outlines from a card's print: its pips and index glyphs, clustered, give the card's rectangle.

A white card on a light table has almost no edge to find, but its ink stands out: dark or red marks
on paper. Marks near one another (gaps under ``LINK`` times the larger mark's radius; a card's pips and
indices lie that close, and two cards' marks are kept apart by both cards' margins) form one
cluster; a mark left out of every cluster links further (``SPARSE_LINK``: an ace's or a three's
print is sparse), and two small clusters near each other are also tried as one (a two's halves).
The rotated rectangle around a cluster of at least ``MIN_MARKS`` marks, grown by each of ``GROWTH``
(the print stops short of the card's edge), is a guess at the card's outline. Guesses are only kept
when the reader reads them surely::

    >>> image = np.full((300, 300, 3), 225, np.uint8)
    >>> for x, y in [(100, 80), (200, 80), (150, 150), (100, 220), (200, 220)]:  # a five's pips
    ...     _ = cv2.circle(image, (x, y), 16, (20, 20, 20), -1)
    >>> quads = print_outlines(image)
    >>> len(quads), sorted(round(float(v)) for v in cv2.minAreaRect(quads[0])[1])
    (2, [143, 187])
"""

from __future__ import annotations

from collections.abc import Sequence

import cv2
import numpy as np

from .geometry import order_quad, side_lengths

LINK = 2.5                 # marks closer than this many radii (of the larger) are one card's print
SPARSE_LINK = 5.0          # the same for a mark left out of every cluster (an ace's or a three's print)
SPARSE_PAIR = 3.0          # two sparse clusters this many extents apart (centre to centre) may be one card
MIN_MARKS = 3              # a card shows at least its two indices' rank and one pip
MAX_MARKS = 200            # the most marks clustered, largest first (the rest is speckle)
GROWTH = (1.1, 1.22)       # the card's rectangle against its print's, both ways
PAPER_KERNEL = 48          # the paper closing: 1/12 of the image wide (the size divided by this, on a quarter-size copy)
DARK = 50                  # ink: this much darker than the paper around it (grey levels), or, where
DARK_SHARE = 0.25          # the paper is dim (under 200), this share of its brightness, but never
DARK_FLOOR = 28            # under this: a dim photo's pips are 40 levels under its grey paper
MIN_MARK_AREA = 12         # pixels of the locate copy
MAX_MARK_AREA = 0.03       # of the image
PRINT_ASPECT = (1.0, 2.0)  # the print's long side over its short side (photos may be stretched)
DIRECTION_APART = 4        # degrees between two side directions tried for one print


def ink_mask(image: np.ndarray, paper_kernel: int = PAPER_KERNEL) -> np.ndarray:
    """Marks darker than the paper around them (a closing of the image, ``4 / paper_kernel`` of its
    longer side wide, since it runs on a quarter-size copy: wider than its largest mark), or strongly
    red; on dim paper "darker" is a share of its brightness (``DARK_SHARE``), not a fixed step::

        >>> image = np.full((200, 200, 3), 120, np.uint8)           # dim grey paper
        >>> _ = cv2.circle(image, (100, 100), 10, (80, 80, 80), -1)  # a pip 40 levels darker
        >>> int(ink_mask(image)[100, 100])
        255
    """
    gray = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    h, w = gray.shape
    # the paper's brightness: a closing wider than the largest pip, done on a quarter-size copy
    small = cv2.resize(cv2.medianBlur(gray, 5), (max(w // 4, 1), max(h // 4, 1)), interpolation=cv2.INTER_AREA)
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, ((max(h, w) // paper_kernel) | 1,) * 2)
    paper = cv2.resize(cv2.morphologyEx(small, cv2.MORPH_CLOSE, kernel), (w, h), interpolation=cv2.INTER_LINEAR)
    threshold = np.clip(paper.astype(np.float32) * DARK_SHARE, DARK_FLOOR, DARK)
    dark = cv2.subtract(paper, gray) > threshold
    hsv = cv2.cvtColor(image, cv2.COLOR_BGR2HSV)
    hue = hsv[..., 0]
    red = (hsv[..., 1] > 90) & (hsv[..., 2] > 70) & ((hue < 12) | (hue > 165))
    return cv2.morphologyEx((dark | red).astype(np.uint8) * 255, cv2.MORPH_OPEN, np.ones((2, 2), np.uint8))


def print_clusters(image: np.ndarray, read: Sequence[np.ndarray] = ()) -> list[tuple[np.ndarray, np.ndarray]]:
    """Each cluster of at least ``MIN_MARKS`` marks: its ink pixels (x, y) and its marks' centres;
    marks touching the image's border are left out (mostly table), and so is the print inside the
    outlines of ``read`` (cards already read: their print says nothing new, and left in it could
    join a neighbour's print into one cluster)."""
    h, w = image.shape[:2]
    ink = ink_mask(image)
    for quad in read:
        cv2.fillConvexPoly(ink, np.round(quad).astype(np.int32), 0)
    count, labels, stats, centres = cv2.connectedComponentsWithStats(ink)
    left, top = stats[:, cv2.CC_STAT_LEFT], stats[:, cv2.CC_STAT_TOP]
    width, height, area = stats[:, cv2.CC_STAT_WIDTH], stats[:, cv2.CC_STAT_HEIGHT], stats[:, cv2.CC_STAT_AREA]
    inside = (left > 1) & (top > 1) & (left + width < w - 1) & (top + height < h - 1)
    marks = np.flatnonzero(inside & (area >= MIN_MARK_AREA) & (area <= MAX_MARK_AREA * h * w))
    marks = marks[marks > 0]
    marks = marks[np.argsort(-area[marks], kind="stable")[:MAX_MARKS]]  # the largest: pips before speckle
    if len(marks) < MIN_MARKS:
        return []
    radius = np.hypot(width[marks], height[marks]) / 2
    gaps = np.linalg.norm(centres[marks][:, None] - centres[marks][None], axis=2) - radius[:, None] - radius[None]
    reach = np.maximum(radius[:, None], radius[None])
    linked = gaps < LINK * reach
    loose = _clusters(linked) < 0
    # a sparse card's marks lie further apart: a mark left out links further, to any mark
    linked |= (gaps < SPARSE_LINK * reach) & (loose[:, None] | loose[None])
    cluster_of = _clusters(linked)
    label_cluster = np.full(count, -1)
    label_cluster[marks] = cluster_of
    ys, xs = np.nonzero(labels)
    owner = label_cluster[labels[ys, xs]]
    clusters = []
    for cluster in range(cluster_of.max() + 1):
        chosen = owner == cluster
        clusters.append((np.stack([xs[chosen], ys[chosen]], axis=1).astype(np.float32),
                         centres[marks][cluster_of == cluster].astype(np.float32)))
    return clusters


def _clusters(linked: np.ndarray) -> np.ndarray:
    """Each mark's cluster (numbered from 0), or -1 for a mark in a component under ``MIN_MARKS``.

    >>> _clusters(np.array([[1, 1, 1, 0], [1, 1, 0, 0], [1, 0, 1, 0], [0, 0, 0, 1]], bool)).tolist()
    [0, 0, 0, -1]
    """
    _, component = _components(linked)
    sizes = np.bincount(component)
    big = np.flatnonzero(sizes >= MIN_MARKS)
    number = np.full(len(sizes), -1)
    number[big] = np.arange(len(big))
    return number[component]


def _components(linked: np.ndarray) -> tuple[int, np.ndarray]:
    """Connected components of a symmetric boolean adjacency matrix: (count, component of each node),
    by spreading each node's smallest reachable index until nothing changes (jumping along the
    pointers each round, so a long chain takes few rounds).

    >>> _components(np.array([[1, 1, 0], [1, 1, 0], [0, 0, 1]], bool))
    (2, array([0, 0, 1]))
    """
    n = len(linked)
    reach = linked | np.eye(n, dtype=bool)
    lowest = np.arange(n)
    while True:
        spread = np.where(reach, lowest[None, :], n).min(axis=1)
        spread = spread[spread]
        if np.array_equal(spread, lowest):
            break
        lowest = spread
    _, component = np.unique(lowest, return_inverse=True)
    return int(component.max()) + 1, component


def print_directions(centres: np.ndarray, count: int = 1, near_first: bool = False) -> list[float]:
    """The ``count`` likeliest directions of a card's sides (radians, modulo a quarter turn) from
    the centres of its marks: pips stand in rows and columns and a rank stands over its suit, so the
    directions between pairs of marks crowd along the card's sides (the smallest rectangle around
    the print is often a few degrees off them). With ``near_first``, a pair's vote falls with the
    square of its length: an ace's few marks (two indices and the pip between them) lie along the
    card's diagonal, and only its rank over its suit shows the sides.

    >>> pips = np.array([[0, 0], [10, 0], [0, 20], [10, 20], [5, 10]], np.float32)  # a five
    >>> turned = pips @ np.array([[np.cos(0.3), np.sin(0.3)], [-np.sin(0.3), np.cos(0.3)]], np.float32)
    >>> round(float(np.degrees(print_directions(turned)[0])))
    17
    >>> ace = np.array([[0, 0], [0, 12], [50, 70], [100, 128], [100, 140]], np.float32)
    >>> plain, near = print_directions(ace)[0], print_directions(ace, near_first=True)[0]
    >>> round(float(np.degrees(plain))), round(float(np.degrees(near)))
    (54, 0)
    """
    steps = (centres[None] - centres[:, None])[np.triu_indices(len(centres), 1)]
    angles = np.degrees(np.arctan2(steps[:, 1], steps[:, 0])) % 90
    lengths = np.maximum(np.linalg.norm(steps, axis=1), 1e-6)
    weight = (lengths.min() / lengths) ** 2 if near_first else np.ones(len(steps))
    votes = np.zeros(90)
    for shift, share in ((-1, 0.5), (0, 1.0), (1, 0.5)):  # a 3-degree window, wrapping at 90
        np.add.at(votes, (np.round(angles).astype(int) + shift) % 90, share * weight)
    chosen: list[int] = []
    for degree in np.argsort(votes, kind="stable")[::-1]:
        if votes[degree] <= 0 or len(chosen) == count:
            break
        if all(min(abs(degree - c), 90 - abs(degree - c)) >= DIRECTION_APART for c in chosen):
            chosen.append(int(degree))
    return [float(np.radians(c)) for c in chosen]


def _box_along(points: np.ndarray, angle: float, growth: float) -> np.ndarray:
    """The rectangle around ``points`` with sides along ``angle``, grown about its centre."""
    axes = np.array([[np.cos(angle), np.sin(angle)], [-np.sin(angle), np.cos(angle)]], np.float32)
    local = points @ axes.T
    low, high = local.min(axis=0), local.max(axis=0)
    centre, half = (low + high) / 2, (high - low) / 2 * growth
    corners = centre + half * np.array([[-1, -1], [1, -1], [1, 1], [-1, 1]], np.float32)
    return order_quad(corners @ axes)


def _sparse_pairs(clusters: list[tuple[np.ndarray, np.ndarray]]) -> list[tuple[np.ndarray, np.ndarray]]:
    """Two sparse clusters (at most ``MIN_MARKS`` marks each) near one another, joined: a two's print
    clusters as two halves, each an index and a pip, too far apart to link."""
    sparse = [(points, centres) for points, centres in clusters if len(centres) <= MIN_MARKS]
    pairs = []
    for i, (points, centres) in enumerate(sparse):
        for other_points, other_centres in sparse[i + 1:]:
            extent = max(np.ptp(points, axis=0).max(), np.ptp(other_points, axis=0).max())
            if np.linalg.norm(centres.mean(axis=0) - other_centres.mean(axis=0)) < SPARSE_PAIR * extent:
                pairs.append((np.concatenate([points, other_points]), np.concatenate([centres, other_centres])))
    return pairs


def print_outlines(image: np.ndarray, read: Sequence[np.ndarray] = ()) -> list[np.ndarray]:
    """Card outlines guessed around each cluster of print (float32 4x2, ``image`` pixels), but for
    the print of the cards in ``read`` (outlines in ``image`` pixels): the rectangle around the
    print, grown by each of ``GROWTH``, with its sides along the likeliest direction of the card's
    sides, along the likeliest by near pairs of marks, and along those of the smallest rectangle
    around the print."""
    h, w = image.shape[:2]
    quads = []
    clusters = print_clusters(image, read)
    for points, centres in clusters + _sparse_pairs(clusters):
        angles = print_directions(centres)
        smallest = np.radians(cv2.minAreaRect(points)[2]) % (np.pi / 2)
        for other in (print_directions(centres, near_first=True)[0], smallest):
            if all(min(abs(other - a), np.pi / 2 - abs(other - a)) >= np.radians(DIRECTION_APART) for a in angles):
                angles.append(other)
        for angle in angles:
            box = _box_along(points, angle, 1.0)
            sides = sorted(side_lengths(box)[:2])
            if sides[0] < 0.04 * max(h, w) or not PRINT_ASPECT[0] <= sides[1] / sides[0] <= PRINT_ASPECT[1]:
                continue
            quads += [_box_along(points, angle, g) for g in GROWTH]
    return quads
