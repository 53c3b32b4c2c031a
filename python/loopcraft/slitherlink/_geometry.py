"""Loop tracing and text drawing of an R x C Slitherlink board, in the edge
numbering of :mod:`loopcraft._edges` (shared with the Loop engine v1, the
pictures and the compiled core).
"""

from __future__ import annotations

from typing import Any, List, Optional, Sequence, Tuple

from .._draw import text_grid
from .._edges import edge_count, h_edge, split_rows, v_edge
from .._tracing import loop_problem as _trace_problem

__all__ = [
    "edge_count",
    "h_edge",
    "v_edge",
    "cell_sides",
    "cell_corners",
    "split_rows",
    "point_adjacency",
    "loop_problem",
    "draw",
]

Clue = Optional[int]
ClueGrid = Tuple[Tuple[Clue, ...], ...]


def cell_sides(rows: int, cols: int, r: int, c: int) -> Tuple[int, int, int, int]:
    """Edges of cell (r, c) in cyclic order: top, right, bottom, left."""
    return (h_edge(cols, r, c), v_edge(rows, cols, r, c + 1), h_edge(cols, r + 1, c), v_edge(rows, cols, r, c))


def cell_corners(cols: int, r: int, c: int) -> Tuple[int, int, int, int]:
    """Corner points of cell (r, c) in the same cyclic order as :func:`cell_sides`:
    top-left, top-right, bottom-right, bottom-left. Side i joins corners i and i+1 (mod 4)."""
    p = r * (cols + 1) + c
    return (p, p + 1, p + cols + 2, p + cols + 1)


def point_adjacency(rows: int, cols: int, edges: Sequence[Any]) -> List[List[int]]:
    """Adjacency lists over lattice points of the edges with a true value."""
    adj: List[List[int]] = [[] for _ in range((rows + 1) * (cols + 1))]
    for r in range(rows + 1):
        for c in range(cols):
            if edges[h_edge(cols, r, c)]:
                a = r * (cols + 1) + c
                adj[a].append(a + 1)
                adj[a + 1].append(a)
    for r in range(rows):
        for c in range(cols + 1):
            if edges[v_edge(rows, cols, r, c)]:
                a = r * (cols + 1) + c
                adj[a].append(a + cols + 1)
                adj[a + cols + 1].append(a)
    return adj


def loop_problem(rows: int, cols: int, edges: Sequence[Any]) -> Optional[str]:
    """Why the on-edges are not one simple closed loop, or None when they are."""

    def name(p: int) -> str:
        r, c = divmod(p, cols + 1)
        return f"point (row {r}, column {c})"

    return _trace_problem(point_adjacency(rows, cols, edges), name)


def draw(rows: int, cols: int, clues: Optional[ClueGrid], edges: Optional[Sequence[Any]] = None) -> str:
    """The board as text: ``+`` points, ``---`` and ``|`` for loop edges
    (``edges[e] == 1``), clues or ``.`` for blanks."""

    def lit(e: int) -> bool:
        return edges is not None and edges[e] == 1

    def cell(r: int, c: int) -> str:
        if clues is None:
            return "   "
        clue = clues[r][c]
        return f" {'.' if clue is None else clue} "

    return text_grid(
        rows,
        cols,
        hseg=lambda r, c: "---" if lit(h_edge(cols, r, c)) else "   ",
        vseg=lambda r, c: "|" if lit(v_edge(rows, cols, r, c)) else " ",
        cell=cell,
    )
