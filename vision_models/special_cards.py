"""The special cards' faces (Zero, Super Ace, Super Fives, Wild, Super Wild, Master, Joker).

No public artwork exists for them, so the project designs its own. A face is a list of drawing
primitives in millimetres on a 63 x 88 mm poker card; the same list is drawn into training images
(:func:`render`), written as SVG (:func:`to_svg`) and laid out on a print-ready PDF sheet
(:func:`pdf_sheet`), so the printed card is the card the model learned::

    >>> [kind for kind, *_ in face("5H*")][:3]
    ['frame', 'stroke', 'poly']

``python -m vision_models.special_cards OUTDIR`` writes one SVG per card and ``special-cards.pdf``.
"""

from __future__ import annotations

import math
import sys
from pathlib import Path

import cv2
import numpy as np

from .shapes import star_polygon, suit_polygons, text_strokes, text_width

CARD_W_MM, CARD_H_MM = 63.0, 88.0
SPECIAL_CODES = ("ZERO", "A*", "5S*", "5H*", "5D*", "5C*", "W", "SW", "M", "JOKER")
NAMES = {"ZERO": "Zero", "A*": "Super Ace", "5S*": "Super Five of spades", "5H*": "Super Five of hearts",
         "5D*": "Super Five of diamonds", "5C*": "Super Five of clubs", "W": "Wild",
         "SW": "Super Wild", "M": "Master", "JOKER": "Joker"}

# What to print: the Mastermind deck's eleven special cards (two Wilds, two Super Wilds), and a Joker.
PRINT_SHEET = ("ZERO", "A*", "5S*", "5H*", "5D*", "5C*", "W", "W", "SW", "SW", "M", "JOKER")

RED, BLACK = (198, 40, 40), (20, 20, 20)
COLOURS = {"ZERO": BLACK, "A*": (106, 27, 154), "W": (27, 122, 58), "SW": (26, 79, 160),
           "M": (138, 90, 0), "JOKER": (170, 20, 60)}
INDEX_H = 9.0      # height of the index glyphs, mm
STROKE = 1.5       # pen width of the glyphs, mm


def colour_of(code: str) -> tuple[int, int, int]:
    if code.startswith("5") and code.endswith("*"):
        return RED if code[1] in "HD" else BLACK
    return COLOURS[code]


def _place(polygon: np.ndarray, x: float, y: float, size: float) -> np.ndarray:
    return np.asarray(polygon) * size + np.array([x, y])


def _sparkle() -> np.ndarray:
    return star_polygon(4, 0.3)


def _crown() -> np.ndarray:
    return np.array([[0, 0.9], [0, 0.2], [0.25, 0.55], [0.5, 0.1], [0.75, 0.55], [1, 0.2], [1, 0.9]])


def _index(code: str, colour) -> list[tuple]:
    """The top-left index; the bottom-right one is this turned half a turn."""
    x, y, out = 4.0, 4.0, []
    stroke = lambda lines, width=STROKE: [("stroke", line, colour, width) for line in lines]  # noqa: E731
    poly = lambda polygon: ("poly", polygon, colour)  # noqa: E731
    if code == "JOKER":
        for i, letter in enumerate("JOKER"):
            out += stroke(text_strokes(letter, x + 0.6, y + i * 6.4, 5.0), 1.1)
        return out
    text = {"ZERO": "0", "A*": "A", "W": "W", "SW": "SW", "M": "M"}.get(code, "5")
    height = 7.0 if len(text) == 2 else INDEX_H
    out += stroke(text_strokes(text, x, y, height, spacing=0.2))
    mark_y, mark = y + INDEX_H + 2.0, 6.0
    if code == "ZERO":
        out += stroke([_place(np.array(_ring()), x, mark_y, mark)], 1.2)
    elif code == "A*":
        out.append(poly(_place(star_polygon(), x - 0.5, mark_y, mark + 1)))
    elif code.endswith("*"):
        out += [poly(_place(p, x - 0.3, mark_y, mark)) for p in suit_polygons(code[1])]
        out.append(poly(_place(star_polygon(), x + 6.0, y - 0.5, 4.2)))
    elif code == "M":
        out.append(poly(_place(_crown(), x - 0.3, mark_y, mark)))
    else:
        out.append(poly(_place(_sparkle(), x - 0.5, mark_y, mark + 1)))
    return out


def _ring(n: int = 24) -> list[tuple[float, float]]:
    return [(0.5 + 0.42 * math.cos(t), 0.5 + 0.42 * math.sin(t))
            for t in np.linspace(0, 2 * math.pi, n + 1)]


def _centred_text(text: str, cy: float, height: float, colour, width: float = 1.6) -> list[tuple]:
    x = (CARD_W_MM - text_width(text, height)) / 2
    return [("stroke", line, colour, width) for line in text_strokes(text, x, cy - height / 2, height)]


def _centre(code: str, colour) -> list[tuple]:
    cx, cy = CARD_W_MM / 2, CARD_H_MM / 2
    if code == "ZERO":
        return [("stroke", _place(np.array(_ring()), cx - 17, cy - 17, 34), colour, 3.0)]
    if code == "A*":
        return [("poly", _place(star_polygon(), cx - 16, cy - 18, 32), colour)]
    if code.endswith("*"):
        pip = lambda px, py, size=11: [("poly", _place(p, px - size / 2, py - size / 2, size), colour)  # noqa
                                       for p in suit_polygons(code[1])]
        out = pip(17, 24) + pip(46, 24) + pip(17, 64) + pip(46, 64)
        return out + [("poly", _place(star_polygon(), cx - 9, cy - 9, 18), colour)]
    if code == "W":
        return _centred_text("WILD", cy, 10, colour) + [
            ("poly", _place(_sparkle(), cx - 7, cy - 24, 14), colour),
            ("poly", _place(_sparkle(), cx - 7, cy + 10, 14), colour)]
    if code == "SW":
        return _centred_text("SUPER", cy - 8, 8, colour) + _centred_text("WILD", cy + 6, 8, colour) + [
            ("poly", _place(_sparkle(), cx - 6, cy - 28, 12), colour),
            ("poly", _place(_sparkle(), cx - 6, cy + 16, 12), colour)]
    if code == "M":
        return [("poly", _place(_crown(), cx - 14, cy - 22, 28), colour)] + _centred_text(
            "MASTER", cy + 10, 7, colour, 1.3)
    if code == "JOKER":
        return _centred_text("JOKER", cy + 12, 8, colour) + [
            ("poly", _place(star_polygon(), cx - 11, cy - 20, 22), colour)]
    raise KeyError(code)


def face(code: str) -> list[tuple]:
    """Drawing primitives of one special card: ``("frame", colour)``, ``("stroke", points, colour,
    width)``, ``("poly", points, colour)``, points in millimetres."""
    colour = colour_of(code)
    index = _index(code, colour)
    turned = [(kind, np.array([CARD_W_MM, CARD_H_MM]) - np.asarray(points), *rest)
              for kind, points, *rest in index]
    return [("frame", colour)] + index + _centre(code, colour) + turned


def render(code: str, width: int = 250, background=(255, 255, 255), colour=None,
           pen: float = 1.0) -> np.ndarray:
    """Draw the face as a BGR image ``width`` pixels wide; ``colour``/``pen`` vary the print."""
    scale = width / CARD_W_MM
    height = int(round(CARD_H_MM * scale))
    image = np.full((height, width, 3), background, np.uint8)
    for kind, *rest in face(code):
        if kind == "frame":
            continue
        points, paint = rest[0], rest[1]
        paint = colour or paint
        bgr = tuple(int(c) for c in paint[::-1])
        pts = np.round(np.asarray(points) * scale * 16).astype(np.int32)
        if kind == "poly":
            cv2.fillPoly(image, [pts], bgr, cv2.LINE_AA, shift=4)
        else:
            thickness = max(1, int(round(rest[2] * scale * pen)))
            cv2.polylines(image, [pts], False, bgr, thickness, cv2.LINE_AA, shift=4)
    return image


def _hex(colour) -> str:
    return "#%02x%02x%02x" % tuple(colour)


def to_svg(code: str) -> str:
    """A printable SVG of the face at real size (63 x 88 mm)."""
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{CARD_W_MM}mm" height="{CARD_H_MM}mm" '
             f'viewBox="0 0 {CARD_W_MM} {CARD_H_MM}">', f"<title>Muggins special card: {NAMES[code]}</title>"]
    for kind, *rest in face(code):
        if kind == "frame":
            parts.append(f'<rect x="0.25" y="0.25" width="{CARD_W_MM - 0.5}" height="{CARD_H_MM - 0.5}" '
                         f'rx="3" fill="#fff" stroke="{_hex(rest[0])}" stroke-width="0.5"/>')
            continue
        pts = " ".join(f"{x:.2f},{y:.2f}" for x, y in np.asarray(rest[0]))
        if kind == "poly":
            parts.append(f'<polygon points="{pts}" fill="{_hex(rest[1])}"/>')
        else:
            parts.append(f'<polyline points="{pts}" fill="none" stroke="{_hex(rest[1])}" '
                         f'stroke-width="{rest[2]}" stroke-linecap="round" stroke-linejoin="round"/>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


MM = 72 / 25.4  # PDF points per millimetre


def _pdf_card_ops(code: str, ox: float, oy: float, page_h: float) -> list[str]:
    """PDF drawing operators for one card with its top-left at (ox, oy) mm on the page."""
    def xy(x, y):
        return f"{(ox + x) * MM:.2f} {(page_h - oy - y) * MM:.2f}"

    ops = ["1 J 1 j"]
    for kind, *rest in face(code):
        if kind == "frame":
            r, g, b = (c / 255 for c in rest[0])
            corners = [(0, 0), (CARD_W_MM, 0), (CARD_W_MM, CARD_H_MM), (0, CARD_H_MM)]
            ops.append(f"0.6 0.6 0.6 RG 0.2 w {xy(*corners[0])} m "
                       + " ".join(f"{xy(*c)} l" for c in corners[1:]) + " h S")
            ops.append(f"{r:.3f} {g:.3f} {b:.3f} RG 0.5 w {xy(1, 1)} m {xy(CARD_W_MM - 1, 1)} l "
                       f"{xy(CARD_W_MM - 1, CARD_H_MM - 1)} l {xy(1, CARD_H_MM - 1)} l h S")
            continue
        points = np.asarray(rest[0])
        r, g, b = (c / 255 for c in rest[1])
        path = f"{xy(*points[0])} m " + " ".join(f"{xy(*p)} l" for p in points[1:])
        if kind == "poly":
            ops.append(f"{r:.3f} {g:.3f} {b:.3f} rg {path} h f")
        else:
            ops.append(f"{r:.3f} {g:.3f} {b:.3f} RG {rest[2] * MM:.2f} w {path} S")
    return ops


def pdf_sheet(codes=PRINT_SHEET) -> bytes:
    """A4 pages, nine cards each at real size (63 x 88 mm) with cut lines, as PDF bytes."""
    page_w, page_h = 210.0, 297.0
    margin_x, margin_y = (page_w - 3 * CARD_W_MM) / 2, (page_h - 3 * CARD_H_MM) / 2
    pages = []
    for start in range(0, len(codes), 9):
        ops = []
        for i, code in enumerate(codes[start:start + 9]):
            ops += _pdf_card_ops(code, margin_x + (i % 3) * CARD_W_MM, margin_y + (i // 3) * CARD_H_MM, page_h)
        pages.append("\n".join(ops).encode())
    objects = [b"<< /Type /Catalog /Pages 2 0 R >>", None]
    kids = []
    for content in pages:
        page_id, content_id = len(objects) + 1, len(objects) + 2
        kids.append(f"{page_id} 0 R")
        objects.append(f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 {page_w * MM:.2f} {page_h * MM:.2f}] "
                       f"/Contents {content_id} 0 R >>".encode())
        objects.append(b"<< /Length %d >>\nstream\n" % len(content) + content + b"\nendstream")
    objects[1] = f"<< /Type /Pages /Kids [{' '.join(kids)}] /Count {len(kids)} >>".encode()
    out, offsets = bytearray(b"%PDF-1.4\n"), []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % o for o in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
    return bytes(out)


def write_all(directory: str | Path) -> list[Path]:
    """Write ``<name>.svg`` per card and ``special-cards.pdf`` into ``directory``."""
    directory = Path(directory)
    directory.mkdir(parents=True, exist_ok=True)
    written = []
    for code in SPECIAL_CODES:
        path = directory / (NAMES[code].lower().replace(" ", "-") + ".svg")
        path.write_text(to_svg(code))
        written.append(path)
    pdf = directory / "special-cards.pdf"
    pdf.write_bytes(pdf_sheet())
    return written + [pdf]


if __name__ == "__main__":
    for written_path in write_all(sys.argv[1] if len(sys.argv) > 1 else "vision_models/special_faces"):
        print(written_path)
