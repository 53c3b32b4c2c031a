"""The spec's worked examples, the puzzle object, the command line and bad input
for loopcraft.loop."""

from __future__ import annotations

import json
import subprocess
import sys
from types import SimpleNamespace

import pytest

from loop_model import Counting
from loopcraft import LoopPuzzle, NoPuzzleFound, loop
from loopcraft.errors import ArgumentTypeError, LoopcraftError

NOTES_FULL = [1, 3, 2, 2, 0, 2, 1, 2, 0, 1, 1, 1, 0, 1, 2, 2]
NOTES_DRAWING = """\
+   +---+---+   +
  . | 3   2 | 2
+   +---+   +---+
  .   . | .   . |
+   +   +   +   +
  .   1 | 1   . |
+   +   +   +   +
  0   . | 2   . |
+   +   +---+---+"""


# --------------------------------------------------------------------------- worked examples


def test_notes_example_first_region_and_clues():
    random = Counting(loop.rng("notes-example"))
    region = loop.grow_region(4, random)
    assert sorted(region) == [1, 2, 6, 7, 10, 11, 14, 15]
    assert random.calls == 9
    geo = loop.make_geo(4)
    assert loop.full_clues(loop.loop_edges(region, 4, geo), geo, 4) == NOTES_FULL
    assert loop.shuffle(list(range(16)), random) == [6, 0, 8, 4, 11, 15, 5, 14, 1, 7, 10, 9, 2, 13, 12, 3]


def test_notes_example_puzzle():
    p = loop.generate(4, "notes-example")
    assert list(p.clues) == [None, 3, 2, 2, None, None, None, None, None, 1, 1, None, 0, None, 2, None]
    assert (p.attempt, p.blanks, p.cells, p.version) == (1, 9, 16, 1)
    assert p.draw(answer=True) == NOTES_DRAWING
    plain = str(p)
    assert "|" not in plain and "---" not in plain
    assert plain.splitlines()[1] == "  .   3   2   2"


def test_dot_rule_example():
    geo = loop.make_geo(2)
    domains, valid = loop.propagate([[0, 1]] * geo.total, 2, geo, [0, None, None, None])
    assert valid
    assert geo.v(1, 0) == 9 and domains[9] == [0]


def test_full_clues_decide_all_edges():
    geo = loop.make_geo(4)
    answer = loop.generate(4, "notes-example").answer
    domains, valid = loop.propagate([[0, 1]] * geo.total, 4, geo, NOTES_FULL)
    assert valid and [d for d in domains] == [[a] for a in answer]


def test_geometry_matches_spec():
    geo = loop.make_geo(4)
    assert (geo.num_h, geo.num_v, geo.total) == (20, 20, 40)
    assert geo.cell_edges(1, 2) == [geo.h(1, 2), geo.h(2, 2), geo.v(1, 2), geo.v(1, 3)]
    assert geo.vertex_edges(0, 0) == [geo.h(0, 0), geo.v(0, 0)]
    assert geo.vertex_edges(2, 2) == [geo.h(2, 1), geo.h(2, 2), geo.v(1, 2), geo.v(2, 2)]
    assert geo.endpoints(geo.h(1, 1)) == (6, 7)
    assert geo.endpoints(geo.v(1, 1)) == (6, 11)


def test_seed_semantics_are_utf16():
    # An astral character counts as two UTF-16 units for the length limit...
    loop.generate(4, "\U0001f642" * 40)
    with pytest.raises(LoopcraftError, match="80"):
        loop.generate(4, "\U0001f642" * 41)
    # ...and hashes as its high surrogate only.
    a, b = loop.rng("\U0001f642"), loop.rng("\ud83d")
    assert [a() for _ in range(5)] == [b() for _ in range(5)]


def test_rng_state_stays_a_double_past_2_53():
    r = loop.rng("x")
    # Not wrapped to 32 bits: after ~4.9M calls the double loses exactness.
    r._state = 2.0**53 - 0x6D2B79F5 + 1
    v1 = r()
    assert 0 <= v1 < 1
    assert r._state == 2.0**53 + 1 - 0x6D2B79F5 + 0x6D2B79F5  # the float sum, rounded as JS does


# --------------------------------------------------------------------------- puzzle object


def test_json_round_trip_keeps_the_reference_object():
    p = loop.generate(5, "日本語")
    d = p.to_dict()
    assert list(d) == ["n", "seed", "version", "answer", "clues", "attempt", "blanks", "cells"]
    assert LoopPuzzle.from_json(p.to_json()) == p
    assert json.loads(p.to_json()) == d
    with pytest.raises(AttributeError):
        p.n = 6  # frozen


@pytest.mark.parametrize(
    "change, error",
    [
        ({"n": 7}, ValueError),
        ({"n": True}, TypeError),
        ({"seed": 5}, TypeError),
        ({"version": 2}, ValueError),
        ({"blanks": 3}, ValueError),
        ({"cells": 17}, ValueError),
        ({"attempt": 0}, ValueError),
        ({"clues": [None] * 15}, ValueError),
        ({"clues": [5] + [None] * 15}, ValueError),
        ({"clues": [1.0] + [None] * 15}, TypeError),
        ({"answer": [0] * 40}, ValueError),
        ({"answer": [2] * 40}, ValueError),
        ({"extra": 1}, ValueError),
    ],
)
def test_from_dict_rejects_inconsistent_fields(change, error):
    d = loop.generate(4, "notes-example").to_dict()
    d.update(change)
    with pytest.raises(error):
        LoopPuzzle.from_dict(d)


def test_from_dict_rejects_a_clue_that_disagrees_with_the_answer():
    d = loop.generate(4, "notes-example").to_dict()
    d["clues"][1] = 2
    with pytest.raises(LoopcraftError, match="disagrees"):
        LoopPuzzle.from_dict(d)
    with pytest.raises(ArgumentTypeError):
        LoopPuzzle.from_dict([1, 2])
    with pytest.raises(LoopcraftError):
        LoopPuzzle.from_json("{not json")


# --------------------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    "n, seed, error",
    [
        (3, "a", ValueError),
        (7, "a", ValueError),
        (True, "a", TypeError),
        (4.0, "a", TypeError),
        (4, None, TypeError),
        (4, b"a", TypeError),
        (4, "x" * 81, ValueError),
    ],
)
def test_generate_rejects_bad_arguments(n, seed, error):
    with pytest.raises(error):
        loop.generate(n, seed)


def test_no_puzzle_found_is_raised_after_500_attempts(monkeypatch):
    monkeypatch.setattr(loop._generate, "_grow_region", lambda n, random: None)
    with pytest.raises(NoPuzzleFound, match="500"):
        loop.generate(4, "a")
    assert issubclass(NoPuzzleFound, RuntimeError)


@pytest.mark.parametrize(
    "clues, n, error",
    [
        ([None] * 15, 4, ValueError),
        ([5] + [None] * 15, 4, ValueError),
        ([-1] + [None] * 15, 4, ValueError),
        ([1.5] + [None] * 15, 4, TypeError),
        (["1"] + [None] * 15, 4, TypeError),
        ([True] + [None] * 15, 4, TypeError),
        ("0123", 2, TypeError),
        ([], 0, ValueError),
        ([], -3, ValueError),
        ([], 10**9, ValueError),
        ([None] * 16, 4.0, TypeError),
    ],
)
def test_solve_and_propagate_reject_bad_input(clues, n, error):
    with pytest.raises(error):
        loop.solve(clues, n)
    edges = 2 * n * (n + 1) if isinstance(n, int) and 0 < n < 100 else 40
    with pytest.raises(error):
        loop.propagate([[0, 1]] * edges, n, None, clues)


@pytest.mark.parametrize(
    "domains, error",
    [
        ([[0, 1]] * 39, ValueError),
        ([[]] + [[0, 1]] * 39, ValueError),
        ([[2]] + [[0, 1]] * 39, ValueError),
        ([[0, 0, 1]] + [[0, 1]] * 39, ValueError),
        ([0] * 40, TypeError),
        ("x" * 40, TypeError),
        ([[True]] + [[0, 1]] * 39, ValueError),
    ],
)
def test_propagate_rejects_malformed_domains(domains, error):
    with pytest.raises(error):
        loop.propagate(domains, 4, loop.make_geo(4), [None] * 16)


def test_core_refuses_bad_values_itself():
    from loopcraft import _core

    searches = _core.LoopSearches()
    for n, clues in ((4, [None] * 3), (10**6, []), (4, [5] * 16), (0, [])):
        with pytest.raises(LoopcraftError):
            searches.solve(n, clues, 10, SimpleNamespace())
    with pytest.raises(LoopcraftError):
        _core.loop_propagate(2, [None] * 4, [0] * 12)
    with pytest.raises(LoopcraftError):
        _core.loop_closed_component(2, [99])
    with pytest.raises(ArgumentTypeError):
        searches.solve(4, "abc", 10, SimpleNamespace())
    # The result's fields go in as object.__setattr__ puts them: an object
    # that cannot take them is an error, not a crash.
    with pytest.raises(AttributeError):
        searches.solve(2, [None] * 4, 10, object())
    # A class is refused: the store would bypass type.__setattr__.
    for cls in (int, SimpleNamespace):
        with pytest.raises(ArgumentTypeError):
            searches.solve(2, [None] * 4, 10, cls)
        assert "solutions" not in vars(cls)
    # The refused calls left the kept searches fit for the next.
    assert searches.solve(4, [None] * 16, 10, SimpleNamespace()).nodes == 11


def test_kept_searches_answer_as_fresh_ones():
    """The façade's searches start over on buffers kept from the last search
    of their size: on the golden vectors in turn (sizes mixed, truncated
    searches among them) and on boards past the kept sizes, from 8 threads
    sharing one keeper, each answer is a fresh search's."""
    import json
    import threading
    from pathlib import Path

    from loopcraft import _core

    path = Path(__file__).resolve().parent / "data" / "loop" / "solve.jsonl"
    vectors = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    work = [(v["n"], v["clues"], v["node_limit"]) for v in vectors]
    work += [(17, [None] * 289, 50), (20, [2] * 400, 50)]

    def fields(r: SimpleNamespace) -> tuple:
        return (r.solutions, r.nodes, r.truncated)

    fresh = [fields(_core.LoopSearches().solve(n, c, lim, SimpleNamespace())) for n, c, lim in work]
    assert [f for f, v in zip(fresh, vectors)] == [(v["solutions"], v["nodes"], v["truncated"]) for v in vectors]
    searches = _core.LoopSearches()
    assert [fields(searches.solve(n, c, lim, SimpleNamespace())) for n, c, lim in work] == fresh
    errors: list = []

    def run(k: int) -> None:
        try:
            order = work[k::3] + work[:k:3]
            got = [fields(searches.solve(n, c, lim, SimpleNamespace())) for n, c, lim in order]
            want = fresh[k::3] + fresh[:k:3]
            assert got == want
        except BaseException as err:  # reported below
            errors.append(err)

    threads = [threading.Thread(target=run, args=(k,)) for k in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors


def test_every_clue_container_gives_the_same_answer():
    """The core reads a plain list of None and small ints on a fast path and
    anything else on the checked one: both must give the same result, and a
    list holding one non-plain item (an int subclass) must not be refused."""

    class Clue(int):
        pass

    clues = [None, 3, 2, 2, None, None, None, None, None, 1, 1, None, 0, None, 2, None]
    plain = loop.solve(clues, 4)
    assert plain.unique and plain.nodes >= 1
    for other in (tuple(clues), [Clue(c) if c == 3 else c for c in clues], iter(clues)):
        r = loop.solve(other, 4)
        assert (r.solutions, r.nodes, r.truncated) == (plain.solutions, plain.nodes, plain.truncated)
    # The solutions are lists of plain ints 0 and 1, one per edge.
    assert all(type(b) is int and b in (0, 1) for b in plain.solutions[0])
    assert len(plain.solutions[0]) == 40
    with pytest.raises(ArgumentTypeError):
        loop.solve([*clues[:-1], True], 4)


def test_node_limit_truncates_without_a_wrong_answer():
    # A sparse 6 x 6 board that the v1 search cannot settle in 50 nodes.
    clues = (
        [None, None, None, 1, None, 2, 1]
        + [None] * 10
        + [3, 1, 2, None, None, 1]
        + [None] * 5
        + [0, None, 2, None, None, 0, None, None]
    )
    full = loop.solve(clues, 6, node_limit=10**6)
    r = loop.solve(clues, 6, node_limit=50)
    assert full.nodes > 51
    assert r.truncated and r.nodes == 51 and not r.unique
    assert all(s in full.solutions for s in r.solutions)
    with pytest.raises(LoopcraftError):
        loop.solve([None] * 16, 4, node_limit=-1)


# --------------------------------------------------------------------------- command line


def run_cli(*args, stdin=None):
    return subprocess.run(
        [sys.executable, "-m", "loopcraft", *args], input=stdin, capture_output=True, text=True, timeout=60
    )


def test_cli_generate_prints_the_board():
    out = run_cli("generate", "loop", "--size", "4", "--seed", "notes-example", "--answer")
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip("\n") == NOTES_DRAWING


def test_cli_json_round_trip_through_solve():
    gen = run_cli("generate", "loop", "--size", "5", "--seed", "cli", "--json")
    assert gen.returncode == 0
    assert LoopPuzzle.from_json(gen.stdout) == loop.generate(5, "cli")
    solved = run_cli("solve", "loop", "-", "--json", stdin=gen.stdout)
    assert solved.returncode == 0, solved.stderr
    report = json.loads(solved.stdout)
    assert report["unique"] and report["solutions"] == 1 and not report["truncated"]
    assert report["nodes"] == loop.generate(5, "cli").solve().nodes


def test_cli_reports_bad_input_cleanly():
    out = run_cli("generate", "loop", "--size", "9")
    assert out.returncode == 2 and "n must be 4, 5 or 6" in out.stderr
    out = run_cli("solve", "loop", "-", stdin="{}")
    assert out.returncode == 2 and "missing" in out.stderr
    assert "Traceback" not in out.stderr
