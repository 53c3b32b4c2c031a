"""solve_many: the batch equals the per-board results, in input order, with
per-item errors in their places; arguments of the whole batch raise."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time

import pytest

from loopcraft import _core, country, errors_of, loop, slitherlink
from loopcraft._edges import edge_count
from loopcraft.country import CountryRoad
from loopcraft.errors import ArgumentError, ArgumentTypeError, FormatError, LoopcraftError
from loopcraft.slitherlink import Slitherlink


def _same(a, b):
    """Two SolveResults agree on everything the search reports."""
    assert (a.count, a.complete, a.nodes, a.limit) == (b.count, b.complete, b.nodes, b.limit)
    assert a.solutions == b.solutions


def _slither_texts(load_external):
    data = load_external("puzzlekit/Slitherlink_dataset.json")["data"]
    return [e["problem"] for e in data.values() if e.get("solution")]


def _country_texts(shared_dir):
    with open(shared_dir / "external" / "puzzlekit" / "CountryRoad_dataset.json", encoding="utf-8") as f:
        return [e["problem"] for e in json.load(f)["data"].values()]


# ----------------------------------------------------------------- the data sets


def test_slitherlink_janko_batch_equals_the_loop(load_external):
    texts = _slither_texts(load_external)
    assert len(texts) == 1152
    single = [Slitherlink.parse(t).solve() for t in texts]
    for threads in (1, 2):
        batch = slitherlink.solve_many(texts, threads=threads)
        assert len(batch) == len(texts)
        for a, b in zip(batch, single):
            _same(a, b)
    assert all(r.unique for r in single)


def test_country_janko_batch_equals_the_loop(shared_dir):
    texts = _country_texts(shared_dir)
    assert len(texts) == 270
    single = [CountryRoad.parse(t).solve() for t in texts]
    batch = country.solve_many(texts, threads=2)
    for a, b in zip(batch, single):
        _same(a, b)
    assert all(r.unique for r in batch)


# ----------------------------------------------------------------- per-item errors


URL = "https://puzz.link/p?slither/5/5/g31bh0ck16023c"
SMALL = [
    URL,
    "2 3\n3 - 0\n- 2 -",  # no solution
    Slitherlink([[3, 3, 1]]),
    Slitherlink([[3, 3, 1]]).to_tatham(),
    Slitherlink.from_url(URL).to_json(),
    Slitherlink.from_url(URL).to_puzzlekit(),
]


def test_malformed_items_get_their_own_error_in_place_and_the_rest_are_solved():
    junk = [
        "https://puzz.link/p?slither/0/0/",  # empty board
        "not a puzzle",
        "2 2\n1 7\n- -",  # clue out of range
        12,  # wrong type
        None,
        "",
    ]
    items = []
    for i, good in enumerate(SMALL):
        items.append(good)
        items.append(junk[i % len(junk)])
    items += junk
    out = slitherlink.solve_many(items, threads=3)
    assert len(out) == len(items)
    for item, r in zip(items, out):
        if isinstance(item, Slitherlink) or item in SMALL:
            board = item if isinstance(item, Slitherlink) else Slitherlink.parse(item)
            _same(r, board.solve())
        elif isinstance(item, str):
            with pytest.raises(type(r)) as raised:
                Slitherlink.parse(item)
            assert isinstance(r, FormatError) or isinstance(r, ArgumentError)
            assert str(raised.value) == str(r)
        else:
            assert isinstance(r, ArgumentTypeError)
            assert "boards[" in str(r)
    failed = errors_of(out)
    assert [i for i, _ in failed] == [i for i, r in enumerate(out) if isinstance(r, LoopcraftError)]
    assert len(failed) == len(SMALL) + len(junk)


def test_country_malformed_items_in_place():
    good = "https://puzz.link/p?country/5/5/amda0uf02h12h"
    items = [good, "https://puzz.link/p?country/2/2/zz", b"bytes", CountryRoad.parse(good), "{"]
    out = country.solve_many(items, limit=3, threads=2)
    assert out[0].unique and out[3].unique
    _same(out[0], CountryRoad.parse(good).solve(limit=3))
    assert isinstance(out[1], FormatError)
    assert isinstance(out[2], ArgumentTypeError)
    assert isinstance(out[4], FormatError)
    assert [i for i, _ in errors_of(out)] == [1, 2, 4]


def test_core_errors_come_back_as_instances_not_raised():
    out = _core.slither_solve_many([(1, 3, [3, 3, 1]), (2, 3, [3, 3, 1]), (500, 500, [])], 2)
    assert isinstance(out[0], tuple) and len(out[0][0]) == 1
    assert isinstance(out[1], ArgumentError) and isinstance(out[2], ArgumentError)
    assert "too large" in str(out[2])
    out = _core.country_solve_many([(2, 2, [0, 1, 2, 3], [None] * 4), (2, 2, [0, 1], [])], 2)
    assert isinstance(out[0], tuple) and isinstance(out[1], ArgumentError)


# ----------------------------------------------------------------- Loop v1


def test_loop_batch_is_bit_identical_to_solve():
    boards = [loop.generate(n, f"batch-{n}-{k}").clues for n in (4, 5) for k in range(4)]
    for n in (4, 5):
        lists = [c for c in boards if len(c) == n * n]
        lists.append([None] * (n * n))
        out = loop.solve_many(lists, n, threads=2)
        for clues, r in zip(lists, out):
            s = loop.solve(clues, n)
            assert (r.solutions, r.nodes, r.truncated) == (s.solutions, s.nodes, s.truncated)
    out = loop.solve_many([[None] * 16, [5] * 16, "x", [None] * 3, [True] * 16], 4, node_limit=10)
    assert not isinstance(out[0], LoopcraftError) and out[0].truncated
    assert isinstance(out[1], ArgumentError) and isinstance(out[3], ArgumentError)
    assert isinstance(out[2], ArgumentTypeError) and isinstance(out[4], ArgumentTypeError)


# ----------------------------------------------------------------- batch arguments and budgets


@pytest.mark.parametrize(
    ("kwargs", "error"),
    [
        ({"threads": 0}, ArgumentError),
        ({"threads": 2000}, ArgumentError),
        ({"threads": 1.5}, ArgumentTypeError),
        ({"limit": 0}, ArgumentError),
        ({"time_limit": -1}, ArgumentError),
        ({"time_limit": float("nan")}, ArgumentError),
        ({"node_limit": -1}, ArgumentError),
    ],
)
def test_batch_arguments_raise_for_the_whole_batch(kwargs, error):
    with pytest.raises(error):
        slitherlink.solve_many(SMALL, **kwargs)
    with pytest.raises(error):
        country.solve_many([], **kwargs)


def test_boards_must_be_an_iterable_not_a_string():
    for bad in ("2 3\n3 - 0\n- 2 -", 5, None):
        with pytest.raises(ArgumentTypeError):
            slitherlink.solve_many(bad)
        with pytest.raises(ArgumentTypeError):
            loop.solve_many(bad, 4)
    assert slitherlink.solve_many([]) == [] and country.solve_many(iter([])) == []


def test_budgets_are_per_item_and_never_give_a_wrong_answer():
    blank = Slitherlink([[None] * 12] * 12)
    out = slitherlink.solve_many([blank] * 4, limit=10**6, node_limit=50, threads=2)
    for r in out:
        assert not r.complete and r.nodes <= 51
    timed = slitherlink.solve_many([blank] * 3, limit=10**9, time_limit=0.05, threads=3)
    assert all(not r.complete for r in timed)
    # A budget large enough changes nothing.
    for a, b in zip(slitherlink.solve_many(SMALL, node_limit=10**9), slitherlink.solve_many(SMALL)):
        _same(a, b)


def test_a_batch_keeps_its_solutions_within_one_memory_budget() -> None:
    # A batch keeps every item's solutions until it returns: limit=10**9 on
    # open boards held each solution found until the time limit (4 blank
    # 10 x 10 boards, some 90,000 solutions a second each, 1.8 KB apiece).
    # Each item now stops at its share of the core's budget and says it did
    # not finish; a count there is a lower bound, never an exact one.
    blank = Slitherlink([[None] * 10 for _ in range(10)])
    share = _core.MAX_KEPT_VALUES // (edge_count(10, 10) * 4)
    out = slitherlink.solve_many([blank] * 4, limit=10**9, time_limit=30, threads=2)
    assert [(r.count, r.complete) for r in out] == [(share, False)] * 4
    # Below its share an item finishes exactly as alone.
    small = Slitherlink([[None] * 3 for _ in range(3)])
    assert [(r.count, r.complete) for r in slitherlink.solve_many([small] * 4, limit=10**9)] == [(213, True)] * 4


def test_more_threads_than_items_and_limit_one():
    out = slitherlink.solve_many(SMALL[:3], limit=1, threads=64)
    assert [r.count for r in out] == [1, 0, 1] and [r.complete for r in out] == [False, True, False]


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child process")
def test_ctrl_c_stops_a_long_batch_between_items():
    """100 boards of 0.5 s each on 2 threads take 25 s; Ctrl-C ends the call within a few seconds."""
    child = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import signal, sys\n"
            # A background job of a non-interactive shell starts with SIGINT ignored: restore Python's handler.
            "signal.signal(signal.SIGINT, signal.default_int_handler)\n"
            "from loopcraft.slitherlink import Slitherlink, solve_many\n"
            "boards = [Slitherlink([[None] * 30] * 30)] * 100\n"
            "print('ready', flush=True)\n"
            "try:\n"
            "    solve_many(boards, limit=10**9, time_limit=0.5, threads=2)\n"
            "except KeyboardInterrupt:\n"
            "    print('interrupted', flush=True)\n"
            "    sys.exit(3)\n",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert child.stdout is not None
    assert child.stdout.readline().strip() == "ready"
    time.sleep(1.0)
    start = time.monotonic()
    child.send_signal(signal.SIGINT)
    out, err = child.communicate(timeout=20)
    assert child.returncode == 3, (out, err)
    assert "interrupted" in out
    assert time.monotonic() - start < 10
