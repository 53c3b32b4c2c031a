"""Batches: many boards solved in one call, on all cores, with the GIL released.

Each family exports its ``solve_many``:

- :func:`loopcraft.slitherlink.solve_many` (:func:`slitherlink_solve_many`),
- :func:`loopcraft.country.solve_many` (:func:`country_solve_many`),
- :func:`loopcraft.loop.solve_many` (:func:`loop_solve_many`).

Items may be board objects or raw texts (anything the family's ``parse``
reads: puzz.link URLs, puzzlekit text, JSON, Loopy IDs). Texts are read in
Python, on the calling thread, by that one parser; then the compiled core
solves every board on ``threads`` worker threads (default: every core),
without the GIL (the largest boards start first, so that no thread is left
alone with a big one at the end), and the answers come back **in input order**.

**Per-item errors.** An item that cannot be read or is not a board does not
raise: its place in the list holds the :class:`~loopcraft.errors.LoopcraftError`
instance that ``parse`` (or the board's check) raised, typically a
:class:`~loopcraft.errors.FormatError`, or an
:class:`~loopcraft.errors.ArgumentTypeError` for an item of the wrong type.
So each answer is ``SolveResult | LoopcraftError``; tell them apart with
``isinstance`` (:func:`errors_of` lists the failures with their indices).
Arguments of the whole batch (``limit``, ``threads``, budgets) are checked
first and raise as in ``solve``.

**Budgets are per item**: ``node_limit`` and ``time_limit`` (seconds, counted
from the start of that item's search) bound each board's search alone, as in
``solve``; a board stopped by one comes back with ``complete = False``.

Ctrl-C is honoured between items: the boards in progress finish (each within
its own budget), no new one starts, and ``KeyboardInterrupt`` is raised.

>>> from loopcraft.slitherlink import solve_many
>>> rs = solve_many(["https://puzz.link/p?slither/5/5/g31bh0ck16023c", "not a board"], threads=2)
>>> rs[0].unique, type(rs[1]).__name__
(True, 'FormatError')
>>> errors_of(rs)
[(1, FormatError("...))]
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Iterable, List, Optional, Sequence, Tuple, Type, TypeVar, Union

from . import _core
from ._result import SolveResult
from ._validate import clue_list, require_int, require_optional_number
from .errors import ArgumentTypeError, LoopcraftError

if TYPE_CHECKING:  # the families import this module first: read them lazily at run time
    from .country._loop import CountryLoop
    from .loop._engine import SolveResult as LoopResult
    from .slitherlink._solution import Solution

__all__ = [
    "MAX_THREADS",
    "BatchResult",
    "errors_of",
    "slitherlink_solve_many",
    "country_solve_many",
    "loop_solve_many",
]

#: Most worker threads a batch may ask for (the core's ``batch::MAX_THREADS``).
MAX_THREADS = 1024

S = TypeVar("S")
B = TypeVar("B")
R = TypeVar("R")

#: One answer of a batch: the item's :class:`~loopcraft.SolveResult`, or the
#: error that item raised while being read or checked.
BatchResult = Union[SolveResult[S], LoopcraftError]


def errors_of(results: Sequence[Union[R, LoopcraftError]]) -> List[Tuple[int, LoopcraftError]]:
    """The failed items of a batch as ``(index, error)`` pairs, in input order."""
    return [(i, r) for i, r in enumerate(results) if isinstance(r, LoopcraftError)]


def _threads(threads: Any) -> Optional[int]:
    return None if threads is None else require_int("threads", threads, 1, MAX_THREADS)


def _read_items(items: Any, board_type: Type[B], parse: Callable[[str], B]) -> List[Union[B, LoopcraftError]]:
    """Each item as a board, or the error reading it raised."""
    if isinstance(items, (str, bytes)) or not isinstance(items, Iterable):
        raise ArgumentTypeError(f"boards must be a list of boards or texts, got {type(items).__name__}")
    out: List[Union[B, LoopcraftError]] = []
    name = board_type.__name__
    for i, item in enumerate(items):
        if isinstance(item, board_type):
            out.append(item)
        elif isinstance(item, str):
            try:
                out.append(parse(item))
            except LoopcraftError as err:
                out.append(err)
        else:
            out.append(ArgumentTypeError(f"boards[{i}] must be a {name} or a str, got {type(item).__name__}"))
    return out


def _merge(
    read: Sequence[Union[B, LoopcraftError]], answers: Iterable[Union[R, LoopcraftError]]
) -> List[Union[R, LoopcraftError]]:
    """The core's answers (for the boards only) put back among the read errors."""
    it = iter(answers)
    return [item if isinstance(item, LoopcraftError) else next(it) for item in read]


def _budgets(
    limit: Any, node_limit: Any, time_limit: Any, max_limit: int
) -> Tuple[int, Optional[int], Optional[float]]:
    limit = require_int("limit", limit, 1, max_limit)
    if node_limit is not None:
        node_limit = require_int("node_limit", node_limit, 0, 2**63 - 1)
    budget = require_optional_number("time_limit", time_limit)
    return limit, node_limit, None if budget is None else float(budget)


# ----------------------------------------------------------------- Slitherlink


def slitherlink_solve_many(
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
        threads: worker threads (1..1024); default every core.
        node_limit, time_limit: budgets of each item's search (seconds).

    Returns:
        One ``SolveResult[Solution] | LoopcraftError`` per item, in input order:
        the same result ``parse(text).solve(limit, node_limit, time_limit)``
        gives (solutions, count, complete, nodes), or the error that item
        raised.

    >>> from loopcraft.slitherlink import Slitherlink
    >>> [r.unique for r in slitherlink_solve_many([Slitherlink([[3, 3, 1]]), "2 3\\n3 - 0\\n- 2 -"])]
    [True, False]
    """
    from .slitherlink._board import Slitherlink
    from .slitherlink._solution import Solution

    limit, node_limit, budget = _budgets(limit, node_limit, time_limit, 2**32 - 1)
    nthreads = _threads(threads)
    read = _read_items(boards, Slitherlink, Slitherlink.parse)
    ok = [b for b in read if isinstance(b, Slitherlink)]
    raw = _core.slither_solve_many([(b.rows, b.cols, b.flat_clues) for b in ok], limit, node_limit, budget, nthreads)

    def result(board: Slitherlink, answer: Any) -> Union[SolveResult[Solution], LoopcraftError]:
        if isinstance(answer, LoopcraftError):
            return answer
        found, finished, nodes = answer
        sols = tuple(Solution(board.rows, board.cols, tuple(s), board.clues) for s in found)
        return SolveResult(len(sols), bool(finished) and len(sols) < limit, sols, int(nodes), limit)

    return _merge(read, (result(b, a) for b, a in zip(ok, raw)))


# ----------------------------------------------------------------- Country Road


def country_solve_many(
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
            :func:`slitherlink_solve_many`.

    Returns:
        One ``SolveResult[CountryLoop] | LoopcraftError`` per item, in input order.

    >>> [r.unique for r in country_solve_many(["https://puzz.link/p?country/5/5/amda0uf02h12h"])]
    [True]
    """
    from .country import _ladder
    from .country._board import CountryRoad

    limit, node_limit, budget = _budgets(limit, node_limit, time_limit, _ladder.NO_LIMIT)
    nthreads = _threads(threads)
    read = _read_items(boards, CountryRoad, CountryRoad.parse)
    ok = [b.core_args() for b in read if isinstance(b, CountryRoad)]
    return _merge(read, _ladder.solve_many(ok, limit, node_limit, budget, nthreads))


# ----------------------------------------------------------------- Loop engine v1


def loop_solve_many(
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

    >>> rs = loop_solve_many([[None, 3, 2, 2, None, None, None, None, None, 1, 1, None, 0, None, 2, None], [5]], 4)
    >>> rs[0].nodes, type(rs[1]).__name__
    (19, 'ArgumentError')
    """
    from .loop._constants import NODE_LIMIT
    from .loop._engine import SolveResult as LoopResult
    from .loop._geometry import _board_n

    n = _board_n(n)
    node_limit = require_int("node_limit", NODE_LIMIT if node_limit is None else node_limit, 0, 2**63 - 1)
    nthreads = _threads(threads)
    if isinstance(clue_lists, (str, bytes)) or not isinstance(clue_lists, Iterable):
        raise ArgumentTypeError(f"clue_lists must be a list of clue lists, got {type(clue_lists).__name__}")
    read: List[Union[List[Optional[int]], LoopcraftError]] = []
    for i, clues in enumerate(clue_lists):
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

    return _merge(read, (result(a) for a in raw))
