"""Differential check of every public call on random small boards of every family.

On each board (including boards with no solution and boards with several)
every way loopcraft has of answering the same question must agree:

- ``solve`` (count, complete, unique) against every counting engine, and the
  solutions it returns against the family's referee (plain Python);
- ``deduce`` at each level (and, for Country Road, random stage subsets):
  never ``solved`` on a board with no solution or several, a contradiction
  only on a board with none, and every decided value the same in every
  solution;
- ``grade``: ``unique`` only when the count is 1, its count the search's;
- the batches (``solve_many``) against one ``solve`` per board, and the
  round trips through the text formats.

The boards are small enough that the solutions can be listed in full, so the
counts are exact and the engines (which share nothing but geometry) act as
oracles for one another. The Country Road board that ``grade`` once called
unique with no solution (``from_regions([[0, 0], [0, 0]], {0: 0})``) is one
of the explicit examples.
"""

from __future__ import annotations

import random
from typing import Dict, List, Optional, Sequence, Set, Tuple

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from loopcraft import LoopcraftError, country, loop, slitherlink
from loopcraft.country import CountryRoad
from loopcraft.slitherlink import Slitherlink

# Enough solutions to list every one on the boards drawn here (an empty 4 x 4
# Slitherlink has 9,349); a board with more is compared by count only.
_LIST_ALL = 400

_SETTINGS = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])

Seeds = st.integers(0, 2**32 - 1)


# ---------------------------------------------------------------- board makers


def _region_clues(rows: int, cols: int, rnd: random.Random) -> List[List[Optional[int]]]:
    """Clues of the boundary of a random set of cells: such boards often have
    a solution (one loop when the set is a simply connected polyomino)."""
    inside = {(r, c) for r in range(rows) for c in range(cols) if rnd.random() < 0.5}
    clues: List[List[Optional[int]]] = []
    for r in range(rows):
        row: List[Optional[int]] = []
        for c in range(cols):
            me = (r, c) in inside
            sides = sum(((r + dr, c + dc) in inside) != me for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)))
            row.append(sides)
        clues.append(row)
    return clues


def _perturbed(grid: List[List[Optional[int]]], rnd: random.Random, least: float = 0.0) -> List[List[Optional[int]]]:
    """``grid`` with a random share of its clues (at least ``least``) kept and
    the others blanked (more solutions), and sometimes one clue changed
    (often none)."""
    keep = rnd.uniform(least, 1.0)
    out = [[v if rnd.random() < keep else None for v in row] for row in grid]
    if rnd.random() < 0.3:
        r, c = rnd.randrange(len(out)), rnd.randrange(len(out[0]))
        out[r][c] = rnd.randint(0, 4)
    return out


def slither_board(seed: int, max_side: int = 4) -> Slitherlink:
    """A random Slitherlink of 1..max_side a side: clues of a generated
    puzzle, of a random region's boundary, or uniform, then perturbed."""
    rnd = random.Random(seed)
    rows, cols = rnd.randint(1, max_side), rnd.randint(1, max_side)
    kind = rnd.random()
    if kind < 0.35 and rows * cols > 1:
        try:
            grid = [list(row) for row in slitherlink.generate(rows, cols, seed=seed).clues]
        except LoopcraftError:  # no unique puzzle of that size (1 x n)
            grid = _region_clues(rows, cols, rnd)
    elif kind < 0.75:
        grid = _region_clues(rows, cols, rnd)
    else:
        grid = [[rnd.randint(0, 4) for _ in range(cols)] for _ in range(rows)]
    return Slitherlink(_perturbed(grid, rnd))


def country_board(seed: int, max_side: int = 4) -> CountryRoad:
    """A random Country Road of 2..max_side a side: connected countries grown
    from random seeds, some blocked cells, a random share of numbers (random,
    or half the time those of one solution of the board without numbers)."""
    rnd = random.Random(seed)
    rows, cols = rnd.randint(2, max_side), rnd.randint(2, max_side)
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    blocked = {cell for cell in cells if rnd.random() < rnd.choice((0.0, 0.0, 0.1, 0.2))}
    open_cells = [cell for cell in cells if cell not in blocked] or cells[:1]
    owner: Dict[Tuple[int, int], int] = {}
    k = rnd.randint(1, max(1, len(open_cells) // rnd.choice((1, 2, 3))))
    for i, cell in enumerate(rnd.sample(open_cells, min(k, len(open_cells)))):
        owner[cell] = i
    frontier = True
    while frontier:  # grow each country one cell at a time: countries stay connected
        frontier = False
        order = list(owner.items())
        rnd.shuffle(order)
        for (r, c), i in order:
            free = [
                (r + dr, c + dc)
                for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
                if (r + dr, c + dc) in set(open_cells) and (r + dr, c + dc) not in owner
            ]
            if free:
                owner[rnd.choice(free)] = i
                frontier = True
    regions = [[owner.get((r, c)) for c in range(cols)] for r in range(rows)]
    size = {i: sum(1 for v in owner.values() if v == i) for i in set(owner.values())}
    share = rnd.random()
    numbers = {i: rnd.randint(0, n) for i, n in size.items() if rnd.random() < share}
    if rnd.random() < 0.5:  # numbers read off one solution of the bare board: at least one solution
        found = CountryRoad.from_regions(regions).solve(limit=20).solutions
        if found:
            used = rnd.choice(found).used_cells
            numbers = {i: sum(owner[cell] == i for cell in used) for i in numbers}
    return CountryRoad.from_regions(regions, numbers)


# ---------------------------------------------------------------- Slitherlink


def _check_slither_solutions(board: Slitherlink, sols: Sequence[slitherlink.Solution]) -> None:
    assert len({s.edges for s in sols}) == len(sols), "a solution was returned twice"
    for s in sols:
        assert board.check(s).ok, (board.to_puzzlekit(), s.edges)


def _slither_all(board: Slitherlink) -> Optional[Set[Tuple[int, ...]]]:
    """Every solution when there are at most _LIST_ALL, else None."""
    r = board.solve(limit=_LIST_ALL + 1)
    _check_slither_solutions(board, r.solutions)
    if not r.complete:
        return None
    return {s.edges for s in r.solutions}


def check_slitherlink(board: Slitherlink) -> None:
    """Every Slitherlink call against every other on ``board``."""
    exact = slitherlink.count_solutions(board, engine="frontier")
    assert slitherlink.count_solutions(board, engine="search", limit=_LIST_ALL + 1) == min(exact, _LIST_ALL + 1)
    for limit in (1, 2, 3):
        assert slitherlink.count_solutions(board, engine="frontier", limit=limit) == min(exact, limit)
    # solve with the default limit
    r = board.solve()
    assert r.count == min(exact, 2)
    assert r.complete == (exact < 2)
    assert r.unique == (exact == 1)
    _check_slither_solutions(board, r.solutions)
    assert board.solve(limit=1).complete == (exact == 0)
    everything = _slither_all(board)
    if everything is not None:
        assert len(everything) == exact
    # deduce at every level: sound, and never "solved" unless unique
    for level in slitherlink.LEVELS[:-1]:
        d = board.deduce(level)
        if d.contradiction:
            assert exact == 0, (level, board.to_puzzlekit())
        if d.solved:
            assert exact == 1, (level, board.to_puzzlekit())
            assert everything is not None and d.solution is not None and d.solution.edges in everything
        if everything is not None and not d.contradiction:
            for e, v in enumerate(d.edges):
                if v is not None:
                    assert all(sol[e] == v for sol in everything), (level, e, board.to_puzzlekit())
    # grade: unique only when the count is 1; its count is the search's
    g = board.grade()
    assert g.complete
    assert g.solutions == min(exact, 2), (g, exact)
    assert g.unique == (exact == 1)
    if g.level != "search":
        assert exact <= 1
        d = board.deduce(g.level)
        assert d.solved or d.contradiction


def check_slither_batch(boards: List[Slitherlink]) -> None:
    """``solve_many`` on boards and on their texts answers as ``solve`` does."""
    alone = [b.solve() for b in boards]
    texts = [b.to_url() if i % 2 else b.to_puzzlekit() for i, b in enumerate(boards)]
    for items in (boards, texts):
        for threads in (1, 2):
            many = slitherlink.solve_many(items, threads=threads)
            for b, one, got in zip(boards, alone, many):
                assert not isinstance(got, LoopcraftError), (b.to_puzzlekit(), got)
                assert (got.count, got.complete, got.unique) == (one.count, one.complete, one.unique)
                assert {s.edges for s in got.solutions} == {s.edges for s in one.solutions}
    for b in boards:  # the round trips
        assert Slitherlink.parse(b.to_url()) == b
        assert Slitherlink.parse(b.to_puzzlekit()) == b
        assert Slitherlink.parse(b.to_json()) == b
        assert Slitherlink.parse(b.to_tatham()) == b


@settings(_SETTINGS, max_examples=1500)
@given(Seeds)
@example(0)
def test_slitherlink_calls_agree(seed: int) -> None:
    check_slitherlink(slither_board(seed))


def test_slitherlink_special_boards() -> None:
    """Boards with no solution and with many, named."""
    for grid in (
        [[0]],
        [[0, 0], [0, 0]],
        [[None]],
        [[4]],
        [[3, 3], [3, 3]],
        [[None] * 3] * 3,
        [[0] * 4] * 4,
        [[2, None], [None, 2]],
    ):
        check_slitherlink(Slitherlink(grid))


@settings(_SETTINGS, max_examples=30)
@given(st.lists(Seeds, min_size=1, max_size=12))
def test_slitherlink_batches_agree(seeds: List[int]) -> None:
    check_slither_batch([slither_board(s) for s in seeds])


# ---------------------------------------------------------------- Country Road


def _country_all(board: CountryRoad) -> Optional[List[country.CountryLoop]]:
    r = board.solve(limit=_LIST_ALL + 1)
    assert len({s.edges for s in r.solutions}) == r.count
    for s in r.solutions:
        assert board.check(s).ok, (board.to_puzzlekit(), sorted(s.edges))
    return list(r.solutions) if r.complete else None


def _check_country_deduction(
    board: CountryRoad, d: country.CountryDeduction, exact: int, everything: Optional[List[country.CountryLoop]]
) -> None:
    where = (d.stages, board.to_puzzlekit())
    if d.contradiction:
        assert exact == 0, where
        return
    if d.solved:
        assert exact == 1, where
        assert everything is not None and d.solution is not None
        assert d.solution.edges == everything[0].edges, where
    if everything is None:
        return
    for i, v in enumerate(d.cells):
        if v != 2:
            cell = divmod(i, board.cols)
            assert all((cell in s.used_cells) == bool(v) for s in everything), (where, cell, v)
    for e, v in enumerate(d.edges):
        if v != 2:
            assert all((e in s.edges) == bool(v) for s in everything), (where, e, v)


def _stage_subset(rnd: random.Random) -> Tuple[str, ...]:
    """A random non-empty subset of the ladder's stages, in ladder order."""
    chosen = set(rnd.sample(country.STAGES, rnd.randint(1, len(country.STAGES))))
    return tuple(s for s in country.STAGES if s in chosen)


def check_country(board: CountryRoad, rnd: random.Random) -> None:
    """Every Country Road call against every other on ``board``."""
    exact = country.count_solutions(board, engine="frontier")
    for engine in country.ENGINES:
        assert country.count_solutions(board, engine=engine) == exact, (engine, board.to_puzzlekit())
        for limit in (1, 2):
            assert country.count_solutions(board, engine=engine, limit=limit) == min(exact, limit), engine
    r = board.solve()
    assert r.count == min(exact, 2)
    assert r.complete == (exact < 2)
    assert r.unique == (exact == 1)
    everything = _country_all(board)
    if everything is not None:
        assert len(everything) == exact
    # every search under any stage subset finds the same solutions
    subset = _stage_subset(rnd)
    rs = board.solve(limit=_LIST_ALL + 1, stages=subset)
    if everything is not None:
        assert rs.complete and {s.edges for s in rs.solutions} == {s.edges for s in everything}, subset
    for level in country.LEVELS:
        _check_country_deduction(board, board.deduce(level), exact, everything)
    for _ in range(2):
        subset = _stage_subset(rnd)
        _check_country_deduction(board, board.deduce(stages=subset), exact, everything)
    g = board.grade()
    assert g.complete
    assert g.solutions == min(exact, 2), (g, exact, board.to_puzzlekit())
    assert g.unique == (exact == 1), (g, exact, board.to_puzzlekit())
    if g.level != "search":
        assert exact <= 1
        d = board.deduce(g.level)
        assert d.solved or d.contradiction


def check_country_batch(boards: List[CountryRoad]) -> None:
    """``solve_many`` on boards and on their texts answers as ``solve`` does."""
    alone = [b.solve() for b in boards]
    texts = [b.to_json() if i % 2 else b.to_puzzlekit() for i, b in enumerate(boards)]
    for items in (boards, texts):
        for threads in (1, 2):
            many = country.solve_many(items, threads=threads)
            for b, one, got in zip(boards, alone, many):
                assert not isinstance(got, LoopcraftError), (b.to_puzzlekit(), got)
                assert (got.count, got.complete, got.unique) == (one.count, one.complete, one.unique)
                assert {s.edges for s in got.solutions} == {s.edges for s in one.solutions}
    for b in boards:  # the round trips (a board read back has the same countries, numbered afresh)
        for text in (b.to_puzzlekit(), b.to_json()):
            back = CountryRoad.parse(text)
            assert back.core_args() == b.core_args()
        if not b.blocked:  # puzz.link URLs have no blocked cells
            assert CountryRoad.parse(b.to_url()).core_args() == b.core_args()


@settings(_SETTINGS, max_examples=1500)
@given(Seeds)
@example(0)
def test_country_calls_agree(seed: int) -> None:
    check_country(country_board(seed), random.Random(seed))


def test_country_special_boards() -> None:
    """Boards with no solution (a country numbered 0, walled-off countries) and with many."""
    rnd = random.Random(1)
    for regions, numbers in (
        ([[0, 0], [0, 0]], {0: 0}),  # once graded unique with no solution
        ([[0, 0], [0, 0]], {0: 4}),
        ([[0, 0], [0, 0]], {0: 3}),
        ([[0, None], [None, 1]], {}),
        ([[0, None, 1], [None, None, None], [2, None, 3]], {}),
        ([[0, 1], [2, 3]], {}),
        ([[0] * 4] * 4, {}),
        ([[0] * 3, [1] * 3, [2] * 3], {1: 0}),
        ([[r * 4 + c for c in range(4)] for r in range(4)], {}),
    ):
        check_country(CountryRoad.from_regions(regions, numbers), rnd)


@settings(_SETTINGS, max_examples=30)
@given(st.lists(Seeds, min_size=1, max_size=12))
def test_country_batches_agree(seeds: List[int]) -> None:
    check_country_batch([country_board(s) for s in seeds])


# ---------------------------------------------------------------- Loop v1


def check_loop(clues: List[Optional[int]], n: int) -> None:
    """The v1 search against the Slitherlink engines on the same n x n board."""
    board = Slitherlink([clues[r * n : (r + 1) * n] for r in range(n)])
    exact = slitherlink.count_solutions(board, engine="frontier")
    r = loop.solve(clues, n)
    if r.truncated:  # the v1 node budget (part of its contract): the count proves nothing
        assert not r.complete and not r.unique
        return
    assert r.count == min(exact, 2), (clues, exact)
    assert r.complete == (exact < 2)
    assert r.unique == (exact == 1)
    for s in r.solutions:
        assert board.check(slitherlink.Solution(n, n, tuple(s))).ok
    _, valid = loop.propagate([[0, 1]] * (2 * n * (n + 1)), n, None, clues)
    if exact > 0:
        assert valid, clues  # propagation is sound: it refutes only boards with no solution


def loop_clues(seed: int) -> Tuple[List[Optional[int]], int]:
    """A v1 clue list: a generated v1 puzzle's or a region's clues, perturbed."""
    rnd = random.Random(seed)
    n = rnd.choice((4, 5))
    if rnd.random() < 0.6:
        p = loop.generate(n, f"diff-{seed}")
        clues: List[Optional[int]] = list(p.clues)
        if rnd.random() < 0.5:
            clues = list(loop.full_clues(p.answer, loop.make_geo(n), n))
        grid = [clues[r * n : (r + 1) * n] for r in range(n)]
    else:
        grid = _region_clues(n, n, rnd)
    return [v for row in _perturbed(grid, rnd, 0.6) for v in row], n


@settings(_SETTINGS, max_examples=600)
@given(Seeds)
def test_loop_v1_agrees(seed: int) -> None:
    check_loop(*loop_clues(seed))


@settings(_SETTINGS, max_examples=20)
@given(st.lists(Seeds, min_size=1, max_size=10))
def test_loop_v1_batches_agree(seeds: List[int]) -> None:
    for n in (4, 5):
        lists = [c for c, m in map(loop_clues, seeds) if m == n]
        many = loop.solve_many(lists, n, threads=2)
        for clues, got in zip(lists, many):
            one = loop.solve(clues, n)
            assert not isinstance(got, LoopcraftError)
            assert (got.solutions, got.nodes, got.truncated) == (one.solutions, one.nodes, one.truncated)
