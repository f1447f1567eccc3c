"""``muggins show HAND... STARTER [--crib] [--json]``: the breakdown a person reads aloud."""

from __future__ import annotations

from schemas.show import ShowRequestSchema, ShowResponseSchema
from service.api.show import show_body
from service.rules.show import ShowScore

from .common import CRIB_HELP, cards_from_args, load_request, print_json


def add_parser(subparsers) -> None:
    parser = subparsers.add_parser("show", help="count a hand or crib with its starter",
                                   description="Count a hand (or crib): the starter comes last.")
    parser.add_argument("cards", nargs="+", help="the hand's cards, then the starter, e.g. 5H 5D 5S JC 5C")
    parser.add_argument("--crib", action="store_true", help=CRIB_HELP)
    parser.add_argument("--rules", default="standard",
                        help="rule profile (default standard); e.g. mastermind for W, SW, M, ZERO, A*, 5H*")
    parser.add_argument("--json", action="store_true", help="print JSON as /v1/show returns")
    parser.set_defaults(run=run)


def run(args) -> int:
    """Validated and counted as ``POST /v1/show`` does (deck check, hand size for the profile, the
    best declaration of undeclared wild cards); ``--json`` prints the same body."""
    *hand, starter = cards_from_args(args.cards, "show")
    body = {"hand": [c.code for c in hand], "starter": starter.code, "crib": args.crib, "rules": args.rules}
    request = load_request(ShowRequestSchema(), body, "show")
    result = show_body(request["hand"], request["starter"], request["crib"], request["rules"])
    if args.json:
        print_json(ShowResponseSchema().dump(result))
        return 0
    for declared in result["declarations"]:
        print(f"declared {declared['card']} ({declared['field']})")
    print(format_breakdown(ShowScore(result["items"])))
    return 0


def format_breakdown(score) -> str:
    """One line per combination with the running count, as it is called at the table."""
    lines, running = [], 0
    for item in score.items:
        running += item.points
        lines.append(f"{item.kind:<8} {' '.join(item.codes):<18} {item.points:>2}   ({running})")
    lines.append(f"total {score.total}" if score.items else "total 0 (a \"19\" hand)")
    return "\n".join(lines)
