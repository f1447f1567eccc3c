"""Training examples for the card maps: one network taught the card finder's two maps and the index
spotter's nine at once (:mod:`vision_models.train_maps`).

The network sees the photo once for both (shrunk to 256 px on its long side into the top-left of
a square, maps at half that size), so one generated scene
(:func:`vision_models.finder_data.scene_sample`) gives both targets: the finder's card and seam masks
with their weight (:func:`vision_models.finder_data.finder_targets`) and the spotter's index map,
corner offsets, near and trusted masks (:func:`vision_models.spotter_data.spotter_targets`)::

    >>> example = maps_example(np.random.default_rng(5))
    >>> [part.shape for part in example]
    [(256, 256, 3), (2, 128, 128), (128, 128), (128, 128), (8, 128, 128), (128, 128), (128, 128)]
"""

from __future__ import annotations

import numpy as np

from .finder_data import finder_targets, scene_sample, seeded_examples
from .spotter_data import spotter_targets


def maps_example(rng: np.random.Generator) -> tuple:
    """One scene -> (image, finder targets, finder weight, heat, offsets, near, trusted): the
    finder's example and the spotter's, which share the image."""
    image, ids, quads = scene_sample(rng)
    padded, targets, weight = finder_targets(image, ids)
    _, heat, offsets, near, trusted = spotter_targets(image, ids, quads)
    return padded, targets, weight, heat, offsets, near, trusted


def make_maps_dataset(seed: int, count: int, worker: int = 0) -> tuple:
    """``count`` examples from scenes seeded by (seed, worker), stacked."""
    return seeded_examples(maps_example, seed, count, worker, stream=13)


def spotter_only(spotter_examples: tuple) -> tuple:
    """The spotter's examples (image, heat, offsets, near, trusted; the real photos') as examples of
    both maps whose finder part weighs nothing: the card finder was never taught on real photos.

    >>> image, heat = np.zeros((1, 256, 256, 3), np.uint8), np.zeros((1, 128, 128), np.uint8)
    >>> example = spotter_only((image, heat, np.zeros((1, 8, 128, 128), np.float16), heat > 0, heat == 0))
    >>> example[1].shape, int(example[2].sum()), int(example[6].sum())
    ((1, 2, 128, 128), 0, 16384)
    """
    images, heat, offsets, near, trusted = spotter_examples
    n, side = len(images), heat.shape[-1]
    return (images, np.zeros((n, 2, side, side), np.uint8), np.zeros((n, side, side), np.uint8),
            heat, offsets, near, trusted)
