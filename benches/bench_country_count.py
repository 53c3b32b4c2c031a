"""Country Road: the three counting engines side by side, same boards, same run.

Engines: "search" (the ladder plus branching, ``_ladder.count`` / ``country_solve`` with all
stages), "cells" (used cells first, then the loop) and "loops" (every simple
cycle of the grid). Boards, all 6 x 6 and unnumbered: every cell its own
country (the count is the 1072 Hamiltonian cycles of the grid, OEIS A003763)
and countries of 1 x 2 cells (54 solutions); with ``--many`` also countries of
2 x 3 and 3 x 3 cells (23 568 and 105 781 solutions: "search" then spends
most of its time producing every solution). Counts are checked equal across
engines; times are the best of ``--repeat`` runs, ratios are against "loops".

Run: ``python benches/bench_country_count.py`` (after ``maturin develop --profile fast``
or a release install). ``--quick`` times the singleton board only.
"""

from __future__ import annotations

import argparse
import time

from loopcraft.country import _ladder

SIZE = 6


def blocks(height: int, width: int) -> list[int]:
    """Regions of a 6 x 6 board cut into height x width blocks (row-major ids)."""
    per_row = SIZE // width
    return [(r // height) * per_row + c // width for r in range(SIZE) for c in range(SIZE)]


def engines() -> dict:
    """One counting function per engine, each through the package's one path to the core."""

    def engine(name):
        return lambda regions, numbers: _ladder.count(SIZE, SIZE, regions, numbers, name)

    return {name: engine(name) for name in _ladder.ENGINES}


def best_of(repeat: int, fn):
    best, result = float("inf"), None
    for _ in range(repeat):
        t = time.perf_counter()
        result = fn()
        best = min(best, time.perf_counter() - t)
    return best, result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="timing repeats, best kept (default 3)")
    parser.add_argument("--quick", action="store_true", help="the singleton board only")
    parser.add_argument("--many", action="store_true", help="add two boards with many solutions")
    args = parser.parse_args()

    boards = [("singletons", blocks(1, 1))]
    if not args.quick:
        boards.append(("1x2 blocks", blocks(1, 2)))
    if args.many:
        boards += [("2x3 blocks", blocks(2, 3)), ("3x3 blocks", blocks(3, 3))]
    runners = engines()
    ok = True
    for name, regions in boards:
        numbers = [None] * (max(regions) + 1)
        timed = {
            engine: best_of(args.repeat, lambda f=f, regions=regions, numbers=numbers: f(regions, numbers))
            for engine, f in runners.items()
        }
        counts = {engine: count for engine, (_, count) in timed.items()}
        same = len(set(counts.values())) == 1
        ok &= same
        base = timed["loops"][0]
        print(f"{SIZE} x {SIZE} {name} ({len(numbers)} countries): count {counts['loops']}, engines agree: {same}")
        for engine, (seconds, count) in timed.items():
            print(f"  {engine:<6} {seconds * 1e3:10.2f} ms   {seconds / base:8.2f} x loops   count {count}")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
