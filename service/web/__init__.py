"""The phone web page at ``/``: snap the hand, see the count, settle the claim.

Plain HTML, CSS and JavaScript modules from ``static/`` (no CDN, no build step); the page talks to the
JSON API (``/v1/recognize``, ``/v1/show``, ``/v1/audit/show``, ``/v1/play``, ``/v1/rules``) like any
other client, so it holds no scoring logic of its own. It is not part of the OpenAPI spec.

    >>> from service import create_app
    >>> create_app({"TESTING": True}).test_client().get("/").status_code
    200
"""

from __future__ import annotations

from flask import Blueprint, make_response, render_template

blp = Blueprint("web", __name__, static_folder="static", static_url_path="/web/static",
                template_folder="templates")

# Everything the page loads comes from this origin; photos are shown from blob: URLs.
CONTENT_SECURITY_POLICY = ("default-src 'self'; img-src 'self' blob: data:; script-src 'self'; "
                           "style-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; "
                           "frame-ancestors 'none'")


@blp.route("/")
def index():
    """The page itself."""
    response = make_response(render_template("muggins.html"))
    response.headers["Content-Security-Policy"] = CONTENT_SECURITY_POLICY
    response.headers["X-Content-Type-Options"] = "nosniff"
    return response
