"""``loopcraft.country.solve_many``: many boards in one call, on all cores
(the batch contract: :mod:`loopcraft._batch`)."""

from __future__ import annotations

from typing import Any, Iterable, List, Optional, Union

from .._batch import budgets, solve_items, threads_arg
from .._result import SolveResult
from ..errors import LoopcraftError
from . import _ladder
from ._board import CountryRoad
from ._loop import CountryLoop

__all__ = ["solve_many"]


def solve_many(
    boards: Iterable[Any],
    limit: int = 2,
    *,
    threads: Optional[int] = None,
    node_limit: Optional[int] = None,
    time_limit: Optional[float] = None,
) -> List[Union[SolveResult[CountryLoop], LoopcraftError]]:
    """:meth:`CountryRoad.solve <loopcraft.country.CountryRoad.solve>` (every
    ladder stage) on many boards at once (see :mod:`loopcraft._batch`).

    Args:
        boards: :class:`~loopcraft.country.CountryRoad` boards or texts read
            with :meth:`CountryRoad.parse`.
        limit, threads, node_limit, time_limit: as in
            :func:`loopcraft.slitherlink.solve_many`.

    Returns:
        One ``SolveResult[CountryLoop] | LoopcraftError`` per item, in input order.

    >>> [r.unique for r in solve_many(["https://puzz.link/p?country/5/5/amda0uf02h12h"])]
    [True]
    """
    limit, node_limit, budget = budgets(limit, node_limit, time_limit, _ladder.NO_LIMIT)
    nthreads = threads_arg(threads)

    def solve(sent: List[Any]) -> List[Any]:
        return _ladder.solve_many(sent, limit, node_limit, budget, nthreads)

    def result(board: Optional[CountryRoad], answer: Any) -> Any:
        return answer  # _ladder.solve_many already made it a result (or an error)

    return solve_items(boards, CountryRoad, CountryRoad.parse, CountryRoad.core_args, solve, result)
