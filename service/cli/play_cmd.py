"""``muggins play PLAY... [--players N] [--start N] [--hand N:CARDS] [--json]``: score the pegging."""

from __future__ import annotations

import re

from schemas.play import PlayRequestSchema, PlayResponseSchema
from service.rules.cards import CardError, parse_card, parse_cards
from service.rules.play import Pegging, PlayInputError, score_play
from service.rules.profiles import UnknownProfile, get_profile

from .common import UsageError, load_request, print_json

EPILOG = """\
Each PLAY is a card (KH, 10d, 5♥) or "go". Prefix it with pN: to name the player (p1:KH, p0:go;
players are numbered from 0, clockwise). Without a prefix it goes to whoever's turn it is under
the rules: player --start (0) leads, play goes round, after a go the others play on, and a card
that cannot fit the count once everyone else has said go starts the next series, led by the player
after the last to lay a card. So the seed's Bill and Judy deal is simply

    muggins play KH 9D QH go 8D JH 8C go JS 7H

With --hand the players' cards are known and illegal plays are flagged fully (a card not held,
a go while holding a card that fits); without, only what the plays prove.
"""

PREFIX = re.compile(r"^[pP](\d):(.+)$")


def add_parser(subparsers) -> None:
    parser = subparsers.add_parser(
        "play", help="score the play (pegging) card by card",
        description="Score the play: the running count, each play's points with the reasons, "
                    "illegal plays flagged, and the points pegged per player.",
        epilog=EPILOG, formatter_class=_raw_epilog())
    parser.add_argument("plays", nargs="+", metavar="PLAY", help="a card or go, optionally pN:-prefixed")
    parser.add_argument("--players", type=int, default=None, choices=(2, 3, 4),
                        help="players at the table (default: the profile's, 2)")
    parser.add_argument("--start", type=int, default=0, help="the player who leads (default 0)")
    parser.add_argument("--hand", action="append", default=[], metavar="N:CARDS",
                        help="a player's cards for the play, e.g. --hand 0:KH,QH,JH,JS (repeatable)")
    parser.add_argument("--rules", default="standard", help="rule profile (default standard)")
    parser.add_argument("--json", action="store_true", help="print JSON as /v1/play returns")
    parser.set_defaults(run=run)


def _raw_epilog():
    import argparse

    return argparse.RawDescriptionHelpFormatter


def _hands(specs: list[str]) -> dict:
    hands = {}
    for spec in specs:
        player, _, tokens = spec.partition(":")
        if not player.isdecimal() or not tokens:
            raise UsageError(f"play: --hand {spec!r}: write N:CARDS, e.g. 0:KH,QH,JH,JS")
        try:
            hands[int(player)] = parse_cards(t for t in re.split(r"[,\s]+", tokens) if t)
        except CardError as error:
            raise UsageError(f"play: --hand {spec!r}: {error.token!r} is not a card: {error.reason}") from None
    return hands


def score_args(args):
    """Assign each play to its player, then validate and score as ``POST /v1/play`` does."""
    try:
        profile = get_profile(args.rules)
    except UnknownProfile:
        raise UsageError(f"play: unknown rule profile {args.rules!r}") from None
    players = args.players or profile.players
    hands = _hands(args.hand)
    plays = []
    try:
        table = Pegging(players, profile, hands, args.start)
        for token in args.plays:
            match = PREFIX.match(token)
            text = match.group(2) if match else token
            try:
                card = None if text.lower() == "go" else parse_card(text)
            except CardError as error:
                raise UsageError(f"play: {error.token!r} is neither go nor a card: {error.reason}") from None
            player = int(match.group(1)) if match else table.player_for(card)
            plays.append({"player": player, "go": True} if card is None else
                         {"player": player, "card": card.code})
            table.go(player) if card is None else table.lay(player, card)
    except PlayInputError as error:
        raise UsageError(f"play: {_where(error.path, args.plays)}{error.message}") from None
    body = {"players": players, "plays": plays, "start": args.start, "rules": args.rules,
            "hands": {str(p): [c.code for c in cards] for p, cards in hands.items()}}
    request = load_request(PlayRequestSchema(), body, "play",
                           describe=lambda error: _where(_path(error["pointer"]), args.plays) + error["message"])
    return score_play(request["players"], [(p["player"], p.get("card")) for p in request["plays"]],
                      hands=request.get("hands"), start=request.get("start"), profile=request["rules"])


def _path(pointer: str) -> tuple:
    return tuple(int(p) if p.isdecimal() else p for p in pointer.strip("/").split("/"))


def _where(path: tuple, tokens: list[str]) -> str:
    if len(path) >= 2 and path[0] == "plays":
        return f"play {path[1] + 1} ({tokens[path[1]]}): "
    if path and path[0] == "hands":
        return f"--hand {path[1]}: " if len(path) > 1 else "--hand: "
    return f"--{path[0]}: " if path and path[0] else ""


def run(args) -> int:
    from service.api.play import play_body  # the same body the API returns

    result = score_args(args)
    if args.json:
        print_json(PlayResponseSchema().dump(play_body(result)))
        return 0
    print(format_plays(result))
    return 0


def format_plays(result) -> str:
    """A table as the play is called: who, what, the count, the points and why, any flags."""
    lines = [f"{'#':>2}  {'player':<6}  {'play':<5} {'count':>5} {'pts':>4}  reasons"]
    series = 1
    for play in result.plays:
        if play.series != series:
            series = play.series
            lines.append(f"    -- series {series} --")
        what = "go" if play.go else play.card.code
        why = ", ".join(item.reason for item in play.items)
        flags = "".join(f"  [{flag.code}: {flag.message}]" for flag in play.flags)
        points = str(play.points) if play.points else ""
        lines.append(f"{play.index + 1:>2}  p{play.player:<5}  {what:<5} {play.count:>5} {points:>4}  "
                     f"{why}{flags}".rstrip())
    totals = ", ".join(f"p{p} {points}" for p, points in enumerate(result.totals))
    lines.append(f"totals: {totals}")
    if result.sides is not None:
        lines.append(f"sides: p0+p2 {result.sides[0]}, p1+p3 {result.sides[1]}")
    if not result.finished:
        lines.append("(cards remain: a last series still open has no go point yet)")
    return "\n".join(lines)
