"""Cards and their notation.

A standard card is a rank (1 = ace .. 13 = king) and a suit (``S``, ``H``, ``D``, ``C``).
The notation is the one in docs/rules.md ("Card notation")::

    >>> parse_card("10h")
    Card(rank=10, suit='H')
    >>> parse_card("T♥").code
    '10H'
    >>> parse_card("QS").value
    10

The special cards of the variants (Zero, Super Ace, Super Fives, Wild, Super Wild, Master, Joker)
share this class: ``special`` names the kind, and a wild card carries the card(s) it is declared as.
Their notation lives in :mod:`service.rules.special_cards`, which registers a parser here, so this
module stays the one place a token becomes a card.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable, Optional, Sequence

SUITS = "SHDC"
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
SUIT_SYMBOLS = {"♠": "S", "♤": "S", "♥": "H", "♡": "H", "♦": "D", "♢": "D", "♣": "C", "♧": "C"}

RANK_CODES = {1: "A", 11: "J", 12: "Q", 13: "K"}
RANK_NAMES = {1: "ace", 11: "jack", 12: "queen", 13: "king"}
JACK = 11


class CardError(ValueError):
    """A token that is not a card, or cards that cannot be together.

    ``token`` is the offending text, so an API error can name it.
    """

    def __init__(self, token: str, reason: str):
        super().__init__(f"{token!r}: {reason}")
        self.token = token
        self.reason = reason


@dataclass(frozen=True, slots=True)
class Card:
    """One card.

    ``rank`` 1..13 (0 for the Zero), ``suit`` one of ``SHDC`` or ``None`` for suitless specials.
    ``special`` is ``None`` for the 52 standard cards, else the kind of special card.
    ``play_as`` / ``show_as`` are the declarations of a wild card (standard cards), if any.
    """

    rank: int
    suit: Optional[str]
    special: Optional[str] = None
    play_as: Optional["Card"] = None
    show_as: Optional["Card"] = None

    def __repr__(self) -> str:  # short form, used in doctests and test ids
        if self.special is None:
            return f"Card(rank={self.rank}, suit={self.suit!r})"
        return f"Card({self.code!r})"

    @property
    def value(self) -> int:
        """Counting value: ace 1, two to ten face value, court cards 10."""
        return min(self.rank, 10)

    @property
    def is_standard(self) -> bool:
        return self.special is None

    @property
    def index(self) -> int:
        """0..51 for a standard card (``(rank - 1) * 4 + suit``), the key of the lookup tables."""
        if self.special is not None:
            raise CardError(self.code, "special cards have no standard index")
        return (self.rank - 1) * 4 + SUITS.index(self.suit)

    @property
    def code(self) -> str:
        """Canonical notation: ``5H``, ``10C``, ``QS``; special cards use their own."""
        if self.special is not None:
            return _special_formatter(self)
        return RANK_CODES.get(self.rank, str(self.rank)) + self.suit

    @property
    def name(self) -> str:
        """Spoken name, e.g. ``five of hearts``."""
        if self.special is not None:
            return self.code
        rank = RANK_NAMES.get(self.rank) or NUMBER_WORDS[self.rank]
        return f"{rank} of {SUIT_NAMES[self.suit]}"

    def __str__(self) -> str:
        return self.code


NUMBER_WORDS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven",
                8: "eight", 9: "nine", 10: "ten"}

STANDARD_DECK: tuple[Card, ...] = tuple(Card(rank, suit) for rank in range(1, 14) for suit in SUITS)
"""The 52 standard cards in index order (``STANDARD_DECK[c.index] == c``)."""


def _rank_from_text(text: str) -> Optional[int]:
    text = text.upper()
    letters = {"A": 1, "T": 10, "J": 11, "Q": 12, "K": 13}
    if text in letters:
        return letters[text]
    if text.isdecimal() and 2 <= int(text) <= 10 and not text.startswith("0"):
        return int(text)
    return None


def _parse_standard(token: str) -> Optional[Card]:
    text = token.strip()
    if len(text) < 2:
        return None
    suit = SUIT_SYMBOLS.get(text[-1], text[-1].upper())
    if suit not in SUITS:
        return None
    rank = _rank_from_text(text[:-1])
    return None if rank is None else STANDARD_DECK[(rank - 1) * 4 + SUITS.index(suit)]


# Special-card notation is registered by service.rules.special_cards (import order independent).
_special_parsers: list[Callable[[str], Optional[Card]]] = []


def _special_formatter(card: Card) -> str:  # replaced when special cards are registered
    return card.special or "?"


def register_special_notation(parser: Callable[[str], Optional[Card]],
                              formatter: Callable[[Card], str]) -> None:
    """Let the variants' module teach this one its notation (parse and format)."""
    global _special_formatter
    _special_parsers.append(parser)
    _special_formatter = formatter


def parse_card(token: str, allow_special: bool = True) -> Card:
    """Parse one card token; raise :class:`CardError` naming the token.

    >>> parse_card("5♥")
    Card(rank=5, suit='H')
    >>> parse_card("1H")  # doctest: +IGNORE_EXCEPTION_DETAIL
    Traceback (most recent call last):
    ...
    service.rules.cards.CardError: '1H': ranks are A 2-10 (or T) J Q K, suits S H D C (or ♠ ♥ ♦ ♣)
    """
    if not isinstance(token, str):
        raise CardError(str(token), "a card is written as a string such as '5H'")
    card = _parse_standard(token)
    if card is None and allow_special:
        for parser in _special_parsers:
            card = parser(token)
            if card is not None:
                break
    if card is None:
        raise CardError(token, "ranks are A 2-10 (or T) J Q K, suits S H D C (or ♠ ♥ ♦ ♣)")
    if card.special is not None and not allow_special:
        raise CardError(token, "special cards are not in this game's deck")
    return card


def parse_cards(tokens: Iterable[str], allow_special: bool = True) -> list[Card]:
    """Parse tokens in order (see :func:`parse_card`)."""
    return [parse_card(token, allow_special) for token in tokens]


def position_of(token: str, codes: Sequence[Optional[str]]) -> Optional[int]:
    """Where the card ``token`` names, in any notation, lies among canonical ``codes`` (a photo's
    cards, ``None`` for one unread); ``None`` when it is not there or ``token`` is no card.

    >>> position_of("th", ["5C", "10H"]), position_of("5S", ["5C", None]), position_of("ZZ", ["5C"])
    (1, None, None)
    """
    try:
        code = parse_card(token).code
    except CardError:
        return None
    return next((n for n, known in enumerate(codes) if known == code), None)


def physical_identity(card: Card) -> tuple:
    """What makes two cards the same piece of cardboard: a declared wild is still its wild card."""
    return (card.rank, card.suit, card.special) if card.special in (None, "super_five") else (
        card.special,)


def find_duplicate(cards: Sequence[Card], copies: dict | None = None) -> Optional[Card]:
    """The first card that appears more often than the deck holds it, else ``None``.

    ``copies`` maps a physical identity to how many the deck has (default one of each).

    >>> find_duplicate(parse_cards(["5H", "5D", "5H"]))
    Card(rank=5, suit='H')
    """
    seen: dict[tuple, int] = {}
    for card in cards:
        key = physical_identity(card)
        seen[key] = seen.get(key, 0) + 1
        if seen[key] > (copies or {}).get(key, 1):
            return card
    return None


def duplicate_message(card: Card, copies: dict | None = None) -> str:
    """Why ``card``, found by :func:`find_duplicate` with the same ``copies``, is one too many.

    >>> duplicate_message(parse_card("5H"))
    "'5H' appears twice; a single deck has one five of hearts"
    """
    allowed = (copies or {}).get(physical_identity(card), 1)
    if allowed > 1:
        return f"{card.code!r}: more than the {allowed} the deck holds"
    return f"{card.code!r} appears twice; a single deck has one {card.name}"
