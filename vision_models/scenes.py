"""Photographed hands, synthesized: cards on a table, seen by a phone, with known labels.

``compose(rng, codes)`` lays the faces on a background (wood, felt, cloth, plain, light or dark),
at any angle, with perspective, shadows, glare, blur, noise, white balance and JPEG; it returns the
photo and, per card, its code and its outline (corners in face order: top-left, top-right,
bottom-right, bottom-left)::

    >>> scene = compose(np.random.default_rng(3), ["5H", "5D", "5S", "JC", "5C"])
    >>> [card.code for card in scene.cards]
    ['5H', '5D', '5S', 'JC', '5C']
"""

from __future__ import annotations

from dataclasses import dataclass, field

import cv2
import numpy as np

from service.vision.geometry import crop_box

from .faces import FACE_H, FACE_W, random_style, render_face


@dataclass
class SceneCard:
    code: str
    quad: np.ndarray          # 4x2 float32, face order (TL, TR, BR, BL of the face)
    visible_index: list = field(default_factory=list)  # per face corner 0..3: index region unoccluded?


@dataclass
class Scene:
    image: np.ndarray
    cards: list[SceneCard]
    ids: np.ndarray           # which card is on top at each pixel (-1 = table)


def random_speckle(rng: np.random.Generator) -> dict:
    """A speckled stone table for :func:`background` (granite, terrazzo): its base's level, the share
    of its pixels that are flecks, their size in pixels, and how much lighter (or darker, on a light
    stone) they are.

    >>> sorted(random_speckle(np.random.default_rng(0)))
    ['base', 'contrast', 'density', 'size']
    """
    light_flecks = rng.random() < 0.7   # most such tables are dark stone with light grains
    return {"base": rng.uniform(15, 80) if light_flecks else rng.uniform(140, 220),
            "density": rng.uniform(0.02, 0.12), "size": int(rng.integers(1, 3)),
            "contrast": rng.uniform(50, 150) * (1 if light_flecks else -1)}


def speckled_stone(rng: np.random.Generator, h: int, w: int, speckle: dict) -> np.ndarray:
    """A stone table of ``speckle`` (:func:`random_speckle`): a mottled base strewn with fine flecks,
    which a photo's blur and JPEG soften but do not remove.

    >>> speckle = {"base": 30.0, "density": 0.1, "size": 1, "contrast": 120.0}
    >>> table = speckled_stone(np.random.default_rng(0), 64, 64, speckle)
    >>> table.shape, bool(table.max() - table.min() > 100)
    ((64, 64, 3), True)
    """
    mottle = cv2.GaussianBlur(rng.normal(0, 1, (h, w)).astype(np.float32), (0, 0), rng.uniform(2, 8))
    flecks = (rng.random((h, w)) < speckle["density"]).astype(np.uint8)
    if speckle["size"] > 1:
        flecks = cv2.dilate(flecks, np.ones((speckle["size"], speckle["size"]), np.uint8))
    shade = flecks.astype(np.float32) * rng.uniform(0.4, 1.0, (h, w)).astype(np.float32)
    grey = speckle["base"] + mottle * 12 + shade * speckle["contrast"]
    return grey[..., None] + rng.normal(0, 4, (1, 1, 3))


def background(rng: np.random.Generator, h: int, w: int, speckle: dict | None = None) -> np.ndarray:
    """The table: wood, felt, cloth, plain or stone at random, or the speckled stone of ``speckle``
    (:func:`random_speckle`; with none, the draws from ``rng`` are those before it existed)."""
    kind = "speckled" if speckle else rng.choice(["wood", "felt", "cloth", "plain", "plain", "stone"])
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    if kind == "speckled":
        img = speckled_stone(rng, h, w, speckle)
    elif kind == "wood":
        base = np.array([rng.uniform(20, 90), rng.uniform(50, 130), rng.uniform(90, 200)])
        if rng.random() < 0.3:
            base = base * 0.4 + 120
        angle = rng.uniform(0, np.pi)
        u = xx * np.cos(angle) + yy * np.sin(angle)
        warp = cv2.GaussianBlur(rng.normal(0, 1, (h, w)).astype(np.float32), (0, 0), 25) * 60
        grain = np.sin((u + warp) / rng.uniform(3, 12)) * 0.5 + 0.5
        img = base[None, None] * (0.75 + 0.3 * grain[..., None])
    elif kind == "felt":
        base = rng.uniform(10, 140, 3)
        img = base[None, None] + rng.normal(0, 6, (h, w, 1))
    elif kind == "cloth":
        a, b = rng.uniform(0, 255, 3), rng.uniform(0, 255, 3)
        period = rng.uniform(8, 60)
        pattern = ((np.floor(xx / period) + np.floor(yy / period)) % 2) if rng.random() < 0.5 else \
            (np.sin(xx / period * np.pi) > 0).astype(np.float32)
        img = a[None, None] * pattern[..., None] + b[None, None] * (1 - pattern[..., None])
    elif kind == "stone":
        base = rng.uniform(10, 230)
        noise = cv2.GaussianBlur(rng.normal(0, 1, (h, w)).astype(np.float32), (0, 0), rng.uniform(1, 6))
        img = (base + noise[..., None] * 25 + rng.normal(0, 4, (1, 1, 3)))
    else:
        img = np.full((h, w, 3), rng.uniform(0, 255, 3) if rng.random() < 0.5 else rng.uniform(170, 250))
    gradient = 1 + rng.uniform(-0.3, 0.3) * (xx / w - 0.5) + rng.uniform(-0.3, 0.3) * (yy / h - 0.5)
    return np.clip(img * gradient[..., None], 0, 255).astype(np.uint8)


def _rounded_mask(radius: int = 12) -> np.ndarray:
    mask = np.zeros((FACE_H, FACE_W), np.uint8)
    cv2.rectangle(mask, (radius, 0), (FACE_W - radius, FACE_H), 255, -1)
    cv2.rectangle(mask, (0, radius), (FACE_W, FACE_H - radius), 255, -1)
    for cx, cy in ((radius, radius), (FACE_W - radius, radius), (radius, FACE_H - radius),
                   (FACE_W - radius, FACE_H - radius)):
        cv2.circle(mask, (cx, cy), radius, 255, -1, cv2.LINE_AA)
    return mask


MASK = _rounded_mask()
FACE_CORNERS = np.array([[0, 0], [FACE_W, 0], [FACE_W, FACE_H], [0, FACE_H]], np.float32)


def _layout(rng, n, h, w, card_w, max_overlap):
    """Centres and angles for ``n`` cards, overlapping at most ``max_overlap`` of a card."""
    placed = []
    card_h = card_w * FACE_H / FACE_W
    row = rng.random() < 0.5
    base_angle = rng.uniform(0, 360)
    for i in range(n):
        for _ in range(60):
            if row:
                cx = w / 2 + (i - (n - 1) / 2) * card_w * rng.uniform(1.0, 1.4) + rng.normal(0, card_w * 0.1)
                cy = h / 2 + rng.normal(0, card_h * 0.2)
                angle = base_angle + rng.normal(0, 8)
            else:
                cx, cy = rng.uniform(card_w * 0.6, w - card_w * 0.6), rng.uniform(card_h * 0.6, h - card_h * 0.6)
                angle = rng.uniform(0, 360)
            quad = _card_quad(cx, cy, card_w, card_h, angle)
            if not _inside(quad, w, h):
                continue
            if all(_overlap(quad, other) <= max_overlap for other in placed):
                placed.append(quad)
                break
        else:
            return None
    return placed


def _card_quad(cx, cy, card_w, card_h, angle):
    corners = (FACE_CORNERS / [FACE_W, FACE_H] - 0.5) * [card_w, card_h]
    t = np.radians(angle)
    rot = np.array([[np.cos(t), -np.sin(t)], [np.sin(t), np.cos(t)]])
    return (corners @ rot.T + [cx, cy]).astype(np.float32)


def _inside(quad, w, h, margin=2):
    return bool(np.all(quad >= margin) and np.all(quad[:, 0] < w - margin) and np.all(quad[:, 1] < h - margin))


def _overlap(a, b):
    inter, _ = cv2.intersectConvexConvex(a, b)
    return inter / min(cv2.contourArea(a), cv2.contourArea(b))


def hand_layout(rng: np.random.Generator, size: tuple[int, int], n_hand: int = 4) -> list[np.ndarray]:
    """Outlines for a hand in a loose row and, well apart from it, the starter (last)."""
    h, w = size
    card_w = min(w / (n_hand + 3.2), h / 2.2)
    quads = [_card_quad(card_w * (0.9 + 1.15 * i), h / 2 + rng.normal(0, card_w * 0.05), card_w,
                        card_w * FACE_H / FACE_W, rng.normal(0, 4)) for i in range(n_hand)]
    quads.append(_card_quad(w - card_w * 0.9, h / 2 + rng.normal(0, card_w * 0.2), card_w,
                            card_w * FACE_H / FACE_W, rng.uniform(-30, 30)))
    return quads


def compose(rng: np.random.Generator, codes: list[str], size: tuple[int, int] | None = None,
            max_overlap: float = 0.12, style: dict | None = None, faces: list | None = None,
            quads: list[np.ndarray] | None = None, grey: bool = False) -> Scene:
    """A photo of ``codes`` laid on a table. ``faces`` may give pre-rendered faces (other designs),
    ``quads`` the cards' outlines (else they are scattered or laid in a row at random); with
    ``grey``, taken in greys as a phone does it (:func:`_finish`; the same random draws)."""
    if size is None:
        size = (int(rng.integers(480, 900)), int(rng.integers(480, 900)))
    h, w = size
    n = len(codes)
    style = style or random_style(rng)
    for attempt in range(40):
        if quads is not None:
            card_w = float(np.linalg.norm(quads[0][1] - quads[0][0]))
            break
        # smaller cards after each failed try, so a crowded table still gets laid out
        card_w = rng.uniform(0.12, 0.28) * min(h, w) * (1.6 if n <= 2 else 1.0) * 0.95 ** attempt
        quads = _layout(rng, n, h, w, card_w, max_overlap)
        if quads is not None:
            break
    else:
        raise RuntimeError("could not lay out the cards")
    image = background(rng, h, w, style.get("speckle")).astype(np.float32)
    cv2.setRNGSeed(int(rng.integers(0, 2**31)))
    ids = np.full((h, w), -1, np.int16)
    cards = []
    for i, (code, quad) in enumerate(zip(codes, quads)):
        if rng.random() < 0.5:  # turned upside down: the face's top-left is the other end
            quad = np.roll(quad, 2, axis=0)
        face = faces[i] if faces is not None else render_face(code, style, rng)
        face = cv2.resize(face, (FACE_W, FACE_H))
        x0, y0, x1, y1 = crop_box(quad, int(card_w * 0.15) + 4, w, h)
        roi = (slice(y0, y1), slice(x0, x1))
        homography = cv2.getPerspectiveTransform(FACE_CORNERS, (quad - [x0, y0]).astype(np.float32))
        size_roi = (int(x1 - x0), int(y1 - y0))
        alpha = cv2.warpPerspective(MASK, homography, size_roi).astype(np.float32) / 255
        if rng.random() < 0.8:  # shadow
            offset = rng.normal(0, card_w * 0.03, 2)
            shadow = np.roll(alpha, (int(offset[1]), int(offset[0])), axis=(0, 1))
            shadow = cv2.GaussianBlur(shadow, (0, 0), max(1.0, card_w * 0.03))
            image[roi] *= (1 - rng.uniform(0.2, 0.6) * shadow)[..., None]
        warped = cv2.warpPerspective(face, homography, size_roi, flags=cv2.INTER_AREA if card_w < FACE_W
                                     else cv2.INTER_LINEAR)
        a = alpha[..., None]
        image[roi] = image[roi] * (1 - a) + warped.astype(np.float32) * a
        ids[roi][alpha > 0.5] = i
        cards.append(SceneCard(code, quad.astype(np.float32)))
    image = _camera(rng, image, h, w)
    # The camera: tilt (perspective) and a stretched aspect, applied to photo and outlines alike.
    tilt = _tilt(rng, h, w)
    out_w = int(w * rng.uniform(0.75, 1.3)) if rng.random() < 0.3 else w
    stretch = np.diag([out_w / w, 1.0, 1.0]) @ tilt
    image = cv2.warpPerspective(image.astype(np.float32), stretch, (out_w, h), borderMode=cv2.BORDER_REPLICATE)
    ids = cv2.warpPerspective(ids, stretch, (out_w, h), flags=cv2.INTER_NEAREST, borderValue=-1)
    for card in cards:
        card.quad = cv2.perspectiveTransform(card.quad[None], stretch)[0]
    image = _finish(rng, image, grey)
    return Scene(image, cards, ids)


def _tilt(rng, h, w):
    k = rng.uniform(0, 0.12)
    src = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32)
    dst = (src + rng.uniform(-k, k, (4, 2)) * [w, h]).astype(np.float32)
    return cv2.getPerspectiveTransform(src, dst)


def _camera(rng, image, h, w):
    if rng.random() < 0.4:  # glare
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
        cx, cy, r = rng.uniform(0, w), rng.uniform(0, h), rng.uniform(0.05, 0.3) * max(h, w)
        glare = np.exp(-((xx - cx) ** 2 + (yy - cy) ** 2) / (2 * r * r)) * rng.uniform(40, 160)
        image = image + glare[..., None]
    image = image * rng.uniform(0.8, 1.2, 3)[None, None] * rng.uniform(0.55, 1.25)  # white balance, exposure
    return np.clip(image, 0, 255)


def in_greys(image: np.ndarray) -> np.ndarray:
    """A photo as a camera or an app saves it in greys: each pixel's luma in all three channels
    (a third of the real phone photos are so; the generator's camera makes one only when asked).

    >>> in_greys(np.array([[[0, 0, 255]]], np.uint8)).tolist()   # pure red, BT.601 luma
    [[[76, 76, 76]]]
    """
    return cv2.cvtColor(cv2.cvtColor(image, cv2.COLOR_BGR2GRAY), cv2.COLOR_GRAY2BGR)


def _finish(rng, image, grey: bool = False):
    """The camera's blur, motion blur, noise and JPEG; with ``grey``, the photo turned to its luma
    before the noise and the JPEG, as a phone saves a photo in greys (the same random draws)."""
    if grey:
        image = in_greys(np.clip(image, 0, 255).astype(np.float32))
    if rng.random() < 0.6:
        image = cv2.GaussianBlur(image, (0, 0), rng.uniform(0.3, 1.6))
    if rng.random() < 0.15:  # motion blur
        k = int(rng.integers(3, 9))
        kernel = np.zeros((k, k), np.float32)
        kernel[k // 2] = 1 / k
        rot = cv2.getRotationMatrix2D((k / 2 - 0.5, k / 2 - 0.5), rng.uniform(0, 180), 1)
        image = cv2.filter2D(image, -1, cv2.warpAffine(kernel, rot, (k, k)))
    noise = np.empty(image.shape, np.float32)
    cv2.randn(noise, 0, float(rng.uniform(0, 8)))
    image = np.clip(image + noise, 0, 255).astype(np.uint8)
    quality = int(rng.integers(35, 96))
    ok, data = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, quality])
    return cv2.imdecode(data, cv2.IMREAD_COLOR)
