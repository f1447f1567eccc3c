"""What the subcommands share: card parsing with a clean error, JSON output."""

from __future__ import annotations

import json
import sys

from service.rules.cards import Card, CardError, duplicate_message, find_duplicate, parse_cards
from service.rules.special_cards import MOST_COPIES


CRIB_HELP = "count as the crib (five-card flush only, unless the profile's crib_flush is four)"


class UsageError(SystemExit):
    """Exit 2 with a message, as argparse does for bad arguments."""

    def __init__(self, message: str):
        print(f"muggins: error: {message}", file=sys.stderr)
        super().__init__(2)


def cards_from_args(tokens: list[str], what: str) -> list[Card]:
    try:
        cards = parse_cards(tokens)
    except CardError as error:
        raise UsageError(f"{what}: {error.token!r} is not a card: {error.reason}") from None
    duplicate = find_duplicate(cards, MOST_COPIES)  # the profile's deck is checked by the schema
    if duplicate is not None:
        raise UsageError(f"{what}: {duplicate_message(duplicate, MOST_COPIES)}")
    return cards


def hand_and_starter(tokens: list[str], what: str, rules: str = "standard") -> tuple[list[Card], Card]:
    """The hand (or crib) cards then the starter: as many hand cards as the profile's hand holds
    (four in the standard game, three in five-card, five in seven-card)."""
    import marshmallow as ma

    from schemas.rules import resolve_rules

    try:
        hand_size = resolve_rules(rules).hand_size
    except ma.ValidationError as error:
        raise UsageError(f"{what}: --rules: {error.messages}") from None
    cards = cards_from_args(tokens, what)
    if len(cards) != hand_size + 1:
        raise UsageError(f"{what}: give {hand_size} hand cards and the starter ({hand_size + 1} cards), "
                         f"got {len(cards)}")
    return cards[:-1], cards[-1]


def load_request(schema, body: dict, what: str, describe=None) -> dict:
    """Validate ``body`` with the API's own request schema, so the command line and the API accept
    exactly the same input; the first error becomes a usage error (``describe`` words it from the
    ``{field, pointer, message}`` of :func:`service.api.problems.flatten_messages`)."""
    import marshmallow as ma

    from service.api.problems import flatten_messages

    try:
        return schema.load(body)
    except ma.ValidationError as error:
        first = flatten_messages(error.messages)[0]
        where = describe(first) if describe else f"{first['field']}: {first['message']}"
        raise UsageError(f"{what}: {where}") from None


def print_json(data) -> None:
    json.dump(data, sys.stdout, indent=2, default=str)
    sys.stdout.write("\n")
