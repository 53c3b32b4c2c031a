"""Running the tables: seeds, worker threads, progress (tqdm) and output files."""

from __future__ import annotations

import os
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple, Union

from tqdm import tqdm  # type: ignore[import-untyped,unused-ignore]

from ..._validate import require_int
from ...errors import ArgumentError, ArgumentTypeError
from ._model import Group, Row, Table, TableSpec
from ._plots import have_matplotlib, save_png
from ._tables import TABLES

__all__ = ["Progress", "progress_bar", "run_table", "run_stats", "write_table", "check_out_dir"]

#: ``progress(done, total)``, called after each board.
Progress = Callable[[int, int], None]


def progress_bar(total: int, label: str, stream: Any = None) -> Tuple[Progress, Callable[[], None]]:
    """A tqdm progress bar as a ``progress(done, total)`` callback, and its ``close``."""
    bar = tqdm(total=total, desc=label, file=stream, leave=True, dynamic_ncols=True)

    def update(done: int, _total: int) -> None:
        bar.update(done - bar.n)

    return update, bar.close


def _check_table_name(name: Any) -> TableSpec:
    if not isinstance(name, str):
        raise ArgumentTypeError(f"table name must be a str, got {type(name).__name__}")
    if name not in TABLES:
        raise ArgumentError(f"unknown table {name!r}; expected one of {', '.join(TABLES)}")
    return TABLES[name]


def run_table(
    name: str,
    boards: Optional[int] = None,
    seed: Union[int, str] = 0,
    workers: Optional[int] = None,
    progress: Optional[Callable[[int, int], None]] = None,
) -> Table:
    """Regenerates one table from fresh seeded boards.

    Args:
        name: a key of :data:`TABLES`.
        boards: boards per row group (default: the counts of docs/country-road.md).
        seed: master seed; board ``i`` of a group uses ``"{seed}/{name}/{group}/{i}"``.
        workers: threads (default: every core). The result does not depend on it.
        progress: called as ``progress(done, total)`` after each board.

    >>> run_table("trap", boards=2, workers=1).rows[0][:2]
    (4, 2)
    """
    spec = _check_table_name(name)
    if boards is not None:
        require_int("boards", boards, 1)
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        raise ArgumentTypeError(f"seed must be an int or a str, got {type(seed).__name__}")
    workers = _workers(workers)
    groups = [g if boards is None else Group(g.rows, g.cols, boards, g.params) for g in spec.groups]
    tasks = [(gi, i) for gi, g in enumerate(groups) for i in range(g.boards)]

    def one(task: Tuple[int, int]) -> Dict[str, Any]:
        gi, i = task
        g = groups[gi]
        return spec.measure(g, f"{seed}/{name}/{g.key}/{i}")

    results: List[Any] = [None] * len(tasks)
    if workers == 1:
        for j, task in enumerate(tasks):
            results[j] = one(task)
            if progress:
                progress(j + 1, len(tasks))
    else:
        with ThreadPoolExecutor(max_workers=workers) as pool:
            futures = [pool.submit(one, t) for t in tasks]
            for j, fut in enumerate(futures):
                results[j] = fut.result()
                if progress:
                    progress(j + 1, len(tasks))
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
        return os.cpu_count() or 1
    return require_int("workers", workers, 1)


def check_out_dir(out: Union[str, os.PathLike[str]]) -> Path:
    """Creates ``out`` if needed and checks that files can be written there."""
    path = Path(out)
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
) -> List[Table]:
    """Regenerates several tables (default: all), optionally writing them to ``out``."""
    specs = [_check_table_name(n) for n in (names if names is not None else list(TABLES))]
    if boards is not None:
        require_int("boards", boards, 1)
    if out is not None:
        check_out_dir(out)
    tables = []
    for spec in specs:
        if progress:
            total = sum(boards if boards is not None else g.boards for g in spec.groups)
            update, close = progress_bar(total, spec.name)
            try:
                table = run_table(spec.name, boards, seed, workers, update)
            finally:
                close()
        else:
            table = run_table(spec.name, boards, seed, workers)
        if out is not None:
            write_table(table, out)
        tables.append(table)
    return tables
