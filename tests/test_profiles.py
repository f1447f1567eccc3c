"""Rule profiles: built-ins, overrides, saved immutable versions, GET/POST /v1/rules."""

import pytest

from service.rules.profiles import (BUILT_IN, SETTINGS, Profile, SettingError, UnknownProfile,
                                    get_profile, his_heels, parse_reference, with_overrides)
from service.storage import ProfileStore

from helpers import card

BUILT_IN_NAMES = ["standard", "mastermind", "wild", "five-card", "seven-card", "three-player",
                  "four-player", "captains", "lowball", "jokers"]


def test_every_built_in_profile_exists_and_is_version_1():
    assert list(BUILT_IN) == BUILT_IN_NAMES
    assert all(p.version == 1 and p.description for p in BUILT_IN.values())


def test_every_setting_is_documented_with_its_values():
    for name, spec in SETTINGS.items():
        assert spec["description"] and spec["source"], name
        assert spec["choices"] or spec["type"] in ("integer", "array"), name


@pytest.mark.parametrize("name, settings", [
    ("standard", {"target": 121, "hand_size": 4, "muggins": "on", "overpeg": "acc", "deck": "standard"}),
    ("mastermind", {"deck": "mastermind", "target": 181, "variant": "mastermind"}),
    ("wild", {"variant": "wild", "wild_draw": "count", "stink_partners": "player"}),
    ("five-card", {"dealt": 5, "hand_size": 3, "crib_size": 4, "target": 61, "three_for_last": "on",
                   "play_series": "one"}),
    ("seven-card", {"dealt": 7, "hand_size": 5, "target": 181}),
    ("three-player", {"players": 3, "dealt": 5, "crib_from_pack": 1}),
    ("four-player", {"players": 4, "partners": "on", "dealt": 5}),
    ("captains", {"players": 3, "partners": "on", "captain_target": 61, "target": 121}),
    ("lowball", {"goal": "lose", "target": 121}),
    ("jokers", {"deck": "jokers"}),
])
def test_built_in_settings(name, settings):
    profile = get_profile(name)
    assert {key: getattr(profile, key) for key in settings} == settings


def test_references():
    assert parse_reference("house@3") == ("house", 3)
    assert get_profile("standard@1") is get_profile("standard")
    for bad in ("standard@2", "nope", "bad name", "x@y"):
        with pytest.raises(UnknownProfile):
            get_profile(bad)


def test_override_single_settings():
    profile = with_overrides(get_profile("standard"), {"muggins": "OFF", "target": 61})
    assert (profile.muggins, profile.target, profile.overridden) == ("off", 61, ("muggins", "target"))
    assert get_profile("standard").muggins == "on"  # the built-in is untouched


@pytest.mark.parametrize("overrides, setting", [
    ({"muggins": "maybe"}, "muggins"), ({"target": 5}, "target"), ({"target": "121"}, "target"),
    ({"colour": "red"}, "colour"), ({"house_cards": [{"name": "x", "effect": "fly"}]}, "house_cards"),
])
def test_bad_overrides_name_the_setting(overrides, setting):
    with pytest.raises(SettingError) as excinfo:
        with_overrides(get_profile("standard"), overrides)
    assert excinfo.value.setting == setting


def test_his_heels_follows_the_profile():
    assert his_heels(card("JH"), get_profile("standard")) == 2
    assert his_heels(card("W"), get_profile("mastermind")) == 0  # a wild starter never gives heels
    assert his_heels(card("JOKER"), with_overrides(get_profile("jokers"), {"wild_starter_heels": "on"})) == 2
    assert his_heels(card("JH"), with_overrides(get_profile("standard"), {"his_heels": 0})) == 0


def test_store_versions_are_immutable(tmp_path):
    store = ProfileStore(f"sqlite:///{tmp_path / 'profiles.sqlite3'}")
    first, created = store.save("club", {**get_profile("standard").settings(), "muggins": "off"})
    again, created_again = store.save("club", first.settings())
    second, _ = store.save("club", {**first.settings(), "target": 61})
    assert (first.reference, created, again.reference, created_again) == ("club@1", True, "club@1", False)
    assert second.reference == "club@2" and store.versions("club") == [1, 2]
    assert store.get("club", 1).target == 121 and store.get("club").target == 61
    assert store.get("club", 1).muggins == "off"
    with pytest.raises(UnknownProfile):
        store.get("club", 3)


def test_store_created_on_first_use(tmp_path):
    path = tmp_path / "sub" / "lazy.sqlite3"
    store = ProfileStore(f"sqlite:///{path}")
    assert not path.exists()
    assert store.latest_all() == []
    assert path.exists()


# --- the API ---------------------------------------------------------------------------------

def test_get_rules_lists_profiles_and_settings(client):
    body = client.get("/v1/rules").get_json()
    assert [p["name"] for p in body["profiles"]] == BUILT_IN_NAMES
    assert body["settings"]["muggins"]["choices"] == ["on", "off"]
    assert body["settings"]["target"]["minimum"] == 31
    assert body["saved"] == []


def test_get_one_profile(client):
    body = client.get("/v1/rules/mastermind").get_json()
    assert (body["name"], body["reference"], body["target"], body["versions"]) == (
        "mastermind", "mastermind@1", 181, [1])
    missing = client.get("/v1/rules/nope")
    assert missing.status_code == 404 and missing.mimetype == "application/problem+json"


def test_save_and_replay_versions(client):
    first = client.post("/v1/rules", json={"name": "joes-house", "base": "wild",
                                           "settings": {"wild_draw": "peg"}, "description": "Joe's pack"})
    assert first.status_code == 201, first.get_json()
    assert first.get_json()["reference"] == "joes-house@1" and first.get_json()["base"] == "wild@1"
    same = client.post("/v1/rules", json={"name": "joes-house", "base": "wild",
                                          "settings": {"wild_draw": "peg"}, "description": "Joe's pack"})
    assert same.status_code == 200 and same.get_json()["version"] == 1
    changed = client.post("/v1/rules", json={"name": "joes-house", "base": "joes-house",
                                             "settings": {"stink_partners": "team"},
                                             "description": "Joe's pack"})
    assert changed.status_code == 201 and changed.get_json()["reference"] == "joes-house@2"
    old = client.get("/v1/rules/joes-house@1").get_json()
    assert (old["wild_draw"], old["stink_partners"], old["versions"]) == ("peg", "player", [1, 2])
    assert client.get("/v1/rules/joes-house").get_json()["stink_partners"] == "team"
    listed = client.get("/v1/rules").get_json()["saved"]
    assert [p["reference"] for p in listed] == ["joes-house@2"]
    # A saved profile is usable in every request, by name or exact version.
    show = client.post("/v1/show", json={"hand": ["5H", "5D", "5S", "JC"], "starter": "5C",
                                         "rules": "joes-house@1"}).get_json()
    assert show["total"] == 29 and show["rules"]["name"] == "joes-house" and show["rules"]["version"] == 1


@pytest.mark.parametrize("body, field", [
    ({"name": "standard"}, "name"), ({"name": "Bad Name!"}, "name"), ({"name": "ok", "base": "nope"}, "base"),
    ({"name": "ok", "settings": {"muggins": "sometimes"}}, "settings"), ({}, "name"),
])
def test_save_refusals_name_the_field(client, body, field):
    response = client.post("/v1/rules", json=body)
    assert response.status_code == 422, response.get_json()
    assert response.get_json()["errors"][0]["field"] == field


def test_request_overrides_are_echoed(client):
    body = client.post("/v1/show", json={"hand": ["5H", "5D", "5S", "JC"], "starter": "5C",
                                         "rules": {"name": "standard", "muggins": "off"}}).get_json()
    assert body["rules"]["muggins"] == "off" and body["rules"]["overridden"] == ["muggins"]
    audit = client.post("/v1/audit/show", json={"hand": ["5H", "5D", "5S", "JC"], "starter": "5C",
                                                "claimed": 24, "rules": {"muggins": "off"}}).get_json()
    assert (audit["missed"], audit["muggins_eligible"], audit["muggins"]) == (5, 0, "off")


def test_bad_override_in_a_request(client):
    response = client.post("/v1/show", json={"hand": ["5H", "5D", "5S", "JC"], "starter": "5C",
                                             "rules": {"name": "standard", "overpeg": "never"}})
    assert response.status_code == 422
    assert response.get_json()["errors"][0]["pointer"] == "/rules/overpeg"


def test_five_card_hand_and_crib_sizes(client):
    hand = client.post("/v1/show", json={"hand": ["5H", "5D", "JS"], "starter": "5C", "rules": "five-card"})
    # 5+5+5 and 5+J three times: 8; pair royal 6.
    assert hand.status_code == 200 and hand.get_json()["total"] == 14
    crib = client.post("/v1/show", json={"hand": ["2H", "4H", "6H", "8H"], "starter": "KS",
                                         "rules": "five-card", "crib": True})
    assert crib.status_code == 200 and crib.get_json()["by_kind"]["flush"] == 0
    wrong = client.post("/v1/show", json={"hand": ["5H", "5D", "JS", "2C"], "starter": "5C",
                                          "rules": "five-card"})
    assert wrong.status_code == 422 and "3 cards" in wrong.get_json()["detail"]


def test_saved_profile_dataclass_is_frozen():
    with pytest.raises(Exception):
        Profile().muggins = "off"


def test_the_rulebook_documents_every_setting():
    from pathlib import Path

    text = (Path(__file__).resolve().parent.parent / "docs" / "rules.md").read_text(encoding="utf-8")
    profiles = text[text.index("<!-- section: profiles -->"):]
    for name, spec in SETTINGS.items():
        assert f"| `{name}` |" in profiles, name
    for name in BUILT_IN_NAMES:
        assert f"### `{name}`" in profiles, name


def test_five_card_plays_one_series():
    from service.rules.play import score_play

    from test_play import plays

    result = score_play(2, plays("0:KH 1:9D 0:QH 1:go 1:8D 0:JH"), profile=get_profile("five-card"))
    assert [i.reason for i in result.plays[2].items] == ["go for 1"]
    assert [[f.code for f in p.flags] for p in result.plays[4:]] == [["play_over"], ["play_over"]]
    assert result.finished and result.totals == [1, 0]
    standard = score_play(2, plays("0:KH 1:9D 0:QH 1:go 1:8D 0:JH"))
    assert not any(p.flags for p in standard.plays) and not standard.finished


@pytest.mark.parametrize("name", BUILT_IN_NAMES)
def test_every_built_in_deal_adds_up(name):
    from service.rules.profiles import check_deal

    profile = get_profile(name)
    assert check_deal(profile) is None
    assert profile.players * (profile.dealt - profile.hand_size) + profile.crib_from_pack == profile.crib_size


@pytest.mark.parametrize("overrides, setting, fragment", [
    ({"players": 3}, "players", "3 players x (6 dealt - 4 kept) + 0 from the pack make a crib of 6"),
    ({"hand_size": 5}, "hand_size", "2 players x (6 dealt - 5 kept) + 0 from the pack make a crib of 2"),
    ({"players": 4, "crib_from_pack": 2}, "players", "4 players x (6 dealt - 4 kept) + 2 from the pack"),
    ({"dealt": 4, "hand_size": 5}, "dealt", "(4 dealt - 5 kept)"),
])
def test_a_deal_that_does_not_add_up_is_refused(overrides, setting, fragment):
    with pytest.raises(SettingError) as error:
        with_overrides(get_profile("standard"), overrides)
    assert error.value.setting == setting and fragment in error.value.message


def test_a_deal_that_adds_up_may_be_overridden():
    profile = with_overrides(get_profile("standard"), {"players": 3, "dealt": 5, "crib_from_pack": 1})
    assert (profile.players, profile.dealt, profile.crib_from_pack) == (3, 5, 1)


def test_a_bad_deal_in_a_request_names_the_setting(client):
    response = client.post("/v1/show", json={"hand": ["5H", "5D", "5S", "JC"], "starter": "5C",
                                             "rules": {"name": "standard", "players": 3}})
    assert response.status_code == 422
    assert response.get_json()["errors"][0]["pointer"] == "/rules/players"


def test_unapplied_settings_say_where_they_apply():
    for name in ("target", "goal", "captain_target", "three_for_last"):
        assert "/v1/wild/board" in SETTINGS[name]["description"], name
    assert "No endpoint takes the cards dealt" in SETTINGS["dealt"]["description"]
    assert "Bicycle" in SETTINGS["go_rotation"]["source"]
