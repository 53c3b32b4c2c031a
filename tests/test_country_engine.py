"""The incremental Country Road engine against the two brute-force counters.

The search (worklist propagation, every stage switchable) must count exactly
what the "cells" and "loops" engines count, which share nothing with it but
the board format, on a few hundred random boards up to 6 x 6 (the brute
forces' limit), with the full ladder and with weaker stage sets.
"""

from __future__ import annotations

import random
from typing import Dict, List, Optional

from loopcraft.country import CountryRoad, count_solutions
from loopcraft.country._generate import GENERATOR_VERSION, generate_puzzle

STAGE_SETS = (None, ("region", "once", "loop"), ("loop", "macro"), ("region", "once", "loop", "macro"))


def random_regions(rng: random.Random, rows: int, cols: int, k: int) -> List[List[Optional[int]]]:
    """k countries grown from random seeds by random flood; a blocked cell now and then."""
    grid: List[List[Optional[int]]] = [[None] * cols for _ in range(rows)]
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    blocked = set(rng.sample(cells, 1)) if rng.random() < 0.15 else set()
    free = [x for x in cells if x not in blocked]
    frontier = []
    for i, (r, c) in enumerate(rng.sample(free, min(k, len(free)))):
        grid[r][c] = i
        frontier.append((r, c))
    while frontier:
        r, c = frontier.pop(rng.randrange(len(frontier)))
        options = [
            (r + dr, c + dc)
            for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
            if 0 <= r + dr < rows
            and 0 <= c + dc < cols
            and (r + dr, c + dc) not in blocked
            and grid[r + dr][c + dc] is None
        ]
        if options:
            nr, nc = rng.choice(options)
            grid[nr][nc] = grid[r][c]
            frontier += [(r, c), (nr, nc)]
    return grid


def random_board(rng: random.Random) -> CountryRoad:
    rows, cols = rng.randint(3, 6), rng.randint(3, 6)
    k = rng.randint(max(2, rows * cols // 6), max(2, rows * cols // 3))
    board = CountryRoad.from_regions(random_regions(rng, rows, cols, k))
    numbers: Dict[object, int] = {}
    sols = board.solve(limit=3).solutions if rng.random() < 0.7 else ()
    if sols:
        used = rng.choice(sols).used_cells
        for rid in board.countries:
            if rng.random() < 0.6:
                numbers[rid] = sum(1 for cell in board.cells_of(rid) if cell in used)
    else:
        for rid in board.countries:
            if rng.random() < 0.3:
                numbers[rid] = rng.randint(1, board.size_of(rid))
    return board.with_numbers(numbers)


def test_search_and_both_brute_forces_agree_on_random_boards() -> None:
    rng = random.Random(20261130)
    seen = {0: 0, 1: 0, 2: 0}
    boards = 0
    for _ in range(240):
        board = random_board(rng)
        cells = count_solutions(board, engine="cells")
        loops = count_solutions(board, engine="loops")
        search = count_solutions(board, engine="search")
        assert cells == loops == search, (board.to_json(), cells, loops, search)
        # Weak stage sets search much longer on boards with many loops.
        for stages in STAGE_SETS[1:] if cells <= 50 else ():
            r = board.solve(limit=10**6, stages=stages)
            assert r.complete and r.count == cells, (board.to_json(), stages, r.count, cells)
        seen[min(cells, 2)] += 1
        boards += 1
    assert boards >= 200
    # Unsolvable, unique and ambiguous boards all occur.
    assert min(seen.values()) >= 15, seen


def test_generated_boards_record_the_generator_version() -> None:
    record = generate_puzzle(6, 6, 3).to_dict()
    assert record["generator"] == GENERATOR_VERSION
    assert isinstance(GENERATOR_VERSION, int) and GENERATOR_VERSION >= 2
