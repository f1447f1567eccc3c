"""The best declaration of undeclared wild cards, and the Mastermind ceiling of 45."""

import itertools
import random

import pytest

from service.rules.cards import STANDARD_DECK, Card
from service.rules.ceiling import MASTERMIND_CEILING, feasible, show_ceiling, token_limits
from service.rules.declarations import SUPER_ACE_TOKEN, best_declaration, pattern_points
from service.rules.profiles import get_profile
from service.rules.show import score_show
from service.rules.special_cards import SUPER_ACE, ZERO, declare, make_card

from helpers import card, cards


def test_five_fives_of_one_suit_score_45():
    # Seed 000: five fives, 20 for fifteens + 20 for pairs = 40, and a flush of five: 45.
    *hand, starter = cards("5H 5H* W SW M")
    best = best_declaration(hand, starter)
    assert best.score.total == 45
    assert [c.code for c in (*best.hand, best.starter)] == ["5H", "5H*", "W=5H", "SW=5H", "M=5H"]
    assert best.declarations() == [{"field": "hand", "index": 2, "card": "W=5H"},
                                   {"field": "hand", "index": 3, "card": "SW=5H"},
                                   {"field": "starter", "index": 0, "card": "M=5H"}]


def test_wild_declared_as_seven_is_counted_as_a_seven():
    # Seed 000: "Play a Wild Card as a seven during pegging, you must count it as a seven".
    *hand, starter = cards("W=7H 8C 8D KS 9S")
    best = best_declaration(hand, starter)
    assert best.declarations() == [] and best.hand[0].code == "W=7H"
    assert best.score.total == score_show(cards("7H 8C 8D KS"), card("9S")).total == 12


def test_declared_cards_are_kept_and_only_the_undeclared_one_is_searched():
    *hand, starter = cards("W=2C W 5D 5S 10H")
    best = best_declaration(hand, starter)
    assert best.hand[0].code == "W=2C" and [d["index"] for d in best.declarations()] == [1]


def test_super_wild_keeps_its_play_declaration():
    *hand, starter = cards("SW=7H/ 5D 5S 5C JH")
    best = best_declaration(hand, starter)
    assert best.hand[0].play_as == Card(7, "H") and best.hand[0].show_as.rank == 5
    assert best.score.total == 28  # four fives and the jack; the jack is the starter: no nobs


def test_wild_starter_prefers_nobs_when_it_pays():
    *hand, starter = cards("JH 2C 3D 4S W")
    best = best_declaration(hand, starter)
    assert best.score.total == max(
        score_show(hand, declare(starter, c)).total for c in STANDARD_DECK)


def test_crib_flush_needs_the_starter():
    *hand, starter = cards("2H 4H 6H W 9C")
    hand_best = best_declaration(hand, starter, crib=False)
    crib_best = best_declaration(hand, starter, crib=True)
    assert hand_best.score.by_kind["flush"] in (0, 4)
    assert crib_best.score.by_kind["flush"] == 0
    four = best_declaration(hand, starter, crib=True,
                            profile=get_profile("standard").__class__(crib_flush="four"))
    assert four.score.total >= crib_best.score.total


@pytest.mark.parametrize("seed", range(4))
def test_search_equals_brute_force(seed):
    """Every declaration of one or two wild cards tried: the search finds the same best total."""
    rng = random.Random(seed)
    for wild_count in (1, 1, 2):
        wilds = cards("W SW")[:wild_count]
        fixed = rng.sample(STANDARD_DECK, 5 - len(wilds))
        if rng.random() < 0.5:  # flush chances
            suit = rng.choice("SHDC")
            fixed = [Card(rng.randint(1, 13), suit) for _ in fixed]
        deal = fixed + wilds
        rng.shuffle(deal)
        crib = rng.random() < 0.3
        positions = [i for i, c in enumerate(deal) if c.special]
        brute = 0
        for choice in itertools.product(STANDARD_DECK, repeat=len(positions)):
            trial = list(deal)
            for position, declared in zip(positions, choice):
                trial[position] = declare(trial[position], declared)
            brute = max(brute, score_show(trial[:4], trial[4], crib).total)
        assert best_declaration(deal[:4], deal[4], crib).score.total == brute, [c.code for c in deal]


def test_pattern_points_equals_the_show_scorer_on_every_mastermind_multiset():
    tokens = sorted(t for t, n in token_limits("mastermind").items() if n > 0)
    checked = 0
    for multiset in itertools.combinations_with_replacement(tokens, 5):
        if not feasible(multiset, "mastermind"):
            continue
        deal = [make_card(SUPER_ACE) if t == SUPER_ACE_TOKEN else make_card(ZERO) if t == 0
                else Card(t, "S") for t in multiset]
        reference = sum(i.points for i in score_show(deal[:4], deal[4]).items
                        if i.kind in ("fifteen", "pair", "run"))
        assert pattern_points(multiset) == reference, multiset
        checked += 1
    assert checked == 10_283


def test_the_mastermind_ceiling_is_45_by_exhaustive_search():
    result = show_ceiling("mastermind")
    assert result["multisets"] == 10_283
    assert result["best_rank_points"] == 40 and result["bound_reached_by"] == [[5, 5, 5, 5, 5]]
    assert result["witness_total"] == result["bound"] == result["ceiling"] == MASTERMIND_CEILING == 45


def test_api_show_returns_the_best_declaration(client):
    response = client.post("/v1/show", json={"hand": ["5H", "5H*", "W", "SW"], "starter": "M",
                                             "rules": "mastermind"})
    body = response.get_json()
    assert response.status_code == 200, body
    assert body["total"] == 45 and body["hand"] == ["5H", "5H*", "W=5H", "SW=5H"]
    assert body["starter"] == "M=5H" and len(body["declarations"]) == 3 and body["his_heels"] == 0


def test_audit_with_undeclared_wilds_uses_the_best_declaration(client):
    request = {"hand": ["5H", "5H*", "W", "SW"], "starter": "M", "rules": "mastermind"}
    under = client.post("/v1/audit/show", json={**request, "claimed": 40}).get_json()
    assert (under["verdict"], under["canonical"], under["missed"]) == ("under", 45, 5)
    assert under["declarations"][0] == {"field": "hand", "index": 2, "card": "W=5H"}
    over = client.post("/v1/audit/show", json={**request, "claimed": 46}).get_json()
    assert (over["verdict"], over["overclaimed"], over["impossible_claim"]) == ("over", 1, True)


def test_special_cards_refused_outside_their_deck(client):
    response = client.post("/v1/show", json={"hand": ["5H", "W", "5D", "5S"], "starter": "5C"})
    body = response.get_json()
    assert response.status_code == 422
    assert body["errors"][0]["field"] == "hand" and "'W'" in body["errors"][0]["message"]


def test_too_many_copies_of_a_special_card(client):
    response = client.post("/v1/show", json={"hand": ["W", "W", "W=5D", "5S"], "starter": "5C",
                                             "rules": "mastermind"})
    assert response.status_code == 422
    assert "2 the deck holds" in response.get_json()["detail"]


def test_claimed_items_declare_the_wild_card(client):
    """A claim that names W=7H in its items declares the hand's Wild as the 7H."""
    items = [{"kind": "fifteen", "cards": ["W=7H", "8C"]}, {"kind": "fifteen", "cards": ["W=7H", "8D"]},
             {"kind": "pair", "cards": ["8C", "8D"]}, {"kind": "run", "cards": ["W=7H", "8C", "9S"]},
             {"kind": "run", "cards": ["W=7H", "8D", "9S"]}]
    body = client.post("/v1/audit/show", json={"hand": ["W", "8C", "8D", "KS"], "starter": "9S",
                                               "rules": "mastermind", "claimed": 12,
                                               "claimed_items": items}).get_json()
    assert (body["verdict"], body["canonical"], body["declarations"]) == ("correct", 12, [])
    assert body["score"]["hand"] == ["W=7H", "8C", "8D", "KS"] and body["invented_items"] == []


def test_claimed_items_naming_an_undeclared_wild_match_its_best_declaration(client):
    body = client.post("/v1/audit/show", json={
        "hand": ["5H", "5H*", "W", "SW"], "starter": "M", "rules": "mastermind", "claimed": 2,
        "claimed_items": [{"kind": "pair", "cards": ["5H", "W"]}]}).get_json()
    assert body["invented_items"] == [] and body["missed"] == 43
    assert ["5H", "W=5H"] not in [m["cards"] for m in body["missed_items"]]
