"""The Mastermind ceiling and the speed of the best-declaration search.

    .venv/bin/python -m bench.ceiling

1. Exhaustive search (service.rules.ceiling.show_ceiling): every rank multiset the 63-card Mastermind
   deck can deal, bounded by rank points + 5 (flush) + 1 per jack (nobs); the best bound is 45, five
   fives, and 5H 5H* W SW M (wild cards declared as the 5H) scores 45: the ceiling is 45.
   The fast rank-points function the search uses is checked against the itemizing show scorer on
   every multiset first.
2. Latency of best_declaration for hands with three undeclared wild cards (cold: rank-points cache
   cleared before each hand; warm: cache kept), over a fixed sample of deals.
"""

from __future__ import annotations

import random
import statistics
import time

from service.rules.cards import STANDARD_DECK, Card
from service.rules.ceiling import feasible, show_ceiling, token_limits
from service.rules.declarations import SUPER_ACE_TOKEN, best_declaration, pattern_points
from service.rules.show import score_show
from service.rules.special_cards import SUPER_ACE, ZERO, make_card


def check_pattern_points(deck: str = "mastermind") -> int:
    """pattern_points == the reference scorer's fifteens + pairs + runs, on every multiset."""
    from itertools import combinations_with_replacement

    tokens = sorted(t for t, n in token_limits(deck).items() if n > 0)
    checked = 0
    for multiset in combinations_with_replacement(tokens, 5):
        if not feasible(multiset, deck):
            continue
        cards = [make_card(SUPER_ACE) if t == SUPER_ACE_TOKEN else make_card(ZERO) if t == 0
                 else Card(t, "S") for t in multiset]
        reference = sum(i.points for i in score_show(cards[:-1], cards[-1]).items
                        if i.kind in ("fifteen", "pair", "run"))
        assert pattern_points(multiset) == reference, multiset
        checked += 1
    return checked


def latency(wilds: int = 3, deals: int = 300, seed: int = 3) -> dict:
    rng = random.Random(seed)
    kinds = ["W", "W", "SW", "SW", "M"][:wilds]
    from service.rules.cards import parse_cards

    wild_cards = parse_cards(kinds)
    cold, warm = [], []
    for _ in range(deals):
        fixed = rng.sample(STANDARD_DECK, 5 - wilds)
        cards = fixed + wild_cards
        rng.shuffle(cards)
        hand, starter = cards[:4], cards[4]
        pattern_points.cache_clear()
        start = time.perf_counter()
        best_declaration(hand, starter)
        cold.append((time.perf_counter() - start) * 1000)
        start = time.perf_counter()
        best_declaration(hand, starter)
        warm.append((time.perf_counter() - start) * 1000)

    def summary(ms):
        ms = sorted(ms)
        return {"median_ms": round(statistics.median(ms), 2), "p99_ms": round(ms[int(len(ms) * 0.99) - 1], 2),
                "max_ms": round(ms[-1], 2)}

    return {"wilds": wilds, "deals": deals, "cold": summary(cold), "warm": summary(warm)}


def main() -> None:
    start = time.perf_counter()
    checked = check_pattern_points()
    print(f"rank points checked against the show scorer on {checked:,} multisets "
          f"({time.perf_counter() - start:.2f} s)")
    start = time.perf_counter()
    result = show_ceiling("mastermind")
    print(f"mastermind: {result['multisets']:,} multisets searched in {time.perf_counter() - start:.2f} s; "
          f"best bound {result['bound']} by {result['bound_reached_by']}; "
          f"witness {' '.join(result['witness'])} "
          f"scores {result['witness_total']}; ceiling {result['ceiling']}")
    for wilds in (1, 2, 3, 4, 5):
        print("best_declaration", latency(wilds, deals=300 if wilds <= 3 else 60))


if __name__ == "__main__":
    main()
