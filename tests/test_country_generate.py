"""The Country Road generator: legal, unique (checked without the ladder), seeded."""

from __future__ import annotations

import pytest

from loopcraft import _core
from loopcraft.country import STAGES, CountryRoad, check, generate, generate_puzzle
from loopcraft.country._generate import grade_stages
from loopcraft.country._ladder import completes
from loopcraft.errors import GenerationTimeout, NoPuzzleFound
from test_country_generate_rules import countries_connected, violations


def flat(p):
    return p.board.core_args()


def assert_legal(p):
    rows, cols, regions, numbers = flat(p)
    assert countries_connected(rows, cols, regions)
    assert violations(rows, cols, regions, numbers, p.solution_bits) == []
    # And the package's own referee agrees.
    assert check(p.board, p.solution).ok
    # The stored number list is the answer's, with some deleted.
    used = [0] * len(numbers)
    for cell in p.loop:
        used[regions[cell]] += 1
    assert list(p.full_numbers) == used
    assert all(n is None or n == u for n, u in zip(numbers, used))


# Hundreds of small boards, uniqueness by the cell-first brute force (no ladder).
@pytest.mark.parametrize(
    "rows,cols,seeds", [(4, 4, range(120)), (5, 5, range(100)), (4, 6, range(40)), (6, 6, range(60))]
)
def test_generated_boards_are_legal_and_unique_by_brute_force(rows, cols, seeds):
    for seed in seeds:
        order = "random" if seed % 2 else "adversarial"
        p = generate_puzzle(rows, cols, seed, order=order)
        assert_legal(p)
        r, c, regions, numbers = flat(p)
        assert _core.CountryBoard(r, c, regions, numbers).count_cells(2) == 1, (
            f"{rows}x{cols} seed {seed} is not unique"
        )


def test_loop_first_brute_force_agrees_on_some_boards():
    for seed in range(25):
        p = generate_puzzle(5, 5, seed)
        r, c, regions, numbers = flat(p)
        assert _core.CountryBoard(r, c, regions, numbers).count_loops(2) == 1


def test_deleting_one_more_number_breaks_the_ladder():
    """Deletion ran to the end: every number left is needed by the ladder."""
    for seed in range(10):
        p = generate_puzzle(6, 6, seed, order="random")
        rows, cols, regions, numbers = flat(p)
        for k, n in enumerate(numbers):
            if n is not None:
                trial = list(numbers)
                trial[k] = None
                assert not completes(rows, cols, regions, trial, STAGES)


@pytest.mark.parametrize("rows,cols", [(8, 8), (10, 10), (7, 12)])
def test_larger_boards(rows, cols):
    p = generate_puzzle(rows, cols, "large")
    assert_legal(p)
    assert p.board.deduce().solved


def test_same_seed_same_board():
    a = generate_puzzle(7, 7, "reproducible")
    b = generate_puzzle(7, 7, "reproducible")
    assert a == b and a.board == b.board and a.solution_bits == b.solution_bits
    assert generate(7, 7, 12345) == generate(7, 7, 12345)
    assert generate(7, 7, 1) != generate(7, 7, 2)
    # Independent of the time budget when it does not run out.
    assert generate(7, 7, "reproducible", time_limit=60) == a.board


def test_generate_returns_a_board():
    board = generate(6, 6, 3)
    assert isinstance(board, CountryRoad)
    assert board.is_unique()


def test_country_size_option():
    small = generate_puzzle(8, 8, 0, country_size=2.5)
    big = generate_puzzle(8, 8, 0, country_size=6.0)
    # Refinement adds countries where the ladder is stuck: near the request, not exact.
    assert 2.5 * 0.6 <= 64 / len(small.full_numbers) <= 2.5 / 0.6
    assert 6.0 * 0.6 <= 64 / len(big.full_numbers) <= 6.0 / 0.6
    assert len(small.full_numbers) > len(big.full_numbers)


# "region" and "once" alone never decide the loop's way through a country (see the
# ladder reach table), so no loop-first board has those grades.
@pytest.mark.parametrize("grade", ["loop", "macro", "probe"])
def test_target_grade(grade):
    p = generate_puzzle(6, 6, f"grade-{grade}", grade=grade, attempts=200)
    assert p.grade == grade
    rows, cols, regions, numbers = flat(p)
    assert completes(rows, cols, regions, numbers, grade_stages(grade))
    i = STAGES.index(grade)
    if i:
        assert not completes(rows, cols, regions, numbers, STAGES[:i])


def test_time_budget():
    with pytest.raises(GenerationTimeout, match="time budget"):
        generate(12, 12, 0, time_limit=0)


def test_attempts_run_out():
    with pytest.raises(NoPuzzleFound, match="of grade 'region' in 3 layouts"):
        generate(6, 6, 0, grade="region", attempts=3)


@pytest.mark.parametrize(
    "kwargs,exc,match",
    [
        (dict(rows=1, cols=1), ValueError, "rows must be at least 2"),
        (dict(rows=4, cols=31), ValueError, "cols must be at most 30"),
        (dict(rows=4.0, cols=4), TypeError, "rows must be an int"),
        (dict(rows=4, cols=4, seed=1.5), TypeError, "seed must be an int or a str"),
        (dict(rows=4, cols=4, seed=None), TypeError, "seed"),
        (dict(rows=4, cols=4, grade="hard"), ValueError, "unknown grade"),
        (dict(rows=4, cols=4, order="sorted"), ValueError, "unknown deletion order"),
        (dict(rows=4, cols=4, country_size=0), ValueError, "country_size"),
        (dict(rows=4, cols=4, country_size=10), ValueError, "at least 3 countries"),
        (dict(rows=4, cols=4, coverage=0), ValueError, "coverage"),
        (dict(rows=4, cols=4, time_limit=-1), ValueError, "time_limit"),
        (dict(rows=4, cols=4, attempts=0), ValueError, "attempts"),
        (dict(rows=4, cols=4, attempts=2**70), ValueError, "attempts must be at most 4294967295"),
    ],
)
def test_bad_arguments(kwargs, exc, match):
    with pytest.raises(exc, match=match):
        generate(**kwargs)
