"""``muggins enumerate [--crib] [--json]``: score all 12,994,800 deals (the scorer's benchmark)."""

from __future__ import annotations

from service.rules.enumeration import enumerate_distribution

from .common import print_json


def add_parser(subparsers) -> None:
    parser = subparsers.add_parser("enumerate", help="score every (hand, starter) deal",
                                   description="Score all 12,994,800 deals with the batch scorer.")
    parser.add_argument("--crib", action="store_true", help="crib rules (five-card flush only)")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    parser.set_defaults(run=run)


def run(args) -> int:
    result = enumerate_distribution(args.crib)
    if args.json:
        print_json(result)
        return 0
    for score, count in result["distribution"].items():
        print(f"{score:>3} {count:>10,}")
    rate = result["hands"] / result["seconds"]
    print(f"{result['hands']:,} deals in {result['seconds']} s ({rate:,.0f} deals/s)")
    return 0
