"""The best declaration: which cards undeclared wild cards should stand for to score the most.

Mastermind (RULINGS.md): a claim may declare each wild card; where it does not, the auditor finds the
declaration that scores most and reports it. A show's points split into a part that depends only on
ranks (fifteens, pairs, runs: :func:`pattern_points`) and a part that depends on suits (flush, nobs,
at most ``hand size + 1`` and one per jack). The search walks the wild cards' rank multisets, best
rank points first, and stops as soon as no remaining multiset can beat the best found even with a
flush and nobs, so three wild cards take a few milliseconds (bench/ceiling.py, docs/performance.md)::

    >>> from service.rules.cards import parse_cards
    >>> *hand, starter = parse_cards(["5H", "5H*", "W", "SW", "M"])
    >>> best = best_declaration(hand, starter)
    >>> best.score.total, [c.code for c in best.hand], best.starter.code
    (45, ['5H', '5H*', 'W=5H', 'SW=5H'], 'M=5H')
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from functools import cache
from itertools import combinations_with_replacement
from typing import Sequence

from .cards import JACK, SUITS, Card
from .show import ShowScore, flush, nobs, score_show
from .special_cards import SUPER_ACE, WILD_KINDS, ZERO, declare, is_undeclared_wild

SUPER_ACE_TOKEN = 14
"""Rank token of the Super Ace in :func:`pattern_points` (Zero is 0, standard ranks 1-13)."""


def rank_token(card: Card) -> int:
    """The token a (declared) card has in :func:`pattern_points`."""
    return SUPER_ACE_TOKEN if card.special == SUPER_ACE else card.rank


@cache
def pattern_points(tokens: tuple[int, ...]) -> int:
    """Points of fifteens + pairs + runs of a multiset of rank tokens (sorted tuple), specials too.

    Same rules as :mod:`service.rules.show` (tests compare the two on every multiset): the Zero
    (token 0) adds a distinct combination to every fifteen and runs 0-A-2; the Super Ace (token 14)
    pairs every ace and is worth 1 or 11, low ace or high ace.

    >>> pattern_points((5, 5, 5, 5, 5)), pattern_points((0, 5, 5, 5, 11)), pattern_points((4, 14))
    (40, 22, 2)
    """
    return _fifteens(tokens) + _pairs(tokens) + _runs(tokens)


def _subset_sums(values: Sequence[int]) -> list[int]:
    ways = [1] + [0] * 15
    for value in values:
        for total in range(15, value - 1, -1):
            ways[total] += ways[total - value]
    return ways


def _fifteens(tokens: Sequence[int]) -> int:
    supers = tokens.count(SUPER_ACE_TOKEN)
    values = [min(t, 10) for t in tokens if t != SUPER_ACE_TOKEN]
    if supers == 0:
        return 2 * _subset_sums(values)[15]
    if supers > 1:  # one Super Ace per deck; several would need the general product of values
        cards = [Card(1, None, SUPER_ACE) if t == SUPER_ACE_TOKEN else Card(t, "S") for t in tokens]
        return sum(i.points for i in score_show(cards[:-1], cards[-1]).items if i.kind == "fifteen")
    ways = _subset_sums(values)
    return 2 * (ways[15] + ways[14] + ways[4])  # without it; with it as 1; with it as 11


def _pairs(tokens: Sequence[int]) -> int:
    counts: dict[int, int] = {}
    for token in tokens:
        rank = 1 if token == SUPER_ACE_TOKEN else token
        counts[rank] = counts.get(rank, 0) + 1
    return sum(n * (n - 1) for n in counts.values())


def _runs(tokens: Sequence[int]) -> int:
    counts = [0] * 15  # run ranks 0 (Zero) .. 14 (high ace)
    for token in tokens:
        if token == SUPER_ACE_TOKEN:
            counts[1] += 1
            counts[14] += 1
        else:
            counts[token] += 1
    points, start = 0, None
    for rank in range(16):
        present = rank < 15 and counts[rank] > 0
        if present and start is None:
            start = rank
        elif not present and start is not None:
            if rank - start >= 3:
                multiplicity = 1
                for r in range(start, rank):
                    multiplicity *= counts[r]
                points += (rank - start) * multiplicity
            start = None
    return points


@dataclass(frozen=True, slots=True)
class Declared:
    """A show with every wild card declared: the cards, their count, and what was declared."""

    hand: tuple[Card, ...]
    starter: Card
    score: ShowScore
    declared: tuple[tuple[str, int, Card], ...]  # (field, index, declared card) for each wild found

    def declarations(self) -> list[dict]:
        return [{"field": f, "index": i, "card": c.code} for f, i, c in self.declared]


def _suit_bonus(hand: Sequence[Card], starter: Card, crib: bool) -> int:
    """Flush + nobs points (what depends on suits), counted by the show's own rules."""
    return sum(item.points for item in flush(hand, starter, crib) + nobs(hand, starter))


def best_declaration(hand: Sequence[Card], starter: Card, crib: bool = False,
                     profile=None) -> Declared:
    """Declare every undeclared wild card (hand or starter) so the show scores most.

    ``crib`` counts the cards as a crib (a flush needs the starter too, unless the profile's
    ``crib_flush`` is ``four``). Declared wild cards keep their declarations. Ties go to the
    declaration found first (highest rank points first).
    """
    crib_flush_five = crib if profile is None else profile.crib_flush_five(crib)
    cards = (*hand, starter)
    wild_positions = [i for i, card in enumerate(cards) if is_undeclared_wild(card)]
    if not wild_positions:
        return Declared(tuple(hand), starter, score_show(hand, starter, crib_flush_five), ())
    fixed = tuple(rank_token(c) for i, c in enumerate(cards) if i not in wild_positions)
    hand_size = len(hand)
    flush_bound = _flush_bound(cards, hand_size, wild_positions, crib_flush_five)
    nobs_possible = starter.suit is not None or hand_size in wild_positions
    fixed_hand_jacks = sum(1 for i, c in enumerate(hand) if c.rank == JACK and i not in wild_positions)
    candidates = []
    for ranks in combinations_with_replacement(range(1, 14), len(wild_positions)):
        points = pattern_points(tuple(sorted(fixed + ranks)))
        jacks = fixed_hand_jacks + ranks.count(JACK) if nobs_possible else 0
        candidates.append((points + flush_bound + jacks, points, ranks))
    candidates.sort(key=lambda c: (-c[0], -c[1]))
    best_total, best_cards = -1, None
    for bound, points, ranks in candidates:
        if bound <= best_total:
            break
        bonus, chosen = _best_suits(cards, hand_size, wild_positions, ranks, crib_flush_five)
        if points + bonus > best_total:
            best_total, best_cards = points + bonus, chosen
    *declared_hand, declared_starter = best_cards
    score = score_show(declared_hand, declared_starter, crib_flush_five)
    found = tuple(("starter", 0, best_cards[i]) if i == hand_size else ("hand", i, best_cards[i])
                  for i in wild_positions)
    return Declared(tuple(declared_hand), declared_starter, score, found)


def _flush_bound(cards, hand_size, wild_positions, crib_flush_five) -> int:
    """The most a flush can add: no flush when the fixed hand cards differ in suit or lack one."""
    hand_suits = {c.suit for i, c in enumerate(cards[:hand_size]) if i not in wild_positions}
    if None in hand_suits or len(hand_suits) > 1:
        return 0
    starter = cards[hand_size]
    if hand_size in wild_positions or not hand_suits or starter.suit in hand_suits:
        return hand_size + 1
    return 0 if crib_flush_five else hand_size


def _suit_plans(cards, hand_size, wild_positions, order) -> list[dict[int, str]]:
    """Suit choices for the wild cards that can be best: every wild card of one suit (a flush in
    each suit), or wild jacks in the hand following the starter's suit (nobs)."""
    plans = [dict.fromkeys(wild_positions, suit) for suit in SUITS]
    starter = cards[hand_size]
    if hand_size in wild_positions:
        fixed_jack_suits = [c.suit for i, c in enumerate(cards[:hand_size])
                            if c.rank == JACK and i not in wild_positions]
        nobs_suit = max(SUITS, key=fixed_jack_suits.count)
    else:
        nobs_suit = starter.suit
    if nobs_suit is not None:
        plans.append(dict.fromkeys(wild_positions, nobs_suit))
        hand_suit = next((c.suit for i, c in enumerate(cards[:hand_size])
                          if i not in wild_positions and c.suit), nobs_suit)
        plans.append({p: nobs_suit if p == hand_size or rank == JACK else hand_suit
                      for p, rank in zip(wild_positions, order)})
    return plans


def _best_suits(cards, hand_size, wild_positions, ranks, crib_flush_five):
    """The best flush + nobs for wild cards of these ranks: which wild card (hand or starter)
    takes which rank only matters for the starter, so each distinct starter rank is tried."""
    if hand_size in wild_positions:
        starter_index = wild_positions.index(hand_size)
        orders = []
        for rank in dict.fromkeys(ranks):
            rest = list(ranks)
            rest.remove(rank)
            orders.append(tuple(rest[:starter_index]) + (rank,) + tuple(rest[starter_index:]))
    else:
        orders = [ranks]
    best_bonus, best_cards = -1, None
    for order in orders:
        for plan in _suit_plans(cards, hand_size, wild_positions, order):
            trial = list(cards)
            for position, rank in zip(wild_positions, order):
                trial[position] = declare(cards[position], show_as=Card(rank, plan[position]),
                                          play_as=cards[position].play_as)
            bonus = _suit_bonus(trial[:hand_size], trial[hand_size], crib_flush_five)
            if bonus > best_bonus:
                best_bonus, best_cards = bonus, trial
    return best_bonus, best_cards


def has_undeclared_wild(cards: Sequence[Card]) -> bool:
    return any(is_undeclared_wild(card) for card in cards)


def take_claimed_declarations(hand: Sequence[Card], starter: Card, claimed_items):
    """A claim declares a wild card by naming it declared in its items (``W=7H``): the hand's
    undeclared Wild becomes ``W=7H`` (RULINGS: "a claim may declare each wild card").

    >>> from service.rules.cards import parse_cards
    >>> from service.rules.spoken_claims import ClaimedItem
    >>> claim = [ClaimedItem("fifteen", tuple(parse_cards(["W=7H", "8C"])))]
    >>> hand, starter = take_claimed_declarations(parse_cards(["W", "8C"]), parse_cards(["9S"])[0], claim)
    >>> [c.code for c in hand]
    ['W=7H', '8C']
    """
    if claimed_items is None or isinstance(claimed_items, str):  # the spoken count names no cards
        return list(hand), starter
    cards = [*hand, starter]
    for claimed in (card for item in claimed_items for card in item.cards or ()):
        if claimed.special not in WILD_KINDS or claimed.show_as is None or claimed in cards:
            continue
        for position, card in enumerate(cards):
            if is_undeclared_wild(card) and card.special == claimed.special:
                cards[position] = declare(card, show_as=claimed.show_as, play_as=card.play_as)
                break
    return cards[:-1], cards[-1]


def restate_claimed_items(items: Sequence, before: Sequence[Card], declared: Declared) -> list:
    """Claimed items that name a wild card left undeclared (``W``) name it as declared (``W=5H``),
    so they match the count's combinations. ``before``: the hand and starter as claimed."""
    after = [*declared.hand, declared.starter]
    mapping = {}
    for original, now in zip(before, after):
        if original != now:
            mapping.setdefault(original, now)
    if not mapping:
        return list(items)
    return [dataclasses.replace(item, cards=tuple(mapping.get(c, c) for c in item.cards))
            if item.cards else item for item in items]

