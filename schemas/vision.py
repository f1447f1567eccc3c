"""Photos: requests and responses of ``/v1/recognize``, ``/v1/show/photo`` and ``/v1/audit/photo``.

The photo is a multipart upload in the field ``image``; the other inputs are query parameters, so
one ``curl -F image=@hand.jpg '.../v1/show/photo?starter=isolated'`` is the whole request.
"""

from __future__ import annotations

from functools import partial

import marshmallow as ma
from flask_smorest.fields import Upload

from service.photo_deal import names_isolated
from service.vision.decode import MAX_ASPECT, MIN_SIDE
from service.vision.pipeline import LOW_CONFIDENCE, RANK_PIPS, SAME_CARD, SUIT_COLOUR, SUIT_PIPS

from .audit import MAX_CLAIM, MUGGINS_CALL_DESCRIPTION, AuditShowResponseSchema, check_spoken_count
from .cards import CardField
from .rules import resolve_rules
from .show import CRIB_DESCRIPTION, ShowResponseSchema

STARTER_DESCRIPTION = ("The starter: `isolated` (default) for the card lying apart from the others in "
                       "the photo, or its code (e.g. `5C`); a code that is not in the photo is taken as "
                       "the starter and every card in the photo is the hand.")


class PhotoFilesSchema(ma.Schema):
    image = Upload(required=True, metadata={
        "description": f"The photo: JPEG, PNG or WebP (else 415), within the service's upload and pixel limits "
                       f"(else 413), each side at least {MIN_SIDE} pixels and the long side at most {MAX_ASPECT} "
                       f"times the short (else 422)."})


# a threshold a request may ask for: under 0.5 the best guess may not even be the likelier half
MIN_CONFIDENCE_LIMITS = (0.5, 0.99)


class RecognizeQuerySchema(ma.Schema):
    annotate = ma.fields.Boolean(load_default=False, metadata={
        "description": "Return the photo as JPEG with each card outlined and labelled (same as "
                       "`Accept: image/jpeg`)."})
    min_confidence = ma.fields.Float(
        load_default=None, validate=ma.validate.Range(*MIN_CONFIDENCE_LIMITS), metadata={
            "description": "Read with this threshold instead of the service's (`model.min_confidence` "
                           "in the answer): a card read less surely comes back with `code: null`. Higher "
                           "is stricter (fewer confident mistakes, more unsure cards; a referee may want "
                           "0.9), lower reads more cards and makes more mistakes (the model card's sweep "
                           "gives the trade).", "example": 0.9})


class ShowPhotoQuerySchema(RecognizeQuerySchema):
    starter = ma.fields.String(load_default="isolated", validate=ma.validate.Length(1, 16),
                               metadata={"description": STARTER_DESCRIPTION, "example": "isolated"})
    crib = ma.fields.Boolean(load_default=False, metadata={"description": CRIB_DESCRIPTION})
    rules = ma.fields.String(load_default="standard", validate=ma.validate.Length(1, 64),
                             metadata={"description": "Rule profile name (default `standard`)."})

    @ma.validates("rules")
    def validate_rules(self, value, **kwargs):
        resolve_rules(value)  # an unknown profile is refused before the photo is read

    @ma.validates("starter")
    def validate_starter(self, value, **kwargs):
        """``isolated`` or a card in the notation, refused before the photo is read (a card the
        profile's deck lacks is refused with the deal, as in ``/v1/show``)."""
        if not names_isolated(value):
            CardField().deserialize(value)


MAX_SPOKEN_QUERY_LENGTH = 1000
"""A spoken count in a query string: half the JSON body's (``MAX_SPOKEN_LENGTH``), so that even
escaped (three bytes a character) it fits the server's request line (gunicorn's 4,094 bytes)."""


class AuditPhotoQuerySchema(ShowPhotoQuerySchema):
    claimed = ma.fields.Integer(required=True, validate=ma.validate.Range(0, MAX_CLAIM),
                                metadata={"description": "The total the player claims.", "example": 24})
    claimed_items = ma.fields.String(validate=partial(check_spoken_count, limit=MAX_SPOKEN_QUERY_LENGTH), metadata={
        "description": "The spoken count (optional), as the player called it: `fifteen 2, fifteen 4, "
                       "pair 6`. The audit then names each combination missed or invented, as "
                       "`/v1/audit/show` does with a spoken count.",
        "maxLength": MAX_SPOKEN_QUERY_LENGTH, "example": "fifteen 2, fifteen 4, pair 6"})
    muggins_call = ma.fields.Integer(validate=ma.validate.Range(1, MAX_CLAIM),
                                     metadata={"description": MUGGINS_CALL_DESCRIPTION})


class CandidateSchema(ma.Schema):
    code = ma.fields.String(metadata={"example": "6H"})
    confidence = ma.fields.Float()


class RecognizedCardSchema(ma.Schema):
    code = ma.fields.String(allow_none=True, metadata={
        "description": "The card in the card notation, special cards included; null when the reader is "
                       "unsure (see `candidates` and `doubt`).", "example": "5H"})
    confidence = ma.fields.Float(metadata={"description": "0..1: how sure the reader is.", "example": 0.99})
    quad = ma.fields.List(ma.fields.List(ma.fields.Float()), metadata={
        "description": "The card's outline: four [x, y] corners in photo pixels, clockwise. A card cut by "
                       "the photo's edge, or outlined from its index alone, may have corners outside the "
                       "photo (negative, or past its width or height).",
        "example": [[120, 80], [300, 90], [290, 340], [110, 330]]})
    candidates = ma.fields.List(ma.fields.Nested(CandidateSchema), metadata={
        "description": "The best guesses, most likely first."})
    doubt = ma.fields.String(
        allow_none=True, validate=ma.validate.OneOf([LOW_CONFIDENCE, SUIT_COLOUR, SUIT_PIPS, RANK_PIPS, SAME_CARD]),
        metadata={
            "description": "Why `code` is null (null when it is not): `low_confidence`, read less surely than "
                           "`model.min_confidence`; `suit_colour`, read as a heart or diamond from an index "
                           "printed in black ink (the reader and the ink disagree); `suit_pips`, read as a two "
                           "to a ten whose pips in the middle of the card look somewhat like the other suit "
                           "of its colour (pips that clearly show it settle the suit: the card comes back as "
                           "that suit's card), or, in a photo in greys, an ace or a two to a ten whose pips "
                           "show a suit of the other colour; `rank_pips`, read as a two to a ten whose face shows exactly "
                           "the pips of a higher rank of its suit, one the reader gave a small share (a larger "
                           "share settles it: the card comes back as that rank), or read as a court card whose "
                           "face shows six to ten pips laid out as a number card's; `same_card`, read as more "
                           "copies of one card than a deck holds (one of each; two of Wild, Super Wild and "
                           "the Joker): all of them come back uncertain.",
            "example": None})
    starter = ma.fields.Boolean(metadata={
        "description": "True for the starter: the card lying apart from the others (or, in "
                       "/v1/show/photo and /v1/audit/photo, the one named by `starter`)."})


class ModelSchema(ma.Schema):
    name = ma.fields.String(metadata={"example": "muggins-corner-reader"})
    version = ma.fields.String(metadata={"example": "3.0.0"})
    min_confidence = ma.fields.Float(metadata={
        "description": "The threshold the photo was read with: a card read less surely has `code: null`. "
                       "The request's `min_confidence` if it gave one, else the model's own (chosen on "
                       "its tuning sets, see the model card) unless the service sets "
                       "`VISION_MIN_CONFIDENCE`.", "example": 0.8})


class RecognizeResponseSchema(ma.Schema):
    cards = ma.fields.List(ma.fields.Nested(RecognizedCardSchema), required=True)
    width = ma.fields.Integer(metadata={"description": "Width of the (upright) photo in pixels."})
    height = ma.fields.Integer()
    model = ma.fields.Nested(ModelSchema)


class ShowPhotoResponseSchema(ShowResponseSchema):
    recognition = ma.fields.Nested(RecognizeResponseSchema, metadata={
        "description": "The cards read from the photo."})


class AuditPhotoResponseSchema(AuditShowResponseSchema):
    recognition = ma.fields.Nested(RecognizeResponseSchema)
