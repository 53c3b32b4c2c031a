"""The Loop engine v1: Slitherlink on an n x n board (n = 4..6), bit for bit.

Same seed, same puzzle, same solver node counts as the reference engine
(``loop-v1.md``). The random stream, region growth, shuffle, generation loop
and puzzle objects live here; propagation, the loop check and the search run
in the compiled core.

>>> from loopcraft import loop
>>> p = loop.generate(4, "notes-example")
>>> p.clues[:4]
(None, 3, 2, 2)
>>> loop.solve(p.clues, 4).nodes  # the reference engine's count too
19
"""

from __future__ import annotations

import functools
import json
import math
from dataclasses import dataclass
from typing import Any, Callable, Dict, Iterable, List, Optional, Sequence, Tuple

from . import _core
from ._validate import bit_list, clue_list, require_int, require_str
from .errors import ArgumentError, ArgumentTypeError, NoPuzzleFound

__all__ = [
    "VERSION",
    "MAX_SEED_UNITS",
    "MAX_N",
    "Geometry",
    "LoopPuzzle",
    "SolveResult",
    "rng",
    "make_geo",
    "neighbors",
    "grow_region",
    "is_simply_connected",
    "shuffle",
    "loop_edges",
    "clue_for",
    "full_clues",
    "propagate",
    "closed_component",
    "is_closed_loop",
    "validate_loop",
    "clue_violations",
    "solve",
    "generate",
]

VERSION = 1
#: Longest seed accepted by :func:`generate`, in UTF-16 code units (as JavaScript counts).
MAX_SEED_UNITS = 80
#: Largest n accepted by the board-level functions; the v1 search is hopeless far below it.
MAX_N = 200
SIZES = (4, 5, 6)
ATTEMPTS = 500
REGION_ATTEMPTS = 300
NODE_LIMIT = 20000

_MASK32 = 0xFFFFFFFF

# --------------------------------------------------------------------------- random stream


def _utf16_units(text: str) -> List[int]:
    """The UTF-16 code units JavaScript would hold for ``text``."""
    raw = text.encode("utf-16-le", "surrogatepass")
    return [raw[i] | (raw[i + 1] << 8) for i in range(0, len(raw), 2)]


def _seed_units(text: str) -> List[int]:
    """First UTF-16 unit of each code point, as ``for (const c of seed) c.charCodeAt(0)``."""
    units = _utf16_units(text)
    out, i = [], 0
    while i < len(units):
        u = units[i]
        out.append(u)
        # A surrogate pair is one code point; a lone surrogate is one of its own.
        if 0xD800 <= u < 0xDC00 and i + 1 < len(units) and 0xDC00 <= units[i + 1] < 0xE000:
            i += 2
        else:
            i += 1
    return out


def _imul(a: int, b: int) -> int:
    return (a * b) & _MASK32


class _Random:
    """The v1 stream. ``state`` is kept as a float, like the JavaScript number
    it mirrors: it grows by 0x6D2B79F5 per call and is read modulo 2**32."""

    __slots__ = ("_state",)

    def __init__(self, state: float) -> None:
        self._state = state

    def __call__(self) -> float:
        self._state = state = self._state + 0x6D2B79F5
        s = int(state) & 0xFFFFFFFF
        t = ((s ^ (s >> 15)) * (1 | s)) & 0xFFFFFFFF
        t ^= (t + (((t ^ (t >> 7)) * (61 | t)) & 0xFFFFFFFF)) & 0xFFFFFFFF
        return (t ^ (t >> 14)) / 4294967296.0

    def __repr__(self) -> str:
        return f"<loopcraft.loop random stream state={self._state!r}>"


def rng(seed: str) -> Callable[[], float]:
    """The v1 random stream for a seed: a callable returning floats in [0, 1).

    The seed is hashed as JavaScript would: FNV-1a over the first UTF-16 unit
    of each code point.

    >>> r = rng("notes-example")
    >>> 0 <= r() < 1
    True
    """
    require_str("seed", seed)
    state = 2166136261
    hashed = False
    for unit in _seed_units(seed):
        state = _imul(state ^ unit, 16777619)
        hashed = True
    if hashed and state >= 0x80000000:
        state -= 0x100000000  # Math.imul returns a signed 32-bit value
    return _Random(float(state))


# --------------------------------------------------------------------------- geometry


@dataclass(frozen=True)
class Geometry:
    """Edge numbering of an n x n board (``makeGeo`` of v1).

    Horizontal edges ``h(r, c) = r*n + c`` come first, then vertical edges
    ``v(r, c) = num_h + r*(n+1) + c``. Lattice points are ``r*(n+1) + c``.
    """

    n: int

    @property
    def num_h(self) -> int:
        return (self.n + 1) * self.n

    @property
    def num_v(self) -> int:
        return self.n * (self.n + 1)

    @property
    def total(self) -> int:
        return self.num_h + self.num_v

    def h(self, r: int, c: int) -> int:
        """Top side of cell (r, c)."""
        return r * self.n + c

    def v(self, r: int, c: int) -> int:
        """Left side of cell (r, c)."""
        return self.num_h + r * (self.n + 1) + c

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


# --------------------------------------------------------------------------- answer construction


def is_simply_connected(region: Iterable[int], n: int) -> bool:
    """True when every cell outside ``region`` reaches the rim through outside cells."""
    inside = set(region)
    outside: set = set()
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


# --------------------------------------------------------------------------- propagation and checks

_DOMAIN_TO_MASK = {(0,): 1, (1,): 2, (0, 1): 3, (1, 0): 3}
_MASK_TO_DOMAIN = {1: [0], 2: [1], 3: [0, 1]}


def _domain_masks(domains: Any, total: int) -> List[int]:
    if isinstance(domains, (str, bytes)) or not isinstance(domains, Sequence):
        raise ArgumentTypeError(f"domains must be a list of lists, got {type(domains).__name__}")
    if len(domains) != total:
        raise ArgumentError(f"domains must have {total} entries, got {len(domains)}")
    out = []
    for i, d in enumerate(domains):
        if not isinstance(d, (list, tuple)):
            raise ArgumentTypeError(f"domains[{i}] must be a list such as [0], [1] or [0, 1], got {type(d).__name__}")
        mask = _DOMAIN_TO_MASK.get(tuple(d)) if all(type(x) is int for x in d) else None
        if mask is None:
            raise ArgumentError(f"domains[{i}] = {list(d)!r} is not [0], [1] or [0, 1]")
        out.append(mask)
    return out


def propagate(
    domains: Sequence[Sequence[int]], n: int, geo: Optional[Geometry], clues: Sequence[Optional[int]]
) -> Tuple[List[List[int]], bool]:
    """One v1 propagation (cell, dot and loop rules) to the fixpoint.

    Args:
        domains: per edge ``[0]``, ``[1]`` or ``[0, 1]``.
        n: board size.
        geo: ``make_geo(n)`` or ``None``.
        clues: n*n entries, ``None`` or 0..4.

    Returns:
        ``(domains, valid)``; when ``valid`` is false the domains are unspecified.
    """
    n = _board_n(n)
    geo = _geo_for(geo, n)
    masks = _domain_masks(domains, geo.total)
    out, valid = _core.loop_propagate(n, clues, masks)
    return [list(_MASK_TO_DOMAIN[m]) for m in out], valid


def _edge_ids(on_edges: Any, total: int) -> List[int]:
    ids = list(on_edges)
    for e in ids:
        if isinstance(e, bool) or not isinstance(e, int):
            raise ArgumentTypeError(f"edge ids must be ints, got {type(e).__name__}")
        if not 0 <= e < total:
            raise ArgumentError(f"edge id {e} is out of range 0..{total - 1}")
    return ids


def closed_component(on_edges: Iterable[int], geo: Geometry) -> Optional[Tuple[List[int], List[int]]]:
    """The first component of ``on_edges`` that is a simple cycle.

    Returns ``(points, edges)`` in the reference's visiting order, or ``None``.
    """
    geo = _geo_for(geo, geo.n if isinstance(geo, Geometry) else 0)
    return _core.loop_closed_component(geo.n, _edge_ids(on_edges, geo.total))


def _on_list(on: Any, geo: Geometry) -> List[int]:
    return bit_list("on", on, geo.total)


def is_closed_loop(on: Sequence[int], geo: Geometry) -> bool:
    """True when the on-edges (0/1 per edge) form exactly one simple cycle."""
    geo = _geo_for(geo, geo.n if isinstance(geo, Geometry) else 0)
    on = _on_list(on, geo)
    ids = [e for e, v in enumerate(on) if v]
    if not ids:
        return False
    comp = _core.loop_closed_component(geo.n, ids)
    return comp is not None and len(comp[1]) == len(ids)


def clue_violations(on: Sequence[int], n: int, geo: Geometry, clues: Sequence[Optional[int]]) -> List[int]:
    """Cells (row-major) whose chosen sides already exceed their clue."""
    n = _board_n(n)
    geo = _geo_for(geo, n)
    on = _on_list(on, geo)
    clues = clue_list("clues", clues, n * n, 4)
    return [
        r * n + c
        for r in range(n)
        for c in range(n)
        if clues[r * n + c] is not None and clue_for(on, geo, r, c) > clues[r * n + c]
    ]


def validate_loop(on: Sequence[int], n: int, geo: Geometry, clues: Sequence[Optional[int]]) -> bool:
    """True when every clue matches and the on-edges form one closed loop."""
    n = _board_n(n)
    geo = _geo_for(geo, n)
    on = _on_list(on, geo)
    clues = clue_list("clues", clues, n * n, 4)
    for r in range(n):
        for c in range(n):
            clue = clues[r * n + c]
            if clue is not None and clue_for(on, geo, r, c) != clue:
                return False
    return is_closed_loop(on, geo)


# --------------------------------------------------------------------------- solving


@dataclass(frozen=True)
class SolveResult:
    """What :func:`solve` found.

    Attributes:
        solutions: at most two solutions, in the order found, as 0/1 edge lists.
        nodes: search nodes visited (part of the v1 contract).
        truncated: the node limit was hit; then the count proves nothing.
    """

    solutions: List[List[int]]
    nodes: int
    truncated: bool

    @property
    def unique(self) -> bool:
        """Exactly one solution and a complete search."""
        return not self.truncated and len(self.solutions) == 1


def solve(clues: Sequence[Optional[int]], n: int, node_limit: int = NODE_LIMIT) -> SolveResult:
    """The v1 uniqueness check: search up to two solutions.

    >>> solve([None, 3, 2, 2, None, None, None, None, None, 1, 1, None, 0, None, 2, None], 4).unique
    True
    """
    n = _board_n(n)
    node_limit = require_int("node_limit", node_limit, 0, 2**63 - 1)
    # The core checks the clues item by item (TypeError / ValueError).
    solutions, nodes, truncated = _core.loop_solve(n, clues, node_limit)
    return SolveResult([list(s) for s in solutions], nodes, truncated)


# --------------------------------------------------------------------------- generation


def _check_generate_args(n: Any, seed: Any) -> None:
    require_int("n", n)
    if n not in SIZES:
        raise ArgumentError(f"n must be 4, 5 or 6, got {n}")
    require_str("seed", seed)
    units = len(_utf16_units(seed))
    if units > MAX_SEED_UNITS:
        raise ArgumentError(f"seed must be at most {MAX_SEED_UNITS} UTF-16 code units, got {units}")


def generate(n: int, seed: str) -> LoopPuzzle:
    """Generates the v1 puzzle for ``(n, seed)``, identical to the reference.

    Raises:
        TypeError: ``n`` is not an int or ``seed`` not a str.
        ValueError: ``n`` is not 4, 5 or 6, or the seed is longer than 80 UTF-16 units.
        NoPuzzleFound: 500 attempts produced no unique puzzle.

    >>> generate(4, "notes-example").blanks
    9
    """
    _check_generate_args(n, seed)
    random = rng(seed)
    geo = Geometry(n)
    cells = n * n
    for attempt in range(1, ATTEMPTS + 1):
        region = grow_region(n, random)
        if region is None:
            continue
        answer = loop_edges(region, n, geo)
        clues: List[Optional[int]] = full_clues(answer, geo, n)
        if not _unique(n, clues):
            continue
        order = shuffle(list(range(cells)), random)
        # Blank each clue in turn, keeping it blank while the v1 check still
        # proves uniqueness; then the final check (in the core: hot).
        clues, ok = _core.loop_thin(n, clues, order)
        if not ok:
            continue
        return LoopPuzzle(
            n=n,
            seed=seed,
            version=VERSION,
            answer=tuple(answer),
            clues=tuple(clues),
            attempt=attempt,
            blanks=sum(c is None for c in clues),
            cells=cells,
        )
    raise NoPuzzleFound(f"no puzzle found in {ATTEMPTS} attempts for n = {n}, seed = {seed!r}")


def _unique(n: int, clues: List[Optional[int]]) -> bool:
    solutions, _, truncated = _core.loop_solve(n, clues, NODE_LIMIT)
    return not truncated and len(solutions) == 1


# --------------------------------------------------------------------------- the puzzle object

_FIELDS = ("n", "seed", "version", "answer", "clues", "attempt", "blanks", "cells")


@dataclass(frozen=True)
class LoopPuzzle:
    """A v1 puzzle, exactly the reference's object ``{n, seed, version, answer,
    clues, attempt, blanks, cells}``.

    ``answer`` is the 0/1 edge list of the unique solution; ``clues`` has n*n
    entries, ``None`` for a blank.
    """

    n: int
    seed: str
    version: int
    answer: Tuple[int, ...]
    clues: Tuple[Optional[int], ...]
    attempt: int
    blanks: int
    cells: int

    @property
    def geometry(self) -> Geometry:
        return Geometry(self.n)

    def to_dict(self) -> Dict[str, Any]:
        """The reference object, with lists for ``answer`` and ``clues``."""
        return {
            "n": self.n,
            "seed": self.seed,
            "version": self.version,
            "answer": list(self.answer),
            "clues": list(self.clues),
            "attempt": self.attempt,
            "blanks": self.blanks,
            "cells": self.cells,
        }

    @classmethod
    def from_dict(cls, data: Dict[str, Any]) -> LoopPuzzle:
        """Reads a puzzle object back, checking that its fields agree.

        Raises:
            TypeError: ``data`` is not a dict, or a field has the wrong type.
            ValueError: a field is missing, unknown or inconsistent with the others
                (the answer is not one closed loop, a clue disagrees with it, ...).
        """
        if not isinstance(data, dict):
            raise ArgumentTypeError(f"a puzzle object must be a dict, got {type(data).__name__}")
        missing = [k for k in _FIELDS if k not in data]
        extra = sorted(set(data) - set(_FIELDS))
        if missing or extra:
            raise ArgumentError(f"puzzle object fields: missing {missing}, unexpected {extra}")
        _check_generate_args(data["n"], data["seed"])
        n = data["n"]
        geo = Geometry(n)
        if require_int("version", data["version"]) != VERSION:
            raise ArgumentError(f"version must be {VERSION}, got {data['version']}")
        answer = bit_list("answer", data["answer"], geo.total)
        clues = clue_list("clues", data["clues"], n * n, 4)
        require_int("attempt", data["attempt"], 1, ATTEMPTS)
        if require_int("cells", data["cells"]) != n * n:
            raise ArgumentError(f"cells must be n*n = {n * n}, got {data['cells']}")
        blanks = sum(c is None for c in clues)
        if require_int("blanks", data["blanks"]) != blanks:
            raise ArgumentError(f"blanks = {data['blanks']} but the clues have {blanks} blanks")
        if not is_closed_loop(answer, geo):
            raise ArgumentError("answer is not one closed loop")
        for i, c in enumerate(clues):
            if c is not None and clue_for(answer, geo, *divmod(i, n)) != c:
                raise ArgumentError(f"clue {c} at cell {i} disagrees with the answer")
        return cls(n, data["seed"], VERSION, tuple(answer), tuple(clues), data["attempt"], blanks, n * n)

    def to_json(self) -> str:
        """The puzzle object as compact JSON (non-ASCII seeds kept as text)."""
        return json.dumps(self.to_dict(), ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> LoopPuzzle:
        """Reads :meth:`to_json` output (or any JSON of the reference object)."""
        require_str("text", text)
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ArgumentError(f"not valid JSON: {exc}") from None
        return cls.from_dict(data)

    def solve(self, node_limit: int = NODE_LIMIT) -> SolveResult:
        """Runs the v1 check on this puzzle's clues."""
        return solve(self.clues, self.n, node_limit)

    def draw(self, answer: bool = False) -> str:
        """The board as text: ``+`` points, ``---``/``|`` loop edges (with
        ``answer=True``), clues or ``.`` for blanks."""
        return draw_board(self.n, self.clues, self.answer if answer else None)

    def __str__(self) -> str:
        return self.draw(answer=False)


def draw_board(n: int, clues: Sequence[Optional[int]], on: Optional[Sequence[int]] = None) -> str:
    """Draws an n x n board as the v1 write-up does, with the loop when ``on`` is given."""
    geo = Geometry(n)
    lit = (lambda e: bool(on[e])) if on is not None else (lambda e: False)
    lines = []
    for r in range(n + 1):
        lines.append("+" + "".join(("---" if lit(geo.h(r, c)) else "   ") + "+" for c in range(n)))
        if r == n:
            break
        row = ""
        for c in range(n):
            clue = clues[r * n + c]
            row += ("|" if lit(geo.v(r, c)) else " ") + " " + ("." if clue is None else str(clue)) + " "
        row += "|" if lit(geo.v(r, n)) else " "
        lines.append(row)
    return "\n".join(line.rstrip() for line in lines)
