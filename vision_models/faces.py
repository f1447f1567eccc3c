"""Card faces in many styles: the 52 standard cards and the special cards, drawn with OpenCV.

A style is drawn at random from a seeded generator: index font (the Hershey faces, italic or not, or a
TrueType face rendered with Pillow when the ``train`` extra is installed: the TeX Gyre faces committed
in ``vision_models/fonts`` or the system's DejaVu faces), index
size (6-19 % of the card height; the whole index within 37 % of it) and place, sometimes boxed, suit symbols (procedural shapes or font glyphs), pip spread, pen width, ink colours, paper colour (light, cream, or a dark-faced deck),
suit shapes, pip layouts, court-card stand-ins (sparse shapes in a frame; for the reader's patches
also dense figures beside the index, :func:`dense_court_art`, and corners crowded by large pips and
court symbols, :func:`random_crowding`, ranks in one thin pen, :func:`random_light_weight`, and an
inner frame beside the index, :func:`random_frame`), two or four indices::

    >>> rng = np.random.default_rng(0)
    >>> render_face("10H", random_style(rng), rng).shape
    (350, 250, 3)
"""

from __future__ import annotations

from functools import lru_cache
from importlib.util import find_spec
from pathlib import Path

import cv2
import numpy as np

from .shapes import GLYPHS, suit_polygons, text_strokes, text_width
from .special_cards import SPECIAL_CODES
from .special_cards import render as render_special

FACE_W, FACE_H = 250, 350
INDEX_BOTTOM = 0.37
"""The lowest an index reaches, as a fraction of the card's height (big indices, as some decks
print them, reach past 30 %; the reader's corner patch covers 40 %)."""
INDEX_REGION = (0.34, 0.4)
"""The corner region (fractions of width and height) that holds an index and is copied to the other corners."""
JUMBO_REGION = (0.42, 0.5)
"""The same for a jumbo index (:func:`jumbo_index`), which reaches past ``INDEX_REGION``."""
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("S", "H", "D", "C")
STANDARD_CODES = tuple(rank + suit for rank in RANKS for suit in SUITS)
CLASSES = STANDARD_CODES + SPECIAL_CODES + ("NONE",)
"""Classifier outputs: 52 standard cards, the special cards, and NONE (no index in this patch)."""

TRUETYPE_DIR = Path("/usr/share/fonts/truetype/dejavu")
TRUETYPE_SLOTS = 20
"""How many DejaVu faces a style chooses among, so the random draws are the same whether or not the
fonts and Pillow are installed; without them those styles fall back to Hershey."""
DEJAVU = tuple(str(p) for p in sorted(TRUETYPE_DIR.glob("DejaVu*.ttf")) if "Math" not in p.name
               and "ExtraLight" not in p.name) if TRUETYPE_DIR.is_dir() else ()
VENDORED_FONTS = tuple(str(p) for p in sorted((Path(__file__).resolve().parent / "fonts").glob("*.otf")))
"""The TeX Gyre faces committed in ``vision_models/fonts`` (Times, Helvetica, Palatino, Century
Schoolbook, Bookman, Avant Garde, Courier and Zapf Chancery look-alikes), for rank indices."""
SUIT_FONTS = tuple(p for p in VENDORED_FONTS if "adventor" in p or "pagella" in p)
"""The TeX Gyre faces that also draw the four suit symbols (each its own shapes, unlike DejaVu's faces,
which share one design)."""
HAS_PIL = find_spec("PIL") is not None
"""Pillow (the ``train`` and ``test`` extras) renders the TrueType faces."""
SUIT_GLYPHS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
GLYPH_SIZE = 160
"""The height in pixels glyph masks are rendered at, before they are scaled to a rank or a pip."""

FONTS = (cv2.FONT_HERSHEY_SIMPLEX, cv2.FONT_HERSHEY_DUPLEX, cv2.FONT_HERSHEY_COMPLEX,
         cv2.FONT_HERSHEY_TRIPLEX, cv2.FONT_HERSHEY_PLAIN, cv2.FONT_HERSHEY_COMPLEX_SMALL)

# Pip centres (x, y in card fractions) for 2..10, after the usual layouts.
_COL = (0.30, 0.50, 0.70)
PIPS = {
    1: [(0.5, 0.5)],
    2: [(0.5, 0.2), (0.5, 0.8)],
    3: [(0.5, 0.2), (0.5, 0.5), (0.5, 0.8)],
    4: [(0.3, 0.2), (0.7, 0.2), (0.3, 0.8), (0.7, 0.8)],
    5: [(0.3, 0.2), (0.7, 0.2), (0.5, 0.5), (0.3, 0.8), (0.7, 0.8)],
    6: [(0.3, 0.2), (0.7, 0.2), (0.3, 0.5), (0.7, 0.5), (0.3, 0.8), (0.7, 0.8)],
    7: [(0.3, 0.2), (0.7, 0.2), (0.5, 0.35), (0.3, 0.5), (0.7, 0.5), (0.3, 0.8), (0.7, 0.8)],
    8: [(0.3, 0.2), (0.7, 0.2), (0.5, 0.35), (0.3, 0.5), (0.7, 0.5), (0.5, 0.65), (0.3, 0.8), (0.7, 0.8)],
    9: [(0.3, 0.2), (0.7, 0.2), (0.3, 0.4), (0.7, 0.4), (0.5, 0.5), (0.3, 0.6), (0.7, 0.6), (0.3, 0.8),
        (0.7, 0.8)],
    10: [(0.3, 0.2), (0.7, 0.2), (0.5, 0.3), (0.3, 0.4), (0.7, 0.4), (0.3, 0.6), (0.7, 0.6), (0.5, 0.7),
         (0.3, 0.8), (0.7, 0.8)],
}


def random_style(rng: np.random.Generator) -> dict:
    """One deck's look."""
    dark = rng.random() < 0.1
    if dark:
        paper = tuple(int(v) for v in rng.integers(5, 45, 3))
        red = tuple(int(v) for v in (rng.integers(30, 90), rng.integers(30, 90), rng.integers(170, 255)))
        black = tuple(int(v) for v in (rng.integers(40, 120), rng.integers(150, 220), rng.integers(190, 255)))
    else:
        base = int(rng.integers(215, 256))
        tint = rng.integers(-15, 6, 3) if rng.random() < 0.4 else np.zeros(3, int)
        paper = tuple(int(np.clip(base + t, 0, 255)) for t in tint)
        red = tuple(int(v) for v in (rng.integers(0, 70), rng.integers(0, 60), rng.integers(150, 240)))
        black = tuple(int(v) for v in rng.integers(0, 60, 3))
    rank_h = float(rng.uniform(0.06, 0.19))
    suit_h = float(np.clip(rank_h * rng.uniform(0.5, 0.9), 0.04, 0.12))
    index_y, gap = float(rng.uniform(0.02, 0.06)), float(rng.uniform(0.0, 0.02))
    fit = min(1.0, (INDEX_BOTTOM - index_y) / (rank_h + gap + suit_h))
    big_index = index_y + (rank_h + gap + suit_h) * fit > 0.31
    truetype = _truetype(rng, 0.75)
    return {
        "truetype": truetype,
        "glyph_suits": _truetype(rng, 0.35, suits=True),
        # pips keep clear of a big index, as a deck designed around one does
        "pip_spread": (float(rng.uniform(0.8, 0.95 if big_index else 1.3)), float(rng.uniform(0.85, 1.15))),
        "index_box": bool(rng.random() < 0.08),          # the index framed (as some decks print it)
        "strokes": bool(rng.random() < 0.08),            # the special cards' stroke letters (A, 5, J, K)
        "court_inset": (float(rng.uniform(0.12, 0.26)), float(rng.uniform(0.08, 0.2))),
        "paper": paper, "red": red, "black": black, "dark": dark,
        "font": int(rng.choice(FONTS)), "italic": bool(rng.random() < 0.15),
        "bold": float(rng.uniform(0.7, 1.6)),
        "rank_h": rank_h * fit,                           # rank height, fraction of card height
        "suit_h": suit_h * fit,                           # index suit height
        "index_x": float(rng.uniform(0.02, 0.08)), "index_y": index_y,
        "gap": gap * fit,
        "condensed": float(rng.uniform(0.7, 1.05)),       # width squeeze of the rank
        "four_index": bool(rng.random() < 0.15),
        "pip_size": float(rng.uniform(0.11, 0.17)),
        "suit_variant": float(rng.random()),
        "border": bool(rng.random() < 0.35),
        "court_colours": [tuple(int(v) for v in rng.integers(0, 256, 3)) for _ in range(3)],
    }


def _truetype(rng: np.random.Generator, chance: float, suits: bool = False) -> str | None:
    """A TrueType face with this chance: for ranks one of the vendored faces or a DejaVu slot, for
    suit symbols one of the vendored faces with suits or a DejaVu slot (None without Pillow or the
    DejaVu fonts; the same draws either way)."""
    if rng.random() >= chance:
        return None
    vendored = SUIT_FONTS if suits else VENDORED_FONTS
    slot = int(rng.integers(0, len(vendored) + (len(DEJAVU) or TRUETYPE_SLOTS)))
    if not HAS_PIL:
        return None
    if slot < len(vendored):
        return vendored[slot]
    return DEJAVU[slot - len(vendored)] if DEJAVU else None


def _ink(style: dict, suit: str):
    return style["red"] if suit in "HD" else style["black"]


@lru_cache(maxsize=512)
def glyph_mask(font_path: str, text: str) -> np.ndarray:
    """``text`` in a TrueType face, a tight uint8 mask about ``GLYPH_SIZE`` px tall (rendered once, then
    scaled)."""
    from PIL import Image, ImageDraw, ImageFont

    font = ImageFont.truetype(font_path, GLYPH_SIZE)
    left, top, right, bottom = font.getbbox(text)
    canvas = Image.new("L", (right - left + 4, bottom - top + 4), 0)
    ImageDraw.Draw(canvas).text((2 - left, 2 - top), text, fill=255, font=font)
    mask = np.asarray(canvas)
    rows, cols = np.nonzero(mask)
    return mask[rows.min():rows.max() + 1, cols.min():cols.max() + 1].copy()


def random_light_weight(rng: np.random.Generator) -> float:
    """A deck whose ranks are printed in a light weight (for :func:`render_face`'s ``style["light"]``):
    every stroke one pen's width, that fraction of the rank's height, as some published decks print
    thin sans letters (the generator's faces are regular or bold; DejaVu's ExtraLight, left out of
    them, is one such face).

    >>> 0.025 <= random_light_weight(np.random.default_rng(0)) <= 0.06
    True
    """
    return float(rng.uniform(0.025, 0.06))


FRAME_COLOURS = ((40, 60, 150), (60, 80, 120), (40, 140, 190), (130, 90, 40), (60, 120, 60), (120, 120, 120))
"""An inner frame's colours other than the suit's ink (BGR): brick red, brown, gold, blue, green, grey."""


def random_frame(rng: np.random.Generator, curls: float = 0.6) -> dict:
    """How one deck frames its faces (for :func:`render_face`'s ``style["frame"]``): a thin line
    round the middle of the face, ``gap`` (a fraction of the card's width) right of the widest index
    and ``top`` of the card's height from its ends, ``pen`` pixels wide, in the suit's ink or in one
    of :data:`FRAME_COLOURS`, sometimes doubled, and with the chance ``curls`` with curls at its
    corners, which reach into the space beside the index. Several published decks print their
    faces so (ornamental faces, a frame with scrollwork in a colour of its own); the project's
    ``border`` is a plain line at the card's edge, and no other face of the generator draws anything
    that close beside a number card's index (its court cards frame their picture there).

    >>> frame = random_frame(np.random.default_rng(0))
    >>> sorted(frame), 0.0 <= frame["gap"] <= 0.05
    (['colour', 'curl', 'double', 'gap', 'pen', 'top'], True)
    """
    colour = None if rng.random() < 0.4 else FRAME_COLOURS[int(rng.integers(0, len(FRAME_COLOURS)))]
    return {"gap": float(rng.uniform(0.0, 0.05)), "top": float(rng.uniform(0.03, 0.12)),
            "pen": int(rng.integers(1, 4)), "colour": colour, "double": bool(rng.random() < 0.3),
            "curl": float(rng.uniform(0.03, 0.07)) if rng.random() < curls else 0.0}


def _framed(face, code, style) -> None:
    """The inner frame of ``style["frame"]`` (:func:`random_frame`), drawn under the pips and the
    indices: beside the widest index of the card's suit, and when the frame curls, a curl at each
    corner turning out towards the card's corner."""
    frame = style["frame"]
    colour = frame["colour"] or _ink(style, code[-1])
    right, _ = index_extent("10" + code[-1], style)
    x0, y0 = int((right + frame["gap"]) * FACE_W), int(frame["top"] * FACE_H)
    x1, y1 = FACE_W - 1 - x0, FACE_H - 1 - y0
    if x1 - x0 < 0.3 * FACE_W:   # a wide index leaves no room for a frame
        return
    insets = (0, 2 * frame["pen"] + 3) if frame["double"] else (0,)
    for inset in insets:
        cv2.rectangle(face, (x0 + inset, y0 + inset), (x1 - inset, y1 - inset), colour, frame["pen"], cv2.LINE_AA)
    if not frame["curl"]:
        return
    radius = frame["curl"] * FACE_W
    turns = np.linspace(0, 2.2 * np.pi, 40)
    for cx, cy, sx, sy in ((x0, y0, -1, -1), (x1, y0, 1, -1), (x1, y1, 1, 1), (x0, y1, -1, 1)):
        # a spiral leaving the corner along the top or bottom line and winding in outside the frame
        r = radius * (1 - turns / (3 * np.pi))
        xs = cx + sx * radius + sx * r * np.cos(turns + np.pi)
        ys = cy + sy * r * np.sin(turns) * -1
        points = np.round(np.stack([xs, ys], axis=1) * 16).astype(np.int32)
        cv2.polylines(face, [points], False, colour, max(1, frame["pen"] - 1), cv2.LINE_AA, shift=4)


def skeleton(mask: np.ndarray) -> np.ndarray:
    """The morphological skeleton of a uint8 mask (Lantuejoul's: what each erosion's opening loses),
    255 on it: the centre lines of a glyph's strokes, whatever their widths (and, from a sharp
    corner, a spur into it: the medial axis).

    >>> bar = np.zeros((9, 20), np.uint8); bar[2:7, 3:17] = 255
    >>> lines = skeleton(bar) > 0
    >>> np.nonzero(lines[4])[0].tolist(), int(lines.sum())   # the middle row, and the corners' spurs
    ([5, 6, 7, 8, 9, 10, 11, 12, 13, 14], 18)
    """
    cross = cv2.getStructuringElement(cv2.MORPH_CROSS, (3, 3))
    shape = (mask > 127).astype(np.uint8)
    lines = np.zeros_like(shape)
    while shape.any():
        eroded = cv2.erode(shape, cross)
        lines |= shape & (1 - cv2.dilate(eroded, cross))
        shape = eroded
    return lines * 255


@lru_cache(maxsize=512)
def hershey_mask(font: int, text: str) -> np.ndarray:
    """``text`` in one of OpenCV's built-in faces at its lightest (thickness 1; OpenCV 5 draws any
    thickness from 2 as its bold weight), a tight uint8 mask about ``GLYPH_SIZE`` px tall, as
    :func:`glyph_mask` renders a TrueType face."""
    (w, h), baseline = cv2.getTextSize(text, font, 1.0, 1)
    scale = GLYPH_SIZE / max(h, 1)
    canvas = np.zeros((int((h + baseline) * scale) + 40, int(w * scale) + 40), np.uint8)
    cv2.putText(canvas, text, (20, int(h * scale) + 20), font, scale, 255, 1, cv2.LINE_AA)
    rows, cols = np.nonzero(canvas)
    return canvas[rows.min():rows.max() + 1, cols.min():cols.max() + 1].copy()


@lru_cache(maxsize=512)
def light_glyph_mask(face: str | int, text: str, pen: int) -> np.ndarray:
    """``text`` in ``face`` (a TrueType file, :func:`glyph_mask`, or an OpenCV face,
    :func:`hershey_mask`) redrawn with one round pen ``pen`` px wide at its ``GLYPH_SIZE``: its skeleton,
    thickened. Serifs and hairlines turn into strokes of the same width, as a light sans face
    draws them."""
    mask = glyph_mask(face, text) if isinstance(face, str) else hershey_mask(face, text)
    # rounded first: a sharp corner or a serif gives the skeleton a spur
    mask = cv2.GaussianBlur(mask, (0, 0), 0.02 * mask.shape[0])
    pen_shape = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (pen, pen))
    return cv2.GaussianBlur(cv2.dilate(skeleton(mask), pen_shape), (3, 3), 0)


def _paste_glyph(image, mask, cx, cy, height, colour, turned=False) -> None:
    """Blend a glyph mask scaled to ``height`` px, centred at (cx, cy)."""
    h, w = mask.shape
    size = (max(1, int(round(w * height / h))), max(1, int(round(height))))
    scaled = cv2.resize(mask, size, interpolation=cv2.INTER_AREA)
    if turned:
        scaled = scaled[::-1, ::-1]
    _blend(image, scaled, int(round(cx - size[0] / 2)), int(round(cy - size[1] / 2)), colour)


def draw_suit(image, suit, cx, cy, size, colour, variant, turned=False, font: str | None = None,
              shape: dict | None = None) -> None:
    """Fill the suit symbol centred at (cx, cy) in pixels, ``size`` pixels tall (a font's glyph if
    given, else :func:`.shapes.suit_polygons` with ``variant`` and ``shape``)."""
    if font:
        _paste_glyph(image, glyph_mask(font, SUIT_GLYPHS[suit]), cx, cy, size, colour, turned)
        return
    polys = []
    for poly in suit_polygons(suit, variant, shape):
        pts = (poly - 0.5) * size
        if turned:
            pts = -pts
        polys.append(np.round((pts + [cx, cy]) * 16).astype(np.int32))
    for p in polys:
        cv2.fillPoly(image, [p], colour, cv2.LINE_AA, shift=4)


def _opencv_face(style: dict) -> int:
    """The style's OpenCV face, italic or not."""
    return style["font"] | (cv2.FONT_ITALIC if style["italic"] else 0)


def _rank_mask(text: str, style: dict) -> np.ndarray | None:
    """The mask a rank is scaled from: a light deck's skeleton of its face (TrueType or OpenCV's),
    one pen wide (:func:`light_glyph_mask`), or the TrueType glyph; None for an OpenCV face at its
    own weight, which :func:`_draw_rank` draws at the rank's size."""
    if style.get("light"):
        pen = max(3, int(round(style["light"] * GLYPH_SIZE)) | 1)
        return light_glyph_mask(style.get("truetype") or _opencv_face(style), text, pen)
    if style.get("truetype"):
        return glyph_mask(style["truetype"], text)
    return None


def _draw_rank(image, text, x, y, height, style, colour) -> float:
    """Draw ``text`` with its top-left near (x, y), ``height`` px tall; returns its bottom y."""
    light = style.get("light")
    if style.get("strokes") and all(c in GLYPHS for c in text):
        thickness = max(1 if light else 2, int(round(height * (light or 0.1 * style["bold"]))))
        lines = [np.round(line * 16).astype(np.int32) for line in text_strokes(text, x, y, height)]
        cv2.polylines(image, lines, False, colour, thickness, cv2.LINE_AA, shift=4)
        return y + height
    mask = _rank_mask(text, style)
    if mask is not None:
        h, w = mask.shape
        width = w * height / h * style["condensed"] * (0.85 if len(text) == 2 else 1.0)
        scaled = cv2.resize(mask, (max(1, int(round(width))), max(1, int(round(height)))),
                            interpolation=cv2.INTER_AREA)
        _blend(image, scaled, int(x), int(y), colour)
        return y + height
    font = _opencv_face(style)
    (w, h), _ = cv2.getTextSize(text, font, 1.0, 1)
    scale = height / max(h, 1)
    thickness = max(1, int(round(scale * style["bold"] * 1.6)))
    canvas_w, canvas_h = int(w * scale + 4 * thickness + 8), int(height + 4 * thickness + 8)
    canvas = np.zeros((canvas_h, canvas_w), np.uint8)
    cv2.putText(canvas, text, (thickness + 2, int(height + thickness + 2)), font, scale, 255, thickness,
                cv2.LINE_AA)
    squeeze = style["condensed"] * (0.78 if len(text) == 2 else 1.0)
    canvas = cv2.resize(canvas, (max(1, int(canvas_w * squeeze)), canvas_h))
    _blend(image, canvas, int(x) - thickness - 2, int(y) - thickness - 2, colour)
    return y + height


def _blend(image, mask, x, y, colour) -> None:
    h, w = mask.shape
    H, W = image.shape[:2]
    x0, y0, x1, y1 = max(x, 0), max(y, 0), min(x + w, W), min(y + h, H)
    if x1 <= x0 or y1 <= y0:
        return
    alpha = mask[y0 - y:y1 - y, x0 - x:x1 - x, None].astype(np.float32) / 255
    region = image[y0:y1, x0:x1].astype(np.float32)
    image[y0:y1, x0:x1] = (region * (1 - alpha) + np.array(colour, np.float32) * alpha).astype(np.uint8)


def jumbo_index(style: dict, rng: np.random.Generator) -> dict:
    """``style`` with a jumbo index, as decks sold for poor sight or for reading across a table print
    it: a rank about a fifth of the card tall over a suit mark three quarters as tall, reaching
    31-44 % down the card, where the generator's training decks stop at ``INDEX_BOTTOM`` (the reader
    never saw one); the pips and the court frame kept clear of it. Only an evaluation set draws it
    (``evaluate --jumbo``), to measure how the reader fares with an index larger than any it was
    taught.

    >>> rng = np.random.default_rng(0)
    >>> right, bottom = index_extent("QC", jumbo_index(random_style(rng), rng))
    >>> bottom > INDEX_BOTTOM, bottom < JUMBO_REGION[1]
    (True, True)
    """
    return {**style, "rank_h": float(rng.uniform(0.17, 0.22)), "suit_h": float(rng.uniform(0.12, 0.16)),
            "index_y": float(rng.uniform(0.02, 0.045)), "gap": float(rng.uniform(0.0, 0.012)),
            "index_region": JUMBO_REGION, "four_index": False,
            "pip_spread": (float(rng.uniform(0.7, 0.85)), float(rng.uniform(0.85, 1.0))),
            "court_inset": (float(rng.uniform(0.3, 0.36)), float(rng.uniform(0.12, 0.2)))}


def _index_corner(code, style) -> tuple[np.ndarray, np.ndarray]:
    """The top-left index (rank over suit) drawn on the style's paper: the corner region
    (:data:`INDEX_REGION`, or the style's ``index_region``) and its ink mask."""
    rank, suit = code[:-1], code[-1]
    half = np.full((FACE_H, FACE_W, 3), style["paper"], np.uint8)
    colour = _ink(style, suit)
    x, y = style["index_x"] * FACE_W, style["index_y"] * FACE_H
    rank_h = style["rank_h"] * FACE_H
    bottom = _draw_rank(half, rank, x, y, rank_h, style, colour)
    suit_h = style["suit_h"] * FACE_H
    centre_x = x + min(rank_h * 0.45 * (len(rank) * 0.8), rank_h * 0.75)
    draw_suit(half, suit, centre_x, bottom + style["gap"] * FACE_H + suit_h * 0.6, suit_h, colour,
              style["suit_variant"], font=style.get("glyph_suits"), shape=style.get("suit_shape"))
    region = style.get("index_region", INDEX_REGION)
    region_w, region_h = int(FACE_W * region[0]), int(FACE_H * region[1])
    corner = half[:region_h, :region_w]
    ink = np.any(corner != np.array(style["paper"], np.uint8), axis=2)
    if style.get("index_box") and ink.any():
        _frame(corner, ink, colour)
        ink = np.any(corner != np.array(style["paper"], np.uint8), axis=2)
    return corner, ink


def index_extent(code, style) -> tuple[float, float]:
    """How far the top-left index's ink reaches right and down, fractions of the card's width and
    height.

    >>> style = random_style(np.random.default_rng(0))
    >>> right, bottom = index_extent("10H", style)
    >>> style["index_x"] < right < INDEX_REGION[0], style["index_y"] < bottom < INDEX_REGION[1]
    (True, True)
    """
    rows, cols = np.nonzero(_index_corner(code, style)[1])
    return (int(cols.max()) + 1) / FACE_W, (int(rows.max()) + 1) / FACE_H


def _index(face, code, style) -> None:
    """Top-left index (rank over suit), then the same turned half a turn at bottom-right."""
    corner, ink = _index_corner(code, style)
    region_w, region_h = corner.shape[1], corner.shape[0]
    places = [(slice(0, region_h), slice(0, region_w), corner, ink),
              (slice(FACE_H - region_h, FACE_H), slice(FACE_W - region_w, FACE_W),
               corner[::-1, ::-1], ink[::-1, ::-1])]
    if style["four_index"]:
        places += [(slice(0, region_h), slice(FACE_W - region_w, FACE_W), corner, ink),
                   (slice(FACE_H - region_h, FACE_H), slice(0, region_w), corner[::-1, ::-1], ink[::-1, ::-1])]
    for rows, cols, pixels, mask in places:
        face[rows, cols][mask] = pixels[mask]


def _frame(corner: np.ndarray, ink: np.ndarray, colour) -> None:
    """A thin rounded-looking box around the index's ink, as some decks print it."""
    rows, cols = np.nonzero(ink)
    pad = max(2, int(0.15 * (rows.max() - rows.min()) / 3))
    top, left = max(rows.min() - pad, 1), max(cols.min() - pad, 1)
    bottom = min(rows.max() + pad, corner.shape[0] - 2)
    right = min(cols.max() + pad, corner.shape[1] - 2)
    cv2.rectangle(corner, (int(left), int(top)), (int(right), int(bottom)), colour, 2, cv2.LINE_AA)


COURT_PALETTE = ((40, 40, 200), (170, 70, 40), (40, 190, 230), (25, 25, 25), (150, 190, 235),
                 (60, 140, 60), (120, 50, 150))
"""BGR colours of printed court figures: red, blue, gold, black, skin, green, purple."""


def dense_court_art(face: np.ndarray, box: tuple[int, int, int, int], rng: np.random.Generator) -> None:
    """A busy court figure drawn in ``box`` (x0, y0, x1, y1): large filled robes, then many small
    outlined shapes, beads and hatching in a printed palette, the upper half turned onto the lower
    half one time in two (a double-headed figure). Other decks' court art is dense picture detail
    next to the index, which the sparse stand-ins of :func:`_centre` do not show the reader.

    >>> face = np.full((FACE_H, FACE_W, 3), 240, np.uint8)
    >>> dense_court_art(face, (30, 30, 220, 320), np.random.default_rng(1))
    >>> bool((face[30:320, 30:220] != 240).any(axis=2).mean() > 0.5), bool((face[:25] == 240).all())
    (True, True)
    """
    x0, y0, x1, y1 = box
    palette = [COURT_PALETTE[int(i)] for i in rng.choice(len(COURT_PALETTE), size=4, replace=False)]
    region = face[y0:y1, x0:x1]
    h, w = region.shape[:2]
    for _ in range(int(rng.integers(3, 7))):  # robes: large filled shapes
        pts = (rng.random((int(rng.integers(4, 8)), 2)) * [w, h]).astype(np.int32)
        cv2.fillPoly(region, [cv2.convexHull(pts)], palette[int(rng.integers(0, 4))], cv2.LINE_AA)
    for _ in range(int(rng.integers(30, 110))):  # detail: small shapes with black line work
        colour = palette[int(rng.integers(0, 4))]
        centre = (int(rng.integers(0, w)), int(rng.integers(0, h)))
        kind = rng.random()
        if kind < 0.45:
            pts = (np.array(centre) + rng.normal(0, rng.uniform(3, 12), (int(rng.integers(3, 6)), 2))).astype(np.int32)
            cv2.fillPoly(region, [pts], colour, cv2.LINE_AA)
            cv2.polylines(region, [pts], True, (20, 20, 20), 1, cv2.LINE_AA)
        elif kind < 0.7:
            cv2.circle(region, centre, int(rng.integers(1, 5)), colour, -1, cv2.LINE_AA)
        else:
            end = (np.array(centre) + rng.normal(0, 15, 2)).astype(int)
            cv2.line(region, centre, (int(end[0]), int(end[1])), (20, 20, 20) if rng.random() < 0.5 else colour,
                     int(rng.integers(1, 3)), cv2.LINE_AA)
    if rng.random() < 0.5:
        region[h - h // 2:] = region[:h // 2][::-1, ::-1]


def _dense_court(face, style, colour, rng) -> None:
    """A court card's dense figure (:func:`dense_court_art`), framed three times in five; the index
    keeps its paper: the figure starts beside the index column, or (two times in five) reaches past
    it with a patch of paper left around each index."""
    right = style["index_x"] + 1.05 * style["rank_h"] * FACE_H / FACE_W + 0.02
    bottom = style["index_y"] + style["rank_h"] + style["gap"] + 1.1 * style["suit_h"] + 0.02
    wraps = rng.random() < 0.4
    ix = float(rng.uniform(0.06, 0.12)) if wraps else right + float(rng.uniform(0.0, 0.05))
    iy = float(rng.uniform(0.03, 0.1)) if wraps else float(rng.uniform(0.03, 0.14))
    box = (int(ix * FACE_W), int(iy * FACE_H), int((1 - ix) * FACE_W), int((1 - iy) * FACE_H))
    dense_court_art(face, box, rng)
    if rng.random() < 0.6:
        cv2.rectangle(face, box[:2], box[2:], colour, int(rng.integers(1, 4)), cv2.LINE_AA)
    if wraps:
        paper = (int(right * FACE_W), int(bottom * FACE_H))
        corners = [(0, 0), (FACE_W - paper[0], FACE_H - paper[1])]
        if style["four_index"]:
            corners += [(FACE_W - paper[0], 0), (0, FACE_H - paper[1])]
        for x, y in corners:
            cv2.rectangle(face, (x, y), (x + paper[0], y + paper[1]), style["paper"], -1)


def _centre(face, code, style, rng) -> None:
    rank, suit = code[:-1], code[-1]
    colour = _ink(style, suit)
    if rank in "JQK" and style.get("dense_art"):
        _dense_court(face, style, colour, rng)
        return
    if rank in "JQK" and style.get("crowded"):
        _crowded_court(face, code, style, colour, rng)
        return
    if rank in "JQK":
        ix, iy = style.get("court_inset", (0.2, 0.15))
        x0, y0, x1, y1 = int(ix * FACE_W), int(iy * FACE_H), int((1 - ix) * FACE_W), int((1 - iy) * FACE_H)
        cv2.rectangle(face, (x0, y0), (x1, y1), colour, 2, cv2.LINE_AA)
        _sparse_court_art(face, (x0, y0, x1, y1), style, rng)
        _draw_rank(face, rank, x0 + 10, y0 + 10, 0.12 * FACE_H, style, colour)
        draw_suit(face, suit, x1 - 30, y1 - 30, 0.08 * FACE_H, colour, style["suit_variant"],
                  shape=style.get("suit_shape"))
        return
    count = 1 if rank == "A" else int(rank)
    size = style["pip_size"] * FACE_H * (0.8 if count >= 9 else 1.0)
    if count == 1:
        size *= float(rng.uniform(1.3, 2.2))
    sx, sy = style.get("pip_spread", (1.0, 1.0))
    if style.get("crowded") and count >= 4:
        size *= style["crowded"]["pip_scale"]
        sx, sy = _spread_beside_index(code, style, size * 0.55)
    for px, py in PIPS[count]:
        draw_suit(face, suit, (0.5 + (px - 0.5) * sx) * FACE_W, (0.5 + (py - 0.5) * sy) * FACE_H,
                  size * 0.55 if count > 1 else size * 0.6, colour, style["suit_variant"], turned=py > 0.55,
                  font=style.get("glyph_suits"), shape=style.get("suit_shape"))


def _sparse_court_art(face, box: tuple[int, int, int, int], style, rng) -> None:
    """The court stand-in's few shapes (polygons, discs, strokes) in the style's court colours."""
    x0, y0, x1, y1 = box
    for _ in range(int(rng.integers(4, 14))):
        c = style["court_colours"][int(rng.integers(0, 3))]
        kind = rng.random()
        if kind < 0.6:
            pts = rng.integers([x0, y0], [x1, y1], size=(int(rng.integers(3, 6)), 2)).astype(np.int32)
            cv2.fillPoly(face, [pts], c, cv2.LINE_AA)
            if rng.random() < 0.5:
                cv2.polylines(face, [pts], True, (20, 20, 20), 1, cv2.LINE_AA)
        elif kind < 0.8:
            centre = tuple(int(v) for v in rng.integers([x0, y0], [x1, y1]))
            cv2.circle(face, centre, int(rng.integers(5, 30)), c, -1 if rng.random() < 0.6 else 2, cv2.LINE_AA)
        else:
            for _ in range(int(rng.integers(3, 8))):
                a, b = rng.integers([x0, y0], [x1, y1], size=(2, 2))
                cv2.line(face, tuple(int(v) for v in a), tuple(int(v) for v in b), c,
                         int(rng.integers(1, 4)), cv2.LINE_AA)


def random_crowding(rng: np.random.Generator) -> dict:
    """How one deck crowds its corners (for :func:`render_face`'s ``style["crowded"]``): number cards'
    pips ``pip_scale`` times larger, the first one ``gap`` (a fraction of the card's width) right of
    the index and ``drop`` of the rank's height below its top; court cards framed right beside the
    index, with a big suit symbol (``court_suit`` of the card's height) in the frame's corner and a
    dense figure when ``dense``. Several published decks print their faces so (large pips and
    court symbols touching a small index), where the project's own faces keep clear of the index.

    >>> crowding = random_crowding(np.random.default_rng(0))
    >>> sorted(crowding), 1.0 <= crowding["pip_scale"] <= 1.4
    (['court_suit', 'dense', 'drop', 'gap', 'pip_scale'], True)
    """
    return {"pip_scale": float(rng.uniform(1.0, 1.4)), "gap": float(rng.uniform(0.0, 0.03)),
            "drop": float(rng.uniform(0.0, 0.6)), "court_suit": float(rng.uniform(0.09, 0.15)),
            "dense": bool(rng.random() < 0.5)}


def _beside_index(code, style, size: float) -> tuple[float, float]:
    """Centre (pixels) of a symbol ``size`` pixels tall set right of the card's top-left index, by
    the deck's crowding gap, its top the crowding drop below the index's top."""
    crowding = style["crowded"]
    right, _ = index_extent(code, style)
    return ((right + crowding["gap"]) * FACE_W + size / 2,
            (style["index_y"] + crowding["drop"] * style["rank_h"]) * FACE_H + size / 2)


def _spread_beside_index(code, style, size: float) -> tuple[float, float]:
    """The pip spread that puts a number card's top-left pip (``size`` pixels tall) beside its index,
    held to spreads that keep the pips on the card."""
    x, y = _beside_index(code, style, size)
    return (float(np.clip((0.5 - x / FACE_W) / 0.2, 0.8, 1.6)),
            float(np.clip((0.5 - y / FACE_H) / 0.3, 0.85, 1.45)))


def _crowded_court(face, code, style, colour, rng) -> None:
    """A court card of a crowded deck: its figure framed from right beside the index column to the
    mirror place, with a big suit symbol in the frame's top-left corner and, turned, its
    bottom-right one."""
    suit = code[-1]
    size = style["crowded"]["court_suit"] * FACE_H
    x, y = _beside_index(code, style, size)
    box = (int(x - size / 2), int(y - size / 2), FACE_W - int(x - size / 2), FACE_H - int(y - size / 2))
    if style["crowded"]["dense"]:
        dense_court_art(face, box, rng)
    else:
        _sparse_court_art(face, box, style, rng)
    cv2.rectangle(face, box[:2], box[2:], colour, 2, cv2.LINE_AA)
    for cx, cy, turned in ((x, y, False), (FACE_W - x, FACE_H - y, True)):
        cv2.circle(face, (int(cx), int(cy)), int(size * 0.6), style["paper"], -1, cv2.LINE_AA)
        draw_suit(face, suit, cx, cy, size, colour, style["suit_variant"], turned=turned,
                  font=style.get("glyph_suits"), shape=style.get("suit_shape"))


def render_face(code: str, style: dict, rng: np.random.Generator) -> np.ndarray:
    """One card face, ``FACE_H x FACE_W`` BGR, in ``style``."""
    if code in SPECIAL_CODES:
        face = _special(code, style, rng)
        if style.get("frame"):   # a framed deck frames every face: drawn on its paper, under its print
            paper = np.full_like(face, face[2, FACE_W // 2])
            framed = paper.copy()
            _framed(framed, "10S", style)
            bare = np.all(np.abs(face.astype(np.int16) - paper) < 12, axis=2)
            face[bare] = framed[bare]
        return face
    face = np.full((FACE_H, FACE_W, 3), style["paper"], np.uint8)
    if style.get("frame"):
        _framed(face, code, style)
    _centre(face, code, style, rng)
    _index(face, code, style)
    if style["border"]:
        cv2.rectangle(face, (8, 8), (FACE_W - 9, FACE_H - 9), _ink(style, code[-1]), 1, cv2.LINE_AA)
    return face


def _special(code, style, rng) -> np.ndarray:
    """The project's own special faces, with printing variation (paper, pen, slight ink shift)."""
    paper = style["paper"] if not style["dark"] else (245, 245, 245)
    face = render_special(code, FACE_W, background=paper, pen=float(rng.uniform(0.8, 1.25)))
    shift = rng.integers(-25, 26, 3)
    ink = face.astype(np.int16) + np.where(face.mean(axis=2, keepdims=True) < 200, shift, 0)
    return cv2.resize(np.clip(ink, 0, 255).astype(np.uint8), (FACE_W, FACE_H))
