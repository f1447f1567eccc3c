"""``/v1/batch/show``: count up to 10,000 hands in one request, with the batch scorer."""

from __future__ import annotations

from functools import cache

from flask.views import MethodView
from flask_smorest import Blueprint

from schemas.batch import BatchShowRequestSchema, BatchShowResponseSchema
from service.rules.batch import score_deals, score_deals_by_kind
from service.rules.rarity import distribution, rarity

blp = Blueprint("batch", __name__, url_prefix="/v1/batch",
                description="Count many hands at once (for integrators).")


@cache
def one_in_table(crib: bool) -> tuple:
    """``one_in`` of :func:`service.rules.rarity.rarity` for every score 0..max (hand or crib)."""
    return tuple(rarity(score, crib)["one_in"] for score in range(max(distribution(crib)) + 1))


def batch_results(deals, crib, by_kind: bool = False) -> list[dict]:
    """One ``{"total", "one_in"[, "by_kind"]}`` per deal, in order (plain ints, JSON-ready)."""
    totals = score_deals(deals, crib).tolist()
    one_in = {False: one_in_table(False), True: one_in_table(True)}
    results = [{"total": total, "one_in": one_in[is_crib][total]}
               for total, is_crib in zip(totals, crib.tolist())]
    if by_kind:
        kinds = {kind: points.tolist() for kind, points in score_deals_by_kind(deals, crib).items()}
        for i, result in enumerate(results):
            result["by_kind"] = {kind: points[i] for kind, points in kinds.items()}
    return results


@blp.route("/show")
class BatchShow(MethodView):
    @blp.arguments(BatchShowRequestSchema())
    @blp.response(200, BatchShowResponseSchema)
    def post(self, args):
        """Score up to 10,000 hands or cribs, each with its starter.

        Returns each total (and, with `"by_kind": true`, its points per kind) and how rare it is,
        in the order given. Every hand is counted under standard rules by the same lookup-table
        scorer that enumerates all 12,994,800 deals. A bad card is refused with a 422 naming it,
        e.g. `hands[3].hand[1]`.
        """
        return {"count": len(args["deals"]), "rules": args["rules"].as_dict(),
                "results": batch_results(args["deals"], args["crib"], args["by_kind"])}
