"""``loopcraft check slither|country SOURCE``: the setter's verdict on a draft.

Prints one verdict (unique with its level; N solutions, the unknowns still
open and the best clue to add; or no solution with the clues that clash, by
1-based row and column), optionally the suggestions, a minimized board, JSON,
and the backbone as a picture. Every call runs under a time budget
(``--time-limit``, default 10 s); a budget that runs out is reported as
incomplete, never as a verdict it did not prove.
"""

from __future__ import annotations

import argparse
from typing import Any, Dict, Optional, Union

from .._setter import _place, minimize_checked
from ..country import CountryRoad
from ..errors import ArgumentError
from ..slitherlink import Slitherlink
from . import country as _country_cli
from . import slitherlink as _slither_cli
from ._common import Commands, add_picture_options, budget_seconds, print_json, write_pictures

__all__ = ["add"]

#: Seconds a ``check`` may take unless ``--time-limit`` says otherwise.
DEFAULT_TIME_LIMIT = 10.0


def _board(kind: str, source: str) -> Union[Slitherlink, CountryRoad]:
    if kind == "slither":
        return Slitherlink.parse(_slither_cli._source(source))
    return _country_cli._board(source)


def _url(board: Union[Slitherlink, CountryRoad]) -> Optional[str]:
    """The board's puzz.link URL, or None for a Country Road board with
    blocked cells, which no URL can hold (the JSON's ``puzzle`` still has it)."""
    try:
        return board.to_url()
    except ArgumentError:
        return None


def _check(args: argparse.Namespace) -> int:
    board = _board(args.kind, args.source)
    budget = args.time_limit
    v = board.verdict(suggest=args.suggest, time_limit=budget, threads=args.threads)
    minimized = None
    proven = True
    if args.minimize and v.unique:
        minimized, proven = minimize_checked(board, seed=0, time_limit=budget)
    write_pictures(args, v.backbone.to_svg)
    if args.json:
        out: Dict[str, Any] = {"puzzle": board.to_dict(), "url": _url(board)}
        out.update(v.to_dict())
        if minimized is not None:
            out["minimized"] = {"puzzle": minimized.to_dict(), "url": _url(minimized), "complete": proven}
        print_json(out)
        return 0
    name = "Slitherlink" if args.kind == "slither" else "Country Road"
    clues = len(board.numbers) if isinstance(board, CountryRoad) else board.clue_count
    print(f"{name} {board.rows} x {board.cols}, {clues} clues: {v.summary()}")
    for i, s in enumerate(v.suggestions, 1):
        effect = "unique" if s.count == 1 else f"{s.open} unknowns open"
        print(f"  {i}. {s.value} at {_place(board, s.where)}: {effect}")
    if args.minimize:
        if minimized is None:
            print("minimize: only a unique board can be minimized")
        else:
            kept = len(minimized.numbers) if isinstance(minimized, CountryRoad) else minimized.clue_count
            url = _url(minimized)
            shown = url if url is not None else "\n" + minimized.to_puzzlekit()
            if proven:
                print(f"minimized: {kept} of {clues} clues needed: {shown}")
            else:
                # The budget ran out: unique, but a clue kept may be removable.
                print(f"minimized: {kept} of {clues} clues kept, not proven minimal (time limit): {shown}")
    return 0


def add(commands: Commands) -> None:
    for kind, name in (("slither", "Slitherlink"), ("country", "Country Road")):
        p = commands["check"].add_parser(
            kind, help=f"a setter's verdict on a {name} draft: count, backbone, clues to add or that clash"
        )
        p.add_argument("source", nargs="?", default="-", help="a file, - for stdin, or a puzz.link URL")
        p.add_argument("--suggest", type=int, default=3, metavar="K", help="list the K best clues to add (default 3)")
        p.add_argument("--minimize", action="store_true", help="also print a unique board with only needed clues")
        p.add_argument("--json", action="store_true", help="machine-readable output")
        p.add_argument(
            "--threads",
            type=int,
            default=1,
            metavar="N",
            help="rank the clues to add on N threads (default 1; the same clues on any number, sooner on free cores)",
        )
        p.add_argument(
            "--time-limit",
            type=budget_seconds,
            default=DEFAULT_TIME_LIMIT,
            metavar="S",
            help=f"time budget in seconds for each step (default {DEFAULT_TIME_LIMIT:g}; 'none' for no budget)",
        )
        add_picture_options(p)
        p.set_defaults(func=_check, kind=kind)
