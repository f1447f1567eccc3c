"""The photo path: a photo chosen on the page is shrunk in the browser, read by /v1/recognize, shown
with every card outlined; wrong photos get a clear message."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

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
