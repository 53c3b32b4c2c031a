"""``loopcraft serve`` in a real browser: Playwright for Python driving the system Chromium.

One server per session (uvicorn in a thread on a free port of 127.0.0.1) and
one browser; each test opens a fresh context (empty localStorage). The
answers the page must reach come from the library called directly. Any
JavaScript error or console error fails the test.

Chromium comes from the system (``apt-get install chromium``): Playwright's
own browser download is not used. Without it (or without Playwright) the tests
skip with the reason on a user's machine and fail in CI, where
``.ci/run`` installs both.

Screenshots (laptop 1280 x 800 and phone 390 x 844) are written to
``$LOOPCRAFT_ARTIFACTS`` or else ``screenshots/`` under pytest's temporary
directory.
"""

from __future__ import annotations

import os
import re
import shutil
import threading
import time
import warnings
from pathlib import Path
from typing import Any, Dict, Iterator, List, Tuple
from urllib.parse import parse_qs, quote, urlsplit

import pytest

from loopcraft import country, loop, slitherlink
from loopcraft.slitherlink import Slitherlink


def _required() -> bool:
    return (
        os.environ.get("LOOPCRAFT_REQUIRE_SHARED", "").lower() in ("1", "true", "yes") or os.environ.get("CI") == "true"
    )


def _missing(reason: str) -> None:
    if _required():
        pytest.fail(f"CI runs the browser tests: {reason}")
    pytest.skip(reason)


try:
    import uvicorn
    from playwright.sync_api import Browser, Page, expect, sync_playwright

    from loopcraft.web import bind, create_app, url_of
except ImportError as exc:  # pragma: no cover - depends on the machine
    if _required():
        raise
    pytest.skip(f"the web extra or playwright is not installed: {exc}", allow_module_level=True)

LAPTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}


def _chromium() -> str:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    _missing("no Chromium on PATH (apt-get install chromium)")
    raise AssertionError  # pragma: no cover


@pytest.fixture(scope="session")
def server_url() -> Iterator[str]:
    sock = bind("127.0.0.1", 0)
    server = uvicorn.Server(uvicorn.Config(create_app(), log_level="warning"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.02)
    yield url_of(sock)
    server.should_exit = True
    thread.join(10)
    sock.close()


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    executable = _chromium()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ResourceWarning)
        with sync_playwright() as pw:
            b = pw.chromium.launch(executable_path=executable, args=["--no-sandbox", "--disable-dev-shm-usage"])
            yield b
            b.close()


@pytest.fixture(scope="session")
def artifacts(tmp_path_factory: pytest.TempPathFactory) -> Path:
    where = os.environ.get("LOOPCRAFT_ARTIFACTS")
    path = Path(where) if where else tmp_path_factory.getbasetemp() / "screenshots"
    path.mkdir(parents=True, exist_ok=True)
    return path


class Session:
    """A page of its own context, collecting the page's errors."""

    def __init__(self, browser: Browser, base: str, viewport: Any) -> None:
        self.context = browser.new_context(viewport=viewport)
        self.page: Page = self.context.new_page()
        self.base = base
        self.errors: List[str] = []
        self.page.on("pageerror", lambda e: self.errors.append(f"pageerror: {e}"))
        self.page.on("console", lambda m: self.errors.append(f"console: {m.text}") if m.type == "error" else None)

    def open(self, query: str) -> Page:
        self.page.goto(self.base + query)
        self.page.wait_for_selector("body[data-ready=true]", timeout=20_000)
        return self.page


@pytest.fixture
def session(browser: Browser, server_url: str) -> Iterator[Session]:
    s = Session(browser, server_url, LAPTOP)
    yield s
    s.context.close()
    assert not s.errors, s.errors


@pytest.fixture
def phone(browser: Browser, server_url: str) -> Iterator[Session]:
    s = Session(browser, server_url, PHONE)
    yield s
    s.context.close()
    assert not s.errors, s.errors


def shoot(page: Page, artifacts: Path, name: str) -> None:
    page.mouse.move(0, 0)  # no hover highlight in the picture
    page.screenshot(path=str(artifacts / f"{name}.png"), full_page=True)


def play_query(family: str, text: str) -> str:
    return f"?mode=play&family={family}&p={quote(text, safe='')}"


def slither_edges(solution: Any) -> List[str]:
    out = [f"h {r} {c}" for r, row in enumerate(solution.h_edges) for c, v in enumerate(row) if v]
    return out + [f"v {r} {c}" for r, row in enumerate(solution.v_edges) for c, v in enumerate(row) if v]


def country_edges(solution: Any) -> List[str]:
    right, down = solution.right_down()
    out = [f"right {r} {c}" for r, row in enumerate(right) for c, ch in enumerate(row) if ch == "1"]
    return out + [f"down {r} {c}" for r, row in enumerate(down) for c, ch in enumerate(row) if ch == "1"]


def board_state(page: Page) -> Tuple[str, str]:
    board = page.get_by_test_id("board")
    return board.get_attribute("data-solved") or "", page.get_by_test_id("solved-banner").inner_text()


def test_play_a_generated_slitherlink_to_the_end(session: Session, artifacts: Path) -> None:
    board = slitherlink.generate(5, 5, seed="browser")
    edges = slither_edges(board.solve().solution)
    page = session.open(play_query("slither", board.to_url()))
    assert page.locator("[data-edge]").count() == 6 * 5 + 5 * 6
    # The banner is a live region that is there (empty) before it says
    # anything: a screen reader announces a status whose text changes, not
    # reliably one that appears.
    expect(page.get_by_role("status")).to_have_text("")
    for key in edges[:-1]:
        page.click(f'[data-edge="{key}"]')
    assert page.get_by_test_id("board").get_attribute("data-solved") == "false"
    page.click(f'[data-edge="{edges[-1]}"]')
    page.wait_for_selector('[data-testid=board][data-solved="true"]', timeout=5000)
    assert page.get_by_test_id("solved-banner").inner_text().startswith("Solved")
    expect(page.get_by_role("status")).to_contain_text("Solved in")
    shoot(page, artifacts, "play-slitherlink-laptop")
    # One more click breaks it again: the page stops saying so.
    page.click('[data-edge="h 0 0"]')
    page.wait_for_selector('[data-testid=board][data-solved="false"]')
    assert not page.get_by_test_id("solved-banner").is_visible()


def test_a_line_breaking_a_clue_shows_a_warning(session: Session, artifacts: Path) -> None:
    board = slitherlink.generate(5, 5, seed="warn")
    cells = [(r, c, v) for r, row in enumerate(board.clues) for c, v in enumerate(row)]
    r, c, clue = next((r, c, v) for r, c, v in cells if v is not None and v < 3)
    page = session.open(play_query("slither", board.to_url()))
    assert page.get_by_test_id("warnings").inner_text() == ""
    sides = [f"h {r} {c}", f"h {r + 1} {c}", f"v {r} {c}", f"v {r} {c + 1}"]
    for key in sides[: clue + 1]:
        page.click(f'[data-edge="{key}"]')
    text = page.get_by_test_id("warnings").inner_text()
    assert f"The {clue} at row {r + 1}, column {c + 1} has {clue + 1} line" in text
    assert page.locator(f'[data-clue="{r} {c}"]').get_attribute("class") == "clue warn"
    shoot(page, artifacts, "play-warning-laptop")
    # The warnings are a live region: a move that leaves them as they were does
    # not rewrite them (a screen reader would say them all again).
    standing = page.locator(".warning").first.element_handle()
    far = "h 5 4" if (r, c) != (4, 4) else "h 0 0"
    page.click(f'[data-edge="{far}"]', button="right")  # a cross far away
    assert page.locator(f'[data-edge="{far}"]').get_attribute("data-state") == "cross"
    assert standing.evaluate("e => e.isConnected")
    page.get_by_test_id("undo").click()
    # Undo takes the line back, and the warning with it; redo brings both back.
    page.get_by_test_id("undo").click()
    assert page.get_by_test_id("warnings").inner_text() == ""
    page.get_by_test_id("redo").click()
    assert "has" in page.get_by_test_id("warnings").inner_text()
    # The referee's verdict names the rules, and places as the warnings do:
    # rows and columns from 1 (the library's messages count from 0).
    page.get_by_test_id("check").click()
    expect(page.get_by_test_id("message")).to_contain_text("Not yet")
    expect(page.get_by_test_id("message")).to_contain_text(f"the clue {clue} at row {r + 1}, column {c + 1} has")
    # A Country Road country is named by where it is, not by its id.
    other = country.generate(5, 5, seed="warn")
    page = session.open(play_query("country", other.to_url()))
    page.get_by_test_id("check").click()
    message = page.get_by_test_id("message")
    expect(message).to_contain_text("the loop does not visit the country at row 1, column 1;")
    assert not re.search(r"country \d", message.inner_text())


def test_loop_v1_seed_hello_shows_the_cli_clues(session: Session, phone: Session, artifacts: Path) -> None:
    ref = loop.generate(6, "hello")
    for s in (session, phone):
        page = s.open("?mode=play&family=loop&size=6&seed=hello")
        shown = {el.get_attribute("data-clue"): el.text_content() for el in page.locator("[data-clue]").all()}
        expected = {f"{i // 6} {i % 6}": str(v) for i, v in enumerate(ref.clues) if v is not None}
        assert shown == expected
        assert "seed “hello”" in page.get_by_test_id("title").inner_text()
    shoot(phone.page, artifacts, "play-loop-v1-phone")
    # In set mode the board is a Slitherlink draft, and the puzzle picker says so.
    # "Edit in set mode" hides with the play panel: from the keyboard, the
    # focus goes to the board.
    page = session.page
    page.get_by_test_id("to-set").focus()
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("to-play")).to_be_visible()
    assert page.evaluate("document.activeElement.id") == "board"
    page.wait_for_selector("[data-testid=verdict]:not([data-state=busy])")
    assert page.get_by_test_id("family").input_value() == "slither"
    assert page.get_by_test_id("title").inner_text() == "Slitherlink 6 x 6"
    assert "family=slither" in page.url


def svg_texts(svg: str) -> Tuple[str, List[Tuple[float, float, str]]]:
    """The viewBox and the (x, y, text) of every clue text of an SVG document."""
    import xml.etree.ElementTree as ET

    root = ET.fromstring(svg)
    out = []
    for el in root.iter("{http://www.w3.org/2000/svg}text"):
        if "clue" in (el.get("class") or ""):
            out.append((round(float(el.get("x") or 0), 2), round(float(el.get("y") or 0), 2), el.text or ""))
    return root.get("viewBox") or "", sorted(out)


def test_the_page_draws_as_to_svg(session: Session) -> None:
    """Same viewBox, same clue texts at the same places as the package's own pictures."""
    s = slitherlink.generate(4, 6, seed="draw")
    c = country.generate(5, 4, seed="draw")
    for family, board in (("slither", s), ("country", c)):
        page = session.open(play_query(family, board.to_url()))
        drawn = page.get_by_test_id("board").evaluate("e => e.outerHTML")
        assert svg_texts(drawn) == svg_texts(board.to_svg())
        if family == "country":
            assert page.locator("line.border").count() == board.to_svg().count('class="border"')


def test_play_a_country_road_board_to_the_end(session: Session, phone: Session, artifacts: Path) -> None:
    board = country.generate(6, 6, seed="browser")
    edges = country_edges(board.solve().solution)
    for s in (session, phone):
        page = s.open(play_query("country", board.to_url()))
        for key in edges:
            page.click(f'[data-edge="{key}"]')
        page.wait_for_selector('[data-testid=board][data-solved="true"]', timeout=5000)
    shoot(session.page, artifacts, "play-country-laptop")
    shoot(phone.page, artifacts, "play-country-phone")


def test_keyboard_play_and_saved_progress(session: Session) -> None:
    board = slitherlink.generate(4, 4, seed="keys")
    page = session.open(play_query("slither", board.to_url()))
    # Tabbing to the board shows the cursor where the arrows start from.
    page.get_by_test_id("family").focus()
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "board"
    cursor = page.locator("#board circle.cursor")
    expect(cursor).to_have_count(1)
    assert cursor.get_attribute("cx") == page.locator("#board circle.dot").first.get_attribute("cx")
    page.keyboard.press("Shift+ArrowRight")  # a line from point (0, 0) to (0, 1)
    page.keyboard.press("Shift+ArrowDown")  # then down to (1, 1)
    # Every control shows where the keyboard is, the black ones too. (Redo,
    # with nothing to redo, is disabled: Tab passes over it.)
    expect(page.get_by_test_id("redo")).to_be_disabled()
    page.get_by_test_id("undo").focus()
    page.keyboard.press("Tab")
    ring = page.get_by_test_id("check").evaluate(
        "e => [e === document.activeElement, getComputedStyle(e).outlineColor, getComputedStyle(e).outlineWidth]"
    )
    assert ring == [True, "rgb(47, 111, 219)", "2px"]
    page.get_by_test_id("board").focus()
    page.keyboard.press("Control+ArrowRight")  # a cross to the right of (1, 1), cursor stays
    # A screen reader hears where the cursor is and what is around it: the
    # board is an application (its keys reach the page), described by the
    # key help, and a live region says each move.
    board_role = page.get_by_role("application", name="Puzzle board")
    expect(board_role).to_have_attribute("aria-describedby", "play-keys")
    said = page.locator("#cursor-status")
    assert said.get_attribute("aria-live") == "polite"
    expect(said).to_have_text("Point row 2, column 2: line up, cross right.")
    assert page.locator('[data-edge="h 0 0"]').get_attribute("data-state") == "line"
    assert page.locator('[data-edge="v 0 1"]').get_attribute("data-state") == "line"
    assert page.locator('[data-edge="h 1 1"]').get_attribute("data-state") == "cross"
    page.keyboard.press("Control+z")
    assert page.locator('[data-edge="h 1 1"]').get_attribute("data-state") == "empty"
    page.keyboard.press("Control+y")
    assert page.locator('[data-edge="h 1 1"]').get_attribute("data-state") == "cross"
    # The lines are kept in localStorage: a reload of the share link shows them again.
    page.reload()
    page.wait_for_selector("body[data-ready=true]")
    assert page.locator('[data-edge="v 0 1"]').get_attribute("data-state") == "line"
    page.get_by_test_id("share").click()
    link = page.get_by_test_id("share-url").input_value()
    # The fields the page fills in have names a screen reader can say.
    expect(page.get_by_role("textbox", name="Link to this puzzle")).to_have_value(link)
    query = parse_qs(urlsplit(link).query)
    assert query["mode"] == ["play"] and query["family"] == ["slither"]
    assert Slitherlink.parse(query["p"][0]) == board


def test_undo_and_redo_say_when_there_is_nothing_to_do(session: Session) -> None:
    board = slitherlink.generate(4, 4, seed="undo")
    page = session.open(play_query("slither", board.to_url()))
    undo, redo = page.get_by_test_id("undo"), page.get_by_test_id("redo")
    expect(undo).to_be_disabled()
    expect(redo).to_be_disabled()
    page.get_by_test_id("board").focus()
    page.keyboard.press("Shift+ArrowRight")
    expect(undo).to_be_enabled()
    expect(redo).to_be_disabled()
    undo.click()
    expect(undo).to_be_disabled()
    expect(redo).to_be_enabled()
    # Set mode's pair, on the draft's edits.
    page = session.open("?mode=set&family=slither")
    page.wait_for_selector("[data-testid=verdict]:not([data-state=busy])")
    set_undo, set_redo = page.get_by_test_id("set-undo"), page.get_by_test_id("set-redo")
    expect(set_undo).to_be_disabled()
    expect(set_redo).to_be_disabled()
    page.click('[data-cell="0 0"]')
    page.keyboard.press("3")
    expect(set_undo).to_be_enabled()
    set_undo.click()
    expect(set_undo).to_be_disabled()
    expect(set_redo).to_be_enabled()


def test_the_clock_stops_while_the_page_is_hidden(session: Session) -> None:
    board = slitherlink.generate(4, 4, seed="clock")
    page = session.open(play_query("slither", board.to_url()))
    timer = page.get_by_test_id("timer")
    page.get_by_test_id("board").focus()
    page.keyboard.press("Shift+ArrowRight")
    show = "h => { Object.defineProperty(document, 'hidden', {value: h, configurable: true});"
    show += " document.dispatchEvent(new Event('visibilitychange')); }"
    page.evaluate(show, True)  # another tab in front
    before = timer.inner_text()
    page.wait_for_timeout(2600)
    assert timer.inner_text() == before
    page.evaluate(show, False)  # back: the clock runs on from where it stopped
    expect(timer).not_to_have_text(before, timeout=3000)


def test_drag_draws_a_line_in_one_undo_step(session: Session) -> None:
    board = slitherlink.generate(4, 4, seed="drag")
    page = session.open(play_query("slither", board.to_url()))

    def centre(key: str) -> Tuple[float, float]:
        box = page.locator(f'[data-edge="{key}"]').bounding_box()
        assert box
        return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2

    path = ["h 0 0", "h 0 1", "h 0 2"]
    start, end = centre(path[0]), centre(path[-1])
    page.mouse.move(*start)
    page.mouse.down()
    page.mouse.move(*end, steps=20)
    page.mouse.up()
    states = [page.locator(f'[data-edge="{k}"]').get_attribute("data-state") for k in [*path, "h 0 3"]]
    assert states == ["line", "line", "line", "empty"]
    page.get_by_test_id("undo").click()
    assert all(page.locator(f'[data-edge="{k}"]').get_attribute("data-state") == "empty" for k in path)
    # A drag that starts on a line erases.
    page.get_by_test_id("redo").click()
    page.mouse.move(*centre("h 0 2"))
    page.mouse.down()
    page.mouse.move(*centre("h 0 1"), steps=10)
    page.mouse.up()
    states = [page.locator(f'[data-edge="{k}"]').get_attribute("data-state") for k in path]
    assert states == ["line", "empty", "empty"]


def test_a_drag_that_strays_off_the_line_takes_no_stubs(session: Session) -> None:
    """A drag along a row a little off the line (still on the drawn stroke)
    draws that row only: the edges across it, whose hit areas overlap the
    row's at every point, stay empty."""
    boards = (
        ("slither", slitherlink.generate(4, 4, seed="drag"), ["h 1 0", "h 1 1", "h 1 2"]),
        ("country", country.generate(5, 5, seed="drag"), ["right 1 0", "right 1 1", "right 1 2"]),
    )
    for family, board, path in boards:
        page = session.open(play_query(family, board.to_url()))
        for off in (0.1, -0.1):
            page.get_by_test_id("reset").click()
            first = page.locator(f'[data-edge="{path[0]}"]').bounding_box()
            last = page.locator(f'[data-edge="{path[-1]}"]').bounding_box()
            assert first and last
            dy = off * 2 * first["height"]  # the hit area is half a cell high: off is in cells
            page.mouse.move(first["x"] + first["width"] / 2, first["y"] + first["height"] / 2 + dy)
            page.mouse.down()
            page.mouse.move(last["x"] + last["width"] / 2, last["y"] + last["height"] / 2 + dy, steps=30)
            page.mouse.up()
            drawn = sorted(el.get_attribute("data-edge") or "" for el in page.locator('[data-state="line"]').all())
            assert drawn == sorted(path), (family, off)


def test_a_drag_may_start_on_a_dot_or_in_a_cell(session: Session) -> None:
    """A drag from dot to dot draws the edges between them, not also the edge
    whose hit area is on top at the first dot; in Country Road a drag from
    cell centre to cell centre (where there is no edge to press) draws the
    links between them."""

    def point(page: Page, n: int, x: float, y: float) -> Tuple[float, float]:
        # (x, y) in cells from the board's top left corner; the margin is half a cell.
        box = page.locator("#board rect.background").bounding_box()
        assert box
        unit = box["width"] / (n + 1)
        return box["x"] + unit * (0.5 + x), box["y"] + unit * (0.5 + y)

    page = session.open(play_query("slither", slitherlink.generate(4, 4, seed="drag").to_url()))
    page.mouse.move(*point(page, 4, 1, 1))  # the dot at row 1, column 1 (from 0)
    page.mouse.down()
    page.mouse.move(*point(page, 4, 3, 1), steps=20)
    page.mouse.up()
    drawn = sorted(el.get_attribute("data-edge") or "" for el in page.locator('[data-state="line"]').all())
    assert drawn == ["h 1 1", "h 1 2"]
    page = session.open(play_query("country", country.generate(5, 5, seed="drag").to_url()))
    page.mouse.move(*point(page, 5, 0.5, 1.5))  # the centre of the cell at row 1, column 0
    page.mouse.down()
    page.mouse.move(*point(page, 5, 3.5, 1.5), steps=20)
    page.mouse.up()
    drawn = sorted(el.get_attribute("data-edge") or "" for el in page.locator('[data-state="line"]').all())
    assert drawn == ["right 1 0", "right 1 1", "right 1 2"]
    page.get_by_test_id("undo").click()  # one step
    expect(page.locator('[data-state="line"]')).to_have_count(0)


def open_on_a_phone(context: Any, server_url: str) -> Page:
    """A 4 x 4 Slitherlink to play, in a phone's context (touch, no mouse)."""
    page: Page = context.new_page()
    board = slitherlink.generate(4, 4, seed="touch")
    page.goto(server_url + play_query("slither", board.to_url()))
    page.wait_for_selector("body[data-ready=true]")
    return page


def test_touch_taps_draw(browser: Browser, server_url: str) -> None:
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    try:
        page = open_on_a_phone(context, server_url)
        edge = page.locator('[data-edge="v 1 0"]')
        edge.tap()
        assert edge.get_attribute("data-state") == "line"
        # A touch screen keeps :hover on what was tapped: no hover tint may
        # stay on the edge (it looked like a hint's blue).
        assert edge.evaluate("e => e.matches(':hover')")
        assert edge.evaluate("e => getComputedStyle(e).fill") in ("transparent", "rgba(0, 0, 0, 0)")
        edge.tap()
        assert edge.get_attribute("data-state") == "cross"
    finally:
        context.close()


def test_a_long_press_cycles_the_other_way(browser: Browser, server_url: str) -> None:
    """A finger has no right button: held on an edge, it cycles the other way,
    as a right-click does, timed by the page (headless Chromium, like Safari,
    sends no contextmenu for it); a contextmenu the browser sends for the same
    press is not a second step, and a short tap still cycles forward."""
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    try:
        page = open_on_a_phone(context, server_url)
        edge = page.locator('[data-edge="v 1 0"]')
        box = edge.bounding_box()
        assert box is not None
        at = {"x": box["x"] + box["width"] / 2, "y": box["y"] + box["height"] / 2}
        cdp = context.new_cdp_session(page)

        def press(ms: int) -> None:
            cdp.send("Input.synthesizeTapGesture", {**at, "duration": ms, "tapCount": 1, "gestureSourceType": "touch"})

        press(900)
        expect(edge).to_have_attribute("data-state", "cross")  # empty, the other way: a cross
        # The browser's own long-press menu for the same press changes nothing.
        edge.dispatch_event("contextmenu", {"clientX": at["x"], "clientY": at["y"], "button": 2})
        expect(edge).to_have_attribute("data-state", "cross")
        press(900)
        expect(edge).to_have_attribute("data-state", "line")
        press(40)  # a tap: forward
        expect(edge).to_have_attribute("data-state", "cross")
        page.get_by_test_id("undo").click()
        expect(edge).to_have_attribute("data-state", "line")
    finally:
        context.close()


def test_reveal_and_generate_with_cancel(session: Session) -> None:
    page = session.open("?mode=play&family=slither&p=" + quote(slitherlink.generate(4, 4, seed=1).to_url(), safe=""))
    page.get_by_test_id("reveal").click()
    page.wait_for_selector('[data-testid=board][data-solved="true"]')
    assert "Revealed" in page.get_by_test_id("solved-banner").inner_text()
    # A big board takes seconds: the page shows that it works and can be
    # cancelled. The request is held (never answered) while the page waits:
    # the page draws a new seed for each generation, and some 30 x 30 seeds
    # finished within seconds, before a loaded machine had clicked Cancel
    # (the board arrived, and with it an empty message).
    held: List[Any] = []

    def hold(route: Any) -> None:
        held.append(route)

    page.route("**/api/generate", hold)
    page.fill("#gen-rows", "30")
    page.fill("#gen-cols", "30")
    page.get_by_test_id("generate").click()
    page.wait_for_selector("[data-testid=busy]:not([hidden])")
    assert "Generating 30 x 30" in page.get_by_test_id("busy").inner_text()
    page.get_by_test_id("cancel").click()
    page.wait_for_selector("[data-testid=busy][hidden]", state="attached")
    # The aborted request's catch writes the message, then its finally hides
    # the busy line.
    expect(page.get_by_test_id("message")).to_have_text("Generation cancelled.")
    assert len(held) == 1, "the page sent one request, which the route held"
    page.unroute("**/api/generate")
    # A small one arrives.
    page.fill("#gen-rows", "5")
    page.fill("#gen-cols", "6")
    page.get_by_test_id("generate").click()
    expect(page.locator("[data-edge]")).to_have_count(6 * 6 + 5 * 7)
    assert page.get_by_test_id("title").inner_text() == "Slitherlink 5 x 6"
    # A screen reader hears that it has arrived.
    expect(page.locator("#cursor-status")).to_have_text("New puzzle: Slitherlink 5 x 6.")


def ambiguous_board() -> Tuple[Slitherlink, Tuple[int, int], int]:
    """A unique board with one clue removed so that it has several solutions; the clue removed."""
    for seed in range(50):
        board = slitherlink.generate(5, 5, seed=seed)
        for r, row in enumerate(board.clues):
            for c, v in enumerate(row):
                if v is None:
                    continue
                clues = [list(x) for x in board.clues]
                clues[r][c] = None
                draft = Slitherlink(clues)
                if draft.solve().count == 2:
                    return draft, (r, c), v
    raise AssertionError("no ambiguous draft found")


def test_set_mode_verdict_after_every_edit(session: Session, phone: Session, artifacts: Path) -> None:
    draft, (r, c), clue = ambiguous_board()
    query = f"?mode=set&family=slither&p={quote(draft.to_url(), safe='')}"
    page = session.open(query)
    page.wait_for_selector('[data-testid=verdict][data-count="2"]')
    assert f"{draft.solve(limit=1000).count} solutions" in page.get_by_test_id("verdict").inner_text()
    # The shared lines are drawn, the difference shaded; a suggested clue makes it unique in one click.
    assert page.locator("line.shared").count() > 0 and page.locator("rect.shaded").count() > 0
    first = page.get_by_test_id("suggestion").first
    assert first.inner_text().endswith("unique")
    shoot(page, artifacts, "set-slitherlink-ambiguous-laptop")
    first.click()
    page.wait_for_selector('[data-testid=verdict][data-count="1"]')
    assert page.locator("rect.shaded").count() == 0
    page.get_by_test_id("import-text").fill(draft.to_url())
    page.get_by_test_id("import").click()
    page.wait_for_selector('[data-testid=verdict][data-count="2"]')
    page.click(f'[data-cell="{r} {c}"]')  # select
    page.keyboard.press(str(clue))
    page.wait_for_selector('[data-testid=verdict][data-count="1"]')
    assert page.get_by_test_id("verdict").inner_text().startswith("Unique solution")
    shoot(page, artifacts, "set-slitherlink-laptop")
    page.keyboard.press("Backspace")
    page.wait_for_selector('[data-testid=verdict][data-count="2"]')
    # Minimise: every clue left is needed, and the board stays unique.
    page.keyboard.press(str(clue))
    page.wait_for_selector('[data-testid=verdict][data-count="1"]')
    page.get_by_test_id("minimize").click()
    expect(page.get_by_test_id("message")).to_contain_text("every clue left is needed")
    page.wait_for_selector('[data-testid=verdict][data-count="1"]')
    # A refused import selects what the reader refused: a URL body's character,
    # a line of text.
    box = page.get_by_test_id("import-text")
    for text, fault in (("https://puzz.link/p?slither/3/2/1g3A", "A"), ("2 2\n- -\n- x", "- x")):
        box.fill(text)
        page.get_by_test_id("import").click()
        page.wait_for_selector('textarea[aria-invalid="true"]')
        picked = box.evaluate("b => b.value.slice(b.selectionStart, b.selectionEnd)")
        assert picked == fault
        expect(page.get_by_test_id("message")).to_contain_text("unexpected")
    # The browser logs each refused request (a 422) as a console error: those
    # two are expected, any other error still fails the session.
    box.fill("")
    assert box.get_attribute("aria-invalid") is None  # typing clears the mark
    refused = [e for e in session.errors if "status of 422" in e]
    assert len(refused) == 2
    session.errors[:] = [e for e in session.errors if e not in refused]
    # Two 4s that cannot both be closed: no solution, both ringed.
    page.get_by_test_id("import-text").fill("1 3\n4 - 4")
    page.get_by_test_id("import").click()
    page.wait_for_selector('[data-testid=verdict][data-count="0"]')
    assert page.locator("circle.marked").count() == 2
    # A server error is shown as one, not in the colours of the last verdict.
    page.route("**/api/verdict", lambda route: route.fulfill(status=500, body="Internal Server Error"))
    page.get_by_test_id("import-text").fill(draft.to_url())
    page.get_by_test_id("import").click()
    verdict = page.get_by_test_id("verdict")
    expect(verdict).to_have_attribute("data-state", "error")
    expect(verdict).to_have_text("No verdict. The server answered HTTP 500 Internal Server Error.")
    assert (verdict.get_attribute("class") or "").split() == ["verdict", "error"]
    page.unroute("**/api/verdict")
    session.errors[:] = [e for e in session.errors if "status of 500" not in e]
    # Export: the puzz.link URL reads back as the same board.
    page.get_by_test_id("import-text").fill(draft.to_url())
    page.get_by_test_id("import").click()
    page.wait_for_selector('[data-testid=verdict][data-count="2"]')
    page.get_by_test_id("export-format").select_option("puzzlekit")
    page.get_by_test_id("export").click()
    expect(page.get_by_test_id("export-text")).not_to_have_value("")
    assert Slitherlink.parse(page.get_by_test_id("export-text").input_value()) == draft
    expect(page.get_by_role("textbox", name="Exported puzzle")).not_to_have_value("")
    phone_page = phone.open(query)
    phone_page.wait_for_selector('[data-testid=verdict][data-count="2"]')
    shoot(phone_page, artifacts, "set-slitherlink-phone")


def test_set_mode_country_borders_by_dragging(session: Session, artifacts: Path) -> None:
    page = session.open("?mode=set&family=country")
    page.wait_for_selector("[data-testid=verdict][data-count]:not([data-count=''])")
    # The form's limits come from the server's /api/info, i.e. the core's constants.
    page.fill("#new-rows", str(country.MAX_SIDE + 1))
    assert page.locator("#new-rows").get_attribute("max") == str(country.MAX_SIDE)
    assert page.locator("#new-rows").evaluate("e => e.validity.rangeOverflow") is True
    page.fill("#new-rows", str(country.MIN_SIDE - 1))
    assert page.locator("#new-rows").evaluate("e => e.validity.rangeUnderflow") is True
    page.fill("#new-rows", "3")
    page.fill("#new-cols", "3")
    page.get_by_test_id("new-empty").click()
    page.wait_for_selector("[data-testid=verdict]:not([data-state=busy])")  # the 3 x 3 board's verdict
    # Drag down the side between columns 0 and 1 over all three rows: two countries.
    first = page.locator('[data-side="v 0 1"]').bounding_box()
    last = page.locator('[data-side="v 2 1"]').bounding_box()
    assert first and last
    page.mouse.move(first["x"] + first["width"] / 2, first["y"] + first["height"] / 2)
    page.mouse.down()
    page.mouse.move(last["x"] + last["width"] / 2, last["y"] + last["height"] / 2, steps=12)
    page.mouse.up()
    assert page.locator("line.border").count() == 12 + 3
    page.keyboard.press("Control+z")  # the whole drag is one step
    expect(page.locator("line.border")).to_have_count(12)
    page.keyboard.press("Control+y")
    expect(page.locator("line.border")).to_have_count(12 + 3)
    page.click('[data-cell="0 0"]')
    page.keyboard.press("3")
    page.click('[data-cell="0 1"]')
    page.keyboard.press("6")
    page.wait_for_selector("[data-testid=verdict]:not([data-state=busy])")
    # The page's verdict is the library's on the same board.
    page.get_by_test_id("export-format").select_option("json")
    page.get_by_test_id("export").click()
    expect(page.get_by_test_id("export-text")).not_to_have_value("")
    board = country.CountryRoad.parse(page.get_by_test_id("export-text").input_value())
    assert board.regions == ((0, 1, 1), (0, 1, 1), (0, 1, 1)) and dict(board.numbers) == {0: 3, 1: 6}
    expected = min(board.solve().count, 2)
    page.wait_for_selector(f'[data-testid=verdict][data-count="{expected}"]')
    shoot(page, artifacts, "set-country-laptop")
    # "#" blocks the selected cell: it belongs to no country (the 6 goes first: 5 cells would be left).
    page.keyboard.press("Backspace")  # (0, 1) is still selected (a click on it would cycle its number)
    page.click('[data-cell="2 2"]')
    page.keyboard.press("#")
    page.wait_for_selector("[data-testid=verdict]:not([data-state=busy])")
    assert page.locator("rect.blocked").count() == 1
    page.get_by_test_id("export").click()
    expect(page.get_by_test_id("export-text")).to_have_value(re.compile("null"))
    blocked = country.CountryRoad.parse(page.get_by_test_id("export-text").input_value())
    assert blocked.blocked == ((2, 2),) and blocked.regions[0] == (0, 1, 1)


def test_hint_on_a_puzzle_with_no_solution(session: Session, artifacts: Path) -> None:
    """A draft with no solution, played: the hint says the puzzle has none,
    as an error, blames no line and offers nothing to apply."""
    from loopcraft.web._api import has_hints

    if not has_hints():
        pytest.skip("the hint engine is not in this build")
    board = Slitherlink([[3, 0, None], [None, None, None], [None, None, 2]])
    assert board.solve().count == 0
    page = session.open(play_query("slither", board.to_url()))
    page.get_by_test_id("hint").click()
    page.wait_for_selector("body:not([data-busy])")  # the answer is in
    msg = page.get_by_test_id("message")
    expect(msg).to_contain_text("This puzzle has no solution")
    assert "error" in (msg.get_attribute("class") or "").split()
    assert not page.get_by_test_id("apply-hint").is_visible()
    assert page.locator(".hint").count() == 0
    shoot(page, artifacts, "play-no-solution-laptop")


def test_hint_button(session: Session, artifacts: Path) -> None:
    from loopcraft.web._api import has_hints

    board = slitherlink.generate(5, 5, seed="hint")
    page = session.open(play_query("slither", board.to_url()))
    if not has_hints():
        # Without the hint engine the page does not offer the control.
        assert not page.get_by_test_id("hint").is_visible()
        return
    page.get_by_test_id("hint").click()
    expect(page.get_by_test_id("message")).not_to_have_text("")
    assert page.locator("#board .hint").count() > 0  # not the message, whose class is "hint" too
    # The hint names its rule as the catalogue does, with the rule's level and line.
    name, level = page.get_by_test_id("hint-rule").inner_text().split()
    rules = {r.name: r for r in slitherlink.RULES}
    assert name in rules and level == rules[name].level
    expect(page.get_by_test_id("hint-rule-line")).to_contain_text(rules[name].description)
    shoot(page, artifacts, "play-hint-laptop")
    # From the keyboard: Apply hint hides once used, and the focus moves to Hint.
    page.get_by_test_id("apply-hint").focus()
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("apply-hint")).to_be_hidden()
    assert page.evaluate("document.activeElement.id") == "hint"
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("apply-hint")).to_be_visible()
    # Applying hints walks to the solution (every step the engine gives agrees with it).
    solution = set(slither_edges(board.solve().solution))
    for _ in range(200):
        if page.get_by_test_id("board").get_attribute("data-solved") == "true":
            break
        if not page.get_by_test_id("apply-hint").is_visible():
            page.get_by_test_id("hint").click()
            page.wait_for_selector("body:not([data-busy])")  # the answer is in
            assert "mistake" not in page.get_by_test_id("message").inner_text().lower()
            if not page.get_by_test_id("apply-hint").is_visible():
                break
        page.get_by_test_id("apply-hint").click()
    page.wait_for_selector('[data-testid=board][data-solved="true"]')
    drawn = {el.get_attribute("data-edge") for el in page.locator('[data-state="line"]').all()}
    assert drawn == solution


def test_a_country_road_hint_shows_the_cells_it_decides(session: Session, artifacts: Path) -> None:
    """Country Road steps often decide cells (used or not), not lines: the page
    marks those cells, and names a country by its place, not by its id."""
    from loopcraft.web._api import has_hints

    if not has_hints():
        pytest.skip("the hint engine is not in this build")
    board = country.generate(6, 6, seed="pt5")
    blank = {"right": ["?" * 5] * 6, "down": ["?" * 6] * 5}
    step = board.hint(blank)
    cells = [k for k in step.decided if k[0] == "cell"]
    assert cells and len(cells) == len(step.decided), "the first step decides cells only"
    page = session.open(play_query("country", board.to_url()))
    page.get_by_test_id("hint").click()
    page.wait_for_selector("body:not([data-busy])")  # the answer is in
    message = page.get_by_test_id("message")
    expect(message).not_to_have_text("")
    assert not re.search(r"country \d", message.inner_text())
    assert page.locator("#board .hint").count() == len(cells)
    shoot(page, artifacts, "play-country-hint-laptop")


def test_a_phone_setter_enters_numbers_without_keys(browser: Browser, server_url: str, artifacts: Path) -> None:
    """On a touch screen there is no keyboard for the board: a tap selects a
    cell and the number field beside it sets its number (a Country Road
    number of two digits, which tapping would take a dozen taps to cycle to),
    and a box blocks it."""
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    try:
        page = context.new_page()
        page.goto(server_url + "?mode=set&family=country")
        page.wait_for_selector("body[data-ready=true]")
        field = page.get_by_role("spinbutton", name="Number in the selected cell")
        expect(field).to_be_disabled()
        background = "e => getComputedStyle(e).backgroundColor"
        idle = field.evaluate(background)
        page.locator('[data-cell="1 1"]').tap()
        expect(field).to_be_enabled()
        assert field.evaluate(background) != idle, "a disabled field looks it"
        field.fill("12")
        expect(page.locator('[data-clue="1 1"]')).to_have_text("12")
        page.wait_for_selector("[data-testid=verdict]:not([data-state=busy])")
        # Selecting another cell shows its number (none), and the first one's again.
        page.locator('[data-cell="2 2"]').tap()
        expect(field).to_have_value("")
        page.locator('[data-cell="1 1"]').tap()
        expect(field).to_have_value("12")
        field.fill("")
        expect(page.locator('[data-clue="1 1"]')).to_have_count(0)
        # "#" blocks a cell from the keyboard; here the box next to the field does.
        page.get_by_role("checkbox", name="Blocked").tap()
        expect(page.locator("rect.blocked")).to_have_count(1)
        expect(field).to_be_disabled()
        shoot(page, artifacts, "set-country-phone")
        page.get_by_role("checkbox", name="Blocked").tap()
        expect(page.locator("rect.blocked")).to_have_count(0)
    finally:
        context.close()


def test_set_mode_undo_and_redo(session: Session) -> None:
    """A setter can take edits back: clues, a new board, another family."""
    page = session.open("?mode=set&family=slither")
    page.wait_for_selector("[data-testid=verdict]:not([data-state=busy])")
    clue = page.locator("[data-clue]")
    page.click('[data-cell="0 0"]')
    page.keyboard.press("3")
    page.click('[data-cell="1 1"]')
    page.keyboard.press("2")
    expect(clue).to_have_count(2)
    page.keyboard.press("Control+z")
    expect(clue).to_have_count(1)
    page.get_by_test_id("set-undo").click()  # the same, for a touch screen
    expect(clue).to_have_count(0)
    page.keyboard.press("Control+y")
    expect(page.locator('[data-clue="0 0"]')).to_have_text("3")
    page.keyboard.press("Control+Shift+z")
    expect(clue).to_have_count(2)
    page.wait_for_selector("[data-testid=verdict]:not([data-state=busy])")
    # A suggestion applied from the keyboard leaves the focus on the board, on
    # its cell (the buttons are replaced: the focus was lost to the page).
    first = page.get_by_test_id("suggestion").first
    row, col = re.findall(r"row (\d+), column (\d+)", first.inner_text())[0]
    first.focus()
    page.keyboard.press("Enter")
    expect(clue).to_have_count(3)
    assert page.evaluate("document.activeElement.id") == "board"
    expect(page.locator("#board rect.selected")).to_have_count(1)
    expect(page.locator("#cursor-status")).to_contain_text(f"Cell row {row}, column {col}:")
    page.keyboard.press("Control+z")
    expect(clue).to_have_count(2)
    page.wait_for_selector('[data-testid=verdict][data-count="2"]')
    # A new empty board, or another family, throws the draft away: undo brings it back.
    page.fill("#new-rows", "3")
    page.fill("#new-cols", "3")
    page.get_by_test_id("new-empty").click()
    expect(page.locator("[data-cell]")).to_have_count(9)
    page.get_by_test_id("family").select_option("country")
    expect(page.locator("[data-side]")).not_to_have_count(0)
    page.get_by_test_id("set-undo").click()
    expect(page.locator("[data-side]")).to_have_count(0)
    assert page.get_by_test_id("family").input_value() == "slither"
    expect(page.locator("[data-cell]")).to_have_count(9)
    page.get_by_test_id("set-undo").click()
    expect(page.locator("[data-cell]")).to_have_count(36)
    expect(clue).to_have_count(2)
    page.wait_for_selector('[data-testid=verdict][data-count="2"]')
    # A suggestion that leaves several solutions says what stays open.
    expect(page.get_by_test_id("suggestion").first).to_have_text(re.compile(r"→ \d+ edges undecided$"))
    page.get_by_test_id("set-redo").click()
    expect(page.locator("[data-cell]")).to_have_count(9)
    page.wait_for_selector("[data-testid=verdict]:not([data-state=busy])")


def test_an_unreadable_link_shows_one_mode(session: Session, artifacts: Path) -> None:
    """A link whose puzzle cannot be read says why, and shows the controls of
    its mode only (not those of play and set at once)."""
    for mode, shown, hidden in (("play", "generate", "verdict"), ("set", "verdict", "generate")):
        page = session.open(f"?mode={mode}&family=slither&p=garbage")
        expect(page.get_by_test_id("message")).to_contain_text("Cannot read the puzzle")
        expect(page.get_by_test_id(shown)).to_be_visible()
        expect(page.get_by_test_id(hidden)).to_be_hidden()
        shoot(page, artifacts, f"unreadable-link-{mode}-laptop")
    # The browser logs each refused parse (a 422) as a console error.
    session.errors[:] = [e for e in session.errors if "status of 422" not in e]


def verdict_answer(count: int, solutions: int, complete: bool) -> Dict[str, Any]:
    """A made-up ``/api/verdict`` answer for a 6 x 6 Slitherlink draft, for
    tests that hand the page an answer it could not get on demand."""
    return {
        "count": count,
        "solutions": solutions,
        "complete": complete,
        "unique": False,
        "level": None,
        "summary": "",
        "backbone": None,
        "shaded": [],
        "suggestions": [],
        "ranked": True,
        "conflict": None,
        "url": "https://puzz.link/p?slither/6/6/",
    }


def test_quick_answers_do_not_make_the_panel_jump(session: Session) -> None:
    """The busy line (with Cancel) shows only for work that takes a while: a
    verdict answered at once never shows it, so the panel does not jump down
    and back at every edit; a verdict that takes long does show it."""
    page = session.open("?mode=set&family=slither")
    page.wait_for_selector("[data-testid=verdict]:not([data-state=busy])")
    page.evaluate(
        """() => { window.busyShown = 0;
        new MutationObserver(() => { if (!document.getElementById("busy").hidden) window.busyShown++; })
          .observe(document.getElementById("busy"), { attributes: true }); }"""
    )
    quick = verdict_answer(count=2, solutions=2, complete=True)
    page.route("**/api/verdict", lambda route: route.fulfill(json=quick))
    for key in "0123":
        page.click(f'[data-cell="0 {key}"]')
        page.keyboard.press(key)
        page.wait_for_selector("[data-testid=verdict]:not([data-state=busy])")
    assert page.evaluate("window.busyShown") == 0
    page.unroute("**/api/verdict")
    held: List[Any] = []
    page.route("**/api/verdict", lambda route: held.append(route))
    page.click('[data-cell="1 0"]')
    page.keyboard.press("1")
    expect(page.get_by_test_id("busy")).to_be_visible()
    expect(page.get_by_test_id("busy")).to_contain_text("Checking the draft")
    page.get_by_test_id("cancel").click()
    expect(page.get_by_test_id("busy")).to_be_hidden()
    page.unroute("**/api/verdict")


def test_back_returns_to_the_last_puzzle(session: Session) -> None:
    """A new puzzle is a new page in the history: Back returns to the one
    before, with its lines (kept in localStorage), and Forward comes back."""
    board = slitherlink.generate(5, 5, seed="back")
    page = session.open(play_query("slither", board.to_url()))
    page.click('[data-edge="h 0 0"]')
    first = page.url
    page.fill("#gen-rows", "4")
    page.fill("#gen-cols", "4")
    page.get_by_test_id("generate").click()
    expect(page.get_by_test_id("title")).to_have_text("Slitherlink 4 x 4")
    second = page.url
    assert second != first
    page.go_back()
    expect(page.get_by_test_id("title")).to_have_text("Slitherlink 5 x 5")
    assert page.url == first
    expect(page.locator('[data-edge="h 0 0"]')).to_have_attribute("data-state", "line")
    page.go_forward()
    expect(page.get_by_test_id("title")).to_have_text("Slitherlink 4 x 4")
    assert page.url == second
    # Going back and forth made no new entries: Back again is the first puzzle.
    page.go_back()
    expect(page.get_by_test_id("title")).to_have_text("Slitherlink 5 x 5")


def test_a_line_into_a_blocked_cell_is_a_warning(session: Session, artifacts: Path) -> None:
    """Country Road: a line into a blocked cell breaks a rule at once; the page
    says so and draws the line red (on the dark cell it was hard to see)."""
    board = country.CountryRoad.parse(
        '{"kind": "country", "rows": 3, "cols": 3, "regions": [[0, 0, 1], [0, null, 1], [0, 1, 1]], "numbers": []}'
    )
    page = session.open(play_query("country", board.to_puzzlekit()))
    page.click('[data-edge="right 1 0"]')
    expect(page.get_by_test_id("warnings")).to_have_text("The line enters the blocked cell at row 2, column 2.")
    assert page.locator("#board line.cell-loop").get_attribute("stroke") == "#d0021b"
    # Three lines into it: the warnings say so, without failing on the blocked
    # cell's missing country.
    page.click('[data-edge="down 0 1"]')
    page.click('[data-edge="right 1 1"]')
    expect(page.get_by_test_id("warnings")).to_contain_text("The line branches at cell row 2, column 2.")
    shoot(page, artifacts, "play-country-blocked-laptop")


def test_the_board_uses_the_room_there_is(browser: Browser, server_url: str, artifacts: Path) -> None:
    """A big board gets the width of its column (not a fixed 640 px), and no
    board is taller than the window: on a phone held sideways the whole board
    is on screen, where a swipe on it draws instead of scrolling."""
    big = slitherlink.generate(20, 30, seed="big")
    small = slitherlink.generate(7, 7, seed="small")
    for viewport, board, check in (
        (LAPTOP, big, lambda box: box["width"] > 700 and box["y"] + box["height"] <= LAPTOP["height"]),
        ({"width": 844, "height": 390}, small, lambda box: box["y"] + box["height"] <= 390),
    ):
        context = browser.new_context(viewport=viewport)
        try:
            page = context.new_page()
            page.goto(server_url + play_query("slither", board.to_url()))
            page.wait_for_selector("body[data-ready=true]")
            box = page.locator("#board").bounding_box()
            assert box and check(box), (viewport, box)
            ratio = box["width"] / box["height"]
            assert abs(ratio - (board.cols + 1) / (board.rows + 1)) < 0.02, "drawn to scale"
            shoot(page, artifacts, f"play-fit-{viewport['width']}x{viewport['height']}")
        finally:
            context.close()


def test_an_undecided_draft_does_not_look_like_no_solution(session: Session) -> None:
    """A verdict that found no solution before its time limit ran out has
    proven nothing: it says "Not decided", without the red of "No solution"
    (the class that colours a proven count of 0)."""
    page = session.open("?mode=set&family=slither")
    page.wait_for_selector("[data-testid=verdict]:not([data-state=busy])")
    undecided = verdict_answer(count=0, solutions=0, complete=False)
    page.route("**/api/verdict", lambda route: route.fulfill(json=undecided))
    page.click('[data-cell="0 0"]')
    page.keyboard.press("1")
    verdict = page.get_by_test_id("verdict")
    expect(verdict).to_have_attribute("data-state", "incomplete")
    expect(verdict).to_have_text("Not decided: the time limit ran out before a solution was found.")
    classes = (verdict.get_attribute("class") or "").split()
    assert "count-0" not in classes and "undecided" in classes
    page.unroute("**/api/verdict")
    # A proven "no solution" keeps its colour.
    page.route("**/api/verdict", lambda route: route.fulfill(json={**undecided, "complete": True}))
    page.keyboard.press("2")
    expect(verdict).to_have_text("No solution.")
    assert "count-0" in (verdict.get_attribute("class") or "").split()
    page.unroute("**/api/verdict")


def test_zoom_makes_a_big_board_playable_on_a_phone(browser: Browser, server_url: str, artifacts: Path) -> None:
    """Fitted to a phone, a 30 x 45 board has cells a few pixels wide. Zoomed
    in, its frame scrolls, a tap still draws the edge under the finger, the
    keyboard's cursor stays in view, and Fit brings the whole board back."""
    board = Slitherlink([[None] * 45 for _ in range(30)])
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    try:
        page = context.new_page()
        page.goto(server_url + play_query("slither", board.to_url()))
        page.wait_for_selector("body[data-ready=true]")
        svg, frame = page.locator("#board"), page.locator(".board-wrap")

        def cell_px() -> float:
            box = svg.bounding_box()
            assert box
            return float(box["width"]) / (board.cols + 1)

        fitted = cell_px()
        assert fitted < 12, fitted
        expect(page.get_by_test_id("zoom-out")).to_be_disabled()
        expect(page.get_by_test_id("zoom-fit")).to_be_disabled()
        for _ in range(3):
            page.get_by_test_id("zoom-in").click()
        assert cell_px() > 2.5 * fitted
        assert frame.evaluate("f => f.scrollWidth > f.clientWidth + 100 && f.scrollHeight > f.clientHeight")
        # The zoom stops at a cell a finger can hit, and no further.
        for _ in range(10):
            if page.get_by_test_id("zoom-in").is_disabled():
                break
            page.get_by_test_id("zoom-in").click()
        expect(page.get_by_test_id("zoom-in")).to_be_disabled()
        assert 40 < cell_px() <= 73
        edge = page.locator('[data-edge="h 17 30"]')
        edge.tap()
        assert edge.get_attribute("data-state") == "line"
        shoot(page, artifacts, "play-zoomed-phone")
        # The arrows' cursor is kept inside the scrolled frame.
        svg.focus()
        for key in ["ArrowRight"] * 40 + ["ArrowDown"] * 25:
            page.keyboard.press(key)
        page.wait_for_timeout(100)
        mark, view = page.locator("#board .cursor").bounding_box(), frame.bounding_box()
        assert mark and view
        assert view["x"] <= mark["x"] and mark["x"] + mark["width"] <= view["x"] + view["width"] + 1, (mark, view)
        assert view["y"] <= mark["y"] and mark["y"] + mark["height"] <= view["y"] + view["height"] + 1, (mark, view)
        page.get_by_test_id("zoom-fit").click()
        assert abs(cell_px() - fitted) < 0.5
        assert frame.evaluate("f => f.scrollWidth <= f.clientWidth + 1")
        # The keys: + zooms in, - out while playing.
        page.keyboard.press("+")
        assert svg.get_attribute("data-zoom") == "1.50"
        page.keyboard.press("-")
        assert svg.get_attribute("data-zoom") == "1.00"
        assert edge.get_attribute("data-state") == "line", "zooming changes no edge"
    finally:
        context.close()
