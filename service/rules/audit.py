"""The audit of a show: a player's claimed count against the canonical one (ACC rules 8 and 10).

The claim is a total and, optionally, the combinations the player called: as
:class:`~service.rules.spoken_claims.ClaimedItem` s (kind, and optionally cards and points) or as
the spoken count ("fifteen 2, fifteen 4, pair 6"). The verdict and the points come from
:func:`service.rules.claims.compare_claim`; this module adds which combinations were missed or
invented::

    >>> from service.rules.cards import parse_cards
    >>> *hand, starter = parse_cards(["5H", "5D", "5S", "JC", "5C"])
    >>> report = audit_show(hand, starter, claimed=24)
    >>> report["verdict"], report["missed"], report["muggins_eligible"]
    ('under', 5, 5)

Points missed in a show are Muggins-eligible when the profile plays Muggins (ACC rule 10: points of
the play, a hand or a crib); his heels is pegged at the cut and is never part of a show, so it is
never among them.
"""

from __future__ import annotations

from typing import Optional, Sequence, Union

from .cards import Card
from .claims import compare_claim
from .special_cards import same_card
from .ceiling import MASTERMIND_CEILING
from .declarations import Declared, best_declaration, restate_claimed_items, take_claimed_declarations
from .profiles import Profile, get_profile
from .rarity import covered, distribution
from .show import KINDS, ScoreItem, score_show
from .spoken_claims import ClaimedItem, parse_spoken_claim

Claims = Union[str, Sequence[ClaimedItem], None]


class ClaimError(ValueError):
    """Claimed items that cannot be about this hand (a card not in it, a card named twice)."""


def impossible_claim_message(claimed: int, crib: bool = False) -> Optional[str]:
    """Why no show can score ``claimed``, or ``None`` when some show can.

    >>> impossible_claim_message(20) is None
    True
    >>> impossible_claim_message(19)[:27]
    'No hand or crib can score 1'
    """
    table = distribution(crib)
    if claimed in table:
        return None
    most = max(table)
    if claimed > most:
        return f"No hand or crib can score {claimed}: {most} is the most a show can make."
    gaps = ", ".join(str(s) for s in range(most + 1) if s not in table)
    message = f"No hand or crib can score {claimed} (the impossible counts are {gaps})."
    if claimed == 19:
        message += (' "Nineteen" is what the table calls a hand that scores nothing, because 19 is '
                    "the one count below 20 that no hand can make: to claim a hand that scores "
                    "nothing, claim 0.")
    return message


def check_claimed_cards(items: Sequence[ClaimedItem], hand: Sequence[Card], starter: Card) -> None:
    """Raise :class:`ClaimError` when an item names a card not in hand or starter, or one twice."""
    present = {*hand, starter}
    for number, item in enumerate(items):
        cards = item.cards or ()
        for card in cards:
            if card not in present and not any(same_card(held, card) for held in present):
                raise ClaimError(f"item {number}: {card.code} is neither in the hand nor the starter")
        if len(set(cards)) != len(cards):
            raise ClaimError(f"item {number}: a card is named twice")


def _card_set(item, starter: Card) -> frozenset:
    cards = frozenset(item.cards)
    if item.kind == "nobs" and len(cards) == 1:  # "his nobs" names the jack; the starter is implied
        cards |= {starter}
    return cards


def match_items(canonical: Sequence[ScoreItem], claimed: Sequence[ClaimedItem], starter: Card):
    """Pair claimed items with canonical ones: first those that name cards (same kind, same cards,
    same points if stated), then the others by kind and points. Returns ``(missed, invented)``:
    canonical items no claim matched, claimed items that match nothing.

    >>> from service.rules.cards import parse_cards
    >>> *hand, starter = parse_cards(["7H", "8C", "8D", "KS", "9S"])
    >>> missed, invented = match_items(score_show(hand, starter).items,
    ...                                [ClaimedItem("fifteen"), ClaimedItem("nobs")], starter)
    >>> [m.kind for m in missed], [i.kind for i in invented]
    (['fifteen', 'pair', 'run', 'run'], ['nobs'])
    """
    unmatched = list(canonical)
    invented = []
    with_cards = [item for item in claimed if item.cards]
    without_cards = [item for item in claimed if not item.cards]
    for item in with_cards + without_cards:
        wanted = _card_set(item, starter) if item.cards else None
        for position, real in enumerate(unmatched):
            if (real.kind == item.kind
                    and (item.points is None or item.points == real.points)
                    and (wanted is None or frozenset(real.cards) == wanted)):
                del unmatched[position]
                break
        else:
            invented.append(item)
    return unmatched, invented


def points_by_kind(items) -> dict[str, int]:
    """Points per kind of scored or claimed items, every kind present."""
    totals = dict.fromkeys(KINDS, 0)
    for item in items:
        points = item.points if isinstance(item, ScoreItem) else item.claimed_points
        totals[item.kind] = totals.get(item.kind, 0) + points
    return totals


def compare_kinds(canonical: dict[str, int], claimed: dict[str, int]) -> dict[str, dict]:
    """Per kind: canonical and claimed points, and how many were missed or over-claimed."""
    return {kind: {"canonical": canonical[kind], "claimed": claimed[kind],
                   "missed": max(canonical[kind] - claimed[kind], 0),
                   "overclaimed": max(claimed[kind] - canonical[kind], 0)}
            for kind in KINDS}


def overclaim_consequence(overclaimed: int, profile: Profile) -> dict:
    """What an over-claim costs under the profile's ``overpeg`` setting (RULINGS: over-claims are
    retracted; ``hoyle``: the opponent also pegs 2; ``victorian``: the opponent pegs the excess).

    >>> overclaim_consequence(3, get_profile("standard"))
    {'overpeg': 'acc', 'retract': 3, 'opponent_pegs': 0}
    """
    opponent = {"acc": 0, "hoyle": 2, "victorian": overclaimed}.get(profile.overpeg, 0)
    return {"overpeg": profile.overpeg, "retract": overclaimed,
            "opponent_pegs": opponent if overclaimed else 0}


def muggins_award(call: int, eligible: int, muggins_on: bool) -> dict:
    """A Muggins call names an amount: the caller gets the lesser of the call and the points
    really missed; a call when nothing was missed gives the called player the points called.

    >>> muggins_award(call=5, eligible=2, muggins_on=True)
    {'called': 5, 'caller_pegs': 2, 'called_player_pegs': 0}
    >>> muggins_award(call=2, eligible=0, muggins_on=True)
    {'called': 2, 'caller_pegs': 0, 'called_player_pegs': 2}
    """
    if not muggins_on:
        return {"called": call, "caller_pegs": 0, "called_player_pegs": 0}
    return {"called": call, "caller_pegs": min(call, eligible),
            "called_player_pegs": call if eligible == 0 else 0}


def audit_show(hand: Sequence[Card], starter: Card, crib: bool = False, claimed: int = 0,
               claimed_items: Claims = None, profile: Profile | None = None,
               muggins_call: int | None = None, declared: Declared | None = None) -> dict:
    """Audit a claimed show. ``claimed_items`` is a list of :class:`ClaimedItem` or the spoken
    count; without it only the totals are compared. ``declared`` is the show already counted with
    its best declaration, when the caller has it.

    The result holds ``compare_claim``'s fields, ``muggins`` (the setting), ``impossible_claim``,
    ``overclaim`` and ``messages``; with claimed items also ``claimed_items``, ``items_total``,
    ``missed_items``, ``invented_items`` and ``by_kind``; with a Muggins call ``muggins_award``.
    """
    profile = profile or get_profile("standard")
    hand, starter = take_claimed_declarations(hand, starter, claimed_items)  # items may declare wilds
    if declared is None:  # undeclared wild cards: their best
        declared = best_declaration(hand, starter, crib, profile)
    score = declared.score
    muggins_on = profile.muggins == "on"
    report = compare_claim(score.total, claimed, muggins_applies=muggins_on)
    report["muggins"] = profile.muggins
    messages = []
    impossible = impossible_claim_message(claimed, crib) if covered(hand, starter) else None
    if profile.deck == "mastermind" and len(hand) == 4 and claimed > MASTERMIND_CEILING:
        impossible = (f"No Mastermind hand or crib can score {claimed}: {MASTERMIND_CEILING} is the "
                      "most (five fives of one suit).")
    report["impossible_claim"] = impossible is not None
    if impossible:
        messages.append(impossible)
    report["overclaim"] = overclaim_consequence(report["overclaimed"], profile)
    report["declarations"] = declared.declarations()
    if muggins_call is not None:
        report["muggins_award"] = muggins_award(muggins_call, report["muggins_eligible"], muggins_on)

    if claimed_items is not None:
        if isinstance(claimed_items, str):
            call = parse_spoken_claim(claimed_items)
            items = call.items
            messages.extend(call.notes)
            if call.called_total != claimed:
                messages.append(f"The spoken count ends at {call.called_total}, "
                                f"but the claimed total is {claimed}.")
        else:
            check_claimed_cards(claimed_items, hand, starter)
            items = restate_claimed_items(claimed_items, [*hand, starter], declared)
        missed, invented = match_items(score.items, items, starter)
        items_total = sum(item.claimed_points for item in items)
        report.update({
            "claimed_items": items,
            "items_total": items_total,
            "missed_items": missed,
            "invented_items": invented,
            "by_kind": compare_kinds(score.by_kind, points_by_kind(items)),
        })
        if items_total != claimed:
            messages.append(f"The claimed items add up to {items_total}, "
                            f"not to the claimed total of {claimed}.")
    report["messages"] = messages
    return report

