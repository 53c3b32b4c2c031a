"""Cell-index geometry of the generator: cells are ``r * cols + c``.

>>> edge_index(3, 3, 0, 1), edge_index(3, 3, 0, 3)
(0, 6)
"""

from __future__ import annotations

import random
from typing import Dict, List, Sequence, Tuple, Union

from .._loop import edge_count, edge_id

__all__ = ["Seed", "edge_index", "neighbours", "loop_edges", "country_order", "renumber", "shuffled"]

#: A generator seed: an int or a str (hashed the same way on every platform).
Seed = Union[int, str]


def edge_index(rows: int, cols: int, a: int, b: int) -> int:
    """Index of the cell-to-cell edge between orthogonal neighbours ``a`` and ``b``
    (the numbering of :mod:`loopcraft.country._loop`)."""
    return edge_id(rows, cols, divmod(a, cols), divmod(b, cols))


def neighbours(rows: int, cols: int, cell: int) -> List[int]:
    r, c = divmod(cell, cols)
    out = []
    if r > 0:
        out.append(cell - cols)
    if r + 1 < rows:
        out.append(cell + cols)
    if c > 0:
        out.append(cell - 1)
    if c + 1 < cols:
        out.append(cell + 1)
    return out


def loop_edges(rows: int, cols: int, loop: Sequence[int]) -> bytes:
    """The cycle ``loop`` (cells in visiting order) as one 0/1 byte per edge."""
    out = bytearray(edge_count(rows, cols))
    down = rows * (cols - 1)
    # Inline edge numbering (this runs at every refinement step); a step
    # that is not between orthogonal neighbours goes to edge_index's error.
    cells = list(loop)
    for a, b in zip(cells, cells[1:] + cells[:1]):
        a, b = min(a, b), max(a, b)
        if b == a + 1 and b % cols:
            out[a - a // cols] = 1
        elif b == a + cols:
            out[down + a] = 1
        else:
            edge_index(rows, cols, a, b)
    return bytes(out)


def country_order(regions: Sequence[int], loop: Sequence[int]) -> List[int]:
    """Countries in the order the loop visits them (each once for a legal loop)."""
    order: List[int] = []
    for cell in loop:
        reg = regions[cell]
        if not order or order[-1] != reg:
            order.append(reg)
    if len(order) > 1 and order[0] == order[-1]:
        order.pop()
    return order


def renumber(regions: Sequence[int]) -> Tuple[List[int], List[int]]:
    """Renumbers region ids in order of first cell; returns (regions, old id per new id)."""
    mapping: Dict[int, int] = {}
    order: List[int] = []
    out = []
    for r in regions:
        if r < 0:
            out.append(-1)
            continue
        if r not in mapping:
            mapping[r] = len(order)
            order.append(r)
        out.append(mapping[r])
    return out, order


def shuffled(items: List[int], rng: random.Random) -> List[int]:
    """Fisher-Yates with ``randrange`` only (stable across Python versions)."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j = rng.randrange(i + 1)
        out[i], out[j] = out[j], out[i]
    return out
