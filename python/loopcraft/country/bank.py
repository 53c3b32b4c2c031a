"""Deprecated: single-file Country Road banks. Use :mod:`loopcraft.bank`.

:func:`loopcraft.bank.make_bank` makes banks of every family in a directory
of shards, in this process, a local process pool or on a Dask cluster, and
``loopcraft bank country --sizes 8x8 ...`` is its command. :func:`write_bank`
still writes the old single file (with a ``DeprecationWarning``) and
:func:`read_bank` still reads it; both will go in a later release.

The old format:

Line ``i`` holds puzzle ``i``, generated from the seed ``"{seed}/{i}"`` (so
``generate_puzzle(rows, cols, "{seed}/{i}", ...)`` rebuilds it), with its
grade and its unique answer::

    {"index": 0, "seed": "0/0", "grade": "probe", "countries": 16,
     "numbers_left": 5, "options": {...}, "board": {...CountryRoad.to_dict()...},
     "solution": "0110..."}

Writing is resumable: an interrupted run is continued by running the same
command again. Each line reaches the file in one ``write`` call; on resume a
trailing half line (a run killed mid-write) is cut off, the complete lines are
checked against the options, and generation continues at the next index. A
resumed bank is byte for byte the bank an uninterrupted run writes, whatever
the number of workers.
"""

from __future__ import annotations

import json
import os
import warnings
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Callable, Dict, Iterator, List, Optional, Union

from .._validate import require_int
from ..errors import ArgumentError, ArgumentTypeError
from ._generate import DEFAULT_COUNTRY_SIZE, DEFAULT_COVERAGE, check_options, check_seed, generate_puzzle
from ._loop import MAX_SIDE, MIN_SIDE

__all__ = ["write_bank", "read_bank", "puzzle_seed"]

PathLike = Union[str, "os.PathLike[str]"]


def puzzle_seed(seed: Union[int, str], index: int) -> str:
    """The seed of puzzle ``index`` of a bank made with ``seed``."""
    return f"{seed}/{index}"


def _options(
    rows: int,
    cols: int,
    seed: Union[int, str],
    grade: Optional[str],
    country_size: float,
    coverage: float,
    order: str,
) -> Dict[str, Any]:
    return {
        "rows": rows,
        "cols": cols,
        "bank_seed": seed,
        "grade": grade,
        "country_size": country_size,
        "coverage": coverage,
        "order": order,
    }


def _line(index: int, options: Dict[str, Any], time_limit: Optional[float]) -> bytes:
    p = generate_puzzle(
        options["rows"],
        options["cols"],
        puzzle_seed(options["bank_seed"], index),
        country_size=options["country_size"],
        coverage=options["coverage"],
        order=options["order"],
        grade=options["grade"],
        time_limit=time_limit,
    )
    record = {"index": index, **p.to_dict(), "options": options}
    return (json.dumps(record, separators=(",", ":"), ensure_ascii=False) + "\n").encode("utf-8")


def _existing(path: str, options: Dict[str, Any]) -> int:
    """Complete lines already in ``path`` (cutting off a trailing half line)."""
    try:
        with open(path, "rb") as f:
            data = f.read()
    except FileNotFoundError:
        return 0
    except OSError as exc:
        raise ArgumentError(f"cannot read bank file {path!r}: {exc.strerror}") from None
    end = data.rfind(b"\n") + 1
    if end < len(data):
        try:
            with open(path, "r+b") as f:
                f.truncate(end)
        except OSError as exc:
            raise ArgumentError(f"cannot repair bank file {path!r}: {exc.strerror}") from None
    count = 0
    for lineno, raw in enumerate(data[:end].splitlines(), 1):
        try:
            rec = json.loads(raw)
        except ValueError:
            raise ArgumentError(f"{path}, line {lineno}: not a JSON line; not a bank file, or damaged") from None
        if not isinstance(rec, dict) or rec.get("index") != count:
            raise ArgumentError(f"{path}, line {lineno}: expected the puzzle with index {count}")
        if rec.get("options") != options:
            raise ArgumentError(
                f"{path}, line {lineno}: written with other options {rec.get('options')!r}; "
                f"use another file or the same options ({options!r})"
            )
        count += 1
    return count


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        n = os.write(fd, view)
        view = view[n:]


def write_bank(
    path: PathLike,
    count: int,
    rows: int = 8,
    cols: int = 8,
    seed: Union[int, str] = 0,
    *,
    grade: Optional[str] = None,
    country_size: float = DEFAULT_COUNTRY_SIZE,
    coverage: float = DEFAULT_COVERAGE,
    order: str = "adversarial",
    workers: Optional[int] = None,
    time_limit: Optional[float] = None,
    progress: Optional[Callable[[int, int], None]] = None,
) -> int:
    """Deprecated (use :func:`loopcraft.bank.make_bank`): writes (or completes)
    a single-file bank of ``count`` puzzles; returns the lines added.

    Args:
        path: the JSON Lines file (created if missing, resumed if present).
        count: puzzles the file must hold in the end.
        rows, cols, seed, grade, country_size, coverage, order: as for
            :func:`~loopcraft.country.generate_puzzle`; puzzle ``i``
            uses the seed ``"{seed}/{i}"``.
        workers: threads generating ahead (default: every core). Lines are
            always written in index order.
        time_limit: seconds per puzzle (None: no limit).
        progress: called as ``progress(done, count)`` after each line.

    Raises:
        ValueError: bad arguments, an unwritable path, or a file written with
            other options.
    """
    warnings.warn(
        "loopcraft.country.write_bank is deprecated; use loopcraft.bank.make_bank('country', DIR, sizes, count, ...) "
        "(a directory of shards that any number of processes or a Dask cluster can fill)",
        DeprecationWarning,
        stacklevel=2,
    )
    path = os.fspath(path)
    if not isinstance(path, str):
        raise ArgumentTypeError("path must be a str path")
    require_int("count", count, 1)
    require_int("rows", rows, MIN_SIDE, MAX_SIDE)
    require_int("cols", cols, MIN_SIDE, MAX_SIDE)
    check_seed(seed)
    check_options(rows, cols, country_size, coverage, order, grade, time_limit, 1)
    if workers is None:
        workers = os.cpu_count() or 1
    require_int("workers", workers, 1)
    options = _options(rows, cols, seed, grade, country_size, coverage, order)
    start = _existing(path, options)
    if start >= count:
        return 0
    try:
        fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    except OSError as exc:
        raise ArgumentError(f"cannot write bank file {path!r}: {exc.strerror}") from None
    written = 0
    try:
        if progress:
            progress(start, count)
        with ThreadPoolExecutor(max_workers=workers) as pool:
            # A bounded window of puzzles in flight keeps memory flat on huge banks.
            window = 4 * workers
            pending: List[Any] = []
            nxt = start
            try:
                while nxt < count or pending:
                    while nxt < count and len(pending) < window:
                        pending.append(pool.submit(_line, nxt, options, time_limit))
                        nxt += 1
                    line = pending.pop(0).result()
                    _write_all(fd, line)
                    written += 1
                    if progress:
                        progress(start + written, count)
            except BaseException:
                # Interrupted or failed: drop the puzzles not started yet; the
                # lines already written are whole, and a rerun resumes after them.
                for fut in pending:
                    fut.cancel()
                raise
    finally:
        os.close(fd)
    return written


def read_bank(path: PathLike) -> Iterator[Dict[str, Any]]:
    """The records of a bank file, one dict per complete line.

    ``CountryRoad.from_json(record["board"])`` rebuilds a puzzle.
    """
    with open(os.fspath(path), "rb") as f:
        for raw in f:
            if raw.endswith(b"\n"):
                yield json.loads(raw)
