"""The referee: is a loop a solution of a board, and if not, which rule fails where.

Pure Python and independent of the compiled core, so tests can use it to
judge the core's answers. :meth:`CountryRoad.check` and the module function
:func:`loopcraft.country.check` both call :func:`judge`.

>>> from loopcraft.country import CountryRoad, check
>>> b = CountryRoad.from_regions([[1, 1], [2, 2]])
>>> check(b, "2 2\\nse sw\\nne nw").ok
True
>>> [v.rule for v in check(b, [((0, 0), (0, 1))]).violations]
['dead-end', 'dead-end', 'country-visited', 'country-once']
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Dict, List

from .._result import CheckResult, Violation
from ._loop import CountryLoop, RegionId, edge_cells

if TYPE_CHECKING:
    from ._board import CountryRoad

__all__ = ["RULES", "judge"]

#: The rule names a :class:`~loopcraft._result.Violation` may carry, in the order they are checked.
RULES = (
    "blocked",  # a segment enters a blocked cell
    "branch",  # a cell with 3 or 4 segments
    "dead-end",  # a cell with exactly 1 segment
    "one-loop",  # no segment at all, or more than one closed piece
    "country-visited",  # the loop uses no cell of a country
    "country-once",  # the loop crosses a visited country's border other than exactly twice
    "number",  # a number differs from the count of used cells of its country
    "unused-neighbours",  # two unused cells touch across a country border
)


def judge(board: CountryRoad, lp: CountryLoop) -> CheckResult:
    """Checks the loop ``lp`` (of the board's size) against every rule of ``board``.

    Returns a :class:`~loopcraft._result.CheckResult` whose ``violations``
    list every failure found, in :data:`RULES` order. ``where`` is a cell
    ``(r, c)``, a pair of cells, a region id, or (``one-loop``) the number of
    separate pieces.
    """
    R, C = board.rows, board.cols
    regions = board.regions
    out: List[Violation] = []

    used = lp.used_cells
    for cell in sorted(used):
        r, c = cell
        if regions[r][c] is None:
            out.append(Violation("blocked", cell, f"the loop enters the blocked cell at row {r}, column {c}"))
    for cell in sorted(used):
        d = lp.degree(cell)
        if d > 2:
            out.append(
                Violation("branch", cell, f"the loop branches at row {cell[0]}, column {cell[1]} ({d} segments)")
            )
    for cell in sorted(used):
        if lp.degree(cell) == 1:
            out.append(Violation("dead-end", cell, f"the line stops at row {cell[0]}, column {cell[1]}"))

    pieces = lp.components()
    if not pieces:
        out.append(Violation("one-loop", 0, "there is no loop"))
    elif len(pieces) > 1:
        out.append(Violation("one-loop", len(pieces), f"the segments form {len(pieces)} separate pieces, not one loop"))

    crossings: Dict[RegionId, int] = {rid: 0 for rid in board.countries}
    counts: Dict[RegionId, int] = {rid: 0 for rid in board.countries}
    for e in lp.edges:
        a, b = edge_cells(R, C, e)
        ra, rb = regions[a[0]][a[1]], regions[b[0]][b[1]]
        if ra != rb:
            for rid in (ra, rb):
                if rid is not None:
                    crossings[rid] += 1
    for r, c in used:
        rid = regions[r][c]
        if rid is not None:
            counts[rid] += 1
    for rid in board.countries:
        if counts[rid] == 0:
            out.append(Violation("country-visited", rid, f"the loop does not visit country {rid!r}"))
    for rid in board.countries:
        # Entering once and leaving once crosses the border exactly twice (so a
        # board made of a single country has no solution).
        if counts[rid] and crossings[rid] != 2:
            out.append(
                Violation(
                    "country-once",
                    rid,
                    f"the loop crosses the border of country {rid!r} {crossings[rid]} times "
                    "(visiting it once crosses it exactly twice)",
                )
            )
    for rid in board.countries:
        n = board.numbers.get(rid)
        if n is not None and counts[rid] != n:
            out.append(
                Violation("number", rid, f"country {rid!r} shows {n} but the loop uses {counts[rid]} of its cells")
            )
    for r in range(R):
        for c in range(C):
            for r2, c2 in ((r, c + 1), (r + 1, c)):
                if r2 >= R or c2 >= C:
                    continue
                ra, rb = regions[r][c], regions[r2][c2]
                if ra is None or rb is None or ra == rb:
                    continue
                if (r, c) not in used and (r2, c2) not in used:
                    out.append(
                        Violation(
                            "unused-neighbours",
                            ((r, c), (r2, c2)),
                            f"unused cells at row {r}, column {c} and row {r2}, column {c2} touch across a border",
                        )
                    )
    return CheckResult(not out, tuple(out))
