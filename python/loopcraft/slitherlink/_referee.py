"""The Slitherlink referee: is a loop a solution of a board, and if not,
which rule fails where. Pure Python, independent of the compiled core.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, List

from .._result import CheckResult, Violation
from .._tracing import pieces
from ..errors import ArgumentTypeError
from ._geometry import cell_sides, point_adjacency
from ._solution import Solution

if TYPE_CHECKING:
    from ._board import Slitherlink

__all__ = ["RULES", "check"]

#: The rule names a :class:`~loopcraft.Violation` may carry, in the order they are checked.
RULES = (
    "size",  # the solution is for another board size
    "branch",  # a lattice point with 3 or 4 loop edges (where: the point (r, c))
    "dead-end",  # a lattice point with exactly 1 loop edge (where: the point (r, c))
    "one-loop",  # no edge at all, or several separate loops (where: how many pieces)
    "clue",  # a clue differs from the number of its cell's sides on the loop (where: the cell (r, c))
)


def check(board: Slitherlink, solution: Solution) -> CheckResult:
    """Checks ``solution`` against every rule of ``board``; lists every failure."""
    # The board's module imports this one, so the class is recognised by what
    # only it has (a Tatham game ID), not imported.
    if not callable(getattr(board, "to_tatham", None)):
        raise ArgumentTypeError(f"board must be a Slitherlink, got {type(board).__name__}")
    if not isinstance(solution, Solution):
        raise ArgumentTypeError(f"solution must be a Solution, got {type(solution).__name__}")
    R, C = board.rows, board.cols
    if (solution.rows, solution.cols) != (R, C):
        msg = f"the solution is for a {solution.rows} x {solution.cols} board, the board is {R} x {C}"
        return CheckResult(False, (Violation("size", (solution.rows, solution.cols), msg),))
    out: List[Violation] = []
    e = solution.edges
    adj = point_adjacency(R, C, e)
    for degree, rule, words in ((3, "branch", "the loop branches at"), (1, "dead-end", "the line stops at")):
        for p, nbrs in enumerate(adj):
            if len(nbrs) == degree or (degree == 3 and len(nbrs) == 4):
                r, c = divmod(p, C + 1)
                out.append(Violation(rule, (r, c), f"{words} point (row {r}, column {c})"))
    count = len(pieces(adj))
    if count != 1:
        msg = "there is no loop" if count == 0 else f"the edges form {count} separate pieces, not one loop"
        out.append(Violation("one-loop", count, msg))
    for r, row in enumerate(board.clues):
        for c, clue in enumerate(row):
            if clue is None:
                continue
            on = sum(e[s] for s in cell_sides(R, C, r, c))
            if on != clue:
                out.append(
                    Violation("clue", (r, c), f"the clue {clue} at row {r}, column {c} has {on} sides on the loop")
                )
    return CheckResult(not out, tuple(out))
