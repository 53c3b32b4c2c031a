"""The frontier counting engine, called through ``loopcraft._core`` directly:
OEIS values, cross-checks against the other engines on random boards, the
limit, the state budget and refusals."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from loopcraft import _core
from loopcraft.errors import ArgumentError, CapacityError

# OEIS values (tests/data/oeis.json, shared with benches/bench_counting.py).
# A140517(n): cycles on n x n cells, every known value here (to 13 x 13 points);
# A003763(n): Hamiltonian cycles on 2n x 2n points, to 14 x 14 points in the
# suite (the benchmark's --oeis goes on to 20 x 20).
_OEIS = json.loads((Path(__file__).parent / "data" / "oeis.json").read_text(encoding="utf-8"))
A140517 = [int(v) for v in _OEIS["A140517"]["values"]]
A003763 = [int(v) for v in _OEIS["A003763"]["values"]][:7]


def slither_count(rows, cols, clues, **kw):
    return _core.SlitherBoard(rows, cols, clues).count_frontier(**kw)[0]


def country_count(rows, cols, regions, numbers, **kw):
    return _core.CountryBoard(rows, cols, regions, numbers).count_frontier(**kw)[0]


@pytest.mark.parametrize("n", range(1, len(A140517) + 1))
def test_unclued_slitherlink_is_a140517(n):
    assert slither_count(n, n, [None] * (n * n)) == A140517[n - 1]


@pytest.mark.parametrize("n", range(1, len(A003763) + 1))
def test_singleton_countries_count_hamiltonian_cycles_a003763(n):
    side = 2 * n
    count, peak = _core.CountryBoard(side, side, list(range(side * side)), [None] * (side * side)).count_frontier()
    assert count == A003763[n - 1]
    assert isinstance(count, int) and peak >= 1


def test_rectangles_do_not_depend_on_orientation():
    for rows, cols in [(2, 7), (3, 5), (4, 6)]:
        a = slither_count(rows, cols, [None] * (rows * cols))
        b = slither_count(cols, rows, [None] * (rows * cols))
        assert a == b > 0
        n = rows * cols
        assert country_count(rows, cols, list(range(n)), [None] * n) == country_count(
            cols, rows, list(range(n)), [None] * n
        )


# ----------------------------------------------------------------- Slitherlink vs the search


def random_shape_clues(rng: random.Random, rows: int, cols: int) -> list:
    """Clues read off the boundary of a random blob of cells (one loop or
    several, so the board has a solution or not), then a random subset kept."""
    inside = set()
    frontier = [(rng.randrange(rows), rng.randrange(cols))]
    for _ in range(rng.randrange(1, rows * cols + 1)):
        if not frontier:
            break
        r, c = frontier.pop(rng.randrange(len(frontier)))
        inside.add((r, c))
        frontier += [
            (r + dr, c + dc)
            for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))
            if 0 <= r + dr < rows and 0 <= c + dc < cols and (r + dr, c + dc) not in inside
        ]
    keep = rng.uniform(0.4, 1.0)
    clues: list = []
    for r in range(rows):
        for c in range(cols):
            here = (r, c) in inside
            edges = sum(((r + dr, c + dc) in inside) != here for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)))
            clues.append(edges if rng.random() < keep else None)
    return clues


def test_slitherlink_matches_the_search_on_300_random_boards():
    rng = random.Random(12)
    nonzero = 0
    for _ in range(300):
        rows, cols = rng.randint(1, 5), rng.randint(1, 5)
        clues = random_shape_clues(rng, rows, cols)
        solutions, complete, _ = _core.SlitherBoard(rows, cols, clues).solve(limit=10**6)
        assert complete
        got = slither_count(rows, cols, clues)
        assert got == len(solutions), (rows, cols, clues)
        nonzero += got > 0
    assert nonzero > 50


# ----------------------------------------------------------------- Country Road vs the brute force


def random_country_board(rng: random.Random, rows: int, cols: int):
    """Countries grown from random seeds over the open cells; a few blocked
    cells; a few numbers."""
    n = rows * cols
    blocked = {i for i in range(n) if rng.random() < 0.08}
    region = [-1] * n
    open_cells = [i for i in range(n) if i not in blocked]
    seeds = rng.sample(open_cells, min(len(open_cells), rng.randint(2, max(2, n // 2))))
    grow = []
    for k, s in enumerate(seeds):
        region[s] = k
        grow.append(s)
    while grow:
        i = grow.pop(rng.randrange(len(grow)))
        r, c = divmod(i, cols)
        for rr, cc in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            j = rr * cols + cc
            if 0 <= rr < rows and 0 <= cc < cols and j not in blocked and region[j] == -1:
                region[j] = region[i]
                grow.append(j)
    k = len(seeds)
    for i in open_cells:
        if region[i] == -1:  # cut off by blocked cells: a country of its own
            region[i] = k
            k += 1
    size = [region.count(x) for x in range(k)]
    numbers = [rng.randint(1, size[x]) if rng.random() < 0.3 else None for x in range(k)]
    return region, numbers


def test_country_matches_the_brute_force_on_300_random_boards():
    rng = random.Random(7)
    nonzero = 0
    for t in range(300):
        rows, cols = rng.randint(2, 5), rng.randint(2, 6)
        regions, numbers = random_country_board(rng, rows, cols)
        core = _core.CountryBoard(rows, cols, regions, numbers)
        want = (core.count_cells if t % 2 else core.count_loops)()
        got = country_count(rows, cols, regions, numbers)
        assert got == want, (rows, cols, regions, numbers)
        nonzero += got > 0
    assert nonzero > 30


def test_country_rules_each_matter():
    # Two halves of 3 x 4 split the unnumbered count by number, as for the brute force.
    halves = [0, 0, 1, 1] * 3
    total = country_count(3, 4, halves, [None, None])
    assert sum(country_count(3, 4, halves, [m, None]) for m in range(1, 7)) == total > 0
    # One country alone has no border to cross: no solution.
    assert country_count(3, 3, [0] * 9, [None]) == 0
    # A one-cell country numbered other than 1 cannot be satisfied.
    assert country_count(2, 2, [0, 1, 2, 3], [0, None, None, None]) == 0


# ----------------------------------------------------------------- limit, budget, refusals


def test_limit_clamps_the_count():
    assert slither_count(4, 4, [None] * 16, limit=100) == 100
    assert slither_count(4, 4, [None] * 16, limit=10**6) == 9349
    assert country_count(6, 6, list(range(36)), [None] * 36, limit=0) == 0


def test_limit_stops_the_sweep_early_when_closed_loops_reach_it():
    # 12 x 12 unclued needs 83,679 states at its widest: a limit of 1 is met
    # by the first closed loop, long before that.
    count, peak = _core.SlitherBoard(12, 12, [None] * 144).count_frontier(limit=1, max_states=20_000)
    assert (count, peak <= 20_000) == (1, True)
    with pytest.raises(CapacityError):
        _core.SlitherBoard(12, 12, [None] * 144).count_frontier(max_states=20_000)
    # A 3 in the last cell leaves no loop sure before the end.
    with pytest.raises(CapacityError):
        _core.SlitherBoard(12, 12, [None] * 143 + [3]).count_frontier(limit=1, max_states=20_000)


def test_max_states_raises_capacity_error():
    # An unclued grid is counted over tables of every frontier state (peak =
    # their size) when they fit the budget; below them, the hash sweep
    # stores only the states reached, and refuses below its own peak (above
    # the folded frontier's tables; with a limit, the table of W + 1 plugs).
    board = _core.SlitherBoard(6, 6, [None] * 36)
    count, peak = board.count_frontier()
    assert board.count_frontier(max_states=peak) == (count, peak)
    with pytest.raises(CapacityError, match="max_states"):
        board.count_frontier(max_states=peak - 1)
    _, table = board.count_frontier(limit=10**12)
    hashed, hashed_peak = board.count_frontier(limit=10**12, max_states=table - 1)
    assert (hashed, hashed_peak < table) == (count, True)
    with pytest.raises(CapacityError, match="max_states"):
        board.count_frontier(limit=10**12, max_states=hashed_peak - 1)
    with pytest.raises(CapacityError):
        _core.CountryBoard(8, 8, list(range(64)), [None] * 64).count_frontier(max_states=10)


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: _core.SlitherBoard(0, 3, []).count_frontier(), "at least 1 x 1"),
        (lambda: _core.SlitherBoard(101, 3, [None] * 303).count_frontier(), "at most 100"),
        (lambda: _core.SlitherBoard(2, 2, [None] * 3).count_frontier(), "4 entries"),
        (lambda: _core.SlitherBoard(2, 2, [5, None, None, None]).count_frontier(), "outside 0..4"),
        (lambda: _core.SlitherBoard(2, 2, [None] * 4).count_frontier(limit=-1), "limit must be >= 0"),
        (lambda: _core.SlitherBoard(2, 2, [None] * 4).count_frontier(max_states=0), "max_states must be >= 1"),
        (lambda: _core.CountryBoard(1, 4, [0, 1, 2, 3], [None] * 4).count_frontier(), "at least 2 rows"),
        (lambda: _core.CountryBoard(31, 2, list(range(62)), [None] * 62).count_frontier(), "at most 30"),
        (lambda: _core.CountryBoard(2, 2, [0, 0, 1, 5], [None, None]).count_frontier(), r"regions\[3\] = 5"),
        (lambda: _core.CountryBoard(2, 2, [0, 0, 0, 0], [None, None]).count_frontier(), "country 1 has no cell"),
        (lambda: _core.CountryBoard(2, 2, [0, 0, 1, 1], [3, None]).count_frontier(), "larger than its 2 cells"),
    ],
)
def test_bad_arguments_raise_argument_error(call, message):
    with pytest.raises(ArgumentError, match=message):
        call()


def test_bad_types_raise_type_error():
    # The private binding: PyO3's own argument conversion raises a plain TypeError.
    with pytest.raises(TypeError):
        _core.SlitherBoard(2, 2, "abcd").count_frontier()
    with pytest.raises(TypeError):
        _core.CountryBoard(2, 2, [0, 0, 1, 1], [None, "2"]).count_frontier()


def test_ctrl_c_stops_a_long_count_quickly(ctrl_c):
    # All cycles on 14 x 14 cells: many seconds of work if not stopped.
    ctrl_c(lambda: _core.SlitherBoard(14, 14, [None] * 196).count_frontier())


def test_threads_count_the_same_and_are_checked():
    # Unclued grids go through the table of every frontier state; its
    # workers split each point's groups and joins.
    for threads in (2, 3):
        assert (
            _core.SlitherBoard(8, 9, [None] * 72).count_frontier(threads=threads)
            == _core.SlitherBoard(8, 9, [None] * 72).count_frontier()
        )
        ham = _core.CountryBoard(8, 8, list(range(64)), [None] * 64)
        assert ham.count_frontier(threads=threads) == ham.count_frontier() == (A003763[3], ham.count_frontier()[1])
        assert ham.count_deduced(threads=threads)[:3] == (A003763[3], ham.count_frontier()[1], "frontier")
    # Other boards ignore it (one thread).
    clued = [None] * 35 + [2]
    assert _core.SlitherBoard(6, 6, clued).count_frontier(threads=2) == _core.SlitherBoard(6, 6, clued).count_frontier()
    for bad in (0, -1, 257):
        with pytest.raises(ArgumentError, match=r"threads must be 1\.\.=256"):
            _core.SlitherBoard(3, 3, [None] * 9).count_frontier(threads=bad)
        with pytest.raises(ArgumentError, match=r"threads must be 1\.\.=256"):
            _core.CountryBoard(4, 4, list(range(16)), [None] * 16).count_deduced(threads=bad)


def test_ctrl_c_stops_a_threaded_count_quickly(ctrl_c):
    ctrl_c(lambda: _core.SlitherBoard(16, 16, [None] * 256).count_frontier(threads=2))
