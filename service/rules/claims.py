"""Comparing a claimed number of points with the canonical count (ACC rules 8 and 10).

Every audit (show, play, photo) ends in :func:`compare_claim`, so the verdict, the missed points and
the over-claim are worked out in one place.

    >>> compare_claim(canonical=29, claimed=24, muggins_applies=True)
    {'verdict': 'under', 'canonical': 29, 'claimed': 24, 'missed': 5, 'overclaimed': 0, 'muggins_eligible': 5}
    >>> compare_claim(canonical=8, claimed=10, muggins_applies=True)["verdict"]
    'over'
"""

from __future__ import annotations


def compare_claim(canonical: int, claimed: int, muggins_applies: bool) -> dict:
    """Verdict ``correct`` / ``under`` / ``over``; ``missed`` points may be taken by the opponent
    (``muggins_eligible``) only when Muggins is played and they come from the play, a hand or a crib
    (the caller says so through ``muggins_applies``)."""
    missed = max(canonical - claimed, 0)
    overclaimed = max(claimed - canonical, 0)
    verdict = "correct" if claimed == canonical else ("under" if claimed < canonical else "over")
    return {
        "verdict": verdict,
        "canonical": canonical,
        "claimed": claimed,
        "missed": missed,
        "overclaimed": overclaimed,
        "muggins_eligible": missed if muggins_applies else 0,
    }
