"""Every (4-card hand, starter) deal from one 52-card deck: 270,725 hands x 48 starters = 12,994,800.

Each deal is scored by the batch scorer that serves ``/v1/batch/show`` (no combinatorial shortcut),
so this enumeration is both the proof of the scorer (it must reproduce the published distribution)
and its benchmark (``muggins enumerate``).
"""

from __future__ import annotations

import time
from itertools import combinations
from typing import Iterator

import numpy as np

from .batch import score_deals

DECK_SIZE = 52
DEALS = 12_994_800


def all_hands() -> np.ndarray:
    """The 270,725 four-card hands as sorted card indices (uint8, N x 4)."""
    return np.array(list(combinations(range(DECK_SIZE), 4)), dtype=np.uint8)


def deals_in_chunks(hands_per_chunk: int = 20_000) -> Iterator[np.ndarray]:
    """Yield all deals (N x 5, starter last) in chunks, each hand with its 48 possible starters."""
    hands = all_hands()
    deck = np.arange(DECK_SIZE, dtype=np.uint8)
    for start in range(0, len(hands), hands_per_chunk):
        chunk = hands[start:start + hands_per_chunk]
        # For each hand, the 48 cards not in it: mask out the hand's four cards from the deck.
        in_hand = np.zeros((len(chunk), DECK_SIZE), dtype=bool)
        np.put_along_axis(in_hand, chunk.astype(np.intp), True, axis=1)
        starters = np.broadcast_to(deck, in_hand.shape)[~in_hand].reshape(len(chunk), 48)
        deals = np.empty((len(chunk), 48, 5), dtype=np.uint8)
        deals[:, :, :4] = chunk[:, None, :]
        deals[:, :, 4] = starters
        yield deals.reshape(-1, 5)


def enumerate_distribution(crib: bool = False) -> dict:
    """Score every deal; return ``{"distribution": {score: count}, "hands": N, "seconds": s}``."""
    counts = np.zeros(64, dtype=np.int64)
    total = 0
    started = time.perf_counter()
    for deals in deals_in_chunks():
        counts += np.bincount(score_deals(deals, crib), minlength=64)
        total += len(deals)
    seconds = time.perf_counter() - started
    distribution = {str(score): int(n) for score, n in enumerate(counts) if n}
    return {"distribution": distribution, "hands": total, "seconds": round(seconds, 3)}
