"""``loopcraft explain slither|country``: the steps of a deduction, one per line."""

from __future__ import annotations

import argparse
import os
from typing import Any, Dict, List, Optional

from .._explain import Explanation, Step
from .._validate import require_path
from ..country import LEVELS as COUNTRY_LEVELS
from ..slitherlink import LEVELS as SLITHER_LEVELS
from ..slitherlink import Slitherlink
from . import country as country_cli
from . import slitherlink as slither_cli
from ._common import Commands, add_time_limit, print_json

__all__ = ["add", "step_dict"]


def _key(k: Any) -> List[Any]:
    return list(k)


def step_dict(step: Step) -> Dict[str, Any]:
    """A step as plain JSON data (keys as lists, decisions as ``[key, value]`` pairs)."""
    out: Dict[str, Any] = {
        "rule": step.rule,
        "level": step.level,
        "text": step.text,
        "place": None if step.place is None else _key(step.place),
        "premise": sorted(_key(k) for k in step.premise),
        "decided": [[_key(k), v] for k, v in step.decided.items()],
    }
    if step.contradiction:
        out["contradiction"] = True
    if step.because is not None:
        out["because"] = [step_dict(s) for s in step.because.steps]
    return out


def _report(args: argparse.Namespace, e: Explanation) -> int:
    if args.svg_dir:
        os.makedirs(require_path("--svg-dir", args.svg_dir), exist_ok=True)
        width = len(str(len(e.steps)))
        for i, s in enumerate(e.steps):
            with open(os.path.join(args.svg_dir, f"step-{i + 1:0{width}d}.svg"), "w", encoding="utf-8") as f:
                f.write(s.to_svg())
    if args.json:
        print_json(
            {
                "level": e.level,
                "contradiction": e.contradiction,
                "rules": e.rules(),
                "steps": [step_dict(s) for s in e.steps],
            }
        )
        return 0
    print(e.text())
    return 0


def _slither(args: argparse.Namespace) -> int:
    board = Slitherlink.parse(slither_cli._source(args.source))
    return _report(args, board.explain(args.level, time_limit=args.time_limit))


def _country(args: argparse.Namespace) -> int:
    board = country_cli._board(args.source)
    return _report(args, board.explain(args.level, time_limit=args.time_limit))


def _common(p: argparse.ArgumentParser, levels: List[str], default: Optional[str]) -> None:
    p.add_argument("source", nargs="?", default="-", help="a file, - for stdin, or a puzz.link URL")
    p.add_argument("--level", choices=levels, default=default, help=f"explain up to this level (default {default})")
    p.add_argument("--svg-dir", metavar="DIR", help="also write one SVG picture per step into DIR")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    # Out of time, the command says so in one line (exit status 2): the
    # steps of an explanation cut short would not reach the level's fixpoint.
    add_time_limit(p, "the explanation")


def add(commands: Commands) -> None:
    """Registers ``explain slither`` and ``explain country``."""
    s = commands["explain"].add_parser("slither", help="the steps of a Slitherlink deduction, easiest first")
    _common(s, list(SLITHER_LEVELS[:-1]), SLITHER_LEVELS[-2])
    s.set_defaults(func=_slither)
    c = commands["explain"].add_parser("country", help="the steps of a Country Road deduction, easiest first")
    _common(c, list(COUNTRY_LEVELS[:-1]), COUNTRY_LEVELS[-2])
    c.set_defaults(func=_country)
