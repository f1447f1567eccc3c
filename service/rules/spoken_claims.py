"""The spoken count: "fifteen 2, fifteen 4, a pair is 6, a run is 9" as claimed items.

At the table a player counts aloud, naming each combination and the running total. This module
turns such a call into :class:`ClaimedItem` s (kind and points, no cards), so the audit can say which
kinds were short or over::

    >>> call = parse_spoken_claim("fifteen 2, fifteen 4, pair 6, run 9, nobs 10")
    >>> [(i.kind, i.points) for i in call.items]
    [('fifteen', 2), ('fifteen', 2), ('pair', 2), ('run', 3), ('nobs', 1)]
    >>> call.called_total
    10

Compound calls stand for their parts: a double run of three is two runs of 3 and a pair (8), a
triple run three runs and a pair royal (15), a quadruple run four runs and two pairs (16), a pair
royal (three of a kind) three pairs (6), a double pair royal (four of a kind) six pairs (12)::

    >>> [(i.kind, i.points) for i in parse_spoken_claim("fifteen 2, double run 10").items]
    [('fifteen', 2), ('run', 3), ('run', 3), ('pair', 2)]

A phrase's number is the running total after it; without a number the phrase adds its usual
points. "19" (or "nineteen", "nothing") is the table's word for a hand that scores nothing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Optional

from .cards import Card

# Points of one item of a kind when nothing says otherwise (a run of 3, a four-card flush).
UNIT_POINTS = {"fifteen": 2, "pair": 2, "run": 3, "flush": 4, "nobs": 1}


@dataclass(frozen=True, slots=True)
class ClaimedItem:
    """One combination a player claims: ``kind``, optionally the ``cards`` and the ``points``."""

    kind: str
    cards: Optional[tuple[Card, ...]] = None
    points: Optional[int] = None

    @property
    def claimed_points(self) -> int:
        """The points this item adds to the claim (its stated points, else the usual ones).

        >>> from service.rules.cards import parse_cards
        >>> ClaimedItem("run", tuple(parse_cards(["3H", "4D", "5S", "6C"]))).claimed_points
        4
        """
        if self.points is not None:
            return self.points
        if self.kind in ("run", "flush") and self.cards:
            return len(self.cards)
        return UNIT_POINTS[self.kind]


class SpokenClaimError(ValueError):
    """A phrase of the call that is not a scoring combination (``phrase`` names it)."""

    def __init__(self, phrase: str, reason: str):
        super().__init__(f"{phrase!r}: {reason}")
        self.phrase = phrase
        self.reason = reason


@dataclass(slots=True)
class SpokenClaim:
    """The parsed call: its items, the last running total spoken, and notes on phrases whose
    number does not fit what they name."""

    items: list[ClaimedItem] = field(default_factory=list)
    called_total: int = 0
    notes: list[str] = field(default_factory=list)


# --- numbers ------------------------------------------------------------------------------------

_UNITS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
          "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen",
          "nineteen"]
NUMBER_WORDS = {word: n for n, word in enumerate(_UNITS)}
NUMBER_WORDS.update({"twenty": 20, "thirty": 30})
NUMBER_WORDS.update({f"twenty {word}": 20 + n for n, word in enumerate(_UNITS[1:10], start=1)})


def _number(text: str) -> Optional[int]:
    text = text.strip()
    if text.isdecimal():   # not isdigit: "²" is a digit that int() refuses
        return int(text)
    return NUMBER_WORDS.get(text)


# --- phrases ------------------------------------------------------------------------------------
# Each phrase either has a fixed make-up (kind, how many, points each) or is "flexible": how many
# items it stands for follows from the points it adds (fifteen 8 after nothing = four fifteens).

_THREE = r"(?:three|3)"
_FOUR = r"(?:four|4)"
FIXED_PHRASES: list[tuple[str, list[tuple[str, int, int]]]] = [
    (rf"(?:quadruple|double double) run(?: of {_THREE})?", [("run", 4, 3), ("pair", 2, 2)]),
    (rf"triple run(?: of {_THREE})?", [("run", 3, 3), ("pair", 3, 2)]),
    (rf"double run of {_FOUR}", [("run", 2, 4), ("pair", 1, 2)]),
    (rf"double run(?: of {_THREE})?", [("run", 2, 3), ("pair", 1, 2)]),
    (r"double pair royal|four of a kind", [("pair", 6, 2)]),
    (r"pair royal|three of a kind|trips", [("pair", 3, 2)]),
    (r"two pairs?", [("pair", 2, 2)]),
    (rf"run of {_THREE}", [("run", 1, 3)]),
    (rf"run of {_FOUR}", [("run", 1, 4)]),
    (r"run of (?:five|5)", [("run", 1, 5)]),
]
FLEXIBLE_PHRASES: list[tuple[str, str]] = [
    (r"fifteens?|15", "fifteen"),
    (r"pairs?", "pair"),
    (r"runs?", "run"),
    (r"(?:(?:four|4|five|5) card )?flush", "flush"),
    (r"(?:one for )?(?:his )?(?:nobs?|nibs|knobs?)", "nobs"),
]
# Possible run totals in a five-card show and the runs that make them.
RUN_SPLITS = {3: [3], 4: [4], 5: [5], 6: [3, 3], 8: [4, 4], 9: [3, 3, 3], 12: [3, 3, 3, 3]}

_LEAD = r"^(?:(?:and|plus|a|an|the|then|another|with)\s+)*"
_LINK = r"^(?:(?:is|makes|for|equals|gives|thats|that s|=)\s+)*"
_SEPARATORS = re.compile(r"\s*(?:[,;\n]|\band\b)\s*")
_KIND_START = (r"(?:a |an |and )?(?:fifteen|15|pair|run|double|triple|quadruple|flush|one for|his|nob|knob"
               r"|nibs|three of|four of|two pair|trips)\b")
_ZERO_CALLS = {"", "19", "nineteen", "nothing", "zero", "0", "none", "no points"}


def _normalize(text: str) -> str:
    text = text.lower().replace("'", "").replace("’", "")
    text = re.sub(r"[-_:.!]", " ", text)
    # "fifteen 2 fifteen 4" without commas: a number followed by a new combination ends a phrase
    numbers = "|".join(sorted(NUMBER_WORDS, key=len, reverse=True))
    text = re.sub(rf"\b(\d+|{numbers})\s+(?={_KIND_START})", r"\1, ", text)
    return re.sub(r"[ \t]+", " ", text).strip()


def _phrases(text: str) -> list[str]:
    phrases = []
    for part in _SEPARATORS.split(text):
        part = re.sub(_LEAD, "", part.strip())
        if part:
            phrases.append(part)
    return phrases


def _match_kind(phrase: str):
    """(make-up or flexible kind, rest of the phrase) for the longest phrase pattern that fits."""
    if re.search(r"\bheels?\b", phrase):
        raise SpokenClaimError(phrase, "his heels (2 for a jack turned as the starter) is the "
                                       "dealer's at the cut, never part of a hand or crib")
    for pattern, makeup in FIXED_PHRASES:
        match = re.match(rf"(?:{pattern})(?=\s|$)", phrase)
        if match:
            return makeup, phrase[match.end():]
    for pattern, kind in FLEXIBLE_PHRASES:
        match = re.match(rf"(?:{pattern})(?=\s|$)", phrase)
        if match:
            return kind, phrase[match.end():]
    raise SpokenClaimError(phrase, "not a scoring combination (say fifteen, pair, pair royal, "
                                   "double pair royal, run, double run, triple run, quadruple run, "
                                   "flush or nobs, then the running total)")


def _flexible_items(kind: str, added: int) -> list[ClaimedItem]:
    if kind == "run":
        return [ClaimedItem("run", points=length) for length in RUN_SPLITS.get(added, [])]
    if kind == "flush":
        return [ClaimedItem("flush", points=added)] if added in (4, 5) else []
    unit = UNIT_POINTS[kind]
    if added % unit:
        return []
    return [ClaimedItem(kind, points=unit) for _ in range(added // unit)]


def parse_spoken_claim(text: str) -> SpokenClaim:
    """Parse a spoken count into claimed items (see the module docstring).

    >>> parse_spoken_claim("19").items
    []
    >>> [(i.kind, i.points) for i in parse_spoken_claim("fifteen two, a pair is four, flush 9").items]
    [('fifteen', 2), ('pair', 2), ('flush', 5)]
    """
    if not isinstance(text, str):
        raise SpokenClaimError(str(text), "the spoken count is a string")
    normalized = _normalize(text)
    claim = SpokenClaim()
    if normalized in _ZERO_CALLS:
        return claim
    for phrase in _phrases(normalized):
        makeup, rest = _match_kind(phrase)
        rest = re.sub(_LINK, "", rest.strip())
        spoken = _number(rest) if rest else None
        if rest and spoken is None:
            raise SpokenClaimError(phrase, f"{rest!r} is not a running total")
        if isinstance(makeup, list):
            items = [ClaimedItem(kind, points=points)
                     for kind, count, points in makeup for _ in range(count)]
            usual = sum(item.points for item in items)
        else:
            usual = UNIT_POINTS[makeup]
            items = None
        added = usual if spoken is None else spoken - claim.called_total
        if added <= 0:
            raise SpokenClaimError(phrase, f"the running total {spoken} does not go up from "
                                           f"{claim.called_total}")
        if items is None:
            items = _flexible_items(makeup, added) or [ClaimedItem(makeup, points=usual)]
        if sum(item.points for item in items) != added:
            claim.notes.append(f"{phrase!r} adds {added}, but what it names is worth "
                               f"{sum(item.points for item in items)}")
        claim.items.extend(items)
        claim.called_total += added
    return claim
