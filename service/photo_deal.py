"""From the cards read in a photo to a deal: the hand, the starter, or why the photo makes none.

One rule for every place that counts a photo: ``POST /v1/show/photo`` and ``/v1/audit/photo``
(:mod:`service.api.vision`), ``muggins photo`` (:mod:`service.cli.photo_cmd`) and the model's
evaluation, which counts each generated hand as the endpoint would (``vision_models.evaluate``).
Flask-free, so that the evaluation and the command line need no request to use it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from service.rules.cards import position_of
from service.vision import isolated_card
from service.vision.pipeline import RecognizedCard
from service.vision.report import unsure_because

ISOLATED = "isolated"
"""The ``starter`` that means: the card lying apart from the others."""


def names_isolated(starter: str) -> bool:
    """Whether ``starter`` asks for the card lying apart (:data:`ISOLATED`, in any case).

    >>> names_isolated("Isolated"), names_isolated("5C")
    (True, False)
    """
    return starter.lower() == ISOLATED


class PhotoProblem(Exception):
    """The photo's cards cannot make a deal: the input it fails on (``image`` or ``starter``), and
    why, in words a player can act on."""

    def __init__(self, field: str, message: str):
        super().__init__(message)
        self.field, self.message = field, message


@dataclass(frozen=True)
class Advice:
    """What a refused photo's player is told to do next, in the words of the interface they use:
    ``confirm`` after a card read unsurely, ``name_starter`` when no card lies apart."""

    confirm: str
    name_starter: str


API_ADVICE = Advice(confirm="retake the photo, or confirm the cards (`recognition`) and send them to /v1/show",
                    name_starter="name the starter (starter=5C)")
"""The photo endpoints' advice, which names the body's ``recognition`` and the query's ``starter``."""


def starter_position(cards: Sequence[RecognizedCard], starter: str) -> int | None:
    """Where the starter lies among ``cards``: the card lying apart (``starter="isolated"``) or the
    card read as the one named (any notation), None if no card is."""
    if names_isolated(starter):
        return isolated_card([card.quad for card in cards])
    return position_of(starter, [card.code for card in cards])


def sure_codes(cards: Sequence[RecognizedCard], hand_size: int, isolated: bool,
               advice: Advice = API_ADVICE) -> list[str]:
    """The codes of ``cards`` when they can make a deal: at least one card, the hand's and the
    starter's (or, with the starter named rather than ``isolated``, the hand's alone), each read
    surely. Else raises :class:`PhotoProblem`, its message ending in ``advice``.

    >>> import numpy as np
    >>> sure = lambda code: RecognizedCard(code, 0.99, np.zeros((4, 2)))  # noqa: E731
    >>> sure_codes([sure("5H"), sure("JC")], 1, isolated=True)
    ['5H', 'JC']
    >>> sure_codes([sure("5H"), RecognizedCard(None, 0.5, np.zeros((4, 2)), [("9D", 0.5)])], 1, isolated=True)
    Traceback (most recent call last):
    ...
    service.photo_deal.PhotoProblem: card 2 cannot be read surely (perhaps 9D, confidence 0.50); retake \
the photo, or confirm the cards (`recognition`) and send them to /v1/show
    """
    if not cards:
        raise PhotoProblem("image", "no cards found: lay the cards face up, a little apart, on a plain "
                                    "table, and photograph them from above")
    if len(cards) not in ((hand_size + 1,) if isolated else (hand_size, hand_size + 1)):
        raise PhotoProblem("image", f"{len(cards)} cards found: lay out {hand_size + 1}, the hand and the "
                                    "starter a little apart")
    for n, card in enumerate(cards):
        if card.code is None:
            raise PhotoProblem("image", f"card {n + 1} cannot be read surely ({unsure_because(card)}); "
                                        + advice.confirm)
    return [card.code for card in cards]


def deal_from_cards(cards: Sequence[RecognizedCard], hand_size: int, starter: str,
                    advice: Advice = API_ADVICE) -> tuple[list[str], str, int | None]:
    """The hand's codes, the starter's code and its position among ``cards``. A starter named
    but read on no card (its position None) is taken as named and every card read is the hand,
    which the rules then refuse if that is a card too many. Raises :class:`PhotoProblem` as
    :func:`sure_codes` does, and when ``starter`` is ``isolated`` and no card lies apart.

    >>> import numpy as np
    >>> sure = lambda code: RecognizedCard(code, 0.99, np.zeros((4, 2)))  # noqa: E731
    >>> deal_from_cards([sure(c) for c in ["5H", "5D", "5C", "5S", "JC"]], 4, "5c")
    (['5H', '5D', '5S', 'JC'], '5c', 2)
    """
    isolated = names_isolated(starter)
    codes = sure_codes(cards, hand_size, isolated, advice)
    position = starter_position(cards, starter)
    if isolated and position is None:
        raise PhotoProblem("starter", f"no card lies apart from the others among the {len(codes)} "
                                      "cards read; " + advice.name_starter)
    hand = [code for n, code in enumerate(codes) if n != position]
    return hand, (codes[position] if isolated else starter), position
