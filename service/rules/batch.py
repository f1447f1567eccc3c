"""Batch scoring of standard shows with lookup tables (the hot path).

A deal is five card indices (0..51, see :attr:`Card.index`): four hand cards, then the starter.
Fifteens, pairs and runs depend only on the five ranks, so they come from one table indexed by the
ranks in base 13 (371,293 entries, built once from :func:`service.rules.show.rank_pattern_points`,
the same code that itemizes a single hand). Flush and nobs are a few vectorized comparisons.

    >>> import numpy as np
    >>> from service.rules.cards import parse_cards
    >>> deal = np.array([[c.index for c in parse_cards(["5H", "5D", "5S", "JC", "5C"])]])
    >>> score_deals(deal).tolist()
    [29]
    >>> {kind: points.tolist() for kind, points in score_deals_by_kind(deal).items()}
    {'fifteen': [16], 'pair': [12], 'run': [0], 'flush': [0], 'nobs': [1]}

Input is validated at the edge (the API and the CLI parse cards); this module trusts its arrays.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations_with_replacement

import numpy as np

from .cards import JACK, Card
from .show import KINDS, fifteens, pairs, rank_pattern_points, runs

RANKS = 13
_PLACE = np.array([RANKS**4, RANKS**3, RANKS**2, RANKS, 1], dtype=np.int32)
RANK_PATTERN_KINDS = ("fifteen", "pair", "run")  # the kinds that depend on ranks alone


def _every_ordered_tuple(by_sorted_code: np.ndarray) -> np.ndarray:
    """Spread a table filled at sorted rank tuples to every ordering of them."""
    every_tuple = np.indices((RANKS,) * 5, dtype=np.int32).reshape(5, -1).T
    every_tuple.sort(axis=1)
    return by_sorted_code[every_tuple @ _PLACE]


@cache
def rank_pattern_table() -> np.ndarray:
    """Points of fifteens + pairs + runs for every ordered 5-tuple of ranks (0-based), uint8."""
    by_sorted_code = np.zeros(RANKS**5, dtype=np.uint8)
    for ranks in combinations_with_replacement(range(RANKS), 5):  # 6,188 rank multisets
        by_sorted_code[np.dot(ranks, _PLACE)] = rank_pattern_points([r + 1 for r in ranks])
    return _every_ordered_tuple(by_sorted_code)


@cache
def rank_pattern_kind_table() -> np.ndarray:
    """Like :func:`rank_pattern_table`, one column per kind of :data:`RANK_PATTERN_KINDS`.

    Built from the same rule functions, so its rows add up to :func:`rank_pattern_table`
    (the test suite checks every entry). Only itemized batches need it.
    """
    by_sorted_code = np.zeros((RANKS**5, len(RANK_PATTERN_KINDS)), dtype=np.uint8)
    for ranks in combinations_with_replacement(range(RANKS), 5):
        cards = [Card(r + 1, "S") for r in ranks]  # suits do not matter to these three rules
        by_sorted_code[np.dot(ranks, _PLACE)] = [sum(i.points for i in rule(cards))
                                                 for rule in (fifteens, pairs, runs)]
    return _every_ordered_tuple(by_sorted_code)


def _ranks_and_suits(deals: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    deals = np.asarray(deals)
    return deals >> 2, deals & 3  # index = rank0 * 4 + suit


def _rank_codes(ranks: np.ndarray) -> np.ndarray:
    """The five ranks of each deal in base 13 (Horner's rule on int32 columns: no int64 temporaries,
    faster than a matrix product)."""
    codes = ranks[:, 0].astype(np.int32)
    for column in range(1, 5):
        codes *= RANKS
        codes += ranks[:, column]
    return codes


def flush_points(suits: np.ndarray, crib: bool | np.ndarray = False) -> np.ndarray:
    """4 for a hand of one suit, 5 with the starter too; a crib scores only the five.

    >>> flush_points(np.array([[1, 1, 1, 1, 0], [1, 1, 1, 1, 1]]), crib=True).tolist()
    [0, 5]
    """
    hand_suit = suits[:, 0]
    four_flush = (suits[:, 1] == hand_suit) & (suits[:, 2] == hand_suit) & (suits[:, 3] == hand_suit)
    five_flush = four_flush & (suits[:, 4] == hand_suit)
    if np.ndim(crib) == 0:  # one rule for the whole batch: small integer arithmetic only
        return five_flush * np.int16(5) if crib else four_flush * np.int16(4) + five_flush
    return np.where(crib, 0, 4 * four_flush) + np.where(crib, 5, 1) * five_flush


def nobs_points(ranks: np.ndarray, suits: np.ndarray) -> np.ndarray:
    """1 when the hand holds the jack of the starter's suit (ranks 0-based).

    >>> nobs_points(np.array([[10, 1, 2, 3, 4]]), np.array([[2, 0, 0, 0, 2]])).astype(int).tolist()
    [1]
    """
    return ((ranks[:, :4] == JACK - 1) & (suits[:, :4] == suits[:, 4:5])).any(axis=1)


def score_deals(deals: np.ndarray, crib: bool | np.ndarray = False) -> np.ndarray:
    """Scores of ``deals`` (N x 5 card indices, starter last); ``crib`` scalar or per deal."""
    ranks, suits = _ranks_and_suits(deals)
    points = rank_pattern_table()[_rank_codes(ranks)].astype(np.int16)
    points += flush_points(suits, crib)
    points += nobs_points(ranks, suits)
    return points


def score_deals_by_kind(deals: np.ndarray, crib: bool | np.ndarray = False) -> dict[str, np.ndarray]:
    """Points per kind (keys :data:`service.rules.show.KINDS`) of each deal; they add up to
    :func:`score_deals`."""
    ranks, suits = _ranks_and_suits(deals)
    by_rank = rank_pattern_kind_table()[_rank_codes(ranks)].astype(np.int16)
    points = {kind: by_rank[:, i] for i, kind in enumerate(RANK_PATTERN_KINDS)}
    points["flush"] = flush_points(suits, crib).astype(np.int16)
    points["nobs"] = nobs_points(ranks, suits).astype(np.int16)
    return {kind: points[kind] for kind in KINDS}


def score_deals_chunked(deals: np.ndarray, crib: bool = False, chunk: int = 1 << 20) -> np.ndarray:
    """:func:`score_deals` over large inputs in chunks that stay in cache-friendly memory."""
    out = np.empty(len(deals), dtype=np.int16)
    for start in range(0, len(deals), chunk):
        out[start:start + chunk] = score_deals(deals[start:start + chunk], crib)
    return out
