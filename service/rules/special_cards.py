"""The special cards of the variants: notation, what each stands for, how many a deck holds.

Mastermind Ultimate Cribbage (seed 000, RULINGS.md) adds eleven cards of six kinds to the 52; the
``jokers`` profile adds two jokers that play as Wild cards. Notation (case-insensitive)::

    >>> from service.rules.cards import parse_card
    >>> [parse_card(t).code for t in ["zero", "0", "a*", "5h*", "w", "sw", "m", "joker"]]
    ['ZERO', 'ZERO', 'A*', '5H*', 'W', 'SW', 'M', 'JOKER']
    >>> parse_card("sw=7h/5d").code, parse_card("W=7H").show_as, parse_card("A*=11").code
    ('SW=7H/5D', Card(rank=7, suit='H'), 'A*=11')

A declared wild card takes the rank and suit of its *show* declaration, so the show scorer counts it
as that card while its code still says it is a wild card; an undeclared one (rank 0, no suit) must be
declared before it is counted (:mod:`service.rules.declarations` finds the best declaration).
"""

from __future__ import annotations

import re
from typing import Optional

from .cards import Card, CardError, _parse_standard, physical_identity, register_special_notation

ZERO = "zero"
SUPER_ACE = "super_ace"
SUPER_FIVE = "super_five"
WILD = "wild"
SUPER_WILD = "super_wild"
MASTER = "master"
JOKER = "joker"

# Kinds that are declared as a standard card; those in TWO_DECLARATIONS may play as one card and
# count as another (Super Wild, Master); the others hold one declaration for the play and the show.
WILD_KINDS = frozenset({WILD, SUPER_WILD, MASTER, JOKER})
TWO_DECLARATIONS = frozenset({SUPER_WILD, MASTER})

HIGH_ACE_RANK = 14
"""The rank of a Super Ace played (or run) as the high ace, above the king."""

TOKENS = {ZERO: "ZERO", SUPER_ACE: "A*", WILD: "W", SUPER_WILD: "SW", MASTER: "M", JOKER: "JOKER"}
ALIASES = {
    "ZERO": ZERO, "0": ZERO,
    "A*": SUPER_ACE, "SUPERACE": SUPER_ACE, "SUPER_ACE": SUPER_ACE, "SUPER-ACE": SUPER_ACE,
    "W": WILD, "WILD": WILD,
    "SW": SUPER_WILD, "SUPERWILD": SUPER_WILD, "SUPER_WILD": SUPER_WILD, "SUPER-WILD": SUPER_WILD,
    "M": MASTER, "MASTER": MASTER,
    "JOKER": JOKER, "JK": JOKER,
}
KIND_NAMES = {ZERO: "Zero", SUPER_ACE: "Super Ace", SUPER_FIVE: "Super Five", WILD: "Wild",
              SUPER_WILD: "Super Wild", MASTER: "Master", JOKER: "Joker"}

DECKS: dict[str, dict[tuple, int]] = {
    "standard": {},
    "mastermind": {(ZERO,): 1, (SUPER_ACE,): 1, **{(5, suit, SUPER_FIVE): 1 for suit in "SHDC"},
                   (WILD,): 2, (SUPER_WILD,): 2, (MASTER,): 1},
    "jokers": {(JOKER,): 2},
}
"""Special cards per deck, as :func:`service.rules.cards.physical_identity` -> copies."""


MOST_COPIES: dict[tuple, int] = {identity: max(copies.get(identity, 0) for copies in DECKS.values())
                                 for deck in DECKS.values() for identity in deck}
"""The most of each special card any deck holds: a duplicate check before the profile is known."""


def deck_copies(deck: str) -> dict[tuple, int]:
    """How many of each special card a deck holds (a standard card: one), for the deck check.

    >>> deck_copies("mastermind")[(WILD,)], deck_copies("standard")
    (2, {})
    """
    return DECKS[deck]


def decks_with(card: Card) -> str:
    """The decks (and so the profiles' ``deck`` settings) that hold ``card``, e.g. ``'mastermind'``."""
    identity = physical_identity(card)
    return ", ".join(name for name, copies in DECKS.items() if copies.get(identity))


_SUPER_FIVE = re.compile(r"^5([SHDC♠♤♥♡♦♢♣♧])\*$", re.I)


def make_card(kind: str, suit: Optional[str] = None) -> Card:
    """The undeclared special card of ``kind`` (``suit`` for a Super Five).

    >>> make_card(ZERO).value, make_card(SUPER_FIVE, "H").code
    (0, '5H*')
    """
    if kind == SUPER_FIVE:
        return Card(5, suit, SUPER_FIVE)
    if kind == SUPER_ACE:
        return Card(1, None, SUPER_ACE)
    return Card(0, None, kind)


def declare(card: Card, show_as: Optional[Card] = None, play_as: Optional[Card] = None) -> Card:
    """A wild card declared: it takes the rank and suit of ``show_as`` for the show.

    A one-declaration card (Wild, Joker) plays as what it shows as.

    >>> from service.rules.cards import parse_card
    >>> declare(parse_card("W"), parse_card("7H")).code
    'W=7H'
    """
    if card.special not in WILD_KINDS:
        raise CardError(card.code, "only Wild, Super Wild, Master and Joker cards are declared")
    if card.special not in TWO_DECLARATIONS:
        play_as = show_as if show_as is not None else play_as
        show_as = play_as
    rank, suit = (show_as.rank, show_as.suit) if show_as is not None else (0, None)
    return Card(rank, suit, card.special, play_as=play_as, show_as=show_as)


def undeclared(card: Card) -> Card:
    """The physical wild card without its declarations."""
    return make_card(card.special) if card.special in WILD_KINDS else card


def is_undeclared_wild(card: Card) -> bool:
    """A wild card with no show declaration (the auditor must find one before counting)."""
    return card.special in WILD_KINDS and card.show_as is None


def same_card(held: Card, laid: Card) -> bool:
    """Whether ``laid`` can be the card ``held`` in a hand: the same card, or the same wild card
    with the hand leaving its declaration open (``W`` held, ``W=7H`` laid).

    >>> from service.rules.cards import parse_card
    >>> same_card(parse_card("W"), parse_card("W=7H")), same_card(parse_card("W=8C"), parse_card("W=7H"))
    (True, False)
    """
    if held == laid:
        return True
    if held.special in WILD_KINDS or held.special == SUPER_ACE:
        return held.special == laid.special and held.play_as is None and held.show_as is None
    return False


def kind_name(card: Card) -> str:
    return KIND_NAMES.get(card.special, "standard card")


# --- the play: what a card counts as when it is laid down --------------------------------------

def play_value(card: Card) -> int:
    """Value added to the play count: a wild card's play declaration, a Super Ace 1 or 11.

    >>> from service.rules.cards import parse_card
    >>> play_value(parse_card("A*=11")), play_value(parse_card("SW=7H/5D")), play_value(parse_card("0"))
    (11, 7, 0)
    """
    if card.special == SUPER_ACE:
        return 11 if card.play_as is not None and card.play_as.rank == HIGH_ACE_RANK else 1
    if card.special in WILD_KINDS:
        return play_declaration(card).value
    return card.value


def play_rank(card: Card) -> int:
    """Rank for pairs and runs in the play (the high Super Ace ranks 14, above the king)."""
    if card.special == SUPER_ACE:
        return HIGH_ACE_RANK if card.play_as is not None and card.play_as.rank == HIGH_ACE_RANK else 1
    if card.special in WILD_KINDS:
        return play_declaration(card).rank
    return card.rank


def play_declaration(card: Card) -> Card:
    """The card a wild card is laid as: its play declaration; a single declaration given with the
    play (``SW=7H`` in a list of plays) is the play declaration. Undeclared: :class:`CardError`.

    >>> from service.rules.cards import parse_card
    >>> play_declaration(parse_card("SW=7H/5D")).code, play_declaration(parse_card("M=AH")).code
    ('7H', 'AH')
    """
    declared = card.play_as or card.show_as
    if declared is None:
        raise CardError(card.code, f"a wild card is declared when it is laid, e.g. {TOKENS[card.special]}=7H")
    return declared


# --- notation ----------------------------------------------------------------------------------

def parse_special(token: str) -> Optional[Card]:
    """Parse a special-card token, or return ``None`` if it is not one (a declaration that is
    malformed raises :class:`CardError` naming the token)."""
    text = token.strip()
    head, sep, declaration = text.partition("=")
    head = head.strip().upper()
    match = _SUPER_FIVE.match(head)
    if match:
        card = make_card(SUPER_FIVE, _parse_standard("5" + match.group(1)).suit)
    elif head in ALIASES:
        card = make_card(ALIASES[head])
    else:
        return None
    if not sep:
        return card
    if card.special == SUPER_ACE:
        return _declare_super_ace(token, declaration.strip())
    if card.special not in WILD_KINDS:
        raise CardError(token, f"a {kind_name(card)} takes no declaration")
    return _declare_wild(token, card, declaration)


def _declare_super_ace(token: str, declaration: str) -> Card:
    if declaration not in ("1", "11"):
        raise CardError(token, "a Super Ace is declared A*=1 (low ace) or A*=11 (high ace)")
    rank = 1 if declaration == "1" else HIGH_ACE_RANK
    return Card(1, None, SUPER_ACE, play_as=Card(rank, None, SUPER_ACE))


def _declare_wild(token: str, card: Card, declaration: str) -> Card:
    parts = [part.strip() for part in declaration.split("/")]
    if len(parts) > 2 or (len(parts) == 2 and card.special not in TWO_DECLARATIONS):
        raise CardError(token, "a Wild or Joker has one declaration (W=7H); a Super Wild or Master "
                               "one or two (SW=7H/5D: 7H in the play, 5D in the show)")
    declared = [_parse_standard(part) if part else None for part in parts]
    if any(d is None for d, part in zip(declared, parts) if part) or not any(declared):
        raise CardError(token, "a wild card is declared as a standard card, e.g. W=7H")
    if len(declared) == 2:
        return declare(card, show_as=declared[1], play_as=declared[0])
    return declare(card, show_as=declared[0])


def format_special(card: Card) -> str:
    """Canonical notation of a special card (see :func:`parse_special`)."""
    if card.special == SUPER_FIVE:
        return f"5{card.suit}*"
    base = TOKENS[card.special]
    if card.special == SUPER_ACE:
        if card.play_as is None:
            return base
        return base + ("=11" if card.play_as.rank == HIGH_ACE_RANK else "=1")
    if card.show_as is None and card.play_as is None:
        return base
    if card.special in TWO_DECLARATIONS and card.play_as != card.show_as:
        play = card.play_as.code if card.play_as is not None else ""
        show = card.show_as.code if card.show_as is not None else ""
        return f"{base}={play}/{show}" if play else f"{base}={show}"
    return f"{base}={card.show_as.code}"


register_special_notation(parse_special, format_special)
