"""Deduce-then-sweep counting: the ladder's fixpoint first, then a frontier
sweep of what it left open. Its counts must equal the plain sweep's and the
search's (or the brute force's) on random clued boards of both families,
with one, several and no solutions."""

from __future__ import annotations

import random
from typing import Callable, List, Optional, Sequence, Union

import pytest

from loopcraft import _core
from loopcraft._setter import COUNT_CAP, _facts
from loopcraft.country import CountryRoad
from loopcraft.country import count_solutions as country_count_solutions
from loopcraft.errors import ArgumentError, CapacityError
from loopcraft.slitherlink import Slitherlink, count_solutions
from test_frontier import random_country_board, random_shape_clues

ENGINES = {"ladder", "ladder+frontier", "frontier"}


def loop_clues(rng: random.Random, rows: int, cols: int, keep: float) -> List[Optional[int]]:
    """Clues read off a random loop of the board (so at least one solution),
    each kept with probability ``keep``: sparse clues leave several solutions."""
    loop = _core.slither_random_loop(rows, cols, rng.randrange(2**32))
    h = (rows + 1) * cols
    clues: List[Optional[int]] = []
    for r in range(rows):
        for c in range(cols):
            n = (
                loop[r * cols + c]
                + loop[(r + 1) * cols + c]
                + loop[h + r * (cols + 1) + c]
                + loop[h + r * (cols + 1) + c + 1]
            )
            clues.append(n if rng.random() < keep else None)
    return clues


def test_slitherlink_deduced_equals_the_plain_sweep_and_the_search() -> None:
    rng = random.Random(23)
    seen = {"several": 0, "none": 0, "one": 0}
    routes = set()
    for t in range(400):
        rows, cols = rng.randint(1, 6), rng.randint(1, 6)
        if t % 2 and rows * cols >= 4:
            clues = loop_clues(rng, rows, cols, rng.uniform(0.2, 0.9))
        else:
            clues = random_shape_clues(rng, rows, cols)
            if t % 3 == 0 and clues:
                # A clue changed at random: often no solution at all.
                i = rng.randrange(len(clues))
                clues[i] = rng.randint(0, 3)
        count, _, engine, reason = _core.SlitherBoard(rows, cols, clues).count_deduced()
        plain = _core.SlitherBoard(rows, cols, clues).count_frontier()[0]
        assert count == plain, (rows, cols, clues, engine, reason)
        solutions, complete, _ = _core.SlitherBoard(rows, cols, clues).solve(limit=10**6)
        assert complete and count == len(solutions), (rows, cols, clues)
        assert engine in ENGINES and reason
        # A board without clues has nothing to deduce from: the plain count.
        assert (engine == "frontier") == all(c is None for c in clues), (clues, engine)
        routes.add(engine)
        seen["several" if count > 1 else "one" if count == 1 else "none"] += 1
    assert min(seen.values()) >= 30, seen
    assert routes == {"ladder", "ladder+frontier", "frontier"}


def test_slitherlink_deduced_on_larger_sparse_boards_equals_the_plain_sweep() -> None:
    rng = random.Random(5)
    swept = 0
    for _ in range(30):
        rows, cols = rng.randint(6, 9), rng.randint(6, 9)
        clues = loop_clues(rng, rows, cols, rng.uniform(0.15, 0.5))
        count, _, engine, _ = _core.SlitherBoard(rows, cols, clues).count_deduced()
        assert count == _core.SlitherBoard(rows, cols, clues).count_frontier()[0] >= 1
        swept += engine == "ladder+frontier"
    assert swept >= 10


def test_country_deduced_equals_the_plain_sweep_and_the_brute_force() -> None:
    rng = random.Random(11)
    seen = {"several": 0, "none": 0, "one": 0}
    routes = set()
    for t in range(300):
        rows, cols = rng.randint(2, 5), rng.randint(2, 6)
        regions, numbers = random_country_board(rng, rows, cols)
        count, _, engine, reason = _core.CountryBoard(rows, cols, regions, numbers).count_deduced()
        plain = _core.CountryBoard(rows, cols, regions, numbers).count_frontier()[0]
        core = _core.CountryBoard(rows, cols, regions, numbers)
        brute = core.count_cells if t % 2 else core.count_loops
        assert count == plain == brute(), (rows, cols, regions, numbers, engine, reason)
        assert engine in ENGINES and reason
        routes.add(engine)
        seen["several" if count > 1 else "one" if count == 1 else "none"] += 1
    assert min(seen.values()) >= 20, seen
    assert {"ladder", "ladder+frontier"} <= routes


def test_deduce_off_is_the_plain_sweep() -> None:
    clues: List[Optional[int]] = [None] * 16
    count, peak, engine, _ = _core.SlitherBoard(4, 4, clues).count_deduced(deduce=False)
    assert (count, peak, engine) == (9349, *_core.SlitherBoard(4, 4, clues).count_frontier()[1:], "frontier")
    regions = list(range(16))
    count, peak, engine, _ = _core.CountryBoard(4, 4, regions, [None] * 16).count_deduced(deduce=False)
    assert (count, peak, engine) == (
        6,
        *_core.CountryBoard(4, 4, regions, [None] * 16).count_frontier()[1:],
        "frontier",
    )


def test_limit_and_budget_hold_on_both_routes() -> None:
    # Unclued: nothing to deduce, the sweep runs, the limit clamps it.
    assert _core.SlitherBoard(5, 5, [None] * 25).count_deduced(limit=100)[0] == 100
    # A unique board settled by the ladder: min(1, limit).
    board = Slitherlink.from_url("https://puzz.link/p?slither/5/5/g31bh0ck16023c")
    assert _core.SlitherBoard(5, 5, board.flat_clues).count_deduced(limit=0)[0] == 0
    count, peak, engine, _ = _core.SlitherBoard(5, 5, board.flat_clues).count_deduced(limit=5)
    assert (count, peak, engine) == (1, 0, "ladder")
    with pytest.raises(CapacityError):
        _core.SlitherBoard(12, 12, [None] * 144).count_deduced(max_states=1000)
    with pytest.raises(ArgumentError):
        _core.SlitherBoard(0, 3, []).count_deduced()


def test_the_public_counts_deduce_by_default() -> None:
    rng = random.Random(3)
    for _ in range(20):
        rows, cols = rng.randint(2, 5), rng.randint(2, 5)
        board = Slitherlink(
            [[c for c in loop_clues(rng, rows, cols, 0.5)[r * cols : (r + 1) * cols]] for r in range(rows)]
        )
        want = count_solutions(board, engine="search")
        assert count_solutions(board) == count_solutions(board, deduce=False) == want
    for _ in range(20):
        rows, cols = rng.randint(2, 4), rng.randint(2, 5)
        regions, numbers = random_country_board(rng, rows, cols)
        grid = [regions[r * cols : (r + 1) * cols] for r in range(rows)]
        if min(regions) < 0:
            continue
        cboard = CountryRoad.from_regions(grid, numbers={i: n for i, n in enumerate(numbers) if n is not None})
        want = country_count_solutions(cboard, engine="cells")
        assert country_count_solutions(cboard, engine="frontier") == want
        assert country_count_solutions(cboard, engine="frontier", deduce=False) == want


def test_ctrl_c_stops_a_deduced_count_quickly(ctrl_c: Callable[[Callable[[], object]], None]) -> None:
    # Unclued: the fixpoint decides nothing, the sweep of 14 x 14 takes many seconds.
    ctrl_c(lambda: _core.SlitherBoard(14, 14, [None] * 196).count_deduced())


def _slither(rows: int, cols: int, clues: List[Optional[int]]) -> Slitherlink:
    """The board of row-major ``clues``."""
    return Slitherlink([clues[r * cols : (r + 1) * cols] for r in range(rows)])


def _given(grids: Sequence[Sequence[Sequence[Optional[int]]]]) -> bytes:
    """A backbone's rows as the sweep's ``given`` bytes (2 where open)."""
    return bytes(2 if v is None else v for grid in grids for row in grid for v in row)


def _split_checks(core: Union[_core.SlitherBoard, _core.CountryBoard], given: bytes, total: int) -> int:
    """Each open unknown fixed both ways splits the completions in two:
    the two counts add up to the whole. Returns how many were checked."""
    checked = 0
    for i in [i for i, v in enumerate(given) if v == 2][:3]:
        off, on = bytearray(given), bytearray(given)
        off[i], on[i] = 0, 1
        halves = core.count_frontier(given=bytes(off))[0] + core.count_frontier(given=bytes(on))[0]
        assert halves == total, i
        checked += 1
    return checked


def test_a_backbone_given_to_the_sweep_keeps_the_slitherlink_count() -> None:
    rng = random.Random(41)
    split = 0
    for _ in range(60):
        rows, cols = rng.randint(2, 6), rng.randint(2, 6)
        clues = loop_clues(rng, rows, cols, rng.uniform(0.3, 0.8))
        board = _slither(rows, cols, clues)
        bb = board.backbone()
        given = _given((bb.h_edges, bb.v_edges))
        assert _facts(bb) == given
        core = board.core_board
        plain = core.count_frontier()[0]
        assert core.count_frontier(given=given)[0] == plain >= 1, clues
        # What the verdict reads: the same exact count.
        v = board.verdict(suggest=0)
        assert v.complete and v.count == plain
        split += _split_checks(core, given, plain)
    assert split >= 30


def test_a_backbone_given_to_the_sweep_keeps_the_country_count() -> None:
    rng = random.Random(43)
    split = solvable = 0
    for _ in range(80):
        rows, cols = rng.randint(2, 5), rng.randint(2, 6)
        regions, numbers = random_country_board(rng, rows, cols)
        grid = [[None if x < 0 else x for x in regions[r * cols : (r + 1) * cols]] for r in range(rows)]
        board = CountryRoad.from_regions(grid, dict(enumerate(numbers)))
        bb = board.backbone()
        core = board.core_board
        plain = core.count_frontier()[0]
        if bb.count == 0:
            assert plain == 0
            continue
        solvable += 1
        given = _given((bb.cells, bb.right, bb.down))
        assert _facts(bb) == given
        assert core.count_frontier(given=given)[0] == plain, (regions, numbers)
        split += _split_checks(core, given, plain)
    assert solvable >= 20 and split >= 20


def test_the_verdict_counts_open_drafts_exactly_past_its_search() -> None:
    # More solutions than the verdict's search enumerates (COUNT_CAP): the
    # count comes from the sweep given the backbone.
    rng = random.Random(47)
    counted = 0
    for _ in range(12):
        rows, cols = rng.randint(5, 7), rng.randint(5, 7)
        clues = loop_clues(rng, rows, cols, rng.uniform(0.1, 0.25))
        board = _slither(rows, cols, clues)
        plain = board.core_board.count_frontier()[0]
        v = board.verdict(suggest=0)
        assert v.complete and v.count == plain, clues
        counted += plain > COUNT_CAP
    regions = [[r * 6 + c for c in range(6)] for r in range(6)]  # Hamiltonian cycles: 1,072
    board = CountryRoad.from_regions(regions)
    v = board.verdict(suggest=0)
    assert v.complete and v.count == board.core_board.count_frontier()[0] == 1072
    assert counted >= 6


def test_a_given_of_the_wrong_shape_is_refused() -> None:
    sl = Slitherlink([[3, None], [None, 3]]).core_board
    edges = 3 * 2 + 2 * 3
    for bad in (bytes(edges - 1), bytes(edges + 1), bytes([3]) + bytes(edges - 1)):
        with pytest.raises(ArgumentError):
            sl.count_frontier(given=bad)
    co = CountryRoad.from_regions([[0, 0], [1, 1]]).core_board
    cells_and_edges = 4 + 2 + 2  # cells, right edges, down edges
    assert co.count_frontier(given=bytes([2]) * cells_and_edges)[0] == co.count_frontier()[0] == 1
    for bad in (bytes(cells_and_edges - 1), bytes(cells_and_edges + 1), bytes([7]) + bytes(cells_and_edges - 1)):
        with pytest.raises(ArgumentError):
            co.count_frontier(given=bad)
