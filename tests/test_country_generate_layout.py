"""Loop-first layouts: inflation, arcs and outside blocks (no compiled core needed)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from loopcraft.country._generate import (
    Carving,
    country_count,
    country_order,
    cut_arcs,
    edge_index,
    inflate_loop,
    loop_edges,
    make_layout,
    renumber,
)
from loopcraft.errors import LoopcraftError
from test_country_generate_rules import countries_connected, edges_of, violations


def assert_simple_cycle(rows, cols, loop):
    assert len(loop) >= 4 and len(loop) % 2 == 0  # the grid graph is bipartite
    assert len(set(loop)) == len(loop), "a cell is visited twice"
    assert all(0 <= c < rows * cols for c in loop)
    for i, a in enumerate(loop):
        b = loop[(i + 1) % len(loop)]
        (ra, ca), (rb, cb) = divmod(a, cols), divmod(b, cols)
        assert abs(ra - rb) + abs(ca - cb) == 1, f"{a} -> {b} is not an orthogonal step"


def can_inflate(rows, cols, loop):
    """Independent check: is there a loop edge with two free cells beside it on one side?"""
    on = set(loop)
    for i, a in enumerate(loop):
        b = loop[(i + 1) % len(loop)]
        (ra, ca), (rb, cb) = divmod(a, cols), divmod(b, cols)
        for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            if (dr, dc) in ((rb - ra, cb - ca), (ra - rb, ca - cb)):
                continue
            pa, pb = (ra + dr, ca + dc), (rb + dr, cb + dc)
            if all(0 <= p[0] < rows and 0 <= p[1] < cols for p in (pa, pb)):
                if pa[0] * cols + pa[1] not in on and pb[0] * cols + pb[1] not in on:
                    return True
    return False


@settings(max_examples=300, deadline=None)
@given(st.integers(2, 14), st.integers(2, 14), st.integers(0, 2**32), st.floats(0, 1))
def test_inflation_is_one_simple_cycle(rows, cols, seed, share):
    target = int(share * rows * cols)
    loop = inflate_loop(rows, cols, random.Random(seed), target)
    assert_simple_cycle(rows, cols, loop)
    if len(loop) < target:
        assert not can_inflate(rows, cols, loop), "inflation stopped while a step was possible"
    else:
        assert len(loop) <= max(target + 1, 4)


def test_inflation_without_target_runs_until_stuck():
    for seed in range(30):
        loop = inflate_loop(7, 9, random.Random(seed))
        assert_simple_cycle(7, 9, loop)
        assert not can_inflate(7, 9, loop)
        assert len(loop) > 7 * 9 // 2  # a stuck loop still covers much of the board


def test_inflation_is_reproducible():
    a = inflate_loop(9, 9, random.Random("same"), 50)
    b = inflate_loop(9, 9, random.Random("same"), 50)
    c = inflate_loop(9, 9, random.Random("other"), 50)
    assert a == b and a != c


def test_edge_numbering_matches_the_contract():
    rows, cols = 3, 4
    for i, (a, b) in enumerate(edges_of(rows, cols)):
        assert edge_index(rows, cols, a, b) == i == edge_index(rows, cols, b, a)
    with pytest.raises(LoopcraftError):
        edge_index(rows, cols, 3, 4)  # (0,3) and (1,0) are not neighbours


@settings(max_examples=200, deadline=None)
@given(st.integers(4, 60), st.integers(0, 2**32), st.data())
def test_arcs_cover_the_loop_in_order(n, seed, data):
    count = data.draw(st.integers(1, n))
    loop = list(range(100, 100 + n))
    arcs = cut_arcs(loop, count, random.Random(seed))
    assert len(arcs) == count and all(arcs)
    flat = [c for arc in arcs for c in arc]
    # Concatenated, the arcs are the loop read from some rotation.
    start = loop.index(flat[0])
    assert flat == loop[start:] + loop[:start]


def test_arcs_stay_near_the_mean():
    rng = random.Random(5)
    sizes = [len(a) for _ in range(200) for a in cut_arcs(list(range(60)), 10, rng)]
    assert max(sizes) <= 12 and sum(sizes) / len(sizes) == 6


def test_bad_arc_count():
    with pytest.raises(LoopcraftError, match="cannot cut"):
        cut_arcs([0, 1, 2, 3], 5, random.Random(0))


def test_outside_blocks_go_whole_to_one_touching_country():
    rows, cols = 8, 8
    for seed in range(40):
        lay = make_layout(rows, cols, random.Random(seed), coverage=0.5)
        on = set(lay.loop)
        for a, b in edges_of(rows, cols):
            if a not in on and b not in on:
                assert lay.regions[a] == lay.regions[b], "an unused block was split between countries"


@settings(max_examples=60, deadline=None)
@given(st.integers(3, 10), st.integers(3, 10), st.integers(0, 2**32), st.lists(st.integers(0, 10**6), max_size=40))
def test_refinement_keeps_layouts_legal(rows, cols, seed, picks):
    """Splitting arcs and moving blocks, in any order, never breaks a rule."""
    rng = random.Random(seed)
    carving = Carving.new(rows, cols, rng, country_size=5.0, coverage=0.6)
    before = carving.layout().countries
    splits = 0
    for pick in picks:
        cell = pick % (rows * cols)
        if carving.pos[cell] >= 0:
            splits += carving.split(cell, rng)
        else:
            carving.move_block(cell, rng)
        lay = carving.layout()
        assert countries_connected(rows, cols, lay.regions)
        assert violations(rows, cols, lay.regions, lay.numbers, lay.solution) == []
    assert carving.layout().countries == before + splits


def test_split_refuses_single_cell_arcs():
    carving = Carving(4, 4, [0, 1, 5, 4], [0, 1, 2, 3], random.Random(0))
    assert not any(carving.split(c, random.Random(0)) for c in (0, 1, 5, 4))
    assert carving.layout().numbers == (1, 1, 1, 1)


@pytest.mark.parametrize(
    "rows,cols,size", [(4, 4, 2.5), (5, 7, 4.0), (6, 6, 3.5), (8, 8, 6.0), (10, 10, 4.0), (15, 15, 5.0)]
)
def test_layouts_are_legal_by_construction(rows, cols, size):
    for seed in range(25):
        lay = make_layout(rows, cols, random.Random(seed), country_size=size)
        assert_simple_cycle(rows, cols, lay.loop)
        assert countries_connected(rows, cols, lay.regions)
        assert renumber(lay.regions)[0] == list(lay.regions), "regions not numbered by first cell"
        assert len(lay.numbers) == max(lay.regions) + 1 == country_count(rows, cols, size, len(lay.loop))
        assert violations(rows, cols, lay.regions, lay.numbers, lay.solution) == []
        order = country_order(lay.regions, lay.loop)
        assert sorted(order) == list(range(len(lay.numbers)))
        assert sum(lay.used) == len(lay.loop) == sum(lay.numbers)


def test_layout_rule_checker_catches_breaks():
    """The independent checker used above is not vacuous."""
    lay = make_layout(6, 6, random.Random(1))
    numbers = list(lay.numbers)
    numbers[0] += 1
    assert violations(6, 6, lay.regions, numbers, lay.solution)
    merged = [0 if r == 1 else r for r in lay.regions]  # country 1 folded into 0 (leaves a gap)
    assert violations(6, 6, merged, lay.numbers, lay.solution)
    broken = bytearray(lay.solution)
    broken[broken.index(1)] = 0
    assert violations(6, 6, lay.regions, lay.numbers, bytes(broken))


def test_layouts_are_reproducible():
    a = make_layout(9, 7, random.Random(42), 3.5, 0.6)
    assert a == make_layout(9, 7, random.Random(42), 3.5, 0.6)
    assert a != make_layout(9, 7, random.Random(43), 3.5, 0.6)
    assert loop_edges(9, 7, a.loop) == a.solution
