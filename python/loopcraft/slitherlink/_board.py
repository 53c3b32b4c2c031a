"""The Slitherlink board model, its solutions and the solver's answers.

Edge numbering (shared with the compiled core): on an R x C board the
horizontal edges come first, ``H(r, c) = r*C + c`` is the top side of cell
``(r, c)`` for ``r`` in ``0..R``; then the vertical edges,
``V(r, c) = (R+1)*C + r*(C+1) + c`` is the left side of cell ``(r, c)`` for
``c`` in ``0..C``.
"""

from __future__ import annotations

import operator
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Sequence, Tuple

from .. import _core
from .._validate import require_int, require_optional_number, require_str
from ..errors import ArgumentError, ArgumentTypeError
from . import _formats as fmt
from ._formats import MAX_SIZE

Clue = Optional[int]
ClueGrid = Tuple[Tuple[Clue, ...], ...]

__all__ = ["Slitherlink", "Solution", "SolveResult", "Grade", "Deduction", "TIERS", "MAX_SIZE"]


#: The grading ladder, weakest deduction first; each tier includes the ones
#: before it: ``basic`` (clue counting, two lines or none at each point),
#: ``patterns`` (corner pairs, adjacent 3s), ``colour`` (inside/outside
#: colouring with parity), ``loop`` (no loop closes before the last),
#: ``probe`` (a one-level trial on each undecided edge), and ``search``.
TIERS: Tuple[str, ...] = tuple(_core.SLITHER_LEVELS)


# --------------------------------------------------------------------------- geometry helpers


def edge_count(rows: int, cols: int) -> int:
    return (rows + 1) * cols + rows * (cols + 1)


def _h(cols: int, r: int, c: int) -> int:
    return r * cols + c


def _v(rows: int, cols: int, r: int, c: int) -> int:
    return (rows + 1) * cols + r * (cols + 1) + c


def _split(rows: int, cols: int, edges: Sequence[Any]) -> Tuple[tuple, tuple]:
    nh = (rows + 1) * cols
    h = tuple(tuple(edges[r * cols : (r + 1) * cols]) for r in range(rows + 1))
    v = tuple(tuple(edges[nh + r * (cols + 1) : nh + (r + 1) * (cols + 1)]) for r in range(rows))
    return h, v


def draw(rows: int, cols: int, clues: Optional[ClueGrid], edges: Optional[Sequence[Any]] = None) -> str:
    """The board as text, as loop v1 draws it: ``+`` points, ``---`` and ``|``
    for loop edges (``edges[e] == 1``), clues or ``.`` for blanks."""

    def lit(e: int) -> bool:
        return edges is not None and edges[e] == 1

    lines = []
    for r in range(rows + 1):
        lines.append("+" + "".join(("---" if lit(_h(cols, r, c)) else "   ") + "+" for c in range(cols)))
        if r == rows:
            break
        row = ""
        for c in range(cols):
            clue = clues[r][c] if clues is not None else None
            mark = "." if clues is not None and clue is None else (" " if clue is None else str(clue))
            row += ("|" if lit(_v(rows, cols, r, c)) else " ") + " " + mark + " "
        row += "|" if lit(_v(rows, cols, r, cols)) else " "
        lines.append(row)
    return "\n".join(line.rstrip() for line in lines)


def _loop_problem(rows: int, cols: int, edges: Sequence[int]) -> Optional[str]:
    """Why the on-edges are not one simple closed loop, or None when they are."""
    npts = (rows + 1) * (cols + 1)
    adj: List[List[int]] = [[] for _ in range(npts)]
    count = 0
    for r in range(rows + 1):
        for c in range(cols):
            if edges[_h(cols, r, c)]:
                a = r * (cols + 1) + c
                adj[a].append(a + 1)
                adj[a + 1].append(a)
                count += 1
    for r in range(rows):
        for c in range(cols + 1):
            if edges[_v(rows, cols, r, c)]:
                a = r * (cols + 1) + c
                adj[a].append(a + cols + 1)
                adj[a + cols + 1].append(a)
                count += 1
    if count == 0:
        return "no loop edges"
    for p, nbrs in enumerate(adj):
        if len(nbrs) not in (0, 2):
            r, c = divmod(p, cols + 1)
            return f"point (row {r}, column {c}) has {len(nbrs)} loop edges"
    start = next(p for p, nbrs in enumerate(adj) if nbrs)
    seen, stack = {start}, [start]
    while stack:
        for q in adj[stack.pop()]:
            if q not in seen:
                seen.add(q)
                stack.append(q)
    if len(seen) != count:  # a single cycle has as many points as edges
        return "the loop edges form more than one loop"
    return None


# --------------------------------------------------------------------------- solutions


@dataclass(frozen=True)
class Solution:
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

    @property
    def h_edges(self) -> Tuple[Tuple[int, ...], ...]:
        """``rows + 1`` rows of ``cols`` values: ``h_edges[r][c]`` is the top side of cell (r, c)."""
        return _split(self.rows, self.cols, self.edges)[0]

    @property
    def v_edges(self) -> Tuple[Tuple[int, ...], ...]:
        """``rows`` rows of ``cols + 1`` values: ``v_edges[r][c]`` is the left side of cell (r, c)."""
        return _split(self.rows, self.cols, self.edges)[1]

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
                if self.edges[_v(self.rows, self.cols, r, c)]:
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

    @classmethod
    def from_edges(cls, h_edges: Sequence[Sequence[Any]], v_edges: Sequence[Sequence[Any]]) -> Solution:
        """Builds a solution from ``h_edges`` (R+1 rows of C) and ``v_edges`` (R rows of C+1).

        Rows may be strings of ``0``/``1`` or sequences of 0/1. The edges must
        form one closed loop.

        Raises:
            ValueError: wrong shapes, values other than 0/1, or not one loop.
        """
        rows = len(v_edges)
        if rows < 1 or len(h_edges) != rows + 1:
            raise ArgumentError(f"h_edges must have len(v_edges) + 1 rows, got {len(h_edges)} and {rows}")
        cols = len(h_edges[0])
        fmt.check_size(rows, cols, "edges")
        flat: List[int] = []
        for name, grid, width in (("h_edges", h_edges, cols), ("v_edges", v_edges, cols + 1)):
            for r, row in enumerate(grid):
                if len(row) != width:
                    raise ArgumentError(f"{name} row {r + 1} has {len(row)} values, expected {width}")
                for c, v in enumerate(row):
                    bit = {"0": 0, "1": 1}.get(v) if isinstance(v, str) else v
                    if bit not in (0, 1) or isinstance(bit, float):
                        raise ArgumentError(f"{name} row {r + 1}, column {c + 1}: {v!r} is not 0 or 1")
                    flat.append(int(bit))
        problem = _loop_problem(rows, cols, flat)
        if problem:
            raise ArgumentError(f"the edges are not one closed loop: {problem}")
        return cls(rows, cols, tuple(flat))

    @classmethod
    def from_inside(cls, inside: Sequence[Sequence[Any]]) -> Solution:
        """Builds the loop around the cells marked true (the puzzlekit ``x`` cells).

        Raises:
            ValueError: the marked cells do not have one closed loop as their border.
        """
        rows = len(inside)
        cols = len(inside[0]) if rows else 0
        fmt.check_size(rows, cols, "inside")
        cells = [[bool(v) for v in row] for row in inside]
        for r, row in enumerate(cells):
            if len(row) != cols:
                raise ArgumentError(f"inside row {r + 1} has {len(row)} cells, expected {cols}")

        def at(r: int, c: int) -> bool:
            return 0 <= r < rows and 0 <= c < cols and cells[r][c]

        edges = [0] * edge_count(rows, cols)
        for r in range(rows + 1):
            for c in range(cols):
                edges[_h(cols, r, c)] = int(at(r - 1, c) != at(r, c))
        for r in range(rows):
            for c in range(cols + 1):
                edges[_v(rows, cols, r, c)] = int(at(r, c - 1) != at(r, c))
        problem = _loop_problem(rows, cols, edges)
        if problem:
            raise ArgumentError(f"the inside cells do not have one closed loop as their border: {problem}")
        return cls(rows, cols, tuple(edges))

    @classmethod
    def from_puzzlekit(cls, text: str) -> Solution:
        """Reads a puzzlekit solution text (``x`` inside, ``-`` outside)."""
        return cls.from_inside(fmt.parse_puzzlekit_solution(text))


@dataclass(frozen=True)
class SolveResult:
    """What :meth:`Slitherlink.solve` found.

    Attributes:
        count: solutions found, at most the ``limit`` asked for.
        complete: True when the search finished (or reached ``limit``); False
            when a budget stopped it, and then ``count`` is only a lower bound.
        solutions: the solutions found, in the order found.
        nodes: search nodes visited.
    """

    count: int
    complete: bool
    solutions: Tuple[Solution, ...] = field(repr=False)
    nodes: int

    @property
    def unique(self) -> bool:
        """Exactly one solution, proven (a complete search)."""
        return self.complete and self.count == 1

    @property
    def solution(self) -> Optional[Solution]:
        """The first solution found, or None."""
        return self.solutions[0] if self.solutions else None

    def to_dict(self) -> Dict[str, Any]:
        return {
            "count": self.count,
            "complete": self.complete,
            "unique": self.unique,
            "nodes": self.nodes,
            "solutions": [dict(s.to_dict(), puzzlekit=s.to_puzzlekit()) for s in self.solutions],
        }


@dataclass(frozen=True)
class Grade:
    """How hard a puzzle is: the weakest tier of deduction that solves it.

    Attributes:
        tier: a name from :data:`TIERS`: the weakest deduction tier that decides
            every edge (``solutions == 1``) or finds a contradiction
            (``solutions == 0``); ``"search"`` when none does, with the
            search's count.
        level: the tier's index in :data:`TIERS` (0 = easiest).
        solutions: solutions found, 0..2.
        complete: False when the node budget stopped the search.
    """

    tier: str
    level: int
    solutions: int
    complete: bool

    @property
    def unique(self) -> bool:
        return self.complete and self.solutions == 1


@dataclass(frozen=True)
class Deduction:
    """What propagation alone decides: per edge 1 (on), 0 (off) or None (undecided)."""

    rows: int
    cols: int
    edges: Tuple[Optional[int], ...] = field(repr=False)
    clues: Optional[ClueGrid] = field(default=None, repr=False, compare=False)

    @property
    def h_edges(self) -> Tuple[Tuple[Optional[int], ...], ...]:
        return _split(self.rows, self.cols, self.edges)[0]

    @property
    def v_edges(self) -> Tuple[Tuple[Optional[int], ...], ...]:
        return _split(self.rows, self.cols, self.edges)[1]

    @property
    def undecided(self) -> int:
        return sum(v is None for v in self.edges)

    @property
    def solved(self) -> bool:
        """Every edge decided: propagation alone proves the unique solution."""
        return self.undecided == 0

    def solution(self) -> Optional[Solution]:
        """The solution when every edge is decided, else None."""
        if not self.solved:
            return None
        return Solution(self.rows, self.cols, tuple(int(v) for v in self.edges), self.clues)  # type: ignore[arg-type]

    def draw(self) -> str:
        """Decided loop edges drawn on the board (undecided and off edges blank)."""
        return draw(self.rows, self.cols, self.clues, self.edges)

    def __str__(self) -> str:
        return self.draw()


# --------------------------------------------------------------------------- the board


def _clue_value(v: Any, r: int, c: int) -> Clue:
    if v is None:
        return None
    if isinstance(v, bool) or isinstance(v, float):
        raise ArgumentTypeError(f"clues row {r + 1}, column {c + 1}: a clue must be an int 0-4 or None, got {v!r}")
    try:
        n = operator.index(v)
    except TypeError:
        raise ArgumentTypeError(
            f"clues row {r + 1}, column {c + 1}: a clue must be an int 0-4 or None, got {type(v).__name__} {v!r}"
        ) from None
    if not 0 <= n <= 4:
        raise ArgumentError(f"clues row {r + 1}, column {c + 1}: clue {n} is outside 0-4")
    return n


def _clue_grid(clues: Any) -> ClueGrid:
    if isinstance(clues, (str, bytes)) or not isinstance(clues, Sequence):
        raise ArgumentTypeError(f"clues must be a list of rows (lists of int or None), got {type(clues).__name__}")
    if len(clues) == 0:
        raise ArgumentError("clues has no rows: a board needs at least 1 row and 1 column")
    if len(clues) > MAX_SIZE:
        raise ArgumentError(f"clues has {len(clues)} rows, at most {MAX_SIZE}")
    out = []
    cols = None
    for r, row in enumerate(clues):
        if isinstance(row, (str, bytes)) or not isinstance(row, Sequence):
            raise ArgumentTypeError(f"clues row {r + 1} must be a list of int or None, got {type(row).__name__}")
        if cols is None:
            cols = len(row)
            if cols == 0:
                raise ArgumentError("clues row 1 is empty: a board needs at least 1 column")
            if cols > MAX_SIZE:
                raise ArgumentError(f"clues row 1 has {cols} cells, at most {MAX_SIZE}")
        elif len(row) != cols:
            raise ArgumentError(f"clues row {r + 1} has {len(row)} cells, but row 1 has {cols}")
        out.append(tuple(_clue_value(v, r, c) for c, v in enumerate(row)))
    return tuple(out)


@dataclass(frozen=True)
class Slitherlink:
    """An R x C Slitherlink puzzle (1 <= R, C <= 100), immutable.

    Args:
        clues: a list of rows, each a list of ``int`` (0..4) or ``None`` (blank).

    Raises:
        TypeError: clues is not a list of lists, or a clue is not an int/None.
        ValueError: rows of different lengths, a clue outside 0..4, or a size
            outside 1..100 (the message names the row and column).

    >>> p = Slitherlink([[None, 3, 1, 1, None], [None, None, 0, None, None]])
    >>> p.rows, p.cols, p.clues[1]
    (2, 5, (None, None, 0, None, None))
    >>> p.to_url()
    'https://puzz.link/p?slither/5/2/g31bga'
    >>> Slitherlink.from_url(p.to_url()) == p
    True
    """

    clues: ClueGrid

    def __post_init__(self) -> None:
        object.__setattr__(self, "clues", _clue_grid(self.clues))

    # ------------------------------------------------------------------ shape

    @property
    def rows(self) -> int:
        return len(self.clues)

    @property
    def cols(self) -> int:
        return len(self.clues[0])

    @property
    def flat_clues(self) -> List[Clue]:
        """The clues row-major, as the compiled core takes them."""
        return [c for row in self.clues for c in row]

    @property
    def num_edges(self) -> int:
        return edge_count(self.rows, self.cols)

    @property
    def clue_count(self) -> int:
        return sum(c is not None for row in self.clues for c in row)

    def __str__(self) -> str:
        return draw(self.rows, self.cols, self.clues)

    def __repr__(self) -> str:
        return f"Slitherlink.from_url({self.to_url()!r})"

    # ------------------------------------------------------------------ formats

    @classmethod
    def from_puzzlekit(cls, text: str) -> Slitherlink:
        """Reads puzzlekit / Janko text: ``"R C"`` then rows of ``-`` (or ``.``) and digits.

        >>> Slitherlink.from_puzzlekit("2 3\\n- 2 -\\n3 - 0").clues
        ((None, 2, None), (3, None, 0))
        """
        return cls(fmt.parse_puzzlekit(text))

    def to_puzzlekit(self) -> str:
        """The puzzlekit / Janko problem text (``-`` for blanks)."""
        return fmt.write_puzzlekit(self.clues)

    @classmethod
    def from_url(cls, url: str) -> Slitherlink:
        """Reads a puzz.link / pzv.jp / pzprxs URL (``...?slither/COLS/ROWS/BODY``)."""
        return cls(fmt.parse_url(url))

    def to_url(self, site: str = "puzz.link") -> str:
        """The puzz.link URL (``site``: ``"puzz.link"``, ``"pzv.jp"`` or ``"pzprxs"``)."""
        return fmt.write_url(self.clues, site)

    @classmethod
    def from_tatham(cls, game_id: str) -> Slitherlink:
        """Reads a Tatham Loopy square-grid game ID (``WxHt0:DESC``)."""
        return cls(fmt.parse_tatham(game_id))

    def to_tatham(self) -> str:
        """The Tatham Loopy game ID (``WxHt0:DESC``)."""
        return fmt.write_tatham(self.clues)

    @classmethod
    def from_json(cls, text: str) -> Slitherlink:
        """Reads :meth:`to_json` output (clue rows as strings or lists; extra keys ignored)."""
        return cls(fmt.parse_json(text))

    def to_json(self) -> str:
        """``{"kind":"slitherlink","rows":R,"cols":C,"clues":["2..1.",...]}``."""
        return fmt.write_json(self.clues)

    @classmethod
    def from_dict(cls, data: Dict[str, Any]) -> Slitherlink:
        return cls(fmt.clues_from_data(data))

    def to_dict(self) -> Dict[str, Any]:
        return fmt.to_data(self.clues)

    @classmethod
    def parse(cls, text: str) -> Slitherlink:
        """Reads any supported format: URL, Loopy game ID, JSON or puzzlekit text."""
        return cls(fmt.parse_any(text))

    # ------------------------------------------------------------------ checking

    def is_solution(self, solution: Solution) -> bool:
        """True when ``solution`` is one closed loop on this board matching every clue."""
        if not isinstance(solution, Solution):
            raise ArgumentTypeError(f"solution must be a Solution, got {type(solution).__name__}")
        if (solution.rows, solution.cols) != (self.rows, self.cols):
            return False
        if len(solution.edges) != self.num_edges or _loop_problem(self.rows, self.cols, solution.edges):
            return False
        e = solution.edges
        R, C = self.rows, self.cols
        for r, row in enumerate(self.clues):
            for c, clue in enumerate(row):
                if clue is not None:
                    sides = e[_h(C, r, c)] + e[_h(C, r + 1, c)] + e[_v(R, C, r, c)] + e[_v(R, C, r, c + 1)]
                    if sides != clue:
                        return False
        return True

    # ------------------------------------------------------------------ solving

    def solve(
        self, limit: int = 2, node_limit: Optional[int] = None, time_limit: Optional[float] = None
    ) -> SolveResult:
        """Searches for up to ``limit`` solutions.

        Args:
            limit: stop after this many solutions (2 proves uniqueness).
            node_limit: optional budget of search nodes.
            time_limit: optional budget in seconds.

        Budgets never produce a wrong answer: when one stops the search,
        ``complete`` is False and ``count`` is only what was found so far.

        >>> Slitherlink([[3, 3, 1]]).solve().unique
        True
        """
        limit = require_int("limit", limit, 1, 2**32 - 1)
        if node_limit is not None:
            node_limit = require_int("node_limit", node_limit, 0, 2**63 - 1)
        time_limit = require_optional_number("time_limit", time_limit)
        found, complete, nodes = _core.slither_solve(
            self.rows, self.cols, self.flat_clues, limit, node_limit, None if time_limit is None else float(time_limit)
        )
        sols = tuple(Solution(self.rows, self.cols, tuple(s), self.clues) for s in found)
        return SolveResult(len(sols), bool(complete), sols, int(nodes))

    def is_unique(self) -> bool:
        """True when the puzzle has exactly one solution (a complete search, no budget)."""
        return self.solve(limit=2).unique

    def propagate(self, tier: Optional[str] = None) -> Optional[Deduction]:
        """What the deduction tier ``tier`` decides without search.

        Args:
            tier: a name from :data:`TIERS` other than ``"search"``; default the
                strongest deduction tier.

        Returns:
            The decided edges, or None when propagation finds a contradiction
            (the puzzle has no solution).
        """
        tiers = TIERS
        if tier is None:
            tier = tiers[-2] if len(tiers) >= 2 else "search"
        require_str("tier", tier)
        if tier not in tiers or tier == "search":
            raise ArgumentError(f"tier must be one of {', '.join(t for t in tiers if t != 'search')}, got {tier!r}")
        out = _core.slither_propagate(self.rows, self.cols, self.flat_clues, tier)
        if out is None:
            return None
        return Deduction(self.rows, self.cols, tuple(None if b == 2 else int(b) for b in out), self.clues)

    def grade(self, node_limit: Optional[int] = None) -> Grade:
        """The weakest tier of deduction that solves the puzzle (see :data:`TIERS`).

        Puzzles graded below ``"search"`` are unique by construction.
        """
        if node_limit is not None:
            node_limit = require_int("node_limit", node_limit, 0, 2**63 - 1)
        tier, solutions, complete = _core.slither_grade(self.rows, self.cols, self.flat_clues, node_limit)
        tiers = TIERS
        return Grade(tier, tiers.index(tier), int(solutions), bool(complete))
