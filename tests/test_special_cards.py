"""Mastermind special cards and jokers: notation, deck counts, the show (docs/rules.md, "Profiles")."""

import pytest

from service.rules.cards import CardError, find_duplicate, parse_card
from service.rules.show import fifteens, pairs, runs, score_show
from service.rules.special_cards import (HIGH_ACE_RANK, deck_copies, play_rank, play_value)

from helpers import card, cards


def points(items):
    return sum(i.points for i in items)


@pytest.mark.parametrize("token, code", [
    ("ZERO", "ZERO"), ("0", "ZERO"), ("zero", "ZERO"), ("A*", "A*"), ("superace", "A*"),
    ("5H*", "5H*"), ("5♥*", "5H*"), ("5s*", "5S*"), ("W", "W"), ("wild", "W"), ("SW", "SW"),
    ("super-wild", "SW"), ("M", "M"), ("master", "M"), ("JOKER", "JOKER"),
    ("W=7H", "W=7H"), ("w=10h", "W=10H"), ("SW=7H/5D", "SW=7H/5D"), ("SW=5D", "SW=5D"),
    ("M=KH/JD", "M=KH/JD"), ("A*=11", "A*=11"), ("A*=1", "A*=1"), ("JOKER=QS", "JOKER=QS"),
])
def test_notation_round_trip(token, code):
    assert parse_card(token).code == code
    assert parse_card(code).code == code


@pytest.mark.parametrize("token", ["W=7H/5D", "A*=2", "ZERO=5H", "W=ZZ", "5X*", "SW=/", "6H*", "W=", "Q*"])
def test_bad_special_tokens_name_the_token(token):
    with pytest.raises(CardError) as excinfo:
        parse_card(token)
    assert excinfo.value.token == token


def test_declared_wild_counts_as_its_card_in_the_show():
    # W=5H has the rank and suit of the five of hearts; its code still says it is the Wild.
    wild = card("W=5H")
    assert (wild.rank, wild.suit, wild.value, wild.code) == (5, "H", 5, "W=5H")


def test_super_wild_plays_as_one_card_and_counts_as_another():
    super_wild = card("SW=7H/5D")
    assert play_value(super_wild) == 7 and (super_wild.rank, super_wild.suit) == (5, "D")


def test_super_ace_play_declarations():
    assert (play_value(card("A*=11")), play_rank(card("A*=11"))) == (11, HIGH_ACE_RANK)
    assert (play_value(card("A*=1")), play_rank(card("A*=1"))) == (1, 1)
    assert play_value(card("A*")) == 1  # undeclared: the low ace


def test_undeclared_wild_cannot_be_played():
    with pytest.raises(CardError):
        play_value(card("W"))


def test_deck_counts():
    copies = deck_copies("mastermind")
    assert sum(copies.values()) == 11  # Zero, Super Ace, 4 Super Fives, 2 Wilds, 2 Super Wilds, Master
    assert find_duplicate(cards("W W=7H"), copies) is None  # two Wilds in the deck
    assert find_duplicate(cards("W W=7H W=8C"), copies) is not None
    assert find_duplicate(cards("5H 5H*"), copies) is None  # the five and the Super Five of hearts
    assert find_duplicate(cards("5H* 5H*"), copies) is not None
    assert find_duplicate(cards("JOKER JOKER"), deck_copies("jokers")) is None


def test_super_five_scores_like_a_five_of_its_suit():
    # 5H 5H* 5D 5S + 5C starter: five fives, 20 for fifteens and 20 for ten pairs (seed 000).
    *hand, starter = cards("5H 5H* 5D 5S 5C")
    assert score_show(hand, starter).total == 40


def test_super_ace_with_a_four_counts_eleven_for_fifteen():
    # Seed 000: "The holder can also use as 1 and 11 with fours to total 15".
    assert [i.codes for i in fifteens(cards("A* 4H 9C QD 2S"))] == [
        ["A*", "4H"], ["A*", "4H", "QD"], ["4H", "9C", "2S"]]


def test_super_ace_pairs_every_ace():
    assert points(pairs(cards("A* AH AD 7C 9S"))) == 6  # three aces: pair royal


def test_super_ace_runs_low_and_high():
    found = runs(cards("A* 2H 3D QC KS"))
    assert sorted(i.codes for i in found) == [["A*", "2H", "3D"], ["QC", "KS", "A*"]]
    assert runs(cards("KH A* 2D 7C 9S")) == []  # runs never wrap: K-A-2 is no run


def test_zero_doubles_every_fifteen_and_runs_below_the_ace():
    # 5 5 5 J: four fifteens; with the Zero each scores again with and without it.
    assert len(fifteens(cards("5H 5D 5S JC ZERO"))) == 8
    assert points(runs(cards("ZERO AH 2D 9C KS"))) == 3


def test_zero_breaks_a_flush():
    *hand, starter = cards("2H 4H 6H ZERO 9H")
    assert not any(i.kind == "flush" for i in score_show(hand, starter).items)


def test_declared_wild_jack_scores_nobs():
    *hand, starter = cards("W=JH AC 3D 8S 9H")
    assert [i.kind for i in score_show(hand, starter).items] == ["nobs"]


# --- the CLI takes the same notation ---------------------------------------------------------

def test_cli_show_with_special_cards_and_a_profile(capsys):
    from service.cli import main

    assert main(["show", "5H", "5H*", "W", "SW", "M", "--rules", "mastermind"]) == 0
    out = capsys.readouterr().out
    assert "declared W=5H (hand)" in out and out.strip().endswith("total 45")


def test_cli_refuses_special_cards_outside_their_deck(capsys):
    from service.cli import main

    with pytest.raises(SystemExit) as excinfo:
        main(["show", "5H", "W", "5D", "5S", "5C"])
    assert excinfo.value.code == 2
    assert "'W' (Wild) is not in the standard deck" in capsys.readouterr().err


def test_cli_five_card_hand(capsys):
    from service.cli import main

    assert main(["show", "5H", "5D", "5S", "5C", "--rules", "five-card"]) == 0
    assert capsys.readouterr().out.strip().endswith("total 20")
