"""The setter's engine (backbone, conflict, suggestions, redundant clues,
minimize, verdict) against brute force on small boards.

The oracles share nothing with the core's search: every simple loop of a
small grid is listed once, as the boundary of a set of squares (a loop is the
boundary of its inside, which is 4-connected and whose outside is too), then
filtered by the clues counted here (Slitherlink) or by the Python referee
(Country Road).
"""

from __future__ import annotations

import json
import random
from functools import cache
from typing import Any, Dict, FrozenSet, List, Optional, Sequence, Set, Tuple

import pytest

import loopcraft
from loopcraft import Backbone, Conflict, Suggestion, Verdict, _setter
from loopcraft._validate import MAX_COUNT_THREADS
from loopcraft.country import CountryLoop, CountryRoad
from loopcraft.slitherlink import Slitherlink
from loopcraft.slitherlink._generate import random_loop
from loopcraft.slitherlink._geometry import cell_sides, edge_count

Cell = Tuple[int, int]


# ---------------------------------------------------------------- loops of a grid, by brute force


def _connected(cells: FrozenSet[Cell]) -> bool:
    if not cells:
        return False
    start = next(iter(cells))
    seen = {start}
    stack = [start]
    while stack:
        r, c = stack.pop()
        for n in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if n in cells and n not in seen:
                seen.add(n)
                stack.append(n)
    return len(seen) == len(cells)


@cache
def square_loops(rows: int, cols: int) -> Tuple[FrozenSet[Tuple[str, int, int]], ...]:
    """Every simple loop on the lattice of an R x C board of squares, as a set
    of lattice edges ("h"/"v", r, c) (the boundary of its inside)."""
    squares = [(r, c) for r in range(rows) for c in range(cols)]
    out = []
    for mask in range(1, 1 << len(squares)):
        inside = frozenset(s for i, s in enumerate(squares) if mask >> i & 1)
        if not _connected(inside):
            continue
        padded = {(r, c) for r in range(-1, rows + 1) for c in range(-1, cols + 1)}
        if not _connected(frozenset(padded - inside)):
            continue
        edges = set()
        for r, c in inside:
            for e in (("h", r, c), ("h", r + 1, c), ("v", r, c), ("v", r, c + 1)):
                edges ^= {e}
        # No point may carry four lines (two diagonal squares): not a simple loop.
        degree: Dict[Tuple[int, int], int] = {}
        for kind, r, c in edges:
            ends = ((r, c), (r, c + 1)) if kind == "h" else ((r, c), (r + 1, c))
            for p in ends:
                degree[p] = degree.get(p, 0) + 1
        if all(d == 2 for d in degree.values()):
            out.append(frozenset(edges))
    return tuple(out)


def slither_solutions(board: Slitherlink) -> List[Tuple[int, ...]]:
    """Every solution of a small board, as 0/1 per edge in the core's numbering."""
    rows, cols = board.rows, board.cols
    nh = (rows + 1) * cols
    out = []
    for loop in square_loops(rows, cols):
        bits = [0] * edge_count(rows, cols)
        for kind, r, c in loop:
            bits[r * cols + c if kind == "h" else nh + r * (cols + 1) + c] = 1
        ok = all(
            clue is None or sum(bits[e] for e in cell_sides(rows, cols, r, c)) == clue
            for r, row in enumerate(board.clues)
            for c, clue in enumerate(row)
        )
        if ok:
            out.append(tuple(bits))
    return out


def country_solutions(board: CountryRoad) -> List[CountryLoop]:
    """Every solution of a small board: loops through cell centres are loops
    on the lattice of an (R-1) x (C-1) board, judged by the Python referee."""
    rows, cols = board.rows, board.cols
    out = []
    for loop in square_loops(rows - 1, cols - 1):
        pairs = []
        for kind, r, c in loop:
            pairs.append(((r, c), (r, c + 1)) if kind == "h" else ((r, c), (r + 1, c)))
        lp = CountryLoop.from_pairs(rows, cols, pairs)
        if board.check(lp).ok:
            out.append(lp)
    return out


def test_square_loops_match_oeis():
    # A140517: simple cycles on the lattice of an n x m board of squares.
    assert len(square_loops(1, 1)) == 1
    assert len(square_loops(2, 2)) == 13
    assert len(square_loops(3, 3)) == 213
    assert len(square_loops(3, 4)) == 1049


# ---------------------------------------------------------------- random small boards


def random_slither(rng: random.Random) -> Slitherlink:
    rows, cols = rng.choice([(2, 2), (2, 3), (3, 3), (3, 4), (2, 4)])
    density = rng.choice([0.15, 0.3, 0.5])
    if rng.random() < 0.6:
        # Clues read off a random loop: solvable, often ambiguous.
        loop = rng.choice(slither_solutions(Slitherlink([[None] * cols] * rows)))
        grid = [
            [
                sum(loop[e] for e in cell_sides(rows, cols, r, c)) if rng.random() < density else None
                for c in range(cols)
            ]
            for r in range(rows)
        ]
    else:
        grid = [
            [rng.choice([0, 1, 2, 3]) if rng.random() < density else None for _ in range(cols)] for _ in range(rows)
        ]
    return Slitherlink(grid)


def random_regions(rng: random.Random, rows: int, cols: int, k: int) -> List[List[int]]:
    """A random partition into at most k connected countries (grown from seeds)."""
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    seeds = rng.sample(cells, k)
    owner: Dict[Cell, int] = {s: i for i, s in enumerate(seeds)}
    frontier = list(seeds)
    while len(owner) < len(cells):
        r, c = rng.choice(frontier)
        nbrs = [n for n in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)) if n in set(cells) and n not in owner]
        if not nbrs:
            frontier.remove((r, c))
            continue
        n = rng.choice(nbrs)
        owner[n] = owner[(r, c)]
        frontier.append(n)
    return [[owner[(r, c)] for c in range(cols)] for r in range(rows)]


def random_country(rng: random.Random) -> CountryRoad:
    rows, cols = rng.choice([(3, 3), (3, 4), (4, 4), (4, 3)])
    regions = random_regions(rng, rows, cols, rng.randint(2, 5))
    bare = CountryRoad.from_regions(regions)
    numbers: Dict[int, Optional[int]] = {}
    sols = country_solutions(bare)
    if sols and rng.random() < 0.7:
        lp = rng.choice(sols)
        used = lp.used_cells
        for k in bare.countries:
            if rng.random() < 0.5:
                numbers[k] = sum(cell in used for cell in bare.cells_of(k))
    else:
        for k in bare.countries:
            if rng.random() < 0.5:
                numbers[k] = rng.randint(1, bare.size_of(k))
    return CountryRoad.from_regions(regions, numbers)


# ---------------------------------------------------------------- backbone


def _expected_values(solutions: Sequence[Sequence[int]]) -> List[Optional[int]]:
    n = len(solutions[0])
    return [solutions[0][i] if all(s[i] == solutions[0][i] for s in solutions) else None for i in range(n)]


def check_slither_backbone(board: Slitherlink, bb: Backbone) -> None:
    sols = slither_solutions(board)
    assert bb.complete
    assert bb.count == min(len(sols), 2)
    flat = [v for row in bb.h_edges for v in row] + [v for row in bb.v_edges for v in row]
    if not sols:
        assert all(v is None for v in flat) and bb.open == 0 and bb.witnesses == ()
        return
    assert flat == _expected_values(sols)
    assert bb.open == flat.count(None)
    assert all(w.edges in sols for w in bb.witnesses)
    assert len(bb.witnesses) == min(len(sols), 2)
    if len(bb.witnesses) == 2:
        a, b = (w.edges for w in bb.witnesses)
        assert a != b
        assert len(bb.differ) == sum(x != y for x, y in zip(a, b))
        values = bb.values()
        assert all(values[k] is None for k in bb.differ)


def test_slither_backbone_matches_brute_force():
    rng = random.Random(20)
    counts = {0: 0, 1: 0, 2: 0}
    for _ in range(120):
        board = random_slither(rng)
        bb = board.backbone()
        check_slither_backbone(board, bb)
        counts[bb.count] += 1
    assert all(n >= 10 for n in counts.values()), counts


def _country_values(board: CountryRoad, lp: CountryLoop) -> List[int]:
    used = lp.used_cells
    cells = [int((r, c) in used) for r in range(board.rows) for c in range(board.cols)]
    return cells + list(lp.bits)


def check_country_backbone(board: CountryRoad, bb: Backbone) -> None:
    sols = country_solutions(board)
    assert bb.complete
    assert bb.count == min(len(sols), 2), (board.to_url(), len(sols))
    flat = [v for grid in (bb.cells, bb.right, bb.down) for row in grid for v in row]
    assert len(flat) == board.rows * board.cols + board.rows * (board.cols - 1) + (board.rows - 1) * board.cols
    if not sols:
        assert all(v is None for v in flat) and bb.open == 0 and bb.witnesses == ()
        return
    assert flat == _expected_values([_country_values(board, s) for s in sols]), board.to_url()
    assert bb.open == flat.count(None)
    assert all(w in sols for w in bb.witnesses)
    if len(bb.witnesses) == 2:
        assert bb.witnesses[0] != bb.witnesses[1]
        values = bb.values()
        assert bb.differ and all(values[k] is None for k in bb.differ)


def test_country_backbone_matches_brute_force():
    rng = random.Random(21)
    counts = {0: 0, 1: 0, 2: 0}
    for _ in range(120):
        board = random_country(rng)
        bb = board.backbone()
        check_country_backbone(board, bb)
        counts[bb.count] += 1
    assert all(n >= 10 for n in counts.values()), counts


def test_country_core_backbone_hands_back_only_solutions():
    # After the two witnesses the core may add further solutions it met (the
    # suggestions pool them): each must solve the board and differ from the first.
    rng = random.Random(30)
    extra = 0
    for _ in range(60):
        board = random_country(rng)
        count, complete, _, found = board.core_board.backbone(None)
        sols = {frozenset(lp.edges) for lp in country_solutions(board)}
        loops = [frozenset(CountryLoop.from_bits(board.rows, board.cols, bytes(f)).edges) for f in found]
        assert complete and count == min(len(sols), 2)
        assert len(loops) == count if count < 2 else len(loops) >= 2
        assert all(lp in sols for lp in loops)
        assert len(set(loops)) == len(loops)
        extra += max(0, len(loops) - 2)
    assert extra >= 5, extra


def test_a_stopped_backbone_reports_only_proven_values():
    rng = random.Random(22)
    for _ in range(20):
        board = random_slither(rng)
        bb = board.backbone(time_limit=0)
        sols = slither_solutions(board)
        flat = [v for row in bb.h_edges for v in row] + [v for row in bb.v_edges for v in row]
        if not bb.complete:
            assert bb.count <= len(sols)
        if sols:
            expected = _expected_values(sols)
            assert all(v is None or v == e for v, e in zip(flat, expected))


def test_a_stopped_country_backbone_reports_only_proven_values():
    rng = random.Random(28)
    for _ in range(20):
        board = random_country(rng)
        bb = board.backbone(time_limit=0)
        sols = country_solutions(board)
        flat = [v for grid in (bb.cells, bb.right, bb.down) for row in grid for v in row]
        if not bb.complete:
            assert bb.count <= len(sols)
        if sols:
            expected = _expected_values([_country_values(board, s) for s in sols])
            assert all(v is None or v == e for v, e in zip(flat, expected))


def test_backbone_to_dict_and_svg():
    board = Slitherlink([[None, None, None], [None, 3, None], [None, None, 2]])
    bb = board.backbone()
    d = json.loads(json.dumps(bb.to_dict()))
    assert d["kind"] == "slitherlink" and d["count"] == 2
    assert len(d["h_edges"]) == 4 and all(len(s) == 3 for s in d["h_edges"])
    assert len(d["v_edges"]) == 3 and all(len(s) == 4 for s in d["v_edges"])
    assert sum(s.count("?") for s in d["h_edges"] + d["v_edges"]) == bb.open
    svg = bb.to_svg()
    assert svg.startswith("<svg") and 'class="open"' in svg and 'class="shaded"' in svg
    assert bb._repr_svg_() == svg
    country = CountryRoad.from_url("https://puzz.link/p?country/5/5/amda0uf02h12h").with_numbers({})
    cb = country.backbone()
    cd = cb.to_dict()
    assert len(cd["cells"]) == 5 and len(cd["right"]) == 5 and len(cd["down"]) == 4
    assert all(len(s) == 4 for s in cd["right"]) and all(len(s) == 5 for s in cd["down"])
    assert 'class="cell-open"' in cb.to_svg()


# ---------------------------------------------------------------- conflict


def test_slither_conflict_is_minimal():
    rng = random.Random(23)
    seen = 0
    for _ in range(150):
        board = random_slither(rng)
        c = board.conflict()
        if slither_solutions(board):
            assert c is None
            continue
        seen += 1
        assert isinstance(c, Conflict) and c.complete and c.reason == "these clues admit no solution together"
        clues = {w: board.clues[w[0]][w[1]] for w in c.clues}
        assert all(v is not None for v in clues.values())
        sub = Slitherlink([[clues.get((r, cc)) for cc in range(board.cols)] for r in range(board.rows)])
        assert not slither_solutions(sub)
        for w in c.clues:
            fewer = {k: v for k, v in clues.items() if k != w}
            grid = [[fewer.get((r, cc)) for cc in range(board.cols)] for r in range(board.rows)]
            assert slither_solutions(Slitherlink(grid)), (board, w)
    assert seen >= 10


def test_country_conflict_is_minimal():
    rng = random.Random(24)
    seen = structural = 0
    for _ in range(150):
        board = random_country(rng)
        c = board.conflict()
        if country_solutions(board):
            assert c is None
            continue
        seen += 1
        assert isinstance(c, Conflict) and c.complete
        if not c.clues:
            structural += 1
            assert not country_solutions(board.with_numbers({}))
            assert c.reason != "these clues admit no solution together"
            continue
        sub = board.with_numbers({k: board.numbers[k] for k in c.clues})
        assert not country_solutions(sub)
        for k in c.clues:
            fewer = board.with_numbers({j: board.numbers[j] for j in c.clues if j != k})
            assert country_solutions(fewer), (board.to_url(), k)
    assert seen >= 10 and structural >= 1


def test_structural_reasons():
    cut = CountryRoad.from_regions([[1, 1, 1], [2, 2, 2], [3, 3, 3]])
    assert "cut vertex" in cut.conflict().reason
    assert cut.verdict().count == 0


# ---------------------------------------------------------------- suggestions


def test_slither_suggestions_keep_their_promise():
    rng = random.Random(25)
    checked = 0
    for _ in range(40):
        board = random_slither(rng)
        sols = slither_solutions(board)
        tips = board.suggest_clues(5)
        if len(sols) < 2:
            assert tips == ()
            continue
        assert tips, board
        checked += 1
        for s in tips:
            assert isinstance(s, Suggestion) and 0 <= s.value <= 3
            new = s.apply(board)
            assert new.clues[s.where[0]][s.where[1]] == s.value and board.clues[s.where[0]][s.where[1]] is None
            after = slither_solutions(new)
            assert min(len(after), 2) == s.count and after
            assert s.open == (0 if len(after) == 1 else _expected_values(after).count(None))
        keys = [(s.count, s.open) for s in tips]
        assert keys == sorted(keys)
        # The best one is the best there is, by brute force over every blank cell and value.
        best = min(
            (min(len(a), 2), 0 if len(a) == 1 else _expected_values(a).count(None))
            for r in range(board.rows)
            for c in range(board.cols)
            if board.clues[r][c] is None
            for v in range(4)
            for a in [
                slither_solutions(
                    Slitherlink(
                        [[v if (i, j) == (r, c) else x for j, x in enumerate(row)] for i, row in enumerate(board.clues)]
                    )
                )
            ]
            if a
        )
        assert (tips[0].count, tips[0].open) == best
    assert checked >= 10


def test_slither_suggestions_from_a_kept_backbone_are_the_same():
    # The core keeps a finished backbone on the board (with the solutions met
    # on the way) and starts the suggestions from it; a stopped one is not kept.
    rng = random.Random(31)
    ambiguous = 0
    for _ in range(30):
        board = random_slither(rng)
        fresh = Slitherlink(board.clues).suggest_clues(3)
        stopped = Slitherlink(board.clues)
        first = stopped.backbone(time_limit=0)
        if first.complete:
            assert stopped.backbone() == first
        assert stopped.suggest_clues(3) == fresh
        kept = Slitherlink(board.clues)
        bb = kept.backbone()
        assert kept.backbone() == bb and bb.complete
        assert kept.suggest_clues(3) == fresh
        assert kept.suggest_clues(3) == fresh  # from the pool the first call grew
        check_slither_backbone(kept, kept.backbone())
        ambiguous += bb.count == 2
    assert ambiguous >= 10, ambiguous


def test_slither_suggestions_are_the_same_on_any_number_of_threads():
    # Candidates proven on several threads start from other pools and bounds;
    # the ranking must not change. Boards of 6 x 12 from random loops give
    # dozens of candidates, so the threads do share the work.
    rng = random.Random(47)
    rows, cols = 6, 12
    ambiguous = 0
    for seed in range(6):
        loop = random_loop(rows, cols, seed)
        grid = [
            [sum(loop[e] for e in cell_sides(rows, cols, r, c)) if rng.random() < 0.4 else None for c in range(cols)]
            for r in range(rows)
        ]
        one = Slitherlink(grid).suggest_clues(4)
        ambiguous += bool(one)
        for threads in (2, 3):
            assert Slitherlink(grid).suggest_clues(4, threads=threads) == one, (grid, threads)
    assert ambiguous >= 4, ambiguous
    board = Slitherlink([[None] * 3] * 3)
    for bad in (0, -1, MAX_COUNT_THREADS + 1):
        with pytest.raises(loopcraft.ArgumentError):
            board.suggest_clues(2, threads=bad)
    with pytest.raises(loopcraft.ArgumentTypeError):
        board.suggest_clues(2, threads=1.5)  # type: ignore[arg-type]


def test_verdicts_are_the_same_on_any_number_of_threads():
    # verdict(threads=) ranks its suggestions as suggest_clues(threads=) does.
    rng = random.Random(53)
    rows, cols = 6, 12
    ranked = 0
    for seed in range(4):
        loop = random_loop(rows, cols, 100 + seed)
        grid = [
            [sum(loop[e] for e in cell_sides(rows, cols, r, c)) if rng.random() < 0.4 else None for c in range(cols)]
            for r in range(rows)
        ]
        one = Slitherlink(grid).verdict(suggest=4)
        ranked += bool(one.suggestions)
        two = Slitherlink(grid).verdict(suggest=4, threads=2)
        assert (two.count, two.complete, two.suggestions) == (one.count, one.complete, one.suggestions), grid
    assert ranked >= 2, ranked
    country = CountryRoad.from_url("https://puzz.link/p?country/5/5/amda0uf02h12h").with_numbers({})
    one = country.verdict(suggest=3)
    assert one.suggestions and country.with_numbers({}).verdict(suggest=3, threads=3).suggestions == one.suggestions
    for board in (Slitherlink([[None] * 3] * 3), country):
        for bad in (0, MAX_COUNT_THREADS + 1):
            with pytest.raises(loopcraft.ArgumentError):
                board.verdict(threads=bad)
        with pytest.raises(loopcraft.ArgumentTypeError):
            board.verdict(threads=1.5)  # type: ignore[arg-type]


def test_country_suggestions_keep_their_promise():
    rng = random.Random(26)
    checked = 0
    for _ in range(40):
        board = random_country(rng)
        sols = country_solutions(board)
        tips = board.suggest_clues(3)
        if len(sols) < 2:
            assert tips == ()
            continue
        if not tips:
            # No number can change anything: each leaves all solutions or none.
            for k in board.countries:
                if k not in board.numbers:
                    for v in range(1, board.size_of(k) + 1):
                        after = country_solutions(board.with_numbers({**board.numbers, k: v}))
                        assert not after or len(after) == len(sols), (board.to_url(), k, v)
            continue
        checked += 1
        for s in tips:
            assert s.where in board.countries and s.where not in board.numbers
            after = country_solutions(s.apply(board))
            assert after and min(len(after), 2) == s.count
        assert [(s.count, s.open) for s in tips] == sorted((s.count, s.open) for s in tips)
    assert checked >= 5


def country_touched(board: CountryRoad, sols: Sequence[CountryLoop]) -> Set[Tuple[int, int]]:
    """The cells that touch an unknown on which the solutions differ: their
    own use, or an edge at them (the candidates' countries must hold one)."""
    rows, cols = board.rows, board.cols
    touched = {(r, c) for r in range(rows) for c in range(cols) if len({(r, c) in lp.used_cells for lp in sols}) > 1}
    for e in range(rows * (cols - 1) + (rows - 1) * cols):
        if len({e in lp.edges for lp in sols}) > 1:
            if e < rows * (cols - 1):
                r, c = divmod(e, cols - 1)
                touched |= {(r, c), (r, c + 1)}
            else:
                r, c = divmod(e - rows * (cols - 1), cols)
                touched |= {(r, c), (r + 1, c)}
    return touched


def _country_open(rows: int, cols: int, sols: Sequence[CountryLoop]) -> int:
    """Unknowns (cells used or not, then edges) where the solutions differ."""
    n_edges = rows * (cols - 1) + (rows - 1) * cols
    used = [lp.used_cells for lp in sols]
    cells = sum(len({(r, c) in u for u in used}) > 1 for r in range(rows) for c in range(cols))
    return cells + sum(len({e in lp.edges for lp in sols}) > 1 for e in range(n_edges))


@pytest.mark.parametrize("route", ["sweep", "sweep after backbone", "ranking"])
def test_country_suggestions_are_the_exact_ranking(route: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # Two routes: the core's sweep judges every candidate at once (with the
    # backbone, or asked again after a backbone kept without them); where it cannot (its
    # budget), the ranking proves candidates one backbone at a time, skipping
    # those the loops already found rank low and numbers outside what the
    # backbone allows. Either way the answer must be the best k of every
    # candidate, counted by brute force.
    cuts = []
    if route == "ranking":
        monkeypatch.setattr(_setter, "_country_swept", lambda *args: None)
        # Count the proofs cut short by the k-th best (the answer must not change).
        real = _setter._CountryRanking._prove

        def counted(self: Any, where: Any, value: int, budget: Any, bound: Any = None) -> Any:
            out = real(self, where, value, budget, bound)
            cuts.append(out[4])
            return out

        monkeypatch.setattr(_setter._CountryRanking, "_prove", counted)
    else:

        def no_ranking(*args: Any) -> None:
            raise AssertionError("the sweep answers these boards")

        monkeypatch.setattr(_setter._CountryRanking, "run_on", no_ranking)
    rng = random.Random(29)
    pruned = 0
    for _ in range(60):
        board = random_country(rng)
        sols = country_solutions(board)
        if len(sols) < 2:
            continue
        base_open = _country_open(board.rows, board.cols, sols)
        touched = country_touched(board, sols)
        ranked = []
        for pos, k in enumerate(board.countries):
            if k in board.numbers:
                continue
            # Only countries touching an open unknown are candidates (the others' numbers change nothing).
            if not any(cell in touched for cell in board.cells_of(k)):
                continue
            for v in range(1, board.size_of(k) + 1):
                after = [lp for lp in sols if sum(cell in lp.used_cells for cell in board.cells_of(k)) == v]
                if after:
                    ranked.append((min(len(after), 2), _country_open(board.rows, board.cols, after), pos, v, k))
        ranked.sort()
        if route == "sweep after backbone":
            # backbone() keeps its answer without scores (the core's solver
            # proves it, not the sweep): the suggestions ask the sweep for them.
            assert board.backbone().count == 2
            assert board.__dict__["_setter_backbone"][3] is None
        for n in (1, 2, 4):
            tips = board.suggest_clues(n)
            assert [(s.where, s.value, s.count, s.open) for s in tips] == [(k, v, c, o) for c, o, _, v, k in ranked[:n]]
            pruned += len(ranked) > n
        assert all(o <= base_open for _, o, _, _, _ in ranked)
    assert pruned >= 20, pruned
    if route == "ranking":
        assert sum(cuts) >= 5, (sum(cuts), len(cuts))


# ---------------------------------------------------------------- redundant clues, minimize


def test_slither_redundant_and_minimize():
    rng = random.Random(27)
    done = 0
    for _ in range(200):
        board = random_slither(rng)
        if len(slither_solutions(board)) != 1:
            assert board.redundant_clues() == ()
            continue
        done += 1
        clues = {(r, c): v for r, row in enumerate(board.clues) for c, v in enumerate(row) if v is not None}

        def without(keep, w, rows=board.rows, cols=board.cols):
            return Slitherlink([[keep.get((r, c)) if (r, c) != w else None for c in range(cols)] for r in range(rows)])

        expected = tuple(w for w in clues if len(slither_solutions(without(clues, w))) == 1)
        assert board.redundant_clues() == expected
        small = board.minimize(seed=done)
        assert len(slither_solutions(small)) == 1
        left = {(r, c): v for r, row in enumerate(small.clues) for c, v in enumerate(row) if v is not None}
        assert all(clues[w] == v for w, v in left.items())
        for w in left:
            assert len(slither_solutions(without(left, w))) >= 2
        if done >= 12:
            break
    assert done >= 5


def test_minimize_with_max_level_and_refusals():
    board = Slitherlink.from_url("https://puzz.link/p?slither/5/5/g31bh0ck16023c")
    small = board.minimize(seed=1, max_level="tricky")
    assert small.is_unique() and small.grade().index <= board.grade().index
    assert small.clue_count <= board.clue_count
    with pytest.raises(loopcraft.ArgumentError):
        Slitherlink([[None, None], [None, None]]).minimize()
    with pytest.raises(loopcraft.ArgumentError):
        board.minimize(max_level="nonsense")


def test_country_minimize():
    board = CountryRoad.from_url("https://puzz.link/p?country/5/5/amda0uf02h12h")
    small = board.minimize(seed=3)
    assert small.solve().unique
    assert set(small.numbers) <= set(board.numbers)
    for k in small.numbers:
        assert not small.with_numbers({j: v for j, v in small.numbers.items() if j != k}).solve().unique


# ---------------------------------------------------------------- verdict


def test_verdicts():
    unique = Slitherlink.from_url("https://puzz.link/p?slither/5/5/g31bh0ck16023c").verdict()
    assert isinstance(unique, Verdict) and unique.unique and unique.level == "tricky" and unique.count == 1
    assert str(unique) == "unique, level tricky"
    board = Slitherlink([[None, None, None], [None, 3, None], [None, None, 2]])
    v = board.verdict()
    assert v.count == len(slither_solutions(board)) and v.complete and not v.unique
    assert v.suggestions and str(v).startswith(f"{v.count} solutions")
    none = Slitherlink([[0, 3], [None, None]]).verdict()
    assert none.count == 0 and none.conflict is not None and "row 1, column 1" in str(none)
    json.dumps(none.to_dict())
    many = Slitherlink([[None] * 4] * 3).verdict(suggest=0)
    assert many.count == len(square_loops(3, 4)) and many.complete and str(many).startswith("1049 solutions")
    stopped = Slitherlink([[None] * 30] * 30).verdict(time_limit=0)
    assert not stopped.complete and ("incomplete" in str(stopped) or "at least" in str(stopped))


# ---------------------------------------------------------------- command line


def test_cli_check(tmp_path, capsys):
    from loopcraft.cli import main

    draft = tmp_path / "draft.txt"
    draft.write_text("3 3\n- - -\n- 3 -\n- - 2\n")
    svg = tmp_path / "b.svg"
    assert main(["check", "slither", str(draft), "--suggest", "2", "--svg", str(svg)]) == 0
    out = capsys.readouterr().out
    assert "Slitherlink 3 x 3, 2 clues: " in out and "solutions" in out and "  1. " in out
    assert svg.read_text().startswith("<svg")
    bad = tmp_path / "bad.txt"
    bad.write_text("2 2\n0 3\n- -\n")
    assert main(["check", "slither", str(bad), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["count"] == 0 and data["conflict"]["clues"] == [[0, 0], [0, 1]]
    url = "https://puzz.link/p?country/5/5/amda0uf02h12h"
    assert main(["check", "country", url, "--minimize"]) == 0
    out = capsys.readouterr().out
    assert "unique, level" in out and "minimized:" in out
    # --threads ranks the same clues; a bad count is a usage error (exit 2).
    assert main(["check", "slither", str(draft), "--suggest", "2", "--json"]) == 0
    one = json.loads(capsys.readouterr().out)
    assert main(["check", "slither", str(draft), "--suggest", "2", "--json", "--threads", "2"]) == 0
    assert json.loads(capsys.readouterr().out)["suggestions"] == one["suggestions"]
    assert main(["check", "slither", str(draft), "--threads", "0"]) == 2
    assert "threads must be at least 1" in capsys.readouterr().err


# ---------------------------------------------------------------- janko


def test_janko_backbones_are_the_solution(load_external):
    data = load_external("puzzlekit/Slitherlink_dataset.json")["data"]
    keys = sorted(k for k, e in data.items() if e.get("solution"))[::40]
    for key in keys:
        board = Slitherlink.from_puzzlekit(data[key]["problem"])
        bb = board.backbone()
        assert bb.unique and bb.open == 0, key
        flat = tuple(v for row in bb.h_edges for v in row) + tuple(v for row in bb.v_edges for v in row)
        assert flat == board.solve().solution.edges, key
    cdata = load_external("puzzlekit/CountryRoad_dataset.json")["data"]
    for key in sorted(cdata)[::20]:
        board = CountryRoad.from_puzzlekit(cdata[key]["problem"])
        bb = board.backbone()
        assert bb.unique and bb.open == 0, key
        assert bb.witnesses[0].to_puzzlekit().split() == cdata[key]["solution"].split(), key


def test_country_scores_refuse_what_is_not_an_unnumbered_country() -> None:
    # The core call behind the sweep's suggestions takes indices of unnumbered countries only.
    board = CountryRoad.from_regions([[0, 0, 1], [2, 2, 1], [2, 3, 3]], {0: 2})
    assert {(i, v) for i, v, _, _ in board.core_board.scores([1, 3])} == {(1, 2), (3, 2)}
    for bad in ([0], [4], [-1]):
        with pytest.raises(loopcraft.ArgumentError):
            board.core_board.scores(bad)
