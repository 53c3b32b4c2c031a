"""Country Road: loopcraft against puzzlekit's CP-SAT solver, side by side.

Both solve every puzzle of ``../shared/external/puzzlekit/CountryRoad_dataset.json``
without blocked cells (266) and prove uniqueness: loopcraft with
``board.solve(limit=2)``; puzzlekit by building its model, solving, adding a
no-good clause over every arc variable of the first solution, and solving
again (which must be infeasible). Timings are wall clock, in one run, on the
same machine; the ratio is the point, not the absolute figures.

    python benches/bench_country.py [--workers N] [--limit K] [--engines]

``--workers`` sets CP-SAT's search workers (default 1, a single-thread
comparison; loopcraft solves each puzzle on one thread). ``--engines`` also
times the three counting engines on the 6 x 6 singleton board (1072 loops),
through ``benches/bench_country_count.py`` when it is present.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from loopcraft.country import CountryRoad, check

HERE = Path(__file__).resolve().parent
DATASET = HERE.parent.parent / "shared" / "external" / "puzzlekit" / "CountryRoad_dataset.json"


def load(limit=None):
    with open(DATASET, encoding="utf-8") as f:
        data = json.load(f)["data"]
    items = []
    for key, e in data.items():
        if "@" in e["problem"]:
            continue  # blocked cells: a variant, not in the 266
        items.append((key, e["problem"], e["solution"]))
    return items[:limit] if limit else items


def run_loopcraft(items):
    boards = [CountryRoad.from_puzzlekit(p) for _, p, _ in items]
    per = []
    t0 = time.perf_counter()
    results = []
    for b in boards:
        t = time.perf_counter()
        results.append(b.solve(limit=2))
        per.append(time.perf_counter() - t)
    total = time.perf_counter() - t0
    bad = []
    for (key, _, sol), b, r in zip(items, boards, results):
        if not (r.unique and r.solution.to_puzzlekit().split() == sol.split() and check(b, r.solution).ok):
            bad.append(key)
    return total, per, bad


def run_puzzlekit(items, workers):
    from ortools.sat.python import cp_model as cp
    from puzzlekit.parsers.registry import get_parser
    from puzzlekit.solvers import get_solver_class

    parse = get_parser("country_road")
    Solver = get_solver_class("country_road")
    per = []
    bad = []
    t0 = time.perf_counter()
    for key, problem, sol in items:
        t = time.perf_counter()
        s = Solver(**parse(problem.strip()))
        s._add_constr()
        s.solver.parameters.num_workers = workers
        s.solver.parameters.max_time_in_seconds = 120.0
        status = s.solver.Solve(s.model)
        ok = status in (cp.OPTIMAL, cp.FEASIBLE)
        if ok:
            grid = s.get_solution()
            # No-good over the arcs inside the grid: puzzlekit also creates arc
            # variables towards cells off the board, which no constraint touches.
            R, C = s.num_rows, s.num_cols
            lits = []
            for (_u, w), v in s.arc_vars.items():
                if 0 <= w.r < R and 0 <= w.c < C:
                    lits.append(v.Not() if s.solver.Value(v) else v)
            s.model.AddBoolOr(lits)
            second = s.solver.Solve(s.model)
            ok = second == cp.INFEASIBLE
            # puzzlekit's solver sorts a cell's exits alphabetically ("es"), the data set does not ("se")
            got = ["".join(sorted(t)) for row in grid.matrix for t in row]
            ok = ok and got == ["".join(sorted(t)) for t in sol.split()[2:]]
        per.append(time.perf_counter() - t)
        if not ok:
            bad.append(key)
    return time.perf_counter() - t0, per, bad


def pct(values, q):
    v = sorted(values)
    return v[min(len(v) - 1, int(q * len(v)))]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--workers", type=int, default=1, help="CP-SAT search workers (default 1)")
    ap.add_argument("--limit", type=int, default=None, help="only the first K puzzles")
    ap.add_argument("--engines", action="store_true", help="also time the counting engines on 6 x 6")
    args = ap.parse_args(argv)
    if not DATASET.exists():
        print(f"data set not found: {DATASET}", file=sys.stderr)
        return 1
    items = load(args.limit)
    print(f"Country Road: {len(items)} puzzlekit puzzles (janko.at), solve + prove unique")
    lc_total, lc_per, lc_bad = run_loopcraft(items)
    pk_total, pk_per, pk_bad = run_puzzlekit(items, args.workers)
    print(f"{'solver':<28}{'total s':>10}{'median ms':>11}{'p90 ms':>9}{'max ms':>9}{'wrong':>7}")
    for name, total, per, bad in (
        ("loopcraft (ladder+search)", lc_total, lc_per, lc_bad),
        (f"puzzlekit CP-SAT ({args.workers}w)", pk_total, pk_per, pk_bad),
    ):
        print(
            f"{name:<28}{total:>10.3f}{pct(per, 0.5) * 1e3:>11.2f}{pct(per, 0.9) * 1e3:>9.2f}"
            f"{max(per) * 1e3:>9.1f}{len(bad):>7}"
        )
    print(f"ratio (puzzlekit / loopcraft, total): {pk_total / lc_total:.1f}x  (target >= 20x)")
    if lc_bad or pk_bad:
        print(f"mismatches: loopcraft {lc_bad[:10]}, puzzlekit {pk_bad[:10]}")
    if args.engines:
        count_bench = HERE / "bench_country_count.py"
        if count_bench.exists():
            import runpy

            saved = sys.argv
            sys.argv = [str(count_bench)]
            try:
                runpy.run_path(str(count_bench), run_name="__main__")
            except SystemExit:
                pass
            finally:
                sys.argv = saved
        else:
            from loopcraft.country import count_solutions

            board = CountryRoad.from_regions([[r * 6 + c for c in range(6)] for r in range(6)])
            for engine in ("search", "cells", "loops"):
                t = time.perf_counter()
                n = count_solutions(board, engine=engine)
                print(f"count 6x6 singletons, engine {engine:<7}: {n} in {time.perf_counter() - t:.3f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
