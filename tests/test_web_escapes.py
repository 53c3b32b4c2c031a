"""Inputs that once escaped the web server's bounds (a 500, a traceback in
the server's log, a request held open without end, an answer past its time
limit) and ``loopcraft serve`` options that escaped the CLI's clean errors.

Each test fails on the code before its fix; see docs/web.md, "Bounds and
faults", for what the server promises.
"""

from __future__ import annotations

import json
import os
import warnings

import pytest

if os.environ.get("LOOPCRAFT_REQUIRE_SHARED", "").lower() in ("1", "true", "yes") or os.environ.get("CI") == "true":
    import starlette  # noqa: F401  (in CI the web extra is part of the test extra: no skip)
else:
    pytest.importorskip("starlette", reason="the web extra is not installed (pip install 'loopcraft[web]')")

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # starlette >= 1.x asks for httpx2 in the TestClient; httpx still works
    from starlette.testclient import TestClient

from loopcraft import loop
from loopcraft.web import create_app

BASE = "http://127.0.0.1:8765"


@pytest.fixture(scope="module")
def client() -> TestClient:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return TestClient(create_app(), base_url=BASE)


def test_a_loop_seed_with_a_lone_surrogate_is_answered(client: TestClient) -> None:
    # Loop v1 seeds are UTF-16 code units (as in JavaScript), so "\ud800" is a
    # seed like any other; the answer echoes it, and encoding it as UTF-8
    # failed (a 500). It is sent escaped, and reads back to the same string.
    seed = "a\ud800b"
    body = json.dumps({"family": "loop", "size": 4, "seed": seed})  # escaped, as JSON.stringify writes it
    r = client.post("/api/generate", content=body, headers={"content-type": "application/json"})
    assert r.status_code == 200, r.text
    assert r.content.isascii()
    board = r.json()["board"]
    assert board["seed"] == seed
    assert [c for row in board["clues"] for c in row] == list(loop.generate(4, seed).clues)
