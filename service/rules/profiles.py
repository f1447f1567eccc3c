"""Rule profiles: the named, versioned settings a table plays by (see docs/rules.md, "Profiles").

A profile is data: every setting is a field with a description and its allowed values, so the API
can list them (``GET /v1/rules``) and a request can override single settings::

    >>> get_profile("standard").hand_size
    4
    >>> p = with_overrides(get_profile("standard"), {"muggins": "off"})
    >>> p.muggins, p.overridden
    ('off', ('muggins',))
    >>> get_profile("mastermind").target, get_profile("five-card").hand_size
    (181, 3)

Built-in profiles are version 1 and never change; a house profile saved through the API gets a new
version on every change (:mod:`service.storage`), so an old audit can always be replayed.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass, field
from typing import Any

NAME_PATTERN = re.compile(r"^[a-z0-9][a-z0-9_-]{0,39}$")
REFERENCE_PATTERN = re.compile(r"^(?P<name>[A-Za-z0-9][A-Za-z0-9_-]{0,39})(?:@(?P<version>[0-9]{1,6}))?$")


class UnknownProfile(KeyError):
    """No profile by that name (and version)."""


class SettingError(ValueError):
    """A setting that does not exist or a value it does not allow; ``setting`` names it."""

    def __init__(self, setting: str, message: str):
        super().__init__(message)
        self.setting = setting
        self.message = message


def _setting(default, doc: str, choices: tuple | None = None, low: int | None = None,
             high: int | None = None, source: str = "ACC rules"):
    metadata = {"doc": doc, "choices": choices, "low": low, "high": high, "source": source}
    if isinstance(default, (list, tuple)):
        return field(default_factory=lambda: tuple(default), metadata=metadata)
    return field(default=default, metadata=metadata)


ON_OFF = ("on", "off")


@dataclass(frozen=True, slots=True)
class Profile:
    """One rule profile. ``name``/``version``/``description``/``base`` identify it; every other
    field is a setting (see :data:`SETTINGS`)."""

    name: str = "standard"
    version: int = 1
    description: str = "Standard two-player six-card cribbage under the ACC rules."
    base: str = ""
    variant: str = _setting("standard", "Which game: the standard game, Mastermind Ultimate Cribbage or "
                            "WILD Cribbage.", ("standard", "mastermind", "wild"), source="seeds 000, 001")
    deck: str = _setting("standard", "The deck: 52 cards; `mastermind` adds Zero, Super Ace, four Super "
                         "Fives, two Wilds, two Super Wilds and the Master (63); `jokers` adds two jokers "
                         "that are Wild cards (54).", ("standard", "mastermind", "jokers"),
                         source="seed 000; RULINGS")
    players: int = _setting(2, "Players at the table.", low=2, high=4)
    partners: str = _setting("off", "`on`: two sides, partners' points are combined (four players; "
                             "in captains the two partners against the captain).", ON_OFF)
    goal: str = _setting("win", "`win`: the first to reach the target wins; `lose` (lowball): the first "
                         "to reach the target loses. Applied where a running score is kept "
                         "(/v1/wild/board: `game.result`).", ("win", "lose"), source="lowball variant")
    target: int = _setting(121, "Points that end the game: it ends the instant a side reaches them and "
                           "nothing after is scored. Applied where a running score is kept "
                           "(/v1/wild/board); /v1/play and the shows score one deal from 0.",
                           low=31, high=1000, source="ACC rules; RULINGS")
    captain_target: int = _setting(0, "Captains (three players, `partners` `on`): the lone captain wins "
                                   "on reaching this, the two partners scoring together on `target` "
                                   "(0: no captain). Applied by /v1/wild/board (`captain`).",
                                   low=0, high=1000, source="captain's cribbage")
    dealt: int = _setting(6, "Cards dealt to each player. No endpoint takes the cards dealt; a profile "
                          "whose deal does not add up (players x (dealt - hand_size) + crib_from_pack "
                          "= crib_size) is refused.", low=4, high=8)
    hand_size: int = _setting(4, "Cards each player keeps (and shows) after discarding.", low=3, high=6)
    crib_size: int = _setting(4, "Cards in the crib (before the starter).", low=3, high=6)
    crib_from_pack: int = _setting(0, "Cards dealt straight from the pack to the crib (1 for three "
                                   "players); checked with `dealt` (the deal must add up).", low=0, high=2)
    crib_flush: str = _setting("five", "`five`: a crib flush needs the starter too (ACC); `four`: a "
                               "flush of the crib cards alone scores as in a hand.", ("five", "four"))
    his_heels: int = _setting(2, "Points to the dealer when the starter is a jack.", low=0, high=2)
    three_for_last: str = _setting("off", "`on`: the pone of the first deal pegs 3 at the start of the "
                                   "game (five-card cribbage; no point of the play). Applied by "
                                   "/v1/wild/board when `first_dealer` says the events start a game.",
                                   ON_OFF, source="Hoyle, five-card cribbage")
    play_series: str = _setting("all", "`all`: after a go the count resets and play goes on until the "
                                "cards are out; `one`: a single series to 31 or go (five-card).",
                                ("all", "one"), source="Hoyle, five-card cribbage")
    go_rotation: str = _setting("rotate", "3-4 players after a go: `rotate` clockwise skipping players who "
                                "cannot play; `bicycle`: the player after the go plays on if he can, "
                                "and then the next; if he cannot play either, the series ends (two "
                                "goes in a row) and the last to lay a card pegs the go.",
                                ("rotate", "bicycle"), source="RULINGS; Bicycle rules")
    muggins: str = _setting("on", "Whether an opponent may take points a player missed (ACC rule 10).",
                            ON_OFF, source="ACC rule 10; RULINGS")
    overpeg: str = _setting("acc", "An over-claim: `acc` retract only; `hoyle` retract and the "
                            "opponent pegs 2; `victorian` retract and the opponent pegs the excess.",
                            ("acc", "hoyle", "victorian"), source="ACC rule 8; RULINGS")
    wild_starter_heels: str = _setting("off", "Whether a wild card (Wild, Super Wild, Master, Joker) "
                                       "turned as the starter gives his heels.", ON_OFF,
                                       source="RULINGS (Mastermind)")
    wild_draw: str = _setting("off", "WILD Cribbage: draw a WILD card when the play count reaches a "
                              "multiple of five (`count`) or when a peg lands on one (`peg`).",
                              ("off", "count", "peg"), source="seed 001 (WILD Cribbage)")
    stink_partners: str = _setting("player", "WILD Cribbage, partners: the Stink Hole freezes the "
                                   "`player` who drew it or the whole `team`.", ("player", "team"),
                                   source="seed 001 (WILD Cribbage)")
    stink_moves: str = _setting("frozen", "WILD Cribbage: a WILD card that moves a player in the Stink "
                                "Hole is ignored (`frozen`) or obeyed (`obeyed`); a card that frees "
                                "always frees.", ("frozen", "obeyed"), source="seed 001; RULINGS")
    wild_pack: str = _setting("wild31", "WILD Cribbage: the pack of instruction cards (`wild31`: the "
                              "31 cards of service.rules.wild_cards; `none`: only the house cards), "
                              "used when `wild_draw` is on.",
                              ("wild31", "none"), source="seed 001")
    house_cards: tuple = _setting((), "WILD Cribbage: the pack owner's own cards, each "
                                  "{\"name\", \"effect\", \"points\"} (effects as in the WILD pack).",
                                  source="seed 001 (\"New pack, new rules!\")")
    overridden: tuple = field(default=(), compare=False)

    def as_dict(self) -> dict:
        data = {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}
        data["house_cards"] = [dict(card) for card in self.house_cards]
        data["overridden"] = list(self.overridden)
        return data

    def crib_flush_five(self, crib: bool) -> bool:
        """Whether cards are counted as a crib whose flush needs the starter too: a crib under
        ``crib_flush`` ``five``. Under ``four`` a crib counts (and is looked up) as a hand.

        >>> Profile().crib_flush_five(True), Profile(crib_flush="four").crib_flush_five(True)
        (True, False)
        """
        return crib and self.crib_flush == "five"

    @property
    def reference(self) -> str:
        """``name@version``, the form a request or an audit record uses to name exactly this profile."""
        return f"{self.name}@{self.version}"

    def settings(self) -> dict[str, Any]:
        """The settings alone (what a saved profile stores)."""
        data = self.as_dict()
        return {name: data[name] for name in SETTINGS}


IDENTITY = ("name", "version", "description", "base", "overridden")
SETTINGS: dict[str, dict] = {
    f.name: {"description": f.metadata["doc"], "default": f.default if f.default is not dataclasses.MISSING
             else list(f.default_factory()), "choices": f.metadata["choices"],
             "minimum": f.metadata["low"], "maximum": f.metadata["high"], "source": f.metadata["source"],
             "type": "integer" if f.type in (int, "int") else (
                 "array" if f.type in (tuple, "tuple") else "string")}
    for f in dataclasses.fields(Profile) if f.name not in IDENTITY
}
"""Every setting: description, default, allowed values (``choices`` or ``minimum``/``maximum``)."""


def _built_in(name: str, description: str, **settings) -> Profile:
    return Profile(name=name, description=description, **settings)


BUILT_IN: dict[str, Profile] = {p.name: p for p in (
    Profile(),
    _built_in("mastermind", "Mastermind Ultimate Cribbage: 63 cards with Zero, Super Ace, Super Fives, "
              "Wild, Super Wild and Master; two players or teams play to 181 (141 for three, 121 for four "
              "individuals).", variant="mastermind", deck="mastermind", target=181),
    _built_in("wild", "WILD Cribbage: a WILD instruction card is drawn whenever the play count reaches "
              "a multiple of five.", variant="wild", wild_draw="count"),
    _built_in("five-card", "Five-card cribbage (the old game): 5 dealt, 3 kept, crib of 4, 61 points, "
              "three for last, one series of play.", dealt=5, hand_size=3, target=61,
              three_for_last="on", play_series="one"),
    _built_in("seven-card", "Seven-card cribbage: 7 dealt, 5 kept, crib of 4, 181 points.",
              dealt=7, hand_size=5, target=181),
    _built_in("three-player", "Three players, each for themselves: 5 dealt, 1 discarded, 1 card from "
              "the pack to the crib.", players=3, dealt=5, crib_from_pack=1),
    _built_in("four-player", "Four players in two partnerships: 5 dealt, 1 discarded; partners' "
              "points are combined.", players=4, partners="on", dealt=5),
    _built_in("captains", "Captain's cribbage: three players, the captain alone (61 wins) against two "
              "partners (121 wins), dealt as three-player.", players=3, partners="on", dealt=5,
              crib_from_pack=1, captain_target=61),
    _built_in("lowball", "Lowball (loser's cribbage): standard scoring, but the first to 121 loses.",
              goal="lose"),
    _built_in("jokers", "Standard cribbage with two jokers as Wild cards.", deck="jokers"),
)}


def parse_reference(reference: str) -> tuple[str, int | None]:
    """``"house@2"`` -> ``("house", 2)``; ``"house"`` -> ``("house", None)`` (the latest).

    >>> parse_reference("wild@1")
    ('wild', 1)
    """
    match = REFERENCE_PATTERN.match(reference.strip()) if isinstance(reference, str) else None
    if not match:
        raise UnknownProfile(reference)
    version = match.group("version")
    return match.group("name").lower(), int(version) if version else None


def get_profile(reference: str) -> Profile:
    """A built-in profile by name (``standard``) or reference (``standard@1``)."""
    name, version = parse_reference(reference)
    profile = BUILT_IN.get(name)
    if profile is None or version not in (None, profile.version):
        raise UnknownProfile(reference)
    return profile


def check_setting(name: str, value: Any) -> Any:
    """The value, normalized, if ``name`` allows it; else :class:`SettingError`.

    >>> check_setting("muggins", "OFF"), check_setting("target", 61)
    ('off', 61)
    """
    spec = SETTINGS.get(name)
    if spec is None:
        raise SettingError(name, f"unknown setting {name!r}")
    if spec["type"] == "integer":
        if isinstance(value, bool) or not isinstance(value, int):
            raise SettingError(name, f"{name} is a whole number")
        if not spec["minimum"] <= value <= spec["maximum"]:
            raise SettingError(name, f"{name} is from {spec['minimum']} to {spec['maximum']}")
        return value
    if spec["type"] == "array":
        return _check_house_cards(name, value)
    if not isinstance(value, str) or value.lower() not in spec["choices"]:
        raise SettingError(name, f"{name} is one of {', '.join(spec['choices'])}")
    return value.lower()


def _check_house_cards(name: str, value: Any) -> tuple:
    from .wild_cards import check_card_definition  # the WILD pack knows what a card may do

    if not isinstance(value, (list, tuple)) or len(value) > 64:
        raise SettingError(name, f"{name} is a list of at most 64 cards")
    try:
        return tuple(check_card_definition(card) for card in value)
    except ValueError as error:
        raise SettingError(name, f"{name}: {error}") from None


DEAL_SETTINGS = ("players", "dealt", "hand_size", "crib_size", "crib_from_pack")


def check_deal(profile: Profile, changed: tuple = ()) -> None:
    """The deal must add up: each player lays away ``dealt - hand_size`` cards, and those with the
    ``crib_from_pack`` cards make the crib (the settings' ranges keep any deal within a deck of 52).
    Else :class:`SettingError` naming a deal setting the request ``changed``.

    >>> check_deal(BUILT_IN["three-player"]) is None
    True
    >>> check_deal(dataclasses.replace(BUILT_IN["standard"], players=3), ("players",))
    Traceback (most recent call last):
    ...
    service.rules.profiles.SettingError: the deal does not add up: 3 players x (6 dealt - 4 kept) + 0 from the pack make a crib of 6, not crib_size 4
    """
    setting = next((name for name in DEAL_SETTINGS if name in changed), "dealt")
    laid_away = profile.players * (profile.dealt - profile.hand_size) + profile.crib_from_pack
    if profile.dealt < profile.hand_size or laid_away != profile.crib_size:
        raise SettingError(setting, f"the deal does not add up: {profile.players} players x "
                                    f"({profile.dealt} dealt - {profile.hand_size} kept) + "
                                    f"{profile.crib_from_pack} from the pack make a crib of "
                                    f"{laid_away}, not crib_size {profile.crib_size}")


def _replaced(profile: Profile, overrides: dict[str, Any]) -> tuple[Profile, tuple]:
    checked = {name: check_setting(name, value) for name, value in overrides.items()}
    changed = tuple(sorted(name for name, value in checked.items() if getattr(profile, name) != value))
    return dataclasses.replace(profile, **checked,
                               overridden=tuple(sorted({*profile.overridden, *changed}))), changed


def with_overrides(profile: Profile, overrides: dict[str, Any]) -> Profile:
    """``profile`` with single settings replaced; ``overridden`` lists them (for the echo). A deal
    that no longer adds up is refused (:func:`check_deal`)."""
    if not overrides:
        return profile
    result, changed = _replaced(profile, overrides)
    if set(changed) & set(DEAL_SETTINGS):
        check_deal(result, changed)
    return result


def from_settings(name: str, version: int, description: str, base: str, settings: dict) -> Profile:
    """Rebuild a saved profile (settings as stored; unknown settings of old versions are refused;
    the deal is not checked again, so a version saved before the check still replays)."""
    return dataclasses.replace(_replaced(Profile(), settings)[0], name=name, version=version,
                               description=description, base=base, overridden=())


def his_heels(starter, profile: Profile) -> int:
    """Points to the dealer for the starter: a jack gives ``his_heels``; a wild card turned as
    starter gives them only with ``wild_starter_heels`` on (RULINGS: never, in Mastermind).

    >>> from service.rules.cards import parse_card
    >>> his_heels(parse_card("JH"), BUILT_IN["standard"]), his_heels(parse_card("W"), BUILT_IN["mastermind"])
    (2, 0)
    """
    from .special_cards import WILD_KINDS

    if starter.special in WILD_KINDS:
        return profile.his_heels if profile.wild_starter_heels == "on" else 0
    return profile.his_heels if starter.rank == 11 and starter.is_standard else 0


def all_built_in() -> list[Profile]:
    return list(BUILT_IN.values())
