"""Mastermind Ultimate Cribbage in the play (seed 000, RULINGS.md), as :class:`PlayHooks`.

- **Zero**: adds 0 to the count. Laid right after the card that made 15, the count is still 15, so it
  scores the fifteen again: 2 more. Laid right after a 31 (the next player, before the count resets:
  here, as the first card of the next series), it scores 2 more for that 31. Runs 0-A-2 count.
- **Super Ace**: declared ``A*=1`` (low ace, value 1) or ``A*=11`` (high ace above the king, value 11);
  undeclared it is the low ace. It pairs every ace either way.
- **Wild, Super Wild, Master, Joker**: laid with their play declaration (``W=7H``, ``SW=7H/5D``) and
  count as that card.
- **Master**: may be laid after its holder called go.
- **Must play the Zero**: a player who holds the Zero when it would make a run (0-A-2 ...) and lays
  another card is flagged ``zero_withheld``, as a renege is (hands given).

    >>> from service.rules.cards import parse_cards
    >>> from service.rules.play import score_play
    >>> from service.rules.profiles import get_profile
    >>> plays = list(zip([0, 1, 0], parse_cards(["KH", "5C", "ZERO"])))
    >>> [i.reason for p in score_play(2, plays, profile=get_profile("mastermind")).plays for i in p.items]
    ['fifteen for 2', 'Zero after the fifteen: 2 more']
"""

from __future__ import annotations

import dataclasses

from typing import Optional, Sequence

from .cards import Card
from .play import STANDARD_HOOKS, Flag, PlayHooks, PlayItem, PlayRecord, Series, runs
from .special_cards import (MASTER, SUPER_ACE, WILD_KINDS, ZERO, is_undeclared_wild, play_rank,
                            play_value)

ZERO_BONUS = 2


def value(card: Card) -> int:
    """Value in the count; an undeclared wild card in a hand could still be declared an ace."""
    if is_undeclared_wild(card) and card.play_as is None:
        return 1
    return play_value(card)


def run_rank(card: Card) -> int:
    """Rank in a run: the Zero 0, the high Super Ace 14, a wild card its play declaration."""
    if is_undeclared_wild(card) and card.play_as is None:
        return 0
    return play_rank(card)


def pair_key(card: Card):
    """The Super Ace pairs every ace, low or high; a wild card pairs as its play declaration."""
    if card.special == SUPER_ACE:
        return 1
    if card.special in WILD_KINDS:
        return ("undeclared", card.special) if is_undeclared_wild(card) and card.play_as is None \
            else play_rank(card)
    return card.rank


def may_play_after_go(card: Card) -> bool:
    """Only the Master may be laid after its holder called go."""
    return card.special == MASTER


def zero_bonus():
    """An ``after_card`` callback (with its own memory of the last card laid) for the Zero."""
    last: dict = {}

    def after_card(series: Series, record: PlayRecord) -> None:
        previous = last.get("record")
        last["record"] = record
        if record.card is None or record.card.special != ZERO or previous is None:
            return
        follows = previous.index == record.index - 1
        if follows and previous.count == 31 and len(series.cards) == 1:
            record.items.append(PlayItem("thirty_one", ZERO_BONUS, (previous.card, record.card),
                                         f"Zero after the 31: {ZERO_BONUS} more"))
        elif follows and series.count == 15 and len(series.cards) >= 2:
            # the fifteen rule already scored the count standing at 15: name it as the Zero's bonus
            for position, item in enumerate(record.items):
                if item.kind == "fifteen":
                    record.items[position] = dataclasses.replace(
                        item, reason=f"Zero after the fifteen: {ZERO_BONUS} more")
    return after_card


def must_play_zero(series: Series, hand: Sequence[Card], card: Card, hooks: PlayHooks) -> Optional[Flag]:
    """Seed 000: "You must play the Zero-Card if you can played in a run or double run with zero,
    ace, and two". Laying another card while the Zero in hand would make a run is flagged.

    >>> from service.rules.cards import parse_cards
    >>> play_hooks = hooks()
    >>> must_play_zero(Series.of("2H AS", play_hooks), parse_cards(["ZERO", "9C"]), parse_cards(["9C"])[0],
    ...                play_hooks).code
    'zero_withheld'
    """
    zero = next((held for held in hand if held.special == ZERO), None)
    if zero is None or card.special == ZERO:
        return None
    made = runs(series.with_card(zero, hooks))
    if not made:
        return None
    run = made[0]
    return Flag("zero_withheld", f"laid {card.code} holding the Zero, which would make a run of "
                                 f"{run.points} ({' '.join(c.code for c in run.cards)}): the Zero must "
                                 "be played")


def hooks(base: PlayHooks = STANDARD_HOOKS) -> PlayHooks:
    """The play hooks of a deck with Mastermind cards (or jokers), on top of ``base``."""
    return dataclasses.replace(base, value=value, run_rank=run_rank, pair_key=pair_key,
                               may_play_after_go=may_play_after_go, max_value=11,
                               after_card=base.after_card + (zero_bonus(),),
                               obligations=base.obligations + (must_play_zero,))

