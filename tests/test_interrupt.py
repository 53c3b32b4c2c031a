"""Ctrl-C reaches the core: a long call ends with KeyboardInterrupt within a
second, and a time budget ends a long search incomplete, never wrong.

Each long call runs in a child process (SIGINT would otherwise hit the test
runner); the child says when the call is about to start, and the test sends
SIGINT a little later and measures how long the child takes to end.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest

from loopcraft.country import CountryRoad

CHILD = """
import signal
import sys
{setup}
# As in an interactive session: a test runner (or a shell running jobs in the
# background) may have left SIGINT ignored, and that is inherited.
signal.signal(signal.SIGINT, signal.default_int_handler)
print("start", flush=True)
try:
    {call}
except KeyboardInterrupt:
    print("interrupted", flush=True)
    sys.exit(3)
print("finished", flush=True)
"""

LONG_CALLS = {
    # Every cell its own country: the 8 x 8 count by search takes minutes
    # (the brute forces refuse more than 36 open cells).
    "country count": (
        "from loopcraft.country import CountryRoad, count_solutions\n"
        "board = CountryRoad.from_regions([[r * 8 + c for c in range(8)] for r in range(8)])",
        "count_solutions(board, engine='search')",
    ),
    # The empty 30 x 30 Slitherlink board has astronomically many loops; the
    # memory budget of the solutions kept is lifted, else it stops the search
    # (at some 18,000 solutions) on a fast machine before the signal comes.
    "slitherlink solve": (
        "from loopcraft import _validate\nfrom loopcraft.slitherlink import Slitherlink\n"
        "_validate.MAX_KEPT_VALUES = 1 << 62\nboard = Slitherlink([[None] * 30 for _ in range(30)])",
        "board.solve(limit=10**9)",
    ),
    # A 100 x 100 board with a 1 every ninth cell each way: the levels'
    # trials and the search of the grade take over a second (the empty
    # board's grade became quick enough, 0.45 s, to end before the signal).
    "slitherlink grade": (
        "from loopcraft.slitherlink import Slitherlink\n"
        "board = Slitherlink([[1 if r % 9 == 0 and c % 9 == 0 else None for c in range(100)] for r in range(100)])",
        "board.grade()",
    ),
    # A batch item already running sees the batch's stop.
    "slitherlink solve_many": (
        "from loopcraft.slitherlink import Slitherlink, solve_many\n"
        "board = Slitherlink([[None] * 30 for _ in range(30)])",
        "solve_many([board], limit=10**9, threads=1)",
    ),
    "country solve_many": (
        "from loopcraft.country import CountryRoad, solve_many\n"
        "board = CountryRoad.from_regions([[r * 8 + c for c in range(8)] for r in range(8)])",
        "solve_many([board], limit=10**9, threads=1)",
    ),
    # The setter's engine: a clue suggestion for every blank cell of an empty
    # board, and Country Road boards whose backbone or suggestions take seconds.
    "slitherlink suggest": (
        "from loopcraft.slitherlink import Slitherlink\nboard = Slitherlink([[None] * 30 for _ in range(30)])",
        "board.suggest_clues(5)",
    ),
    # The ranking on two threads, from the kept backbone: the calling thread
    # sees the signal and stops the other.
    "slitherlink suggest on threads": (
        "from loopcraft.slitherlink import Slitherlink\nboard = Slitherlink([[None] * 30 for _ in range(30)])\n"
        "board.backbone()",
        "board.suggest_clues(5, threads=2)",
    ),
    # 3 x 3 countries on 30 x 30 cells: the solver's backbone takes seconds.
    "country backbone": (
        "from loopcraft.country import CountryRoad\n"
        "board = CountryRoad.from_regions([[r // 3 * 10 + c // 3 for c in range(30)] for r in range(30)])",
        "board.backbone()",
    ),
    # The same draft's suggestions, which its backbone's sweep scores all at
    # once (so no backbone is kept beforehand: it would bring them along).
    "country suggest": (
        "from loopcraft.country import CountryRoad\nboard = CountryRoad.from_url("
        "'https://puzz.link/p?country/15/15/8qgemid9l54ikm1ht8ckd58ibbr5i5b89lahaqmld46god142vqsknv88ftiiv010vil2dd0"
        "23hfg8pe80hml4zk22g')",
        "board.suggest_clues(5)",
    ),
    # Loop engine v1: a 2 x 2 block of 1s in a corner admits no loop, and the
    # search to 10**12 nodes would run for days. A solve keeps the GIL for
    # its first nodes only; the batch's item must see the batch's stop.
    "loop solve": (
        "from loopcraft import loop\nclues = [None] * 81\nfor c in (70, 71, 79, 80):\n    clues[c] = 1",
        "loop.solve(clues, 9, 10**12)",
    ),
    "loop solve_many": (
        "from loopcraft import loop\nclues = [None] * 81\nfor c in (70, 71, 79, 80):\n    clues[c] = 1",
        "loop.solve_many([clues], 9, 10**12, threads=1)",
    ),
    "slitherlink generate": (
        "from loopcraft.slitherlink import generate",
        "generate(60, 60, 'ctrl-c', grade='hard', attempts=1000)",
    ),
}


@pytest.mark.skipif(os.name != "posix", reason="sends SIGINT")
@pytest.mark.parametrize("name", LONG_CALLS)
def test_sigint_ends_a_long_call_within_a_second(name: str) -> None:
    setup, call = LONG_CALLS[name]
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD.format(setup=setup, call=call)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert child.stdout is not None
        assert child.stdout.readline().strip() == "start"
        time.sleep(0.5)  # well into the core
        assert child.poll() is None, "the call ended before the signal"
        sent = time.monotonic()
        child.send_signal(signal.SIGINT)
        out, err = child.communicate(timeout=10)
        elapsed = time.monotonic() - sent
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    assert child.returncode == 3, (out, err)
    assert "interrupted" in out
    assert elapsed < 1.0, f"took {elapsed:.2f} s to stop"


def test_time_limit_ends_a_long_country_solve_incomplete() -> None:
    n = 8
    board = CountryRoad.from_regions([[r * n + c for c in range(n)] for r in range(n)])
    start = time.monotonic()
    result = board.solve(limit=10**9, time_limit=0.3)
    elapsed = time.monotonic() - start
    # A budget never turns into an answer: the count is a lower bound only.
    assert not result.complete and not result.unique
    assert result.count > 0
    # Generous on a shared machine; the core itself checks the clock every few
    # search nodes or probe hypotheses.
    assert elapsed < 0.3 + 0.7, elapsed
