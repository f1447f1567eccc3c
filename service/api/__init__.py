"""The HTTP layer: thin glue between schemas, the rules engine and the vision pipeline."""

from __future__ import annotations

from .problems import ProblemApi


def register(app) -> ProblemApi:
    """Create the Api on ``app`` and register every blueprint."""
    from . import audit, batch, docs, health, play, rules, show, vision, wild

    from . import ops

    ops.init_app(app)  # request ids, access log, metrics, rate limits
    api = ProblemApi(app)
    for module in (health, show, audit, batch, rules, play, wild, vision):
        api.register_blueprint(module.blp)
    app.register_blueprint(docs.blp)
    return api
