"""The stateful Country Road handle (``_ladder.RegionMap`` over ``_core.CountryBoard``).

A map keeps a board's geometry and region graph in the core between calls;
every answer it gives must equal the one-shot call's on the same board. A
known loop only guides the probe: the fixpoints stay the same, with fewer
hypotheses tried.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import List, Optional

import pytest

from loopcraft.country import CountryRoad, _ladder
from loopcraft.country._generate import generate_puzzle
from loopcraft.errors import ArgumentError

LEVEL_PREFIXES = [_ladder.STAGES[: i + 1] for i in range(len(_ladder.STAGES))]


@pytest.mark.parametrize("seed", range(6))
def test_a_guided_map_gives_the_one_shot_fixpoints(seed: int) -> None:
    g = generate_puzzle(7, 7, seed=seed)
    rows, cols, regions, numbers = g.board.core_args()
    guided = _ladder.RegionMap(rows, cols, regions, g.solution_bits)
    plain = _ladder.RegionMap(rows, cols, regions)
    assert guided.countries == len(numbers)
    rng = random.Random(seed)
    full: List[Optional[int]] = list(g.full_numbers)
    # The puzzle's numbers, every number, and random subsets of them: the
    # loop solves each, so each run is guided.
    sets = [numbers, full] + [[n if rng.random() < 0.5 else None for n in full] for _ in range(4)]
    fewer = 0
    for nums in sets:
        for stages in LEVEL_PREFIXES:
            want = _ladder.deduce(rows, cols, regions, nums, stages)
            got = guided.deduce(nums, stages)
            assert (got.cells, got.edges, got.contradiction) == (want.cells, want.edges, want.contradiction)
            assert plain.deduce(nums, stages) == want
            assert got.probe_hypotheses <= want.probe_hypotheses
            fewer += got.probe_hypotheses < want.probe_hypotheses
    assert fewer > 0, "the known loop never saved a hypothesis"
    assert guided.completes(numbers, _ladder.STAGES)
    assert guided.grade(numbers) == _ladder.grade(rows, cols, regions, numbers)
    assert guided.grade_of(numbers) == g.grade


def test_a_map_solves_as_the_one_shot_search(shared_dir: Path) -> None:
    with open(shared_dir / "external" / "puzzlekit" / "CountryRoad_dataset.json", encoding="utf-8") as f:
        data = json.load(f)["data"]
    items = sorted(data.items())
    for _, entry in items[:: len(items) // 25]:
        board = CountryRoad.from_puzzlekit(entry["problem"])
        rows, cols, regions, numbers = board.core_args()
        m = _ladder.RegionMap(rows, cols, regions)
        for limit in (1, 2):
            want = _ladder.solve(rows, cols, regions, numbers, limit)
            got = m.solve(numbers, limit)
            assert (got.count, got.complete, got.unique, got.solutions) == (
                want.count,
                want.complete,
                want.unique,
                want.solutions,
            )
        # The same map with no number at all.
        none: List[Optional[int]] = [None] * len(numbers)
        assert m.deduce(none) == _ladder.deduce(rows, cols, regions, none)


def test_a_loop_that_does_not_fit_the_numbers_is_only_not_used() -> None:
    g = generate_puzzle(6, 6, seed=3)
    rows, cols, regions, _ = g.board.core_args()
    m = _ladder.RegionMap(rows, cols, regions, g.solution_bits)
    # Every number off by one where possible: the loop is no solution of these.
    wrong = [n - 1 if n > 1 else None for n in g.full_numbers]
    assert m.deduce(wrong) == _ladder.deduce(rows, cols, regions, wrong)


def test_bad_maps_and_numbers_are_argument_errors() -> None:
    g = generate_puzzle(6, 6, seed=1)
    rows, cols, regions, numbers = g.board.core_args()
    bits = bytearray(g.solution_bits)
    with pytest.raises(ArgumentError, match="not a solution"):
        _ladder.RegionMap(rows, cols, regions, bytes(bits[:-1]) + bytes([1 - bits[-1]]))
    with pytest.raises(ArgumentError, match="edge entries"):
        _ladder.RegionMap(rows, cols, regions, bytes(bits[:-1]))
    bits[0] = 2
    with pytest.raises(ArgumentError, match="0 or 1"):
        _ladder.RegionMap(rows, cols, regions, bytes(bits))
    m = _ladder.RegionMap(rows, cols, regions)
    with pytest.raises(ArgumentError, match="one per country"):
        m.deduce(numbers[:-1])
    with pytest.raises(ArgumentError, match="larger than"):
        m.deduce([rows * cols] * len(numbers))
    with pytest.raises(ArgumentError, match="unknown stage"):
        m.deduce(numbers, ("nope",))
    with pytest.raises(ArgumentError):
        m.solve(numbers, 0)
    with pytest.raises(ArgumentError):
        _ladder.RegionMap(1, 5, [0] * 5)
