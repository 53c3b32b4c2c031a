"""What a level of the Slitherlink ladder decides without search."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional, Tuple

from .._picture import Picture
from .._result import Deduction
from .._svg import edges_from_flat, lattice_svg
from ._geometry import ClueGrid, draw, split_rows
from ._solution import Solution

__all__ = ["SlitherlinkDeduction"]


@dataclass(frozen=True)
class SlitherlinkDeduction(Deduction[Solution], Picture):
    """The decided edges at a level's fixpoint (see :class:`loopcraft.Deduction`).

    Attributes:
        rows, cols: board size.
        edges: per edge 1 (on), 0 (off) or None (undecided); empty on a contradiction.
        clues: the puzzle's clues, kept for drawing (not compared).
    """

    rows: int = 0
    cols: int = 0
    edges: Tuple[Optional[int], ...] = field(default=(), repr=False)
    clues: Optional[ClueGrid] = field(default=None, repr=False, compare=False)

    @property
    def h_edges(self) -> Tuple[Tuple[Optional[int], ...], ...]:
        """``rows + 1`` rows of ``cols`` values: the top sides of the cells."""
        return split_rows(self.rows, self.cols, self.edges)[0]

    @property
    def v_edges(self) -> Tuple[Tuple[Optional[int], ...], ...]:
        """``rows`` rows of ``cols + 1`` values: the left sides of the cells."""
        return split_rows(self.rows, self.cols, self.edges)[1]

    @property
    def undecided(self) -> int:
        """How many edges are still open."""
        return self.total - self.decided

    def _solution(self) -> Solution:
        return Solution._trusted(self.rows, self.cols, tuple(1 if v == 1 else 0 for v in self.edges), self.clues)

    def draw(self) -> str:
        """Decided loop edges drawn on the board (undecided and off edges blank)."""
        if self.contradiction:
            return "(contradiction)"
        return draw(self.rows, self.cols, self.clues, self.edges)

    def __str__(self) -> str:
        return self.draw()

    def to_svg(self, *, cell: float = 32) -> str:
        """The edges decided so far as an SVG picture: on edges drawn, off edges crossed."""
        clues = self.clues if self.clues is not None else tuple((None,) * self.cols for _ in range(self.rows))
        title = f"Slitherlink {self.rows} x {self.cols}, deduced to level {self.level}"
        if self.contradiction:
            return lattice_svg(clues, title=title + " (contradiction)", cell=cell)
        on = edges_from_flat(self.rows, self.cols, self.edges)
        off = edges_from_flat(self.rows, self.cols, self.edges, off=True)
        return lattice_svg(clues, title=title, loop=on, crosses=off, cell=cell)
