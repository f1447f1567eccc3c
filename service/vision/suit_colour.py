"""A check on the reader's suit: a heart or a diamond is printed in coloured ink, not black.

The reader's confident suit mistakes are mostly within a colour (clubs for spades), which no colour
can catch; but some decks draw red ornaments beside a black index, and a reader that takes them for
a red suit is caught by the index's own ink. A red suit read from an index corner whose ink is all
black (at least ``ALL_BLACK`` of it) is called uncertain: on the tuning sets (own designs, the KDE
decks, the real training split; 913 red suits read right in photos in colour) no right reading had
more than 0.85 of its ink black. Only that way round: a black suit may be printed in any colour
(gold or white on dark-faced decks, green in four-colour decks), and a red one in blue or orange in
four-colour decks, so only black ink under a red suit is a contradiction. A photo in greys
(:func:`in_colour`) is not checked::

    >>> patch = np.full((76, 40, 3), 235, np.uint8)
    >>> _ = cv2.putText(patch, "6", (4, 30), cv2.FONT_HERSHEY_SIMPLEX, 1, (20, 20, 20), 3)
    >>> round(black_share(patch), 2), suit_colour_disagrees("6D", [black_share(patch)])
    (1.0, True)
    >>> patch[:] = 235
    >>> _ = cv2.putText(patch, "6", (4, 30), cv2.FONT_HERSHEY_SIMPLEX, 1, (150, 150, 250), 3)  # pale red
    >>> round(black_share(patch), 2), suit_colour_disagrees("6D", [black_share(patch)])
    (0.0, False)
"""

from __future__ import annotations

from collections.abc import Iterable

import cv2
import numpy as np

ALL_BLACK = 0.95      # a red suit's index corner: less than this share of its ink is black
MIN_INK = 15          # pixels of ink in a patch before its colour says anything
INK_DISTANCE = 90     # ink differs from the paper by this much (sum over the three channels)
GREY_INK = 70         # black or grey ink: its channels spread less than this, the paper made white
LIGHT_PAPER = 100     # the paper's brightest channel at least this: no dark-faced deck
GREY_SPREAD = 24      # channel spread (grey levels) that a photo in colour shows on its most coloured 1 %
RANKS = {"A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"}


def in_colour(image: np.ndarray) -> bool:
    """Whether a photo holds colour at all (some photos are taken or saved in greys, where no ink
    is red): its channels differ by at least ``GREY_SPREAD`` on 1 % of its pixels.

    >>> grey = np.full((40, 40, 3), 128, np.uint8)
    >>> in_colour(grey), in_colour(cv2.rectangle(grey.copy(), (0, 0), (20, 20), (30, 30, 200), -1))
    (False, True)
    """
    blue, green, red = cv2.split(np.ascontiguousarray(image[::4, ::4]))
    spread = cv2.subtract(cv2.max(cv2.max(blue, green), red), cv2.min(cv2.min(blue, green), red))
    return float(np.percentile(spread, 99)) >= GREY_SPREAD  # (OpenCV: a quarter of numpy's time)


def black_share(patch: np.ndarray) -> float | None:
    """The share of a patch's ink that is black or grey. Ink is what differs from the paper (the
    patch's median colour: the index covers less than half of it) by ``INK_DISTANCE``. Its colour is
    judged against the paper's, as the eye does (each channel divided by the paper's: a photo's warm
    or cold cast tints black ink as much as the paper): black ink is darker than the paper and its
    channels spread under ``GREY_INK`` of 255. That threshold was chosen on the tuning sets: it
    counts 67 % of a black index's patches as all black (some dark ink keeps a colour) while no red
    index's is over 0.85 black. Pale or washed-out red ink still has a colour; so have blue or green
    inks (four-colour decks). None when the patch holds too little ink to say, or its paper is dark
    (a dark-faced deck prints its hearts in gold or white)."""
    pixels = patch.reshape(-1, 3).astype(np.float32)
    paper = np.median(pixels, axis=0)
    if paper.max() < LIGHT_PAPER:
        return None
    ink = np.abs(pixels - paper).sum(axis=1) > INK_DISTANCE
    if int(ink.sum()) < MIN_INK:
        return None
    spots = pixels[ink] * (255 / np.maximum(paper, 1))  # the paper made white
    brightest = spots.max(axis=1)
    grey = (brightest - spots.min(axis=1) < GREY_INK) & (brightest < 255 - INK_DISTANCE / 3)
    return float(grey.mean())


def suit_colour_disagrees(code: str, shares: Iterable[float | None]) -> bool:
    """Whether ``code`` names a red suit (``5H``, ``QD``, ``5H*``) while the ink of an index corner
    it was read from (``shares``, from :func:`black_share`; None = too little ink to say) is black.
    ``shares`` is only consumed for a red suit, so a generator measures no ink for other cards.

    >>> suit_colour_disagrees("QD", [0.97, 0.4]), suit_colour_disagrees("QD", [0.7, 0.6])
    (True, False)
    >>> suit_colour_disagrees("QC", [1.0]), suit_colour_disagrees("JOKER", [1.0]), suit_colour_disagrees("9H", [None])
    (False, False, False)
    """
    card = code.rstrip("*")
    if len(card) < 2 or card[-1] not in "HD" or card[:-1] not in RANKS:
        return False
    return any(share is not None and share >= ALL_BLACK for share in shares)
