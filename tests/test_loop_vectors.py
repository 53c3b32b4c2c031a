"""Every golden vector of the reference engine replays exactly (tests/data/loop,
copied from the project's shared vectors; see its README)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from loop_model import Counting
from loopcraft import loop
from loopcraft.errors import LoopcraftError

DATA = Path(__file__).parent / "data" / "loop"


def load(name):
    with open(DATA / name, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def ids(rows, *keys):
    return ["-".join(str(r.get(k))[:20] for k in keys) for r in rows]


RNG = load("rng.jsonl")


@pytest.mark.parametrize("v", RNG, ids=ids(RNG, "seed"))
def test_rng(v):
    r = loop.rng(v["seed"])
    assert [r() for _ in v["values"]] == v["values"]


SHUFFLE = load("shuffle.jsonl")


@pytest.mark.parametrize("v", SHUFFLE, ids=ids(SHUFFLE, "len", "seed"))
def test_shuffle(v):
    assert loop.shuffle(list(range(v["len"])), loop.rng(v["seed"])) == v["order"]


GROW = load("grow_region.jsonl")


@pytest.mark.parametrize("v", GROW, ids=ids(GROW, "n", "seed"))
def test_grow_region(v):
    random = Counting(loop.rng(v["seed"]))
    region = loop.grow_region(v["n"], random)
    assert region == v["region"]
    assert random.calls == v["calls"]


LOOPS = load("loops.jsonl")


@pytest.mark.parametrize("v", LOOPS)
def test_loops(v):
    n, on, clues = v["n"], v["on"], v["clues"]
    geo = loop.make_geo(n)
    comp = loop.closed_component([e for e, x in enumerate(on) if x], geo)
    assert (sorted(comp[1]) if comp else None) == v["closed_component_edges"]
    assert loop.is_closed_loop(on, geo) == v["is_closed_loop"]
    assert loop.validate_loop(on, n, geo, clues) == v["validate_loop"]
    assert loop.clue_violations(on, n, geo, clues) == v["clue_violations"]


PROPAGATE = load("propagate.jsonl")


@pytest.mark.parametrize("v", PROPAGATE)
def test_propagate(v):
    n = v["n"]
    domains, valid = loop.propagate(v["domains"], n, loop.make_geo(n), v["clues"])
    assert valid == v["valid"]
    if valid:
        assert domains == v["result"]


SOLVE = load("solve.jsonl")


@pytest.mark.parametrize("v", SOLVE)
def test_solve(v):
    r = loop.solve(v["clues"], v["n"], v["node_limit"])
    assert (r.solutions, r.nodes, r.truncated) == (v["solutions"], v["nodes"], v["truncated"])


GENERATE = load("generate.jsonl")


@pytest.mark.parametrize("v", GENERATE, ids=ids(GENERATE, "n", "seed"))
def test_generate(v):
    p = loop.generate(v["n"], v["seed"])
    assert p.to_dict() == v["puzzle"]
    assert loop.LoopPuzzle.from_dict(v["puzzle"]) == p


ERRORS = load("generate_errors.jsonl")


@pytest.mark.parametrize("v", ERRORS, ids=ids(ERRORS, "n", "seed"))
def test_generate_errors(v):
    with pytest.raises(LoopcraftError):
        loop.generate(v["n"], v["seed"])
