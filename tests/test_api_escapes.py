"""Inputs to the public Python API that escaped the error hierarchy, found by
an adversarial campaign over every entry point (see tests/test_escapes.py for
the earlier classes): each raises only a documented error now.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
from typing import Any, Callable, Iterator, List

import pytest

from loopcraft import (
    ArgumentError,
    ArgumentTypeError,
    CountryRoad,
    LoopcraftError,
    LoopPuzzle,
    Slitherlink,
    country,
    loop,
)
from loopcraft.country import CountryLoop


class MadeUpLength:
    """An iterable whose ``len()`` is ``sys.maxsize``: a buffer sized from it
    is a MemoryError in Python, and an allocation failure that aborts the
    process in the compiled core."""

    def __len__(self) -> int:
        return sys.maxsize

    def __iter__(self) -> Iterator[Any]:
        return iter([])

    def __getitem__(self, i: int) -> Any:
        raise IndexError(i)


class MadeUpHint:
    """An iterator whose length hint is ``sys.maxsize``."""

    def __iter__(self) -> Iterator[Any]:
        return self

    def __next__(self) -> Any:
        raise StopIteration

    def __length_hint__(self) -> int:
        return sys.maxsize


_LYING = ("MadeUpLength()", "MadeUpHint()")


@pytest.mark.parametrize("lying", _LYING)
@pytest.mark.parametrize(
    "call",
    [
        "loop.solve(X, 4)",
        "loop.propagate([[0, 1]] * 40, 4, None, X)",
    ],
)
def test_made_up_lengths_do_not_reach_the_core(call: str, lying: str) -> None:
    """The core sized its clue buffer from ``len(clues)``: the process aborted
    ("memory allocation of 9223372036854775807 bytes failed"). Run in a child
    process, so that a regression fails this test instead of the session."""
    code = textwrap.dedent(
        f"""
        import sys
        from loopcraft import ArgumentError, loop

        class MadeUpLength:
            def __len__(self):
                return sys.maxsize

            def __iter__(self):
                return iter([])

        class MadeUpHint:
            def __iter__(self):
                return self

            def __next__(self):
                raise StopIteration

            def __length_hint__(self):
                return sys.maxsize

        try:
            {call.replace("X", lying)}
        except ArgumentError as e:
            print("ArgumentError", e)
        """
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr[-500:]
    assert out.stdout.startswith("ArgumentError clues must have 16 entries, got 0"), out.stdout


@pytest.mark.parametrize("lying", [MadeUpLength, MadeUpHint])
def test_made_up_lengths_are_read_item_by_item(lying: Callable[[], Any]) -> None:
    """``list(x)`` trusted ``len(x)``: a MemoryError (or, for a weight, a
    power of 8 with ``sys.maxsize`` as exponent that never finished)."""
    board = CountryRoad.from_url("https://puzz.link/p?country/5/5/amda0uf02h12h")
    explanation = Slitherlink.from_url("https://puzz.link/p?slither/5/5/g31bh0ck16023c").explain()
    geo = loop.make_geo(4)
    calls: List[Callable[[], Any]] = [
        lambda: loop.solve_many([lying()], 4),
        lambda: loop.closed_component(lying(), geo),
        lambda: loop.validate_loop([0] * 40, 4, geo, lying()),
        lambda: loop.clue_violations([0] * 40, 4, geo, lying()),
        lambda: board.solve(stages=lying()),
        lambda: board.deduce(stages=lying()),
        lambda: board.check(lying()),
        lambda: board.draw(lying()),
        lambda: country.as_loop(lying(), 5, 5),
        lambda: CountryLoop.from_bits(2, 2, lying()),
        lambda: explanation.weight(lying()),
    ]
    for call in calls:
        try:
            call()  # an answer reads the iterable as the empty one it is
        except LoopcraftError:
            pass
    # an empty list of loop edges is read as such, and still refused where wrong
    assert isinstance(loop.solve_many([lying()], 4)[0], ArgumentError)
    assert loop.closed_component(lying(), geo) is None
    with pytest.raises(ArgumentError, match="has 4 edges, got 0 bits"):
        CountryLoop.from_bits(2, 2, lying())
    with pytest.raises(ArgumentError, match="at least one"):
        explanation.weight(lying())


def test_weight_levels_of_the_wrong_type() -> None:
    explanation = Slitherlink.from_url("https://puzz.link/p?slither/5/5/g31bh0ck16023c").explain()
    for bad in (None, 5, "easy"):
        with pytest.raises(ArgumentTypeError):
            explanation.weight(bad)
    with pytest.raises(ArgumentError):  # it was 8 ** -1, a float
        explanation.weight([])
    from loopcraft.slitherlink import LEVELS

    assert explanation.weight(LEVELS) == explanation.weight(iter(LEVELS)) > 0


def test_loop_edge_lists_are_checked_before_they_are_read() -> None:
    geo = loop.make_geo(4)
    with pytest.raises(ArgumentTypeError):
        loop.closed_component(None, geo)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError):
        loop.closed_component(range(10**6), geo)


# ---------------------------------------------------------------- the Loop v1 helpers


@pytest.mark.parametrize(
    "n", [2**31, 2**63, -(2**63) - 1, 10**5000, 10**6], ids=["2**31", "2**63", "-2**63-1", "10**5000", "10**6"]
)
def test_loop_helpers_refuse_absurd_sizes_at_once(n: int) -> None:
    """``neighbors``, ``grow_region`` and ``is_simply_connected`` took any n:
    2**31 built a table of 2**62 cells (a hang, then a MemoryError); a
    negative n was a bare ValueError; an n too long to print a plain
    ValueError from the message. ``Geometry(n)`` held any n too."""
    geo = loop.make_geo(4)
    calls: List[Callable[[], Any]] = [
        lambda: loop.neighbors(0, n),
        lambda: loop.grow_region(n, loop.rng("x")),
        lambda: loop.is_simply_connected([0], n),
        lambda: loop.loop_edges([0], n, geo),
        lambda: loop.full_clues([0] * 40, geo, n),
        lambda: loop.Geometry(n),
    ]
    for call in calls:
        with pytest.raises(ArgumentError, match="n must be"):
            call()


def test_loop_helpers_check_their_other_arguments() -> None:
    geo = loop.make_geo(4)
    random = loop.rng("x")
    wrong_type: List[Callable[[], Any]] = [
        lambda: loop.neighbors(None, 4),  # type: ignore[arg-type]
        lambda: loop.neighbors(0, None),  # type: ignore[arg-type]
        lambda: loop.grow_region(4, None),  # type: ignore[arg-type]
        lambda: loop.grow_region(1.5, random),  # type: ignore[arg-type]
        lambda: loop.is_simply_connected(None, 4),  # type: ignore[arg-type]
        lambda: loop.is_simply_connected(["x"], 4),  # type: ignore[list-item]
        lambda: loop.shuffle("abc", random),  # type: ignore[arg-type]
        lambda: loop.shuffle([1, 2], None),  # type: ignore[arg-type]
        lambda: loop.loop_edges(None, 4, geo),  # type: ignore[arg-type]
        lambda: loop.clue_for([0] * 40, None, 0, 0),  # type: ignore[arg-type]
        lambda: loop.clue_for(None, geo, 0, 0),  # type: ignore[arg-type]
        lambda: loop.clue_for([0] * 40, geo, 0.0, 0),  # type: ignore[arg-type]
        lambda: loop.full_clues(None, geo, 4),  # type: ignore[arg-type]
    ]
    for call in wrong_type:
        with pytest.raises(ArgumentTypeError):
            call()
    wrong_value: List[Callable[[], Any]] = [
        lambda: loop.neighbors(16, 4),
        lambda: loop.neighbors(0, -1),
        lambda: loop.is_simply_connected([0], -1),
        lambda: loop.clue_for([0] * 40, geo, 4, 0),
        lambda: loop.clue_for([0] * 39, geo, 0, 0),
        lambda: loop.full_clues([], geo, 4),
        lambda: loop.full_clues([0] * 40, geo, 5),
    ]
    for call in wrong_value:
        with pytest.raises(ArgumentError):
            call()
    # the answers themselves are those of the reference numbering
    assert loop.neighbors(5, 4) == [1, 9, 4, 6]
    on = loop.loop_edges([5], 4, geo)
    assert loop.clue_for(on, geo, 1, 1) == 4 and loop.full_clues(on, geo, 4)[5] == 4


def test_loop_messages_survive_values_too_long_or_deep_to_print() -> None:
    deep: Any = []
    for _ in range(100_000):
        deep = [deep]
    geo = loop.make_geo(4)
    for call in (
        lambda: loop.propagate([deep] * 40, 4, None, [None] * 16),
        lambda: loop.closed_component([10**5000], geo),
    ):
        with pytest.raises(LoopcraftError):
            call()


def test_loop_puzzle_objects_with_odd_fields() -> None:
    """Fields of any type (``sorted`` of str and int keys was a TypeError) and
    ints too long to print (a ValueError from the message)."""
    good = loop.generate(4, "x").to_dict()
    for data in (
        {**good, 1: 2},
        {**good, (1, "a"): 2},
        dict(good, version=10**5000),
        dict(good, cells=10**5000),
        dict(good, blanks=10**5000),
    ):
        with pytest.raises(ArgumentError):
            LoopPuzzle.from_dict(data)


# ---------------------------------------------------------------- boards, loops and their views


def test_public_classes_check_the_types_they_are_given(tmp_path: Any) -> None:
    """Each of these was a bare TypeError, ValueError, IndexError or
    AttributeError from inside the method (``None`` unpacked, an int taken
    for a row, a bool taken for a board)."""
    from loopcraft import Position, errors_of, slitherlink
    from loopcraft.slitherlink import Solution

    s_board = Slitherlink.from_url("https://puzz.link/p?slither/5/5/g31bh0ck16023c")
    s_sol = s_board.solve().solution
    c_board = CountryRoad.from_url("https://puzz.link/p?country/5/5/amda0uf02h12h")
    c_sol = c_board.solve().solution
    explanation = s_board.explain()
    wrong_type: List[Callable[[], Any]] = [
        lambda: Solution.from_edges(None, [[0, 0]]),  # type: ignore[arg-type]
        lambda: Solution.from_edges((1, 2), [[0, 0]]),  # type: ignore[arg-type]
        lambda: Solution.from_inside(None),  # type: ignore[arg-type]
        lambda: Solution.from_inside(b"3"),  # type: ignore[arg-type]
        lambda: CountryLoop(2, 2, None),  # type: ignore[arg-type]
        lambda: CountryLoop.from_bits(None, 2, [1, 1, 1, 1]),  # type: ignore[arg-type]
        lambda: CountryLoop.from_bits(2, 2, None),  # type: ignore[arg-type]
        lambda: CountryLoop.from_pairs(2, 2, None),  # type: ignore[arg-type]
        lambda: CountryLoop.from_pairs(2, 2, "x"),  # type: ignore[arg-type]
        lambda: CountryLoop.from_pairs(2, 2, [(None, (0, 1))]),  # type: ignore[list-item]
        lambda: CountryLoop.from_right_down(None, None),  # type: ignore[arg-type]
        lambda: CountryLoop.from_right_down((1, 2), ("1",)),  # type: ignore[arg-type]
        lambda: c_sol.degree(None),  # type: ignore[arg-type]
        lambda: c_sol.exits(""),  # type: ignore[arg-type]
        lambda: c_sol.glyph((None, 0)),  # type: ignore[arg-type]
        lambda: c_sol.neighbours(iter([0, 0])),  # type: ignore[arg-type]
        lambda: c_sol.has_edge(None, (0, 0)),  # type: ignore[arg-type]
        lambda: c_sol.draw(True),  # type: ignore[arg-type]
        lambda: c_sol.to_svg(s_board),  # type: ignore[arg-type]
        lambda: s_board.to_svg(True),  # type: ignore[arg-type]
        lambda: slitherlink.check(None, s_sol),  # type: ignore[arg-type]
        lambda: c_board.country_at(None, 0),  # type: ignore[arg-type]
        lambda: Position("slitherlink", 2, 2, None),  # type: ignore[arg-type]
        lambda: explanation.to_svg(None),  # type: ignore[arg-type]
        lambda: errors_of(None),  # type: ignore[arg-type]
    ]
    for call in wrong_type:
        with pytest.raises(ArgumentTypeError):
            call()
    wrong_value: List[Callable[[], Any]] = [
        lambda: Solution.from_edges([[1 + 0j], [1]], [[1, 1]]),  # complex: int() refused it
        lambda: CountryLoop(2, 2, [[]]),  # unhashable
        lambda: CountryLoop.from_bits(10**5000, 2, [1]),  # too long to print
        lambda: country.as_loop(c_sol, 10**5000, 5),
        lambda: CountryRoad(10**5000, 2, ((0, 0), (1, 1))),
        lambda: c_board.country_at(7, 0),
        lambda: s_board.to_svg(Slitherlink([[4]]).solve().solution),  # another size
        lambda: Position(10**5000, 2, 2),  # type: ignore[arg-type]
        lambda: Position(bytearray(b"x"), 2, 2),  # type: ignore[arg-type]
        lambda: explanation.to_svg(len(explanation.steps)),
        lambda: s_board.to_png(str(tmp_path / "a\x00b.png")),
        lambda: s_board.to_png(str(tmp_path / "\ud800.png")),
    ]
    for call in wrong_value:
        with pytest.raises(ArgumentError):
            call()
    with pytest.raises(LoopcraftError):  # a FormatError: rows as a board reader sees it
        Slitherlink.from_dict({"rows": 10**5000, "cols": 1, "clues": [[None]]})
    # what was right still is
    assert Solution.from_edges(s_sol.h_edges, s_sol.v_edges) == s_sol
    assert CountryLoop.from_pairs(5, 5, [list(map(list, p)) for p in c_sol.pairs]) == c_sol
    assert c_sol.degree([0, 0]) == c_sol.degree((0, 0)) in (0, 2)
    assert c_board.country_at(0, 0) == c_board.regions[0][0]
    assert explanation.to_svg(-1) == explanation.to_svg(len(explanation.steps) - 1)


def test_region_graphs_and_positions_pickle_copy_and_hash() -> None:
    """Their read-only mappings made pickle and deepcopy a bare TypeError
    ("cannot pickle 'mappingproxy' object"), and hash() of a region graph one
    too (a frozen dataclass hashes every field)."""
    import copy
    import pickle

    from loopcraft import Position

    board = CountryRoad.from_url("https://puzz.link/p?country/5/5/amda0uf02h12h")
    graph = board.region_graph()
    position = Position("country", 5, 5, {("cell", 0, 0): 1})
    for obj in (graph, position):
        for again in (pickle.loads(pickle.dumps(obj)), copy.deepcopy(obj), copy.copy(obj)):
            assert again == obj and hash(again) == hash(obj)
    assert pickle.loads(pickle.dumps(graph)).adjacency == graph.adjacency
    assert hash(graph) != hash(CountryRoad.from_regions([[0, 1], [2, 3]]).region_graph())


def test_explanations_and_steps_pickle_and_still_draw() -> None:
    """A step's read-only decisions and its picture (a closure) made pickle
    and deepcopy of an explanation a bare TypeError, so explanations could
    not cross to a worker process. They pickle now, trials' refutations
    included, and draw the same pictures afterwards."""
    import copy
    import pickle

    from loopcraft import Position, country, slitherlink

    slither = slitherlink.generate(6, 6, seed=2, grade="trial")
    road = country.generate(6, 6, seed=2)
    hint = slither.hint(Position("slitherlink", 6, 6))
    for e in (slither.explain(), road.explain(), slither.explain("easy")):
        assert any(s.because for s in e.steps) or e.level == "easy"
        for again in (pickle.loads(pickle.dumps(e)), copy.deepcopy(e)):
            assert again == e and again.start == e.start
            assert [s.to_svg() for s in again.steps] == [s.to_svg() for s in e.steps]
            inner = [(s, t) for s, t in zip(e.steps, again.steps) if s.because]
            for s, t in inner:
                assert [x.to_svg() for x in t.because.steps] == [x.to_svg() for x in s.because.steps]
    assert hint is not None
    again = pickle.loads(pickle.dumps(hint))
    assert again == hint and hash(again) == hash(hint) and again.to_svg() == hint.to_svg()
    assert dict(again.decided) == dict(hint.decided) and again.text == hint.text


@pytest.mark.parametrize("value", ["x", None, True, 1.0, 2.0, -0.5, float("nan"), float("inf"), 10**400], ids=repr)
def test_a_random_source_that_returns_junk_is_refused(value: Any) -> None:
    """A caller's random source for grow_region and shuffle returning junk:
    a str, None or 10**400 gave bare ValueError, TypeError or IndexError
    from the arithmetic, and 2.0 an IndexError; each draw is checked now."""
    from loopcraft import ArgumentError, ArgumentTypeError

    def junk() -> Any:
        return value

    for call in (lambda: loop.grow_region(5, junk), lambda: loop.shuffle(list(range(9)), junk)):
        with pytest.raises((ArgumentError, ArgumentTypeError), match=r"random\(\) must return a float in \[0, 1\)"):
            call()
    # A good source draws the same as before: the golden vectors' own rng.
    assert loop.grow_region(5, loop.rng("a")) == loop.grow_region(5, loop.rng("a"))
