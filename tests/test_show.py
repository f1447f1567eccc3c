"""The show, one test per rule, from the worked examples in docs/rules.md."""

import numpy as np
import pytest

from service.rules.batch import score_deals
from service.rules.show import fifteens, flush, nobs, pairs, runs, score_show

from helpers import card, cards


def points(items):
    return sum(i.points for i in items)


def test_fifteens_each_distinct_set_scores_two():
    # 29 hand: four ways 5+J, four ways 5+5+5.
    found = fifteens(cards("5H 5D 5S JC 5C"))
    assert len(found) == 8 and points(found) == 16
    assert sorted(len(i.cards) for i in found) == [2, 2, 2, 2, 3, 3, 3, 3]


def test_fifteens_with_many_cards():
    # A 2 3 4 5 = 15 with all five cards; 2+3+4+... -> every subset checked.
    found = fifteens(cards("AH 2D 3S 4C 5H"))
    assert [i.codes for i in found] == [["AH", "2D", "3S", "4C", "5H"]]


@pytest.mark.parametrize("text, expected", [
    ("5H 5D 2S 3C 9H", 2),      # a pair
    ("5H 5D 5S 3C 9H", 6),      # pair royal: three pairs
    ("5H 5D 5S 5C 9H", 12),     # double pair royal
    ("5H 5D 9S 9C KH", 4),      # two pairs
    ("JH QH KH AS 2S", 0),      # ranks, not values, pair: J and Q do not
])
def test_pairs(text, expected):
    assert points(pairs(cards(text))) == expected


@pytest.mark.parametrize("text, expected, count", [
    ("3H 4D 5S 9C KH", 3, 1),    # run of three
    ("3H 4D 5S 6C KH", 4, 1),    # run of four
    ("3H 4D 5S 6C 7H", 5, 1),    # run of five
    ("3H 4D 4S 5C KH", 6, 2),    # double run of three (with its pair: 8)
    ("3H 4D 4S 5C 6H", 8, 2),    # double run of four
    ("3H 4D 4S 4C 5H", 9, 3),    # triple run
    ("3H 3D 4S 4C 5H", 12, 4),   # quadruple run
    ("QH KD AS 2C 9H", 0, 0),    # ace is low only: Q-K-A is no run
    ("AH 2D 3S 9C KH", 3, 1),    # A-2-3 is a run
])
def test_runs(text, expected, count):
    found = runs(cards(text))
    assert points(found) == expected and len(found) == count


def test_flush_in_hand_four_or_five():
    assert points(flush(cards("2H 4H 6H 8H"), card("KS"), crib=False)) == 4
    assert points(flush(cards("2H 4H 6H 8H"), card("KH"), crib=False)) == 5


def test_flush_in_crib_only_with_all_five():
    assert points(flush(cards("2H 4H 6H 8H"), card("KS"), crib=True)) == 0
    assert points(flush(cards("2H 4H 6H 8H"), card("KH"), crib=True)) == 5


def test_no_flush_with_three_hand_cards_and_starter():
    assert points(flush(cards("2H 4H 6H 8S"), card("KH"), crib=False)) == 0


def test_nobs_jack_of_starter_suit():
    assert points(nobs(cards("JH 2C 4D 6S"), card("9H"))) == 1
    assert points(nobs(cards("JH 2C 4D 6S"), card("9S"))) == 0


def test_starter_jack_is_never_nobs():
    assert points(nobs(cards("2C 4D 6S 8H"), card("JH"))) == 0


@pytest.mark.parametrize("hand, starter, crib, total", [
    ("5H 5D 5S JC", "5C", False, 29),   # the perfect 29 (seed: Cream City rules)
    ("7H 8C 8D KS", "9S", False, 12),   # seed: "7 8 8 K and the start card is a 9 ... 12"
    ("9D 8D 8C 7S", "AH", False, 12),   # Judy's hand (seed 001)
    ("KH QH JH JS", "AD", False, 8),    # Bill's hand (seed 001)
    ("3H 2C 6D 5S", "AD", True, 5),     # Bill's crib: 6+5+3+A = 15 and A-2-3 (seed 001)
    ("2C 4D 6S 8H", "KC", False, 0),    # a "19" hand
    ("4H 5H 6H JH", "5S", False, 4 * 2 + 2 + 6 + 4),  # 15s: 4+5+6, 4+5+6, 5+J, 5+J; pair; 2 runs; flush
])
def test_whole_show(hand, starter, crib, total):
    assert score_show(cards(hand), card(starter), crib).total == total


def test_breakdown_order_and_by_kind():
    score = score_show(cards("5H 5D 5S JC"), card("5C"))
    assert [i.kind for i in score.items][:8] == ["fifteen"] * 8
    assert score.by_kind == {"fifteen": 16, "pair": 12, "run": 0, "flush": 0, "nobs": 1}
    assert score.items[-1].codes == ["JC", "5C"]


def test_batch_scorer_agrees_with_itemized_scorer():
    rng = np.random.default_rng(2026)
    deals = np.array([rng.choice(52, 5, replace=False) for _ in range(3000)])
    from service.rules.cards import STANDARD_DECK
    for crib in (False, True):
        batch = score_deals(deals, crib)
        itemized = [score_show([STANDARD_DECK[i] for i in d[:4]], STANDARD_DECK[d[4]], crib).total
                    for d in deals]
        assert batch.tolist() == itemized
