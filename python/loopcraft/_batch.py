"""Batches: many boards solved in one call, on all cores, with the GIL released.

Each family exports its ``solve_many`` (in its own ``_many.py``), built on the
family-neutral helpers here:

- :func:`loopcraft.slitherlink.solve_many`,
- :func:`loopcraft.country.solve_many`,
- :func:`loopcraft.loop.solve_many`.

Items may be board objects or raw texts (anything the family's ``parse``
reads: puzz.link URLs, puzzlekit text, JSON, Loopy IDs). The compiled core
solves every board on ``threads`` worker threads (default: every core),
without the GIL (the largest boards start first, so that no thread is left
alone with a big one at the end), and the answers come back **in input order**.

**Texts.** puzzlekit text and puzz.link URLs are read on the worker
threads by the reader ``parse`` itself uses (the core's, ``rust/read/``),
so reading runs in parallel too, and a batch reads such a text exactly as
``parse`` does. JSON, Loopy IDs, and any text with a mistake (or that is no
board) are read by the family's ``parse`` on the calling thread, which
raises the reader's own error for a mistake (``tests/test_batch_read.py``).

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

from typing import Any, Callable, Iterable, Iterator, List, Optional, Sequence, Tuple, Type, TypeVar, Union

from . import _core
from ._result import SolveResult
from ._validate import require_int, require_optional_number, size_of
from .errors import ArgumentError, ArgumentTypeError, LoopcraftError

__all__ = [
    "MAX_BATCH",
    "MAX_THREADS",
    "BatchResult",
    "batch_items",
    "errors_of",
    "threads_arg",
    "solve_items",
    "merge",
    "budgets",
]

#: Most worker threads a batch may ask for (the core's ``batch::MAX_THREADS``).
MAX_THREADS: int = _core.MAX_THREADS

#: The most items one batch may hold (split a larger one): past it the batch
#: is refused, so that an endless iterable, or ``range(10**18)``, is not read
#: until memory runs out. A list, tuple or range past it is refused at once.
MAX_BATCH = 1 << 20


def batch_items(items: Iterable[Any], name: str = "boards") -> Iterator[Tuple[int, Any]]:
    """``enumerate(items)`` for a batch: an ArgumentError past
    :data:`MAX_BATCH` items, before reading any when the container's length
    is known to be true (an exact list, tuple or range)."""
    if type(items) in (list, tuple, range) and size_of(name, items) > MAX_BATCH:  # type: ignore[arg-type]
        raise ArgumentError(f"a batch holds at most {MAX_BATCH:,} {name}, got {len(items):,}; split it")  # type: ignore[arg-type]
    for i, item in enumerate(items):
        if i == MAX_BATCH:
            raise ArgumentError(f"a batch holds at most {MAX_BATCH:,} {name}; split it")
        yield i, item


S = TypeVar("S")
B = TypeVar("B")
R = TypeVar("R")

#: One answer of a batch: the item's :class:`~loopcraft.SolveResult`, or the
#: error that item raised while being read or checked.
BatchResult = Union[SolveResult[S], LoopcraftError]


def errors_of(results: Sequence[Union[R, LoopcraftError]]) -> List[Tuple[int, LoopcraftError]]:
    """The failed items of a batch as ``(index, error)`` pairs, in input order."""
    if isinstance(results, (str, bytes)) or not isinstance(results, Iterable):
        raise ArgumentTypeError(f"results must be the list a solve_many returned, got {type(results).__name__}")
    return [(i, r) for i, r in enumerate(results) if isinstance(r, LoopcraftError)]


def threads_arg(threads: Any) -> Optional[int]:
    return None if threads is None else require_int("threads", threads, 1, MAX_THREADS)


def solve_items(
    items: Any,
    board_type: Type[B],
    parse: Callable[[str], B],
    core_args: Callable[[B], Tuple[Any, ...]],
    solve: Callable[[List[Any]], List[Any]],
    result: Callable[[Optional[B], Any], Union[R, LoopcraftError]],
) -> List[Union[R, LoopcraftError]]:
    """The batch contract for one family, on top of its core call.

    ``solve`` takes a list of core arguments (``core_args`` of a board) and
    texts, and answers each with a tuple, an error instance, or None for a
    text the core left to ``parse``; ``result(board, answer)`` makes the
    answer public (``board`` is None when the core read the text: the tuple
    then carries what it read). Unread texts are read with ``parse``, and the
    boards it gives are solved in a second call.
    """
    if isinstance(items, (str, bytes)) or not isinstance(items, Iterable):
        raise ArgumentTypeError(f"boards must be a list of boards or texts, got {type(items).__name__}")
    name = board_type.__name__
    slots: List[Any] = []  # per item: a board, a text, or its error
    for i, item in batch_items(items):
        if isinstance(item, (board_type, str)):
            slots.append(item)
        else:
            slots.append(ArgumentTypeError(f"boards[{i}] must be a {name} or a str, got {type(item).__name__}"))
    sent = [core_args(x) if isinstance(x, board_type) else x for x in slots if not isinstance(x, LoopcraftError)]
    answers = iter(solve(sent))
    out: List[Any] = []
    unread: List[int] = []
    for x in slots:
        if isinstance(x, LoopcraftError):
            out.append(x)
            continue
        answer = next(answers)
        if answer is None:
            unread.append(len(out))
            out.append(x)
        else:
            out.append(result(x if isinstance(x, board_type) else None, answer))
    if unread:
        read: List[Tuple[int, B]] = []
        for i in unread:
            try:
                read.append((i, parse(out[i])))
            except LoopcraftError as err:
                out[i] = err
        for (i, board), answer in zip(read, solve([core_args(b) for _, b in read])):
            out[i] = result(board, answer)
    return out


def merge(
    read: Sequence[Union[B, LoopcraftError]], answers: Iterable[Union[R, LoopcraftError]]
) -> List[Union[R, LoopcraftError]]:
    """The core's answers (for the boards only) put back among the read errors."""
    it = iter(answers)
    return [item if isinstance(item, LoopcraftError) else next(it) for item in read]


def budgets(limit: Any, node_limit: Any, time_limit: Any, max_limit: int) -> Tuple[int, Optional[int], Optional[float]]:
    limit = require_int("limit", limit, 1, max_limit)
    if node_limit is not None:
        node_limit = require_int("node_limit", node_limit, 0, 2**63 - 1)
    budget = require_optional_number("time_limit", time_limit)
    return limit, node_limit, None if budget is None else float(budget)
