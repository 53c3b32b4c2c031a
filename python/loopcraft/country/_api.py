"""The module-level functions of :mod:`loopcraft.country`: thin wrappers of the board's methods.

Each checks that its first argument is a :class:`CountryRoad` and calls the
method, so there is one implementation of each.

>>> from loopcraft.country import CountryRoad
>>> b = CountryRoad.from_regions([[0, 1], [2, 3]])
>>> solve(b).unique, deduce(b).solved, count_solutions(b, engine="cells")
(True, True, 1)
"""

from __future__ import annotations

from typing import Any, Optional, Sequence

from .._result import CheckResult, Count, SolveResult
from ._board import CountryRoad, board_arg
from ._graph import RegionGraph
from ._ladder import CountryDeduction
from ._loop import CountryLoop

__all__ = ["check", "solve", "deduce", "count_solutions", "region_graph"]


def check(board: CountryRoad, loop: Any) -> CheckResult:
    """The referee: :meth:`CountryRoad.check` (every rule ``loop`` breaks on ``board``)."""
    return board_arg(board).check(loop)


def solve(
    board: CountryRoad,
    limit: int = 2,
    node_limit: Optional[int] = None,
    time_limit: Optional[float] = None,
    *,
    stages: Optional[Sequence[str]] = None,
) -> SolveResult[CountryLoop]:
    """:meth:`CountryRoad.solve`: up to ``limit`` solutions, ``complete`` when the count is exact."""
    return board_arg(board).solve(limit, node_limit, time_limit, stages=stages)


def deduce(
    board: CountryRoad, level: Optional[str] = None, *, stages: Optional[Sequence[str]] = None
) -> CountryDeduction:
    """:meth:`CountryRoad.deduce`: the ladder up to ``level`` (or the subset ``stages``), without search."""
    return board_arg(board).deduce(level, stages=stages)


def count_solutions(
    board: CountryRoad,
    engine: str = "frontier",
    limit: Optional[int] = None,
    *,
    max_states: Optional[int] = None,
    deduce: bool = True,
    threads: int = 1,
) -> Count:
    """Number of solutions, counted by one of four independent engines.

    Args:
        board: the puzzle.
        engine: ``"frontier"`` (the default, as in Slitherlink: dynamic
            programming over a sweep line, exact counts at any size within a
            memory budget that raises :class:`~loopcraft.CapacityError`),
            ``"search"`` (ladder + search, enumerating), ``"cells"`` (choose
            the used cells, then thread the loop) or ``"loops"`` (enumerate
            the simple cycles of the grid). The brute forces refuse boards of
            more than 36 open cells.
        limit: stop counting at this many (the result is then at most
            ``limit``; the frontier engine sweeps to the end and clamps).
        max_states: the frontier's budget of states per sweep step (default
            20 million, about 3 GB): more raises :class:`~loopcraft.CapacityError`
            (as :func:`loopcraft.slitherlink.count_solutions`; the other
            engines check it and do not use it).
        deduce: (``frontier`` only) run every stage of the ladder to its
            fixpoint first; the sweep then keeps the cells and edges it
            decided (a contradiction gives 0 with no sweep), so its frontier
            carries only the open part. The count equals ``deduce=False``'s
            (the plain sweep of the whole board). A board of one-cell
            countries without numbers has nothing to deduce from and is
            counted plainly.
        threads: (``frontier`` only) worker threads, 1 to 256 (default 1), for
            such a board (its Hamiltonian cycles), which is counted over
            a table of every frontier state; other boards use one.

    Returns:
        A :class:`loopcraft.Count`: the number, with the route that ran
        (``engine``: the enumerating engine's name, or for ``frontier``
        ``"ladder"``, ``"ladder+frontier"`` or ``"frontier"``) and a
        one-sentence ``reason``.

    >>> count_solutions(CountryRoad.from_regions([[i * 4 + j for j in range(4)] for i in range(4)]))
    6
    """
    return board_arg(board).count(engine, limit, max_states=max_states, deduce=deduce, threads=threads)


def region_graph(board: CountryRoad) -> RegionGraph:
    """:meth:`CountryRoad.region_graph`: countries, borders, cut vertices and bridges."""
    return board_arg(board).region_graph()
