"""Slitherlink generation by level against Simon Tatham's Loopy, and level calibration.

    python benches/bench_slitherlink_generate.py [--sizes 10,20,40] [--seeds 9] [--big-seeds 3]
        [--levels easy,normal,tricky,hard] [--loopy-60] [--calib-sizes 7,10,15,20] [--calib-n 15]
        [--no-gen] [--no-calib]

1. Generation: for each size and level, both generators make puzzles from the
   same seed numbers in this run (Loopy through its driver, ``loopy_peer gen``,
   built with ``../shared/peers/tatham/build.sh`` when needed). Times are CPU
   seconds on one core: Loopy's own ``gen_cpu_seconds`` (inside
   ``new_game_desc()``), loopcraft's ``time.process_time()`` around
   ``generate()``. Printed: medians, the ratio Loopy/loopcraft, clue
   densities (clues per cell), and Loopy's own grade of loopcraft's puzzles.
   60 x 60 is timed for loopcraft only unless ``--loopy-60`` (Loopy takes
   about a minute per puzzle there).
2. Calibration: fresh Loopy puzzles (seeds from 5001) at each size and level,
   graded by loopcraft; the confusion table of Loopy's level (rows) against
   loopcraft's (columns), with the share on the diagonal and the number more
   than one level away.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Dict, List, Tuple

from loopcraft.slitherlink import LEVELS, Slitherlink, generate

ROOT = Path(__file__).resolve().parent.parent
SHARED = Path(os.environ.get("LOOPCRAFT_SHARED") or ROOT.parent / "shared")
LOOPY_LEVELS = ("easy", "normal", "tricky", "hard")
CODE = {"easy": "e", "normal": "n", "tricky": "t", "hard": "h"}


def loopy_binary() -> str:
    out = subprocess.run(
        [str(SHARED / "peers" / "tatham" / "build.sh")], check=True, capture_output=True, text=True
    ).stdout
    return out.strip().splitlines()[-1]


def loopy_gen(binary: str, n: int, level: str, count: int, first: int) -> List[dict]:
    params = f"{n}x{n}t0d{CODE[level]}"
    out = subprocess.run([binary, "gen", params, str(count), str(first)], check=True, capture_output=True, text=True)
    return [json.loads(line) for line in out.stdout.splitlines() if line.strip()]


def loopy_grades(binary: str, ids: List[str]) -> List[str]:
    out = subprocess.run([binary, "time", "0"], input="\n".join(ids) + "\n", check=True, capture_output=True, text=True)
    return [json.loads(line).get("grade", "error") for line in out.stdout.splitlines() if line.strip()]


def ours(n: int, level: str, seeds: List[int]) -> Tuple[List[float], List[float], List[Slitherlink]]:
    times, dens, puzzles = [], [], []
    for s in seeds:
        t = time.process_time()
        p = generate(n, n, s, grade=level, attempts=1000)
        times.append(time.process_time() - t)
        dens.append(p.clue_count / (n * n))
        puzzles.append(p)
    return times, dens, puzzles


def bench_generation(args: argparse.Namespace, binary: str) -> None:
    print("Generation: median CPU seconds per puzzle (one core), ratio Loopy/loopcraft, clues per cell")
    head = (
        f"{'size':>7} {'level':>7} {'n':>3} {'Loopy s':>9} {'loopcraft s':>11} {'ratio':>7}"
        f" {'Loopy dens':>10} {'lc dens':>8}  Loopy's grade of loopcraft's puzzles"
    )
    print(head)
    levels = args.levels.split(",")
    for n in [int(x) for x in args.sizes.split(",")]:
        for level in levels:
            count = args.seeds if n <= 20 else args.big_seeds
            seeds = list(range(1, count + 1))
            run_loopy = n < 60 or args.loopy_60
            lp = loopy_gen(binary, n, level, count, 1) if run_loopy else []
            times, dens, puzzles = ours(n, level, seeds)
            graded = Counter(loopy_grades(binary, [p.to_tatham() for p in puzzles]))
            mine = statistics.median(times)
            if lp:
                theirs = statistics.median(r["gen_cpu_seconds"] for r in lp)
                tdens = statistics.median(r["clues"] / r["cells"] for r in lp)
                cols = f"{theirs:9.4f} {mine:11.4f} {theirs / mine:7.1f} {tdens:10.3f}"
            else:
                cols = f"{'-':>9} {mine:11.4f} {'-':>7} {'-':>10}"
            grades = ", ".join(f"{k} {v}" for k, v in sorted(graded.items()))
            print(f"{n:>4}x{n:<2} {level:>7} {count:>3} {cols} {statistics.median(dens):8.3f}  {grades}", flush=True)


def bench_calibration(args: argparse.Namespace, binary: str) -> None:
    table: Dict[Tuple[str, str], int] = Counter()
    total = same = far = 0
    for n in [int(x) for x in args.calib_sizes.split(",")]:
        for level in LOOPY_LEVELS:
            for r in loopy_gen(binary, n, level, args.calib_n, 5001):
                g = Slitherlink.from_tatham(r["id"]).grade().level
                table[(level, g)] += 1
                total += 1
                same += g == level
                far += abs(LEVELS.index(g) - LEVELS.index(level)) > 1
    print()
    print(f"Calibration: {total} fresh Loopy puzzles ({args.calib_sizes}, {args.calib_n} per size and level)")
    print(f"{'Loopy / loopcraft':>18} " + " ".join(f"{g:>7}" for g in LEVELS))
    for level in LOOPY_LEVELS:
        print(f"{level:>18} " + " ".join(f"{table[(level, g)]:>7}" for g in LEVELS))
    print(f"same level: {same}/{total} = {same / total:.1%}; more than one level away: {far}")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", default="10,20,40,60")
    ap.add_argument("--levels", default=",".join(LOOPY_LEVELS))
    ap.add_argument("--seeds", type=int, default=21, help="puzzles per size and level up to 20 x 20")
    ap.add_argument("--big-seeds", type=int, default=3, help="puzzles per size and level above 20 x 20")
    ap.add_argument("--loopy-60", action="store_true", help="also time Loopy at 60 x 60 (about a minute a puzzle)")
    ap.add_argument("--calib-sizes", default="7,10,15,20")
    ap.add_argument("--calib-n", type=int, default=15)
    ap.add_argument("--no-gen", action="store_true")
    ap.add_argument("--no-calib", action="store_true")
    args = ap.parse_args()
    binary = loopy_binary()
    print(f"Loopy driver: {binary}", file=sys.stderr)
    if not args.no_gen:
        bench_generation(args, binary)
    if not args.no_calib:
        bench_calibration(args, binary)


if __name__ == "__main__":
    main()
