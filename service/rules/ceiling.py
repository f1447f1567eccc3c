"""The highest show a deck allows, found by exhaustive search (Mastermind: 45, seed 000).

A show is rank points (fifteens, pairs, runs: they depend on the five cards' ranks alone, see
:func:`service.rules.declarations.pattern_points`) plus suit points (a flush, at most 5 for four hand
cards and the starter, and his nobs, at most one per jack in the hand). So::

    show <= pattern_points(ranks) + 5 + (jacks among the ranks, at most 4)

The search visits every multiset of five rank tokens the deck can produce (a wild card may be
declared as any standard card, so with five wild cards in the Mastermind deck every multiset of
standard ranks is possible; the Zero and the Super Ace are single cards), takes the largest bound,
and checks a witness deal reaching it with :func:`service.rules.declarations.best_declaration`.
When the witness scores the bound, the bound is the ceiling::

    >>> result = show_ceiling("mastermind")
    >>> result["ceiling"], result["witness"]
    (45, ['5H', '5H*', 'W=5H', 'SW=5H', 'M=5H'])
"""

from __future__ import annotations

from itertools import combinations_with_replacement

from .cards import JACK, parse_cards
from .declarations import SUPER_ACE_TOKEN, best_declaration, pattern_points
from .special_cards import DECKS, SUPER_ACE, WILD_KINDS, ZERO

MASTERMIND_CEILING = 45
"""The most a Mastermind show can score (seed 000), as :func:`show_ceiling` proves (a test runs it)."""

WITNESSES = {"mastermind": "5H 5H* W SW M"}
"""A deal (four hand cards, then the starter) that reaches the deck's bound. Other decks have none:
their bound is not reached (the standard deck's is 34, its true ceiling 29), so the search proves
only an upper limit for them."""


def token_limits(deck: str) -> dict[int, int]:
    """How many cards of each rank token the deck can put in one show (wild cards fill any
    standard rank; the Zero and Super Ace cannot be copied)."""
    copies = DECKS[deck]
    wilds = sum(n for identity, n in copies.items() if identity[0] in WILD_KINDS)
    limits = {rank: 4 + wilds for rank in range(1, 14)}
    limits[5] += sum(n for identity, n in copies.items() if len(identity) == 3)  # Super Fives
    limits[0] = copies.get((ZERO,), 0)
    limits[SUPER_ACE_TOKEN] = copies.get((SUPER_ACE,), 0)
    return limits


def feasible(tokens: tuple[int, ...], deck: str) -> bool:
    """Whether the deck can deal these five rank tokens (wild cards covering what is missing)."""
    copies = DECKS[deck]
    wilds = sum(n for identity, n in copies.items() if identity[0] in WILD_KINDS)
    natural = {rank: 4 for rank in range(1, 14)}
    natural[5] += sum(n for identity, n in copies.items() if len(identity) == 3)
    natural[0] = copies.get((ZERO,), 0)
    natural[SUPER_ACE_TOKEN] = copies.get((SUPER_ACE,), 0)
    needed = 0
    for token in set(tokens):
        shortfall = tokens.count(token) - natural[token]
        if shortfall > 0:
            if token in (0, SUPER_ACE_TOKEN):
                return False
            needed += shortfall
    return needed <= wilds


def show_ceiling(deck: str = "mastermind") -> dict:
    """Exhaustive search: every feasible rank multiset, its bound, the best bound and a witness."""
    tokens = sorted(t for t, n in token_limits(deck).items() if n > 0)
    visited = best_bound = best_pattern = 0
    at_best: list[tuple[int, ...]] = []
    for multiset in combinations_with_replacement(tokens, 5):
        if not feasible(multiset, deck):
            continue
        visited += 1
        points = pattern_points(multiset)
        bound = points + 5 + min(multiset.count(JACK), 4)
        best_pattern = max(best_pattern, points)
        if bound > best_bound:
            best_bound, at_best = bound, [multiset]
        elif bound == best_bound:
            at_best.append(multiset)
    witness, reached = None, None
    if deck in WITNESSES:
        *hand, starter = parse_cards(WITNESSES[deck].split())
        witness = best_declaration(hand, starter)
        reached = witness.score.total
    return {
        "deck": deck,
        "multisets": visited,
        "best_rank_points": best_pattern,
        "bound": best_bound,
        "bound_reached_by": [list(m) for m in at_best],
        "witness": [c.code for c in (*witness.hand, witness.starter)] if witness else None,
        "witness_total": reached,
        "ceiling": best_bound if reached == best_bound else None,
    }
