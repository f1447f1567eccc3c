"""What a person does on the page, as small steps shared by the browser tests."""

from __future__ import annotations

from playwright.sync_api import Page, expect


def enter_cards(page: Page, codes: list[str]) -> None:
    """Manual entry: open the picker and tap each card in turn (the hand, then the starter)."""
    page.get_by_role("button", name="Enter cards by hand").click()
    dialog = page.locator("#picker")
    for code in codes:
        expect(dialog).to_be_visible()
        dialog.locator(f"#picker-grid button[data-code='{code}']").click()
    expect(dialog).to_be_hidden()


def item_kinds(page: Page) -> list[str]:
    """The kinds of the combinations shown, in order."""
    return page.locator("#items .item-kind").all_inner_texts()


def claim(page: Page, points: int, said: str = "") -> None:
    page.get_by_label("Claimed score").fill(str(points))
    page.get_by_label("The count as said").fill(said)
    page.get_by_role("button", name="Count", exact=True).click()
