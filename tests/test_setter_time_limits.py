"""A setter's call honours its ``time_limit`` in every step: the grade of a
verdict's unique board, the grades of ``minimize(max_level=)`` and the
verdict's frontier count run within what is left of it (they had no limit,
and a board whose search is slow held the call past it), and a grade cut
short says so (``complete`` False) rather than naming a level."""

from __future__ import annotations

import time

import pytest

from loopcraft import TimeLimitError
from loopcraft._clock import Clock
from loopcraft._setter import _frontier_count, _level
from loopcraft.country import CountryRoad
from loopcraft.slitherlink import Slitherlink


def blank_slither(n: int) -> Slitherlink:
    return Slitherlink([[None] * n for _ in range(n)])


def paired_country(n: int) -> CountryRoad:
    """Countries of 2 x 2 cells, no numbers: the search needs some nodes."""
    return CountryRoad.from_regions([[(r // 2) * (n // 2) + c // 2 for c in range(n)] for r in range(n)], {})


def test_a_grade_cut_short_is_incomplete_and_names_no_level() -> None:
    # A blank 40 x 40 board grades "search" in about a tenth of a second: its
    # levels' trials alone outlast a limit of zero (the core asks the clock
    # every 20 ms).
    board = blank_slither(40)
    full = board.grade()
    assert (full.level, full.complete) == ("search", True)
    cut = board.grade(time_limit=0.0, score=True)
    assert (cut.level, cut.complete, cut.unique, cut.score) == ("search", False, False, None)
    assert _level(board, Clock(0.0)) is None
    assert _level(board, Clock(None)) == "search"
    country = paired_country(8)
    assert country.grade().complete
    cut = country.grade(time_limit=0.0, score=True)
    assert (cut.level, cut.complete, cut.score) == ("search", False, None)


def test_a_grade_in_time_is_the_grade() -> None:
    for board in (blank_slither(6), paired_country(6)):
        assert board.grade(time_limit=60.0, score=True) == board.grade(score=True)


@pytest.mark.parametrize("board", [blank_slither(14), paired_country(14)], ids=["slither", "country"])
def test_the_frontier_count_stops_at_its_time_limit(board: object) -> None:
    core = board.core_board  # type: ignore[attr-defined]
    started = time.perf_counter()
    with pytest.raises(TimeLimitError):
        core.count_frontier(None, None, time_limit=0.0)
    assert time.perf_counter() - started < 5.0
    # The verdict's count keeps the lower bound it had, not an exact count.
    assert _frontier_count(board, 2, 0.0) == (2, False)  # type: ignore[arg-type]


def test_a_verdict_leaves_its_frontier_count_time_to_count() -> None:
    # This board has 2,650,767,920,217,016,470 solutions, which the frontier
    # counter counts in a third of a second, while the search finds none in
    # ten. Given the whole budget, the count's search spent it and the
    # verdict said "at least 2 solutions".
    board = paired_country(12)
    verdict = board.verdict(suggest=0, time_limit=12.0)
    assert (verdict.count, verdict.complete) == (board.count(), True)
