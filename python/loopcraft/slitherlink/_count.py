"""Counting the solutions of a Slitherlink board, by two independent engines."""

from __future__ import annotations

from typing import Optional, Tuple

from .._result import Count
from ..errors import ArgumentTypeError
from ._board import COUNT_ENGINES, Slitherlink

__all__ = ["ENGINES", "count_solutions"]

#: The counting engines (see :meth:`Slitherlink.count`).
ENGINES: Tuple[str, ...] = COUNT_ENGINES


def count_solutions(
    board: Slitherlink,
    engine: str = "frontier",
    limit: Optional[int] = None,
    *,
    max_states: Optional[int] = None,
    deduce: bool = True,
    threads: int = 1,
) -> Count:
    """Number of solutions of ``board``: single loops on the grid edges that
    satisfy every clue (with no clue at all: OEIS A140517).

    Args:
        engine: ``"frontier"`` (default; exact at any size within its memory
            budget) or ``"search"`` (enumerates, so only for small counts).
        limit: count at most this many: the result is ``min(count, limit)``,
            so a result equal to ``limit`` means "at least ``limit``".
            ``search`` stops when it has found that many; ``frontier`` stops
            as soon as loops already closed, with no positive clue left to
            check, reach it (else it sweeps to the end and clamps).
        max_states: the frontier's budget of states per sweep step (default
            20 million, about 3 GB): more raises :class:`~loopcraft.CapacityError`.
        deduce: (``frontier`` only) run the strongest propagation level
            (``trial``) to its fixpoint first. When it decides every edge the
            count is 1 (or 0 on a contradiction) with no sweep at all;
            otherwise the sweep draws exactly the edges it decided on and
            none it decided off, so the frontier carries only the open part.
            The count is the same as with ``deduce=False`` (the plain sweep
            of the whole board); only time and memory differ. A board
            without clues has nothing to deduce from and is counted plainly.
        threads: (``frontier`` only) worker threads, 1 to 256 (default 1), for
            a board without clues, which is counted over
            a table of every frontier state; other boards use one.

    Returns:
        A :class:`loopcraft.Count`: the number, with the route that ran
        (``engine``: ``"ladder"``, ``"ladder+frontier"``, ``"frontier"`` or
        ``"search"``) and a one-sentence ``reason``.

    >>> count_solutions(Slitherlink([[None] * 4 for _ in range(4)]))
    9349
    >>> count_solutions(Slitherlink.from_url("https://puzz.link/p?slither/5/5/g31bh0ck16023c"), engine="search")
    1
    """
    if not isinstance(board, Slitherlink):
        raise ArgumentTypeError(f"board must be a Slitherlink, got {type(board).__name__}")
    return board.count(engine, limit, max_states=max_states, deduce=deduce, threads=threads)
