"""Batch of shows: request and response of ``POST /v1/batch/show``.

Up to ``MAX_BATCH_HANDS`` (10,000) hands per request, so validation must not cost a marshmallow
field per card. :class:`HandsField` reads the list in one pass: each token goes through
:class:`CardIndexLookup` (a dict from every spelling already seen to the card index, which falls back
to :func:`service.rules.cards.parse_card`, the one place the notation is defined), and the whole batch
becomes one ``N x 5`` array for :func:`service.rules.batch.score_deals`. Errors still name the hand
and the card: ``hands[3].hand[1]: 'ZZ' is not a card: ...``.

    >>> deals = BatchShowRequestSchema().load(
    ...     {"hands": [{"hand": ["5H", "5D", "5S", "JC"], "starter": "5C"}]})
    >>> deals["deals"].tolist(), deals["crib"].tolist()
    ([[17, 18, 16, 43, 19]], [False])
"""

from __future__ import annotations

import marshmallow as ma
import numpy as np
from flask import current_app, has_app_context

from service import config
from service.rules.cards import STANDARD_DECK, Card, CardError, parse_card
from service.rules.special_cards import kind_name

from .booleans import JsonBoolean
from .cards import CARD_FIELD_OPENAPI, LONGEST_TOKEN, CardField, check_distinct
from .rules import RulesValueField, effective_rules_field
from .show import CRIB_DESCRIPTION, ByKindSchema

MAX_REPORTED_HANDS = 20
"""A refused batch names the errors of at most this many hands (the first ones)."""

_CARD_MESSAGES = CardField.default_error_messages


class CardIndexLookup:
    """Card token -> standard card index (0..51), fast for the spellings seen before.

    Seeded with the canonical codes (and their lower case); any other token is parsed by
    :func:`parse_card`, and remembered when it parses and has no surrounding blanks (the notation
    has a few hundred such spellings, so the memo stays small). Bad tokens raise
    :class:`CardError` exactly as ``parse_card`` words it.

    >>> lookup = CardIndexLookup()
    >>> lookup("5H"), lookup("t♥"), lookup("10h")
    (17, 37, 37)
    """

    def __init__(self):
        self.known = {spelling: card.index for card in STANDARD_DECK
                       for spelling in (card.code, card.code.lower())}

    def __call__(self, token: str) -> int:
        index = self.known.get(token)
        if index is not None:
            return index
        if isinstance(token, str) and len(token) > LONGEST_TOKEN:
            raise CardError(token[:LONGEST_TOKEN] + "...", "too long")
        index = parse_card(token, allow_special=False).index
        if token == token.strip():
            self.known[token] = index
        return index


CARD_INDEX = CardIndexLookup()


def _card_error(token) -> str | None:
    """The CardField message for a bad ``token``, or None when it is a standard card. A special
    card (``W``, ``ZERO`` ...) is a card, but not one the batch scorer counts: it says so.

    >>> _card_error("W")
    "'W' (Wild) is a special card: batch scoring is for the standard 52-card deck; count it with /v1/show"
    """
    if not isinstance(token, str):
        return _CARD_MESSAGES["type"]
    try:
        CARD_INDEX(token)
    except CardError as error:
        special = _special_card(token)
        if special is not None:
            return (f"{token!r} ({kind_name(special)}) is a special card: batch scoring is for the "
                    "standard 52-card deck; count it with /v1/show")
        return _CARD_MESSAGES["invalid"].format(token=error.token, reason=error.reason)
    return None


def _special_card(token: str) -> Card | None:
    try:
        card = parse_card(token)
    except CardError:
        return None
    return card if card.special is not None else None


def max_batch_hands() -> int:
    """The app's ``MAX_BATCH_HANDS`` (default :data:`service.config.MAX_BATCH_HANDS`)."""
    if has_app_context():
        return int(current_app.config.get("MAX_BATCH_HANDS", config.MAX_BATCH_HANDS))
    return config.MAX_BATCH_HANDS


class BatchHandSchema(ma.Schema):
    """One deal of the batch. Documents the shape; :class:`HandsField` does the reading."""

    hand = ma.fields.List(ma.fields.String(metadata=CARD_FIELD_OPENAPI), required=True,
                          metadata={"description": "The 4 cards of the hand (or crib).",
                                    "example": ["5H", "5D", "5S", "JC"]})
    starter = ma.fields.String(required=True, metadata={**CARD_FIELD_OPENAPI, "example": "5C"})
    crib = JsonBoolean(load_default=False, metadata={"description": CRIB_DESCRIPTION})


_HAND_KEYS = frozenset(BatchHandSchema().fields)
_CRIB = BatchHandSchema().fields["crib"]


class HandsField(ma.fields.List):
    """The list of deals, read in one pass into ``(hand tokens as indices, starter index, crib)``.

    Documented in OpenAPI as a list of :class:`BatchHandSchema`; errors are nested per hand
    (``{3: {"hand": {1: ["'ZZ' is not a card: ..."]}}}``) for at most :data:`MAX_REPORTED_HANDS`.
    """

    def __init__(self, **kwargs):
        super().__init__(ma.fields.Nested(BatchHandSchema), **kwargs)

    def _deserialize(self, value, attr, data, **kwargs) -> list[tuple[list[int], int, bool]]:
        if not isinstance(value, list):
            raise ma.ValidationError("a list of hands, each {\"hand\": [...], \"starter\": ...}")
        cap = max_batch_hands()
        if not value or len(value) > cap:
            raise ma.ValidationError(f"between 1 and {cap:,} hands per request, got {len(value):,}")
        deals, errors = [], {}
        known, keys = CARD_INDEX.known, _HAND_KEYS
        for i, item in enumerate(value):
            try:  # the fast path: spellings seen before, booleans, no stray keys
                crib = item.get("crib", False)
                if (crib is True or crib is False) and type(item["hand"]) is list \
                        and keys.issuperset(item):
                    deals.append(([known[token] for token in item["hand"]], known[item["starter"]], crib))
                    continue
            except (AttributeError, KeyError, TypeError):
                pass
            try:
                deals.append(_read_hand(item))
            except ma.ValidationError as error:
                errors[i] = error.messages
                if len(errors) == MAX_REPORTED_HANDS:
                    break
        if errors:
            raise ma.ValidationError(errors)
        return deals


def _read_hand(item) -> tuple[list[int], int, bool]:
    """One ``{"hand", "starter", "crib"}`` object -> card indices; ValidationError per field."""
    if not isinstance(item, dict):
        raise ma.ValidationError({"_schema": ["a hand is an object {\"hand\": [...], \"starter\": ...}"]})
    try:
        hand = [CARD_INDEX(token) for token in item["hand"]]
        starter = CARD_INDEX(item["starter"])
        crib = _CRIB.deserialize(item.get("crib", False))   # true or false, as everywhere else
        if isinstance(item["hand"], list) and _HAND_KEYS.issuperset(item):
            return hand, starter, crib
    except (KeyError, TypeError, CardError, ma.ValidationError):
        pass
    raise ma.ValidationError(_hand_errors(item))  # the slow path, only for a bad hand


def _hand_errors(item: dict) -> dict:
    errors: dict = {}
    tokens = item.get("hand")
    if "hand" not in item:
        errors["hand"] = ["Missing data for required field."]
    elif not isinstance(tokens, list):
        errors["hand"] = ["Not a valid list."]
    else:
        bad = {j: [message] for j, token in enumerate(tokens) if (message := _card_error(token))}
        if bad:
            errors["hand"] = bad
    if "starter" not in item:
        errors["starter"] = ["Missing data for required field."]
    elif message := _card_error(item["starter"]):
        errors["starter"] = [message]
    try:
        _CRIB.deserialize(item.get("crib", False))
    except ma.ValidationError as error:
        errors["crib"] = error.messages
    for key in sorted(set(item) - _HAND_KEYS, key=str):
        errors[str(key)] = ["Unknown field."]
    return errors


class BatchShowRequestSchema(ma.Schema):
    hands = HandsField(required=True, metadata={"description": "1 to 10,000 deals, scored in order."})
    by_kind = JsonBoolean(load_default=False,
                          metadata={"description": "Also return the points per kind of each hand."})
    rules = RulesValueField(note=" Batch scoring counts the standard show.")

    @ma.validates_schema(skip_on_field_errors=True)
    def validate_deals(self, data, **kwargs):
        profile = data["rules"]
        if profile.variant != "standard" or profile.hand_size != 4 or profile.crib_size != 4:
            raise ma.ValidationError(
                f"batch scoring counts the standard show of 4 cards and a starter; profile "
                f"{profile.name!r} is {profile.variant} with {profile.hand_size}-card hands and "
                f"{profile.crib_size}-card cribs (use /v1/show)", field_name="rules")
        errors = {}
        for i, (hand, starter, _) in enumerate(data["hands"]):
            if len(hand) != profile.hand_size:
                errors[i] = {"hand": [f"a {profile.name} hand has {profile.hand_size} cards, "
                                      f"got {len(hand)}"]}
            elif len(set(hand)) < 4 or starter in hand:
                errors[i] = _duplicate_error(hand, starter)
            if len(errors) == MAX_REPORTED_HANDS:
                break
        if errors:
            raise ma.ValidationError({"hands": errors})

    @ma.post_load
    def to_arrays(self, data, **kwargs):
        """``deals`` (N x 5 uint8, starter last) and ``crib`` (N bools) for the batch scorer.

        The crib differs from a hand only in its flush, so under ``crib_flush: four`` a crib is
        counted (and its rarity looked up) as a hand.
        """
        hands = data.pop("hands")
        data["deals"] = np.array([hand + [starter] for hand, starter, _ in hands], dtype=np.uint8)
        five_card_crib_flush = data["rules"].crib_flush_five(True)
        data["crib"] = np.array([crib and five_card_crib_flush for _, _, crib in hands], dtype=bool)
        return data


def _duplicate_error(hand: list[int], starter: int) -> dict:
    try:
        check_distinct({"hand": [STANDARD_DECK[i] for i in hand], "starter": [STANDARD_DECK[starter]]})
    except ma.ValidationError as error:
        return error.normalized_messages()
    return {}


class BatchResultSchema(ma.Schema):
    total = ma.fields.Integer(required=True)
    one_in = ma.fields.Integer(allow_none=True, metadata={
        "description": "This total comes once in about this many deals (hand or crib rules)."})
    by_kind = ma.fields.Nested(ByKindSchema, metadata={"description": "Only when `by_kind` was asked."})


class BuiltList(ma.fields.List):
    """A list the service built itself from plain ints: documented item by item, dumped as is.

    Dumping 10,000 nested results through marshmallow would cost more than scoring them.
    """

    def _serialize(self, value, attr, obj, **kwargs):
        return value


class BatchShowResponseSchema(ma.Schema):
    count = ma.fields.Integer(required=True, metadata={"description": "Number of hands scored."})
    rules = effective_rules_field()
    results = BuiltList(ma.fields.Nested(BatchResultSchema), required=True,
                        metadata={"description": "One result per hand, in the order given."})
