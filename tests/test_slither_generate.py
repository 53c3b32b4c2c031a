"""Slitherlink generation (seeded, unique, optional grade) and the command line."""

from __future__ import annotations

import json
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from loopcraft import _core, cli
from loopcraft.errors import GenerationTimeout
from loopcraft.slitherlink import LEVELS, Slitherlink, Solution, generate
from loopcraft.slitherlink._generate import random_loop, seed_to_u64
from loopcraft.slitherlink._geometry import loop_problem as _loop_problem
from loopcraft.slitherlink._geometry import split_rows as _split

# --------------------------------------------------------------------------- random loops (no solver)


@given(st.integers(1, 15), st.integers(1, 15), st.integers(0, 2**64 - 1) | st.text(max_size=8))
@settings(max_examples=200, deadline=None)
def test_random_loop_is_one_simple_loop(rows, cols, seed):
    edges = random_loop(rows, cols, seed)
    assert _loop_problem(rows, cols, edges) is None
    h, v = _split(rows, cols, edges)
    assert Solution.from_edges(h, v).edges == tuple(edges)


def test_random_loop_is_reproducible_and_varied():
    a = random_loop(12, 9, "x")
    assert a == random_loop(12, 9, "x")
    assert len({tuple(random_loop(12, 9, s)) for s in range(20)}) == 20


# --------------------------------------------------------------------------- generation


@pytest.mark.parametrize("rows, cols, seed", [(1, 1, 0), (1, 6, 3), (5, 7, "abc"), (10, 10, 1), (15, 15, 2)])
def test_generated_puzzles_are_unique(rows, cols, seed):
    p = generate(rows, cols, seed)
    assert (p.rows, p.cols) == (rows, cols)
    result = p.solve()
    assert result.complete and result.count == 1


def test_generation_is_reproducible():
    a = generate(8, 9, 42)
    assert a == generate(8, 9, 42)
    assert a != generate(8, 9, 43)
    assert generate(6, 6, "seed") == generate(6, 6, "seed")


def test_generation_thins_clues():
    """Without a target grade every remaining clue is needed by the deductions:
    removing any one leaves the strongest deduction tier short of a solution."""
    p = generate(10, 10, 7)
    assert p.grade().level in LEVELS[:-1]
    flat = p.flat_clues
    assert p.clue_count < 60
    for i in [i for i, c in enumerate(flat) if c is not None]:
        trial = list(flat)
        trial[i] = None
        d = Slitherlink([trial[r * 10 : (r + 1) * 10] for r in range(10)]).deduce("trial")
        assert not d.contradiction and not d.solved


@pytest.mark.parametrize("tier", LEVELS)
def test_target_grade_is_met(tier):
    p = generate(7, 7, 11, grade=tier, attempts=300)
    g = p.grade()
    assert g.level == tier and g.unique


@pytest.mark.parametrize("level", LEVELS[:-1])
@pytest.mark.parametrize("rows, cols, seed", [(5, 5, 1), (6, 8, "b"), (8, 8, 3), (10, 10, 4)])
def test_generated_puzzles_are_unique_by_search_and_at_their_level(level, rows, cols, seed):
    p = generate(rows, cols, seed, grade=level, attempts=500)
    # Uniqueness by the search alone, independent of the deduction ladder.
    found, complete, _ = _core.SlitherBoard(rows, cols, p.flat_clues).solve(2)
    assert complete and len(found) == 1
    assert p.grade().level == level
    # Every clue is needed at that level: without any one, the level stalls.
    flat = p.flat_clues
    for i in [i for i, c in enumerate(flat) if c is not None][:: max(1, p.clue_count // 6)]:
        trial = list(flat)
        trial[i] = None
        out = _core.SlitherBoard(rows, cols, trial).propagate(level)
        assert out is not None and 2 in out


def test_same_seed_same_puzzle_for_every_level():
    for level in LEVELS[:4]:
        a = generate(9, 7, "same", grade=level)
        assert a == generate(9, 7, "same", grade=level)
    assert seed_to_u64("abc") == seed_to_u64("abc") != seed_to_u64("abd")
    assert seed_to_u64(-1) == 2**64 - 1


def test_time_limit_is_honoured_on_a_big_board():
    start = time.monotonic()
    with pytest.raises(GenerationTimeout):
        generate(60, 60, 5, grade="hard", time_limit=0.3)
    assert time.monotonic() - start < 5


@pytest.mark.parametrize(
    "args, kwargs, exc, words",
    [
        ((0, 5, 1), {}, ValueError, "rows must be at least 1"),
        ((5, -3, 1), {}, ValueError, "cols must be at least 1"),
        ((10**6, 10**6, 1), {}, ValueError, "rows must be at most 100"),
        ((5.0, 5, 1), {}, TypeError, "rows must be an int"),
        ((5, 5, 1.5), {}, TypeError, "seed must be an int or a str"),
        ((5, 5, 1), {"grade": "magic"}, ValueError, "grade must be one of"),
        ((5, 5, 1), {"time_limit": -1}, ValueError, "time_limit"),
        ((5, 5, 1), {"attempts": 0}, ValueError, "attempts"),
    ],
)
def test_generation_argument_errors(args, kwargs, exc, words):
    with pytest.raises(exc, match=words):
        generate(*args, **kwargs)


def test_generation_time_budget():
    with pytest.raises(GenerationTimeout):
        generate(40, 40, 1, time_limit=0.0)


# --------------------------------------------------------------------------- command line


def run(capsys, *argv):
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_solve_url_text_and_json(capsys):
    url = Slitherlink([[3, 3, 1]]).to_url()
    code, out, _ = run(capsys, "solve", "slither", url)
    assert code == 0
    assert "unique" in out and "| 3   3 |" in out
    code, out, _ = run(capsys, "solve", "slither", url, "--json")
    data = json.loads(out)
    assert data["count"] == 1 and data["complete"] and data["unique"]
    assert data["solutions"][0]["puzzlekit"] == "1 3\nx x -"


def test_cli_solve_file_and_stdin(capsys, tmp_path, monkeypatch):
    import io

    f = tmp_path / "p.txt"
    f.write_text("1 3\n3 3 1\n")
    code, out, _ = run(capsys, "solve", "slither", str(f), "--grade")
    assert code == 0 and "unique" in out and "grade:" in out
    monkeypatch.setattr("sys.stdin", io.StringIO("3x1t0:331"))
    code, out, _ = run(capsys, "solve", "slither", "-")
    assert code == 0 and "unique" in out


def test_cli_reports_not_unique_and_errors(capsys, tmp_path):
    code, out, _ = run(capsys, "solve", "slither", "2x2t0:d")
    assert code == 0 and "not unique" in out
    code, _, err = run(capsys, "solve", "slither", "https://puzz.link/p?slither/3/1/1g")
    assert code == 2 and "too short" in err
    code, _, err = run(capsys, "solve", "slither", str(tmp_path / "missing.txt"))
    assert code == 2 and "missing.txt: No such file" in err and "Traceback" not in err


def test_cli_generate(capsys):
    code, out, _ = run(capsys, "generate", "slither", "--rows", "6", "--cols", "8", "--seed", "5", "--json")
    assert code == 0
    p = Slitherlink.from_json(out)
    assert p == generate(6, 8, 5)
    code, out, _ = run(capsys, "generate", "slither", "--rows", "6", "--cols", "8", "--seed", "5", "--url")
    assert Slitherlink.from_url(out.strip()) == p
    code, out, _ = run(capsys, "generate", "slither", "-r", "6", "-c", "8", "-s", "5", "--answer")
    assert code == 0 and "---" in out and out.strip().endswith(p.to_url())
    code, _, err = run(capsys, "generate", "slither", "--rows", "0")
    assert code == 2 and "rows must be at least 1" in err
