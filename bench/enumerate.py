"""The enumeration benchmark: all 12,994,800 (4-card hand, starter) deals through the batch scorer.

    .venv/bin/python -m bench.enumerate

Runs what ``muggins enumerate`` and ``muggins enumerate --crib`` run
(:func:`service.rules.enumeration.enumerate_distribution`), checks the hand distribution figure by
figure against the published table and the crib figures that are published, and prints deals/s
against the goal (2,000,000 deals/s) and against cribbage-scorer timed on 20,000 random deals in
the same run. Exits 1 when a figure differs or the goal is missed.
"""

from __future__ import annotations

import argparse
import sys

from service.rules.batch import rank_pattern_table
from service.rules.enumeration import DEALS, enumerate_distribution

from .machine import header
from .scorers import random_deals, time_cribbage_scorer

GOAL_DEALS_PER_SECOND = 2_000_000

# S. Lumetta, "Amusing Cribbage Facts" (also Wikipedia, "Cribbage statistics"), as quoted in issue 2:
# score -> number of the 12,994,800 deals, hand rules. 19, 25, 26 and 27 never occur.
PUBLISHED_HAND = {
    0: 1009008, 1: 99792, 2: 2813796, 3: 505008, 4: 2855676, 5: 697508, 6: 1800268, 7: 751324,
    8: 1137236, 9: 361224, 10: 388740, 11: 51680, 12: 317340, 13: 19656, 14: 90100, 15: 9168,
    16: 58248, 17: 11196, 18: 2708, 20: 8068, 21: 2496, 22: 444, 23: 356, 24: 3680, 28: 76, 29: 4,
}
PUBLISHED_HAND_POINTS = 61_974_180
PUBLISHED_CRIB = {"zeros": 1_022_208, "points": 61_528_020}  # only these two crib figures are quoted
BASELINE_SAMPLE = 20_000


def check(name: str, got, expected) -> bool:
    ok = got == expected
    print(f"  {'ok ' if ok else 'BAD'} {name}: {got:,}" + ("" if ok else f" (published {expected:,})"))
    return ok


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.enumerate", description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=2, help="runs per rule set; the fastest counts")
    args = parser.parse_args(argv)
    header("bench.enumerate: every deal through the batch scorer (muggins enumerate [--crib])")
    rank_pattern_table()  # built once per process (about a second), not part of the enumeration
    results = {}
    for crib in (False, True):
        runs = [enumerate_distribution(crib) for _ in range(max(1, args.repeat))]
        if any(run["distribution"] != runs[0]["distribution"] for run in runs):
            print("FAIL: two runs gave different distributions")
            return 1
        results[crib] = min(runs, key=lambda run: run["seconds"])
    hand = {int(s): n for s, n in results[False]["distribution"].items()}
    crib = {int(s): n for s, n in results[True]["distribution"].items()}
    print("distribution (hand rules) against the published table:")
    good = all([
        check("deals", results[False]["hands"], DEALS),
        check("scores that differ from the table", sum(hand.get(s) != PUBLISHED_HAND.get(s)
                                                       for s in set(hand) | set(PUBLISHED_HAND)), 0),
        check("total points", sum(s * n for s, n in hand.items()), PUBLISHED_HAND_POINTS),
    ])
    for score in sorted(set(hand) | set(PUBLISHED_HAND)):
        if hand.get(score) != PUBLISHED_HAND.get(score):
            print(f"      score {score}: {hand.get(score, 0):,} (published {PUBLISHED_HAND.get(score, 0):,})")
    print("crib rules:")
    good &= all([
        check("deals", results[True]["hands"], DEALS),
        check("deals scoring 0", crib.get(0, 0), PUBLISHED_CRIB["zeros"]),
        check("total points", sum(s * n for s, n in crib.items()), PUBLISHED_CRIB["points"]),
    ])

    sample = random_deals(BASELINE_SAMPLE, seed=1)
    print(f"speed (deals/s, generating the deals included; fastest of {max(1, args.repeat)} runs):")
    for crib_rules in (False, True):
        baseline = len(sample) / time_cribbage_scorer(sample, crib_rules)[1]
        seconds = results[crib_rules]["seconds"]
        speed = DEALS / seconds
        print(f"  muggins enumerate{' --crib' if crib_rules else '       '}: {DEALS:,} deals in {seconds:.2f} s"
              f" = {speed:,.0f} deals/s = {speed / GOAL_DEALS_PER_SECOND:.2f}x the goal of "
              f"{GOAL_DEALS_PER_SECOND:,}; {speed / baseline:,.0f}x cribbage-scorer, which did "
              f"{baseline:,.0f} deals/s on {len(sample):,} random deals ({DEALS / baseline / 60:.0f} min for all)")
        good &= speed >= GOAL_DEALS_PER_SECOND
    print("result: " + ("PASS (table reproduced exactly, goal met)" if good else "FAIL"))
    return 0 if good else 1


if __name__ == "__main__":
    sys.exit(main())
