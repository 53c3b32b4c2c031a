"""A setter's call honours its ``time_limit`` in every step: the grade of a
verdict's unique board, the grades of ``minimize(max_level=)`` and the
verdict's frontier count run within what is left of it (they had no limit,
and a board whose search is slow held the call past it), and a grade cut
short says so (``complete`` False) rather than naming a level."""

from __future__ import annotations

import pickle
import time

import pytest

from loopcraft import ArgumentTypeError, Findings, TimeLimitError, _setter
from loopcraft._clock import Clock
from loopcraft._setter import _facts, _frontier_count, _level
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
    # The verdict's count, given the backbone, keeps the lower bound it had,
    # not an exact count.
    bb = board.backbone(time_limit=1.0)  # type: ignore[attr-defined]
    with pytest.raises(TimeLimitError):
        core.count_frontier(None, None, time_limit=0.0, given=_facts(bb))
    assert _frontier_count(board, bb, 2, 0.0) == (2, False)  # type: ignore[arg-type]


def test_a_verdict_leaves_its_frontier_count_time_to_count() -> None:
    # This board has 2,650,767,920,217,016,470 solutions, which the frontier
    # counter counts in a third of a second, while the search finds none in
    # ten. When the search came first with the whole budget, it spent it and
    # the verdict said "at least 2 solutions".
    board = paired_country(12)
    verdict = board.verdict(suggest=0, time_limit=12.0)
    assert (verdict.count, verdict.complete) == (board.count(), True)


def test_the_verdict_asks_the_search_only_when_the_sweep_cannot_count(monkeypatch: pytest.MonkeyPatch) -> None:
    # The sweep given the backbone comes first; the search (COUNT_CAP
    # solutions) only where the sweep passes its budget.
    searched = []
    solve = _setter._solve

    def spy(board: object, limit: int, time_limit: object) -> object:
        searched.append(limit)
        return solve(board, limit, time_limit)  # type: ignore[arg-type]

    monkeypatch.setattr(_setter, "_solve", spy)
    board = paired_country(6)
    verdict = board.verdict(suggest=0)
    assert (verdict.count, verdict.complete, searched) == (board.count(), True, [])
    # A sweep that cannot count leaves it to the search: exact when small.
    monkeypatch.setattr(_setter, "_frontier_count", lambda board, bb, lower, time_limit: (lower, False))
    small = Slitherlink.parse("3 3\n- - -\n- 3 -\n- - 2")
    verdict = small.verdict(suggest=0)
    assert (verdict.count, verdict.complete, searched) == (small.count(), True, [_setter.COUNT_CAP])
    assert 2 < verdict.count < _setter.COUNT_CAP


def unique_board() -> Slitherlink:
    """A unique 5 x 5 board (every removal of a clue is its own search)."""
    return Slitherlink.from_url("https://puzz.link/p?slither/5/5/g31bh0ck16023c")


@pytest.mark.parametrize("board", [blank_slither(14), paired_country(14)], ids=["slither", "country"])
def test_suggestions_cut_short_say_so(board: object) -> None:
    # Before: a plain tuple, the same () for "nothing to suggest" and for
    # "the budget ran out before the board's backbone".
    cut = board.suggest_clues(3, time_limit=0.0)  # type: ignore[attr-defined]
    assert isinstance(cut, Findings) and cut == () and cut.complete is False


@pytest.mark.parametrize("board", [blank_slither(3), paired_country(4)], ids=["slither", "country"])
def test_suggestions_in_time_are_complete(board: object) -> None:
    tips = board.suggest_clues(2)  # type: ignore[attr-defined]
    assert isinstance(tips, Findings) and tips.complete is True
    assert len(tips) == 2 and all(t.count >= 1 for t in tips)
    # A tuple still: it compares, unpacks and pickles as one, the flag kept.
    assert tips == tuple(tips) and pickle.loads(pickle.dumps(tips)).complete is True


def test_redundant_clues_cut_short_say_so() -> None:
    # Before: a plain tuple, and a budget that ran out before the board was
    # shown unique gave the () of an ambiguous board.
    board = unique_board()
    full = board.redundant_clues()
    assert isinstance(full, Findings) and full.complete is True
    cut = board.redundant_clues(time_limit=0.0)
    assert cut.complete is False and set(cut) <= set(full)
    # An ambiguous board is proven so by two solutions: () and complete.
    two = blank_slither(3).redundant_clues()
    assert two == () and two.complete is True


def test_findings_is_a_tuple_with_a_flag() -> None:
    f = Findings([(0, 1)], complete=False)
    assert f == ((0, 1),) and f[0] == (0, 1) and repr(f) == "Findings(((0, 1),), complete=False)"
    assert Findings().complete is True and Findings() == ()
    with pytest.raises(ArgumentTypeError):
        Findings((), complete=1)  # type: ignore[arg-type]


def test_a_grade_on_a_wide_open_board_ends() -> None:
    # The search found no solution of this board in nine minutes, so a plain
    # grade() ran as long; between its rounds the frontier sweep finds two.
    board = paired_country(12)
    g = board.grade(time_limit=60.0)
    assert (g.level, g.complete, g.unique) == ("search", True, False)
    r = board.solve(limit=2, time_limit=60.0)
    assert r.count == 2 and all(board.check(s).ok for s in r.solutions)
