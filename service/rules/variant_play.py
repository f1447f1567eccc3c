"""Which play hooks a profile plays with: the standard game, plus Mastermind cards (deck
``mastermind`` or ``jokers``) and WILD draws (``wild_draw`` on), in that order.

    >>> from service.rules.profiles import get_profile
    >>> hooks_for(get_profile("standard")) is STANDARD_HOOKS
    True
    >>> hooks_for(get_profile("mastermind")).max_value, len(hooks_for(get_profile("wild")).after_card)
    (11, 1)
"""

from __future__ import annotations

from typing import Sequence

from . import mastermind, wild_cribbage
from .play import STANDARD_HOOKS, PlayHooks


def hooks_for(profile, scores: Sequence[int] | None = None, players: int | None = None) -> PlayHooks:
    """Fresh hooks for one play under ``profile`` (``scores``: each side's pegs before it, for the
    WILD ``peg`` trigger; ``players``: at the table, default the profile's)."""
    hooks = STANDARD_HOOKS
    if profile.deck != "standard":
        hooks = mastermind.hooks(hooks)
    return wild_cribbage.draw_hooks(profile, hooks, scores, players)
