"""Country Road solving against independent judges.

A small pure-Python brute force (every simple cycle of the grid graph,
filtered by the rules) is the oracle on tiny boards; OEIS A003763 is the
anchor outside the code; the puzzlekit data set is the real-world check.
"""

from __future__ import annotations

import functools
import json
import random
from typing import Dict, List, Optional, Tuple

import pytest

from loopcraft import CapacityError
from loopcraft.cli import main
from loopcraft.country import STAGES, CountryLoop, CountryRoad, check, count_solutions, deduce, solve
from loopcraft.country._loop import edge_count
from loopcraft.errors import ArgumentTypeError, LoopcraftError

# --------------------------------------------------------------------------- pure-Python oracle


@functools.cache
def grid_cycles(R: int, C: int) -> Tuple[Tuple[int, int], ...]:
    """Every simple cycle of the R x C grid graph, once, as (edge mask, cell mask)
    in the core's edge numbering."""
    n = R * C
    adj: List[List[Tuple[int, int]]] = [[] for _ in range(n)]
    e = 0
    for r in range(R):
        for c in range(C - 1):
            a, b = r * C + c, r * C + c + 1
            adj[a].append((b, e))
            adj[b].append((a, e))
            e += 1
    for r in range(R - 1):
        for c in range(C):
            a, b = r * C + c, (r + 1) * C + c
            adj[a].append((b, e))
            adj[b].append((a, e))
            e += 1
    out = []
    for s in range(n):
        path = [s]

        def dfs(v: int, cells: int, edges: int, s: int = s, path: List[int] = path) -> None:
            for w, eid in adj[v]:
                if w == s:
                    # each cycle once: start at its smallest cell, one direction
                    if len(path) >= 4 and path[1] < path[-1]:
                        out.append((edges | 1 << eid, cells))
                elif w > s and not cells >> w & 1:
                    path.append(w)
                    dfs(w, cells | 1 << w, edges | 1 << eid)
                    path.pop()

        dfs(s, 1 << s, 0)
    return tuple(out)


def brute_force(board: CountryRoad) -> List[CountryLoop]:
    """Every solution, from the rules alone (no code shared with the core or the referee)."""
    R, C, idx, nums = board.core_args()
    k = len(nums)
    masks = [0] * k
    blocked = 0
    for i, r in enumerate(idx):
        if r < 0:
            blocked |= 1 << i
        else:
            masks[r] |= 1 << i
    border = [0] * k  # edges with exactly one end in the country
    pairs = []  # cell pairs across a border between two countries
    e = 0
    for a, b in [(r * C + c, r * C + c + 1) for r in range(R) for c in range(C - 1)] + [
        (r * C + c, (r + 1) * C + c) for r in range(R - 1) for c in range(C)
    ]:
        if idx[a] != idx[b]:
            for x in (idx[a], idx[b]):
                if x >= 0:
                    border[x] |= 1 << e
            if idx[a] >= 0 and idx[b] >= 0:
                pairs.append(1 << a | 1 << b)
        e += 1
    out = []
    for edges, cells in grid_cycles(R, C):
        if cells & blocked or any(not cells & p for p in pairs):
            continue
        ok = True
        for x in range(k):
            used = cells & masks[x]
            if not used:
                ok = False
                break
            cross = bin(edges & border[x]).count("1")
            if cross != 2:
                ok = False
                break
            if nums[x] is not None and bin(used).count("1") != nums[x]:
                ok = False
                break
        if ok:
            out.append(CountryLoop(R, C, frozenset(i for i in range(edge_count(R, C)) if edges >> i & 1)))
    return out


def random_partition(rng: random.Random, R: int, C: int, k: int, blocked: int = 0) -> List[List[Optional[int]]]:
    """Random connected countries grown from k seeds (and a few blocked cells)."""
    cells = [(r, c) for r in range(R) for c in range(C)]
    grid: Dict[Tuple[int, int], Optional[int]] = {}
    for cell in rng.sample(cells, blocked):
        grid[cell] = None
    free = [cell for cell in cells if cell not in grid]
    for i, cell in enumerate(rng.sample(free, min(k, len(free)))):
        grid[cell] = i
    while len(grid) < len(cells):
        frontier = []
        for r, c in cells:
            if (r, c) in grid:
                continue
            nbs = [grid[n] for n in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)) if grid.get(n) is not None]
            if nbs:
                frontier.append(((r, c), nbs))
        if not frontier:  # a pocket walled in by blocked cells: block it too
            for cell in cells:
                grid.setdefault(cell, None)
            break
        cell, nbs = rng.choice(frontier)
        grid[cell] = rng.choice(nbs)
    return [[grid[(r, c)] for c in range(C)] for r in range(R)]


def random_board(rng: random.Random) -> CountryRoad:
    """A tiny random board; about half take their numbers from a real solution,
    so that unique, ambiguous and unsolvable boards all occur."""
    while True:
        R, C = rng.choice([(3, 3), (3, 4), (4, 3), (4, 4), (4, 4), (3, 5), (4, 5), (5, 4)])
        k = rng.randint(max(2, R * C // 4), max(2, R * C // 2))
        blocked = rng.choice([0, 0, 0, 0, 1, 2])
        regions = random_partition(rng, R, C, k, blocked)
        if all(v is None for row in regions for v in row):
            continue
        board = CountryRoad.from_regions(regions)
        sols = brute_force(board) if rng.random() < 0.8 else []
        numbers = {}
        if sols:
            used = rng.choice(sols).used_cells
            share = rng.choice([0.7, 1.0])
            for rid in board.countries:
                if rng.random() < share:
                    numbers[rid] = sum(1 for cell in board.cells_of(rid) if cell in used)
        else:
            for rid in board.countries:
                if rng.random() < 0.3:
                    numbers[rid] = rng.randint(1, board.size_of(rid))
        return board.with_numbers(numbers)


@functools.cache
def random_boards(seed: int, n: int) -> Tuple[Tuple[CountryRoad, Tuple[CountryLoop, ...]], ...]:
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        b = random_board(rng)
        out.append((b, tuple(brute_force(b))))
    return tuple(out)


def singletons(R: int, C: int) -> CountryRoad:
    return CountryRoad.from_regions([[r * C + c for c in range(C)] for r in range(R)])


def stripes(n: int) -> CountryRoad:
    return CountryRoad.from_regions([[r] * n for r in range(n)])


# --------------------------------------------------------------------------- the oracle itself


def test_oracle_counts_grid_cycles_and_agrees_with_the_referee():
    # A140517: simple cycles of the n x n grid graph.
    assert [len(grid_cycles(n, n)) for n in (2, 3, 4, 5)] == [1, 13, 213, 9349]
    assert len(brute_force(singletons(4, 4))) == 6
    for board, sols in random_boards(7, 40):
        found = {s.edges for s in sols}
        for edges, _ in grid_cycles(board.rows, board.cols):
            lp = CountryLoop(
                board.rows,
                board.cols,
                frozenset(i for i in range(edge_count(board.rows, board.cols)) if edges >> i & 1),
            )
            assert check(board, lp).ok == (lp.edges in found)


# --------------------------------------------------------------------------- anchors outside the code


@pytest.mark.parametrize("engine", ["search", "cells", "loops"])
@pytest.mark.parametrize("n, expected", [(2, 1), (4, 6), (6, 1072)])
def test_singleton_counts_are_oeis_a003763(engine, n, expected):
    assert count_solutions(singletons(n, n), engine=engine) == expected


@pytest.mark.parametrize("engine", ["search", "cells", "loops"])
def test_two_row_strips_have_one_loop(engine):
    for m in range(3, 9):
        assert count_solutions(singletons(2, m), engine=engine) == 1
        assert count_solutions(singletons(m, 2), engine=engine) == 1


@pytest.mark.parametrize("n", [3, 5])
def test_odd_singleton_boards_have_no_loop(n):
    # A loop through every cell of a grid alternates colours: needs an even count.
    for engine in ("search", "cells", "loops"):
        assert count_solutions(singletons(n, n), engine=engine) == 0


@pytest.mark.parametrize("n", [4, 5, 6])
def test_stripes_have_a_cut_vertex_no_cycle_and_no_solution(n):
    b = stripes(n)
    g = b.region_graph()
    assert g.borders == tuple((r, r + 1) for r in range(n - 1))
    assert g.cut_vertices == tuple(range(1, n - 1))
    assert g.bridges == g.borders
    assert not g.is_two_connected
    assert g.hamiltonian_cycles() == () and g.hamiltonian_masks() == ()
    for engine in ("search", "cells", "loops"):
        assert count_solutions(b, engine=engine) == 0
    assert deduce(b, stages=("region", "once", "loop", "macro")).contradiction


def test_count_limit():
    b = singletons(6, 6)
    for engine in ("search", "cells", "loops"):
        assert count_solutions(b, engine=engine, limit=5) == 5
        assert count_solutions(b, engine=engine, limit=0) == 0


# --------------------------------------------------------------------------- region graph


def test_many_solutions_of_a_wide_open_board_come_quickly():
    """Up to 1,000 solutions come from the core's clause-learning solver, each
    excluded as it is found: on a 12 x 12 board of 2 x 2 countries without
    numbers (some 2.7 * 10^18 loops) the depth-first search found none in
    minutes. A node limit keeps the depth-first search, and its budget."""
    b = CountryRoad.from_regions([[(r // 2) * 6 + c // 2 for c in range(12)] for r in range(12)])
    r = b.solve(limit=100, time_limit=60)
    assert (r.count, r.complete) == (100, False)
    assert len({s.edges for s in r.solutions}) == 100
    assert all(b.check(s).ok for s in r.solutions)
    r = b.solve(limit=100, node_limit=50)
    assert not r.complete and r.nodes <= 50


def test_region_graph_of_a_ring():
    # Four countries around a 4 x 4 board: a 4-cycle, one Hamiltonian cycle.
    b = CountryRoad.from_regions(
        [["a", "a", "b", "b"], ["a", "a", "b", "b"], ["d", "d", "c", "c"], ["d", "d", "c", "c"]]
    )
    g = b.region_graph()
    assert g.countries == ("a", "b", "d", "c")
    assert set(g.borders) == {("a", "b"), ("a", "d"), ("b", "c"), ("d", "c")}
    assert g.adjacency["a"] == frozenset({"b", "d"})
    assert g.cut_vertices == () and g.bridges == () and g.is_two_connected
    assert g.hamiltonian_cycles() == (("a", "b", "c", "d"),)
    assert len(g.hamiltonian_masks()) == 1


def test_hamiltonian_catalogue_matches_brute_force_orders_and_cap():
    b = singletons(4, 4)
    g = b.region_graph()
    cycles = g.hamiltonian_cycles()
    assert len(cycles) == 6 and all(len(c) == 16 and len(set(c)) == 16 for c in cycles)
    for cyc in cycles:
        for x, y in zip(cyc, cyc[1:] + cyc[:1]):
            assert y in g.adjacency[x]
    with pytest.raises(CapacityError):
        g.hamiltonian_masks(cap=3)
    with pytest.raises(LoopcraftError):
        g.hamiltonian_masks(cap=3)


# --------------------------------------------------------------------------- solve API


def test_solve_result_shape():
    b = CountryRoad.from_url("https://puzz.link/p?country/5/5/amda0uf02h12h")
    r = b.solve()
    assert (r.count, r.complete, r.unique, r.limit) == (1, True, True, 2)
    assert check(b, r.solution).ok and r.nodes >= 0
    assert b.is_unique()
    one = b.solve(limit=1)
    assert one.count == 1 and not one.unique  # limit 1 cannot prove uniqueness
    lean = b.solve(stages=("region", "once", "loop"))
    assert lean.unique and lean.solution == r.solution and lean.nodes >= r.nodes


def test_solve_argument_errors():
    b = singletons(4, 4)
    with pytest.raises(LoopcraftError, match="unknown stage"):
        b.solve(stages=("region", "magic"))
    with pytest.raises(ArgumentTypeError):
        b.solve(limit="2")  # type: ignore[arg-type]
    with pytest.raises(LoopcraftError):
        b.solve(limit=0)
    with pytest.raises(LoopcraftError):
        b.solve(time_limit=-1)
    with pytest.raises(LoopcraftError, match="unknown engine"):
        count_solutions(b, engine="magic")
    with pytest.raises(ArgumentTypeError):
        solve("board")  # type: ignore[arg-type]


def test_budgets_report_incomplete_never_a_wrong_answer():
    b = singletons(6, 6)
    for budget in ({"node_limit": 1}, {"node_limit": 50}, {"time_limit": 0.0}):
        r = b.solve(limit=2000, stages=("region",), **budget)
        assert r.complete == (r.count == 1072), budget
        assert not r.unique
        assert all(check(b, s).ok for s in r.solutions)
    assert not b.solve(limit=2000, node_limit=1).complete


def test_deduce_reports_fraction_and_stages():
    b = CountryRoad.from_url("https://puzz.link/p?country/5/5/amda0uf02h12h")
    full = b.deduce()
    assert full.stages == STAGES and full.solved and full.fraction == 1.0
    assert full.loop == b.solve().solution
    weak = b.deduce(stages=("region",))
    assert weak.stages == ("region",) and 0.0 <= weak.fraction <= full.fraction
    assert len(weak.cells) == 25 and len(weak.edges) == edge_count(5, 5)
    assert deduce(b, stages="region,once").stages == ("region", "once")


def test_one_country_has_no_solution():
    # Visiting a country once crosses its border twice; a lone country has none.
    b = CountryRoad.from_regions([[1, 1], [1, 1]])
    assert check(b, "2 2\nse sw\nne nw").rules() == ("country-once",)
    assert [count_solutions(b, engine=e) for e in ("search", "cells", "loops")] == [0, 0, 0]


def test_two_countries_the_loop_crosses_their_border_twice():
    # With two countries the loop must cross the one border twice; that is legal.
    b = CountryRoad.from_regions([[1, 1], [2, 2]])
    assert check(b, "2 2\nse sw\nne nw").ok
    assert [count_solutions(b, engine=e) for e in ("search", "cells", "loops")] == [1, 1, 1]
    assert b.region_graph().hamiltonian_cycles() == ((1, 2),)


def test_blocked_cells_are_supported():
    b = CountryRoad.from_regions([[None, 1, 1], [2, 2, 1], [2, 2, 1]])
    sols = brute_force(b)
    assert {s.edges for s in b.solve(limit=10).solutions} == {s.edges for s in sols}
    for e in ("search", "cells", "loops"):
        assert count_solutions(b, engine=e) == len(sols)


def test_core_rejects_bad_shapes_without_crashing():
    from loopcraft import _core

    with pytest.raises(LoopcraftError):
        _core.CountryBoard(2, 2, [0, 0, 1], [None, None]).solve(2, list(STAGES), None, None)
    with pytest.raises(LoopcraftError):
        _core.CountryBoard(2, 2, [0, 0, 1, 5], [None, None]).solve(2, list(STAGES), None, None)
    with pytest.raises(LoopcraftError):
        _core.CountryBoard(2, 2, [0, 0, 1, 1], [3, None]).solve(2, list(STAGES), None, None)
    with pytest.raises(LoopcraftError):
        _core.CountryBoard(1000, 1000, [0], [None]).ladder(list(STAGES))
    with pytest.raises(LoopcraftError):
        _core.CountryBoard(2, 2, [0, 0, 1, 1], [None, None]).solve(2, ["nope"], None, None)


# --------------------------------------------------------------------------- against the oracle


@pytest.fixture(scope="module")
def boards():
    out = random_boards(2024, 250)
    kinds = [min(len(s), 2) for _, s in out]
    # The sample must exercise every case.
    assert kinds.count(0) >= 15 and kinds.count(1) >= 15 and kinds.count(2) >= 15, kinds
    return out


def _stage_sets():
    prefixes = [STAGES[: i + 1] for i in range(len(STAGES))]
    ablations = [tuple(s for s in STAGES if s != drop) for drop in STAGES]
    return prefixes + ablations


def test_every_stage_fixpoint_agrees_with_every_solution(boards):
    checked = 0
    for board, sols in boards:
        C = board.cols
        for stages in _stage_sets():
            d = deduce(board, stages=stages)
            if d.contradiction:
                assert not sols, (board.to_json(), stages, "contradiction on a solvable board")
                continue
            # A board without solution is never solved by deduction.
            assert sols or not d.solved, (board.to_json(), stages, "solved a board with no solution")
            for s in sols:
                used = s.used_cells
                bits = s.bits
                for i, st in enumerate(d.cells):
                    if st != 2:
                        assert st == (divmod(i, C) in used), (board.to_json(), stages, "cell", i)
                for e, st in enumerate(d.edges):
                    if st != 2:
                        assert st == bits[e], (board.to_json(), stages, "edge", e)
        checked += 1
    assert checked >= 100


@pytest.mark.parametrize(
    ("regions", "numbers"),
    [
        ([[0, 0], [0, 0]], {0: 0}),  # the board: one country numbered 0
        ([[0, 0, 1], [0, 0, 1]], {0: 0}),
        ([[0, None, 1], [None, None, None], [2, None, 3]], {}),  # single cells walled off by blocked cells
    ],
)
def test_a_board_no_loop_can_cross_is_never_graded_solved(regions, numbers):
    board = CountryRoad.from_regions(regions, numbers)
    assert count_solutions(board, engine="cells") == 0
    for level in STAGES:
        d = board.deduce(level)
        assert not d.solved, (level, d)
    g = board.grade()
    assert (g.solutions, g.complete, g.unique) == (0, True, False), g
    assert board.solve().count == 0


def test_ladder_solves_without_search_exactly_the_unique_boards(boards):
    for board, sols in boards:
        d = deduce(board)
        assert d.solved == (len(sols) == 1), (board.to_json(), len(sols), d.fraction)
        if d.solved:
            assert d.loop == sols[0]
    assert len(boards) >= 120


def test_engines_agree_with_each_other_and_the_oracle(boards):
    for board, sols in boards[:80]:
        counts = [count_solutions(board, engine=e) for e in ("search", "cells", "loops")]
        assert counts == [len(sols)] * 3, (board.to_json(), counts)
        found = board.solve(limit=1000).solutions
        assert {s.edges for s in found} == {s.edges for s in sols}


# --------------------------------------------------------------------------- real puzzles


def _dataset(shared_dir):
    with open(shared_dir / "external" / "puzzlekit" / "CountryRoad_dataset.json", encoding="utf-8") as f:
        return json.load(f)["data"]


def test_puzzlekit_dataset_solved_unique_and_equal(shared_dir):
    data = _dataset(shared_dir)
    plain = blocked = 0
    for key, e in data.items():
        b = CountryRoad.from_puzzlekit(e["problem"])
        r = b.solve(limit=2)
        assert r.complete and r.unique, (key, r.count)
        assert r.solution.to_puzzlekit().split() == e["solution"].split(), key
        assert check(b, r.solution).ok
        if b.blocked:
            blocked += 1
        else:
            plain += 1
    assert (plain, blocked) == (266, 4)


def test_external_urls_solved_and_unique(shared_dir):
    ext = shared_dir / "external"
    cases = (
        json.loads((ext / "pzprjs_country.json").read_text())
        + json.loads((ext / "cspuz_tests.json").read_text())["country_road"]
    )
    cases += [e for e in json.loads((ext / "noqx_examples.json").read_text()) if e["genre"] == "country"]
    solved = 0
    for e in cases:
        if e.get("flags") == "e" or e.get("dangling_borders"):
            continue  # refused with a clear error (see test_country_board)
        b = CountryRoad.from_url(e["url"])
        r = b.solve()
        assert r.unique
        assert r.solution == CountryLoop.from_right_down(e["right"], e["down"])
        solved += 1
    assert solved == 3
    for e in json.loads((ext / "ppbench_golden_urls.json").read_text()):
        if e["genre"] != "country":
            continue
        r = CountryRoad.from_url(e["url"]).solve()
        assert r.unique == e["cspuz_is_unique"], e["url"]


# --------------------------------------------------------------------------- command line


def test_cli_solve_and_count(capsys, tmp_path):
    url = "https://puzz.link/p?country/5/5/amda0uf02h12h"
    assert main(["solve", "country", url, "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["unique"] and out["count"] == 1 and out["ladder_solved"]
    assert main(["solve", "country", url, "--stages", "region,once"]) == 0
    text = capsys.readouterr().out
    assert text.startswith("unique") and "ladder (region,once)" in text
    f = tmp_path / "p.txt"
    f.write_text(CountryRoad.from_url(url).to_puzzlekit())
    assert main(["solve", "country", str(f), "--answer"]) == 0
    assert "se sw" in capsys.readouterr().out
    f.write_text(singletons(4, 4).to_json())
    for engine in ("search", "cells", "loops"):
        assert main(["count", "country", str(f), "--engine", engine]) == 0
        assert capsys.readouterr().out.strip() == "6"
    assert main(["solve", "country", "https://puzz.link/p?country/5/5/am"]) == 2
    assert "ends inside" in capsys.readouterr().err
    assert main(["solve", "country", str(tmp_path / "missing.txt")]) == 2
    assert main(["solve", "country", url, "--stages", "region,zap"]) == 2


def test_full_ladder_terminates_when_a_probe_meets_a_cell_of_degree_three():
    # Regression: mid-pass, a probe could leave a cell with three on-edges and
    # the loop stage's chain walk then went round a cycle for ever. The count
    # is checked against an engine without the ladder.
    from loopcraft.country import CountryRoad, count_solutions

    board = CountryRoad.from_url("https://puzz.link/p?country/5/5/3n6co6fog3i31g")
    result = board.solve(limit=10)
    assert result.complete
    assert result.count == count_solutions(board, engine="loops", limit=10)
    assert not board.deduce().contradiction
