"""Where the cards lie relative to each other: which card lies apart (the starter)."""

from __future__ import annotations

import numpy as np


def isolated_card(quads: list[np.ndarray], ratio: float = 1.5) -> int | None:
    """Index of the card lying apart from the others, or None when no card clearly does.

    A card is apart when its distance to its nearest neighbour is at least ``ratio`` times the
    largest such distance among the other cards::

        >>> row = [np.array([[x, 0], [x + 10, 0], [x + 10, 14], [x, 14]], float) for x in (0, 12, 24, 36)]
        >>> apart = np.array([[100, 0], [110, 0], [110, 14], [100, 14]], float)
        >>> isolated_card(row + [apart])
        4
        >>> isolated_card(row) is None
        True
    """
    if len(quads) < 2:
        return None
    centres = np.array([np.asarray(q, float).mean(axis=0) for q in quads])
    distances = np.linalg.norm(centres[:, None] - centres[None], axis=2)
    np.fill_diagonal(distances, np.inf)
    nearest = distances.min(axis=1)
    order = np.argsort(nearest)[::-1]
    first, second = nearest[order[0]], nearest[order[1]] if len(quads) > 2 else 0.0
    if len(quads) == 2 or first < ratio * second:
        return None
    return int(order[0])
