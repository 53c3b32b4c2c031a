"""The one edge numbering of an R x C board, shared by Slitherlink, the Loop
engine v1 (an n x n board), the pictures and the compiled core.

The horizontal edges come first: ``H(r, c) = r*C + c`` is the top side of
cell ``(r, c)`` for ``r`` in ``0..R`` (``r = R`` is the bottom frame). Then
the vertical edges: ``V(r, c) = (R+1)*C + r*(C+1) + c`` is the left side of
cell ``(r, c)`` for ``c`` in ``0..C`` (``c = C`` is the right frame).
Lattice point ``(r, c)`` is number ``r*(C+1) + c``.

>>> edge_count(1, 1), h_edge(1, 1, 0), v_edge(1, 1, 0, 1)
(4, 1, 3)
"""

from __future__ import annotations

from typing import Sequence, Tuple, TypeVar

__all__ = ["edge_count", "h_count", "h_edge", "v_edge", "split_rows"]

T = TypeVar("T")


def h_count(rows: int, cols: int) -> int:
    """Number of horizontal edges: R+1 rows of C."""
    return (rows + 1) * cols


def edge_count(rows: int, cols: int) -> int:
    """Number of edges of an R x C board."""
    return (rows + 1) * cols + rows * (cols + 1)


def h_edge(cols: int, r: int, c: int) -> int:
    """The top side of cell (r, c), r in 0..R."""
    return r * cols + c


def v_edge(rows: int, cols: int, r: int, c: int) -> int:
    """The left side of cell (r, c), c in 0..C."""
    return (rows + 1) * cols + r * (cols + 1) + c


def split_rows(rows: int, cols: int, edges: Sequence[T]) -> Tuple[Tuple[Tuple[T, ...], ...], Tuple[Tuple[T, ...], ...]]:
    """Per-edge values as ``(h rows, v rows)``: R+1 rows of C, then R rows of C+1."""
    nh = h_count(rows, cols)
    h = tuple(tuple(edges[r * cols : (r + 1) * cols]) for r in range(rows + 1))
    v = tuple(tuple(edges[nh + r * (cols + 1) : nh + (r + 1) * (cols + 1)]) for r in range(rows))
    return h, v
