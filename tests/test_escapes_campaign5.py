"""Inputs that escaped the error hierarchy, or ran without a bound, in a
fifth adversarial campaign (see tests/test_escapes.py,
tests/test_api_escapes.py, tests/test_escapes_campaign3.py and
tests/test_escapes_campaign4.py for the earlier ones): each is answered with
a documented error, or within its bounds, now.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
import tracemalloc
from pathlib import Path
from typing import Any, Callable, Dict, List

import pytest

import loopcraft.country.stats  # noqa: F401  (country.stats)
from loopcraft import (
    ArgumentError,
    ArgumentTypeError,
    CountryRoad,
    FormatError,
    LoopcraftError,
    Position,
    Slitherlink,
    country,
    slitherlink,
)
from loopcraft.cli import main
from loopcraft.slitherlink import Solution

C_URL = "https://puzz.link/p?country/5/5/amda0uf02h12h"

# ---------------------------------------------------------------- banks


@pytest.fixture(scope="module")
def small_bank(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from loopcraft.bank import make_bank

    out = tmp_path_factory.mktemp("bank")
    make_bank("country", out, "5x5", 2)
    return out


def _replace_with(path: Path, kind: str) -> None:
    """Puts a file that no bank writes in the place of ``path``."""
    path.unlink()
    if kind == "fifo":
        os.mkfifo(path)  # open() for reading waits for a writer
    else:
        path.symlink_to("/dev/zero")  # no end


@pytest.mark.skipif(sys.platform == "win32" or not os.path.exists("/dev/zero"), reason="POSIX files")
@pytest.mark.parametrize("kind", ["fifo", "dev-zero"])
def test_a_manifest_that_is_no_regular_file(
    small_bank: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], kind: str
) -> None:
    # The manifest was read whole with read_bytes: a FIFO in its place hung
    # every bank call, and /dev/zero filled memory (a MemoryError traceback
    # from `loopcraft bank verify`, or the machine's memory).
    from loopcraft.bank import MANIFEST, make_bank, read_bank, verify_bank

    copy = tmp_path / "copy"
    shutil.copytree(small_bank, copy)
    _replace_with(copy / MANIFEST, kind)
    with pytest.raises(FormatError, match="not a regular file"):
        verify_bank(copy)
    with pytest.raises(FormatError, match="not a regular file"):
        list(read_bank(copy))
    with pytest.raises(FormatError, match="not a regular file"):
        make_bank("country", copy, "5x5", 2)
    assert main(["bank", "verify", str(copy)]) == 2
    assert "not a regular file" in capsys.readouterr().err


@pytest.mark.skipif(sys.platform == "win32" or not os.path.exists("/dev/zero"), reason="POSIX files")
@pytest.mark.parametrize("kind", ["fifo", "dev-zero"])
def test_a_shard_that_is_no_regular_file(small_bank: Path, tmp_path: Path, kind: str) -> None:
    # Shards were read whole too (verify, read_bank, and make_bank's check of
    # the finished chunks): the same hang and the same MemoryError.
    from loopcraft.bank import make_bank, read_bank, verify_bank

    copy = tmp_path / "copy"
    shutil.copytree(small_bank, copy)
    (shard,) = copy.glob("country-*.jsonl")
    _replace_with(shard, kind)
    report = verify_bank(copy)
    assert not report.ok and report.problems == [f"{shard.name}: missing, truncated or changed since it was written"]
    with pytest.raises(FormatError, match="not a regular file"):
        list(read_bank(copy))
    summary = make_bank("country", copy, "5x5", 2)  # the chunk is made again, in a file of its own
    assert summary.made == 2
    assert verify_bank(copy).ok
    assert list(read_bank(copy)) == list(read_bank(small_bank))


# ---------------------------------------------------------------- the command line

#: A unique Country Road board with a blocked cell: no puzz.link URL holds it.
BLOCKED = (
    "5 5\n- 2 - - -\n- - 7 - -\n- - - - -\n- - - - -\n- - - - -\n"
    "@ 0 0 0 1\n0 0 2 2 1\n0 2 2 2 1\n3 3 2 2 4\n3 3 4 4 4\n"
)


@pytest.mark.parametrize("options", [["--json"], ["--minimize"], ["--json", "--minimize"]])
def test_check_takes_a_country_board_with_blocked_cells(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], options: List[str]
) -> None:
    # `check country` wrote the board's URL into its JSON and after
    # "minimized:", and to_url refuses a board with blocked cells: a legal
    # board was answered "error: a board with blocked cells cannot be
    # written as a puzz.link country URL", exit status 2. The URL is now
    # null in JSON, and the minimized board is printed as puzzlekit text.
    source = tmp_path / "blocked.txt"
    source.write_text(BLOCKED)
    assert main(["check", "country", str(source), *options]) == 0
    out = capsys.readouterr().out
    if "--json" in options:
        data = json.loads(out)
        assert data["unique"] and data["url"] is None and data["puzzle"]["regions"][0][0] is None
        assert ("minimized" in data) == ("--minimize" in options)
    else:
        assert "minimized: 2 of 2 clues needed: \n5 5\n" in out
        assert CountryRoad.from_puzzlekit(out.split("needed: \n", 1)[1]).solve().unique


# ---------------------------------------------------------------- searches


@pytest.mark.parametrize("family", ["slither", "country"])
def test_a_search_keeps_its_solutions_within_a_memory_budget(monkeypatch: pytest.MonkeyPatch, family: str) -> None:
    # solve(limit=10**9) kept every solution it found until its time limit: a
    # blank 10 x 10 Slitherlink finds some 90,000 a second, 1.8 KB each as
    # Python tuples, so `loopcraft solve slither --limit 1000000000` asked
    # for about 10 GB in its default minute (a MemoryError traceback). The
    # budget is lowered here so that the test stays small.
    from loopcraft import _validate

    monkeypatch.setattr(_validate, "MAX_KEPT_VALUES", 4096, raising=False)
    board: Any
    if family == "slither":
        board, values = Slitherlink([[None] * 10] * 10), 11 * 10 + 10 * 11
    else:
        board, values = CountryRoad.from_regions([[r * 8 + c for c in range(8)] for r in range(8)]), 2 * 8 * 7
    result = board.solve(limit=10**9, time_limit=5)
    assert result.count == result.limit == 4096 // values and not result.complete
    assert board.solve(limit=3).limit == 3  # a limit within the budget is kept
    assert Slitherlink([[3, 3, 1]]).solve(limit=10**9).unique  # a search that ends within it is complete
    # Counting by search keeps no solution, so the budget does not cut it short.
    assert Slitherlink([[None] * 3] * 3).count("search") == 213


# ---------------------------------------------------------------- seeds


@pytest.mark.parametrize(
    "call",
    [
        lambda seed: country.generate(4, 4, seed=seed, grade="region", attempts=2),
        lambda seed: country.generate_puzzle(4, 4, seed=seed, grade="region", attempts=2),
        lambda seed: str(country.generate_puzzle(4, 4, seed=seed)),
        lambda seed: country.stats.run_table("reach", boards=1, seed=seed),
    ],
    ids=["country generate", "generate_puzzle", "generated str", "stats"],
)
@pytest.mark.parametrize("seed", [10**5000, -(10**5000)], ids=["huge", "-huge"])
def test_int_seeds_too_long_to_write(call: Callable[[int], Any], seed: int) -> None:
    # Seeds of any size were taken, and written in decimal where a message or
    # a board's seed names them: Python refuses an int of more than 4,300
    # digits with a bare ValueError ("Exceeds the limit (4300 digits) for
    # integer string conversion"), from NoPuzzleFound's message, the
    # generated puzzle's repr, and each board seed of a bank or a stats run.
    with pytest.raises(ArgumentError, match="seed must be an int of at most 1000 digits"):
        call(seed)
    with pytest.raises(ArgumentError, match="seed must be an int of at most 1000 digits"):
        slitherlink.generate(3, 3, seed=seed)  # taken modulo 2**64, refused the same for one rule


def test_bank_seeds_too_long_to_write(tmp_path: Path) -> None:
    from loopcraft.bank import make_bank

    with pytest.raises(ArgumentError, match="seed must be an int of at most 1000 digits"):
        make_bank("country", tmp_path / "bank", "4x4", 1, seed=10**5000)
    assert make_bank("country", tmp_path / "bank", "4x4", 1, seed=10**999).boards == 1  # 1,000 digits


@pytest.mark.parametrize(
    "options", [{"count": 10**5000}, {"chunk_size": 10**5000}, {"count": 10**5000, "chunk_size": 10**4999}]
)
def test_bank_counts_too_long_to_write(tmp_path: Path, options: Dict[str, int]) -> None:
    # check_plan refused these, with a message that wrote them in decimal: a
    # bare ValueError ("Exceeds the limit (4300 digits)") instead.
    from loopcraft.bank import make_bank

    options = dict({"count": 2}, **options)
    with pytest.raises(ArgumentError, match="an int of"):
        make_bank("country", tmp_path / "bank", "4x4", options.pop("count"), **options)


# ---------------------------------------------------------------- positions

_N = 1500


@pytest.mark.parametrize(
    "data",
    [
        {"h_edges": ["1" * _N] * (_N + 1), "v_edges": ["1" * (_N + 1)] * _N},
        {"right": ["1" * _N] * _N, "down": ["1" * (_N + 1)] * (_N - 1)},
    ],
    ids=["slitherlink", "country"],
)
def test_position_dicts_of_absurd_sizes_are_refused_before_their_marks_are_read(data: Dict[str, Any]) -> None:
    # Position.from_dict read every row into a dict of marks and only then
    # refused the size (at most 100 a side, 30 for Country Road): a few
    # kilobytes of repeated rows made millions of marks (3,000 x 3,000:
    # 14 s and 2.3 GB; larger, a MemoryError). hint() reads its position so.
    board = Slitherlink([[None] * 5] * 5) if "h_edges" in data else CountryRoad.from_url(C_URL)
    for call in (Position.from_dict, board.hint):
        tracemalloc.start()
        try:
            with pytest.raises(ArgumentError, match=r"rows must be at most"):
                call(data)
            peak = tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
        assert peak < 10_000_000


# ---------------------------------------------------------------- lengths past sys.maxsize

_HUGE = range(10**30)  # a Sequence whose len() is an OverflowError


@pytest.mark.parametrize(
    "call",
    [
        lambda: Slitherlink(_HUGE),
        lambda: Slitherlink([_HUGE]),
        lambda: Slitherlink([[1], _HUGE]),
        lambda: CountryRoad.from_regions(_HUGE),
        lambda: CountryRoad.from_regions([_HUGE, _HUGE]),
        lambda: CountryRoad.from_regions([[0, 0], _HUGE]),
        lambda: Solution.from_inside([[1], _HUGE]),
        lambda: Solution.from_edges([[1], _HUGE], [[1, 1]]),
        lambda: Position.from_dict({"h_edges": _HUGE, "v_edges": ["?"]}),
        lambda: Position.from_dict({"h_edges": ["?", "?"], "v_edges": _HUGE}),
        lambda: Position.from_dict({"right": _HUGE, "down": ["?"]}),
        lambda: Slitherlink([[None]]).hint({"right": ["?", "?"], "down": _HUGE}),
        lambda: slitherlink.solve_many(_HUGE),
        lambda: country.solve_many(_HUGE),
    ],
)
def test_sequences_longer_than_len_can_say(call: Callable[[], Any]) -> None:
    # len(range(10**30)) is an OverflowError ("Python int too large to
    # convert to C ssize_t"): a bare one from each of these, which took the
    # length of a grid, a row or a batch before anything else.
    with pytest.raises(ArgumentError, match="has more than 9223372036854775807 items"):
        call()


def test_a_row_is_measured_before_it_is_read() -> None:
    # Solution.from_inside read every row into cells before it checked their
    # lengths: a row of range(10**12) (a true length) ran until memory ended.
    with pytest.raises(ArgumentError, match="inside row 2 has 1000000000000 cells, expected 1"):
        Solution.from_inside([[1], range(10**12)])


# ---------------------------------------------------------------- stats tables


def _table(**fields: Any) -> Any:
    from loopcraft.country.stats import Table

    values: Dict[str, Any] = {"name": "t", "title": "T", "columns": ("a", "b"), "rows": (("x", 1.5),), "notes": ""}
    values.update(fields)
    return Table(**values)


@pytest.mark.parametrize(
    "fields",
    [
        {"name": "a\0b"},  # open: ValueError: embedded null byte
        {"name": "../t"},  # a file outside the directory
        {"name": 5},
        {"columns": (1, 2)},  # to_markdown: TypeError from str.join
        {"columns": ("\ud800",)},  # write_text: UnicodeEncodeError
        {"title": "\ud800"},
        {"rows": (("\ud800", 1),)},
        {"rows": ((10**5000, 1),)},  # str(): ValueError past 4,300 digits
        {"rows": 5},
    ],
    ids=[
        "nul",
        "dotdot",
        "int-name",
        "int-columns",
        "surrogate-column",
        "surrogate-title",
        "surrogate-value",
        "huge",
        "rows",
    ],
)
def test_hand_made_stats_tables_are_checked(tmp_path: Path, fields: Dict[str, Any]) -> None:
    from loopcraft.country.stats import write_table

    with pytest.raises(LoopcraftError):
        write_table(_table(**fields), tmp_path / "out")
    assert not (tmp_path / "t.md").exists()
    assert [p.name for p in write_table(_table(), tmp_path / "out", plot=False)] == ["t.md", "t.csv"]


@pytest.mark.parametrize("table", [None, "reach", {"name": "t"}, 5])
def test_write_table_takes_a_table(tmp_path: Path, table: Any) -> None:
    # Anything else was a bare AttributeError ('str' object has no attribute 'to_markdown').
    from loopcraft.country.stats import write_table

    with pytest.raises(ArgumentTypeError, match="table must be a Table"):
        write_table(table, tmp_path)


# ---------------------------------------------------------------- messages


@pytest.mark.parametrize(
    "board, why",
    [
        (Slitherlink([[None] * 3] * 3), "more than one solution"),
        (CountryRoad.from_regions([[0, 0, 1, 1], [0, 0, 1, 1], [2, 2, 3, 3], [2, 2, 3, 3]]), "more than one solution"),
        (Slitherlink([[3, 3], [3, 3]]), "no solution"),
    ],
    ids=["slitherlink", "country", "none"],
)
def test_minimize_says_why_a_board_is_not_unique(board: Any, why: str) -> None:
    # A board with several solutions was refused as "minimize needs a unique
    # board (not proven in time)": the search stops at 2 solutions, which is
    # not complete, and that was read as the time limit running out.
    with pytest.raises(ArgumentError, match=f"minimize needs a unique board \\(it has {why}"):
        board.minimize()
