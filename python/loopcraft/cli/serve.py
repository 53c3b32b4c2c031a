"""``loopcraft serve``: the web page and its JSON API (needs the ``web`` extra)."""

from __future__ import annotations

import argparse
from typing import Any

from ..web import serve


def add(verbs: Any) -> None:
    """Adds the ``serve`` command to the top-level sub-parsers."""
    sub = verbs.add_parser("serve", help="play and set puzzles in the browser (pip install 'loopcraft[web]')")
    sub.add_argument(
        "--host",
        default=None,
        help="address to listen on (default 127.0.0.1, which also checks the Host header against DNS rebinding)",
    )
    sub.add_argument("--port", type=int, default=8765, help="port (0..65535, default 8765; 0 picks a free one)")
    sub.add_argument("--open", action="store_true", help="open the page in the default browser")
    sub.add_argument(
        "--threads",
        type=int,
        default=1,
        metavar="N",
        help="threads each verdict ranks its clues to add on (default 1; the same clues on any number)",
    )
    sub.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Serves until Ctrl-C."""
    serve(args.host, args.port, open_browser=args.open, threads=args.threads)
    return 0
