"""Inputs that once escaped the web server's bounds (a 500, a traceback in
the server's log, a request held open without end, an answer past its time
limit) and ``loopcraft serve`` options that escaped the CLI's clean errors.

Each test fails on the code before its fix; see docs/web.md, "Bounds and
faults", for what the server promises.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any, Dict, List

import pytest

from web_client import (  # first: it skips the module without the web extra
    Message,
    TestClient,
    make_client,
    post_raw,
    status_and_body,
)

# isort: split
from loopcraft import loop
from loopcraft.web import _app


@pytest.fixture(scope="module")
def client() -> TestClient:
    return make_client()


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


def test_a_client_that_leaves_mid_body_leaves_no_traceback() -> None:
    # Starlette raises ClientDisconnect out of request.stream(); unhandled, it
    # went up to uvicorn, which logged "Exception in ASGI application" and a
    # traceback for every client that hung up while sending.
    messages = iter([{"type": "http.request", "body": b'{"family": "sli', "more_body": True}])

    async def receive() -> Message:
        return next(messages, {"type": "http.disconnect"})

    status, body = status_and_body(post_raw(receive))
    assert status == 400 and body["error"] == "HTTPError" and "went away" in body["message"]


def test_a_body_that_never_arrives_is_a_408(monkeypatch: pytest.MonkeyPatch) -> None:
    # A client that announces 90 bytes and sends 15 held its request open
    # for as long as it kept the connection: reading the body had no bound.
    monkeypatch.setattr(_app, "BODY_SECONDS", 0.2)
    sent_first = False

    async def receive() -> Message:
        nonlocal sent_first
        if not sent_first:
            sent_first = True
            return {"type": "http.request", "body": b'{"family": "sli', "more_body": True}
        await asyncio.Event().wait()  # the rest never comes
        raise AssertionError("unreachable")

    status, body = status_and_body(post_raw(receive))
    assert status == 408 and "0.2 s" in body["message"]


def test_a_verdict_on_a_large_clash_answers_within_its_time_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    # On 100 x 100 threes the verdict found a clash among ~10,000 clues within
    # its time limit, then its summary took seconds more (4.7 s for a 2 s
    # request): naming each clue asked hasattr(board, "flat_clues"), which ran
    # the property that lists every cell. Counted here, not timed.
    from loopcraft.slitherlink import Slitherlink

    calls = 0
    listing = Slitherlink.flat_clues

    def counted(board: Slitherlink) -> Any:
        nonlocal calls
        calls += 1
        assert isinstance(listing, property) and listing.fget is not None
        return listing.fget(board)

    board = Slitherlink([[3] * 30 for _ in range(30)])
    verdict = board.verdict(suggest=0, time_limit=5)
    assert verdict.complete and verdict.count == 0 and verdict.conflict is not None
    assert len(verdict.conflict.clues) >= 10
    monkeypatch.setattr(Slitherlink, "flat_clues", property(counted))
    assert verdict.summary().startswith("no solution: the clues at row ")
    assert calls <= 2, calls


@pytest.mark.parametrize("port", ["-1", "65536", "99999", str(10**30)])
def test_serve_refuses_a_port_out_of_range(port: str, capsys: pytest.CaptureFixture[str]) -> None:
    # socket.bind raises OverflowError for these, which is no LoopcraftError
    # nor OSError: 'loopcraft serve --port 99999' ended in a traceback.
    from loopcraft.cli import main

    assert main(["serve", "--port", port]) == 2
    err = capsys.readouterr().err
    assert err.startswith("loopcraft: error: port must be") and "65535" in err and "Traceback" not in err


@pytest.mark.parametrize("host", ["", "  "])
def test_serve_refuses_a_blank_host(host: str, capsys: pytest.CaptureFixture[str]) -> None:
    # A blank --host named no address but counted as a named host, which
    # turns the Host-header check off: the default address served unchecked.
    from loopcraft.cli import main

    assert main(["serve", "--host", host, "--port", "0"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("loopcraft: error: host must name an address") and "Traceback" not in err


def test_a_request_whose_client_left_is_not_computed(monkeypatch: pytest.MonkeyPatch) -> None:
    # Requests queue for the ``workers`` threads; the page aborts a fetch on
    # each new edit, and every abandoned request still ran to its time limit
    # (up to 20 s each) when its turn came, delaying the live ones behind it.
    from loopcraft.web import _api

    calls: List[str] = []

    def parse(body: Dict[str, Any], limits: Any) -> Dict[str, Any]:
        calls.append("parse")
        return {}

    monkeypatch.setitem(_api.OPERATIONS, "parse", parse)
    body = b'{"family": "slither", "puzzle": "1 1\\n-"}'
    messages = iter([{"type": "http.request", "body": body, "more_body": False}])

    async def receive() -> Message:
        return next(messages, {"type": "http.disconnect"})  # gone once the body is sent

    status, answer = status_and_body(post_raw(receive))
    assert calls == [] and status == 400 and "went away" in answer["message"]


def test_a_hint_past_its_time_limit_is_answered_incomplete(client: TestClient) -> None:
    # A hint on a blank 100 x 100 board searched for about ten seconds with
    # no budget, holding a worker; now it keeps to the request's time limit
    # and says that it found no step in time (not that there is none).
    puzzle = {"rows": 100, "cols": 100, "clues": [[None] * 100 for _ in range(100)]}
    position = {"h_edges": ["?" * 100] * 101, "v_edges": ["?" * 101] * 100}
    body = {"family": "slither", "puzzle": puzzle, "position": position, "time_limit": 0.3}
    r = client.post("/api/hint", json=body)
    assert r.status_code == 200, r.text
    assert r.json() == {"step": None, "complete": False}
    small = {
        "family": "slither",
        "puzzle": {"rows": 1, "cols": 1, "clues": [[4]]},
        "position": {"h_edges": ["?", "?"], "v_edges": ["??"]},
    }
    r = client.post("/api/hint", json=small)
    assert r.status_code == 200, r.text
    assert r.json()["complete"] is True and r.json()["step"] is not None
    r = client.post("/api/hint", json={**small, "time_limit": -1})
    assert r.status_code == 422
