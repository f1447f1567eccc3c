"""The audit of the play: what each player pegged against what each play was worth (ACC rules 8, 10).

Each play's claim goes through :func:`service.rules.claims.compare_claim`; a play without a claim
is a claim of 0. The go or last-card point belongs to the card that earned it, so it is claimed on
that card, not on the other player's "go"::

    >>> from service.rules.cards import parse_card
    >>> from service.rules.play import score_play
    >>> result = score_play(2, [(0, parse_card("KH")), (1, parse_card("5C"))])
    >>> audit = audit_play(result, [0, 1])
    >>> audit.plays[1]["verdict"], audit.plays[1]["missed"], audit.players[1]["muggins_eligible"]
    ('under', 1, 1)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Sequence

from .claims import compare_claim
from .play import PlayResult

TALLIES = ("canonical", "claimed", "missed", "overclaimed", "muggins_eligible")


@dataclass(slots=True)
class PlayAudit:
    """``plays``: one :func:`compare_claim` verdict per play; ``players``: the tallies per player;
    ``sides``: the same per side (partners together, see :attr:`PlayResult.side_of_player`), else
    ``None``."""

    result: PlayResult
    plays: list[dict]
    players: list[dict]
    sides: Optional[list[dict]]


def audit_play(result: PlayResult, claims: Sequence[Optional[int]]) -> PlayAudit:
    """Compare ``claims`` (aligned with ``result.plays``; ``None`` = nothing claimed) with the
    canonical points. Missed points are Muggins-eligible when the profile plays Muggins."""
    muggins = result.profile.muggins == "on"
    verdicts = [compare_claim(play.points, claim or 0, muggins)
                for play, claim in zip(result.plays, claims)]
    players = [_tally({"player": p}, [v for v, play in zip(verdicts, result.plays) if play.player == p])
               for p in range(result.players)]
    side = result.side_of_player
    sides = None if side is None else [
        _tally({"side": s, "players": [p for p in range(result.players) if side[p] == s]},
               [v for v, play in zip(verdicts, result.plays) if side[play.player] == s])
        for s in range(max(side) + 1)]
    return PlayAudit(result, verdicts, players, sides)


def _tally(head: dict, verdicts: list[dict]) -> dict:
    return {**head, **{key: sum(v[key] for v in verdicts) for key in TALLIES}}
