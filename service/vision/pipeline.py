"""Photo in, cards out: locate candidate outlines, read their corner indices, keep the cards.

For each candidate outline the reader sees four corner patches (:mod:`.geometry`). The two readings
of the card (which edge is across) are each scored by how surely their corners hold an index; the
better one gives the card's class distribution, the product of its two index corners' (a covered
corner is left out; when one corner reads a six and the other a nine, the pips found on the face
settle which, and the corner that named it is read alone). Outlines found whole are read first; then
the outlines of the cards the index spotter (:mod:`.spotter`) spots by their index corners (each
read through its outline grown, shrunk and turned about the index corner, the best reading kept),
and outlines guessed from corners (:mod:`.locate`) and from the print (:mod:`.ink`), where no card
was read surely. Readings are taken best first, skipping any that mostly lies on a card already
taken; a card where the card finder (:mod:`.finder`) sees no card's face is dropped unless its face
is dark, and so is an outline far smaller than the cards read surely (a spotted card's outline of a
third to 0.6 of their usual size is reported grown to it about its index corner,
:func:`reported_outline`). A card whose best class is below ``min_confidence``, or that is read as a
red suit from an index printed in black (:mod:`.suit_colour`), or read as a two to a ten whose pips
name the other suit of its colour less than clearly (:mod:`.pips`), or whose pips count a higher
rank of its suit, one the reader gave a small share too, or read as the same card as another (one
photo, one deck), comes back uncertain: no code, its best guesses as candidates. A two
to a ten whose pips clearly name that other suit is read as that suit's card, and so is one read
unsurely between the two suits of a colour whose pips clearly name one of them, and a sure ace whose
one mark clearly names the other suit of its colour. A sure two to a ten whose pips count a higher
rank of its suit, one the reader gave a clear share too, is read as that card, and so is one read
unsurely between two ranks of one suit whose pips count one of them. A card whose face holds a
picture (:mod:`.court_art`) is read among the court cards.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace

import numpy as np

from .court_art import ART_SHARE, art_share
from .decode import Photo
from .finder import card_chance_inside
from .face import NUMBER_RANKS, card_face, dark_faced, shows_paper
from .geometry import (MAX_SHARED, SMALLEST_SHARE, corner_patches, lies_on_any, median_card_area, order_quad,
                       overlap_of, quad_area, smallest_card_area)
from .locate import find_outlines
from .maps import MapsLook
from .pips import ACE, PARTNER, PipReader, number_layout, other_colour, other_colour_suit, pip_crops
from .reader import CardReader
from .spotter import about_index_corner
from .suit_colour import black_share, in_colour, suit_colour_disagrees

INDEX_SURE = 0.5        # a corner holds an index when P(NONE) is below this
WEAK_SCORE, WEAK_INDEX = 0.15, 0.8  # below both: no card (a patch of table, not an unsure card)
LOW_CONFIDENCE = "low_confidence"   # an uncertain card's doubt: read less surely than the threshold
SUIT_COLOUR = "suit_colour"         # read as a red suit from an index printed in black
SUIT_PIPS = "suit_pips"             # read as a two to a ten whose pips name the other suit of its colour,
                                    # but not clearly enough to settle it
SAME_CARD = "same_card"             # read as more copies of one card than a deck holds
RANK_PIPS = "rank_pips"             # read as a two to a ten whose pips count a higher rank of its suit,
                                    # one the reader also saw, not clearly enough to settle it; or read
                                    # as a court card whose face shows a number card's pips
COURT_RANKS = ("J", "Q", "K")       # a court card's face holds a picture
SIX_OR_NINE = ("6", "9")            # one rank upside down is the other: two corners naming one each
                                    # are settled by the pips
SUIT_PAIR_SHARE = 0.85              # an unsure reading whose two best classes are one rank in the two
                                    # suits of a colour and hold at least this is unsure of the suit only
RANK_PAIR_SHARE = 0.8               # an unsure reading whose two best classes are two ranks from two to ten
                                    # of one suit and hold at least this is unsure of the rank only
# how many of a card one deck may hold where more than one (docs/rules.md: a Mastermind deck holds
# two Wild and two Super Wild cards, a deck with Jokers two Jokers); of every other card, one
COPIES = {"JOKER": 2, "W": 2, "SW": 2}
SETTLED_GUESS_AREA = 0.7            # a guess settled by its face is at least this share of the usual card
SPOTTED_AREA = 0.6                  # a spotted card's outline under this share of the usual card is grown
SEEN_CARD = 0.2                     # a card lies where the finder's map gives at least this chance of one
MERGED_AREA = 1.7                   # a whole outline read surely at least this many times the usual card
                                    # may be two touching cards read as one
INSIDE_SHARE = 0.8                  # a card lies inside a merged outline when this share of it does
COUNTED_DOUBT, COUNTED_SURE = 0.035, 0.1  # a sure number card whose pips count a higher rank of its suit:
                                    # given that card at least the first share by the reader, it is in
                                    # doubt; at least the second, read as that card
MANY_PIPS = (6, 10)                 # a face showing this many pips, laid out as a number card's
                                    # (pips.number_layout), is no court card's
COUNT_WEIGHT = 5.0                  # an unsure number card's reading, the rank its pips count weighed so
                                    # much: through outlines off by up to 3 %, the generator's twos to tens
                                    # show exactly their rank's pips 45-84 % of the time, a neighbour's 3-18 %


@dataclass
class RecognizedCard:
    code: str | None                 # None when uncertain
    confidence: float
    quad: np.ndarray                 # 4x2, photo pixels, clockwise
    candidates: list[tuple[str, float]] = field(default_factory=list)
    cardness: float = 1.0            # how surely this outline is a card at all
    doubt: str | None = None         # why it has no code: LOW_CONFIDENCE, SUIT_COLOUR, SUIT_PIPS, RANK_PIPS or SAME_CARD


@dataclass
class Recognition:
    cards: list[RecognizedCard]
    width: int
    height: int
    min_confidence: float = 0.0      # the threshold it was read with: below it, a card is uncertain


def read_card(probabilities: np.ndarray, none_index: int) -> tuple[np.ndarray, float, list[int]]:
    """Four corner readings ``(4, classes)`` -> (class distribution without NONE, cardness, the index
    corners it was read from).

    Of the card's two readings (which edge is across), the one whose corners hold an index wins.
    Its two index corners are two views of the same card: their distributions (each given that the
    corner holds an index) are multiplied and renormalized, so corners that agree make a surer
    reading and corners that disagree an unsure one; a covered corner (no index) is left out.

    >>> p = np.full((4, 3), 0.0); p[[0, 2], 0] = 0.9; p[[0, 2], 2] = 0.1; p[[1, 3], 2] = 1.0
    >>> dist, cardness, corners = read_card(p, 2)
    >>> dist.round(2).tolist(), round(cardness, 2), corners
    ([1.0, 0.0], 0.9, [0, 2])
    >>> p = np.array([[0.7, 0.3, 0], [0, 0, 1], [0.7, 0.3, 0], [0, 0, 1]])  # two corners at 0.7
    >>> read_card(p, 2)[0].round(2).tolist()
    [0.84, 0.16]
    """
    index_share = 1 - probabilities[:, none_index]
    best, best_score, best_corners = None, -1.0, []
    for pair in ((0, 2), (1, 3)):
        score = float(max(index_share[i] for i in pair))
        if score <= best_score:
            continue
        usable = [i for i in pair if index_share[i] >= INDEX_SURE] or [max(pair, key=lambda i: index_share[i])]
        best, best_score, best_corners = corners_reading(probabilities, none_index, usable), score, usable
    return best, best_score, best_corners


def corners_reading(probabilities: np.ndarray, none_index: int, corners: list[int]) -> np.ndarray:
    """The class distribution (without NONE) of a card read from ``corners`` of its four corner
    readings: each corner's distribution given that it holds an index, multiplied and renormalized.

    >>> p = np.array([[0.6, 0.2, 0.2], [0.3, 0.6, 0.1]])
    >>> corners_reading(p, 2, [0]).round(2).tolist(), corners_reading(p, 2, [0, 1]).round(2).tolist()
    ([0.75, 0.25], [0.6, 0.4])
    """
    index_share = 1 - probabilities[:, none_index]
    card_probs = np.delete(probabilities, none_index, axis=1)
    log_dist = np.sum([np.log(card_probs[i] / max(index_share[i], 1e-6) + 1e-9) for i in corners], axis=0)
    dist = np.exp(log_dist - log_dist.max())
    return dist / dist.sum()


def six_and_nine(probabilities: np.ndarray, corners: list[int], classes: list[str],
                 none_index: int) -> dict[str, int] | None:
    """For a card whose two index ``corners`` read as a six and a nine, one each, the corner of each
    rank (``{"6": corner, "9": corner}``); else None. A deck that prints its lower index unturned
    shows it upside down in the corner the reader turns over, a six there being a nine.

    >>> classes = ["6S", "9S", "9H"]
    >>> p = np.array([[0.8, 0.1, 0.05, 0.05], [0, 0, 0, 1], [0.1, 0.1, 0.75, 0.05], [0, 0, 0, 1]])
    >>> six_and_nine(p, [0, 2], classes, 3), six_and_nine(p, [0], classes, 3)
    ({'6': 0, '9': 2}, None)
    """
    if len(corners) != 2:
        return None
    card_probs = np.delete(probabilities, none_index, axis=1)
    ranks = {classes[int(np.argmax(card_probs[i]))][:-1]: i for i in corners}
    return ranks if set(ranks) == set(SIX_OR_NINE) else None


def pips_rank(pips_found: int) -> str | None:
    """Which of a six and a nine ``pips_found`` pips make a card: exactly six, the six; nine or
    ten (a mark counted twice), the nine; any other count settles nothing.

    >>> pips_rank(6), pips_rank(10), pips_rank(7), pips_rank(0)
    ('6', '9', None, None)
    """
    return "6" if pips_found == 6 else "9" if pips_found in (9, 10) else None


def counted_card(dist: np.ndarray, classes: list[str], code: str, pips_found: int) -> str | None:
    """The card a sure two to a ten read as ``code`` may be when its face shows exactly
    ``pips_found`` pips, more than its rank, and the reader gives that rank of its suit at least
    ``COUNTED_DOUBT`` (``dist``, over ``classes``); else None. Pips are often missed (one under a
    neighbour, two merged), seldom found where none is printed: so only a count above the rank read
    says anything, and only for a rank the reader also saw (on the tuning draws it was chosen on,
    the reader gave the counted rank under 0.03 for every card it read rightly but one, at 0.046,
    and 0.04-0.23 for those it read as a lower rank).

    >>> classes = ["2H", "3H", "4H"]
    >>> counted_card(np.array([0.85, 0.13, 0.02]), classes, "2H", 3), counted_card(np.array([0.97, 0.01, 0.02]), classes, "2H", 3)
    ('3H', None)
    >>> counted_card(np.array([0.1, 0.85, 0.05]), classes, "3H", 2)   # fewer pips than the rank: none missed says nothing
    """
    if not number_card(code) or not int(code[:-1]) < pips_found <= int(NUMBER_RANKS[-1]):
        return None
    counted = f"{pips_found}{code[-1]}"
    return counted if counted in classes and dist[classes.index(counted)] >= COUNTED_DOUBT else None


def weighed_by_count(dist: np.ndarray, classes: list[str], pips_found: int) -> np.ndarray:
    """The reading ``dist`` (over ``classes``) of a card whose face shows ``pips_found`` pips, with
    the two to ten of that rank in each suit weighed ``COUNT_WEIGHT`` times, renormalized: the count
    as evidence, never the last word (a count outside two to ten weighs nothing). An unsure reading
    that the count makes sure is read so; one it leaves unsure stays unsure.

    >>> classes = ["7C", "9C", "9S", "KC"]
    >>> weighed_by_count(np.array([0.3, 0.4, 0.2, 0.1]), classes, 7).round(2).tolist()   # 0.3 x 5 of 2.2
    [0.68, 0.18, 0.09, 0.05]
    >>> weighed_by_count(np.array([0.3, 0.4, 0.2, 0.1]), classes, 1).tolist()
    [0.3, 0.4, 0.2, 0.1]
    """
    if not int(NUMBER_RANKS[0]) <= pips_found <= int(NUMBER_RANKS[-1]):
        return dist
    rank = str(pips_found)
    weights = np.array([COUNT_WEIGHT if number_card(code) and code[:-1] == rank else 1.0 for code in classes])
    weighed = dist * weights
    return weighed / weighed.sum()


def reading_score(dist: np.ndarray, cardness: float) -> float:
    """How sure a reading is: its best class's share, lowered when its corners hold an index less
    surely than 0.9.

    >>> reading_score(np.array([0.95, 0.05]), 0.99), reading_score(np.array([0.95, 0.05]), 0.6)
    (0.95, 0.6333333333333333)
    """
    return float(dist.max()) * min(1.0, cardness / 0.9)


def too_weak(score: float, cardness: float) -> bool:
    """No card: an unsure reading with little sign of an index (mostly a patch of table by the photo's
    edge), dropped rather than reported as an unsure card.

    >>> too_weak(0.1, 0.7), too_weak(0.1, 0.95), too_weak(0.5, 0.6)
    (True, False, False)
    """
    return score < WEAK_SCORE and cardness < WEAK_INDEX


@dataclass
class Reading:
    score: float
    quad: np.ndarray          # the photo as decoded (before ``Photo.scale``)
    dist: np.ndarray
    cardness: float
    guessed: bool = False     # an outline guessed from a corner: kept only when read surely (or settled_by_face)
    doubt: str | None = None  # why a reading over the threshold is not sure: SUIT_COLOUR, SUIT_PIPS or RANK_PIPS
    index_corner: np.ndarray | None = None   # a spotted card's: the index corner it was spotted by

    def sure(self, min_confidence: float) -> bool:
        return self.score >= min_confidence and self.doubt is None


def read_each(photo: Photo, reader: CardReader, quads: list[np.ndarray], guessed: bool = False,
              check_colour: bool = True) -> list[Reading | None]:
    """Each outline's reading, in one pass of the reader (all four corners, since a guessed outline
    may be too short or long and still show the index at another corner); None for an outline with
    no index or too weak a reading. A card whose two index corners read a six and a nine
    (:func:`six_and_nine`) is read from the corner its pips agree with (:func:`pips_rank`), if
    they settle it. With ``check_colour`` (a photo in colour), a red suit read from black ink is in
    doubt."""
    if not quads:
        return []
    patches = np.stack([corner_patches(photo.image, q) for q in quads])  # (outlines, 4 corners, H, W, 3)
    probabilities = reader.probabilities(patches.reshape(-1, *patches.shape[2:])).reshape(len(quads), 4, -1)
    classes = reader.card_classes
    readings: list[Reading | None] = []
    for quad, probs, card_patches in zip(quads, probabilities, patches):
        dist, cardness, corners = read_card(probs, reader.none_index)
        turned = six_and_nine(probs, corners, classes, reader.none_index)   # both corners hold an index
        rank = turned and pips_rank(len(pip_crops(card_face(photo.image, quad))[0]))
        if rank:   # the corner that names the rank the pips give reads its index upright
            corners = [turned[rank]]
            dist = corners_reading(probs, reader.none_index, corners)
            cardness = float(1 - probs[corners[0], reader.none_index])
        score = reading_score(dist, cardness)
        if cardness < INDEX_SURE or too_weak(score, cardness):
            readings.append(None)
            continue
        black_ink = check_colour and suit_colour_disagrees(classes[int(np.argmax(dist))],
                                                           (black_share(card_patches[i]) for i in corners))
        readings.append(Reading(score, order_quad(quad), dist, cardness, guessed,
                                SUIT_COLOUR if black_ink else None))
    return readings


def read_outlines(photo: Photo, reader: CardReader, quads: list[np.ndarray], guessed: bool = False,
                  check_colour: bool = True) -> list[Reading]:
    """The readings of the outlines (:func:`read_each`) that hold a card."""
    return [reading for reading in read_each(photo, reader, quads, guessed, check_colour) if reading is not None]


def read_spotted(photo: Photo, reader: CardReader, quads: list[np.ndarray],
                 check_colour: bool = True) -> list[Reading]:
    """The readings of the cards the index spotter spotted (``quads``, each its index corner first),
    as guesses: each card read through its outline scaled and turned about its index corner
    (:func:`.spotter.about_index_corner`), its best reading kept with the spotted outline. The
    spotter places a card's index corner well but its size and turn coarsely, and the corner patch
    the reader sees is cut to the card's size. The outline that reads best is no nearer the card's
    own edges than the spotted one (reported instead, it put more cards off their outlines on the
    tuning sets), so the spotted one is reported, with the index corner it was spotted by (see
    :func:`reported_outline`). All the outlines go to the reader in one pass."""
    tries = [about_index_corner(quad) for quad in quads]
    each = iter(read_each(photo, reader, [outline for outlines in tries for outline in outlines],
                          guessed=True, check_colour=check_colour))
    readings = []
    for quad, outlines in zip(quads, tries):
        read = [reading for reading in (next(each) for _ in outlines) if reading is not None]
        if read:
            readings.append(replace(max(read, key=lambda reading: reading.score), quad=order_quad(quad),
                                    index_corner=quad[0]))
    return readings


def number_card(code: str) -> bool:
    """Whether ``code`` is a two to a ten of the four suits (a face with pips to count).

    >>> number_card("10H"), number_card("QH"), number_card("5S*")
    (True, False, False)
    """
    return code[:-1] in NUMBER_RANKS and code[-1] in "SHDC"


def ace_card(code: str) -> bool:
    """Whether ``code`` is an ace of the four suits (a face with one mark for the pips to vote on; the
    Super Ace, ``A*``, is no suit's).

    >>> ace_card("AS"), ace_card("A*"), ace_card("10S")
    (True, False, False)
    """
    return code[:-1] == ACE and code[-1] in PARTNER


def court_card(code: str) -> bool:
    """Whether ``code`` is a jack, queen or king of the four suits (a face with a picture).

    >>> court_card("QH"), court_card("10H"), court_card("JOKER")
    (True, False, False)
    """
    return code[:-1] in COURT_RANKS and code[-1] in "SHDC"


def among_courts(dist: np.ndarray, classes: list[str]) -> np.ndarray:
    """The card's distribution given that it is a court card (a jack, queen or king of the four
    suits): the other classes' share dropped, the rest scaled to sum to 1.

    >>> among_courts(np.array([0.6, 0.3, 0.1]), ["9D", "QD", "KD"]).round(2).tolist()
    [0.0, 0.75, 0.25]
    """
    court = np.array([court_card(code) for code in classes])
    given = np.where(court, dist, 0.0)
    return given / max(float(given.sum()), 1e-12)


def swapped(dist: np.ndarray, classes: list[str], code: str, other: str) -> np.ndarray:
    """The distribution with the shares of ``code`` and ``other`` swapped: the reading of a card
    whose suit or rank was settled by another look, as sure as it was.

    >>> swapped(np.array([0.9, 0.08, 0.02]), ["7S", "7C", "7H"], "7S", "7C").tolist()
    [0.08, 0.9, 0.02]
    """
    first, second = classes.index(code), classes.index(other)
    out = dist.copy()
    out[[first, second]] = dist[[second, first]]
    return out


def two_best(dist: np.ndarray, classes: list[str]) -> tuple[str, str]:
    """The two likeliest classes of a reading, likeliest first.

    >>> two_best(np.array([0.1, 0.6, 0.3]), ["9S", "9C", "6S"])
    ('9C', '6S')
    """
    first, second = np.argsort(dist)[::-1][:2]
    return classes[first], classes[second]


def suit_pair(dist: np.ndarray, classes: list[str]) -> str | None:
    """The best class of an unsure reading that is unsure of the suit only: its two best classes one
    rank in the two suits of a colour (an ace or a two to a ten: a face with pips to vote), together
    at least ``SUIT_PAIR_SHARE``; else None.

    >>> classes = ["9S", "9C", "9H", "6S", "AS", "AC", "KS", "KC"]
    >>> suit_pair(np.array([0.55, 0.4, 0.03, 0.02, 0, 0, 0, 0]), classes), suit_pair(np.array([0.5, 0.3, 0.0, 0.2, 0, 0, 0, 0]), classes)
    ('9S', None)
    >>> suit_pair(np.array([0.55, 0.02, 0.4, 0.03, 0, 0, 0, 0]), classes)   # the other colour's suit second
    >>> suit_pair(np.array([0, 0, 0, 0, 0.4, 0.55, 0.05, 0]), classes)      # an ace: its one mark votes
    'AC'
    >>> suit_pair(np.array([0, 0, 0, 0, 0, 0.05, 0.4, 0.55]), classes)      # a king: no pips
    """
    first, second = two_best(dist, classes)
    if not (number_card(first) or ace_card(first)) or second != first[:-1] + PARTNER[first[-1]]:
        return None
    return first if dist[classes.index(first)] + dist[classes.index(second)] >= SUIT_PAIR_SHARE else None


def rank_pair(dist: np.ndarray, classes: list[str]) -> tuple[str, str] | None:
    """The two best classes of an unsure reading that is unsure of the rank only: two ranks from two
    to ten of one suit, together at least ``RANK_PAIR_SHARE``; else None.

    >>> classes = ["6S", "7S", "7C", "KS"]
    >>> rank_pair(np.array([0.46, 0.39, 0.1, 0.05]), classes), rank_pair(np.array([0.46, 0.1, 0.39, 0.05]), classes)
    (('6S', '7S'), None)
    >>> rank_pair(np.array([0.46, 0.05, 0.1, 0.39]), classes)   # a king second: no number's pips to count
    """
    pair = two_best(dist, classes)
    if not all(number_card(code) for code in pair) or pair[0][-1] != pair[1][-1]:
        return None
    return pair if sum(dist[classes.index(code)] for code in pair) >= RANK_PAIR_SHARE else None


def joined(dist: np.ndarray, classes: list[str], code: str, other: str) -> np.ndarray:
    """The distribution with the share of ``other`` moved to ``code``: the reading of a card whose
    suit or rank was settled by another look, as sure as the reader was of the two together.

    >>> joined(np.array([0.55, 0.4, 0.05]), ["9S", "9C", "9H"], "9C", "9S").round(2).tolist()
    [0.0, 0.95, 0.05]
    """
    out = dist.copy()
    out[classes.index(code)] += out[classes.index(other)]
    out[classes.index(other)] = 0.0
    return out


def rank_in_suit(dist: np.ndarray, classes: list[str], code: str, suit: str) -> np.ndarray:
    """The distribution with the shares of ``code``'s rank in the four suits joined in ``suit``: the
    reading of a card whose suit was settled by another look, as sure as the reader was of its rank.

    >>> rank_in_suit(np.array([0.6, 0.25, 0.1, 0.0, 0.05]), ["7C", "7S", "7D", "7H", "4C"], "7C", "D").round(2).tolist()
    [0.0, 0.0, 0.95, 0.0, 0.05]
    """
    rank = code[:-1]
    for other in PARTNER:
        if other != suit:
            dist = joined(dist, classes, rank + suit, rank + other)
    return dist


def look_at_face(reading: Reading, image: np.ndarray, classes: list[str], min_confidence: float,
                 pips: PipReader | None = None, check_colour: bool = True) -> Reading:
    """The reading once the card's face has been looked at (:func:`looked_at`); then, in a photo in
    greys (no ``check_colour``), with no ink's colour to go by (the reader reads a grey diamond as
    a spade or a club now and then), an ace or a two to a ten whose pips clearly name a suit of the
    other colour (:func:`.pips.other_colour_suit`) is read in that suit, as sure as the reader was
    of its rank (:func:`rank_in_suit`; sure or not before), and a sure one whose pips name it less
    clearly (:func:`.pips.other_colour`) is in doubt (``SUIT_PIPS``). A reading in doubt of its
    rank is left as it is."""
    looked = looked_at(reading, image, classes, min_confidence, pips, check_colour)
    if check_colour or pips is None or looked.doubt not in (None, SUIT_PIPS):
        return looked
    code = classes[int(np.argmax(looked.dist))]
    vote = pips.vote_on(card_face(image, looked.quad), code)   # None but for an ace or a two to a ten
    suit = other_colour_suit(code, vote)
    if suit:
        dist = rank_in_suit(looked.dist, classes, code, suit)
        return replace(looked, dist=dist, score=reading_score(dist, looked.cardness), doubt=None)
    if looked.sure(min_confidence) and other_colour(code, vote):
        return replace(looked, doubt=SUIT_PIPS)
    return looked


def looked_at(reading: Reading, image: np.ndarray, classes: list[str], min_confidence: float,
              pips: PipReader | None = None, check_colour: bool = True) -> Reading:
    """The reading once the card's face has been looked at (a card read as a two to a ten, read
    surely as an ace, or read as a court card; no other). A card read surely as a court card whose
    face shows a number card's pips, six to ten (``MANY_PIPS``) laid out as a number card's
    (:func:`.pips.number_layout`), is in doubt (``RANK_PIPS``). A face whose middle holds a
    picture (:mod:`.court_art`, in a photo in colour) is a court card's: the card is read again
    among the court cards (:func:`among_courts`), whose share the reader gives even when a picture
    hides the index from it. Else a sure two to a ten whose face shows exactly the pips of a higher
    rank of its suit, to which the reader gave at least ``COUNTED_SURE``, is read as that card, and
    from ``COUNTED_DOUBT`` is in doubt (``RANK_PIPS``; :func:`counted_card`), and an unsure one
    that is unsure of its rank only (:func:`rank_pair`) takes the one of its two ranks whose pips
    its face shows exactly, if it does (:func:`joined`), and any other unsure one (but a guess
    whose face is dark) has the rank its pips count weighed (:func:`weighed_by_count`), read on as
    sure if that makes it so; then a sure two to a ten whose pips clearly name the other suit of its
    colour (:mod:`.pips`, with a pips' model) is read as that suit's card (:func:`swapped`), and one
    whose pips name it less clearly is in doubt (``SUIT_PIPS``); an unsure one that is unsure of its
    suit only (:func:`suit_pair`) takes the suit its pips clearly name, if they do (:func:`joined`).
    A sure ace is read as the other suit's ace when its one mark clearly names it (never in doubt),
    and an unsure one that is unsure of its suit only takes the suit its mark clearly names, if it
    does.

    >>> face = np.full((140, 100, 3), 235, np.uint8)
    >>> face[35:106, 25:76] = (40, 200, 230)                                  # a yellow picture
    >>> quad = np.float32([[0, 0], [100, 0], [100, 140], [0, 140]])
    >>> reading = Reading(0.9, quad, np.array([0.9, 0.08, 0.02]), 0.95)       # read as the nine
    >>> again = looked_at(reading, face, ["9D", "QD", "KD"], 0.8)
    >>> again.dist.round(2).tolist(), round(again.score, 2)
    ([0.0, 0.8, 0.2], 0.8)
    >>> looked_at(reading, face, ["9D", "QD", "KD"], 0.8, check_colour=False) is reading
    True
    """
    code = classes[int(np.argmax(reading.dist))]
    number = number_card(code)
    court = court_card(code)
    sure = reading.sure(min_confidence)
    ace = ace_card(code) and pips is not None   # its suit settled by its one mark
    if reading.doubt is not None or not (number or ace or court):
        return reading
    face = card_face(image, reading.quad)
    if court and sure:   # a court card's face holds a picture, not a number card's pips
        boxes = pip_crops(face)[1]
        laid_out = MANY_PIPS[0] <= len(boxes) <= MANY_PIPS[1] and number_layout(boxes)
        return replace(reading, doubt=RANK_PIPS) if laid_out else reading
    if not ace and check_colour and art_share(face) > ART_SHARE:   # an ace's ornament may be a picture
        dist = among_courts(reading.dist, classes)
        return replace(reading, dist=dist, score=reading_score(dist, reading.cardness))
    crops = pip_crops(face)[0] if number else None   # cut once: counted here, voted on by the pips' model below
    if number and sure:
        counted = counted_card(reading.dist, classes, code, len(crops))
        if counted and reading.dist[classes.index(counted)] < COUNTED_SURE:
            return replace(reading, doubt=RANK_PIPS)
        if counted:
            reading, code = replace(reading, dist=swapped(reading.dist, classes, code, counted)), counted
    elif number:
        pair = rank_pair(reading.dist, classes)
        counted = next((code for code in pair if int(code[:-1]) == len(crops)), None) if pair else None
        if counted:   # the pips counting one of the two ranks exactly settle it, as sure as the two together
            other = pair[1] if counted == pair[0] else pair[0]
            dist = joined(reading.dist, classes, counted, other)
            return replace(reading, dist=dist, score=reading_score(dist, reading.cardness))
        if not (reading.guessed and dark_faced(face)):   # a dark guess may hold no card: rows of lit
            dist = weighed_by_count(reading.dist, classes, len(crops))   # keys are no pips
            reading = replace(reading, dist=dist, score=reading_score(dist, reading.cardness))
            code = classes[int(np.argmax(dist))]
            number, sure = number_card(code), reading.sure(min_confidence)
    if not (number or ace) or pips is None:
        return reading
    if not sure:
        unsure_of_suit = suit_pair(reading.dist, classes)
        suit = unsure_of_suit and pips.clear_suit_of(face, unsure_of_suit, crops)
        if not suit:
            return reading
        rank = unsure_of_suit[:-1]
        dist = joined(reading.dist, classes, rank + suit, rank + PARTNER[suit])
        return replace(reading, dist=dist, score=reading_score(dist, reading.cardness))
    settled = pips.code_of(face, code, crops)
    if settled is None:
        return replace(reading, doubt=SUIT_PIPS)
    if settled == code:
        return reading
    return replace(reading, dist=swapped(reading.dist, classes, code, settled))


def usual_card_area(readings: list[Reading], min_confidence: float) -> float:
    """The median area of the outlines found whole and read surely (0 when there are none): one photo
    shows one deck at about one distance.

    >>> card = np.float32([[0, 0], [100, 0], [100, 140], [0, 140]])
    >>> usual_card_area([Reading(0.9, card, np.array([1.0]), 1.0), Reading(0.9, card * 2, np.array([1.0]), 1.0),
    ...                  Reading(0.9, card * 3, np.array([1.0]), 1.0, guessed=True)], 0.8)
    35000.0
    """
    return median_card_area([r.quad for r in readings if not r.guessed and r.sure(min_confidence)])


def merged(reading: Reading, min_confidence: float, usual_area: float) -> bool:
    """Whether ``reading`` may be two touching cards read as one: an outline found whole, read
    surely, at least ``MERGED_AREA`` times the photo's ``usual_area`` (:func:`usual_card_area`).

    >>> card = np.float32([[0, 0], [100, 0], [100, 140], [0, 140]])
    >>> pair = np.float32([[0, 0], [200, 0], [200, 140], [0, 140]])
    >>> [merged(Reading(0.9, quad, np.array([1.0]), 1.0), 0.8, 14000.0) for quad in (card, pair)]
    [False, True]
    >>> merged(Reading(0.9, pair, np.array([1.0]), 1.0, guessed=True), 0.8, 14000.0)   # a guess
    False
    """
    return (not reading.guessed and reading.sure(min_confidence) and usual_area > 0
            and quad_area(reading.quad) >= MERGED_AREA * usual_area)


def card_sized(quad: np.ndarray, usual_area: float) -> bool:
    """Whether ``quad`` is one card's size in its photo: ``SETTLED_GUESS_AREA`` to ``MERGED_AREA``
    times the photo's ``usual_area`` (:func:`usual_card_area`); any size when that is unknown (0).

    >>> card = np.float32([[0, 0], [100, 0], [100, 140], [0, 140]])
    >>> [card_sized(card * scale, 14000.0) for scale in (0.8, 1.0, 1.35)], card_sized(card * 3, 0.0)   # 0.64, 1, 1.82
    ([False, True, False], True)
    """
    return usual_area <= 0 or SETTLED_GUESS_AREA * usual_area <= quad_area(quad) < MERGED_AREA * usual_area


def settled_outlines(readings: list[Reading], min_confidence: float) -> list[np.ndarray]:
    """The outlines of the cards read surely, where the finder's closer look, the index spotter and
    the guesses look for no more cards; not those that may be two cards merged (:func:`merged`),
    inside which they look for each card of the two.

    >>> card = np.float32([[0, 0], [100, 0], [100, 140], [0, 140]])
    >>> read = [Reading(0.9, card + 300 * i, np.array([1.0]), 1.0) for i in range(3)]
    >>> pair = Reading(0.9, np.float32([[0, 0], [200, 0], [200, 140], [0, 140]]) + 900, np.array([1.0]), 1.0)
    >>> len(settled_outlines(read, 0.8)), len(settled_outlines(read + [pair], 0.8))
    (3, 3)
    """
    usual_area = usual_card_area(readings, min_confidence)
    return [r.quad for r in readings if r.sure(min_confidence) and not merged(r, min_confidence, usual_area)]


def cards_inside(outline: np.ndarray, readings: list[Reading], min_confidence: float,
                 usual_area: float) -> list[Reading]:
    """The readings that show two or more cards inside ``outline`` (one that may be two cards
    merged, :func:`merged`), or none: each read surely, one card's size (:func:`card_sized`), at
    least ``INSIDE_SHARE`` of it inside ``outline``; the surest of those lying on each other; at
    least two cards of different codes (one card read again through parts of its own large outline
    is no pair).

    >>> pair = np.float32([[0, 0], [200, 0], [200, 140], [0, 140]])
    >>> left = Reading(0.9, np.float32([[0, 0], [100, 0], [100, 140], [0, 140]]), np.array([1.0, 0.0]), 1.0)
    >>> right = Reading(0.95, left.quad + [100, 0], np.array([0.0, 1.0]), 1.0, guessed=True)
    >>> len(cards_inside(pair, [left, right], 0.8, 14000.0))
    2
    >>> cards_inside(pair, [left, replace(right, dist=left.dist)], 0.8, 14000.0)   # the same card twice
    []
    """
    inside: list[Reading] = []
    for reading in sorted(readings, key=lambda r: -r.score):
        if (reading.sure(min_confidence) and card_sized(reading.quad, usual_area)
                and overlap_of(reading.quad, outline) >= INSIDE_SHARE
                and not lies_on_any(reading.quad, [other.quad for other in inside])):
            inside.append(reading)
    return inside if len({int(np.argmax(r.dist)) for r in inside}) >= 2 else []


def settled_by_face(looked: Reading, image: np.ndarray, min_confidence: float, usual_area: float = 0.0) -> bool:
    """Whether a guessed outline read unsurely is settled by the look at its face
    (:func:`look_at_face`): read surely after it, its outline at least ``SETTLED_GUESS_AREA`` of
    the photo's ``usual_area`` (:func:`usual_card_area`; part of a court card also shows a
    picture), and its face shows a card's paper (:func:`.face.shows_paper`; a patch of checked
    table may read as an index and a picture).

    >>> quad = np.float32([[0, 0], [100, 0], [100, 140], [0, 140]])
    >>> looked = Reading(0.9, quad, np.array([0.9, 0.1]), 0.95, guessed=True)
    >>> card = np.full((140, 100, 3), 235, np.uint8)
    >>> table = np.where(np.indices((140, 100)).sum(axis=0)[..., None] // 10 % 2 == 1,
    ...                  np.uint8([40, 170, 200]), np.uint8([160, 40, 90])).astype(np.uint8)
    >>> settled_by_face(looked, card, 0.8), settled_by_face(looked, table, 0.8)
    (True, False)
    >>> settled_by_face(looked, card, 0.8, usual_area=14000.0), settled_by_face(looked, card, 0.8, usual_area=28000.0)
    (True, False)
    """
    return (looked.sure(min_confidence) and quad_area(looked.quad) >= SETTLED_GUESS_AREA * usual_area
            and shows_paper(card_face(image, looked.quad)))


def reported_outline(reading: Reading, usual_area: float) -> np.ndarray:
    """The outline reported for a card taken: its reading's, but a spotted card's outline smaller than
    ``SPOTTED_AREA`` of the photo's ``usual_area`` (:func:`usual_card_area`) grown about the index
    corner it was spotted by to that area. The spotter places the index corner well and the size
    coarsely, and one photo shows one deck at about one distance; a spotted outline of a third to a
    half of a card's area otherwise lies inside the card, too small to be taken for it. One under
    ``SMALLEST_SHARE`` of that area is left as it is: so small, it is more likely a patch of glare
    or print read as a card, which :func:`on_one_scale` drops (grown, it would be kept).

    >>> quad = np.float32([[0, 0], [60, 0], [60, 84], [0, 84]])       # 5,040 px
    >>> spotted = Reading(0.9, quad, np.array([1.0]), 0.95, guessed=True, index_corner=quad[2])
    >>> reported_outline(spotted, 14000.0).round().tolist()   # 0.36 of the usual card: grown, the corner kept
    [[-40.0, -56.0], [60.0, -56.0], [60.0, 84.0], [-40.0, 84.0]]
    >>> [reported_outline(spotted, usual) is quad for usual in (8000.0, 15000.0)]   # 0.63 and 0.34 of it
    [True, True]
    >>> reported_outline(replace(spotted, index_corner=None), 14000.0) is quad     # not spotted
    True
    """
    area = quad_area(reading.quad)
    if reading.index_corner is None or not SMALLEST_SHARE * usual_area <= area < SPOTTED_AREA * usual_area:
        return reading.quad
    corner = reading.index_corner
    return order_quad((reading.quad - corner) * np.sqrt(usual_area / area) + corner).astype(np.float32)


def whole_outline(reading: Reading, readings: list[Reading], usual_area: float,
                  taken: list[np.ndarray], classes: list[str]) -> np.ndarray | None:
    """The outline found whole of the card a guess reads, if the pipeline has one (None for a
    reading that is no guess): of the ``readings`` of outlines found whole, read as the same card
    (their best class over ``classes``; for a court card, also their best court card,
    :func:`among_courts`, as the look at a face with a picture reads it), lying on the guess's
    outline (more than ``MAX_SHARED``), one card's size (:func:`card_sized`) and on none of the
    outlines ``taken`` (another card's), the surest. A guess is drawn from one corner, the print or
    a spotted index and may run past its card; a whole outline follows the card's own edges, even
    where it was read less surely than the guess.

    >>> card = np.float32([[0, 0], [100, 0], [100, 140], [0, 140]])
    >>> guess = Reading(0.9, card * 1.3 - 10, np.array([0.9, 0.1]), 0.95, guessed=True)
    >>> whole = Reading(0.6, card, np.array([0.6, 0.4]), 0.95)
    >>> classes = ["2S", "3S"]
    >>> whole_outline(guess, [guess, whole], 14000.0, [], classes).tolist() == card.tolist()
    True
    >>> whole_outline(guess, [guess, whole], 14000.0, [card + 20], classes) is None   # another card's outline
    True
    >>> whole_outline(guess, [guess, replace(whole, dist=np.array([0.4, 0.6]))], 14000.0, [], classes) is None
    True
    >>> queen = replace(guess, dist=np.array([0.1, 0.9, 0.0]))                 # a queen read through a guess
    >>> ten = replace(whole, dist=np.array([0.5, 0.3, 0.2]))                   # its whole outline read a ten
    >>> whole_outline(queen, [queen, ten], 14000.0, [], ["10H", "QH", "KH"]).tolist() == card.tolist()
    True
    """
    if not reading.guessed:
        return None
    code = int(np.argmax(reading.dist))
    court = court_card(classes[code])
    same = [other for other in readings
            if not other.guessed and (int(np.argmax(other.dist)) == code
                                      or court and int(np.argmax(among_courts(other.dist, classes))) == code)
            and overlap_of(other.quad, reading.quad) > MAX_SHARED and card_sized(other.quad, usual_area)
            and not lies_on_any(other.quad, taken)]
    return max(same, key=lambda other: other.score).quad if same else None


def take_cards(readings: list[Reading], photo: Photo, classes: list[str],
               min_confidence: float, pips: PipReader | None = None,
               check_colour: bool = True) -> list[RecognizedCard]:
    """Each reading, best first, that does not mostly lie on a card already taken; an unsure reading
    of a guessed outline is left out (it is most often a patch of table) unless the look at its face
    settles it (:func:`settled_by_face`). A sure reading of an outline found whole comes before any
    guess: its outline follows the card's own edges, where a guess's is drawn from one corner or
    from the print and may run past the card; but one at least ``MERGED_AREA`` times the usual
    card (:func:`merged`) is passed over when two cards of different codes were read surely inside it
    (:func:`cards_inside`): two touching cards read as one, where the index spotter and the
    guesses looked for each. Each reading taken is looked at on the card's face
    (:func:`look_at_face`: a picture in its middle, with ``check_colour``, makes it a court card;
    pips naming the other suit of its colour, with ``pips``, put a number in doubt). Only the cards
    that may be taken are looked at: a photo's other readings are mostly the same cards through
    other outlines. A guess taken is reported through the outline found whole of its card, where
    one was read as the same card (:func:`whole_outline`); else a spotted card far smaller than the
    photo's usual card is reported at that card's size (:func:`reported_outline`). Whether a later
    reading lies on a card is judged by the outline it was read through (and the whole outline
    reported, if any)."""
    taken: list[RecognizedCard] = []
    outlines_taken: list[np.ndarray] = []   # as read (a grown outline, reported_outline, is only reported)
    usual_area = usual_card_area(readings, min_confidence)
    for reading in sorted(readings, key=lambda r: (r.guessed or not r.sure(min_confidence), -r.score)):
        if lies_on_any(reading.quad, outlines_taken):
            continue
        if merged(reading, min_confidence, usual_area) and cards_inside(reading.quad, readings, min_confidence,
                                                                         usual_area):
            continue   # two touching cards read as one: the cards read inside it are taken instead
        looked = look_at_face(reading, photo.image, classes, min_confidence, pips, check_colour)
        unsure_guess = reading.guessed and not reading.sure(min_confidence)
        if unsure_guess and not settled_by_face(looked, photo.image, min_confidence, usual_area):
            continue
        reading = looked
        order = np.argsort(reading.dist)[::-1][:3]
        candidates = [(classes[i], round(float(reading.dist[i]), 4)) for i in order]
        sure = reading.sure(min_confidence)
        doubt = None if sure else reading.doubt if reading.score >= min_confidence else LOW_CONFIDENCE
        whole = whole_outline(reading, readings, usual_area, outlines_taken, classes)
        outlines_taken += [reading.quad] if whole is None else [reading.quad, whole]
        reported = reported_outline(reading, usual_area) if whole is None else whole
        taken.append(RecognizedCard(candidates[0][0] if sure else None, round(reading.score, 4),
                                    reported * photo.scale, candidates,
                                    round(reading.cardness, 4), doubt))
    return taken


def one_of_each(cards: list[RecognizedCard]) -> list[RecognizedCard]:
    """The cards, but those read as more copies of one card than a deck holds (``COPIES``; one of
    most) made uncertain, all of them: a photo shows one deck, so at least one of them is misread,
    and nothing says which (each keeps its candidates).

    >>> card = np.array([[0, 0], [100, 0], [100, 140], [0, 140]], np.float32)
    >>> found = [RecognizedCard(code, 0.95, card + 200 * n, [(code, 0.95)])
    ...          for n, code in enumerate(["5S", "5S", "W", "W", "JOKER"])]
    >>> [(c.code, c.doubt) for c in one_of_each(found)]
    [(None, 'same_card'), (None, 'same_card'), ('W', None), ('W', None), ('JOKER', None)]
    """
    read = Counter(card.code for card in cards if card.code is not None)
    return [replace(card, code=None, doubt=SAME_CARD) if read[card.code] > COPIES.get(card.code, 1) else card
            for card in cards]


def on_one_scale(cards: list[RecognizedCard]) -> list[RecognizedCard]:
    """The cards without those far smaller than the cards read surely (under
    :func:`.geometry.smallest_card_area`, a share of their median area): the cards of one photo are
    one deck at about one distance, so a much smaller outline is a patch of glare or table read as a
    card (a blank patch looks most like the Joker).

    >>> card = np.array([[0, 0], [100, 0], [100, 140], [0, 140]], np.float32)
    >>> found = [RecognizedCard("5H", 0.99, card), RecognizedCard("JOKER", 0.95, card * 0.4)]
    >>> [c.code for c in on_one_scale(found)]
    ['5H']
    """
    smallest = smallest_card_area([card.quad for card in cards if card.code is not None])
    return [card for card in cards if quad_area(card.quad) >= smallest]


def seen_by_finder(cards: list[RecognizedCard], look: MapsLook | None, image: np.ndarray,
                   scale: float) -> list[RecognizedCard]:
    """The cards without those where the card finder sees none (a mean chance of a card's face under
    ``SEEN_CARD`` inside the outline, :func:`.finder.card_chance_inside`; ``scale`` from the photo
    looked at to the cards' pixels). The reader, shown a patch of a checked or striped table, can
    be sure of an index there; the finder, which sees the whole photo, is not fooled. A card whose
    face is dark (:func:`.face.dark_faced`) is kept all the same: the finder, taught on pale faces
    mostly, misses dark-faced cards on dark tables. With no look (a reader without the card maps),
    the cards as they are.

    >>> logits = np.full((11, 20, 20), -6.0, np.float32); logits[0, :, :10] = 6.0    # a card on the left half
    >>> card = np.float32([[0, 0], [18, 0], [18, 38], [0, 38]])
    >>> found = [RecognizedCard("5H", 0.99, card), RecognizedCard("QD", 0.9, card + [22, 0])]
    >>> table = np.full((40, 40, 3), 200, np.uint8)
    >>> [c.code for c in seen_by_finder(found, MapsLook(logits, 0.5), table, 1.0)], len(seen_by_finder(found, None, table, 1.0))
    (['5H'], 2)
    """
    if look is None:
        return cards
    return [card for card in cards if card_chance_inside(look, card.quad / scale) >= SEEN_CARD
            or dark_faced(card_face(image, card.quad / scale))]


def recognize(photo: Photo, reader: CardReader, min_confidence: float | None = None,
              max_candidates: int = 60, max_guesses: int = 60) -> Recognition:
    """Every card in ``photo``, most confident first; quads in the photo's own pixels.

    The outlines shaped like one card are read first, then those of the card finder's second, closer
    look where the first left room for a card (:meth:`.locate.Outlines.finer`); then the outlines of
    the cards the index spotter spots off the cards already read surely
    (:meth:`.spotter.IndexSpotter.new_outlines`), as guesses, each read at a few sizes and turns
    about its index corner (:func:`read_spotted`); then outlines guessed from the corners
    of the other regions (touching or overlapping cards, cards cut by the photo's edge), except
    corners of the cards already read surely (an outline that may be two touching cards read as
    one settles nothing: :func:`settled_outlines`). All readings then compete, best first, so a
    card's best-read outline wins (an outline that may be two cards merged yields to two cards
    read inside it, :func:`cards_inside`); an unsure reading of a guessed outline is left out, and
    so are an outline where the card finder sees no card (:func:`seen_by_finder`) and one far
    smaller than the cards read surely (:func:`on_one_scale`). A card read with less than ``min_confidence`` (default: the
    model's own, from its label map) comes back uncertain, and so do two cards read as the same
    card (:func:`one_of_each`).
    """
    if min_confidence is None:
        min_confidence = reader.min_confidence
    classes = reader.card_classes
    look = reader.first_look(photo.image)   # one look of the card maps' network, the finder's and the spotter's
    finder_look = look if reader.finder else None
    outlines = find_outlines(photo.image, max_candidates, finder_look)
    colour = in_colour(photo.image)
    readings = read_outlines(photo, reader, outlines.quads, check_colour=colour)
    if reader.finder is not None:
        finer = outlines.finer(reader.finder, settled_outlines(readings, min_confidence), max_candidates)
        readings += read_outlines(photo, reader, finer.quads[len(outlines.quads):], check_colour=colour)
        outlines = finer
    if reader.spotter is not None:
        spotted = reader.spotter.new_outlines(photo.image, settled_outlines(readings, min_confidence), look=look)
        readings += read_spotted(photo, reader, spotted, check_colour=colour)
    guesses = outlines.guesses(max_guesses, settled_outlines(readings, min_confidence))
    readings += read_outlines(photo, reader, guesses, guessed=True, check_colour=colour)
    taken = take_cards(readings, photo, classes, min_confidence, reader.pips, colour)
    cards = one_of_each(on_one_scale(seen_by_finder(taken, finder_look, photo.image, photo.scale)))
    return Recognition(cards, photo.width, photo.height, min_confidence)
