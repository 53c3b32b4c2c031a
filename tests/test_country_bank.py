"""The deprecated single-file Country Road bank (loopcraft.country.write_bank):
JSON lines with grade and answer, resumable without half lines. It still works,
and says it is deprecated; the directory banks are tested in test_bank*.py."""

from __future__ import annotations

import pytest

from loopcraft.cli import main
from loopcraft.country import STAGES, CountryRoad, check, generate_puzzle
from loopcraft.country.bank import puzzle_seed, read_bank, write_bank

pytestmark = pytest.mark.filterwarnings("ignore:loopcraft.country.write_bank is deprecated:DeprecationWarning")


def test_write_bank_says_it_is_deprecated(tmp_path):
    with pytest.warns(DeprecationWarning, match="loopcraft.bank.make_bank"):
        write_bank(tmp_path / "b.jsonl", 1, rows=4, cols=4)


def test_bank_lines(tmp_path):
    path = tmp_path / "bank.jsonl"
    assert write_bank(path, 4, rows=5, cols=6, seed="b", workers=2) == 4
    records = list(read_bank(path))
    assert [r["index"] for r in records] == [0, 1, 2, 3]
    for r in records:
        board = CountryRoad.from_json(r["board"])
        assert (board.rows, board.cols) == (5, 6)
        assert r["grade"] in STAGES
        assert check(board, bytes(int(ch) for ch in r["solution"])).ok
        again = generate_puzzle(5, 6, r["seed"])
        assert again.board == board and r["seed"] == puzzle_seed("b", r["index"])


def test_resume_after_a_half_line_gives_the_same_bytes(tmp_path):
    whole = tmp_path / "whole.jsonl"
    write_bank(whole, 5, rows=5, cols=5, seed=3, workers=1)
    data = whole.read_bytes()
    lines = data.splitlines(keepends=True)
    part = tmp_path / "part.jsonl"
    # An interrupted run: two whole lines, then half of the third.
    part.write_bytes(b"".join(lines[:2]) + lines[2][: len(lines[2]) // 2])
    assert write_bank(part, 5, rows=5, cols=5, seed=3, workers=3) == 3
    assert part.read_bytes() == data
    assert write_bank(part, 5, rows=5, cols=5, seed=3) == 0  # already complete
    assert write_bank(part, 6, rows=5, cols=5, seed=3) == 1
    assert part.read_bytes().startswith(data)


def test_resume_refuses_other_options(tmp_path):
    path = tmp_path / "bank.jsonl"
    write_bank(path, 1, rows=5, cols=5, seed=3)
    with pytest.raises(ValueError, match="other options"):
        write_bank(path, 2, rows=6, cols=6, seed=3)
    other = tmp_path / "other.jsonl"
    other.write_text("hello\n")
    with pytest.raises(ValueError, match="not a JSON line"):
        write_bank(other, 2, rows=5, cols=5)


@pytest.mark.parametrize(
    "kwargs,exc,match",
    [
        (dict(count=0), ValueError, "count must be at least 1"),
        (dict(count=1, rows=1), ValueError, "rows must be at least 2"),
        (dict(count=1, grade="easy"), ValueError, "unknown grade"),
        (dict(count=1, workers=0), ValueError, "workers must be at least 1"),
    ],
)
def test_bad_arguments(tmp_path, kwargs, exc, match):
    with pytest.raises(exc, match=match):
        write_bank(tmp_path / "b.jsonl", **kwargs)


def test_unwritable_path(tmp_path):
    with pytest.raises(ValueError, match="cannot write bank file"):
        write_bank(tmp_path / "no" / "such" / "dir.jsonl", 1, rows=4, cols=4)


def test_cli_is_the_directory_bank(tmp_path, capsys):
    out = tmp_path / "cli"
    argv = ["bank", "country", "--count", "2", "--out", str(out), "--sizes", "5x5", "--no-progress"]
    assert main(argv) == 0
    assert "2 boards (2 made now)" in capsys.readouterr().out
    assert len((out / "country-5x5-00000000-00000002.jsonl").read_text().splitlines()) == 2
    assert main(["bank", "country", "--count", "0", "--out", str(out), "--sizes", "5x5", "--no-progress"]) == 2
    assert "count must be at least 1" in capsys.readouterr().err
