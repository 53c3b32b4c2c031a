"""Exact counting with the frontier engine, against FastGridPathCounter (FGPC)
and GGCount in the same run.

Rows (unclued grids; the peer counts these only):

- Hamiltonian cycles on 16 x 16 points: Country Road 16 x 16, every cell its
  own country (OEIS A003763(8)); GGCount ``-c -h 15``.
- All simple cycles on 15 x 15 cells: Slitherlink 15 x 15, no clue (OEIS
  A140517(15)); GGCount ``-c 15``.
- Hamiltonian cycles on 18 x 18 points (A003763(9)); GGCount ``-c -h 17``.

Each instance runs in a child process (this script with ``--one``), so that its
CPU time and peak memory come from ``os.wait4``'s rusage, for our engine and the
peers alike. These unclued boards go through the tables of every frontier state
of the folded frontier (``rust/frontier/fold.rs``: ``W`` plugs, one word a slot,
one pass per modulus, ``rust/frontier/residue.rs``) on one thread; ``--threads N``
(default 2) counts each again on N threads (the passes side by side) and prints
the count call's wall seconds on 1 and on N and their ratio (meaningful only
with N idle cores). FGPC counts modulo one 63-bit prime per run; its exact count is
``../shared/peers/fgpc/exact.py`` (the runs' CPU time and peak memory, the
build not counted). Counts must agree with each other. ``--oeis`` counts the
OEIS anchors instead: A003763 to 20 x 20 points and A140517 to 17 x 17 cells,
each checked against the OEIS value where ``tests/data/oeis.json`` has it
(A003763 to a(10), A140517 to a(12)) and against FGPC's exact count beyond. Then, our engine only:

- every janko puzzle of both families (1,176 Slitherlink, 270 Country Road),
  counted under the default state budget with the ladder's fixpoint first and
  the sweep of what it leaves open (``--janko-plain``: the plain sweep too,
  which refuses the widest Slitherlink puzzles);
- ambiguous variants of them (3 clues, 10 % and 25 % of the clues deleted;
  ``--ambiguous`` puzzles a row), each count checked against the search
  engine where that finishes within ``--search-seconds``;
- random partially clued 10 x 10 and 15 x 15 boards of both families (plain
  sweep, ``--janko-states``).

GGCount is built by ``../shared/peers/ggcount/build.sh`` into the peers cache
(outside the repository). Run after a release install (``maturin develop
--release``): ``python benches/bench_counting.py`` (the 18 x 18 row alone takes over a minute of CPU
for each engine, the janko Slitherlink set a few minutes),
``--quick`` for 12 x 12 / 11 x 11 / 14 x 14 instead, ``--skip-large`` without the 18 x 18 row,
``--no-peers`` for the clued boards only.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any, Callable, List, Optional, Tuple

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"
PUZZLEKIT = SHARED / "external" / "puzzlekit"


# ----------------------------------------------------------------- child processes


def one(kind: str, n: int, max_states: Optional[int] = None, threads: int = 1) -> None:
    """Child: count one unclued instance with our engine; print count and seconds."""
    from loopcraft import _core

    t, cpu = time.perf_counter(), time.process_time()
    if kind == "ham":
        count, peak = _core.CountryBoard(n, n, list(range(n * n)), [None] * (n * n)).count_frontier(
            max_states=max_states, threads=threads
        )
    else:
        count, peak = _core.SlitherBoard(n, n, [None] * (n * n)).count_frontier(max_states=max_states, threads=threads)
    seconds, cpu = time.perf_counter() - t, time.process_time() - cpu
    print(json.dumps({"count": str(count), "peak_states": peak, "seconds": seconds, "cpu": cpu}))


def measured(cmd: List[str]) -> Tuple[str, float, float]:
    """Runs `cmd`, returns (stdout, user+sys CPU seconds, peak RSS in MB) of that child."""
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    assert proc.stdout is not None
    out = proc.stdout.read()
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        raise RuntimeError(f"{cmd} exited with {proc.returncode}")
    return out, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def ggcount() -> Optional[str]:
    build = SHARED / "peers" / "ggcount" / "build.sh"
    if not build.exists():
        return None
    return subprocess.run([str(build)], check=True, capture_output=True, text=True).stdout.strip().splitlines()[-1]


FGPC_EXACT = SHARED / "peers" / "fgpc" / "exact.py"

# OEIS A003763 (Hamiltonian cycles on 2n x 2n points) and A140517 (cycles on
# n x n cells), n = 1, 2, ...: the values the suite checks too.
_OEIS = json.loads((ROOT / "tests" / "data" / "oeis.json").read_text(encoding="utf-8"))
A003763 = [int(v) for v in _OEIS["A003763"]["values"]]
A140517 = [int(v) for v in _OEIS["A140517"]["values"]]


def fgpc(kind: str, n: int) -> Optional[Tuple[str, float, float]]:
    """FGPC's exact count of the instance (``kind`` as ours; ``n`` points for
    ``ham``, cells for ``all``): (count, CPU seconds of its runs, peak MB), or
    None when the peer is not in ``../shared``."""
    if not FGPC_EXACT.exists():
        return None
    points = n if kind == "ham" else n + 1
    out = subprocess.run(
        [sys.executable, str(FGPC_EXACT), kind, str(points), "--json"], check=True, capture_output=True, text=True
    ).stdout
    got = json.loads(out.strip().splitlines()[-1])
    return str(got["count"]), float(got["cpu_seconds"]), float(got["max_rss_mb"])


def oeis_rows(max_ham_points: int, max_all_cells: int, max_states: int) -> None:
    """The OEIS anchors with our engine (CPU seconds of the child process),
    each count checked against OEIS where known, else against FGPC."""
    print("OEIS anchors: our CPU s and peak MB per count; checked against OEIS, else against FGPC's exact count")
    instances = [("ham", p) for p in range(12, max_ham_points + 1, 2)]
    instances += [("all", c) for c in range(12, max_all_cells + 1)]
    for kind, n in instances:
        out, ours_s, ours_mb = measured(
            [sys.executable, __file__, "--one", kind, str(n), f"--max-states={max_states}", "--threads=1"]
        )
        count = json.loads(out)["count"]
        table, index = (A003763, n // 2 - 1) if kind == "ham" else (A140517, n - 1)
        if index < len(table):
            check = "OEIS" if str(table[index]) == count else "DIFFERS FROM OEIS"
        else:
            peer = fgpc(kind, n)
            check = "unchecked (no FGPC)" if peer is None else "FGPC" if peer[0] == count else "DIFFERS FROM FGPC"
        name = f"A003763 {n} x {n} points" if kind == "ham" else f"A140517 {n} x {n} cells"
        print(f"{name:<28} {len(count):>3} digits  {ours_s:>8.1f} s {ours_mb:>7.0f} MB  {check}")
        if check.startswith("DIFFERS"):
            raise SystemExit(f"{name}: count {count} {check}")


def peer_rows(quick: bool, skip_large: bool, threads: int) -> None:
    rows = [("ham", 12 if quick else 16), ("all", 11 if quick else 15)]
    if not skip_large:
        rows.append(("ham", 14 if quick else 18))
    gg = ggcount()
    print(f"GGCount: {gg or 'not found (../shared/peers/ggcount missing)'}")
    print(f"FGPC: {FGPC_EXACT if FGPC_EXACT.exists() else 'not found (../shared/peers/fgpc missing)'}")
    print("ours s / GGCount s: CPU seconds of the whole child process (ours includes ~0.1 s of Python start-up;")
    print("'engine s' is the count call alone); MB: peak RSS of the child; ratio: ours s / GGCount s;")
    print("FGPC s: CPU seconds of its exact count (all its modular runs); speed: FGPC s / our count call's CPU s")
    print("(1.0x = as fast; the count call's CPU time leaves out Python's start-up, as FGPC's leaves out its build)")
    if threads > 1:
        print(
            f"wall 1 / wall {threads}: the count call's wall seconds on 1 thread and on {threads}, and their ratio"
            " (meaningful only when the machine has that many idle cores)"
        )
    head = (
        f"{'instance':<34}{'count':>20}  {'ours s':>8} {'engine s':>8} {'MB':>6}  "
        f"{'GGCount s':>9} {'MB':>6}  {'ratio':>6}  {'FGPC s':>7} {'MB':>5} {'speed':>6}"
    )
    print(head)
    print("-" * len(head))
    for kind, n in rows:
        out, ours_s, ours_mb = measured([sys.executable, __file__, "--one", kind, str(n), "--threads=1"])
        ours = json.loads(out)
        name = f"Hamiltonian {n} x {n} points" if kind == "ham" else f"all cycles {n} x {n} cells"
        peer = ""
        if gg:
            args = ["-c", "-h", str(n - 1)] if kind == "ham" else ["-c", str(n)]
            gout, g_s, g_mb = measured([gg, *args])
            gcount = gout.strip().splitlines()[-1].strip()
            if gcount != ours["count"]:
                raise SystemExit(f"{name}: counts differ: ours {ours['count']}, GGCount {gcount}")
            peer = f"{g_s:>9.2f} {g_mb:>6.0f}  {ours_s / max(g_s, 1e-3):>5.1f}x"
        else:
            peer = " " * 25
        fg = fgpc(kind, n)
        if fg:
            if fg[0] != ours["count"]:
                raise SystemExit(f"{name}: counts differ: ours {ours['count']}, FGPC {fg[0]}")
            peer += f"  {fg[1]:>7.2f} {fg[2]:>5.0f} {fg[1] / max(ours['cpu'], 1e-3):>5.2f}x"
        count = ours["count"]
        shown = count if len(count) <= 20 else f"{count[:8]}..({len(count)} digits)"
        many = ""
        if threads > 1:
            out, _, _ = measured([sys.executable, __file__, "--one", kind, str(n), f"--threads={threads}"])
            par = json.loads(out)
            if par["count"] != count:
                raise SystemExit(f"{name}: {threads} threads counted {par['count']}, one thread {count}")
            many = (
                f"   wall 1 / wall {threads}: {ours['seconds']:.2f} / {par['seconds']:.2f} s"
                f" = {ours['seconds'] / max(par['seconds'], 1e-3):.2f}x"
            )
        print(
            f"{name:<34}{shown:>20}  {ours_s:>8.2f} {ours['seconds']:>8.2f} {ours_mb:>6.0f}  {peer}"
            f"   peak {ours['peak_states']:,} states{many}"
        )


# ----------------------------------------------------------------- clued boards


def janko_boards() -> List[Tuple[str, str, Tuple[Any, ...]]]:
    """Every janko puzzle of both families: (family, key, core arguments)."""
    from loopcraft.country import CountryRoad

    sys.path.insert(0, str(ROOT / "benches"))
    from slither_dataset_time import clues_of, parse_grid

    out: List[Tuple[str, str, Tuple[Any, ...]]] = []
    for family, name in (("Country Road", "CountryRoad_dataset.json"), ("Slitherlink", "Slitherlink_dataset.json")):
        path = PUZZLEKIT / name
        if not path.exists():
            print(f"{family}: {path} not found, skipped")
            continue
        for key, entry in json.loads(path.read_text(encoding="utf-8"))["data"].items():
            if family == "Country Road":
                out.append((family, key, tuple(CountryRoad.from_puzzlekit(entry["problem"]).core_args())))
            else:
                rows, cols, cells = parse_grid(entry["problem"])
                out.append((family, key, (rows, cols, clues_of(cells))))
    return out


def count_deduced(family: str, args: Tuple[Any, ...], deduce: bool, max_states: Optional[int]) -> Tuple[int, int, str]:
    """(count, peak states, route) of the frontier count, the ladder first or not."""
    from loopcraft import _core

    if family == "Country Road":
        count, peak, route, _ = _core.CountryBoard(*args).count_deduced(max_states=max_states, deduce=deduce)
    else:
        count, peak, route, _ = _core.SlitherBoard(*args).count_deduced(max_states=max_states, deduce=deduce)
    return int(count), peak, route


def janko(max_states: Optional[int], plain: bool) -> None:
    """Every janko puzzle counted under the default budget (or ``max_states``),
    the ladder's fixpoint first; with ``plain``, the plain sweep beside it."""
    from loopcraft.errors import CapacityError

    boards = janko_boards()
    budget = "the default budget" if max_states is None else f"max_states={max_states:,}"
    for family in ("Country Road", "Slitherlink"):
        mine = [(key, args) for fam, key, args in boards if fam == family]
        if not mine:
            continue
        for deduce in (True, False) if plain else (True,):
            times: List[Tuple[float, str, int]] = []
            routes: Counter[str] = Counter()
            counts: Counter[int] = Counter()
            refused = 0
            for key, args in mine:
                t = time.perf_counter()
                try:
                    count, peak, route = count_deduced(family, args, deduce, max_states)
                except CapacityError:
                    refused += 1
                    continue
                times.append((time.perf_counter() - t, key, peak))
                routes[route] += 1
                counts[min(count, 2)] += 1
            times.sort(reverse=True)
            total = sum(t for t, _, _ in times)
            median_ms = 1000 * times[len(times) // 2][0] if times else 0.0
            how = "ladder, then the open part swept" if deduce else "plain sweep"
            print(
                f"janko {family} ({how}): {len(times)}/{len(mine)} counted under {budget} in {total:.1f} s "
                f"(median {median_ms:.1f} ms), {refused} refused; routes {dict(routes)}; "
                f"counts 0: {counts[0]}, 1: {counts[1]}, 2 or more: {counts[2]}"
            )
            for t, key, peak in times[:3]:
                print(f"    slowest {key}: {t:.2f} s, peak {peak:,} states")


def ambiguous(per_level: int, max_states: Optional[int], search_seconds: float) -> None:
    """Janko puzzles with clues deleted (Slitherlink: cell clues; Country Road:
    numbers): counted by the ladder and the sweep of what it leaves open, and
    checked against the search engine where that finishes in
    ``search_seconds`` (it enumerates the solutions, so only small counts)."""
    from loopcraft import _core
    from loopcraft.errors import CapacityError

    boards = janko_boards()
    rng = random.Random(23)
    print(
        f"ambiguous variants: {per_level} janko puzzles a row, clues deleted at random; "
        f"search check with a {search_seconds:g} s limit (limit 10^6 solutions)"
    )
    for family in ("Country Road", "Slitherlink"):
        mine = [args for fam, _, args in boards if fam == family]
        if not mine:
            continue
        for deleted in ("3 clues", "10% of clues", "25% of clues"):
            counted = refused = checked = 0
            worst = (0.0, 0)
            total = 0.0
            several = 0
            for args in rng.sample(mine, min(per_level, len(mine))):
                args = tuple(list(a) if isinstance(a, (list, tuple)) else a for a in args)
                clues = args[3] if family == "Country Road" else args[2]
                given = [i for i, v in enumerate(clues) if v is not None]
                k = 3 if deleted == "3 clues" else int(len(given) * (0.10 if deleted.startswith("10") else 0.25))
                for i in rng.sample(given, min(k, len(given))):
                    clues[i] = None
                t = time.perf_counter()
                try:
                    count, peak, _ = count_deduced(family, args, True, max_states)
                except CapacityError:
                    refused += 1
                    continue
                dt = time.perf_counter() - t
                total += dt
                worst = max(worst, (dt, peak))
                counted += 1
                several += count > 1
                if count <= 10**5:
                    if family == "Country Road":
                        sols, complete, _ = _core.CountryBoard(*args).solve(
                            10**6, ["region", "once", "loop", "macro", "probe"], None, search_seconds
                        )
                    else:
                        sols, complete, _ = _core.SlitherBoard(*args).solve(10**6, None, search_seconds)
                    if complete and len(sols) < 10**6:
                        if len(sols) != count:
                            raise SystemExit(f"{family}: frontier {count} != search {len(sols)} on {args}")
                        checked += 1
            print(
                f"  {family}, {deleted} deleted: {counted}/{counted + refused} counted in {total:.1f} s "
                f"(slowest {worst[0]:.2f} s, peak {worst[1]:,} states), {several} with several solutions, "
                f"{checked} equal to the search's count (the others too large or too slow for it)"
            )


def blob_clues(rng: random.Random, rows: int, cols: int, keep: float) -> List[Optional[int]]:
    """Slitherlink clues read off a random blob of cells, a random subset kept."""
    inside = {(rows // 2, cols // 2)}
    grow = [(rows // 2, cols // 2)]
    while grow and len(inside) < rows * cols // 2:
        r, c = grow.pop(rng.randrange(len(grow)))
        for rr, cc in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if 0 <= rr < rows and 0 <= cc < cols and (rr, cc) not in inside and rng.random() < 0.6:
                inside.add((rr, cc))
                grow.append((rr, cc))
    out: List[Optional[int]] = []
    for r in range(rows):
        for c in range(cols):
            here = (r, c) in inside
            n = sum(((r + dr, c + dc) in inside) != here for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)))
            out.append(n if rng.random() < keep else None)
    return out


def random_countries(
    rng: random.Random, rows: int, cols: int, size: int, numbered: float
) -> Tuple[List[int], List[Optional[int]]]:
    """Countries of about `size` cells grown from random seeds; a share `numbered` of them numbered."""
    n = rows * cols
    region = [-1] * n
    seeds = rng.sample(range(n), max(2, n // size))
    grow = list(seeds)
    for k, s in enumerate(seeds):
        region[s] = k
    while grow:
        i = grow.pop(rng.randrange(len(grow)))
        r, c = divmod(i, cols)
        for rr, cc in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if 0 <= rr < rows and 0 <= cc < cols and region[rr * cols + cc] == -1:
                region[rr * cols + cc] = region[i]
                grow.append(rr * cols + cc)
    k = len(seeds)
    sizes = [region.count(x) for x in range(k)]
    return region, [rng.randint(1, sizes[x]) if rng.random() < numbered else None for x in range(k)]


def random_boards(max_states: int, per_size: int) -> None:
    from loopcraft import _core
    from loopcraft.errors import CapacityError

    rng = random.Random(2026)
    cases: List[Tuple[str, Callable[[int], Tuple[int, int]]]] = []
    for n in (10, 15):
        for keep in (0.3, 0.5, 0.7):
            cases.append(
                (
                    f"Slitherlink {n} x {n}, {int(100 * keep)}% clued",
                    lambda _, n=n, keep=keep: _core.SlitherBoard(n, n, blob_clues(rng, n, n, keep)).count_frontier(
                        max_states=max_states
                    ),
                )
            )
        for size, numbered in ((3, 0.0), (6, 0.0), (6, 0.33)):
            cases.append(
                (
                    f"Country Road {n} x {n}, ~{size}-cell countries, {int(100 * numbered)}% numbered",
                    lambda _, n=n, size=size, numbered=numbered: _core.CountryBoard(
                        n, n, *random_countries(rng, n, n, size, numbered)
                    ).count_frontier(max_states=max_states),
                )
            )
    for name, run in cases:
        results = []
        for i in range(per_size):
            t = time.perf_counter()
            try:
                count, peak = run(i)
                results.append((time.perf_counter() - t, count, peak))
            except CapacityError:
                results.append((time.perf_counter() - t, -1, -1))
        counts = ", ".join("refused" if c < 0 else (str(c) if c < 10**6 else f"{c:.2e}") for _, c, _ in results)
        total = sum(t for t, _, _ in results)
        peak = max(p for _, _, p in results)
        print(f"{name:<52} {total:>7.2f} s for {per_size}, peak {peak:,} states; counts: {counts}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--one", nargs=2, metavar=("KIND", "N"), help=argparse.SUPPRESS)
    ap.add_argument("--quick", action="store_true", help="smaller unclued instances")
    ap.add_argument("--skip-large", action="store_true", help="no 18 x 18 row")
    ap.add_argument("--no-clued", action="store_true", help="only the rows against GGCount")
    ap.add_argument("--no-peers", action="store_true", help="only the clued boards")
    ap.add_argument("--janko-states", type=int, default=1_000_000, help="max_states for the random clued boards")
    ap.add_argument("--janko-plain", action="store_true", help="also count the janko puzzles by the plain sweep")
    ap.add_argument(
        "--ambiguous", type=int, default=30, help="janko puzzles per row of the ambiguous variants (0: none)"
    )
    ap.add_argument("--search-seconds", type=float, default=10.0, help="time limit of the search check")
    ap.add_argument("--random", type=int, default=4, help="random boards per row")
    ap.add_argument("--oeis", action="store_true", help="only the OEIS anchors (slow: minutes)")
    ap.add_argument("--threads", type=int, default=2, help="also time the unclued rows on this many threads (1: not)")
    ap.add_argument("--oeis-ham", type=int, default=20, help="largest side in points of the A003763 rows")
    ap.add_argument("--oeis-all", type=int, default=17, help="largest side in cells of the A140517 rows")
    ap.add_argument(
        "--max-states", type=int, default=None, help="the unclued rows' state budget (--oeis: default 10**9)"
    )
    args = ap.parse_args()
    if args.one:
        one(args.one[0], int(args.one[1]), args.max_states, args.threads if args.threads > 0 else 1)
        return
    if args.oeis:
        oeis_rows(args.oeis_ham, args.oeis_all, args.max_states or 10**9)
        return
    if not args.no_peers:
        peer_rows(args.quick, args.skip_large, args.threads)
    if not args.no_clued:
        janko(None, args.janko_plain)
        if args.ambiguous:
            ambiguous(args.ambiguous, None, args.search_seconds)
        random_boards(args.janko_states, args.random)


if __name__ == "__main__":
    main()
