"""``loopcraft generate|solve slither``: Slitherlink at any size."""

from __future__ import annotations

import argparse
import os
import time
from typing import Any, Dict, Optional

from .._result import Grade
from ..slitherlink import LEVELS, Slitherlink, _formats, generate
from ..slitherlink._board import COUNT_ENGINES
from ._common import (
    Commands,
    TimeUp,
    add_count,
    add_generate_time_limit,
    add_picture_options,
    add_time_limit,
    deadline,
    print_json,
    read_source,
    seed,
    verdict,
    write_pictures,
)

__all__ = ["add"]


def _source(source: str) -> str:
    """The puzzle text behind SOURCE: stdin for ``-``, the text itself for a URL
    or a Loopy game ID, else the contents of the file."""
    if source == "-":
        return read_source(source)
    if _formats.detect(source) in ("url", "tatham") and not os.path.exists(source):
        return source
    return read_source(source)


def _solve(args: argparse.Namespace) -> int:
    puzzle = Slitherlink.parse(_source(args.source))
    started = time.monotonic()
    result = puzzle.solve(limit=args.limit, node_limit=args.node_limit, time_limit=args.time_limit)
    grade: Optional[Grade] = None
    if args.grade:
        left = None if args.time_limit is None else max(0.0, args.time_limit - (time.monotonic() - started))
        try:
            with deadline(left):
                grade = puzzle.grade(node_limit=args.node_limit)
        except TimeUp:  # the grade is left out, said so below
            grade = Grade("search", len(LEVELS) - 1, result.count, False)
    write_pictures(args, lambda: puzzle.to_svg(result.solution, shade_inside=result.solution is not None))
    if args.json:
        out: Dict[str, Any] = {"puzzle": puzzle.to_dict(), "url": puzzle.to_url()}
        out.update(result.to_dict())
        if grade is not None:
            out["grade"] = {"level": grade.level, "index": grade.index, "complete": grade.complete}
        print_json(out)
        return 0
    print(f"{puzzle.rows} x {puzzle.cols}, {puzzle.clue_count} clues: {verdict(result)}")
    print(f"nodes: {result.nodes}")
    if grade is not None:
        print(f"grade: {grade.level}" + ("" if grade.complete else " (search incomplete)"))
    for i, sol in enumerate(result.solutions[: args.show]):
        if i:
            print()
        print(sol.draw())
    return 0


def _generate(args: argparse.Namespace) -> int:
    puzzle = generate(
        args.rows, args.cols, args.seed, grade=args.grade, time_limit=args.time_limit, attempts=args.attempts
    )
    solution = puzzle.solve().solution if args.answer else None
    write_pictures(args, lambda: puzzle.to_svg(solution, shade_inside=solution is not None))
    if args.json:
        print(puzzle.to_json())
    elif args.url:
        print(puzzle.to_url())
    elif args.puzzlekit:
        print(puzzle.to_puzzlekit())
    else:
        print(solution.draw() if solution is not None else str(puzzle))
        print(puzzle.to_url())
    return 0


def add(commands: Commands) -> None:
    g = commands["generate"].add_parser("slither", help="a unique Slitherlink puzzle, any R x C up to 100 x 100")
    g.add_argument("--rows", "-r", type=int, default=10, help="rows (1..100, default 10)")
    g.add_argument("--cols", "-c", type=int, default=10, help="columns (1..100, default 10)")
    g.add_argument("--seed", "-s", type=seed, default=0, help="seed: an int, or any text (default 0)")
    g.add_argument("--grade", choices=LEVELS, help="the level of deduction the puzzle must need")
    add_generate_time_limit(g)
    g.add_argument("--attempts", type=int, default=50, help="random loops to try (default 50)")
    out = g.add_mutually_exclusive_group()
    out.add_argument("--json", action="store_true", help="print the puzzle as JSON")
    out.add_argument("--url", action="store_true", help="print the puzz.link URL only")
    out.add_argument("--puzzlekit", action="store_true", help="print puzzlekit / Janko text")
    g.add_argument("--answer", action="store_true", help="draw the solution loop too (text and pictures)")
    add_picture_options(g)
    g.set_defaults(func=_generate)
    s = commands["solve"].add_parser(
        "slither", help="solve a Slitherlink puzzle (URL, puzzlekit text, Loopy ID or JSON) and prove uniqueness"
    )
    s.add_argument("source", nargs="?", default="-", help="a file, - for stdin, a puzz.link URL or a Loopy game ID")
    s.add_argument("--limit", type=int, default=2, help="stop after this many solutions (default 2)")
    s.add_argument("--node-limit", type=int, help="budget of search nodes")
    add_time_limit(s, "the search (and the grade)")
    s.add_argument("--grade", action="store_true", help="also print the level of deduction needed")
    s.add_argument("--show", type=int, default=1, help="draw this many solutions (default 1)")
    s.add_argument("--json", action="store_true", help="machine-readable output")
    add_picture_options(s)
    s.set_defaults(func=_solve)
    add_count(
        commands,
        "slither",
        "Slitherlink",
        COUNT_ENGINES,
        lambda source, a: Slitherlink.parse(_source(source)).count(a.engine, a.limit),
    )
