"""The Python path to the compiled Country Road core's searches and ladder.

The ``*_on`` functions ask a board's handle in the core
(``_core.CountryBoard``, kept by :attr:`CountryRoad.core_board`); the others
take a board in the core's flat form (``rows, cols, regions, numbers``:
region index per cell row-major, -1 for a blocked cell, one number or None
per country) and build a handle for the call. They check the arguments the
core would refuse tersely and wrap the answers in the shared result types.
The board (:class:`CountryRoad`), the generator, the stats tables and the
module functions all go through it; the explanations and the setter's
questions call the board's handle directly.

The ladder has five stages (:data:`STAGES`, read from the core), each sound:
``region`` (cell bookkeeping), ``once`` (each country once), ``loop`` (the
loop itself), ``macro`` (Hamiltonian cycles of the region graph) and
``probe`` (singleton consistency). :data:`LEVELS` is the grading ladder: the
stages, then ``"search"``.

>>> d = deduce(2, 2, [0, 1, 2, 3], [None] * 4)
>>> d.level, d.solved, d.total
('probe', True, 8)
>>> select_stages(level="loop")
('region', 'once', 'loop')
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Dict, Iterable, List, Optional, Sequence, Tuple, Union

from .. import _core
from .._picture import Picture
from .._result import Count, Deduction, Grade, SolveResult
from .._svg import country_svg
from .._validate import (
    MAX_COUNT_THREADS,
    MAX_NAMES,
    bounded_items,
    kept_limit,
    require_int,
    require_optional_number,
)
from ..errors import ArgumentError, ArgumentTypeError, LoopcraftError
from ._loop import CountryLoop, bare_grid, edge_count

if TYPE_CHECKING:
    from ._board import CountryRoad

__all__ = [
    "STAGES",
    "LEVELS",
    "ENGINES",
    "NO_LIMIT",
    "UNUSED",
    "USED",
    "UNDECIDED",
    "CountryDeduction",
    "RegionMap",
    "select_stages",
    "deduce",
    "deduce_on",
    "completes",
    "grade_of",
    "grade",
    "grade_on",
    "solve",
    "solve_on",
    "solve_many",
    "count",
    "count_on",
    "region_graph",
    "first_cut_cell",
    "hamiltonian_cycles",
]

#: The ladder's stages, weakest first (the core's list).
STAGES: Tuple[str, ...] = tuple(_core.COUNTRY_STAGES)
#: The grading ladder: the stages, then ``"search"`` (the core's list).
LEVELS: Tuple[str, ...] = tuple(_core.COUNTRY_LEVELS)
#: Counting engines: ladder + search, and two brute forces sharing nothing with it.
ENGINES: Tuple[str, ...] = ("search", "cells", "loops", "frontier")
#: Stands for "no limit" where the core wants a number.
NO_LIMIT = (1 << 63) - 1

#: Cell and edge states of a deduction.
UNUSED, USED, UNDECIDED = 0, 1, 2


def _stage_name(s: Any) -> None:
    if not isinstance(s, str):
        raise ArgumentTypeError(f"stage names must be str, got {type(s).__name__}")
    if s not in STAGES:
        raise ArgumentError(f"unknown stage {s!r}; the stages are {', '.join(STAGES)}")


def _stage_list(stages: Any) -> Tuple[str, ...]:
    if isinstance(stages, str):
        stages = [s.strip() for s in stages.split(",") if s.strip()]
    if not isinstance(stages, Iterable):
        raise ArgumentTypeError(f"stages must be a sequence of stage names, got {type(stages).__name__}")
    # Each name checked as read: an endless list stops at a wrong one, or past MAX_NAMES.
    chosen = bounded_items("stages", stages, MAX_NAMES, each=_stage_name)
    if not chosen:
        raise ArgumentError(f"stages must name at least one stage of {', '.join(STAGES)}")
    # The core applies them in ladder order whatever the order given.
    return tuple(s for s in STAGES if s in chosen)


def select_stages(level: Optional[str] = None, stages: Optional[Iterable[str]] = None) -> Tuple[str, ...]:
    """The stages to run: the ladder prefix up to and including ``level``, or
    the subset ``stages`` (names, or one string ``"region,once"``); all five
    when both are None. Giving both is an :class:`ArgumentError`.

    ``level`` may also be ``"search"`` (the whole ladder).
    """
    if level is not None and stages is not None:
        raise ArgumentError("give level or stages, not both")
    if stages is not None:
        return _stage_list(stages)
    if level is None:
        return STAGES
    if not isinstance(level, str):
        raise ArgumentTypeError(f"level must be a str or None, got {type(level).__name__}")
    if level not in LEVELS:
        raise ArgumentError(f"unknown level {level!r}; the levels are {', '.join(LEVELS)}")
    return STAGES[: LEVELS.index(level) + 1]


@dataclass(frozen=True)
class CountryDeduction(Deduction[CountryLoop], Picture):
    """What the ladder decides without search on a Country Road board.

    Attributes (beside :class:`~loopcraft._result.Deduction`'s ``level``,
    ``contradiction``, ``decided`` and ``total``, which count cells + edges):
        rows, cols: board size.
        stages: the stages that ran (``level`` is the strongest of them).
        cells: per cell row-major, 0 = unused, 1 = used, 2 = undecided
            (empty when ``contradiction``).
        edges: per edge in core numbering, 0 = off, 1 = on, 2 = undecided.
        probe_hypotheses: hypotheses the probe stage tried.
    """

    rows: int = 0
    cols: int = 0
    stages: Tuple[str, ...] = ()
    cells: bytes = b""
    edges: bytes = b""
    probe_hypotheses: int = 0
    board: Optional[CountryRoad] = field(default=None, repr=False, compare=False)

    def _solution(self) -> CountryLoop:
        return CountryLoop.from_bits(self.rows, self.cols, self.edges)

    @property
    def loop(self) -> Optional[CountryLoop]:
        """The loop when :attr:`solved`, else None (the same as :attr:`solution`)."""
        return self.solution

    def cell(self, r: int, c: int) -> int:
        """State of cell (r, c): 0 unused, 1 used, 2 undecided."""
        r = require_int("r", r, 0, self.rows - 1)
        return self.cells[r * self.cols + require_int("c", c, 0, self.cols - 1)]

    def draw(self) -> str:
        """Cells as ``o`` used, ``x`` unused, ``.`` undecided; between them
        ``-``/``|`` an edge on, a blank an edge off, ``?`` undecided."""
        if self.contradiction:
            return "(contradiction)"
        R, C, nr = self.rows, self.cols, self.rows * (self.cols - 1)

        def cell(r: int, c: int) -> str:
            return "xo."[self.cells[r * C + c]]

        def vseg(r: int, c: int) -> str:
            return "" if c in (0, C) else " -?"[self.edges[r * (C - 1) + c - 1]]

        def hseg(r: int, c: int) -> str:
            return "" if r in (0, R) else " |?"[self.edges[nr + (r - 1) * C + c]]

        return bare_grid(R, C, hseg=hseg, vseg=vseg, cell=cell)

    def to_svg(self, *, cell: float = 32) -> str:
        """What is decided so far as an SVG picture, on the board's countries:
        segments proven on joined through the cell centres, segments proven
        off crossed, cells proven used marked by a dot, cells proven unused shaded."""
        title = f"Country Road {self.rows} x {self.cols}, deduced to level {self.level}"
        regions: Sequence[Sequence[Any]] = [[0] * self.cols for _ in range(self.rows)]
        numbers: Dict[Any, int] = {}
        if self.board is not None:
            regions, numbers = self.board.regions, dict(self.board.numbers)
        if self.contradiction:
            return country_svg(regions, numbers, title=title + " (contradiction)", cell=cell)
        on = CountryLoop.from_bits(self.rows, self.cols, [1 if b == 1 else 0 for b in self.edges]).pairs
        off = CountryLoop.from_bits(self.rows, self.cols, [1 if b == 0 else 0 for b in self.edges]).pairs
        unused = [divmod(i, self.cols) for i, s in enumerate(self.cells) if s == 0]
        used = [divmod(i, self.cols) for i, s in enumerate(self.cells) if s == 1]
        blocked = {(r, c) for r, row in enumerate(regions) for c, v in enumerate(row) if v is None}
        crossed = [(a, b) for a, b in off if a not in blocked and b not in blocked]
        unused = [x for x in unused if x not in blocked]
        return country_svg(
            regions, numbers, title=title, path=on, shaded=unused, used=used, centre_crosses=crossed, cell=cell
        )


def _deduction(rows: int, cols: int, stages: Tuple[str, ...], res: Any) -> CountryDeduction:
    """A :class:`CountryDeduction` from the core's answer to a ladder run."""
    total = rows * cols + edge_count(rows, cols)
    level = stages[-1] if stages else STAGES[0]
    if res is None:
        return CountryDeduction(level, True, 0, total, rows, cols, stages)
    cells, edges, probes = bytes(res[0]), bytes(res[1]), int(res[2])
    decided = len(cells) - cells.count(UNDECIDED) + len(edges) - edges.count(UNDECIDED)
    return CountryDeduction(level, False, decided, total, rows, cols, stages, cells, edges, probes)


def _search_budgets(
    limit: int, node_limit: Optional[int], time_limit: Optional[float]
) -> Tuple[int, Optional[int], Optional[float]]:
    limit = require_int("limit", limit, 1, NO_LIMIT)
    if node_limit is not None:
        node_limit = require_int("node_limit", node_limit, 0, NO_LIMIT)
    return limit, node_limit, require_optional_number("time_limit", time_limit)


def _search_result(rows: int, cols: int, raw: Tuple[List[bytes], bool, int], limit: int) -> SolveResult[CountryLoop]:
    sols, finished, nodes = raw
    loops = tuple(CountryLoop._from_core(rows, cols, s) for s in sols)
    return SolveResult.from_search(loops, finished, nodes, limit)


def deduce(
    rows: int, cols: int, regions: Sequence[int], numbers: Sequence[Optional[int]], stages: Sequence[str] = STAGES
) -> CountryDeduction:
    """Runs the (already checked) ``stages`` to their fixpoint, without search."""
    return deduce_on(_core.CountryBoard(rows, cols, list(regions), list(numbers)), stages)


def deduce_on(core: _core.CountryBoard, stages: Sequence[str] = STAGES) -> CountryDeduction:
    """:func:`deduce` on a board's handle in the core (``CountryRoad.core_board``)."""
    st = tuple(stages)
    return _deduction(core.rows, core.cols, st, core.ladder(list(st)))


def completes(
    rows: int, cols: int, regions: Sequence[int], numbers: Sequence[Optional[int]], stages: Sequence[str]
) -> bool:
    """The stages decide every cell and edge (and so prove the answer unique)."""
    return deduce(rows, cols, regions, numbers, stages).solved


def grade_of(rows: int, cols: int, regions: Sequence[int], numbers: Sequence[Optional[int]]) -> Optional[str]:
    """The weakest stage whose ladder prefix completes the board, or None (see :meth:`RegionMap.grade_of`)."""
    return RegionMap(rows, cols, regions).grade_of(numbers)


def grade(
    rows: int, cols: int, regions: Sequence[int], numbers: Sequence[Optional[int]], node_limit: Optional[int] = None
) -> Grade:
    """The weakest level whose prefix completes the board or proves it has no
    solution; else ``"search"`` (see :meth:`RegionMap.grade`)."""
    return grade_on(_core.CountryBoard(rows, cols, list(regions), list(numbers)), node_limit)


def grade_on(core: _core.CountryBoard, node_limit: Optional[int] = None, time_limit: Optional[float] = None) -> Grade:
    """:func:`grade` on a board's handle in the core (``time_limit`` bounds its search)."""
    return _grade(lambda st: deduce_on(core, st), lambda: solve_on(core, 2, STAGES, node_limit, time_limit))


def _grade(
    deduce: Callable[[Tuple[str, ...]], CountryDeduction], search: Callable[[], SolveResult[CountryLoop]]
) -> Grade:
    """The weakest level whose prefix completes the board or proves it has
    no solution (``deduce`` runs a prefix); else ``"search"`` with the
    search's count (0, 1 or 2)."""
    full = deduce(STAGES)
    if full.solved or full.contradiction:
        for i, stage in enumerate(STAGES):
            d = full if i == len(STAGES) - 1 else deduce(STAGES[: i + 1])
            if d.solved or d.contradiction:
                return Grade(stage, i, 0 if d.contradiction else 1, True)
    r = search()
    return Grade(LEVELS[-1], len(LEVELS) - 1, r.count, r.complete or r.count == 2)


def solve(
    rows: int,
    cols: int,
    regions: Sequence[int],
    numbers: Sequence[Optional[int]],
    limit: int = 2,
    stages: Sequence[str] = STAGES,
    node_limit: Optional[int] = None,
    time_limit: Optional[float] = None,
) -> SolveResult[CountryLoop]:
    """Search with ``stages`` at every node, for up to ``limit`` solutions.

    ``complete`` is True only when the count is exact: the search space was
    exhausted before ``limit`` solutions were found and before a budget ran out.
    """
    core = _core.CountryBoard(rows, cols, list(regions), list(numbers))
    return solve_on(core, limit, stages, node_limit, time_limit)


def solve_on(
    core: _core.CountryBoard,
    limit: int = 2,
    stages: Sequence[str] = STAGES,
    node_limit: Optional[int] = None,
    time_limit: Optional[float] = None,
) -> SolveResult[CountryLoop]:
    """:func:`solve` on a board's handle in the core."""
    limit, node_limit, budget = _search_budgets(limit, node_limit, time_limit)
    # The solutions kept are bounded in memory (see kept_limit): one edge value
    # a pair of neighbouring cells.
    limit = kept_limit(limit, edge_count(core.rows, core.cols))
    raw = core.solve(limit, list(stages), node_limit, budget)
    return _search_result(core.rows, core.cols, raw, limit)


class RegionMap:
    """One region map kept in the core between calls (a ``_core.CountryBoard``
    with no number).

    The core builds the board's geometry and region graph once; every
    :meth:`deduce`, :meth:`solve` and :meth:`grade` then runs with its own
    numbers on them (``CountryBoard.with_numbers``, which shares the map).
    Made for the loops that ask the same map many questions: the
    generator's number deletion, :func:`grade_of`'s ladder prefixes.

    ``loop_edges`` (one 0/1 byte per edge, as :attr:`CountryLoop.bits`) is a
    loop known to solve the map, such as the generator's own. Runs whose
    numbers it satisfies probe only the hypotheses that contradict it: the
    same fixpoint for about half the work. A loop that is not a solution of
    the map is an :class:`~loopcraft.errors.ArgumentError`.

    >>> m = RegionMap(2, 2, [0, 1, 2, 3])
    >>> m.deduce([None] * 4).solved, m.completes([None] * 4, ("region",))
    (True, False)
    """

    __slots__ = ("_map", "_seen", "cols", "rows")

    #: Fixpoints remembered per map (the deletion loop asks again for the
    #: numbers of its last success; grading asks for prefixes it ran).
    MEMO = 64

    def __init__(self, rows: int, cols: int, regions: Sequence[int], loop_edges: Optional[bytes] = None) -> None:
        self.rows, self.cols = rows, cols
        regions = list(regions)
        bare: List[Optional[int]] = [None] * (max(regions, default=-1) + 1)
        self._map = _core.CountryBoard(rows, cols, regions, bare, None if loop_edges is None else list(loop_edges))
        self._seen: Dict[Tuple[Tuple[Optional[int], ...], Tuple[str, ...]], CountryDeduction] = {}

    @property
    def countries(self) -> int:
        """Number of countries of the map."""
        return int(self._map.countries)

    def deduce(self, numbers: Sequence[Optional[int]], stages: Sequence[str] = STAGES) -> CountryDeduction:
        """The fixpoint of the (already checked) ``stages`` with ``numbers``, without search."""
        st = tuple(stages)
        key = (tuple(numbers), st)
        found = self._seen.get(key)
        if found is None:
            found = _deduction(self.rows, self.cols, st, self._map.with_numbers(list(numbers)).ladder(list(st)))
            if len(self._seen) >= self.MEMO:
                self._seen.clear()
            self._seen[key] = found
        return found

    def completes(self, numbers: Sequence[Optional[int]], stages: Sequence[str]) -> bool:
        """The stages decide every cell and edge (and so prove the answer unique)."""
        return self.deduce(numbers, stages).solved

    def grade_of(self, numbers: Sequence[Optional[int]]) -> Optional[str]:
        """The weakest stage whose ladder prefix completes the board, or None.

        Completion is monotone in the prefix (each stage includes the ones
        above it), so the first prefix that completes is the grade.
        """
        for i, stage in enumerate(STAGES):
            if self.completes(numbers, STAGES[: i + 1]):
                return stage
        return None

    def grade(self, numbers: Sequence[Optional[int]], node_limit: Optional[int] = None) -> Grade:
        """The weakest level whose prefix completes the board or proves it has
        no solution; else ``"search"`` with the search's count (0, 1 or 2)."""
        return _grade(lambda st: self.deduce(numbers, st), lambda: self.solve(numbers, 2, STAGES, node_limit, None))

    def solve(
        self,
        numbers: Sequence[Optional[int]],
        limit: int = 2,
        stages: Sequence[str] = STAGES,
        node_limit: Optional[int] = None,
        time_limit: Optional[float] = None,
    ) -> SolveResult[CountryLoop]:
        """:func:`solve` on this map with ``numbers``."""
        return solve_on(self._map.with_numbers(list(numbers)), limit, stages, node_limit, time_limit)


def count(
    rows: int,
    cols: int,
    regions: Sequence[int],
    numbers: Sequence[Optional[int]],
    engine: Any = "frontier",
    limit: Optional[int] = None,
    max_states: Optional[int] = None,
    deduce: bool = True,
    threads: int = 1,
) -> Count:
    """Number of solutions by one of :data:`ENGINES`, at most ``limit`` when
    given; ``max_states`` is the frontier engine's memory budget. ``deduce``
    (frontier only): the ladder's fixpoint first, then a sweep of what it left
    open; ``threads``: the frontier's workers on a board of one-cell
    countries (see :func:`loopcraft.country.count_solutions`)."""
    core = _core.CountryBoard(rows, cols, list(regions), list(numbers))
    return count_on(core, engine, limit, max_states, deduce, threads)


def count_on(
    core: _core.CountryBoard,
    engine: Any = "frontier",
    limit: Optional[int] = None,
    max_states: Optional[int] = None,
    deduce: bool = True,
    threads: int = 1,
) -> Count:
    """:func:`count` on a board's handle in the core."""
    if not isinstance(deduce, bool):
        raise ArgumentTypeError(f"deduce must be a bool, got {type(deduce).__name__}")
    if not isinstance(engine, str):
        raise ArgumentTypeError(f"engine must be a str, got {type(engine).__name__}")
    if engine not in ENGINES:
        raise ArgumentError(f"unknown engine {engine!r}; the engines are {', '.join(ENGINES)}")
    if limit is not None:
        limit = require_int("limit", limit, 0, NO_LIMIT)
    if max_states is not None:
        max_states = require_int("max_states", max_states, 1, 2**63 - 1)
    threads = require_int("threads", threads, 1, MAX_COUNT_THREADS)
    if limit == 0:
        return Count(0, engine, "limit=0 asks for no solution: nothing was counted")
    if engine == "search":
        # No budget: the search always runs to the end or to the limit.
        sols, _, _ = core.solve(NO_LIMIT if limit is None else limit, list(STAGES), None, None)
        return Count(len(sols), engine, "engine='search' enumerates the solutions")
    if engine == "cells":
        n = core.count_cells(limit)
        return Count(int(n), engine, "engine='cells' chooses the used cells, then threads the loop")
    if engine == "frontier":
        n, _, route, reason = core.count_deduced(limit, max_states=max_states, deduce=deduce, threads=threads)
        return Count(int(n), route, reason)
    return Count(int(core.count_loops(limit)), engine, "engine='loops' enumerates the simple cycles of the grid")


def first_cut_cell(rows: int, cols: int, regions: Sequence[int]) -> Optional[int]:
    """The first cell (row-major index) cut off from the earlier cells of its
    country, or None when every country is one orthogonally connected piece."""
    cell = _core.country_first_cut_cell(rows, cols, list(regions))
    return None if cell is None else int(cell)


def region_graph(rows: int, cols: int, regions: Sequence[int]) -> Tuple[List[Tuple[int, int]], List[int], List[int]]:
    """``(borders, cut vertices, bridges)`` of the region graph, as country indices."""
    borders, cuts, bridges = _core.country_region_graph(rows, cols, list(regions))
    return [(int(a), int(b)) for a, b in borders], [int(k) for k in cuts], [int(i) for i in bridges]


def hamiltonian_cycles(rows: int, cols: int, regions: Sequence[int], cap: int) -> List[int]:
    """Every Hamiltonian cycle of the region graph as a bitmask over the borders
    of :func:`region_graph`; :class:`~loopcraft.errors.CapacityError` past ``cap``."""
    cap = require_int("cap", cap, 0, 2**63 - 1)
    return [int(m) for m in _core.country_hamiltonian_cycles(rows, cols, list(regions), cap)]


def solve_many(
    items: Sequence[Union[Tuple[int, int, List[int], List[Optional[int]]], str]],
    limit: int,
    node_limit: Optional[int],
    time_limit: Optional[float],
    threads: Optional[int],
) -> List[Union[SolveResult[CountryLoop], LoopcraftError, None]]:
    """:func:`solve` with every stage on many items, on ``threads`` worker
    threads (see ``loopcraft._batch``): (already checked) boards in the
    core's flat form, or texts for the core's reader. Per item its result,
    the error the core returned for it, or None for a text the core left to
    ``parse``."""
    raw = _core.country_solve_many(list(items), limit, node_limit, time_limit, threads)
    out: List[Union[SolveResult[CountryLoop], LoopcraftError, None]] = []
    for item, answer in zip(items, raw):
        if answer is None or isinstance(answer, LoopcraftError):
            out.append(answer)
            continue
        # A text read by the core comes back with its size.
        rows, cols = answer[3] if isinstance(item, str) else item[:2]
        out.append(_search_result(rows, cols, answer[:3], limit))
    return out
