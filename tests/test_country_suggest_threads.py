"""Country Road's ``suggest_clues`` on several threads: the same suggestions
on any number (checked against brute force on small random drafts, and
against one thread on larger ones where the threads do share the work), the
budget, Ctrl-C, bad thread counts, and an error on a worker thread.
"""

from __future__ import annotations

import random
import threading
import time
from typing import Any, Callable, List, Tuple

import pytest

import loopcraft
from loopcraft import _setter
from loopcraft._validate import MAX_COUNT_THREADS
from loopcraft.country import CountryRoad, generate
from test_setter import _country_open, country_solutions, country_touched, random_country

Tip = Tuple[Any, int, int, int]


@pytest.fixture(autouse=True)
def _ranking_route(monkeypatch: pytest.MonkeyPatch) -> None:
    """These tests are about the ranking's threads: the route taken where the
    core's sweep cannot judge every candidate at once (test_setter checks
    both routes against brute force)."""
    monkeypatch.setattr(_setter, "_country_swept", lambda *args: None)


def _tips(board: CountryRoad, k: int, threads: int) -> List[Tip]:
    # A fresh board each time: no backbone kept from an earlier call.
    fresh = CountryRoad.from_regions(board.regions, board.numbers)
    return [(s.where, s.value, s.count, s.open) for s in fresh.suggest_clues(k, threads=threads)]


def _brute_force_ranking(board: CountryRoad) -> List[Tip]:
    """Every candidate number ranked by brute force, as in test_setter."""
    sols = country_solutions(board)
    rows, cols = board.rows, board.cols
    touched = country_touched(board, sols)
    ranked = []
    for pos, k in enumerate(board.countries):
        if k in board.numbers or not any(cell in touched for cell in board.cells_of(k)):
            continue
        for v in range(1, board.size_of(k) + 1):
            after = [lp for lp in sols if sum(cell in lp.used_cells for cell in board.cells_of(k)) == v]
            if after:
                ranked.append((min(len(after), 2), _country_open(rows, cols, after), pos, v, k))
    ranked.sort()
    return [(k, v, c, o) for c, o, _, v, k in ranked]


def test_small_drafts_give_the_brute_force_ranking_on_any_number_of_threads() -> None:
    rng = random.Random(53)
    compared = 0
    for _ in range(40):
        board = random_country(rng)
        if len(country_solutions(board)) < 2:
            continue
        ranked = _brute_force_ranking(board)
        for k in (1, 3):
            for threads in (1, 2, 3):
                assert _tips(board, k, threads) == ranked[:k], (board.to_url(), k, threads)
        compared += len(ranked) > 3
    assert compared >= 8, compared


def _drafts(n: int, rows: int, cols: int, seed: int) -> List[CountryRoad]:
    """Ambiguous drafts: generated unique boards with half their numbers deleted."""
    rng = random.Random(seed)
    out = []
    for i in range(n):
        board = generate(rows, cols, seed=seed * 100 + i)
        out.append(board.with_numbers({k: v for k, v in board.numbers.items() if rng.random() < 0.5}))
    return out


def test_larger_drafts_give_the_same_suggestions_on_any_number_of_threads() -> None:
    # 7 x 7 drafts have dozens of candidates, so the threads share the work
    # and finish in other orders; the ranking must not change.
    shared = 0
    for board in _drafts(6, 7, 7, seed=5):
        one = _tips(board, 4, 1)
        shared += len(one) == 4
        for threads in (2, 3):
            assert _tips(board, 4, threads) == one, (board.to_url(), threads)
    assert shared >= 3, shared


def test_a_passed_deadline_stops_the_ranking_on_threads() -> None:
    board = _drafts(1, 7, 7, seed=5)[0]
    # No budget at all: neither the backbone nor a candidate is proven.
    for threads in (1, 2):
        fresh = CountryRoad.from_regions(board.regions, board.numbers)
        assert fresh.suggest_clues(3, time_limit=0, threads=threads) == ()
    # From a kept backbone, a passed deadline stops the ranking before any
    # candidate: nothing, and incomplete.
    kept = CountryRoad.from_regions(board.regions, board.numbers)
    assert kept.backbone().complete
    for threads in (1, 2, 3):
        bb, tips, done = _setter._suggest(kept, 3, _setter.Clock(0), threads)
        assert bb.complete and tips == () and not done


def _slow_draft() -> CountryRoad:
    """A 16 x 16 draft keeping 30% of its numbers: its backbone takes some
    0.1 s, its ranking more than 8 s on two threads (2026-12-04; the 12 x 12
    draft used before ranks in 0.2 s since the solver got faster)."""
    full = generate(16, 16, seed=12)
    rng = random.Random(0)
    return full.with_numbers({k: v for k, v in full.numbers.items() if rng.random() < 0.3})


def test_a_ranking_stopped_on_threads_keeps_only_proven_suggestions() -> None:
    # A budget that ends the ranking midway: what comes back is ranked, and
    # each suggestion's count and open unknowns are its board's own.
    board = _slow_draft()
    assert board.backbone(time_limit=10).complete
    bb, tips, done = _setter._suggest(board, 4, _setter.Clock(0.5), 2)
    assert bb.complete and not done
    assert [(s.count, s.open) for s in tips] == sorted((s.count, s.open) for s in tips)
    for s in tips:
        after = s.apply(board).backbone()
        assert (after.count, after.open) == (s.count, s.open) and after.complete


def test_bad_thread_counts_are_refused() -> None:
    board = CountryRoad.from_regions([[0, 0, 1], [2, 2, 1], [2, 3, 3]])
    for bad in (0, -1, MAX_COUNT_THREADS + 1):
        with pytest.raises(loopcraft.ArgumentError):
            board.suggest_clues(2, threads=bad)
    for bad_type in (1.5, "2", None, True):
        with pytest.raises(loopcraft.ArgumentTypeError):
            board.suggest_clues(2, threads=bad_type)  # type: ignore[arg-type]
    # The largest count is accepted (the threads are capped by the candidates).
    draft = _drafts(1, 5, 5, seed=3)[0]
    assert _tips(draft, 3, MAX_COUNT_THREADS) == _tips(draft, 3, 1)


def test_ctrl_c_stops_the_ranking_on_two_threads(ctrl_c: Callable[[Callable[[], object]], None]) -> None:
    # Ctrl-C 50 ms in lands inside the ranking, which takes many seconds.
    board = _slow_draft()
    assert board.backbone(time_limit=10).complete
    before = threading.active_count()
    ctrl_c(lambda: board.suggest_clues(5, threads=2))
    # The worker thread was stopped and joined before the call raised.
    assert threading.active_count() == before


def test_an_error_on_a_worker_thread_is_raised_on_the_caller(monkeypatch: pytest.MonkeyPatch) -> None:
    board = _drafts(1, 7, 7, seed=5)[0]
    board.backbone()
    main = threading.get_ident()
    real = _setter._CountryRanking._prove

    def failing(self: Any, where: Any, value: int, budget: Any, bound: Any = None) -> Any:
        if threading.get_ident() != main:
            raise RuntimeError("worker failed")
        time.sleep(0.01)  # let the worker take a candidate
        return real(self, where, value, budget, bound)

    monkeypatch.setattr(_setter._CountryRanking, "_prove", failing)
    before = threading.active_count()
    with pytest.raises(RuntimeError, match="worker failed"):
        board.suggest_clues(5, threads=2)
    assert threading.active_count() == before
