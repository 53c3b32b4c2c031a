"""The ``loopcraft`` command line (also ``python -m loopcraft``).

    loopcraft generate loop --size 6 --seed SEED [--json] [--answer]
    loopcraft solve loop [FILE|-] [--node-limit N] [--json]

Each puzzle kind registers its own sub-commands below; errors in the input
print one line on stderr and exit with status 2.
"""

from __future__ import annotations

import argparse
import json
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


# --------------------------------------------------------------------------- registry

#: One function per puzzle kind, adding its sub-commands to the verbs.
_KINDS: List[Callable[[Dict[str, argparse._SubParsersAction]], None]] = [_add_loop]
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
