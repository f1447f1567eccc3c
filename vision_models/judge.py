"""The tuning score the lab notebook's rules judge a candidate by, from ``evaluate --out`` files:
``python -m vision_models.judge --base B1.json B2.json ... --candidate C1.json C2.json ...``
(one file a tuning draw, in the same order for both models).

For each draw and model: cards right and confidently wrong of the own designs, the KDE tuning
decks together and the real ``finder_check`` photos, the real photos' extra detections, and the
score: the mean over those three sets of 100 x (right - 3 x confidently wrong) / cards, alone and
with every extra detection counted as one more mistake. Then the figures a rule reads: the means,
the worst draw's fall, the confident mistakes and real cards summed over the draws. Since the
session of 19:41 UTC (2026-12-05, run NULL in ``EXPERIMENTS.md``) the baseline should be a pair of
the committed recipe retrained in the same session, not the committed files, which the real tuning
photos flatter::

    python -m vision_models.evaluate --thresholds 0.7 --scenes 80 --seed 16867 \\
        --real ../shared/data/real-photos --real-set finder_check --fix-labels \\
        --decks /usr/share/carddecks --theme-scenes 40 --out /tmp/cand_16867.json   # per draw and model
    python -m vision_models.judge --base /tmp/base_16867.json ... --candidate /tmp/cand_16867.json ...
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

TUNING_SETS = {"own": "own designs", "kde": "third-party tuning decks (all)", "real": "real photos"}
"""The three sets of the score, by the start of their name in ``evaluate``'s results."""
SIDE_SETS = {"framed": "framed own designs"}
"""Sets read beside the score when a draw has them (``evaluate --framed``), reported apart."""


def set_counts(results: dict) -> dict[str, tuple[int, int, int, int]]:
    """Cards right, confidently wrong, cards and extra detections of each tuning set in one draw's
    ``evaluate`` results (keyed ``own``, ``kde``, ``real``; the first threshold read if several).

    >>> set_counts({"own designs (synthetic) @ 0.7": {"cards": 400, "card_accuracy": 0.9775,
    ...     "confidently_wrong": 0.005, "extra_detections": 2}})
    {'own': (391, 2, 400, 2)}
    """
    counts = {}
    for name, figures in results.items():
        for key, start in {**TUNING_SETS, **SIDE_SETS}.items():
            if name.startswith(start) and key not in counts:
                cards = figures["cards"]
                counts[key] = (round(figures["card_accuracy"] * cards), round(figures["confidently_wrong"] * cards),
                               cards, figures["extra_detections"])
    return counts


def tuning_score(counts: dict[str, tuple[int, int, int, int]], extras: bool = False) -> float:
    """The mean over the three sets of 100 x (right - 3 x confidently wrong) / cards; with
    ``extras``, each extra detection one more confident mistake.

    >>> counts = {"own": (391, 2, 400, 2), "kde": (1335, 11, 1400, 4), "real": (215, 1, 234, 9)}
    >>> round(tuning_score(counts), 2), round(tuning_score(counts, extras=True), 2)
    (93.28, 88.65)
    """
    missing = set(TUNING_SETS) - set(counts)
    if missing:
        raise ValueError(f"no results for {', '.join(TUNING_SETS[key] for key in sorted(missing))}")
    scores = [100 * (right - 3 * (wrong + (extra if extras else 0))) / cards
              for right, wrong, cards, extra in (counts[key] for key in TUNING_SETS)]
    return sum(scores) / len(scores)


def net(counts: tuple[int, int, int, int]) -> int:
    """Cards right less 3 x confidently wrong, the score's count before it is made a share.

    >>> net((391, 2, 400, 2))
    385
    """
    return counts[0] - 3 * counts[1]


def summary(draws: list[dict]) -> dict:
    """One model's figures over its draws (each :func:`set_counts`): the scores draw by draw, their
    mean alone and with extras, the confident mistakes of the three sets summed, and the real
    photos' cards right and extra detections summed. Then the same figures taken apart (session of
    02:58 UTC, 2026-12-06): the generated sets' :func:`net` summed over the draws, and the real
    photos' net and extras counted once, since those photos read the same on every draw (the mean
    over the draws, in case a draw read them otherwise); with framed hands, their cards right and
    confidently wrong summed.

    >>> draw = {"own": (391, 2, 400, 2), "kde": (1335, 11, 1400, 4), "real": (215, 1, 234, 9)}
    >>> figures = summary([draw, draw])
    >>> figures["generated_net"], figures["real_net_once"], figures["real_extra_once"], figures["real_extra"]
    (3374, 212.0, 9.0, 18)
    """
    scores = [tuning_score(counts) for counts in draws]
    real_extra = sum(counts["real"][3] for counts in draws)
    figures = {"scores": scores, "mean": sum(scores) / len(scores),
               "mean_with_extras": sum(tuning_score(counts, extras=True) for counts in draws) / len(draws),
               "confidently_wrong": sum(counts[key][1] for counts in draws for key in TUNING_SETS),
               "real_right": sum(counts["real"][0] for counts in draws),
               "real_extra": real_extra,
               "generated_net": sum(net(counts[key]) for counts in draws for key in ("own", "kde")),
               "real_net_once": sum(net(counts["real"]) for counts in draws) / len(draws),
               "real_extra_once": real_extra / len(draws)}
    if all("framed" in counts for counts in draws):
        figures["framed_right"] = sum(counts["framed"][0] for counts in draws)
        figures["framed_wrong"] = sum(counts["framed"][1] for counts in draws)
    return figures


def comparison(base: list[dict], candidate: list[dict]) -> dict:
    """The candidate's figures less the baseline's, draw for draw (each list :func:`set_counts`
    of the same draws in the same order): what a rule reads.

    >>> base = [{"own": (391, 2, 400, 2), "kde": (1335, 11, 1400, 4), "real": (215, 1, 234, 9)}]
    >>> candidate = [{"own": (388, 6, 400, 1), "kde": (1344, 8, 1400, 4), "real": (211, 3, 234, 9)}]
    >>> difference = comparison(base, candidate)
    >>> round(difference["mean"], 2), round(difference["mean_with_extras"], 2), round(difference["worst_draw"], 2)
    (-2.25, -2.0, -2.25)
    >>> difference["confidently_wrong"], difference["real_right"], difference["real_extra"]
    (3, -4, 0)
    >>> difference["generated_net"], difference["real_net_once"], difference["real_extra_once"]
    (3, -10.0, 0.0)
    """
    if len(base) != len(candidate) or not base:
        raise ValueError("the baseline and the candidate need results for the same draws, at least one")
    before, after = summary(base), summary(candidate)
    return {"mean": after["mean"] - before["mean"],
            "mean_with_extras": after["mean_with_extras"] - before["mean_with_extras"],
            "worst_draw": min(a - b for a, b in zip(after["scores"], before["scores"])),
            **{key: after[key] - before[key] for key in after
               if key not in ("scores", "mean", "mean_with_extras") and key in before}}


def draw_line(counts: dict) -> str:
    """One model's draw as the lab notebook's tables give it: ``right/wrong`` of own designs, KDE
    decks and real photos, ``x`` the real extras; score / with extras / all sets' extras."""
    sets = ", ".join(f"{counts[key][0]}/{counts[key][1]}" for key in TUNING_SETS)
    extra = sum(counts[key][3] for key in TUNING_SETS)
    return (f"{sets} x {counts['real'][3]}; {tuning_score(counts):.2f} / "
            f"{tuning_score(counts, extras=True):.2f} / {extra}")


def main(argv=None) -> dict:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--base", nargs="+", required=True, help="the baseline's evaluate --out files, a draw each")
    parser.add_argument("--candidate", nargs="+", required=True, help="the candidate's, the same draws in order")
    args = parser.parse_args(argv)
    base = [set_counts(json.loads(Path(path).read_text())) for path in args.base]
    candidate = [set_counts(json.loads(Path(path).read_text())) for path in args.candidate]
    print("| draw | base | candidate |\n|---|---|---|")
    for path, before, after in zip(args.candidate, base, candidate):
        print(f"| {Path(path).stem} | {draw_line(before)} | {draw_line(after)} |")
    difference = comparison(base, candidate)
    print(", ".join(f"{key} {value:+.2f}" if isinstance(value, float) else f"{key} {value:+d}"
                    for key, value in difference.items()))
    for name, draws in (("base", base), ("candidate", candidate)):
        figures = summary(draws)
        print(f"{name}: " + ", ".join(f"{key} {value:g}" for key, value in figures.items() if key != "scores"))
    return difference


if __name__ == "__main__":
    main()
