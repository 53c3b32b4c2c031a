"""Inputs that escaped the error hierarchy in a fourth adversarial campaign
(see tests/test_escapes.py, tests/test_api_escapes.py and
tests/test_escapes_campaign3.py for the earlier ones): each raises only a
documented error now.
"""

from __future__ import annotations

import asyncio
import itertools
import json
from pathlib import Path
from typing import Any, Callable, Dict, Iterator, List, Tuple

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from loopcraft import (
    ArgumentError,
    ArgumentTypeError,
    CountryRoad,
    LoopcraftError,
    Position,
    Slitherlink,
    loop,
)
from loopcraft.slitherlink import Solution

S_URL = "https://puzz.link/p?slither/5/5/g31bh0ck16023c"
C_URL = "https://puzz.link/p?country/5/5/amda0uf02h12h"


# ---------------------------------------------------------------- the Loop engine v1


def test_full_clues_takes_none_as_its_geometry() -> None:
    # full_clues(on, None, n) passed the geometry check (None means "make it")
    # and then read geo.total of None: a bare AttributeError.
    puzzle = loop.generate(4, "campaign 4")
    assert loop.full_clues(puzzle.answer, None, 4) == loop.full_clues(puzzle.answer, loop.make_geo(4), 4)
    assert [c for c in puzzle.clues if c is not None] == [
        c for c, mine in zip(loop.full_clues(puzzle.answer, None, 4), puzzle.clues) if mine is not None
    ]
    with pytest.raises(ArgumentTypeError):
        loop.full_clues(puzzle.answer, "geo", 4)  # type: ignore[arg-type]


@given(st.sampled_from(["a", "b", "campaign 4", "x" * 80]))
@settings(max_examples=4, deadline=None)
def test_loop_solve_results_hash(seed: str) -> None:
    # A frozen dataclass with a list of lists: hash() of loop.solve's result
    # was a bare TypeError ("unhashable type: 'list'").
    puzzle = loop.generate(4, seed)
    first, again = puzzle.solve(), loop.solve(list(puzzle.clues), 4)
    assert first == again and hash(first) == hash(again) and len({first, again}) == 1
    assert hash(loop.solve([None] * 16, 4)) != hash(first) or loop.solve([None] * 16, 4) == first


@pytest.mark.parametrize(
    ("field", "odd"),
    [
        ("clues", None),  # draw(): 'NoneType' object is not subscriptable
        ("clues", ""),  # draw(): string index out of range
        ("clues", {}),  # draw(): KeyError 0
        ("answer", None),  # to_dict(): 'NoneType' object is not iterable
        ("seed", b"x"),  # to_json(): Object of type bytes is not JSON serializable
        ("version", b"x"),
        ("attempt", None),
        ("blanks", 10**30),
        ("cells", -1),
        ("n", 3),
    ],
)
def test_loop_puzzles_built_by_hand_are_checked(field: str, odd: Any) -> None:
    # LoopPuzzle(...) took any fields: its drawings and formats then failed
    # with a bare TypeError, IndexError or KeyError. It checks them as
    # from_dict does now.
    from loopcraft import LoopPuzzle

    good = loop.generate(4, "campaign 4")
    with pytest.raises(LoopcraftError, match=field):
        LoopPuzzle(**dict(good.to_dict(), **{field: odd}))
    again = LoopPuzzle(**good.to_dict())  # lists, as the reference object has them
    assert again == good and hash(again) == hash(good) and again.draw() == good.draw()
    wrong = list(good.clues)
    blank = wrong.index(None)
    wrong[blank] = (loop.full_clues(good.answer, None, 4)[blank] + 1) % 4
    with pytest.raises(ArgumentError, match="disagrees with the answer"):
        LoopPuzzle(**dict(good.to_dict(), clues=wrong, blanks=good.blanks - 1))


# ---------------------------------------------------------------- Slitherlink solutions built by hand


def _hand_built(edges: int) -> List[Callable[[], Any]]:
    return [
        lambda: Solution(5, 5, (1,) * 3),  # too few: a bare IndexError from check, draw, inside
        lambda: Solution(5, 5, (0,) * (edges + 5)),
        lambda: Solution(5, 5, (2,) * edges),
        lambda: Solution(5, 5, (-1,) * edges),
        lambda: Solution(4, 6, (0,) * edges),  # another size: 58 edges
        lambda: Solution(0, 0, ()),  # a bare IndexError from to_puzzlekit
        lambda: Solution(10**30, 5, (0,) * edges),  # to_dict and to_svg never ended
        lambda: Solution(5, 5, (0,) * edges, [[None] * 5] * 4),  # clues of another size
        lambda: Solution(5, 5, (0,) * edges, [[9] * 5] * 5),
    ]


def test_hand_built_solutions_are_checked() -> None:
    # Solution(rows, cols, edges) took anything: board.check(it), its
    # drawings and formats then failed with a bare IndexError or TypeError
    # (or ran without end on rows = 10**30).
    board = Slitherlink.from_url(S_URL)
    good = board.solve().solution
    edges = len(good.edges)
    for make in _hand_built(edges):
        with pytest.raises(ArgumentError):
            make()
    wrong_type: List[Callable[[], Any]] = [
        lambda: Solution(5, 5, None),  # type: ignore[arg-type]
        lambda: Solution(5, 5, "01" * 30),  # type: ignore[arg-type]
        lambda: Solution(5, 5, ("a",) * edges),  # type: ignore[arg-type]
        lambda: Solution(5, 5, (1.0,) * edges),  # type: ignore[arg-type]
        lambda: Solution(None, 5, good.edges),  # type: ignore[arg-type]
        lambda: Solution(True, 5, good.edges),
        lambda: Solution(5, 5, good.edges, "x"),  # type: ignore[arg-type]
    ]
    for make in wrong_type:
        with pytest.raises(ArgumentTypeError):
            make()
    # what was right still is, and a list or bytes of edges reads as the tuple
    for same in (
        Solution(5, 5, good.edges),
        Solution(5, 5, list(good.edges)),  # type: ignore[arg-type]
        Solution(5, 5, bytes(good.edges)),  # type: ignore[arg-type]
        Solution(5, 5, tuple(bool(e) for e in good.edges)),  # type: ignore[arg-type]
    ):
        assert same == good and hash(same) == hash(good) and board.check(same).ok
        assert same.to_dict() == good.to_dict()
    assert not board.check(Solution(5, 5, (0,) * edges)).ok


@given(st.lists(st.integers(0, 1), min_size=60, max_size=60))
@settings(max_examples=50, deadline=None)
def test_hand_built_solutions_of_any_edges_are_refereed(bits: List[int]) -> None:
    board = Slitherlink.from_url(S_URL)
    solution = Solution(5, 5, tuple(bits), board.clues)
    result = board.check(solution)
    assert result.ok == (solution == board.solve().solution)
    assert solution.to_svg().startswith("<svg") and len(solution.draw().splitlines()) == 11


# ---------------------------------------------------------------- positions built by hand


@pytest.mark.parametrize(
    ("rows", "error"),
    [
        *((odd, ArgumentTypeError) for odd in (None, 5.0, "5", True)),
        *((odd, ArgumentError) for odd in (10**30, 0, -1)),
    ],
)
def test_positions_of_odd_sizes(rows: Any, error: type) -> None:
    # Position(family, rows, cols) took any rows: to_dict() was a bare
    # TypeError for None, "5" or 5.0, and never ended for 10**30.
    with pytest.raises(error, match="rows"):
        Position("slitherlink", rows, 5)
    with pytest.raises(error, match="cols"):
        Position("country", 5, rows)
    assert Position("slitherlink", 5, 5).to_dict()["h_edges"] == ["?????"] * 6


@pytest.mark.parametrize(
    "marks",
    [
        {0: 1},  # to_dict: 'int' object is not subscriptable
        {(): 1},  # to_dict: tuple index out of range
        {("right",): 1},
        {("h", 0, 0): 1},  # a Slitherlink key on a Country Road board
        {("right", 0, 4): 1},  # off the board
        {("right", 0.0, 0): 1},
        {("right", True, 0): 1},
        {("cell", 0, 0): 2},
        {("cell", 0, 0): 1.0},  # a hint: 'float' object cannot be interpreted as an integer
        {("down", 0, 0): "1"},
        {("down", 0, 0): True},
    ],
)
def test_positions_with_odd_marks(marks: Any) -> None:
    board = CountryRoad.from_url(C_URL)
    with pytest.raises(ArgumentError, match="position mark"):
        Position("country", 5, 5, marks)
    with pytest.raises(ArgumentError, match="position mark"):
        Position("country", 5, 5).with_marks(marks)
    with pytest.raises(ArgumentError, match="position mark"):
        Position("slitherlink", 5, 5, {("h", 0, 0): 1.0})
    start = board.explain().start
    assert start is not None and board.hint(start) is not None


def test_hints_take_a_position_of_floats_no_more() -> None:
    board = Slitherlink.from_url(S_URL)
    with pytest.raises(ArgumentError):
        board.hint(Position("slitherlink", 5, 5, {("h", 0, 0): 1.0}))  # a bare TypeError from the hint
    truth = board.solve().solution.h_edges[0][0]
    right = board.hint(Position("slitherlink", 5, 5, {("h", 0, 0): truth}))
    wrong = board.hint(Position("slitherlink", 5, 5, {("h", 0, 0): 1 - truth}))
    assert right is not None and right.rule != "mistake" and right.decided
    assert wrong is not None and wrong.rule == "mistake" and wrong.place == ("h", 0, 0)


# ---------------------------------------------------------------- steps, explanations, suggestions, counts


def test_steps_and_explanations_check_their_fields() -> None:
    # Step(premise=None) was a bare TypeError and Step(decided="x") a bare
    # ValueError from __post_init__; Explanation(steps=None or "x") a bare
    # TypeError or AttributeError from text(), Explanation(start=True) a
    # bare AttributeError from replay().
    from loopcraft import Explanation, Step

    step = Slitherlink.from_url(S_URL).explain().steps[0]
    fields = dict(
        rule=step.rule,
        level=step.level,
        premise=step.premise,
        decided=dict(step.decided),
        text=step.text,
        place=step.place,
    )
    for name, odd in (("premise", None), ("premise", "ab"), ("decided", "x"), ("decided", [("h", 0, 0)])):
        with pytest.raises(ArgumentTypeError, match=name):
            Step(**dict(fields, **{name: odd}))
    for steps in (None, "x", iter([step]), ("x",)):
        with pytest.raises(ArgumentTypeError, match="steps"):
            Explanation("easy", steps)
    with pytest.raises(ArgumentTypeError, match="start"):
        Explanation("easy", (step,), start=True)  # type: ignore[arg-type]
    again = Explanation("easy", [Step(**fields)])
    assert again.steps == (step,) and again.text() == f"1. {step.text}"


def test_suggestions_apply_to_their_own_boards_only() -> None:
    # apply(None) was a bare AttributeError, a country id [0] a bare
    # TypeError (unhashable); a cell off the board was dropped without a word.
    from loopcraft import Suggestion

    board = Slitherlink([[None] * 3] * 3)
    country = CountryRoad.from_url(C_URL)
    with pytest.raises(ArgumentTypeError, match="board"):
        Suggestion((0, 0), 1, 1, 1).apply(None)  # type: ignore[arg-type]
    for where in ((99, 99), (0,), ("x", 0), (True, 0), [0, 0], 0):
        with pytest.raises(ArgumentError, match="where"):
            Suggestion(where, 1, 1, 1).apply(board)
    for where in ([0], 99, (0, 0), True):
        with pytest.raises(ArgumentError, match="where"):
            Suggestion(where, 1, 1, 1).apply(country)
    assert Suggestion((1, 2), 3, 1, 1).apply(board).clues[1][2] == 3
    first = country.countries[0]
    assert Suggestion(first, 2, 1, 1).apply(country).numbers[first] == 2


@pytest.mark.parametrize("value", [None, "5", 1.5, -1, [1]])
def test_counts_are_made_of_counts(value: Any) -> None:
    # Count(None, ...) was a bare TypeError from int(); "5" and 1.5 made a count.
    from loopcraft import Count

    with pytest.raises(LoopcraftError, match="value"):
        Count(value, "frontier", "why")
    with pytest.raises(ArgumentTypeError, match="engine"):
        Count(5, None, "why")  # type: ignore[arg-type]
    assert Count(5, "frontier", "why") + 1 == 6


# ---------------------------------------------------------------- the measurement helpers and progress bars


@pytest.mark.parametrize("odd", [None, 1.5, "4", True, 10**19, 0, 31])
def test_stats_helpers_check_their_sizes(odd: Any) -> None:
    # random_partition and cycle_of did arithmetic on whatever they were
    # given: None a bare TypeError, 10**19 an OverflowError from
    # random_partition and a list that never ended from cycle_of.
    import random

    from loopcraft.country.stats import cycle_of, random_partition

    with pytest.raises(LoopcraftError, match="rows"):
        random_partition(odd, 4, 3, random.Random(0))
    if odd != 10**19:  # which cycle_of read as a board of 4 * 10**19 cells, allocating without end
        with pytest.raises(LoopcraftError, match="cols"):
            cycle_of(4, odd, bytes(24))
    with pytest.raises(LoopcraftError, match="cols"):
        cycle_of(4, 10**19, bytes(24))
    with pytest.raises(LoopcraftError, match="count"):
        random_partition(4, 4, odd if odd not in (0, 31) else 17, random.Random(0))


def test_stats_helpers_check_their_other_arguments() -> None:
    import random

    from loopcraft.country.stats import cycle_of, random_partition

    with pytest.raises(ArgumentTypeError, match="rng"):
        random_partition(4, 4, 3, None)  # type: ignore[arg-type]  # a bare AttributeError
    for edges in (None, "0" * 24, 5):
        with pytest.raises(ArgumentTypeError, match="edges"):
            cycle_of(4, 4, edges)  # type: ignore[arg-type]
    for edges in (bytes(23), bytes(25), itertools.repeat(0)):
        with pytest.raises(ArgumentError, match="24 edges"):
            cycle_of(4, 4, edges)  # type: ignore[arg-type]
    assert cycle_of(2, 2, bytes([1, 1, 1, 1])) == [0, 1, 3, 2]  # the 2 x 2 square, from cell 0
    with pytest.raises(ArgumentError, match="one simple closed loop"):
        cycle_of(2, 2, bytes([1, 1, 1, 0]))
    parts = random_partition(5, 4, 6, random.Random(1))
    assert len(parts) == 20 and sorted(set(parts)) == list(range(6))


@pytest.mark.parametrize(
    "call",
    [
        lambda tables: tables.run_stats(True, 1, workers=1),  # a bare TypeError: not iterable
        lambda tables: tables.run_stats("trap", 1, workers=1),  # read as the tables t, r, a and p
        lambda tables: tables.run_table("trap", 1, workers=1, progress=True),  # 'bool' object is not callable
        lambda tables: tables.check_out_dir(None),  # expected str, bytes or os.PathLike
    ],
)
def test_stats_runs_check_their_arguments_first(call: Callable[[Any], Any]) -> None:
    from loopcraft.country import stats

    with pytest.raises(ArgumentTypeError):
        call(stats)


@pytest.mark.parametrize("name", ["a\x00b", "\ud800"])
def test_stats_output_directories_that_are_not_file_names(name: str, tmp_path: Path) -> None:
    # check_out_dir (and so run_stats(out=...) and write_table) gave a bare
    # ValueError ("embedded null byte") or UnicodeEncodeError.
    from loopcraft.country import stats

    with pytest.raises(ArgumentError, match="out"):
        stats.check_out_dir(str(tmp_path / name))
    with pytest.raises(ArgumentError, match="out"):
        stats.run_stats(["trap"], 1, workers=1, out=str(tmp_path / name))
    assert stats.check_out_dir(tmp_path / "fine").is_dir()


def test_endless_table_names_are_refused() -> None:
    from loopcraft.country import stats

    def endless() -> Iterator[str]:
        for i in itertools.count():
            if i > 10_000:
                raise AssertionError("read far past MAX_NAMES")
            yield "trap"

    with pytest.raises(ArgumentError, match="names has more than"):
        stats.run_stats(endless(), 1, workers=1)


@pytest.mark.parametrize(
    ("total", "label", "error"),
    [
        (10**19, "bank", ArgumentError),  # an OverflowError from tqdm
        (-1, "bank", ArgumentError),
        ("x", "bank", ArgumentTypeError),  # a TypeError from tqdm
        (3, True, ArgumentTypeError),  # 'bool' object is not subscriptable
        (3, "\ud800", ArgumentError),  # a UnicodeEncodeError once the bar was drawn
    ],
)
def test_progress_bars_check_their_total_and_label(total: Any, label: Any, error: type) -> None:
    import io

    from loopcraft.bank import progress_bar as bank_bar
    from loopcraft.country.stats import progress_bar as stats_bar

    for bar in (bank_bar, stats_bar):
        with pytest.raises(error):
            bar(total, label, io.StringIO())
        stream = io.StringIO()
        update, close = bar(3, "fine", stream)
        update(2, 3)
        close()
        assert "fine" in stream.getvalue() and "2/3" in stream.getvalue()


# ---------------------------------------------------------------- the web server


def _post_with_content_length(declared: bytes) -> Tuple[int, Any]:
    """POST /api/parse straight to the ASGI app with a Content-Length header of
    any bytes (an HTTP client refuses to send most of these)."""
    pytest.importorskip("starlette", reason="the web extra is not installed (pip install 'loopcraft[web]')")
    from web_client import post_raw, status_and_body  # here: importing it skips a module without the web extra

    body = json.dumps({"family": "slither", "puzzle": S_URL}).encode()
    messages = iter([{"type": "http.request", "body": body, "more_body": False}])

    async def receive() -> Dict[str, Any]:
        for message in messages:
            return message
        await asyncio.Event().wait()  # the client stays for its answer
        raise AssertionError("unreachable")

    return status_and_body(post_raw(receive, declared))


@pytest.mark.parametrize(
    "declared", [b"\xb2", b"\xb9\xb2", "\u0663".encode(), b"9" * 5000, b"1" * 8, b"0" * 5000 + b"60", b"00000060"]
)
def test_content_lengths_that_are_not_plain_digits(declared: bytes) -> None:
    # str.isdigit() takes "²" (the latin-1 byte 0xb2) and int() does not: a
    # ValueError out of the app, a 500; so was a length of 5,000 digits
    # (Python's int() refuses more than 4,300). Leading zeros are digits of
    # a small length, not a large one.
    status, answer = _post_with_content_length(declared)
    too_long = declared.isdigit() and len(declared.lstrip(b"0")) > 7
    if too_long:
        assert status == 413 and answer["error"] == "HTTPError" and "larger than" in answer["message"]
    else:
        assert status == 200 and answer["board"]["url"] == S_URL


@given(st.binary(min_size=1, max_size=12))
@settings(max_examples=60, deadline=None)
def test_content_lengths_of_any_bytes_are_answered(declared: bytes) -> None:
    status, answer = _post_with_content_length(declared)
    assert status in (200, 413) and (status == 200) == ("board" in answer)
