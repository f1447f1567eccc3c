"""The photo as the dense networks (the card finder, the index spotter) see it: shrunk to a given
long side and padded at the bottom and right to a multiple of the network's total stride; and
their maps, the padding cut off again.

    >>> inputs, (h, w), factor = map_input(np.zeros((480, 640, 3), np.uint8), 256, 16)
    >>> inputs.shape, (h, w), factor
    ((1, 3, 192, 256), (192, 256), 0.4)
"""

from __future__ import annotations

import cv2
import numpy as np


def map_input(image: np.ndarray, side: int, pad_to: int) -> tuple[np.ndarray, tuple[int, int], float]:
    """``image`` (H, W, 3) BGR uint8 -> (the network's input ``(1, 3, h', w')`` float32 in 0..1, the
    shrunk photo's size (h, w) before padding, the factor from photo to shrunk pixels)."""
    h, w = image.shape[:2]
    factor = side / max(h, w)
    small = cv2.resize(image, (max(1, round(w * factor)), max(1, round(h * factor))),
                       interpolation=cv2.INTER_AREA if factor < 1 else cv2.INTER_LINEAR)
    sh, sw = small.shape[:2]
    padded = cv2.copyMakeBorder(small, 0, -sh % pad_to, 0, -sw % pad_to, cv2.BORDER_REPLICATE)
    return np.ascontiguousarray(padded.transpose(2, 0, 1)[None], np.float32) / 255, (sh, sw), factor


def map_logits(session, image: np.ndarray, side: int, pad_to: int, stride: int) -> tuple[np.ndarray, float]:
    """``session``'s output maps for ``image`` seen at ``side`` px, ``(channels, h, w)`` at ``stride``
    of the shrunk photo without its padding, and the factor from photo to map pixels."""
    inputs, (sh, sw), factor = map_input(image, side, pad_to)
    out = session.run(None, {"image": inputs})[0][0]
    return out[:, :-(-sh // stride), :-(-sw // stride)], factor / stride
