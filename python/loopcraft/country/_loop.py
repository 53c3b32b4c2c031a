"""Board sizes, the edge numbering, and a set of loop segments between cell centres.

Edges join orthogonally adjacent cells. The compiled core numbers them as
``crate::grid`` does for the lattice of cell centres: the "right" edge
(r,c)-(r,c+1) is ``r*(C-1) + c``, the "down" edge (r,c)-(r+1,c) is
``R*(C-1) + r*C + c``.

>>> from loopcraft.country import CountryLoop
>>> lp = CountryLoop.from_puzzlekit("2 2\\nse sw\\nne nw")
>>> sorted(lp.used_cells)
[(0, 0), (0, 1), (1, 0), (1, 1)]
>>> print(lp.to_puzzlekit())
2 2
se sw
ne nw
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import compress
from typing import (
    TYPE_CHECKING,
    Any,
    Dict,
    FrozenSet,
    Iterable,
    Iterator,
    List,
    Optional,
    Sequence,
    Set,
    Tuple,
    Union,
    cast,
)

from .. import _core, _text
from .._draw import Slot, text_grid
from .._picture import Picture
from .._svg import country_svg
from .._tracing import cycle_order, pieces
from .._validate import bounded_items, items_of, show
from ..errors import ArgumentError, ArgumentTypeError, FormatError

if TYPE_CHECKING:
    from ._board import CountryRoad

__all__ = [
    "MIN_SIDE",
    "MAX_SIDE",
    "Cell",
    "Edge",
    "RegionId",
    "CountryLoop",
    "Solution",
    "as_loop",
    "edge_count",
    "edge_id",
    "edge_cells",
]

#: Smallest side of a board (a loop needs at least a 2 x 2 block).
MIN_SIDE: int = _core.COUNTRY_MIN_SIDE
#: Largest side of a board; larger sizes are refused before anything is allocated.
MAX_SIDE: int = _core.COUNTRY_MAX_SIDE

#: A country's id: the caller's own int or str.
RegionId = Union[int, str]
#: A cell ``(row, column)``, from 0.
Cell = Tuple[int, int]
#: A segment between two adjacent cells.
Edge = Tuple[Cell, Cell]


_DIRS = {"n": (-1, 0), "s": (1, 0), "e": (0, 1), "w": (0, -1)}
# puzzlekit writes the two exits of a cell in this order (ns, ne, nw, se, sw, ew).
_DIR_ORDER = "nsew"
_GLYPHS = {
    frozenset("ns"): "│",
    frozenset("ew"): "─",
    frozenset("se"): "┌",
    frozenset("sw"): "┐",
    frozenset("ne"): "└",
    frozenset("nw"): "┘",
}


def _most_items(total: int) -> int:
    """The most items a list of a loop's edges (or cell pairs) may hold on a
    board of ``total`` edges: each edge a few times over (repeats are
    allowed), so that an endless list of good edges is refused, not read
    forever."""
    return 4 * total + 16


def edge_count(rows: int, cols: int) -> int:
    """Number of cell-to-cell edges of an R x C board."""
    return rows * (cols - 1) + (rows - 1) * cols


def edge_id(rows: int, cols: int, a: Cell, b: Cell) -> int:
    """The core's number of the edge between adjacent cells ``a`` and ``b``."""
    (r1, c1), (r2, c2) = sorted((a, b))
    if r1 == r2 and c2 == c1 + 1 and 0 <= r1 < rows and 0 <= c1 < cols - 1:
        return r1 * (cols - 1) + c1
    if c1 == c2 and r2 == r1 + 1 and 0 <= r1 < rows - 1 and 0 <= c1 < cols:
        return rows * (cols - 1) + r1 * cols + c1
    raise ArgumentError(f"cells {a} and {b} are not orthogonal neighbours on a {rows} x {cols} board")


def edge_cells(rows: int, cols: int, e: int) -> Edge:
    """The two cells of edge number ``e`` (left/top cell first)."""
    nr = rows * (cols - 1)
    if 0 <= e < nr:
        r, c = divmod(e, cols - 1)
        return (r, c), (r, c + 1)
    if nr <= e < edge_count(rows, cols):
        r, c = divmod(e - nr, cols)
        return (r, c), (r + 1, c)
    raise ArgumentError(f"edge {show(e)} is outside 0..{edge_count(rows, cols) - 1}")


@dataclass(frozen=True)
class CountryLoop(Picture):
    """Loop segments on an R x C board of cells (a candidate or a solution).

    Attributes:
        rows, cols: board size.
        edges: frozenset of core edge numbers that carry a segment.

    Nothing here checks the rules; :func:`loopcraft.country.check` does.
    """

    rows: int
    cols: int
    edges: FrozenSet[int]

    def __post_init__(self) -> None:
        _check_sides(self.rows, self.cols)
        total = edge_count(self.rows, self.cols)
        if isinstance(self.edges, (str, bytes)) or not isinstance(self.edges, Iterable):
            raise ArgumentTypeError(f"edges must be a set of edge numbers, got {type(self.edges).__name__}")
        # Checked as read, never read whole, and at most a few per edge (repeats allowed).
        items = bounded_items("edges", self.edges, _most_items(total), each=lambda e: _edge_number(e, total))
        edges = frozenset(items)
        object.__setattr__(self, "edges", edges)

    # ------------------------------------------------------------------ constructors

    @classmethod
    def from_bits(cls, rows: int, cols: int, bits: Iterable[int]) -> CountryLoop:
        """From one 0/1 value per edge in the core's numbering (bytes or a list)."""
        _check_sides(rows, cols)
        if isinstance(bits, str) or not isinstance(bits, Iterable):
            raise ArgumentTypeError(f"bits must be bytes or a list of 0/1, got {type(bits).__name__}")
        total = edge_count(rows, cols)
        values = items_of(bits, total)
        if len(values) != total:
            got = len(values) if len(values) < total else "more"
            raise ArgumentError(f"a {rows} x {cols} board has {total} edges, got {got} bits")
        return cls(rows, cols, frozenset(e for e, b in enumerate(values) if b))

    @classmethod
    def _from_core(cls, rows: int, cols: int, bits: bytes) -> CountryLoop:
        """From the core's answer (checked there): no checks repeated here."""
        loop = object.__new__(cls)
        object.__setattr__(loop, "rows", rows)
        object.__setattr__(loop, "cols", cols)
        object.__setattr__(loop, "edges", frozenset(compress(range(len(bits)), bits)))
        return loop

    @classmethod
    def from_pairs(cls, rows: int, cols: int, pairs: Iterable[Tuple[Sequence[int], Sequence[int]]]) -> CountryLoop:
        """From pairs of adjacent cells ``((r1, c1), (r2, c2))``."""
        _check_sides(rows, cols)
        if isinstance(pairs, (str, bytes)) or not isinstance(pairs, Iterable):
            raise ArgumentTypeError(f"pairs must be a list of pairs of cells, got {type(pairs).__name__}")
        edges = set()

        def add(pair: Any) -> None:
            if not isinstance(pair, (tuple, list)) or len(pair) != 2:
                raise ArgumentTypeError(f"a segment is a pair of cells ((r1, c1), (r2, c2)), got {show(pair)}")
            edges.add(edge_id(rows, cols, _cell(pair[0]), _cell(pair[1])))

        # Each pair checked as read: an endless list stops at a wrong one, or past a few per edge.
        bounded_items("pairs", pairs, _most_items(edge_count(rows, cols)), each=add)
        return cls(rows, cols, frozenset(edges))

    @classmethod
    def from_right_down(cls, right: Sequence[str], down: Sequence[str]) -> CountryLoop:
        """From the ``right``/``down`` strings of the external test data (``1`` = segment)."""
        for name, value in (("right", right), ("down", down)):
            if isinstance(value, (str, bytes)) or not isinstance(value, Sequence):
                raise ArgumentTypeError(f"{name} must be a list of str, got {type(value).__name__}")
            for s in value:
                if not isinstance(s, str):
                    raise ArgumentTypeError(f"{name} must be a list of str, got a {type(s).__name__} in it")
        rows = len(right)
        if rows < MIN_SIDE or not right[0]:
            raise FormatError("right must have at least 2 rows of at least 1 character")
        cols = len(right[0]) + 1
        if len(down) != rows - 1 or any(len(s) != cols for s in down) or any(len(s) != cols - 1 for s in right):
            raise FormatError(f"right/down strings do not describe a {rows} x {cols} board")
        bits = [ch == "1" for s in right for ch in s] + [ch == "1" for s in down for ch in s]
        return cls.from_bits(rows, cols, bits)

    @classmethod
    def from_puzzlekit(cls, text: str) -> CountryLoop:
        """Reads puzzlekit solution text: ``"R C"``, then R lines of C tokens,
        each ``-`` (unused) or the cell's two exits among ``n s e w``.

        Raises:
            FormatError: wrong header, row count, token, or exits that do not
                match the neighbour's (a cell saying ``e`` needs ``w`` to its right).
        """
        # The core reads the text (the one reader of puzzlekit text): each
        # token is '-' or two exits; whether the exits match is checked here.
        rows, cols, body = _text.read("country", "loop", text, "solution text")
        exits: Dict[Cell, str] = {}
        line_of: Dict[int, int] = {}
        for r, (line_no, tokens) in enumerate(body):
            line_of[r] = line_no
            for c, tok in enumerate(tokens):
                if tok != "-":
                    exits[(r, c)] = tok
        edges: Set[int] = set()
        for (r, c), tok in exits.items():
            for ch in tok:
                dr, dc = _DIRS[ch]
                r2, c2 = r + dr, c + dc
                if not (0 <= r2 < rows and 0 <= c2 < cols):
                    raise FormatError(f"{_text.place(line_of[r], r, c)}: exit {ch!r} leaves the board")
                back = {"n": "s", "s": "n", "e": "w", "w": "e"}[ch]
                if back not in exits.get((r2, c2), ""):
                    raise FormatError(
                        f"{_text.place(line_of[r], r, c)}: exit {ch!r} is not matched by row {r2 + 1}, column {c2 + 1}"
                    )
                edges.add(edge_id(rows, cols, (r, c), (r2, c2)))
        return cls(rows, cols, frozenset(edges))

    # ------------------------------------------------------------------ views

    @property
    def bits(self) -> bytes:
        """One byte (0/1) per edge in the core's numbering."""
        out = bytearray(edge_count(self.rows, self.cols))
        for e in self.edges:
            out[e] = 1
        return bytes(out)

    @property
    def pairs(self) -> Tuple[Edge, ...]:
        """The segments as sorted pairs of cells."""
        return tuple(sorted(edge_cells(self.rows, self.cols, e) for e in self.edges))

    @property
    def used_cells(self) -> FrozenSet[Cell]:
        """Cells the loop passes through."""
        return frozenset(c for e in self.edges for c in edge_cells(self.rows, self.cols, e))

    def neighbours(self, cell: Cell) -> List[Cell]:
        """The cells joined to ``cell`` by a segment."""
        r, c = cell = _cell(cell)
        out = []
        for dr, dc in _DIRS.values():
            r2, c2 = r + dr, c + dc
            if 0 <= r2 < self.rows and 0 <= c2 < self.cols and self.has_edge(cell, (r2, c2)):
                out.append((r2, c2))
        return out

    def degree(self, cell: Cell) -> int:
        return len(self.neighbours(cell))

    def has_edge(self, a: Cell, b: Cell) -> bool:
        a, b = _cell(a), _cell(b)
        try:
            return edge_id(self.rows, self.cols, a, b) in self.edges
        except ValueError:
            return False

    def exits(self, cell: Cell) -> str:
        """The cell's exits among ``n s e w`` in puzzlekit order (``""`` if unused)."""
        r, c = cell = _cell(cell)
        out = ""
        for ch in _DIR_ORDER:
            dr, dc = _DIRS[ch]
            if self.has_edge(cell, (r + dr, c + dc)):
                out += ch
        return out

    def glyph(self, cell: Cell) -> str:
        """A box-drawing character for the loop through ``cell``."""
        ex = self.exits(cell)
        if not ex:
            return " "
        return _GLYPHS.get(frozenset(ex), "┼" if len(ex) > 2 else "•")

    def _adjacency(self) -> List[List[int]]:
        """Adjacency lists over cell indices ``r * cols + c`` (for the tracer)."""
        adj: List[List[int]] = [[] for _ in range(self.rows * self.cols)]
        for e in self.edges:
            (r1, c1), (r2, c2) = edge_cells(self.rows, self.cols, e)
            a, b = r1 * self.cols + c1, r2 * self.cols + c2
            adj[a].append(b)
            adj[b].append(a)
        return adj

    def components(self) -> List[List[Cell]]:
        """Connected pieces of the segments, each as its cells in depth-first
        order from its first cell (row-major); pieces in that order."""
        return [[divmod(i, self.cols) for i in piece] for piece in pieces(self._adjacency())]

    def cycle(self) -> Optional[List[Cell]]:
        """The cells in walking order when the segments form one simple closed
        loop (starting at the first cell row-major); otherwise None."""
        order = cycle_order(self._adjacency())
        return None if order is None else [divmod(i, self.cols) for i in order]

    def right_down(self) -> Tuple[List[str], List[str]]:
        """The ``right``/``down`` strings of the external test data."""
        b = self.bits
        nr = self.rows * (self.cols - 1)
        right = ["".join(str(x) for x in b[r * (self.cols - 1) : (r + 1) * (self.cols - 1)]) for r in range(self.rows)]
        down = ["".join(str(x) for x in b[nr + r * self.cols : nr + (r + 1) * self.cols]) for r in range(self.rows - 1)]
        return right, down

    def to_puzzlekit(self) -> str:
        """puzzlekit solution text: ``"R C"`` then per cell ``-`` or its two exits."""
        lines = [f"{self.rows} {self.cols}"]
        for r in range(self.rows):
            lines.append(" ".join(self.exits((r, c)) or "-" for c in range(self.cols)))
        return "\n".join(lines)

    def draw(self, board: Optional[CountryRoad] = None) -> str:
        """The loop drawn on its board (borders and numbers) or on a bare grid
        (``·`` for a cell the loop does not use)."""
        if board is not None:
            return _board_arg(board).draw(self)
        R, C = self.rows, self.cols

        def cell(r: int, c: int) -> str:
            g = self.glyph((r, c))
            return g if g != " " else "·"

        def vseg(r: int, c: int) -> str:
            return "" if c in (0, C) else ("─" if self.has_edge((r, c - 1), (r, c)) else " ")

        def hseg(r: int, c: int) -> str:
            return "" if r in (0, R) else ("│" if self.has_edge((r - 1, c), (r, c)) else " ")

        return bare_grid(R, C, hseg=hseg, vseg=vseg, cell=cell)

    def __str__(self) -> str:
        return self.draw()

    def to_svg(self, board: Optional[CountryRoad] = None, *, cell: float = 32) -> str:
        """The loop as an SVG picture, on ``board`` (borders, numbers) or on a bare grid."""
        if board is not None:
            return _board_arg(board).to_svg(self, cell=cell)
        bare = [[0] * self.cols for _ in range(self.rows)]
        return country_svg(bare, title=f"Country Road loop {self.rows} x {self.cols}", path=self.pairs, cell=cell)

    def __iter__(self) -> Iterator[Edge]:
        return iter(self.pairs)

    def __len__(self) -> int:
        return len(self.edges)


#: A solution is a loop that passes :func:`loopcraft.country.check`.
Solution = CountryLoop


def _check_sides(rows: Any, cols: Any) -> None:
    for name, n in (("rows", rows), ("cols", cols)):
        if isinstance(n, bool) or not isinstance(n, int):
            raise ArgumentTypeError(f"{name} must be an int, got {type(n).__name__}")
        if not MIN_SIDE <= n <= MAX_SIDE:
            raise ArgumentError(f"{name} must be in {MIN_SIDE}..{MAX_SIDE}, got {show(n)}")


def _edge_number(e: Any, total: int) -> None:
    """Checks a core edge number of a board with ``total`` edges."""
    if isinstance(e, bool) or not isinstance(e, int) or not 0 <= e < total:
        raise ArgumentError(f"edge {show(e)} is not an edge number in 0..{total - 1}")


def _cell(value: Any) -> Cell:
    """Checks a cell: a pair (row, column) of ints (a tuple or a list)."""
    if not isinstance(value, (tuple, list)):
        raise ArgumentTypeError(f"a cell is a pair (row, column), got {type(value).__name__}")
    if len(value) != 2:
        raise ArgumentError(f"a cell is a pair (row, column), got {show(tuple(value))}")
    r, c = value
    if isinstance(r, bool) or not isinstance(r, int) or isinstance(c, bool) or not isinstance(c, int):
        raise ArgumentTypeError(f"a cell is a pair (row, column) of ints, got {show(tuple(value))}")
    return (r, c)


def _board_arg(board: Any) -> CountryRoad:
    # The board's module imports this one, so the class is recognised by what
    # only it has (its countries' region graph), not imported.
    if not callable(getattr(board, "region_graph", None)):
        raise ArgumentTypeError(f"board must be a CountryRoad or None, got {type(board).__name__}")
    return cast("CountryRoad", board)


def bare_grid(rows: int, cols: int, *, hseg: Slot, vseg: Slot, cell: Slot) -> str:
    """A grid of cells without lattice points or outer frame, through
    :func:`loopcraft._draw.text_grid`: the slots on the frame must be empty."""

    def point(r: int, c: int) -> str:
        return "" if c in (0, cols) or r in (0, rows) else " "

    return text_grid(rows, cols, hseg=hseg, vseg=vseg, cell=cell, point=point).strip("\n")


def as_loop(value: Any, rows: int, cols: int) -> CountryLoop:
    """Converts what callers pass as a loop into a :class:`CountryLoop`.

    Accepts a :class:`CountryLoop`, puzzlekit solution text, bytes of 0/1 per
    edge, or an iterable of edges (core edge numbers or pairs of cells).
    """
    _check_sides(rows, cols)
    if isinstance(value, CountryLoop):
        lp = value
    elif isinstance(value, str):
        lp = CountryLoop.from_puzzlekit(value)
    elif isinstance(value, (bytes, bytearray)):
        lp = CountryLoop.from_bits(rows, cols, value)
    else:
        total = edge_count(rows, cols)

        def edge_in_range(x: Any) -> None:  # an endless list of ints stops at the first past the edges
            if isinstance(x, int) and not isinstance(x, bool):
                _edge_number(x, total)

        try:
            items = bounded_items("loop", value, _most_items(total), each=edge_in_range)
        except TypeError:
            raise ArgumentTypeError(
                "a loop must be a CountryLoop, puzzlekit text, bytes or an iterable of edges, "
                f"got {type(value).__name__}"
            ) from None
        if all(isinstance(x, int) and not isinstance(x, bool) for x in items):
            lp = CountryLoop(rows, cols, frozenset(items))
        else:
            try:
                lp = CountryLoop.from_pairs(rows, cols, items)
            except (TypeError, ValueError) as exc:
                raise ArgumentError(f"cannot read the loop's edges: {exc}") from None
    if (lp.rows, lp.cols) != (rows, cols):
        raise ArgumentError(f"the loop is for a {lp.rows} x {lp.cols} board, the board is {rows} x {cols}")
    return lp
