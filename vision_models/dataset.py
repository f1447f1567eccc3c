"""Training examples: corner-index patches cut from generated scenes, labelled by the generator.

Patches are cut with the service's own :func:`service.vision.geometry.corner_patches` from a slightly
wrong outline (as a real detector gives), so training sees what the pipeline sees, but for one
thing: a card large in its scene (over 1.5 photo pixels a patch pixel, a few of the generator's) has
its patches sampled from the photo, as the committed readers were taught before the pipeline shrank
such a card by area (model 4.27.0), unless ``by_area`` asks for the pipeline's cut. Each card gives
its two index corners (labelled with its code, or NONE when another card covers the index), one
sideways reading (NONE), and the scene gives patches of table and card middles (NONE)::

    >>> x, y = scene_patches(np.random.default_rng(0), n_cards=2)
    >>> x.shape[1:], x.dtype
    ((76, 40, 3), dtype('uint8'))
"""

from __future__ import annotations

import numpy as np
import cv2

from service.vision.geometry import PATCH_H, PATCH_W, corner_homography, corner_patches

from .faces import CLASSES, random_crowding, random_frame, random_light_weight, random_style
from .scenes import compose, random_speckle
from .shapes import random_suit_shape

NONE = CLASSES.index("NONE")
DENSE_ART_SHARE = 0.0   # the share of the reader's scenes whose deck has dense court figures: off, since
                        # at 0.5 it read more court cards of other decks and as many fewer number cards
CARD_CODES = CLASSES[:-1]
INDEX_SHOWN = 0.92      # an index corner this much in view (not under another card nor past the photo's
                        # edge) is taught as its card; under 0.6, as no index (between: left out)


def index_showing(ids: np.ndarray, quad: np.ndarray, roll: int, card: int) -> float:
    """Share of the index box (the patch's upper-left part) showing this card (a scene's ``ids``;
    the photo's edge shows no card)."""
    patch = cv2.warpPerspective(ids, corner_homography(quad, roll), (PATCH_W, PATCH_H),
                                flags=cv2.INTER_NEAREST, borderValue=-1)
    box = patch[2:int(PATCH_H * 0.8), 2:int(PATCH_W * 0.65)]
    return float(np.mean(box == card))


def jitter_quad(rng: np.random.Generator, quad: np.ndarray, jitter: float = 0.03) -> np.ndarray:
    """A slightly wrong outline, as a detector gives: scaled 0.96-1.05, corners moved by ``jitter``
    of the card's width (standard deviation); one time in three also stretched 0.88-1.12 along each
    edge from one corner, as an outline guessed from a corner and the card's proportions is."""
    side = float(np.linalg.norm(quad[1] - quad[0]))
    centre = quad.mean(axis=0)
    quad = (centre + (quad - centre) * rng.uniform(0.96, 1.05)
            + rng.normal(0, jitter * side, (4, 2))).astype(np.float32)
    if rng.random() < 1 / 3:
        corner = int(rng.integers(0, 4))
        quad = np.roll(quad, -corner, axis=0)
        along_a, along_b = quad[1] - quad[0], quad[3] - quad[0]
        stretch_a, stretch_b = rng.uniform(0.88, 1.12, 2)
        quad = np.array([quad[0], quad[0] + along_a * stretch_a,
                         quad[0] + along_a * stretch_a + along_b * stretch_b + (quad[2] - quad[1] - along_b),
                         quad[0] + along_b * stretch_b], np.float32)
        quad = np.roll(quad, corner, axis=0)
    return quad


def scene_patches(rng: np.random.Generator, n_cards: int | None = None, jitter: float = 0.03,
                  dense_art: float = DENSE_ART_SHARE, suit_shapes: float = 0.0, crowded: float = 0.0,
                  speckled: float = 0.0, light: float = 0.0, framed: float = 0.0,
                  frame_curls: float = 0.6, by_area: bool = False, grey: bool = False):
    """Patches (N, H, W, 3) uint8 and labels (N,) int64 from one random scene (taken in greys with
    ``grey``, :func:`.scenes.compose`), whose deck has dense
    court figures (:func:`.faces.dense_court_art`) with the chance ``dense_art``, spades and
    clubs of other proportions (:func:`.shapes.random_suit_shape`) with the chance ``suit_shapes``,
    and large pips and court symbols beside its indices (:func:`.faces.random_crowding`) with the
    chance ``crowded``, whose ranks are printed in a light weight (:func:`.faces.random_light_weight`)
    with the chance ``light``, whose faces are framed beside the index (:func:`.faces.random_frame`)
    with the chance ``framed`` (the frames curled with the chance ``frame_curls``), and whose table
    is speckled stone (:func:`.scenes.random_speckle`) with the chance ``speckled``; a large card's
    patches cut by area with ``by_area`` (:func:`service.vision.geometry.corner_patches`)."""
    n = n_cards or int(rng.integers(1, 9))
    codes = list(rng.choice(CARD_CODES, size=n, replace=False))
    size = (int(rng.integers(360, 640)), int(rng.integers(360, 640)))
    style = random_style(rng)
    if dense_art and rng.random() < dense_art:
        # court figures drawn densely and close to the index, for the reader only: the finder's and
        # pips' training scenes and the evaluation's own designs keep the sparse stand-ins (at 0 no
        # random number is drawn, so the patches are those the committed reader was trained on)
        style["dense_art"] = True
    if suit_shapes and rng.random() < suit_shapes:   # the reader's share (the pips' is pip_data's own)
        style["suit_shape"] = random_suit_shape(rng)
    if crowded and rng.random() < crowded:         # the reader's only, as the two above
        style["crowded"] = random_crowding(rng)
    if speckled and rng.random() < speckled:       # the reader's only, as the three above
        style["speckle"] = random_speckle(rng)
    if light and rng.random() < light:             # the reader's only, as the four above
        style["light"] = random_light_weight(rng)
    if framed and rng.random() < framed:           # the reader's only, as the five above
        style["frame"] = random_frame(rng, frame_curls)
    scene = compose(rng, codes, size=size, max_overlap=0.15, style=style, grey=grey)
    xs, ys = [], []
    for i, card in enumerate(scene.cards):
        for _ in range(2):  # two imperfect outlines per card, as detectors differ
            quad = jitter_quad(rng, card.quad, jitter)
            patches = corner_patches(scene.image, quad, by_area)
            for roll in (0, 2):
                share = index_showing(scene.ids, quad, roll, i)
                if share >= INDEX_SHOWN:
                    label = CLASSES.index(card.code)
                elif share < 0.6:
                    label = NONE
                else:
                    continue
                xs.append(patches[roll])
                ys.append(label)
            xs.append(patches[int(rng.choice([1, 3]))])
            ys.append(NONE)
        if rng.random() < 0.3:  # a card's middle, read as a corner
            shift = (card.quad[2] - card.quad[0]) * rng.uniform(0.25, 0.5)
            xs.append(corner_patches(scene.image, quad + shift.astype(np.float32), by_area)[int(rng.integers(0, 4))])
            ys.append(NONE)
    h, w = scene.image.shape[:2]
    for _ in range(int(rng.integers(0, 3))):  # bare table
        size = rng.uniform(0.1, 0.4) * min(h, w)
        cx, cy = rng.uniform(size, w - size), rng.uniform(size, h - size)
        quad = np.array([[cx, cy], [cx + size, cy], [cx + size, cy + size * 1.4], [cx, cy + size * 1.4]],
                        np.float32)
        xs.append(corner_patches(scene.image, quad, by_area)[0])
        ys.append(NONE)
    return np.stack(xs), np.array(ys, np.int64)


def occlude(rng: np.random.Generator, patch: np.ndarray) -> np.ndarray:
    """Cover part of a patch from one edge (a finger, or another card's edge), leaving the index readable.

    The cover comes in from the right or bottom edge (where the pips are), or thinly from the top or
    left edge; it is skin-toned, card-white or dark, with a soft shadow line along its edge.
    """
    out = patch.copy()
    h, w = out.shape[:2]
    colour = [(int(rng.integers(60, 160)), int(rng.integers(90, 190)), int(rng.integers(140, 240))),
              tuple(int(v) for v in rng.integers(200, 256, 3)),
              tuple(int(v) for v in rng.integers(0, 60, 3))][int(rng.integers(0, 3))]
    side = int(rng.choice(4, p=[0.4, 0.4, 0.1, 0.1]))
    reach = rng.uniform(0.25, 0.45) if side < 2 else rng.uniform(0.03, 0.1)
    ys, xs = np.mgrid[0:h, 0:w]
    tilt = rng.uniform(-0.4, 0.4)
    if side == 0:    # from the right
        inside = xs > w * (1 - reach) + tilt * (ys - h / 2)
    elif side == 1:  # from the bottom
        inside = ys > h * (1 - reach) + tilt * (xs - w / 2)
    elif side == 2:  # thinly from the top
        inside = ys < h * reach + tilt * (xs - w / 2)
    else:            # thinly from the left
        inside = xs < w * reach + tilt * (ys - h / 2)
    out[inside] = colour
    edge = cv2.dilate(inside.astype(np.uint8), np.ones((3, 3), np.uint8)) - inside.astype(np.uint8)
    out[edge.astype(bool)] = (out[edge.astype(bool)] * 0.5).astype(np.uint8)
    return out


def gather(examples, rng: np.random.Generator, count: int) -> tuple[np.ndarray, np.ndarray]:
    """``examples(rng) -> (x, y)`` called until at least ``count`` examples, concatenated.

    >>> x, y = gather(lambda rng: (rng.random((3, 2)), np.arange(3)), np.random.default_rng(0), 5)
    >>> x.shape, y.tolist()
    ((6, 2), [0, 1, 2, 0, 1, 2])
    """
    xs, ys, total = [], [], 0
    while total < count:
        x, y = examples(rng)
        xs.append(x)
        ys.append(y)
        total += len(y)
    return np.concatenate(xs), np.concatenate(ys)


def distort(rng: np.random.Generator, patch: np.ndarray) -> np.ndarray:
    """The patch bent by a smooth random displacement (up to 1-3 px: glyphs of other shapes than the
    generator's fonts draw), and one time in two its strokes made a pixel thicker or thinner.

    >>> patch = np.full((PATCH_H, PATCH_W, 3), 255, np.uint8); patch[20:40, 10:14] = 0
    >>> bent = distort(np.random.default_rng(1), patch)
    >>> bent.shape == patch.shape, bool((bent != patch).any()), bool((bent < 128).any())
    (True, True, True)
    """
    h, w = patch.shape[:2]
    reach = rng.uniform(1.0, 3.0)
    fields = []
    for _ in range(2):
        field = cv2.GaussianBlur(rng.uniform(-1, 1, (h, w)).astype(np.float32), (0, 0), rng.uniform(4, 8))
        fields.append(field * (reach / (np.abs(field).max() + 1e-6)))
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
    out = cv2.remap(patch, xs + fields[0], ys + fields[1], cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    weight = int(rng.integers(0, 4))
    if weight == 1:
        out = cv2.erode(out, np.ones((2, 2), np.uint8))    # dark strokes thicker
    elif weight == 2:
        out = cv2.dilate(out, np.ones((2, 2), np.uint8))   # dark strokes thinner
    return out


def occluded_scene_patches(rng: np.random.Generator, dense_art: float = DENSE_ART_SHARE,
                           distorted: float = 0.0, suit_shapes: float = 0.0, crowded: float = 0.0,
                           speckled: float = 0.0, light: float = 0.0, framed: float = 0.0,
                           frame_curls: float = 0.6, by_area: bool = False, grey: bool = False):
    """One scene's patches (:func:`scene_patches`, in greys with ``grey``), a share ``distorted`` of
    them bent (:func:`distort`; 0 draws nothing from ``rng``), then 15 % given an occluder
    (:func:`occlude`)."""
    x, y = scene_patches(rng, dense_art=dense_art, suit_shapes=suit_shapes, crowded=crowded, speckled=speckled,
                         light=light, framed=framed, frame_curls=frame_curls, by_area=by_area, grey=grey)
    if distorted:
        for i in np.nonzero(rng.random(len(y)) < distorted)[0]:
            x[i] = distort(rng, x[i])
    for i in np.nonzero(rng.random(len(y)) < 0.15)[0]:
        x[i] = occlude(rng, x[i])
    return x, y


def make_dataset(seed: int, count: int, worker: int = 0, dense_art: float = DENSE_ART_SHARE,
                 distorted: float = 0.0, suit_shapes: float = 0.0, crowded: float = 0.0, speckled: float = 0.0,
                 light: float = 0.0, framed: float = 0.0, frame_curls: float = 0.6, by_area: bool = False,
                 grey_scenes: float = 0.0):
    """At least ``count`` patches from scenes seeded by (seed, worker), ``grey_scenes`` of the scenes
    taken in greys (drawn from a stream of their own, so that the scenes are the same at any share)."""
    greys = np.random.default_rng([seed, worker, 1])
    return gather(lambda rng: occluded_scene_patches(rng, dense_art, distorted, suit_shapes, crowded, speckled,
                                                      light, framed, frame_curls, by_area,
                                                      grey=bool(grey_scenes) and greys.random() < grey_scenes),
                  np.random.default_rng([seed, worker]), count)
