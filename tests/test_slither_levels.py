"""Slitherlink levels: the ladder, the score, Loopy's game IDs and Loopy's own levels.

The 336 puzzles of ``../shared/peers/tatham/generated.jsonl`` were made by
Simon Tatham's Loopy at a known level (Easy, Normal, Tricky, Hard): their IDs
must read and write back exactly, and loopcraft's grade of them must agree
with Loopy's (the calibration target: at least 80% equal, never more than one
level away). Soundness of each level against brute force is in
``test_slither_solve.py``.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any, Dict, List

import pytest

from loopcraft import _core
from loopcraft.slitherlink import LEVELS, Slitherlink

LOOPY_LEVELS = ("easy", "normal", "tricky", "hard")


@pytest.fixture(scope="module")
def loopy_puzzles(shared_dir: Path) -> List[Dict[str, Any]]:
    path = shared_dir / "peers" / "tatham" / "generated.jsonl"
    with open(path, encoding="utf-8") as f:
        rows = [json.loads(line) for line in f if line.strip()]
    assert len(rows) == 336
    return rows


def test_the_ladder_is_the_cores():
    assert LEVELS == ("easy", "normal", "tricky", "hard", "colour", "trial", "search")
    assert tuple(_core.SLITHER_LEVELS) == LEVELS


def test_loopy_ids_read_and_write_back_exactly(loopy_puzzles):
    for row in loopy_puzzles:
        gid = row["id"]
        p = Slitherlink.from_tatham(gid)
        assert p.to_tatham() == gid
        assert p.clue_count == row["clues"] and p.rows * p.cols == row["cells"]
        # With the full params (difficulty suffix), as a midend's "full" ID.
        full = row["params"] + gid[gid.index(":") :]
        assert full != gid and Slitherlink.from_tatham(full) == p


def test_loopcraft_levels_agree_with_loopys(loopy_puzzles):
    """The calibration target on every stored Loopy puzzle up to 20 x 20."""
    table: Counter = Counter()
    for row in loopy_puzzles:
        p = Slitherlink.from_tatham(row["id"])
        if max(p.rows, p.cols) > 20:
            continue
        g = p.grade()
        assert g.unique
        table[(row["difficulty"], g.level)] += 1
    total = sum(table.values())
    same = sum(n for (want, got), n in table.items() if want == got)
    far = sum(n for (want, got), n in table.items() if abs(LEVELS.index(want) - LEVELS.index(got)) > 1)
    assert total == 320
    assert same >= 0.8 * total, table
    assert far == 0, table
    # Each of Loopy's levels is mostly ours too (the table is not one column).
    for level in LOOPY_LEVELS:
        row_total = sum(n for (want, _), n in table.items() if want == level)
        assert table[(level, level)] >= 0.8 * row_total, (level, table)


def test_score_orders_within_the_level(loopy_puzzles):
    for row in loopy_puzzles[::7]:
        g = Slitherlink.from_tatham(row["id"]).grade()
        assert g.score is not None
        assert g.index <= g.score < g.index + 1


def test_levels_solve_more_as_they_climb(loopy_puzzles):
    """Each level decides at least what the one below decides, on real puzzles."""
    for row in loopy_puzzles[::5]:
        p = Slitherlink.from_tatham(row["id"])
        decided = [p.deduce(level).decided for level in LEVELS[:-1]]
        assert decided == sorted(decided)
        assert p.deduce(row["difficulty"]).solved


def test_named_patterns_land_at_their_levels():
    # A 0: counting alone clears its four sides.
    assert Slitherlink([[0, None], [None, None]]).deduce("easy").decided >= 4
    # A 3 or a 1 in a corner of the board: the corner point's two sides are
    # "both or neither", which tricky reads and normal does not.
    for clue, value in ((3, 1), (1, 0)):
        corner = Slitherlink([[clue, None, None], [None, None, None], [None, None, None]])
        assert corner.deduce("normal").decided == 0
        d = corner.deduce("tricky")
        assert d.edges[0] == value and d.edges[12] == value  # top and left sides of the corner cell
    # Adjacent 3s whose two-cell loop misses the 2: the side between them is a line at colour.
    rows, cols = 3, 5
    threes = Slitherlink([[None] * 5, [None, 3, 3, None, None], [None, None, None, None, 2]])
    middle = (rows + 1) * cols + 1 * (cols + 1) + 2  # V(1, 2)
    assert threes.deduce("hard").edges[middle] is None
    assert threes.deduce("colour").edges[middle] == 1
