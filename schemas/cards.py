"""Card fields: a token in the card notation becomes a :class:`service.rules.cards.Card`."""

from __future__ import annotations

import marshmallow as ma

from service.rules.cards import (Card, CardError, duplicate_message, find_duplicate, parse_card,
                                 physical_identity)

CARD_NOTATION = ("A card: rank A 2-10 (or T) J Q K, then suit S H D C or a suit symbol "
                 "(5H, 10h, TH, 5♥); case-insensitive. Special cards, under a profile whose deck has "
                 "them: ZERO (0), A*, 5H* (Super Five), W, SW, M, JOKER; declared W=7H, SW=7H/5D, A*=11.")

LONGEST_TOKEN = 16
"""Card text longer than this is refused as too long, and echoed only in part."""

# apispec documents a custom field as an object unless told otherwise.
CARD_FIELD_OPENAPI = {"type": "string", "pattern": rf"^\S{{1,{LONGEST_TOKEN}}}$"}


class CardField(ma.fields.Field):
    """A card token in, its canonical code out."""

    default_error_messages = {"invalid": "{token!r} is not a card: {reason}",
                              "type": "a card is a string such as '5H'"}

    def __init__(self, **kwargs):
        metadata = {**CARD_FIELD_OPENAPI, "description": CARD_NOTATION, "example": "5H",
                    **kwargs.pop("metadata", {})}
        super().__init__(metadata=metadata, **kwargs)

    def _serialize(self, value, attr, obj, **kwargs):
        return None if value is None else (value.code if isinstance(value, Card) else str(value))

    def _deserialize(self, value, attr, data, **kwargs) -> Card:
        if not isinstance(value, str):
            raise self.make_error("type")
        if len(value) > LONGEST_TOKEN:
            raise self.make_error("invalid", token=value[:LONGEST_TOKEN] + "...", reason="too long")
        try:
            return parse_card(value)
        except CardError as error:
            raise self.make_error("invalid", token=error.token, reason=error.reason) from None


def check_distinct(cards_by_field: dict[str, list[Card]], copies: dict | None = None) -> None:
    """Raise a ValidationError naming the field and the card that occurs more often than the deck
    holds it (``copies``: special cards' counts, see service.rules.special_cards.deck_copies)."""
    everything = [(field, card) for field, cards in cards_by_field.items() for card in cards]
    duplicate = find_duplicate([card for _, card in everything], copies)
    if duplicate is None:
        return
    identity = physical_identity(duplicate)
    fields = [field for field, card in everything if physical_identity(card) == identity]
    raise ma.ValidationError(duplicate_message(duplicate, copies), field_name=fields[-1])
