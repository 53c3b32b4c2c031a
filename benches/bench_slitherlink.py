#!/usr/bin/env python3
"""loopcraft.slitherlink against puzzlekit (Google OR-Tools CP-SAT), side by side.

Both solve the same puzzles of the puzzlekit Slitherlink set
(``../shared/external/puzzlekit/Slitherlink_dataset.json``, read in place,
never copied) in the same run, and every answer is checked against the stored
solution.

* solve: text -> first solution. loopcraft: ``from_puzzlekit`` + ``solve(limit=1)``;
  puzzlekit: its parser, model build and one CP-SAT solve.
* prove: text -> first solution proven unique. loopcraft: ``solve(limit=2)``;
  puzzlekit: the above plus a second CP-SAT solve on the same model with a
  clause excluding the first solution (INFEASIBLE = unique).

CP-SAT runs with one worker, so both sides use one core; ``--pin`` also pins
the whole process to one CPU. Ratios are puzzlekit time / loopcraft time.

    python benches/bench_slitherlink.py                 # everything (CP-SAT may take many minutes)
    python benches/bench_slitherlink.py --limit 100     # 100 puzzles spread over the set
    python benches/bench_slitherlink.py --sizes 10x10,20x36
    python benches/bench_slitherlink.py --loopcraft-only  # the whole set, loopcraft alone
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Dict, List, Optional, Tuple

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DATA = ROOT.parent / "shared" / "external" / "puzzlekit" / "Slitherlink_dataset.json"


def stored_inside(solution_text: str) -> List[List[str]]:
    """The stored solution's rows of x/- tokens. Two records carry extra text after
    the grid (a repeated grid after "[solution]", a trailing "unit 27"): only the
    R rows after the header count."""
    lines = [ln for ln in solution_text.splitlines() if ln.strip()]
    rows = int(lines[0].split()[0])
    return [ln.split() for ln in lines[1 : rows + 1]]


def load(path: Path, sizes: Optional[set], limit: Optional[int]) -> List[Tuple[str, dict]]:
    with open(path, encoding="utf-8") as f:
        data = json.load(f)["data"]
    items = [(k, v) for k, v in data.items() if v.get("solution")]
    if sizes:
        items = [(k, v) for k, v in items if "x".join(v["problem"].split(None, 2)[:2]) in sizes]
    if limit is not None and limit < len(items):
        step = len(items) / limit
        items = [items[int(i * step)] for i in range(limit)]
    return items


# --------------------------------------------------------------------------- the two solvers


def run_loopcraft(problem: str) -> Tuple[float, float, List[List[str]], bool]:
    """(solve seconds, prove seconds, answer rows, unique)."""
    from loopcraft.slitherlink import Slitherlink

    t0 = time.perf_counter()
    p = Slitherlink.from_puzzlekit(problem)
    first = p.solve(limit=1)
    t1 = time.perf_counter()
    p = Slitherlink.from_puzzlekit(problem)
    result = p.solve(limit=2)
    t2 = time.perf_counter()
    # limit=1 stops at the first solution, so the search is not complete
    # (SolveResult.complete means the count is exact).
    assert first.count == 1 and not first.complete
    answer = [row.split() for row in result.solutions[0].to_puzzlekit().splitlines()[1:]] if result.solutions else []
    return t1 - t0, t2 - t1, answer, result.unique


def run_puzzlekit(problem: str, time_limit: float) -> Tuple[float, float, List[List[str]], Optional[bool]]:
    """(solve seconds, prove seconds, answer rows, unique or None when CP-SAT timed out)."""
    from ortools.sat.python import cp_model as cp
    from puzzlekit.parsers.registry import get_parser
    from puzzlekit.solvers import get_solver_class

    options = {"time_limit_sec": time_limit, "num_workers": 1}
    t0 = time.perf_counter()
    params = get_parser("slitherlink")(problem.strip())
    solver = get_solver_class("slitherlink")(**params)
    result = solver.solve(solver_options=dict(options))
    t1 = time.perf_counter()
    if not result.is_solved:
        return t1 - t0, t1 - t0, [], None
    values = {key: solver.solver.Value(var) for key, var in solver.arc_vars.items()}
    # The same model, minus the first solution: INFEASIBLE proves it unique.
    solver.model.AddBoolOr([var.Not() if values[key] else var for key, var in solver.arc_vars.items()])
    status = solver.solver.Solve(solver.model)
    t2 = time.perf_counter()
    unique = True if status == cp.INFEASIBLE else (False if status in (cp.OPTIMAL, cp.FEASIBLE) else None)
    rows, cols = solver.num_rows, solver.num_cols
    # Inside/outside by crossing parity of the vertical edges along each row.
    answer = []
    for i in range(rows):
        inside, row = False, []
        for j in range(cols):
            inside ^= bool(_vertical(solver, values, i, j))
            row.append("x" if inside else "-")
        answer.append(row)
    return t1 - t0, (t1 - t0) + (t2 - t1), answer, unique


def _vertical(solver, values: Dict, i: int, j: int) -> int:
    """Value of the vertical edge left of cell (i, j) in puzzlekit's model."""
    from puzzlekit.core.position import Position

    return values[(Position(i, j), Position(i + 1, j))]


# --------------------------------------------------------------------------- report


def fmt_ms(seconds: float) -> str:
    return f"{seconds * 1000:10.2f}"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data", type=Path, default=DEFAULT_DATA)
    ap.add_argument("--limit", type=int, help="run this many puzzles, spread evenly over the set")
    ap.add_argument("--sizes", help="comma-separated sizes as in the keys, e.g. 10x10,20x36")
    ap.add_argument("--loopcraft-only", action="store_true", help="skip puzzlekit (time the whole set quickly)")
    ap.add_argument("--peer-time-limit", type=float, default=120.0, help="CP-SAT time limit per solve (s)")
    ap.add_argument("--pin", action="store_true", help="pin the process to one CPU")
    ap.add_argument("--slowest", type=int, default=10)
    ap.add_argument("--repeat", type=int, default=1, help="time loopcraft this many times, keep the best")
    ap.add_argument("--json-out", type=Path, help="write per-puzzle timings here")
    args = ap.parse_args(argv)

    if not args.data.exists():
        print(f"data set not found: {args.data}", file=sys.stderr)
        return 2
    if args.pin and hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[0]})
    sizes = set(args.sizes.split(",")) if args.sizes else None
    items = load(args.data, sizes, args.limit)
    peer = not args.loopcraft_only
    print(f"{len(items)} puzzles from {args.data.name}; peer: {'puzzlekit (CP-SAT, 1 worker)' if peer else 'none'}")

    rows_out = []
    failures = []
    wall0 = time.perf_counter()
    timeouts = []
    # Two passes over the same puzzles, loopcraft first: CP-SAT's worker threads
    # then cannot steal the CPU from loopcraft's sub-millisecond solves.
    for key, entry in items:
        expected = stored_inside(entry["solution"])
        best = None
        for _ in range(args.repeat):
            lc_solve, lc_prove, answer, unique = run_loopcraft(entry["problem"])
            best = (lc_solve, lc_prove) if best is None else (min(best[0], lc_solve), min(best[1], lc_prove))
        if answer != expected or not unique:
            failures.append(f"loopcraft {key}: unique={unique}, matches={answer == expected}")
        rows, cols = entry["problem"].split(None, 2)[:2]
        rows_out.append({"key": key, "size": f"{rows}x{cols}", "lc_solve": best[0], "lc_prove": best[1]})
    if peer:
        for n, ((key, entry), rec) in enumerate(zip(items, rows_out), 1):
            expected = stored_inside(entry["solution"])
            pk_solve, pk_prove, pk_answer, pk_unique = run_puzzlekit(entry["problem"], args.peer_time_limit)
            if pk_unique is None:
                timeouts.append(key)
            elif pk_answer != expected or not pk_unique:
                failures.append(f"puzzlekit {key}: unique={pk_unique}, matches={pk_answer == expected}")
            rec.update(pk_solve=pk_solve, pk_prove=pk_prove)
            if n % 25 == 0 or n == len(items):
                print(f"  ... puzzlekit {n}/{len(items)} ({time.perf_counter() - wall0:.0f} s)", file=sys.stderr)

    lc_total = sum(r["lc_prove"] for r in rows_out)
    lc_solve_total = sum(r["lc_solve"] for r in rows_out)
    print()
    print(
        f"loopcraft: solve all {fmt_ms(lc_solve_total).strip()} ms, "
        f"solve + prove unique all {fmt_ms(lc_total).strip()} ms"
        f" ({lc_total:.2f} s; median {statistics.median(r['lc_prove'] for r in rows_out) * 1000:.2f} ms)"
    )
    if peer:
        pk_total = sum(r["pk_prove"] for r in rows_out)
        pk_solve_total = sum(r["pk_solve"] for r in rows_out)
        print(
            f"puzzlekit: solve all {fmt_ms(pk_solve_total).strip()} ms, "
            f"solve + prove unique all {fmt_ms(pk_total).strip()} ms"
            f" ({pk_total:.2f} s; median {statistics.median(r['pk_prove'] for r in rows_out) * 1000:.2f} ms)"
        )
        print()
        print("ratios (puzzlekit / loopcraft):")
        for phase in ("solve", "prove"):
            lc = [r[f"lc_{phase}"] for r in rows_out]
            pk = [r[f"pk_{phase}"] for r in rows_out]
            per = [b / a for a, b in zip(lc, pk)]
            print(
                f"  {phase:5}: total {sum(pk) / sum(lc):8.1f}x   "
                f"median puzzle {statistics.median(pk) / statistics.median(lc):8.1f}x"
                f"   median of per-puzzle ratios {statistics.median(per):8.1f}x   smallest {min(per):6.1f}x"
            )
    print()
    by_size: Dict[str, List[dict]] = {}
    for r in rows_out:
        by_size.setdefault(r["size"], []).append(r)
    head = f"{'size':>14} {'n':>4} {'lc prove ms':>12} {'lc median':>10}"
    if peer:
        head += f" {'pk prove ms':>12} {'pk median':>10} {'ratio':>8}"
    print(head)

    def cells(size: str) -> int:
        try:
            a, b = size.split("x")
            return int(a) * int(b)
        except ValueError:
            return 0

    for size in sorted(by_size, key=lambda s: (cells(s), s)):
        group = by_size[size]
        lc = [r["lc_prove"] for r in group]
        line = f"{size:>14} {len(group):4d} {fmt_ms(sum(lc)):>12} {fmt_ms(statistics.median(lc)):>10}"
        if peer:
            pk = [r["pk_prove"] for r in group]
            line += f" {fmt_ms(sum(pk)):>12} {fmt_ms(statistics.median(pk)):>10} {sum(pk) / sum(lc):7.1f}x"
        print(line)
    print()
    print("slowest for loopcraft (solve + prove):")
    for r in sorted(rows_out, key=lambda r: -r["lc_prove"])[: args.slowest]:
        extra = f"   puzzlekit {fmt_ms(r['pk_prove']).strip()} ms" if peer else ""
        print(f"  {r['key']:>20} {fmt_ms(r['lc_prove'])} ms{extra}")
    if peer:
        print("slowest for puzzlekit (solve + prove):")
        for r in sorted(rows_out, key=lambda r: -r["pk_prove"])[: args.slowest]:
            print(f"  {r['key']:>20} {fmt_ms(r['pk_prove'])} ms   loopcraft {fmt_ms(r['lc_prove']).strip()} ms")
    if args.json_out:
        args.json_out.write_text(json.dumps(rows_out, indent=1))
    if timeouts:
        print(
            f"\npuzzlekit: CP-SAT hit its {args.peer_time_limit:g} s limit on {len(timeouts)} puzzle(s),"
            f" counted at the time spent (a lower bound): {', '.join(timeouts)}"
        )
    if failures:
        print(f"\n{len(failures)} FAILURES:")
        for f in failures[:20]:
            print("  " + f)
        return 1
    print(f"\nloopcraft: all {len(rows_out)} answers equal the stored solutions and are proven unique")
    return 0


if __name__ == "__main__":
    sys.exit(main())
