#!/usr/bin/env python3
"""Explanations and hints: their medians, and what tracing costs when it is off.

* explain: ``Slitherlink.explain("hard")`` on generated 20 x 20 hard puzzles
  (target: median under 50 ms), and ``CountryRoad.explain()`` on generated
  10 x 10 boards;
* hint: ``hint(position)`` from random partial positions (marks taken from the
  solution) on the same 20 x 20 puzzles (target: median under 10 ms);
* tracing overhead (``--baseline PYTHON``): ``solve``, ``deduce`` at every
  level and ``generate`` timed in this interpreter and in another one whose
  loopcraft was built without the tracing (the parent commit of the feature),
  in alternating rounds of the same run; the ratio is this build's time over
  the baseline's (the best of the rounds for each). On a loaded machine the
  times swing by 20 %; ``--instructions`` also counts the instructions each
  task takes under valgrind's cachegrind (the difference between 2 and 6
  repetitions, so that start-up and import costs cancel), which does not swing.

    python benches/bench_explain.py
    python benches/bench_explain.py --baseline /work/venvs/base/bin/python --rounds 3 --instructions
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import time
from typing import Any, Dict, List

# The workload both builds run: the tasks take the puzzles as clue lists, so
# that neither side generates what the other times.
WORKLOAD = r"""
import json, sys, time
from loopcraft.slitherlink import Slitherlink, generate
spec = json.loads(sys.stdin.read())
boards = [Slitherlink(c) for c in spec["puzzles"]]
levels = ["easy", "normal", "tricky", "hard", "colour", "trial"]

def best(f, reps):
    out = float("inf")
    for _ in range(reps):
        t = time.perf_counter()
        f()
        out = min(out, time.perf_counter() - t)
    return out

def solve_all():
    for b in boards:
        b.solve(limit=2)

def deduce_all():
    for b in boards:
        for lv in levels:
            b.deduce(lv)

def generate_all():
    for seed in range(spec["generate"]):
        generate(10, 10, seed=seed, grade="hard")

reps = spec["reps"]
out = {"solve": best(solve_all, reps), "deduce": best(deduce_all, reps)}
out["generate"] = best(generate_all, reps)
print(json.dumps(out))
"""


def puzzles(n: int) -> List[List[List[Any]]]:
    from loopcraft.slitherlink import generate

    out = []
    for i in range(n):
        grade = ("hard", "colour", "trial")[i % 3]
        out.append([list(row) for row in generate(15, 15, seed=1000 + i, grade=grade).clues])
    return out


def run_workload(python: str, spec: Dict[str, Any]) -> Dict[str, float]:
    done = subprocess.run([python, "-c", WORKLOAD], input=json.dumps(spec), capture_output=True, text=True, check=True)
    return {k: float(v) for k, v in json.loads(done.stdout).items()}


def overhead(baseline: str, rounds: int, n: int, reps: int) -> None:
    spec = {"puzzles": puzzles(n), "generate": 10, "reps": reps}
    best: Dict[str, Dict[str, float]] = {"this": {}, "base": {}}
    for r in range(rounds):
        for side, python in (
            (("base", baseline), ("this", sys.executable))
            if r % 2 == 0
            else (
                ("this", sys.executable),
                ("base", baseline),
            )
        ):
            for k, v in run_workload(python, spec).items():
                best[side][k] = min(best[side].get(k, float("inf")), v)
    print(f"\ntracing off: this build / baseline ({n} puzzles 15 x 15, best of {rounds} rounds x {reps})")
    print(f"{'task':10} {'baseline':>10} {'this':>10} {'ratio':>7}")
    for k in ("solve", "deduce", "generate"):
        b, t = best["base"][k], best["this"][k]
        print(f"{k:10} {b * 1000:9.1f}ms {t * 1000:9.1f}ms {t / b:7.3f}")


COUNTED = r"""
import json, sys
from loopcraft.slitherlink import Slitherlink, generate
spec = json.loads(open(sys.argv[1]).read())
boards = [Slitherlink(c) for c in spec["puzzles"]]
what, n = sys.argv[2], int(sys.argv[3])
for i in range(n):
    if what == "deduce":
        for b in boards:
            for lv in ["easy", "normal", "tricky", "hard", "colour", "trial"]:
                b.deduce(lv)
    elif what == "solve":
        for b in boards:
            b.solve(limit=2)
    else:
        generate(10, 10, seed=i, grade="hard")
"""


def instructions(baseline: str, n: int) -> None:
    import re
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        spec_file = f"{tmp}/spec.json"
        with open(spec_file, "w", encoding="utf-8") as f:
            json.dump({"puzzles": puzzles(n)}, f)
        script = f"{tmp}/counted.py"
        with open(script, "w", encoding="utf-8") as f:
            f.write(COUNTED)

        def count(python: str, what: str, reps: int) -> int:
            cmd = ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null"]
            done = subprocess.run(
                [*cmd, python, script, spec_file, what, str(reps)], capture_output=True, text=True, check=True
            )
            m = re.search(r"I\s+refs:\s+([\d,]+)", done.stderr)
            assert m is not None, done.stderr[-500:]
            return int(m.group(1).replace(",", ""))

        print(f"\ninstructions per repetition (cachegrind; 6 minus 2 repetitions, / 4; {n} puzzles 15 x 15)")
        print(f"{'task':10} {'baseline':>14} {'this':>14} {'ratio':>7}")
        for what in ("solve", "deduce", "generate"):
            per = {}
            for side, python in (("base", baseline), ("this", sys.executable)):
                per[side] = (count(python, what, 6) - count(python, what, 2)) / 4
            print(f"{what:10} {per['base']:14,.0f} {per['this']:14,.0f} {per['this'] / per['base']:7.4f}")


def medians(n: int) -> None:
    from loopcraft import Position
    from loopcraft.country import generate as generate_country
    from loopcraft.slitherlink import generate

    rng = random.Random(1)
    explain_t: List[float] = []
    hint_t: List[float] = []
    rules: Dict[str, int] = {}
    for i in range(n):
        board = generate(20, 20, seed=i, grade="hard")
        board.explain("hard")  # warm
        for _ in range(3):
            t = time.perf_counter()
            e = board.explain("hard")
            explain_t.append(time.perf_counter() - t)
        for k, v in e.rules().items():
            rules[k] = rules.get(k, 0) + v
        sol = board.solve().solution
        assert sol is not None
        keys = [("h", r, c) for r in range(21) for c in range(20)] + [("v", r, c) for r in range(20) for c in range(21)]
        marks = dict(zip(keys, sol.edges))
        for _ in range(5):
            chosen = rng.sample(keys, rng.randrange(len(keys)))
            pos = Position("slitherlink", 20, 20, {k: marks[k] for k in chosen})
            t = time.perf_counter()
            board.hint(pos)
            hint_t.append(time.perf_counter() - t)
    country_t: List[float] = []
    for i in range(n):
        cboard = generate_country(10, 10, seed=i)
        for _ in range(3):
            t = time.perf_counter()
            cboard.explain()
            country_t.append(time.perf_counter() - t)

    def ms(xs: List[float]) -> str:
        return f"median {statistics.median(xs) * 1000:6.1f} ms, max {max(xs) * 1000:6.1f} ms ({len(xs)} runs)"

    print(f"Slitherlink 20 x 20 hard, explain('hard'): {ms(explain_t)}  (target: median < 50 ms)")
    print(f"Slitherlink 20 x 20 hard, hint(random partial position): {ms(hint_t)}  (target: median < 10 ms)")
    print(f"Country Road 10 x 10, explain(): {ms(country_t)}")
    print(f"rules used (20 x 20 hard): {dict(sorted(rules.items(), key=lambda kv: -kv[1]))}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--boards", type=int, default=5, help="boards per measurement (default 5)")
    ap.add_argument("--baseline", metavar="PYTHON", help="an interpreter with loopcraft built without tracing")
    ap.add_argument("--rounds", type=int, default=4, help="alternating rounds of the overhead workload (default 4)")
    ap.add_argument("--reps", type=int, default=3, help="repetitions of each task per round, best kept (default 3)")
    ap.add_argument("--overhead-only", action="store_true", help="skip the explain and hint medians")
    ap.add_argument("--instructions", action="store_true", help="also count instructions under valgrind")
    args = ap.parse_args()
    if not args.overhead_only:
        medians(args.boards)
    if args.baseline:
        overhead(args.baseline, args.rounds, 12, args.reps)
        if args.instructions:
            instructions(args.baseline, 12)
    return 0


if __name__ == "__main__":
    sys.exit(main())
