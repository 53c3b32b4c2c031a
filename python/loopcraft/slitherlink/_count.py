"""Counting the solutions of a Slitherlink board, by two independent engines."""

from __future__ import annotations

from typing import Optional, Tuple

from .._validate import require_int, require_str, show
from ..errors import ArgumentError, ArgumentTypeError
from ._board import Slitherlink

__all__ = ["ENGINES", "count_solutions"]

#: ``search``: the solver's search, enumerating the solutions one by one;
#: ``frontier``: dynamic programming over a sweep line (exact counts of
#: astronomically many loops; shares nothing with the solver but geometry).
ENGINES: Tuple[str, ...] = ("search", "frontier")
_NO_LIMIT = 2**32 - 1


def count_solutions(
    board: Slitherlink,
    engine: str = "frontier",
    limit: Optional[int] = None,
    *,
    max_states: Optional[int] = None,
    deduce: bool = True,
) -> int:
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
            of the whole board); only time and memory differ. Which route ran,
            and why, is what ``loopcraft._core.SlitherBoard.count_deduced`` reports
            beside the count (``engine``: ``"ladder"``, ``"ladder+frontier"``
            or ``"frontier"``, and a one-sentence ``reason``).

    >>> count_solutions(Slitherlink([[None] * 4 for _ in range(4)]))
    9349
    >>> count_solutions(Slitherlink.from_url("https://puzz.link/p?slither/5/5/g31bh0ck16023c"), engine="search")
    1
    """
    if not isinstance(board, Slitherlink):
        raise ArgumentTypeError(f"board must be a Slitherlink, got {type(board).__name__}")
    require_str("engine", engine)
    if engine not in ENGINES:
        raise ArgumentError(f"unknown engine {show(engine)}; the engines are {', '.join(ENGINES)}")
    if limit is not None:
        limit = require_int("limit", limit, 0, 2**63 - 1)
        if limit == 0:
            return 0
    if max_states is not None:
        max_states = require_int("max_states", max_states, 1, 2**63 - 1)
    if not isinstance(deduce, bool):
        raise ArgumentTypeError(f"deduce must be a bool, got {type(deduce).__name__}")
    if engine == "frontier":
        count, _, _, _ = board.core_board.count_deduced(limit, max_states, deduce=deduce)
        return int(count)
    result = board.solve(limit=min(limit or _NO_LIMIT, _NO_LIMIT))
    return result.count
