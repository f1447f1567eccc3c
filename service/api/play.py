"""``/v1/play`` and ``/v1/audit/play``: score the pegging, audit what each player pegged."""

from __future__ import annotations

from flask.views import MethodView
from flask_smorest import Blueprint, abort

from schemas.play import (AuditPlayRequestSchema, AuditPlayResponseSchema, PlayRequestSchema,
                          PlayResponseSchema, error_messages)
from service.rules.play import PlayInputError, PlayResult, score_play
from service.rules.play_audit import audit_play
from service.rules.wild_cribbage import play_notes

blp = Blueprint("play", __name__, url_prefix="/v1",
                description="Score the play (pegging) card by card, and audit the points pegged.")


def scored(args: dict) -> PlayResult:
    """Score the plays of a validated request; input that is no deal is a 422 naming the play."""
    try:
        return score_play(args["players"], [(p["player"], p.get("card")) for p in args["plays"]],
                          hands=args.get("hands"), start=args.get("start"), profile=args["rules"])
    except PlayInputError as error:
        abort(422, errors={"json": error_messages(error.path, error.message)})


def play_body(result: PlayResult) -> dict:
    """The response body of /v1/play."""
    return {"players": result.players, "plays": result.plays, "totals": result.totals,
            "sides": result.sides, "finished": result.finished, "next_player": result.next_player,
            "notes": play_notes(result.profile), "rules": result.profile.as_dict()}


@blp.route("/play")
class Play(MethodView):
    @blp.arguments(PlayRequestSchema())
    @blp.response(200, PlayResponseSchema)
    def post(self, args):
        """Score the play (pegging).

        Every play with the running count, its points and the reason for each (fifteen, 31, pair,
        pair royal, double pair royal, run, go, last card), its series, and flags for illegal plays;
        the points pegged per player, and per side where players share a side (four players'
        partnerships; in captain's cribbage the captain against the other two).
        """
        return play_body(scored(args))


@blp.route("/audit/play")
class AuditPlay(MethodView):
    @blp.arguments(AuditPlayRequestSchema())
    @blp.response(200, AuditPlayResponseSchema)
    def post(self, args):
        """Audit the points pegged in the play.

        The body of /v1/play with the points claimed for each play (`claimed` on each play, or a
        `claims` list). Each play gets a verdict (correct, under, over) with the points missed or
        over-claimed; per player (and side), the totals missed, over-claimed and Muggins-eligible.
        """
        result = scored(args)
        audit = audit_play(result, args["claims"])
        body = play_body(result)
        body["plays"] = [{**_fields(play), **verdict} for play, verdict in zip(result.plays, audit.plays)]
        body.update(audit=audit.players, audit_sides=audit.sides, muggins=result.profile.muggins)
        return body


def _fields(play) -> dict:
    return {"index": play.index, "player": play.player, "card": play.card, "go": play.go,
            "count": play.count, "points": play.points, "items": play.items, "series": play.series,
            "flags": play.flags, "events": play.events}
