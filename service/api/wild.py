"""``/v1/wild/board``: WILD Cribbage cards drawn and points scored, under the Stink Hole rule."""

from __future__ import annotations

from flask.views import MethodView
from flask_smorest import Blueprint

from schemas.wild import BoardRequestSchema, BoardResponseSchema
from service.rules.wild_cards import EFFECTS
from service.rules.wild_cribbage import WildBoard, count_cribs

blp = Blueprint("wild", __name__, url_prefix="/v1/wild",
                description="WILD Cribbage: what drawn WILD cards do to the pegs (Stink Hole, doubles, "
                            "WILD crib).")


@blp.route("/board")
class Board(MethodView):
    @blp.arguments(BoardRequestSchema())
    @blp.response(200, BoardResponseSchema)
    def post(self, args):
        """Replay WILD cards drawn, points pegged and hands shown, in order.

        Each entry says what was pegged, what the Stink Hole ignored and who was frozen or freed.
        Scores are kept per side (partners together; in captain's cribbage the `captain` against
        the two others); the game ends the instant a side reaches its target (`game`), and later
        events are ignored. With `first_dealer` under `three_for_last`, the pone pegs 3 first.
        """
        profile = args["rules"]
        board = WildBoard(profile, scores=list(args.get("scores") or []), captain=args["captain"])
        entries = []
        if args.get("first_dealer") is not None and profile.three_for_last == "on":
            pone = (args["first_dealer"] + 1) % profile.players
            entries.append(board.peg(pone, 3, "three_for_last"))
        for event in args["events"]:
            player = event["player"]
            if "card" in event:
                entries.append(board.draw(player, event["card"]))
            elif "peg" in event:
                entries.append(board.peg(player, event["peg"], event["kind"]))
            elif "show" in event:
                shown = event["show"]
                entries.append(board.show(player, shown["hand"], shown["starter"], shown["crib"]))
            else:
                cribs = event["cribs"]
                entries.extend(count_cribs(board, player, cribs["starter"], cribs["crib"],
                                           cribs.get("wild_crib")))
        return {"entries": entries, "scores": board.scores, "game": board.over, "frozen": sorted(board.frozen),
                "effects": EFFECTS, "rules": profile.as_dict()}
