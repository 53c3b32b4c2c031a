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

from collections.abc import Mapping as _MappingABC
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Dict, List, Mapping, Optional, Sequence, Tuple, Union

from ..errors import ArgumentError, ArgumentTypeError

__all__ = ["CountryRoad", "MIN_SIDE", "MAX_SIDE", "RegionId", "Cell"]

#: Smallest side of a board (a loop needs at least a 2 x 2 block).
MIN_SIDE = 2
#: Largest side of a board; larger sizes are refused before anything is allocated.
MAX_SIDE = 30

RegionId = Union[int, str]
Cell = Tuple[int, int]


def _check_id(value: Any, r: int, c: int) -> Optional[RegionId]:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise ArgumentTypeError(
            f"region id at row {r}, column {c} must be an int, a str or None, got {type(value).__name__}"
        )
    return value


def _check_side(name: str, n: int) -> int:
    if n < MIN_SIDE:
        raise ArgumentError(f"a Country Road board needs at least {MIN_SIDE} {name}, got {n}")
    if n > MAX_SIDE:
        raise ArgumentError(f"a Country Road board has at most {MAX_SIDE} {name}, got {n}")
    return n


def _region_grid(regions: Any) -> Tuple[Tuple[Optional[RegionId], ...], ...]:
    """Checks the shape (rectangular, 2..30 a side) and id types of ``regions``."""
    if isinstance(regions, (str, bytes)) or not isinstance(regions, Sequence):
        raise ArgumentTypeError(f"regions must be a list of rows, got {type(regions).__name__}")
    rows = _check_side("rows", len(regions))
    out = []
    cols = None
    for r, row in enumerate(regions):
        if isinstance(row, (str, bytes)) or not isinstance(row, Sequence):
            raise ArgumentTypeError(f"regions[{r}] must be a list of region ids, got {type(row).__name__}")
        if cols is None:
            cols = _check_side("columns", len(row))
        elif len(row) != cols:
            raise ArgumentError(f"ragged regions: row {r} has {len(row)} cells, row 0 has {cols}")
        out.append(tuple(_check_id(v, r, c) for c, v in enumerate(row)))
    assert rows == len(out)
    return tuple(out)


@dataclass(frozen=True)
class CountryRoad:
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

    Build boards with :meth:`from_regions` or a reader (:meth:`from_puzzlekit`,
    :meth:`from_url`, :meth:`from_json`).
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
            raise ArgumentError(f"rows x cols = {self.rows} x {self.cols} but regions is {rows} x {cols}")
        object.__setattr__(self, "regions", grid)

        index: List[int] = []
        order: Dict[RegionId, int] = {}
        for row in grid:
            for rid in row:
                if rid is None:
                    index.append(-1)
                    continue
                if rid not in order:
                    order[rid] = len(order)
                index.append(order[rid])
        if not order:
            raise ArgumentError("the board has no country (every cell is blocked)")
        countries = tuple(order)
        sizes = [0] * len(countries)
        for k in index:
            if k >= 0:
                sizes[k] += 1
        _check_connected(index, rows, cols, countries)

        numbers = self.numbers
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
                raise ArgumentError(f"numbers names region {rid!r}, which is not on the board")
            if isinstance(n, bool) or not isinstance(n, int):
                raise ArgumentTypeError(f"the number of region {rid!r} must be an int, got {type(n).__name__}")
            k = order[rid]
            if not 0 <= n <= sizes[k]:
                raise ArgumentError(f"the number {n} of region {rid!r} is outside 0..{sizes[k]} (its size)")
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
            TypeError: an id or a number has the wrong type.
            ValueError: ragged rows, a side outside 2..30, a country in several
                pieces, an unknown region in ``numbers``, or a number larger
                than its country.

        >>> CountryRoad.from_regions([[0, 1], [0, 1]], {0: 2}).numbers[0]
        2
        """
        grid = _region_grid(regions)
        return cls(len(grid), len(grid[0]), grid, {} if numbers is None else numbers)

    # ------------------------------------------------------------------ views

    @property
    def countries(self) -> Tuple[RegionId, ...]:
        """The region ids, in order of each country's first cell (row-major)."""
        return self._countries

    def country_at(self, r: int, c: int) -> Optional[RegionId]:
        """The region id of cell (r, c) (``None`` for a blocked cell)."""
        return self.regions[r][c]

    def cells_of(self, region: RegionId) -> Tuple[Cell, ...]:
        """The cells of a country, row-major."""
        return tuple((r, c) for r in range(self.rows) for c in range(self.cols) if self.regions[r][c] == region)

    def size_of(self, region: RegionId) -> int:
        """How many cells the country has."""
        try:
            return self._sizes[self._countries.index(region)]
        except ValueError:
            raise KeyError(region) from None

    @property
    def blocked(self) -> Tuple[Cell, ...]:
        """The blocked cells (no country, no line)."""
        return tuple((r, c) for r in range(self.rows) for c in range(self.cols) if self.regions[r][c] is None)

    def core_args(self) -> Tuple[int, int, List[int], List[Optional[int]]]:
        """``(rows, cols, regions, numbers)`` as the compiled core takes them."""
        return self.rows, self.cols, list(self._index), list(self._core_numbers)

    def with_numbers(self, numbers: Mapping[RegionId, Optional[int]]) -> CountryRoad:
        """The same partition with other numbers."""
        return CountryRoad(self.rows, self.cols, self.regions, numbers)

    # ------------------------------------------------------------------ drawing

    def _first_cells(self) -> Dict[int, RegionId]:
        first: Dict[int, RegionId] = {}
        seen = set()
        for i, rid in enumerate(self._index):
            if rid >= 0 and rid not in seen:
                seen.add(rid)
                first[i] = self._countries[rid]
        return first

    def draw(self, loop: Any = None) -> str:
        """The board as text: country borders, numbers, and the loop if given.

        Args:
            loop: a :class:`~loopcraft.country.CountryLoop` (or anything
                :func:`~loopcraft.country.as_loop` accepts) drawn through the
                cell centres; a number is shown only where the loop leaves room.
        """
        from .loop import as_loop

        lp = None if loop is None else as_loop(loop, self.rows, self.cols)
        R, C = self.rows, self.cols
        idx = self._index
        first = self._first_cells()

        def wall_right(r: int, c: int) -> bool:  # wall between (r,c) and (r,c+1)
            return c == C - 1 or idx[r * C + c] != idx[r * C + c + 1] or idx[r * C + c] < 0

        def wall_down(r: int, c: int) -> bool:
            return r == R - 1 or idx[r * C + c] != idx[(r + 1) * C + c] or idx[r * C + c] < 0

        def corner(r: int, c: int) -> str:
            return "+"

        lines = []
        top = "+" + "+".join("---" for _ in range(C)) + "+"
        lines.append(top)
        for r in range(R):
            row = "|"
            for c in range(C):
                i = r * C + c
                if idx[i] < 0:
                    body = "###"
                else:
                    body = "   "
                    if i in first:
                        n = self.numbers.get(first[i])
                        if n is not None:
                            body = f"{n:^3}" if n < 100 else f"{n:3d}"
                    if lp is not None and lp.degree((r, c)) > 0:
                        west = "─" if c > 0 and lp.has_edge((r, c - 1), (r, c)) else " "
                        east = "─" if c < C - 1 and lp.has_edge((r, c), (r, c + 1)) else " "
                        body = west + lp.glyph((r, c)) + east
                row += body
                if c < C - 1:
                    if lp is not None and lp.has_edge((r, c), (r, c + 1)):
                        row += "─"
                    else:
                        row += "|" if wall_right(r, c) else " "
                else:
                    row += "|"
            lines.append(row)
            if r == R - 1:
                break
            sep = "+"
            for c in range(C):
                seg = "---" if wall_down(r, c) else "   "
                if lp is not None and lp.has_edge((r, c), (r + 1, c)):
                    seg = seg[0] + "│" + seg[2]
                sep += seg + corner(r, c)
            lines.append(sep)
        lines.append(top)
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.draw()

    # ------------------------------------------------------------------ formats (see formats.py)

    @classmethod
    def from_puzzlekit(cls, text: str) -> CountryRoad:
        """Reads puzzlekit problem text (see :func:`loopcraft.country.formats.from_puzzlekit`)."""
        from .formats import from_puzzlekit

        return from_puzzlekit(text)

    def to_puzzlekit(self) -> str:
        """Writes puzzlekit problem text (see :func:`loopcraft.country.formats.to_puzzlekit`)."""
        from .formats import to_puzzlekit

        return to_puzzlekit(self)

    @classmethod
    def from_url(cls, url: str) -> CountryRoad:
        """Reads a puzz.link ``country`` URL (see :func:`loopcraft.country.formats.from_url`)."""
        from .formats import from_url

        return from_url(url)

    def to_url(self, host: str = "https://puzz.link/p?") -> str:
        """Writes a puzz.link ``country`` URL (see :func:`loopcraft.country.formats.to_url`)."""
        from .formats import to_url

        return to_url(self, host)

    @classmethod
    def from_json(cls, text: Union[str, bytes, Dict[str, Any]]) -> CountryRoad:
        """Reads the JSON object written by :meth:`to_json` (text or a parsed dict)."""
        from .formats import from_json

        return from_json(text)

    def to_json(self) -> str:
        """Writes the board as a JSON object (see :func:`loopcraft.country.formats.to_dict`)."""
        from .formats import to_json

        return to_json(self)

    def to_dict(self) -> Dict[str, Any]:
        """The board as a JSON-ready dict."""
        from .formats import to_dict

        return to_dict(self)

    # ------------------------------------------------------------------ solving (see solve.py)

    def solve(
        self,
        limit: int = 2,
        stages: Sequence[str] = None,  # type: ignore[assignment]
        node_limit: Optional[int] = None,
        time_limit: Optional[float] = None,
    ):
        """Finds up to ``limit`` solutions (see :func:`loopcraft.country.solve`)."""
        from .solve import solve

        return solve(self, limit=limit, stages=stages, node_limit=node_limit, time_limit=time_limit)

    def is_unique(self) -> bool:
        """True when the puzzle has exactly one solution (a complete search proves it)."""
        from .solve import solve

        return solve(self, limit=2).unique

    def deduce(self, stages: Sequence[str] = None):  # type: ignore[assignment]
        """The ladder's fixpoint without search (see :func:`loopcraft.country.deduce`)."""
        from .solve import deduce

        return deduce(self, stages=stages)

    def region_graph(self):
        """The region graph (see :class:`loopcraft.country.RegionGraph`)."""
        from .graph import region_graph

        return region_graph(self)

    def count(self, engine: str = "search", limit: Optional[int] = None) -> int:
        """Number of solutions (see :func:`loopcraft.country.count_solutions`)."""
        from .solve import count_solutions

        return count_solutions(self, engine=engine, limit=limit)


def _check_connected(index: Sequence[int], rows: int, cols: int, countries: Sequence[RegionId]) -> None:
    """Raises ValueError naming the first region whose cells are not orthogonally connected."""
    seen = [False] * len(index)
    done = [False] * len(countries)
    for start, k in enumerate(index):
        if k < 0 or seen[start]:
            continue
        if done[k]:
            r, c = divmod(start, cols)
            raise ArgumentError(
                f"region {countries[k]!r} is not one connected country (cell row {r}, column {c} is cut off from its other cells)"
            )
        done[k] = True
        stack = [start]
        seen[start] = True
        while stack:
            i = stack.pop()
            r, c = divmod(i, cols)
            for j, ok in ((i - cols, r > 0), (i + cols, r < rows - 1), (i - 1, c > 0), (i + 1, c < cols - 1)):
                if ok and not seen[j] and index[j] == k:
                    seen[j] = True
                    stack.append(j)
