"""Inputs that once escaped the error hierarchy: each class raises only a
documented error now (a ``LoopcraftError``), through the API and the CLI.

The classes: numbers thousands of digits long in every text format and in
command-line arguments; JSON nested thousands of levels deep; JSON whose
region ids or keys are lists or objects; files and seeds that are not UTF-8
and seeds with a lone surrogate; ints too large for a float as a budget or a
picture size; ``loop.solve`` given clues of the wrong type; banks with an
absurd count and bank manifests with a damaged header; ``connect_timeout``
of the wrong type; ``max_states`` for both families' counts; command-line
budgets too long for the alarm that enforces them.
"""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path
from typing import Any, Callable, List

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from loopcraft import (
    ArgumentError,
    ArgumentTypeError,
    CapacityError,
    CountryRoad,
    FormatError,
    LoopcraftError,
    LoopPuzzle,
    Slitherlink,
    country,
    loop,
    slitherlink,
)
from loopcraft.cli import main
from loopcraft.slitherlink._generate import random_loop

LONG = "9" * 5000  # more digits than Python 3.11 converts to an int by default
DEEP_LIST = "[" * 5000 + "]" * 5000
DEEP_OBJECT = '{"a":' * 5000 + "1" + "}" * 5000
HUGE = 10**400  # an int too large for a float


def _family_texts(n: str) -> List[str]:
    """Every text format of both families with the number ``n`` in a place
    where a number goes."""
    texts = [
        f"https://puzz.link/p?slither/{n}/5/g31bh0ck16023c",
        f"https://puzz.link/p?slither/5/{n}/g31bh0ck16023c",
        f"https://puzz.link/p?country/{n}/5/amda0uf02h12h",
        f"{n} 5\n- - - - -",
        f"2 {n}\n- -\n- -",
        f"2 2\n{n} -\n- -",
        f"{n}x5t0:abc",
        f"5x{n}t0:abc",
        f"5x5t{n}:abc",
        '{"rows": N, "cols": 2}',
        '{"kind": "country", "rows": 2, "cols": 2, "regions": [[N, 0], [0, 0]], "numbers": []}',
        '{"kind": "country", "rows": 2, "cols": 2, "regions": [[0, 0], [0, 0]], "numbers": [[0, N]]}',
        '{"clues": [[N]]}',
    ]
    return [t.replace("N", n) for t in texts]


def _country_texts(n: str) -> List[str]:
    return [
        f"2 2\n{n} -\n- -\n0 0\n0 0",
        f"2 2\n- -\n- -\n{n} 0\n0 0",
        f"2 2\n1 -\n- -\n{n} {n}\n{n} {n}",
    ]


def _readers() -> List[Callable[[Any], Any]]:
    return [
        Slitherlink.parse,
        Slitherlink.from_url,
        Slitherlink.from_puzzlekit,
        Slitherlink.from_tatham,
        Slitherlink.from_json,
        CountryRoad.parse,
        CountryRoad.from_url,
        CountryRoad.from_puzzlekit,
        CountryRoad.from_json,
        LoopPuzzle.from_json,
    ]


def _only_documented(call: Callable[..., Any], *args: Any) -> None:
    """``call(*args)`` returns or raises a LoopcraftError, nothing else."""
    try:
        call(*args)
    except LoopcraftError:
        pass


@pytest.mark.parametrize("reader", _readers(), ids=lambda f: f.__qualname__)
def test_long_digit_runs_in_every_format(reader: Callable[[Any], Any]) -> None:
    for text in _family_texts(LONG) + _country_texts(LONG):
        _only_documented(reader, text)
    for text in _family_texts(LONG)[:9] + _country_texts(LONG):
        if reader in (Slitherlink.parse, CountryRoad.parse):
            with pytest.raises(FormatError):
                reader(text)


def test_long_digit_runs_name_the_place() -> None:
    with pytest.raises(FormatError, match="URL: the number of columns: a number of 5000 digits"):
        Slitherlink.parse(f"https://puzz.link/p?slither/{LONG}/5/g")
    with pytest.raises(FormatError, match="line 1: the number of rows"):
        CountryRoad.parse(f"{LONG} 5\n")
    with pytest.raises(FormatError, match=r"line 4 \(row 1, column 1\): region id"):
        CountryRoad.parse(_country_texts(LONG)[1])
    with pytest.raises(FormatError, match="game ID: the width"):
        Slitherlink.parse(f"{LONG}x5t0:abc")
    # a region id of many (but not too many) digits is still an id
    ok = CountryRoad.parse("2 2\n- -\n- -\n" + "\n".join(["1" + "0" * 500 + " " + "1" + "0" * 500] * 2))
    assert ok.countries == (10**500,)


@pytest.mark.parametrize("text", [DEEP_LIST, DEEP_OBJECT, "[" * 100000])
@pytest.mark.parametrize("reader", _readers(), ids=lambda f: f.__qualname__)
def test_deep_json_is_a_format_error(reader: Callable[[Any], Any], text: str) -> None:
    with pytest.raises(FormatError):
        reader(text)


def test_deep_json_says_so() -> None:
    with pytest.raises(FormatError, match="nested too deeply"):
        Slitherlink.from_json(DEEP_LIST)
    with pytest.raises(FormatError, match="nested too deeply"):
        LoopPuzzle.from_json(DEEP_OBJECT)


@pytest.mark.parametrize("odd", [[1], {"a": 1}, [], {}, [[0]], 1.5, True])
def test_json_region_ids_and_keys_of_any_shape(odd: Any) -> None:
    base = {"kind": "country", "rows": 2, "cols": 2, "regions": [[0, 0], [0, 0]], "numbers": []}
    variants = [
        dict(base, regions=[[odd, odd], [odd, odd]]),
        dict(base, regions=[[odd, 0], [0, 0]]),
        dict(base, numbers=[[odd, 1]]),
        dict(base, numbers=[[0, odd]]),
        dict(base, numbers=[odd]),
        dict(base, numbers=odd),
        dict(base, rows=odd),
        dict(base, regions=odd),
        {"clues": [[odd]]},
        {"rows": odd, "cols": 1, "clues": [[None]]},
    ]
    for data in variants:
        for reader in (CountryRoad.from_dict, Slitherlink.from_dict, LoopPuzzle.from_dict):
            _only_documented(reader, data)
        for json_reader in (CountryRoad.from_json, Slitherlink.from_json, LoopPuzzle.from_json):
            _only_documented(json_reader, json.dumps(data))
    if isinstance(odd, (list, dict)):  # a region id must be an int or a str
        for data in variants[:3]:
            with pytest.raises(FormatError):
                CountryRoad.from_json(json.dumps(data))


def test_ints_too_large_for_a_float() -> None:
    b = Slitherlink([[3, 3, 1]])
    c = CountryRoad.from_regions([[0, 1], [2, 3]])
    calls: List[Callable[[], Any]] = [
        lambda: b.solve(time_limit=HUGE),
        lambda: c.solve(time_limit=HUGE),
        lambda: slitherlink.solve_many([b], time_limit=HUGE),
        lambda: country.solve_many([c], time_limit=HUGE),
        lambda: slitherlink.generate(4, 4, seed=1, time_limit=HUGE),
        lambda: country.generate(4, 4, seed=1, time_limit=HUGE),
        lambda: b.to_svg(cell=HUGE),
        lambda: c.to_svg(cell=HUGE),
        lambda: loop.generate(4, "x").to_svg(cell=HUGE),
        lambda: b.to_svg(cell=-HUGE),
    ]
    for call in calls:
        with pytest.raises(ArgumentError):
            call()
    assert b.solve(time_limit=10**300).unique  # large but a float: a budget that never runs out


@pytest.mark.parametrize("clues", [None, 5, 1.5, object(), "abc", b"abc", [1.5] * 16, [True] * 16, [[0]] * 16])
def test_loop_solve_types_as_solve_many(clues: Any) -> None:
    with pytest.raises(ArgumentTypeError):
        loop.solve(clues, 4)
    got = loop.solve_many([clues], 4)[0]
    assert isinstance(got, ArgumentTypeError)


def test_seeds_with_a_lone_surrogate() -> None:
    for call in (
        lambda: slitherlink.generate(4, 4, seed="a\ud800"),
        lambda: country.generate(4, 4, seed="\udcff"),
        lambda: random_loop(4, 4, seed="\ud800"),
    ):
        with pytest.raises(ArgumentError, match="lone surrogate"):
            call()
    # Loop v1 seeds follow JavaScript's UTF-16 rules: a lone surrogate is a unit like any other
    assert loop.generate(4, "\ud800").n == 4


def test_max_states_for_both_families() -> None:
    empty = CountryRoad.from_regions([[r * 6 + c for c in range(6)] for r in range(6)])
    assert country.count_solutions(empty, engine="frontier", max_states=10**6) == 1072
    with pytest.raises(CapacityError):
        country.count_solutions(empty, engine="frontier", max_states=2)
    for bad, error in ((0, ArgumentError), (1.5, ArgumentTypeError), ("9", ArgumentTypeError)):
        with pytest.raises(error):
            country.count_solutions(empty, engine="frontier", max_states=bad)
        with pytest.raises(error):
            slitherlink.count_solutions(Slitherlink([[None]]), max_states=bad)


# ---------------------------------------------------------------- odd JSON shapes at every reader

_leaf = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**30), 10**30),
    st.floats(allow_nan=True),
    st.text(max_size=4),
    st.sampled_from([LONG[:400], "country", "slither", "-", "@"]),
)
_shapes = st.recursive(
    _leaf,
    lambda kids: st.lists(kids, max_size=4) | st.dictionaries(st.text(max_size=8), kids, max_size=4),
    max_leaves=20,
)
_records = st.fixed_dictionaries(
    {},
    optional={
        "kind": st.sampled_from(["country", "slitherlink", "loop"]) | _shapes,
        "rows": st.integers(-3, 40) | _shapes,
        "cols": st.integers(-3, 40) | _shapes,
        "regions": st.lists(st.lists(st.integers(0, 3) | _shapes, max_size=3), max_size=3) | _shapes,
        "numbers": st.lists(st.lists(st.integers(0, 3) | _shapes, max_size=3), max_size=3) | _shapes,
        "clues": st.lists(st.lists(st.integers(-1, 5) | st.none() | _shapes, max_size=3), max_size=3) | _shapes,
        "n": st.integers(3, 7) | _shapes,
        "seed": _shapes,
        "version": _shapes,
        "answer": _shapes,
        "attempt": _shapes,
        "blanks": _shapes,
        "cells": _shapes,
    },
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(_records, _shapes))
def test_odd_json_shapes_at_every_reader(data: Any) -> None:
    try:
        text = json.dumps(data)
    except ValueError:  # pragma: no cover - NaN is written as NaN, which json.loads reads
        text = "null"
    for reader in (CountryRoad.from_dict, Slitherlink.from_dict, LoopPuzzle.from_dict):
        _only_documented(reader, data)
    for text_reader in _readers():
        _only_documented(text_reader, text)


@settings(max_examples=200, deadline=None)
@given(
    st.sampled_from(_family_texts("N") + _country_texts("N")),
    st.integers(1, 6000).map(lambda k: "1" * k),
)
def test_digit_runs_of_any_length_at_every_reader(template: str, digits: str) -> None:
    text = template.replace("N", digits)
    for reader in _readers():
        _only_documented(reader, text)


# ---------------------------------------------------------------- the command line


def _cli(argv: List[str], capsys: pytest.CaptureFixture[str]) -> int:
    status = main(argv)
    capsys.readouterr()
    return status


def test_cli_refuses_files_that_are_not_utf8(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"5 5\n\xff\xfe - - -\n")
    for argv in (
        ["solve", "slither", str(bad)],
        ["solve", "country", str(bad)],
        ["count", "country", str(bad)],
        ["solve", "loop", str(bad)],
    ):
        assert main(argv) == 2
        assert "not UTF-8" in capsys.readouterr().err


def test_cli_deep_json_and_long_numbers(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    deep = tmp_path / "deep.json"
    deep.write_text(DEEP_LIST)
    long = tmp_path / "long.txt"
    long.write_text(f"{LONG} 5\n")
    for path in (deep, long):
        for argv in (
            ["solve", "slither", str(path)],
            ["solve", "country", str(path)],
            ["count", "country", str(path)],
            ["solve", "loop", str(path)],
        ):
            assert _cli(argv, capsys) == 2
    assert _cli(["solve", "slither", f"https://puzz.link/p?slither/{LONG}/5/g"], capsys) == 2
    assert _cli(["solve", "country", f"https://puzz.link/p?country/5/{LONG}/g"], capsys) == 2
    for argv in (
        ["generate", "slither", "--rows", LONG],
        ["solve", "slither", "-", "--limit", LONG],
        ["solve", "country", "-", "--time-limit", LONG],
        ["generate", "country", "--rows", "4", "--cols", "4", "--time-limit", "1e400"],
    ):
        with pytest.raises(SystemExit) as exit_info:
            main(argv)
        assert exit_info.value.code == 2
        capsys.readouterr()


def test_cli_seeds_that_are_not_text(capsys: pytest.CaptureFixture[str]) -> None:
    # bytes that are not UTF-8 on the command line arrive as lone surrogates
    bad = b"\xff\xfe".decode("utf-8", "surrogateescape")
    assert _cli(["generate", "slither", "--rows", "4", "--cols", "4", "--seed", bad], capsys) == 2
    assert _cli(["generate", "country", "--rows", "4", "--cols", "4", "--seed", bad], capsys) == 2
    assert _cli(["generate", "slither", "--rows", "4", "--cols", "4", "--seed", LONG], capsys) == 0
    assert _cli(["generate", "loop", "--size", "4", "--seed", bad, "--json"], capsys) == 0


# ---------------------------------------------------------------- command-line budgets

URL_5X5 = "https://puzz.link/p?country/5/5/amda0uf02h12h"


def _json_of(argv: List[str], capsys: pytest.CaptureFixture[str]) -> Any:
    assert main(argv) == 0
    return json.loads(capsys.readouterr().out)


@pytest.mark.parametrize("stages", ["region", "once", "macro", "probe", "region,once", "region,macro,probe"])
def test_cli_search_under_weak_stages_keeps_the_loop_rules(stages: str, capsys: pytest.CaptureFixture[str]) -> None:
    # Without the loop's own rules at each node this search took minutes and
    # millions of nodes; with them thousands at most.
    out = _json_of(["solve", "country", URL_5X5, "--stages", stages, "--json"], capsys)
    assert out["complete"] and out["unique"]
    assert out["nodes"] < 100_000, out["nodes"]


def test_cli_solves_and_counts_report_incomplete_when_time_runs_out(capsys: pytest.CaptureFixture[str]) -> None:
    empty_slither = "30 30\n" + "\n".join([" ".join(["-"] * 30)] * 30)
    own = CountryRoad.from_regions([[r * 12 + c for c in range(12)] for r in range(12)])
    argv_slither = ["solve", "slither", "-", "--limit", "1000000", "--time-limit", "0.05"]

    for argv, text in (
        (argv_slither, empty_slither),
        ([*argv_slither, "--json"], empty_slither),
        (["solve", "country", "-", "--limit", "1000000", "--time-limit", "0.05"], own.to_puzzlekit()),
        (["count", "country", "-", "--engine", "search", "--time-limit", "0.05"], own.to_puzzlekit()),
        (["count", "country", "-", "--engine", "search", "--time-limit", "0.05", "--json"], own.to_puzzlekit()),
    ):
        stdin = sys.stdin
        sys.stdin = io.TextIOWrapper(io.BytesIO(text.encode()))
        try:
            assert main(argv) == 0
        finally:
            sys.stdin = stdin
        out = capsys.readouterr().out
        if "--json" in argv:
            data = json.loads(out)
            assert data["complete"] is False
        else:
            assert "incomplete" in out, out


def test_cli_time_limit_option() -> None:
    from loopcraft.cli import build_parser
    from loopcraft.cli._common import DEFAULT_TIME_LIMIT

    parser = build_parser()
    for argv in (["solve", "slither", "x"], ["solve", "country", "x"], ["count", "country", "x"]):
        assert parser.parse_args(argv).time_limit == DEFAULT_TIME_LIMIT
        assert parser.parse_args([*argv, "--time-limit", "none"]).time_limit is None
        assert parser.parse_args([*argv, "--time-limit", "2.5"]).time_limit == 2.5
        for bad in ("-1", "nan", "inf", "1e400", "x"):
            with pytest.raises(SystemExit):
                parser.parse_args([*argv, "--time-limit", bad])


def test_cli_budgets_too_long_for_the_alarm(capsys: pytest.CaptureFixture[str]) -> None:
    # A finite budget of 1e30 s is accepted by --time-limit; the counts and the
    # grade (which run under an alarm) passed it to signal.setitimer, whose
    # OverflowError ended the command in a traceback.
    slither = "https://puzz.link/p?slither/5/5/g31bh0ck16023c"
    for argv in (
        ["count", "country", URL_5X5, "--time-limit", "1e30", "--json"],
        ["count", "slither", slither, "--time-limit", "1e30", "--json"],
    ):
        out = _json_of(argv, capsys)
        assert out["count"] == 1 and out["complete"] is True
    out = _json_of(["solve", "slither", slither, "--grade", "--time-limit", "1e30", "--json"], capsys)
    assert out["unique"] and out["grade"]["complete"] is True


# ---------------------------------------------------------------- banks


def test_bank_with_an_absurd_count_is_refused_at_once(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from loopcraft.bank import make_bank

    for count, chunk_size in ((10**18, None), (10**7, 1), (10, 10**9)):
        with pytest.raises(ArgumentError):
            make_bank("country", tmp_path / "b", "5x5", count, chunk_size=chunk_size)
    assert not (tmp_path / "b").exists()
    status = _cli(["bank", "country", "--sizes", "5x5", "--count", "9" * 30, "--out", str(tmp_path / "c")], capsys)
    assert status == 2
    with pytest.raises(SystemExit):  # too long for an int: a usage error
        main(["bank", "country", "--sizes", "5x5", "--count", LONG, "--out", str(tmp_path / "c")])
    with pytest.raises(ArgumentError):
        make_bank("country", tmp_path / "d", f"{LONG}x5", 1)


@pytest.fixture(scope="module")
def small_bank(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from loopcraft.bank import make_bank

    out = tmp_path_factory.mktemp("bank")
    make_bank("country", out, "5x5", 2)
    return out


def _damaged_headers(header: Any) -> List[Any]:
    out: List[Any] = []
    for key in ("family", "sizes", "count", "chunk_size", "format"):
        missing = dict(header)
        del missing[key]
        out.append(missing)
        for odd in (None, [1], {"a": 1}, "x", 1.5, -1, 10**40, True, LONG):
            out.append(dict(header, **{key: odd}))
    return out


def test_bank_manifests_with_a_damaged_header(
    small_bank: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import shutil

    from loopcraft.bank import MANIFEST, read_bank, verify_bank

    lines = (small_bank / MANIFEST).read_text().splitlines()
    header = json.loads(lines[0])
    copy = tmp_path / "copy"
    shutil.copytree(small_bank, copy)
    damaged = [json.dumps(h) for h in _damaged_headers(header)] + [DEEP_LIST, "[" * 100000]
    for text in damaged:
        (copy / MANIFEST).write_text("\n".join([text, *lines[1:]]) + "\n")
        parsed = json.loads(text) if text.startswith("{") else None
        still_fine = parsed is not None and all(parsed.get(k) == header.get(k) for k in header)
        if still_fine:
            continue
        with pytest.raises(FormatError):
            verify_bank(copy)
        with pytest.raises(FormatError):
            list(read_bank(copy))
        assert _cli(["bank", "verify", str(copy)], capsys) == 2


def test_connect_timeout_of_the_wrong_type(tmp_path: Path) -> None:
    from loopcraft.bank import make_bank, make_runner, verify_bank

    for bad, error in (("5", ArgumentTypeError), (None, ArgumentTypeError), (-1, ArgumentError), (HUGE, ArgumentError)):
        with pytest.raises(error):
            make_bank("country", tmp_path / "b", "5x5", 1, connect_timeout=bad)
        with pytest.raises(error):
            verify_bank(tmp_path, connect_timeout=bad)
        with pytest.raises(error):
            make_runner(None, None, bad)
    with pytest.raises(ArgumentError):
        make_runner(None, None, float("inf"))


def test_findings_of_the_odd_inputs_harness() -> None:
    """odd_inputs findings: an int too long to print inside an error message
    (Python raises ValueError while the message is formatted), and a Country
    Road JSON object whose regions are not a list."""
    with pytest.raises(ArgumentError, match="an int of"):
        Slitherlink([[3]]).to_svg(cell=10**5000)
    with pytest.raises(ArgumentError, match="an int of"):
        Slitherlink([[3]]).solve(limit=10**5000)
    with pytest.raises(ArgumentError, match="an int of"):
        CountryRoad.from_regions([[0, 0], [0, 0]], {10**5000: 1})
    for regions in (7, "ab", None, {"a": 1}):
        with pytest.raises(FormatError):
            CountryRoad.from_dict({"kind": "country", "regions": regions, "numbers": {"0": 1}})
    with pytest.raises(FormatError):
        CountryRoad.from_dict({"kind": "country", "rows": 10**5000, "regions": [[0, 0], [0, 0]]})
    with pytest.raises(FormatError):
        Slitherlink.from_dict({"rows": 1, "cols": 1, "clues": [[10**5000]]})


def test_a_huge_loop_clue_prints_nothing_on_stderr(monkeypatch: pytest.MonkeyPatch) -> None:
    """The core's clue check once put the int in its message: Python's refusal
    to print it surfaced as an "Exception ignored" report on stderr (through
    sys.unraisablehook), although the call raised the right error."""
    unraisable: List[Any] = []
    monkeypatch.setattr(sys, "unraisablehook", unraisable.append)
    for clue in (10**5000, -(10**5000), 2**63, 5):
        with pytest.raises(ArgumentError):
            loop.solve([clue] + [None] * 15, 4)
        (answer,) = loop.solve_many([[clue] + [None] * 15], 4)
        assert isinstance(answer, ArgumentError)
    assert unraisable == []


def test_country_ids_too_long_to_write_out_are_refused() -> None:
    """An int region id Python cannot print (over 4,300 digits) made to_json and
    to_puzzlekit raise a plain ValueError; ids are held to the readers' limit."""
    from loopcraft._text import MAX_DIGITS

    longest = 10**MAX_DIGITS - 1
    board = CountryRoad.from_regions([[longest, longest], [1, 1]], {longest: 2})
    assert CountryRoad.from_json(board.to_json()) == board
    board.to_puzzlekit()
    for rid in (10**MAX_DIGITS, -(10**MAX_DIGITS), 10**5000):
        with pytest.raises(ArgumentError, match="longer than"):
            CountryRoad.from_regions([[rid, rid], [1, 1]])
        with pytest.raises(FormatError):
            CountryRoad.from_dict({"kind": "country", "regions": [[rid, rid], [1, 1]]})


def test_messages_survive_values_too_deep_or_too_long_to_print() -> None:
    deep: Any = []
    for _ in range(100_000):
        deep = [deep]
    for call in (
        lambda: Slitherlink([[deep]]),
        lambda: Slitherlink([[3]]).to_url(site=deep),
        lambda: CountryRoad.from_dict({"kind": "country", "regions": [[0, 0], [0, 0]], "numbers": [deep]}),
        lambda: Slitherlink.from_dict({"clues": [[deep]]}),
        lambda: CountryRoad.from_regions([[0, 0], [0, 0]]).check([deep]),
    ):
        with pytest.raises(LoopcraftError):
            call()


def test_batches_refuse_long_numbers_as_parse_does() -> None:
    """The core's fast path leaves to ``parse`` what ``parse`` refuses: a region
    id of more digits than MAX_DIGITS is a FormatError in a batch too."""
    from loopcraft._text import MAX_DIGITS

    for digits, refused in ((MAX_DIGITS + 1, True), (MAX_DIGITS, False)):
        text = "2 2\n- -\n- -\n" + "0" * (digits - 1) + "1 1\n1 1"
        (got,) = country.solve_many([text])
        if refused:
            assert isinstance(got, FormatError)
            with pytest.raises(FormatError):
                CountryRoad.parse(text)
        else:
            assert not isinstance(got, LoopcraftError)
            assert got.count == CountryRoad.parse(text).solve().count
    items = [f"{LONG} 5\n", f"https://puzz.link/p?slither/{LONG}/5/g", DEEP_LIST, f"5x5t0:{LONG}"]
    for solve_many in (slitherlink.solve_many, country.solve_many):
        assert all(isinstance(r, FormatError) for r in solve_many(items))


def test_stats_and_runners_refuse_absurd_counts_and_seeds(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from loopcraft.bank import make_bank, make_runner
    from loopcraft.country.stats import run_table

    bad_seed = "\udcff"
    for call in (
        lambda: run_table("reach", boards=10**20, workers=1),
        lambda: run_table("reach", boards=1, seed=bad_seed, workers=1),
        lambda: run_table("reach", boards=1, workers=10**20),
        lambda: make_runner(10**20, None),
        lambda: make_bank("country", tmp_path / "b", "5x5", 1, workers=10**20),
    ):
        with pytest.raises(ArgumentError):
            call()
    assert not (tmp_path / "b").exists()
    for argv in (
        ["stats", "country", "--table", "reach", "--boards", "9" * 20],
        ["stats", "country", "--table", "reach", "--boards", "1", "--seed", bad_seed],
        ["bank", "country", "--sizes", "5x5", "--count", "1", "--out", str(tmp_path / "c"), "--workers", "9" * 20],
    ):
        assert _cli(argv, capsys) == 2


def test_json_with_a_byte_order_mark_reads_as_without() -> None:
    # The text formats' readers read past a UTF-8 BOM (as some editors save
    # one); the JSON readers refused it ("Unexpected UTF-8 BOM"), so
    # 'loopcraft solve loop FILE' failed on a file the other families read.
    from loopcraft import country, loop, slitherlink

    puzzles = [loop.generate(4, "bom"), slitherlink.generate(4, 4, seed=1), country.generate(4, 4, seed=1)]
    for puzzle in puzzles:
        text = puzzle.to_json()
        cls = type(puzzle)
        assert cls.from_json("\ufeff" + text) == cls.from_json(text)
        if cls is not loop.LoopPuzzle:
            assert cls.from_json("\ufeff" + text) == puzzle
