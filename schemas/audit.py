"""The audit of a show: request and response of ``POST /v1/audit/show``.

The request is the body of ``/v1/show`` plus the claim; ``claimed_items`` is either a list of items
(``{"kind": "fifteen", "cards": ["5H", "JC"]}``, cards and points optional) or the spoken count as
one string (``"fifteen 2, fifteen 4, pair 6"``).
"""

from __future__ import annotations

import marshmallow as ma

from service.config import MAX_CLAIM
from service.rules.audit import ClaimError, check_claimed_cards
from service.rules.show import KINDS
from service.rules.spoken_claims import ClaimedItem, SpokenClaimError, parse_spoken_claim

from .cards import CardField
from .show import KIND_DESCRIPTION, ScoreItemSchema, ShowRequestSchema, ShowResponseSchema

MAX_CLAIMED_ITEMS = 64
MAX_SPOKEN_LENGTH = 2000


class ClaimedItemSchema(ma.Schema):
    """One combination as claimed."""

    kind = ma.fields.String(required=True, validate=ma.validate.OneOf(KINDS),
                            metadata={"description": KIND_DESCRIPTION, "example": "fifteen"})
    cards = ma.fields.List(CardField(), validate=ma.validate.Length(min=1, max=5),
                           metadata={"description": "The cards that make it (optional: without them "
                                                    "the item is matched by kind and count).",
                                     "example": ["5H", "JC"]})
    points = ma.fields.Integer(validate=ma.validate.Range(1, 29), metadata={
        "description": "Its points (optional: a run's length, a flush's cards, else the usual)."})

    @ma.post_load
    def make_item(self, data, **kwargs) -> ClaimedItem:
        cards = data.get("cards")
        return ClaimedItem(data["kind"], tuple(cards) if cards else None, data.get("points"))


CLAIMED_ITEM_OPENAPI = {
    "type": "object", "required": ["kind"],
    "properties": {"kind": {"type": "string", "enum": list(KINDS)},
                   "cards": {"type": "array", "items": {"type": "string"}, "minItems": 1, "maxItems": 5},
                   "points": {"type": "integer", "minimum": 1, "maximum": 29}}}

SPOKEN_DESCRIPTION = (
    "Either a list of claimed items, or the spoken count as one string: phrases separated by commas, "
    "each a combination and the running total, e.g. \"fifteen 2, fifteen 4, a pair is 6, run 9, "
    "nobs 10\". Also understood: pair royal / three of a kind (three pairs), double pair royal / four "
    "of a kind (six pairs), double run (two runs of 3 and a pair), double run of four, triple run, "
    "quadruple run, flush, his nobs; numbers in digits or words; \"19\" for a hand that scores nothing.")


def check_spoken_count(value: str, limit: int = MAX_SPOKEN_LENGTH) -> str:
    """The spoken count ``value`` if it is one the audit can read and at most ``limit`` characters
    long, else a ValidationError saying why.

    >>> check_spoken_count("fifteen 2, pair 4")
    'fifteen 2, pair 4'
    """
    if len(value) > limit:
        raise ma.ValidationError(f"the spoken count is longer than {limit} characters")
    try:
        parse_spoken_claim(value)
    except SpokenClaimError as error:
        raise ma.ValidationError(str(error)) from None
    return value


MUGGINS_CALL_DESCRIPTION = ("Points an opponent calls \"Muggins!\" for (optional): the caller gets the "
                            "lesser of the call and the Muggins-eligible points.")


class ClaimedItemsField(ma.fields.Field):
    """A list of :class:`ClaimedItemSchema` objects, or the spoken count (a string)."""

    default_error_messages = {"type": "a list of claimed items or the spoken count as a string"}

    def __init__(self, **kwargs):
        metadata = {"description": SPOKEN_DESCRIPTION,
                    "oneOf": [{"type": "array", "maxItems": MAX_CLAIMED_ITEMS,
                               "items": CLAIMED_ITEM_OPENAPI},
                              {"type": "string", "maxLength": MAX_SPOKEN_LENGTH}],
                    "example": "fifteen 2, fifteen 4, fifteen 6, fifteen 8, pair 10"}
        super().__init__(metadata=metadata, **kwargs)

    def _deserialize(self, value, attr, data, **kwargs):
        if isinstance(value, str):
            return check_spoken_count(value)
        if not isinstance(value, list):
            raise self.make_error("type")
        if len(value) > MAX_CLAIMED_ITEMS:
            raise ma.ValidationError(f"at most {MAX_CLAIMED_ITEMS} claimed items")
        return ClaimedItemSchema(many=True).load(value)


class AuditShowRequestSchema(ShowRequestSchema):
    claimed = ma.fields.Integer(required=True, strict=True,
                                validate=ma.validate.Range(0, MAX_CLAIM),
                                metadata={"description": "The total the player claims.",
                                          "example": 24})
    claimed_items = ClaimedItemsField()
    muggins_call = ma.fields.Integer(strict=True, validate=ma.validate.Range(1, MAX_CLAIM),
                                     metadata={"description": MUGGINS_CALL_DESCRIPTION})

    @ma.validates_schema(skip_on_field_errors=True)
    def validate_claimed_cards(self, data, **kwargs):
        items = data.get("claimed_items")
        if isinstance(items, list):
            try:
                check_claimed_cards(items, data["hand"], data["starter"])
            except ClaimError as error:
                raise ma.ValidationError(str(error), field_name="claimed_items") from None


class AuditItemSchema(ScoreItemSchema):
    """A missed (canonical) or invented (claimed) combination; an invented item claimed without
    cards has ``cards: null``."""

    cards = ma.fields.List(CardField(), required=True, allow_none=True)
    points = ma.fields.Integer(required=True, attribute="claimed_points")


class KindComparisonSchema(ma.Schema):
    canonical = ma.fields.Integer()
    claimed = ma.fields.Integer()
    missed = ma.fields.Integer()
    overclaimed = ma.fields.Integer()


class OverclaimSchema(ma.Schema):
    overpeg = ma.fields.String(metadata={"description": "The profile's overpeg setting: acc | hoyle | "
                                                        "victorian."})
    retract = ma.fields.Integer(metadata={"description": "Points the claimant takes back."})
    opponent_pegs = ma.fields.Integer(metadata={"description": "Points the opponent pegs for the "
                                                               "over-claim."})


class MugginsAwardSchema(ma.Schema):
    called = ma.fields.Integer()
    caller_pegs = ma.fields.Integer()
    called_player_pegs = ma.fields.Integer()


class AuditShowResponseSchema(ma.Schema):
    verdict = ma.fields.String(required=True, metadata={"description": "correct | under | over"})
    canonical = ma.fields.Integer(required=True, metadata={"description": "The true count."})
    claimed = ma.fields.Integer(required=True)
    missed = ma.fields.Integer(required=True, metadata={"description": "canonical - claimed, if more."})
    overclaimed = ma.fields.Integer(required=True,
                                    metadata={"description": "claimed - canonical, if more."})
    muggins_eligible = ma.fields.Integer(required=True, metadata={
        "description": "Missed points an opponent may take: all of them when Muggins is on, else 0."})
    muggins = ma.fields.String(metadata={"description": "The profile's muggins setting: on | off."})
    impossible_claim = ma.fields.Boolean(metadata={
        "description": "True when no show can score the claimed total (19, 25, 26, 27, over 29)."})
    overclaim = ma.fields.Nested(OverclaimSchema)
    declarations = ma.fields.List(ma.fields.Dict(), metadata={
        "description": "Wild cards the claim left undeclared, declared as scores most (the count "
                       "the claim is judged against): [{field, index, card}]."})
    muggins_award = ma.fields.Nested(MugginsAwardSchema)
    score = ma.fields.Nested(ShowResponseSchema, required=True,
                             metadata={"description": "The canonical count, as /v1/show returns it."})
    claimed_items = ma.fields.List(ma.fields.Nested(AuditItemSchema), metadata={
        "description": "The claimed items as understood (the spoken count split into items)."})
    items_total = ma.fields.Integer(metadata={"description": "What the claimed items add up to."})
    missed_items = ma.fields.List(ma.fields.Nested(ScoreItemSchema), metadata={
        "description": "Combinations in the canonical count that no claimed item matches."})
    invented_items = ma.fields.List(ma.fields.Nested(AuditItemSchema), metadata={
        "description": "Claimed items that match no real combination."})
    by_kind = ma.fields.Dict(keys=ma.fields.String(), values=ma.fields.Nested(KindComparisonSchema),
                             metadata={"description": "Per kind: canonical and claimed points, "
                                                      "missed and over-claimed."})
    messages = ma.fields.List(ma.fields.String(), metadata={
        "description": "Plain-language remarks: an impossible total, a total that disagrees with "
                       "the claimed items, a spoken phrase whose number does not fit."})
