"""``loopcraft.slitherlink.solve_many``: many boards in one call, on all cores
(the batch contract: :mod:`loopcraft._batch`)."""

from __future__ import annotations

from typing import Any, Iterable, List, Optional, Tuple, Union

from .. import _core
from .._batch import budgets, solve_items, threads_arg
from .._result import SolveResult
from ..errors import LoopcraftError
from ._board import Slitherlink
from ._solution import Solution

__all__ = ["solve_many"]


def solve_many(
    boards: Iterable[Any],
    limit: int = 2,
    *,
    threads: Optional[int] = None,
    node_limit: Optional[int] = None,
    time_limit: Optional[float] = None,
) -> List[Union[SolveResult[Solution], LoopcraftError]]:
    """:meth:`Slitherlink.solve <loopcraft.slitherlink.Slitherlink.solve>` on
    many boards at once (see :mod:`loopcraft._batch`).

    Args:
        boards: :class:`~loopcraft.slitherlink.Slitherlink` boards or texts
            read with :meth:`Slitherlink.parse`.
        limit: stop each search after this many solutions (2 proves uniqueness).
            The batch keeps every item's solutions until it returns, so an
            item also stops at its share of ``_core.MAX_KEPT_VALUES`` edge
            values (the whole batch's memory budget; never below 2), and is
            then not ``complete``.
        threads: worker threads (1..1024); default every core.
        node_limit, time_limit: budgets of each item's search (seconds).

    Returns:
        One ``SolveResult[Solution] | LoopcraftError`` per item, in input order:
        the same result ``parse(text).solve(limit, node_limit, time_limit)``
        gives (solutions, count, complete, nodes), or the error that item
        raised.

    >>> [r.unique for r in solve_many([Slitherlink([[3, 3, 1]]), "2 3\\n3 - 0\\n- 2 -"])]
    [True, False]
    """
    limit, node_limit, budget = budgets(limit, node_limit, time_limit, 2**32 - 1)
    nthreads = threads_arg(threads)

    def solve(sent: List[Any]) -> List[Any]:
        return _core.slither_solve_many(sent, limit, node_limit, budget, nthreads)

    def result(board: Optional[Slitherlink], answer: Any) -> Union[SolveResult[Solution], LoopcraftError]:
        if isinstance(answer, LoopcraftError):
            return answer
        found, finished, nodes = answer[:3]
        sols: Tuple[Solution, ...] = ()
        if found:
            if board is None:  # a text the core read: the clues come back with the answer
                rows, cols, flat = answer[3]
                clues = tuple(tuple(flat[r * cols : (r + 1) * cols]) for r in range(rows))
            else:
                rows, cols, clues = board.rows, board.cols, board.clues
            sols = tuple(Solution._trusted(rows, cols, tuple(s), clues) for s in found)
        return SolveResult.from_search(sols, finished, nodes, limit)

    return solve_items(boards, Slitherlink, Slitherlink.parse, Slitherlink.core_args, solve, result)
