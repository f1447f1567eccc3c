"""Small helpers for writing worked examples tersely."""

from service.rules.cards import parse_card, parse_cards


def cards(text: str):
    """``cards("5H 5D 5S JC")`` -> list of Card."""
    return parse_cards(text.split())


def card(text: str):
    return parse_card(text)
