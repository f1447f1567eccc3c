"""WILD Cribbage (seed 001, RULINGS.md): when a WILD card is drawn, and what the drawn cards do.

**When**: with ``wild_draw`` ``count``, the player whose card brings the play count to a multiple of
five (5, 10 ... 30) draws, after that card's normal score; with ``peg``, a player whose peg lands on a
multiple of five draws. The play engine marks each such card with an event
``{"kind": "wild_draw", ...}`` through :func:`draw_hooks`.

**What**: the drawn cards are data (:mod:`service.rules.wild_cards`); :class:`WildBoard` applies them
to the scores: points taken or lost, the Stink Hole, doubled runs or crib, a go for everyone else, the
WILD crib (counted before the natural crib)::

    >>> from service.rules.profiles import get_profile
    >>> board = WildBoard(get_profile("wild"), scores=[40, 52])
    >>> _ = board.draw(0, {"name": "Stink Hole", "effect": "stink_hole", "points": 0})
    >>> board.peg(0, 2, "thirty_one")["pegged"], board.peg(0, 1, "go")["pegged"], board.scores
    (0, 1, [41, 52])

**Stink Hole** (Ruling, after the seed): the drawer's score freezes; every score is ignored (a 31's
2, a hand, the crib, a WILD card's points unless ``stink_moves`` is ``obeyed``) until one single
point (a go, last card, his nobs, a WILD go) frees them: that point is pegged. A card ``free`` frees
without points. With ``stink_partners`` ``team`` the whole side freezes, and a single point by either
partner frees it.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Optional, Sequence

from .cards import Card
from .game import game_over, side_of
from .play import STANDARD_HOOKS, PlayHooks, PlayRecord, Series
from .declarations import best_declaration
from .show import ShowScore

FREEING_KINDS = frozenset({"go", "last_card", "nobs", "wild_go"})
"""Scores of one single point that free a player from the Stink Hole."""


def count_trigger(series: Series, record: PlayRecord) -> None:
    """``wild_draw`` ``count``: the card that brings the count to 5, 10 ... 30 draws a WILD card."""
    if 5 <= series.count <= 30 and series.count % 5 == 0:
        record.events.append({"kind": "wild_draw", "trigger": "count", "player": record.player,
                              "count": series.count})


def peg_trigger(profile, players: int | None = None, scores: Sequence[int] | None = None):
    """``wild_draw`` ``peg``: a callback that follows each side's peg (from ``scores``, default 0)
    through the play's points and marks a draw when one lands on a multiple of five. It runs after
    each card (``after_card``) and after each go or last-card point (``after_point``), the play's
    final last-card point included; a record's points are followed once."""
    sides = side_of(profile, players)
    pegs = list(scores or [0] * (max(sides) + 1))
    seen: dict[int, int] = {}  # record index -> points already followed

    def follow(record: PlayRecord) -> None:
        new = record.points - seen.get(record.index, 0)
        if new <= 0:
            return
        seen[record.index] = record.points
        side = sides[record.player]
        pegs[side] += new
        if pegs[side] % 5 == 0:
            record.events.append({"kind": "wild_draw", "trigger": "peg", "player": record.player,
                                  "peg": pegs[side]})

    return follow


BOARD_NOTE = ("WILD Cribbage: `totals` are the points the cards score. The play marks each WILD draw "
              "(`events`) but does not know which card was drawn, so what the drawn cards do to the "
              "pegs (the Stink Hole, take and back, doubles, the game's end) is applied by POST "
              "/v1/wild/board, which replays these points with the cards drawn and the scores before "
              "the deal.")


def play_notes(profile) -> list[str]:
    """What a /v1/play response under ``profile`` leaves to the WILD board (empty outside WILD).

    >>> from service.rules.profiles import get_profile
    >>> play_notes(get_profile("standard")), len(play_notes(get_profile("wild")))
    ([], 1)
    """
    return [BOARD_NOTE] if profile.wild_draw != "off" else []


def draw_hooks(profile, base: PlayHooks = STANDARD_HOOKS, scores: Sequence[int] | None = None,
               players: int | None = None) -> PlayHooks:
    """The play hooks that mark WILD draws under ``profile`` (unchanged when ``wild_draw`` is off)."""
    if profile.wild_draw == "count":
        return dataclasses.replace(base, after_card=base.after_card + (count_trigger,))
    if profile.wild_draw == "peg":
        follow = peg_trigger(profile, players, scores)
        return dataclasses.replace(base, after_card=base.after_card + (lambda series, record: follow(record),),
                                   after_point=base.after_point + (follow,))
    return base


@dataclass
class WildBoard:
    """The pegs of one game under WILD rules: scores per side (see :mod:`service.rules.game`: the
    captain against the partners in captain's cribbage), who is in the Stink Hole, the doubles in
    force for the deal, and whether the game is over. Every call returns what happened, for the
    referee to read. The game ends the instant a side reaches its target; nothing after that is
    scored (``over`` says who, and whether that side wins or, under ``goal`` ``lose``, loses)."""

    profile: object
    scores: list[int] = field(default_factory=list)
    captain: int = 0  # captain's cribbage: the captain's player number
    frozen: set[int] = field(default_factory=set)  # players in the Stink Hole
    double_runs: set[int] = field(default_factory=set)  # players whose runs count double this deal
    double_crib: bool = False
    over: Optional[dict] = None

    def __post_init__(self):
        self.side_of = side_of(self.profile, captain=self.captain)
        if not self.scores:
            self.scores = [0] * self.sides
        self.over = game_over(self.scores, self.profile)

    @property
    def sides(self) -> int:
        return max(self.side_of) + 1

    def side(self, player: int) -> int:
        return self.side_of[player]

    def partners_of(self, player: int) -> list[int]:
        return [p for p in range(self.profile.players) if self.side(p) == self.side(player)]

    def is_frozen(self, player: int) -> bool:
        return player in self.frozen

    def _game_is_over(self, entry: dict) -> bool:
        """Mark ``entry`` ignored when the game is already over."""
        if self.over is None:
            return False
        entry["ignored"] = f"the game is over: side {self.over['side']} reached {self.over['target']}"
        return True

    def _move(self, player: int, points: int, entry: dict) -> None:
        """Move the peg of ``player``'s side (never below 0); the move that reaches a target ends
        the game (``game_over`` on the entry)."""
        side = self.side(player)
        before = self.scores[side]
        self.scores[side] = max(0, before + points)
        entry["pegged"] = self.scores[side] - before
        self.over = game_over(self.scores, self.profile)
        if self.over is not None:
            entry["game_over"] = self.over

    def peg(self, player: int, points: int, kind: str) -> dict:
        """``player`` scores ``points`` of ``kind`` (``go``, ``thirty_one``, ``hand``, ``crib``,
        ``wild_card`` ...). In the Stink Hole only a single freeing point counts (and frees)."""
        entry = {"player": player, "kind": kind, "points": points, "pegged": 0}
        if self._game_is_over(entry):
            return entry
        if self.is_frozen(player):
            if points == 1 and kind in FREEING_KINDS:
                self._free(player)
                entry["freed"] = True
            else:
                entry["ignored"] = "in the Stink Hole: only one single point counts"
                return entry
        self._move(player, points, entry)
        return entry

    def _free(self, player: int) -> None:
        team = self.profile.stink_partners == "team"
        for p in (self.partners_of(player) if team else [player]):
            self.frozen.discard(p)

    def draw(self, player: int, card: dict) -> dict:
        """Apply a drawn WILD card (``{"name", "effect", "points"}``) for ``player``."""
        effect, points = card["effect"], card.get("points", 0)
        entry = {"player": player, "card": card["name"], "effect": effect}
        if self._game_is_over(entry):
            return entry
        frozen_moves = self.is_frozen(player) and self.profile.stink_moves == "frozen"
        if effect in ("take", "back"):
            if frozen_moves:
                entry["ignored"] = "in the Stink Hole: the card does not move the peg"
            else:
                self._move(player, points if effect == "take" else -points, entry)
        elif effect == "go":
            entry.update(self.peg(player, 1, "wild_go"))
        elif effect == "others_go":
            entry["others"] = [self.peg(p, 1, "wild_go") for p in range(self.profile.players) if p != player]
        elif effect == "stink_hole":
            team = self.profile.stink_partners == "team"
            self.frozen.update(self.partners_of(player) if team else [player])
            entry["frozen"] = sorted(self.frozen)
        elif effect == "free":
            self._free(player)
            entry["freed"] = True
        elif effect == "double_run":
            self.double_runs.add(player)
        elif effect == "double_crib":
            self.double_crib = True
        elif effect == "wild_crib":
            entry["wild_crib"] = "the dealer counts four cards from the bottom of the stock with the starter"
        return entry

    def show(self, player: int, hand: Sequence[Card], starter: Card, crib: bool = False,
             kind: Optional[str] = None) -> dict:
        """Count a hand or crib for ``player`` with the doubles in force, then peg it (a hand's
        single nobs point frees a player in the Stink Hole, and is then the only point pegged)."""
        score = best_declaration(hand, starter, crib, self.profile).score  # undeclared wilds: their best
        total = _doubled_total(score, player in self.double_runs, crib and self.double_crib)
        kind = kind or ("crib" if crib else "hand")
        if self.is_frozen(player) and any(item.kind == "nobs" for item in score.items):
            entry = self.peg(player, 1, "nobs")
            entry.update(kind=kind, total=total)
            return entry
        entry = self.peg(player, total, kind)
        entry["total"] = total
        return entry


def _doubled_total(score: ShowScore, runs_double: bool, crib_double: bool) -> int:
    total = score.total + (score.by_kind["run"] if runs_double else 0)
    return total * 2 if crib_double else total


def count_cribs(board: WildBoard, dealer: int, starter: Card, crib: Sequence[Card],
                wild_crib: Sequence[Card] | None = None) -> list[dict]:
    """The dealer's cribs in order: the WILD crib (four cards from the bottom of the stock, with the
    starter) before the natural crib."""
    entries = []
    if wild_crib:
        entries.append(board.show(dealer, wild_crib, starter, crib=True, kind="wild_crib"))
    entries.append(board.show(dealer, crib, starter, crib=True))
    return entries
