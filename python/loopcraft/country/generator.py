"""Country Road generator: loop first, then countries, then number deletion.

The generator never builds a partition and hopes it can be threaded (see the
partition-first trap in the spec). It grows the answer first:

1. :func:`inflate_loop` grows one simple cycle from the 4-cycle around a
   2 x 2 block: each step replaces a loop edge ``a-b`` by the detour
   ``a-a'-b'-b`` through two unused cells beside it. A simple cycle stays a
   simple cycle, so nothing is ever rejected.
2. :func:`cut_arcs` cuts the loop into consecutive arcs; each arc seeds one
   country, so the loop visits every country exactly once by construction.
3. :class:`Carving` gives every connected block of cells off the loop,
   whole, to one country next to it, so two unused cells never meet across a
   border (rule 4).
4. :func:`complete_layout` refines the layout where the ladder is stuck with
   every number printed (it splits an arc or moves a block there: still
   legal), since few raw layouts have a unique answer.
5. :func:`delete_numbers` starts from every country numbered and deletes
   numbers while the deduction ladder still decides every cell and edge. A
   board that the (sound) ladder completes has exactly one solution.

Everything random comes from one ``random.Random(seed)`` stream (int or str
seeds, which Python hashes the same way on every platform), so the same
arguments give the same board everywhere.

>>> from loopcraft.country.generator import make_layout
>>> import random
>>> lay = make_layout(6, 6, random.Random(7))
>>> len(lay.loop) % 2, len(set(lay.regions)) == len(lay.numbers)
(0, True)
"""

from __future__ import annotations

import math
import random
import time
from bisect import bisect_right, insort
from dataclasses import dataclass
from typing import Dict, List, Optional, Sequence, Tuple, Union

from .._validate import require_int, require_optional_number
from ..errors import ArgumentError, ArgumentTypeError, GenerationTimeout, NoPuzzleFound

__all__ = [
    "STAGES",
    "ORDERS",
    "MIN_SIDE",
    "MAX_SIDE",
    "DEFAULT_COUNTRY_SIZE",
    "DEFAULT_COVERAGE",
    "Layout",
    "inflate_loop",
    "cut_arcs",
    "Carving",
    "complete_layout",
    "make_layout",
    "edge_index",
    "loop_edges",
    "country_order",
    "stage_prefix",
    "Fixpoint",
    "ladder",
    "grade_of",
    "deletion_order",
    "delete_numbers",
    "GeneratedCountry",
    "generate_puzzle",
    "generate",
]

#: The deduction ladder, weakest first; a grade is the weakest prefix that completes a board.
STAGES: Tuple[str, ...] = ("region", "once", "loop", "macro", "probe")
#: Number deletion orders (see :func:`delete_numbers`).
ORDERS: Tuple[str, ...] = ("adversarial", "random")
MIN_SIDE = 2
#: The contract's largest board (30 x 30).
MAX_SIDE = 30
#: Cells per country on average (all cells, used or not, over the number of countries).
DEFAULT_COUNTRY_SIZE = 4.0
#: Share of the cells the loop aims to cover before inflation stops.
DEFAULT_COVERAGE = 0.75

Seed = Union[int, str]


# --------------------------------------------------------------------------- geometry


def edge_index(rows: int, cols: int, a: int, b: int) -> int:
    """Index of the cell-to-cell edge between orthogonal neighbours ``a`` and ``b``.

    Uses the contract's numbering: right edges ``r*(C-1)+c`` first, then down
    edges ``R*(C-1) + r*C + c``.

    >>> edge_index(3, 3, 0, 1), edge_index(3, 3, 0, 3)
    (0, 6)
    """
    if a > b:
        a, b = b, a
    r, c = divmod(a, cols)
    if b == a + 1 and c + 1 < cols:
        return r * (cols - 1) + c
    if b == a + cols:
        return rows * (cols - 1) + r * cols + c
    raise ArgumentError(f"cells {a} and {b} are not orthogonal neighbours on a {rows} x {cols} board")


def edge_count(rows: int, cols: int) -> int:
    return rows * (cols - 1) + (rows - 1) * cols


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
    n = len(loop)
    for i in range(n):
        out[edge_index(rows, cols, loop[i], loop[(i + 1) % n])] = 1
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


# --------------------------------------------------------------------------- 1. loop inflation


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
    rb, cb = divmod(b, cols)
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


def _pick_inflation(rows: int, cols: int, succ: List[int], used: List[int], rng: random.Random):
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


# --------------------------------------------------------------------------- 2. arcs


def cut_points(n: int, count: int, rng: random.Random) -> List[int]:
    """``count`` sorted distinct positions on a cycle of ``n``, where arcs start.

    Cut points are evenly spaced with a random rotation and a jitter of up to
    0.45 of the mean arc length each way, so arc lengths stay around the mean
    (from about a tenth of it to about twice it) rather than following the
    heavy tail of uniformly random cuts.
    """
    if not 1 <= count <= n:
        raise ArgumentError(f"cannot cut a loop of {n} cells into {count} arcs")
    mean = n / count
    offset = rng.random() * n
    cuts = set()
    for i in range(count):
        jitter = (rng.random() - 0.5) * 0.9 * mean
        cuts.add(int(math.floor(offset + i * mean + jitter)) % n)
    # Jitter can make two cuts coincide (short loops); top up with random free positions.
    while len(cuts) < count:
        cuts.add(rng.randrange(n))
    return sorted(cuts)


def cut_arcs(loop: Sequence[int], count: int, rng: random.Random) -> List[List[int]]:
    """Cuts the cycle into ``count`` consecutive non-empty arcs (see :func:`cut_points`).

    >>> arcs = cut_arcs(list(range(12)), 4, random.Random(3))
    >>> sorted(c for arc in arcs for c in arc) == list(range(12)), len(arcs)
    (True, 4)
    """
    n = len(loop)
    points = cut_points(n, count, rng)
    arcs = []
    for i, p in enumerate(points):
        q = points[(i + 1) % count]
        if q <= p:
            q += n
        arcs.append([loop[j % n] for j in range(p, q)])
    return arcs


# --------------------------------------------------------------------------- 3. outside blocks (see Carving)


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


# --------------------------------------------------------------------------- layouts


@dataclass(frozen=True)
class Layout:
    """A fully numbered board built around a known loop (before number deletion).

    Attributes:
        rows, cols: board size.
        regions: country index per cell, row-major, numbered in order of first cell.
        loop: the cells of the answer loop in visiting order.
        numbers: per country, how many of its cells the loop uses.
    """

    rows: int
    cols: int
    regions: Tuple[int, ...]
    loop: Tuple[int, ...]
    numbers: Tuple[int, ...]

    @property
    def countries(self) -> int:
        return len(self.numbers)

    @property
    def solution(self) -> bytes:
        """The answer as one 0/1 byte per cell-to-cell edge."""
        return loop_edges(self.rows, self.cols, self.loop)

    @property
    def used(self) -> bytes:
        """The answer as one 0/1 byte per cell (1 = on the loop)."""
        out = bytearray(self.rows * self.cols)
        for c in self.loop:
            out[c] = 1
        return bytes(out)

    def order(self) -> List[int]:
        """Countries in the order the answer loop visits them."""
        return country_order(self.regions, self.loop)


def country_count(rows: int, cols: int, country_size: float, loop_len: int) -> int:
    """Countries for an average size, at least 3 (a loop through two countries
    would cross their one border twice) and at most one per loop cell."""
    k = int(round(rows * cols / country_size))
    return max(3, min(k, loop_len))


def make_layout(
    rows: int,
    cols: int,
    rng: random.Random,
    country_size: float = DEFAULT_COUNTRY_SIZE,
    coverage: float = DEFAULT_COVERAGE,
) -> Layout:
    """One loop-first layout: inflate a loop, cut it into arcs, absorb the outside.

    Legal by construction: the loop is a simple cycle, visits every country
    once (its arcs), uses ``numbers[k]`` cells of country ``k``, and every
    block of unused cells lies inside one country.
    """
    return Carving.new(rows, cols, rng, country_size, coverage).layout()


# --------------------------------------------------------------------------- carving (refinement)


class Carving:
    """A loop cut into arcs plus owned outside blocks, that can be refined.

    The state behind a :class:`Layout` while it is still being shaped: arcs
    are identified by their first loop position, each block of unused cells
    by an owner arc. Two refinements keep every rule true by construction:

    * :meth:`split` cuts one arc in two (arcs stay consecutive, so the loop
      still visits every country once); blocks that no longer touch their
      owner move to an arc they touch;
    * :meth:`move_block` gives a whole block to another arc it touches.

    >>> c = Carving.new(6, 6, random.Random(2))
    >>> before = c.layout().countries
    >>> c.split(c.loop[0], random.Random(0)) or c.split(c.loop[1], random.Random(0))
    True
    >>> c.layout().countries == before + 1
    True
    """

    def __init__(self, rows: int, cols: int, loop: Sequence[int], cuts: Sequence[int], rng: random.Random):
        self.rows, self.cols = rows, cols
        self.loop = list(loop)
        n = rows * cols
        self.pos = [-1] * n
        for i, c in enumerate(self.loop):
            self.pos[c] = i
        self.cuts = sorted(cuts)
        # Blocks of unused cells in order of first cell, each to a random arc it touches.
        self.block_of = [-1] * n
        self.blocks: List[List[int]] = []
        self.owner: List[int] = []
        for start in range(n):
            if self.pos[start] >= 0 or self.block_of[start] >= 0:
                continue
            b = len(self.blocks)
            block = [start]
            self.block_of[start] = b
            k = 0
            while k < len(block):
                for nb in neighbours(rows, cols, block[k]):
                    if self.pos[nb] < 0 and self.block_of[nb] < 0:
                        self.block_of[nb] = b
                        block.append(nb)
                k += 1
            self.blocks.append(block)
            touching = self._touching(b)
            self.owner.append(touching[rng.randrange(len(touching))])

    @classmethod
    def new(
        cls,
        rows: int,
        cols: int,
        rng: random.Random,
        country_size: float = DEFAULT_COUNTRY_SIZE,
        coverage: float = DEFAULT_COVERAGE,
    ) -> Carving:
        """Inflates a loop and cuts it, as :func:`make_layout` does."""
        target = max(4, int(round(coverage * rows * cols)))
        loop = inflate_loop(rows, cols, rng, target)
        k = country_count(rows, cols, country_size, len(loop))
        return cls(rows, cols, loop, cut_points(len(loop), k, rng), rng)

    def arc_of(self, cell: int) -> int:
        """The first loop position of the arc holding the used ``cell``."""
        i = bisect_right(self.cuts, self.pos[cell]) - 1
        return self.cuts[i]  # i = -1 wraps to the last arc, as it should

    def _touching(self, b: int) -> List[int]:
        out = set()
        for cell in self.blocks[b]:
            for nb in neighbours(self.rows, self.cols, cell):
                if self.pos[nb] >= 0:
                    out.add(self.arc_of(nb))
        return sorted(out)

    def arc_length(self, start: int) -> int:
        i = self.cuts.index(start)
        nxt = self.cuts[(i + 1) % len(self.cuts)]
        return (nxt - start) % len(self.loop) or len(self.loop)

    def split(self, cell: int, rng: random.Random) -> bool:
        """Cuts the arc holding the used ``cell`` just before it (or after it,
        at the arc's start); False when that arc is a single cell."""
        start = self.arc_of(cell)
        if self.arc_length(start) < 2:
            return False
        p = self.pos[cell]
        cut = p if p != start else (p + 1) % len(self.loop)
        insort(self.cuts, cut)
        for b, own in enumerate(self.owner):
            if own == start:
                touching = self._touching(b)
                if start not in touching:
                    self.owner[b] = touching[rng.randrange(len(touching))]
        return True

    def move_block(self, cell: int, rng: random.Random) -> bool:
        """Gives the block holding the unused ``cell`` to another arc it
        touches; False when it touches only its owner."""
        b = self.block_of[cell]
        others = [a for a in self._touching(b) if a != self.owner[b]]
        if not others:
            return False
        self.owner[b] = others[rng.randrange(len(others))]
        return True

    def layout(self) -> Layout:
        raw = [-1] * (self.rows * self.cols)
        for c in range(len(raw)):
            raw[c] = self.arc_of(c) if self.pos[c] >= 0 else self.owner[self.block_of[c]]
        regions, old = renumber(raw)
        numbers = [self.arc_length(o) for o in old]
        return Layout(self.rows, self.cols, tuple(regions), tuple(self.loop), tuple(numbers))


# --------------------------------------------------------------------------- the ladder, flat form


def stage_prefix(grade: Optional[str]) -> Tuple[str, ...]:
    """The ladder stages up to and including ``grade`` (all five for None)."""
    if grade is None:
        return STAGES
    if not isinstance(grade, str):
        raise ArgumentTypeError(f"grade must be a str or None, got {type(grade).__name__}")
    if grade not in STAGES:
        raise ArgumentError(f"unknown grade {grade!r}; expected one of {', '.join(STAGES)}")
    return STAGES[: STAGES.index(grade) + 1]


@dataclass(frozen=True)
class Fixpoint:
    """The ladder's fixpoint on a flat board (None from the core = contradiction)."""

    cells: bytes
    edges: bytes
    hypotheses: int

    @property
    def decided(self) -> int:
        """Bits decided: cells plus cell-to-cell edges not in state 2."""
        return len(self.cells) - self.cells.count(2) + len(self.edges) - self.edges.count(2)

    @property
    def bits(self) -> int:
        return len(self.cells) + len(self.edges)

    @property
    def complete(self) -> bool:
        return 2 not in self.cells and 2 not in self.edges


def ladder(
    rows: int, cols: int, regions: Sequence[int], numbers: Sequence[Optional[int]], stages: Sequence[str]
) -> Optional[Fixpoint]:
    """Runs ``country_ladder`` on a flat board; None when the stages find a contradiction."""
    from .. import _core

    out = _core.country_ladder(rows, cols, list(regions), list(numbers), list(stages))
    if out is None:
        return None
    cells, edges, hyps = out
    return Fixpoint(bytes(cells), bytes(edges), int(hyps))


def completes(
    rows: int, cols: int, regions: Sequence[int], numbers: Sequence[Optional[int]], stages: Sequence[str]
) -> bool:
    fp = ladder(rows, cols, regions, numbers, stages)
    return fp is not None and fp.complete


def grade_of(rows: int, cols: int, regions: Sequence[int], numbers: Sequence[Optional[int]]) -> Optional[str]:
    """The weakest ladder stage whose prefix completes the board, or None.

    Completion is monotone in the prefix (each stage includes the ones
    above it), so the first prefix that completes is the grade.
    """
    for i, stage in enumerate(STAGES):
        if completes(rows, cols, regions, numbers, STAGES[: i + 1]):
            return stage
    return None


#: Refinement steps per layout, as a share of its countries (see :func:`complete_layout`).
REFINE_SHARE = 1.0
#: Initial countries as a share of the requested count: refinement splits add the rest.
START_SHARE = 0.75


def complete_layout(
    rows: int,
    cols: int,
    rng: random.Random,
    country_size: float = DEFAULT_COUNTRY_SIZE,
    coverage: float = DEFAULT_COVERAGE,
    stages: Sequence[str] = STAGES,
    deadline: Optional[float] = None,
) -> Optional[Layout]:
    """A layout that ``stages`` complete with every number printed, or None.

    Few raw loop-first layouts are complete: an outside block or a wide
    country lets the loop take another way with the same counts. Instead of
    discarding them, the layout is refined where the ladder is stuck: a
    random undecided cell is picked; if the loop uses it, its arc is split
    there (one more country, one more number); if not, its block moves to
    another country it touches. Both steps keep the layout legal. The layout
    starts with :data:`START_SHARE` of the requested countries, so the final
    average size stays near ``country_size``; after ``REFINE_SHARE x
    countries`` steps without completion it is given up (None).
    """
    start_size = country_size / START_SHARE
    if country_count(rows, cols, start_size, rows * cols) < 3:
        start_size = country_size
    carving = Carving.new(rows, cols, rng, start_size, coverage)
    target = country_count(rows, cols, country_size, len(carving.loop))
    steps = max(4, int(REFINE_SHARE * target))
    for _ in range(steps + 1):
        if deadline is not None and time.monotonic() > deadline:
            raise GenerationTimeout("time budget ran out while shaping a layout")
        lay = carving.layout()
        fp = ladder(rows, cols, lay.regions, lay.numbers, stages)
        if fp is None:
            raise RuntimeError("the ladder contradicts a legal layout: a stage is unsound")
        if fp.complete:
            return lay
        undecided = set(c for c, v in enumerate(fp.cells) if v == 2)
        pairs = _edge_cells(rows, cols)
        for e, v in enumerate(fp.edges):
            if v == 2:
                undecided.update(pairs[e])
        order = _shuffled(sorted(undecided), rng)
        for cell in order:
            if carving.pos[cell] >= 0:
                if carving.split(cell, rng):
                    break
            elif carving.move_block(cell, rng):
                break
        else:
            return None
    return None


def _edge_cells(rows: int, cols: int) -> List[Tuple[int, int]]:
    out = [(r * cols + c, r * cols + c + 1) for r in range(rows) for c in range(cols - 1)]
    out += [(r * cols + c, (r + 1) * cols + c) for r in range(rows - 1) for c in range(cols)]
    return out


# --------------------------------------------------------------------------- 4. number deletion

#: Stages used to rank numbers by information in the adversarial order: the
#: cheap ones, so that ranking costs far less than the deletion itself.
RANK_STAGES: Tuple[str, ...] = ("region", "once", "loop")


def _shuffled(items: List[int], rng: random.Random) -> List[int]:
    """Fisher-Yates with ``randrange`` only (stable across Python versions)."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j = rng.randrange(i + 1)
        out[i], out[j] = out[j], out[i]
    return out


def deletion_order(layout: Layout, rng: random.Random, order: str) -> List[int]:
    """The countries in the order their numbers are tried for deletion.

    ``random``: a uniform shuffle.

    ``adversarial``: most informative first. A number's information is the
    count of bits (cells + edges) the cheap stages (:data:`RANK_STAGES`) no
    longer decide when that number alone is removed from the fully numbered
    board. Deleting those first removes what easy reasoning leans on, so the
    numbers that survive are the weak ones and the puzzle needs the strong
    stages: hardest first. Ties go in random order.
    """
    k = layout.countries
    base = _shuffled(list(range(k)), rng)
    if order == "random":
        return base
    if order != "adversarial":
        raise ArgumentError(f"unknown deletion order {order!r}; expected one of {', '.join(ORDERS)}")
    full = list(layout.numbers)
    ref = ladder(layout.rows, layout.cols, layout.regions, full, RANK_STAGES)
    ref_bits = ref.decided if ref is not None else 0
    lost = {}
    for i in base:
        trial = full[:]
        trial[i] = None
        fp = ladder(layout.rows, layout.cols, layout.regions, trial, RANK_STAGES)
        lost[i] = ref_bits - (fp.decided if fp is not None else 0)
    # sorted() is stable, so the shuffle breaks ties.
    return sorted(base, key=lambda i: -lost[i])


def delete_numbers(
    layout: Layout,
    rng: random.Random,
    order: str = "adversarial",
    stages: Sequence[str] = STAGES,
    deadline: Optional[float] = None,
) -> List[Optional[int]]:
    """Deletes numbers, one at a time in ``order``, while ``stages`` still complete the board.

    The layout must be completed by ``stages`` with every number printed.
    Raises :class:`GenerationTimeout` when ``time.monotonic()`` passes ``deadline``.
    """
    numbers: List[Optional[int]] = list(layout.numbers)
    for i in deletion_order(layout, rng, order):
        if deadline is not None and time.monotonic() > deadline:
            raise GenerationTimeout("time budget ran out while deleting numbers")
        trial = numbers[:]
        trial[i] = None
        if completes(layout.rows, layout.cols, layout.regions, trial, stages):
            numbers = trial
    return numbers


# --------------------------------------------------------------------------- the generator

#: Layouts tried before :class:`NoPuzzleFound` (each attempt continues the same random stream).
DEFAULT_ATTEMPTS = 500


@dataclass(frozen=True)
class GeneratedCountry:
    """A generated puzzle with its answer and how it was made.

    Attributes:
        board: the puzzle (region ids are the core's indices 0..K-1).
        solution_bits: the unique answer, one 0/1 byte per cell-to-cell edge
            (contract numbering: right edges, then down edges); see also
            :attr:`solution`.
        loop: the answer's cells (``r * cols + c``) in visiting order.
        grade: the weakest ladder stage that completes the puzzle.
        seed: the seed it was generated from.
        attempts: layouts tried (1 = the first one worked).
        full_numbers: every country's number before deletion.
    """

    board: CountryRoad  # noqa: F821 - resolved lazily
    solution_bits: bytes
    loop: Tuple[int, ...]
    grade: str
    seed: Seed
    attempts: int
    full_numbers: Tuple[int, ...]

    @property
    def solution(self) -> CountryLoop:  # noqa: F821
        """The unique answer as a :class:`~loopcraft.country.CountryLoop`."""
        from .loop import CountryLoop

        return CountryLoop.from_bits(self.board.rows, self.board.cols, self.solution_bits)

    @property
    def regions(self) -> Tuple[int, ...]:
        """Flat region index per cell (row-major)."""
        return tuple(self.board.core_args()[2])

    @property
    def numbers(self) -> Tuple[Optional[int], ...]:
        """Flat number per country (None = deleted)."""
        return tuple(self.board.core_args()[3])

    def to_dict(self) -> dict:
        """A JSON-ready record: seed, grade, the board (as
        :meth:`CountryRoad.to_dict`) and the answer as a string of 0/1 per
        cell-to-cell edge (contract numbering)."""
        return {
            "seed": self.seed,
            "grade": self.grade,
            "countries": len(self.full_numbers),
            "numbers_left": len(self.board.numbers),
            "board": self.board.to_dict(),
            "solution": "".join("1" if b else "0" for b in self.solution_bits),
        }


def _check_seed(seed: object) -> Seed:
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        raise ArgumentTypeError(f"seed must be an int or a str, got {type(seed).__name__}")
    return seed  # type: ignore[return-value]


def _check_options(rows, cols, country_size, coverage, order, grade, time_limit, attempts):
    require_int("rows", rows, MIN_SIDE, MAX_SIDE)
    require_int("cols", cols, MIN_SIDE, MAX_SIDE)
    if isinstance(country_size, bool) or not isinstance(country_size, (int, float)):
        raise ArgumentTypeError(f"country_size must be a number, got {type(country_size).__name__}")
    if not 1 <= country_size <= rows * cols / 3:
        raise ArgumentError(
            f"country_size must be between 1 and {rows * cols / 3:g} (at least 3 countries on {rows} x {cols}), got {country_size}"
        )
    if isinstance(coverage, bool) or not isinstance(coverage, (int, float)):
        raise ArgumentTypeError(f"coverage must be a number, got {type(coverage).__name__}")
    if not 0 < coverage <= 1:
        raise ArgumentError(f"coverage must be in (0, 1], got {coverage}")
    if not isinstance(order, str):
        raise ArgumentTypeError(f"order must be a str, got {type(order).__name__}")
    if order not in ORDERS:
        raise ArgumentError(f"unknown deletion order {order!r}; expected one of {', '.join(ORDERS)}")
    stage_prefix(grade)
    require_optional_number("time_limit", time_limit)
    require_int("attempts", attempts, 1)


def generate_puzzle(
    rows: int,
    cols: int,
    seed: Seed = 0,
    *,
    country_size: float = DEFAULT_COUNTRY_SIZE,
    coverage: float = DEFAULT_COVERAGE,
    order: str = "adversarial",
    grade: Optional[str] = None,
    time_limit: Optional[float] = None,
    attempts: int = DEFAULT_ATTEMPTS,
) -> GeneratedCountry:
    """Generates a Country Road puzzle with a unique solution, and its answer.

    Same arguments, same puzzle, on every platform and whatever the time
    budget (the budget only decides whether an answer comes at all).

    Args:
        rows, cols: board size, 2..30 each (4 x 4 and up make real puzzles).
        seed: an int or a str.
        country_size: average cells per country (used or not).
        coverage: share of the cells the loop aims to cover.
        order: number deletion order, ``"adversarial"`` (most informative
            number first, see :func:`deletion_order`) or ``"random"``.
        grade: the weakest ladder stage that must complete the puzzle, one of
            :data:`STAGES`: deletion keeps that prefix of the ladder complete,
            and a puzzle that a weaker prefix completes is rejected. ``None``:
            deletion uses the whole ladder and any grade is accepted. In
            practice ``"region"`` and ``"once"`` never complete a board (they
            do not follow the loop through a country), so asking for them
            ends in :class:`~loopcraft.errors.NoPuzzleFound`.
        time_limit: seconds; :class:`~loopcraft.errors.GenerationTimeout`
            when it runs out. ``None``: no limit.
        attempts: layouts to try before :class:`~loopcraft.errors.NoPuzzleFound`.

    Raises:
        TypeError, ValueError: bad arguments (named in the message).
        GenerationTimeout: the time budget ran out.
        NoPuzzleFound: no layout of ``attempts`` gave a puzzle of that grade.

    >>> p = generate_puzzle(6, 6, seed=1)
    >>> p.grade in STAGES, p.board.rows
    (True, 6)
    """
    _check_seed(seed)
    _check_options(rows, cols, country_size, coverage, order, grade, time_limit, attempts)
    from .board import CountryRoad

    deadline = None if time_limit is None else time.monotonic() + time_limit
    stages = stage_prefix(grade)
    rng = random.Random(seed)
    for attempt in range(1, attempts + 1):
        if deadline is not None and time.monotonic() > deadline:
            raise GenerationTimeout(
                f"no {rows} x {cols} puzzle within the time budget of {time_limit} s ({attempt - 1} layouts tried)"
            )
        try:
            layout = complete_layout(rows, cols, rng, country_size, coverage, stages, deadline)
            if layout is None:
                continue
            numbers = delete_numbers(layout, rng, order, stages, deadline)
        except GenerationTimeout:
            raise GenerationTimeout(
                f"no {rows} x {cols} puzzle within the time budget of {time_limit} s ({attempt} layouts tried)"
            ) from None
        fp = ladder(rows, cols, layout.regions, numbers, stages)
        solution = layout.solution
        if fp is None or not fp.complete or fp.edges != solution:
            # The ladder is sound, so a complete fixpoint is the one answer we built.
            raise RuntimeError(
                f"the ladder contradicts the generated answer (seed {seed!r}, attempt {attempt}): a stage is unsound"
            )
        found = grade_of(rows, cols, layout.regions, numbers)
        if grade is not None and found != grade:
            continue
        grid = [list(layout.regions[r * cols : (r + 1) * cols]) for r in range(rows)]
        board = CountryRoad.from_regions(grid, {k: n for k, n in enumerate(numbers) if n is not None})
        return GeneratedCountry(board, solution, layout.loop, found or STAGES[-1], seed, attempt, layout.numbers)
    raise NoPuzzleFound(
        f"no {rows} x {cols} puzzle"
        + (f" of grade {grade!r}" if grade else "")
        + f" in {attempts} layouts (seed {seed!r})"
    )


def generate(
    rows: int,
    cols: int,
    seed: Seed = 0,
    *,
    country_size: float = DEFAULT_COUNTRY_SIZE,
    coverage: float = DEFAULT_COVERAGE,
    order: str = "adversarial",
    grade: Optional[str] = None,
    time_limit: Optional[float] = None,
    attempts: int = DEFAULT_ATTEMPTS,
) -> CountryRoad:  # noqa: F821
    """Generates a Country Road board with a unique solution.

    The board only; :func:`generate_puzzle` (same arguments) also returns
    the answer and the grade.

    >>> board = generate(6, 6, seed="example")
    >>> board.is_unique()
    True
    """
    return generate_puzzle(
        rows,
        cols,
        seed,
        country_size=country_size,
        coverage=coverage,
        order=order,
        grade=grade,
        time_limit=time_limit,
        attempts=attempts,
    ).board
