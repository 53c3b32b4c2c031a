"""``loopcraft generate|solve loop``: the Loop engine v1."""

from __future__ import annotations

import argparse

from .. import loop
from ..loop._puzzle import draw_board
from ._common import Commands, add_picture_options, print_json, read_source, write_pictures

__all__ = ["add"]


def _generate(args: argparse.Namespace) -> int:
    puzzle = loop.generate(args.size, args.seed)
    if args.json:  # puzzle.to_json(), escaped where a seed is not valid text
        print_json(puzzle.to_dict(), separators=(",", ":"))
    else:
        print(puzzle.draw(answer=args.answer))
    write_pictures(args, lambda: puzzle.to_svg(answer=args.answer))
    return 0


def _solve(args: argparse.Namespace) -> int:
    puzzle = loop.LoopPuzzle.from_json(read_source(args.source))
    result = puzzle.solve(node_limit=args.node_limit)
    if args.json:
        print_json(
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
            print(draw_board(puzzle.n, puzzle.clues, result.solutions[0]))
    write_pictures(args, lambda: puzzle.to_svg(answer=bool(result.solutions)))
    return 0


def add(commands: Commands) -> None:
    g = commands["generate"].add_parser("loop", help="a Loop engine v1 puzzle (n x n, n = 4..6)")
    g.add_argument("--size", "-n", type=int, default=6, help="board size n (4, 5 or 6; default 6)")
    g.add_argument("--seed", "-s", default="", help="seed text (at most 80 UTF-16 units)")
    g.add_argument("--json", action="store_true", help="print the puzzle object as JSON")
    g.add_argument("--answer", action="store_true", help="draw the solution loop too")
    add_picture_options(g)
    g.set_defaults(func=_generate)
    s = commands["solve"].add_parser("loop", help="check a Loop puzzle object (JSON)")
    s.add_argument("source", nargs="?", default="-", help="file with the puzzle JSON, or - for stdin")
    s.add_argument("--node-limit", type=int, default=loop.NODE_LIMIT)
    s.add_argument("--json", action="store_true", help="machine-readable output")
    add_picture_options(s)
    s.set_defaults(func=_solve)
