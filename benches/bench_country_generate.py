"""Country Road generator throughput, and the time of a full default stats run.

    python benches/bench_country_generate.py [--seconds S] [--sizes 6,8,10] [--no-stats] [--stats-out DIR]

Boards per second at each size, on one core and on every core (threads: the
Rust ladder releases the GIL; processes: for comparison), with the speed-up
of each against the single-core run measured in the same run. Then the
wall time of ``loopcraft stats country`` with the spec's default board counts
(its tables are printed, and written to --stats-out when given).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

from loopcraft.country import generate_puzzle, stats


def _one(args):
    n, seed = args
    generate_puzzle(n, n, seed)
    return 1


def rate(n: int, seconds: float, pool=None, workers: int = 1) -> float:
    """Boards per second generating n x n puzzles with distinct seeds for about ``seconds``."""
    done, seed = 0, 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        batch = [(n, f"bench/{n}/{seed + i}") for i in range(max(1, workers * 2))]
        seed += len(batch)
        if pool is None:
            done += sum(_one(b) for b in batch)
        else:
            done += sum(pool.map(_one, batch))
    return done / (time.perf_counter() - start)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=10.0, help="time per measurement")
    ap.add_argument("--sizes", default="6,8,10")
    ap.add_argument("--no-stats", action="store_true", help="skip the full stats run")
    ap.add_argument("--stats-out", default=None)
    args = ap.parse_args()
    cores = os.cpu_count() or 1
    print(f"cores: {cores}")
    print(f"{'size':>6} {'1 core/s':>10} {'threads/s':>10} {'x':>6} {'procs/s':>10} {'x':>6}")
    with ThreadPoolExecutor(cores) as tp, ProcessPoolExecutor(cores) as pp:
        for n in (int(s) for s in args.sizes.split(",")):
            one = rate(n, args.seconds)
            thr = rate(n, args.seconds, tp, cores)
            prc = rate(n, args.seconds, pp, cores)
            print(f"{n:>4}x{n:<2} {one:10.2f} {thr:10.2f} {thr / one:6.2f} {prc:10.2f} {prc / one:6.2f}", flush=True)
    if args.no_stats:
        return
    start = time.perf_counter()
    tables = stats.run_stats(out=args.stats_out, progress=sys.stderr.isatty())
    elapsed = time.perf_counter() - start
    for t in tables:
        print(t.to_markdown())
    print(f"full default stats run: {elapsed:.1f} s on {cores} threads")


if __name__ == "__main__":
    main()
