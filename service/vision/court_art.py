"""A card's face tells a court card from a number card: a court card has a picture in its middle.

Other decks' court cards may carry their picture up to the index, and the reader then reads the
corner unsurely, or surely as a number: a queen of diamonds as the nine (tigullio's, on the tuning
decks), a queen of hearts as the ten. Their pictures are printed in colours no number card has: a
number card's middle holds pips in its suit's ink, red or black (or, in a four-colour deck, the ink
of its index). So a face whose middle shows more than ``ART_SHARE`` of colour other than red and
other than its index's ink holds a picture (:func:`art_share`), and the pipeline reads such a card
again among the court cards (:func:`.pipeline.look_at_face`).

Colour is judged with the paper made white (each channel divided by the paper's), so a photo's cast
tints nothing; only the middle of the face is looked at (``ART_MARGIN`` off each side), where a
card lying over the edge or the table past a loose outline does not reach. Dark-faced decks (gold
print) are not looked at, and the pipeline does not look in photos in greys::

    >>> face = np.full((FACE_H, FACE_W, 3), 235, np.uint8)
    >>> for y in (35, 70, 105):                                   # a three's pips, black
    ...     _ = cv2.circle(face, (50, y), 8, (20, 20, 20), -1)
    >>> art_share(face)
    0.0
    >>> _ = cv2.rectangle(face, (30, 45), (70, 95), (40, 200, 230), -1)   # a yellow picture
    >>> _ = cv2.rectangle(face, (40, 55), (60, 85), (200, 90, 30), -1)    # with blue in it
    >>> round(art_share(face), 2), art_share(face) > ART_SHARE
    (0.6, True)
"""

from __future__ import annotations

import cv2
import numpy as np

from .face import FACE_H, FACE_W, dark_faced, index_corners, inside_rim, paper_colour

ART_SHARE = 0.05        # more than this share of the middle in other colours: a picture (chosen on
                        # the tuning sets: no number card there over 0.035; court cards mostly over 0.1)
ART_MARGIN = 0.25       # the middle: the face less this share of its width and height on each side
SATURATION, VALUE = 80, 60  # a coloured pixel (OpenCV HSV, 0-255), the paper made white
NOT_RED = (15, 150)     # hues (OpenCV, 0-180) other than red's
INK_BAND = 15           # hues within this of the index's ink are its ink, not a picture
MIN_INK = 20            # coloured pixels in the index corners before their hue is taken for the ink's


def _middle() -> np.ndarray:
    middle = np.zeros((FACE_H, FACE_W), bool)
    rows, cols = int(FACE_H * ART_MARGIN), int(FACE_W * ART_MARGIN)
    middle[rows:FACE_H - rows, cols:FACE_W - cols] = True
    return middle


MIDDLE = _middle()
INK_CORNERS = index_corners() & inside_rim()


def art_share(face: np.ndarray) -> float:
    """The share of the middle of a rectified ``face`` (:func:`.face.card_face`) printed in colours
    other than red and other than the index's ink; 0 on a dark-faced card."""
    if dark_faced(face):
        return 0.0
    paper = paper_colour(face).clip(1, None)
    white = np.clip(face.astype(np.float32) * (255.0 / paper), 0, 255).astype(np.uint8)
    hue, saturation, value = cv2.split(cv2.cvtColor(white, cv2.COLOR_BGR2HSV))
    hue = hue.astype(np.int16)
    coloured = (saturation > SATURATION) & (value > VALUE) & (hue >= NOT_RED[0]) & (hue <= NOT_RED[1])
    ink = hue[coloured & INK_CORNERS]
    if len(ink) >= MIN_INK:  # a coloured index (a four-colour deck): its hue is the pips' ink
        counts = np.convolve(np.bincount(ink, minlength=181), np.ones(2 * INK_BAND + 1), "same")
        coloured &= np.abs(hue - int(np.argmax(counts))) > INK_BAND
    return float(coloured[MIDDLE].mean())
