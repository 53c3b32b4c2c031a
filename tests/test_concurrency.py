"""Concurrency: the same boards solved from 8 threads at once give the same
answers as one thread alone, and the core keeps no global mutable state."""

from __future__ import annotations

import re
import threading
from pathlib import Path

import pytest

from loopcraft import country, loop, slitherlink
from loopcraft.country import CountryRoad
from loopcraft.slitherlink import Slitherlink

THREADS = 8
ROOT = Path(__file__).resolve().parent.parent


def _in_threads(work, n=THREADS):
    """``work(i)`` on n threads released together by a barrier; their answers by index."""
    barrier = threading.Barrier(n)
    answers = [None] * n
    errors = []

    def run(i):
        try:
            barrier.wait()
            answers[i] = work(i)
        except BaseException as err:  # reported below, with the thread's index
            errors.append((i, err))

    threads = [threading.Thread(target=run, args=(i,)) for i in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors
    return answers


def _key(r):
    return (r.count, r.complete, r.nodes, r.solutions)


def _slither_boards():
    return [slitherlink.generate(r, c, seed=s) for r, c, s in [(5, 5, 1), (7, 9, 2), (10, 10, 3), (4, 12, 4)]] + [
        Slitherlink([[None] * 6] * 6)  # many solutions: the search stops at the limit
    ]


def test_slitherlink_solves_from_8_threads_equal_one_thread():
    boards = _slither_boards()
    alone = [(_key(b.solve(limit=3)), b.deduce().edges, b.grade()) for b in boards]
    together = _in_threads(lambda i: [(_key(b.solve(limit=3)), b.deduce().edges, b.grade()) for b in boards])
    assert all(t == alone for t in together)


def test_country_solves_from_8_threads_equal_one_thread():
    boards = [country.generate(r, c, seed=s) for r, c, s in [(5, 5, 1), (6, 6, 2), (6, 8, 3)]]
    boards.append(CountryRoad.from_regions([[i * 4 + j for j in range(4)] for i in range(4)]))

    def answers():
        # The brute-force engine "cells" only on the board small enough for it.
        small = country.count_solutions(boards[-1], engine="cells")
        return small, [(_key(b.solve(limit=10)), b.deduce().cells, b.grade()) for b in boards]

    alone = answers()
    together = _in_threads(lambda i: answers())
    assert all(t == alone for t in together)


def test_loop_v1_solves_from_8_threads_equal_one_thread():
    puzzles = [loop.generate(n, f"conc-{n}") for n in (4, 5, 6)]
    alone = [(r.solutions, r.nodes, r.truncated) for r in (loop.solve(p.clues, p.n) for p in puzzles)]
    together = _in_threads(
        lambda i: [(r.solutions, r.nodes, r.truncated) for r in (loop.solve(p.clues, p.n) for p in puzzles)]
    )
    assert all(t == alone for t in together)


def test_batches_called_from_8_threads_at_once_equal_one_thread():
    boards = _slither_boards()
    alone = [_key(r) for r in slitherlink.solve_many(boards, limit=3, threads=1)]
    together = _in_threads(lambda i: [_key(r) for r in slitherlink.solve_many(boards, limit=3, threads=1 + i % 3)])
    assert all(t == alone for t in together)


def test_the_core_has_no_global_mutable_state():
    """No ``static mut``, no ``thread_local!``, and no ``static`` holding a lock,
    a cell or an atomic anywhere in the core; ``OnceLock`` (written once, then
    read only) is the one shared kind allowed."""
    sources = sorted((ROOT / "rust").rglob("*.rs"))
    if not sources:
        pytest.skip("the Rust sources are not beside the tests")
    bad = []
    for path in sources:
        for no, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            code = line.split("//")[0]
            if re.search(r"\bstatic\s+mut\b|\bthread_local!", code):
                bad.append(f"{path.name}:{no}: {line.strip()}")
            elif re.search(r"^\s*(pub(\(\w+\))?\s+)?static\s", code) and re.search(
                r"Mutex|RwLock|RefCell|\bCell<|Atomic|UnsafeCell", code
            ):
                bad.append(f"{path.name}:{no}: {line.strip()}")
    assert not bad, bad
