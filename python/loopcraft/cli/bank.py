"""``loopcraft bank slitherlink|country|verify``: banks for every family.

    loopcraft bank country --sizes 10x10,15x15 --count 1000 --grade probe --seed 7 --out DIR
    loopcraft bank slitherlink --sizes 10x10 --count 1000 --workers 8 --out DIR
    loopcraft bank slitherlink --sizes 10x10 --count 100000 --scheduler tcp://scheduler:8786 --out DIR
    loopcraft bank verify DIR [--uniqueness]

Rerunning the same command finishes an interrupted bank.
"""

from __future__ import annotations

import argparse
import sys

from ..bank import FORMATS, make_bank, verify_bank
from ..bank._families import FAMILIES
from ._common import Commands, add_runner_options, print_json, seconds, seed
from .country import add_layout_options

__all__ = ["add"]


def _progress(args: argparse.Namespace) -> bool:
    return bool(args.progress if args.progress is not None else sys.stderr.isatty())


def _bank(args: argparse.Namespace) -> int:
    options = {}
    if args.family == "country":
        options = {"country_size": args.country_size, "coverage": args.coverage, "order": args.order}
    try:
        summary = make_bank(
            args.family,
            args.out,
            args.sizes,
            args.count,
            grade=args.grade,
            seed=seed(args.seed),
            chunk_size=args.chunk_size,
            workers=args.workers,
            scheduler=args.scheduler,
            format=args.format,
            time_limit=args.time_limit,
            progress=_progress(args),
            connect_timeout=args.connect_timeout,
            **options,
        )
    except KeyboardInterrupt:
        print("loopcraft: interrupted; run the same command again to finish the bank", file=sys.stderr)
        return 130
    print(summary)
    return 0


def _verify(args: argparse.Namespace) -> int:
    report = verify_bank(
        args.dir,
        uniqueness=args.uniqueness,
        progress=_progress(args),
        workers=args.workers,
        scheduler=args.scheduler,
        connect_timeout=args.connect_timeout,
    )
    if args.json:
        print_json(report.to_dict())
    else:
        print(report)
        for size, index in report.missing[:20]:
            print(f"  missing: {size} #{index}")
        for size, index in report.duplicates[:20]:
            print(f"  duplicate: {size} #{index}")
        for size, index in report.not_unique[:20]:
            print(f"  not unique: {size} #{index}")
        for problem in report.problems[:20]:
            print(f"  {problem}")
    return 0 if report.ok else 1


def add(commands: Commands) -> None:
    for name, fam in FAMILIES.items():
        b = commands["bank"].add_parser(
            name,
            help=f"a resumable bank of {name} puzzles in a directory of shards",
            description="Board i of size RxC comes from the seed 'SEED/FAMILY/RxC/i': the same options make the "
            "same bank however it is run. Rerun the same command to finish an interrupted bank.",
        )
        b.add_argument("--sizes", required=True, help="board sizes, e.g. 10x10,15x15")
        b.add_argument("--count", "-n", type=int, required=True, help="boards of each size")
        b.add_argument("--out", "-o", required=True, help="the bank directory (finished when it holds a bank)")
        b.add_argument("--grade", choices=fam.levels, default=None, help="the level every board must have")
        b.add_argument("--seed", "-s", default="0", help="master seed (an int, or any text; default 0)")
        b.add_argument("--chunk-size", type=int, default=None, help="boards per task and per shard (default 20)")
        b.add_argument("--format", choices=FORMATS, default="jsonl", help="shard format (parquet: loopcraft[parquet])")
        b.add_argument("--time-limit", type=seconds, default=None, help="seconds per board (default: none)")
        if name == "country":
            add_layout_options(b)
        add_runner_options(b)
        b.set_defaults(func=_bank, family=name)

    v = commands["bank"].add_parser("verify", help="recheck a bank: counts, duplicates, shards, uniqueness")
    v.add_argument("dir", help="the bank directory")
    v.add_argument("--uniqueness", action="store_true", help="also solve every board again to prove it unique")
    v.add_argument("--json", action="store_true", help="machine-readable report")
    add_runner_options(v)
    v.set_defaults(func=_verify)
