"""The Slitherlink solver, propagation tiers and grade, through the Python API.

Small boards are checked against brute force (every region whose border is
one loop); real puzzles against the worked examples and the puzzlekit set in
``../shared/external`` (read in place through the ``load_external`` fixture).
"""

from __future__ import annotations

import functools
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from loopcraft.errors import ArgumentTypeError, LoopcraftError
from loopcraft.slitherlink import LEVELS, Slitherlink, Solution
from loopcraft.slitherlink._geometry import h_edge as _h
from loopcraft.slitherlink._geometry import v_edge as _v

# --------------------------------------------------------------------------- brute force


@functools.cache
def all_loops(rows: int, cols: int):
    """Every single loop on the board, as edge tuples: the borders of the cell sets
    whose border is one closed loop (a loop is the border of its inside)."""
    out = []
    cells = rows * cols
    for mask in range(1, 1 << cells):
        inside = [[bool(mask >> (r * cols + c) & 1) for c in range(cols)] for r in range(rows)]
        try:
            out.append(Solution.from_inside(inside).edges)
        except ValueError:
            pass
    return out


def clue_of(edges, rows, cols, r, c):
    return (
        edges[_h(cols, r, c)]
        + edges[_h(cols, r + 1, c)]
        + edges[_v(rows, cols, r, c)]
        + edges[_v(rows, cols, r, c + 1)]
    )


def brute_solutions(puzzle: Slitherlink):
    R, C = puzzle.rows, puzzle.cols
    return [
        e
        for e in all_loops(R, C)
        if all(
            k is None or clue_of(e, R, C, r, c) == k for r, row in enumerate(puzzle.clues) for c, k in enumerate(row)
        )
    ]


@st.composite
def small_puzzles(draw, max_cells=12):
    rows = draw(st.integers(1, 4))
    cols = draw(st.integers(1, max(1, min(4, max_cells // rows))))
    if draw(st.booleans()):
        loops = all_loops(rows, cols)
        loop = loops[draw(st.integers(0, len(loops) - 1))]
        keep = draw(st.floats(0.0, 1.0))
        clues = [
            [clue_of(loop, rows, cols, r, c) if draw(st.floats(0, 1)) < keep else None for c in range(cols)]
            for r in range(rows)
        ]
    else:
        clues = [[draw(st.one_of(st.none(), st.integers(0, 4))) for _ in range(cols)] for _ in range(rows)]
    return Slitherlink(clues)


def test_brute_force_matches_oeis_a231829():
    """Sanity of the oracle itself: number of loops on the empty board."""
    assert len(all_loops(2, 2)) == 13
    assert len(all_loops(3, 3)) == 213
    assert len(all_loops(1, 5)) == 15  # any run of cells: 5*6/2


# --------------------------------------------------------------------------- counting


@pytest.mark.parametrize("n, loops", [(1, 1), (2, 13), (3, 213), (4, 9349)])
def test_empty_board_counts_oeis_a231829(n, loops):
    result = Slitherlink([[None] * n for _ in range(n)]).solve(limit=10**6)
    assert result.complete
    assert result.count == loops == len(result.solutions)
    assert len(set(s.edges for s in result.solutions)) == loops


@pytest.mark.parametrize("rows, cols", [(1, 7), (2, 5), (3, 4), (4, 3)])
def test_empty_rectangles_match_brute_force(rows, cols):
    result = Slitherlink([[None] * cols for _ in range(rows)]).solve(limit=10**6)
    assert result.complete and result.count == len(all_loops(rows, cols))


@given(small_puzzles())
@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_solutions_equal_brute_force(puzzle):
    expected = sorted(brute_solutions(puzzle))
    result = puzzle.solve(limit=10**6)
    assert result.complete
    assert sorted(s.edges for s in result.solutions) == expected
    assert all(puzzle.check(s).ok for s in result.solutions)
    two = puzzle.solve()
    assert two.count == min(2, len(expected))
    # The count is exact only when the search ran out before reaching the limit.
    assert two.complete == (len(expected) < 2)
    assert two.unique == (len(expected) == 1) == puzzle.is_unique()


@given(small_puzzles())
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_every_level_is_sound(puzzle):
    """Each propagation fixpoint agrees with every solution brute force finds."""
    sols = brute_solutions(puzzle)
    for tier in LEVELS[:-1]:
        d = puzzle.deduce(tier)
        assert d.level == tier
        if sols:
            assert not d.contradiction, f"{tier} reports a contradiction on a solvable puzzle"
        if d.contradiction:
            assert d.solution is None and d.fraction == 1.0
            continue
        for e, v in enumerate(d.edges):
            if v is not None:
                assert all(s[e] == v for s in sols), f"{tier} decided edge {e} = {v} wrongly"
        if d.solved and sols:
            # A fully decided board can still fail the loop rule when there is no
            # solution (weak tiers do not check connectivity); with one it is it.
            assert d.solution is not None and [d.solution.edges] == sols


def test_levels_are_a_ladder():
    assert LEVELS[-1] == "search"
    assert len(LEVELS) == len(set(LEVELS)) >= 3


@given(small_puzzles())
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_grade_is_consistent(puzzle):
    sols = brute_solutions(puzzle)
    g = puzzle.grade()
    assert g.level in LEVELS and LEVELS[g.index] == g.level
    assert g.complete
    assert g.solutions == min(2, len(sols))
    if g.level != "search":
        # Below search the tier's deductions alone settle the puzzle: they decide
        # every edge (unique by construction) or find a contradiction (no solution).
        d = puzzle.deduce(g.level)
        if g.solutions == 1:
            assert len(sols) == 1 and d.solved and d.solution is not None and d.solution.edges == sols[0]
        else:
            assert not sols
            assert d.contradiction or d.solved
        if g.index > 0:
            weaker = puzzle.deduce(LEVELS[g.index - 1])
            assert not weaker.contradiction and not weaker.solved


# --------------------------------------------------------------------------- budgets and arguments


HARD = [[None] * 7 for _ in range(7)]  # the empty 7 x 7 board has a great many loops


def test_node_budget_reports_incomplete_not_wrong():
    result = Slitherlink(HARD).solve(limit=10**9, node_limit=50)
    assert not result.complete
    assert result.count == len(result.solutions)
    assert all(Slitherlink(HARD).check(s).ok for s in result.solutions)


def test_time_budget_reports_incomplete_quickly():
    start = time.perf_counter()
    result = Slitherlink(HARD).solve(limit=10**9, time_limit=0.05)
    assert time.perf_counter() - start < 2
    assert not result.complete


def test_limit_reached_is_not_an_exact_count():
    result = Slitherlink([[None] * 3 for _ in range(3)]).solve(limit=5)
    assert result.count == 5 and not result.complete
    assert not result.unique


def test_limit_one_proves_nothing_about_a_second_solution():
    many = Slitherlink([[None] * 3 for _ in range(3)]).solve(limit=1)
    assert many.count == 1 and not many.complete and not many.unique
    unique = Slitherlink.from_url("https://puzz.link/p?slither/5/5/g31bh0ck16023c")
    assert not unique.solve(limit=1).unique
    assert unique.solve(limit=2).unique and unique.solve(limit=2).complete


@pytest.mark.parametrize(
    "kwargs, exc",
    [
        ({"limit": 0}, ValueError),
        ({"limit": -1}, ValueError),
        ({"limit": 2.0}, TypeError),
        ({"node_limit": -1}, ValueError),
        ({"node_limit": "5"}, TypeError),
        ({"time_limit": -1}, ValueError),
        ({"time_limit": float("nan")}, ValueError),
        ({"time_limit": "1"}, TypeError),
    ],
)
def test_solve_argument_errors(kwargs, exc):
    with pytest.raises(exc):
        Slitherlink([[3]]).solve(**kwargs)


def test_deduce_argument_errors():
    with pytest.raises(LoopcraftError, match="level must be one of"):
        Slitherlink([[3]]).deduce("search")
    with pytest.raises(LoopcraftError, match="level must be one of"):
        Slitherlink([[3]]).deduce("magic")
    with pytest.raises(ArgumentTypeError):
        Slitherlink([[3]]).deduce(3)  # type: ignore[arg-type]


def test_a_contradiction_is_reported_and_no_solution():
    p = Slitherlink([[4, 4]])
    assert p.solve().count == 0 and p.solve().complete
    assert all(p.deduce(t).contradiction or not p.deduce(t).solved for t in LEVELS[:-1])
    assert p.grade().solutions == 0


def test_largest_board_is_accepted():
    """100 x 100, the loop along the rim: 0 inside, 1 on the sides, 2 in the corners."""
    n = 100
    clues = [[(r in (0, n - 1)) + (c in (0, n - 1)) for c in range(n)] for r in range(n)]
    p = Slitherlink(clues)
    result = p.solve()
    assert result.unique
    assert result.solution.length == 4 * n
    assert all(all(row) for row in result.solution.inside)


def test_solution_objects():
    p = Slitherlink([[3, 3, 1]])
    result = p.solve()
    assert result.unique
    sol = result.solution
    assert sol.to_puzzlekit() == "1 3\nx x -"
    assert sol.h_edges == ((1, 1, 0), (1, 1, 0))
    assert sol.v_edges == ((1, 0, 1, 0),)
    assert sol.edge_list == [0, 1, 3, 4, 6, 8]
    assert str(sol) == "+---+---+   +\n| 3   3 | 1\n+---+---+   +"
    assert result.to_dict()["solutions"][0]["puzzlekit"] == "1 3\nx x -"


# --------------------------------------------------------------------------- shared worked examples


def _assert_unique_answer(p: Slitherlink, h_edges, v_edges):
    result = p.solve()
    assert result.complete and result.count == 1
    assert result.solution.to_dict()["h_edges"] == h_edges
    assert result.solution.to_dict()["v_edges"] == v_edges


def test_shared_pzprjs_puzzle_solves(load_external):
    for e in load_external("pzprjs_slither.json"):
        if e["url"]:
            _assert_unique_answer(Slitherlink.from_url(e["url"]), e["h_edges"], e["v_edges"])


def test_shared_pzprjs_full_variant_answer_is_a_loop_of_the_empty_board(load_external):
    """The 'f' URL is refused, but its 2 x 3 answer is one of the empty board's loops."""
    for e in load_external("pzprjs_slither.json"):
        if e["flags"] == "f":
            sol = Solution.from_edges(e["h_edges"], e["v_edges"])
            loops = Slitherlink([[None] * e["cols"] for _ in range(e["rows"])]).solve(limit=10**6)
            assert sol.edges in {s.edges for s in loops.solutions}


def test_shared_cspuz_puzzle_solves(load_external):
    for e in load_external("cspuz_tests.json")["slitherlink"]:
        if not e["flags"]:
            _assert_unique_answer(Slitherlink.from_url(e["url"]), e["h_edges"], e["v_edges"])


def test_shared_tatham_puzzles_solve(load_external):
    for e in load_external("tatham_loopy.json"):
        _assert_unique_answer(Slitherlink.from_tatham(e["game_id"]), e["h_edges"], e["v_edges"])


def test_shared_ortools_puzzles_solve(load_external):
    entries = load_external("ortools_slitherlink.json")
    assert [e["name"] for e in entries] == ["tiny", "small", "medium", "big"]
    for e in entries:
        _assert_unique_answer(Slitherlink.from_dict({"clues": e["clues"]}), e["h_edges"], e["v_edges"])


def test_shared_ppbench_urls_are_unique(load_external):
    for e in load_external("ppbench_golden_urls.json"):
        if e["genre"] == "slither":
            result = Slitherlink.from_url(e["url"]).solve()
            assert result.complete and result.count == 1, e["url"]


def test_shared_noqx_puzzle_solves(load_external):
    """No stored answer (the research helper's solver timed out): we find a valid
    loop and decide uniqueness completely."""
    for e in load_external("noqx_examples.json"):
        if e["genre"] == "slither":
            p = Slitherlink.from_url(e["url"])
            result = p.solve()
            assert result.complete and result.count >= 1
            assert all(p.check(s).ok for s in result.solutions)


def _stored_inside_rows(solution_text):
    # Two records carry extra text after the grid (a repeated grid after
    # "[solution]", a trailing "unit 27"): only the R rows after the header count.
    lines = [ln for ln in solution_text.splitlines() if ln.strip()]
    rows = int(lines[0].split()[0])
    return [ln.split() for ln in lines[: rows + 1]]


def test_shared_puzzlekit_dataset_all_unique_and_equal(load_external):
    data = load_external("puzzlekit/Slitherlink_dataset.json")["data"]
    solved = 0
    for key, entry in data.items():
        if not entry.get("solution"):
            continue
        p = Slitherlink.from_puzzlekit(entry["problem"])
        result = p.solve(limit=2)
        assert result.complete, key
        assert result.count == 1, key
        got = [row.split() for row in result.solution.to_puzzlekit().splitlines()]
        assert got == _stored_inside_rows(entry["solution"]), key
        solved += 1
    assert solved == 1152


def test_shared_puzzlekit_unsolved_entries_are_decided(load_external):
    """The 24 records without a stored solution (among them the 8 '.'-blank 30 x 25
    ones and a 60 x 60): the search completes and every loop it reports is valid."""
    data = load_external("puzzlekit/Slitherlink_dataset.json")["data"]
    open_ones = {k: v for k, v in data.items() if not v.get("solution")}
    assert len(open_ones) == 24
    for key, entry in open_ones.items():
        p = Slitherlink.from_puzzlekit(entry["problem"])
        result = p.solve(limit=2)
        # Decided: either the count is exact or the search reached the limit of 2.
        assert result.count >= 1 and (result.complete or result.count == 2), key
        assert all(p.check(s).ok for s in result.solutions), key
        assert len({s.edges for s in result.solutions}) == result.count, key
