"""``POST /v1/batch/show``: many hands through the batch scorer, with errors that name the card."""

import random

import numpy as np
import pytest

from schemas.batch import MAX_REPORTED_HANDS, CardIndexLookup
from service import config
from service.rules.batch import rank_pattern_kind_table, rank_pattern_table, score_deals_by_kind
from service.rules.cards import STANDARD_DECK
from service.rules.rarity import rarity
from service.rules.show import score_show

from helpers import cards

URL = "/v1/batch/show"


def deal(text, crib=False):
    *hand, starter = text.split()
    return {"hand": hand, "starter": starter, "crib": crib}


def random_deals(n, seed=7):
    rng = random.Random(seed)
    codes = [c.code for c in STANDARD_DECK]
    return [deal(" ".join(rng.sample(codes, 5)), crib=rng.random() < 0.5) for _ in range(n)]


def test_scores_each_hand_in_order(client):
    response = client.post(URL, json={"hands": [deal("5H 5D 5S JC 5C"), deal("2H 4H 6H 8H KS"),
                                                deal("2H 4H 6H 8H KS", crib=True)]})
    assert response.status_code == 200
    body = response.get_json()
    assert body["count"] == 3 and body["rules"]["name"] == "standard"
    assert [r["total"] for r in body["results"]] == [29, 4, 0]
    assert body["results"][0]["one_in"] == 3_248_700  # 12,994,800 deals / 4 of them score 29
    assert body["results"][2]["one_in"] == rarity(0, crib=True)["one_in"] == 13
    assert "by_kind" not in body["results"][0]


def test_by_kind_on_request(client):
    body = client.post(URL, json={"hands": [deal("5H 5D 5S JC 5C"), deal("7H 8C 8D KS 9S")],
                                  "by_kind": True}).get_json()
    assert body["results"][0]["by_kind"] == {"fifteen": 16, "pair": 12, "run": 0, "flush": 0, "nobs": 1}
    assert body["results"][1] == {"total": 12, "one_in": rarity(12)["one_in"],
                                  "by_kind": {"fifteen": 4, "pair": 2, "run": 6, "flush": 0, "nobs": 0}}


def test_agrees_with_the_itemized_scorer(client):
    hands = random_deals(300)
    body = client.post(URL, json={"hands": hands, "by_kind": True}).get_json()
    for given, result in zip(hands, body["results"]):
        score = score_show(cards(" ".join(given["hand"])), cards(given["starter"])[0], given["crib"])
        assert (result["total"], result["by_kind"]) == (score.total, score.by_kind), given
        assert result["one_in"] == rarity(score.total, given["crib"])["one_in"]


def test_kind_table_adds_up_to_the_total_table():
    assert np.array_equal(rank_pattern_kind_table().sum(axis=1, dtype=np.int16), rank_pattern_table())


def test_kinds_add_up_to_the_total():
    deal_indices = np.array([[c.index for c in cards(h)] for h in ["5H 5D 5S JC 5C", "JS 2S 3S 4S 5S"]])
    kinds = score_deals_by_kind(deal_indices, crib=np.array([False, True]))
    assert sum(kinds.values()).tolist() == [29, 14]
    # the crib: fifteens J+5, J+2+3 (4), run 2-3-4-5 (4), flush of five (5), nobs (1)
    assert {kind: int(points[1]) for kind, points in kinds.items()} == score_show(
        cards("JS 2S 3S 4S"), cards("5S")[0], crib=True).by_kind == {
        "fifteen": 4, "pair": 0, "run": 4, "flush": 5, "nobs": 1}


@pytest.mark.parametrize("spelling", ["5h", "5♥", "  5H", "5♡"])
def test_the_whole_card_notation_is_accepted(client, spelling):
    body = client.post(URL, json={"hands": [{"hand": [spelling, "5D", "5S", "JC"], "starter": "5C"}]})
    assert body.get_json()["results"][0]["total"] == 29


def test_ten_spellings_in_a_crib(client):
    body = client.post(URL, json={"hands": [{"hand": ["th", "J♥", "QH", "kh"], "starter": "AH",
                                             "crib": True}]}).get_json()
    assert body["results"][0]["total"] == 10  # run 4, flush of five 5, nobs 1


@pytest.mark.parametrize("crib, message", [("true", "Not a valid boolean: use true or false."),
                                           (1, "Not a valid boolean: use true or false."),
                                           (0, "Not a valid boolean: use true or false."),
                                           (None, "Field may not be null.")])
def test_crib_is_a_json_boolean(client, crib, message):
    response = client.post(URL, json={"hands": [{"hand": ["5H", "5D", "5S", "JC"], "starter": "5C",
                                                 "crib": crib}]})
    assert response.status_code == 422
    assert response.get_json()["errors"] == [{"field": "hands", "pointer": "/hands/0/crib", "message": message}]


def test_lookup_remembers_only_good_spellings():
    lookup = CardIndexLookup()
    assert lookup("t♥") == lookup("10H") == 37
    assert "t♥" in lookup.known and " 5H" not in lookup.known
    assert lookup(" 5H") == 17 and " 5H" not in lookup.known


@pytest.mark.parametrize("hand, starter, pointer, fragment", [
    (["5H", "5D", "ZZ", "JC"], "5C", "/hands/1/hand/2", "'ZZ' is not a card"),
    (["5H", "5D", 5, "JC"], "5C", "/hands/1/hand/2", "a card is a string"),
    (["5H", "5D", "1S", "JC"], "5C", "/hands/1/hand/2", "'1S' is not a card"),
    (["5H", "5D", "W", "JC"], "5C", "/hands/1/hand/2",
     "'W' (Wild) is a special card: batch scoring is for the standard 52-card deck"),
    (["5H", "5D", "5S", "JC"], "5X", "/hands/1/starter", "'5X' is not a card"),
    (["5H", "5D", "5S", "JC"], "5" * 40, "/hands/1/starter", "too long"),
])
def test_a_bad_card_is_named(client, hand, starter, pointer, fragment):
    response = client.post(URL, json={"hands": [deal("AH 2H 3H 4H 5H"),
                                                {"hand": hand, "starter": starter}]})
    assert response.status_code == 422
    assert response.mimetype == "application/problem+json"
    problem = response.get_json()
    [error] = problem["errors"]
    assert error["pointer"] == pointer and fragment in error["message"]
    assert problem["detail"].startswith(pointer.strip("/").replace("/1/", "[1].").replace("/2", "[2]"))


@pytest.mark.parametrize("hand, starter, pointer, message", [
    (["5H", "5D", "5H", "JC"], "5C", "/hands/0/hand",
     "'5H' appears twice; a single deck has one five of hearts"),
    (["5H", "5D", "5S", "JC"], "5h", "/hands/0/starter",
     "'5H' appears twice; a single deck has one five of hearts"),
])
def test_duplicates_within_a_hand_are_refused(client, hand, starter, pointer, message):
    response = client.post(URL, json={"hands": [{"hand": hand, "starter": starter}]})
    assert response.status_code == 422
    assert response.get_json()["errors"] == [{"field": "hands", "pointer": pointer, "message": message}]


@pytest.mark.parametrize("rules", ["lowball", "four-player", {"name": "standard", "muggins": "off"}])
def test_profiles_that_count_the_standard_show(client, rules):
    body = client.post(URL, json={"hands": [deal("5H 5D 5S JC 5C")], "rules": rules}).get_json()
    assert body["results"][0]["total"] == 29


def test_a_crib_flush_of_four_where_the_profile_says_so(client):
    hands = [deal("2H 4H 6H 8H KS", crib=True)]
    five = client.post(URL, json={"hands": hands}).get_json()["results"][0]
    four = client.post(URL, json={"hands": hands, "rules": {"name": "standard", "crib_flush": "four"}})
    assert five == {"total": 0, "one_in": rarity(0, crib=True)["one_in"]}
    assert four.get_json()["results"][0] == {"total": 4, "one_in": rarity(4)["one_in"]}


@pytest.mark.parametrize("rules", ["five-card", "seven-card", "mastermind"])
def test_profiles_with_another_show_are_refused(client, rules):
    response = client.post(URL, json={"hands": [deal("5H 5D 5S JC 5C")], "rules": rules})
    assert response.status_code == 422
    [error] = response.get_json()["errors"]
    assert error["pointer"] == "/rules" and "use /v1/show" in error["message"]


def test_the_same_card_in_two_hands_is_fine(client):
    response = client.post(URL, json={"hands": [deal("5H 5D 5S JC 5C")] * 2})
    assert [r["total"] for r in response.get_json()["results"]] == [29, 29]


@pytest.mark.parametrize("body, pointer, fragment", [
    ({"hands": [{"hand": ["5H", "5D", "5S"], "starter": "5C"}]}, "/hands/0/hand",
     "a standard hand has 4 cards, got 3"),
    ({"hands": [{"hand": ["5H", "5D", "5S", "JC"]}]}, "/hands/0/starter", "Missing data"),
    ({"hands": [{"hand": "5H 5D 5S JC", "starter": "5C"}]}, "/hands/0/hand", "Not a valid list"),
    ({"hands": [{"hand": ["5H", "5D", "5S", "JC"], "starter": "5C", "crib": "maybe"}]},
     "/hands/0/crib", "Not a valid boolean"),
    ({"hands": [{"hand": ["5H", "5D", "5S", "JC"], "starter": "5C", "cut": "5C"}]},
     "/hands/0/cut", "Unknown field"),
    ({"hands": ["5H 5D 5S JC 5C"]}, "/hands/0", "a hand is an object"),
    ({"hands": []}, "/hands", "between 1 and 10,000 hands per request, got 0"),
    ({"hands": {"hand": ["5H"]}}, "/hands", "a list of hands"),
    ({}, "/hands", "Missing data"),
    ({"hands": [deal("5H 5D 5S JC 5C")], "rules": "nonesuch"}, "/rules", "unknown rule profile"),
])
def test_malformed_batches_are_refused(client, body, pointer, fragment):
    response = client.post(URL, json=body)
    assert response.status_code == 422
    errors = response.get_json()["errors"]
    assert errors[0]["pointer"] == pointer and fragment in errors[0]["message"], errors


def test_the_cap_is_enforced(client):
    assert config.MAX_BATCH_HANDS == 10_000
    hands = random_deals(config.MAX_BATCH_HANDS)
    assert client.post(URL, json={"hands": hands}).get_json()["count"] == 10_000
    response = client.post(URL, json={"hands": hands + hands[:1]})
    assert response.status_code == 422
    assert response.get_json()["errors"] == [
        {"field": "hands", "pointer": "/hands", "message": "between 1 and 10,000 hands per request, got 10,001"}]


def test_the_cap_is_configurable(tmp_path):
    from service import create_app

    app = create_app({"TESTING": True, "RATELIMIT_ENABLED": False, "MAX_BATCH_HANDS": 2,
                      "DATABASE_URL": f"sqlite:///{tmp_path / 't.sqlite3'}"})
    response = app.test_client().post(URL, json={"hands": random_deals(3)})
    assert response.status_code == 422 and "between 1 and 2 hands" in response.get_json()["detail"]


def test_errors_are_reported_for_the_first_hands_only(client):
    bad = {"hand": ["ZZ", "5D", "5S", "JC"], "starter": "5C"}
    problem = client.post(URL, json={"hands": [bad] * (MAX_REPORTED_HANDS + 5)}).get_json()
    assert [e["pointer"] for e in problem["errors"]] == [f"/hands/{i}/hand/0" for i in range(MAX_REPORTED_HANDS)]


def test_documented_in_openapi(client):
    spec = client.get("/openapi.json").get_json()
    operation = spec["paths"]["/v1/batch/show"]["post"]
    assert "200" in operation["responses"] and "422" in operation["responses"]
    schemas = spec["components"]["schemas"]
    assert schemas["BatchShowRequest"]["properties"]["hands"]["items"] == {
        "$ref": "#/components/schemas/BatchHand"}
    assert set(schemas["BatchHand"]["properties"]) == {"hand", "starter", "crib"}
    assert set(schemas["BatchResult"]["properties"]) == {"total", "one_in", "by_kind"}


@pytest.mark.parametrize("rules", ["mastermind", "jokers", "standard"])
def test_special_cards_are_refused_as_outside_batch_scoring(client, rules):
    response = client.post(URL, json={"hands": [{"hand": ["5H", "5D", "5S", "JOKER"], "starter": "A*"}],
                                      "rules": rules})
    assert response.status_code == 422
    assert [(e["pointer"], e["message"]) for e in response.get_json()["errors"]] == [
        ("/hands/0/hand/3", "'JOKER' (Joker) is a special card: batch scoring is for the standard "
                            "52-card deck; count it with /v1/show"),
        ("/hands/0/starter", "'A*' (Super Ace) is a special card: batch scoring is for the standard "
                             "52-card deck; count it with /v1/show")]
