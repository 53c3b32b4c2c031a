"""What every family's commands share: reading a source, JSON output, seeds,
the one-line verdict of a search, and the ``--svg``/``--png`` picture options."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, Callable, Dict, Union

from .._png import svg_to_png
from .._result import SolveResult

__all__ = [
    "Commands",
    "read_source",
    "print_json",
    "seed",
    "verdict",
    "add_picture_options",
    "write_pictures",
    "add_runner_options",
]

#: The verbs' sub-command parsers, by verb ("generate", "solve", ...).
Commands = Dict[str, "argparse._SubParsersAction[argparse.ArgumentParser]"]


def read_source(source: str) -> str:
    """Text of a file path, or of stdin for ``-`` (``OSError`` passes through)."""
    if source == "-":
        return sys.stdin.read()
    with open(source, encoding="utf-8") as f:
        return f.read()


def print_json(obj: Any) -> None:
    print(json.dumps(obj, ensure_ascii=False))


def seed(text: str) -> Union[int, str]:
    """``--seed 42`` means the int 42 (as in Python); anything else is a str seed."""
    try:
        return int(text)
    except ValueError:
        return text


def verdict(result: SolveResult[Any]) -> str:
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


def add_picture_options(parser: argparse.ArgumentParser) -> None:
    """``--svg FILE`` and ``--png FILE`` (the picture follows ``--answer`` where there is one)."""
    parser.add_argument("--svg", metavar="FILE", help="also write the picture as SVG")
    parser.add_argument("--png", metavar="FILE", help="also write the picture as PNG (needs loopcraft[png])")


def write_pictures(args: argparse.Namespace, to_svg: Callable[[], str]) -> None:
    """Writes the files ``--svg``/``--png`` ask for (the SVG is drawn once)."""
    if not args.svg and not args.png:
        return
    svg = to_svg()
    if args.svg:
        with open(args.svg, "w", encoding="utf-8") as f:
            f.write(svg)
    if args.png:
        svg_to_png(svg, args.png)


def add_runner_options(
    p: argparse.ArgumentParser, workers_help: str = "local processes (default: this process only)"
) -> None:
    """``--workers``, ``--scheduler`` and the progress switches (banks and stats sweeps)."""
    p.add_argument("--workers", "-j", type=int, default=None, help=workers_help)
    p.add_argument(
        "--scheduler",
        default=None,
        metavar="ADDRESS",
        help="run on Dask: a scheduler address (tcp://host:8786) or 'local' for a LocalCluster of --workers "
        "(needs loopcraft[dask])",
    )
    p.add_argument(
        "--connect-timeout", type=float, default=5.0, help="seconds to wait for the Dask scheduler (default 5)"
    )
    p.add_argument("--progress", action="store_true", default=None, help="show a progress bar (default: on a terminal)")
    p.add_argument("--no-progress", dest="progress", action="store_false", help="no progress bar")
