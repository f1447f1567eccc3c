"""Rule profiles: the named, versioned settings a table plays by (see docs/rules.md, "Profiles").

Only the ``standard`` profile exists so far; variants add their own.

    >>> get_profile("standard").hand_size
    4
"""

from __future__ import annotations

from dataclasses import asdict, dataclass


class UnknownProfile(KeyError):
    """No profile by that name (and version)."""


@dataclass(frozen=True, slots=True)
class Profile:
    name: str = "standard"
    version: int = 1
    variant: str = "standard"
    players: int = 2
    target: int = 121
    hand_size: int = 4
    muggins: str = "on"
    overpeg: str = "acc"
    go_rotation: str = "rotate"

    def as_dict(self) -> dict:
        return asdict(self)


BUILT_IN = {"standard": Profile()}


def get_profile(name: str) -> Profile:
    try:
        return BUILT_IN[name]
    except KeyError:
        raise UnknownProfile(name) from None
