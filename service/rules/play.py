"""The play (pegging): the points of every card laid and every "go" called, series by series.

The rules (docs/rules.md, "The play"; RULINGS.md "The play") are small functions over the current
series, each returning the :class:`PlayItem` s it finds::

    >>> from service.rules.cards import parse_card
    >>> result = score_play(2, [(0, parse_card("5H")), (1, parse_card("10C")), (0, parse_card("KD"))])
    >>> [(p.count, p.points) for p in result.plays]
    [(5, 0), (15, 2), (25, 0)]
    >>> result.plays[1].items[0].reason
    'fifteen for 2'

:class:`Pegging` follows the table one play at a time: whose turn it is, when a series ends (31,
or nobody can play), who pegs the go, who leads next. It flags illegal plays instead of refusing
them; only input that cannot describe a deal (a card twice, a player who does not exist, more cards
than a hand holds) raises :class:`PlayInputError`.

Extension points for the variants (:class:`PlayHooks`): the value of a card in the count, its rank
in a run, what it pairs with, the list of scoring rules, whether it may be laid after its holder
called go, and ``after_card`` callbacks that may add items or ``events`` to a play (a WILD draw, a
Zero's bonus).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Iterable, Mapping, Optional, Sequence

from .cards import Card, duplicate_message, find_duplicate, parse_cards
from .game import side_of
from .profiles import Profile, get_profile
from .special_cards import deck_copies, same_card

THIRTY_ONE = 31
KINDS = ("fifteen", "thirty_one", "pair", "run", "go", "last_card")
PAIR_NAMES = {2: "pair", 3: "pair royal", 4: "double pair royal"}
PLAYERS = (2, 3, 4)


class PlayInputError(ValueError):
    """Plays that cannot describe a deal. ``path`` locates the culprit, e.g. ``("plays", 3, "card")``."""

    def __init__(self, path: tuple, message: str):
        super().__init__(message)
        self.path = path
        self.message = message


@dataclass(frozen=True, slots=True)
class PlayItem:
    """One score of the play: ``kind`` (see :data:`KINDS`), ``points``, the ``cards`` that make
    it and the ``reason`` a referee reads aloud (``"run of 4 for 4"``)."""

    kind: str
    points: int
    cards: tuple[Card, ...]
    reason: str

    @property
    def codes(self) -> list[str]:
        return [card.code for card in self.cards]


@dataclass(frozen=True, slots=True)
class Flag:
    """An illegal play: ``code`` (``card_not_held``, ``over_31``, ``renege``, ``played_after_go``,
    ``out_of_turn``, ``play_over``; a variant's obligations add theirs, ``zero_withheld``) and a
    sentence saying why."""

    code: str
    message: str


@dataclass(slots=True)
class PlayRecord:
    """One entry of the plays, scored: a card laid or a go called."""

    index: int
    player: int
    card: Optional[Card]
    go: bool
    count: int = 0
    series: int = 1
    items: list[PlayItem] = field(default_factory=list)
    flags: list[Flag] = field(default_factory=list)
    events: list[dict] = field(default_factory=list)  # for the variants: {"kind": "wild_draw", ...}

    @property
    def points(self) -> int:
        return sum(item.points for item in self.items)

    def flag(self, code: str, message: str) -> None:
        self.flags.append(Flag(code, message))


@dataclass(slots=True)
class Series:
    """The cards laid since the last reset, with what the hooks made of them."""

    number: int = 1
    cards: list[Card] = field(default_factory=list)
    values: list[int] = field(default_factory=list)
    run_ranks: list[int] = field(default_factory=list)
    pair_keys: list = field(default_factory=list)
    records: list[PlayRecord] = field(default_factory=list)  # the records of the cards laid
    gone: set[int] = field(default_factory=set)  # players who called go in this series
    declined: set[int] = field(default_factory=set)  # called go twice: will not lay a Master now
    goes_in_a_row: int = 0
    last_player: Optional[int] = None

    @property
    def count(self) -> int:
        return sum(self.values)

    def add(self, card: Card, hooks: "PlayHooks", record: PlayRecord | None = None) -> None:
        """Lay ``card`` on the series, as the hooks value and rank it."""
        self.cards.append(card)
        self.values.append(hooks.value(card))
        self.run_ranks.append(hooks.run_rank(card))
        self.pair_keys.append(hooks.pair_key(card))
        if record is not None:
            self.records.append(record)
            self.last_player = record.player
        self.goes_in_a_row = 0

    def with_card(self, card: Card, hooks: "PlayHooks") -> "Series":
        """A copy of the series with ``card`` laid on it (to ask what a card would score)."""
        trial = Series(self.number, list(self.cards), list(self.values), list(self.run_ranks),
                       list(self.pair_keys))
        trial.add(card, hooks)
        return trial

    @classmethod
    def of(cls, tokens: str, hooks: "PlayHooks | None" = None) -> "Series":
        """A series from card tokens, for examples: ``Series.of("KH 5C").count == 15``."""
        series = cls()
        for card in parse_cards(tokens.split()):
            series.add(card, hooks or STANDARD_HOOKS)
        return series


# --- the rules ---------------------------------------------------------------------------------

def fifteen(series: Series) -> list[PlayItem]:
    """A card that brings the count to exactly 15 scores 2.

    >>> [i.reason for i in fifteen(Series.of("KH 5C"))]
    ['fifteen for 2']
    """
    if series.count != 15:
        return []
    return [PlayItem("fifteen", 2, tuple(series.cards), "fifteen for 2")]


def thirty_one(series: Series) -> list[PlayItem]:
    """A card that brings the count to exactly 31 scores 2; that includes the go (never 2 + 1).

    >>> [i.reason for i in thirty_one(Series.of("KH QC 5D 6S"))]
    ['31 for 2']
    """
    if series.count != THIRTY_ONE:
        return []
    return [PlayItem("thirty_one", 2, tuple(series.cards), "31 for 2")]


def pairs(series: Series) -> list[PlayItem]:
    """The last card and the cards of its rank laid just before it, with nothing between: two
    score 2 (pair), three 6 (pair royal), four 12 (double pair royal): 2 for every pair among them.

    >>> [i.reason for i in pairs(Series.of("7H 7C 7D"))]
    ['pair royal for 6']
    >>> pairs(Series.of("7H 8C 7D"))
    []
    """
    keys = series.pair_keys
    same = 1
    while same < len(keys) and keys[-1 - same] == keys[-1]:
        same += 1
    if same < 2:
        return []
    points = same * (same - 1)
    name = PAIR_NAMES.get(same, f"{same} of a kind")
    return [PlayItem("pair", points, tuple(series.cards[-same:]), f"{name} for {points}")]


def runs(series: Series) -> list[PlayItem]:
    """The longest k >= 3 such that the last k cards of the series are k distinct consecutive
    ranks, in any order, scores k. A repeated rank among them breaks the run.

    >>> [i.reason for i in runs(Series.of("3H 5C 4D 6S"))]
    ['run of 4 for 4']
    >>> runs(Series.of("3H 4C 4D 5S"))
    []
    """
    ranks = series.run_ranks
    for size in range(len(ranks), 2, -1):
        tail = ranks[-size:]
        if len(set(tail)) == size and max(tail) - min(tail) == size - 1:
            return [PlayItem("run", size, tuple(series.cards[-size:]), f"run of {size} for {size}")]
    return []


STANDARD_RULES = (fifteen, thirty_one, pairs, runs)


# --- hooks -------------------------------------------------------------------------------------

def play_value(card: Card) -> int:
    """What a card adds to the count (a declared wild counts as what it is declared)."""
    return (card.play_as or card).value


def play_rank(card: Card) -> int:
    """A card's rank in a run of the play."""
    return (card.play_as or card).rank


def pair_key(card: Card):
    """Cards with equal keys pair."""
    return (card.play_as or card).rank


@dataclass(frozen=True, slots=True)
class PlayHooks:
    """Everything a variant may change about the play, with the standard behaviour as default.

    ``after_card(series, record)`` callbacks run after the rules scored a card; they may append
    items (a Zero's +2) or events (a WILD draw) to ``record``. ``after_point(record)`` callbacks
    run when a series closes and its go or last-card point lands on ``record`` (the play's final
    point included). ``obligations(series, hand, card, hooks)`` run, when the player's hand is
    known, before ``card`` is laid from ``hand``; each returns a :class:`Flag` when the player had
    to lay another card (the Mastermind Zero that makes a run).
    """

    value: Callable[[Card], int] = play_value
    run_rank: Callable[[Card], int] = play_rank
    pair_key: Callable[[Card], object] = pair_key
    rules: tuple[Callable[[Series], list[PlayItem]], ...] = STANDARD_RULES
    after_card: tuple[Callable[[Series, PlayRecord], None], ...] = ()
    after_point: tuple[Callable[[PlayRecord], None], ...] = ()  # after a go or last-card point
    obligations: tuple[Callable[[Series, Sequence[Card], Card, "PlayHooks"], Optional[Flag]], ...] = ()
    may_play_after_go: Callable[[Card], bool] = lambda card: False
    ends_series: Callable[[Series], bool] = lambda series: series.count == THIRTY_ONE
    max_value: int = 10  # the highest value a card can add; with no hand known, a count at or
    # below 31 - max_value proves that any card fits
    go_points: int = 1
    last_card_points: int = 1


STANDARD_HOOKS = PlayHooks()


def _variant_hooks(profile: Profile, players: int) -> PlayHooks:
    """The profile's hooks (Mastermind cards, WILD draws): see service.rules.variant_play."""
    from .variant_play import hooks_for  # it builds on this module

    return hooks_for(profile, players=players)


# --- the table ---------------------------------------------------------------------------------

class Pegging:
    """Follow the play one entry at a time.

    ``hands`` maps a player to the cards he holds for the play (any players may be left out);
    ``start`` is the player who leads (default: whoever plays first).

    >>> table = Pegging(2)
    >>> for player, card in zip([0, 1, 0], parse_cards(["KH", "9D", "QH"])):
    ...     _ = table.lay(player, card)
    >>> table.expected_player()
    1
    """

    def __init__(self, players: int = 2, profile: Profile | None = None,
                 hands: Mapping[int, Sequence[Card]] | None = None, start: int | None = None,
                 hooks: PlayHooks | None = None):
        _check_player_count(players)
        self.players = players
        self.profile = profile or get_profile("standard")
        self.hooks = hooks if hooks is not None else _variant_hooks(self.profile, players)
        self.hands = {p: list(cards) for p, cards in (hands or {}).items()}
        for p in self.hands:
            self._check_player(p, ("hands", p))
        if start is not None:
            self._check_player(start, ("start",))
        self.laid = [0] * players
        self.records: list[PlayRecord] = []
        self.series = Series()
        self._to_play = start

    # -- what is known about a player ----------------------------------------------------------

    def _check_player(self, player, path) -> None:
        _check_player_number(player, self.players, path)

    def has_cards(self, player: int) -> bool:
        if player in self.hands:
            return bool(self.hands[player])
        return self.laid[player] < self.profile.hand_size

    def _fits(self, card: Card) -> bool:
        return self.series.count + self.hooks.value(card) <= THIRTY_ONE

    def can_play(self, player: int) -> Optional[bool]:
        """Whether ``player`` holds a card that fits the count: True, False, or None (unknown)."""
        if not self.has_cards(player):
            return False
        gone = player in self.series.gone
        if player in self.hands:
            return any(self._fits(c) and (not gone or self.hooks.may_play_after_go(c))
                       for c in self.hands[player])
        if gone:
            return False
        if self.series.count + self.hooks.max_value <= THIRTY_ONE:
            return True
        return None

    def _unable(self, player: int) -> bool:
        return self.can_play(player) is False

    def expected_player(self) -> Optional[int]:
        """Who is to lay a card or call go next (``None`` before the first play if no ``start``)."""
        return self._to_play

    def player_for(self, card: Optional[Card]) -> int:
        """Who would lay this card (or call go) next: the player to play, or, for a card that cannot
        fit the count once everyone else has called go, the leader of the next series."""
        if card is not None and not self._fits(card) and self._series_can_close():
            return self._leader_after(self.series.last_player)
        return self._to_play if self._to_play is not None else 0

    # -- the plays -----------------------------------------------------------------------------

    def lay(self, player: int, card: Card) -> PlayRecord:
        """A card laid by ``player``."""
        record = self._new_record(player, card, go=False)
        if not self._fits(card) and self._series_can_close():
            self._close_series()  # he could not go on: the card starts the next series
        if self._flag_play_over(record):
            return record
        self._check_turn(record)
        self._check_obligations(record)
        self._check_held(record)
        series = self.series
        if player in series.gone and self._fits(card) and not self.hooks.may_play_after_go(card):
            record.flag("played_after_go",
                        f"player {player} called go in this series, then laid {card.code}, which fits")
        record.series = series.number
        if not self._fits(card):
            record.count = series.count
            record.flag("over_31", f"{card.code} would take the count from {series.count} to "
                                   f"{series.count + self.hooks.value(card)}; the card is taken back")
            self.laid[player] += 1
            return record
        series.add(card, self.hooks, record)
        self.laid[player] += 1
        record.count = series.count
        for rule in self.hooks.rules:
            record.items.extend(rule(series))
        for callback in self.hooks.after_card:
            callback(series, record)
        self._advance(player)
        return record

    def go(self, player: int) -> PlayRecord:
        """``player`` calls go: he cannot lay a card without passing 31."""
        record = self._new_record(player, None, go=True)
        if self._flag_play_over(record):
            return record
        self._check_turn(record)
        series = self.series
        record.series, record.count = series.number, series.count
        if self.can_play(player) and not self._keeps_only_after_go_cards(player):
            record.flag("renege", self._renege_reason(player))
        if player in series.gone:
            series.declined.add(player)
        series.gone.add(player)
        series.goes_in_a_row += 1
        self._advance(player)
        return record

    def _keeps_only_after_go_cards(self, player: int) -> bool:
        """Whether every card that fits may wait until after go (the Mastermind Master): its
        holder may call go and lay it later."""
        hand = self.hands.get(player)
        return hand is not None and all(self.hooks.may_play_after_go(c) for c in hand if self._fits(c))

    def _renege_reason(self, player: int) -> str:
        if player in self.hands:
            fits = [c.code for c in self.hands[player] if self._fits(c)]
            return f"player {player} called go at {self.series.count} holding {', '.join(fits)}, which fits"
        return (f"player {player} called go at {self.series.count} with cards left; "
                f"any card fits under {THIRTY_ONE - self.hooks.max_value + 1}")

    def _new_record(self, player: int, card: Optional[Card], go: bool) -> PlayRecord:
        index = len(self.records)
        self._check_player(player, ("plays", index, "player"))
        if card is not None and not self.has_cards(player) and player not in self.hands:
            raise PlayInputError(("plays", index, "card"),
                                 f"player {player} has already laid {self.laid[player]} cards; a "
                                 f"{self.profile.name} hand holds {self.profile.hand_size}")
        record = PlayRecord(index, player, card, go)
        self.records.append(record)
        return record

    def _check_turn(self, record: PlayRecord) -> None:
        """Flag a play out of turn. Players skipped on the way who are known to hold no card that
        fits have called go implicitly (nobody need say it aloud)."""
        expected = self._to_play
        if expected is None or record.player == expected:  # the first play sets the order
            return
        skipped = []
        candidate = expected
        while candidate != record.player:
            skipped.append(candidate)
            candidate = (candidate + 1) % self.players
        if all(self._unable(p) for p in skipped):
            for p in skipped:
                if self.has_cards(p) and p not in self.series.gone:
                    self.series.gone.add(p)
                    self.series.goes_in_a_row += 1
            return
        what = "called go" if record.go else f"laid {record.card.code}"
        record.flag("out_of_turn", f"player {record.player} {what}; it was player {expected}'s turn")

    def _check_obligations(self, record: PlayRecord) -> None:
        hand = self.hands.get(record.player)
        if hand is None:
            return
        for obligation in self.hooks.obligations:
            flag = obligation(self.series, hand, record.card, self.hooks)
            if flag is not None:
                record.flags.append(flag)

    def _check_held(self, record: PlayRecord) -> None:
        hand = self.hands.get(record.player)
        if hand is None:
            return
        held = next((card for card in hand if same_card(card, record.card)), None)
        if held is not None:
            hand.remove(held)
        else:
            record.flag("card_not_held", f"player {record.player} does not hold {record.card.code}")

    # -- series and turns ------------------------------------------------------------------------

    def _done(self, player: int) -> bool:
        """Called go in this series, or has no card left."""
        gone = player in self.series.gone and not self._may_lay_after_go(player)
        return gone or not self.has_cards(player)

    def _may_lay_after_go(self, player: int) -> bool:
        """Holds a card that fits and may be laid after go (the Master), and has not declined it."""
        hand = self.hands.get(player)
        return (hand is not None and player not in self.series.declined
                and any(self.hooks.may_play_after_go(c) and self._fits(c) for c in hand))

    def _series_can_close(self) -> bool:
        """Whether a card that cannot fit the count starts the next series: everyone but the last
        to lay a card has called go (or is known to hold no card that fits), and he is not known to
        hold one either. Nobody need say so: the seed's Bill does not call go after Judy's."""
        series = self.series
        if not series.cards:
            return False
        last = series.last_player
        others_done = all(self._unable(p) for p in range(self.players) if p != last)
        return others_done and self.can_play(last) is not True

    def _advance(self, player: int) -> None:
        """After a play: end the series if it is over, else pass the turn.

        Over: at 31; or when everyone but the last to lay a card has called go or run out of cards
        and he cannot play either; with ``go_rotation`` ``bicycle`` also when two players in a row
        call go (the player after a go cannot play, so the next does not play)."""
        series = self.series
        last = series.last_player
        if self.hooks.ends_series(series):
            self._close_series()
        elif series.cards and self._unable(last) and all(
                self._done(p) for p in range(self.players) if p != last):
            self._close_series()
        elif self.profile.go_rotation == "bicycle" and series.cards and series.goes_in_a_row >= 2:
            self._close_series()
        else:
            self._to_play = self._next_after(player)

    def _next_after(self, player: int) -> int:
        """The next player clockwise who has neither called go nor run out (possibly ``player``)."""
        for step in range(1, self.players + 1):
            candidate = (player + step) % self.players
            if not self._done(candidate):
                return candidate
        return player

    def _leader_after(self, player: Optional[int]) -> int:
        """The next player clockwise after ``player`` who still holds a card."""
        if player is None:
            return self._to_play or 0
        for step in range(1, self.players + 1):
            candidate = (player + step) % self.players
            if self.has_cards(candidate):
                return candidate
        return (player + 1) % self.players

    def _close_series(self) -> None:
        """End the series: the go (or last card) to the last to lay a card when under 31; the
        point goes on the card that earned it. The next series is led by the player after him."""
        series = self.series
        last = series.last_player
        if series.cards and series.count < THIRTY_ONE:
            over = not any(self.has_cards(p) for p in range(self.players))
            points = self.hooks.last_card_points if over else self.hooks.go_points
            kind = "last_card" if over else "go"
            record = series.records[-1]
            record.items.append(PlayItem(kind, points, (series.cards[-1],),
                                         f"{kind.replace('_', ' ')} for {points}"))
            for callback in self.hooks.after_point:
                callback(record)
        self.series = Series(number=series.number + 1)
        self._to_play = self._leader_after(last)

    # -- the outcome -----------------------------------------------------------------------------

    @property
    def finished(self) -> bool:
        """Every card has been played (the last series then got its last-card point), or the one
        series of a ``play_series`` ``one`` profile (five-card cribbage) is over."""
        one_series_over = self.profile.play_series == "one" and self.series.number > 1
        return one_series_over or not any(self.has_cards(p) for p in range(self.players))

    def _flag_play_over(self, record: PlayRecord) -> bool:
        if not self.finished or not any(self.has_cards(p) for p in range(self.players)):
            return False
        record.series, record.count = self.series.number, 0
        record.flag("play_over", f"the {self.profile.name} play is one series, and it is over")
        return True

    def result(self) -> "PlayResult":
        """The plays so far. A last series that is provably over (nobody holds a card that fits,
        as the hands show) gets its go point; otherwise it is left open."""
        if self.series.cards and all(self._unable(p) for p in range(self.players)):
            self._close_series()
        return PlayResult(self.players, list(self.records), self.finished, self.profile,
                          None if self.finished else self._to_play)


@dataclass(slots=True)
class PlayResult:
    """Every play scored; ``totals`` per player and, with four players, per side (0 & 2, 1 & 3)."""

    players: int
    plays: list[PlayRecord]
    finished: bool
    profile: Profile
    next_player: Optional[int] = None  # whose turn it is after the last play

    @property
    def totals(self) -> list[int]:
        totals = [0] * self.players
        for record in self.plays:
            totals[record.player] += record.points
        return totals

    @property
    def side_of_player(self) -> Optional[tuple[int, ...]]:
        """Each player's side: with four players the partnerships (players 0 and 2 against 1 and 3);
        in captain's cribbage (``partners`` on, three players) the captain, player 0, against the
        other two together; ``None`` when every player is a side of his own."""
        side = (0, 1, 0, 1) if self.players == 4 else side_of(self.profile, self.players)
        return None if len(set(side)) == self.players else side

    @property
    def sides(self) -> Optional[list[int]]:
        """Points per side (see :attr:`side_of_player`), or ``None``."""
        side = self.side_of_player
        if side is None:
            return None
        totals = [0] * (max(side) + 1)
        for player, points in enumerate(self.totals):
            totals[side[player]] += points
        return totals


Play = tuple  # (player, card) for a card, (player, None) for a go


def _check_player_count(players: int) -> None:
    if players not in PLAYERS:
        raise PlayInputError(("players",), f"cribbage is played by 2, 3 or 4 players, not {players}")


def _check_player_number(player, players: int, path: tuple) -> None:
    if not isinstance(player, int) or not 0 <= player < players:
        raise PlayInputError(path, f"players are numbered 0 to {players - 1}, not {player}")


def check_plays(players: int, plays: Sequence[Play],
                hands: Mapping[int, Sequence[Card]] | None = None, copies: dict | None = None) -> None:
    """Refuse what cannot be one deal: a player out of range, a card laid twice, a card in two
    hands (``copies``: how many of a card the deck holds, see :func:`find_duplicate`). Raises
    :class:`PlayInputError` with the path of the culprit."""
    _check_player_count(players)
    for index, (player, _) in enumerate(plays):
        _check_player_number(player, players, ("plays", index, "player"))
    laid = [(index, card) for index, (_, card) in enumerate(plays) if card is not None]
    duplicate = find_duplicate([card for _, card in laid], copies)
    if duplicate is not None:
        index = [i for i, card in laid if card == duplicate][-1]
        raise PlayInputError(("plays", index, "card"), duplicate_message(duplicate, copies))
    held = [(p, card) for p, cards in (hands or {}).items() for card in cards]
    duplicate = find_duplicate([card for _, card in held], copies)
    if duplicate is not None:
        player = [p for p, card in held if card == duplicate][-1]
        raise PlayInputError(("hands", player), duplicate_message(duplicate, copies))


def score_play(players: int, plays: Iterable[Play], hands: Mapping[int, Sequence[Card]] | None = None,
               start: int | None = None, profile: Profile | None = None,
               hooks: PlayHooks | None = None) -> PlayResult:
    """Score a whole play. ``plays`` is ``(player, card)`` for a card laid, ``(player, None)`` for go.

    The Bill and Judy deal of seed 001 (Bill leads here, as in the seed):

    >>> from service.rules.cards import parse_card as card
    >>> seq = [(0, "KH"), (1, "9D"), (0, "QH"), (1, None), (1, "8D"), (0, "JH"), (1, "8C"),
    ...        (0, None), (0, "JS"), (1, "7H")]
    >>> result = score_play(2, [(p, c and card(c)) for p, c in seq])
    >>> result.totals, [i.reason for p in result.plays for i in p.items]
    ([1, 2], ['go for 1', 'go for 1', 'last card for 1'])
    """
    plays = list(plays)
    profile = profile or get_profile("standard")
    check_plays(players, plays, hands, deck_copies(profile.deck))
    table = Pegging(players, profile, hands, start, hooks)
    for player, card in plays:
        if card is None:
            table.go(player)
        else:
            table.lay(player, card)
    return table.result()
