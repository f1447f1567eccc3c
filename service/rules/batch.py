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

Input is validated at the edge (the API and the CLI parse cards); this module trusts its arrays.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations_with_replacement

import numpy as np

from .cards import JACK
from .show import rank_pattern_points

RANKS = 13
_PLACE = np.array([RANKS**4, RANKS**3, RANKS**2, RANKS, 1], dtype=np.int32)


@cache
def rank_pattern_table() -> np.ndarray:
    """Points of fifteens + pairs + runs for every ordered 5-tuple of ranks (0-based), uint8."""
    by_sorted_code = np.zeros(RANKS**5, dtype=np.uint8)
    for ranks in combinations_with_replacement(range(RANKS), 5):  # 6,188 rank multisets
        by_sorted_code[np.dot(ranks, _PLACE)] = rank_pattern_points([r + 1 for r in ranks])
    every_tuple = np.indices((RANKS,) * 5, dtype=np.int32).reshape(5, -1).T
    every_tuple.sort(axis=1)
    return by_sorted_code[every_tuple @ _PLACE]


def score_deals(deals: np.ndarray, crib: bool | np.ndarray = False) -> np.ndarray:
    """Scores of ``deals`` (N x 5 card indices, starter last); ``crib`` scalar or per deal."""
    deals = np.asarray(deals)
    ranks = deals >> 2  # index = rank0 * 4 + suit
    suits = deals & 3
    points = rank_pattern_table()[ranks.astype(np.int32) @ _PLACE].astype(np.int16)

    hand_suit = suits[:, 0]
    four_flush = (suits[:, 1] == hand_suit) & (suits[:, 2] == hand_suit) & (suits[:, 3] == hand_suit)
    five_flush = four_flush & (suits[:, 4] == hand_suit)
    points += np.where(crib, 0, 4 * four_flush) + np.where(crib, 5, 1) * five_flush

    nobs = ((ranks[:, :4] == JACK - 1) & (suits[:, :4] == suits[:, 4:5])).any(axis=1)
    points += nobs
    return points


def score_deals_chunked(deals: np.ndarray, crib: bool = False, chunk: int = 1 << 20) -> np.ndarray:
    """:func:`score_deals` over large inputs in chunks that stay in cache-friendly memory."""
    out = np.empty(len(deals), dtype=np.int16)
    for start in range(0, len(deals), chunk):
        out[start:start + chunk] = score_deals(deals[start:start + chunk], crib)
    return out
