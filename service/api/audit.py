"""``/v1/audit/show``: a claimed count against the canonical one."""

from __future__ import annotations

from flask.views import MethodView
from flask_smorest import Blueprint

from schemas.audit import AuditShowRequestSchema, AuditShowResponseSchema
from service.rules.audit import audit_show
from service.rules.declarations import best_declaration, take_claimed_declarations

from .show import show_body

blp = Blueprint("audit", __name__, url_prefix="/v1/audit",
                description="Audit a claimed count: verdict, missed and invented combinations, Muggins.")


def audit_body(args: dict) -> dict:
    """The audit report plus the full canonical count (the body of /v1/show) as ``score``."""
    hand, starter = take_claimed_declarations(args["hand"], args["starter"], args.get("claimed_items"))
    declared = best_declaration(hand, starter, args["crib"], args["rules"])  # counted once, used twice
    report = audit_show(hand, starter, args["crib"], args["claimed"], args.get("claimed_items"),
                        args["rules"], args.get("muggins_call"), declared=declared)
    report["score"] = show_body(hand, starter, args["crib"], args["rules"], declared=declared)
    return report


@blp.route("/show")
class AuditShow(MethodView):
    @blp.arguments(AuditShowRequestSchema())
    @blp.response(200, AuditShowResponseSchema)
    def post(self, args):
        """Audit a claimed show (hand or crib).

        Compares the claimed total, and the claimed combinations if given (as items or as the
        spoken count "fifteen 2, fifteen 4, pair 6"), with the canonical count: the verdict, the
        points missed (Muggins-eligible when the profile plays Muggins) or over-claimed, and which
        combinations were missed or invented.
        """
        return audit_body(args)
