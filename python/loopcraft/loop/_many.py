"""``loopcraft.loop.solve_many``: many v1 checks in one call, on all cores,
bit for bit (the batch contract: :mod:`loopcraft._batch`)."""

from __future__ import annotations

from typing import Any, Iterable, List, Optional, Union

from .. import _core
from .._batch import batch_items, merge, threads_arg
from .._validate import clue_list, require_int
from ..errors import ArgumentTypeError, LoopcraftError
from ._constants import NODE_LIMIT
from ._engine import SolveResult as LoopResult
from ._geometry import _board_n

__all__ = ["solve_many"]


def solve_many(
    clue_lists: Iterable[Any], n: int, node_limit: Optional[int] = None, *, threads: Optional[int] = None
) -> List[Union[LoopResult, LoopcraftError]]:
    """:func:`loopcraft.loop.solve` on many clue lists of one size ``n``, bit
    for bit (same solutions, same node counts).

    Args:
        clue_lists: flat lists of ``n * n`` clues (int 0..4 or None).
        n: the board size (as in :func:`loopcraft.loop.solve`).
        node_limit: the node budget of each search; None means the v1 default
            (:data:`loopcraft.loop.NODE_LIMIT`).
        threads: worker threads (1..1024); default every core.

    Returns:
        One :class:`loopcraft.loop.SolveResult` or ``LoopcraftError`` (a clue
        list of the wrong length, type or value) per item, in input order.

    >>> rs = solve_many([[None, 3, 2, 2, None, None, None, None, None, 1, 1, None, 0, None, 2, None], [5]], 4)
    >>> rs[0].nodes, type(rs[1]).__name__
    (19, 'ArgumentError')
    """
    n = _board_n(n)
    node_limit = require_int("node_limit", NODE_LIMIT if node_limit is None else node_limit, 0, 2**63 - 1)
    nthreads = threads_arg(threads)
    if isinstance(clue_lists, (str, bytes)) or not isinstance(clue_lists, Iterable):
        raise ArgumentTypeError(f"clue_lists must be a list of clue lists, got {type(clue_lists).__name__}")
    read: List[Union[List[Optional[int]], LoopcraftError]] = []
    for i, clues in batch_items(clue_lists, "clue lists"):
        try:
            read.append(clue_list(f"clue_lists[{i}]", clues, n * n, 4))
        except LoopcraftError as err:
            read.append(err)
    ok = [c for c in read if not isinstance(c, LoopcraftError)]
    raw = _core.loop_solve_many(n, ok, node_limit, nthreads)

    def result(answer: Any) -> Union[LoopResult, LoopcraftError]:
        if isinstance(answer, LoopcraftError):
            return answer
        solutions, nodes, truncated = answer
        return LoopResult([list(s) for s in solutions], nodes, truncated)

    return merge(read, (result(a) for a in raw))
