"""Banks of generated puzzles for every family, on one machine or a Dask cluster.

A bank is a directory of shards, each holding a chunk of consecutive boards
of one size, and a manifest of the finished chunks (see ``_store``). Board
``i`` of size R x C is generated from the seed
``board_seed(seed, family, R, C, i)`` alone, so the same options give the
same bank, byte for byte, whether it was made in this process, by a local
process pool (``workers``) or on a Dask cluster (``scheduler``), in one run
or in several interrupted ones.

>>> import tempfile
>>> out = tempfile.mkdtemp()
>>> s = make_bank("country", out, "5x5,6x6", 2, seed="doc")
>>> s.boards, s.failures
(4, 0)
>>> [(r["size"], r["index"]) for r in read_bank(out)]
[('5x5', 0), ('5x5', 1), ('6x6', 0), ('6x6', 1)]
>>> verify_bank(out).ok
True

Layout: ``_families`` (what each family contributes: sizes, grades, one
record), ``_store`` (seeds, the chunk plan, shards, the manifest, atomic
writes), ``_runners`` (in-process, process pool, Dask), ``_make``
(:func:`make_bank`) and ``_verify`` (:func:`verify_bank`).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Dict, Iterator, Union

from .._validate import require_path
from ..errors import FormatError
from ._families import FAMILIES, Family
from ._make import DEFAULT_CHUNK_SIZE, BankSummary, make_bank, progress_bar
from ._runners import DaskRunner, InProcess, ProcessPool, Runner, make_runner
from ._store import FORMATS, MANIFEST, Store, board_seed
from ._verify import VerifyReport, header_plan, verify_bank

__all__ = [
    "FAMILIES",
    "FORMATS",
    "MANIFEST",
    "DEFAULT_CHUNK_SIZE",
    "BankSummary",
    "VerifyReport",
    "Family",
    "Runner",
    "InProcess",
    "ProcessPool",
    "DaskRunner",
    "make_runner",
    "make_bank",
    "verify_bank",
    "read_bank",
    "board_seed",
    "progress_bar",
]


def read_bank(out: Union[str, os.PathLike[str]]) -> Iterator[Dict[str, Any]]:
    """The records of a bank's finished chunks, size by size in index order.

    ``Slitherlink.from_dict(r["board"])`` / ``CountryRoad.from_json(r["board"])``
    rebuilds a board; records with an ``"error"`` field are boards the
    generator could not make.
    """
    root = Path(require_path("out", out))
    store = Store(root)
    header, done, _ = store.read_manifest()
    if header is None:
        raise FormatError(f"{root}: no bank manifest (manifest.jsonl) here")
    _, _, _, chunks = header_plan(root, header)
    for chunk in chunks:
        if chunk.name in done:
            yield from store.read_shard(chunk, done[chunk.name].bytes)
