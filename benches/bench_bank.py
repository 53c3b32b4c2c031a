"""Bank throughput: boards per second for 10 x 10 banks of both families, in
this process, with 2 local processes and on a 2-worker Dask LocalCluster, and
the Dask overhead per board at the chunk sizes picked here.

    python benches/bench_bank.py [--size 10x10] [--slitherlink 200] [--country 40] [--workers 2]

Every run writes a fresh bank in a temporary directory and the three banks of
a family are checked to be identical. The cluster is started before the clock
starts (its start-up time is printed apart). "Overhead per board" is the
round trip of one Dask task (measured with empty tasks on the same cluster,
per worker slot) divided by the boards in a task, as a share of the time
one board takes in this process: under 5% is the target.
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from pathlib import Path

from distributed import Client, LocalCluster

from loopcraft.bank import MANIFEST, DaskRunner, make_bank

#: Boards per task picked for each family: a task of about a second of work at
#: 10 x 10, so the round trip is small against it, and several tasks per worker.
CHUNKS = {"slitherlink": 20, "country": 4}


def shards(out: str) -> dict:
    return {
        p.name: p.read_bytes() for p in sorted(Path(out).iterdir()) if p.name.endswith(".jsonl") and p.name != MANIFEST
    }


def timed(family: str, size: str, count: int, chunk: int, **how) -> tuple:
    out = tempfile.mkdtemp(prefix=f"bench-bank-{family}-")
    t = time.perf_counter()
    s = make_bank(family, out, size, count, chunk_size=chunk, seed="bench", **how)
    seconds = time.perf_counter() - t
    assert s.made == count, s
    return count / seconds, out, s.failures


def task_round_trip(runner: DaskRunner, tasks: int = 400) -> float:
    """Seconds of one empty task's round trip, per worker slot."""
    list(runner.map_unordered(abs, list(range(50))))  # warm up
    t = time.perf_counter()
    list(runner.map_unordered(abs, list(range(tasks))))
    return (time.perf_counter() - t) * runner.slots / tasks


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--size", default="10x10")
    ap.add_argument("--slitherlink", type=int, default=200, help="Slitherlink boards per run")
    ap.add_argument("--country", type=int, default=40, help="Country Road boards per run")
    ap.add_argument("--workers", type=int, default=2)
    args = ap.parse_args()
    w = args.workers
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"cores: {os.cpu_count()} (load average {load})  size: {args.size}  workers: {w}")
    t = time.perf_counter()
    with (
        LocalCluster(
            n_workers=w, threads_per_worker=1, processes=True, dashboard_address=":0", silence_logs=40
        ) as cluster,
        Client(cluster) as client,
    ):
        startup = time.perf_counter() - t
        runner = DaskRunner(client)
        trip = task_round_trip(runner)
        print(f"LocalCluster start-up: {startup:.2f} s; one empty task's round trip per slot: {trip * 1e3:.2f} ms")
        print(
            f"{'family':<12} {'chunk':>5} {'1 proc/s':>9} {f'{w} procs/s':>10} {'x':>5} "
            f"{f'dask {w}w/s':>10} {'x':>5} {'dask/procs':>10} {'overhead/board':>15}"
        )
        for family in ("slitherlink", "country"):
            count, chunk = getattr(args, family), CHUNKS[family]
            one, ref, _ = timed(family, args.size, count, chunk)
            procs, b, _ = timed(family, args.size, count, chunk, workers=w)
            dask, c, _ = timed(family, args.size, count, chunk, scheduler=cluster.scheduler_address)
            assert shards(ref) == shards(b) == shards(c), "the three banks differ"
            overhead = (trip / chunk) * one  # round trip per board / seconds per board
            print(
                f"{family:<12} {chunk:>5} {one:9.2f} {procs:10.2f} {procs / one:5.2f} "
                f"{dask:10.2f} {dask / one:5.2f} {dask / procs:10.2f} {overhead:14.2%}",
                flush=True,
            )


if __name__ == "__main__":
    main()
