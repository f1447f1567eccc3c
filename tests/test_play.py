"""The play (pegging): one worked example per rule, the Bill and Judy deal of seed 001, the flags."""

import dataclasses

import pytest
from helpers import card, cards

from service.rules.play import (Pegging, PlayHooks, PlayInputError, Series, fifteen, pairs, runs,
                                score_play, thirty_one)
from service.rules.profiles import get_profile


def plays(text: str, players: int = 2):
    """``"0:KH 1:9D 0:QH 1:go"`` -> [(0, KH), (1, 9D), (0, QH), (1, None)]."""
    out = []
    for token in text.split():
        player, what = token.split(":")
        out.append((int(player), None if what == "go" else card(what)))
    return out


def reasons(result):
    return [[item.reason for item in play.items] for play in result.plays]


# --- the rules, each on its own -------------------------------------------------------------------

@pytest.mark.parametrize("rule, series, expected", [
    (fifteen, "KH 5C", ["fifteen for 2"]),
    (fifteen, "7H 8C", ["fifteen for 2"]),
    (fifteen, "7H 7C", []),
    (fifteen, "5H 5C 5D", ["fifteen for 2"]),
    (thirty_one, "KH QC 5D 6S", ["31 for 2"]),
    (thirty_one, "KH QC 5D 5S", []),
    (pairs, "7H 7C", ["pair for 2"]),
    (pairs, "7H 7C 7D", ["pair royal for 6"]),
    (pairs, "7H 7C 7D 7S", ["double pair royal for 12"]),
    (pairs, "7H 8C 7D", []),  # not consecutive
    (pairs, "JH QC", []),  # pairs go by rank, not value
    (runs, "3H 4C 5D", ["run of 3 for 3"]),
    (runs, "5D 3H 4C", ["run of 3 for 3"]),  # any order
    (runs, "3H 5C 4D 6S", ["run of 4 for 4"]),
    (runs, "6S 2H 4C 3D 5S", ["run of 5 for 5"]),
    (runs, "3H 4C 4D 5S", []),  # a pair in between breaks it
    (runs, "4H 4C 3D 5S", ["run of 3 for 3"]),  # the last three are a run
    (runs, "9H 3C 4D 5S", ["run of 3 for 3"]),  # longest tail only
    (runs, "QH KC AD", []),  # ace is low only
    (runs, "AH 2C 3D", ["run of 3 for 3"]),
])
def test_rule(rule, series, expected):
    assert [item.reason for item in rule(Series.of(series))] == expected


def test_pair_points_and_cards():
    [item] = pairs(Series.of("2H 7H 7C 7D"))
    assert (item.kind, item.points, item.codes) == ("pair", 6, ["7H", "7C", "7D"])


def test_run_cards_are_the_tail():
    [item] = runs(Series.of("9H 3C 5D 4S"))
    assert (item.kind, item.points, item.codes) == ("run", 3, ["3C", "5D", "4S"])


# --- Bill and Judy (seed 001) -----------------------------------------------------------------------
# Bill (player 0) holds KH QH JH JS, Judy (player 1) 9D 8D 8C 7H; the seed has Bill lead.
BILL_AND_JUDY = "0:KH 1:9D 0:QH 1:go 1:8D 0:JH 1:8C 0:go 0:JS 1:7H"
BILL_AND_JUDY_HANDS = {0: cards("KH QH JH JS"), 1: cards("9D 8D 8C 7H")}


@pytest.mark.parametrize("hands", [None, BILL_AND_JUDY_HANDS], ids=["plays only", "with hands"])
def test_bill_and_judy(hands):
    result = score_play(2, plays(BILL_AND_JUDY), hands=hands)
    assert [p.count for p in result.plays] == [10, 19, 29, 29, 8, 18, 26, 26, 10, 17]
    assert [p.series for p in result.plays] == [1, 1, 1, 1, 2, 2, 2, 2, 3, 3]
    # Bill's queen earns the go of the first series ("Bill scores one point for playing last card"),
    # Judy's second eight that of the second, her seven the last card.
    assert reasons(result) == [[], [], ["go for 1"], [], [], [], ["go for 1"], [], [], ["last card for 1"]]
    assert result.totals == [1, 2]
    assert result.finished
    assert all(p.flags == [] for p in result.plays)


def test_bill_and_judy_turns():
    table = Pegging(2, hands=BILL_AND_JUDY_HANDS, start=0)
    expected = []
    for player, laid in plays(BILL_AND_JUDY):
        expected.append(table.expected_player())
        table.go(player) if laid is None else table.lay(player, laid)
    assert expected == [0, 1, 0, 1, 1, 0, 1, 0, 0, 1]


# --- go, 31, last card, resets --------------------------------------------------------------------

def test_thirty_one_is_two_never_three():
    result = score_play(2, plays("0:KH 1:QC 0:5D 1:6S 0:2H"))
    assert reasons(result)[3] == ["31 for 2"]
    assert result.plays[4].count == 2 and result.plays[4].series == 2


def test_thirty_one_resets_and_next_player_leads():
    table = Pegging(2)
    for player, laid in plays("0:KH 1:QC 0:5D 1:6S"):
        table.lay(player, laid)
    assert table.expected_player() == 0  # the player after the one who made 31


def test_nothing_spans_a_reset():
    # 7 then 7 across a 31: no pair. K Q 4 ... 31 after the 7.
    result = score_play(2, plays("0:KH 1:QC 0:4D 1:7S 0:7H"))
    assert reasons(result) == [[], [], [], ["31 for 2"], []]
    assert result.plays[4].count == 7


def test_go_point_goes_to_last_card_laid():
    result = score_play(2, plays("0:KH 1:QC 0:9D 1:go 0:AS 1:5H"))
    # 10, 20, 29; player 1 goes; player 0 lays an ace (30), cannot lay more; next series by 1.
    assert [p.count for p in result.plays] == [10, 20, 29, 29, 30, 5]
    assert reasons(result)[4] == ["go for 1"]
    assert result.totals == [1, 0]


def test_one_card_scores_fifteen_pair_run_and_last_card():
    # 4 5 6 = fifteen and run; the 6 is the last card of the deal when both hands are empty.
    hands = {0: cards("4H 6D"), 1: cards("5C")}
    result = score_play(2, plays("0:4H 1:5C 0:6D"), hands=hands)
    assert reasons(result)[2] == ["fifteen for 2", "run of 3 for 3", "last card for 1"]
    assert result.plays[2].points == 6


def test_fifteen_and_pair_royal_together():
    result = score_play(2, plays("0:5H 1:5C 0:5D"))
    assert reasons(result)[2] == ["fifteen for 2", "pair royal for 6"]


def test_open_series_gets_no_point_until_proven():
    result = score_play(2, plays("0:KH 1:9D 0:QH 1:go"))
    assert result.totals == [0, 0] and not result.finished


def test_last_card_after_other_player_runs_out():
    hands = {0: cards("AH 2H 3H 4H"), 1: cards("KS QS JS 10S")}
    result = score_play(2, plays("0:AH 1:KS 0:2H 1:QS 0:3H 1:go 0:4H 1:JS 1:10S"), hands=hands)
    # 1, 11, 13, 23, 26; player 1 cannot; 4H makes 30 -> go for 1; then player 1 lays his last two
    # alone: JS 10, 10S 20 (a jack and a ten are no pair) and the last card.
    assert [p.count for p in result.plays] == [1, 11, 13, 23, 26, 26, 30, 10, 20]
    assert reasons(result)[6] == ["go for 1"]
    assert reasons(result)[7:] == [[], ["last card for 1"]]
    assert result.totals == [1, 1] and result.finished


# --- three and four players -------------------------------------------------------------------------

def test_three_players_rotate_after_go():
    # 10, 20, 29; players 0 and 1 call go; player 2 lays 2 for 31; player 0 leads the next series.
    table = Pegging(3)
    for player, laid in plays("0:KH 1:QC 2:9D 0:go 1:go 2:2S"):
        table.go(player) if laid is None else table.lay(player, laid)
    result = table.result()
    assert reasons(result)[5] == ["31 for 2"]
    assert table.expected_player() == 0
    assert all(p.flags == [] for p in result.plays)


def test_three_players_go_point_and_next_leader():
    result = score_play(3, plays("0:KH 1:QC 2:9D 0:go 1:go 0:5D"))
    # Player 2 cannot play on 29 either: go to him; the next series is led by player 0.
    assert reasons(result)[2] == ["go for 1"]
    assert (result.plays[5].count, result.plays[5].series, result.plays[5].flags) == (5, 2, [])


def test_go_rotation_skips_players_who_said_go():
    # 10, 20, 29; player 0 calls go; player 1 lays an ace (30); player 2 calls go. Players 0 and 2
    # are out of this series, so player 1, the last to lay a card, plays on if he can.
    table = Pegging(3)
    for player, laid in plays("0:KH 1:QC 2:9D 0:go 1:AH 2:go"):
        table.go(player) if laid is None else table.lay(player, laid)
    assert table.expected_player() == 1


def test_bicycle_ends_series_after_two_goes():
    profile = dataclasses.replace(get_profile("standard"), go_rotation="bicycle")
    table = Pegging(3, profile=profile)
    for player, laid in plays("0:KH 1:QC 2:9D 0:go 1:go"):
        table.go(player) if laid is None else table.lay(player, laid)
    # Under bicycle player 2 does not play on: the go is his at once and player 0 leads.
    result = table.result()
    assert reasons(result)[2] == ["go for 1"]
    assert table.expected_player() == 0


def test_four_players_partnership_totals():
    result = score_play(4, plays("0:5H 1:KC 2:5D 3:5S 0:5C"))
    # 5, 15 (fifteen 2 to player 1), 20, 25 (pair to 3), 30 (pair royal 6 to 0).
    assert result.totals == [6, 2, 0, 2]
    assert result.sides == [6, 4]


def test_two_players_have_no_sides():
    assert score_play(2, plays("0:5H 1:KC")).sides is None


# --- flags ------------------------------------------------------------------------------------------

def flags(result):
    return [[flag.code for flag in play.flags] for play in result.plays]


def test_card_not_held():
    hands = {0: cards("KH QH JH JS"), 1: cards("9D 8D 8C 7H")}
    result = score_play(2, plays("0:KH 1:9C"), hands=hands)
    assert flags(result) == [[], ["card_not_held"]]


def test_over_31_is_taken_back():
    result = score_play(2, plays("0:KH 1:QC 0:9D 1:5S"))
    assert flags(result)[3] == ["over_31"]
    assert result.plays[3].count == 29 and result.plays[3].points == 0


def test_renege_with_hands():
    hands = {0: cards("KH QH JH JS"), 1: cards("9D 8D 8C AH")}
    result = score_play(2, plays("0:KH 1:9D 0:QH 1:go"), hands=hands)
    assert flags(result)[3] == ["renege"]
    assert "AH" in result.plays[3].flags[0].message


def test_renege_proven_without_hands():
    result = score_play(2, plays("0:KH 1:go"))
    assert flags(result) == [[], ["renege"]]


def test_played_after_go():
    result = score_play(2, plays("0:KH 1:QC 0:9D 1:go 0:AS 1:AH"))
    # Player 0 (30) is to play on; player 1, who called go at 29, lays an ace that fits.
    assert flags(result)[5] == ["out_of_turn", "played_after_go"]


def test_out_of_turn():
    result = score_play(2, plays("0:KH 0:QC"))
    assert flags(result) == [[], ["out_of_turn"]]


def test_start_player():
    result = score_play(2, plays("0:KH"), start=1)
    assert flags(result) == [["out_of_turn"]]


def test_flags_do_not_crash_on_nonsense():
    hands = {0: cards("AH"), 1: cards("2H")}
    result = score_play(2, plays("1:KS 1:go 0:QS 0:go 1:JS"), hands=hands)
    assert len(result.plays) == 5


# --- input that is no deal ------------------------------------------------------------------------

def test_duplicate_card_is_refused():
    with pytest.raises(PlayInputError) as error:
        score_play(2, plays("0:KH 1:KH"))
    assert error.value.path == ("plays", 1, "card")


def test_player_out_of_range():
    with pytest.raises(PlayInputError) as error:
        score_play(2, plays("0:KH 2:QH"))
    assert error.value.path == ("plays", 1, "player")


@pytest.mark.parametrize("players", [1, 5])
def test_players_must_be_2_to_4(players):
    with pytest.raises(PlayInputError):
        score_play(players, [])


def test_too_many_cards_without_hands():
    with pytest.raises(PlayInputError) as error:
        score_play(2, plays("0:AH 1:AS 0:2H 1:2S 0:3H 1:3S 0:4H 1:4S 0:5H"))
    assert error.value.path == ("plays", 8, "card")


# --- what the API and the variants build on ---------------------------------------------------------

def test_next_player():
    assert score_play(2, plays("0:KH 1:9D 0:QH 1:go")).next_player == 0  # Bill may play on
    assert score_play(2, plays(BILL_AND_JUDY)).next_player is None  # all cards out


def test_hooks_change_values_and_add_events():
    """A variant plugs in through PlayHooks: here every card counts 5 and a count that reaches a
    multiple of five records an event (as a WILD draw would)."""
    def draw(series, record):
        if series.count % 5 == 0:
            record.events.append({"kind": "draw", "count": series.count})

    hooks = PlayHooks(value=lambda c: 5, after_card=(draw,))
    result = score_play(2, plays("0:KH 1:2C 0:9D"), hooks=hooks)
    assert [p.count for p in result.plays] == [5, 10, 15]
    assert reasons(result)[2] == ["fifteen for 2"]
    assert [p.events for p in result.plays][1] == [{"kind": "draw", "count": 10}]


def test_hooks_may_allow_a_card_after_go():
    hooks = PlayHooks(may_play_after_go=lambda c: c.code == "AH")
    result = score_play(2, plays("0:KH 1:QC 0:9D 1:go 0:AS 1:AH"), hooks=hooks)
    assert flags(result)[5] == ["out_of_turn"]


def test_captains_sides_are_the_captain_against_the_other_two():
    # Captain's cribbage: player 0 alone against players 1 and 2 together (service/rules/game.py).
    result = score_play(3, plays("0:5H 1:10D 2:5S"), profile=get_profile("captains"))
    assert result.totals == [0, 2, 0] and result.sides == [0, 2]
