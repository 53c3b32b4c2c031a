"""Inputs that escaped the error hierarchy in a third adversarial campaign
(see tests/test_escapes.py and tests/test_api_escapes.py for the earlier
ones): each raises only a documented error now.
"""

from __future__ import annotations

import itertools
import json
import shutil
from pathlib import Path
from typing import Any, Callable, Iterator, List

import pytest

from loopcraft import ArgumentTypeError, CountryRoad, FormatError, LoopcraftError
from loopcraft.cli import main


@pytest.fixture(scope="module")
def small_bank(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from loopcraft.bank import make_bank

    out = tmp_path_factory.mktemp("bank")
    make_bank("country", out, "5x5", 2)
    return out


def _damage(small_bank: Path, tmp_path: Path, header: Any, entry: Any) -> Path:
    from loopcraft.bank import MANIFEST

    copy = tmp_path / "copy"
    shutil.rmtree(copy, ignore_errors=True)
    shutil.copytree(small_bank, copy)
    (copy / MANIFEST).write_text(json.dumps(header) + "\n" + json.dumps(entry) + "\n")
    return copy


def _manifest(small_bank: Path) -> List[Any]:
    from loopcraft.bank import MANIFEST

    return [json.loads(line) for line in (small_bank / MANIFEST).read_text().splitlines()]


@pytest.mark.parametrize("key", ["shard", "bytes", "boards", "failures"])
@pytest.mark.parametrize("odd", [[1], {"a": 1}, float("inf"), float("-inf")], ids=["list", "dict", "inf", "-inf"])
def test_bank_manifest_lines_of_odd_types(
    small_bank: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], key: str, odd: Any
) -> None:
    # A shard named by a list or an object was a bare TypeError (unhashable,
    # as the key of the finished chunks); a count of Infinity (which Python's
    # json reads) an OverflowError from int().
    from loopcraft.bank import make_bank, read_bank, verify_bank

    header, entry = _manifest(small_bank)
    copy = _damage(small_bank, tmp_path, header, dict(entry, **{key: odd}))
    with pytest.raises(FormatError, match="line 2: damaged manifest line"):
        verify_bank(copy)
    with pytest.raises(FormatError, match="line 2: damaged manifest line"):
        list(read_bank(copy))
    with pytest.raises(FormatError, match="line 2: damaged manifest line"):
        make_bank("country", copy, "5x5", 2)
    assert main(["bank", "verify", str(copy)]) == 2
    assert "damaged manifest line" in capsys.readouterr().err


@pytest.mark.parametrize("seed", ["missing", None, [1], {"a": 1}, 1.5, True])
def test_bank_header_without_a_seed(
    small_bank: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], seed: Any
) -> None:
    # verify_bank read header["seed"] for each record: a header without one
    # was a bare KeyError; one of another type went unnoticed (every record
    # then "had the wrong seed").
    from loopcraft.bank import read_bank, verify_bank

    header, entry = _manifest(small_bank)
    header = {k: v for k, v in header.items() if k != "seed"} if seed == "missing" else dict(header, seed=seed)
    copy = _damage(small_bank, tmp_path, header, entry)
    with pytest.raises(FormatError, match="damaged header: seed must be"):
        verify_bank(copy)
    with pytest.raises(FormatError, match="damaged header: seed must be"):
        list(read_bank(copy))
    assert main(["bank", "verify", str(copy)]) == 2
    assert "damaged header" in capsys.readouterr().err


@pytest.mark.parametrize("marks", [None, 5, "ab", [[]], [("h", 0)], b"x", [None]])
def test_position_with_marks_of_the_wrong_type(marks: Any) -> None:
    # with_marks handed its argument to dict.update: a bare TypeError
    # ("'NoneType' object is not iterable") or ValueError ("dictionary
    # update sequence element #0 has length 1; 2 is required").
    from loopcraft import ArgumentTypeError, Position

    position = Position("slitherlink", 2, 2)
    with pytest.raises(ArgumentTypeError, match="marks must be a dict"):
        position.with_marks(marks)
    assert position.with_marks({("h", 0, 0): 1}).marks == {("h", 0, 0): 1}


def _endless() -> Iterator[int]:
    """0, 1, 2, ... without end: a reader that reads it whole never returns
    (here: it fails the test once it has read more than any board has edges)."""
    for i in itertools.count():
        if i > 100_000:
            raise AssertionError("read far past the first item that could be refused")
        yield i


@pytest.mark.parametrize("endless", [_endless, lambda: range(10**18)], ids=["generator", "range"])
def test_endless_iterables_are_refused_at_their_first_wrong_item(endless: Callable[[], Any]) -> None:
    # Stage names, weight levels and a Country Road loop's edges were read
    # whole before their first item was checked: range(10**18) never returned.
    from loopcraft import Explanation, country
    from loopcraft.country import CountryLoop

    board = CountryRoad.from_url("https://puzz.link/p?country/5/5/amda0uf02h12h")
    explanation = Explanation("region", ())
    calls: List[Callable[[], Any]] = [
        lambda: board.solve(stages=endless()),
        lambda: board.deduce(stages=endless()),
        lambda: country.deduce(board, stages=endless()),
        lambda: explanation.weight(endless()),
        lambda: CountryLoop(5, 5, endless()),
        lambda: CountryLoop.from_pairs(5, 5, endless()),
        lambda: country.as_loop(endless(), 5, 5),
        lambda: board.check(endless()),
        lambda: board.draw(endless()),
        lambda: board.to_svg(endless()),
    ]
    for call in calls:
        with pytest.raises(LoopcraftError):
            call()
    # edges listed twice are still one loop
    solution = board.solve().solution
    twice = list(solution.edges) * 2
    assert CountryLoop(5, 5, twice) == country.as_loop(iter(twice), 5, 5) == solution
    assert explanation.weight(iter(["region", "once"])) == 0


def test_endless_iterables_of_good_items_are_refused() -> None:
    # Every item good, never an end: itertools.repeat of a stage name, a
    # level, an edge or a pair was read forever. Stage and level lists stop
    # past MAX_NAMES names, a loop's edges or pairs past a few per edge.
    from loopcraft import ArgumentError, Explanation, country, loop
    from loopcraft.country import CountryLoop

    board = CountryRoad.from_url("https://puzz.link/p?country/5/5/amda0uf02h12h")
    pair = ((0, 0), (0, 1))
    calls: List[Callable[[], Any]] = [
        lambda: board.solve(stages=itertools.repeat("loop")),
        lambda: board.deduce(stages=itertools.repeat("region")),
        lambda: Explanation("region", ()).weight(itertools.repeat("region")),
        lambda: CountryLoop(5, 5, itertools.repeat(0)),
        lambda: CountryLoop.from_pairs(5, 5, itertools.repeat(pair)),
        lambda: country.as_loop(itertools.repeat(0), 5, 5),
        lambda: board.check(itertools.repeat(0)),
        lambda: loop.is_simply_connected(itertools.repeat(0), 5),
        lambda: loop.is_simply_connected(range(10**18), 5),
        lambda: loop.loop_edges(itertools.repeat(1), 5, loop.make_geo(5)),
    ]
    for call in calls:
        with pytest.raises(ArgumentError, match="has more than"):
            call()
    # Repeats within the bound are still read as before.
    assert board.solve(stages=["loop"] * 50).count == board.solve(stages=["loop"]).count
    assert CountryLoop.from_pairs(5, 5, [pair] * 20) == CountryLoop.from_pairs(5, 5, [pair])
    assert loop.is_simply_connected([0, 1, 2] * 10, 3) == loop.is_simply_connected([0, 1, 2], 3)


@pytest.mark.parametrize(
    "argv",
    [
        ["solve", "slither"],
        ["solve", "country"],
        ["solve", "loop"],
        ["count", "country"],
        ["check", "slither"],
        ["explain", "country"],
    ],
)
def test_cli_reads_no_more_than_the_longest_text(
    argv: List[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # read_source read the whole file or stdin: /dev/zero (or any endless
    # stream) filled memory and ended in a MemoryError traceback, although
    # the readers refuse any text past MAX_TEXT characters.
    import io
    import sys

    from loopcraft._text import MAX_TEXT

    class Endless(io.RawIOBase):
        read_bytes = 0

        def readable(self) -> bool:
            return True

        def readinto(self, b: Any) -> int:
            Endless.read_bytes += len(b)
            assert Endless.read_bytes <= 8 * MAX_TEXT, "read on and on"
            b[:] = b"0" * len(b)
            return len(b)

    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BufferedReader(Endless())))
    assert main([*argv, "-"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("loopcraft: error: ") and "too long" in err, err
    if Path("/dev/zero").exists():
        assert main([*argv, "/dev/zero"]) == 2
        assert "too long" in capsys.readouterr().err


@pytest.mark.parametrize("host", ["\udcff\udcfe", "é" * 70, "a\x00b"], ids=["not-utf8", "long-label", "nul"])
def test_serve_refuses_a_host_socket_cannot_encode(host: str, capsys: pytest.CaptureFixture[str]) -> None:
    # socket.bind raises TypeError ("encoding of hostname failed") for a name
    # it cannot encode: bytes that were not UTF-8 on the command line (they
    # arrive as lone surrogates), a label IDNA refuses (over 63 characters),
    # a NUL. 'loopcraft serve --host ...' ended in a traceback.
    from loopcraft import ArgumentError
    from loopcraft.web import bind

    with pytest.raises(ArgumentError, match="host"):
        bind(host, 0)
    pytest.importorskip("uvicorn")
    assert main(["serve", "--host", host, "--port", "0"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("loopcraft: error: host") and "Traceback" not in err


@pytest.mark.parametrize("name", ["a\ud800b", "a\x00b"], ids=["surrogate", "nul"])
def test_paths_that_are_not_file_names(tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str) -> None:
    # A path with a NUL (ValueError: embedded null byte) or a lone surrogate
    # the file system cannot encode (UnicodeEncodeError) went past read_bank,
    # make_bank and the command line's file options as a bare error.
    from loopcraft import ArgumentError
    from loopcraft.bank import make_bank, read_bank, verify_bank

    bad = str(tmp_path / name)
    with pytest.raises(ArgumentError, match="not a file name"):
        list(read_bank(bad))
    with pytest.raises(ArgumentError, match="not a file name"):
        make_bank("country", bad, "5x5", 1)
    with pytest.raises(ArgumentError, match="not a file name"):
        verify_bank(bad)
    for reader in (read_bank, verify_bank):
        with pytest.raises(ArgumentTypeError):
            list(reader(None))  # type: ignore[arg-type]
    good = tmp_path / "good.txt"
    good.write_text("2 2\n- -\n- -\n")
    for argv in (
        ["solve", "slither", bad],
        ["solve", "country", bad],
        ["solve", "loop", bad],
        ["solve", "slither", str(good), "--svg", bad],
        ["bank", "country", "--sizes", "5x5", "--count", "1", "--out", bad],
        ["bank", "verify", bad],
        ["explain", "slither", str(good), "--svg-dir", bad],
    ):
        assert main(argv) == 2, argv
        err = capsys.readouterr().err
        assert err.startswith("loopcraft: error: ") and err.count("\n") == 1, err


def test_bank_uniqueness_refuses_a_board_of_another_size(small_bank: Path, tmp_path: Path) -> None:
    # A record of a 5x5 chunk holding a 7x7 board (its manifest line made to
    # match) passed 'bank verify --uniqueness' as ok, and the search behind
    # the check ran on whatever size the record held, not the bank's.
    import hashlib

    from loopcraft import country
    from loopcraft.bank import MANIFEST, verify_bank

    header, entry = _manifest(small_bank)
    copy = _damage(small_bank, tmp_path, header, entry)
    shard = copy / entry["shard"]
    records = [json.loads(line) for line in shard.read_text().splitlines()]
    other = country.generate_puzzle(7, 7, 5).to_dict()
    records[0].update(board=other["board"], solution=other["solution"])
    data = "".join(json.dumps(r) + "\n" for r in records).encode()
    shard.write_bytes(data)
    entry = dict(entry, bytes=len(data), sha256=hashlib.sha256(data).hexdigest())
    (copy / MANIFEST).write_text(json.dumps(header) + "\n" + json.dumps(entry) + "\n")
    report = verify_bank(copy, uniqueness=True)
    assert not report.ok
    assert report.problems == ["5x5 #0: unreadable board (the board is 7x7, not 5x5)"], report.problems


@pytest.mark.parametrize("solution", ["[Infinity]", "[1e400]", "[1, 0]", '"2"', "null"])
def test_bank_uniqueness_reads_a_damaged_country_solution(small_bank: Path, tmp_path: Path, solution: str) -> None:
    # The stored answer of a Country Road record went through int() item by
    # item: [Infinity] (which Python's json reads) was an OverflowError out of
    # verify_bank; a list of numbers was read as bits.
    import hashlib

    from loopcraft.bank import MANIFEST, verify_bank

    header, entry = _manifest(small_bank)
    copy = _damage(small_bank, tmp_path, header, entry)
    shard = copy / entry["shard"]
    first, *rest = shard.read_text().splitlines()
    record = json.loads(first)
    text = json.dumps(dict(record, solution="S")).replace('"S"', solution)
    data = "\n".join([text, *rest]).encode() + b"\n"
    shard.write_bytes(data)
    entry = dict(entry, bytes=len(data), sha256=hashlib.sha256(data).hexdigest())
    (copy / MANIFEST).write_text(json.dumps(header) + "\n" + json.dumps(entry) + "\n")
    report = verify_bank(copy, uniqueness=True)
    assert report.problems == ["5x5 #0: unreadable board (the stored solution is not a string of 0 and 1)"]


@pytest.mark.parametrize("kind", ["slither", "country"])
def test_cli_generation_has_a_time_limit_by_default(kind: str, capsys: pytest.CaptureFixture[str]) -> None:
    # 'loopcraft generate slither --rows 100 --cols 100' and 'generate country
    # --rows 30 --cols 30' ran for minutes (no end in sight after 90 s): the
    # generators had no budget unless --time-limit gave one, while every
    # solve, count, check and explain has one by default.
    from loopcraft.cli import build_parser
    from loopcraft.cli._common import DEFAULT_TIME_LIMIT

    parser = build_parser()
    argv = ["generate", kind, "--rows", "30", "--cols", "30"]
    assert parser.parse_args(argv).time_limit == DEFAULT_TIME_LIMIT
    assert parser.parse_args([*argv, "--time-limit", "none"]).time_limit is None
    assert parser.parse_args([*argv, "--time-limit", "2.5"]).time_limit == 2.5
    for bad in ("-1", "nan", "inf", "x"):
        with pytest.raises(SystemExit):
            parser.parse_args([*argv, "--time-limit", bad])
    capsys.readouterr()
    assert main([*argv, "--time-limit", "0.2"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("loopcraft: error: no 30 x 30 puzzle within") and err.count("\n") == 1, err


@pytest.mark.parametrize("odd", [None, 1.5, "0", [0], True])
def test_lattice_index_helpers_check_their_arguments(odd: Any) -> None:
    # Geometry.h/v/cell_edges/vertex_edges/endpoints and CountryDeduction.cell
    # did arithmetic on whatever they were given: a bare TypeError ("can only
    # concatenate list (not 'int') to list") or, for a float, an answer.
    from loopcraft import ArgumentError, loop

    geo = loop.make_geo(4)
    deduction = CountryRoad.from_url("https://puzz.link/p?country/5/5/amda0uf02h12h").deduce()
    calls: List[Callable[[], Any]] = [
        lambda: geo.h(odd, 0),
        lambda: geo.v(0, odd),
        lambda: geo.cell_edges(odd, 0),
        lambda: geo.vertex_edges(0, odd),
        lambda: geo.endpoints(odd),
        lambda: deduction.cell(odd, 0),
        lambda: deduction.cell(0, odd),
    ]
    for call in calls:
        with pytest.raises(ArgumentTypeError):
            call()
    for call in (
        lambda: geo.h(5, 0),
        lambda: geo.v(0, 5),
        lambda: geo.cell_edges(-1, 0),
        lambda: geo.vertex_edges(0, 5),
        lambda: geo.endpoints(geo.total),
        lambda: deduction.cell(5, 0),
        lambda: deduction.cell(0, -1),
    ):
        with pytest.raises(ArgumentError):
            call()
    assert geo.cell_edges(1, 1) == [5, 9, 26, 27] and geo.vertex_edges(4, 4) == [19, 39]
    assert geo.endpoints(0) == (0, 1) and deduction.cell(4, 4) in (0, 1, 2)


@pytest.mark.parametrize(
    ("solutions", "nodes", "limit"), [(5, 0, 2), ([], 0, 2), ((), None, 2), ((), 0, [1]), ((), -1, 2), ((), 0, 2.5)]
)
def test_solve_result_from_search_checks_its_arguments(solutions: Any, nodes: Any, limit: Any) -> None:
    # A public class's constructor from a core search: len() of an int, or
    # int() of a list, escaped as bare TypeErrors.
    from loopcraft import SolveResult

    with pytest.raises(LoopcraftError):
        SolveResult.from_search(solutions, True, nodes, limit)
    assert SolveResult.from_search((), True, 3, 2).count == 0


def test_check_takes_none_as_its_time_limit(capsys: pytest.CaptureFixture[str]) -> None:
    # check parsed --time-limit as a bare float, unlike every other command:
    # 'none' was a usage error and inf a core error.
    url = "https://puzz.link/p?slither/5/5/g31bh0cl653c"
    assert main(["check", "slither", url, "--time-limit", "none", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["count"] > 1
    for bad in ("inf", "nan", "-1"):
        with pytest.raises(SystemExit):
            main(["check", "slither", url, "--time-limit", bad])


def test_a_batch_past_max_batch_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    # solve_many(range(10**18)) made one error per item and never ended, and
    # an endless generator of texts was read until memory ran out. A list,
    # tuple or range past MAX_BATCH is refused before any item is read, an
    # iterable at the first item past it.
    from loopcraft import MAX_BATCH, ArgumentError, _batch, country, loop, slitherlink

    assert MAX_BATCH == _batch.MAX_BATCH == 1 << 20
    with pytest.raises(ArgumentError, match="split it"):
        slitherlink.solve_many(range(10**18))
    with pytest.raises(ArgumentError, match="split it"):
        country.solve_many([None] * (MAX_BATCH + 1))
    monkeypatch.setattr(_batch, "MAX_BATCH", 20)
    url = "https://puzz.link/p?slither/5/5/g31bh0ck16023c"
    with pytest.raises(ArgumentError, match="at most 20 boards"):
        slitherlink.solve_many(itertools.repeat(url))
    with pytest.raises(ArgumentError, match="at most 20 boards"):
        country.solve_many(itertools.repeat("x"))
    with pytest.raises(ArgumentError, match="at most 20 clue lists"):
        loop.solve_many(itertools.repeat([None] * 16), 4)
    # A batch of the bound itself is solved.
    assert all(r.unique for r in slitherlink.solve_many(itertools.repeat(url, 20), threads=1))
