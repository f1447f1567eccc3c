"""The annotated photo: each card outlined and labelled, the starter marked."""

from __future__ import annotations

import cv2
import numpy as np

from .pipeline import Recognition

SURE, UNSURE, STARTER = (60, 200, 60), (0, 160, 255), (255, 120, 0)  # BGR


def annotate(image: np.ndarray, recognition: Recognition, scale: float, starter: int | None = None,
             quality: int = 85) -> bytes:
    """JPEG bytes of ``image`` (the working copy, ``scale`` photo pixels per pixel) with outlines."""
    out = image.copy()
    thickness = max(2, round(max(out.shape[:2]) / 400))
    for number, card in enumerate(recognition.cards):
        quad = np.round(card.quad / scale).astype(np.int32)
        colour = STARTER if number == starter else (SURE if card.code else UNSURE)
        cv2.polylines(out, [quad], True, colour, thickness, cv2.LINE_AA)
        label = card.code or "?" + "/".join(code for code, _ in card.candidates[:2])
        if number == starter:
            label += " (starter)"
        label += f" {card.confidence:.2f}"
        x, y = quad[:, 0].min(), quad[:, 1].min()
        font_scale = thickness * 0.35
        (w, h), _ = cv2.getTextSize(label, cv2.FONT_HERSHEY_SIMPLEX, font_scale, thickness)
        y = max(int(y), h + 4)
        cv2.rectangle(out, (int(x), y - h - 4), (int(x) + w + 4, y + 2), colour, -1)
        cv2.putText(out, label, (int(x) + 2, y - 2), cv2.FONT_HERSHEY_SIMPLEX, font_scale, (255, 255, 255),
                    thickness, cv2.LINE_AA)
    ok, data = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, quality])
    return data.tobytes()
