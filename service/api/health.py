"""Liveness and readiness probes."""

from __future__ import annotations

from flask.views import MethodView
from flask_smorest import Blueprint

from service.rules.batch import rank_pattern_table

blp = Blueprint("health", __name__, description="Probes for load balancers and orchestrators.")


@blp.route("/healthz")
class Health(MethodView):
    @blp.response(200)
    def get(self):
        """The process is up."""
        return {"status": "ok"}


@blp.route("/readyz")
class Ready(MethodView):
    @blp.response(200)
    def get(self):
        """The scoring tables are built and the service can answer."""
        return {"status": "ready", "rank_patterns": int(rank_pattern_table().size)}
