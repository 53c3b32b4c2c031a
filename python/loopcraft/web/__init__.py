"""``loopcraft serve``: play and set loop puzzles in the browser.

An ASGI application (Starlette, served by uvicorn) with a JSON API and a
plain HTML / ES-module page packaged beside it (no build step, no CDN). Both
come with the optional extra::

    pip install 'loopcraft[web]'
    loopcraft serve            # http://127.0.0.1:8765/

Without the extra, :func:`create_app` and :func:`serve` raise
:class:`~loopcraft.errors.MissingExtraError` naming it. The API is described
in ``docs/web.md``; its operations are plain functions in
:mod:`loopcraft.web._api`.
"""

from __future__ import annotations

import importlib
import socket
import sys
import threading
import webbrowser
from typing import TYPE_CHECKING, Any, Optional, TextIO

from .._validate import MAX_COUNT_THREADS, require_int, require_str, show
from ..errors import ArgumentError, MissingExtraError

if TYPE_CHECKING:
    from starlette.applications import Starlette

__all__ = ["WEB_EXTRA_MESSAGE", "DEFAULT_HOST", "DEFAULT_PORT", "create_app", "bind", "serve", "url_of"]

#: The message of the error raised when the web extra is missing.
WEB_EXTRA_MESSAGE = "loopcraft serve needs the optional extra: pip install 'loopcraft[web]'"

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8765
#: The largest TCP port.
MAX_PORT = 65535


def _require_extra() -> None:
    for name in ("starlette", "uvicorn"):
        try:
            importlib.import_module(name)
        except ImportError as exc:
            raise MissingExtraError(WEB_EXTRA_MESSAGE, name=name) from exc


def create_app(**options: Any) -> Starlette:
    """The ASGI application (see :func:`loopcraft.web._app.create_app` for the options).

    Raises:
        MissingExtraError: starlette or uvicorn is not installed.
    """
    _require_extra()
    # Imported here, by name: the module imports starlette, which only the extra brings.
    app: Starlette = importlib.import_module("loopcraft.web._app").create_app(**options)
    return app


def bind(host: str = DEFAULT_HOST, port: int = DEFAULT_PORT) -> socket.socket:
    """A listening socket on ``host``:``port`` (port 0: any free port).

    Raises:
        ArgumentError: the port is not in 0..65535 (socket's own OverflowError
            is no ``LoopcraftError``, and went past the CLI as a traceback),
            or the host is a name socket cannot encode (a lone surrogate, a
            NUL, a label IDNA refuses: socket's TypeError).
        OSError: the address cannot be bound.
    """
    if not 0 <= require_int("port", port) <= MAX_PORT:
        raise ArgumentError(f"port must be in 0..{MAX_PORT}, got {show(port)}")
    family = socket.AF_INET6 if ":" in require_str("host", host) else socket.AF_INET
    # IPPROTO_TCP named: asyncio sets TCP_NODELAY only on sockets whose proto says TCP (else
    # every answer waits ~40 ms for a delayed ACK, headers and body being two writes).
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError:
        sock.close()
        raise
    except (TypeError, UnicodeError) as exc:  # a name socket cannot encode ("encoding of hostname failed")
        sock.close()
        raise ArgumentError(f"host {show(host)} is not an address: {exc}") from None
    sock.listen(128)
    sock.set_inheritable(True)
    return sock


def url_of(sock: socket.socket) -> str:
    """The http URL of a bound socket (``localhost`` spelled as its address)."""
    host, port = sock.getsockname()[:2]
    if host in ("0.0.0.0", "::"):
        host = "127.0.0.1" if host == "0.0.0.0" else "::1"
    if ":" in host:
        host = f"[{host}]"
    return f"http://{host}:{port}/"


def serve(
    host: Optional[str] = None,
    port: int = DEFAULT_PORT,
    *,
    open_browser: bool = False,
    threads: int = 1,
    out: TextIO = sys.stdout,
) -> None:
    """Runs the server until Ctrl-C (SIGINT) or SIGTERM; prints its URL first.

    Args:
        host: the address to listen on; ``None`` means 127.0.0.1 with the
            Host-header check. Naming a host (even 127.0.0.1) turns the check
            off, for use behind a proxy or on a network.
        port: the port; 0 picks a free one.
        open_browser: open the page in the default browser once listening.
        threads: the threads each verdict ranks its suggestions on (1 to
            ``MAX_COUNT_THREADS``; the same suggestions on any number, sooner
            on free cores: a setter's own machine can spare them).

    Raises:
        MissingExtraError: the web extra is not installed.
        ArgumentError: the port is not in 0..65535, the host is blank, or
            ``threads`` is out of range.
        OSError: the address cannot be bound (the port is taken, ...).
    """
    if host is not None and not require_str("host", host).strip():
        # A blank host named no address, yet as a named host it turned the
        # Host-header check off on the default address.
        raise ArgumentError("host must name an address (leave it out for 127.0.0.1), got a blank string")
    threads = require_int("threads", threads, 1, MAX_COUNT_THREADS)
    _require_extra()
    # By name, as create_app is: the API's module and its imports stay out of
    # every other command's start-up.
    limits = importlib.import_module("loopcraft.web._api").Limits(threads=threads)
    uvicorn = importlib.import_module("uvicorn")
    app = create_app(check_host=host is None, limits=limits)
    max_connections = importlib.import_module("loopcraft.web._app").MAX_CONNECTIONS
    sock = bind(host or DEFAULT_HOST, port)
    url = url_of(sock)
    print(f"loopcraft serve: {url} (Ctrl-C stops)", file=out, flush=True)
    if open_browser:
        threading.Timer(0.5, webbrowser.open, args=(url,)).start()
    config = uvicorn.Config(
        app,
        log_level="warning",
        access_log=False,
        timeout_graceful_shutdown=5,
        limit_concurrency=max_connections,
    )
    try:
        uvicorn.Server(config).run(sockets=[sock])
    except KeyboardInterrupt:  # uvicorn re-raises Ctrl-C once it has shut down gracefully
        pass
    finally:
        sock.close()
    print("loopcraft serve: stopped", file=out, flush=True)
