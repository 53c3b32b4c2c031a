"""Running the tables: seeds, worker threads, progress (tqdm) and output files."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Callable, Dict, Iterable, List, Optional, Sequence, Tuple, Union

from tqdm import tqdm  # type: ignore[import-untyped,unused-ignore]

from ..._validate import MAX_NAMES, bounded_items, require_int, require_path, require_seed, require_text, show
from ...bank._runners import CONNECT_TIMEOUT, MAX_WORKERS, Runner, check_runner_options, make_runner
from ...errors import ArgumentError, ArgumentTypeError
from ._model import Group, Row, Table, TableSpec
from ._plots import have_matplotlib, save_png
from ._tables import TABLES

__all__ = ["Progress", "progress_bar", "run_table", "run_stats", "write_table", "check_out_dir"]

#: Boards per task at most (fewer when a table has few boards per worker slot).
CHUNK = 8
#: Local processes by default (every core, up to this many).
MAX_DEFAULT_WORKERS = 32
#: Most boards per row group (the plan lists them all before anything runs).
MAX_BOARDS = 1_000_000

#: The largest total a progress bar counts to (tqdm computes in floats).
MAX_PROGRESS = 2**53

#: ``progress(done, total)``, called as boards finish.
Progress = Callable[[int, int], None]


def progress_bar(total: int, label: str, stream: Any = None) -> Tuple[Progress, Callable[[], None]]:
    """A tqdm progress bar as a ``progress(done, total)`` callback, and its ``close``."""
    # tqdm took a total of 10**19 (an OverflowError), "x" (a TypeError) and a
    # label True (a TypeError) or with a lone surrogate (a UnicodeEncodeError).
    require_int("total", total, 0, MAX_PROGRESS)
    require_text("label", label)
    bar = tqdm(total=total, desc=label, file=stream, leave=True, dynamic_ncols=True)

    def update(done: int, _total: int) -> None:
        bar.update(done - bar.n)

    return update, bar.close


def _check_table_name(name: Any) -> TableSpec:
    if not isinstance(name, str):
        raise ArgumentTypeError(f"table name must be a str, got {type(name).__name__}")
    if name not in TABLES:
        raise ArgumentError(f"unknown table {show(name)}; expected one of {', '.join(TABLES)}")
    return TABLES[name]


def _groups(spec: TableSpec, boards: Optional[int]) -> List[Group]:
    return [g if boards is None else Group(g.rows, g.cols, boards, g.params) for g in spec.groups]


#: One task of a sweep: (table, boards per group, master seed, [(group, board), ...]).
SweepTask = Tuple[str, Optional[int], Union[int, str], Tuple[Tuple[int, int], ...]]


def measure_chunk(task: SweepTask) -> List[Dict[str, Any]]:
    """Measures a few boards of one table (runs on a worker: process or Dask)."""
    name, boards, seed, pairs = task
    spec = TABLES[name]
    groups = _groups(spec, boards)
    return [spec.measure(groups[gi], f"{seed}/{name}/{groups[gi].key}/{i}") for gi, i in pairs]


def run_table(
    name: str,
    boards: Optional[int] = None,
    seed: Union[int, str] = 0,
    workers: Optional[int] = None,
    progress: Optional[Callable[[int, int], None]] = None,
    *,
    scheduler: Optional[str] = None,
    connect_timeout: float = CONNECT_TIMEOUT,
    runner: Optional[Runner] = None,
) -> Table:
    """Regenerates one table from fresh seeded boards.

    Args:
        name: a key of :data:`TABLES`.
        boards: boards per row group (default: the counts of docs/country-road.md).
        seed: master seed; board ``i`` of a group uses ``"{seed}/{name}/{group}/{i}"``.
        workers: local processes (default: every core; 1: this process).
            The result does not depend on it.
        progress: called as ``progress(done, total)`` as boards finish.
        scheduler: run on Dask instead: a scheduler address or ``"local"``
            (a LocalCluster of ``workers``); needs ``loopcraft[dask]``.
        connect_timeout: seconds to wait for the Dask scheduler.
        runner: a runner to use (and leave open), e.g. one Dask cluster for
            several tables; overrides ``workers`` and ``scheduler``.

    >>> run_table("trap", boards=2, workers=1).rows[0][:2]
    (4, 2)
    """
    spec = _check_table_name(name)
    if progress is not None and not callable(progress):  # True was a bare TypeError once the first chunk ended
        kind = type(progress).__name__
        raise ArgumentTypeError(f"progress must be a callback progress(done, total) or None, got {kind}")
    if boards is not None:
        # The plan lists every board before anything runs: refuse absurd counts first.
        require_int("boards", boards, 1, MAX_BOARDS)
    require_seed(seed)
    groups = _groups(spec, boards)
    pairs = [(gi, i) for gi, g in enumerate(groups) for i in range(g.boards)]
    own = runner is None
    if runner is None:
        runner = make_runner(_workers(workers) if scheduler is None else workers, scheduler, connect_timeout)
    # Chunks of boards: a few per worker slot, so the slots stay busy and each task is worth its round trip.
    size = max(1, min(CHUNK, -(-len(pairs) // (4 * runner.slots))))
    tasks: List[SweepTask] = [(spec.name, boards, seed, tuple(pairs[k : k + size])) for k in range(0, len(pairs), size)]
    results: List[Any] = [None] * len(pairs)
    done = 0
    try:
        for t, chunk in runner.map_unordered(measure_chunk, tasks):
            results[t * size : t * size + len(chunk)] = chunk
            done += len(chunk)
            if progress:
                progress(done, len(pairs))
    finally:
        if own:
            runner.close()
    rows: List[Row] = []
    j = 0
    for g in groups:
        rows.extend(spec.summarize(g, results[j : j + g.boards]))
        j += g.boards
    counts = ", ".join(f"{g.size}{_param_text(g)}: {g.boards}" for g in groups)
    notes = f"{spec.description} Boards per group: {counts}; seed {seed!r}."
    return Table(spec.name, spec.title, spec.columns, tuple(rows), notes)


def _param_text(g: Group) -> str:
    return "".join(f" {k}={v}" for k, v in g.params)


def _workers(workers: Optional[int]) -> int:
    if workers is None:
        return min(os.cpu_count() or 1, MAX_DEFAULT_WORKERS)
    return require_int("workers", workers, 1, MAX_WORKERS)


def check_out_dir(out: Union[str, os.PathLike[str]]) -> Path:
    """Creates ``out`` if needed and checks that files can be written there."""
    path = Path(require_path("out", out))  # None, a NUL or a lone surrogate: not a bare TypeError/ValueError
    try:
        path.mkdir(parents=True, exist_ok=True)
        probe = path / ".loopcraft-write-test"
        probe.write_text("", encoding="utf-8")
        probe.unlink()
    except OSError as exc:
        raise ArgumentError(f"cannot write to output directory {str(path)!r}: {exc.strerror or exc}") from None
    return path


def write_table(table: Table, out: Union[str, os.PathLike[str]], plot: bool = True) -> List[Path]:
    """Writes ``NAME.md``, ``NAME.csv`` and, when matplotlib is installed and the
    table has a plot, ``NAME.png`` into the directory ``out``; returns the paths."""
    if not isinstance(table, Table):  # anything else was a bare AttributeError
        raise ArgumentTypeError(f"table must be a Table, got {type(table).__name__}")
    path = check_out_dir(out)
    written = []
    for ext, text in (("md", table.to_markdown()), ("csv", table.to_csv())):
        p = path / f"{table.name}.{ext}"
        p.write_text(text, encoding="utf-8")
        written.append(p)
    spec = TABLES.get(table.name)
    if plot and spec is not None and spec.plot is not None and have_matplotlib():
        p = path / f"{table.name}.png"
        save_png(table, spec.plot, p)
        written.append(p)
    return written


def run_stats(
    names: Optional[Sequence[str]] = None,
    boards: Optional[int] = None,
    seed: Union[int, str] = 0,
    workers: Optional[int] = None,
    out: Optional[Union[str, os.PathLike[str]]] = None,
    progress: bool = False,
    *,
    scheduler: Optional[str] = None,
    connect_timeout: float = CONNECT_TIMEOUT,
) -> List[Table]:
    """Regenerates several tables (default: all), optionally writing them to
    ``out``; ``workers`` and ``scheduler`` as for :func:`run_table` (one pool
    or cluster serves every table)."""
    if names is not None and (isinstance(names, (str, bytes)) or not isinstance(names, Iterable)):
        # True was a bare TypeError; a str was read as one table name per character.
        raise ArgumentTypeError(f"names must be a list of table names, got {type(names).__name__}")
    names = list(TABLES) if names is None else bounded_items("names", names, MAX_NAMES, each=_check_table_name)
    specs = [_check_table_name(n) for n in names]
    if boards is not None:
        require_int("boards", boards, 1, MAX_BOARDS)
    require_seed(seed)
    check_runner_options(workers, scheduler)
    if out is not None:
        check_out_dir(out)
    tables = []
    with make_runner(_workers(workers) if scheduler is None else workers, scheduler, connect_timeout) as runner:
        for spec in specs:
            update, close = None, None
            if progress:
                total = sum(boards if boards is not None else g.boards for g in spec.groups)
                update, close = progress_bar(total, spec.name)
            try:
                table = run_table(spec.name, boards, seed, progress=update, runner=runner)
            finally:
                if close is not None:
                    close()
            if out is not None:
                write_table(table, out)
            tables.append(table)
    return tables
