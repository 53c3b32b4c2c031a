"""The ``loopcraft`` command line (also ``python -m loopcraft``).

    loopcraft generate loop --size 6 --seed SEED [--json] [--answer]
    loopcraft solve loop [FILE|-] [--node-limit N] [--json]
    loopcraft generate slither --rows R --cols C --seed S [--grade LEVEL] [--json|--url|--puzzlekit] [--answer]
    loopcraft solve slither [FILE|-|URL|LOOPY-ID] [--limit N] [--json] [--grade]
    loopcraft generate country --rows R --cols C --seed S [--grade LEVEL] [--json|--url] [--answer]
    loopcraft solve country [URL|FILE|-] [--stages region,once,...] [--json]
    loopcraft count country [URL|FILE|-] [--engine search|cells|loops] [--limit N]
    loopcraft stats country [--table NAME] [--boards N] [--out DIR] [--workers N|--scheduler ADDRESS]
    loopcraft bank slitherlink|country --sizes 10x10,15x15 --count N --out DIR [--workers N|--scheduler ADDRESS]
    loopcraft bank verify DIR [--uniqueness]
    loopcraft check slither|country SOURCE [--suggest K] [--minimize] [--json] [--svg FILE] [--time-limit S]
    loopcraft explain slither|country SOURCE [--level L] [--svg-dir DIR] [--json] [--time-limit S]
    loopcraft serve [--host HOST] [--port PORT] [--open]

``generate`` and ``solve`` also take ``--svg FILE`` and ``--png FILE``.
Each family registers its own sub-commands (``cli/loop.py``,
``cli/slitherlink.py``, ``cli/country.py``); ``cli/bank.py`` registers the
banks of every family and ``bank verify``. A mistake in the input (a
``LoopcraftError``, an ``OSError`` such as a missing file, or a bad option)
prints one line on stderr and exits with status 2; anything else is a bug and
shows its traceback.
"""

from __future__ import annotations

import argparse
import functools
import sys
from typing import Callable, List, Optional, Sequence

from .. import __version__
from ..errors import LoopcraftError
from . import bank, check, country, explain, loop, serve, slitherlink
from ._common import Commands

__all__ = ["build_parser", "main"]

#: One function per puzzle family, adding its sub-commands to the verbs.
KINDS: List[Callable[[Commands], None]] = [loop.add, slitherlink.add, country.add, bank.add, check.add, explain.add]
VERBS = {
    "generate": "make a puzzle",
    "solve": "solve a puzzle and prove uniqueness",
    "count": "count the solutions of a puzzle",
    "check": "a setter's verdict: count, backbone, clues to add, clues that clash",
    "stats": "regenerate the measurement tables",
    "bank": "write or verify a resumable bank of puzzles (locally or on Dask)",
    "explain": "the steps of a deduction, each naming its rule",
}


def build_parser() -> argparse.ArgumentParser:
    """The parser of every verb and family."""
    parser = argparse.ArgumentParser(
        prog="loopcraft", description="Pencil loop puzzles: generate, solve, prove unique."
    )
    parser.add_argument("--version", action="version", version=f"loopcraft {__version__}")
    verbs = parser.add_subparsers(dest="verb", required=True, metavar="COMMAND")
    commands: Commands = {}
    for verb, help_text in VERBS.items():
        sub = verbs.add_parser(verb, help=help_text)
        commands[verb] = sub.add_subparsers(dest="kind", required=True, metavar="KIND")
    for add in KINDS:
        add(commands)
    serve.add(verbs)
    return parser


@functools.lru_cache(maxsize=1)
def _parser() -> argparse.ArgumentParser:
    # Built once per process: building costs about 30 ms (over 500 sub-parser
    # arguments), which dominated in-process callers (the tests, the fuzzer's
    # cli_inputs harness). Parsing leaves the parser unchanged.
    return build_parser()


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Entry point of the ``loopcraft`` command: the exit status."""
    args = _parser().parse_args(argv)
    try:
        status: int = args.func(args)
    except BrokenPipeError:  # pragma: no cover - e.g. piped into head
        return 0
    except OSError as exc:
        where = f"{exc.filename}: " if exc.filename else ""
        print(f"loopcraft: error: {where}{exc.strerror or exc}", file=sys.stderr)
        return 2
    except LoopcraftError as exc:
        print(f"loopcraft: error: {exc}", file=sys.stderr)
        return 2
    return status
