"""Directory banks (loopcraft.bank) on one machine: one result however they
are run, resumable and loss-free, checked by verify. The Dask runs are in
test_bank_dask.py.

Every comparison is between banks made in the same test by different paths:
the generators may change which board a seed gives, never that the paths agree.
"""

from __future__ import annotations

import fcntl
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from loopcraft.bank import MANIFEST, board_seed, make_bank, read_bank, verify_bank
from loopcraft.cli import main
from loopcraft.country import CountryRoad
from loopcraft.errors import ArgumentError, ArgumentTypeError
from loopcraft.slitherlink import Slitherlink


def shards(out: Path) -> dict:
    """Shard name -> bytes (the manifest left out)."""
    return {p.name: p.read_bytes() for p in sorted(out.iterdir()) if p.name != MANIFEST and not p.name.startswith(".")}


def manifest_lines(out: Path) -> list:
    return (out / MANIFEST).read_text().splitlines()


def rewrite_manifest_entry(out: Path, name: str) -> None:
    """After a test edits a shard on purpose: make its manifest line match it again."""
    import hashlib

    lines = manifest_lines(out)
    data = (out / name).read_bytes()
    for k, line in enumerate(lines[1:], 1):
        entry = json.loads(line)
        if entry["shard"] == name:
            entry.update(bytes=len(data), sha256=hashlib.sha256(data).hexdigest())
            lines[k] = json.dumps(entry, separators=(",", ":"))
    (out / MANIFEST).write_text("\n".join(lines) + "\n")


@pytest.mark.parametrize("family", ["slitherlink", "country"])
def test_in_process_and_two_processes_write_the_same_bytes(tmp_path, family):
    a, b = tmp_path / "a", tmp_path / "b"
    sa = make_bank(family, a, "5x5,6x6", 7, seed="same", chunk_size=3)
    sb = make_bank(family, b, "5x5,6x6", 7, seed="same", chunk_size=3, workers=2)
    assert shards(a) == shards(b)
    assert len(shards(a)) == 6  # 3 chunks of each size: 0-3, 3-6, 6-7
    assert (sa.boards, sa.made, sb.boards, sb.made) == (14, 14, 14, 14)
    assert "2 local processes" in str(sb) and "boards/s" in str(sb)
    records = list(read_bank(a))
    assert [(r["size"], r["index"]) for r in records] == [(s, i) for s in ("5x5", "6x6") for i in range(7)]
    for r in records:
        rows, cols = map(int, r["size"].split("x"))
        assert r["seed"] == board_seed("same", family, rows, cols, r["index"])
        board = Slitherlink.from_dict(r["board"]) if family == "slitherlink" else CountryRoad.from_json(r["board"])
        assert (board.rows, board.cols) == (rows, cols)
    assert verify_bank(a, uniqueness=True).ok


def test_content_does_not_depend_on_chunk_size(tmp_path):
    make_bank("slitherlink", tmp_path / "a", "6x6", 9, chunk_size=2)
    make_bank("slitherlink", tmp_path / "b", "6x6", 9, chunk_size=9)
    assert list(read_bank(tmp_path / "a")) == list(read_bank(tmp_path / "b"))


def test_grade_is_every_boards_grade(tmp_path):
    make_bank("slitherlink", tmp_path, "5x5", 4, grade="normal")
    assert {r["grade"] for r in read_bank(tmp_path)} == {"normal"}


def test_rerun_makes_nothing_and_other_options_are_refused(tmp_path):
    make_bank("country", tmp_path, "5x5", 3)
    again = make_bank("country", tmp_path, "5x5", 3)
    assert (again.made, again.boards, again.skipped) == (0, 3, 1)
    with pytest.raises(ArgumentError, match=r"other options.*count=3"):
        make_bank("country", tmp_path, "5x5", 4)
    with pytest.raises(ArgumentError, match=r"other options.*family='country'"):
        make_bank("slitherlink", tmp_path, "5x5", 3)


def test_a_truncated_shard_is_detected_and_redone(tmp_path):
    ref, out = tmp_path / "ref", tmp_path / "out"
    make_bank("country", ref, "6x6", 8, chunk_size=3)
    make_bank("country", out, "6x6", 8, chunk_size=3)
    victim = out / "country-6x6-00000003-00000006.jsonl"
    data = victim.read_bytes()
    victim.write_bytes(data[: len(data) // 2])
    report = verify_bank(out)
    assert not report.ok and any("truncated" in p for p in report.problems)
    assert report.missing == [("6x6", 3), ("6x6", 4), ("6x6", 5)]
    s = make_bank("country", out, "6x6", 8)
    assert (s.made, s.redone) == (3, 1)
    assert shards(out) == shards(ref)
    assert verify_bank(out).ok


def test_crash_leftovers_are_repaired(tmp_path):
    """A shard renamed but not yet in the manifest, a torn manifest line and a
    temporary file: the state a crash between the steps leaves."""
    ref, out = tmp_path / "ref", tmp_path / "out"
    make_bank("slitherlink", ref, "5x5", 6, chunk_size=2)
    make_bank("slitherlink", out, "5x5", 6, chunk_size=2)
    lines = manifest_lines(out)
    torn = lines[-1][: len(lines[-1]) // 2]
    (out / MANIFEST).write_text("\n".join(lines[:-2]) + "\n" + torn)  # last chunk unlisted, then a torn line
    (out / ".country-junk.tmp-abc").write_bytes(b"half")
    assert len(verify_bank(out).missing) == 4
    s = make_bank("slitherlink", out, "5x5", 6)
    assert s.made == 4 and s.boards == 6
    assert shards(out) == shards(ref)
    assert manifest_lines(out)[0] == manifest_lines(ref)[0]
    assert len(manifest_lines(out)) == 4
    assert verify_bank(out).ok


def test_client_killed_then_resumed(tmp_path):
    """The client (the process writing the bank) is killed with SIGKILL in the
    middle of a run; the same command finishes the bank: complete, no duplicate,
    no gap, equal to a bank made in one go."""
    ref, out = tmp_path / "ref", tmp_path / "out"
    argv = ["--sizes", "6x6", "--count", "30", "--chunk-size", "2", "--seed", "kill", "--no-progress"]
    cmd = [sys.executable, "-m", "loopcraft", "bank", "country", *argv, "--out", str(out), "--workers", "2"]
    # A session of its own, so the kill takes the client and its worker processes, as a crash of the machine would.
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and proc.poll() is None:
        if (out / MANIFEST).exists() and len(manifest_lines(out)) >= 4:
            break
        time.sleep(0.01)
    assert proc.poll() is None, "the run ended before it could be killed: " + proc.stderr.read().decode()
    os.killpg(proc.pid, signal.SIGKILL)
    proc.wait()
    proc.stderr.close()
    partial = verify_bank(out)
    assert not partial.ok and partial.missing  # really interrupted
    assert main(["bank", "country", *argv, "--out", str(out)]) == 0
    assert main(["bank", "country", *argv, "--out", str(ref)]) == 0
    report = verify_bank(out)
    assert report.ok and report.boards == 30 and not report.duplicates and not report.missing
    assert shards(out) == shards(ref)


def test_parquet_holds_the_same_records(tmp_path):
    make_bank("country", tmp_path / "j", "5x5", 5, chunk_size=2)
    make_bank("country", tmp_path / "p", "5x5", 5, chunk_size=2, format="parquet")
    make_bank("country", tmp_path / "q", "5x5", 5, chunk_size=2, format="parquet", workers=2)
    assert shards(tmp_path / "p") == shards(tmp_path / "q")
    names = [f"country-5x5-0000000{a}-0000000{b}.parquet" for a, b in ((0, 2), (2, 4), (4, 5))]
    assert sorted(shards(tmp_path / "p")) == names
    assert list(read_bank(tmp_path / "p")) == list(read_bank(tmp_path / "j"))
    assert verify_bank(tmp_path / "p", uniqueness=True).ok


def test_verify_finds_duplicates_and_boards_that_are_not_unique(tmp_path):
    make_bank("slitherlink", tmp_path, "5x5", 4, chunk_size=4)
    name = "slitherlink-5x5-00000000-00000004.jsonl"
    lines = (tmp_path / name).read_text().splitlines()
    # Board 1 loses its clues (many solutions), and board 2 is stored twice.
    rec = json.loads(lines[1])
    rec["board"]["clues"] = ["." * 5] * 5
    lines[1] = json.dumps(rec)
    lines.insert(2, lines[2])
    (tmp_path / name).write_text("\n".join(lines) + "\n")
    assert any("changed" in p for p in verify_bank(tmp_path).problems)  # the manifest catches any edit
    rewrite_manifest_entry(tmp_path, name)
    report = verify_bank(tmp_path, uniqueness=True)
    assert report.duplicates == [("5x5", 2)]
    assert report.not_unique == [("5x5", 1)]
    assert not report.ok
    assert verify_bank(tmp_path, uniqueness=True, workers=2).to_dict() == report.to_dict()
    assert verify_bank(tmp_path).not_unique == []  # only checked when asked


@pytest.mark.parametrize(
    "kwargs,exc,match",
    [
        (dict(sizes="6by6"), ArgumentError, "unknown size '6by6'"),
        (dict(sizes="\u00b2x6"), ArgumentError, "unknown size"),
        (dict(sizes="31x31"), ArgumentError, "unknown size 31x31 for country"),
        (dict(sizes="6x6,6x6"), ArgumentError, "given twice"),
        (dict(sizes=""), ArgumentError, "at least one size"),
        (dict(grade="easy"), ArgumentError, "unknown grade 'easy' for country"),
        (dict(grade="search"), ArgumentError, "unknown grade 'search' for country"),
        (dict(count=0), ArgumentError, "count must be at least 1"),
        (dict(chunk_size=0), ArgumentError, "chunk_size must be at least 1"),
        (dict(workers=0), ArgumentError, "workers must be at least 1"),
        (dict(format="csv"), ArgumentError, "unknown format 'csv'"),
        (dict(seed=1.5), ArgumentTypeError, "seed must be an int or a str"),
        (dict(coverage=2), ArgumentError, "coverage must be in"),
        (dict(colour="red"), ArgumentError, "unknown Country Road option"),
        (dict(family_name="sudoku"), ArgumentError, "unknown family 'sudoku'"),
        (dict(workers=2, scheduler="tcp://127.0.0.1:1"), ArgumentError, "workers applies to local runs"),
    ],
)
def test_bad_input_writes_nothing(tmp_path, kwargs, exc, match):
    args = dict(family_name="country", out=tmp_path / "bank", sizes="6x6", count=2)
    args.update(kwargs)
    with pytest.raises(exc, match=match):
        make_bank(**args)
    assert not (tmp_path / "bank").exists()


def test_slitherlink_sizes_and_options(tmp_path):
    with pytest.raises(ArgumentError, match="unknown size 0x5 for slitherlink"):
        make_bank("slitherlink", tmp_path, "0x5", 1)
    with pytest.raises(ArgumentError, match="no family options"):
        make_bank("slitherlink", tmp_path, "5x5", 1, coverage=0.5)


def test_unwritable_directory(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    with pytest.raises(ArgumentError, match="cannot write to the bank directory"):
        make_bank("slitherlink", blocker / "bank", "5x5", 1)
    assert blocker.read_text() == "not a directory"


def test_two_runs_never_write_one_bank(tmp_path):
    make_bank("slitherlink", tmp_path, "5x5", 2, chunk_size=1)
    (tmp_path / "slitherlink-5x5-00000001-00000002.jsonl").unlink()
    fd = os.open(tmp_path / ".lock", os.O_RDWR)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        with pytest.raises(ArgumentError, match="another run is writing"):
            make_bank("slitherlink", tmp_path, "5x5", 2)
    finally:
        os.close(fd)
    assert make_bank("slitherlink", tmp_path, "5x5", 2).made == 1


def test_cli_bank_summary_progress_and_verify(tmp_path, capsys):
    out = tmp_path / "b"
    argv = ["bank", "slitherlink", "--sizes", "5x5,6x5", "--count", "3", "--out", str(out), "--grade", "trial"]
    assert main([*argv, "--progress"]) == 0
    captured = capsys.readouterr()
    assert "6/6" in captured.err  # the tqdm bar
    line = captured.out.strip()
    assert line.startswith(f"bank {out}: 6 boards (6 made now) in ") and line.endswith("0 failures [in-process]")
    assert main(["bank", "verify", str(out), "--uniqueness", "--no-progress"]) == 0
    assert "ok: 6/6 boards" in capsys.readouterr().out
    assert main(["bank", "verify", str(out), "--json", "--no-progress"]) == 0
    assert json.loads(capsys.readouterr().out)["ok"] is True
    (out / "slitherlink-6x5-00000000-00000003.jsonl").unlink()
    assert main(["bank", "verify", str(out), "--no-progress"]) == 1
    assert "missing: 6x5 #0" in capsys.readouterr().out
    assert main(["bank", "verify", str(tmp_path / "nothing")]) == 2
    with pytest.raises(SystemExit) as exit_info:
        main(["bank", "country", "--sizes", "6x6", "--count", "1", "--out", str(tmp_path / "c"), "--grade", "easy"])
    assert exit_info.value.code == 2 and "invalid choice: 'easy'" in capsys.readouterr().err
    assert not (tmp_path / "c").exists()


def test_failures_are_records_not_gaps(tmp_path):
    """A board the generator cannot make within its budget is stored as a
    failure: counted in the summary, never a gap in the bank."""
    s = make_bank("country", tmp_path, "6x6", 2, time_limit=0)
    assert (s.boards, s.failures) == (2, 2)
    assert all(r["error"].startswith("GenerationTimeout") for r in read_bank(tmp_path))
    report = verify_bank(tmp_path)
    assert report.ok and report.failures == 2


def test_a_full_disk_stops_the_run_and_a_rerun_finishes(tmp_path, monkeypatch):
    import errno

    from loopcraft.bank import _store

    ref, out = tmp_path / "ref", tmp_path / "out"
    make_bank("slitherlink", ref, "5x5", 8, chunk_size=2)
    real = _store.Store._atomic_write
    calls = []

    def full_disk(self, path, data):
        calls.append(path.name)
        if len(calls) == 4:  # the manifest header, two shards, then the disk is full
            with open(path.with_name(".half.tmp-x"), "wb") as f:
                f.write(data[:3])
            raise OSError(errno.ENOSPC, "No space left on device")
        real(self, path, data)

    monkeypatch.setattr(_store.Store, "_atomic_write", full_disk)
    with pytest.raises(OSError, match="No space left"):
        make_bank("slitherlink", out, "5x5", 8, chunk_size=2)
    monkeypatch.setattr(_store.Store, "_atomic_write", real)
    assert len(verify_bank(out).missing) == 4
    s = make_bank("slitherlink", out, "5x5", 8)  # the bank keeps its chunk size
    assert (s.made, s.boards) == (4, 8)
    assert shards(out) == shards(ref)
    assert not list(out.glob(".*.tmp-*"))
