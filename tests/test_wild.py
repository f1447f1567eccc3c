"""The variants in the play (Mastermind cards, WILD draws) and the WILD board (Stink Hole, cribs)."""

import pytest

from service.rules.play import score_play
from service.rules.profiles import get_profile, with_overrides
from service.rules.variant_play import hooks_for
from service.rules.wild_cards import WILD_PACK, check_card_definition, pack
from service.rules.wild_cribbage import WildBoard, count_cribs

from helpers import card, cards
from test_play import plays, reasons  # "0:KH 1:go" notation and the reasons per play

MASTERMIND = get_profile("mastermind")
WILD = get_profile("wild")


# --- Mastermind in the play ----------------------------------------------------------------------

def test_zero_after_a_fifteen_scores_two_more():
    result = score_play(2, plays("0:KH 1:5C 0:ZERO"), profile=MASTERMIND)
    assert reasons(result) == [[], ["fifteen for 2"], ["Zero after the fifteen: 2 more"]]
    assert result.totals == [2, 2]


def test_zero_after_a_31_scores_two_more_before_the_reset():
    result = score_play(2, plays("0:KH 1:QC 0:5D 1:6S 0:ZERO"), profile=MASTERMIND)
    assert reasons(result)[3:] == [["31 for 2"], ["Zero after the 31: 2 more"]]
    assert result.plays[4].count == 0 and result.totals == [2, 2]


def test_zero_elsewhere_scores_nothing_but_runs_below_the_ace():
    assert reasons(score_play(2, plays("0:KH 1:ZERO"), profile=MASTERMIND)) == [[], []]
    assert reasons(score_play(2, plays("0:AH 1:2C 0:ZERO"), profile=MASTERMIND))[2] == ["run of 3 for 3"]


def test_super_ace_declared_high_and_low():
    high = score_play(2, plays("0:QH 1:KC 0:A*=11"), profile=MASTERMIND)
    assert high.plays[2].count == 31 and reasons(high)[2] == ["31 for 2", "run of 3 for 3"]
    low = score_play(2, plays("0:2H 1:3C 0:A*=1"), profile=MASTERMIND)
    assert low.plays[2].count == 6 and reasons(low)[2] == ["run of 3 for 3"]
    eleven = score_play(2, plays("0:4H 1:A*=11"), profile=MASTERMIND)
    assert reasons(eleven)[1] == ["fifteen for 2"]
    assert reasons(score_play(2, plays("0:AH 1:A*=11"), profile=MASTERMIND))[1] == ["pair for 2"]


def test_a_wild_played_as_a_seven_counts_as_a_seven():
    result = score_play(2, plays("0:8H 1:W=7H 0:7D"), profile=MASTERMIND)
    assert [p.count for p in result.plays] == [8, 15, 22]
    assert reasons(result)[1:] == [["fifteen for 2"], ["pair for 2"]]


def test_super_wild_plays_as_its_play_declaration():
    result = score_play(2, plays("0:8H 1:SW=7H/5D"), profile=MASTERMIND)
    assert result.plays[1].count == 15


def test_master_may_be_laid_after_its_holder_called_go():
    hands = {0: cards("KH QS 9S M"), 1: cards("8C 2C 7D 5S")}
    result = score_play(2, plays("0:KH 1:8C 0:QS 1:2C 0:go 1:go 0:M=AH"), hands=hands, profile=MASTERMIND)
    assert [f.code for p in result.plays for f in p.flags] == []  # the go holding the Master is no renege
    assert result.plays[6].count == 31 and reasons(result)[6] == ["31 for 2"]


def test_master_declined_by_a_second_go():
    hands = {0: cards("KH QS 9S M"), 1: cards("8C 2C 7D 5S")}
    result = score_play(2, plays("0:KH 1:8C 0:QS 1:2C 0:go 1:go 0:go"), hands=hands, profile=MASTERMIND)
    assert reasons(result)[3] == ["go for 1"]


def test_other_cards_laid_after_go_are_still_flagged():
    result = score_play(2, plays("0:KH 1:QC 0:go 1:5D 0:AH"), profile=MASTERMIND)
    assert "played_after_go" in [f.code for f in result.plays[4].flags]


def test_undeclared_wild_in_the_play_is_refused_by_the_api(client):
    response = client.post("/v1/play", json={"players": 2, "rules": "mastermind",
                                             "plays": [{"player": 0, "card": "8H"},
                                                       {"player": 1, "card": "W"}]})
    assert response.status_code == 422
    assert response.get_json()["errors"][0]["pointer"] == "/plays/1/card"


# --- WILD draws ------------------------------------------------------------------------------

def test_count_trigger_marks_multiples_of_five():
    result = score_play(2, plays("0:7H 1:3C 0:5D 1:9S 0:6H"), profile=WILD)
    draws = [(p.index, e["count"]) for p in result.plays for e in p.events]
    assert draws == [(1, 10), (2, 15), (4, 30)]
    assert reasons(result)[2] == ["fifteen for 2"]  # the card's normal score comes first


def test_no_draws_outside_wild():
    result = score_play(2, plays("0:7H 1:3C"), profile=get_profile("standard"))
    assert all(p.events == [] for p in result.plays)


def test_peg_trigger_marks_a_peg_landing_on_a_multiple_of_five():
    profile = with_overrides(WILD, {"wild_draw": "peg"})
    result = score_play(2, plays("0:7H 1:8C 0:8D"), profile=profile, hooks=hooks_for(profile, scores=[3, 8]))
    # player 1: 8 + 2 (fifteen) = 10, a multiple of five; player 0: 3 + 2 (pair) = 5.
    assert [(p.index, e["peg"]) for p in result.plays for e in p.events] == [(1, 10), (2, 5)]


def test_peg_trigger_follows_a_go_point():
    profile = with_overrides(WILD, {"wild_draw": "peg"})
    result = score_play(2, plays("0:KH 1:9D 0:QH 1:go 1:8D"), profile=profile,
                        hooks=hooks_for(profile, scores=[4, 0]))
    assert [(p.index, e["peg"]) for p in result.plays for e in p.events] == [(2, 5)]


def test_peg_trigger_follows_the_final_last_card_point():
    profile = with_overrides(WILD, {"wild_draw": "peg"})
    # 5, 8: player 1's last card is the play's last: 1 point takes his peg from 4 to 5.
    result = score_play(2, plays("0:5H 1:3C"), hands={0: cards("5H"), 1: cards("3C")}, profile=profile,
                        hooks=hooks_for(profile, scores=[0, 4]))
    assert result.finished and reasons(result)[1] == ["last card for 1"]
    assert [(p.index, e["peg"]) for p in result.plays for e in p.events] == [(1, 5)]


def test_peg_trigger_follows_partnerships_as_sides():
    profile = with_overrides(get_profile("four-player"), {"variant": "wild", "wild_draw": "peg"})
    # 7, 8 (15: player 1 pegs 2, side 1 from 3 to 5), 8 (pair: player 2, side 0 from 8 to 10).
    result = score_play(4, plays("0:7H 1:8C 2:8D"), profile=profile, hooks=hooks_for(profile, scores=[8, 3]))
    assert [(p.index, e["player"], e["peg"]) for p in result.plays for e in p.events] == [(1, 1, 5), (2, 2, 10)]


# --- the Zero must be played in a run (seed 000) ----------------------------------------------

def test_withholding_the_zero_that_makes_a_run_is_flagged():
    hands = {0: cards("2H 9C"), 1: cards("AS ZERO KD")}
    result = score_play(2, plays("0:2H 1:AS 0:9C 1:KD"), hands=hands, profile=MASTERMIND)
    assert [[f.code for f in p.flags] for p in result.plays] == [[], [], [], []]  # 9C broke the run
    result = score_play(2, plays("0:2H 1:KD"), hands={0: cards("2H"), 1: cards("AS ZERO KD")},
                        profile=MASTERMIND)
    assert [[f.code for f in p.flags] for p in result.plays] == [[], []]  # no ace: the Zero makes no run
    result = score_play(2, plays("0:2H 1:AS 0:9C"), hands={0: cards("2H ZERO 9C"), 1: cards("AS KD")},
                        profile=MASTERMIND)
    [flag] = result.plays[2].flags
    assert flag.code == "zero_withheld" and "run of 3 (2H AS ZERO)" in flag.message


def test_laying_the_zero_in_the_run_is_no_fault():
    result = score_play(2, plays("0:2H 1:AS 0:9C 1:ZERO"), hands={1: cards("AS ZERO KD")}, profile=MASTERMIND)
    assert all(p.flags == [] for p in result.plays)
    result = score_play(2, plays("0:AH 1:2S 1:ZERO"), hands={1: cards("2S ZERO")}, profile=MASTERMIND)
    assert reasons(result)[2] == ["run of 3 for 3"]


def test_the_zero_obligation_needs_the_hand():
    result = score_play(2, plays("0:AH 1:2S 0:KD"), profile=MASTERMIND)
    assert all(p.flags == [] for p in result.plays)


# --- the WILD pack and board -----------------------------------------------------------------

def test_the_pack_has_31_cards_and_house_cards_join_it():
    assert len(WILD_PACK) == 31
    house = with_overrides(WILD, {"house_cards": [{"name": "Birthday", "effect": "take", "points": 4}]})
    assert len(pack(house)) == 32 and pack(house)[-1]["name"] == "Birthday"
    with pytest.raises(ValueError):
        check_card_definition({"name": "x", "effect": "take", "points": 0})


def test_take_and_back_with_a_floor_of_zero():
    board = WildBoard(WILD, scores=[2, 10])
    assert board.draw(0, {"name": "Back 3", "effect": "back", "points": 3})["pegged"] == -2
    assert board.draw(1, {"name": "Take 5", "effect": "take", "points": 5})["pegged"] == 5
    assert board.scores == [0, 15]


def test_stink_hole_freezes_until_one_single_point():
    board = WildBoard(WILD, scores=[40, 52])
    board.draw(0, {"name": "Stink Hole", "effect": "stink_hole", "points": 0})
    assert board.peg(0, 2, "thirty_one")["pegged"] == 0  # a 31 does not free
    assert board.draw(0, {"name": "Take 2", "effect": "take", "points": 2}).get("ignored")
    assert board.show(0, cards("5H 5D 10S KC"), card("2C"))["pegged"] == 0  # the hand is ignored
    freed = board.peg(0, 1, "go")
    assert freed["freed"] and freed["pegged"] == 1 and board.scores == [41, 52]
    assert board.peg(0, 2, "pair")["pegged"] == 2


def test_stink_hole_freed_by_nobs_in_the_show():
    board = WildBoard(WILD, scores=[30, 30])
    board.draw(1, {"name": "Stink Hole", "effect": "stink_hole", "points": 0})
    entry = board.show(1, cards("JC 5D 5S 2H"), card("9C"))
    assert entry["freed"] and entry["pegged"] == 1 and board.scores == [30, 31]


def test_stink_hole_obeying_house_rule():
    board = WildBoard(with_overrides(WILD, {"stink_moves": "obeyed"}), scores=[10, 10])
    board.draw(0, {"name": "Stink Hole", "effect": "stink_hole", "points": 0})
    assert board.draw(0, {"name": "Take 2", "effect": "take", "points": 2})["pegged"] == 2


@pytest.mark.parametrize("mode, partner_frozen", [("player", False), ("team", True)])
def test_stink_hole_partners(mode, partner_frozen):
    profile = with_overrides(get_profile("four-player"), {"variant": "wild", "wild_draw": "count",
                                                          "stink_partners": mode})
    board = WildBoard(profile)
    board.draw(0, {"name": "Stink Hole", "effect": "stink_hole", "points": 0})
    assert board.is_frozen(2) is partner_frozen
    assert board.peg(2, 2, "pair")["pegged"] == (0 if partner_frozen else 2)
    if partner_frozen:  # a single point by either partner frees the side
        board.peg(2, 1, "go")
        assert not board.is_frozen(0)


def test_others_go_frees_a_frozen_opponent():
    board = WildBoard(WILD, scores=[20, 20])
    board.draw(1, {"name": "Stink Hole", "effect": "stink_hole", "points": 0})
    entry = board.draw(0, {"name": "Everyone else has a go", "effect": "others_go", "points": 0})
    assert entry["others"][0]["freed"] and board.scores == [20, 21]


def test_double_run_and_double_crib():
    board = WildBoard(WILD)
    board.draw(0, {"name": "Double run", "effect": "double_run", "points": 0})
    assert board.show(0, cards("3H 4D 5S 9C"), card("KH"))["total"] == 2 * 3 + 2 * 1  # run 3 x2, fifteen 2
    board.draw(1, {"name": "Double crib", "effect": "double_crib", "points": 0})
    assert board.show(1, cards("5H 5D 2S 9C"), card("KH"), crib=True)["total"] == 2 * 6


def test_wild_crib_is_counted_before_the_natural_crib():
    board = WildBoard(WILD, scores=[0, 0])
    entries = count_cribs(board, 1, card("5C"), cards("2H 3D 9S KC"), wild_crib=cards("5H 5D JS 4C"))
    assert [e["kind"] for e in entries] == ["wild_crib", "crib"]
    assert [e["total"] for e in entries] == [14, 4]
    assert board.scores == [0, 18]


def test_the_game_ends_the_instant_a_side_reaches_the_target():
    board = WildBoard(WILD, scores=[118, 100])
    board.peg(1, 2, "pair")
    final = board.show(0, cards("5H 5D 10S KC"), card("2C"))  # 10 takes player 0 past 121
    assert final["pegged"] == 10 and final["game_over"]["result"] == "wins" and board.scores == [128, 102]
    after = board.peg(1, 12, "pair")
    assert after["pegged"] == 0 and after["ignored"].startswith("the game is over")
    assert board.draw(1, {"name": "Take 5", "effect": "take", "points": 5})["ignored"]
    assert board.scores == [128, 102] and board.over == {"side": 0, "score": 128, "target": 121,
                                                         "result": "wins"}


def test_lowball_the_first_to_the_target_loses():
    board = WildBoard(with_overrides(get_profile("lowball"), {"wild_draw": "count"}), scores=[119, 60])
    assert board.draw(0, {"name": "Take 2", "effect": "take", "points": 2})["game_over"]["result"] == "loses"


def test_captains_score_the_captain_against_the_partners():
    profile = with_overrides(get_profile("captains"), {"variant": "wild", "wild_draw": "count"})
    board = WildBoard(profile, scores=[50, 100], captain=1)
    assert (board.side(0), board.side(1), board.side(2)) == (1, 0, 1)
    board.peg(0, 6, "pair")
    board.peg(2, 6, "pair")  # the partners together: 112
    assert board.scores == [50, 112] and board.over is None
    end = board.peg(1, 12, "pair")  # the captain reaches 61 first
    assert end["game_over"] == {"side": 0, "score": 62, "target": 61, "result": "wins"}


def test_board_api_stink_hole(client):
    response = client.post("/v1/wild/board", json={"scores": [40, 52], "events": [
        {"player": 0, "draw": "Stink Hole"}, {"player": 0, "peg": 2, "kind": "thirty_one"},
        {"player": 0, "peg": 1, "kind": "go"}]})
    body = response.get_json()
    assert response.status_code == 200, body
    assert [e.get("pegged") for e in body["entries"]] == [None, 0, 1]
    assert body["scores"] == [41, 52] and body["frozen"] == []


def test_board_api_refusals_name_the_event(client):
    unknown = client.post("/v1/wild/board", json={"events": [{"player": 0, "draw": "Flying pig"}]})
    assert unknown.status_code == 422
    assert unknown.get_json()["errors"][0]["pointer"] == "/events/0/draw"
    two = client.post("/v1/wild/board", json={"events": [{"player": 0, "draw": "Take 1", "peg": 2}]})
    assert two.status_code == 422 and two.get_json()["errors"][0]["pointer"] == "/events/0"
    scores = client.post("/v1/wild/board", json={"scores": [1, 2, 3], "events": []})
    assert scores.status_code == 422 and scores.get_json()["errors"][0]["field"] == "scores"


def test_play_under_wild_says_the_board_applies_the_stink_hole(client):
    wild = client.post("/v1/play", json={"players": 2, "rules": "wild",
                                         "plays": [{"player": 0, "card": "7H"}, {"player": 1, "card": "3C"}]})
    [note] = wild.get_json()["notes"]
    assert "Stink Hole" in note and "/v1/wild/board" in note
    standard = client.post("/v1/play", json={"players": 2, "plays": [{"player": 0, "card": "7H"}]})
    assert standard.get_json()["notes"] == []


def test_board_api_game_end_and_captain(client):
    body = client.post("/v1/wild/board", json={
        "rules": {"name": "captains", "variant": "wild", "wild_draw": "count"}, "captain": 2,
        "scores": [58, 110], "events": [{"player": 0, "peg": 2, "kind": "pair"},
                                        {"player": 2, "draw": "Take 3"},
                                        {"player": 1, "peg": 12, "kind": "pair"}]}).get_json()
    assert [e.get("pegged") for e in body["entries"]] == [2, 3, 0]
    assert body["scores"] == [61, 112]
    assert body["game"] == {"side": 0, "score": 61, "target": 61, "result": "wins"}


def test_board_api_three_for_last(client):
    body = client.post("/v1/wild/board", json={
        "rules": {"name": "five-card", "variant": "wild", "wild_draw": "count"}, "first_dealer": 1,
        "events": []}).get_json()
    assert body["entries"] == [{"player": 0, "kind": "three_for_last", "points": 3, "pegged": 3}]
    assert body["scores"] == [3, 0] and body["game"] is None


def test_board_counts_undeclared_wilds_at_their_best(client):
    # A mastermind deck under WILD rules: W W 5H JC + 5C is the 29 hand with the Wilds as fives.
    body = {"rules": {"name": "wild", "deck": "mastermind"},
            "events": [{"player": 0, "show": {"hand": ["W", "W", "5H", "JC"], "starter": "5C"}}]}
    response = client.post("/v1/wild/board", json=body)
    assert response.status_code == 200, response.get_data(as_text=True)
    assert response.get_json()["entries"][0]["total"] == 29
    assert response.get_json()["scores"] == [29, 0]
