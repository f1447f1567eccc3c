"""The show: counting a hand or the crib with the starter, combination by combination.

Each rule is a small function that returns the :class:`ScoreItem` s it finds, so the breakdown a
referee reads aloud and the total are the same thing::

    >>> from service.rules.cards import parse_cards
    >>> hand = parse_cards(["5H", "5D", "5S", "JC"])
    >>> [starter] = parse_cards(["5C"])
    >>> score_show(hand, starter).total
    29

This module is the reference implementation. The batch scorer (:mod:`service.rules.batch`) builds
its lookup tables from these same functions, so the two can never disagree.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from itertools import combinations, product
from typing import Sequence

from .cards import JACK, Card
from .special_cards import HIGH_ACE_RANK, SUPER_ACE

SUPER_ACE_VALUES = (1, 11)
SUPER_ACE_RANKS = (1, HIGH_ACE_RANK)

KINDS = ("fifteen", "pair", "run", "flush", "nobs")


@dataclass(frozen=True, slots=True)
class ScoreItem:
    """One scoring combination: ``kind``, the ``cards`` that make it, its ``points``."""

    kind: str
    cards: tuple[Card, ...]
    points: int

    @property
    def codes(self) -> list[str]:
        return [card.code for card in self.cards]


@dataclass(slots=True)
class ShowScore:
    """The full count of one hand or crib."""

    items: list[ScoreItem] = field(default_factory=list)

    @property
    def total(self) -> int:
        return sum(item.points for item in self.items)

    @property
    def by_kind(self) -> dict[str, int]:
        """Points per kind, every kind present (0 when absent)."""
        totals = dict.fromkeys(KINDS, 0)
        for item in self.items:
            totals[item.kind] = totals.get(item.kind, 0) + item.points
        return totals


# --- value and rank hooks --------------------------------------------------------------------
# A card may stand for more than one value or rank (the Super Ace is 1 and 11, ace and high ace).
# Standard cards have exactly one of each.

def counting_values(card: Card) -> tuple[int, ...]:
    """Values a card may take when adding to fifteen (the Super Ace: 1 and 11)."""
    return SUPER_ACE_VALUES if card.special == SUPER_ACE else (card.value,)


def run_ranks(card: Card) -> tuple[int, ...]:
    """Ranks a card may take in a run (ace low only; the Super Ace is also the high ace, 14)."""
    return SUPER_ACE_RANKS if card.special == SUPER_ACE else (card.rank,)


def same_rank(a: Card, b: Card) -> bool:
    """Whether two cards pair."""
    return a.rank == b.rank


# --- the rules ---------------------------------------------------------------------------------

def fifteens(cards: Sequence[Card]) -> list[ScoreItem]:
    """Every distinct set of cards whose values total 15 scores 2.

    >>> from service.rules.cards import parse_cards
    >>> [i.codes for i in fifteens(parse_cards(["7H", "8C", "8D", "KS", "9S"]))]
    [['7H', '8C'], ['7H', '8D']]
    """
    values = [counting_values(card) for card in cards]
    if all(len(choices) == 1 for choices in values):  # standard cards: one value each
        totals = _subset_totals([choices[0] for choices in values])
        return [ScoreItem("fifteen", tuple(cards[i] for i in subset), 2)
                for mask, subset in _subsets_by_size(len(cards)) if totals[mask] == 15]
    return [ScoreItem("fifteen", tuple(cards[i] for i in subset), 2)
            for _, subset in _subsets_by_size(len(cards))
            if any(sum(choice) == 15 for choice in product(*(values[i] for i in subset)))]


@cache
def _subsets_by_size(n: int) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """(bit mask, positions) of every subset of two or more of ``n`` cards, smallest first."""
    return tuple((sum(1 << i for i in subset), subset)
                 for size in range(2, n + 1) for subset in combinations(range(n), size))


def _subset_totals(values: Sequence[int]) -> list[int]:
    """The total of every subset, indexed by bit mask (each built from a smaller one)."""
    totals = [0] * (1 << len(values))
    for mask in range(1, len(totals)):
        low_bit = mask & -mask
        totals[mask] = totals[mask ^ low_bit] + values[low_bit.bit_length() - 1]
    return totals


def pairs(cards: Sequence[Card]) -> list[ScoreItem]:
    """Every two cards of the same rank score 2 (so three of a kind 6, four 12).

    >>> from service.rules.cards import parse_cards
    >>> sum(i.points for i in pairs(parse_cards(["5H", "5D", "5S", "JC", "5C"])))
    12
    """
    return [ScoreItem("pair", (a, b), 2) for a, b in combinations(cards, 2) if same_rank(a, b)]


def runs(cards: Sequence[Card]) -> list[ScoreItem]:
    """Each longest run of three or more consecutive ranks scores its length, once per way of
    choosing one card of each rank (a double run of three is two runs of 3).

    >>> from service.rules.cards import parse_cards
    >>> [(i.codes, i.points) for i in runs(parse_cards(["7H", "8C", "8D", "KS", "9S"]))]
    [(['7H', '8C', '9S'], 3), (['7H', '8D', '9S'], 3)]
    """
    positions_by_rank: dict[int, list[int]] = {}
    for position, card in enumerate(cards):
        for rank in run_ranks(card):
            positions_by_rank.setdefault(rank, []).append(position)
    items: list[ScoreItem] = []
    for segment in _consecutive_segments(sorted(positions_by_rank)):
        if len(segment) < 3:
            continue
        for choice in product(*(positions_by_rank[rank] for rank in segment)):
            if len(set(choice)) == len(choice):  # one card cannot fill two ranks of a run
                items.append(ScoreItem("run", tuple(cards[p] for p in choice), len(segment)))
    return items


def _consecutive_segments(ranks: Sequence[int]) -> list[list[int]]:
    segments: list[list[int]] = []
    for rank in ranks:
        if segments and rank == segments[-1][-1] + 1:
            segments[-1].append(rank)
        else:
            segments.append([rank])
    return segments


def flush(hand: Sequence[Card], starter: Card, crib: bool) -> list[ScoreItem]:
    """All hand cards of one suit score one per card, plus one if the starter matches.
    In the crib only a five-card flush counts.

    >>> from service.rules.cards import parse_cards
    >>> *hand, starter = parse_cards(["2H", "4H", "6H", "8H", "KS"])
    >>> [i.points for i in flush(hand, starter, crib=False)], flush(hand, starter, crib=True)
    ([4], [])
    """
    suits = {card.suit for card in hand}
    if len(suits) != 1 or None in suits:
        return []
    if starter.suit in suits:
        return [ScoreItem("flush", (*hand, starter), len(hand) + 1)]
    if crib:
        return []
    return [ScoreItem("flush", tuple(hand), len(hand))]


def nobs(hand: Sequence[Card], starter: Card) -> list[ScoreItem]:
    """His nobs: the jack of the starter's suit in the hand (or crib) scores 1.

    >>> from service.rules.cards import parse_cards
    >>> *hand, starter = parse_cards(["JC", "2H", "3D", "9S", "5C"])
    >>> [i.codes for i in nobs(hand, starter)]
    [['JC', '5C']]
    """
    if starter.suit is None:
        return []
    return [ScoreItem("nobs", (card, starter), 1) for card in hand
            if card.rank == JACK and card.suit == starter.suit]  # a Wild declared a jack is one


def score_show(hand: Sequence[Card], starter: Card, crib: bool = False) -> ShowScore:
    """Count a hand (or, with ``crib=True``, a crib) with its starter.

    Items come in the order a player calls them: fifteens, pairs, runs, flush, nobs.
    """
    cards = (*hand, starter)
    return ShowScore(fifteens(cards) + pairs(cards) + runs(cards)
                     + flush(hand, starter, crib) + nobs(hand, starter))


def rank_pattern_points(ranks: Sequence[int]) -> int:
    """Points from fifteens, pairs and runs, which depend on ranks alone (suits ignored).

    The batch scorer's lookup table is this function evaluated once per rank multiset.

    >>> rank_pattern_points([5, 5, 5, 11, 5])
    28
    """
    cards = [Card(rank, "S") for rank in ranks]
    return sum(item.points for item in fifteens(cards) + pairs(cards) + runs(cards))
