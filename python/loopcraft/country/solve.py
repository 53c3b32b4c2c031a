"""Solving, deducing and counting: thin, checked calls into the compiled core.

The ladder has five stages, each sound and each including the ones above it
in the design: ``region`` (cell bookkeeping), ``once`` (each country once),
``loop`` (the loop itself), ``macro`` (Hamiltonian cycles of the region graph)
and ``probe`` (singleton consistency). Callers pick which stages run, so a
stage can be left out to measure what it contributes.

>>> from loopcraft.country import CountryRoad
>>> b = CountryRoad.from_regions([[0, 1], [2, 3]])
>>> r = b.solve()
>>> r.count, r.complete, r.unique
(1, True, True)
>>> b.deduce().fraction
1.0
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Optional, Sequence, Tuple

from .. import _core
from .._validate import require_int, require_optional_number
from ..errors import ArgumentError, ArgumentTypeError
from .board import CountryRoad
from .loop import CountryLoop, edge_count

__all__ = [
    "STAGES",
    "ENGINES",
    "SolveResult",
    "Deduction",
    "solve",
    "deduce",
    "count_solutions",
]

#: The ladder's stages, weakest first.
STAGES: Tuple[str, ...] = ("region", "once", "loop", "macro", "probe")
#: Counting engines: propagation + search, and two brute forces sharing nothing with it.
ENGINES: Tuple[str, ...] = ("search", "cells", "loops")
#: Stands for "no limit" where the core wants a number.
_NO_LIMIT = (1 << 63) - 1

UNUSED, USED, UNDECIDED = 0, 1, 2


def _board(board: object) -> CountryRoad:
    if not isinstance(board, CountryRoad):
        raise ArgumentTypeError(f"board must be a CountryRoad, got {type(board).__name__}")
    return board


def _stages(stages: Optional[Iterable[str]]) -> Tuple[str, ...]:
    """Checks a stage selection; ``None`` means all five. A string may list
    stages separated by commas (``"region,once"``)."""
    if stages is None:
        return STAGES
    if isinstance(stages, str):
        stages = [s.strip() for s in stages.split(",") if s.strip()]
    try:
        chosen = list(stages)
    except TypeError:
        raise ArgumentTypeError(f"stages must be a sequence of stage names, got {type(stages).__name__}") from None
    out = []
    for s in chosen:
        if not isinstance(s, str):
            raise ArgumentTypeError(f"stage names must be str, got {type(s).__name__}")
        if s not in STAGES:
            raise ArgumentError(f"unknown stage {s!r}; the stages are {', '.join(STAGES)}")
        if s not in out:
            out.append(s)
    # The core applies them in ladder order whatever the order given.
    return tuple(s for s in STAGES if s in out)


@dataclass(frozen=True)
class SolveResult:
    """What a search found.

    Attributes:
        count: number of solutions found (at most ``limit``).
        complete: the search finished or reached ``limit``; False only when a
            node or time budget stopped it (then ``count`` proves nothing).
        solutions: the solutions found, as :class:`CountryLoop`.
        nodes: search nodes visited.
        limit: the ``limit`` asked for.
    """

    count: int
    complete: bool
    solutions: Tuple[CountryLoop, ...]
    nodes: int
    limit: int

    @property
    def unique(self) -> bool:
        """Exactly one solution, proven: a complete search that could have found a second."""
        return self.complete and self.count == 1 and self.limit >= 2

    @property
    def solution(self) -> Optional[CountryLoop]:
        """The first solution, or None."""
        return self.solutions[0] if self.solutions else None


def solve(
    board: CountryRoad,
    limit: int = 2,
    stages: Optional[Sequence[str]] = None,
    node_limit: Optional[int] = None,
    time_limit: Optional[float] = None,
) -> SolveResult:
    """Searches for up to ``limit`` solutions (propagation at every node + search).

    Args:
        board: the puzzle.
        limit: stop after this many solutions (2 proves uniqueness).
        stages: ladder stages run at each node (default: all five).
        node_limit: stop after this many search nodes (``complete`` False).
        time_limit: stop after this many seconds (``complete`` False).

    >>> b = CountryRoad.from_url("https://puzz.link/p?country/5/5/amda0uf02h12h")
    >>> r = solve(b)
    >>> r.count, r.unique
    (1, True)
    """
    b = _board(board)
    limit = require_int("limit", limit, 1, _NO_LIMIT)
    st = _stages(stages)
    if node_limit is not None:
        node_limit = require_int("node_limit", node_limit, 0, _NO_LIMIT)
    time_limit = require_optional_number("time_limit", time_limit)
    rows, cols, regions, numbers = b.core_args()
    sols, complete, nodes = _core.country_solve(rows, cols, regions, numbers, limit, list(st), node_limit, time_limit)
    loops = tuple(CountryLoop.from_bits(rows, cols, s) for s in sols)
    return SolveResult(len(loops), bool(complete), loops, int(nodes), limit)


@dataclass(frozen=True)
class Deduction:
    """The ladder's fixpoint without search.

    Attributes:
        rows, cols: board size.
        stages: the stages that ran.
        cells: per cell row-major, 0 = unused, 1 = used, 2 = undecided
            (empty when ``contradiction``).
        edges: per edge in core numbering, 0 = off, 1 = on, 2 = undecided.
        contradiction: the stages proved that the board has no solution.
        probe_hypotheses: hypotheses the probe stage tried.
    """

    rows: int
    cols: int
    stages: Tuple[str, ...]
    cells: bytes
    edges: bytes
    contradiction: bool
    probe_hypotheses: int

    @property
    def decided(self) -> int:
        """Decided bits (cells + edges)."""
        return sum(1 for s in self.cells if s != UNDECIDED) + sum(1 for s in self.edges if s != UNDECIDED)

    @property
    def total(self) -> int:
        """All bits: every cell and every cell-to-cell edge."""
        return self.rows * self.cols + edge_count(self.rows, self.cols)

    @property
    def fraction(self) -> float:
        """Share of bits decided, in [0, 1] (1.0 on a contradiction: nothing is left open)."""
        if self.contradiction:
            return 1.0
        return self.decided / self.total

    @property
    def solved(self) -> bool:
        """Every bit decided without contradiction: the puzzle is solved, and
        since every stage is sound, its solution is unique."""
        return not self.contradiction and self.decided == self.total

    @property
    def loop(self) -> Optional[CountryLoop]:
        """The loop when :attr:`solved`, else None."""
        if not self.solved:
            return None
        return CountryLoop.from_bits(self.rows, self.cols, self.edges)

    def cell(self, r: int, c: int) -> int:
        """State of cell (r, c): 0 unused, 1 used, 2 undecided."""
        return self.cells[r * self.cols + c]

    def draw(self) -> str:
        """Cells as ``o`` used, ``x`` unused, ``.`` undecided; on edges ``-``/``|``
        on and a blank off; ``?`` undecided edge."""
        if self.contradiction:
            return "(contradiction)"
        R, C, nr = self.rows, self.cols, self.rows * (self.cols - 1)
        lines = []
        for r in range(R):
            row = ""
            for c in range(C):
                row += "xo."[self.cells[r * C + c]]
                if c < C - 1:
                    row += " -?"[self.edges[r * (C - 1) + c]]
            lines.append(row)
            if r < R - 1:
                lines.append(" ".join(" |?"[self.edges[nr + r * C + c]] for c in range(C)))
        return "\n".join(lines)


def deduce(board: CountryRoad, stages: Optional[Sequence[str]] = None) -> Deduction:
    """Runs the chosen ladder stages to their fixpoint, without search.

    >>> b = CountryRoad.from_regions([[0] * 4] + [[1] * 4] * 3)
    >>> d = deduce(b, stages=("region",))
    >>> d.stages, d.contradiction
    (('region',), False)
    """
    b = _board(board)
    st = _stages(stages)
    rows, cols, regions, numbers = b.core_args()
    res = _core.country_ladder(rows, cols, regions, numbers, list(st))
    if res is None:
        return Deduction(rows, cols, st, b"", b"", True, 0)
    cells, edges, probes = res
    return Deduction(rows, cols, st, bytes(cells), bytes(edges), False, int(probes))


def count_solutions(board: CountryRoad, engine: str = "search", limit: Optional[int] = None) -> int:
    """Number of solutions, counted by one of three independent engines.

    Args:
        board: the puzzle.
        engine: ``"search"`` (ladder + search), ``"cells"`` (choose the used
            cells, then thread the loop) or ``"loops"`` (enumerate the simple
            cycles of the grid). The brute forces refuse large boards.
        limit: stop counting at this many (the result is then at most ``limit``).

    >>> count_solutions(CountryRoad.from_regions([[i * 4 + j for j in range(4)] for i in range(4)]))
    6
    """
    b = _board(board)
    if not isinstance(engine, str):
        raise ArgumentTypeError(f"engine must be a str, got {type(engine).__name__}")
    if engine not in ENGINES:
        raise ArgumentError(f"unknown engine {engine!r}; the engines are {', '.join(ENGINES)}")
    if limit is not None:
        limit = require_int("limit", limit, 0, _NO_LIMIT)
        if limit == 0:
            return 0
    rows, cols, regions, numbers = b.core_args()
    if engine == "search":
        sols, complete, _ = _core.country_solve(
            rows, cols, regions, numbers, _NO_LIMIT if limit is None else limit, list(STAGES), None, None
        )
        assert complete, "a search without budget always completes"
        return len(sols)
    if engine == "cells":
        return int(_core.country_count_cells(rows, cols, regions, numbers, limit))
    return int(_core.country_count_loops(rows, cols, regions, numbers, limit))
