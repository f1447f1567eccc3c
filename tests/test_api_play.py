"""``POST /v1/play`` and ``POST /v1/audit/play``: the contract, the 422s, the CLI that shares them."""

import json

import pytest

from service.cli import main
from service.config import MAX_PLAYS

BILL_AND_JUDY = [{"player": 0, "card": "KH"}, {"player": 1, "card": "9D"}, {"player": 0, "card": "QH"},
                 {"player": 1, "go": True}, {"player": 1, "card": "8D"}, {"player": 0, "card": "JH"},
                 {"player": 1, "card": "8C"}, {"player": 0, "go": True}, {"player": 0, "card": "JS"},
                 {"player": 1, "card": "7H"}]


def test_play_bill_and_judy(client):
    response = client.post("/v1/play", json={"players": 2, "plays": BILL_AND_JUDY})
    assert response.status_code == 200
    body = response.get_json()
    assert body["totals"] == [1, 2] and body["sides"] is None and body["finished"] is True
    assert [p["count"] for p in body["plays"]] == [10, 19, 29, 29, 8, 18, 26, 26, 10, 17]
    assert body["plays"][2]["items"] == [{"kind": "go", "points": 1, "cards": ["QH"],
                                          "reason": "go for 1"}]
    assert body["plays"][3] == {"index": 3, "player": 1, "card": None, "go": True, "count": 29,
                                "points": 0, "items": [], "series": 1, "flags": [], "events": []}
    assert body["plays"][9]["items"][0]["reason"] == "last card for 1"
    assert body["rules"]["name"] == "standard"


def test_play_with_hands_flags(client):
    hands = {"0": ["KH", "QH", "JH", "JS"], "1": ["9D", "8D", "8C", "AH"]}
    plays = [{"player": 0, "card": "KH"}, {"player": 1, "card": "9C"}, {"player": 0, "card": "QH"},
             {"player": 1, "go": True}]
    body = client.post("/v1/play", json={"plays": plays, "hands": hands}).get_json()
    assert [[f["code"] for f in p["flags"]] for p in body["plays"]] == [[], ["card_not_held"], [],
                                                                          ["renege"]]


def test_four_players_sides(client):
    plays = [{"player": p % 4, "card": c} for p, c in enumerate(["5H", "KC", "5D", "5S", "5C"])]
    body = client.post("/v1/play", json={"players": 4, "plays": plays}).get_json()
    assert body["totals"] == [6, 2, 0, 2] and body["sides"] == [6, 4]


@pytest.mark.parametrize("body, pointer, message", [
    ({"players": 2, "plays": [{"player": 0, "card": "KH"}, {"player": 1, "card": "kh"}]},
     "/plays/1/card", "'KH' appears twice"),
    ({"players": 2, "plays": [{"player": 2, "card": "KH"}]}, "/plays/0/player", "numbered 0 to 1"),
    ({"players": 2, "plays": [{"player": 0, "card": "ZZ"}]}, "/plays/0/card", "is not a card"),
    ({"players": 2, "plays": [{"player": 0}]}, "/plays/0/card", "give the card laid"),
    ({"players": 2, "plays": [{"player": 0, "card": "KH", "go": True}]}, "/plays/0/go", "not both"),
    ({"players": 2, "plays": [{"player": 0, "go": 1}]}, "/plays/0/go", "use true or false"),
    ({"players": 5, "plays": []}, "/players", "Must be one of"),
    ({"plays": [{"player": 0, "card": "KH"}], "hands": {"0": ["AH", "2H", "3H", "4H", "5H"]}},
     "/hands/0", "holds 4 cards"),
    ({"plays": [{"player": 0, "card": "KH"}], "hands": {"0": ["AH"], "1": ["AH"]}},
     "/hands/1", "appears twice"),
    ({"plays": [{"player": p % 2, "card": c} for p, c in enumerate(["W=5H", "W=6H", "W=7H"])],
      "rules": "mastermind"}, "/plays/2/card", "'W=7H': more than the 2 the deck holds"),
    ({"plays": [{"player": 0, "card": "KH"}], "start": 3}, "/start", "numbered 0 to 1"),
    ({"plays": [{"player": p % 2, "card": c} for p, c in enumerate(
        "AH AS 2H 2S 3H 3S 4H 4S 5H".split())]}, "/plays/8/card", "already laid 4 cards"),
    ({"plays": [{"player": 0, "card": "KH"}], "rules": "nonesuch"}, "/rules", "unknown rule profile"),
])
def test_play_422_names_the_field(client, body, pointer, message):
    response = client.post("/v1/play", json=body)
    assert response.status_code == 422
    assert response.mimetype == "application/problem+json"
    [error] = response.get_json()["errors"]
    assert error["pointer"] == pointer and message in error["message"]


def test_too_many_plays(client):
    plays = [{"player": i % 2, "go": True} for i in range(MAX_PLAYS + 1)]
    response = client.post("/v1/play", json={"plays": plays})
    assert response.status_code == 422
    assert response.get_json()["errors"][0]["pointer"] == "/plays"


def test_audit_play_claimed_on_each_play(client):
    plays = [dict(p) for p in BILL_AND_JUDY]
    plays[2]["claimed"] = 2  # Bill claims 2 for his go: one too many
    plays[9]["claimed"] = 1  # Judy claims her last card; she forgets her go on the 8C
    body = client.post("/v1/audit/play", json={"plays": plays}).get_json()
    verdicts = [(p["verdict"], p["missed"], p["overclaimed"]) for p in body["plays"]]
    assert verdicts[2] == ("over", 0, 1) and verdicts[6] == ("under", 1, 0) and verdicts[9] == (
        "correct", 0, 0)
    assert body["audit"] == [
        {"player": 0, "canonical": 1, "claimed": 2, "missed": 0, "overclaimed": 1, "muggins_eligible": 0},
        {"player": 1, "canonical": 2, "claimed": 1, "missed": 1, "overclaimed": 0, "muggins_eligible": 1}]
    assert body["muggins"] == "on" and body["audit_sides"] is None


def test_audit_play_claims_list(client):
    claims = [0, 0, 1, 0, 0, 0, 1, 0, 0, 1]
    body = client.post("/v1/audit/play", json={"plays": BILL_AND_JUDY, "claims": claims}).get_json()
    assert all(p["verdict"] == "correct" for p in body["plays"])
    assert [a["canonical"] for a in body["audit"]] == [1, 2]


@pytest.mark.parametrize("body, message", [
    ({"plays": BILL_AND_JUDY, "claims": [0, 1]}, "2 claims for 10 plays"),
    ({"plays": [{**BILL_AND_JUDY[0], "claimed": 0}], "claims": [0]}, "not both"),
])
def test_audit_play_claims_422(client, body, message):
    response = client.post("/v1/audit/play", json=body)
    assert response.status_code == 422
    [error] = response.get_json()["errors"]
    assert error["pointer"] == "/claims" and message in error["message"]


def test_openapi_documents_play(client):
    spec = client.get("/openapi.json").get_json()
    assert "/v1/play" in spec["paths"] and "/v1/audit/play" in spec["paths"]
    schema = spec["components"]["schemas"]["PlayRequest"]
    assert schema["properties"]["plays"]["example"][0] == {"player": 0, "card": "KH"}


# --- the CLI -----------------------------------------------------------------------------------------

def test_cli_play_table(capsys):
    assert main(["play", "KH", "9D", "QH", "go", "8D", "JH", "8C", "go", "JS", "7H"]) == 0
    out = capsys.readouterr().out
    assert "go for 1" in out and "last card for 1" in out and out.strip().endswith("totals: p0 1, p1 2")


def test_cli_play_json_is_the_api_body(capsys, client):
    assert main(["play", "--json", "KH", "9D", "QH", "go", "8D", "JH", "8C", "go", "JS", "7H"]) == 0
    cli = json.loads(capsys.readouterr().out)
    api = client.post("/v1/play", json={"players": 2, "plays": BILL_AND_JUDY}).get_json()
    assert cli == api


def test_cli_explicit_players_and_hands(capsys):
    assert main(["play", "--players", "3", "--hand", "1:AH,2H", "p0:KH", "p1:3S"]) == 0
    out = capsys.readouterr().out
    assert "card_not_held" in out


def test_cli_refuses_a_card_twice(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["play", "KH", "kh"])
    assert exit_.value.code == 2
    assert "play 2 (kh)" in capsys.readouterr().err


def test_special_cards_need_their_deck(client):
    response = client.post("/v1/play", json={"plays": [{"player": 0, "card": "KH"},
                                                       {"player": 1, "card": "W=7H"}]})
    assert response.status_code == 422
    [error] = response.get_json()["errors"]
    assert error["pointer"] == "/plays/1/card" and "not in the standard deck" in error["message"]


def test_two_wilds_in_the_mastermind_deck(client):
    plays = [{"player": 0, "card": "W=7H"}, {"player": 1, "card": "W=8H"}]
    response = client.post("/v1/play", json={"plays": plays, "rules": "mastermind"})
    assert response.status_code == 200
    assert response.get_json()["plays"][1]["items"][0]["reason"] == "fifteen for 2"
