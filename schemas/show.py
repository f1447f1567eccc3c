"""The show: request and response of ``POST /v1/show``."""

from __future__ import annotations

import marshmallow as ma

from service.rules.special_cards import deck_copies

from .booleans import JsonBoolean
from .cards import CardField, check_distinct
from .rules import RulesValueField, check_deck, effective_rules_field

KIND_DESCRIPTION = "fifteen | pair | run | flush | nobs"
CRIB_DESCRIPTION = ("Count as the crib: a flush needs all five cards (four are enough when the "
                    "profile's `crib_flush` is `four`).")


class ShowRequestSchema(ma.Schema):
    hand = ma.fields.List(CardField(), required=True,
                          metadata={"description": "The hand (or crib): 4 cards under standard rules.",
                                    "example": ["5H", "5D", "5S", "JC"]})
    starter = CardField(required=True, metadata={"description": "The starter (cut) card.",
                                                 "example": "5C"})
    crib = JsonBoolean(load_default=False, metadata={"description": CRIB_DESCRIPTION})
    rules = RulesValueField()

    @ma.validates_schema(skip_on_field_errors=True)
    def validate_deal(self, data, **kwargs):
        profile = data["rules"]
        size, what = (profile.crib_size, "crib") if data["crib"] else (profile.hand_size, "hand")
        if len(data["hand"]) != size:
            raise ma.ValidationError(
                f"a {profile.name} {what} has {size} cards, got {len(data['hand'])}",
                field_name="hand")
        cards = {"hand": data["hand"], "starter": [data["starter"]]}
        check_deck(cards, profile)
        check_distinct(cards, deck_copies(profile.deck))


class ScoreItemSchema(ma.Schema):
    kind = ma.fields.String(required=True, metadata={"description": KIND_DESCRIPTION})
    cards = ma.fields.List(CardField(), required=True)
    points = ma.fields.Integer(required=True)


class RaritySchema(ma.Schema):
    count = ma.fields.Integer(metadata={"description": "Deals (of 12,994,800) with exactly this score."})
    probability = ma.fields.Float()
    one_in = ma.fields.Integer(allow_none=True,
                               metadata={"description": "This score comes once in about this many deals."})
    at_least = ma.fields.Float(metadata={"description": "Probability of this score or more."})


class ByKindSchema(ma.Schema):
    fifteen = ma.fields.Integer()
    pair = ma.fields.Integer()
    run = ma.fields.Integer()
    flush = ma.fields.Integer()
    nobs = ma.fields.Integer()


class ShowResponseSchema(ma.Schema):
    total = ma.fields.Integer(required=True)
    items = ma.fields.List(ma.fields.Nested(ScoreItemSchema), required=True)
    by_kind = ma.fields.Nested(ByKindSchema, required=True)
    hand = ma.fields.List(CardField())
    starter = CardField()
    crib = ma.fields.Boolean()
    rarity = ma.fields.Nested(RaritySchema)
    his_heels = ma.fields.Integer(metadata={
        "description": "2 when the starter is a jack: the dealer's, pegged at the cut, never part of "
                       "this count."})
    declarations = ma.fields.List(ma.fields.Dict(), metadata={
        "description": "Wild cards the request left undeclared, as the best declaration found: "
                       "[{field, index, card}], e.g. "
                       "{\"field\": \"hand\", \"index\": 2, \"card\": \"W=5H\"}."})
    rules = effective_rules_field()
