"""The tuning score the lab notebook's rules judge a candidate by, from ``evaluate --out`` files:
``python -m vision_models.judge --base B1.json B2.json ... --candidate C1.json C2.json ...``
(one file a tuning draw, in the same order for both models).

For each draw and model: cards right and confidently wrong of the own designs, the KDE tuning
decks together and the real ``finder_check`` photos, the real photos' extra detections, and the
score: the mean over those three sets of 100 x (right - 3 x confidently wrong) / cards, alone and
with every extra detection counted as one more mistake. Then the figures a rule reads: the means,
the worst draw's fall, the confident mistakes and real cards summed over the draws, and (files
written since the session of 12:55 UTC, 2026-12-06) the generated hands of five standard cards
the photo endpoint would count right and wrongly, the referee's risk. Since the
session of 19:41 UTC (2026-12-05, run NULL in ``EXPERIMENTS.md``) the baseline should be a pair of
the committed recipe retrained in the same session, not the committed files, which the real tuning
photos flatter::

    python -m vision_models.evaluate --thresholds 0.7 --scenes 80 --seed 16867 \\
        --real ../shared/data/real-photos --real-set finder_check --fix-labels \\
        --decks /usr/share/carddecks --theme-scenes 40 --out /tmp/cand_16867.json   # per draw and model
    python -m vision_models.judge --base /tmp/base_16867.json ... --candidate /tmp/cand_16867.json ...

Since the session of 08:09 UTC (2026-12-06) a reader recipe is judged by two pairs a side, since
two pairs of one recipe read the unseen real photos up to 9 net apart (run FRF2): give ``--base``
and ``--candidate`` once per pair, each with that pair's draws, and the figures are pooled
(:func:`pooled`)::

    python -m vision_models.judge --base FRF_*.json --base FRF2_*.json --candidate OCF_*.json --candidate OCF2_*.json
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

TUNING_SETS = {"own": "own designs", "kde": "third-party tuning decks (all)", "real": "real photos"}
"""The three sets of the score, by the start of their name in ``evaluate``'s results."""
SIDE_SETS = {"framed": "framed own designs", "cut": "cut own designs", "grey": "grey own designs",
             "grey_kde": "grey third-party tuning decks (all)"}
"""Sets read beside the score when a draw has them (``evaluate --framed``, ``--cut``, ``--grey``,
``--grey-decks``), reported apart."""
POOLED = ("confidently_wrong", "real_right", "real_extra", "generated_net", "real_net_once", "real_extra_once",
          "framed_right", "framed_wrong", "cut_right", "cut_wrong", "grey_right", "grey_wrong", "grey_kde_right",
          "grey_kde_wrong", "counted_right", "counted_wrong")
"""The figures of :func:`summary` that several pairs of one recipe add up (:func:`pooled`)."""


def set_counts(results: dict) -> dict[str, tuple[int, int, int, int]]:
    """Cards right, confidently wrong, cards and extra detections of each tuning set in one draw's
    ``evaluate`` results (keyed ``own``, ``kde``, ``real``; the first threshold read if several);
    and, keyed ``counted``, the generated sets' hands of five standard cards counted right and
    wrongly as the photo endpoint counts them, and how many (``evaluate.photo_count``; files written
    since the session of 12:55 UTC, 2026-12-06, have them).

    >>> set_counts({"own designs (synthetic) @ 0.7": {"cards": 400, "card_accuracy": 0.9775,
    ...     "confidently_wrong": 0.005, "extra_detections": 2}})
    {'own': (391, 2, 400, 2)}
    >>> own = {"cards": 400, "card_accuracy": 0.9775, "confidently_wrong": 0.005, "extra_detections": 2,
    ...        "counted_hands": 30, "counted_right": 0.9, "counted_wrong": 0.0333}
    >>> kde = {**own, "counted_hands": 280, "counted_right": 0.8857, "counted_wrong": 0.0179}
    >>> set_counts({"own designs (synthetic)": own, "third-party tuning decks (all)": kde})["counted"]
    (275, 6, 310, 0)
    """
    counts, counted = {}, {}
    for name, figures in results.items():
        for key, start in {**TUNING_SETS, **SIDE_SETS}.items():
            if name.startswith(start) and key not in counts:
                cards = figures["cards"]
                counts[key] = (round(figures["card_accuracy"] * cards), round(figures["confidently_wrong"] * cards),
                               cards, figures["extra_detections"])
                if key in ("own", "kde") and "counted_hands" in figures:
                    hands = figures["counted_hands"]
                    counted[key] = (round((figures["counted_right"] or 0) * hands),
                                    round((figures["counted_wrong"] or 0) * hands), hands, 0)
    if len(counted) == 2:
        counts["counted"] = tuple(a + b for a, b in zip(*counted.values()))
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
    confidently wrong summed, and so with cut hands; with counted hands, the generated sets' hands
    counted right and wrongly summed (``counted_right``, ``counted_wrong``).

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
    for side in (*SIDE_SETS, "counted"):
        if all(side in counts for counts in draws):
            figures[f"{side}_right"] = sum(counts[side][0] for counts in draws)
            figures[f"{side}_wrong"] = sum(counts[side][1] for counts in draws)
    return figures


def pooled(pairs: list[list[dict]]) -> dict:
    """Several pairs of one recipe (each a list of draws, as :func:`summary` takes) as one side of a
    rule: their :data:`POOLED` figures summed (the real photos counted once a pair), their mean
    scores averaged.

    >>> draw = {"own": (391, 2, 400, 2), "kde": (1335, 11, 1400, 4), "real": (215, 1, 234, 9)}
    >>> other = {"own": (385, 4, 400, 2), "kde": (1330, 12, 1400, 4), "real": (210, 2, 234, 7)}
    >>> figures = pooled([[draw, draw], [other, other]])
    >>> figures["real_net_once"], figures["real_extra_once"], figures["generated_net"]
    (416.0, 16.0, 6708)
    """
    if not pairs or any(len(draws) != len(pairs[0]) or not draws for draws in pairs):
        raise ValueError("each pair needs results for the same draws, at least one")
    each = [summary(draws) for draws in pairs]
    figures = {key: sum(one[key] for one in each) / len(each) for key in ("mean", "mean_with_extras")}
    figures.update({key: sum(one[key] for one in each) for key in POOLED if all(key in one for one in each)})
    return figures


def read_draws(paths: list[str]) -> list[dict]:
    """The :func:`set_counts` of each of ``evaluate --out``'s files ``paths``, a draw each."""
    return [set_counts(json.loads(Path(path).read_text())) for path in paths]


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
    parser.add_argument("--base", nargs="+", action="append", required=True,
                        help="the baseline's evaluate --out files, a draw each (once per pair to pool pairs)")
    parser.add_argument("--candidate", nargs="+", action="append", required=True,
                        help="the candidate's, the same draws in order (once per pair)")
    args = parser.parse_args(argv)
    if len(args.base) > 1 or len(args.candidate) > 1:
        return pooled_main(args.base, args.candidate)
    base, candidate = read_draws(args.base[0]), read_draws(args.candidate[0])
    print("| draw | base | candidate |\n|---|---|---|")
    for path, before, after in zip(args.candidate[0], base, candidate):
        print(f"| {Path(path).stem} | {draw_line(before)} | {draw_line(after)} |")
    difference = comparison(base, candidate)
    print(", ".join(f"{key} {value:+.2f}" if isinstance(value, float) else f"{key} {value:+d}"
                    for key, value in difference.items()))
    for name, draws in (("base", base), ("candidate", candidate)):
        figures = summary(draws)
        print(f"{name}: " + ", ".join(f"{key} {value:g}" for key, value in figures.items() if key != "scores"))
    return difference


def pooled_main(base_paths: list[list[str]], candidate_paths: list[list[str]]) -> dict:
    """Two sides of pairs (each pair its draws' files): each pair's figures, each side's
    :func:`pooled` figures and the candidate side's less the baseline's."""
    if len({len(paths) for groups in (base_paths, candidate_paths) for paths in groups}) != 1:
        raise ValueError("every pair needs results for the same draws")
    sides = {}
    for name, groups in (("base", base_paths), ("candidate", candidate_paths)):
        pairs = [read_draws(paths) for paths in groups]
        for paths, draws in zip(groups, pairs):
            figures = summary(draws)
            print(f"{name} pair {Path(paths[0]).stem}: "
                  + ", ".join(f"{key} {figures[key]:g}" for key in POOLED if key in figures))
        sides[name] = pooled(pairs)
    difference = {key: sides["candidate"][key] - sides["base"][key] for key in sides["candidate"] if key in sides["base"]}
    for name, figures in (*sides.items(), ("difference", difference)):
        print(f"{name}: " + ", ".join(f"{key} {value:+g}" if name == "difference" else f"{key} {value:g}"
                                      for key, value in figures.items()))
    return difference


if __name__ == "__main__":
    main()
