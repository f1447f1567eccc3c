"""The pegging helper: plays entered in order, each play's points and the running count."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def play(page, code):
    page.get_by_role("button", name="Play a card").click()
    page.locator(f"#picker-grid button[data-code='{code}']").click()
    expect(page.locator("#picker")).to_be_hidden()


def cells(page, column):
    return page.locator(f"#peg-table tbody td:nth-child({column})").all_inner_texts()


def test_pegging_fifteen_pair_and_31(phone, screenshot):
    for code in ["5H", "10S", "5D", "5C", "6H"]:  # players alternate by themselves
        play(phone, code)
    expect(phone.locator("#peg-table tbody tr")).to_have_count(5)
    expect(phone.locator("#peg-count")).to_have_text("Count: 31")
    assert cells(phone, 2) == ["P1", "P2", "P1", "P2", "P1"]
    assert cells(phone, 4) == ["5", "15", "20", "25", "31"]
    assert cells(phone, 5) == ["0", "2", "0", "2", "2"]  # fifteen 2; pair 2; 31 for 2 (never 2 + 1)
    why = cells(phone, 6)
    assert "fifteen" in why[1] and "pair" in why[3] and "31" in why[4]
    expect(phone.locator("#peg-totals")).to_have_text("Pegged so far: Player 1: 2 · Player 2: 4")
    screenshot(phone, "phone-pegging")


def test_pegging_go_undo_and_a_new_series(phone):
    for code in ["KH", "QS", "JD"]:
        play(phone, code)
    expect(phone.locator("#peg-count")).to_have_text("Count: 30")
    phone.get_by_role("button", name="Go", exact=True).click()  # player 2 cannot play
    phone.get_by_role("radio", name="Player 1").check()  # player 1 cannot play either: the go is player 1's
    phone.get_by_role("button", name="Go", exact=True).click()
    play(phone, "3C")  # a new series: player 2 leads
    expect(phone.locator("#peg-table tbody tr")).to_have_count(6)
    expect(phone.locator("#peg-count")).to_have_text("Count: 3")
    assert cells(phone, 3)[3:5] == ["Go", "Go"]
    assert cells(phone, 5)[2] == "4"  # K-Q-J a run of 3, and the go at 30: 1
    assert "run of 3" in cells(phone, 6)[2] and "go" in cells(phone, 6)[2]
    expect(phone.locator("#peg-table tbody tr").nth(5)).to_have_class("new-series")
    expect(phone.locator("#peg-totals")).to_have_text("Pegged so far: Player 1: 4 · Player 2: 0")
    phone.get_by_role("button", name="Undo").click()
    expect(phone.locator("#peg-table tbody tr")).to_have_count(5)
    expect(phone.locator("#peg-turn input:checked")).to_have_value("1")  # player 2 is to play again
    phone.get_by_role("button", name="New hand").click()
    expect(phone.locator("#peg-table tbody tr")).to_have_count(0)
    expect(phone.locator("#peg-count")).to_have_text("Count: 0")
