"""A photo that cannot make a deal gets a 422 problem naming the image (or the starter); ``muggins
photo`` refuses it by the same rule, with its own advice."""

import io
import json
from pathlib import Path
from urllib.parse import urlencode

import cv2
import numpy as np
import pytest

from service import config
from service.cli import main
from vision_models.scenes import compose, hand_layout

SAMPLE = Path(__file__).parent / "data" / "hand-generated.jpg"  # five cards, the 5C lying apart


def post_photo(client, path, data: bytes):
    return client.post(path, data={"image": (io.BytesIO(data), "photo.jpg")},
                       content_type="multipart/form-data")


@pytest.mark.parametrize("path", ["/v1/show/photo", "/v1/audit/photo?claimed=4"])
def test_an_empty_table_is_no_cards_found(client, path):
    empty_table = cv2.imencode(".png", np.full((600, 800, 3), 90, np.uint8))[1].tobytes()
    response = post_photo(client, path, empty_table)
    assert response.status_code == 422
    assert response.content_type == "application/problem+json"
    [error] = response.get_json()["errors"]
    assert error["field"] == "image" and error["message"].startswith("no cards found")


def test_too_many_cards_for_the_profile_says_how_many_to_lay_out(client):
    # Five-card cribbage: a hand of 3 and the starter.
    response = post_photo(client, "/v1/show/photo?rules=five-card", SAMPLE.read_bytes())
    assert response.status_code == 422
    [error] = response.get_json()["errors"]
    assert error == {"field": "image", "pointer": "/image",
                     "message": "5 cards found: lay out 4, the hand and the starter a little apart"}


def test_a_named_starter_may_lie_among_the_cards(client):
    response = post_photo(client, "/v1/show/photo?starter=5C", SAMPLE.read_bytes())
    assert response.status_code == 200
    assert response.get_json()["starter"] == "5C" and response.get_json()["total"] == 29


@pytest.fixture(scope="module")
def row_jpeg() -> bytes:
    """The sample's five cards in one evenly spaced row: no card lies apart."""
    rng = np.random.default_rng(5)
    quads = hand_layout(rng, (800, 1400), n_hand=5)[:5]
    scene = compose(rng, ["5H", "5D", "5S", "JC", "5C"], size=(800, 1400), quads=quads)
    return cv2.imencode(".jpg", scene.image, [cv2.IMWRITE_JPEG_QUALITY, 90])[1].tobytes()


def test_no_card_apart_asks_for_the_starter_by_name(client, row_jpeg):
    response = post_photo(client, "/v1/show/photo", row_jpeg)
    assert response.status_code == 422
    [error] = response.get_json()["errors"]
    assert error == {"field": "starter", "pointer": "/starter",
                     "message": "no card lies apart from the others among the 5 cards read; "
                                "name the starter (starter=5C)"}
    assert len(response.get_json()["recognition"]["cards"]) == 5   # for the player to confirm
    named = post_photo(client, "/v1/show/photo?starter=5C", row_jpeg)
    assert named.status_code == 200 and named.get_json()["total"] == 29


# `muggins photo` refuses a photo by the photo endpoints' rule (service.photo_deal), in its own words.

def muggins_photo(tmp_path, data: bytes, *options: str) -> int:
    photo = tmp_path / "photo.jpg"
    photo.write_bytes(data)
    return main(["photo", str(photo), *options])


def refusal(capsys, call) -> str:
    with pytest.raises(SystemExit) as exit_:
        call()
    assert exit_.value.code == 2
    return capsys.readouterr().err.strip().removeprefix("muggins: error: ")


def test_cli_photo_of_an_empty_table_finds_no_cards(tmp_path, capsys):
    empty_table = cv2.imencode(".png", np.full((600, 800, 3), 90, np.uint8))[1].tobytes()
    message = refusal(capsys, lambda: muggins_photo(tmp_path, empty_table))
    assert message.startswith("photo: no cards found: lay the cards face up")


def test_cli_photo_says_how_many_cards_the_profile_lays_out(tmp_path, capsys):
    message = refusal(capsys, lambda: muggins_photo(tmp_path, SAMPLE.read_bytes(), "--rules", "five-card"))
    assert message == "photo: 5 cards found: lay out 4, the hand and the starter a little apart"


def test_cli_photo_refuses_an_unsure_card_and_points_to_muggins_show(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(config.DefaultConfig, "VISION_MIN_CONFIDENCE", 1.01)   # nothing is sure enough
    message = refusal(capsys, lambda: muggins_photo(tmp_path, SAMPLE.read_bytes()))
    assert message.startswith("photo: card 1 cannot be read surely (perhaps ")
    assert message.endswith("; retake the photo, or type the cards to `muggins show`")


def test_cli_photo_with_no_card_apart_asks_for_the_starter_option(tmp_path, capsys, row_jpeg):
    message = refusal(capsys, lambda: muggins_photo(tmp_path, row_jpeg))
    assert message == ("photo: no card lies apart from the others among the 5 cards read; "
                       "name the starter with --starter CODE")
    assert muggins_photo(tmp_path, row_jpeg, "--starter", "5C") == 0
    assert capsys.readouterr().out.rstrip().endswith("total 29")


@pytest.mark.parametrize("options, message", [
    (["--rules", "nope"], "--rules: unknown rule profile 'nope'; GET /v1/rules lists them"),
    (["--starter", "ZZ"],
     "--starter: 'ZZ' is not a card: ranks are A 2-10 (or T) J Q K, suits S H D C (or ♠ ♥ ♦ ♣)"),
    (["--claimed", "100"], "--claimed: Must be greater than or equal to 0 and less than or equal to 99."),
    (["--claimed", "24", "--muggins-call", "0"],
     "--muggins-call: Must be greater than or equal to 1 and less than or equal to 99."),
])
def test_cli_photo_checks_its_options_as_the_api_its_query_before_reading_the_photo(tmp_path, capsys, options,
                                                                                     message):
    assert refusal(capsys, lambda: main(["photo", str(tmp_path / "missing.jpg"), *options])) == f"photo: {message}"


@pytest.mark.parametrize("path", ["/v1/show/photo", "/v1/audit/photo?claimed=4"])
def test_a_starter_that_is_no_card_is_refused_naming_it(client, path):
    response = post_photo(client, path + ("&" if "?" in path else "?") + "starter=ZZ", b"not read")
    assert response.status_code == 422
    [error] = response.get_json()["errors"]
    assert error["field"] == "starter" and error["message"].startswith("'ZZ' is not a card")


def test_cli_photo_audits_a_claim_as_muggins_audit_does(tmp_path, capsys):
    assert muggins_photo(tmp_path, SAMPLE.read_bytes(), "--claimed", "24", "--items", "fifteen 2, fifteen 4") == 0
    photo_report = capsys.readouterr().out.split("\n\n", 1)[1]   # after the cards read
    assert photo_report.startswith("claimed 24, the count is 29: 5 missed\nMuggins: 5 to the opponent")
    assert main(["audit", "5H", "JC", "5D", "5S", "5C", "--claimed", "24", "--items", "fifteen 2, fifteen 4"]) == 0
    assert photo_report == capsys.readouterr().out   # the photo's cards in the order read


@pytest.mark.parametrize("option, value", [("--items", "fifteen 2"), ("--muggins-call", "3")])
def test_cli_photo_takes_the_parts_of_an_audit_only_with_a_claim(tmp_path, capsys, option, value):
    message = refusal(capsys, lambda: muggins_photo(tmp_path, SAMPLE.read_bytes(), option, value))
    assert message == f"photo: {option} is part of an audit: give --claimed too"


def test_cli_photo_awards_a_muggins_call(tmp_path, capsys):
    assert muggins_photo(tmp_path, SAMPLE.read_bytes(), "--claimed", "24", "--muggins-call", "7") == 0
    assert "\nMuggins! called for 7: the caller pegs 5\n" in capsys.readouterr().out


def test_cli_photo_json_with_a_claim_is_the_audit_photo_body(tmp_path, capsys, client):
    claim = ["--claimed", "24", "--items", "fifteen 2, fifteen 4, pair 6", "--muggins-call", "3"]
    assert muggins_photo(tmp_path, SAMPLE.read_bytes(), *claim, "--json") == 0
    printed = json.loads(capsys.readouterr().out)
    query = {"claimed": 24, "claimed_items": "fifteen 2, fifteen 4, pair 6", "muggins_call": 3}
    assert printed == post_photo(client, "/v1/audit/photo?" + urlencode(query), SAMPLE.read_bytes()).get_json()
    assert printed["missed"] == 5 and printed["recognition"]["cards"][1] == {**printed["recognition"]["cards"][1],
                                                                           "code": "5C", "starter": True}


def test_cli_photo_reads_standard_input_for_a_dash(capsys, monkeypatch):
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(SAMPLE.read_bytes())))
    assert main(["photo", "-"]) == 0
    assert capsys.readouterr().out.rstrip().endswith("total 29")
