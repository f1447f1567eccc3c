"""Static files of Swagger UI, served from the swagger-ui-bundle package (no CDN)."""

from __future__ import annotations

from flask import Blueprint, send_from_directory
from swagger_ui_bundle import swagger_ui_path

blp = Blueprint("docs_static", __name__)


@blp.route("/docs/static/<path:filename>")
def swagger_static(filename):
    return send_from_directory(swagger_ui_path, filename, max_age=86400)
