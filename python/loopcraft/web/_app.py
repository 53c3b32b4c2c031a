"""The ASGI application: the JSON API of :mod:`._api` and the packaged page.

Routes:

- ``GET /``: the page (``static/index.html``); ``GET /static/NAME``: one of
  the packaged static files, read once at start-up (no other file is ever
  read, whatever the path asks for).
- ``GET /api/health``: ``{"ok": true}``, answered on the event loop.
- ``GET /api/info``: families, levels, sizes, export formats, budgets.
- ``POST /api/parse|generate|solve|check|verdict|export``: a JSON object in,
  a JSON object out (see :mod:`loopcraft.web._api`).

Bounds and faults: a request body is at most :data:`MAX_BODY` bytes, arrives
within :data:`BODY_SECONDS` (else a 408), and must be ``application/json``
(so that another site's page cannot post to the API without a CORS
preflight, which this server never grants); the CPU work runs in worker
threads (the core releases the GIL), at most ``workers`` at a time;
malformed JSON is a 400, a :class:`~loopcraft.errors.LoopcraftError` a 422
(a missing optional extra a 501), each as ``{"error", "message"}``. The Host
header must name this machine (``localhost``, ``127.0.0.1``, ``[::1]``)
unless the server was asked to listen elsewhere, which defeats DNS
rebinding; every answer carries a Content Security Policy.
"""

from __future__ import annotations

import json
import mimetypes
from pathlib import Path
from typing import Any, Awaitable, Callable, Dict, MutableMapping, Optional, Tuple

import anyio
import anyio.to_thread
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import ClientDisconnect, Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from .._text import parse_json
from ..errors import FormatError, LoopcraftError, MissingExtraError
from ._api import OPERATIONS, Limits, MissingFeatureError, op_info

__all__ = ["create_app", "MAX_BODY", "MAX_CONNECTIONS", "BODY_SECONDS", "CSP", "LOCAL_HOSTS"]

#: The largest request body, in bytes.
MAX_BODY = 1_000_000

#: The most connections served at once (``loopcraft serve`` hands it to
#: uvicorn's ``limit_concurrency``; past it a request is a 503 at once). Each
#: request may hold a body of up to :data:`MAX_BODY` bytes for up to
#: :data:`BODY_SECONDS`, so without a cap many clients together could hold
#: any amount of memory; with it, at most about 100 MB.
MAX_CONNECTIONS = 100

#: The longest a request body may take to arrive, in seconds (a client that
#: announces more than it sends would otherwise hold its request open forever).
BODY_SECONDS = 30.0

#: The Content Security Policy of every answer: nothing but this server's own files.
CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; "
    "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)

#: Host names accepted when the server listens on this machine only.
LOCAL_HOSTS = frozenset({"localhost", "127.0.0.1", "[::1]"})

STATIC_DIR = Path(__file__).resolve().parent / "static"
_STATIC_TYPES = {".html", ".js", ".css", ".svg", ".png", ".ico", ".txt"}

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


#: FormatError's attributes that say where a text is wrong, sent as "place".
_PLACE = ("line", "row", "column", "part", "position")


class _JSONResponse(JSONResponse):
    """Starlette's JSON answer, except that text with no UTF-8 form (a lone
    surrogate, which a Loop v1 seed may hold: its seeds are UTF-16 code units
    as in JavaScript) is written escaped, which reads back to the same string,
    instead of failing to encode (a 500)."""

    def render(self, content: Any) -> bytes:
        try:
            return super().render(content)
        except UnicodeEncodeError:
            return json.dumps(content, ensure_ascii=True, allow_nan=False, separators=(",", ":")).encode("ascii")


def _error(status: int, kind: str, message: str, place: Optional[Dict[str, Any]] = None) -> JSONResponse:
    body: Dict[str, Any] = {"error": kind, "message": message}
    if place:
        body["place"] = place
    return _JSONResponse(body, status_code=status)


def _host_name(host: str) -> str:
    host = host.strip().lower()
    if host.startswith("["):  # [::1]:8765
        end = host.find("]")
        return host[: end + 1] if end > 0 else host
    return host.split(":", 1)[0]


class _Guard:
    """Pure ASGI middleware: the Host check and the security headers."""

    def __init__(self, app: ASGIApp, check_host: bool) -> None:
        self.app = app
        self.check_host = check_host

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        if self.check_host:
            host = ""
            for key, value in scope.get("headers", []):
                if key == b"host":
                    host = value.decode("latin-1")
                    break
            if _host_name(host) not in LOCAL_HOSTS:
                response = _error(400, "BadHost", f"this server answers to localhost only, not {host[:100]!r}")
                await _secure(response)(scope, receive, send)
                return

        async def send_secure(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                headers += _SECURITY_HEADERS
                message["headers"] = headers
            await send(message)

        await self.app(scope, receive, send_secure)


_SECURITY_HEADERS = [
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
    (b"cross-origin-opener-policy", b"same-origin"),
    (b"cross-origin-resource-policy", b"same-origin"),
]


def _secure(response: Response) -> Response:
    for key, value in _SECURITY_HEADERS:
        response.headers[key.decode()] = value.decode()
    return response


def _load_static() -> Dict[str, Tuple[bytes, str]]:
    files: Dict[str, Tuple[bytes, str]] = {}
    for path in sorted(STATIC_DIR.iterdir()):
        if path.is_file() and path.suffix in _STATIC_TYPES:
            kind = {".js": "text/javascript", ".css": "text/css", ".html": "text/html"}.get(path.suffix)
            kind = kind or mimetypes.guess_type(path.name)[0] or "application/octet-stream"
            if kind.startswith("text/") or kind.endswith("+xml"):
                kind += "; charset=utf-8"
            files[path.name] = (path.read_bytes(), kind)
    return files


async def _read_json(request: Request) -> Dict[str, Any]:
    kind = request.headers.get("content-type", "").split(";", 1)[0].strip().lower()
    if kind != "application/json":
        raise HTTPException(415, "the body must be application/json")
    declared = request.headers.get("content-length", "")
    # ASCII digits only, and no more of them than MAX_BODY has: str.isdigit
    # also takes "²" (the latin-1 byte 0xb2), which int() refuses, and int()
    # refuses a run of more than 4,300 digits; both were a 500. Leading zeros
    # are allowed (a length is one or more digits) and do not count.
    digits = declared.lstrip("0") if declared.isascii() and declared.isdigit() else ""
    if len(digits) > len(str(MAX_BODY)) or int(digits or "0") > MAX_BODY:
        raise HTTPException(413, f"the body is larger than {MAX_BODY} bytes")
    chunks = []
    size = 0
    try:
        with anyio.fail_after(BODY_SECONDS):
            async for chunk in request.stream():
                size += len(chunk)
                if size > MAX_BODY:
                    raise HTTPException(413, f"the body is larger than {MAX_BODY} bytes")
                chunks.append(chunk)
    except TimeoutError:
        raise HTTPException(408, f"the body did not arrive within {BODY_SECONDS:g} s") from None
    except ClientDisconnect:  # nobody reads this answer; it keeps the log free of a traceback
        raise HTTPException(400, "the client went away before its body arrived") from None
    try:
        data = parse_json(b"".join(chunks))
    except (ValueError, RecursionError) as exc:
        raise HTTPException(400, f"the body is not valid JSON: {str(exc)[:200]}") from None
    if not isinstance(data, dict):
        raise HTTPException(400, "the body must be a JSON object")
    return data


def create_app(
    *, check_host: bool = True, limits: Optional[Limits] = None, workers: int = 4, debug: bool = False
) -> Starlette:
    """The ASGI application of ``loopcraft serve``.

    Args:
        check_host: refuse requests whose Host header is not this machine's
            (the default, when listening on 127.0.0.1).
        limits: the time budgets of a request (:class:`Limits` by default).
        workers: how many requests may compute at once (in threads).
        debug: Starlette's debug mode (tracebacks in 500 answers).
    """
    limits = limits or Limits()
    static = _load_static()
    limiter: Dict[str, anyio.CapacityLimiter] = {}

    def get_limiter() -> anyio.CapacityLimiter:
        if "cpu" not in limiter:  # made lazily: anyio wants a running event loop
            limiter["cpu"] = anyio.CapacityLimiter(workers)
        return limiter["cpu"]

    def file_response(name: str) -> Response:
        if name not in static:
            raise HTTPException(404, "no such file")
        body, kind = static[name]
        return Response(body, media_type=kind, headers={"cache-control": "no-cache"})

    async def index(request: Request) -> Response:
        return file_response("index.html")

    async def static_file(request: Request) -> Response:
        return file_response(request.path_params["name"])

    async def health(request: Request) -> Response:
        return _JSONResponse({"ok": True})

    async def info(request: Request) -> Response:
        return _JSONResponse(op_info(limits))

    async def operation(request: Request) -> Response:
        name = request.path_params["name"]
        op = OPERATIONS.get(name)
        if op is None:
            raise HTTPException(404, f"no API operation {name!r}")
        body = await _read_json(request)
        async with get_limiter():
            # A request waits here while ``workers`` others compute; one whose
            # client has left since (the page aborts a fetch on each new edit)
            # is dropped before it takes a thread, not computed for nobody.
            if await request.is_disconnected():
                raise HTTPException(400, "the client went away before its turn to compute")
            result = await anyio.to_thread.run_sync(op, body, limits)
        return _JSONResponse(result)

    async def http_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)
        return _error(exc.status_code, "HTTPError", str(exc.detail))

    async def loopcraft_error(request: Request, exc: Exception) -> Response:
        status = 501 if isinstance(exc, (MissingExtraError, MissingFeatureError)) else 422
        place = {}
        if isinstance(exc, FormatError):
            place = {k: getattr(exc, k) for k in _PLACE if getattr(exc, k) is not None}
        return _error(status, type(exc).__name__, str(exc), place)

    routes = [
        Route("/", index),
        Route("/static/{name}", static_file),
        Route("/api/health", health),
        Route("/api/info", info),
        Route("/api/{name}", operation, methods=["POST"]),
    ]
    app = Starlette(
        debug=debug,
        routes=routes,
        exception_handlers={HTTPException: http_error, LoopcraftError: loopcraft_error},
    )
    app.add_middleware(_Guard, check_host=check_host)
    return app
