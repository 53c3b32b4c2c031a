"""``loopcraft generate|solve|count|stats country``: Country Road (``bank country`` is in ``cli/bank.py``)."""

from __future__ import annotations

import argparse
import json
import sys

from ..country import ENGINES, ORDERS, STAGES, CountryRoad, generate_puzzle, stats
from ..country._generate import DEFAULT_COUNTRY_SIZE, DEFAULT_COVERAGE
from ..country.stats import TABLES
from ._common import (
    Commands,
    add_count,
    add_generate_time_limit,
    add_picture_options,
    add_runner_options,
    add_time_limit,
    print_json,
    read_source,
    seed,
    verdict,
    write_pictures,
)

__all__ = ["add"]


def _board(source: str) -> CountryRoad:
    """A Country Road board from a URL, a file path, or ``-`` (stdin)."""

    s = source.strip()
    if "country/" in s and ("?" in s or s.startswith("country/")):
        return CountryRoad.from_url(s)
    return CountryRoad.parse(read_source(source))


def _solve_country(args: argparse.Namespace) -> int:
    board = _board(args.source)
    result = board.solve(limit=args.limit, stages=args.stages, node_limit=args.node_limit, time_limit=args.time_limit)
    deduction = board.deduce(stages=args.stages)
    write_pictures(args, lambda: board.to_svg(result.solution))
    if args.json:
        print_json(
            {
                "rows": board.rows,
                "cols": board.cols,
                "count": result.count,
                "complete": result.complete,
                "unique": result.unique,
                "nodes": result.nodes,
                "stages": list(deduction.stages),
                "ladder_fraction": deduction.fraction,
                "ladder_solved": deduction.solved,
                "solutions": [s.to_puzzlekit() for s in result.solutions],
            }
        )
    else:
        print(f"{verdict(result)}\nsolutions: {result.count}\ncomplete: {result.complete}\nnodes: {result.nodes}")
        print(f"ladder ({','.join(deduction.stages)}): {deduction.fraction:.1%} of bits decided without search")
        if result.solutions:
            print(board.draw(result.solutions[0]))
            if args.answer:
                print(result.solutions[0].to_puzzlekit())
        else:
            print(board)
    return 0


def _add_country_solve(commands: Commands) -> None:
    s = commands["solve"].add_parser(
        "country",
        help="solve a Country Road puzzle and prove uniqueness",
        description="SOURCE: a puzz.link country URL, or a file (- = stdin) holding a URL, "
        "puzzlekit problem text, or JSON.",
    )
    s.add_argument("source", nargs="?", default="-", help="URL, file, or - for stdin (default)")
    s.add_argument(
        "--stages",
        default=",".join(STAGES),
        help=f"comma-separated ladder stages to run (default: {','.join(STAGES)})",
    )
    s.add_argument("--limit", type=int, default=2, help="stop after this many solutions (default 2)")
    s.add_argument("--node-limit", type=int, default=None, help="search node budget (default: none)")
    add_time_limit(s)
    s.add_argument("--answer", action="store_true", help="also print the solution as puzzlekit text")
    s.add_argument("--json", action="store_true", help="machine-readable output")
    add_picture_options(s)
    s.set_defaults(func=_solve_country)
    add_count(commands, "country", "Country Road", ENGINES, lambda source, a: _board(source).count(a.engine, a.limit))


def _generate_country(args: argparse.Namespace) -> int:
    p = generate_puzzle(
        args.rows,
        args.cols,
        seed(args.seed),
        country_size=args.country_size,
        coverage=args.coverage,
        order=args.order,
        grade=args.grade,
        time_limit=args.time_limit,
    )
    if args.json:
        print(json.dumps(p.to_dict(), ensure_ascii=False))
    elif args.url:
        print(p.board.to_url())
    else:
        print(p.board.draw(p.solution if args.answer else None))
        print(f"grade: {p.grade}  numbers: {len(p.board.numbers)}/{len(p.full_numbers)}  seed: {p.seed!r}")
    write_pictures(args, lambda: p.to_svg(answer=args.answer))
    return 0


def _stats_country(args: argparse.Namespace) -> int:
    tables = stats.run_stats(
        names=args.table,
        boards=args.boards,
        seed=seed(args.seed),
        workers=args.workers,
        scheduler=args.scheduler,
        connect_timeout=args.connect_timeout,
        out=args.out,
        progress=args.progress if args.progress is not None else sys.stderr.isatty(),
    )
    for table in tables:
        if args.csv:
            print(f"# {table.name}")
            print(table.to_csv(), end="")
        else:
            print(table.to_markdown())
    if args.out is not None and not stats.have_matplotlib():
        print(
            "loopcraft: note: matplotlib is not installed; no PNG plots written (pip install loopcraft[plot])",
            file=sys.stderr,
        )
    return 0


def add_layout_options(p: argparse.ArgumentParser) -> None:
    """The Country Road generator's own options (``generate`` and ``bank`` share them)."""
    p.add_argument(
        "--country-size",
        type=float,
        default=DEFAULT_COUNTRY_SIZE,
        help=f"average cells per country (default {DEFAULT_COUNTRY_SIZE})",
    )
    p.add_argument(
        "--coverage",
        type=float,
        default=DEFAULT_COVERAGE,
        help=f"share of cells the loop aims to cover (default {DEFAULT_COVERAGE})",
    )
    p.add_argument("--order", choices=ORDERS, default="adversarial", help="number deletion order (default adversarial)")


def _add_country_generate(commands: Commands) -> None:
    g = commands["generate"].add_parser("country", help="a Country Road puzzle with a unique solution")
    g.add_argument("--rows", "-r", type=int, required=True, help="board rows (2..30)")
    g.add_argument("--cols", "-c", type=int, required=True, help="board columns (2..30)")
    g.add_argument("--seed", "-s", default="0", help="seed (an int, or any text; default 0)")
    g.add_argument("--grade", choices=STAGES, default=None, help="weakest ladder stage that must complete the puzzle")
    add_layout_options(g)
    add_generate_time_limit(g)
    out = g.add_mutually_exclusive_group()
    out.add_argument("--json", action="store_true", help="print the puzzle, its grade and answer as JSON")
    out.add_argument("--url", action="store_true", help="print a puzz.link URL")
    g.add_argument("--answer", action="store_true", help="draw the answer loop (text and pictures)")
    add_picture_options(g)
    g.set_defaults(func=_generate_country)

    s = commands["stats"].add_parser(
        "country",
        help="regenerate the tables of the Country Road measurements",
        description="Tables: " + "; ".join(f"{k}: {v.title}" for k, v in TABLES.items()),
    )
    s.add_argument(
        "--table", "-t", action="append", choices=list(TABLES), help="a table to build (repeatable; default: all)"
    )
    s.add_argument(
        "--boards",
        "-n",
        type=int,
        default=None,
        help="boards per row group (default: the counts of docs/country-road.md)",
    )
    s.add_argument("--out", "-o", default=None, help="directory for NAME.md, NAME.csv and NAME.png")
    s.add_argument("--seed", "-s", default="0", help="master seed (default 0)")
    s.add_argument("--csv", action="store_true", help="print CSV instead of Markdown")
    add_runner_options(s, workers_help="local processes (default: every core; 1: this process only)")
    s.set_defaults(func=_stats_country)


def add(commands: Commands) -> None:
    _add_country_solve(commands)
    _add_country_generate(commands)
