"""``/v1/show``: count a hand or crib."""

from __future__ import annotations

from flask.views import MethodView
from flask_smorest import Blueprint

from schemas.show import ShowRequestSchema, ShowResponseSchema
from service.rules.rarity import covered, rarity
from service.rules.declarations import best_declaration
from service.rules.profiles import his_heels

blp = Blueprint("show", __name__, url_prefix="/v1", description="Count a hand or crib with its starter.")


def show_body(hand, starter, crib, profile, declared=None) -> dict:
    """The response body shared by every endpoint that counts a show; ``declared`` is the count
    with the best declaration of any wild cards, when the caller already has it."""
    if declared is None:
        declared = best_declaration(hand, starter, crib, profile)
    score = declared.score
    return {
        "total": score.total,
        "items": score.items,
        "by_kind": score.by_kind,
        "hand": declared.hand,
        "starter": declared.starter,
        "crib": crib,
        "rarity": rarity(score.total, profile.crib_flush_five(crib)) if covered(hand, starter) else None,
        "his_heels": his_heels(starter, profile),
        "declarations": declared.declarations(),
        "rules": profile.as_dict(),
    }


# Schemas are passed as instances: given a class, webargs builds a new schema on every request.
@blp.route("/show")
class Show(MethodView):
    @blp.arguments(ShowRequestSchema())
    @blp.response(200, ShowResponseSchema)
    def post(self, args):
        """Score a hand or crib, with every combination.

        Returns the total, each fifteen, pair, run, flush and nobs with its cards, the points per
        kind, and how rare the total is among all 12,994,800 deals.
        """
        return show_body(args["hand"], args["starter"], args["crib"], args["rules"])
