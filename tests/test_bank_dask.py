"""Banks and sweeps on Dask: a LocalCluster(n_workers=2, processes=True)
started here gives the bank the other paths give, also when one of its worker
processes is killed in the middle of the run; a scheduler that does not answer
is a clear error within seconds, with nothing written.

Dask is in the test extra: these tests run in CI, they are never skipped.
"""

from __future__ import annotations

import os
import signal
import socket
import time

import pytest
from distributed import Client, LocalCluster

from loopcraft.bank import MANIFEST, make_bank, read_bank, verify_bank
from loopcraft.cli import main
from loopcraft.country import stats
from loopcraft.errors import ArgumentError


def shards(out):
    return {p.name: p.read_bytes() for p in sorted(out.iterdir()) if p.name != MANIFEST and not p.name.startswith(".")}


@pytest.fixture(scope="module")
def cluster():
    with (
        LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None, silence_logs=40) as c,
        Client(c) as client,
    ):
        yield c, client


@pytest.mark.parametrize("family", ["slitherlink", "country"])
def test_dask_in_process_and_processes_write_the_same_bytes(tmp_path, cluster, family):
    c, _ = cluster
    ref, pool, dask = tmp_path / "ref", tmp_path / "pool", tmp_path / "dask"
    make_bank(family, ref, "5x5,6x6", 7, seed=11, chunk_size=2)
    make_bank(family, pool, "5x5,6x6", 7, seed=11, chunk_size=2, workers=2)
    s = make_bank(family, dask, "5x5,6x6", 7, seed=11, chunk_size=2, scheduler=c.scheduler_address)
    assert shards(dask) == shards(ref) == shards(pool)
    assert len(shards(ref)) == 8
    assert s.made == 14 and "Dask at tcp://" in str(s) and "2 workers" in str(s)
    report = verify_bank(dask, uniqueness=True, scheduler=c.scheduler_address)
    assert report.ok and report.unique_checked == 14


def test_a_killed_worker_changes_nothing(tmp_path, cluster):
    """When a chunk comes back, a worker process that is running a chunk is
    killed (SIGKILL); its chunk runs again elsewhere and the bank equals the
    reference.

    The boards are 12 x 12 so that a chunk lasts about a tenth of a second: on
    7 x 7 every chunk could be done before the first one was reported, and
    then no worker held work to be killed with."""
    c, client = cluster
    ref, out = tmp_path / "ref", tmp_path / "out"
    make_bank("country", ref, "12x12", 16, seed="kw", chunk_size=2)
    pids = client.run(os.getpid)
    killed = []

    def progress(done, total):
        # The scheduler may not yet have handed the next chunk on when a
        # chunk is reported: watch for a busy worker a little while.
        deadline = time.monotonic() + 5
        while not killed and time.monotonic() < deadline:
            busy = {addr: keys for addr, keys in client.processing().items() if keys}
            if busy:
                addr = sorted(busy)[0]
                os.kill(pids[addr], signal.SIGKILL)
                killed.append((pids[addr], len(busy[addr]), done))
            else:
                time.sleep(0.002)

    s = make_bank(
        "country", out, "12x12", 16, seed="kw", chunk_size=2, scheduler=c.scheduler_address, progress=progress
    )
    assert killed, "no worker was ever seen holding work"
    victim, tasks_on_it, done_then = killed[0]
    assert tasks_on_it >= 1 and done_then < 16  # killed while it held work, in the middle of the run
    assert (s.made, s.boards, s.failures) == (16, 16, 0)
    assert shards(out) == shards(ref)
    client.wait_for_workers(2, timeout=30)
    assert victim not in client.run(os.getpid).values()  # the nanny started a new process


def test_local_scheduler_starts_and_stops_its_own_cluster(tmp_path):
    ref, out = tmp_path / "ref", tmp_path / "out"
    make_bank("slitherlink", ref, "6x6", 6, chunk_size=2, format="parquet")
    s = make_bank("slitherlink", out, "6x6", 6, chunk_size=2, format="parquet", scheduler="local", workers=2)
    assert "a local Dask cluster (2 workers" in str(s)
    assert shards(out) == shards(ref)
    assert list(read_bank(out)) == list(read_bank(ref))


def _silent_port():
    """A local port that takes connections and never says a word, like a hung scheduler."""
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    s.listen(8)
    return s


def test_a_scheduler_that_does_not_answer(tmp_path, capsys):
    sock = _silent_port()
    address = f"tcp://127.0.0.1:{sock.getsockname()[1]}"
    try:
        t = time.monotonic()
        with pytest.raises(ArgumentError, match=f"no Dask scheduler answers at '{address}' within 2 s"):
            make_bank("slitherlink", tmp_path / "bank", "6x6", 2, scheduler=address, connect_timeout=2)
        assert time.monotonic() - t < 10
        assert not (tmp_path / "bank").exists()
        argv = ["bank", "slitherlink", "--sizes", "6x6", "--count", "2", "--out", str(tmp_path / "cli")]
        assert main([*argv, "--scheduler", address, "--connect-timeout", "1"]) == 2
        assert "no Dask scheduler answers" in capsys.readouterr().err
        assert not (tmp_path / "cli").exists()
    finally:
        sock.close()


def test_stats_tables_are_the_same_on_dask(cluster):
    c, _ = cluster
    for name in ("trap", "numbers"):
        here = stats.run_table(name, boards=3, seed=5, workers=1)
        assert stats.run_table(name, boards=3, seed=5, scheduler=c.scheduler_address) == here
        assert stats.run_table(name, boards=3, seed=5, workers=2) == here


def test_stats_cli_on_dask(cluster, capsys):
    c, _ = cluster
    assert main(["stats", "country", "-t", "trap", "-n", "2", "--csv", "--no-progress", "--workers", "1"]) == 0
    here = capsys.readouterr().out
    assert main(["stats", "country", "-t", "trap", "-n", "2", "--csv", "--scheduler", c.scheduler_address]) == 0
    assert capsys.readouterr().out == here
