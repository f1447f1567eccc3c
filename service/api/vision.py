"""Photos: ``/v1/recognize``, ``/v1/show/photo``, ``/v1/audit/photo``.

Glue only: the vision pipeline (:mod:`service.vision`) reads the cards, and the cards go through the
same request schemas and the same scorer as ``/v1/show`` and ``/v1/audit/show``.
"""

from __future__ import annotations

import marshmallow as ma
from flask import Response, current_app, request
from flask.views import MethodView
from flask_smorest import Blueprint, abort

from schemas.audit import AuditShowRequestSchema
from schemas.rules import resolve_rules
from schemas.show import ShowRequestSchema
from schemas.vision import (AuditPhotoQuerySchema, AuditPhotoResponseSchema, PhotoFilesSchema,
                            RecognizeQuerySchema, RecognizeResponseSchema, ShowPhotoQuerySchema,
                            ShowPhotoResponseSchema)
from service.photo_deal import PhotoProblem, deal_from_cards
from service.vision import ImageError, annotate, decode, get_reader, isolated_card, recognize
from service.vision.report import recognition_body

from .audit import audit_body
from .problems import flatten_messages
from .show import show_body

blp = Blueprint("vision", __name__, url_prefix="/v1",
                description="Read the cards in a photo of a laid-out hand, and score or audit it.")

SHOW_SCHEMA, AUDIT_SCHEMA = ShowRequestSchema(), AuditShowRequestSchema()

ANNOTATED_PHOTO = {200: {"content": {"image/jpeg": {"schema": {"type": "string", "format": "binary"}}},
                         "description": "JSON; with `?annotate=1` or `Accept: image/jpeg`, the photo with "
                                        "each card outlined and labelled (JPEG)."}}
"""The photo endpoints' second answer, added to the JSON that ``blp.response`` documents."""


@blp.before_request
def allow_photo_uploads():
    """Photos are larger than JSON bodies: this blueprint has its own upload limit."""
    request.max_content_length = current_app.config["VISION_MAX_UPLOAD_BYTES"]


def refuse_unknown_parts() -> None:
    """A multipart part other than ``image`` is a mistake to name, not to ignore: ``-F starter=5C``
    would otherwise count the hand with the default starter."""
    unknown = sorted(set(request.form) | (set(request.files) - {"image"}))
    if unknown:
        abort(422, errors={name: ["Unknown field: the photo goes in `image`, every other input is a query "
                                  "parameter (`?starter=5C`)."] for name in unknown})


def read_photo(files, args) -> tuple:
    """Decode the upload and read its cards, at the request's threshold if it names one, else the
    service's -> (photo, recognition, reader)."""
    refuse_unknown_parts()
    config = current_app.config
    data = files["image"].read()
    try:
        photo = decode(data, config["VISION_MAX_PIXELS"], config["VISION_MAX_SIDE"])
    except ImageError as error:
        abort(error.status, message=f"image: {error.message}")
    reader = get_reader(config.get("VISION_MODEL_DIR") or None, config["VISION_INTRA_OP_THREADS"],
                        config["VISION_INTER_OP_THREADS"])
    threshold = args["min_confidence"] if args["min_confidence"] is not None else config["VISION_MIN_CONFIDENCE"]
    return photo, recognize(photo, reader, threshold), reader


def wants_jpeg(args) -> bool:
    best = request.accept_mimetypes.best_match(["application/json", "image/jpeg"])
    return bool(args.get("annotate")) or (best == "image/jpeg" and request.accept_mimetypes["image/jpeg"] >
                                          request.accept_mimetypes["application/json"])


def jpeg_response(photo, recognition, starter=None) -> Response:
    return Response(annotate(photo.image, recognition, photo.scale, starter), mimetype="image/jpeg")


def cards_read(recognition, reader) -> dict:
    """The body of /v1/recognize: the cards read, the one lying apart marked as the starter."""
    return recognition_body(recognition, reader, isolated_card([card.quad for card in recognition.cards]))


def deal_from_photo(recognition, args) -> tuple[dict, int | None]:
    """The request body of /v1/show (codes as text) from the photo and the query; the starter's
    position among the recognized cards, if it is one of them. Raises :class:`PhotoProblem`."""
    hand, starter, position = deal_from_cards(recognition.cards, resolve_rules(args["rules"]).hand_size,
                                              args["starter"])
    return {"hand": hand, "starter": starter, "crib": args["crib"], "rules": args["rules"]}, position


def load_deal(schema, body: dict, read: dict) -> dict:
    """Validate the deal read from the photo exactly as a JSON request would be."""
    try:
        return schema.load(body)
    except ma.ValidationError as error:
        errors = flatten_messages(error.messages)
        deal = ", ".join(body["hand"]) + f" / starter {body['starter']}"
        abort(422, message=f"cards read from the photo ({deal}): "
                           + "; ".join(f"{e['field']}: {e['message']}" for e in errors),
              extensions={"recognition": read})


def count_photo(args, files, schema, count, **extra):
    """Read the photo, make the deal, validate it with ``schema`` as a JSON request would be, and
    answer ``count(deal)`` plus the recognition (or the annotated JPEG)."""
    photo, recognition, reader = read_photo(files, args)
    try:
        body, position = deal_from_photo(recognition, args)
    except PhotoProblem as problem:   # with the cards read, so that a client can have the player confirm them
        abort(422, errors={problem.field: [problem.message]},
              extensions={"recognition": cards_read(recognition, reader)})
    if wants_jpeg(args):
        return jpeg_response(photo, recognition, position)
    read = recognition_body(recognition, reader, position)
    result = count(load_deal(schema, {**body, **extra}, read))
    result["recognition"] = read
    return result


@blp.route("/recognize")
class Recognize(MethodView):
    @blp.arguments(RecognizeQuerySchema(), location="query", unknown=ma.RAISE)
    @blp.arguments(PhotoFilesSchema(), location="files")
    @blp.response(200, RecognizeResponseSchema)
    @blp.doc(responses=ANNOTATED_PHOTO)
    def post(self, args, files):
        """Read the cards in a photo.

        Each card comes with its outline (four corners in photo pixels), a confidence, and its best
        guesses; a card the reader is unsure of has `"code": null`. The card lying apart from the
        others, if one does, is marked `"starter": true`. With `?annotate=1` or
        `Accept: image/jpeg` the answer is the photo (JPEG) with each card outlined and labelled.
        """
        photo, recognition, reader = read_photo(files, args)
        if wants_jpeg(args):
            return jpeg_response(photo, recognition, isolated_card([card.quad for card in recognition.cards]))
        return cards_read(recognition, reader)


@blp.route("/show/photo")
class ShowPhoto(MethodView):
    @blp.arguments(ShowPhotoQuerySchema(), location="query", unknown=ma.RAISE)
    @blp.arguments(PhotoFilesSchema(), location="files")
    @blp.response(200, ShowPhotoResponseSchema)
    @blp.doc(responses=ANNOTATED_PHOTO)
    def post(self, args, files):
        """Count the hand in a photo: the body of `/v1/show` plus the cards read.

        The starter is the card lying apart (`starter=isolated`, the default) or the one named.
        With `?annotate=1` or `Accept: image/jpeg` the answer is the annotated photo.
        """
        return count_photo(args, files, SHOW_SCHEMA,
                           lambda deal: show_body(deal["hand"], deal["starter"], deal["crib"], deal["rules"]))


@blp.route("/audit/photo")
class AuditPhoto(MethodView):
    @blp.arguments(AuditPhotoQuerySchema(), location="query", unknown=ma.RAISE)
    @blp.arguments(PhotoFilesSchema(), location="files")
    @blp.response(200, AuditPhotoResponseSchema)
    @blp.doc(responses=ANNOTATED_PHOTO)
    def post(self, args, files):
        """Audit a claimed count of the hand in a photo: the body of `/v1/audit/show` plus the cards
        read. `claimed` is the total the player claims; `claimed_items` the spoken count, and
        `muggins_call` an opponent's call, both optional."""
        claim = {name: args[name] for name in ("claimed", "claimed_items", "muggins_call") if name in args}
        return count_photo(args, files, AUDIT_SCHEMA, audit_body, **claim)
