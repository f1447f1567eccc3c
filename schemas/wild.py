"""WILD Cribbage board: request and response of ``POST /v1/wild/board``.

The request replays what happened at the table, in order: WILD cards drawn (by name, from the
profile's pack and house cards), points scored in the play, hands and cribs shown. The response says
what each event did to the pegs under the Stink Hole and the doubles.
"""

from __future__ import annotations

import marshmallow as ma

from service.rules.game import side_count
from service.rules.special_cards import deck_copies
from service.rules.wild_cards import EFFECTS, pack

from .booleans import JsonBoolean
from .cards import CardField, check_distinct
from .rules import RulesValueField, check_deck, effective_rules_field

MAX_EVENTS = 200
PEG_KINDS = ("fifteen", "thirty_one", "pair", "run", "go", "last_card", "nobs", "hand", "crib",
             "his_heels", "other")


class ShownSchema(ma.Schema):
    hand = ma.fields.List(CardField(), required=True, validate=ma.validate.Length(min=3, max=6),
                          metadata={"description": "The hand or crib shown.",
                                    "example": ["5H", "5D", "JS", "4C"]})
    starter = CardField(required=True, metadata={"example": "5C"})
    crib = JsonBoolean(load_default=False)


class CribsSchema(ma.Schema):
    starter = CardField(required=True, metadata={"example": "5C"})
    crib = ma.fields.List(CardField(), required=True, validate=ma.validate.Length(min=3, max=6))
    wild_crib = ma.fields.List(CardField(), validate=ma.validate.Length(equal=4), metadata={
        "description": "The WILD crib: four cards from the bottom of the stock (counted first)."})


class BoardEventSchema(ma.Schema):
    player = ma.fields.Integer(required=True, strict=True, validate=ma.validate.Range(0, 3))
    draw = ma.fields.String(validate=ma.validate.Length(max=60), metadata={
        "description": "The name of the WILD card drawn (see `wild_pack`, `house_cards`).",
        "example": "Stink Hole"})
    peg = ma.fields.Integer(strict=True, validate=ma.validate.Range(0, 29), metadata={
        "description": "Points scored in the play (with `kind`)."})
    kind = ma.fields.String(load_default="other", validate=ma.validate.OneOf(PEG_KINDS))
    show = ma.fields.Nested(ShownSchema, metadata={"description": "A hand (or crib) counted and pegged."})
    cribs = ma.fields.Nested(CribsSchema, metadata={
        "description": "The dealer's cribs: the WILD crib if any, then the natural crib."})

    @ma.validates_schema(skip_on_field_errors=True)
    def one_thing(self, data, **kwargs):
        present = [key for key in ("draw", "peg", "show", "cribs") if key in data]
        if len(present) != 1:
            raise ma.ValidationError("an event is exactly one of draw, peg, show, cribs",
                                     field_name="_schema")


class BoardRequestSchema(ma.Schema):
    rules = RulesValueField(default="wild")
    scores = ma.fields.List(ma.fields.Integer(strict=True, validate=ma.validate.Range(0, 1000)),
                            metadata={"description": "Each side's score before the events (default 0): "
                                                     "one per player; with `partners` `on`, one per side "
                                                     "(four players: 0 & 2, then 1 & 3; captains: the "
                                                     "captain, then the two partners).",
                                      "example": [40, 52]})
    captain = ma.fields.Integer(strict=True, load_default=0, validate=ma.validate.Range(0, 2), metadata={
        "description": "Captain's cribbage (`captains`: three players, `partners` `on`): the captain's "
                       "player number; the other two score together. Default 0."})
    first_dealer = ma.fields.Integer(strict=True, validate=ma.validate.Range(0, 3), metadata={
        "description": "When the events start a game: the first dealer. Under `three_for_last` `on` "
                       "(five-card) the player after him pegs 3 before the events."})
    events = ma.fields.List(ma.fields.Nested(BoardEventSchema), required=True,
                            validate=ma.validate.Length(max=MAX_EVENTS))

    @ma.validates_schema(skip_on_field_errors=True)
    def validate_board(self, data, **kwargs):
        profile = data["rules"]
        sides = side_count(profile)
        if "scores" in data and len(data["scores"]) != sides:
            raise ma.ValidationError(f"{sides} scores, one per side", field_name="scores")
        for name in ("captain", "first_dealer"):
            if data.get(name) is not None and data[name] >= profile.players:
                raise ma.ValidationError(f"players are numbered 0 to {profile.players - 1}",
                                         field_name=name)
        names = {card["name"].lower(): card for card in pack(profile)}
        for index, event in enumerate(data["events"]):
            if event["player"] >= profile.players:
                raise ma.ValidationError({"events": {index: {"player": [
                    f"players are numbered 0 to {profile.players - 1}"]}}})
            if "draw" in event:
                card = names.get(event["draw"].lower())
                if card is None:
                    raise ma.ValidationError({"events": {index: {"draw": [
                        f"no WILD card {event['draw']!r} in this profile's pack; cards: "
                        f"{', '.join(sorted({c['name'] for c in names.values()}))}"]}}})
                event["card"] = card
            shown = event.get("show") or event.get("cribs")
            if shown:
                cards = {k: v if isinstance(v, list) else [v] for k, v in shown.items()
                         if not isinstance(v, bool)}
                try:
                    check_deck(cards, profile)
                    check_distinct(cards, deck_copies(profile.deck))
                except ma.ValidationError as error:
                    raise ma.ValidationError({"events": {index: error.normalized_messages()}}) from None


class BoardResponseSchema(ma.Schema):
    entries = ma.fields.List(ma.fields.Dict(), metadata={
        "description": "What each event did: `pegged` points, `ignored` (in the Stink Hole), `freed`, "
                       "`frozen`, a shown hand's `total`."})
    scores = ma.fields.List(ma.fields.Integer(), metadata={"description": "Each side's score after."})
    game = ma.fields.Dict(allow_none=True, metadata={
        "description": "Null while the game goes on; once a side reaches its target (`target`; the "
                       "captain's `captain_target`), `side`, `score`, `target` and `result` (`wins`, or "
                       "`loses` under `goal` `lose`): the game ends there and later events are ignored."})
    frozen = ma.fields.List(ma.fields.Integer(), metadata={"description": "Players in the Stink Hole."})
    effects = ma.fields.Dict(metadata={"description": "Every WILD card effect and what it does.",
                                       "example": EFFECTS})
    rules = effective_rules_field()
