"""Card designs drawn by other people, for held-out evaluation only (never for training).

Debian's ``gnome-cards-data`` ships the AisleRiot themes as one SVG sheet each: 13 columns (ace to
king) by 5 rows (clubs, diamonds, hearts, spades, then jokers and the back). The sheet is rendered
with ``rsvg-convert`` (librsvg2-bin) and cut into faces::

    apt-get download gnome-cards-data && dpkg -x gnome-cards-data_*.deb /tmp/gnome-cards
    python -m vision_models.evaluate --themes /tmp/gnome-cards/usr/share/aisleriot/cards
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


def _trim(face: np.ndarray) -> np.ndarray:
    """Cut a one-pixel margin (the neighbouring card's edge)."""
    return face[1:-1, 1:-1].copy()


def available_themes(directory: str | Path) -> list[Path]:
    directory = Path(directory)
    return [directory / f"{name}.svgz" for name in ENGLISH_THEMES if (directory / f"{name}.svgz").exists()]
