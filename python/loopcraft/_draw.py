"""Text drawing of a rectangular grid, shared by every family.

A board of R x C cells is drawn on 2R + 1 lines: lattice-point lines
(``+`` then a 3-character horizontal slot per cell) alternate with cell lines
(a 1-character vertical slot, then a 3-character cell body, per cell). Each
family says what goes in each slot: Slitherlink puts loop edges in the slots,
Country Road puts country borders there and the loop through cell bodies.

>>> print(text_grid(1, 2, hseg=lambda r, c: "---", vseg=lambda r, c: "|", cell=lambda r, c: " 3 "))
+---+---+
| 3 | 3 |
+---+---+
"""

from __future__ import annotations

from typing import Callable, List

__all__ = ["text_grid", "Slot"]

#: ``slot(r, c) -> str``: the text of one slot of the drawing.
Slot = Callable[[int, int], str]


def _plus(r: int, c: int) -> str:
    return "+"


def text_grid(rows: int, cols: int, *, hseg: Slot, vseg: Slot, cell: Slot, point: Slot = _plus) -> str:
    """Draws an R x C grid from its slots; trailing blanks are stripped.

    Args:
        hseg: ``hseg(r, c)``, 3 characters, for the horizontal slot above cell
            (r, c), r in 0..R (r = R is the bottom side).
        vseg: ``vseg(r, c)``, 1 character, for the vertical slot left of cell
            (r, c), c in 0..C (c = C is the right side).
        cell: ``cell(r, c)``, 3 characters, for the body of cell (r, c).
        point: ``point(r, c)``, 1 character, for lattice point (r, c); ``+`` by default.
    """
    lines: List[str] = []
    for r in range(rows + 1):
        lines.append("".join(point(r, c) + hseg(r, c) for c in range(cols)) + point(r, cols))
        if r < rows:
            lines.append("".join(vseg(r, c) + cell(r, c) for c in range(cols)) + vseg(r, cols))
    return "\n".join(line.rstrip() for line in lines)
