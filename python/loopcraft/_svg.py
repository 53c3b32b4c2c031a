"""SVG pictures of a rectangular grid, shared by every family (stdlib only).

One function, :func:`grid_svg`, draws an R x C board: lattice dots, thin grid
lines, clue texts, the loop on lattice edges (Slitherlink, Loop engine v1),
crosses on edges proven off, inside shading, thick country borders, blocked
cells and a loop through cell centres (Country Road). Each family says what to
draw; this module knows no puzzle rules.

Two adapters take a family's plain data (no board class):
:func:`lattice_svg` for a loop on the lattice (Slitherlink, Loop engine v1)
and :func:`country_svg` for countries and a loop through cell centres (Country
Road).

Addressing (the same as ``Solution.h_edges`` / ``v_edges``):

- cell ``(r, c)``: row r in 0..R-1, column c in 0..C-1;
- lattice edge ``("h", r, c)``: the top side of cell (r, c), r in 0..R (r = R is
  the bottom side of the board), c in 0..C-1;
- lattice edge ``("v", r, c)``: the left side of cell (r, c), r in 0..R-1,
  c in 0..C (c = C is the right side of the board).

The picture is black on white (see :class:`SvgStyle`), has a ``viewBox`` and a
width and height in px (one user unit = one px), a ``<title>`` for
accessibility, and the same bytes for the same input. Every drawn element has a
``class`` naming its kind: ``background``, ``shaded``, ``blocked``, ``grid``,
``border``, ``cell-loop``, ``dot``, ``loop``, ``open`` and ``cell-open``
(links still open in a setter's backbone), ``cross``, ``clue`` (``clue
corner`` for small corner texts), so that a picture can be inspected or
restyled with CSS.

>>> svg = grid_svg(1, 2, title="A <tiny> board", texts={(0, 0): "3"},
...                lattice_edges={("h", 0, 0), ("v", 0, 0)})
>>> svg.count('class="loop"'), svg.count('class="clue"'), svg.count('class="dot"')
(2, 1, 6)
>>> "<title>A &lt;tiny&gt; board</title>" in svg
True
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Any, Dict, FrozenSet, Iterable, List, Mapping, Optional, Sequence, Set, Tuple, Union

from ._edges import edge_count, split_rows
from ._validate import show
from .errors import ArgumentError, ArgumentTypeError

__all__ = [
    "Cell",
    "Edge",
    "SvgStyle",
    "DEFAULT_STYLE",
    "MAX_SIDE",
    "grid_svg",
    "edges_from_bits",
    "edges_from_flat",
    "region_borders",
    "frame_edges",
    "clue_texts",
    "inside_cells",
    "first_cells",
    "lattice_svg",
    "country_svg",
]

#: A cell ``(r, c)``.
Cell = Tuple[int, int]
#: A lattice edge ``("h", r, c)`` (top side of cell (r, c)) or ``("v", r, c)`` (left side).
Edge = Tuple[str, int, int]

#: The largest number of rows or columns :func:`grid_svg` draws.
MAX_SIDE = 1000

_SVG_NS = "http://www.w3.org/2000/svg"
# Characters XML 1.0 does not allow, even escaped.
_BAD_XML_CHARS = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


@dataclass(frozen=True)
class SvgStyle:
    """Colours and fonts of a picture; black on white by default.

    Colours are CSS colour strings (``"#000"``, ``"black"``, ``"rgb(0,0,0)"``).
    Sizes are not here: they all scale with the ``cell`` size.
    """

    ink: str = "#000"
    background: str = "#fff"
    grid: str = "#aaa"
    shade: str = "#d4d4d4"
    blocked: str = "#333"
    cross: str = "#000"
    path: str = "#555"
    #: Explanation pictures: the cells a step read, what it decided, and the
    #: marks that were already there but that the step did not read.
    highlight: str = "#ffe08a"
    accent: str = "#d62728"
    faint: str = "#b8b8b8"
    font_family: str = "Helvetica, Arial, 'DejaVu Sans', 'Liberation Sans', sans-serif"


DEFAULT_STYLE = SvgStyle()


def _clean(text: str) -> str:
    return _BAD_XML_CHARS.sub("\ufffd", text)


def _esc_text(text: str) -> str:
    return _clean(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _esc_attr(text: str) -> str:
    return _esc_text(text).replace('"', "&quot;").replace("\n", "&#10;").replace("\t", "&#9;").replace("\r", "&#13;")


def _num(x: float) -> str:
    """A coordinate: at most 2 decimals, no trailing zeros, no ``-0``."""
    s = f"{x:.2f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def _require_size(name: str, value: Any, lo: float, hi: float, allow_lo: bool) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ArgumentTypeError(f"{name} must be a number, got {type(value).__name__}")
    try:
        v = float(value)
    except OverflowError:  # an int too large for a float
        v = math.inf
    if not (math.isfinite(v) and (v >= lo if allow_lo else v > lo) and v <= hi):
        bound = f"at least {lo:g}" if allow_lo else f"more than {lo:g}"
        raise ArgumentError(f"{name} must be {bound} and at most {hi:g}, got {show(value)}")
    return v


def _require_side(name: str, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ArgumentTypeError(f"{name} must be an int, got {type(value).__name__}")
    if not 1 <= value <= MAX_SIDE:
        raise ArgumentError(f"{name} must be in 1..{MAX_SIDE}, got {show(value)}")
    return value


def _is_int(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _cell(name: str, item: Any, rows: int, cols: int) -> Cell:
    if not (isinstance(item, tuple) and len(item) == 2 and _is_int(item[0]) and _is_int(item[1])):
        raise ArgumentTypeError(f"{name}: a cell must be a tuple (r, c) of ints, got {show(item)}")
    r, c = item
    if not (0 <= r < rows and 0 <= c < cols):
        raise ArgumentError(f"{name}: cell {show(item)} is outside the {rows} x {cols} board")
    return (r, c)


def _cells(name: str, items: Optional[Iterable[Any]], rows: int, cols: int) -> List[Cell]:
    if items is None:
        return []
    if isinstance(items, (str, bytes)) or not isinstance(items, Iterable):
        raise ArgumentTypeError(f"{name} must be a collection of cells (r, c), got {type(items).__name__}")
    return sorted({_cell(name, item, rows, cols) for item in items})


def _edge(name: str, item: Any, rows: int, cols: int) -> Edge:
    if not (
        isinstance(item, tuple) and len(item) == 3 and item[0] in ("h", "v") and _is_int(item[1]) and _is_int(item[2])
    ):
        raise ArgumentTypeError(f"{name}: an edge must be a tuple ('h' or 'v', r, c) of ints, got {show(item)}")
    kind, r, c = item
    max_r, max_c = (rows, cols - 1) if kind == "h" else (rows - 1, cols)
    if not (0 <= r <= max_r and 0 <= c <= max_c):
        raise ArgumentError(f"{name}: edge {show(item)} is outside the {rows} x {cols} board")
    return (str(kind), r, c)


def _edges(name: str, items: Optional[Iterable[Any]], rows: int, cols: int) -> List[Edge]:
    if items is None:
        return []
    if isinstance(items, (str, bytes)) or not isinstance(items, Iterable):
        raise ArgumentTypeError(f"{name} must be a collection of edges ('h'/'v', r, c), got {type(items).__name__}")
    return sorted({_edge(name, item, rows, cols) for item in items})


def _pairs(name: str, items: Optional[Iterable[Any]], rows: int, cols: int) -> List[Tuple[Cell, Cell]]:
    if items is None:
        return []
    if isinstance(items, (str, bytes)) or not isinstance(items, Iterable):
        raise ArgumentTypeError(f"{name} must be a collection of cell pairs, got {type(items).__name__}")
    out: Set[Tuple[Cell, Cell]] = set()
    for item in items:
        if not (isinstance(item, tuple) and len(item) == 2):
            raise ArgumentTypeError(f"{name}: a pair must be a tuple of two cells, got {show(item)}")
        a = _cell(name, item[0], rows, cols)
        b = _cell(name, item[1], rows, cols)
        if abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
            raise ArgumentError(f"{name}: cells {a} and {b} are not side by side")
        out.add((min(a, b), max(a, b)))
    return sorted(out)


def _texts(name: str, items: Optional[Mapping[Any, Any]], rows: int, cols: int) -> List[Tuple[Cell, str]]:
    if items is None:
        return []
    if not isinstance(items, Mapping):
        raise ArgumentTypeError(f"{name} must be a mapping {{(r, c): text}}, got {type(items).__name__}")
    out: List[Tuple[Cell, str]] = []
    for key, value in items.items():
        cell = _cell(name, key, rows, cols)
        if isinstance(value, bool) or not isinstance(value, (str, int)):
            raise ArgumentTypeError(f"{name}[{show(key)}] must be a str or an int, got {type(value).__name__}")
        out.append((cell, str(value)))
    return sorted(out)


def frame_edges(rows: int, cols: int) -> FrozenSet[Edge]:
    """The lattice edges of the board's outer frame (2R + 2C edges)."""
    top_bottom = {("h", r, c) for r in (0, rows) for c in range(cols)}
    sides = {("v", r, c) for r in range(rows) for c in (0, cols)}
    return frozenset(top_bottom | sides)


def edges_from_bits(
    h_edges: Sequence[Sequence[Any]], v_edges: Sequence[Sequence[Any]], *, off: bool = False
) -> FrozenSet[Edge]:
    """The lattice edges that are on, from ``h_edges`` (R+1 rows of C values)
    and ``v_edges`` (R rows of C+1 values), as in ``Solution.h_edges``.

    A value is on when it is true. With ``off=True``, the edges decided off
    instead: the values that are false but not None (for ``Deduction.h_edges``,
    where None is undecided), to draw as crosses.

    >>> sorted(edges_from_bits([[1], [0]], [[None, 1]]))
    [('h', 0, 0), ('v', 0, 1)]
    >>> sorted(edges_from_bits([[1], [0]], [[None, 1]], off=True))
    [('h', 1, 0)]
    """

    def keep(value: Any) -> bool:
        return (value is not None and not value) if off else bool(value)

    out = {("h", r, c) for r, row in enumerate(h_edges) for c, v in enumerate(row) if keep(v)}
    out |= {("v", r, c) for r, row in enumerate(v_edges) for c, v in enumerate(row) if keep(v)}
    return frozenset(out)


def edges_from_flat(rows: int, cols: int, values: Sequence[Any], *, off: bool = False) -> FrozenSet[Edge]:
    """Like :func:`edges_from_bits`, from one flat list in the shared edge
    numbering of :mod:`loopcraft._edges`: ``H(r, c) = r*C + c`` (top side of
    cell (r, c)) for the (R+1)*C horizontal edges, then
    ``V(r, c) = (R+1)*C + r*(C+1) + c`` (left side of cell (r, c)).

    >>> sorted(edges_from_flat(1, 1, [1, None, 0, 1]))
    [('h', 0, 0), ('v', 0, 1)]
    """
    rows, cols = _require_side("rows", rows), _require_side("cols", cols)
    total = edge_count(rows, cols)
    if len(values) != total:
        raise ArgumentError(f"values must have {total} entries for {rows} x {cols}, got {len(values)}")
    h, v = split_rows(rows, cols, values)
    return edges_from_bits(h, v, off=off)


def region_borders(regions: Sequence[Sequence[Any]]) -> FrozenSet[Edge]:
    """The inner lattice edges between side-by-side cells of different regions.

    ``regions`` is R rows of C region labels (any comparable values; ``None``
    for a blocked cell is a label like any other). The outer frame is not
    included: :func:`grid_svg` adds it when it draws borders.

    >>> sorted(region_borders([[0, 0, 1], [2, 2, 1]]))
    [('h', 1, 0), ('h', 1, 1), ('v', 0, 2), ('v', 1, 2)]
    """
    out: Set[Edge] = set()
    for r, row in enumerate(regions):
        for c, label in enumerate(row):
            if c + 1 < len(row) and row[c + 1] != label:
                out.add(("v", r, c + 1))
            if r + 1 < len(regions) and regions[r + 1][c] != label:
                out.add(("h", r + 1, c))
    return frozenset(out)


def grid_svg(
    rows: int,
    cols: int,
    *,
    title: str,
    cell: float = 32,
    margin: Optional[float] = None,
    texts: Optional[Mapping[Cell, Union[str, int]]] = None,
    corner_texts: Optional[Mapping[Cell, Union[str, int]]] = None,
    lattice_edges: Optional[Iterable[Edge]] = None,
    crosses: Optional[Iterable[Edge]] = None,
    shaded: Optional[Iterable[Cell]] = None,
    borders: Optional[Iterable[Edge]] = None,
    blocked: Optional[Iterable[Cell]] = None,
    centre_path: Optional[Iterable[Tuple[Cell, Cell]]] = None,
    open_edges: Optional[Iterable[Edge]] = None,
    open_path: Optional[Iterable[Tuple[Cell, Cell]]] = None,
    highlighted: Optional[Iterable[Cell]] = None,
    faint_edges: Optional[Iterable[Edge]] = None,
    faint_crosses: Optional[Iterable[Edge]] = None,
    accent_edges: Optional[Iterable[Edge]] = None,
    accent_crosses: Optional[Iterable[Edge]] = None,
    used: Optional[Iterable[Cell]] = None,
    centre_crosses: Optional[Iterable[Tuple[Cell, Cell]]] = None,
    faint_path: Optional[Iterable[Tuple[Cell, Cell]]] = None,
    faint_centre_crosses: Optional[Iterable[Tuple[Cell, Cell]]] = None,
    accent_path: Optional[Iterable[Tuple[Cell, Cell]]] = None,
    accent_centre_crosses: Optional[Iterable[Tuple[Cell, Cell]]] = None,
    accent_used: Optional[Iterable[Cell]] = None,
    accent_unused: Optional[Iterable[Cell]] = None,
    dots: bool = True,
    grid: bool = False,
    style: SvgStyle = DEFAULT_STYLE,
) -> str:
    """An SVG picture of an R x C grid (a complete document, as text).

    Args:
        rows, cols: the board size, 1..:data:`MAX_SIDE` each.
        title: the picture's ``<title>`` (escaped; shown as a tooltip and read
            by screen readers).
        cell: the side of a cell in px (user units); every size scales with it.
        margin: the white space around the board in px; ``cell / 2`` by default.
        texts: ``{(r, c): text}`` drawn centred in the cells (clues, numbers).
        corner_texts: ``{(r, c): text}`` drawn small in the top-left corner of
            the cells (Country Road numbers, which the loop may cross).
        lattice_edges: lattice edges drawn as the thick loop (round caps).
        crosses: lattice edges proven off, marked by a small x at their midpoint.
        shaded: cells filled light grey (the inside of a loop).
        borders: lattice edges drawn as thick country borders; when any border
            is given (even an empty collection), the outer frame is drawn
            thick too.
        blocked: cells filled dark.
        centre_path: pairs of side-by-side cells joined through their centres
            (the Country Road loop).
        open_edges: lattice edges still open (a setter's backbone: some
            solutions use them, some do not), drawn thin and dashed.
        open_path: pairs of side-by-side cells whose link is still open,
            drawn thin and dashed through the cell centres.
        highlighted: cells filled in the highlight colour (what a step read).
        faint_edges, faint_crosses: loop edges and crosses drawn light (marks a
            step did not read).
        accent_edges, accent_crosses: loop edges and crosses drawn in the
            accent colour (what a step decided).
        used: cells known to be on the loop, marked by a dot at their centre
            (Country Road).
        centre_crosses: pairs of side-by-side cells that the loop does not
            join, marked by a small x between their centres (Country Road).
        faint_path, faint_centre_crosses: the same, drawn light.
        accent_path, accent_centre_crosses, accent_used, accent_unused: the
            same (and cells proven unused), in the accent colour.
        dots: draw the lattice points (Slitherlink style).
        grid: draw thin grey grid lines between all cells (Country Road style).
        style: colours and font.

    Raises:
        ArgumentTypeError: an argument has a wrong type.
        ArgumentError: a size is out of range, or a cell or edge is off the board.
    """
    rows = _require_side("rows", rows)
    cols = _require_side("cols", cols)
    if not isinstance(title, str):
        raise ArgumentTypeError(f"title must be a str, got {type(title).__name__}")
    if not isinstance(style, SvgStyle):
        raise ArgumentTypeError(f"style must be an SvgStyle, got {type(style).__name__}")
    cell = _require_size("cell", cell, 0, 1000, allow_lo=False)
    margin = cell / 2 if margin is None else _require_size("margin", margin, 0, 10000, allow_lo=True)
    text_items = _texts("texts", texts, rows, cols)
    corner_items = _texts("corner_texts", corner_texts, rows, cols)
    loop = _edges("lattice_edges", lattice_edges, rows, cols)
    cross_list = _edges("crosses", crosses, rows, cols)
    shaded_cells = _cells("shaded", shaded, rows, cols)
    border_list = (
        None if borders is None else sorted(set(_edges("borders", borders, rows, cols)) | frame_edges(rows, cols))
    )
    blocked_cells = _cells("blocked", blocked, rows, cols)
    path = _pairs("centre_path", centre_path, rows, cols)
    open_list = _edges("open_edges", open_edges, rows, cols)
    open_pairs = _pairs("open_path", open_path, rows, cols)
    highlighted_cells = _cells("highlighted", highlighted, rows, cols)
    faint_loop = _edges("faint_edges", faint_edges, rows, cols)
    faint_cross = _edges("faint_crosses", faint_crosses, rows, cols)
    accent_loop = _edges("accent_edges", accent_edges, rows, cols)
    accent_cross = _edges("accent_crosses", accent_crosses, rows, cols)
    used_cells = _cells("used", used, rows, cols)
    accent_used_cells = _cells("accent_used", accent_used, rows, cols)
    accent_unused_cells = _cells("accent_unused", accent_unused, rows, cols)
    centre_x = _pairs("centre_crosses", centre_crosses, rows, cols)
    faint_pairs = _pairs("faint_path", faint_path, rows, cols)
    faint_x = _pairs("faint_centre_crosses", faint_centre_crosses, rows, cols)
    accent_pairs = _pairs("accent_path", accent_path, rows, cols)
    accent_x = _pairs("accent_centre_crosses", accent_centre_crosses, rows, cols)

    u = cell / 32  # every width below is given for a 32 px cell
    width = cols * cell + 2 * margin
    height = rows * cell + 2 * margin

    def x(c: float) -> str:
        return _num(margin + c * cell)

    def y(r: float) -> str:
        return _num(margin + r * cell)

    def edge_ends(e: Edge) -> Tuple[Tuple[float, float], Tuple[float, float]]:
        kind, r, c = e
        if kind == "h":
            return (c, r), (c + 1, r)
        return (c, r), (c, r + 1)

    def line(cls: str, c0: float, r0: float, c1: float, r1: float) -> str:
        return f'<line class="{cls}" x1="{x(c0)}" y1="{y(r0)}" x2="{x(c1)}" y2="{y(r1)}"/>'

    def rect(cls: str, r: int, c: int) -> str:
        return f'<rect class="{cls}" x="{x(c)}" y="{y(r)}" width="{_num(cell)}" height="{_num(cell)}"/>'

    ink = _esc_attr(style.ink)
    out: List[str] = [
        f'<svg xmlns="{_SVG_NS}" width="{_num(width)}" height="{_num(height)}" '
        f'viewBox="0 0 {_num(width)} {_num(height)}" role="img">',
        f"<title>{_esc_text(title)}</title>",
        f'<rect class="background" x="0" y="0" width="{_num(width)}" height="{_num(height)}" '
        f'fill="{_esc_attr(style.background)}"/>',
    ]

    def group(attrs: str, items: List[str]) -> None:
        if items:
            out.append(f"<g {attrs}>")
            out.extend(items)
            out.append("</g>")

    # Fills first, then thin lines, then thick lines, then marks and texts on top.
    group(
        f'fill="{_esc_attr(style.shade)}" shape-rendering="crispEdges"',
        [rect("shaded", r, c) for r, c in shaded_cells],
    )
    group(
        f'fill="{_esc_attr(style.accent)}" fill-opacity="0.3" shape-rendering="crispEdges"',
        [rect("unused decided", r, c) for r, c in accent_unused_cells],
    )
    group(
        f'fill="{_esc_attr(style.highlight)}" fill-opacity="0.6" shape-rendering="crispEdges"',
        [rect("highlighted", r, c) for r, c in highlighted_cells],
    )
    group(
        f'fill="{_esc_attr(style.blocked)}" shape-rendering="crispEdges"',
        [rect("blocked", r, c) for r, c in blocked_cells],
    )
    if grid:
        lines = [line("grid", 0, r, cols, r) for r in range(1, rows)]
        lines += [line("grid", c, 0, c, rows) for c in range(1, cols)]
        group(
            f'stroke="{_esc_attr(style.grid)}" stroke-width="{_num(u)}" shape-rendering="crispEdges"',
            lines,
        )
    if border_list is not None:
        group(
            f'stroke="{ink}" stroke-width="{_num(3 * u)}" stroke-linecap="square"',
            [line("border", *edge_ends(e)[0], *edge_ends(e)[1]) for e in border_list],
        )
    if dots:
        radius = _num(max(2.2 * u, 0.5))
        group(
            f'fill="{ink}"',
            [
                f'<circle class="dot" cx="{x(c)}" cy="{y(r)}" r="{radius}"/>'
                for r in range(rows + 1)
                for c in range(cols + 1)
            ],
        )
    for colour, cls, pairs in (
        (style.path, "cell-loop", path),
        (style.faint, "cell-loop faint", faint_pairs),
        (style.accent, "cell-loop decided", accent_pairs),
    ):
        group(
            f'stroke="{_esc_attr(colour)}" stroke-width="{_num(5 * u)}" stroke-linecap="round" fill="none"',
            [line(cls, a[1] + 0.5, a[0] + 0.5, b[1] + 0.5, b[0] + 0.5) for a, b in pairs],
        )
    for colour, cls, cells_ in ((style.path, "used", used_cells), (style.accent, "used decided", accent_used_cells)):
        group(
            f'fill="{_esc_attr(colour)}"',
            [f'<circle class="{cls}" cx="{x(c + 0.5)}" cy="{y(r + 0.5)}" r="{_num(4.5 * u)}"/>' for r, c in cells_],
        )
    group(
        f'stroke="{ink}" stroke-width="{_num(4 * u)}" stroke-linecap="round"',
        [line("loop", *edge_ends(e)[0], *edge_ends(e)[1]) for e in loop],
    )
    dash = f'stroke-dasharray="{_num(3 * u)} {_num(3 * u)}"'
    group(
        f'stroke="{_esc_attr(style.path)}" stroke-width="{_num(1.6 * u)}" {dash} fill="none"',
        [line("open", *edge_ends(e)[0], *edge_ends(e)[1]) for e in open_list]
        + [line("cell-open", a[1] + 0.5, a[0] + 0.5, b[1] + 0.5, b[0] + 0.5) for a, b in open_pairs],
    )
    arm = 0.09  # half the size of a cross, in cells

    def cross_marks(cls: str, edges: List[Edge]) -> List[str]:
        marks = []
        for e in edges:
            (c0, r0), (c1, r1) = edge_ends(e)
            mc, mr = (c0 + c1) / 2, (r0 + r1) / 2
            marks.append(
                f'<path class="{cls}" d="M{x(mc - arm)} {y(mr - arm)}L{x(mc + arm)} {y(mr + arm)}'
                f'M{x(mc - arm)} {y(mr + arm)}L{x(mc + arm)} {y(mr - arm)}"/>'
            )
        return marks

    group(
        f'stroke="{_esc_attr(style.cross)}" stroke-width="{_num(1.6 * u)}" stroke-linecap="round" fill="none"',
        cross_marks("cross", cross_list),
    )

    def centre_cross(cls: str, pairs: List[Tuple[Cell, Cell]]) -> List[str]:
        marks = []
        for a, b in pairs:
            mc, mr = (a[1] + b[1]) / 2 + 0.5, (a[0] + b[0]) / 2 + 0.5
            marks.append(
                f'<path class="{cls}" d="M{x(mc - arm)} {y(mr - arm)}L{x(mc + arm)} {y(mr + arm)}'
                f'M{x(mc - arm)} {y(mr + arm)}L{x(mc + arm)} {y(mr - arm)}"/>'
            )
        return marks

    for colour, cls, pairs in (
        (style.cross, "cross", centre_x),
        (style.faint, "cross faint", faint_x),
        (style.accent, "cross decided", accent_x),
    ):
        group(
            f'stroke="{_esc_attr(colour)}" stroke-width="{_num(1.6 * u)}" stroke-linecap="round" fill="none"',
            centre_cross(cls, pairs),
        )
    for colour, cls, edges_, crosses_ in (
        (style.faint, "faint", faint_loop, faint_cross),
        (style.accent, "decided", accent_loop, accent_cross),
    ):
        group(
            f'stroke="{_esc_attr(colour)}" stroke-width="{_num(4 * u)}" stroke-linecap="round"',
            [line(f"loop {cls}", *edge_ends(e)[0], *edge_ends(e)[1]) for e in edges_],
        )
        group(
            f'stroke="{_esc_attr(colour)}" stroke-width="{_num(2.2 * u)}" stroke-linecap="round" fill="none"',
            cross_marks(f"cross {cls}", crosses_),
        )

    blocked_set = set(blocked_cells)
    font = _esc_attr(style.font_family)

    def text(cls: str, cx: float, base: float, r: int, c: int, s: str) -> str:
        fill = f' fill="{_esc_attr(style.background)}"' if (r, c) in blocked_set else ""
        return f'<text class="{cls}" x="{x(cx)}" y="{y(base)}"{fill}>{_esc_text(s)}</text>'

    size = 0.56  # of a cell; the digits' centre sits 0.36 em above the baseline
    group(
        f'font-family="{font}" font-size="{_num(size * cell)}" text-anchor="middle" fill="{ink}"',
        [text("clue", c + 0.5, r + 0.5 + 0.36 * size, r, c, s) for (r, c), s in text_items],
    )
    small = 0.34
    group(
        # A halo in the background colour keeps a number legible where the loop passes under it.
        f'font-family="{font}" font-size="{_num(small * cell)}" text-anchor="start" fill="{ink}" '
        f'stroke="{_esc_attr(style.background)}" stroke-width="{_num(2.5 * u)}" stroke-linejoin="round" '
        'paint-order="stroke"',
        [text("clue corner", c + 0.1, r + 0.1 + 0.73 * small, r, c, s) for (r, c), s in corner_items],
    )
    out.append("</svg>")
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------------------
# Adapters: a family's plain data in, a picture out.


def clue_texts(clues: Sequence[Sequence[Optional[int]]]) -> Dict[Cell, str]:
    """``{(r, c): "n"}`` for the clues that are not None, from R rows of C clues.

    >>> clue_texts([[None, 3], [0, None]])
    {(0, 1): '3', (1, 0): '0'}
    """
    return {(r, c): str(v) for r, row in enumerate(clues) for c, v in enumerate(row) if v is not None}


def inside_cells(rows: int, cols: int, loop: Iterable[Edge]) -> FrozenSet[Cell]:
    """The cells inside the loop(s) drawn on ``loop``, by the even-odd rule: a
    cell is inside when an odd number of loop edges ``("v", r, c')`` lie left of
    it (c' <= c) in its row.

    >>> sorted(inside_cells(2, 3, {("h", 0, 1), ("h", 2, 1), ("v", 0, 1), ("v", 1, 1), ("v", 0, 2), ("v", 1, 2)}))
    [(0, 1), (1, 1)]
    """
    vertical = {(r, c) for kind, r, c in loop if kind == "v"}
    out: Set[Cell] = set()
    for r in range(rows):
        inside = False
        for c in range(cols):
            inside ^= (r, c) in vertical
            if inside:
                out.add((r, c))
    return frozenset(out)


def first_cells(regions: Sequence[Sequence[Any]]) -> Dict[Any, Cell]:
    """Each region label's first cell in row-major order (None, a blocked cell, skipped).

    >>> first_cells([[None, "a", "a"], ["b", "b", "a"]])
    {'a': (0, 1), 'b': (1, 0)}
    """
    out: Dict[Any, Cell] = {}
    for r, row in enumerate(regions):
        for c, label in enumerate(row):
            if label is not None and label not in out:
                out[label] = (r, c)
    return out


def lattice_svg(
    clues: Sequence[Sequence[Optional[int]]],
    *,
    title: str,
    loop: Optional[Iterable[Edge]] = None,
    crosses: Optional[Iterable[Edge]] = None,
    shade_inside: bool = False,
    cell: float = 32,
    margin: Optional[float] = None,
    style: SvgStyle = DEFAULT_STYLE,
    open_edges: Optional[Iterable[Edge]] = None,
    shaded: Optional[Iterable[Cell]] = None,
) -> str:
    """A Slitherlink-style picture (Slitherlink, Loop engine v1): lattice dots,
    the clues, and optionally the loop on lattice edges (a solution, or the
    edges decided on so far), crosses on edges decided off and the inside of
    the loop shaded (``shade_inside``, for a complete loop).

    Args:
        clues: R rows of C clues (int or None).
        loop: lattice edges on the loop (see :func:`edges_from_bits`).
        crosses: lattice edges proven off.
        open_edges: lattice edges still open (drawn dashed).
        shaded: cells to grey, when ``shade_inside`` is not set (where two
            solutions differ).
    """
    grid = _grid("clues", clues)
    rows, cols = _require_side("rows", len(grid)), _require_side("cols", len(grid[0]))
    for r, row in enumerate(grid):
        for c, v in enumerate(row):
            if v is not None and not _is_int(v):
                raise ArgumentTypeError(f"clues[{r}][{c}] must be an int or None, got {type(v).__name__}")
    edges = _edges("loop", loop, rows, cols)
    return grid_svg(
        rows,
        cols,
        title=title,
        cell=cell,
        margin=margin,
        texts=clue_texts(grid),
        lattice_edges=edges,
        crosses=crosses,
        shaded=inside_cells(rows, cols, edges) if shade_inside else shaded,
        open_edges=open_edges,
        style=style,
    )


def country_svg(
    regions: Sequence[Sequence[Any]],
    numbers: Optional[Mapping[Any, Union[int, str]]] = None,
    *,
    title: str,
    path: Optional[Iterable[Tuple[Cell, Cell]]] = None,
    shaded: Optional[Iterable[Cell]] = None,
    cell: float = 32,
    margin: Optional[float] = None,
    style: SvgStyle = DEFAULT_STYLE,
    open_path: Optional[Iterable[Tuple[Cell, Cell]]] = None,
    **marks: Any,
) -> str:
    """A Country Road picture: thin grid lines, thick country borders and frame,
    blocked cells dark, each number small in the top-left corner of its
    country's first cell (row-major), and optionally the loop through cell
    centres.

    Args:
        regions: R rows of C region labels; None marks a blocked cell.
        numbers: ``{label: number}`` for the numbered countries.
        path: pairs of side-by-side cells the loop joins (``Solution.pairs``).
        shaded: cells to grey (a deduction's cells proven unused).
        open_path: pairs of side-by-side cells whose link is still open (dashed).
        marks: more of :func:`grid_svg`'s marks (``used``, ``centre_crosses``,
            ``highlighted``, the ``faint_`` and ``accent_`` ones).
    """
    grid = _grid("regions", regions)
    rows, cols = len(grid), len(grid[0])
    firsts = first_cells(grid)
    corner: Dict[Cell, Union[int, str]] = {}
    for label, n in (numbers or {}).items():
        if label not in firsts:
            raise ArgumentError(f"numbers: {show(label)} is not a region of the board")
        corner[firsts[label]] = n
    return grid_svg(
        rows,
        cols,
        title=title,
        cell=cell,
        margin=margin,
        corner_texts=corner,
        borders=region_borders(grid),
        blocked=[(r, c) for r, row in enumerate(grid) for c, label in enumerate(row) if label is None],
        centre_path=path,
        open_path=open_path,
        shaded=shaded,
        dots=False,
        grid=True,
        style=style,
        **marks,
    )


def _grid(name: str, value: Any) -> List[List[Any]]:
    """R >= 1 rows of the same C >= 1 entries, as lists."""
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence):
        raise ArgumentTypeError(f"{name} must be a sequence of rows, got {type(value).__name__}")
    rows = []
    for i, row in enumerate(value):
        if isinstance(row, (str, bytes)) or not isinstance(row, Sequence):
            raise ArgumentTypeError(f"{name}[{i}] must be a sequence, got {type(row).__name__}")
        rows.append(list(row))
    if not rows or not rows[0]:
        raise ArgumentError(f"{name} must have at least one row and one column")
    if any(len(row) != len(rows[0]) for row in rows):
        raise ArgumentError(f"{name} rows must all have {len(rows[0])} entries")
    return rows
