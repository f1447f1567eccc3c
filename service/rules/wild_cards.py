"""The WILD Cribbage instruction cards as data: each card is a name, an effect and its points.

Seed 001 names the kinds of card (take or lose points, double a run or the crib, the Stink Hole,
the WILD crib, a go for everyone else, cards that free you) and says the pack has 31 cards, but not how
many of each: **Ruling**: the pack below is the project's reading of it; a house replaces or adds cards
with the profile setting ``house_cards``.

    >>> len(WILD_PACK), sum(1 for c in WILD_PACK if c["effect"] == "stink_hole")
    (31, 3)
    >>> check_card_definition({"name": "Birthday", "effect": "take", "points": 4})
    (('name', 'Birthday'), ('effect', 'take'), ('points', 4))
"""

from __future__ import annotations

EFFECTS = {
    "take": "the drawer pegs `points` now",
    "back": "the drawer goes back `points` (never below 0)",
    "double_run": "the drawer's runs in their hand count double this deal",
    "double_crib": "the crib counts double this deal",
    "others_go": "every other player (side) pegs a go: 1 point, which frees a player in the Stink Hole",
    "go": "the drawer pegs a go: 1 point, which frees them from the Stink Hole",
    "stink_hole": "the drawer's score freezes until they score one single point",
    "free": "the drawer leaves the Stink Hole (no points)",
    "wild_crib": "the dealer gets a WILD crib: four cards from the bottom of the stock with the starter, "
                 "counted before the natural crib",
}
"""Every effect a WILD card may have (house cards use the same effects)."""

POINTED = frozenset({"take", "back"})


def _cards(count: int, name: str, effect: str, points: int = 0) -> list[dict]:
    return [{"name": name, "effect": effect, "points": points} for _ in range(count)]


WILD_PACK: tuple[dict, ...] = tuple(
    _cards(3, "Take 1", "take", 1) + _cards(3, "Take 2", "take", 2) + _cards(2, "Take 3", "take", 3)
    + _cards(1, "Take 5", "take", 5) + _cards(2, "Back 1", "back", 1) + _cards(2, "Back 2", "back", 2)
    + _cards(2, "Back 3", "back", 3) + _cards(1, "Back 5", "back", 5)
    + _cards(2, "Double run", "double_run") + _cards(2, "Double crib", "double_crib")
    + _cards(2, "Everyone else has a go", "others_go") + _cards(2, "You have a go", "go")
    + _cards(3, "Stink Hole", "stink_hole") + _cards(2, "WILD crib", "wild_crib")
    + _cards(2, "Out of the Stink Hole", "free"))
"""The 31 cards of the ``wild31`` pack (see the module docstring for the ruling)."""


def check_card_definition(card) -> tuple:
    """A house card as a hashable tuple of ``(key, value)``; ``ValueError`` says what is wrong."""
    if not isinstance(card, dict) or set(card) - {"name", "effect", "points"}:
        raise ValueError("a house card is an object with name, effect and points")
    name, effect, points = card.get("name"), card.get("effect"), card.get("points", 0)
    if not isinstance(name, str) or not 1 <= len(name) <= 60:
        raise ValueError("a house card's name is 1 to 60 characters")
    if effect not in EFFECTS:
        raise ValueError(f"effect {effect!r} is not one of {', '.join(EFFECTS)}")
    if isinstance(points, bool) or not isinstance(points, int) or not 0 <= points <= 30:
        raise ValueError("a house card's points are 0 to 30")
    if effect in POINTED and points == 0:
        raise ValueError(f"a {effect!r} card needs points")
    return (("name", name), ("effect", effect), ("points", points))


def pack(profile) -> list[dict]:
    """The instruction cards a profile plays with: its pack plus the house's cards."""
    base = list(WILD_PACK) if profile.wild_pack == "wild31" else []
    return base + [dict(card) for card in profile.house_cards]
