"""The v1 board geometry: edge numbering, neighbours, loop edges of a region
and clues of a loop (see docs/loop-v1.md)."""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from typing import Any, Callable, Dict, Iterable, List, Optional, Sequence, Set, Tuple

from .._edges import edge_count, h_count, h_edge, v_edge
from .._validate import require_int
from ..errors import ArgumentError, ArgumentTypeError
from ._constants import MAX_N, REGION_ATTEMPTS


@dataclass(frozen=True)
class Geometry:
    """Edge numbering of an n x n board (``makeGeo`` of v1): the numbering of
    :mod:`loopcraft._edges` with R = C = n.

    Horizontal edges ``h(r, c) = r*n + c`` come first, then vertical edges
    ``v(r, c) = num_h + r*(n+1) + c``. Lattice points are ``r*(n+1) + c``.
    """

    n: int

    @property
    def num_h(self) -> int:
        return h_count(self.n, self.n)

    @property
    def num_v(self) -> int:
        return self.total - self.num_h

    @property
    def total(self) -> int:
        return edge_count(self.n, self.n)

    def h(self, r: int, c: int) -> int:
        """Top side of cell (r, c)."""
        return h_edge(self.n, r, c)

    def v(self, r: int, c: int) -> int:
        """Left side of cell (r, c)."""
        return v_edge(self.n, self.n, r, c)

    def cell_edges(self, r: int, c: int) -> List[int]:
        """``[top, bottom, left, right]`` of cell (r, c)."""
        return [self.h(r, c), self.h(r + 1, c), self.v(r, c), self.v(r, c + 1)]

    def vertex_edges(self, r: int, c: int) -> List[int]:
        """Edges at lattice point (r, c), in v1 order."""
        n, out = self.n, []
        if c > 0:
            out.append(self.h(r, c - 1))
        if c < n:
            out.append(self.h(r, c))
        if r > 0:
            out.append(self.v(r - 1, c))
        if r < n:
            out.append(self.v(r, c))
        return out

    def endpoints(self, e: int) -> Tuple[int, int]:
        """The two lattice points of edge ``e`` (left then right, top then bottom)."""
        n = self.n
        if e < self.num_h:
            r, c = divmod(e, n)
            return (r * (n + 1) + c, r * (n + 1) + c + 1)
        r, c = divmod(e - self.num_h, n + 1)
        return (r * (n + 1) + c, (r + 1) * (n + 1) + c)


def _board_n(n: Any) -> int:
    return require_int("n", n, 1, MAX_N)


def make_geo(n: int) -> Geometry:
    """The geometry of an n x n board."""
    return Geometry(_board_n(n))


def _geo_for(geo: Any, n: int) -> Geometry:
    if geo is None:
        return Geometry(n)
    if not isinstance(geo, Geometry):
        raise ArgumentTypeError(f"geo must be a Geometry from make_geo, got {type(geo).__name__}")
    if geo.n != n:
        raise ArgumentError(f"geo is for n = {geo.n}, but n = {n}")
    return geo


def neighbors(i: int, n: int) -> List[int]:
    """Cells next to cell ``i``, in the order up, down, left, right."""
    return list(_neighbor_table(n)[i])


@functools.cache
def _neighbor_table(n: int) -> Tuple[Tuple[int, ...], ...]:
    return tuple(tuple(_neighbors(i, n)) for i in range(n * n))


def _neighbors(i: int, n: int) -> List[int]:
    r, c = divmod(i, n)
    out = []
    if r > 0:
        out.append(i - n)
    if r < n - 1:
        out.append(i + n)
    if c > 0:
        out.append(i - 1)
    if c < n - 1:
        out.append(i + 1)
    return out


def is_simply_connected(region: Iterable[int], n: int) -> bool:
    """True when every cell outside ``region`` reaches the rim through outside cells."""
    inside = set(region)
    outside: Set[int] = set()
    queue: List[int] = []

    def mark(i: int) -> None:
        if i not in inside and i not in outside:
            outside.add(i)
            queue.append(i)

    for c in range(n):
        mark(c)
        mark((n - 1) * n + c)
    for r in range(n):
        mark(r * n)
        mark(r * n + n - 1)
    table = _neighbor_table(n)
    q = 0
    while q < len(queue):
        for nb in table[queue[q]]:
            mark(nb)
        q += 1
    return len(outside) == n * n - sum(1 for i in inside if 0 <= i < n * n)


def grow_region(n: int, random: Callable[[], float]) -> Optional[List[int]]:
    """Grows a simply connected region of cells (v1 ``growRegion``).

    Returns the region's cells in insertion order, or ``None`` after 300
    failed attempts.
    """
    cells = n * n
    table = _neighbor_table(n)
    target_min = max(3, int(cells * 0.35))  # floor of the same double as JS
    target_max = max(target_min + 1, math.ceil(cells * 0.75))
    for _ in range(REGION_ATTEMPTS):
        start = int(random() * cells)
        region = {start: None}
        # A dict keeps insertion order and gives O(1) membership, as JS Set does.
        frontier: Dict[int, None] = {}
        for nb in table[start]:
            frontier[nb] = None
        target = target_min + int(random() * (target_max - target_min + 1))
        while len(region) < target and frontier:
            items = list(frontier)
            pick = items[int(random() * len(items))]
            del frontier[pick]
            region[pick] = None
            for nb in table[pick]:
                if nb not in region:
                    frontier[nb] = None
        if len(region) < 3 or len(region) > cells - 1:
            continue
        if is_simply_connected(region, n):
            return list(region)
    return None


def shuffle(arr: List[Any], random: Callable[[], float]) -> List[Any]:
    """Fisher-Yates from the back, in place; returns ``arr``."""
    for i in range(len(arr) - 1, 0, -1):
        j = int(random() * (i + 1))
        arr[i], arr[j] = arr[j], arr[i]
    return arr


def loop_edges(region: Iterable[int], n: int, geo: Geometry) -> List[int]:
    """The 0/1 edge list of the loop around ``region``: an edge is on when the
    cells on its two sides differ in membership (off the board is outside)."""
    inside = set(region)
    on = [0] * geo.total
    # Horizontal edge (r, c) separates cell (r-1, c) above from (r, c) below.
    for r in range(n + 1):
        for c in range(n):
            above = r > 0 and ((r - 1) * n + c) in inside
            below = r < n and (r * n + c) in inside
            if above != below:
                on[r * n + c] = 1
    base = geo.num_h
    for r in range(n):
        for c in range(n + 1):
            left = c > 0 and (r * n + c - 1) in inside
            right = c < n and (r * n + c) in inside
            if left != right:
                on[base + r * (n + 1) + c] = 1
    return on


def clue_for(on: Sequence[int], geo: Geometry, r: int, c: int) -> int:
    """How many sides of cell (r, c) are on."""
    return sum(on[e] for e in geo.cell_edges(r, c))


def full_clues(on: Sequence[int], geo: Geometry, n: int) -> List[int]:
    """The clue of every cell, row-major."""
    base = geo.num_h
    return [
        on[r * n + c] + on[(r + 1) * n + c] + on[base + r * (n + 1) + c] + on[base + r * (n + 1) + c + 1]
        for r in range(n)
        for c in range(n)
    ]
