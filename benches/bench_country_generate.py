"""Country Road generator throughput, and the time of a full default stats run.

    python benches/bench_country_generate.py [--seconds S] [--sizes 6,8,10] [--no-stats] [--stats-out DIR]
    python benches/bench_country_generate.py --per-board [--boards N] [--sizes 10,15,20]

``--per-board`` times N seeds per size one by one on one core (CPU seconds):
median, slowest, and the share of countries that keep their number, beside
the figures of the generator before the incremental engine (generator
version 1, measured on the same shared 2-core machine; issue 9).

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


#: Generator version 1 on this machine, one core: boards per second at 10 x 10
#: (README), median and slowest seconds per board at 15 x 15 (issue 9).
PREVIOUS = {10: "3.0 boards/s", 15: "median 1.6 s, some seeds about 60 s"}


def per_board(sizes, boards: int) -> None:
    import statistics

    print(f"{'size':>6} {'boards/s':>9} {'median s':>9} {'max s':>7} {'numbers kept':>13}  before")
    for n in sizes:
        times, kept = [], []
        for i in range(boards):
            t = time.process_time()
            g = generate_puzzle(n, n, f"bench/{n}/{i}")
            times.append(time.process_time() - t)
            kept.append(len(g.board.numbers) / len(g.full_numbers))
        print(
            f"{n:>4}x{n:<2} {len(times) / sum(times):9.2f} {statistics.median(times):9.3f} {max(times):7.2f}"
            f" {statistics.mean(kept):13.3f}  {PREVIOUS.get(n, '')}",
            flush=True,
        )


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--per-board", action="store_true", help="time seeds one by one (median, max, numbers kept)")
    ap.add_argument("--boards", type=int, default=10, help="seeds per size with --per-board")
    ap.add_argument("--seconds", type=float, default=10.0, help="time per measurement")
    ap.add_argument("--sizes", default="6,8,10")
    ap.add_argument("--no-stats", action="store_true", help="skip the full stats run")
    ap.add_argument("--stats-out", default=None)
    args = ap.parse_args()
    if args.per_board:
        per_board([int(x) for x in args.sizes.split(",")], args.boards)
        return
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
