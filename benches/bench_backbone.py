#!/usr/bin/env python3
"""The setter's engine against cspuz's irrefutable facts, same boards, same run.

Boards: drafts made from the janko sets
(``$LOOPCRAFT_SHARED/external/puzzlekit/*_dataset.json``, default ``../shared``;
read in place, never copied): from each chosen puzzle a share of its clues is
deleted (seeded), which leaves most boards ambiguous, and on a few boards one
clue is changed until the board has no solution. The drafts are written to a
temporary puzzlekit file for the peer.

* cspuz: ``cspuz_bench slither|country`` (built by ``../shared/peers/cspuz/build.sh``
  into a cache outside the repository); its ``answer`` field is the
  irrefutable facts (``?`` where solutions differ) and ``cpu_seconds`` the CPU
  time of model building, SAT search and the facts loop.
* loopcraft: ``board.backbone()`` timed alone with the thread's CPU clock.

Answers must be identical (``h_edges``/``v_edges`` for Slitherlink,
``right``/``down`` for Country Road; no solution on both sides for the
unsolvable ones). Where the two models differ the board is left out and
counted: a Slitherlink board with no positive clue, which cspuz's loop model
would also solve with no line at all.

Then the interactive figures: median wall time (and process CPU time, all
threads) of ``backbone()`` plus ``suggest_clues(5)`` on 10 x 10 and larger
drafts, and of ``conflict()`` on unsolvable 10 x 10 ones; ``--threads N``
gives both families' ``suggest_clues`` N threads (the wall time is what a
page waits for; the CPU time is what the machine pays). Each size also
prints a digest of the suggestions of its drafts that finished: runs with
other thread counts must print the same one.

    python benches/bench_backbone.py                 # 40 Slitherlink + 40 Country Road drafts
    python benches/bench_backbone.py --boards 20 --interactive 5
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Dict, List, Tuple

ROOT = Path(__file__).resolve().parent.parent
SHARED = Path(os.environ.get("LOOPCRAFT_SHARED") or ROOT.parent / "shared")
EXTERNAL = SHARED / "external" / "puzzlekit"
BUILD = SHARED / "peers" / "cspuz" / "build.sh"


def slither_text(board: Any) -> str:
    return board.to_puzzlekit()


def slither_drafts(data: Dict[str, Any], n: int, rng: random.Random) -> List[Tuple[str, Any, bool]]:
    """``(name, board, meant to be unsolvable)``: clues deleted, a few changed."""
    from loopcraft.slitherlink import Slitherlink

    keys = sorted(k for k, e in data.items() if e.get("solution") and int(k.split("_")[-1].split("x")[0]) <= 20)
    out = []
    for i, key in enumerate(rng.sample(keys, min(n, len(keys)))):
        board = Slitherlink.from_puzzlekit(data[key]["problem"])
        grid = [list(row) for row in board.clues]
        clued = [(r, c) for r in range(board.rows) for c in range(board.cols) if grid[r][c] is not None]
        if i % 6 == 5:  # unsolvable: change one clue until there is no solution
            for r, c in rng.sample(clued, len(clued)):
                old = grid[r][c]
                for v in rng.sample([0, 1, 2, 3], 4):
                    if v == old:
                        continue
                    grid[r][c] = v
                    if Slitherlink(grid).solve(limit=1).count == 0:
                        break
                    grid[r][c] = old
                else:
                    continue
                break
            out.append((f"{key}_bad", Slitherlink(grid), True))
            continue
        for r, c in clued:
            if rng.random() < 0.25:
                grid[r][c] = None
        out.append((f"{key}_draft", Slitherlink(grid), False))
    return out


def country_drafts(data: Dict[str, Any], n: int, rng: random.Random) -> List[Tuple[str, Any, bool]]:
    from loopcraft.country import CountryRoad

    keys = sorted(k for k, e in data.items() if "@" not in e["problem"])
    out = []
    for i, key in enumerate(rng.sample(keys, min(n, len(keys)))):
        board = CountryRoad.from_puzzlekit(data[key]["problem"])
        numbers = dict(board.numbers)
        if i % 6 == 5:
            for k in rng.sample(list(numbers), len(numbers)):
                old = numbers[k]
                for v in rng.sample(range(1, board.size_of(k) + 1), board.size_of(k)):
                    if v == old:
                        continue
                    numbers[k] = v
                    if board.with_numbers(numbers).solve(limit=1).count == 0:
                        break
                    numbers[k] = old
                else:
                    continue
                break
            out.append((f"{key}_bad", board.with_numbers(numbers), True))
            continue
        kept = {k: v for k, v in numbers.items() if rng.random() >= 0.5}
        out.append((f"{key}_draft", board.with_numbers(kept), False))
    return out


def run_cspuz(kind: str, boards: List[Tuple[str, Any, bool]]) -> Dict[str, Dict[str, Any]]:
    binary = subprocess.run([str(BUILD)], check=True, capture_output=True, text=True).stdout.strip()
    data = {name: {"problem": board.to_puzzlekit(), "solution": ""} for name, board, _ in boards}
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump({"data": data}, f)
        path = f.name
    try:
        cmd = ["nice", "-n", "19", binary, "slither" if kind == "slither" else "country", path]
        if kind == "slither":
            cmd.append("--include-nosol")
        out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    finally:
        os.unlink(path)
    return {rec["name"]: rec for rec in map(json.loads, out.splitlines())}


def compare(kind: str, boards: List[Tuple[str, Any, bool]], repeat: int, limit: float) -> None:
    """Answers must be identical; a backbone stopped by ``limit`` seconds is
    counted as not finished (its CPU time so far goes into the total)."""
    peer = run_cspuz(kind, boards)
    keys = ("h_edges", "v_edges") if kind == "slither" else ("right", "down")
    left_out = []
    unfinished = []
    rows = []
    for name, board, _ in boards:
        if kind == "slither" and not any(v for row in board.clues for v in row if v):
            left_out.append(name)  # cspuz's loop may also be empty
            continue
        rec = peer[name]
        best = float("inf")
        for _ in range(repeat):
            # Boards keep a complete backbone (Country Road on the board, Slitherlink
            # on its core handle): each run proves it afresh.
            board.__dict__.pop("_setter_backbone", None)
            board.__dict__.pop("_core_board", None)
            _ = board.core_board  # a new handle, built before the clock starts
            t = time.thread_time()
            bb = board.backbone(time_limit=limit)
            best = min(best, time.thread_time() - t)
        d = bb.to_dict()
        if not bb.complete:
            # Only what was proven: every decided value must agree with the peer.
            unfinished.append(name)
            if rec["answer"] is not None:
                for k in keys:
                    for ours, theirs in zip(d[k], rec["answer"][k]):
                        assert all(a in ("?", b) for a, b in zip(ours, theirs)), (name, k)
            rows.append((name, float(rec["cpu_seconds"]), best, -1))
            continue
        if rec["answer"] is None:
            same = bb.count == 0 and not rec["solved"]
        else:
            same = bb.count > 0 and all(d[k] == rec["answer"][k] for k in keys)
        assert same, (name, d, rec)
        rows.append((name, float(rec["cpu_seconds"]), best, bb.count))
    peer_total = sum(r[1] for r in rows)
    ours_total = sum(r[2] for r in rows)
    ratios = sorted((r[1] / max(r[2], 1e-7), r[0], r[1], r[2]) for r in rows)
    counts = {n: sum(1 for r in rows if r[3] == n) for n in (0, 1, 2)}
    family = "Slitherlink" if kind == "slither" else "Country Road"
    print(f"{family}: {len(rows)} drafts ({counts[2]} ambiguous, {counts[1]} unique, {counts[0]} without solution)")
    done = len(rows) - len(unfinished)
    print(f"  identical answers on all {done} finished; left out (models differ): {len(left_out)} {left_out}")
    if unfinished:
        print(f"  not finished within {limit:g} s (proven values agree): {len(unfinished)} {unfinished}")
    print(f"  cspuz     total CPU {peer_total:8.3f} s   median {statistics.median(r[1] for r in rows) * 1e3:8.3f} ms")
    print(f"  loopcraft total CPU {ours_total:8.3f} s   median {statistics.median(r[2] for r in rows) * 1e3:8.3f} ms")
    print(f"  ratio (cspuz / loopcraft): total {peer_total / ours_total:.1f}x, smallest {ratios[0][0]:.1f}x")
    for ratio, name, p, o in ratios[:3]:
        print(f"    {name:>22}  cspuz {p * 1e3:8.2f} ms  loopcraft {o * 1e3:8.3f} ms  {ratio:6.1f}x")


def interactive(boards: List[Tuple[str, Any, bool]], label: str, n: int, budget: float, threads: int = 1) -> None:
    """Medians of wall time (and of the process's CPU time, which counts
    every thread); each call runs under ``budget`` seconds, and the calls it
    stopped are counted (their time is then the budget). ``threads`` goes to
    ``suggest_clues``; the suggestions of the drafts that finished are
    digested per size, to compare runs on other thread counts."""
    by_size: Dict[str, List[float]] = {}
    cpu_by_size: Dict[str, List[float]] = {}
    stopped: Dict[str, int] = {}
    conflicts: List[float] = []
    conflicts_stopped = 0
    verdicts: Dict[str, List[float]] = {}
    digests: Dict[str, Any] = {}
    for _, board, bad in boards:
        size = f"{board.rows}x{board.cols}"
        if bad:
            if size == "10x10" and len(conflicts) < n:
                t = time.perf_counter()
                c = board.conflict(time_limit=budget)
                conflicts.append(time.perf_counter() - t)
                conflicts_stopped += c is None or not c.complete or conflicts[-1] >= 0.99 * budget
            continue
        times = by_size.setdefault(size, [])
        if len(times) >= n:
            continue
        t, cpu = time.perf_counter(), time.process_time()
        bb = board.backbone(time_limit=budget)
        left = max(0.0, budget - (time.perf_counter() - t))
        tips = board.suggest_clues(5, time_limit=left, threads=threads)
        took = time.perf_counter() - t
        times.append(took)
        cpu_by_size.setdefault(size, []).append(time.process_time() - cpu)
        # A stopped ranking returns the best among the candidates tried: count it by the clock.
        halted = not bb.complete or took >= 0.99 * budget
        stopped[size] = stopped.get(size, 0) + halted
        if not halted:
            digests.setdefault(size, hashlib.sha256()).update(repr([s.to_dict() for s in tips]).encode())
        # What the page waits for after an edit: the whole verdict (backbone,
        # count, suggestions) on a fresh board, which keeps nothing proven.
        fresh = type(board).from_json(board.to_json())
        t = time.perf_counter()
        fresh.verdict(suggest=5, time_limit=budget, threads=threads)
        verdicts.setdefault(size, []).append(time.perf_counter() - t)
    on = f", {threads} threads" if threads > 1 else ""
    for size, times in sorted(by_size.items(), key=lambda kv: int(kv[0].split("x")[0])):
        if size in ("10x10", "15x15", "20x20"):
            print(
                f"  {label} {size}: backbone + suggest_clues(5) median {statistics.median(times) * 1e3:9.1f} ms "
                f"wall ({statistics.median(cpu_by_size[size]) * 1e3:.1f} ms CPU{on}) over {len(times)} drafts "
                f"(max {max(times) * 1e3:.1f} ms, {stopped[size]} stopped by the {budget:g} s budget; "
                f"suggestions digest {digests[size].hexdigest()[:12] if size in digests else '-'})"
            )
            v = verdicts[size]
            print(
                f"  {label} {size}: verdict(suggest=5), as the page asks, median {statistics.median(v) * 1e3:9.1f} ms "
                f"wall (max {max(v) * 1e3:.1f} ms{on})"
            )
    if conflicts:
        print(
            f"  {label} 10x10: conflict() median {statistics.median(conflicts) * 1e3:9.1f} ms over {len(conflicts)} "
            f"({conflicts_stopped} stopped by the {budget:g} s budget)"
        )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--boards", type=int, default=40, help="drafts per family (default 40)")
    ap.add_argument("--repeat", type=int, default=1, help="loopcraft: best of N runs per board (default 1)")
    ap.add_argument("--interactive", type=int, default=6, help="drafts per size for the medians (default 6)")
    ap.add_argument("--seed", type=int, default=20)
    ap.add_argument("--budget", type=float, default=10.0, help="time limit of each interactive call (default 10 s)")
    ap.add_argument("--limit", type=float, default=30.0, help="time limit of each compared backbone (default 30 s)")
    ap.add_argument(
        "--family", choices=("slither", "country", "both"), default="both", help="the families to run (default both)"
    )
    ap.add_argument(
        "--threads", type=int, default=1, help="threads of suggest_clues in the medians, both families (default 1)"
    )
    args = ap.parse_args()
    files = {k: EXTERNAL / f"{k}_dataset.json" for k in ("Slitherlink", "CountryRoad")}
    if not all(p.exists() for p in files.values()):
        sys.exit(f"{EXTERNAL} not found (set LOOPCRAFT_SHARED)")
    rng = random.Random(args.seed)
    with open(files["Slitherlink"], encoding="utf-8") as f:
        sl = slither_drafts(json.load(f)["data"], args.boards, rng)
    with open(files["CountryRoad"], encoding="utf-8") as f:
        co = country_drafts(json.load(f)["data"], args.boards, rng)
    if args.family != "country":
        compare("slither", sl, args.repeat, args.limit)
    if args.family != "slither":
        compare("country", co, args.repeat, args.limit)
    if args.interactive <= 0:
        return
    print("Interactive (wall time, this process):")
    # A stream of its own, so that --boards and --family leave the timed
    # drafts as they are (they shared the compared drafts' stream before).
    draft_rng = random.Random(f"interactive-{args.seed}")
    from loopcraft.country import CountryRoad
    from loopcraft.slitherlink import Slitherlink

    with open(files["Slitherlink"], encoding="utf-8") as f:
        data = json.load(f)["data"]
    extra = []
    for size in ("10x10", "20x20"):
        keys = sorted(k for k in data if k.endswith("_" + size) and data[k].get("solution"))
        for key in random.Random(size).sample(keys, min(args.interactive + 2, len(keys))):
            board = Slitherlink.from_puzzlekit(data[key]["problem"])
            grid = [[None if v is not None and draft_rng.random() < 0.25 else v for v in row] for row in board.clues]
            extra.append((key, Slitherlink(grid), False))
    if args.family != "country":
        interactive(extra + [b for b in sl if b[2]], "Slitherlink", args.interactive, args.budget, args.threads)
    if args.family == "slither":
        return
    with open(files["CountryRoad"], encoding="utf-8") as f:
        cdata = json.load(f)["data"]
    extra = []
    for size in ("10x10", "15x15"):
        keys = sorted(k for k in cdata if k.endswith("_" + size) and "@" not in cdata[k]["problem"])
        for key in random.Random(size).sample(keys, min(args.interactive + 2, len(keys))):
            board = CountryRoad.from_puzzlekit(cdata[key]["problem"])
            extra.append(
                (key, board.with_numbers({k: v for k, v in board.numbers.items() if draft_rng.random() >= 0.5}), False)
            )
    interactive(extra + [b for b in co if b[2]], "Country Road", args.interactive, args.budget, args.threads)


if __name__ == "__main__":
    main()
