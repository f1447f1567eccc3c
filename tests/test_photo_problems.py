"""A photo that cannot make a deal gets a 422 problem naming the image (or the starter)."""

import io
from pathlib import Path

import cv2
import numpy as np
import pytest

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
