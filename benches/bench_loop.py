"""Loop engine v1: loopcraft against the reference engine under node, same work,
same run.

Workloads: ``generate(n, seed)`` for n in 4, 5, 6 and 25 seeds each, and a replay
of ``solve.jsonl``. Outputs are checked identical; the ratios printed are
reference time / loopcraft time (targets: 100x for generate, 300x for solve).

Timing, in ``--rounds`` rounds (default 3), each side's best kept: a round
runs the reference's node driver once (it reports generate as one run, solve
as the mean of ``--repeat`` runs), then times loopcraft, best of at least
``--repeat`` runs and of as many more as fit in ``--min-time`` seconds. On a
shared machine the load changes within seconds, and a replay of a few
milliseconds can be hit by another process's time slice in every one of three
runs (seen: 9-15 ms wall for a 4 ms replay at load 8 on 2 cores) while the
reference's runs of seconds average such hits out; rounds give both sides the
same chances. ``--rounds 1 --min-time 0`` is the plain single comparison.

The replay is also timed through the core alone (the façade's kept searches,
``_core.LoopSearches().solve``, in a loop: no façade and no result objects),
to show how the time splits between the search and the Python layers; that
line is information, not a target.

Run: ``python benches/bench_loop.py`` (needs node and ../shared/reference).
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import time
from pathlib import Path
from types import SimpleNamespace

from loopcraft import _core, loop

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
REFERENCE = ROOT.parent / "shared" / "reference" / "loop-engine.cjs"
SOLVE_VECTORS = ROOT / "tests" / "data" / "loop" / "solve.jsonl"


def best_of(repeat, fn, min_time=0.0):
    """Best wall time of at least ``repeat`` runs of ``fn`` and of at least
    ``min_time`` seconds of runs: ``(best, last output, runs)``."""
    best, out, runs, spent = float("inf"), None, 0, 0.0
    while runs < repeat or spent < min_time:
        t = time.perf_counter()
        out = fn()
        took = time.perf_counter() - t
        best, spent, runs = min(best, took), spent + took, runs + 1
    return best, out, runs


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=25, help="seeds per size (default 25)")
    parser.add_argument("--repeat", type=int, default=3, help="timing repeats, best kept (default 3)")
    parser.add_argument(
        "--min-time", type=float, default=1.0, help="seconds of loopcraft runs at least, best kept (default 1)"
    )
    parser.add_argument(
        "--rounds", type=int, default=3, help="rounds of reference and loopcraft timings, best kept (default 3)"
    )
    parser.add_argument("--reference", type=Path, default=REFERENCE)
    args = parser.parse_args()
    if shutil.which("node") is None or not args.reference.exists():
        print(f"needs node and the reference engine at {args.reference}", file=sys.stderr)
        return 2

    gen_work = [[n, f"bench-{n}-{i}"] for n in (4, 5, 6) for i in range(args.seeds)]
    solve_work = [json.loads(line) for line in SOLVE_VECTORS.read_text().splitlines() if line.strip()]
    workload = {
        "generate": gen_work,
        "solve": [{k: v[k] for k in ("n", "clues", "node_limit")} for v in solve_work],
        "repeat": args.repeat,
    }

    def generate():
        return [loop.generate(n, s).to_dict() for n, s in gen_work]

    def replay():
        return [
            {"solutions": r.solutions, "nodes": r.nodes, "truncated": r.truncated}
            for r in (loop.solve(v["clues"], v["n"], v["node_limit"]) for v in solve_work)
        ]

    core_work = [(v["n"], v["clues"], v["node_limit"]) for v in solve_work]
    core_solve, bare = _core.LoopSearches().solve, SimpleNamespace

    def core_replay():
        return [core_solve(n, clues, limit, bare()).nodes for n, clues, limit in core_work]

    inf = float("inf")
    ref_gen = ref_solve = gen_time = solve_time = core_time = inf
    gen_runs = solve_runs = core_runs = 0
    same_gen = same_solve = True
    rounds = max(1, args.rounds)
    for _ in range(rounds):
        proc = subprocess.run(
            ["node", str(HERE / "loop_reference.cjs"), str(args.reference)],
            input=json.dumps(workload),
            capture_output=True,
            text=True,
            check=True,
        )
        ref = json.loads(proc.stdout)
        ref_gen, ref_solve = min(ref_gen, ref["generateSeconds"]), min(ref_solve, ref["solveSeconds"])
        took, generated, runs = best_of(args.repeat, generate, args.min_time)
        gen_time, gen_runs, same_gen = min(gen_time, took), gen_runs + runs, same_gen and generated == ref["generated"]
        took, solved, runs = best_of(args.repeat, replay, args.min_time)
        solve_time, solve_runs, same_solve = (
            min(solve_time, took),
            solve_runs + runs,
            same_solve and solved == ref["solved"],
        )
        took, nodes, runs = best_of(args.repeat, core_replay, args.min_time)
        core_time, core_runs = min(core_time, took), core_runs + runs
        same_solve = same_solve and nodes == [r["nodes"] for r in ref["solved"]]

    print(f"generate: {len(gen_work)} puzzles (n = 4, 5, 6 x {args.seeds} seeds), identical: {same_gen}")
    print(
        f"  reference {ref_gen:.3f} s (best of {rounds})   loopcraft {gen_time:.4f} s (best of {gen_runs})   "
        f"ratio {ref_gen / gen_time:.0f}x (target 100x)"
    )
    print(f"solve replay: {len(solve_work)} vectors, identical: {same_solve}")
    print(
        f"  reference {ref_solve:.3f} s (best of {rounds})   loopcraft {solve_time:.4f} s (best of {solve_runs})   "
        f"ratio {ref_solve / solve_time:.0f}x (target 300x)"
    )
    print(
        f"  the core alone (_core.LoopSearches().solve in a loop): {core_time * 1e3:.2f} ms (best of {core_runs}), "
        f"{ref_solve / core_time:.0f}x"
    )
    return 0 if same_gen and same_solve else 1


if __name__ == "__main__":
    raise SystemExit(main())
