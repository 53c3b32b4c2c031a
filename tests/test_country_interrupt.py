"""Ctrl-C reaches the Country Road core: a long count ends with KeyboardInterrupt.

The count runs in a child process (SIGINT would otherwise hit the test
runner); the child says when the core call is about to start, and the test
sends SIGINT a little later and measures how long the child takes to end.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest

CHILD = """
import signal
import sys
from loopcraft.country import CountryRoad, count_solutions

# As in an interactive session: a test runner may have left SIGINT ignored,
# and an ignored disposition is inherited by the child.
signal.signal(signal.SIGINT, signal.default_int_handler)

n = 8
board = CountryRoad.from_regions([[r * n + c for c in range(n)] for r in range(n)])
print("start", flush=True)
try:
    count_solutions(board, engine=sys.argv[1])
except KeyboardInterrupt:
    print("interrupted", flush=True)
    sys.exit(3)
print("finished", flush=True)
"""


@pytest.mark.skipif(os.name != "posix", reason="sends SIGINT")
def test_sigint_ends_a_long_count_within_a_second() -> None:
    # Only "search" takes an 8 x 8 board: the brute forces refuse more than 36
    # open cells, and finish those in well under a second.
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, "search"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert child.stdout is not None
        assert child.stdout.readline().strip() == "start"
        # Let the call get well into the core (the 8 x 8 count takes minutes).
        time.sleep(0.5)
        assert child.poll() is None, "the count ended before the signal"
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


def test_time_limit_ends_a_long_solve_incomplete() -> None:
    from loopcraft.country import CountryRoad

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
