"""Usable by everyone: every control is named for a screen reader, and text has WCAG AA contrast."""

from __future__ import annotations

import pytest
from web_steps import claim, enter_cards

pytestmark = pytest.mark.browser

UNNAMED_CONTROLS = """() => [...document.querySelectorAll("button, input, select, [role=button]")]
  .filter((el) => el.offsetParent !== null || el.closest("dialog[open]"))
  .filter((el) => el.type !== "hidden")
  .filter((el) => {
    const labelled = el.getAttribute("aria-label") || el.getAttribute("aria-labelledby")
      || (el.id && document.querySelector(`label[for="${el.id}"]`)) || el.closest("label");
    const text = ["BUTTON"].includes(el.tagName) && el.textContent.trim();
    return !(labelled || text);
  })
  .map((el) => el.outerHTML.slice(0, 80))"""

# WCAG 2.x contrast of every visible text against the colour behind it (4.5:1, large text 3:1).
LOW_CONTRAST = """() => {
  const channel = (c) => { c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
  const parse = (s) => s.match(/[\\d.]+/g).map(Number);
  const luminance = ([r, g, b]) => 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
  const background = (el) => {
    for (let node = el; node; node = node.parentElement) {
      const colour = parse(getComputedStyle(node).backgroundColor);
      if (colour.length < 4 || colour[3] > 0.5) return colour.slice(0, 3);
    }
    return [255, 255, 255];
  };
  const problems = [];
  for (const el of document.querySelectorAll("body *")) {
    if (el.closest("svg") || el.disabled || !el.getClientRects().length) continue;
    const ownText = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    if (!ownText) continue;
    const style = getComputedStyle(el);
    if (style.visibility === "hidden" || style.clip === "rect(0px, 0px, 0px, 0px)") continue;
    const fg = parse(style.color).slice(0, 3);
    const [a, b] = [luminance(fg), luminance(background(el))].sort((x, y) => y - x);
    const ratio = (a + 0.05) / (b + 0.05);
    const size = parseFloat(style.fontSize);
    const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
    if (ratio < (large ? 3 : 4.5)) problems.push(`${el.tagName}#${el.id}.${el.className} ${ratio.toFixed(2)}`);
  }
  return problems;
}"""


def test_controls_are_named_and_text_has_contrast(phone):
    assert phone.evaluate(UNNAMED_CONTROLS) == []
    enter_cards(phone, ["7H", "8H", "8D", "9S", "6C"])
    for points in (12, 18, 16):  # the verdict's three colours
        claim(phone, points)
        phone.locator(f"#verdict .verdict-detail:has-text('Claimed {points}')").wait_for()
        assert phone.evaluate(LOW_CONTRAST) == []
    assert phone.evaluate(UNNAMED_CONTROLS) == []
    phone.locator("#card-list .card-chip").first.click()  # the picker, open
    assert phone.evaluate(UNNAMED_CONTROLS) == []
    assert phone.evaluate(LOW_CONTRAST) == []
    assert phone.locator("#announce").inner_text() == "16 points. Claim is right."
