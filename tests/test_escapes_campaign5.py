"""Inputs that escaped the error hierarchy, or ran without a bound, in a
fifth adversarial campaign (see tests/test_escapes.py,
tests/test_api_escapes.py, tests/test_escapes_campaign3.py and
tests/test_escapes_campaign4.py for the earlier ones): each is answered with
a documented error, or within its bounds, now.
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

import pytest

from loopcraft import FormatError
from loopcraft.cli import main

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
