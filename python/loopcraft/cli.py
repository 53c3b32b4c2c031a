"""The ``loopcraft`` command line (also ``python -m loopcraft``).

    loopcraft generate loop --size 6 --seed SEED [--json] [--answer]
    loopcraft solve loop [FILE|-] [--node-limit N] [--json]
    loopcraft generate slither --rows R --cols C --seed S [--grade T] [--json|--url|--puzzlekit|--answer]
    loopcraft solve slither [FILE|-|URL|LOOPY-ID] [--limit N] [--json] [--grade]
    loopcraft generate country --rows R --cols C --seed S [--grade STAGE] [--json|--url]
    loopcraft solve country [URL|FILE|-] [--stages region,once,...] [--json]
    loopcraft count country [URL|FILE|-] [--engine search|cells|loops] [--limit N]
    loopcraft stats country [--table NAME] [--boards N] [--out DIR]
    loopcraft bank country --count N --out FILE.jsonl

Each puzzle kind registers its own sub-commands below; errors in the input
print one line on stderr and exit with status 2.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any, Callable, Dict, List, Optional, Sequence

from . import loop
from .errors import ArgumentError, LoopcraftError


def _read_source(source: str) -> str:
    """Text of a file path, or of stdin for ``-``."""
    if source == "-":
        return sys.stdin.read()
    try:
        with open(source, encoding="utf-8") as f:
            return f.read()
    except OSError as exc:
        raise ArgumentError(f"cannot read {source}: {exc.strerror}") from None


def _print_json(obj) -> None:
    print(json.dumps(obj, ensure_ascii=False))


# --------------------------------------------------------------------------- loop (engine v1)


def _generate_loop(args: argparse.Namespace) -> int:
    puzzle = loop.generate(args.size, args.seed)
    if args.json:
        print(puzzle.to_json())
    else:
        print(puzzle.draw(answer=args.answer))
    return 0


def _solve_loop(args: argparse.Namespace) -> int:
    puzzle = loop.LoopPuzzle.from_json(_read_source(args.source))
    result = puzzle.solve(node_limit=args.node_limit)
    if args.json:
        _print_json(
            {
                "solutions": len(result.solutions),
                "nodes": result.nodes,
                "truncated": result.truncated,
                "unique": result.unique,
            }
        )
    else:
        verdict = "truncated (proves nothing)" if result.truncated else ("unique" if result.unique else "not unique")
        print(f"solutions: {len(result.solutions)}\nnodes: {result.nodes}\ntruncated: {result.truncated}\n{verdict}")
        if result.solutions:
            print(loop.draw_board(puzzle.n, puzzle.clues, result.solutions[0]))
    return 0


def _add_loop(commands: Dict[str, argparse._SubParsersAction]) -> None:
    g = commands["generate"].add_parser("loop", help="a Loop engine v1 puzzle (n x n, n = 4..6)")
    g.add_argument("--size", "-n", type=int, default=6, help="board size n (4, 5 or 6; default 6)")
    g.add_argument("--seed", "-s", default="", help="seed text (at most 80 UTF-16 units)")
    g.add_argument("--json", action="store_true", help="print the puzzle object as JSON")
    g.add_argument("--answer", action="store_true", help="draw the solution loop too")
    g.set_defaults(func=_generate_loop)
    s = commands["solve"].add_parser("loop", help="check a Loop puzzle object (JSON)")
    s.add_argument("source", nargs="?", default="-", help="file with the puzzle JSON, or - for stdin")
    s.add_argument("--node-limit", type=int, default=loop.NODE_LIMIT)
    s.add_argument("--json", action="store_true", help="machine-readable output")
    s.set_defaults(func=_solve_loop)


# --------------------------------------------------------------------------- Slitherlink (any R x C)


def _slither_source(source: str) -> str:
    """The puzzle text behind SOURCE: stdin for ``-``, the text itself for a URL
    or a Loopy game ID, else the contents of the file."""
    if source == "-":
        return sys.stdin.read()
    from .slitherlink import _formats

    if _formats.detect(source) in ("url", "tatham") and not os.path.exists(source):
        return source
    return _read_source(source)


def _verdict(result: Any) -> str:
    """One line on what a search proved, worded the same for every family."""
    if result.complete:
        if result.count == 0:
            return "no solution"
        return "unique" if result.count == 1 else f"not unique ({result.count} solutions)"
    if result.count >= 2:
        return f"not unique (at least {result.count} solutions)"
    if result.count == result.limit:
        return f"solved (limit {result.limit}: uniqueness not checked)"
    return f"a budget stopped the search after {result.count} solution(s): uniqueness not decided"


def _solve_slither(args: argparse.Namespace) -> int:
    from .slitherlink import Slitherlink

    puzzle = Slitherlink.parse(_slither_source(args.source))
    result = puzzle.solve(limit=args.limit, node_limit=args.node_limit, time_limit=args.time_limit)
    grade = puzzle.grade(node_limit=args.node_limit) if args.grade else None
    if args.json:
        out = {"puzzle": puzzle.to_dict(), "url": puzzle.to_url()}
        out.update(result.to_dict())
        if grade is not None:
            out["grade"] = {"level": grade.level, "index": grade.index, "complete": grade.complete}
        _print_json(out)
        return 0
    print(f"{puzzle.rows} x {puzzle.cols}, {puzzle.clue_count} clues: {_verdict(result)}")
    print(f"nodes: {result.nodes}")
    if grade is not None:
        print(f"grade: {grade.level}" + ("" if grade.complete else " (search incomplete)"))
    for i, sol in enumerate(result.solutions[: args.show]):
        if i:
            print()
        print(sol.draw())
    return 0


def _seed(text: str):
    """``--seed 42`` means the int 42 (as in Python); anything else is a str seed."""
    try:
        return int(text)
    except ValueError:
        return text


def _generate_slither(args: argparse.Namespace) -> int:
    from .slitherlink import generate

    puzzle = generate(
        args.rows, args.cols, args.seed, grade=args.grade, time_limit=args.time_limit, attempts=args.attempts
    )
    if args.json:
        print(puzzle.to_json())
    elif args.url:
        print(puzzle.to_url())
    elif args.puzzlekit:
        print(puzzle.to_puzzlekit())
    else:
        solution = puzzle.solve().solution if args.answer else None
        print(solution.draw() if solution is not None else str(puzzle))
        print(puzzle.to_url())
    return 0


def _add_slither(commands: Dict[str, argparse._SubParsersAction]) -> None:
    from .slitherlink import LEVELS as TIERS

    g = commands["generate"].add_parser("slither", help="a unique Slitherlink puzzle, any R x C up to 100 x 100")
    g.add_argument("--rows", "-r", type=int, default=10, help="rows (1..100, default 10)")
    g.add_argument("--cols", "-c", type=int, default=10, help="columns (1..100, default 10)")
    g.add_argument("--seed", "-s", type=_seed, default=0, help="seed: an int, or any text (default 0)")
    g.add_argument("--grade", choices=TIERS, help="target tier of deduction the puzzle must need")
    g.add_argument("--time-limit", type=float, help="give up after this many seconds")
    g.add_argument("--attempts", type=int, default=50, help="random loops to try (default 50)")
    out = g.add_mutually_exclusive_group()
    out.add_argument("--json", action="store_true", help="print the puzzle as JSON")
    out.add_argument("--url", action="store_true", help="print the puzz.link URL only")
    out.add_argument("--puzzlekit", action="store_true", help="print puzzlekit / Janko text")
    out.add_argument("--answer", action="store_true", help="draw the solution loop too")
    g.set_defaults(func=_generate_slither)
    s = commands["solve"].add_parser(
        "slither", help="solve a Slitherlink puzzle (URL, puzzlekit text, Loopy ID or JSON) and prove uniqueness"
    )
    s.add_argument("source", nargs="?", default="-", help="a file, - for stdin, a puzz.link URL or a Loopy game ID")
    s.add_argument("--limit", type=int, default=2, help="stop after this many solutions (default 2)")
    s.add_argument("--node-limit", type=int, help="budget of search nodes")
    s.add_argument("--time-limit", type=float, help="budget in seconds")
    s.add_argument("--grade", action="store_true", help="also print the tier of deduction needed")
    s.add_argument("--show", type=int, default=1, help="draw this many solutions (default 1)")
    s.add_argument("--json", action="store_true", help="machine-readable output")
    s.set_defaults(func=_solve_slither)


# --------------------------------------------------------------------------- Country Road


def _country_board(source: str):
    """A Country Road board from a URL, a file path, or ``-`` (stdin)."""
    from .country import CountryRoad

    s = source.strip()
    if "country/" in s and ("?" in s or s.startswith("country/")):
        return CountryRoad.from_url(s)
    return CountryRoad.parse(_read_source(source))


def _solve_country(args: argparse.Namespace) -> int:

    board = _country_board(args.source)
    result = board.solve(limit=args.limit, stages=args.stages, node_limit=args.node_limit, time_limit=args.time_limit)
    deduction = board.deduce(stages=args.stages)
    # complete is False when the search stopped at --limit: the count is then a lower bound.
    if result.unique:
        verdict = "unique"
    elif result.count >= 2:
        verdict = f"not unique (at least {result.count} solutions)"
    elif result.count == 1:
        verdict = f"solved (limit {result.limit}: uniqueness not checked)"
        if result.limit >= 2:
            verdict = "solved (a budget stopped the search: uniqueness not proven)"
    elif result.complete:
        verdict = "no solution"
    else:
        verdict = "incomplete (a budget stopped the search; proves nothing)"
    if args.json:
        _print_json(
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
        print(f"{verdict}\nsolutions: {result.count}\ncomplete: {result.complete}\nnodes: {result.nodes}")
        print(f"ladder ({','.join(deduction.stages)}): {deduction.fraction:.1%} of bits decided without search")
        if result.solutions:
            print(board.draw(result.solutions[0]))
            if args.answer:
                print(result.solutions[0].to_puzzlekit())
        else:
            print(board)
    return 0


def _count_country(args: argparse.Namespace) -> int:
    from . import country

    board = _country_board(args.source)
    n = country.count_solutions(board, engine=args.engine, limit=args.limit)
    if args.json:
        _print_json({"count": n, "engine": args.engine, "limit": args.limit})
    else:
        print(n)
    return 0


def _add_country_solve(commands: Dict[str, argparse._SubParsersAction]) -> None:
    from .country import ENGINES, STAGES

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
    s.add_argument("--time-limit", type=float, default=None, help="time budget in seconds (default: none)")
    s.add_argument("--answer", action="store_true", help="also print the solution as puzzlekit text")
    s.add_argument("--json", action="store_true", help="machine-readable output")
    s.set_defaults(func=_solve_country)
    c = commands["count"].add_parser("country", help="count the solutions of a Country Road puzzle")
    c.add_argument("source", nargs="?", default="-", help="URL, file, or - for stdin (default)")
    c.add_argument("--engine", choices=ENGINES, default="search", help="counting engine (default: search)")
    c.add_argument("--limit", type=int, default=None, help="stop counting at this many")
    c.add_argument("--json", action="store_true", help="machine-readable output")
    c.set_defaults(func=_count_country)


def _generate_country(args: argparse.Namespace) -> int:
    from .country import generate_puzzle

    p = generate_puzzle(
        args.rows,
        args.cols,
        _seed(args.seed),
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
    return 0


def _stats_country(args: argparse.Namespace) -> int:
    from .country import stats

    tables = stats.run_stats(
        names=args.table,
        boards=args.boards,
        seed=_seed(args.seed),
        workers=args.workers,
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


def _bank_country(args: argparse.Namespace) -> int:
    from .country import bank, stats

    bar, close = None, None
    if args.progress if args.progress is not None else sys.stderr.isatty():
        bar, close = stats.progress_bar(args.count, "bank")
    try:
        added = bank.write_bank(
            args.out,
            args.count,
            args.rows,
            args.cols,
            _seed(args.seed),
            grade=args.grade,
            country_size=args.country_size,
            coverage=args.coverage,
            order=args.order,
            workers=args.workers,
            time_limit=args.time_limit,
            progress=bar,
        )
    finally:
        if close is not None:
            close()
    print(f"{args.out}: {added} puzzles added, {args.count} in the bank")
    return 0


def _add_country_generate(commands: Dict[str, argparse._SubParsersAction]) -> None:
    from .country import ORDERS, STAGES
    from .country._generate import DEFAULT_COUNTRY_SIZE, DEFAULT_COVERAGE
    from .country.stats import TABLES

    def options(p: argparse.ArgumentParser, rows: Optional[int]) -> None:
        p.add_argument("--rows", "-r", type=int, default=rows, required=rows is None, help="board rows (2..30)")
        p.add_argument("--cols", "-c", type=int, default=rows, required=rows is None, help="board columns (2..30)")
        p.add_argument("--seed", "-s", default="0", help="seed (an int, or any text; default 0)")
        p.add_argument(
            "--grade", choices=STAGES, default=None, help="weakest ladder stage that must complete the puzzle"
        )
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
        p.add_argument(
            "--order", choices=ORDERS, default="adversarial", help="number deletion order (default adversarial)"
        )
        p.add_argument("--time-limit", type=float, default=None, help="seconds per puzzle (default: none)")

    def progress(p: argparse.ArgumentParser) -> None:
        p.add_argument("--workers", "-j", type=int, default=None, help="threads (default: every core)")
        p.add_argument(
            "--progress", action="store_true", default=None, help="show a progress bar (default: on a terminal)"
        )
        p.add_argument("--no-progress", dest="progress", action="store_false", help="no progress bar")

    g = commands["generate"].add_parser("country", help="a Country Road puzzle with a unique solution")
    options(g, None)
    out = g.add_mutually_exclusive_group()
    out.add_argument("--json", action="store_true", help="print the puzzle, its grade and answer as JSON")
    out.add_argument("--url", action="store_true", help="print a puzz.link URL")
    g.add_argument("--answer", action="store_true", help="draw the answer loop")
    g.set_defaults(func=_generate_country)

    s = commands["stats"].add_parser(
        "country",
        help="regenerate the tables of the Country Road measurements",
        description="Tables: " + "; ".join(f"{k}: {v.title}" for k, v in TABLES.items()),
    )
    s.add_argument(
        "--table", "-t", action="append", choices=list(TABLES), help="a table to build (repeatable; default: all)"
    )
    s.add_argument("--boards", "-n", type=int, default=None, help="boards per row group (default: the spec's counts)")
    s.add_argument("--out", "-o", default=None, help="directory for NAME.md, NAME.csv and NAME.png")
    s.add_argument("--seed", "-s", default="0", help="master seed (default 0)")
    s.add_argument("--csv", action="store_true", help="print CSV instead of Markdown")
    progress(s)
    s.set_defaults(func=_stats_country)

    b = commands["bank"].add_parser(
        "country", help="write many puzzles with grade and answer to a JSON Lines file (resumable)"
    )
    b.add_argument("--count", "-n", type=int, required=True, help="puzzles the file must hold")
    b.add_argument("--out", "-o", required=True, help="the .jsonl file (resumed when it exists)")
    options(b, 8)
    progress(b)
    b.set_defaults(func=_bank_country)


def _add_country(commands: Dict[str, argparse._SubParsersAction]) -> None:
    _add_country_solve(commands)
    _add_country_generate(commands)


# --------------------------------------------------------------------------- registry

#: One function per puzzle kind, adding its sub-commands to the verbs.
_KINDS: List[Callable[[Dict[str, argparse._SubParsersAction]], None]] = [_add_loop, _add_slither, _add_country]
_VERBS = {
    "generate": "make a puzzle",
    "solve": "solve a puzzle and prove uniqueness",
    "count": "count the solutions of a puzzle",
    "stats": "regenerate the measurement tables",
    "bank": "write a resumable bank of puzzles",
}


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="loopcraft", description="Pencil loop puzzles: generate, solve, prove unique."
    )
    from . import __version__

    parser.add_argument("--version", action="version", version=f"loopcraft {__version__}")
    verbs = parser.add_subparsers(dest="verb", required=True, metavar="COMMAND")
    commands = {}
    for verb, help_text in _VERBS.items():
        sub = verbs.add_parser(verb, help=help_text)
        commands[verb] = sub.add_subparsers(dest="kind", required=True, metavar="KIND")
    for add in _KINDS:
        add(commands)
    return parser


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Entry point of the ``loopcraft`` command."""
    args = build_parser().parse_args(argv)
    try:
        return args.func(args)
    except (ValueError, TypeError, LoopcraftError) as exc:
        print(f"loopcraft: error: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # pragma: no cover - e.g. piped into head
        return 0
