"""Our scorers against ``cribbage-scorer`` (PyPI), on the same random deals in the same run.

    .venv/bin/python -m bench.scorers [--deals 20000] [--seed 1]

Prints hands/s of: cribbage-scorer's ``show_calc_score`` (the baseline), our batch scorer
(:func:`service.rules.batch.score_deals`, numpy lookup tables) and our itemized scorer
(:func:`service.rules.show.score_show`, every combination with its cards), each as a ratio to the
baseline, and checks that all three agree on every total, hand and crib rules.
"""

from __future__ import annotations

import argparse
import sys
import time

import numpy as np
from cribbage_scorer import cribbage_scorer

from service.rules.batch import score_deals
from service.rules.cards import STANDARD_DECK
from service.rules.show import score_show

from .machine import header, rate

BATCH_DEALS = 2_000_000  # the batch scorer needs many deals to be timed at all


def random_deals(count: int, seed: int) -> np.ndarray:
    """``count`` deals of 5 distinct card indices (4 hand cards, starter last), uint8."""
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((count, 52)), axis=1)[:, :5].astype(np.uint8)


def as_cribbage_scorer(deal) -> tuple[tuple, list[tuple]]:
    """Our deal -> cribbage-scorer's ``(starter, hand)``, cards as ``(rank 1..13, suit letter)``."""
    cards = [(STANDARD_DECK[i].rank, STANDARD_DECK[i].suit) for i in deal]
    return cards[4], cards[:4]


def time_cribbage_scorer(deals: np.ndarray, crib: bool) -> tuple[list[int], float]:
    """Totals from cribbage-scorer and the seconds it took (conversion excluded)."""
    converted = [as_cribbage_scorer(deal) for deal in deals.tolist()]
    started = time.perf_counter()
    totals = [cribbage_scorer.show_calc_score(starter, hand, crib)[0] for starter, hand in converted]
    return totals, time.perf_counter() - started


def time_batch(deals: np.ndarray, crib: bool) -> tuple[np.ndarray, float]:
    score_deals(deals[:10], crib)  # tables built before timing
    started = time.perf_counter()
    totals = score_deals(deals, crib)
    return totals, time.perf_counter() - started


def time_itemized(deals: np.ndarray, crib: bool) -> tuple[list[int], float]:
    converted = [[STANDARD_DECK[i] for i in deal] for deal in deals.tolist()]
    started = time.perf_counter()
    totals = [score_show(cards[:4], cards[4], crib).total for cards in converted]
    return totals, time.perf_counter() - started


def disagreements(ours, theirs, deals) -> list[str]:
    return [f"{' '.join(STANDARD_DECK[i].code for i in deal)}: ours {a}, cribbage-scorer {b}"
            for a, b, deal in zip(ours, theirs, deals.tolist()) if a != b]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.scorers", description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=20_000, help="deals for the pure-Python scorers")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    header("bench.scorers: batch and itemized scorers vs cribbage-scorer 0.2.5 (same deals, same run)")
    deals = random_deals(max(BATCH_DEALS, args.deals), args.seed)
    sample = deals[:args.deals]
    failures = 0
    for crib in (False, True):
        rules = "crib" if crib else "hand"
        theirs, their_seconds = time_cribbage_scorer(sample, crib)
        batch, batch_seconds = time_batch(deals, crib)
        itemized, itemized_seconds = time_itemized(sample, crib)
        baseline = len(sample) / their_seconds
        print(f"[{rules} rules]")
        print(f"  cribbage-scorer show_calc_score: {len(sample):>9,} deals in {their_seconds:7.3f} s "
              f"= {rate(len(sample), their_seconds):>14} (baseline, 1.0x)")
        print(f"  muggins batch score_deals:       {len(deals):>9,} deals in {batch_seconds:7.3f} s "
              f"= {rate(len(deals), batch_seconds):>14} "
              f"({len(deals) / batch_seconds / baseline:,.0f}x the baseline)")
        print(f"  muggins itemized score_show:     {len(sample):>9,} deals in {itemized_seconds:7.3f} s "
              f"= {rate(len(sample), itemized_seconds):>14} "
              f"({len(sample) / itemized_seconds / baseline:.2f}x the baseline)")
        batch_sample = batch[:len(sample)].tolist()
        differ = disagreements(batch_sample, theirs, sample)
        itemized_differ = disagreements(batch_sample, itemized, sample)
        print(f"  totals: batch vs cribbage-scorer differ on {len(differ)} of {len(sample):,}; "
              f"batch vs itemized differ on {len(itemized_differ)}")
        for line in (differ + itemized_differ)[:10]:
            print("    " + line)
        failures += len(differ) + len(itemized_differ)
    print("agreement: " + ("all three scorers agree on every total" if not failures
                           else f"{failures} disagreements (see above)"))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
