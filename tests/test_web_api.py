"""The JSON API of ``loopcraft serve`` through Starlette's TestClient (no network).

Every answer is checked against the library called directly (an independent
path to the same answer), and bad input of every kind must get a 4xx JSON
error: the client re-raises any server exception, so a bug cannot hide
behind a generic 500.
"""

from __future__ import annotations

import json
import time
import warnings
from typing import Any, Dict, List, Tuple

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from web_client import TestClient, make_client  # first: it skips the module without the web extra

# isort: split
from loopcraft import _core, country, loop, slitherlink
from loopcraft.country import CountryRoad
from loopcraft.errors import ArgumentError
from loopcraft.slitherlink import Slitherlink
from loopcraft.web import create_app, serve
from loopcraft.web._api import Limits
from loopcraft.web._app import CSP, LOCAL_HOSTS, MAX_BODY, _host_name

COUNTRY_URL = b"https://puzz.link/p?country/5/5/5asggf2e5g55g"


@pytest.fixture(scope="module")
def client() -> TestClient:
    return make_client()


def post(client: TestClient, op: str, body: Dict[str, Any]) -> Any:
    r = client.post(f"/api/{op}", json=body)
    assert r.status_code == 200, r.text
    return r.json()


def test_health_and_security_headers(client: TestClient) -> None:
    r = client.get("/api/health")
    assert r.status_code == 200 and r.json() == {"ok": True}
    assert r.headers["content-security-policy"] == CSP
    assert "script-src 'self'" in CSP and "unsafe" not in CSP
    assert r.headers["x-content-type-options"] == "nosniff"
    info = client.get("/api/info").json()
    assert info["families"] == ["loop", "slither", "country"]
    assert info["levels"]["slither"] == list(slitherlink.LEVELS)
    assert info["time_limit"] <= 2
    # The page reads its side limits from here: the core's own constants.
    assert info["sizes"] == {
        "slither": [1, _core.SLITHER_MAX_SIDE],
        "country": [_core.COUNTRY_MIN_SIDE, _core.COUNTRY_MAX_SIDE],
    }


def test_page_and_static_files(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert b'type="module"' in page.content
    js = client.get("/static/app.js")
    assert js.status_code == 200 and js.headers["content-type"].startswith("text/javascript")
    for path in ("/static/..%2F_app.py", "/static/../_app.py", "/static/__init__.py", "/static/", "/etc/passwd"):
        r = client.get(path)
        assert r.status_code == 404, path
        assert "error" in r.json()


def test_host_header_check() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for host in ("http://localhost:8765", "http://127.0.0.1:1", "http://LOCALHOST"):
            assert TestClient(create_app(), base_url=host).get("/api/health").status_code == 200, host
        # IPv6 (older TestClients cannot take a bracketed base URL: the header is read directly).
        assert _host_name("[::1]:8765") == "[::1]" and _host_name("[::1]") in LOCAL_HOSTS
        assert _host_name("evil.example:80") == "evil.example" not in LOCAL_HOSTS
        evil = TestClient(create_app(), base_url="http://rebind.example:8765")
        r = evil.get("/api/health")
        assert r.status_code == 400 and r.json()["error"] == "BadHost"
        assert "content-security-policy" in r.headers
        # Listening on a named host turns the check off (behind a proxy, on a network).
        open_app = TestClient(create_app(check_host=False), base_url="http://rebind.example:8765")
        assert open_app.get("/api/health").status_code == 200


@pytest.mark.parametrize("seed", [1, "web"])
def test_slitherlink_generate_solve_check(client: TestClient, seed: Any) -> None:
    got = post(client, "generate", {"family": "slither", "rows": 5, "cols": 6, "seed": seed})
    board = slitherlink.generate(5, 6, seed=seed)
    assert got["complete"] and got["board"]["clues"] == [list(r) for r in board.clues]
    assert Slitherlink.parse(got["board"]["url"]) == board
    solved = post(client, "solve", {"family": "slither", "puzzle": got["board"]["url"]})
    direct = board.solve()
    assert solved["count"] == 1 and solved["unique"] and solved["complete"]
    assert solved["solutions"][0]["h_edges"] == direct.solution.to_dict()["h_edges"]
    lines = solved["solutions"][0]
    assert post(client, "check", {"family": "slither", "puzzle": got["board"], "lines": lines}) == {
        "ok": True,
        "violations": [],
    }
    # One edge off: the referee names what breaks, where.
    h = list(lines["h_edges"])
    r, c = next((r, c) for r, row in enumerate(h) for c, ch in enumerate(row) if ch == "1")
    h[r] = h[r][:c] + "0" + h[r][c + 1 :]
    bad = post(client, "check", {"family": "slither", "puzzle": got["board"], "lines": {**lines, "h_edges": h}})
    assert not bad["ok"]
    assert {"dead-end", "one-loop"} & {v["rule"] for v in bad["violations"]}
    assert all(v["message"] for v in bad["violations"])


def test_loop_v1_is_the_cli_board(client: TestClient) -> None:
    got = post(client, "generate", {"family": "loop", "size": 6, "seed": "hello"})["board"]
    ref = loop.generate(6, "hello")
    assert [c for row in got["clues"] for c in row] == list(ref.clues)
    assert (got["n"], got["seed"], got["family"]) == (6, "hello", "loop")
    # Played as the Slitherlink board it is: its solution is the v1 answer.
    sol = post(client, "solve", {"family": "loop", "puzzle": got})["solutions"][0]
    flat = [int(ch) for row in sol["h_edges"] + sol["v_edges"] for ch in row]
    assert sum(flat) == sum(ref.answer)


def test_country_generate_solve_check(client: TestClient) -> None:
    got = post(client, "generate", {"family": "country", "rows": 5, "cols": 5, "seed": 3})
    board = country.generate(5, 5, seed=3)
    assert CountryRoad.from_dict({k: v for k, v in got["board"].items() if k not in ("family", "url")}) == board
    solved = post(client, "solve", {"family": "country", "puzzle": got["board"]["url"]})
    right, down = board.solve().solution.right_down()
    assert solved["unique"] and solved["solutions"][0] == {"right": list(right), "down": list(down)}
    ok = post(client, "check", {"family": "country", "puzzle": got["board"], "lines": solved["solutions"][0]})
    assert ok["ok"]
    empty = {"right": ["0" * 4] * 5, "down": ["0" * 5] * 4}
    bad = post(client, "check", {"family": "country", "puzzle": got["board"], "lines": empty})
    assert not bad["ok"] and "one-loop" in {v["rule"] for v in bad["violations"]}


def all_loops(board: Slitherlink) -> List[Any]:
    """Every solution of a small board (an exhaustive search, checked complete)."""
    r = board.solve(limit=10_000)
    assert r.complete
    return list(r.solutions)


def test_verdict_unique_with_level(client: TestClient) -> None:
    unique = slitherlink.generate(5, 5, seed=2)
    v = post(client, "verdict", {"family": "slither", "puzzle": unique.to_url()})
    assert (v["count"], v["solutions"], v["complete"], v["unique"]) == (1, 1, True, True)
    assert v["level"] == unique.grade().level and v["suggestions"] == [] and v["conflict"] is None
    # The backbone of a unique board is its solution.
    sol = unique.solve().solution.to_dict()
    assert (v["backbone"]["h_edges"], v["backbone"]["v_edges"]) == (sol["h_edges"], sol["v_edges"])
    c = post(client, "verdict", {"family": "country", "puzzle": country.generate(5, 5, seed=1).to_url()})
    assert c["count"] == 1 and c["level"] in country.LEVELS


def test_verdict_ambiguous_backbone_and_suggestions(client: TestClient) -> None:
    draft = Slitherlink.parse("3 3\n- - -\n- 3 -\n- - -")
    loops = all_loops(draft)
    v = post(client, "verdict", {"family": "slither", "puzzle": draft.to_url()})
    assert (v["count"], v["solutions"], v["complete"], v["unique"]) == (2, len(loops), True, False)
    # Every "1" is on in every solution, every "0" off in every one, every "?" differs.
    for name in ("h_edges", "v_edges"):
        for r, row in enumerate(v["backbone"][name]):
            for c, ch in enumerate(row):
                seen = {getattr(s, name)[r][c] for s in loops}
                assert ch == ("?" if len(seen) == 2 else str(seen.pop())), (name, r, c)
    assert v["shaded"] and v["suggestions"] and v["ranked"] is True  # no time limit: every clue judged
    for s in v["suggestions"]:
        clues = [list(row) for row in draft.clues]
        r, c = s["cell"]
        assert clues[r][c] is None and s["where"] == [r, c]
        clues[r][c] = s["value"]
        assert min(len(all_loops(Slitherlink(clues))), 2) == s["count"]


def test_a_server_with_threads_gives_the_same_verdicts() -> None:
    # The server's own choice (serve --threads), not a field a client sends.
    threaded = make_client(limits=Limits(threads=2))
    one = make_client()
    drafts = [
        {
            "family": "slither",
            "puzzle": Slitherlink.parse("4 6\n- - 3 - - -\n- 2 - - 1 -\n- - - 3 - -\n2 - - - - 3").to_url(),
        },
        {"family": "country", "puzzle": COUNTRY_URL.decode()},
    ]
    for body in drafts:
        a, b = post(one, "verdict", body), post(threaded, "verdict", body)
        assert a == b, body
    with pytest.raises(ArgumentError):
        serve(port=0, threads=0)
    with pytest.raises(ArgumentError):
        serve(port=0, threads=10**6)


def test_verdict_no_solution_names_the_clash(client: TestClient) -> None:
    v = post(client, "verdict", {"family": "slither", "puzzle": "1 3\n4 - 4"})
    assert (v["count"], v["complete"]) == (0, True)
    # Each 4 alone has a solution (its own square): the clash is both, and minimal.
    assert v["conflict"]["complete"] and sorted(v["conflict"]["cells"]) == [[0, 0], [0, 2]]


def test_minimize_keeps_only_needed_clues(client: TestClient) -> None:
    # Every cell clued from a generated loop: unique, and far from minimal.
    sol = slitherlink.generate(4, 4, seed=5).solve().solution
    h, vv = sol.h_edges, sol.v_edges
    board = Slitherlink([[h[r][c] + h[r + 1][c] + vv[r][c] + vv[r][c + 1] for c in range(4)] for r in range(4)])
    assert board.solve().unique
    got = post(client, "minimize", {"family": "slither", "puzzle": board.to_url()})
    small = Slitherlink([[c for c in row] for row in got["board"]["clues"]])
    assert small.solve().unique and got["removed"] == board.clue_count - small.clue_count
    assert small.solve().solution == board.solve().solution
    for r, row in enumerate(small.clues):
        for c, v in enumerate(row):
            if v is not None:
                clues = [list(x) for x in small.clues]
                clues[r][c] = None
                assert not Slitherlink(clues).solve().unique, (r, c)
    r = client.post("/api/minimize", json={"family": "slither", "puzzle": "3 3\n- - -\n- - -\n- - -"})
    assert r.status_code == 422 and "unique" in r.json()["message"]


def test_blocked_cells_share_as_puzzlekit_text(client: TestClient) -> None:
    # puzz.link has no blocked cells: the share text is the puzzlekit text, which parse reads back.
    board = CountryRoad.from_regions([[0, 1, 1], [0, 1, 1], [0, 1, None]], {0: 3})
    got = post(client, "parse", {"family": "country", "puzzle": board.to_json()})["board"]
    assert not got["url"].startswith("http") and CountryRoad.parse(got["url"]) == board
    v = post(client, "verdict", {"family": "country", "puzzle": board.to_dict()})
    assert v["count"] == min(board.solve().count, 2) and CountryRoad.parse(v["url"]) == board
    r = client.post("/api/export", json={"family": "country", "puzzle": board.to_json(), "format": "url"})
    assert r.status_code == 422 and "blocked" in r.json()["message"]


def test_time_limit_gives_incomplete(client: TestClient) -> None:
    got = post(client, "generate", {"family": "slither", "rows": 60, "cols": 60, "seed": 5, "time_limit": 0.01})
    assert got == {"board": None, "complete": False, "message": got["message"]} and "0.01" in got["message"]


@pytest.mark.parametrize("fmt", ["url", "puzzlekit", "tatham", "json", "svg", "png"])
def test_export_round_trips(client: TestClient, fmt: str) -> None:
    if fmt == "png":
        pytest.importorskip("resvg_py", reason="the PNG extra is not installed")
    board = slitherlink.generate(4, 5, seed=9)
    got = post(client, "export", {"family": "slither", "puzzle": board.to_url(), "format": fmt})
    if fmt == "png":
        import base64

        assert base64.b64decode(got["base64"]).startswith(b"\x89PNG")
    elif fmt == "svg":
        assert got["text"] == board.to_svg()
    else:
        assert Slitherlink.parse(got["text"]) == board
    cboard = country.generate(4, 4, seed=9)
    if fmt != "tatham":
        cgot = post(client, "export", {"family": "country", "puzzle": cboard.to_url(), "format": fmt})
        if fmt not in ("png", "svg"):
            assert CountryRoad.parse(cgot["text"]) == cboard


def test_png_export_is_drawn_within_its_pixel_bound(client: TestClient) -> None:
    """A small board at the default scale; a 100 x 100 board, which would be
    41 million pixels (seconds to draw), shrunk to the server's bound."""
    pytest.importorskip("resvg_py", reason="the PNG extra is not installed")
    import base64
    import struct

    from loopcraft._png import svg_size
    from loopcraft.web._api import EXPORT_PIXELS, EXPORT_SCALE

    def png_size(board: Slitherlink) -> Tuple[int, int]:
        got = post(client, "export", {"family": "slither", "puzzle": board.to_url(), "format": "png"})
        data = base64.b64decode(got["base64"])
        assert data[12:16] == b"IHDR"
        width, height = struct.unpack(">II", data[16:24])
        return width, height

    small = slitherlink.generate(4, 5, seed=9)
    w, h = svg_size(small.to_svg())
    assert png_size(small) == (round(w * EXPORT_SCALE), round(h * EXPORT_SCALE))
    big = Slitherlink([[None] * 100 for _ in range(100)])
    w, h = svg_size(big.to_svg())
    assert w * h * EXPORT_SCALE**2 > 10 * EXPORT_PIXELS
    pw, ph = png_size(big)
    assert pw * ph <= EXPORT_PIXELS and pw * ph >= 0.9 * EXPORT_PIXELS


def raw(client: TestClient, op: str, body: bytes, kind: str = "application/json") -> Any:
    return client.post(f"/api/{op}", content=body, headers={"content-type": kind})


@pytest.mark.parametrize(
    "op, body, status",
    [
        ("parse", b"{", 400),
        ("parse", b"[1, 2]", 400),
        ("parse", b"[" * 100_000 + b"]" * 100_000, 400),
        ("parse", b'{"family": "slither", "puzzle": "x"}' + b" " * (MAX_BODY + 1), 413),
        ("nope", b"{}", 404),
        ("parse", b"{}", 422),
        ("parse", b'{"family": "hex", "puzzle": "1 1\\n-"}', 422),
        ("parse", b'{"family": "slither", "puzzle": 5}', 422),
        ("parse", b'{"family": "slither", "puzzle": "junk"}', 422),
        ("parse", b'{"family": "slither", "puzzle": "https://puzz.link/p?slither/999999/9/g"}', 422),
        ("parse", b'{"family": "country", "puzzle": {"rows": 1e9}}', 422),
        ("generate", b'{"family": "slither", "rows": 1000000000, "cols": 5}', 422),
        ("generate", b'{"family": "slither", "rows": 5, "cols": 5, "seed": 1.5}', 422),
        ("generate", b'{"family": "slither", "rows": 5, "cols": 5, "time_limit": 1e9}', 422),
        ("generate", b'{"family": "slither", "rows": 5, "cols": 5, "time_limit": -1}', 422),
        ("generate", b'{"family": "slither", "rows": 5, "cols": 5, "grade": "godlike"}', 422),
        ("generate", b'{"family": "loop", "size": 9, "seed": "x"}', 422),
        ("generate", b'{"family": "country", "rows": 99, "cols": 5}', 422),
        ("solve", b'{"family": "slither", "puzzle": "1 1\\n-", "limit": 100000}', 422),
        ("check", b'{"family": "slither", "puzzle": "1 1\\n-", "lines": {"h_edges": ["1"]}}', 422),
        (
            "check",
            b'{"family": "slither", "puzzle": "1 1\\n-", "lines": {"h_edges": ["1", "2"], "v_edges": ["1"]}}',
            422,
        ),
        ("check", b'{"family": "country", "puzzle": "' + COUNTRY_URL + b'", "lines": []}', 422),
        ("export", b'{"family": "country", "puzzle": "' + COUNTRY_URL + b'", "format": "tatham"}', 422),
    ],
)
def test_bad_input_is_a_4xx_json_error(client: TestClient, op: str, body: bytes, status: int) -> None:
    r = raw(client, op, body)
    assert r.status_code == status, r.text
    data = r.json()
    assert set(data) - {"place"} == {"error", "message"} and data["message"]
    assert "place" not in data or data["error"] == "FormatError"
    assert client.get("/api/health").status_code == 200  # and the server keeps serving


@pytest.mark.parametrize(
    "puzzle, place",
    [
        ("https://puzz.link/p?slither/3/2/1g3A", {"part": "body", "position": 4, "row": 2, "column": 1}),
        ("https://puzz.link/p?slither/3/1a/1g3", {"part": "size"}),
        ("2 2\n- x\n- 1", {"line": 2, "row": 1, "column": 2}),
    ],
)
def test_format_errors_say_where(client: TestClient, puzzle: str, place: Dict[str, Any]) -> None:
    r = client.post("/api/parse", json={"family": "slither", "puzzle": puzzle})
    assert r.status_code == 422
    assert r.json()["error"] == "FormatError" and r.json()["place"] == place


def test_body_must_be_json_typed(client: TestClient) -> None:
    # A cross-site form can post text/plain without a CORS preflight: refused.
    r = raw(client, "parse", b'{"family": "slither", "puzzle": "1 1\\n-"}', kind="text/plain")
    assert r.status_code == 415 and r.json()["error"] == "HTTPError"
    assert client.get("/api/parse").status_code == 405


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats() | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4),
    max_leaves=12,
)
fields = st.fixed_dictionaries(
    {},
    optional={
        "family": st.sampled_from(["loop", "slither", "country", "x"]) | json_values,
        "puzzle": st.sampled_from(["1 1\n-", "2 2\n1 -\n- 1", "https://puzz.link/p?country/2/2/0", "{}"]) | json_values,
        "rows": st.integers(-3, 8) | json_values,
        "cols": st.integers(-3, 8) | json_values,
        "size": st.integers(3, 7) | json_values,
        "seed": json_values,
        "limit": json_values,
        "time_limit": st.sampled_from([0.05, 0, -1, 1e300]) | json_values,
        "format": st.sampled_from(["url", "svg", "json", "zip"]) | json_values,
        "lines": json_values,
        "grade": json_values,
    },
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(op=st.sampled_from(["parse", "generate", "solve", "check", "verdict", "export"]), body=fields)
def test_no_input_makes_a_500(client: TestClient, op: str, body: Dict[str, Any]) -> None:
    try:
        text = json.dumps(body)
    except ValueError:
        return
    r = raw(client, op, text.encode())
    assert r.status_code in (200, 400, 413, 422), r.text


def test_missing_extra_names_it(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    import sys

    from loopcraft import MissingExtraError
    from loopcraft.cli import main
    from loopcraft.web import WEB_EXTRA_MESSAGE

    monkeypatch.setitem(sys.modules, "uvicorn", None)  # import uvicorn now raises ImportError
    with pytest.raises(MissingExtraError, match=r"loopcraft\[web\]"):
        create_app()
    assert main(["serve", "--port", "0"]) == 2
    assert WEB_EXTRA_MESSAGE in capsys.readouterr().err


def test_serve_prints_its_url_and_stops_on_ctrl_c() -> None:
    import http.client
    import signal
    import subprocess
    import sys

    proc = subprocess.Popen(
        [sys.executable, "-m", "loopcraft", "serve", "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert proc.stdout is not None and proc.stderr is not None
        line = proc.stdout.readline()
        assert line.startswith("loopcraft serve: http://127.0.0.1:"), line
        port = int(line.split()[2].rstrip("/").rsplit(":", 1)[1])
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        conn.request("GET", "/api/health")
        assert json.loads(conn.getresponse().read()) == {"ok": True}
        conn.close()
        proc.send_signal(signal.SIGINT)
        assert proc.wait(timeout=20) == 0
        assert proc.stdout.read().strip() == "loopcraft serve: stopped"
        assert "Traceback" not in proc.stderr.read()
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def test_serve_caps_its_connections() -> None:
    """Past MAX_CONNECTIONS open connections a request is a 503 at once
    (uvicorn's limit_concurrency), so that many clients, each able to hold a
    1 MB body open for 30 s, cannot together hold any amount of memory; once
    they leave, the server answers again."""
    import http.client
    import socket
    import subprocess
    import sys

    from loopcraft.web._app import MAX_CONNECTIONS

    proc = subprocess.Popen(
        [sys.executable, "-m", "loopcraft", "serve", "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    held: List[socket.socket] = []

    def statuses(port: int, want: int) -> int:
        """The health check's status, asked until it is ``want`` (for up to
        5 s: the server counts a connection once its event loop accepts it)."""
        status = 0
        for _ in range(100):
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            try:
                conn.request("GET", "/api/health")
                status = conn.getresponse().status
            finally:
                conn.close()
            if status == want:
                break
            time.sleep(0.05)
        return status

    try:
        assert proc.stdout is not None
        port = int(proc.stdout.readline().split()[2].rstrip("/").rsplit(":", 1)[1])
        assert statuses(port, 200) == 200
        # Connections that have not sent their request yet count too: a
        # client holding a body open holds its connection first.
        held.extend(socket.create_connection(("127.0.0.1", port), timeout=10) for _ in range(MAX_CONNECTIONS))
        assert statuses(port, 503) == 503
        for sock in held:
            sock.close()
        held.clear()
        assert statuses(port, 200) == 200
    finally:
        for sock in held:
            sock.close()
        proc.kill()
        proc.wait()


def test_hint_without_the_engine_is_a_501(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    # A build without the hint engine (board classes without .hint): the API says so, the page hides the button.
    monkeypatch.setattr(Slitherlink, "hint", None, raising=False)
    assert client.get("/api/info").json()["features"]["hint"] is False
    r = client.post("/api/hint", json={"family": "slither", "puzzle": "1 1\n-", "position": {}})
    assert r.status_code == 501 and r.json()["error"] == "MissingFeatureError"


def test_hint_steps_agree_with_the_solution(client: TestClient) -> None:
    from loopcraft.web._api import has_hints

    if not has_hints():
        pytest.skip("the hint engine (issue 21, branch hints) is not in this build")
    assert client.get("/api/info").json()["features"]["hint"] is True
    board = slitherlink.generate(5, 5, seed="hint")
    sol = board.solve().solution
    truth = {("h", r, c): v for r, row in enumerate(sol.h_edges) for c, v in enumerate(row)}
    truth.update({("v", r, c): v for r, row in enumerate(sol.v_edges) for c, v in enumerate(row)})
    blank = {"h_edges": ["?" * 5] * 6, "v_edges": ["?" * 6] * 5}
    step = post(client, "hint", {"family": "slither", "puzzle": board.to_url(), "position": blank})["step"]
    assert step["text"] and step["decided"] and step["rule"] != "mistake"
    # Every rule a hint names is in the catalogue the page reads, with its level.
    catalogue = client.get("/api/info").json()["rules"]
    assert {r["name"]: r["level"] for r in catalogue["slither"]}[step["rule"]] == step["level"]
    assert [r["name"] for r in catalogue["country"]] == [r.name for r in country.RULES]
    for key, value in step["decided"]:
        if key[0] in ("h", "v"):
            assert truth[tuple(key)] == value, key
    # A cross where the loop runs is a mistake.
    on = next(k for k, v in truth.items() if v == 1 and k[0] == "h")
    wrong = [list(row) for row in blank["h_edges"]]
    wrong[on[1]][on[2]] = "0"
    position = {**blank, "h_edges": ["".join(row) for row in wrong]}
    step = post(client, "hint", {"family": "slither", "puzzle": board.to_url(), "position": position})["step"]
    assert step["rule"] == "mistake" and [on[0], on[1], on[2]] in step["premise"]
    # The solution itself: nothing left to hint.
    done = {k: sol.to_dict()[k] for k in ("h_edges", "v_edges")}
    assert post(client, "hint", {"family": "slither", "puzzle": board.to_url(), "position": done})["step"] is None
    c = country.generate(5, 5, seed="hint")
    blank_c = {"right": ["?" * 4] * 5, "down": ["?" * 5] * 4}
    step = post(client, "hint", {"family": "country", "puzzle": c.to_url(), "position": blank_c})["step"]
    assert step is not None and step["text"]
    # A puzzle with no solution says so, blaming no mark.
    none = Slitherlink([[3, 0, None], [None, None, None], [None, None, 2]])
    marked = {"h_edges": ["1??", "???", "???", "???"], "v_edges": ["????"] * 3}
    step = post(client, "hint", {"family": "slither", "puzzle": none.to_url(), "position": marked})["step"]
    assert step["rule"] == "no-solution" and step["premise"] == [] and step["decided"] == []
    assert step["text"].startswith("This puzzle has no solution")
