#!/usr/bin/env python3
"""loopcraft.slitherlink against cspuz (semiexp's SAT-based puzz.link solver), side by side.

Both prove uniqueness on the same janko puzzles
(``$LOOPCRAFT_SHARED/external/puzzlekit/Slitherlink_dataset.json``, default
``../shared``; read in place, never copied) in the same run:

* cspuz: ``cspuz_bench slither`` (built by ``../shared/peers/cspuz/build.sh``
  into a cache outside the repository); its per-puzzle ``cpu_seconds`` covers
  model building, encoding, SAT search and the irrefutable-facts loop, not
  dataset parsing.
* loopcraft: ``Slitherlink.from_puzzlekit`` once, then ``solve(limit=2)``
  timed alone with the thread's CPU clock (best of ``--repeat``), so both
  sides count CPU time of the proof without parsing.

Every loopcraft answer must be unique and equal to the stored solution.
Ratios are cspuz time / loopcraft time.

    python benches/bench_slitherlink_cspuz.py              # all 1,152 puzzles (cspuz: about 1-2 minutes)
    python benches/bench_slitherlink_cspuz.py --count 200  # the first 200
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
from typing import Dict, List

ROOT = Path(__file__).resolve().parent.parent
SHARED = Path(os.environ.get("LOOPCRAFT_SHARED") or ROOT.parent / "shared")
DATA = SHARED / "external" / "puzzlekit" / "Slitherlink_dataset.json"
BUILD = SHARED / "peers" / "cspuz" / "build.sh"


def cspuz_times(count: int) -> Dict[str, float]:
    """Per-puzzle CPU seconds of cspuz, and a check that it found each answer unique."""
    binary = subprocess.run([str(BUILD)], check=True, capture_output=True, text=True).stdout.strip()
    cmd = ["nice", "-n", "19", binary, "slither", str(DATA)]
    if count:
        cmd += ["--count", str(count)]
    out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    times = {}
    for line in out.splitlines():
        rec = json.loads(line)
        times[rec["name"]] = float(rec["cpu_seconds"])
    return times


def inside_rows(solution_text: str) -> List[List[str]]:
    lines = [ln for ln in solution_text.splitlines() if ln.strip()]
    rows = int(lines[0].split()[0])
    return [ln.split() for ln in lines[1 : rows + 1]]


def loopcraft_times(names: List[str], data: Dict[str, dict], repeat: int) -> Dict[str, float]:
    from loopcraft.slitherlink import Slitherlink

    times = {}
    for name in names:
        entry = data[name]
        board = Slitherlink.from_puzzlekit(entry["problem"])
        best = float("inf")
        for _ in range(repeat):
            t = time.thread_time()
            result = board.solve(limit=2)
            best = min(best, time.thread_time() - t)
        assert result.unique and result.solution is not None, name
        got = [row.split() for row in result.solution.to_puzzlekit().splitlines()[1:]]
        assert got == inside_rows(entry["solution"]), name
        times[name] = best
    return times


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--count", type=int, default=0, help="only the first N puzzles (default: all)")
    ap.add_argument("--repeat", type=int, default=3, help="loopcraft: best of N runs per puzzle (default 3)")
    args = ap.parse_args()
    if not DATA.exists():
        sys.exit(f"{DATA} not found (set LOOPCRAFT_SHARED)")
    with open(DATA, encoding="utf-8") as f:
        data = json.load(f)["data"]
    print("cspuz: solving ...", file=sys.stderr)
    peer = cspuz_times(args.count)
    names = [n for n in peer if n in data]
    print(f"loopcraft: solving {len(names)} ...", file=sys.stderr)
    ours = loopcraft_times(names, data, args.repeat)
    total_peer, total_ours = sum(peer[n] for n in names), sum(ours[n] for n in names)
    ratios = {n: peer[n] / max(ours[n], 1e-7) for n in names}
    print(f"Slitherlink, {len(names)} janko puzzles, solve + prove unique (CPU seconds, one core)")
    print(f"  cspuz     total {total_peer:8.3f} s   median {statistics.median(peer[n] for n in names) * 1e3:8.3f} ms")
    print(f"  loopcraft total {total_ours:8.3f} s   median {statistics.median(ours[n] for n in names) * 1e3:8.3f} ms")
    print(
        f"  ratio (cspuz / loopcraft): total {total_peer / total_ours:.1f}x, median per puzzle "
        f"{statistics.median(ratios.values()):.1f}x"
    )
    print("  worst five (smallest ratio):")
    for n in sorted(names, key=ratios.__getitem__)[:5]:
        print(f"    {n:>14}  cspuz {peer[n] * 1e3:8.2f} ms  loopcraft {ours[n] * 1e3:8.3f} ms  {ratios[n]:7.1f}x")


if __name__ == "__main__":
    main()
