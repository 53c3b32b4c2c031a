"""Making (or finishing) a bank: check, plan, skip what is done, run the rest."""

from __future__ import annotations

import os
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any, Callable, Dict, Iterator, List, Mapping, Optional, Sequence, Tuple, Union

from tqdm import tqdm  # type: ignore[import-untyped,unused-ignore]

from .._validate import require_int, require_optional_number, require_path, require_seed, require_text
from ..errors import ArgumentError
from ._families import Record, check_grade, family, make_record, sizes_of
from ._runners import CONNECT_TIMEOUT, Runner, check_runner_options, check_timeout, make_runner
from ._store import Chunk, Store, board_seed, check_out_dir, check_plan, plan, require_format

if sys.platform != "win32":
    import fcntl

__all__ = ["BankSummary", "ChunkJob", "make_bank", "run_chunk", "DEFAULT_CHUNK_SIZE", "Progress", "progress_bar"]

#: Boards per task and per shard when the caller does not say: large enough
#: that a Dask task's round trip is a small share of its work even for small
#: boards, small enough that a crash loses little.
DEFAULT_CHUNK_SIZE = 20

#: ``progress(done, total)``: boards done so far out of the boards this run makes.
Progress = Callable[[int, int], None]
PathLike = Union[str, "os.PathLike[str]"]


@dataclass(frozen=True)
class ChunkJob:
    """One task: the boards of a chunk, with everything needed to make them."""

    family: str
    rows: int
    cols: int
    start: int
    stop: int
    seed: Union[int, str]
    grade: Optional[str]
    time_limit: Optional[float]
    options: Tuple[Tuple[str, Any], ...]


def run_chunk(job: ChunkJob) -> List[Record]:
    """Makes the records of one chunk (runs on a worker)."""
    fam = family(job.family)
    options = dict(job.options)
    return [
        make_record(
            fam,
            job.rows,
            job.cols,
            i,
            board_seed(job.seed, job.family, job.rows, job.cols, i),
            job.grade,
            job.time_limit,
            options,
        )
        for i in range(job.start, job.stop)
    ]


@dataclass(frozen=True)
class BankSummary:
    """What a run did. ``str()`` is the one-line summary."""

    out: str
    #: Boards in the bank now (failures included).
    boards: int
    #: Boards made by this run.
    made: int
    #: Boards of the bank the generator could not make (error records).
    failures: int
    seconds: float
    #: Chunks found on disk already, and chunks whose shard was missing or damaged and made again.
    skipped: int
    redone: int
    where: str

    @property
    def rate(self) -> float:
        """Boards made per second by this run."""
        return self.made / self.seconds if self.seconds > 0 else 0.0

    def __str__(self) -> str:
        extra = f", {self.redone} damaged chunk(s) redone" if self.redone else ""
        return (
            f"bank {self.out}: {self.boards} boards ({self.made} made now{extra}) in {self.seconds:.2f} s, "
            f"{self.rate:.2f} boards/s, {self.failures} failures [{self.where}]"
        )


def progress_bar(total: int, label: str, stream: Optional[IO[str]] = None) -> Tuple[Progress, Callable[[], None]]:
    """A tqdm bar as a ``progress(done, total)`` callback, and its ``close``."""
    # tqdm took a total of 10**19 (an OverflowError), "x" (a TypeError) and a
    # label True (a TypeError) or with a lone surrogate (a UnicodeEncodeError).
    require_int("total", total, 0, 2**53)
    require_text("label", label)
    bar = tqdm(total=total, desc=label, file=stream, leave=True, dynamic_ncols=True, unit="board")

    def update(done: int, _total: int) -> None:
        bar.update(done - bar.n)

    return update, bar.close


def _seed(seed: object) -> Union[int, str]:
    return require_seed(seed)


def _lock(root: Path) -> Optional[int]:
    """Holds ``root/.lock`` for this run (POSIX): two runs never write one bank."""
    if sys.platform == "win32":  # pragma: no cover
        return None
    fd = os.open(root / ".lock", os.O_RDWR | os.O_CREAT, 0o644)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        os.close(fd)
        raise ArgumentError(f"another run is writing the bank {str(root)!r}") from None
    return fd


def make_bank(
    family_name: str,
    out: PathLike,
    sizes: Union[str, Sequence[Union[str, Tuple[int, int]]]],
    count: int,
    *,
    grade: Optional[str] = None,
    seed: Union[int, str] = 0,
    chunk_size: Optional[int] = None,
    workers: Optional[int] = None,
    scheduler: Optional[str] = None,
    format: str = "jsonl",
    time_limit: Optional[float] = None,
    progress: Union[bool, Progress] = False,
    connect_timeout: float = CONNECT_TIMEOUT,
    **options: Any,
) -> BankSummary:
    """Makes, or finishes, a bank of ``count`` boards of each size in the directory ``out``.

    Board ``i`` of size R x C comes from the seed ``board_seed(seed, family,
    R, C, i)``, so the bank's content depends only on these options, never on
    how it was run. Rerunning the same call after an interruption makes only
    what is missing.

    Args:
        family_name: ``"slitherlink"`` or ``"country"``.
        out: the bank directory (created if missing, finished if it holds a bank).
        sizes: ``"10x10,15x15"`` or a list of ``"RxC"`` strings or (rows, cols) pairs.
        count: boards of each size.
        grade: the level every board must have (the family's ``LEVELS``;
            Country Road: one of its ``STAGES``), or None for any.
        seed: the master seed (int or str).
        chunk_size: boards per task and per shard (default 20; a bank keeps
            the chunk size it was started with).
        workers: local processes (default: this process only); with
            ``scheduler="local"``, the LocalCluster's workers.
        scheduler: a Dask scheduler address (``"tcp://host:8786"``) or
            ``"local"`` to start a ``LocalCluster`` (needs ``loopcraft[dask]``).
        format: ``"jsonl"`` or ``"parquet"`` (needs ``loopcraft[parquet]``).
        time_limit: seconds per board; a board out of time is stored as a
            failure (so a bank made with a time limit may depend on the machine).
        progress: True for a tqdm bar on stderr, or a ``progress(done, total)`` callback.
        connect_timeout: seconds to wait for a Dask scheduler.
        options: family options (Country Road: ``country_size``, ``coverage``, ``order``).

    Raises:
        ArgumentError, ArgumentTypeError: bad options, an unwritable
            directory, a bank there made with other options, a scheduler
            that does not answer (nothing is written then).
        MissingExtraError: Dask or pyarrow asked for but not installed.

    >>> import tempfile
    >>> out = tempfile.mkdtemp()
    >>> make_bank("slitherlink", out, "5x5", 3, seed=1).boards
    3
    >>> make_bank("slitherlink", out, "5x5", 3, seed=1).made  # already complete
    0
    """
    started = time.monotonic()
    fam = family(family_name)
    size_list = sizes_of(fam, sizes)
    require_int("count", count, 1)
    check_grade(fam, grade)
    seed = _seed(seed)
    if chunk_size is not None:
        require_int("chunk_size", chunk_size, 1)
    fmt = require_format(format)
    time_limit = require_optional_number("time_limit", time_limit)
    check_runner_options(workers, scheduler)
    check_timeout(connect_timeout)
    family_options = {**fam.defaults, **options}
    for r, c in size_list:
        fam.check(r, c, grade, options)
    root = Path(require_path("out", out))

    store = Store(root)
    header, done, keep = store.read_manifest()
    if header is not None and chunk_size is None:
        found = header.get("chunk_size")
        chunk_size = found if isinstance(found, int) and not isinstance(found, bool) and found > 0 else None
    chunk_size = chunk_size or DEFAULT_CHUNK_SIZE
    check_plan(len(size_list), count, chunk_size)
    wanted: Dict[str, Any] = {
        "family": fam.name,
        "sizes": [f"{r}x{c}" for r, c in size_list],
        "count": count,
        "grade": grade,
        "seed": seed,
        "chunk_size": chunk_size,
        "format": fmt,
        "options": family_options,
    }
    if header is not None:
        old = {k: header.get(k) for k in wanted}
        if old != wanted:
            diff = ", ".join(f"{k}={old[k]!r}" for k in wanted if old[k] != wanted[k])
            raise ArgumentError(f"{root} holds a bank made with other options ({diff}); use another directory")
    chunks = plan(fam.name, size_list, count, chunk_size, fmt)
    todo: List[Chunk] = []
    redone = 0
    for chunk in chunks:
        entry = done.get(chunk.name)
        if entry is not None and entry.boards == len(chunk) and store.shard_ok(entry):
            continue
        redone += entry is not None
        todo.append(chunk)

    def summary(made: int, where: str) -> BankSummary:
        _, finished, _ = store.read_manifest()
        return BankSummary(
            str(root),
            sum(finished[c.name].boards for c in chunks if c.name in finished),
            made,
            sum(finished[c.name].failures for c in chunks if c.name in finished),
            time.monotonic() - started,
            len(chunks) - len(todo),
            redone,
            where,
        )

    if not todo:
        return summary(0, "nothing to do")

    # Connect first: a scheduler that does not answer leaves nothing behind.
    runner = make_runner(workers, scheduler, connect_timeout)
    with runner:
        check_out_dir(root)
        lock = _lock(root)
        try:
            store.start(wanted, keep, fresh=header is None)
            made = _run(store, runner, todo, seed, grade, time_limit, family_options, progress)
        finally:
            if lock is not None:
                os.close(lock)
        return summary(made, runner.description)


def _run(
    store: Store,
    runner: Runner,
    todo: Sequence[Chunk],
    seed: Union[int, str],
    grade: Optional[str],
    time_limit: Optional[float],
    options: Mapping[str, Any],
    progress: Union[bool, Progress],
) -> int:
    jobs = [
        ChunkJob(c.family, c.rows, c.cols, c.start, c.stop, seed, grade, time_limit, tuple(sorted(options.items())))
        for c in todo
    ]
    total = sum(len(c) for c in todo)
    close: Optional[Callable[[], None]] = None
    callback: Optional[Progress] = None
    if progress is True:
        callback, close = progress_bar(total, "bank")
    elif callable(progress):
        callback = progress
    made = 0
    try:
        results: Iterator[Tuple[int, List[Record]]] = runner.map_unordered(run_chunk, jobs)
        for i, records in results:
            store.write_shard(todo[i], records)
            made += len(records)
            if callback is not None:
                callback(made, total)
    finally:
        if close is not None:
            close()
    return made
