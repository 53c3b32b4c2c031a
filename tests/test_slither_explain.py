"""Slitherlink explanations and hints.

Every decision of every step agrees with every solution that brute force
(cell sets judged by the Python referee) finds on small random boards, and
follows from its premise alone (the level re-run on only the premise's clues
and edges decides it); replaying the steps reaches ``deduce(level)`` on
generated puzzles of every level and on a sample of the janko set; a position
taken from the solution with one mark flipped gives a ``mistake`` at that mark.
"""

from __future__ import annotations

import random
from typing import Dict, List, Optional, Sequence, Set, Tuple

import pytest

from loopcraft import ArgumentError, ArgumentTypeError, Explanation, Position, Rule, _core
from loopcraft.slitherlink import LEVELS, RULES, Slitherlink, Solution, check, generate

DEDUCTION_LEVELS = LEVELS[:-1]
#: Rules seen by the tests of this module (checked last).
SEEN: Set[str] = set()


def _record(e: Explanation) -> None:
    for s in e.steps:
        SEEN.add(s.rule)
        if s.because is not None:
            _record(s.because)


def _edge_values(board: Slitherlink, marks: Dict[Tuple[object, ...], int]) -> List[Optional[int]]:
    """Per edge in grid order (h rows then v rows), the value of ``marks`` or None."""
    R, C = board.rows, board.cols
    out: List[Optional[int]] = [marks.get(("h", r, c)) for r in range(R + 1) for c in range(C)]
    out += [marks.get(("v", r, c)) for r in range(R) for c in range(C + 1)]
    return out


def _inside(bits: int, R: int, C: int, r: int, c: int) -> bool:
    return 0 <= r < R and 0 <= c < C and (bits >> (r * C + c)) & 1 == 1


def _brute_force(board: Slitherlink) -> List[Tuple[int, ...]]:
    """Every solution: the boundary of each set of cells, kept when the referee accepts it."""
    R, C = board.rows, board.cols
    out = []
    for bits in range(1, 1 << (R * C)):
        h = [int(_inside(bits, R, C, r - 1, c) != _inside(bits, R, C, r, c)) for r in range(R + 1) for c in range(C)]
        v = [int(_inside(bits, R, C, r, c - 1) != _inside(bits, R, C, r, c)) for r in range(R) for c in range(C + 1)]
        edges = tuple(h + v)
        if check(board, Solution(R, C, edges)).ok:
            out.append(edges)
    return out


def _random_board(rng: random.Random, R: int, C: int) -> Slitherlink:
    """Clues counted from a random cell set's boundary, some blanked, sometimes one changed."""
    bits = rng.randrange(1, 1 << (R * C))
    inside = lambda r, c: 0 <= r < R and 0 <= c < C and (bits >> (r * C + c)) & 1 == 1  # noqa: E731
    density = rng.uniform(0.3, 1.0)
    clues: List[List[Optional[int]]] = []
    for r in range(R):
        row: List[Optional[int]] = []
        for c in range(C):
            n = sum(inside(r, c) != inside(r + dr, c + dc) for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)))
            row.append(n if rng.random() < density else None)
        clues.append(row)
    if rng.random() < 0.2:
        clues[rng.randrange(R)][rng.randrange(C)] = rng.randrange(5)
    return Slitherlink(clues)


def test_rules_come_from_the_core_and_name_levels() -> None:
    assert all(isinstance(r, Rule) for r in RULES)
    assert [r.name for r in RULES] == [n for n, _, _ in _core.SLITHER_RULES]
    assert len({r.name for r in RULES}) == len(RULES)
    assert all(r.level in LEVELS and r.description for r in RULES)


def test_steps_are_sound_on_small_random_boards_and_follow_from_their_premise() -> None:
    rng = random.Random(5)
    for R, C in [(1, 3), (2, 2), (2, 3), (3, 3), (3, 4)]:
        for _ in range(12 if R * C < 12 else 6):
            board = _random_board(rng, R, C)
            solutions = _brute_force(board)
            for level in DEDUCTION_LEVELS:
                e = board.explain(level)
                d = board.deduce(level)
                assert e.contradiction == d.contradiction, (board.clues, level)
                if not solutions:
                    continue
                assert not e.contradiction
                _record(e)
                replayed = e.replay()
                assert _edge_values(board, dict(replayed.marks)) == list(d.edges), (board.clues, level)
                for i, step in enumerate(e.steps):
                    assert step.decided, step
                    for s in solutions:
                        for k, v in step.decided.items():
                            assert s[_index(board, k)] == v, (board.clues, level, step.text)
                    _premise_check(board, e, i, level)


def _index(board: Slitherlink, key: Tuple[object, ...]) -> int:
    kind, r, c = key
    assert isinstance(r, int) and isinstance(c, int)
    if kind == "h":
        return r * board.cols + c
    return (board.rows + 1) * board.cols + r * (board.cols + 1) + c


def _premise_check(board: Slitherlink, e: Explanation, i: int, level: str) -> None:
    """The level re-run from only step ``i``'s premise (its clues and the
    values its edges had) decides what the step decided."""
    step = e.steps[i]
    before: Dict[Tuple[object, ...], int] = {}
    for s in e.steps[:i]:
        before.update(s.decided)
    R, C = board.rows, board.cols
    clues: List[Optional[int]] = [None] * (R * C)
    position = bytearray(b"\x02" * board.num_edges)
    for k in step.premise:
        if k[0] == "clue":
            clues[k[1] * C + k[2]] = board.clues[k[1]][k[2]]
        else:
            assert k in before, (step.text, k)
            position[_index(board, k)] = before[k]
    assert not set(step.decided) & step.premise
    flat, finished = _core.SlitherBoard(R, C, clues).explain(level, bytes(position))
    assert finished and flat is not None, step.text
    got: Dict[int, int] = {}
    for _, _, _, _, decided, _, parent in flat:
        if parent == -1:
            got.update(dict(decided))
    for k, v in step.decided.items():
        assert got.get(_index(board, k)) == v, (board.clues, level, step.text)


@pytest.mark.parametrize("level", DEDUCTION_LEVELS)
def test_replay_reaches_the_fixpoint_on_generated_puzzles(level: str) -> None:
    for size, seed in [(5, 1), (7, 2)]:
        board = generate(size, size, seed=seed, grade=level, time_limit=20)
        for lv in DEDUCTION_LEVELS[: DEDUCTION_LEVELS.index(level) + 1]:
            e = board.explain(lv)
            _record(e)
            assert _edge_values(board, dict(e.replay().marks)) == list(board.deduce(lv).edges), (size, seed, lv)
        # Steps come easiest first: each rule's level is at most the level explained.
        assert all(LEVELS.index(s.level) <= LEVELS.index(level) for s in e.steps)


def test_replay_reaches_the_fixpoint_on_a_janko_sample(load_external) -> None:  # type: ignore[no-untyped-def]
    data = load_external("puzzlekit/Slitherlink_dataset.json")["data"]
    keys = sorted(data)[::60]
    checked = 0
    for key in keys:
        board = Slitherlink.from_puzzlekit(data[key]["problem"])
        if board.rows * board.cols > 400:
            continue
        for lv in ("easy", "tricky", "colour"):
            e = board.explain(lv)
            _record(e)
            assert _edge_values(board, dict(e.replay().marks)) == list(board.deduce(lv).edges), (key, lv)
        checked += 1
    assert checked >= 10


def _full_position(board: Slitherlink, edges: Sequence[int]) -> Dict[Tuple[object, ...], int]:
    R, C = board.rows, board.cols
    keys = [("h", r, c) for r in range(R + 1) for c in range(C)] + [("v", r, c) for r in range(R) for c in range(C + 1)]
    return dict(zip(keys, edges))


def test_one_flipped_mark_is_a_mistake_at_that_mark() -> None:
    rng = random.Random(3)
    for seed in range(4):
        board = generate(6, 6, seed=seed, grade="tricky")
        solution = board.solve().solution
        assert solution is not None
        marks = _full_position(board, solution.edges)
        pos = Position("slitherlink", 6, 6, marks)
        assert board.hint(pos) is None  # solved
        keys = sorted(marks)
        for _ in range(3):
            k = rng.choice(keys)
            flipped = dict(marks)
            flipped[k] = 1 - flipped[k]
            step = board.hint(Position("slitherlink", 6, 6, flipped))
            assert step is not None and step.rule == "mistake", k
            assert step.premise == {k}
            SEEN.add(step.rule)
            # A partial position: a few correct marks and the flipped one.
            partial = {x: marks[x] for x in rng.sample(keys, 10) if x != k}
            partial[k] = 1 - marks[k]
            step = board.hint(Position("slitherlink", 6, 6, partial).to_dict())
            assert step is not None and step.rule == "mistake" and step.premise == {k}


def test_hints_from_partial_positions_are_new_sound_and_easiest() -> None:
    board = generate(7, 7, seed=11, grade="hard")
    solution = board.solve().solution
    assert solution is not None
    marks = _full_position(board, solution.edges)
    rng = random.Random(1)
    keys = sorted(marks)
    for n in (0, 10, 40):
        pos = Position("slitherlink", 7, 7, {k: marks[k] for k in rng.sample(keys, n)})
        step = board.hint(pos)
        assert step is not None
        assert step.decided and not set(step.decided) & set(pos.marks)
        assert all(marks[k] == v for k, v in step.decided.items())
        assert set(k for k in step.premise if k[0] in "hv") <= set(pos.marks)
        if n == 0:
            assert step == board.explain().steps[0]
    # Walking the hints solves the puzzle.
    pos = Position("slitherlink", 7, 7)
    for _ in range(500):
        step = board.hint(pos)
        if step is None:
            break
        SEEN.add(step.rule)
        pos = pos.with_marks(step.decided)
    assert step is None
    assert all(marks[k] == v for k, v in pos.marks.items())


def test_search_hint_when_no_rule_decides() -> None:
    board = generate(7, 7, seed=1, grade="search")
    assert board.grade().level == "search"
    pos = Position("slitherlink", 7, 7)
    for _ in range(200):
        step = board.hint(pos)
        if step is None or step.rule == "search":
            break
        pos = pos.with_marks(step.decided)
    assert step is not None and step.rule == "search"
    solution = board.solve().solution
    assert solution is not None
    assert all(solution.edges[_index(board, k)] == v for k, v in step.decided.items())
    SEEN.add(step.rule)


def test_no_solution_hint_on_a_puzzle_without_one() -> None:
    # The corner 3 needs a line on the side it shares with the 0.
    board = Slitherlink([[3, 0, None], [None, None, None], [None, None, 2]])
    assert board.solve().count == 0
    step = board.hint(Position("slitherlink", 3, 3))
    assert step is not None and step.rule == "no-solution" and not step.decided
    SEEN.add(step.rule)


def test_trial_steps_carry_their_refutation() -> None:
    board = generate(6, 6, seed=4, grade="trial")
    e = board.explain("trial")
    trials = [s for s in e.steps if s.rule == "trial"]
    assert trials
    for s in trials:
        assert s.because is not None and s.because.contradiction
        assert s.because.steps and s.because.steps[-1].contradiction
        assert s.place in s.decided
    _record(e)


def test_pictures_show_premise_and_decisions() -> None:
    board = generate(5, 5, seed=1, grade="tricky")
    e = board.explain()
    svg = e.to_svg(len(e) - 1)
    assert "decided" in svg and "<title>" in svg
    assert svg.count('class="loop decided"') + svg.count('class="cross decided"') == len(e.steps[-1].decided)


def test_bad_positions_and_levels_are_refused() -> None:
    board = Slitherlink([[3, 3, 1]])
    with pytest.raises(ArgumentError):
        board.explain("search")
    with pytest.raises(ArgumentError):
        board.hint({"h_edges": ["??", "??"], "v_edges": ["???"]})
    with pytest.raises(ArgumentError):
        board.hint({"h_edges": ["??x", "???"], "v_edges": ["????"]})
    with pytest.raises(ArgumentTypeError):
        board.hint(["???"])
    with pytest.raises(ArgumentError):
        board.hint({"right": ["??"], "down": []})
    p = Position.from_dict({"h_edges": ["1?0", "???"], "v_edges": ["?1??"]})
    assert Position.from_dict(p.to_dict()) == p


def test_every_rule_is_used() -> None:
    # Runs last in this module (pytest keeps file order).
    missing = {r.name for r in RULES} - SEEN
    assert not missing, missing


def test_sentences_name_sides_from_the_steps_own_cell_or_dot() -> None:
    """A 0 crosses its four sides, and a sentence that starts at a cell or a
    dot names that place's own sides from it ("its top side", "the side
    below it"); other sides keep their row and column. Each near name must
    be one of the step's decided sides of that place."""
    board = Slitherlink([[None, None, None], [None, 0, None], [None, None, None]])
    first = next(s for s in board.explain() if s.rule == "number")
    assert first.text == "The 0 at row 2, column 2 counting its lines and crosses: crosses on all four of its sides."
    seen_dot = seen_cell = False
    for seed in range(6):
        for step in generate(6, 6, seed=seed).explain():
            if step.text.startswith("The dot at ") and "the side " in step.text:
                seen_dot = True
                assert step.place is not None and step.place[0] == "point"
                _, r, c = step.place
                near = {("h", r, c), ("h", r, c - 1), ("v", r, c), ("v", r - 1, c)}
                assert any(k in near for k in step.decided), step.text
            if " its " in step.text and step.place is not None and step.place[0] == "cell":
                seen_cell = True
                _, r, c = step.place
                sides = {("h", r, c), ("h", r + 1, c), ("v", r, c), ("v", r, c + 1)}
                assert any(k in sides for k in step.decided), step.text
    assert seen_dot and seen_cell
