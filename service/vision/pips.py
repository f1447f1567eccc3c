"""A second opinion on a card's suit: the pips in the middle of its face.

The corner reader reads the suit from the index's small symbol. At a few pixels a club and a spade
differ by little, and on other people's designs (shaded pips, thin clubs) the reader can be sure and
wrong. The pips of a two to a ten are the same symbol, larger and several times over. So the card is
rectified from its outline (:func:`.face.card_face`), its pips found (:func:`pip_crops`: print marks of
about one size, centred off the index corners), and a small CNN (``card_pips.onnx``, trained on the
generator's faces only by ``vision_models/train_pips.py``) gives each pip's suit. The pips' votes are
the mean of their log-probabilities (one symbol printed several times is not several independent
views, so they are not multiplied). A sure reading whose pips clearly name the other suit of its
colour is read as that suit's card of the same rank; one whose pips name it less clearly comes
back uncertain (:func:`pips_code`).

An ace is read as the other suit's only when its one mark clearly names it, and never put in doubt
(an ace of spades is most often an ornament, not a pip); court cards (art) are not checked. A
dark-faced deck (light pips on dark paper) is looked at in the negative, which prints its pips dark
on light paper, as the model was taught them::

    >>> face = np.full((FACE_H, FACE_W, 3), 235, np.uint8)
    >>> for x, y in [(35, 30), (65, 30), (50, 70), (35, 110), (65, 110)]:   # a five's pips
    ...     _ = cv2.circle(face, (x, y), 7, (20, 20, 20), -1)
    >>> crops, boxes = pip_crops(face)
    >>> crops.shape, sorted((int(x), int(y)) for x, y, *_ in boxes)[:2]
    ((5, 24, 24), [(30, 25), (30, 105)])
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from .face import FACE_H, FACE_W, INDEX_CORNER, NUMBER_RANKS, dark_faced
from .ink import ink_mask
from .onnx_session import cpu_session

PIP_SIDE = 24               # each pip's crop, square, grey, ink 1 and paper 0
PIP_MARGIN = 1.25           # the crop's side against the pip's longer side
PAPER_KERNEL = 7            # the paper's closing is 4/7 of the face's length (ink_mask closes a
                            # quarter-size copy by 1/7 of the size): wider than its largest pip
MIN_PIP = (6, 4, 12)        # a pip's bounding box at least this long and wide (pixels), and its area
MAX_PIP = (0.45, 0.35)      # and at most this share of the face's width and height
PIP_ASPECT = 2.2            # a pip's long side over its short side at most this
ONE_SIZE = (0.4, 2.5)       # the pips of a card: each within these factors of their median area
SUITS = "SHDC"              # the model's classes, in order
PARTNER_SHARE = 0.6         # the other suit of the read suit's colour has at least this share of
                            # the two suits' votes: the reading is in doubt (chosen on the tuning sets)
PARTNER_SURE = 0.7          # at least this share: the pips settle the suit (on the tuning sets the
                            # pips were right 45 times of 45 over it; lab notebook, 2026-12-04 21:02)
PARTNER = {"S": "C", "C": "S", "H": "D", "D": "H"}  # the other suit of each suit's colour
OTHER_COLOUR_SHARE = 0.7    # in a photo in greys, a suit of the other colour with at least this share of
                            # the votes puts a sure reading in doubt (the reader reads a diamond's colour
                            # more than its shape; chosen on scratch draws, lab notebook 2026-12-07 09:42)
GREY_SUIT_SURE = 0.9        # and with at least this share settles the suit: on scratch draws of photos in
                            # greys the pips were right 163 times of 163 over it (lab notebook, run GS)
MIN_PIPS = 2                # from at least this many pips (one mark alone may be a smudge), but
                            # an ace's one mark: its pip (or its ornament, which no vote settles)
MIRROR_TOLERANCE = (6.0, 7.0)   # a pip's mirror image lies within this many pixels across and along the
                                # face (of 100 x 140) of where the layout puts it (:func:`unmirrored`)
MIRROR_LEFT = 1                 # a number card's layout leaves at most this many pips unmatched (one missed)
SIDE_PIPS = 2                   # and holds at least this many pips in each side column (a six holds three),
SIDE_GAP = 25.0                 # the two side columns at least this many pixels apart (a quarter of the face),
COLUMN_RUN = 25.0               # each running at least this far down the face,
MIDDLE_PIPS = 3                 # and at most this many on the middle column (a ten holds two): of 1,318 six
                                # to ten pips laid out mirrored (scratch draws 34000-34002 and the real
                                # training photos, outlines jittered 3 %), 5 fall short (lab notebook, CP3)
ACE = "A"
CHECKED_RANKS = NUMBER_RANKS + (ACE,)
PIPS_FILE = "card_pips.onnx"
PIPS_SPEC = "pips.json"


def _pip_like(box: np.ndarray) -> bool:
    """A mark's bounding box (x, y, w, h, area) of a pip's size and shape, off the face's border and
    centred off the index corners."""
    x, y, w, h, area = (int(v) for v in box)
    if area < MIN_PIP[2] or max(w, h) < MIN_PIP[0] or min(w, h) < MIN_PIP[1]:
        return False
    if w > MAX_PIP[0] * FACE_W or h > MAX_PIP[1] * FACE_H or max(w, h) > PIP_ASPECT * min(w, h):
        return False
    if x <= 3 or y <= 3 or x + w >= FACE_W - 3 or y + h >= FACE_H - 3:
        return False
    # by its centre: some decks print their corner pips reaching into the index's box
    centre_x, centre_y = x + w / 2, y + h / 2
    corner_x, corner_y = INDEX_CORNER[0] * FACE_W, INDEX_CORNER[1] * FACE_H
    by_side = centre_x < corner_x or centre_x > FACE_W - corner_x
    by_end = centre_y < corner_y or centre_y > FACE_H - corner_y
    return not (by_side and by_end)


def pip_crops(face: np.ndarray) -> tuple[np.ndarray, list[np.ndarray]]:
    """The pips of a rectified ``face`` (:func:`.face.card_face`): crops ``(N, PIP_SIDE, PIP_SIDE)`` float32
    (ink 1, paper 0) and their bounding boxes (x, y, w, h, area); a dark-faced card's are found in its
    negative (:func:`.face.dark_faced`), where its light print is the dark ink."""
    empty = np.zeros((0, PIP_SIDE, PIP_SIDE), np.float32), []
    if dark_faced(face):
        face = cv2.bitwise_not(face)
    _, _, stats, _ = cv2.connectedComponentsWithStats(ink_mask(face, PAPER_KERNEL))
    boxes = [box for box in stats[1:] if _pip_like(box)]
    if not boxes:
        return empty
    median = float(np.median([box[4] for box in boxes]))
    boxes = [box for box in boxes if ONE_SIZE[0] * median <= box[4] <= ONE_SIZE[1] * median]
    grey = cv2.cvtColor(face, cv2.COLOR_BGR2GRAY)
    crops = []
    for x, y, w, h, _ in boxes:
        side = int(max(w, h) * PIP_MARGIN) + 2
        scale = PIP_SIDE / side
        shift = np.float32([[scale, 0, PIP_SIDE / 2 - (x + w / 2) * scale],
                            [0, scale, PIP_SIDE / 2 - (y + h / 2) * scale]])
        crop = cv2.warpAffine(grey, shift, (PIP_SIDE, PIP_SIDE), borderMode=cv2.BORDER_REPLICATE,
                              flags=cv2.INTER_AREA if side > PIP_SIDE else cv2.INTER_LINEAR).astype(np.float32)
        crops.append((crop.max() - crop) / max(float(crop.max() - crop.min()), 1.0))
    return np.stack(crops), boxes


def _centres(boxes: list[np.ndarray]) -> tuple[np.ndarray, float]:
    """The centres (x, y) of the pips ``boxes`` and their middle column: halfway between the
    outermost centres, so a face cut a little off centre has its column where its pips put it."""
    centres = np.array([[x + w / 2, y + h / 2] for x, y, w, h, _ in boxes], np.float32).reshape(-1, 2)
    column = (centres[:, 0].min() + centres[:, 0].max()) / 2 if len(centres) else 0.0
    return centres, float(column)


def unmirrored(boxes: list[np.ndarray]) -> int:
    """How many of the pips ``boxes`` (:func:`pip_crops`) have no mirror image across their middle
    column (:func:`_centres`): a number card's pips are laid out mirrored (a seven's and a nine's too,
    their odd pips on the middle column), a court picture broken into marks seldom is. A pip missed
    leaves only its mirror image unmatched; a pip matches within ``MIRROR_TOLERANCE`` (across,
    along) pixels of the face.

    >>> box = lambda x, y: np.array([x - 5, y - 6, 10, 12, 90])
    >>> six = [box(x, y) for x in (30, 70) for y in (30, 70, 110)]
    >>> marks = [box(20, 30), box(45, 50), box(80, 35), box(30, 100), box(60, 90), box(75, 120)]
    >>> unmirrored(six), unmirrored(six + [box(50, 50)]), unmirrored(six[:5]), unmirrored(marks)
    (0, 0, 1, 3)
    """
    return _unmatched(*_centres(boxes))


def _unmatched(centres: np.ndarray, column: float) -> int:
    """:func:`unmirrored` of pips already reduced to their centres and middle column (:func:`_centres`)."""
    across, along = MIRROR_TOLERANCE
    left = 0
    for number, (x, y) in enumerate(centres):
        if abs(x - column) <= across:
            continue
        mirrored = (np.abs(centres[:, 0] - (2 * column - x)) <= across) & (np.abs(centres[:, 1] - y) <= along)
        mirrored[number] = False
        left += not mirrored.any()
    return left


def number_layout(boxes: list[np.ndarray]) -> bool:
    """Whether the pips ``boxes`` (:func:`pip_crops`) are laid out as a number card's: mirrored
    (:func:`unmirrored`, at most ``MIRROR_LEFT`` unmatched) in two side columns of at least
    ``SIDE_PIPS`` pips each, ``SIDE_GAP`` px apart, each running ``COLUMN_RUN`` px down the face,
    with at most ``MIDDLE_PIPS`` on the middle column. Marks of a court picture may mirror by chance
    (a king's in a tuning deck did: one each side and four down the middle), seldom so.

    >>> box = lambda x, y: np.array([x - 5, y - 6, 10, 12, 90])
    >>> eight = [box(x, y) for x in (30, 70) for y in (30, 70, 110)] + [box(50, 50), box(50, 90)]
    >>> crown = [box(20, 40), box(80, 40)] + [box(50, y) for y in (20, 45, 70, 95)]   # one a side
    >>> row = [box(x, y) for x in (30, 70) for y in (60, 72)] + [box(50, 66), box(50, 100)]  # short columns
    >>> number_layout(eight), number_layout(eight[1:]), number_layout(crown), number_layout(row)   # one pip missed
    (True, True, False, False)
    """
    centres, column = _centres(boxes)
    if _unmatched(centres, column) > MIRROR_LEFT:
        return False
    across = MIRROR_TOLERANCE[0]
    sides = [centres[centres[:, 0] < column - across], centres[centres[:, 0] > column + across]]
    middle = len(centres) - len(sides[0]) - len(sides[1])
    if middle > MIDDLE_PIPS or min(len(side) for side in sides) < SIDE_PIPS:
        return False
    gap = float(sides[1][:, 0].mean() - sides[0][:, 0].mean())
    return gap >= SIDE_GAP and min(float(np.ptp(side[:, 1])) for side in sides) >= COLUMN_RUN


def pips_code(code: str, shares: np.ndarray | None) -> str | None:
    """The card the pips' vote (``shares``, one per suit of ``SUITS``; None when too few pips were
    found) makes of a sure reading ``code``: the same rank in the other suit of its colour when that
    suit holds at least ``PARTNER_SURE`` of the two suits' votes, None (in doubt) when it holds at
    least ``PARTNER_SHARE``, else ``code`` itself. Only within a colour: the model sees the pips in
    grey, and a spade whose thin stem is lost looks like a heart turned over (the reader seldom
    mistakes the colour, and the ink check of :mod:`.suit_colour` looks at that). Only a two to a
    ten of the standard deck is checked, and an ace is read as the other suit's when its marks (one
    is enough, :meth:`PipReader.code_of`) clearly name it, but never put in doubt.

    >>> pips_code("3S", np.array([0.03, 0.01, 0.01, 0.95])), pips_code("3S", np.array([0.2, 0.2, 0, 0.6]))
    ('3C', '3C')
    >>> pips_code("3S", np.array([0.3, 0.2, 0, 0.5]))   # 62.5 to 37.5 of the two: in doubt
    >>> pips_code("3S", np.array([0.45, 0, 0, 0.55]))   # 55 to 45: not clear enough
    '3S'
    >>> pips_code("7S", np.array([0.2, 0.7, 0.0, 0.1]))   # hearts: another colour, not the pips' call
    '7S'
    >>> clubs = np.array([0, 0, 0, 1.0])
    >>> pips_code("AS", clubs), pips_code("AS", np.array([0.35, 0, 0, 0.65])), pips_code("5S*", clubs), pips_code("9D", None)
    ('AC', 'AS', '5S*', '9D')
    """
    rank, suit = code[:-1], code[-1]
    if shares is None or rank not in CHECKED_RANKS or suit not in SUITS:
        return code
    if clear_suit(code, shares) == PARTNER[suit]:
        return rank + PARTNER[suit]
    if rank == ACE:   # no doubt: an ace's ornament votes any suit
        return code
    return None if partner_share(suit, shares) >= PARTNER_SHARE else code


def other_colour_vote(code: str, shares: np.ndarray | None) -> tuple[str, float] | None:
    """The suit of the other colour than ``code``'s that the pips' vote (``shares`` as for
    :func:`pips_code`) gives most, and its share; None when too few pips were found or ``code`` is
    no ace or two to a ten of the standard deck. In colour the index's ink settles the colour
    (:mod:`.suit_colour`); in a photo in greys only the shapes can, and the reader, which learned
    that diamonds are red, reads a grey diamond as a spade or a club now and then.

    >>> other_colour_vote("4S", np.array([0.05, 0.05, 0.85, 0.05])), other_colour_vote("QS", np.array([0, 0, 1.0, 0]))
    (('D', 0.85), None)
    """
    if shares is None or code[:-1] not in CHECKED_RANKS or code[-1] not in SUITS:
        return None
    best = max((number for number, suit in enumerate(SUITS) if suit not in (code[-1], PARTNER[code[-1]])),
               key=lambda number: shares[number])
    return SUITS[best], float(shares[best])


def other_colour(code: str, shares: np.ndarray | None) -> bool:
    """Whether the pips' vote (``shares`` as for :func:`pips_code`) gives a suit of the other colour
    than ``code``'s at least ``OTHER_COLOUR_SHARE`` of it (:func:`other_colour_vote`).

    >>> other_colour("4S", np.array([0.05, 0.05, 0.85, 0.05])), other_colour("4S", np.array([0.4, 0.3, 0.3, 0]))
    (True, False)
    >>> other_colour("4S", None), other_colour("QS", np.array([0, 0, 1.0, 0]))
    (False, False)
    """
    vote = other_colour_vote(code, shares)
    return vote is not None and vote[1] >= OTHER_COLOUR_SHARE


def other_colour_suit(code: str, shares: np.ndarray | None) -> str | None:
    """The suit of the other colour than ``code``'s that the pips' vote (``shares`` as for
    :func:`pips_code`) clearly names, at least ``GREY_SUIT_SURE`` of it (:func:`other_colour_vote`),
    or None: in a photo in greys, the card's suit.

    >>> other_colour_suit("4C", np.array([0.02, 0.01, 0.95, 0.02])), other_colour_suit("4C", np.array([0.1, 0.05, 0.85, 0]))
    ('D', None)
    """
    vote = other_colour_vote(code, shares)
    return vote[0] if vote is not None and vote[1] >= GREY_SUIT_SURE else None


def partner_share(suit: str, shares: np.ndarray) -> float:
    """Of the pips' votes for the two suits of ``suit``'s colour, the other suit's share.

    >>> round(partner_share("S", np.array([0.2, 0.1, 0.1, 0.6])), 2)
    0.75
    """
    read, partner = shares[SUITS.index(suit)], shares[SUITS.index(PARTNER[suit])]
    return float(partner / max(read + partner, 1e-12))


def clear_suit(code: str, shares: np.ndarray | None) -> str | None:
    """The suit of ``code``'s colour that holds at least ``PARTNER_SURE`` of the pips' votes for
    the two suits of that colour (``shares`` as for :func:`pips_code`), or None when neither does,
    too few pips were found, or ``code`` is no ace or two to a ten of the standard deck.

    >>> clear_suit("9S", np.array([0.2, 0.1, 0.1, 0.6])), clear_suit("9S", np.array([0.8, 0, 0.1, 0.1]))
    ('C', 'S')
    >>> clear_suit("9S", np.array([0.4, 0, 0, 0.6])), clear_suit("9S", None), clear_suit("QS", np.array([1.0, 0, 0, 0]))
    (None, None, None)
    """
    if shares is None or code[:-1] not in CHECKED_RANKS or code[-1] not in SUITS:
        return None
    other = partner_share(code[-1], shares)
    if other >= PARTNER_SURE:
        return PARTNER[code[-1]]
    return code[-1] if 1 - other >= PARTNER_SURE else None


@dataclass
class PipReader:
    """The pips' CNN: pip crops in, a suit per pip out."""

    session: object

    def suit_shares(self, face: np.ndarray, min_pips: int = MIN_PIPS,
                    crops: np.ndarray | None = None) -> np.ndarray | None:
        """The pips' vote on the suit of the card whose rectified face (:func:`.face.card_face`) is
        ``face`` (one share per suit of ``SUITS``, summing to 1), or None when fewer than ``min_pips``
        pips are found; ``crops``, the face's pips when already cut (:func:`pip_crops`)."""
        if crops is None:
            crops, _ = pip_crops(face)
        if len(crops) < min_pips:
            return None
        logits = self.session.run(None, {"pips": crops[:, None]})[0]
        logits = logits - logits.max(axis=1, keepdims=True)
        log_probabilities = logits - np.log(np.exp(logits).sum(axis=1, keepdims=True))
        vote = log_probabilities.mean(axis=0)
        vote = np.exp(vote - vote.max())
        return vote / vote.sum()

    def vote_on(self, face: np.ndarray, code: str, crops: np.ndarray | None = None) -> np.ndarray | None:
        """The pips' vote (:meth:`suit_shares`) on the card whose rectified face is ``face``, read as
        ``code``: an ace's from its one mark, a two to a ten's from at least ``MIN_PIPS`` pips; None
        for any other card (no pips to vote on) or too few pips found. ``crops``: the face's pips
        when already cut (:func:`pip_crops`)."""
        if code[:-1] not in CHECKED_RANKS:
            return None
        return self.suit_shares(face, min_pips=1 if code[:-1] == ACE else MIN_PIPS, crops=crops)

    def clear_suit_of(self, face: np.ndarray, code: str, crops: np.ndarray | None = None) -> str | None:
        """The suit of ``code``'s colour the pips of the card whose rectified face is ``face``
        clearly name (:func:`clear_suit`), or None; only an ace (from its one mark) and a two to a
        ten are looked at. ``crops``: the face's pips when already cut (:func:`pip_crops`)."""
        return clear_suit(code, self.vote_on(face, code, crops))

    def code_of(self, face: np.ndarray, code: str, crops: np.ndarray | None = None) -> str | None:
        """The card the pips of the card whose rectified face is ``face``, read surely as ``code``,
        make of it (:func:`pips_code`: ``code``, the same rank in the other suit of its colour, or
        None in doubt); only an ace (from its one mark) and a two to a ten are looked at. ``crops``:
        the face's pips when already cut (:func:`pip_crops`)."""
        return pips_code(code, self.vote_on(face, code, crops))


def check_pips(spec: dict) -> None:
    """Refuse a pip model trained on other crops than :func:`pip_crops` cuts.

    >>> check_pips({"face": [FACE_W, FACE_H], "pip_side": PIP_SIDE, "suits": SUITS})
    >>> check_pips({"face": [100, 140], "pip_side": 32, "suits": SUITS})
    Traceback (most recent call last):
    ...
    ValueError: pip crops of 32 px from a [100, 140] face, suits SHDC; this service cuts 24 px, [100, 140], SHDC
    """
    given = (list(spec.get("face", [])), spec.get("pip_side"), spec.get("suits"))
    if given != ([FACE_W, FACE_H], PIP_SIDE, SUITS):
        raise ValueError(f"pip crops of {given[1]} px from a {given[0]} face, suits {given[2]}; "
                         f"this service cuts {PIP_SIDE} px, {[FACE_W, FACE_H]}, {SUITS}")


def load_pips(model_dir: Path, intra_threads: int = 1, inter_threads: int = 1) -> PipReader | None:
    """The pip model in ``model_dir``, or None when it holds none (no suit is then checked by its pips)."""
    if not (model_dir / PIPS_FILE).exists():
        return None
    check_pips(json.loads((model_dir / PIPS_SPEC).read_text()))
    return PipReader(cpu_session(model_dir / PIPS_FILE, intra_threads, inter_threads))
