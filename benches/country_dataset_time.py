"""Country Road core timing on puzzlekit's dataset (the 270 puzzles, 4 with
blocked cells), straight through ``loopcraft._core``: the ladder alone (how
many puzzles it completes without search) and ``country_solve(limit=2)``
(solved and proven unique). The side-by-side ratio against CP-SAT is
``benches/bench_country.py``; this script is for tuning the core.

    python benches/country_dataset_time.py [--stages region,once,...] [--slowest N]
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from loopcraft import _core

DATASET = (
    Path(__file__).resolve().parent.parent.parent / "shared" / "external" / "puzzlekit" / "CountryRoad_dataset.json"
)


def parse(text):
    """puzzlekit text -> (rows, cols, regions, numbers), regions renumbered by first cell."""
    lines = [ln.split() for ln in text.strip().splitlines()]
    rows, cols = int(lines[0][0]), int(lines[0][1])
    clues = lines[1 : 1 + rows]
    ids = lines[1 + rows : 1 + 2 * rows]
    index, regions = {}, []
    for r in range(rows):
        for c in range(cols):
            tag = ids[r][c]
            if tag == "@":
                regions.append(-1)
            else:
                regions.append(index.setdefault(tag, len(index)))
    numbers = [None] * len(index)
    for r in range(rows):
        for c in range(cols):
            if clues[r][c] != "-":
                numbers[regions[r * cols + c]] = int(clues[r][c])
    return rows, cols, regions, numbers


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--stages", default=",".join(_core.COUNTRY_STAGES))
    ap.add_argument("--slowest", type=int, default=5)
    args = ap.parse_args()
    stages = tuple(s for s in args.stages.split(",") if s)
    data = json.loads(DATASET.read_text(encoding="utf-8"))["data"]
    boards = [(k, parse(v["problem"])) for k, v in data.items()]
    ladder_done, unique, per = 0, 0, []
    t_ladder = t_solve = 0.0
    for key, (rows, cols, regions, numbers) in boards:
        t = time.perf_counter()
        fix = _core.country_ladder(rows, cols, regions, numbers, stages)
        t_ladder += time.perf_counter() - t
        if fix is not None and 2 not in fix[0] and 2 not in fix[1]:
            ladder_done += 1
        t = time.perf_counter()
        sols, complete, nodes = _core.country_solve(rows, cols, regions, numbers, 2, stages)
        dt = time.perf_counter() - t
        t_solve += dt
        per.append((dt, key, nodes, len(sols)))
        unique += complete and len(sols) == 1
    print(f"stages {stages}")
    print(f"{len(boards)} puzzles: ladder completes {ladder_done} without search ({t_ladder:.3f} s)")
    print(f"solve(limit=2): {unique} unique, total {t_solve:.3f} s, mean {1000 * t_solve / len(boards):.2f} ms")
    for dt, key, nodes, n in sorted(per, reverse=True)[: args.slowest]:
        print(f"  {key}: {1000 * dt:.1f} ms, {nodes} nodes, {n} solutions")


if __name__ == "__main__":
    main()
