"""``muggins audit HAND... STARTER --claimed N [--items CALL] [--muggins-call N] [--crib] [--json]``:
check a claim."""

from __future__ import annotations

import json

from schemas.audit import AuditShowRequestSchema, AuditShowResponseSchema
from service.rules.show import ShowScore

from .common import CRIB_HELP, UsageError, hand_and_starter, load_request, print_json
from .show_cmd import format_breakdown


def add_parser(subparsers) -> None:
    parser = subparsers.add_parser(
        "audit", help="audit a claimed count of a hand or crib",
        description="Compare a claimed count with the canonical one: verdict, missed and invented "
                    "combinations, Muggins. The starter comes last.")
    parser.add_argument("cards", nargs="+", help="the hand's cards, then the starter, e.g. 5H 5D 5S JC 5C")
    parser.add_argument("--claimed", type=int, required=True, help="the total the player claims")
    parser.add_argument("--items", help='the spoken count, e.g. "fifteen 2, fifteen 4, pair 6", or a '
                                        'JSON list of items [{"kind": "fifteen", "cards": ["5H", "JC"]}]')
    add_muggins_call_option(parser)
    parser.add_argument("--crib", action="store_true", help=CRIB_HELP)
    parser.add_argument("--rules", default="standard", help="rule profile (default standard)")
    parser.add_argument("--json", action="store_true", help="print JSON as /v1/audit/show returns")
    parser.set_defaults(run=run)


def add_muggins_call_option(parser) -> None:
    """``--muggins-call N``: the request's ``muggins_call``."""
    parser.add_argument("--muggins-call", type=int, metavar="N",
                        help="the points an opponent calls \"Muggins!\" for: the caller pegs the lesser of "
                             "the call and the points missed (the called player pegs the call if none was)")


def request_from_args(args) -> dict:
    """The arguments as a /v1/audit/show request body, validated by the same schema."""
    hand, starter = hand_and_starter(args.cards, "audit", args.rules)
    body = {"hand": [c.code for c in hand], "starter": starter.code, "crib": args.crib,
            "rules": args.rules, "claimed": args.claimed}
    if args.muggins_call is not None:
        body["muggins_call"] = args.muggins_call
    if args.items is not None:
        items = args.items.strip()
        try:
            body["claimed_items"] = json.loads(items) if items.startswith("[") else items
        except json.JSONDecodeError as error:
            raise UsageError(f"audit: --items is not valid JSON: {error}") from None
    return load_request(AuditShowRequestSchema(), body, "audit", describe=_option_error)


def _option_error(error: dict) -> str:
    """Name the option the user typed: ``claimed_items`` came from ``--items``."""
    path = (error["pointer"].strip("/").replace("/", ".").replace("claimed_items", "--items")
            .replace("muggins_call", "--muggins-call"))
    return f"{path}: {error['message']}"


def run(args) -> int:
    from service.api.audit import audit_body  # the same body the API returns

    body = audit_body(request_from_args(args))
    if args.json:
        print_json(AuditShowResponseSchema().dump(body))
        return 0
    print(format_report(body))
    return 0


def _item_line(item) -> str:
    cards = " ".join(card.code for card in item.cards) if item.cards else "(no cards named)"
    points = getattr(item, "claimed_points", item.points)
    return f"  {item.kind:<8} {cards:<18} {points:>2}"


def format_report(body: dict) -> str:
    """The verdict first, then the canonical breakdown, then what was missed or invented."""
    head = {"correct": f"claimed {body['claimed']}: correct",
            "under": f"claimed {body['claimed']}, the count is {body['canonical']}: "
                     f"{body['missed']} missed",
            "over": f"claimed {body['claimed']}, the count is {body['canonical']}: "
                    f"{body['overclaimed']} over-claimed"}[body["verdict"]]
    lines = [head]
    if body["missed"]:
        lines.append(f"Muggins: {body['muggins_eligible']} to the opponent" if body["muggins_eligible"]
                     else "Muggins is off: nobody takes the missed points")
    award = body.get("muggins_award")
    if award:
        lines.append(f"Muggins! called for {award['called']}: the caller pegs {award['caller_pegs']}"
                     + (f", the called player {award['called_player_pegs']} (nothing was missed)"
                        if award["called_player_pegs"] else ""))
    if body["overclaimed"]:
        penalty = body["overclaim"]
        lines.append(f"retract {penalty['retract']}"
                     + (f", the opponent pegs {penalty['opponent_pegs']}" if penalty["opponent_pegs"]
                        else "") + f" (overpeg {penalty['overpeg']})")
    lines += ["", format_breakdown(ShowScore(list(body["score"]["items"])))]
    for title, key in (("missed", "missed_items"), ("invented", "invented_items")):
        if body.get(key):
            lines += ["", f"{title}:"] + [_item_line(item) for item in body[key]]
    if body.get("messages"):
        lines += [""] + body["messages"]
    return "\n".join(lines)

