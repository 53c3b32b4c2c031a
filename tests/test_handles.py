"""The board handles of the core (``_core.SlitherBoard``, ``_core.CountryBoard``).

Each Python board builds its handle once, on first use, and every later call
runs on it. A handle is stateless between calls: asking it the same question
twice, or after other questions, gives the answer a fresh handle gives, and
that answer is the public API's. Pickling and copying a board leave the
handle out (it is rebuilt on first use).
"""

from __future__ import annotations

import copy
import pickle
import random
from typing import Any, Callable, Dict, List, Optional, Tuple

import pytest

from loopcraft import _core
from loopcraft.country import CountryRoad
from loopcraft.country import _ladder as country_ladder
from loopcraft.slitherlink import Slitherlink, count_solutions

# ----------------------------------------------------------------- random small boards


def blob_clues(rng: random.Random, rows: int, cols: int) -> List[Optional[int]]:
    """Clues read off the boundary of a random blob of cells, a random subset
    kept, sometimes one clue changed: boards with one solution, several, or none."""
    inside = {(rng.randrange(rows), rng.randrange(cols))}
    for _ in range(rng.randrange(rows * cols)):
        r, c = rng.choice(sorted(inside))
        dr, dc = rng.choice(((1, 0), (-1, 0), (0, 1), (0, -1)))
        if 0 <= r + dr < rows and 0 <= c + dc < cols:
            inside.add((r + dr, c + dc))
    keep = rng.uniform(0.3, 1.0)
    clues: List[Optional[int]] = []
    for r in range(rows):
        for c in range(cols):
            here = (r, c) in inside
            n = sum(((r + dr, c + dc) in inside) != here for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)))
            clues.append(n if rng.random() < keep else None)
    if rng.random() < 0.4:
        clues[rng.randrange(len(clues))] = rng.randint(0, 3)
    return clues


def country_board(rng: random.Random, rows: int, cols: int) -> Tuple[List[int], List[Optional[int]]]:
    """Countries grown from random seeds (connected by construction), a few numbers."""
    n = rows * cols
    region = [-1] * n
    seeds = rng.sample(range(n), rng.randint(2, max(2, n // 2)))
    grow = []
    for k, s in enumerate(seeds):
        region[s] = k
        grow.append(s)
    while grow:
        i = grow.pop(rng.randrange(len(grow)))
        r, c = divmod(i, cols)
        for rr, cc in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            j = rr * cols + cc
            if 0 <= rr < rows and 0 <= cc < cols and region[j] == -1:
                region[j] = region[i]
                grow.append(j)
    size = [region.count(k) for k in range(len(seeds))]
    numbers = [rng.randint(0, size[k]) if rng.random() < 0.3 else None for k in range(len(seeds))]
    return region, numbers


def grid_of(flat: List[Any], cols: int) -> List[List[Any]]:
    return [flat[i : i + cols] for i in range(0, len(flat), cols)]


# ----------------------------------------------------------------- built once per board


class _Counting:
    """Stands in for a handle class in ``_core`` and counts the handles built."""

    def __init__(self, real: Callable[..., Any]) -> None:
        self.real = real
        self.built = 0

    def __call__(self, *args: Any) -> Any:
        self.built += 1
        return self.real(*args)


def test_a_slitherlink_board_builds_its_handle_once(monkeypatch: pytest.MonkeyPatch) -> None:
    counting = _Counting(_core.SlitherBoard)
    monkeypatch.setattr(_core, "SlitherBoard", counting)
    p = Slitherlink([[3, None, None], [None, None, 2], [None, 1, None]])
    assert counting.built == 0  # built on first use, not with the board
    first = p.core_board
    p.solve()
    p.solve(limit=1, node_limit=10**6)
    p.deduce("easy")
    p.deduce()
    p.grade()
    p.grade(score=True)
    p.explain("tricky")
    p.hint({"h_edges": ["???"] * 4, "v_edges": ["????"] * 3})
    p.backbone()
    p.suggest_clues(2)
    p.verdict()
    count_solutions(p, engine="frontier")
    assert counting.built == 1
    assert p.core_board is first
    # An equal board is another object, with its own handle.
    q = Slitherlink(p.clues)
    assert q == p and q.core_board is not first and counting.built == 2


def test_a_country_board_builds_its_handle_once(monkeypatch: pytest.MonkeyPatch) -> None:
    counting = _Counting(_core.CountryBoard)
    monkeypatch.setattr(_core, "CountryBoard", counting)
    b = CountryRoad.from_regions([[0, 0, 1], [0, 2, 1], [2, 2, 1]], {0: 3})
    assert counting.built == 0
    first = b.core_board
    b.solve()
    b.solve(limit=5, stages=("region", "once"))
    b.deduce("loop")
    b.deduce()
    b.grade()
    b.explain("loop")
    b.backbone()
    for engine in country_ladder.ENGINES:
        b.count(engine)
    assert counting.built == 1
    assert b.core_board is first


# ----------------------------------------------------------------- the handle's answers are the API's


def _slither_answers(core: _core.SlitherBoard) -> Dict[str, Any]:
    return {
        "solve": core.solve(10**6),
        "propagate": [core.propagate(level) for level in _core.SLITHER_LEVELS[:-1]],
        "grade": core.grade(),
        "backbone": core.backbone(),
        "frontier": core.count_frontier()[0],
        "deduced": core.count_deduced()[0],
    }


def test_slitherlink_handles_agree_with_the_api_and_with_fresh_handles() -> None:
    rng = random.Random(19)
    solved = {0: 0, 1: 0, 2: 0}
    for _ in range(60):
        rows, cols = rng.randint(1, 4), rng.randint(1, 4)
        clues = blob_clues(rng, rows, cols)
        p = Slitherlink(grid_of(clues, cols))
        core = p.core_board
        assert (core.rows, core.cols) == (rows, cols)
        once = _slither_answers(core)
        # Asked again after every other question: the same answers, as a fresh handle's.
        assert _slither_answers(core) == once == _slither_answers(_core.SlitherBoard(rows, cols, clues))
        solutions, finished, _ = once["solve"]
        assert finished and once["frontier"] == once["deduced"] == len(solutions)
        # The public API reports what the handle answered.
        result = p.solve(limit=10**6)
        assert result.complete and [s.edges for s in result.solutions] == [tuple(s) for s in solutions]
        for level, edges in zip(_core.SLITHER_LEVELS, once["propagate"]):
            d = p.deduce(level)
            assert d.contradiction == (edges is None)
            if edges is not None:
                assert d.edges == tuple(None if e == 2 else e for e in edges)
        grade = p.grade()
        assert (grade.level, grade.solutions) == once["grade"][:2]
        backbone = p.backbone()
        assert backbone.count == once["backbone"][0] == min(len(solutions), 2)
        solved[min(len(solutions), 2)] += 1
    assert min(solved.values()) >= 5, solved


def _country_answers(core: _core.CountryBoard) -> Dict[str, Any]:
    stages = list(_core.COUNTRY_STAGES)
    return {
        "solve": core.solve(10**6, stages),
        "ladder": [core.ladder(stages[: i + 1]) for i in range(len(stages))],
        "backbone": core.backbone(),
        "cells": core.count_cells(),
        "loops": core.count_loops(),
        "frontier": core.count_frontier()[0],
        "deduced": core.count_deduced()[0],
    }


def test_country_handles_agree_with_the_api_and_with_fresh_handles() -> None:
    rng = random.Random(23)
    solved = {0: 0, 1: 0, 2: 0}
    for _ in range(50):
        rows, cols = rng.randint(2, 4), rng.randint(2, 4)
        regions, numbers = country_board(rng, rows, cols)
        b = CountryRoad.from_regions(grid_of(regions, cols), dict(enumerate(numbers)))
        _, _, regions, numbers = b.core_args()  # countries renumbered in order of first cell
        core = b.core_board
        assert (core.rows, core.cols, core.countries) == (rows, cols, len(numbers))
        once = _country_answers(core)
        fresh = _core.CountryBoard(rows, cols, regions, numbers)
        assert _country_answers(core) == once == _country_answers(fresh)
        solutions, finished, _ = once["solve"]
        # Four engines that share only geometry agree.
        assert finished and once["cells"] == once["loops"] == once["frontier"] == once["deduced"] == len(solutions)
        assert b.count("search") == b.count("cells") == len(solutions)
        result = b.solve(limit=10**6)
        assert result.complete and sorted(s.bits for s in result.solutions) == sorted(bytes(s) for s in solutions)
        assert b.backbone().count == once["backbone"][0] == min(len(solutions), 2)
        # The same map with other numbers answers as a handle built with them.
        other = [rng.choice((None, n)) for n in numbers]
        moved = core.with_numbers(other)
        assert moved.countries == core.countries
        assert _country_answers(moved) == _country_answers(_core.CountryBoard(rows, cols, regions, other))
        solved[min(len(solutions), 2)] += 1
    assert min(solved.values()) >= 3, solved


def test_with_numbers_checks_the_numbers() -> None:
    core = _core.CountryBoard(2, 2, [0, 0, 1, 1], [None, None])
    with pytest.raises(ValueError, match="one per country"):
        core.with_numbers([None])
    with pytest.raises(ValueError, match="larger than its 2 cells"):
        core.with_numbers([3, None])


# ----------------------------------------------------------------- pickling and copying


def test_a_slitherlink_board_pickles_and_copies_without_its_handle() -> None:
    p = Slitherlink([[3, 3, 1]])
    want = p.solve()
    for other in (pickle.loads(pickle.dumps(p)), copy.copy(p), copy.deepcopy(p)):
        assert other == p and hash(other) == hash(p)
        assert other.solve() == want
    back = pickle.loads(pickle.dumps(p))
    assert "_core_board" not in vars(back)  # rebuilt on first use
    assert back.core_board is not p.core_board


def test_a_country_board_pickles_and_copies_without_its_handle() -> None:
    b = CountryRoad.from_regions([["a", "a", "b"], ["a", "c", "b"], ["c", "c", "b"]], {"a": 3})
    want = b.solve()
    for other in (pickle.loads(pickle.dumps(b)), copy.copy(b), copy.deepcopy(b)):
        assert other == b and hash(other) == hash(b)
        assert other.solve() == want
    assert "_core_board" not in vars(pickle.loads(pickle.dumps(b)))
