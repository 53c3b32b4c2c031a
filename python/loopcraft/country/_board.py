"""The Country Road board model: a partition of an R x C grid into countries.

A board holds the user's own region ids (ints or strings, ``None`` for a
blocked cell that belongs to no country) and an optional number per country.
The compiled core sees the same board in its own form: region indices 0..K-1
numbered in order of each country's first cell (row-major), -1 for blocked
cells, and a list of K numbers; :class:`CountryRoad` computes that form once.

>>> from loopcraft.country import CountryRoad
>>> b = CountryRoad.from_regions([[1, 1, 2], [3, 3, 2]], {2: 2})
>>> b.rows, b.cols, b.countries
(2, 3, (1, 2, 3))
>>> print(b)
+---+---+---+
|       | 2 |
+---+---+   +
|       |   |
+---+---+---+
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Mapping as _MappingABC
from collections.abc import Sequence as _SequenceABC
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Callable, Dict, List, Mapping, Optional, Sequence, Set, Tuple, TypeVar, Union, cast

from .. import _core, _setter
from .._clock import Clock, within
from .._draw import text_grid
from .._explain import Explanation, Step
from .._explain import score as _explain_score
from .._picture import Picture
from .._result import CheckResult, Count, Findings, Grade, SolveResult
from .._setter import Backbone, Conflict, Suggestion, Verdict
from .._svg import country_svg
from .._text import MAX_DIGITS
from .._validate import MAX_COUNT_THREADS, require_int, show, size_of
from ..errors import ArgumentError, ArgumentTypeError, FormatError
from . import _explain, _formats, _ladder
from ._graph import RegionGraph, build_region_graph
from ._ladder import CountryDeduction
from ._loop import MAX_SIDE, MIN_SIDE, Cell, CountryLoop, RegionId, as_loop
from ._referee import judge

__all__ = ["CountryRoad", "MIN_SIDE", "MAX_SIDE", "RegionId", "Cell", "board_arg"]

_T = TypeVar("_T")


def _reading(what: str, build: Callable[[], _T]) -> _T:
    """Builds a board from text that was read: its checks become FormatError."""
    try:
        return build()
    except (TypeError, ValueError) as exc:
        if isinstance(exc, FormatError):
            raise
        raise FormatError(f"{what}: {exc}") from None


def _place(r: int, c: int) -> str:
    """A cell for messages: counted from 1 as the text readers count, then
    the 0-based index into ``regions``."""
    return f"row {r + 1}, column {c + 1} (regions[{r}][{c}])"


def _check_id(value: Any, r: int, c: int) -> Optional[RegionId]:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise ArgumentTypeError(
            f"region id at {_place(r, c)} must be an int, a str or None, got {type(value).__name__}"
        )
    return value


def _check_side(name: str, n: int) -> int:
    if n < MIN_SIDE:
        raise ArgumentError(f"a Country Road board needs at least {MIN_SIDE} {name}, got {n}")
    if n > MAX_SIDE:
        raise ArgumentError(f"a Country Road board has at most {MAX_SIDE} {name}, got {n}")
    return n


# Int region ids have at most MAX_DIGITS digits, as in the text readers.
_ID_BOUND = 10**MAX_DIGITS

#: Id types that need no closer look (exact types: a bool is an int subclass).
_PLAIN_IDS = frozenset((int, str, type(None)))


def _region_grid(regions: Any) -> Tuple[Tuple[Optional[RegionId], ...], ...]:
    """Checks the shape (rectangular, 2..30 a side) and id types of ``regions``."""
    if isinstance(regions, (str, bytes)) or not isinstance(regions, _SequenceABC):
        raise ArgumentTypeError(f"regions must be a list of rows, got {type(regions).__name__}")
    rows = _check_side("rows", size_of("regions", regions))
    out = []
    cols = None
    for r, row in enumerate(regions):
        if type(row) not in (tuple, list) and (isinstance(row, (str, bytes)) or not isinstance(row, _SequenceABC)):
            raise ArgumentTypeError(f"regions[{r}] must be a list of region ids, got {type(row).__name__}")
        if cols is None:
            cols = _check_side("columns", size_of("regions[0]", row))
        elif size_of(f"regions[{r}]", row) != cols:
            raise ArgumentError(f"ragged regions: row {r} has {len(row)} cells, row 0 has {cols}")
        cells = tuple(row)
        # Every board built or read checks its grid here (twice for
        # from_regions): the common case, plain ids, in one pass over types.
        if not _PLAIN_IDS.issuperset(map(type, cells)):
            cells = tuple(_check_id(v, r, c) for c, v in enumerate(cells))
        out.append(cells)
    if len(out) != rows:  # a sequence whose length changed while it was read
        raise ArgumentError(f"regions changed while it was read ({rows} rows, then {len(out)})")
    return tuple(out)


@dataclass(frozen=True)
class CountryRoad(Picture):
    """A Country Road puzzle: countries on an R x C grid, some with a number.

    Rules: draw one closed loop through cell centres that visits every country
    exactly once; a number is how many cells of its country the loop uses; two
    orthogonally adjacent cells of different countries may not both be unused.

    Attributes:
        rows: number of rows R (2..30).
        cols: number of columns C (2..30).
        regions: R rows of C region ids (the caller's ids; ``None`` = blocked
            cell: no country, no line).
        numbers: read-only mapping region id -> number of used cells.

    Build boards with :meth:`from_regions` or a reader (:meth:`parse`,
    :meth:`from_puzzlekit`, :meth:`from_url`, :meth:`from_json`).
    """

    rows: int
    cols: int
    regions: Tuple[Tuple[Optional[RegionId], ...], ...]
    numbers: Mapping[RegionId, int] = field(default_factory=dict)
    # The core's view, computed once in __post_init__.
    _index: Tuple[int, ...] = field(init=False, repr=False, compare=False)
    _countries: Tuple[RegionId, ...] = field(init=False, repr=False, compare=False)
    _core_numbers: Tuple[Optional[int], ...] = field(init=False, repr=False, compare=False)
    _sizes: Tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        grid = _region_grid(self.regions)
        rows, cols = len(grid), len(grid[0])
        if self.rows != rows or self.cols != cols:
            raise ArgumentError(f"rows x cols = {show(self.rows)} x {show(self.cols)} but regions is {rows} x {cols}")
        object.__setattr__(self, "regions", grid)

        # Countries numbered in order of first cell (setdefault's default is
        # read before a new id goes in, so it is the next number).
        order: Dict[RegionId, int] = {}
        index: List[int] = [-1 if rid is None else order.setdefault(rid, len(order)) for row in grid for rid in row]
        if not order:
            raise ArgumentError("the board has no country (every cell is blocked)")
        countries = tuple(order)
        for rid in countries:
            # Every writer prints ids as text, and Python prints no int of
            # more than 4,300 digits: refuse such ids here, as the readers do.
            if isinstance(rid, int) and not -_ID_BOUND < rid < _ID_BOUND:
                raise ArgumentError(f"region id {show(rid)} is longer than {MAX_DIGITS} digits")
        counts = Counter(index)
        sizes = [counts[k] for k in range(len(countries))]
        _check_connected(index, rows, cols, countries)

        numbers: Any = self.numbers
        if numbers is None:
            numbers = {}
        if not isinstance(numbers, _MappingABC):
            raise ArgumentTypeError(f"numbers must be a mapping region id -> int, got {type(numbers).__name__}")
        clean: Dict[RegionId, int] = {}
        core_numbers: List[Optional[int]] = [None] * len(countries)
        for rid, n in numbers.items():
            if n is None:
                continue
            if rid not in order:
                raise ArgumentError(f"numbers names region {show(rid)}, which is not on the board")
            if isinstance(n, bool) or not isinstance(n, int):
                raise ArgumentTypeError(f"the number of region {show(rid)} must be an int, got {type(n).__name__}")
            k = order[rid]
            if not 0 <= n <= sizes[k]:
                raise ArgumentError(f"the number {show(n)} of region {show(rid)} is outside 0..{sizes[k]} (its size)")
            clean[rid] = n
            core_numbers[k] = n
        object.__setattr__(self, "numbers", MappingProxyType(clean))
        object.__setattr__(self, "_index", tuple(index))
        object.__setattr__(self, "_countries", countries)
        object.__setattr__(self, "_core_numbers", tuple(core_numbers))
        object.__setattr__(self, "_sizes", tuple(sizes))

    def __hash__(self) -> int:
        return hash((self.rows, self.cols, self.regions, frozenset(self.numbers.items())))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, CountryRoad):
            return NotImplemented
        return self.regions == other.regions and dict(self.numbers) == dict(other.numbers)

    # ------------------------------------------------------------------ constructors

    @classmethod
    def from_regions(
        cls,
        regions: Sequence[Sequence[Optional[RegionId]]],
        numbers: Optional[Mapping[RegionId, Optional[int]]] = None,
    ) -> CountryRoad:
        """A board from rows of region ids and an optional mapping id -> number.

        Args:
            regions: R rows of C ids (int or str); ``None`` marks a blocked cell.
                Every id must form one orthogonally connected country.
            numbers: region id -> number (``None`` values mean "no number").

        Raises:
            ArgumentTypeError: an id or a number has the wrong type.
            ArgumentError: ragged rows, a side outside 2..30, a country in
                several pieces, an unknown region in ``numbers``, or a number
                larger than its country.

        >>> CountryRoad.from_regions([[0, 1], [0, 1]], {0: 2}).numbers[0]
        2
        """
        grid = _region_grid(regions)
        # __post_init__ checks the mapping and drops its None values.
        return cls(len(grid), len(grid[0]), grid, cast(Mapping[RegionId, int], {} if numbers is None else numbers))

    # ------------------------------------------------------------------ views

    @property
    def countries(self) -> Tuple[RegionId, ...]:
        """The region ids, in order of each country's first cell (row-major)."""
        return self._countries

    def country_at(self, r: int, c: int) -> Optional[RegionId]:
        """The region id of cell (r, c) (``None`` for a blocked cell)."""
        return self.regions[require_int("r", r, 0, self.rows - 1)][require_int("c", c, 0, self.cols - 1)]

    def cells_of(self, region: RegionId) -> Tuple[Cell, ...]:
        """The cells of a country, row-major.

        Raises:
            ArgumentError: ``region`` is not a country of the board.
        """
        self.size_of(region)
        return tuple((r, c) for r in range(self.rows) for c in range(self.cols) if self.regions[r][c] == region)

    def size_of(self, region: RegionId) -> int:
        """How many cells the country has.

        Raises:
            ArgumentError: ``region`` is not a country of the board (the
                same error as a number given to an unknown region).
        """
        try:
            return self._sizes[self._countries.index(region)]
        except ValueError:
            raise ArgumentError(f"region {show(region)} is not on the board") from None

    @property
    def blocked(self) -> Tuple[Cell, ...]:
        """The blocked cells (no country, no line)."""
        return tuple((r, c) for r in range(self.rows) for c in range(self.cols) if self.regions[r][c] is None)

    def core_args(self) -> Tuple[int, int, List[int], List[Optional[int]]]:
        """``(rows, cols, regions, numbers)`` as the compiled core takes them."""
        return self.rows, self.cols, list(self._index), list(self._core_numbers)

    @property
    def core_board(self) -> _core.CountryBoard:
        """This board's handle in the compiled core: checked there and its
        geometry and region graph built on first use, then kept, so that
        every later call (solve, deduce, grade, count, the setter's and the
        explanations' questions) runs on it without building them again.

        >>> b = CountryRoad.from_regions([[0, 0], [1, 1]])
        >>> b.core_board is b.core_board
        True
        """
        handle: Optional[_core.CountryBoard] = self.__dict__.get("_core_board")
        if handle is None:
            handle = _core.CountryBoard(*self.core_args())
            self.__dict__["_core_board"] = handle  # not a field: the frozen __setattr__ is bypassed
        return handle

    def __reduce__(self) -> Tuple[Any, Tuple[int, int, Any, Dict[RegionId, int]]]:
        # The fields alone (the numbers as a plain dict): the core's handle is
        # rebuilt on first use, never pickled.
        return type(self), (self.rows, self.cols, self.regions, dict(self.numbers))

    def with_numbers(self, numbers: Mapping[RegionId, Optional[int]]) -> CountryRoad:
        """The same partition with other numbers."""
        return CountryRoad.from_regions(self.regions, numbers)

    # ------------------------------------------------------------------ drawing

    def _first_cells(self) -> Dict[int, RegionId]:
        """Flat index of each country's first cell -> its id."""
        first: Dict[int, RegionId] = {}
        seen: Set[int] = set()
        for i, k in enumerate(self._index):
            if k >= 0 and k not in seen:
                seen.add(k)
                first[i] = self._countries[k]
        return first

    def draw(self, loop: Any = None) -> str:
        """The board as text: country borders, numbers, and the loop if given.

        Args:
            loop: a :class:`~loopcraft.country.CountryLoop` (or anything
                :func:`~loopcraft.country.as_loop` accepts) drawn through the
                cell centres; a number is shown only where the loop leaves room.
        """
        lp = None if loop is None else as_loop(loop, self.rows, self.cols)
        R, C = self.rows, self.cols
        idx = self._index
        first = self._first_cells()

        def wall(a: int, b: int) -> bool:  # a border between flat cells a and b
            return idx[a] != idx[b] or idx[a] < 0

        def hseg(r: int, c: int) -> str:  # above cell (r, c)
            if r in (0, R):
                return "---"
            seg = "---" if wall((r - 1) * C + c, r * C + c) else "   "
            if lp is not None and lp.has_edge((r - 1, c), (r, c)):
                seg = seg[0] + "│" + seg[2]
            return seg

        def vseg(r: int, c: int) -> str:  # left of cell (r, c)
            if c in (0, C):
                return "|"
            if lp is not None and lp.has_edge((r, c - 1), (r, c)):
                return "─"
            return "|" if wall(r * C + c - 1, r * C + c) else " "

        def cell(r: int, c: int) -> str:
            i = r * C + c
            if idx[i] < 0:
                return "###"
            if lp is not None and lp.degree((r, c)) > 0:
                west = "─" if c > 0 and lp.has_edge((r, c - 1), (r, c)) else " "
                east = "─" if c < C - 1 and lp.has_edge((r, c), (r, c + 1)) else " "
                return west + lp.glyph((r, c)) + east
            n = self.numbers.get(first[i]) if i in first else None
            if n is None:
                return "   "
            return f"{n:^3}" if n < 100 else f"{n:3d}"

        return text_grid(R, C, hseg=hseg, vseg=vseg, cell=cell)

    def __str__(self) -> str:
        return self.draw()

    def to_svg(self, solution: Optional[CountryLoop] = None, *, cell: float = 32) -> str:
        """The board as an SVG picture: thick country borders, numbers in the
        corner of each country's first cell, blocked cells dark, and
        ``solution``'s loop through the cell centres when given.

        >>> CountryRoad.from_regions([[0, 1], [0, 1]]).to_svg().count('class="border"') > 0
        True
        """
        path = None if solution is None else as_loop(solution, self.rows, self.cols).pairs
        title = f"Country Road {self.rows} x {self.cols}" + ("" if solution is None else ", solved")
        return country_svg(self.regions, dict(self.numbers), title=title, path=path, cell=cell)

    # ------------------------------------------------------------------ formats (see _formats.py)

    @classmethod
    def parse(cls, text: str) -> CountryRoad:
        """A board from any supported text: a puzz.link URL, JSON (ours, or a
        puzzlekit data-set entry with a ``problem`` field), or puzzlekit
        problem text; the format is detected.

        >>> b = CountryRoad.parse("https://puzz.link/p?country/5/5/amda0uf02h12h")
        >>> CountryRoad.parse(b.to_puzzlekit()) == CountryRoad.parse(b.to_json()) == b
        True
        """
        regions, numbers = _formats.read_any(text)
        return _reading("Country Road text", lambda: cls.from_regions(regions, numbers))

    @classmethod
    def from_puzzlekit(cls, text: str) -> CountryRoad:
        """Reads puzzlekit problem text (see :mod:`loopcraft.country._formats`).

        Raises:
            FormatError: malformed text (the message names line, row and
                column), a country in several pieces, or a number larger than
                its country.
        """
        regions, numbers = _formats.read_puzzlekit(text)
        return _reading("puzzlekit problem", lambda: cls.from_regions(regions, numbers))

    def to_puzzlekit(self) -> str:
        """puzzlekit problem text; each number goes in its country's first cell."""
        return _formats.write_puzzlekit(self.regions, self.numbers)

    @classmethod
    def from_url(cls, url: str) -> CountryRoad:
        """Reads a puzz.link / pzv.jp / pzprxs ``country`` URL (or its ``country/...`` tail).

        Regions are numbered 0..K-1 in order of their first cell (row-major).
        """
        regions, numbers = _formats.read_url(url)
        return _reading("country URL", lambda: cls.from_regions(regions, numbers))

    def to_url(self, site: str = "puzz.link") -> str:
        """A pzprjs ``country`` URL on ``site``: ``"puzz.link"``, ``"pzv.jp"`` or ``"pzprxs"``.

        Raises:
            ArgumentError: the board has blocked cells (the URL format has none).
        """
        return _formats.write_url(self.regions, self.numbers, site)

    @classmethod
    def from_json(cls, text: Union[str, bytes, Dict[str, Any]]) -> CountryRoad:
        """Reads the JSON object written by :meth:`to_json` (text or a parsed dict)."""
        regions, numbers = _formats.read_json(text)
        return _reading("JSON board", lambda: cls.from_regions(regions, numbers))

    def to_json(self) -> str:
        """The board as one line of JSON (see :meth:`to_dict`)."""
        return _formats.write_json(self.regions, self.numbers)

    @classmethod
    def from_dict(cls, data: Dict[str, Any]) -> CountryRoad:
        """Reads the dict of :meth:`to_dict`."""
        regions, numbers = _formats.read_dict(data)
        return _reading("JSON board", lambda: cls.from_regions(regions, numbers))

    def to_dict(self) -> Dict[str, Any]:
        """The board as a JSON-ready dict: ``{"kind": "country", "rows", "cols",
        "regions": [[id or null, ...], ...], "numbers": [[id, n], ...]}``."""
        return _formats.write_dict(self.regions, self.numbers)

    # ------------------------------------------------------------------ solving (see _ladder.py)

    def solve(
        self,
        limit: int = 2,
        node_limit: Optional[int] = None,
        time_limit: Optional[float] = None,
        *,
        stages: Optional[Sequence[str]] = None,
    ) -> SolveResult[CountryLoop]:
        """Searches for up to ``limit`` solutions (the ladder at every node + search).

        Args:
            limit: stop after this many solutions (2 proves uniqueness).
                The solutions kept are bounded in memory too
                (``_validate.MAX_KEPT_VALUES`` edge values in all): a larger
                limit stops there, incomplete, with that as the result's ``limit``.
            node_limit: stop after this many search nodes.
            time_limit: stop after this many seconds.
            stages: the ladder stages run at each node (default: all five).

        ``complete`` is True when ``count`` is exact: False when the search
        stopped at ``limit`` or on a budget. ``unique`` = complete and one.

        For a limit from 3 to 1,000 without ``node_limit``, the core's
        clause-learning solver enumerates the solutions instead of the
        depth-first search, which can lose itself on a wide-open board
        (``nodes`` is then 1); the answer is exact either way.

        >>> b = CountryRoad.from_url("https://puzz.link/p?country/5/5/amda0uf02h12h")
        >>> r = b.solve()
        >>> r.count, r.complete, r.unique
        (1, True, True)
        """
        st = _ladder.select_stages(stages=stages)
        return _ladder.solve_on(self.core_board, limit, st, node_limit, time_limit)

    def is_unique(self) -> bool:
        """True when the puzzle has exactly one solution (a complete search proves it)."""
        return self.solve(limit=2).unique

    def deduce(self, level: Optional[str] = None, *, stages: Optional[Sequence[str]] = None) -> CountryDeduction:
        """What the ladder decides without search.

        Args:
            level: run the ladder up to and including this level (a name of
                ``LEVELS``; None or ``"search"``: all five stages).
            stages: instead, an arbitrary subset of ``STAGES`` (to measure
                what a stage contributes). Giving both is an ArgumentError.

        >>> d = CountryRoad.from_regions([[0] * 4] + [[1] * 4] * 3).deduce("region")
        >>> d.stages, d.contradiction
        (('region',), False)
        """
        found = _ladder.deduce_on(self.core_board, _ladder.select_stages(level, stages))
        return dataclasses.replace(found, board=self)  # kept for drawing

    def explain(self, level: Optional[str] = None, *, time_limit: Optional[float] = None) -> Explanation:
        """The steps of the ladder up to ``level``, easiest first.

        Each :class:`~loopcraft.Step` is one application of one rule of
        :data:`RULES` at one place: what it read (``premise``: cells, lines
        and countries) and decided (``decided``). A rule of a level is used
        only where no rule of a weaker level decides anything, and replaying
        the steps from the start (blocked cells and their edges unused)
        reaches exactly :meth:`deduce` ``(level)``. ``trial`` steps carry the
        explanation of the contradiction they found (``because``).

        Args:
            level: a name from ``LEVELS`` other than ``"search"``; default
                the whole ladder (``"probe"``).
            time_limit: seconds to explain in (None: no limit).

        Raises:
            TimeLimitError: ``time_limit`` ran out first (no steps are
                given: a part of them would not reach the ladder's fixpoint).

        >>> e = CountryRoad.from_url("https://puzz.link/p?country/5/5/amda0uf02h12h").explain()
        >>> e.replay().marks == {**e.start.marks, **e.decided()}
        True
        """
        levels = _ladder.LEVELS
        if level is None:
            level = levels[-2]
        if not isinstance(level, str):
            raise ArgumentTypeError(f"level must be a str or None, got {type(level).__name__}")
        if level not in levels[:-1]:
            raise ArgumentError(f"level must be one of {', '.join(levels[:-1])}, got {level!r}")
        return _explain.explain(self, level, time_limit)

    def hint(self, position: Any, *, time_limit: Optional[float] = None) -> Optional[Step]:
        """The next step from a player's position.

        Args:
            position: a :class:`~loopcraft.Position`, or its dict form
                ``{"right": [...], "down": [...], "cells": [...]}`` (strings of
                ``1`` line or used cell, ``0`` no line or unused cell, ``?``
                unmarked; ``cells`` optional).
            time_limit: seconds to find it in (None: no limit).

        Returns:
            a step whose rule is ``no-solution`` (no place, no premise) when
            the board itself has no solution, whatever is marked; a step whose
            rule is ``mistake`` (its premise holds the mark) when
            the marks admit no solution: the first mark found that no solution
            agrees with together with the other marks (on a board with one
            solution, a mark that differs from it); else the easiest step that
            decides something new (``search`` when no rule does, on a board
            with one solution); None when the lines marked are a solution (or
            nothing can be decided on a board with several).

        Raises:
            TimeLimitError: ``time_limit`` ran out before the step was
                found (no step is named rather than a wrong one).
        """
        return _explain.hint(self, position, time_limit)

    def grade(
        self, node_limit: Optional[int] = None, *, score: bool = False, time_limit: Optional[float] = None
    ) -> Grade:
        """The weakest level whose ladder prefix completes the board (or proves
        it has no solution), else ``"search"`` with the search's count.

        Args:
            node_limit: the search's node budget (only for ``"search"``).
            score: also compute ``score``, a finer difficulty that orders
                puzzles within a level (``index <= score < index + 1``), as
                for Slitherlink: the level's index plus ``d / (1 + d)``,
                ``d`` the weight of the level's explanation (a step of the
                i-th level weighs ``8 ** i``, a ``trial`` adds its
                refutation's) per unknown of the board (cells and the
                segments between neighbours); see docs/levels.md. It costs
                one :meth:`explain`, so it is off by default (``score`` is
                then None).
            time_limit: optional budget in seconds for the search and the
                score's explanation (the ladder's prefixes run to their
                fixpoints). A grade it cuts short is ``"search"`` with
                ``complete`` False, as one stopped by ``node_limit``; a score
                it cuts short is None.

        >>> p = CountryRoad.from_url("https://puzz.link/p?country/5/5/amda0uf02h12h")
        >>> p.grade().unique, p.grade().score is None
        (True, True)
        >>> g = p.grade(score=True)
        >>> g.index <= g.score < g.index + 1
        True
        """
        if not isinstance(score, bool):
            raise ArgumentTypeError(f"score must be a bool, got {type(score).__name__}")
        clock = Clock(time_limit)
        g = _ladder.grade_on(self.core_board, node_limit, clock.left())
        if not score:
            return g
        levels = _ladder.LEVELS
        # "search": the work the deduction levels did before the search.
        steps = within(clock, lambda left: self.explain(g.level if g.level != levels[-1] else None, time_limit=left))
        if steps is None:
            return g
        r, c = self.rows, self.cols
        unknowns = r * c + r * (c - 1) + (r - 1) * c
        return dataclasses.replace(g, score=_explain_score(g.index, steps.weight(levels), unknowns))

    def check(self, solution: Any) -> CheckResult:
        """The referee: every rule this loop breaks, with its place.

        ``solution``: a :class:`CountryLoop`, puzzlekit solution text, bytes of
        0/1 per edge (core numbering), or an iterable of edges (edge numbers or
        pairs of adjacent cells).
        """
        return judge(self, as_loop(solution, self.rows, self.cols))

    def region_graph(self) -> RegionGraph:
        """The region graph (see :class:`loopcraft.country.RegionGraph`)."""
        return build_region_graph(self)

    def count(
        self,
        engine: str = "frontier",
        limit: Optional[int] = None,
        *,
        max_states: Optional[int] = None,
        deduce: bool = True,
        threads: int = 1,
    ) -> Count:
        """Number of solutions (see :func:`loopcraft.country.count_solutions`)."""
        return _ladder.count_on(self.core_board, engine, limit, max_states, deduce, threads)

    # ------------------------------------------------------------------ the setter's questions (see _setter.py)

    def _loop_from_bits(self, bits: bytes) -> CountryLoop:
        """A loop from the core's answer (one byte 0/1 per edge)."""
        return CountryLoop._from_core(self.rows, self.cols, bits)

    def backbone(self, *, time_limit: Optional[float] = None) -> Backbone:
        """What every solution shares: per unknown its value in every solution,
        or None where two solutions differ, with two witnesses that differ.

        The core proves it with a clause-learning SAT solver of its own: a
        first solution, then each unknown assumed the other way, one solver
        keeping what every refutation taught it (``docs/setter.md``).

        >>> b = CountryRoad.from_url("https://puzz.link/p?country/5/5/amda0uf02h12h").backbone()
        >>> b.count, b.complete, b.open
        (1, True, 0)
        """
        return _setter.country_backbone(self, time_limit)

    def conflict(self, *, time_limit: Optional[float] = None) -> Optional[Conflict]:
        """A minimal set of numbers that admit no solution together (removing
        any one gives a board with a solution), or None when the board has a
        solution (see :func:`loopcraft._setter.conflict`)."""
        return _setter.conflict(self, time_limit=time_limit)

    def suggest_clues(
        self, k: int = 5, *, time_limit: Optional[float] = None, threads: int = 1
    ) -> Findings[Suggestion]:
        """Up to ``k`` numbers to add, best first: by the resulting count (1
        before 2), then the fewest unknowns left open, then place (country order),
        then value. Each keeps the board solvable. ``complete`` is False
        when a budget ran out before every candidate was judged (see
        :func:`loopcraft._setter.suggest_clues`).

        Where the core's frontier sweep fits its budget, it judges every
        candidate number at once, exactly, and ``threads`` is not used.
        Otherwise ``threads`` (1 to ``MAX_COUNT_THREADS``, default 1): the
        candidate numbers are proven on that many threads. The suggestions
        are the same either way and on any number of threads; more threads
        shorten the wall time on free cores and spend somewhat more CPU in
        total (a candidate started before another has lowered the bar is
        proven where one thread would have dropped it)."""
        threads = require_int("threads", threads, 1, MAX_COUNT_THREADS)
        return _setter.suggest_clues(self, k, time_limit=time_limit, threads=threads)

    def redundant_clues(self, *, time_limit: Optional[float] = None) -> Findings[RegionId]:
        """The numbers whose removal alone keeps the board unique (empty when
        it is not unique), each proven; ``complete`` is False when a budget
        ran out before every one was judged (see
        :func:`loopcraft._setter.redundant_clues`)."""
        return _setter.redundant_clues(self, time_limit=time_limit)

    def minimize(
        self, *, seed: int = 0, max_level: Optional[str] = None, time_limit: Optional[float] = None
    ) -> CountryRoad:
        """A new board, still unique, in which every remaining clue is needed;
        with ``max_level``, graded at or below that level too (see
        :func:`loopcraft._setter.minimize`)."""
        out: CountryRoad = _setter.minimize(self, _ladder.LEVELS, seed=seed, max_level=max_level, time_limit=time_limit)
        return out

    def verdict(self, *, suggest: int = 5, time_limit: Optional[float] = None, threads: int = 1) -> Verdict:
        """One answer for a setter: unique with its level; N solutions with the
        backbone and the best clues to add; or no solution with the clues that
        clash (see :class:`loopcraft.Verdict`). ``threads`` (1 to
        ``MAX_COUNT_THREADS``) ranks the clues to add as in
        :meth:`suggest_clues`: the same answer on any number, sooner on free
        cores."""
        return _setter.verdict(self, suggest=suggest, time_limit=time_limit, threads=threads)


def board_arg(board: Any) -> CountryRoad:
    """Checks that ``board`` is a :class:`CountryRoad`."""
    if not isinstance(board, CountryRoad):
        raise ArgumentTypeError(f"board must be a CountryRoad, got {type(board).__name__}")
    return board


def _check_connected(index: Sequence[int], rows: int, cols: int, countries: Sequence[RegionId]) -> None:
    """Raises ArgumentError naming the first region whose cells are not orthogonally connected."""
    # The flood runs in the core: in Python it was a third of reading a board.
    cut = _ladder.first_cut_cell(rows, cols, index)
    if cut is not None:
        r, c = divmod(cut, cols)
        raise ArgumentError(
            f"region {show(countries[index[cut]])} is not one connected country "
            f"(the cell at {_place(r, c)} is cut off from its other cells)"
        )
