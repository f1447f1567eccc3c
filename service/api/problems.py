"""RFC 9457 problem details for every error the service returns.

flask-smorest routes every ``HTTPException`` (webargs validation errors included) through
``Api.handle_http_exception``; overriding it here gives one error shape for the whole service::

    {"type": "about:blank", "title": "Unprocessable Content", "status": 422,
     "detail": "hand[2]: 'ZZ' is not a card ...",
     "errors": [{"field": "hand", "pointer": "/hand/2", "message": "..."}]}
"""

from __future__ import annotations

from flask import Response, json, request
from flask_smorest import Api
from werkzeug.exceptions import HTTPException

from schemas.problems import ProblemSchema

PROBLEM_MIMETYPE = "application/problem+json"


def flatten_messages(messages, path: tuple = ()) -> list[dict]:
    """webargs/marshmallow nested messages -> ``[{"field", "pointer", "message"}]``.

    >>> flatten_messages({"json": {"hand": {"2": ["not a card"]}}})
    [{'field': 'hand', 'pointer': '/hand/2', 'message': 'not a card'}]
    """
    if isinstance(messages, dict):
        if path == () and set(messages) <= {"json", "query", "form", "files", "headers", "view_args"}:
            return [e for location, inner in messages.items() for e in flatten_messages(inner, ())]
        return [e for key, inner in messages.items() for e in flatten_messages(inner, path + (str(key),))]
    if isinstance(messages, (list, tuple)) and all(isinstance(m, str) for m in messages):
        return [_error(path, message) for message in messages]
    if isinstance(messages, (list, tuple)):
        return [e for inner in messages for e in flatten_messages(inner, path)]
    return [_error(path, str(messages))]


def _error(path: tuple, message: str) -> dict:
    field = next((p for p in path if not p.isdecimal() and p != "_schema"), "_body")
    return {"field": field, "pointer": "/" + "/".join(p for p in path if p != "_schema"), "message": message}


def _describe(error: dict) -> str:
    pointer = error["pointer"].lstrip("/").split("/")
    readable = pointer[0] + "".join(f"[{p}]" if p.isdecimal() else f".{p}" for p in pointer[1:])
    return f"{readable or 'body'}: {error['message']}"


def problem_response(status: int, title: str, detail: str | None = None, **extensions) -> Response:
    body = {"type": "about:blank", "title": title, "status": status}
    if detail:
        body["detail"] = detail
    body["instance"] = request.path
    body.update(extensions)
    return Response(json.dumps(body), status=status, mimetype=PROBLEM_MIMETYPE)


class ProblemApi(Api):
    """flask-smorest ``Api`` whose errors are ``application/problem+json``, and documented so."""

    ERROR_SCHEMA = ProblemSchema

    def _register_responses(self):
        """flask-smorest's error responses (one per status, and the default one) in the spec, with
        the problem's media type: the library registers them in its response content type, which
        the successful responses keep."""
        success_type = self.DEFAULT_RESPONSE_CONTENT_TYPE
        self.DEFAULT_RESPONSE_CONTENT_TYPE = PROBLEM_MIMETYPE
        try:
            super()._register_responses()
        finally:
            self.DEFAULT_RESPONSE_CONTENT_TYPE = success_type

    def handle_http_exception(self, error: HTTPException):
        data = getattr(error, "data", None) or {}
        errors = flatten_messages(data.get("errors") or data.get("messages") or {})
        detail = data.get("message")
        if errors:
            detail = "; ".join(_describe(e) for e in errors[:5])
        elif not detail and error.code != 500:
            detail = error.description
        extensions = {"errors": errors} if errors else {}
        extensions.update(data.get("extensions") or {})
        response = problem_response(error.code or 500, error.name, detail, **extensions)
        for name, value in (data.get("headers") or {}).items():
            response.headers[name] = value
        if error.code == 405 and hasattr(error, "valid_methods") and error.valid_methods:
            response.headers["Allow"] = ", ".join(error.valid_methods)
        return response
