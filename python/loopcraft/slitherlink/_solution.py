"""One solution loop of a Slitherlink board."""

from __future__ import annotations

import numbers
from dataclasses import dataclass, field
from typing import Any, Dict, Iterable, List, Optional, Sequence, Tuple

from .._picture import Picture
from .._svg import edges_from_flat, lattice_svg
from .._validate import items_of, require_int, show, size_of
from ..errors import ArgumentError, ArgumentTypeError
from . import _formats as fmt
from ._formats import MAX_SIZE
from ._geometry import ClueGrid, draw, edge_count, h_edge, loop_problem, split_rows, v_edge

__all__ = ["Solution"]


def _check_rows(name: str, grid: Any) -> None:
    """Checks a grid given as rows: a list of rows, each a str or a list."""
    if isinstance(grid, (str, bytes)) or not isinstance(grid, Sequence):
        raise ArgumentTypeError(f"{name} must be a list of rows, got {type(grid).__name__}")
    for r, row in enumerate(grid):
        if isinstance(row, bytes) or not isinstance(row, Sequence):
            raise ArgumentTypeError(f"{name} row {r + 1} must be a list or a str, got {type(row).__name__}")


def _clue_grid(clues: Any, rows: int, cols: int) -> ClueGrid:
    """Checks the clues a solution is drawn on: ``rows`` rows of ``cols``
    clues, each None or an int 0..4, read item by item."""
    if isinstance(clues, (str, bytes)) or not isinstance(clues, Iterable):
        raise ArgumentTypeError(f"clues must be a list of rows (lists of int or None), got {type(clues).__name__}")
    grid = items_of(clues, rows)
    if len(grid) != rows:
        raise ArgumentError(f"clues have {len(grid) if len(grid) < rows else 'more'} rows, the solution {rows}")
    out = []
    for r, row in enumerate(grid):
        if isinstance(row, (str, bytes)) or not isinstance(row, Iterable):
            raise ArgumentTypeError(f"clues row {r + 1} must be a list of int or None, got {type(row).__name__}")
        values = items_of(row, cols)
        if len(values) != cols:
            got = len(values) if len(values) < cols else "more"
            raise ArgumentError(f"clues row {r + 1} has {got} cells, the solution {cols} columns")
        for c, v in enumerate(values):
            if v is not None and (isinstance(v, bool) or not isinstance(v, int)):
                raise ArgumentTypeError(f"clues row {r + 1}, column {c + 1} must be an int 0-4 or None, got {show(v)}")
            if v is not None and not 0 <= v <= 4:
                raise ArgumentError(f"clues row {r + 1}, column {c + 1}: clue {show(v)} is outside 0-4")
        out.append(tuple(values))
    return tuple(out)


@dataclass(frozen=True)
class Solution(Picture):
    """One solution loop of an R x C board.

    Attributes:
        rows, cols: board size.
        edges: 0/1 per edge in grid numbering (see the module docstring).
        clues: the puzzle's clues, kept for drawing (not compared).
    """

    rows: int
    cols: int
    edges: Tuple[int, ...] = field(repr=False)
    clues: Optional[ClueGrid] = field(default=None, repr=False, compare=False)

    def __post_init__(self) -> None:
        # A solution built by hand reaches the referee, the drawings and the
        # formats: its size, its edges (one 0/1 per edge, whether or not they
        # form a loop: the referee says what is wrong) and its clues are
        # checked here, so that none of them fails with a bare IndexError or
        # TypeError later. The solvers' own answers skip this (_trusted).
        rows = require_int("rows", self.rows, 1, MAX_SIZE)
        cols = require_int("cols", self.cols, 1, MAX_SIZE)
        total = edge_count(rows, cols)
        edges: Any = self.edges
        if isinstance(edges, str) or not isinstance(edges, Iterable):
            raise ArgumentTypeError(f"edges must be a tuple of 0/1, one per edge, got {type(edges).__name__}")
        values = items_of(edges, total)
        if len(values) != total:
            got = len(values) if len(values) < total else "more"
            raise ArgumentError(f"a {rows} x {cols} board has {total} edges, got {got} edge values")
        for e, v in enumerate(values):
            if type(v) is not int and not isinstance(v, numbers.Integral):
                raise ArgumentTypeError(f"edges[{e}] must be 0 or 1, got {type(v).__name__}")
            if v not in (0, 1):
                raise ArgumentError(f"edges[{e}] must be 0 or 1, got {show(v)}")
        object.__setattr__(self, "rows", int(rows))
        object.__setattr__(self, "cols", int(cols))
        object.__setattr__(self, "edges", tuple(map(int, values)))
        if self.clues is not None:
            object.__setattr__(self, "clues", _clue_grid(self.clues, rows, cols))

    @classmethod
    def _trusted(cls, rows: int, cols: int, edges: Tuple[int, ...], clues: Optional[ClueGrid]) -> Solution:
        """A solution from a solver's answer or a board's own fields: no checks repeated."""
        solution = object.__new__(cls)
        object.__setattr__(solution, "rows", rows)
        object.__setattr__(solution, "cols", cols)
        object.__setattr__(solution, "edges", edges)
        object.__setattr__(solution, "clues", clues)
        return solution

    @property
    def h_edges(self) -> Tuple[Tuple[int, ...], ...]:
        """``rows + 1`` rows of ``cols`` values: ``h_edges[r][c]`` is the top side of cell (r, c)."""
        return split_rows(self.rows, self.cols, self.edges)[0]

    @property
    def v_edges(self) -> Tuple[Tuple[int, ...], ...]:
        """``rows`` rows of ``cols + 1`` values: ``v_edges[r][c]`` is the left side of cell (r, c)."""
        return split_rows(self.rows, self.cols, self.edges)[1]

    @property
    def edge_list(self) -> List[int]:
        """The edge ids on the loop, ascending."""
        return [e for e, v in enumerate(self.edges) if v]

    @property
    def length(self) -> int:
        """Number of edges on the loop."""
        return sum(self.edges)

    @property
    def inside(self) -> Tuple[Tuple[bool, ...], ...]:
        """Per cell, whether it lies inside the loop (crossing parity along its row)."""
        out = []
        for r in range(self.rows):
            inside, row = False, []
            for c in range(self.cols):
                if self.edges[v_edge(self.rows, self.cols, r, c)]:
                    inside = not inside
                row.append(inside)
            out.append(tuple(row))
        return tuple(out)

    def to_puzzlekit(self) -> str:
        """The puzzlekit solution text: ``"R C"`` then rows of ``x`` (inside) / ``-``.

        >>> Solution.from_puzzlekit("1 2\\nx x").to_puzzlekit()
        '1 2\\nx x'
        """
        return fmt.write_puzzlekit_solution(self.inside)

    def to_dict(self) -> Dict[str, Any]:
        """``{"rows", "cols", "h_edges", "v_edges"}`` with edge rows as ``"0101"`` strings."""
        return {
            "rows": self.rows,
            "cols": self.cols,
            "h_edges": ["".join(map(str, row)) for row in self.h_edges],
            "v_edges": ["".join(map(str, row)) for row in self.v_edges],
        }

    def draw(self) -> str:
        """The loop drawn on the board, with the clues when known."""
        return draw(self.rows, self.cols, self.clues, self.edges)

    def __str__(self) -> str:
        return self.draw()

    def to_svg(self, *, cell: float = 32, shade_inside: bool = True) -> str:
        """The loop as an SVG picture, on its clues when known, the inside shaded."""
        clues = self.clues if self.clues is not None else tuple((None,) * self.cols for _ in range(self.rows))
        loop = edges_from_flat(self.rows, self.cols, self.edges)
        title = f"Slitherlink {self.rows} x {self.cols} solution"
        return lattice_svg(clues, title=title, loop=loop, shade_inside=shade_inside, cell=cell)

    @classmethod
    def from_edges(cls, h_edges: Sequence[Sequence[Any]], v_edges: Sequence[Sequence[Any]]) -> Solution:
        """Builds a solution from ``h_edges`` (R+1 rows of C) and ``v_edges`` (R rows of C+1).

        Rows may be strings of ``0``/``1`` or sequences of 0/1. The edges must
        form one closed loop.

        Raises:
            ValueError: wrong shapes, values other than 0/1, or not one loop.
        """
        for name, grid in (("h_edges", h_edges), ("v_edges", v_edges)):
            _check_rows(name, grid)
        rows = size_of("v_edges", v_edges)
        if rows < 1 or size_of("h_edges", h_edges) != rows + 1:
            raise ArgumentError(f"h_edges must have len(v_edges) + 1 rows, got {len(h_edges)} and {rows}")
        cols = size_of("h_edges row 1", h_edges[0])
        fmt.check_size(rows, cols, "edges")
        flat: List[int] = []
        for name, grid, width in (("h_edges", h_edges, cols), ("v_edges", v_edges, cols + 1)):
            for r, row in enumerate(grid):
                if size_of(f"{name} row {r + 1}", row) != width:
                    raise ArgumentError(f"{name} row {r + 1} has {len(row)} values, expected {width}")
                for c, v in enumerate(row):
                    bit = {"0": 0, "1": 1}.get(v) if isinstance(v, str) else v
                    if not isinstance(bit, numbers.Integral) or bit not in (0, 1):
                        raise ArgumentError(f"{name} row {r + 1}, column {c + 1}: {show(v)} is not 0 or 1")
                    flat.append(int(bit))
        problem = loop_problem(rows, cols, flat)
        if problem:
            raise ArgumentError(f"the edges are not one closed loop: {problem}")
        return cls(rows, cols, tuple(flat))

    @classmethod
    def from_inside(cls, inside: Sequence[Sequence[Any]]) -> Solution:
        """Builds the loop around the cells marked true (the puzzlekit ``x`` cells).

        Raises:
            ValueError: the marked cells do not have one closed loop as their border.
        """
        _check_rows("inside", inside)
        rows = size_of("inside", inside)
        cols = size_of("inside row 1", inside[0]) if rows else 0
        fmt.check_size(rows, cols, "inside")
        # Every row's length is checked before any row is read: a row of
        # range(10**12) was read whole first (a MemoryError, or a run without end).
        for r, row in enumerate(inside):
            if size_of(f"inside row {r + 1}", row) != cols:
                raise ArgumentError(f"inside row {r + 1} has {len(row)} cells, expected {cols}")
        cells = [[bool(v) for v in row] for row in inside]

        def at(r: int, c: int) -> bool:
            return 0 <= r < rows and 0 <= c < cols and cells[r][c]

        edges = [0] * edge_count(rows, cols)
        for r in range(rows + 1):
            for c in range(cols):
                edges[h_edge(cols, r, c)] = int(at(r - 1, c) != at(r, c))
        for r in range(rows):
            for c in range(cols + 1):
                edges[v_edge(rows, cols, r, c)] = int(at(r, c - 1) != at(r, c))
        problem = loop_problem(rows, cols, edges)
        if problem:
            raise ArgumentError(f"the inside cells do not have one closed loop as their border: {problem}")
        return cls(rows, cols, tuple(edges))

    @classmethod
    def from_puzzlekit(cls, text: str) -> Solution:
        """Reads a puzzlekit solution text (``x`` inside, ``-`` outside)."""
        return cls.from_inside(fmt.parse_puzzlekit_solution(text))
