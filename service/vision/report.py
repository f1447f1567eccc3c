"""A recognition as the API and the command line report it: the JSON body, and why a card is unsure.

The body is the one ``POST /v1/recognize`` answers (``schemas.vision.RecognizeResponseSchema``
documents it) and ``muggins photo --json`` prints::

    >>> card = RecognizedCard(None, 0.97, np.zeros((4, 2)), [("6D", 0.97), ("6C", 0.02)], doubt=SUIT_COLOUR)
    >>> unsure_because(card)
    'read as 6D, but its index is printed in black (perhaps 6D or 6C)'
"""

from __future__ import annotations

import numpy as np

from .pipeline import LOW_CONFIDENCE, RANK_PIPS, SAME_CARD, SUIT_COLOUR, SUIT_PIPS, Recognition, RecognizedCard
from .reader import CardReader


def recognition_body(recognition: Recognition, reader: CardReader, starter: int | None = None) -> dict:
    """The cards (``starter``: the position of the card to mark as the starter), the photo's size and
    the model that read it."""
    return {"cards": [{"code": card.code, "confidence": card.confidence,
                       "quad": [[round(float(x), 1), round(float(y), 1)] for x, y in card.quad],
                       "candidates": [{"code": c, "confidence": p} for c, p in card.candidates],
                       "doubt": card.doubt, "starter": number == starter}
                      for number, card in enumerate(recognition.cards)],
            "width": recognition.width, "height": recognition.height,
            "model": {"name": reader.name, "version": reader.version,
                      "min_confidence": recognition.min_confidence}}


def unsure_because(card: RecognizedCard) -> str:
    """Why a card has no code, in words, with its best guesses.

    >>> unsure_because(RecognizedCard(None, 0.61, np.zeros((4, 2)), [("9H", 0.61), ("6H", 0.3)], doubt=LOW_CONFIDENCE))
    'perhaps 9H or 6H, confidence 0.61'
    >>> unsure_because(RecognizedCard(None, 0.93, np.zeros((4, 2)), [("5S", 0.93), ("5C", 0.05)], doubt=SAME_CARD))
    'read as 5S, like another card of the photo (perhaps 5S or 5C)'
    >>> unsure_because(RecognizedCard(None, 0.96, np.zeros((4, 2)), [("3S", 0.96), ("3C", 0.03)], doubt=SUIT_PIPS))
    'read as 3S, but its pips look like the other suit of its colour (perhaps 3S or 3C)'
    >>> unsure_because(RecognizedCard(None, 0.91, np.zeros((4, 2)), [("2H", 0.91), ("3H", 0.05)], doubt=RANK_PIPS))
    'read as 2H, but it shows the pips of another rank (perhaps 2H or 3H)'
    """
    guesses = " or ".join(code for code, _ in card.candidates[:2])
    if card.doubt == SUIT_COLOUR:
        return f"read as {card.candidates[0][0]}, but its index is printed in black (perhaps {guesses})"
    if card.doubt == SUIT_PIPS:
        return (f"read as {card.candidates[0][0]}, but its pips look like the other suit of its colour "
                f"(perhaps {guesses})")
    if card.doubt == RANK_PIPS:
        return f"read as {card.candidates[0][0]}, but it shows the pips of another rank (perhaps {guesses})"
    if card.doubt == SAME_CARD:
        return f"read as {card.candidates[0][0]}, like another card of the photo (perhaps {guesses})"
    return f"perhaps {guesses}, confidence {card.confidence:.2f}"
