"""A bank on disk: seeds, the chunk plan, shard files and the manifest.

A bank is a directory::

    manifest.jsonl                       line 1: the options; then one line per finished chunk
    country-6x6-00000000-00000020.jsonl  boards 0..19 of size 6x6, one JSON record a line
    country-6x6-00000020-00000040.jsonl  ...

Every shard is written whole under a temporary name and renamed into place,
then its manifest line (name, byte size, SHA-256, boards, failures) is
appended in one ``write`` and flushed to disk. A chunk counts as done only
when its manifest line is there *and* its shard still has that size and
digest; anything else (a crash between the two steps, a truncated or damaged
shard) is generated again. A torn last manifest line is cut off.
"""

from __future__ import annotations

import hashlib
import importlib
import json
import os
import stat
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Dict, List, Mapping, Optional, Sequence, Tuple

from .._validate import show
from ..errors import ArgumentError, FormatError, MissingExtraError
from ._families import Record

__all__ = [
    "FORMATS",
    "MANIFEST",
    "Chunk",
    "board_seed",
    "plan",
    "encode_shard",
    "decode_shard",
    "Store",
]

MANIFEST = "manifest.jsonl"
FORMATS = ("jsonl", "parquet")
#: The manifest's layout version.
LAYOUT = 1
#: Most boards in one chunk (a task and a shard, held in memory whole).
MAX_CHUNK_SIZE = 100_000
#: Most chunks in one bank: the plan is a list of them, made before anything
#: runs, so an absurd ``count`` is refused instead of filling memory.
MAX_CHUNKS = 1_000_000
#: The largest manifest read (bytes): its header and one line of about 150
#: bytes per finished chunk, so far more than a bank of :data:`MAX_CHUNKS`
#: chunks writes, even with every chunk made again a few times.
MAX_MANIFEST_BYTES = 1 << 30
PARQUET_MESSAGE = "parquet shards need the optional extra: pip install 'loopcraft[parquet]'"


def board_seed(seed: object, family: str, rows: int, cols: int, index: int) -> str:
    """The seed of board ``index`` of size ``rows`` x ``cols`` in a bank made with ``seed``.

    It depends on nothing else (not on workers, chunks or order), so a bank's
    content is fixed by its options.

    >>> board_seed(7, "country", 6, 6, 3)
    '7/country/6x6/3'
    """
    return f"{seed}/{family}/{rows}x{cols}/{index}"


@dataclass(frozen=True)
class Chunk:
    """Boards ``start <= index < stop`` of one size: one task, one shard."""

    family: str
    rows: int
    cols: int
    start: int
    stop: int
    fmt: str

    @property
    def size(self) -> str:
        return f"{self.rows}x{self.cols}"

    @property
    def name(self) -> str:
        return f"{self.family}-{self.size}-{self.start:08d}-{self.stop:08d}.{self.fmt}"

    def __len__(self) -> int:
        return self.stop - self.start


def check_plan(sizes: int, count: int, chunk_size: int) -> None:
    """Refuses a plan of more than :data:`MAX_CHUNKS` chunks or chunks of more
    than :data:`MAX_CHUNK_SIZE` boards, before anything is allocated (the
    numbers named through ``show``: a count of 5,000 digits cannot be written
    in decimal)."""
    if chunk_size > MAX_CHUNK_SIZE:
        raise ArgumentError(f"chunk_size must be at most {MAX_CHUNK_SIZE}, got {show(chunk_size)}")
    chunks = sizes * -(-count // chunk_size)
    if chunks > MAX_CHUNKS:
        raise ArgumentError(
            f"a bank of {show(count)} boards per size in chunks of {chunk_size} has {show(chunks)} chunks, "
            f"more than {MAX_CHUNKS}: give a larger chunk_size or a smaller count"
        )


def plan(family: str, sizes: Sequence[Tuple[int, int]], count: int, chunk_size: int, fmt: str) -> List[Chunk]:
    """Every chunk of a bank, size by size, in index order."""
    check_plan(len(sizes), count, chunk_size)
    return [
        Chunk(family, r, c, start, min(start + chunk_size, count), fmt)
        for r, c in sizes
        for start in range(0, count, chunk_size)
    ]


def _json_line(record: Mapping[str, Any]) -> bytes:
    return (json.dumps(record, separators=(",", ":"), ensure_ascii=False) + "\n").encode("utf-8")


def _pyarrow() -> Tuple[Any, Any]:
    """``pyarrow`` and ``pyarrow.parquet`` (MissingExtraError without the extra)."""
    try:
        return importlib.import_module("pyarrow"), importlib.import_module("pyarrow.parquet")
    except ImportError as exc:
        raise MissingExtraError(PARQUET_MESSAGE, name="pyarrow") from exc


def require_format(fmt: object) -> str:
    if fmt not in FORMATS:
        raise ArgumentError(f"unknown format {show(fmt)}; expected one of {', '.join(FORMATS)}")
    assert isinstance(fmt, str)
    if fmt == "parquet":
        _pyarrow()
    return fmt


def encode_shard(records: Sequence[Record], fmt: str) -> bytes:
    """The bytes of one shard (records in index order)."""
    if fmt == "jsonl":
        return b"".join(_json_line(r) for r in records)
    pa, pq = _pyarrow()
    table = pa.table(
        {
            "family": pa.array([r["family"] for r in records], pa.string()),
            "size": pa.array([r["size"] for r in records], pa.string()),
            "index": pa.array([r["index"] for r in records], pa.int64()),
            "seed": pa.array([r["seed"] for r in records], pa.string()),
            "grade": pa.array([r.get("grade") for r in records], pa.string()),
            "error": pa.array([r.get("error") for r in records], pa.string()),
            "record": pa.array([_json_line(r).decode("utf-8").rstrip("\n") for r in records], pa.string()),
        }
    )
    sink = pa.BufferOutputStream()
    pq.write_table(table, sink, compression="zstd")
    data: bytes = sink.getvalue().to_pybytes()
    return data


def decode_shard(data: bytes, fmt: str, where: str) -> List[Record]:
    """The records of one shard's bytes (``FormatError`` naming ``where`` when damaged)."""
    try:
        if fmt == "jsonl":
            if data and not data.endswith(b"\n"):
                raise ValueError("the last line is cut short")
            out = [json.loads(line) for line in data.splitlines()]
        else:
            pa, pq = _pyarrow()
            table = pq.read_table(pa.BufferReader(data))
            out = [json.loads(s) for s in table.column("record").to_pylist()]
    except MissingExtraError:
        raise
    except Exception as exc:  # a damaged file: any reader error
        raise FormatError(f"{where}: damaged shard ({exc})") from None
    if not all(isinstance(r, dict) for r in out):
        raise FormatError(f"{where}: damaged shard (a record is not an object)")
    return out


def _read_regular(path: Path, most: int) -> bytes:
    """The bytes of the regular file ``path``, of at most ``most`` bytes.

    A bank's files are regular files of a known size. Anything else in their
    place (a FIFO, which blocks ``open`` until a writer comes; ``/dev/zero``,
    which has no end; a sparse file of terabytes) is a FormatError naming it,
    found from ``fstat`` before anything is read. ``OSError`` (a missing
    file included) passes through.
    """
    # O_NONBLOCK: opening a FIFO for reading waits for a writer without it; a
    # regular file ignores the flag.
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    with os.fdopen(fd, "rb") as f:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise FormatError(f"{path}: not a regular file")
        if info.st_size > most:
            raise FormatError(f"{path}: {info.st_size} bytes, more than the {most} expected")
        data = f.read(most + 1)
    if len(data) > most:  # it grew since fstat
        raise FormatError(f"{path}: more than the {most} bytes expected")
    return data


def _fsync_dir(path: Path) -> None:
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:  # pragma: no cover - e.g. Windows
        return
    try:
        os.fsync(fd)
    except OSError:  # pragma: no cover
        pass
    finally:
        os.close(fd)


def check_out_dir(out: Path) -> None:
    """Creates ``out`` if needed and checks that files can be written there."""
    try:
        out.mkdir(parents=True, exist_ok=True)
        fd, probe = tempfile.mkstemp(prefix=".loopcraft-probe-", dir=out)
        os.close(fd)
        os.unlink(probe)
    except OSError as exc:
        raise ArgumentError(f"cannot write to the bank directory {str(out)!r}: {exc.strerror or exc}") from None


@dataclass(frozen=True)
class Done:
    """A manifest line: a chunk whose shard was written."""

    name: str
    bytes: int
    sha256: str
    boards: int
    failures: int


class Store:
    """A bank directory: its header (options) and its finished chunks."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.manifest = root / MANIFEST

    # ----------------------------------------------------------------- reading

    def read_manifest(self) -> Tuple[Optional[Dict[str, Any]], Dict[str, Done], int]:
        """(header or None, finished chunks by shard name, bytes of whole lines)."""
        try:
            data = _read_regular(self.manifest, MAX_MANIFEST_BYTES)
        except (FileNotFoundError, NotADirectoryError):
            return None, {}, 0
        except OSError as exc:
            raise ArgumentError(f"cannot read {str(self.manifest)!r}: {exc.strerror or exc}") from None
        end = data.rfind(b"\n") + 1
        lines = data[:end].splitlines()
        if not lines:
            return None, {}, end
        try:
            header = json.loads(lines[0])
        except (ValueError, RecursionError):
            header = None
        if not isinstance(header, dict) or header.get("layout") != LAYOUT:
            raise FormatError(f"{self.manifest}: not a loopcraft bank manifest")
        done: Dict[str, Done] = {}
        for lineno, raw in enumerate(lines[1:], 2):
            try:
                d = json.loads(raw)
                if not isinstance(d["shard"], str):  # a list or an object cannot name a chunk
                    raise TypeError("shard")
                entry = Done(d["shard"], int(d["bytes"]), str(d["sha256"]), int(d["boards"]), int(d["failures"]))
            except (ValueError, KeyError, TypeError, RecursionError, OverflowError):  # int(Infinity) overflows
                raise FormatError(f"{self.manifest}, line {lineno}: damaged manifest line") from None
            done[entry.name] = entry
        return header, done, end

    def shard_ok(self, entry: Done) -> bool:
        """The shard is on disk with the size and digest its manifest line records."""
        try:
            data = _read_regular(self.root / entry.name, entry.bytes)
        except (OSError, FormatError):  # missing, unreadable, not a regular file, too long
            return False
        return len(data) == entry.bytes and hashlib.sha256(data).hexdigest() == entry.sha256

    def read_shard(self, chunk: Chunk, size: int) -> List[Record]:
        """The records of ``chunk``'s shard, which its manifest line says has
        ``size`` bytes (a FormatError when it is longer or no regular file)."""
        return decode_shard(_read_regular(self.root / chunk.name, size), chunk.fmt, str(self.root / chunk.name))

    # ----------------------------------------------------------------- writing

    def start(self, header: Mapping[str, Any], keep_bytes: int, fresh: bool) -> None:
        """Writes the header of a new bank, or cuts a torn last line of an old manifest."""
        if fresh:
            self._atomic_write(self.manifest, _json_line({"layout": LAYOUT, **header}))
        else:
            with open(self.manifest, "r+b") as f:
                f.truncate(keep_bytes)
        # Temporary files left by a crash.
        for stray in self.root.glob(".*.tmp-*"):
            try:
                stray.unlink()
            except OSError:  # pragma: no cover - another process's file
                pass

    def write_shard(self, chunk: Chunk, records: Sequence[Record]) -> Done:
        """Writes one shard atomically, then its manifest line."""
        data = encode_shard(records, chunk.fmt)
        self._atomic_write(self.root / chunk.name, data)
        entry = Done(
            chunk.name,
            len(data),
            hashlib.sha256(data).hexdigest(),
            len(records),
            sum(1 for r in records if "error" in r),
        )
        line = _json_line(
            {
                "shard": entry.name,
                "bytes": entry.bytes,
                "sha256": entry.sha256,
                "boards": entry.boards,
                "failures": entry.failures,
            }
        )
        fd = os.open(self.manifest, os.O_WRONLY | os.O_APPEND)
        try:
            os.write(fd, line)  # one short write: whole or torn, never interleaved
            os.fsync(fd)
        finally:
            os.close(fd)
        return entry

    def _atomic_write(self, path: Path, data: bytes) -> None:
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.tmp-", dir=self.root)
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(data)
                f.flush()
                os.fsync(f.fileno())
            os.replace(tmp, path)
        except BaseException:
            try:
                os.unlink(tmp)
            except OSError:
                pass
            raise
        _fsync_dir(self.root)
