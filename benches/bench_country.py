"""Country Road: loopcraft against cspuz (and puzzlekit's CP-SAT), side by side.

Every solver solves each puzzle of ``../shared/external/puzzlekit/CountryRoad_dataset.json``
without blocked cells (266) and proves uniqueness, in one run, on one core:

- loopcraft: ``board.solve(limit=2)``; the CPU time of the calling thread
  (the core runs on it with the GIL released), parsing not counted;
- cspuz (semiexp's puzz.link solver: CSP to SAT with Glucose, uniqueness by
  the irrefutable-facts loop), the peer of record: its ``cspuz_bench``
  harness, built with ``../shared/peers/cspuz/build.sh`` (minutes the first
  time, into a cache outside the repository), reports the thread CPU time of
  each solver call as JSON lines (``../shared/peers/README.md``);
- with ``--cpsat``, puzzlekit's CP-SAT model: build, solve, add a no-good
  over every arc variable of the first solution, solve again (must be
  infeasible); wall clock.

Each solver runs every puzzle ``--repeat`` times and keeps its best time per
puzzle. Printed: total CPU and median of each, the ratio cspuz / loopcraft
in total and at the median of the per-puzzle ratios, how many puzzles
loopcraft is slower on, and the worst five puzzles.

    python benches/bench_country.py [--repeat R] [--limit K] [--cpsat [--workers N]] [--engines]
                                    [--cspuz-results FILE.jsonl ...]

``--cspuz-results`` reads cspuz's per-puzzle CPU times from JSON lines
recorded earlier on the same machine (for example
``../shared/peers/cspuz/results/country_road_run*.jsonl``; the best per
puzzle counts) instead of running the binary; the table says so.

``--engines`` also times the three counting engines on the 6 x 6 singleton
board (1072 loops), through ``benches/bench_country_count.py`` when present.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

from loopcraft.country import CountryRoad, check

HERE = Path(__file__).resolve().parent
SHARED = Path(os.environ.get("LOOPCRAFT_SHARED") or HERE.parent.parent / "shared")
DATASET = SHARED / "external" / "puzzlekit" / "CountryRoad_dataset.json"
CSPUZ_BUILD = SHARED / "peers" / "cspuz" / "build.sh"


def load(limit=None):
    with open(DATASET, encoding="utf-8") as f:
        data = json.load(f)["data"]
    items = []
    for key, e in data.items():
        if "@" in e["problem"]:
            continue  # blocked cells: a variant, not in the 266
        items.append((key, e["problem"], e["solution"]))
    return items[:limit] if limit else items


def run_loopcraft(items, repeat=1):
    """Best thread CPU seconds per puzzle over ``repeat`` runs, and the keys answered wrongly."""
    boards = [CountryRoad.from_puzzlekit(p) for _, p, _ in items]
    per = [float("inf")] * len(boards)
    results = []
    for _ in range(repeat):
        results = []
        for i, b in enumerate(boards):
            t = time.thread_time()
            results.append(b.solve(limit=2))
            per[i] = min(per[i], time.thread_time() - t)
    bad = []
    for (key, _, sol), b, r in zip(items, boards, results):
        if not (r.unique and r.solution.to_puzzlekit().split() == sol.split() and check(b, r.solution).ok):
            bad.append(key)
    return sum(per), per, bad


def cspuz_binary():
    """The cspuz_bench path (building it on first use), or None when it cannot be built."""
    if not CSPUZ_BUILD.exists():
        return None
    env = dict(os.environ)
    env.setdefault("CARGO_BUILD_JOBS", "1")
    try:
        out = subprocess.run([str(CSPUZ_BUILD)], capture_output=True, text=True, env=env, check=True)
    except (OSError, subprocess.CalledProcessError) as e:
        print(f"cspuz build failed: {e}", file=sys.stderr)
        return None
    path = out.stdout.strip().splitlines()[-1] if out.stdout.strip() else ""
    return path if path and Path(path).exists() else None


def recorded_cspuz(paths, items):
    """Best recorded cspuz CPU seconds per puzzle from JSON-lines files, and wrong keys."""
    best, bad = {}, set()
    for path in paths:
        with open(path, encoding="utf-8") as f:
            for line in f:
                r = json.loads(line)
                best[r["name"]] = min(best.get(r["name"], float("inf")), r["cpu_seconds"])
                if not (r["unique"] and r["matches_stored"]):
                    bad.add(r["name"])
    times = [best[k] for k, _, _ in items]
    return sum(times), times, sorted(bad)


def run_cspuz(binary, items, repeat=1):
    """Best cspuz CPU seconds per puzzle over ``repeat`` runs (its own per-call thread CPU), and wrong keys."""
    keys = [k for k, _, _ in items]
    per = {k: float("inf") for k in keys}
    bad = set()
    for _ in range(repeat):
        out = subprocess.run(
            [binary, "country", str(DATASET), "--only", ",".join(keys)],
            capture_output=True,
            text=True,
            check=True,
        )
        for line in out.stdout.splitlines():
            r = json.loads(line)
            per[r["name"]] = min(per[r["name"]], r["cpu_seconds"])
            if not (r["unique"] and r["matches_stored"]):
                bad.add(r["name"])
    times = [per[k] for k in keys]
    return sum(times), times, sorted(bad)


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
    ap.add_argument("--repeat", type=int, default=3, help="runs per solver; the best time per puzzle counts")
    ap.add_argument("--limit", type=int, default=None, help="only the first K puzzles")
    ap.add_argument("--cpsat", action="store_true", help="also time puzzlekit's CP-SAT model (needs ortools)")
    ap.add_argument("--workers", type=int, default=1, help="CP-SAT search workers (default 1)")
    ap.add_argument("--engines", action="store_true", help="also time the counting engines on 6 x 6")
    ap.add_argument("--cspuz-results", nargs="+", default=None, help="recorded cspuz JSON lines instead of a run")
    args = ap.parse_args(argv)
    if not DATASET.exists():
        print(f"data set not found: {DATASET}", file=sys.stderr)
        return 1
    items = load(args.limit)
    print(f"Country Road: {len(items)} puzzlekit puzzles (janko.at), solve + prove unique, one core")
    rows = []
    lc_total, lc_per, lc_bad = run_loopcraft(items, args.repeat)
    rows.append(("loopcraft (CPU)", lc_total, lc_per, lc_bad))
    cz = None
    if args.cspuz_results:
        cz = recorded_cspuz(args.cspuz_results, items)
        rows.append(("cspuz (CPU, recorded)", *cz))
    else:
        binary = cspuz_binary()
        if binary is None:
            print("cspuz: not available (see ../shared/peers/README.md)")
        else:
            cz = run_cspuz(binary, items, args.repeat)
            rows.append(("cspuz (CPU)", *cz))
    if args.cpsat:
        pk_total, pk_per, pk_bad = run_puzzlekit(items, args.workers)
        rows.append((f"puzzlekit CP-SAT ({args.workers}w, wall)", pk_total, pk_per, pk_bad))
    print(f"{'solver':<30}{'total s':>10}{'median ms':>11}{'p90 ms':>9}{'max ms':>9}{'wrong':>7}")
    for name, total, per, bad in rows:
        print(
            f"{name:<30}{total:>10.3f}{pct(per, 0.5) * 1e3:>11.2f}{pct(per, 0.9) * 1e3:>9.2f}"
            f"{max(per) * 1e3:>9.1f}{len(bad):>7}"
        )
    if cz is not None:
        cz_total, cz_per, _ = cz
        ratios = [(c / max(lc, 1e-9), key, lc, c) for (key, _, _), lc, c in zip(items, lc_per, cz_per)]
        slower = sum(1 for r in ratios if r[0] < 1.0)
        print(
            f"cspuz / loopcraft: total {cz_total / lc_total:.2f}x (target >= 10x), "
            f"median of per-puzzle ratios {statistics.median(r[0] for r in ratios):.2f}x, "
            f"loopcraft slower on {slower} of {len(ratios)} (target 0)"
        )
        print("worst five (cspuz / loopcraft):")
        for r, key, lc, c in sorted(ratios)[:5]:
            print(f"  {key:<12} {r:6.2f}x  loopcraft {lc * 1e3:7.2f} ms  cspuz {c * 1e3:7.2f} ms")
    if args.cpsat:
        print(f"ratio (puzzlekit / loopcraft, total): {rows[-1][1] / lc_total:.1f}x")
    bad = {name: b[:10] for name, _, _, b in rows if b}
    if bad:
        print(f"mismatches: {bad}")
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
