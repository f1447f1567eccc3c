"""The game's score: who pegs together (sides) and when the game is over (target, goal, captain).

Sides (**Ruling**, RULINGS.md "Players"): each player is a side of his own, except with
``partners`` ``on``: four players are two partnerships (0 and 2 against 1 and 3), and three players
(captain's cribbage) are the captain alone (side 0) against the two others scoring together
(side 1)::

    >>> from service.rules.profiles import get_profile
    >>> side_of(get_profile("four-player")), side_of(get_profile("captains"), captain=1)
    ((0, 1, 0, 1), (1, 0, 1))
    >>> targets(get_profile("captains")), targets(get_profile("standard"))
    ([61, 121], [121, 121])

The game ends the instant a side reaches its target; nothing after that is scored (RULINGS.md
"Order of scoring"). With ``goal`` ``win`` that side wins; with ``lose`` (lowball) it loses::

    >>> game_over([120, 121], get_profile("lowball"))
    {'side': 1, 'score': 121, 'target': 121, 'result': 'loses'}
    >>> game_over([60, 100], get_profile("captains")) is None
    True
"""

from __future__ import annotations

from typing import Optional, Sequence


def side_of(profile, players: int | None = None, captain: int = 0) -> tuple[int, ...]:
    """The side of each player, by player number (``players``: default the profile's)."""
    players = players or profile.players
    if profile.partners == "on" and players == 4:
        return tuple(player % 2 for player in range(players))
    if profile.partners == "on" and players == 3:
        return tuple(0 if player == captain else 1 for player in range(players))
    return tuple(range(players))


def side_count(profile, players: int | None = None) -> int:
    """How many sides keep a score."""
    return max(side_of(profile, players)) + 1


def targets(profile, players: int | None = None) -> list[int]:
    """Each side's target: ``target``, except the captain's side (side 0 of captain's cribbage),
    which needs ``captain_target`` when that is set."""
    count = side_count(profile, players)
    captains = profile.partners == "on" and (players or profile.players) == 3
    if captains and profile.captain_target:
        return [profile.captain_target] + [profile.target] * (count - 1)
    return [profile.target] * count


def game_over(scores: Sequence[int], profile, players: int | None = None) -> Optional[dict]:
    """The first side at or past its target (``side``, ``score``, ``target`` and ``result``:
    ``wins``, or ``loses`` under ``goal`` ``lose``), or None while the game goes on. Scores are
    pegged one at a time, so at most one side can have just reached its target."""
    for side, (score, target) in enumerate(zip(scores, targets(profile, players))):
        if score >= target:
            return {"side": side, "score": score, "target": target,
                    "result": "loses" if profile.goal == "lose" else "wins"}
    return None
