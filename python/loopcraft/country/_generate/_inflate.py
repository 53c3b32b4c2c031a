"""Loop inflation: one simple cycle grown from a 2 x 2 block.

>>> loop = inflate_loop(4, 5, random.Random(1), target=12)
>>> len(loop), len(set(loop))
(12, 12)
"""

from __future__ import annotations

import random
from typing import List, Optional, Tuple

__all__ = ["inflate_loop"]


def inflate_loop(rows: int, cols: int, rng: random.Random, target: Optional[int] = None) -> List[int]:
    """Grows one simple cycle by inflation; returns its cells in visiting order.

    Starts from the 4-cycle around a random 2 x 2 block. Each step picks,
    uniformly among all possibilities, a loop edge ``a-b`` and a side on which
    both neighbours ``a'`` (of ``a``) and ``b'`` (of ``b``) are unused, and
    replaces ``a-b`` by ``a-a'-b'-b``. Stops once the loop has ``target``
    cells or more (default: every cell) or when no step is possible.

    >>> loop = inflate_loop(4, 5, random.Random(1), target=12)
    >>> len(loop), len(set(loop))
    (12, 12)
    """
    n = rows * cols
    if target is None:
        target = n
    succ = [-1] * n
    r0, c0 = rng.randrange(rows - 1), rng.randrange(cols - 1)
    a = r0 * cols + c0
    block = [a, a + 1, a + 1 + cols, a + cols]
    for i in range(4):
        succ[block[i]] = block[(i + 1) % 4]
    used = block[:]  # unordered list of loop cells, for uniform sampling
    length = 4
    while length < target:
        choice = _pick_inflation(rows, cols, succ, used, rng)
        if choice is None:
            break
        a, b, a2, b2 = choice
        succ[a], succ[a2], succ[b2] = a2, b2, b
        used.append(a2)
        used.append(b2)
        length += 2
    # Read the cycle off the successor links, starting at the smallest cell so
    # the visiting order does not depend on where the block sat.
    start = min(used)
    loop = [start]
    cell = succ[start]
    while cell != start:
        loop.append(cell)
        cell = succ[cell]
    return loop


def _inflations(rows: int, cols: int, succ: List[int], a: int) -> List[Tuple[int, int, int, int]]:
    """The (at most two) detours of the loop edge leaving ``a``."""
    b = succ[a]
    d = b - a
    out = []
    if d in (1, -1):
        sides = (-cols, cols)
    else:
        sides = (-1, 1)
    ra, ca = divmod(a, cols)
    for s in sides:
        if s in (1, -1):
            if not (0 <= ca + s < cols):
                continue
        else:
            if not (0 <= ra + (1 if s > 0 else -1) < rows):
                continue
        a2, b2 = a + s, b + s
        if succ[a2] == -1 and succ[b2] == -1:
            out.append((a, b, a2, b2))
    return out


def _pick_inflation(
    rows: int, cols: int, succ: List[int], used: List[int], rng: random.Random
) -> Optional[Tuple[int, int, int, int]]:
    """A uniformly random inflation step, or None when the loop cannot grow.

    Rejection sampling over (loop edge, side) is uniform over the valid steps
    and cheap while many exist; after a bounded number of misses a full scan
    decides whether any step is left and picks one uniformly.
    """
    m = len(used)
    for _ in range(16):
        a = used[rng.randrange(m)]
        options = _inflations(rows, cols, succ, a)
        side = rng.randrange(2)
        if side < len(options):
            return options[side]
    every = []
    for a in used:
        every.extend(_inflations(rows, cols, succ, a))
    if not every:
        return None
    return every[rng.randrange(len(every))]
