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
    by_level: Dict[str, List[float]] = {}
    for row in loopy_puzzles[::7]:
        p = Slitherlink.from_tatham(row["id"])
        assert p.grade().score is None  # off by default: grade stays cheap
        g = p.grade(score=True)
        assert g.level == p.grade().level
        assert g.score is not None
        assert g.index <= g.score < g.index + 1
        # Recount the weight from the explanation's steps, by hand.
        steps = p.explain(g.level).steps
        weight = sum(8 ** LEVELS.index(s.level) for s in steps)
        sides = (p.rows + 1) * p.cols + p.rows * (p.cols + 1)
        d = weight / sides
        assert g.score == pytest.approx(g.index + d / (1 + d))
        by_level.setdefault(g.level, []).append(d)
    # The weight per side follows Loopy's levels on Loopy's puzzles, even
    # without the level's index: every hard puzzle outweighs every easy one.
    assert max(by_level["easy"]) < min(by_level["tricky"])
    assert max(by_level["easy"]) < min(by_level["hard"])


def test_score_function_orders_and_stays_in_the_level():
    from loopcraft._explain import score

    values = [score(3, w, 100) for w in (0, 1, 10, 100, 10**4, 10**9, 10**30)]
    assert values == sorted(values)
    assert values[0] == 3
    assert all(3 <= v < 4 for v in values)
    assert score(5, 10**30, 1) < 6


def test_score_flag_is_checked():
    from loopcraft.errors import ArgumentTypeError

    with pytest.raises(ArgumentTypeError):
        Slitherlink([[3, 3, 1]]).grade(score="yes")  # type: ignore[arg-type]


def test_score_counts_a_trial_refutation():
    """A trial step weighs its level plus the steps of its refutation."""
    from loopcraft._explain import Explanation, Step

    inner = Explanation("trial", (Step("number", "easy", frozenset(), {}, "x"),))
    outer = Explanation("trial", (Step("trial", "trial", frozenset(), {}, "y", because=inner),))
    assert outer.weight(LEVELS) == 8**5 + 1


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
