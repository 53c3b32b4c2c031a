"""The ``loopcraft`` command line (also ``python -m loopcraft``).

    loopcraft generate loop --size 6 --seed SEED [--json] [--answer]
    loopcraft solve loop [FILE|-] [--node-limit N] [--json]
    loopcraft generate slither --rows R --cols C --seed S [--grade T] [--json|--url|--puzzlekit|--answer]
    loopcraft solve slither [FILE|-|URL|LOOPY-ID] [--limit N] [--json] [--grade]

Each puzzle kind registers its own sub-commands below; errors in the input
print one line on stderr and exit with status 2.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Callable, Dict, List, Optional, Sequence

from . import loop
from .errors import LoopcraftError


def _read_source(source: str) -> str:
    """Text of a file path, or of stdin for ``-``."""
    if source == "-":
        return sys.stdin.read()
    try:
        with open(source, encoding="utf-8") as f:
            return f.read()
    except OSError as exc:
        raise ValueError(f"cannot read {source}: {exc.strerror}") from None


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
            {"solutions": len(result.solutions), "nodes": result.nodes, "truncated": result.truncated, "unique": result.unique}
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


def _solve_slither(args: argparse.Namespace) -> int:
    from .slitherlink import Slitherlink

    puzzle = Slitherlink.parse(_slither_source(args.source))
    result = puzzle.solve(limit=args.limit, node_limit=args.node_limit, time_limit=args.time_limit)
    grade = puzzle.grade(node_limit=args.node_limit) if args.grade else None
    if args.json:
        out = {"puzzle": puzzle.to_dict(), "url": puzzle.to_url()}
        out.update(result.to_dict())
        if grade is not None:
            out["grade"] = {"tier": grade.tier, "level": grade.level, "complete": grade.complete}
        _print_json(out)
        return 0
    if not result.complete:
        verdict = f"search stopped by a budget after {result.count} solution(s): uniqueness not decided"
    elif result.count == 0:
        verdict = "no solution"
    elif result.count == 1:
        verdict = "unique"
    else:
        verdict = f"not unique (at least {result.count} solutions)" if result.count == args.limit else (
            f"not unique ({result.count} solutions)"
        )
    print(f"{puzzle.rows} x {puzzle.cols}, {puzzle.clue_count} clues: {verdict}")
    print(f"nodes: {result.nodes}")
    if grade is not None:
        print(f"grade: {grade.tier}" + ("" if grade.complete else " (search incomplete)"))
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
    from .slitherlink import generate_slitherlink

    puzzle = generate_slitherlink(
        args.rows, args.cols, args.seed, grade=args.grade, time_limit=args.time_limit, max_attempts=args.attempts
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
    from .slitherlink import TIERS

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


# --------------------------------------------------------------------------- registry

#: One function per puzzle kind, adding its sub-commands to the verbs.
_KINDS: List[Callable[[Dict[str, argparse._SubParsersAction]], None]] = [_add_loop, _add_slither]
_VERBS = {
    "generate": "make a puzzle",
    "solve": "solve a puzzle and prove uniqueness",
}


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="loopcraft", description="Pencil loop puzzles: generate, solve, prove unique.")
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
