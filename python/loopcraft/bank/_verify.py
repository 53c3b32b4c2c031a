"""``verify_bank``: recheck a bank directory from its files alone."""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional, Tuple, Union

from .._validate import require_int, require_path, require_seed, show
from ..errors import ArgumentError, ArgumentTypeError, FormatError
from ._families import Family, Record, family, sizes_of
from ._make import Progress, progress_bar
from ._runners import CONNECT_TIMEOUT, check_runner_options, check_timeout, make_runner
from ._store import FORMATS, MANIFEST, Chunk, Store, board_seed, plan

__all__ = ["VerifyReport", "verify_bank"]

#: Boards per uniqueness task.
UNIQUE_BATCH = 20


def check_unique(task: Tuple[str, Tuple[Record, ...]]) -> List[Optional[str]]:
    """Per record: None (unique, the stored answer), ``"not unique"``, or what is unreadable (runs on a worker)."""
    fam = family(task[0])
    out: List[Optional[str]] = []
    for rec in task[1]:
        try:
            out.append(None if fam.unique(rec) else "not unique")
        except (ValueError, TypeError, KeyError) as exc:
            out.append(f"unreadable board ({exc})")
    return out


_SHARD = re.compile(r"^[a-z]+-\d+x\d+-\d{8}-\d{8}\.(jsonl|parquet)$")


@dataclass
class VerifyReport:
    """What :func:`verify_bank` found. ``ok`` when nothing is wrong."""

    out: str
    family: str
    #: Boards expected (sizes x count) and records found.
    expected: int = 0
    boards: int = 0
    failures: int = 0
    #: (size, index) pairs with no record.
    missing: List[Tuple[str, int]] = field(default_factory=list)
    #: (size, index) pairs with more than one record.
    duplicates: List[Tuple[str, int]] = field(default_factory=list)
    #: Problems with a shard or a record, one message each.
    problems: List[str] = field(default_factory=list)
    #: (size, index) of boards that are not unique, or whose stored answer is not the solution.
    not_unique: List[Tuple[str, int]] = field(default_factory=list)
    #: Boards checked for uniqueness (0 when not asked).
    unique_checked: int = 0
    #: Records whose board repeats an earlier board of the bank (allowed; counted).
    repeated_boards: int = 0

    @property
    def ok(self) -> bool:
        return not (self.missing or self.duplicates or self.problems or self.not_unique)

    def __str__(self) -> str:
        if self.ok:
            verdict = "ok"
        elif self.missing and not (self.duplicates or self.problems or self.not_unique):
            verdict = "incomplete (run the same bank command again to finish it)"
        else:
            verdict = "DAMAGED"
        parts = [
            f"bank {self.out}: {verdict}: {self.boards}/{self.expected} boards",
            f"{self.failures} failures",
            f"{len(self.missing)} missing",
            f"{len(self.duplicates)} duplicates",
            f"{len(self.problems)} problems",
        ]
        if self.unique_checked:
            parts.append(f"{self.unique_checked - len(self.not_unique)}/{self.unique_checked} unique")
        if self.repeated_boards:
            parts.append(f"{self.repeated_boards} repeated boards")
        return ", ".join(parts)

    def to_dict(self) -> Dict[str, Any]:
        return {
            "out": self.out,
            "ok": self.ok,
            "family": self.family,
            "expected": self.expected,
            "boards": self.boards,
            "failures": self.failures,
            "missing": [list(x) for x in self.missing],
            "duplicates": [list(x) for x in self.duplicates],
            "problems": self.problems,
            "not_unique": [list(x) for x in self.not_unique],
            "unique_checked": self.unique_checked,
            "repeated_boards": self.repeated_boards,
        }


def header_plan(root: Path, header: Dict[str, Any]) -> Tuple[Family, List[Tuple[int, int]], int, List[Chunk]]:
    """The family, sizes, count and chunks a manifest header describes; a
    header with a field missing, of the wrong type or out of range (the seed
    included) is a FormatError naming the manifest (the plan's own limits
    included)."""
    where = f"{root / MANIFEST}: damaged header"
    try:
        fam = family(header.get("family"))
        sizes = sizes_of(fam, header.get("sizes"))
        count = require_int("count", header.get("count"), 1)
        chunk_size = require_int("chunk_size", header.get("chunk_size"), 1)
        require_seed(header.get("seed"))  # each board's seed is made from it
        fmt = header.get("format")
        if fmt not in FORMATS:
            raise ArgumentError(f"format must be one of {', '.join(FORMATS)}, got {show(fmt)}")
        return fam, sizes, count, plan(fam.name, sizes, count, chunk_size, str(fmt))
    except (ArgumentError, ArgumentTypeError) as exc:
        raise FormatError(f"{where}: {exc}") from None


def verify_bank(
    out: Union[str, os.PathLike[str]],
    *,
    uniqueness: bool = False,
    progress: Union[bool, Progress] = False,
    workers: Optional[int] = None,
    scheduler: Optional[str] = None,
    connect_timeout: float = CONNECT_TIMEOUT,
) -> VerifyReport:
    """Rechecks a bank: every planned board present once, in its shard, with
    its own seed; shards matching the manifest; and, with ``uniqueness``,
    every board solved again (``solve(limit=2)``) to prove it has exactly one
    solution, the stored one. The uniqueness checks run like a bank:
    in this process, on ``workers`` local processes or on Dask
    (``scheduler``); the records travel to the workers, so a cluster needs no
    access to the directory.

    >>> import tempfile
    >>> from loopcraft.bank import make_bank
    >>> out = tempfile.mkdtemp()
    >>> _ = make_bank("country", out, "5x5", 2)
    >>> verify_bank(out, uniqueness=True).ok
    True
    """
    check_runner_options(workers, scheduler)
    check_timeout(connect_timeout)
    root = Path(require_path("out", out))
    store = Store(root)
    if not root.is_dir():
        raise ArgumentError(f"no bank directory {str(root)!r}")
    header, done, _ = store.read_manifest()
    if header is None:
        raise FormatError(f"{root}: no bank manifest (manifest.jsonl) here")
    fam, sizes, count, chunks = header_plan(root, header)
    report = VerifyReport(str(root), fam.name, expected=count * len(sizes))
    planned = {c.name for c in chunks}
    for path in sorted(root.iterdir()):
        if _SHARD.match(path.name) and path.name not in planned:
            report.problems.append(f"{path.name}: a shard that is not part of this bank's plan")

    total = report.expected if uniqueness else 0
    close: Optional[Callable[[], None]] = None
    callback: Optional[Progress] = None
    if progress is True and total:
        callback, close = progress_bar(total, "verify")
    elif callable(progress):
        callback = progress
    seen: Dict[Tuple[str, int], int] = {}
    batch: List[Record] = []
    to_check: List[Tuple[str, Tuple[Record, ...]]] = []
    boards_seen: set[str] = set()
    try:
        for chunk in chunks:
            entry = done.get(chunk.name)
            if entry is None:
                if (root / chunk.name).exists():
                    report.problems.append(f"{chunk.name}: not listed in the manifest (an unfinished chunk)")
                continue
            if not store.shard_ok(entry):
                report.problems.append(f"{chunk.name}: missing, truncated or changed since it was written")
                continue
            try:
                records = store.read_shard(chunk, entry.bytes)
            except FormatError as exc:
                report.problems.append(str(exc))
                continue
            for pos, rec in enumerate(records):
                index = rec.get("index")
                key = (chunk.size, index if isinstance(index, int) else -1)
                if (
                    rec.get("family") != fam.name
                    or rec.get("size") != chunk.size
                    or not isinstance(index, int)
                    or not chunk.start <= index < chunk.stop
                ):
                    report.problems.append(f"{chunk.name}, record {pos + 1}: not a board of this chunk")
                    continue
                seen[key] = seen.get(key, 0) + 1
                if rec.get("seed") != board_seed(header["seed"], fam.name, chunk.rows, chunk.cols, index):
                    report.problems.append(f"{chunk.name}, index {index}: seed is not the bank's seed for it")
                report.boards += 1
                if "error" in rec:
                    report.failures += 1
                    continue
                text = json.dumps(rec.get("board"), sort_keys=True)
                if text in boards_seen:
                    report.repeated_boards += 1
                boards_seen.add(text)
                if uniqueness:
                    batch.append(rec)
                    if len(batch) == UNIQUE_BATCH:
                        to_check.append((fam.name, tuple(batch)))
                        batch = []
        if batch:
            to_check.append((fam.name, tuple(batch)))
        if to_check:
            with make_runner(workers, scheduler, connect_timeout) as runner:
                for t, verdicts in runner.map_unordered(check_unique, to_check):
                    for rec, verdict in zip(to_check[t][1], verdicts):
                        report.unique_checked += 1
                        if verdict == "not unique":
                            report.not_unique.append((rec["size"], rec["index"]))
                        elif verdict is not None:
                            report.problems.append(f"{rec['size']} #{rec['index']}: {verdict}")
                    if callback is not None:
                        callback(report.unique_checked, total)
    finally:
        if close is not None:
            close()
    report.not_unique.sort()
    for r, c in sizes:
        size = f"{r}x{c}"
        for i in range(count):
            n = seen.get((size, i), 0)
            if n == 0:
                report.missing.append((size, i))
            elif n > 1:
                report.duplicates.append((size, i))
    return report
