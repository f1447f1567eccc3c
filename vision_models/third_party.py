"""Card designs drawn by other people, for evaluation only (never for training).

Two sets, kept apart so that choosing among models never spends the held-out one:

- **Held out**: Debian's ``gnome-cards-data`` ships the AisleRiot themes as one SVG sheet each: 13
  columns (ace to king) by 5 rows (clubs, diamonds, hearts, spades, then jokers and the back). The
  sheet is rendered with ``rsvg-convert`` (librsvg2-bin) and cut into faces::

    apt-get download gnome-cards-data && dpkg -x gnome-cards-data_*.deb /tmp/gnome-cards
    python -m vision_models.evaluate --themes /tmp/gnome-cards/usr/share/aisleriot/cards

- **Tuning**: Debian's ``kdegames-card-data-kf5`` ships KDE's decks as one SVG each, with one element
  per card (``1_club`` .. ``10_club``, ``jack_club``, ``queen_club``, ``king_club``). Only decks with
  English indices whose designs differ from the held-out themes are used (:data:`TUNING_DECKS`)::

    apt-get download kdegames-card-data-kf5 && dpkg -x kdegames-card-data-kf5_*.deb /tmp/kde
    python -m vision_models.evaluate --scenes 0 --decks /tmp/kde/usr/share/carddecks
"""

from __future__ import annotations

import gzip
import subprocess
import tempfile
from pathlib import Path

import cv2
import numpy as np

from .faces import RANKS

SHEET_ROWS = ("C", "D", "H", "S")
# Themes whose indices are the English A 2..10 J Q K (others use R/D/V, К/Д/В, German ranks...).
ENGLISH_THEMES = ("anglo", "anglo_poker", "anglo_modern", "ornamental", "plastic", "simplistic", "tango",
                  "bellot", "neoclassical", "gnomangelo", "guyenne-classic")


def theme_faces(path: str | Path, width: int = 2600) -> dict[str, np.ndarray]:
    """code -> BGR face (white background) for the 52 cards of one theme file (.svg or .svgz)."""
    path = Path(path)
    data = path.read_bytes()
    if path.suffix == ".svgz":
        data = gzip.decompress(data)
    with tempfile.TemporaryDirectory() as tmp:
        svg, png = Path(tmp) / "theme.svg", Path(tmp) / "theme.png"
        svg.write_bytes(data)
        subprocess.run(["rsvg-convert", "-w", str(width), "-b", "white", str(svg), "-o", str(png)], check=True,
                       timeout=300)
        sheet = cv2.imread(str(png), cv2.IMREAD_COLOR)
    cell_w, cell_h = sheet.shape[1] / 13, sheet.shape[0] / 5
    faces = {}
    for row, suit in enumerate(SHEET_ROWS):
        for column, rank in enumerate(RANKS):
            x0, y0 = round(column * cell_w), round(row * cell_h)
            face = sheet[y0:round(y0 + cell_h), x0:round(x0 + cell_w)]
            faces[rank + suit] = _trim(face)
    return faces


TUNING_DECKS = ("svg-ancient-egyptians", "svg-dondorf", "svg-gm-paris", "svg-jolly-royal", "svg-penguins",
                "svg-standard", "svg-tigullio-international")
"""KDE decks with English indices. Left out: the Nicu decks (the held-out ``ornamental`` design), the
German and Skat decks, ``future`` (not playing cards), the three Oxygen decks (rank and suit printed
in opposite corners, no index a corner reader can read) and the two that librsvg cannot cut by card."""
KDE_SUITS = {"C": "club", "D": "diamond", "H": "heart", "S": "spade"}
KDE_RANKS = {"A": "1", "J": "jack", "Q": "queen", "K": "king"}
DECK_FACE_HEIGHT = 450
"""Rendered height of a tuning deck's face in pixels (the gnome sheets give about 290-390)."""
DECK_CACHE = Path(tempfile.gettempdir()) / "muggins-deck-faces"
"""Rendered tuning faces, kept between runs: librsvg parses the whole deck for each card (minutes a deck)."""


def deck_faces(deck: str | Path, cache: Path = DECK_CACHE) -> dict[str, np.ndarray]:
    """code -> BGR face (white background) for the 52 cards of one KDE deck directory."""
    deck = Path(deck)
    kept = cache / deck.name
    cached = list(kept.glob("*.png"))
    if len(cached) == 52:
        return {path.stem: cv2.imread(str(path), cv2.IMREAD_COLOR) for path in cached}
    faces = _render_deck(deck)
    kept.mkdir(parents=True, exist_ok=True)
    for code, face in faces.items():
        cv2.imwrite(str(kept / f"{code}.png"), face)
    return faces


def _render_deck(deck: Path) -> dict[str, np.ndarray]:
    data = next(deck.glob("*.svgz")).read_bytes()
    with tempfile.TemporaryDirectory() as tmp:
        svg = Path(tmp) / "deck.svg"
        svg.write_bytes(gzip.decompress(data))
        unit = _render_element(svg, "1_spade", 1.0, Path(tmp))
        zoom = DECK_FACE_HEIGHT / unit.shape[0]
        return {rank + suit: _render_element(svg, f"{KDE_RANKS.get(rank, rank)}_{name}", zoom, Path(tmp))
                for suit, name in KDE_SUITS.items() for rank in RANKS}


def _render_element(svg: Path, element: str, zoom: float, tmp: Path) -> np.ndarray:
    """One element on white, cropped to what it paints (an element's box can hold invisible parts)."""
    png = tmp / "card.png"
    subprocess.run(["rsvg-convert", "-i", element, "-z", f"{zoom:.4f}", str(svg), "-o", str(png)], check=True,
                   timeout=120)
    rgba = cv2.imread(str(png), cv2.IMREAD_UNCHANGED)
    rows, cols = np.nonzero(rgba[..., 3] > 8)
    rgba = rgba[rows.min():rows.max() + 1, cols.min():cols.max() + 1].astype(np.float32)
    alpha = rgba[..., 3:] / 255
    return (rgba[..., :3] * alpha + 255 * (1 - alpha)).astype(np.uint8)


def available_decks(directory: str | Path) -> list[Path]:
    directory = Path(directory)
    return [directory / name for name in TUNING_DECKS if (directory / name).is_dir()]


def _trim(face: np.ndarray) -> np.ndarray:
    """Cut a one-pixel margin (the neighbouring card's edge)."""
    return face[1:-1, 1:-1].copy()


def available_themes(directory: str | Path) -> list[Path]:
    directory = Path(directory)
    return [directory / f"{name}.svgz" for name in ENGLISH_THEMES if (directory / f"{name}.svgz").exists()]
