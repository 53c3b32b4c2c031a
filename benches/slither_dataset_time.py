"""Times the Rust Slitherlink solver on the whole puzzlekit data set.

Every puzzle is solved and proven unique (``SlitherBoard.solve(2)``) on one
core; the answer is checked against the data set's solution where it has one.

    python benches/slither_dataset_time.py [--grade] [--top 10]

Reads ``../shared/external/puzzlekit/Slitherlink_dataset.json`` next to the
repository (or the path given with ``--data``); nothing is copied from it.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections import Counter
from pathlib import Path
from typing import List, Optional, Tuple

from loopcraft import _core

DEFAULT_DATA = Path(__file__).resolve().parents[1].parent / "shared/external/puzzlekit/Slitherlink_dataset.json"


def parse_grid(text: str) -> Tuple[int, int, List[str]]:
    lines = [line.split() for line in text.strip().splitlines()]
    rows, cols = int(lines[0][0]), int(lines[0][1])
    # A few solutions carry trailing lines past the grid: read R rows only.
    cells = [tok for line in lines[1 : rows + 1] for tok in line]
    if len(cells) != rows * cols:
        raise ValueError(f"expected {rows} x {cols} cells, got {len(cells)}")
    return rows, cols, cells


def clues_of(cells: List[str]) -> List[Optional[int]]:
    return [None if tok in "-." else int(tok) for tok in cells]


def edges_of(rows: int, cols: int, inside: List[bool]) -> bytes:
    """The loop around the inside cells, one byte per edge in grid numbering."""

    def side(r: int, c: int) -> bool:
        return 0 <= r < rows and 0 <= c < cols and inside[r * cols + c]

    h = [side(r - 1, c) != side(r, c) for r in range(rows + 1) for c in range(cols)]
    v = [side(r, c - 1) != side(r, c) for r in range(rows) for c in range(cols + 1)]
    return bytes(int(x) for x in h + v)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", type=Path, default=DEFAULT_DATA)
    ap.add_argument("--grade", action="store_true", help="also grade every puzzle")
    ap.add_argument("--top", type=int, default=10, help="how many of the slowest puzzles to list")
    args = ap.parse_args()
    data = json.loads(args.data.read_text())["data"]
    times = []
    wrong = 0
    checked = 0
    start = time.perf_counter()
    for name, entry in data.items():
        rows, cols, cells = parse_grid(entry["problem"])
        clues = clues_of(cells)
        t = time.perf_counter()
        found, complete, nodes = _core.SlitherBoard(rows, cols, clues).solve(2)
        dt = time.perf_counter() - t
        times.append((dt, name, nodes, len(found)))
        if entry.get("solution"):
            checked += 1
            srows, scols, scells = parse_grid(entry["solution"])
            want = edges_of(srows, scols, [tok == "x" for tok in scells])
            if not complete or found != [want]:
                wrong += 1
                print(f"{name}: {len(found)} solutions (complete={complete}), not the data set's answer")
    total = time.perf_counter() - start
    solve_times = [t for t, *_ in times]
    unique = sum(1 for *_, n in times if n == 1)
    print(
        f"{len(times)} puzzles solved ({checked} with answers, {wrong} wrong); "
        f"{unique} proven unique, {len(times) - unique} not unique:"
    )
    print(f"  total solve time {sum(solve_times):.3f} s (wall with parsing {total:.3f} s)")
    print(f"  median {statistics.median(solve_times) * 1e3:.3f} ms, max {max(solve_times) * 1e3:.3f} ms")
    print(f"  slowest {args.top}:")
    for dt, name, nodes, n in sorted(times, reverse=True)[: args.top]:
        print(f"    {name:>14}  {dt * 1e3:8.2f} ms  {nodes:6d} nodes  {n} solution(s)")
    if args.grade:
        t = time.perf_counter()
        tiers: Counter = Counter()
        for entry in data.values():
            rows, cols, cells = parse_grid(entry["problem"])
            tier, _, _, _ = _core.SlitherBoard(rows, cols, clues_of(cells)).grade(1_000_000)
            tiers[tier] += 1
        print(f"  grades in {time.perf_counter() - t:.3f} s:")
        for tier in _core.SLITHER_LEVELS:
            print(f"    {tier:>8}: {tiers[tier]}")


if __name__ == "__main__":
    main()
