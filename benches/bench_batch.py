"""solve_many against the plain loop, on the janko data sets.

For each family the same texts are solved and proven unique three ways, in
one run, on the same machine:

- the loop: ``[Family.parse(text).solve() for text in texts]`` (one thread);
- ``solve_many(texts, threads=1)``: one worker thread in the core;
- ``solve_many(texts, threads=2)`` (or ``--threads``).

Every way must give the same results; the ratios (loop time / batch time)
are printed against the targets (2 threads >= 1.8x, 1 thread >= 1.5x).
Each figure is the best of ``--repeat`` runs, and the parse and solve phases
of the loop are timed apart too, so one sees where the time goes. On a
machine shared with other work the thread ratios fall: compare the load
average printed at the start.

    python benches/bench_batch.py [--repeat 3] [--threads 2] [--family slitherlink|country] [--format url]

``--format url`` gives the same boards as puzz.link URLs (the other format
the core reads on its worker threads; the loop reads them with ``parse``).

Reads ``../shared/external/puzzlekit/*_dataset.json`` in place.
"""

from __future__ import annotations

import argparse
import json
import os
import time
from pathlib import Path
from typing import Any, Callable, Dict, List, Sequence, Tuple

from loopcraft import country, slitherlink
from loopcraft.country import CountryRoad
from loopcraft.errors import LoopcraftError
from loopcraft.slitherlink import Slitherlink

DATA = Path(__file__).resolve().parents[1].parent / "shared" / "external" / "puzzlekit"


def slitherlink_texts() -> List[str]:
    data = json.loads((DATA / "Slitherlink_dataset.json").read_text(encoding="utf-8"))["data"]
    return [e["problem"] for e in data.values() if e.get("solution")]  # the 1,152 with a stored solution


def country_texts() -> List[str]:
    data = json.loads((DATA / "CountryRoad_dataset.json").read_text(encoding="utf-8"))["data"]
    return [e["problem"] for e in data.values() if "@" not in e["problem"]]  # the 266 without blocked cells


CPU: Dict[int, float] = {}


def best(repeat: int, run: Callable[[], Any]) -> Tuple[float, Any]:
    """The best wall time of ``repeat`` runs (and, in CPU, the process CPU time of that run)."""
    times, out = [], None
    for _ in range(repeat):
        c, t = time.process_time(), time.perf_counter()
        out = run()
        times.append((time.perf_counter() - t, time.process_time() - c))
    wall, cpu = min(times)
    CPU[id(out)] = cpu
    return wall, out


def key(r: Any) -> Tuple[Any, ...]:
    if isinstance(r, LoopcraftError):
        return (type(r), str(r))
    return (r.count, r.complete, r.nodes, r.solutions)


def bench(
    name: str,
    texts: Sequence[str],
    parse: Callable[[str], Any],
    solve_many: Callable[..., List[Any]],
    repeat: int,
    threads: int,
) -> Dict[str, float]:
    t_parse, boards = best(repeat, lambda: [parse(t) for t in texts])
    t_solve, _ = best(repeat, lambda: [b.solve() for b in boards])
    t_loop, looped = best(repeat, lambda: [parse(t).solve() for t in texts])
    t_one, one = best(repeat, lambda: solve_many(texts, threads=1))
    t_many, many = best(repeat, lambda: solve_many(texts, threads=threads))
    same = [key(r) for r in looped] == [key(r) for r in one] == [key(r) for r in many]
    unique = sum(1 for r in many if not isinstance(r, LoopcraftError) and r.unique)
    print(f"\n{name}: {len(texts)} texts, {unique} proven unique, batch results equal the loop: {same}")
    print(f"  loop  parse(text).solve()   {t_loop:7.3f} s   (parse {t_parse:.3f} s + solve {t_solve:.3f} s)")
    print(f"  solve_many threads=1        {t_one:7.3f} s   {t_loop / t_one:5.2f}x the loop (target 1.5x)")
    print(f"  solve_many threads={threads:<2}       {t_many:7.3f} s   {t_loop / t_many:5.2f}x the loop (target 1.8x)")
    # CPU seconds per wall second: how many cores the batch really got (near 1 on a busy machine).
    print(f"  cores used by threads={threads}: {CPU[id(many)] / t_many:.2f} (CPU time / wall time)")
    if not same:
        raise SystemExit(f"{name}: the batch and the loop disagree")
    return {"loop": t_loop, "one": t_one, "many": t_many}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--family", choices=("slitherlink", "country"), action="append")
    ap.add_argument("--format", choices=("puzzlekit", "url"), default="puzzlekit", help="the texts' format")
    args = ap.parse_args()
    families = args.family or ["slitherlink", "country"]
    print(f"cores: {os.cpu_count()}, load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")

    def texts(raw: List[str], parse: Callable[[str], Any]) -> List[str]:
        return raw if args.format == "puzzlekit" else [parse(t).to_url() for t in raw]

    if "slitherlink" in families:
        sl = texts(slitherlink_texts(), Slitherlink.parse)
        bench(f"Slitherlink ({args.format})", sl, Slitherlink.parse, slitherlink.solve_many, args.repeat, args.threads)
    if "country" in families:
        cr = texts(country_texts(), CountryRoad.parse)
        bench(f"Country Road ({args.format})", cr, CountryRoad.parse, country.solve_many, args.repeat, args.threads)


if __name__ == "__main__":
    main()
