"""``muggins show HAND... STARTER [--crib] [--json]``: the breakdown a person reads aloud."""

from __future__ import annotations

from service.rules.rarity import rarity
from service.rules.show import score_show

from .common import UsageError, cards_from_args, print_json


def add_parser(subparsers) -> None:
    parser = subparsers.add_parser("show", help="count a hand or crib with its starter",
                                   description="Count a hand (or crib): the starter comes last.")
    parser.add_argument("cards", nargs="+", help="the hand's cards, then the starter, e.g. 5H 5D 5S JC 5C")
    parser.add_argument("--crib", action="store_true", help="count as the crib (five-card flush only)")
    parser.add_argument("--json", action="store_true", help="print JSON as /v1/show returns")
    parser.set_defaults(run=run)


def run(args) -> int:
    cards = cards_from_args(args.cards, "show")
    if len(cards) != 5:
        raise UsageError(f"show: give 4 hand cards and the starter (5 cards), got {len(cards)}")
    *hand, starter = cards
    score = score_show(hand, starter, args.crib)
    if args.json:
        print_json({"total": score.total,
                    "items": [{"kind": i.kind, "cards": i.codes, "points": i.points} for i in score.items],
                    "by_kind": score.by_kind, "rarity": rarity(score.total, args.crib)})
        return 0
    print(format_breakdown(score))
    return 0


def format_breakdown(score) -> str:
    """One line per combination with the running count, as it is called at the table."""
    lines, running = [], 0
    for item in score.items:
        running += item.points
        lines.append(f"{item.kind:<8} {' '.join(item.codes):<18} {item.points:>2}   ({running})")
    lines.append(f"total {score.total}" if score.items else "total 0 (a \"19\" hand)")
    return "\n".join(lines)
