"""The card finder: the card maps' network (:mod:`.maps`) marks where cards lie in a photo.

Two of the network's maps are the finder's, at half the size of the photo it sees: the chance that
a pixel is on a card's face (``card``), and that it lies on the seam between two different cards
(``seam``). Cards without their seams come apart even where they touch or overlap;
:func:`.locate.find_outlines` adds the outlines of those pieces to the hand-made cues'. Its maps
were taught on the generator's scenes only (the network's spotter maps saw real photos too).
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from .maps import CardMaps, MapsLook, chance

SEAM_SURE = 0.5       # a seam pixel. Seams were weighted 20:1 in training (``SEAM_POSITIVE``), so the
                      # map errs towards cutting; a card a hand-made cue outlines whole keeps that outline


def card_and_seam(look: MapsLook, shape: tuple[int, ...]) -> np.ndarray:
    """The finder's maps of ``look`` as probabilities ``(2, H, W)``, card and seam, at ``shape``
    (the size of the image looked at, or of a copy of it)."""
    h, w = shape[:2]
    return np.stack([cv2.resize(p, (w, h), interpolation=cv2.INTER_LINEAR) for p in chance(look.finder)])


def card_pieces(look: MapsLook, shape: tuple[int, ...]) -> np.ndarray:
    """A mask (uint8 0/255, at ``shape``) of the cards' faces without the seams between cards: one
    white region per card seen, to take outlines from."""
    card, seam = card_and_seam(look, shape)
    return ((card > 0.5) & (seam < SEAM_SURE)).astype(np.uint8) * 255


def card_chance_inside(look: MapsLook, quad: np.ndarray) -> float:
    """The mean chance of a card's face the finder's map gives inside ``quad`` (the looked-at image's
    pixels), at the map's own size; 0 for an outline wholly off the map.

    >>> logits = np.full((11, 20, 20), -6.0, np.float32); logits[0, :, :10] = 6.0    # a card on the left half
    >>> look = MapsLook(logits, 0.5)                                                # maps at half size
    >>> left = np.float32([[0, 0], [18, 0], [18, 38], [0, 38]])
    >>> round(card_chance_inside(look, left), 2), round(card_chance_inside(look, left + [22, 0]), 2)
    (1.0, 0.0)
    """
    card = look.finder[0]
    mask = np.zeros(card.shape, np.uint8)
    cv2.fillConvexPoly(mask, np.round(np.asarray(quad) * look.factor).astype(np.int32), 1)
    inside = card[mask.astype(bool)]   # only the outline's pixels made chances: one call per card taken
    return float(chance(inside).mean()) if inside.size else 0.0


@dataclass
class CardFinder:
    maps: CardMaps

    def pieces(self, image: np.ndarray, side: int) -> np.ndarray:
        """:func:`card_pieces` of a look of its own at ``image`` at ``side`` px (a closer look at a
        part of the photo; the first look is the one :func:`.pipeline.recognize` shares)."""
        return card_pieces(self.maps.look(image, side), image.shape)
