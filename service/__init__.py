"""Muggins: cribbage scoring and score-claim audit service.

``create_app()`` is the application factory (used by gunicorn as ``service:create_app()``).
"""

from __future__ import annotations

from flask import Flask

from . import config


def create_app(test_config: dict | None = None) -> Flask:
    """Build the Flask app: embedded defaults, then ``MUGGINS_*`` variables, then ``test_config``."""
    app = Flask(__name__, instance_relative_config=True)
    app.config.from_object(config.DefaultConfig)
    app.config.update(config.from_environment())
    if test_config:
        app.config.update(test_config)
    app.json.sort_keys = False

    from . import api

    app.extensions["muggins_api"] = api.register(app)
    from . import web

    app.register_blueprint(web.blp)  # the phone page at "/", outside the OpenAPI spec
    return app
