"""The Rust v1 propagate and solve agree with the pure-Python model of the spec
on random small boards (hypothesis)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

import loop_model
from loopcraft import loop


@st.composite
def boards(draw, max_n=4):
    """A board with clues from a real loop (so solutions exist), some blanked
    and some perturbed, and a random partial assignment of edges."""
    n = draw(st.integers(1, max_n))
    seed = draw(st.integers(0, 2**32 - 1))
    rnd = random.Random(seed)
    geo = loop.make_geo(n)
    region = loop.grow_region(n, loop.rng(str(seed))) if n >= 2 else None
    on = loop.loop_edges(region or [0], n, geo)
    clues = loop.full_clues(on, geo, n)
    blank = draw(st.floats(0, 1))
    clues = [None if rnd.random() < blank else (rnd.randint(0, 4) if rnd.random() < 0.05 else c) for c in clues]
    fixed = draw(st.floats(0, 0.4))
    domains = [[rnd.randint(0, 1)] if rnd.random() < fixed else [0, 1] for _ in range(geo.total)]
    return n, clues, domains


@settings(max_examples=300, deadline=None)
@given(boards())
def test_propagate_matches_model(board):
    n, clues, domains = board
    got, valid = loop.propagate(domains, n, loop.make_geo(n), clues)
    want, want_valid = loop_model.propagate(domains, n, clues)
    assert valid == want_valid
    if valid:
        assert got == want


@settings(max_examples=150, deadline=None)
@given(boards(max_n=4), st.integers(0, 300))
def test_solve_matches_model(board, node_limit):
    n, clues, _ = board
    r = loop.solve(clues, n, node_limit)
    solutions, nodes, truncated = loop_model.solve(clues, n, node_limit)
    assert (r.solutions, r.nodes, r.truncated) == (solutions, nodes, truncated)
    geo = loop.make_geo(n)
    for s in r.solutions:
        assert loop.validate_loop(s, n, geo, clues)


@settings(max_examples=100, deadline=None)
@given(st.integers(4, 6), st.text(max_size=12))
def test_generated_puzzles_are_unique_and_consistent(n, seed):
    p = loop.generate(n, seed)
    r = p.solve()
    assert r.unique and r.solutions[0] == list(p.answer)
    assert loop.LoopPuzzle.from_json(p.to_json()) == p
    assert p.blanks == sum(c is None for c in p.clues)
