"""What every family's commands share: reading a source, JSON output, seeds,
the one-line verdict of a search, and the ``--svg``/``--png`` picture options."""

from __future__ import annotations

import argparse
import json
import math
import signal
import sys
import threading
from contextlib import contextmanager
from typing import Any, Callable, Dict, Iterator, Optional, Sequence, Union

from .._png import svg_to_png
from .._result import SolveResult
from .._text import MAX_TEXT
from .._validate import require_path
from ..errors import FormatError

__all__ = [
    "Commands",
    "read_source",
    "print_json",
    "seed",
    "verdict",
    "add_picture_options",
    "write_pictures",
    "add_runner_options",
    "DEFAULT_TIME_LIMIT",
    "seconds",
    "budget_seconds",
    "add_time_limit",
    "add_generate_time_limit",
    "TimeUp",
    "MAX_ALARM",
    "deadline",
]

#: The time budget of every command-line solve and count, in seconds, unless
#: ``--time-limit`` says otherwise: a search that runs out reports that it is
#: incomplete, never a count it has not proven.
DEFAULT_TIME_LIMIT = 60.0

#: The verbs' sub-command parsers, by verb ("generate", "solve", ...).
Commands = Dict[str, "argparse._SubParsersAction[argparse.ArgumentParser]"]


#: Most bytes :func:`read_source` reads: the readers take at most
#: ``MAX_TEXT`` characters, of at most 4 bytes each in UTF-8.
MAX_SOURCE_BYTES = 4 * MAX_TEXT


def read_source(source: str) -> str:
    """Text of a file path, or of stdin for ``-`` (``OSError`` passes through);
    bytes that are not UTF-8 are a FormatError, and so is a source longer
    than any reader takes (read no further: ``/dev/zero`` has no end)."""
    if source == "-":
        stdin = getattr(sys.stdin, "buffer", None)
        if stdin is not None:
            data: Union[str, bytes] = stdin.read(MAX_SOURCE_BYTES + 1)
        else:
            data = sys.stdin.read(MAX_TEXT + 1)
        where = "standard input"
    else:
        with open(require_path("source", source), "rb") as f:
            data = f.read(MAX_SOURCE_BYTES + 1)
        where = source
    if len(data) > (MAX_TEXT if isinstance(data, str) else MAX_SOURCE_BYTES):
        unit = "characters" if isinstance(data, str) else "bytes"
        raise FormatError(
            f"{where!r} is too long (more than {len(data) - 1} {unit}; puzzle text has at most {MAX_TEXT} characters)"
        )
    if isinstance(data, str):
        return data
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        bad = data[exc.start : exc.start + 1]
        raise FormatError(f"{where!r} is not UTF-8 text (byte {exc.start + 1} is {bad!r})") from None


def print_json(obj: Any, **options: Any) -> None:
    """``obj`` as one line of JSON. Text that has no UTF-8 form (a seed with a
    lone surrogate, from bytes on the command line that were not UTF-8) is
    written escaped, which reads back to the same string."""
    text = json.dumps(obj, ensure_ascii=False, **options)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        text = json.dumps(obj, ensure_ascii=True, **options)
    print(text)


def seconds(text: str) -> float:
    """A finite number of seconds, at least 0 (argparse turns the ValueError
    into a usage error)."""
    value = float(text)
    if not (math.isfinite(value) and value >= 0):
        raise ValueError(f"not a finite number of seconds: {text[:40]!r}")
    return value


def budget_seconds(text: str) -> Optional[float]:
    """``--time-limit``: :func:`seconds`, or ``none`` for no budget."""
    return None if text.strip().lower() == "none" else seconds(text)


def add_time_limit(parser: argparse.ArgumentParser, what: str = "the search") -> None:
    """``--time-limit SECONDS`` (default :data:`DEFAULT_TIME_LIMIT`, ``none`` for no budget)."""
    parser.add_argument(
        "--time-limit",
        type=budget_seconds,
        default=DEFAULT_TIME_LIMIT,
        metavar="SECONDS",
        help=f"time budget of {what} (default {DEFAULT_TIME_LIMIT:g}; 'none' for no budget); "
        "when it runs out the answer says it is incomplete",
    )


def add_generate_time_limit(parser: argparse.ArgumentParser) -> None:
    """``--time-limit SECONDS`` of a generator (default :data:`DEFAULT_TIME_LIMIT`,
    ``none`` for no limit): a large board can take the generator minutes,
    and a command should not run without end unless asked to."""
    parser.add_argument(
        "--time-limit",
        type=budget_seconds,
        default=DEFAULT_TIME_LIMIT,
        metavar="SECONDS",
        help=f"give up after this many seconds (default {DEFAULT_TIME_LIMIT:g}; 'none' for no limit)",
    )


#: The longest alarm :func:`deadline` sets, in seconds (about 68 years): the
#: timer takes no more (a longer one raised OverflowError), and a longer
#: budget is no budget.
MAX_ALARM = 2**31 - 1


class TimeUp(Exception):
    """Raised by :func:`deadline` when its time runs out (never escapes a command)."""


@contextmanager
def deadline(limit: Optional[float]) -> Iterator[None]:
    """Raises :class:`TimeUp` inside the block once ``limit`` seconds have passed.

    For the calls that take no ``time_limit`` of their own (the counting
    engines, ``grade``): the core polls for pending signals every few
    milliseconds, as it does for Ctrl-C, so an alarm stops it the same way.
    Without ``SIGALRM`` (Windows) or off the main thread there is no budget.
    """
    usable = hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()
    if limit is None or limit > MAX_ALARM or not usable:  # an alarm past MAX_ALARM would never ring
        yield
        return

    def on_alarm(signum: int, frame: Any) -> None:
        raise TimeUp()

    old = signal.signal(signal.SIGALRM, on_alarm)
    signal.setitimer(signal.ITIMER_REAL, max(limit, 1e-3))
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


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
        return f"not unique (at least {result.count} solutions; the count is incomplete)"
    if result.count == result.limit:
        return f"solved (limit {result.limit}: uniqueness not checked)"
    return f"incomplete: a budget stopped the search after {result.count} solution(s); uniqueness not decided"


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
        with open(require_path("--svg", args.svg), "w", encoding="utf-8") as f:
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
        "--connect-timeout", type=seconds, default=5.0, help="seconds to wait for the Dask scheduler (default 5)"
    )
    p.add_argument("--progress", action="store_true", default=None, help="show a progress bar (default: on a terminal)")
    p.add_argument("--no-progress", dest="progress", action="store_false", help="no progress bar")


def add_count(
    commands: Commands, family: str, title: str, engines: Sequence[str], count: Callable[[str, Any], Any]
) -> None:
    """``count FAMILY SOURCE [--engine E] [--limit N] [--time-limit S] [--json]``:
    one command for every family. ``count(source, args)`` reads the board and
    returns its :class:`loopcraft.Count`."""
    c = commands["count"].add_parser(family, help=f"count the solutions of a {title} puzzle")
    c.add_argument("source", nargs="?", default="-", help="URL, file, or - for stdin (default)")
    c.add_argument(
        "--engine", choices=engines, default="frontier", help="counting engine (default: frontier, deducing first)"
    )
    c.add_argument("--limit", type=int, default=None, help="stop counting at this many")
    add_time_limit(c, "the count")
    c.add_argument("--json", action="store_true", help="machine-readable output")

    def run(args: argparse.Namespace) -> int:
        n: Any = None
        try:
            with deadline(args.time_limit):
                n = count(args.source, args)
        except TimeUp:
            n = None
        if args.json:
            # complete: the count is exact (it finished, and no limit cut it short)
            exact = n is not None and (args.limit is None or n < args.limit)
            out: Dict[str, Any] = {"count": None if n is None else int(n), "complete": exact, "engine": args.engine}
            out.update(limit=args.limit, time_limit=args.time_limit)
            if n is not None:
                out.update(route=n.engine, reason=n.reason)
            print_json(out)
        elif n is None:
            print(f"incomplete: the time limit of {args.time_limit:g} s ran out before the count finished")
        else:
            print(n)
        return 0

    c.set_defaults(func=run)
