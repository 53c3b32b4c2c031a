"""Argument checks shared by the public functions.

They raise ``TypeError`` for a wrong type and ``ValueError`` for a wrong value,
naming the argument, so that nothing malformed reaches the compiled core.
"""

from __future__ import annotations

import os
import sys
from itertools import islice
from typing import Any, Callable, Iterable, List, Optional, Sequence, Sized, Union

from . import _core
from .errors import ArgumentError, ArgumentTypeError

# The generators' ``attempts`` fits the core's u32 counter in both families, so
# both refuse the same absurd values instead of one looping until its budget.
MAX_ATTEMPTS: int = _core.MAX_ATTEMPTS
#: Most worker threads of a frontier count (the core's ``frontier::MAX_THREADS``).
MAX_COUNT_THREADS: int = _core.MAX_COUNT_THREADS


#: The most edge values the solutions of one search keep (a memory budget:
#: some 300 MB once they are Python tuples). ``solve(limit=10**9)`` on an open
#: board keeps finding solutions until its time limit, and held every one: a
#: blank 10 x 10 Slitherlink finds some 90,000 a second, 1.8 KB each, so the
#: command line's default minute asked for about 10 GB and ended in a
#: MemoryError. A search stops at :func:`kept_limit` instead, as at ``limit``.
#: The core's (``budget::MAX_KEPT_VALUES``), which shares it among a batch's
#: items the same way.
MAX_KEPT_VALUES: int = _core.MAX_KEPT_VALUES


def kept_limit(limit: int, values: int) -> int:
    """``limit``, lowered so that that many solutions of ``values`` edge values
    each stay within :data:`MAX_KEPT_VALUES`, but never below 2 (the least
    that proves uniqueness). A search stopped there is not complete, and its
    result's ``limit`` says where it stopped.

    >>> kept_limit(2, 220), kept_limit(10**9, 220), kept_limit(10**9, 10**9)
    (2, 152520, 2)
    """
    return min(limit, max(2, MAX_KEPT_VALUES // max(1, values)))


def show(value: Any) -> str:
    """``repr(value)`` for an error message. An int too long to print (Python
    refuses to write one of more than 4,300 digits, with a ValueError) is
    described by its size instead, and so is anything holding one or nested
    too deeply to print; a long repr is cut at 200 characters.

    >>> show(10**400)
    'an int of 1329 bits'
    >>> show([1, "a"])
    "[1, 'a']"
    """
    if isinstance(value, int) and value.bit_length() > 256:
        return f"an int of {value.bit_length()} bits"
    try:
        text = repr(value)
    except (ValueError, RecursionError):  # a huge int inside, or nesting too deep
        return f"a {type(value).__name__} too long or too deep to print"
    return text if len(text) <= 200 else text[:200] + "..."


def size_of(name: str, value: Sized) -> int:
    """``len(value)``: a length past ``sys.maxsize`` (``range(10**30)``), which
    ``len`` refuses with an OverflowError, is an ArgumentError naming ``name``.

    >>> size_of("rows", [1, 2])
    2
    >>> size_of("rows", range(10**30))
    Traceback (most recent call last):
    ...
    loopcraft.errors.ArgumentError: rows has more than 9223372036854775807 items
    """
    try:
        return len(value)
    except OverflowError:
        raise ArgumentError(f"{name} has more than {sys.maxsize} items") from None


def require_int(name: str, value: Any, lo: Optional[int] = None, hi: Optional[int] = None) -> int:
    """Checks that ``value`` is an ``int`` (not a ``bool``) within ``[lo, hi]``."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ArgumentTypeError(f"{name} must be an int, got {type(value).__name__}")
    if lo is not None and value < lo:
        raise ArgumentError(f"{name} must be at least {lo}, got {show(value)}")
    if hi is not None and value > hi:
        raise ArgumentError(f"{name} must be at most {hi}, got {show(value)}")
    return value


def require_number(name: str, value: Any, lo: float = 0) -> float:
    """Checks a number (int or float, not bool) of at least ``lo``, as a float:
    an int too large for a float is an ArgumentError, not an OverflowError."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ArgumentTypeError(f"{name} must be a number, got {type(value).__name__}")
    try:
        out = float(value)
    except OverflowError:
        raise ArgumentError(f"{name} is too large for a float, got an int of {int(value).bit_length()} bits") from None
    if not out >= lo:  # also catches NaN
        raise ArgumentError(f"{name} must be at least {lo}, got {show(value)}")
    return out


def require_optional_number(name: str, value: Any, lo: float = 0) -> Optional[float]:
    """Checks an optional budget: ``None`` or a number of at least ``lo``, as a float."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ArgumentTypeError(f"{name} must be a number or None, got {type(value).__name__}")
    return require_number(name, value, lo)


#: The most decimal digits of an int seed (the core's limit on numbers read
#: from text): seeds are written in decimal (in messages, in the seeds of a
#: bank's boards and of the stats' boards), and Python refuses to write an
#: int of more than 4,300 digits, with a bare ValueError.
MAX_SEED_DIGITS: int = _core.MAX_DIGITS
_SEED_BOUND = 10**MAX_SEED_DIGITS


def require_seed(seed: Any) -> Union[int, str]:
    """Checks a generator seed: an int of at most :data:`MAX_SEED_DIGITS`
    digits, or a str that is valid Unicode text (a lone surrogate has no
    UTF-8 form, which the seed is hashed from).

    The Loop engine v1 does not use this: its seeds follow JavaScript's UTF-16
    rules, where a lone surrogate is a code unit like any other."""
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        raise ArgumentTypeError(f"seed must be an int or a str, got {type(seed).__name__}")
    if isinstance(seed, int) and not -_SEED_BOUND < seed < _SEED_BOUND:
        raise ArgumentError(f"seed must be an int of at most {MAX_SEED_DIGITS} digits, got {show(seed)}")
    if isinstance(seed, str):
        try:
            seed.encode("utf-8")
        except UnicodeEncodeError as exc:
            raise ArgumentError(f"seed holds a lone surrogate at position {exc.start}: it is not valid text") from None
    return seed


def require_str(name: str, value: Any) -> str:
    if not isinstance(value, str):
        raise ArgumentTypeError(f"{name} must be a str, got {type(value).__name__}")
    return value


def require_text(name: str, value: Any) -> str:
    """Checks a str that can be written out: a lone surrogate has no UTF-8
    form, and a stream that writes it fails with a bare UnicodeEncodeError."""
    text = require_str(name, value)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise ArgumentError(f"{name} holds a lone surrogate at position {exc.start}: it is not valid text") from None
    return text


def require_path(name: str, value: Any) -> Union[str, os.PathLike[str]]:
    """Checks a file or directory name: a str or path the file system can
    take. A NUL (``ValueError: embedded null byte``) or a lone surrogate the
    file system encoding refuses (``UnicodeEncodeError``) is an ArgumentError
    here instead of a bare error from ``open``."""
    if not isinstance(value, (str, os.PathLike)):
        raise ArgumentTypeError(f"{name} must be a file name (a str or a path), got {type(value).__name__}")
    try:
        encoded = os.fsencode(value)
    except (UnicodeError, TypeError) as exc:  # TypeError: a PathLike whose __fspath__ is no str
        raise ArgumentError(f"{name} {show(value)} is not a file name: {exc}") from None
    if b"\0" in encoded:
        raise ArgumentError(f"{name} {show(value)} is not a file name: it holds a NUL character")
    return value


def items_of(
    values: Iterable[Any], most: Optional[int] = None, each: Optional[Callable[[Any], object]] = None
) -> List[Any]:
    """The items of an iterable as a list, read one by one up to ``most + 1``
    of them (all when ``most`` is None). ``each(item)``, when given, checks
    every item as it is read, so that an endless iterable (or
    ``range(10**18)``) is refused at its first wrong item instead of being
    read whole first.

    ``list(values)`` would size its buffer from ``len(values)`` (or the
    iterator's length hint), which an object may make up: ``sys.maxsize`` is a MemoryError in Python and, handed
    to the compiled core, an allocation failure that aborts the process. A
    list or tuple tells the truth and is copied at once.
    """
    if type(values) is list or type(values) is tuple:
        out = list(values if most is None else values[: most + 1])
        if each is not None:
            for v in out:
                each(v)
        return out
    items = islice(values, None if most is None else most + 1)  # islice gives no length hint
    if each is None:
        return list(items)
    out = []
    for v in items:
        each(v)
        out.append(v)
    return out


#: The most names a list of stages or levels may hold (repeats allowed): an
#: endless iterable of good names stops here instead of never.
MAX_NAMES = 1024


def bounded_items(
    name: str, values: Iterable[Any], most: int, each: Optional[Callable[[Any], object]] = None
) -> List[Any]:
    """:func:`items_of`, refusing more than ``most`` items with an
    ArgumentError: an endless iterable of items that each pass ``each``
    (``itertools.repeat`` of a good one) is refused, not read forever."""
    out = items_of(values, most, each)
    if len(out) > most:
        raise ArgumentError(f"{name} has more than {most} items")
    return out


def clue_list(name: str, clues: Any, length: int, max_clue: int) -> List[Optional[int]]:
    """Checks a flat clue list: ``length`` entries, each ``None`` or an int in 0..max_clue."""
    if isinstance(clues, (str, bytes)) or not isinstance(clues, Iterable):
        raise ArgumentTypeError(f"{name} must be a list of int or None, got {type(clues).__name__}")
    out = items_of(clues, length)
    if len(out) != length:
        got = len(out) if len(out) < length else "more"
        raise ArgumentError(f"{name} must have {length} entries, got {got}")
    for i, c in enumerate(out):
        if c is None:
            continue
        if isinstance(c, bool) or not isinstance(c, int):
            raise ArgumentTypeError(f"{name}[{i}] must be an int or None, got {type(c).__name__}")
        if not 0 <= c <= max_clue:
            raise ArgumentError(f"{name}[{i}] = {show(c)} is outside 0..{max_clue}")
    return out


def bit_list(name: str, values: Any, length: int) -> List[int]:
    """Checks a 0/1 list of a given length (bools and ints accepted)."""
    if isinstance(values, (str, bytes)) or not isinstance(values, Sequence):
        raise ArgumentTypeError(f"{name} must be a list of 0/1, got {type(values).__name__}")
    if len(values) != length:
        raise ArgumentError(f"{name} must have {length} entries, got {len(values)}")
    out = []
    for i, v in enumerate(values):
        if not isinstance(v, int):
            raise ArgumentTypeError(f"{name}[{i}] must be 0 or 1, got {type(v).__name__}")
        if v not in (0, 1):
            raise ArgumentError(f"{name}[{i}] must be 0 or 1, got {show(v)}")
        out.append(int(v))
    return out
