"""How ``grade(score=True).score`` relates to Loopy's own level, on Loopy's puzzles.

    python benches/bench_score.py [--sizes 7,10,15,20] [--n 15] [--first 7001]

Simon Tatham's Loopy (``../shared/peers/tatham``, driver ``loopy_peer`` built
with its ``build.sh``) generates ``--n`` puzzles per size and level (seeds from
``--first``). loopcraft grades each with its score. Printed per Loopy level:
how many puzzles, how many loopcraft grades at the same level, the quartiles
(min, 25%, median, 75%, max) of ``score``, and the quartiles of ``d``, the
explanation's weight per side (``score = index + d / (1 + d)``), which does
not contain the level's index and so shows on its own whether the weighted
steps follow Loopy's levels. Then the median ``d`` per size and level (the
normalisation by board size should keep a row roughly flat), and the time
``grade(score=True)`` takes against ``grade()``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from typing import Dict, List, Sequence, Tuple

from bench_slitherlink_generate import LOOPY_LEVELS, loopy_binary, loopy_gen  # the one Loopy driver of the benches
from loopcraft.slitherlink import Slitherlink


def quartiles(xs: Sequence[float]) -> Tuple[float, float, float, float, float]:
    """Min, lower quartile, median, upper quartile, max."""
    q = statistics.quantiles(xs, n=4, method="inclusive") if len(xs) > 1 else [xs[0]] * 3
    return min(xs), q[0], q[1], q[2], max(xs)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", default="7,10,15,20")
    ap.add_argument("--n", type=int, default=15, help="puzzles per size and level")
    ap.add_argument("--first", type=int, default=7001, help="first Loopy seed")
    args = ap.parse_args()
    binary = loopy_binary()
    print(f"Loopy driver: {binary}", file=sys.stderr)
    sizes = [int(x) for x in args.sizes.split(",")]
    scores: Dict[str, List[float]] = {lv: [] for lv in LOOPY_LEVELS}
    dens: Dict[str, List[float]] = {lv: [] for lv in LOOPY_LEVELS}
    by_size: Dict[Tuple[int, str], List[float]] = {}
    same: Dict[str, int] = dict.fromkeys(LOOPY_LEVELS, 0)
    t_plain: List[float] = []
    t_score: List[float] = []
    for n in sizes:
        for level in LOOPY_LEVELS:
            for gid in (r["id"] for r in loopy_gen(binary, n, level, args.n, args.first)):
                p = Slitherlink.from_tatham(gid)
                t = time.perf_counter()
                plain = p.grade()
                t_plain.append(time.perf_counter() - t)
                t = time.perf_counter()
                g = p.grade(score=True)
                t_score.append(time.perf_counter() - t)
                assert g.level == plain.level and g.score is not None
                f = g.score - g.index
                d = f / (1 - f)
                scores[level].append(g.score)
                dens[level].append(d)
                by_size.setdefault((n, level), []).append(d)
                same[level] += g.level == level
    print(f"Loopy's puzzles, {args.n} per size and level, sizes {args.sizes}, seeds from {args.first}")
    print()
    print(
        "| Loopy level | n | loopcraft same level | score min | 25% | median | 75% | max | d 25% | d median | d 75% |"
    )
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for level in LOOPY_LEVELS:
        s = quartiles(scores[level])
        d = quartiles(dens[level])
        cells = " | ".join(f"{x:.3f}" for x in s)
        print(f"| {level} | {len(scores[level])} | {same[level]} | {cells} | {d[1]:.2f} | {d[2]:.2f} | {d[3]:.2f} |")
    print()
    print("Median d (weight per side) by size:")
    print()
    print("| Loopy level | " + " | ".join(f"{n} x {n}" for n in sizes) + " |")
    print("| --- | " + " | ".join("---" for _ in sizes) + " |")
    for level in LOOPY_LEVELS:
        print(f"| {level} | " + " | ".join(f"{statistics.median(by_size[(n, level)]):.2f}" for n in sizes) + " |")
    print()
    print(
        f"grade() median {statistics.median(t_plain) * 1e3:.2f} ms, "
        f"grade(score=True) median {statistics.median(t_score) * 1e3:.2f} ms, "
        f"max {max(t_score) * 1e3:.1f} ms ({len(t_score)} puzzles)"
    )


if __name__ == "__main__":
    main()
