"""Country Road explanations and hints.

Every decision agrees with every solution of small random boards (all of
them, from a complete search, each checked by the Python referee); replaying
the steps reaches ``deduce(level)`` on random boards, generated puzzles and a
janko sample; a position from the solution with one mark flipped gives a
``mistake`` at that mark; every rule of ``RULES`` is used. (The Rust tests
also check each step against brute force and re-derive it from its premise
alone.)
"""

from __future__ import annotations

import random
from typing import Dict, List, Set, Tuple

import pytest

from loopcraft import ArgumentError, Explanation, Position, Rule, Step, _core
from loopcraft.country import LEVELS, RULES, CountryRoad, generate
from test_country_engine import random_board

DEDUCTION_LEVELS = LEVELS[:-1]
SEEN: Set[str] = set()


def _record(e: Explanation) -> None:
    for s in e.steps:
        SEEN.add(s.rule)
        if s.because is not None:
            _record(s.because)


def _values(board: CountryRoad, marks: Dict[Tuple[object, ...], int]) -> Tuple[List[int], List[int]]:
    """Cells and edges in the core's order, 2 where unmarked."""
    R, C = board.rows, board.cols
    cells = [marks.get(("cell", r, c), 2) for r in range(R) for c in range(C)]
    edges = [marks.get(("right", r, c), 2) for r in range(R) for c in range(C - 1)]
    edges += [marks.get(("down", r, c), 2) for r in range(R - 1) for c in range(C)]
    return cells, edges


def _solution_marks(board: CountryRoad, loop: object) -> Dict[Tuple[object, ...], int]:
    R, C = board.rows, board.cols
    pairs = set(loop.pairs)  # type: ignore[attr-defined]
    used = loop.used_cells  # type: ignore[attr-defined]
    marks: Dict[Tuple[object, ...], int] = {}
    for r in range(R):
        for c in range(C):
            marks[("cell", r, c)] = int((r, c) in used)
            if c + 1 < C:
                marks[("right", r, c)] = int(((r, c), (r, c + 1)) in pairs)
            if r + 1 < R:
                marks[("down", r, c)] = int(((r, c), (r + 1, c)) in pairs)
    return marks


def _check_replay(board: CountryRoad, level: str) -> Explanation:
    e = board.explain(level)
    d = board.deduce(level)
    assert e.contradiction == d.contradiction, (board.to_json(), level)
    if not e.contradiction:
        cells, edges = _values(board, dict(e.replay().marks))
        assert cells == list(d.cells) and edges == list(d.edges), (board.to_json(), level)
    _record(e)
    return e


def test_rules_come_from_the_core_and_name_levels() -> None:
    assert all(isinstance(r, Rule) for r in RULES)
    assert [r.name for r in RULES] == [n for n, _, _ in _core.COUNTRY_RULES]
    assert all(r.level in LEVELS and r.description for r in RULES)


def test_steps_are_sound_and_replay_to_the_fixpoint_on_random_boards() -> None:
    rng = random.Random(21)
    for _ in range(25):
        board = random_board(rng)
        result = board.solve(limit=10**4)
        assert result.complete
        solutions = [_solution_marks(board, s) for s in result.solutions]
        for s in result.solutions:
            assert board.check(s).ok
        for level in DEDUCTION_LEVELS:
            e = _check_replay(board, level)
            if not solutions:
                continue
            for step in e.steps:
                for sol in solutions:
                    for k, v in step.decided.items():
                        assert sol[k] == v, (board.to_json(), level, step.text)


@pytest.mark.parametrize("level", ["loop", "macro", "probe"])
def test_replay_reaches_the_fixpoint_on_generated_puzzles(level: str) -> None:
    # Puzzles graded region or once are rare (the generator finds none on
    # small boards): their levels are explained on these too.
    for size, seed in [(5, 3), (6, 5)]:
        board = generate(size, size, seed=seed, grade=level, time_limit=20)
        for lv in DEDUCTION_LEVELS[: DEDUCTION_LEVELS.index(level) + 1]:
            _check_replay(board, lv)


def test_replay_reaches_the_fixpoint_on_a_janko_sample(load_external) -> None:  # type: ignore[no-untyped-def]
    data = load_external("puzzlekit/CountryRoad_dataset.json")["data"]
    checked = 0
    for key in sorted(data)[::15]:
        board = CountryRoad.from_puzzlekit(data[key]["problem"])
        if board.rows * board.cols > 150:
            continue
        for lv in ("once", "macro", "probe"):
            _check_replay(board, lv)
        checked += 1
    assert checked >= 5


def test_reach_explains_a_bridge() -> None:
    # The left pocket holds all of country 1: the loop stays there, and reach
    # cuts the bridge and the far side.
    board = CountryRoad.from_regions([[1, 1, None, 0, 0], [1, 0, 0, 0, 0], [0, 0, None, 0, 0]])
    e = _check_replay(board, "loop")
    assert "reach" in e.rules()


def test_one_flipped_mark_is_a_mistake_at_that_mark() -> None:
    rng = random.Random(4)
    for seed in range(3):
        board = generate(6, 6, seed=seed)
        solution = board.solve().solution
        assert solution is not None
        marks = _solution_marks(board, solution)
        assert board.hint(Position("country", 6, 6, marks)) is None
        keys = sorted(marks)
        for _ in range(3):
            k = rng.choice(keys)
            flipped = dict(marks)
            flipped[k] = 1 - flipped[k]
            step = board.hint(Position("country", 6, 6, flipped))
            assert step is not None and step.rule == "mistake" and step.premise == {k}, k
            SEEN.add(step.rule)
            partial = {x: marks[x] for x in rng.sample(keys, 8) if x != k}
            partial[k] = 1 - marks[k]
            step = board.hint(Position("country", 6, 6, partial).to_dict())
            assert step is not None and step.rule == "mistake" and step.premise == {k}


def test_hints_walk_to_the_solution() -> None:
    board = generate(6, 6, seed=7)
    solution = board.solve().solution
    assert solution is not None
    marks = _solution_marks(board, solution)
    pos = Position("country", 6, 6)
    assert board.hint(pos) == board.explain().steps[0]
    for _ in range(300):
        step = board.hint(pos)
        if step is None:
            break
        SEEN.add(step.rule)
        assert step.decided and all(marks[k] == v for k, v in step.decided.items())
        pos = pos.with_marks(step.decided)
    assert step is None


def test_search_hint_when_no_rule_decides() -> None:
    # Found among random boards: one solution, and the ladder stops short.
    board = CountryRoad.from_url("https://puzz.link/p?country/4/6/m9mgc11v5g6j")
    assert board.grade().level == "search"
    pos = Position("country", board.rows, board.cols)
    for _ in range(300):
        step = board.hint(pos)
        if step is None or step.rule == "search":
            break
        pos = pos.with_marks(step.decided)
    assert step is not None and step.rule == "search"
    SEEN.add(step.rule)


def test_no_solution_hint_on_a_puzzle_without_one() -> None:
    # Country 0 is numbered 0, yet the loop must visit it.
    board = CountryRoad.from_regions([[0, 0, 1], [0, 0, 1], [1, 1, 1]], {0: 0})
    assert board.solve().count == 0
    step = board.hint(Position("country", 3, 3))
    assert step is not None and step.rule == "no-solution" and not step.decided
    SEEN.add(step.rule)


def test_pictures_show_used_cells_in_deductions_and_steps() -> None:
    board = generate(10, 10, seed=4)
    d = board.deduce("loop")
    used = sum(1 for v in d.cells if v == 1)
    assert used > 0
    assert d.to_svg().count('class="used"') == used
    e = board.explain("loop")
    step = next(s for s in e.steps if 1 in s.decided.values())
    svg = step.to_svg()
    assert 'decided"' in svg


def test_bad_positions_are_refused() -> None:
    board = CountryRoad.from_regions([[0, 0], [1, 1]])
    with pytest.raises(ArgumentError):
        board.hint({"h_edges": ["??", "??", "??"], "v_edges": ["???", "???"]})
    with pytest.raises(ArgumentError):
        board.hint({"right": ["?", "?", "?"], "down": ["??", "??"]})
    with pytest.raises(ArgumentError):
        board.explain("search")
    p = Position.from_dict({"right": ["1", "0"], "down": ["??"], "cells": ["1?", "??"]})
    assert Position.from_dict(p.to_dict()) == p


def test_every_rule_is_used() -> None:
    missing = {r.name for r in RULES} - SEEN
    assert not missing, missing


def test_grade_score_weighs_the_explanation() -> None:
    """``grade(score=True)``: the level's index plus d / (1 + d), d the steps
    weighed 8 ** level (a trial adds its refutation's) per unknown."""

    def weight(steps: Tuple[Step, ...]) -> int:
        return sum(8 ** LEVELS.index(s.level) + (weight(s.because.steps) if s.because else 0) for s in steps)

    for seed in range(4):
        p = generate(6, 6, seed=seed)
        assert p.grade().score is None
        g = p.grade(score=True)
        assert g.level == p.grade().level
        assert g.score is not None and g.index <= g.score < g.index + 1
        e = p.explain(g.level if g.level != "search" else None)
        d = weight(e.steps) / (36 + 30 + 30)
        assert g.score == pytest.approx(g.index + d / (1 + d))


def test_sentences_name_lines_from_the_steps_own_cell() -> None:
    """A step at a cell names the lines from that cell by direction ("to its
    right", "below it"), and only lines that touch the cell."""
    seen = False
    for seed in range(4):
        for step in generate(6, 6, seed=seed).explain():
            if step.place is None or step.place[0] != "cell":
                continue
            for word, delta in (("to its right", (0, 1)), ("to its left", (0, -1)), ("below it", (1, 0))):
                if word in step.text:
                    seen = True
                    r, c = step.place[1] + delta[0], step.place[2] + delta[1]
                    lo = min((step.place[1], step.place[2]), (r, c))
                    kind = "right" if delta[0] == 0 else "down"
                    assert (kind, *lo) in step.decided, step.text
    assert seen
