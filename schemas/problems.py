"""Errors: the RFC 9457 problem details every endpoint answers with a 4xx or 5xx status.

``service.api.problems.ProblemApi`` writes them and documents them with :class:`ProblemSchema` as
``application/problem+json`` (flask-smorest's own error schema describes another shape)::

    {"type": "about:blank", "title": "Unprocessable Content", "status": 422,
     "detail": "hand[2]: 'ZZ' is not a card ...", "instance": "/v1/show",
     "errors": [{"field": "hand", "pointer": "/hand/2", "message": "..."}]}
"""

from __future__ import annotations

import marshmallow as ma

from .vision import RecognizeResponseSchema


class FieldErrorSchema(ma.Schema):
    field = ma.fields.String(required=True, metadata={
        "description": "The request's field (JSON member or query parameter) the error is about; "
                       "`_body` for the body as a whole."})
    pointer = ma.fields.String(required=True, metadata={
        "description": "JSON Pointer (RFC 6901) to the value inside the request, e.g. `/hand/2`."})
    message = ma.fields.String(required=True)


class ProblemSchema(ma.Schema):
    type = ma.fields.String(required=True, metadata={"description": "Always `about:blank`: the status says it."})
    title = ma.fields.String(required=True, metadata={"description": "The status's phrase."})
    status = ma.fields.Integer(required=True)
    detail = ma.fields.String(metadata={"description": "What is wrong, in words, naming the field."})
    instance = ma.fields.String(metadata={"description": "The request's path."})
    errors = ma.fields.List(ma.fields.Nested(FieldErrorSchema), metadata={
        "description": "Each invalid field, when the request failed validation."})
    limit = ma.fields.String(metadata={"description": "429 only: the rate limit exceeded."})
    recognition = ma.fields.Nested(RecognizeResponseSchema, metadata={
        "description": "The photo endpoints' 422 when the cards were read but cannot be counted (a card "
                       "read unsurely, too many or too few cards, no card apart for the starter, a card "
                       "the rules do not allow): the cards as `/v1/recognize` answers, with each unsure "
                       "card's best guesses, so that a client can let the player confirm them and send "
                       "the hand to `/v1/show`."})
