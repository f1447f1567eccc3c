"""The page's count: manual entry, the result, the claim and its verdict, in headless Chromium."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect
from web_steps import claim, enter_cards, item_kinds

pytestmark = pytest.mark.browser


def test_manual_entry_counts_29_with_every_combination(phone, screenshot):
    enter_cards(phone, ["5H", "5D", "5S", "JC", "5C"])
    expect(phone.locator("#total")).to_have_text("29")
    kinds = item_kinds(phone)
    # Eight fifteens (each five with the jack, each three fives), six pairs, his nobs.
    assert (kinds.count("Fifteen"), kinds.count("Pair"), kinds.count("His nobs"), len(kinds)) == (8, 6, 1, 15)
    nobs = phone.locator("#items .item[data-kind='nobs']")
    expect(nobs.locator(".card-face")).to_have_text(["J♣", "5♣"])
    expect(nobs.locator(".item-points")).to_have_text("1 point")
    expect(phone.locator("#card-list .card-chip.starter .chip-code")).to_have_text("5♣")
    expect(phone.locator("#rarity")).to_contain_text("3,248,700")
    screenshot(phone, "phone-manual-29")


def test_claim_gets_a_verdict_each_way(phone, screenshot):
    enter_cards(phone, ["7H", "8H", "8D", "9S", "6C"])  # 3 fifteens 6, pair 2, double run of four 8
    expect(phone.locator("#total")).to_have_text("16")
    verdict = phone.locator("#verdict")

    claim(phone, 12)
    expect(verdict).to_have_attribute("data-verdict", "under")
    expect(verdict.locator(".verdict-title")).to_have_text("Under-claimed")
    expect(verdict).to_contain_text("4 points missed")
    expect(verdict).to_contain_text("take 4 points")

    claim(phone, 18)
    expect(verdict).to_have_attribute("data-verdict", "over")
    expect(verdict).to_contain_text("retract 2 points")

    claim(phone, 16)
    expect(verdict).to_have_attribute("data-verdict", "correct")
    expect(verdict.locator(".verdict-title")).to_have_text("Claim is right")

    claim(phone, 14, said="fifteen 2, fifteen 4, double run of four 14")
    expect(verdict).to_have_attribute("data-verdict", "under")
    missed = verdict.locator(".items .item")
    expect(missed).to_have_count(1)
    expect(missed.locator(".item-kind")).to_have_text("Fifteen")
    expect(missed.locator(".card-face")).to_have_text(["9♠", "6♣"])
    screenshot(phone, "phone-claim-missed-fifteen")


def test_impossible_claim_is_named(phone):
    enter_cards(phone, ["5H", "5D", "5S", "JC", "5C"])
    claim(phone, 25)
    expect(phone.locator("#verdict")).to_contain_text("No hand or crib can score 25")


def test_crib_switch_needs_five_for_a_flush(phone):
    enter_cards(phone, ["2H", "4H", "6H", "8H", "KS"])
    expect(phone.locator("#total")).to_have_text("4")
    assert item_kinds(phone) == ["Flush"]
    phone.get_by_label("Crib").check()
    expect(phone.locator("#total")).to_have_text("0")
    expect(phone.locator("#items")).to_contain_text("Nothing scores")


def test_fixing_a_card_and_moving_the_starter_recounts(phone):
    enter_cards(phone, ["5H", "5D", "5S", "JC", "5C"])
    expect(phone.locator("#total")).to_have_text("29")
    # The jack becomes the queen of clubs: no nobs, 28.
    phone.locator("#card-list .card-chip").nth(3).click()
    phone.locator("#picker-grid button[data-code='QC']").click()
    expect(phone.locator("#total")).to_have_text("28")
    # The queen is now the starter, the five of clubs goes into the hand: still 28, no nobs to gain.
    phone.locator("#card-list .card-chip").nth(3).click()
    phone.get_by_role("button", name="Make this the starter").click()
    expect(phone.locator("#card-list .card-chip.starter .chip-code")).to_have_text("Q♣")
    expect(phone.locator("#total")).to_have_text("28")


def test_typed_codes_and_bad_codes_in_the_picker(phone):
    phone.get_by_role("button", name="Enter cards by hand").click()
    typed = phone.get_by_label("Or type a card")
    typed.fill("1H")
    typed.press("Enter")
    expect(phone.locator("#picker-error")).to_contain_text('"1H" is not a card')
    for code in ["th", "J♥", "qh", "kh", "9h"]:  # a 4-card heart flush and a run of five
        typed.fill(code)
        typed.press("Enter")
    expect(phone.locator("#card-list .chip-code")).to_have_text(["10♥", "J♥", "Q♥", "K♥", "9♥"])
    # Run of five 5, flush of five 5, his nobs 1 (jack of the starter's suit); no fifteens.
    expect(phone.locator("#total")).to_have_text("11")


def test_keyboard_alone_enters_counts_and_claims(desktop):
    desktop.focus("#manual-button")
    desktop.keyboard.press("Enter")
    for _ in range(4):  # the picker focuses the first free card: A, 2, 3, 4 of spades
        desktop.keyboard.press("Enter")
    desktop.keyboard.press("ArrowDown")  # from the five of spades to the five of hearts
    desktop.keyboard.press("Enter")
    expect(desktop.locator("#card-list .chip-code")).to_have_text(["A♠", "2♠", "3♠", "4♠", "5♥"])
    # Fifteen (all five cards) 2, run of five 5, four-card flush 4.
    expect(desktop.locator("#total")).to_have_text("11")
    desktop.focus("#claimed")
    desktop.keyboard.type("11")
    desktop.keyboard.press("Enter")
    expect(desktop.locator("#verdict")).to_have_attribute("data-verdict", "correct")
    desktop.focus("#card-list .card-chip >> nth=0")
    desktop.keyboard.press("Enter")
    expect(desktop.locator("#picker")).to_be_visible()
    desktop.keyboard.press("Escape")
    expect(desktop.locator("#picker")).to_be_hidden()


def test_layouts_phone_and_desktop(phone, desktop, screenshot):
    enter_cards(phone, ["5H", "5D", "5S", "JC", "5C"])
    expect(phone.locator("#total")).to_have_text("29")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360
    enter_cards(desktop, ["5H", "5D", "5S", "JC", "5C"])
    expect(desktop.locator("#total")).to_have_text("29")
    cards, count = desktop.locator("#cards").bounding_box(), desktop.locator("#count").bounding_box()
    assert count["x"] >= cards["x"] + cards["width"] and count["y"] == cards["y"]  # side by side
    screenshot(desktop, "desktop-manual-29")


def test_rule_profiles_change_the_hand_size_and_allow_special_cards(phone):
    rules = phone.get_by_label("Rules")
    expect(rules.locator("option[value='five-card']")).to_have_count(1)  # the list comes from /v1/rules
    rules.select_option("five-card")
    expect(phone.locator("#rules-hint")).not_to_be_empty()
    enter_cards(phone, ["5H", "5D", "JS", "5C"])  # three cards and the starter
    expect(phone.locator("#card-list .card-chip")).to_have_count(4)
    # Fifteens: each five with the jack (3) and the three fives (1) 8; pair royal 6.
    expect(phone.locator("#total")).to_have_text("14")

    rules.select_option("mastermind")
    expect(phone.locator("#card-list .card-chip")).to_have_count(5)
    phone.locator("#card-list .card-chip.empty").click()  # the new fourth hand card
    phone.locator("#picker-specials button[data-code='W']").click()
    # The Wild is declared at its best, a five: four fives and a jack, 28.
    expect(phone.locator("#total")).to_have_text("28")
    expect(phone.locator("#declarations")).to_contain_text("W=5")
