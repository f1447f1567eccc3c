"""The audit of a show: verdicts, missed and invented items, the spoken count, Muggins, the CLI."""

import doctest
import json
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from service.cli import main
from service.rules import audit, rarity, spoken_claims
from service.rules.audit import (ClaimError, audit_show, check_claimed_cards,
                                 impossible_claim_message, match_items, muggins_award,
                                 overclaim_consequence)
from service.rules.profiles import get_profile
from service.rules.show import score_show
from service.rules.spoken_claims import ClaimedItem, SpokenClaimError, parse_spoken_claim

from helpers import card, cards

TWENTY_NINE = (cards("5H 5D 5S JC"), card("5C"))
SEED_HAND = (cards("7H 8C 8D KS"), card("9S"))  # seed 001: "7 8 8 K and the start card is a 9" = 12


def kinds(items):
    return [(item.kind, item.claimed_points if isinstance(item, ClaimedItem) else item.points)
            for item in items]


@pytest.mark.parametrize("module", [audit, rarity, spoken_claims])
def test_docstring_examples(module):
    assert doctest.testmod(module).failed == 0


# --- totals -------------------------------------------------------------------------------------

@pytest.mark.parametrize("claimed, verdict, missed, over", [
    (29, "correct", 0, 0), (24, "under", 5, 0), (0, "under", 29, 0),
])
def test_verdict_on_the_29_hand(claimed, verdict, missed, over):
    report = audit_show(*TWENTY_NINE, claimed=claimed)
    assert (report["verdict"], report["canonical"], report["missed"], report["overclaimed"]) == \
        (verdict, 29, missed, over)
    assert report["muggins_eligible"] == missed


def test_overclaim_is_retracted_under_acc():
    report = audit_show(*SEED_HAND, claimed=14)
    assert report["verdict"] == "over" and report["overclaimed"] == 2
    assert report["muggins_eligible"] == 0
    assert report["overclaim"] == {"overpeg": "acc", "retract": 2, "opponent_pegs": 0}


def test_no_items_claimed_reports_no_item_lists():
    report = audit_show(*SEED_HAND, claimed=12)
    assert "missed_items" not in report and "invented_items" not in report
    assert report["messages"] == []


def test_crib_flush_only_with_five():
    hand, starter = cards("2H 4H 6H 8H"), card("KS")
    assert audit_show(hand, starter, crib=False, claimed=4)["verdict"] == "correct"
    crib = audit_show(hand, starter, crib=True, claimed=4)
    assert crib["verdict"] == "over" and crib["canonical"] == 0


def test_his_heels_is_never_in_the_show():
    # A jack starter: the dealer pegs 2 at the cut, the hand's count does not include it.
    report = audit_show(cards("AH 3D 7S 9C"), card("JH"), claimed=2)
    assert report["canonical"] == 0 and report["verdict"] == "over"


# --- impossible totals ------------------------------------------------------------------------------

@pytest.mark.parametrize("claimed", [19, 25, 26, 27, 30, 99])
def test_impossible_claims_say_so(claimed):
    report = audit_show(*SEED_HAND, claimed=claimed)
    assert report["impossible_claim"] is True
    assert f"score {claimed}" in report["messages"][0]


def test_impossible_totals_only_in_the_standard_game():
    # Seven-card cribbage keeps 5 cards: 5-5-5-J-2 with a 5 turned is no standard deal.
    report = audit_show(cards("5H 5D 5S JC 2C"), card("5C"), claimed=19, profile=get_profile("seven-card"))
    assert report["impossible_claim"] is False and report["messages"] == []


def test_impossible_totals_with_standard_cards_under_any_profile():
    # Mastermind scores standard cards the standard way: the table still says no deal makes 19;
    # with a Wild in the hand it does not apply.
    mastermind = get_profile("mastermind")
    assert audit_show(*SEED_HAND, claimed=19, profile=mastermind)["impossible_claim"] is True
    report = audit_show(cards("7H 8C 8D W=KS"), card("9S"), claimed=19, profile=mastermind)
    assert report["impossible_claim"] is False


@pytest.mark.parametrize("claimed", [0, 18, 20, 24, 28, 29])
def test_possible_claims(claimed):
    assert impossible_claim_message(claimed) is None
    assert impossible_claim_message(claimed, crib=True) is None


def test_nineteen_is_explained_as_a_zero_hand():
    message = impossible_claim_message(19)
    assert "19, 25, 26, 27" in message and "scores nothing" in message and "claim 0" in message


# --- claimed items ------------------------------------------------------------------------------

def test_items_with_cards_match_exactly():
    hand, starter = SEED_HAND
    claim = [ClaimedItem("fifteen", tuple(cards("7H 8C"))), ClaimedItem("fifteen", tuple(cards("8D 7H"))),
             ClaimedItem("pair", tuple(cards("8C 8D"))), ClaimedItem("run", tuple(cards("7H 8C 9S"))),
             ClaimedItem("run", tuple(cards("KS 8D 9S")))]  # no such run
    report = audit_show(hand, starter, claimed=12, claimed_items=claim)
    assert report["verdict"] == "correct"  # the total is right, one run is wrong
    assert [i.codes for i in report["missed_items"]] == [["7H", "8D", "9S"]]
    assert [(i.kind, [c.code for c in i.cards], i.claimed_points) for i in report["invented_items"]] \
        == [("run", ["KS", "8D", "9S"], 3)]
    assert report["items_total"] == 12 and report["messages"] == []


def test_items_without_cards_match_by_kind_and_count():
    hand, starter = TWENTY_NINE
    claim = [ClaimedItem("fifteen")] * 8 + [ClaimedItem("pair")] * 6
    report = audit_show(hand, starter, claimed=28, claimed_items=claim)
    assert kinds(report["missed_items"]) == [("nobs", 1)]
    assert report["invented_items"] == []
    assert report["by_kind"]["nobs"] == {"canonical": 1, "claimed": 0, "missed": 1, "overclaimed": 0}


def test_nobs_may_name_the_jack_alone():
    hand, starter = TWENTY_NINE
    missed, invented = match_items(score_show(hand, starter).items,
                                   [ClaimedItem("nobs", (card("JC"),))], starter)
    assert invented == [] and ("nobs", 1) not in kinds(missed)


def test_run_inside_a_longer_run_is_invented():
    hand, starter = cards("3H 4D 5S 6C"), card("KH")
    report = audit_show(hand, starter, claimed=4,
                        claimed_items=[ClaimedItem("run", tuple(cards("3H 4D 5S")))])
    # 4+5+6 and 5+K are fifteens, 3-4-5-6 the one run: the three-card run inside it is no item.
    assert kinds(report["missed_items"]) == [("fifteen", 2), ("fifteen", 2), ("run", 4)]
    assert kinds(report["invented_items"]) == [("run", 3)]
    assert report["canonical"] == 8 and "add up to 3" in report["messages"][0]


def test_claimed_cards_must_be_in_the_hand():
    hand, starter = SEED_HAND
    with pytest.raises(ClaimError, match="2C is neither in the hand nor the starter"):
        check_claimed_cards([ClaimedItem("pair", tuple(cards("8C 2C")))], hand, starter)


# --- the spoken count ---------------------------------------------------------------------------

def test_seed_spoken_count_is_correct():
    # Seed 001: "Fifteen 2, fifteen 4, and a pair is 6, and a run is 9 and a run is 12".
    report = audit_show(*SEED_HAND, claimed=12,
                        claimed_items="Fifteen 2, fifteen 4, and a pair is 6, and a run is 9 and a run is 12")
    assert report["verdict"] == "correct"
    assert report["missed_items"] == [] and report["invented_items"] == [] and report["messages"] == []


def test_double_run_is_two_runs_and_a_pair():
    call = parse_spoken_claim("fifteen 2, fifteen 4, double run 12")
    assert kinds(call.items) == [("fifteen", 2), ("fifteen", 2), ("run", 3), ("run", 3), ("pair", 2)]
    assert audit_show(*SEED_HAND, claimed=12, claimed_items="fifteen 2, fifteen 4, double run 12")[
        "verdict"] == "correct"


@pytest.mark.parametrize("text, expected, total", [
    ("fifteen two, fifteen four, a pair is six", [("fifteen", 2)] * 2 + [("pair", 2)], 6),
    ("fifteen 2 fifteen 4 pair 6", [("fifteen", 2)] * 2 + [("pair", 2)], 6),
    ("fifteen 8, double pair royal 20, his nobs 21", [("fifteen", 2)] * 4 + [("pair", 2)] * 6 + [("nobs", 1)], 21),
    ("three of a kind 6", [("pair", 2)] * 3, 6),
    ("pair royal 6", [("pair", 2)] * 3, 6),
    ("triple run 15", [("run", 3)] * 3 + [("pair", 2)] * 3, 15),
    ("quadruple run 16", [("run", 3)] * 4 + [("pair", 2)] * 2, 16),
    ("double run of four 10", [("run", 4)] * 2 + [("pair", 2)], 10),
    ("run of 4 is 4, flush 8", [("run", 4), ("flush", 4)], 8),
    ("runs 8", [("run", 4)] * 2, 8),
    ("flush 5, one for his nobs 6", [("flush", 5), ("nobs", 1)], 6),
    ("fifteen, pair, run", [("fifteen", 2), ("pair", 2), ("run", 3)], 7),
    ("19", [], 0),
    ("nineteen", [], 0),
])
def test_spoken_phrases(text, expected, total):
    call = parse_spoken_claim(text)
    assert kinds(call.items) == expected and call.called_total == total and call.notes == []


def test_spoken_number_that_does_not_fit_is_noted():
    call = parse_spoken_claim("fifteen 2, double run 12")
    assert call.called_total == 12 and "adds 10" in call.notes[0] and "worth 8" in call.notes[0]


@pytest.mark.parametrize("text, fragment", [
    ("fifteen 4, pair 2", "does not go up from 4"),
    ("sixteen 2", "not a scoring combination"),
    ("fifteen 2 banana", "is not a running total"),
    ("two for his heels", "his heels"),
    ("fifteen ²", "is not a running total"),   # "²" is a digit to str.isdigit, and no number to int()
])
def test_spoken_errors(text, fragment):
    with pytest.raises(SpokenClaimError, match=fragment):
        parse_spoken_claim(text)


SPOKEN_WORDS = ["fifteen", "two", "four", "pair", "run", "of", "three", "flush", "nobs", "his", "and",
                "double", "8", "12", "²", "٣", ",", " ", "for", "is"]


@settings(max_examples=1000, derandomize=True, database=None)
@given(st.lists(st.sampled_from(SPOKEN_WORDS), max_size=10).map(" ".join) | st.text(max_size=40))
def test_any_spoken_count_is_read_or_refused(text):
    """Whatever a player says, the reader answers items or a SpokenClaimError, never another
    exception (which the API would answer 500)."""
    try:
        call = parse_spoken_claim(text)
    except SpokenClaimError:
        return
    assert call.called_total == sum(item.points for item in call.items) or call.notes


def test_spoken_count_reports_per_kind_shortfall():
    # 29 hand, called as "fifteen 8, pair 10": six fifteens and five pairs and nobs missed.
    report = audit_show(*TWENTY_NINE, claimed=10, claimed_items="fifteen 8, pair 10")
    assert report["by_kind"]["fifteen"] == {"canonical": 16, "claimed": 8, "missed": 8, "overclaimed": 0}
    assert report["by_kind"]["pair"]["missed"] == 10 and report["by_kind"]["nobs"]["missed"] == 1
    assert len(report["missed_items"]) == 4 + 5 + 1


def test_spoken_count_that_disagrees_with_the_total():
    report = audit_show(*SEED_HAND, claimed=12, claimed_items="fifteen 2, fifteen 4, pair 6")
    assert "ends at 6" in " ".join(report["messages"]) and "add up to 6" in " ".join(report["messages"])


# --- Muggins and over-claims ------------------------------------------------------------------------

def test_muggins_off_makes_nothing_eligible():
    off = replace(get_profile("standard"), muggins="off")
    report = audit_show(*TWENTY_NINE, claimed=24, profile=off)
    assert report["missed"] == 5 and report["muggins_eligible"] == 0 and report["muggins"] == "off"


@pytest.mark.parametrize("call, eligible, caller, called_player", [
    (5, 5, 5, 0), (8, 5, 5, 0), (3, 5, 3, 0), (2, 0, 0, 2),
])
def test_muggins_call(call, eligible, caller, called_player):
    award = muggins_award(call, eligible, muggins_on=True)
    assert (award["caller_pegs"], award["called_player_pegs"]) == (caller, called_player)


def test_muggins_call_void_when_muggins_is_off():
    assert muggins_award(5, 0, muggins_on=False) == {"called": 5, "caller_pegs": 0, "called_player_pegs": 0}


@pytest.mark.parametrize("overpeg, opponent", [("acc", 0), ("hoyle", 2), ("victorian", 3)])
def test_overpeg_settings(overpeg, opponent):
    changed = replace(get_profile("standard"), overpeg=overpeg)
    assert overclaim_consequence(3, changed) == {"overpeg": overpeg, "retract": 3, "opponent_pegs": opponent}
    assert overclaim_consequence(0, changed)["opponent_pegs"] == 0


# --- the command line -------------------------------------------------------------------------------

def test_cli_audit_text(capsys):
    assert main(["audit", "5H", "5D", "5S", "JC", "5C", "--claimed", "24"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("claimed 24, the count is 29: 5 missed")
    assert "Muggins: 5 to the opponent" in out and "total 29" in out


def test_cli_audit_items_and_json(capsys):
    assert main(["audit", "7H", "8C", "8D", "KS", "9S", "--claimed", "10", "--json",
                 "--items", "fifteen 2, fifteen 4, pair 6, run 9, nobs 10"]) == 0
    body = json.loads(capsys.readouterr().out)
    assert (body["verdict"], body["canonical"], body["missed"]) == ("under", 12, 2)
    assert body["missed_items"] == [{"kind": "run", "cards": ["7H", "8D", "9S"], "points": 3}]
    assert body["invented_items"] == [{"kind": "nobs", "cards": None, "points": 1}]
    assert body["score"]["total"] == 12


def test_cli_audit_json_items(capsys):
    items = '[{"kind": "run", "cards": ["7H", "8C", "9S"]}]'
    assert main(["audit", "7H", "8C", "8D", "KS", "9S", "--claimed", "3", "--items", items]) == 0
    out = capsys.readouterr().out
    assert "9 missed" in out and "missed:" in out


@pytest.mark.parametrize("argv, message", [
    (["5H", "5D", "5S", "JC", "--claimed", "4"], "5 cards"),
    (["5H", "5D", "5S", "JC", "5C", "--claimed", "100"], "claimed"),
    (["5H", "5D", "5S", "JC", "5C", "--claimed", "4", "--items", "banana 4"], "--items"),
    (["5H", "5D", "5S", "JC", "5C", "--claimed", "4", "--items", "[{"], "not valid JSON"),
    (["5H", "5D", "5S", "JC", "ZZ", "--claimed", "4"], "'ZZ' is not a card"),
    (["5H", "5D", "5S", "JC", "5C", "--claimed", "4", "--muggins-call", "0"], "--muggins-call: Must be greater"),
])
def test_cli_audit_errors(capsys, argv, message):
    with pytest.raises(SystemExit) as exit_info:
        main(["audit", *argv])
    assert exit_info.value.code == 2 and message in capsys.readouterr().err


@pytest.mark.parametrize("claimed, call, line", [
    (24, 7, "Muggins! called for 7: the caller pegs 5"),   # 5 missed: the caller takes no more than that
    (24, 3, "Muggins! called for 3: the caller pegs 3"),
    (29, 2, "Muggins! called for 2: the caller pegs 0, the called player 2 (nothing was missed)"),
])
def test_cli_audit_awards_a_muggins_call_as_the_api_does(capsys, claimed, call, line):
    argv = ["audit", "5H", "5D", "5S", "JC", "5C", "--claimed", str(claimed), "--muggins-call", str(call)]
    assert main(argv) == 0
    assert line in capsys.readouterr().out.splitlines()
    assert main(argv + ["--json"]) == 0
    award = json.loads(capsys.readouterr().out)["muggins_award"]
    assert line.startswith(f"Muggins! called for {award['called']}: the caller pegs {award['caller_pegs']}")


def test_cli_audit_takes_the_profiles_hand_size(capsys):
    # Five-card cribbage: a hand of three and the starter (3H 4D 5S + 6C: run of 4, 4+5+6 fifteen).
    assert main(["audit", "3H", "4D", "5S", "6C", "--claimed", "6", "--rules", "five-card", "--json"]) == 0
    body = json.loads(capsys.readouterr().out)
    assert body["canonical"] == 6 and body["verdict"] == "correct"
    with pytest.raises(SystemExit):
        main(["audit", "3H", "4D", "5S", "6C", "9H", "--claimed", "6", "--rules", "five-card"])
    assert "give 3 hand cards and the starter (4 cards), got 5" in capsys.readouterr().err
