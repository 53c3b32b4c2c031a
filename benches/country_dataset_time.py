"""Country Road core timing on puzzlekit's dataset (the 270 puzzles, 4 with
blocked cells), through ``loopcraft.country._ladder`` (the package's one path to the core): the ladder alone (how
many puzzles it completes without search) and ``solve(limit=2)``
(solved and proven unique). The side-by-side ratio against CP-SAT is
``benches/bench_country.py``; this script is for tuning the core.

    python benches/country_dataset_time.py [--stages region,once,...] [--slowest N]
"""

from __future__ import annotations

import argparse
import json
import os
import time
from pathlib import Path

from loopcraft.country import CountryRoad, _ladder

DATASET = Path(os.environ.get("LOOPCRAFT_SHARED") or Path(__file__).resolve().parent.parent.parent / "shared") / (
    "external/puzzlekit/CountryRoad_dataset.json"
)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--stages", default=",".join(_ladder.STAGES))
    ap.add_argument("--slowest", type=int, default=5)
    args = ap.parse_args()
    stages = _ladder.select_stages(stages=args.stages)
    data = json.loads(DATASET.read_text(encoding="utf-8"))["data"]
    boards = [(k, CountryRoad.from_puzzlekit(v["problem"]).core_args()) for k, v in data.items()]
    ladder_done, unique, per = 0, 0, []
    t_ladder = t_solve = 0.0
    for key, (rows, cols, regions, numbers) in boards:
        t = time.perf_counter()
        fix = _ladder.deduce(rows, cols, regions, numbers, stages)
        t_ladder += time.perf_counter() - t
        ladder_done += fix.solved
        t = time.perf_counter()
        result = _ladder.solve(rows, cols, regions, numbers, 2, stages)
        dt = time.perf_counter() - t
        t_solve += dt
        per.append((dt, key, result.nodes, result.count))
        unique += result.unique
    print(f"stages {stages}")
    print(f"{len(boards)} puzzles: ladder completes {ladder_done} without search ({t_ladder:.3f} s)")
    print(f"solve(limit=2): {unique} unique, total {t_solve:.3f} s, mean {1000 * t_solve / len(boards):.2f} ms")
    for dt, key, nodes, n in sorted(per, reverse=True)[: args.slowest]:
        print(f"  {key}: {1000 * dt:.1f} ms, {nodes} nodes, {n} solutions")


if __name__ == "__main__":
    main()
