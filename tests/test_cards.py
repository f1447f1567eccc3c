"""Card notation (docs/rules.md, "Card notation")."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from service.rules.cards import STANDARD_DECK, Card, CardError, find_duplicate, parse_card, position_of

from helpers import cards


@pytest.mark.parametrize("token, code", [
    ("5H", "5H"), ("10H", "10H"), ("TH", "10H"), ("th", "10H"), ("QS", "QS"), ("qs", "QS"),
    ("5♥", "5H"), ("A♠", "AS"), ("K♦", "KD"), ("J♣", "JC"), ("10♡", "10H"), (" 7c ", "7C"),
])
def test_accepted_spellings(token, code):
    assert parse_card(token).code == code


@pytest.mark.parametrize("token", ["1H", "11H", "0H", "5X", "H5", "", "5", "10", "QQ", "05H", "5HH", "ZZ",
                                   "²S", "1²H"])   # "²" is a digit to str.isdigit, and no number to int()
def test_rejected_tokens_name_the_token(token):
    with pytest.raises(CardError) as excinfo:
        parse_card(token)
    assert excinfo.value.token == token


@settings(max_examples=2000, derandomize=True, database=None)
@given(st.text(max_size=12))
def test_any_text_is_a_card_or_a_card_error(text):
    """Whatever a client sends, the parser answers a card or a CardError, never another exception
    (which the API would answer 500)."""
    try:
        card = parse_card(text)
    except CardError as error:
        assert error.token == text
    else:
        assert parse_card(card.code) == card


def test_values_ace_low_court_cards_ten():
    assert [c.value for c in cards("AS 2S 9S 10S JS QS KS")] == [1, 2, 9, 10, 10, 10, 10]


def test_deck_index_round_trip():
    assert len(STANDARD_DECK) == 52
    assert all(STANDARD_DECK[c.index] == c for c in STANDARD_DECK)
    assert parse_card("AS").index == 0 and parse_card("KC").index == 51


def test_duplicate_detection():
    assert find_duplicate(cards("5H 5D 5S")) is None
    assert find_duplicate(cards("5H 5D 5h")) == Card(5, "H")


def test_names():
    assert parse_card("QH").name == "queen of hearts"
    assert parse_card("7C").name == "seven of clubs"


def test_position_of_a_card_named_in_any_notation():
    codes = ["5C", "10H", None, "ZERO"]
    tokens = ("th", "10\u2665", "zero", "5S", "ZZ")
    assert [position_of(token, codes) for token in tokens] == [1, 1, 3, None, None]
