"""How rare a show score is among all 12,994,800 (4-card hand, starter) deals.

The table in ``data/distribution.json`` was produced by ``muggins enumerate`` (and ``--crib``); the
hand column is the published distribution (S. Lumetta, "Amusing Cribbage Facts"), which the test
suite checks figure by figure.

    >>> rarity(24)["one_in"]
    3531
    >>> rarity(19)["count"]
    0
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources


@cache
def distribution(crib: bool = False) -> dict[int, int]:
    """Score -> number of deals with that score (hand rules, or crib rules)."""
    data = json.loads(resources.files(__package__).joinpath("data/distribution.json").read_text())
    return {int(score): count for score, count in data["crib" if crib else "hand"].items()}


@cache
def total_deals() -> int:
    return sum(distribution(False).values())


def covered(hand, starter) -> bool:
    """True when the distribution covers this deal: a four-card hand and a starter, all from the
    standard 52 (whatever the profile, those count the standard way). The one test of whether a
    show's rarity, or a claim's impossibility, can be read from the table.

    >>> from . import special_cards  # the notation of W and the other special cards
    >>> from .cards import parse_card
    >>> deal = lambda text: ([parse_card(t) for t in text.split()[:4]], parse_card(text.split()[4]))
    >>> covered(*deal("5H 5D 5S JC 5C")), covered(*deal("5H 5D 5S W 5C"))
    (True, False)
    """
    return len(hand) == 4 and all(card.is_standard for card in (*hand, starter))


def rarity(score: int, crib: bool = False) -> dict:
    """``count`` of deals scoring exactly ``score``, its ``probability``, ``one_in`` (rounded),
    and ``at_least`` (probability of scoring ``score`` or more)."""
    table = distribution(crib)
    count = table.get(score, 0)
    deals = total_deals()
    at_least = sum(n for s, n in table.items() if s >= score)
    return {
        "count": count,
        "probability": count / deals,
        "one_in": round(deals / count) if count else None,
        "at_least": at_least / deals,
    }


def impossible_scores(crib: bool = False) -> list[int]:
    """Scores no standard show can make (19, 25, 26, 27 under hand and crib rules alike)."""
    table = distribution(crib)
    return [s for s in range(max(table) + 1) if s not in table]
