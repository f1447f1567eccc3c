"""The photo path: a photo chosen on the page is shrunk in the browser, read by /v1/recognize, shown
with every card outlined; wrong photos get a clear message."""

from __future__ import annotations

import pathlib
import re

import pytest
from playwright.sync_api import expect
from web_steps import claim

pytestmark = pytest.mark.browser


def test_a_file_that_is_not_a_photo_gets_a_clear_message(phone, tmp_path, screenshot):
    bogus = tmp_path / "hand.jpg"
    bogus.write_text("these are not the cards you are looking for\n")
    phone.locator("#photo-input").set_input_files(str(bogus))
    message = phone.locator("#photo-message")
    expect(message).to_be_visible()
    expect(message).to_have_text(
        "This file is not a photo the browser can read. Choose a JPEG, PNG or WebP photo.")
    expect(phone.locator("#photo-figure")).to_be_hidden()
    screenshot(phone, "phone-not-a-photo", full_page=False)


# ---- a photo of a laid-out hand, read by /v1/recognize -------------------------------------

SAMPLE = pathlib.Path(__file__).resolve().parents[1] / "data" / "hand-generated.jpg"
HAND = ["5H", "5D", "5S", "JC", "5C"]  # the generator's sample photo: four in a row, the 5C apart


def phone_sized(path, scale=2):
    """The sample photo enlarged to a phone camera's size (2400 x 1600), for the page to shrink."""
    import cv2

    image = cv2.imread(str(SAMPLE))
    cv2.imwrite(str(path), cv2.resize(image, None, fx=scale, fy=scale, interpolation=cv2.INTER_CUBIC),
                [cv2.IMWRITE_JPEG_QUALITY, 92])
    return path


def upload(page, path):
    page.locator("#photo-input").set_input_files(str(path))
    expect(page.locator("#photo-status")).to_contain_text("found", timeout=30_000)


def outline(page, code):
    return page.locator(f"#overlay g.card-outline[data-code='{code}']")


def make_starter(page, code):
    """Tap the card on the photo and make it the starter."""
    outline(page, code).locator("polygon").click()
    page.get_by_role("button", name="Make this the starter").click()
    expect(outline(page, code)).to_have_class(re.compile(r"\bstarter\b"))


def test_photo_is_read_outlined_corrected_and_audited(phone, tmp_path, screenshot):
    upload(phone, phone_sized(tmp_path / "hand.jpg"))
    outlines = phone.locator("#overlay g.card-outline")
    expect(outlines).to_have_count(5)
    assert sorted(outlines.evaluate_all("gs => gs.map(g => g.dataset.code)")) == sorted(HAND)
    # Shrunk in the browser before the upload: the service was sent 1600 x 1067, not 2400 x 1600.
    assert phone.locator("#overlay").get_attribute("viewBox") == "0 0 1600 1067"
    # The five of clubs lies apart: it is the starter, and the hand is counted at once.
    expect(outline(phone, "5C")).to_have_class(re.compile(r"\bstarter\b"))
    expect(outline(phone, "5C").locator("text")).to_have_text("★ 5♣")
    expect(phone.locator("#total")).to_have_text("29")
    screenshot(phone, "phone-photo-29")

    # Correct a card: the jack of clubs is said to be the jack of hearts; no nobs, 28.
    outline(phone, "JC").locator("polygon").click()
    phone.locator("#picker-grid button[data-code='JH']").click()
    expect(outline(phone, "JH").locator("text")).to_have_text("J♥")
    expect(phone.locator("#total")).to_have_text("28")

    # Change the starter: with the jack cut, four fives in hand still make 28, and his heels.
    make_starter(phone, "JH")
    expect(phone.locator("#card-list .card-chip.starter .chip-code")).to_have_text("J♥")
    expect(phone.locator("#total")).to_have_text("28")
    expect(phone.locator("#heels")).to_contain_text("his heels")

    claim(phone, 24)
    verdict = phone.locator("#verdict")
    expect(verdict).to_have_attribute("data-verdict", "under")
    expect(verdict).to_contain_text("4 points missed")
    screenshot(phone, "phone-photo-verdict")


def test_a_photo_of_an_empty_table_says_no_cards_found(phone, tmp_path):
    import cv2
    import numpy as np

    felt = np.random.default_rng(1).normal((40, 90, 30), 6, (900, 1200, 3)).clip(0, 255).astype(np.uint8)
    cv2.imwrite(str(tmp_path / "table.jpg"), felt)
    upload(phone, tmp_path / "table.jpg")
    expect(phone.locator("#photo-message")).to_contain_text("No cards found")
    expect(phone.locator("#result")).to_be_hidden()


def test_a_photo_with_too_many_cards_asks_for_five(phone, tmp_path):
    import cv2

    image = cv2.imread(str(SAMPLE))
    two = cv2.hconcat([image, image])  # the sample twice, side by side: ten cards
    cv2.imwrite(str(tmp_path / "ten.jpg"), two)
    upload(phone, tmp_path / "ten.jpg")
    outlines = phone.locator("#overlay g.card-outline").count()
    assert outlines > 5  # ten on the table; the page must say how many it found, whatever the reader's recall
    expect(phone.locator("#photo-message")).to_contain_text(f"{outlines} cards found: lay out 5")
    expect(phone.locator("#result")).to_be_hidden()
