"""The v1 board geometry: edge numbering, neighbours, loop edges of a region
and clues of a loop (see docs/loop-v1.md)."""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from typing import Any, Callable, Iterable, List, MutableSequence, Optional, Sequence, Set, Tuple

from .._edges import edge_count, h_count, h_edge, v_edge
from .._validate import bit_list, bounded_items, require_int, show
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

    def __post_init__(self) -> None:
        _board_n(self.n)

    @property
    def num_h(self) -> int:
        return h_count(self.n, self.n)

    @property
    def num_v(self) -> int:
        return self.total - self.num_h

    @property
    def total(self) -> int:
        return edge_count(self.n, self.n)

    # The public methods check their arguments (an int in range, named in the
    # error); the module's own loops call h_edge/v_edge and _cell_edges.

    def h(self, r: int, c: int) -> int:
        """Top side of cell (r, c), r in 0..n (n: the bottom side of the last row)."""
        n = self.n
        return h_edge(n, require_int("r", r, 0, n), require_int("c", c, 0, n - 1))

    def v(self, r: int, c: int) -> int:
        """Left side of cell (r, c), c in 0..n (n: the right side of the last column)."""
        n = self.n
        return v_edge(n, n, require_int("r", r, 0, n - 1), require_int("c", c, 0, n))

    def cell_edges(self, r: int, c: int) -> List[int]:
        """``[top, bottom, left, right]`` of cell (r, c)."""
        return self._cell_edges(require_int("r", r, 0, self.n - 1), require_int("c", c, 0, self.n - 1))

    def _cell_edges(self, r: int, c: int) -> List[int]:
        n = self.n
        return [h_edge(n, r, c), h_edge(n, r + 1, c), v_edge(n, n, r, c), v_edge(n, n, r, c + 1)]

    def vertex_edges(self, r: int, c: int) -> List[int]:
        """Edges at lattice point (r, c), r and c in 0..n, in v1 order."""
        n, out = self.n, []
        r, c = require_int("r", r, 0, n), require_int("c", c, 0, n)
        if c > 0:
            out.append(h_edge(n, r, c - 1))
        if c < n:
            out.append(h_edge(n, r, c))
        if r > 0:
            out.append(v_edge(n, n, r - 1, c))
        if r < n:
            out.append(v_edge(n, n, r, c))
        return out

    def endpoints(self, e: int) -> Tuple[int, int]:
        """The two lattice points of edge ``e`` (left then right, top then bottom)."""
        n = self.n
        e = require_int("e", e, 0, self.total - 1)
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
    n = _board_n(n)
    if geo is None:
        return Geometry(n)
    if not isinstance(geo, Geometry):
        raise ArgumentTypeError(f"geo must be a Geometry from make_geo, got {type(geo).__name__}")
    if geo.n != n:
        raise ArgumentError(f"geo is for n = {geo.n}, but n = {n}")
    return geo


def neighbors(i: int, n: int) -> List[int]:
    """Cells next to cell ``i``, in the order up, down, left, right."""
    n = _board_n(n)
    return list(_neighbor_table(n)[require_int("i", i, 0, n * n - 1)])


def _cells(name: str, cells: Any, n: int) -> List[int]:
    """Checks an iterable of cell indices (ints; those off the board count as
    outside) as it is read: at most a few per cell of the n x n board
    (repeats are allowed), so that an endless one is refused, not read
    forever."""
    if isinstance(cells, (str, bytes)) or not isinstance(cells, Iterable):
        raise ArgumentTypeError(f"{name} must be a list of cell indices, got {type(cells).__name__}")

    def cell(i: Any) -> None:
        if isinstance(i, bool) or not isinstance(i, int):
            raise ArgumentTypeError(f"{name} must hold int cell indices, got {type(i).__name__}")

    return bounded_items(name, cells, 4 * n * n + 16, each=cell)


def _random_source(random: Any) -> Callable[[], float]:
    """A caller's random source, each draw checked: a number in [0, 1), as
    ``rng(seed)`` gives (the generator's own draws skip the check)."""
    if not callable(random):
        raise ArgumentTypeError(f"random must be a function such as rng(seed), got {type(random).__name__}")

    def draw() -> float:
        value = random()
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise ArgumentTypeError(f"random() must return a float in [0, 1), got {type(value).__name__}")
        if not 0 <= value < 1:
            raise ArgumentError(f"random() must return a float in [0, 1), got {show(value)}")
        return float(value)

    return draw


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


#: Boards up to this side test simple connectivity on bit masks (one bit per
#: cell, row-major); larger ones flood cell by cell, where a mask flood could
#: need a number of whole-board steps growing with the area.
_MASK_MAX_N = 16


@functools.cache
def _flood_masks(n: int) -> Tuple[int, int, int, int]:
    """``(all cells, rim cells, cells not in column 0, cells not in the last column)`` as bit masks."""
    full = (1 << (n * n)) - 1
    rim = not_first = not_last = 0
    for i in range(n * n):
        r, c = divmod(i, n)
        if r in (0, n - 1) or c in (0, n - 1):
            rim |= 1 << i
        if c > 0:
            not_first |= 1 << i
        if c < n - 1:
            not_last |= 1 << i
    return full, rim, not_first, not_last


def _encloses_nothing(inside: int, n: int) -> bool:
    """Simple connectivity on masks: flood the outside cells from the rim,
    a whole front of cells per step, and check that it reaches all of them."""
    full, rim, not_first, not_last = _flood_masks(n)
    outside = full & ~inside
    reach = rim & outside
    while True:
        # Down, up, right (not wrapping into column 0), left (not into the last column).
        grown = (reach | (reach << n) | (reach >> n) | ((reach << 1) & not_first) | ((reach >> 1) & not_last)) & outside
        if grown == reach:
            return reach == outside
        reach = grown


def is_simply_connected(region: Iterable[int], n: int) -> bool:
    """True when every cell outside ``region`` reaches the rim through outside cells.

    A ring of 8 cells encloses the centre of a 3 x 3 board; filled in, it
    encloses nothing (boards over 16 cells a side flood cell by cell, with
    the same answers):

    >>> ring = [0, 1, 2, 3, 5, 6, 7, 8]
    >>> is_simply_connected(ring, 3), is_simply_connected(ring + [4], 3)
    (False, True)
    >>> big_ring = [r * 17 + c for r in range(3) for c in range(3) if (r, c) != (1, 1)]
    >>> is_simply_connected(big_ring, 17), is_simply_connected(big_ring + [18], 17)
    (False, True)
    """
    n = _board_n(n)
    inside = set(_cells("region", region, n))
    if n <= _MASK_MAX_N and all(type(i) is int for i in inside):
        mask = 0
        for i in inside:
            if 0 <= i < n * n:
                mask |= 1 << i
        return _encloses_nothing(mask, n)
    return _simply_connected_by_cells(inside, n)


def _simply_connected_by_cells(inside: Set[Any], n: int) -> bool:
    """:func:`is_simply_connected` as a breadth-first flood over cells (any n)."""
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
    return _grow_region(_board_n(n), _random_source(random))


def _grow_region(n: int, random: Callable[[], float]) -> Optional[List[int]]:
    """:func:`grow_region` on arguments checked already (the generator's own)."""
    cells = n * n
    table = _neighbor_table(n)
    target_min = max(3, int(cells * 0.35))  # floor of the same double as JS
    target_max = max(target_min + 1, math.ceil(cells * 0.75))
    span = target_max - target_min + 1
    use_masks = n <= _MASK_MAX_N
    for _ in range(REGION_ATTEMPTS):
        start = int(random() * cells)
        region = [start]
        # The frontier in insertion order (v1 keeps it in a JS Set), and per
        # cell whether it is placed already: on the frontier or in the region.
        # A neighbour already on the frontier keeps its place.
        placed = bytearray(cells)
        placed[start] = 1
        frontier: List[int] = []
        for nb in table[start]:
            placed[nb] = 1
            frontier.append(nb)
        mask = 1 << start
        target = target_min + int(random() * span)
        while len(region) < target and frontier:
            pick = frontier.pop(int(random() * len(frontier)))
            region.append(pick)
            mask |= 1 << pick
            for nb in table[pick]:
                if not placed[nb]:
                    placed[nb] = 1
                    frontier.append(nb)
        size = len(region)
        if size < 3 or size > cells - 1:
            continue
        if _encloses_nothing(mask, n) if use_masks else _simply_connected_by_cells(set(region), n):
            return region
    return None


def shuffle(arr: List[Any], random: Callable[[], float]) -> List[Any]:
    """Fisher-Yates from the back, in place; returns ``arr``."""
    if not isinstance(arr, MutableSequence) or isinstance(arr, (str, bytes)):
        raise ArgumentTypeError(f"arr must be a list, shuffled in place, got {type(arr).__name__}")
    return _shuffle(arr, _random_source(random))


def _shuffle(arr: List[Any], random: Callable[[], float]) -> List[Any]:
    """:func:`shuffle` on arguments checked already (the generator's own)."""
    for i in range(len(arr) - 1, 0, -1):
        j = int(random() * (i + 1))
        arr[i], arr[j] = arr[j], arr[i]
    return arr


@functools.cache
def _edge_sides(n: int) -> Tuple[Tuple[int, int], ...]:
    """Per edge, the two cells it separates (above/below, left/right); ``n*n``
    stands for off the board."""
    off = n * n
    sides = []
    for r in range(n + 1):
        for c in range(n):
            sides.append(((r - 1) * n + c if r > 0 else off, r * n + c if r < n else off))
    for r in range(n):
        for c in range(n + 1):
            sides.append((r * n + c - 1 if c > 0 else off, r * n + c if c < n else off))
    return tuple(sides)


@functools.cache
def _cell_sides(n: int) -> Tuple[Tuple[int, int, int, int], ...]:
    """Per cell (row-major), its edges top, bottom, left, right."""
    base = (n + 1) * n
    return tuple(
        (r * n + c, (r + 1) * n + c, base + r * (n + 1) + c, base + r * (n + 1) + c + 1)
        for r in range(n)
        for c in range(n)
    )


def loop_edges(region: Iterable[int], n: int, geo: Geometry) -> List[int]:
    """The 0/1 edge list of the loop around ``region``: an edge is on when the
    cells on its two sides differ in membership (off the board is outside)."""
    n = _geo_for(geo, n).n
    return _loop_edges(_cells("region", region, n), n)


def _loop_edges(region: Iterable[int], n: int) -> List[int]:
    """:func:`loop_edges` on arguments checked already (the generator's own)."""
    inside = set(region)
    # Membership per cell, plus the off-board cell (never inside).
    member = [1 if i in inside else 0 for i in range(n * n)]
    member.append(0)
    return [member[a] ^ member[b] for a, b in _edge_sides(n)]


def clue_for(on: Sequence[int], geo: Geometry, r: int, c: int) -> int:
    """How many sides of cell (r, c) are on."""
    if not isinstance(geo, Geometry):
        raise ArgumentTypeError(f"geo must be a Geometry from make_geo, got {type(geo).__name__}")
    on = bit_list("on", on, geo.total)
    return _clue_for(on, geo, require_int("r", r, 0, geo.n - 1), require_int("c", c, 0, geo.n - 1))


def _clue_for(on: Sequence[int], geo: Geometry, r: int, c: int) -> int:
    """:func:`clue_for` on arguments checked already."""
    return sum(on[e] for e in geo._cell_edges(r, c))


def full_clues(on: Sequence[int], geo: Geometry, n: int) -> List[int]:
    """The clue of every cell, row-major."""
    geo = _geo_for(geo, n)
    return _full_clues(bit_list("on", on, geo.total), geo.n)


def _full_clues(on: Sequence[int], n: int) -> List[int]:
    """:func:`full_clues` on arguments checked already (the generator's own)."""
    return [on[top] + on[bottom] + on[left] + on[right] for top, bottom, left, right in _cell_sides(n)]
