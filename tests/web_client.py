"""What the web tests share: the web extra (skipped without it on a user's
machine, required in CI, where it is part of the test extra), an
in-process client of the API (Starlette's TestClient, no network), and a
raw ASGI call for what no HTTP client sends."""

from __future__ import annotations

import asyncio
import concurrent.futures
import json
import os
import warnings
from typing import Any, Awaitable, Callable, Dict, List, Tuple

import pytest

if os.environ.get("LOOPCRAFT_REQUIRE_SHARED", "").lower() in ("1", "true", "yes") or os.environ.get("CI") == "true":
    import starlette  # noqa: F401  (in CI the web extra is part of the test extra: no skip)
else:
    pytest.importorskip("starlette", reason="the web extra is not installed (pip install 'loopcraft[web]')")

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # starlette >= 1.x asks for httpx2 in the TestClient; httpx still works
    from starlette.testclient import TestClient

from loopcraft.web import create_app

__all__ = ["BASE", "Message", "TestClient", "make_client", "post_raw", "status_and_body"]

#: The address the clients name (the Host header the app checks).
BASE = "http://127.0.0.1:8765"


def make_client(**options: Any) -> TestClient:
    """A client of a fresh app, with ``create_app``'s ``options`` (the default limits)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # starlette >= 1.x asks for httpx2; httpx still works
        return TestClient(create_app(**options), base_url=BASE)


#: An ASGI message.
Message = Dict[str, Any]


def post_raw(receive: Callable[[], Awaitable[Message]], content_length: bytes = b"90") -> List[Message]:
    """What the app sends for a POST /api/parse whose body arrives as
    ``receive`` says (as uvicorn hands it over) and whose Content-Length
    header is ``content_length`` (any bytes: an HTTP client refuses to send
    most odd ones), called without a server; more than 10 s fails the test.
    Not ``raise_server_exceptions``: an exception out of the app is what a
    server logs with a traceback and answers with a 500."""
    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "POST",
        "scheme": "http",
        "path": "/api/parse",
        "raw_path": b"/api/parse",
        "query_string": b"",
        "root_path": "",
        "headers": [
            (b"host", b"127.0.0.1:8765"),
            (b"content-type", b"application/json"),
            (b"content-length", content_length),
        ],
        "client": ("127.0.0.1", 50000),
        "server": ("127.0.0.1", 8765),
    }
    sent: List[Message] = []

    async def send(message: Message) -> None:
        sent.append(message)

    async def run() -> None:
        await asyncio.wait_for(create_app()(scope, receive, send), 10)

    # A thread of its own: in the whole suite the browser tests' Playwright
    # keeps an event loop running on this thread, where asyncio.run refuses.
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, run()).result()
    return sent


def status_and_body(sent: List[Message]) -> Tuple[int, Any]:
    """The status and the JSON body of what :func:`post_raw` sent."""
    start = next(m for m in sent if m["type"] == "http.response.start")
    body = b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body")
    return start["status"], json.loads(body)
