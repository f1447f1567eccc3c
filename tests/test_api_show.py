"""HTTP contract of /v1/show and /v1/audit/show (issue 2), their errors, and the API docs."""

import pytest

from service.config import MAX_BODY_BYTES

PROBLEM = "application/problem+json"
HAND_29 = {"hand": ["5H", "5D", "5S", "JC"], "starter": "5C"}


def problem(response, status, field=None):
    """Assert an RFC 9457 problem with ``status`` that names ``field``; return its body."""
    assert response.status_code == status, response.get_data(as_text=True)
    assert response.mimetype == PROBLEM
    body = response.get_json()
    assert body["status"] == status and body["title"] and body["type"] == "about:blank"
    if field is not None:
        assert field in [e["field"] for e in body["errors"]], body
        assert ("body" if field == "_body" else field) in body["detail"]
    return body


# --- /v1/show -----------------------------------------------------------------------------------

def test_show_contract(client):
    response = client.post("/v1/show", json={**HAND_29, "crib": False, "rules": "standard"})
    assert response.status_code == 200 and response.mimetype == "application/json"
    body = response.get_json()
    assert body["total"] == 29
    assert body["items"][0] == {"kind": "fifteen", "cards": ["5H", "JC"], "points": 2}
    assert {item["kind"] for item in body["items"]} == {"fifteen", "pair", "nobs"}
    assert body["by_kind"] == {"fifteen": 16, "pair": 12, "run": 0, "flush": 0, "nobs": 1}
    assert sum(item["points"] for item in body["items"]) == 29
    assert body["rarity"]["count"] == 4 and body["his_heels"] == 0


def test_a_crib_under_crib_flush_four_is_as_rare_as_a_hand(client):
    """Its four-card flush counts, so its total is looked up among hands, as /v1/batch/show does."""
    crib = {"hand": ["2H", "4H", "6H", "8H"], "starter": "KS", "crib": True}
    four = client.post("/v1/show", json={**crib, "rules": {"name": "standard", "crib_flush": "four"}})
    hand = client.post("/v1/show", json={**crib, "crib": False}).get_json()
    batch = client.post("/v1/batch/show", json={"hands": [crib], "rules": {"name": "standard",
                                                                          "crib_flush": "four"}})
    assert four.get_json()["total"] == hand["total"] == 4
    assert four.get_json()["rarity"] == hand["rarity"]
    assert batch.get_json()["results"][0]["one_in"] == hand["rarity"]["one_in"]


def test_show_crib_and_rules_are_optional(client):
    body = client.post("/v1/show", json={"hand": ["2H", "4H", "6H", "8H"], "starter": "KS"}).get_json()
    assert body["total"] == 4 and body["crib"] is False and body["rules"]["name"] == "standard"
    crib = client.post("/v1/show", json={"hand": ["2H", "4H", "6H", "8H"], "starter": "KS",
                                         "crib": True}).get_json()
    assert crib["total"] == 0 and crib["by_kind"]["flush"] == 0


def test_show_his_heels_reported_apart(client):
    body = client.post("/v1/show", json={"hand": ["AH", "3D", "7S", "9C"], "starter": "JH"}).get_json()
    assert body["total"] == 0 and body["his_heels"] == 2


BAD_SHOW_BODIES = [
    ({**HAND_29, "hand": ["5H", "5D", "ZZ", "JC"]}, "hand", "'ZZ' is not a card"),
    ({**HAND_29, "starter": "1C"}, "starter", "'1C' is not a card"),
    ({**HAND_29, "starter": "²C"}, "starter", "'²C' is not a card"),   # was a 500: "²".isdigit()
    ({**HAND_29, "hand": ["5H", "5D", "5S", "5C"]}, "starter", "appears twice"),
    ({**HAND_29, "hand": ["5H", "5H", "5S", "JC"]}, "hand", "appears twice"),
    ({**HAND_29, "hand": ["5H", "5D", "5S"]}, "hand", "4 cards, got 3"),
    ({**HAND_29, "hand": ["5H", "5D", "5S", "JC", "KD"]}, "hand", "4 cards, got 5"),
    ({**HAND_29, "hand": "5H 5D 5S JC"}, "hand", "Not a valid list"),
    ({**HAND_29, "hand": [5, 5, 5, 11]}, "hand", "a card is a string"),
    ({**HAND_29, "starter": 5}, "starter", "a card is a string"),
    ({**HAND_29, "crib": "maybe"}, "crib", "Not a valid boolean"),
    ({**HAND_29, "crib": "true"}, "crib", "use true or false"),   # a JSON boolean, as the spec says
    ({**HAND_29, "crib": 0}, "crib", "use true or false"),
    ({**HAND_29, "rules": "nope"}, "rules", "unknown rule profile"),
    ({"starter": "5C"}, "hand", "Missing data"),
    ({"hand": ["5H", "5D", "5S", "JC"]}, "starter", "Missing data"),
    ({**HAND_29, "bogus": 1}, "bogus", "Unknown field"),
]


@pytest.mark.parametrize("endpoint", ["/v1/show", "/v1/audit/show"])
@pytest.mark.parametrize("body, field, fragment", BAD_SHOW_BODIES)
def test_bad_bodies_are_422_naming_the_field(client, endpoint, body, field, fragment):
    if endpoint == "/v1/audit/show":
        body = {**body, "claimed": 10}
    found = problem(client.post(endpoint, json=body), 422, field)
    assert fragment in found["detail"]


@pytest.mark.parametrize("endpoint", ["/v1/show", "/v1/audit/show"])
def test_non_json_body(client, endpoint):
    problem(client.post(endpoint, data="{not json", content_type="application/json"), 400, "_body")


@pytest.mark.parametrize("endpoint", ["/v1/show", "/v1/audit/show"])
def test_json_that_is_not_an_object(client, endpoint):
    problem(client.post(endpoint, json=["5H", "5D"]), 422, "_body")


@pytest.mark.parametrize("endpoint", ["/v1/show", "/v1/audit/show"])
def test_oversized_body_is_413(client, endpoint):
    padding = "x" * (MAX_BODY_BYTES + 1)
    response = client.post(endpoint, data='{"pad": "' + padding + '"}', content_type="application/json")
    problem(response, 413)


@pytest.mark.parametrize("endpoint", ["/v1/show", "/v1/audit/show"])
def test_wrong_method_is_405_problem(client, endpoint):
    problem(client.get(endpoint), 405)


# --- /v1/audit/show ---------------------------------------------------------------------------

def test_audit_contract(client):
    response = client.post("/v1/audit/show", json={**HAND_29, "claimed": 24})
    assert response.status_code == 200
    body = response.get_json()
    assert {k: body[k] for k in ("verdict", "canonical", "claimed", "missed", "overclaimed",
                                 "muggins_eligible")} == \
        {"verdict": "under", "canonical": 29, "claimed": 24, "missed": 5, "overclaimed": 0,
         "muggins_eligible": 5}
    show = client.post("/v1/show", json=HAND_29).get_json()
    assert body["score"] == show
    assert body["impossible_claim"] is False and body["messages"] == []
    assert "missed_items" not in body


def test_audit_spoken_items(client):
    body = client.post("/v1/audit/show", json={
        "hand": ["7H", "8C", "8D", "KS"], "starter": "9S", "claimed": 10,
        "claimed_items": "fifteen 2, fifteen 4, pair 6, run 9, nobs 10"}).get_json()
    assert (body["verdict"], body["missed"], body["muggins_eligible"]) == ("under", 2, 2)
    assert body["missed_items"] == [{"kind": "run", "cards": ["7H", "8D", "9S"], "points": 3}]
    assert body["invented_items"] == [{"kind": "nobs", "cards": None, "points": 1}]
    assert body["by_kind"]["run"] == {"canonical": 6, "claimed": 3, "missed": 3, "overclaimed": 0}
    assert body["items_total"] == 10


def test_audit_object_items(client):
    body = client.post("/v1/audit/show", json={
        **HAND_29, "claimed": 3,
        "claimed_items": [{"kind": "fifteen", "cards": ["5h", "jc"]}, {"kind": "nobs", "cards": ["JC"]}]
    }).get_json()
    assert body["verdict"] == "under" and body["missed"] == 26
    assert body["invented_items"] == []
    assert len(body["missed_items"]) == 7 + 6
    assert body["claimed_items"][0] == {"kind": "fifteen", "cards": ["5H", "JC"], "points": 2}


def test_audit_total_disagrees_with_items(client):
    body = client.post("/v1/audit/show", json={**HAND_29, "claimed": 29,
                                               "claimed_items": [{"kind": "nobs"}]}).get_json()
    assert body["verdict"] == "correct"
    assert body["messages"] == ["The claimed items add up to 1, not to the claimed total of 29."]


@pytest.mark.parametrize("claimed", [19, 25, 26, 27])
def test_audit_impossible_claim(client, claimed):
    body = client.post("/v1/audit/show", json={**HAND_29, "claimed": claimed}).get_json()
    assert body["impossible_claim"] is True and f"score {claimed}" in body["messages"][0]


def test_audit_muggins_call(client):
    body = client.post("/v1/audit/show", json={**HAND_29, "claimed": 24, "muggins_call": 8}).get_json()
    assert body["muggins_award"] == {"called": 8, "caller_pegs": 5, "called_player_pegs": 0}


@pytest.mark.parametrize("rules, eligible", [("standard", 5), ({"name": "standard", "muggins": "off"}, 0)])
def test_audit_muggins_setting(client, rules, eligible):
    body = client.post("/v1/audit/show", json={**HAND_29, "claimed": 24, "rules": rules,
                                               "muggins_call": 5}).get_json()
    assert body["missed"] == 5 and body["muggins_eligible"] == eligible
    assert body["muggins_award"]["caller_pegs"] == eligible


@pytest.mark.parametrize("overpeg, opponent_pegs", [("acc", 0), ("hoyle", 2), ("victorian", 18)])
def test_audit_overpeg_setting(client, overpeg, opponent_pegs):
    # 3-4-4-5 with a king is 10; claiming 28 over-claims 18.
    body = client.post("/v1/audit/show", json={"hand": ["3H", "4D", "4S", "5C"], "starter": "KH",
                                               "claimed": 28,
                                               "rules": {"name": "standard", "overpeg": overpeg}}).get_json()
    assert body["overclaim"] == {"overpeg": overpeg, "retract": 18, "opponent_pegs": opponent_pegs}


BAD_AUDIT_BODIES = [
    ({**HAND_29}, "claimed", "Missing data"),
    ({**HAND_29, "claimed": -1}, "claimed", "greater than or equal to 0"),
    ({**HAND_29, "claimed": 100}, "claimed", "less than or equal to 99"),
    ({**HAND_29, "claimed": "24"}, "claimed", "Not a valid integer"),
    ({**HAND_29, "claimed": 24.5}, "claimed", "Not a valid integer"),
    ({**HAND_29, "claimed": True}, "claimed", "Not a valid integer"),
    ({**HAND_29, "claimed": 2, "claimed_items": 7}, "claimed_items", "a list of claimed items"),
    ({**HAND_29, "claimed": 2, "claimed_items": "banana 2"}, "claimed_items", "not a scoring combination"),
    ({**HAND_29, "claimed": 2, "claimed_items": "fifteen 4, pair 2"}, "claimed_items", "does not go up"),
    ({**HAND_29, "claimed": 2, "claimed_items": "his heels 2"}, "claimed_items", "his heels"),
    ({**HAND_29, "claimed": 2, "claimed_items": "fifteen ²"}, "claimed_items", "not a running total"),  # was a 500
    ({**HAND_29, "claimed": 2, "claimed_items": [{"kind": "straight"}]}, "claimed_items", "Must be one of"),
    ({**HAND_29, "claimed": 2, "claimed_items": [{"cards": ["5H"]}]}, "claimed_items", "Missing data"),
    ({**HAND_29, "claimed": 2, "claimed_items": [{"kind": "pair", "cards": ["5H", "9D"]}]},
     "claimed_items", "9D is neither in the hand nor the starter"),
    ({**HAND_29, "claimed": 2, "claimed_items": [{"kind": "pair", "cards": ["5H", "XX"]}]},
     "claimed_items", "'XX' is not a card"),
    ({**HAND_29, "claimed": 2, "claimed_items": [{"kind": "pair", "points": 0}]},
     "claimed_items", "greater than or equal to 1"),
    ({**HAND_29, "claimed": 2, "claimed_items": [{"kind": "fifteen"}] * 65}, "claimed_items", "at most 64"),
    ({**HAND_29, "claimed": 2, "claimed_items": "fifteen 2, " * 300}, "claimed_items", "longer than"),
    ({**HAND_29, "claimed": 2, "muggins_call": 0}, "muggins_call", "greater than or equal to 1"),
    ({**HAND_29, "claimed": 2, "rules": {"name": "standard", "muggins": "maybe"}}, "rules", "muggins"),
]


@pytest.mark.parametrize("body, field, fragment", BAD_AUDIT_BODIES)
def test_bad_audit_bodies(client, body, field, fragment):
    found = problem(client.post("/v1/audit/show", json=body), 422, field)
    assert fragment in found["detail"]


# --- OpenAPI and the interactive docs -------------------------------------------------------------

def test_openapi_lists_the_endpoints(client):
    spec = client.get("/openapi.json").get_json()
    assert spec["openapi"].startswith("3.")
    for path in ("/v1/show", "/v1/audit/show"):
        assert "post" in spec["paths"][path]
    request = spec["components"]["schemas"]["AuditShowRequest"]
    assert {"hand", "starter", "claimed"} <= set(request["required"])
    assert [alt["type"] for alt in request["properties"]["claimed_items"]["oneOf"]] == ["array", "string"]
    assert "AuditShowResponse" in spec["components"]["schemas"]


def test_docs_serve_swagger_ui_without_a_cdn(client):
    page = client.get("/docs")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert "/docs/static/swagger-ui-bundle.js" in html and "/docs/static/swagger-ui.css" in html
    assert "//cdn" not in html and "unpkg" not in html and "jsdelivr" not in html
    for asset in ("swagger-ui-bundle.js", "swagger-ui.css", "swagger-ui-standalone-preset.js"):
        response = client.get(f"/docs/static/{asset}")
        assert response.status_code == 200 and len(response.get_data()) > 1000
        response.close()
