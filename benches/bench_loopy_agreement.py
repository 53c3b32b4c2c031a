"""Does Simon Tatham's Loopy grade loopcraft's generated puzzles at the level asked?

    python benches/bench_loopy_agreement.py [--sizes 7,10,15] [--seeds 300-305]
        [--levels easy,normal,tricky,hard]

For each size, seed and level, ``generate(n, n, seed, grade=level)`` makes a
puzzle; Loopy's own grader (``loopy_peer time`` in ``../shared/peers/tatham``,
the grading loop of ``loopysolver -g``, built by its ``build.sh``) rates each
one. Printed: per size and level, how many Loopy rates at the level asked,
and every puzzle it rates otherwise (with Loopy's words and the game ID).
The defaults are the 72 puzzles of issue 21.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from typing import Dict, List, Tuple

from bench_slitherlink_generate import loopy_binary  # the one Loopy driver of the benches
from loopcraft.slitherlink import generate

LOOPY_NAME = {"easy": "Easy", "normal": "Normal", "tricky": "Tricky", "hard": "Hard"}


def loopy_grades(binary: str, ids: List[str]) -> List[str]:
    """Loopy's grade of each game ID, in order."""
    out = subprocess.run(
        [binary, "time", "0"], input="\n".join(ids) + "\n", check=True, capture_output=True, text=True
    ).stdout
    return [json.loads(line).get("grade", "error") for line in out.splitlines() if line.strip()]


def seed_range(text: str) -> List[int]:
    """``"300-305"`` or ``"1,5,9"``."""
    if "-" in text:
        lo, hi = text.split("-")
        return list(range(int(lo), int(hi) + 1))
    return [int(x) for x in text.split(",")]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", default="7,10,15")
    ap.add_argument("--seeds", default="300-305")
    ap.add_argument("--levels", default="easy,normal,tricky,hard")
    args = ap.parse_args()
    binary = loopy_binary()
    print(f"Loopy driver: {binary}", file=sys.stderr)
    sizes = [int(x) for x in args.sizes.split(",")]
    seeds = seed_range(args.seeds)
    levels = args.levels.split(",")
    cases: List[Tuple[int, int, str, str]] = []
    t = time.process_time()
    for n in sizes:
        for level in levels:
            for s in seeds:
                cases.append((n, s, level, generate(n, n, s, grade=level).to_tatham()))
    gen_s = time.process_time() - t
    grades = loopy_grades(binary, [c[3] for c in cases])
    agree: Dict[Tuple[int, str], int] = {}
    misses = []
    for (n, s, level, gid), g in zip(cases, grades):
        ok = g == LOOPY_NAME[level]
        agree[(n, level)] = agree.get((n, level), 0) + ok
        if not ok:
            misses.append((n, s, level, g, gid))
    print(f"Loopy's grade of generate(n, n, seed, grade=level), seeds {args.seeds}: puzzles rated at the level asked")
    print()
    print("| size | " + " | ".join(levels) + " | all |")
    print("| --- | " + " | ".join("---" for _ in levels) + " | --- |")
    for n in sizes:
        row = [agree[(n, lv)] for lv in levels]
        cells = " | ".join(f"{x}/{len(seeds)}" for x in row)
        print(f"| {n} x {n} | {cells} | {sum(row)}/{len(row) * len(seeds)} |")
    total = sum(agree.values())
    print()
    print(f"all: {total}/{len(cases)}; loopcraft generation {gen_s:.2f} CPU s in all")
    for n, s, level, g, gid in misses:
        print(f"  generate({n}, {n}, seed={s}, grade={level!r}): Loopy says {g!r}  {gid}")


if __name__ == "__main__":
    main()
