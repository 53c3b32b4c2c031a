"""``loopcraft stats country``: regenerates the tables of the spec's "Measurements".

Every table is computed from fresh seeded boards. Board ``i`` of a row group
gets its own seed, ``"{seed}/{table}/{group}/{i}"``, so a run is reproducible
for a given seed and board count whatever the number of workers (results are
gathered by index, never by completion order).

Tables (``TABLES``; default board counts are the spec's where it gives them):

==============  ==========================================================
reach           bits decided by each ladder prefix, fully numbered boards
grades          weakest stage completing each generated puzzle (a bank)
ablation        full ladder minus one stage, on generated puzzles
ambiguity       second solutions: same order of countries or another?
hamiltonian     uniqueness against Hamiltonian cycles of the region graph
country-size    the average-country-size dial
trap            random partitions (partition first): cut vertices etc.
numbers         numbers left after adversarial and random deletion
==============  ==========================================================

>>> t = run_table("trap", boards=3, seed=1, workers=1)
>>> t.columns[:2]
('countries', 'partitions')
"""

from __future__ import annotations

import csv
import io
import math
import os
import random
import statistics
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple, Union

from .._validate import require_int
from ..errors import ArgumentError, ArgumentTypeError, CapacityError
from .generator import (
    STAGES,
    Layout,
    completes,
    country_order,
    delete_numbers,
    generate_puzzle,
    ladder,
    make_layout,
    neighbours,
    renumber,
)

__all__ = [
    "TABLES",
    "Table",
    "TableSpec",
    "Group",
    "random_partition",
    "run_table",
    "run_stats",
    "write_table",
    "ProgressBar",
]

#: Cap of the Hamiltonian cycle catalogue when counting cycles (more = "> cap").
HAM_CAP = 100_000
#: Layouts tried per board when a table needs one the full ladder completes.
LAYOUT_ATTEMPTS = 200

Row = Tuple[Any, ...]


# --------------------------------------------------------------------------- tables


@dataclass(frozen=True)
class Table:
    """One regenerated table.

    Attributes:
        name: the table's key in :data:`TABLES`.
        title: a one-line caption.
        columns: column headers.
        rows: one tuple per row (ints, floats, strs).
        notes: how the numbers were obtained (boards, seed).
    """

    name: str
    title: str
    columns: Tuple[str, ...]
    rows: Tuple[Row, ...]
    notes: str = ""

    def column(self, name: str) -> List[Any]:
        i = self.columns.index(name)
        return [row[i] for row in self.rows]

    def to_markdown(self) -> str:
        """A GitHub Markdown table with its title and notes."""
        head = "| " + " | ".join(self.columns) + " |"
        rule = "| " + " | ".join("---" for _ in self.columns) + " |"
        body = ["| " + " | ".join(_fmt(v) for v in row) + " |" for row in self.rows]
        text = [f"### {self.title}", "", head, rule, *body]
        if self.notes:
            text += ["", self.notes]
        return "\n".join(text) + "\n"

    def to_csv(self) -> str:
        """CSV with a header row (floats at full precision)."""
        buf = io.StringIO()
        w = csv.writer(buf, lineterminator="\n")
        w.writerow(self.columns)
        for row in self.rows:
            w.writerow(row)
        return buf.getvalue()


def _fmt(v: Any) -> str:
    if isinstance(v, float):
        if math.isnan(v):
            return "-"
        return f"{v:.1f}" if abs(v) >= 10 else f"{v:.2f}"
    return str(v)


@dataclass(frozen=True)
class Group:
    """One group of boards in a table: a size, a board count and parameters."""

    rows: int
    cols: int
    boards: int
    params: Tuple[Tuple[str, Any], ...] = ()

    @property
    def size(self) -> str:
        return f"{self.rows}x{self.cols}"

    def param(self, name: str, default: Any = None) -> Any:
        return dict(self.params).get(name, default)

    @property
    def key(self) -> str:
        return self.size + "".join(f",{k}={v}" for k, v in self.params)


@dataclass(frozen=True)
class TableSpec:
    """How to build one table: its groups, a per-board measure and a summary."""

    name: str
    title: str
    columns: Tuple[str, ...]
    groups: Tuple[Group, ...]
    measure: Callable[[Group, str], Dict[str, Any]]
    summarize: Callable[[Group, List[Dict[str, Any]]], List[Row]]
    plot: Optional[Callable[[Table, Any], None]] = None
    description: str = ""


# --------------------------------------------------------------------------- shared board helpers


def _layout(group: Group, seed: str, need_complete: bool = False) -> Layout:
    """A layout of the group's size from ``seed``; with ``need_complete``,
    the first one the full ladder completes with every number printed."""
    rng = random.Random(seed)
    size = group.param("country_size")
    kwargs = {} if size is None else {"country_size": size}
    for _ in range(LAYOUT_ATTEMPTS):
        lay = make_layout(group.rows, group.cols, rng, **kwargs)
        if not need_complete or completes(lay.rows, lay.cols, lay.regions, lay.numbers, STAGES):
            return lay
    raise RuntimeError(f"no ladder-complete {group.size} layout in {LAYOUT_ATTEMPTS} tries (seed {seed!r})")


def _fixpoint(lay_rows: int, lay_cols: int, regions, numbers, stages):
    fp = ladder(lay_rows, lay_cols, regions, numbers, stages)
    if fp is None:
        # Every board here has a solution, and every stage is sound.
        raise RuntimeError(f"the ladder ({', '.join(stages)}) found a contradiction on a solvable board")
    return fp


def _solve(rows: int, cols: int, regions, numbers, limit: int):
    from .. import _core

    sols, complete, _nodes = _core.country_solve(
        rows, cols, list(regions), list(numbers), limit, list(STAGES), None, None
    )
    if not complete:  # pragma: no cover - no budget is set
        raise RuntimeError("search stopped without a budget")
    return sols


def _ham_count(rows: int, cols: int, regions) -> int:
    """Hamiltonian cycles of the region graph; ``HAM_CAP + 1`` means more than the cap."""
    from .. import _core

    try:
        return len(_core.country_hamiltonian_cycles(rows, cols, list(regions), HAM_CAP))
    except CapacityError:
        return HAM_CAP + 1


def _borders_crossed(regions, loop) -> frozenset:
    """The set of country pairs the loop crosses: for a Hamiltonian cycle of
    the region graph (3+ countries) it fixes the cyclic order of countries,
    up to the starting country and the direction."""
    order = country_order(regions, loop)
    return frozenset(frozenset((order[i], order[(i + 1) % len(order)])) for i in range(len(order)))


def cycle_of(rows: int, cols: int, edges: bytes) -> List[int]:
    """The cells of the loop drawn by ``edges`` in visiting order."""
    adj: Dict[int, List[int]] = {}
    h = rows * (cols - 1)
    for e, on in enumerate(edges):
        if not on:
            continue
        if e < h:
            r, c = divmod(e, cols - 1)
            a, b = r * cols + c, r * cols + c + 1
        else:
            a = e - h
            b = a + cols
        adj.setdefault(a, []).append(b)
        adj.setdefault(b, []).append(a)
    start = min(adj)
    loop, prev, cell = [start], -1, start
    while True:
        nxt = adj[cell][0] if adj[cell][0] != prev else adj[cell][1]
        if nxt == start:
            return loop
        loop.append(nxt)
        prev, cell = cell, nxt


def _pct(part: float, whole: float) -> float:
    return 100.0 * part / whole if whole else float("nan")


def _mean(values: Sequence[float]) -> float:
    return statistics.fmean(values) if values else float("nan")


# --------------------------------------------------------------------------- 1. ladder reach


def _measure_reach(group: Group, seed: str) -> Dict[str, Any]:
    lay = _layout(group, seed)
    out = {"bits": 0, "decided": [], "complete": [], "hyps": []}
    for i in range(len(STAGES)):
        fp = _fixpoint(lay.rows, lay.cols, lay.regions, lay.numbers, STAGES[: i + 1])
        out["bits"] = fp.bits
        out["decided"].append(fp.decided)
        out["complete"].append(fp.complete)
        out["hyps"].append(fp.hypotheses)
    return out


def _sum_reach(group: Group, res: List[Dict[str, Any]]) -> List[Row]:
    rows = []
    bits = sum(r["bits"] for r in res)
    for i, stage in enumerate(STAGES):
        rows.append(
            (
                group.size,
                len(res),
                "+" + stage if i else stage,
                _pct(sum(r["decided"][i] for r in res), bits),
                _pct(sum(r["complete"][i] for r in res), len(res)),
                _mean([r["hyps"][i] for r in res]),
            )
        )
    return rows


# --------------------------------------------------------------------------- 1b. grades of a bank


def _measure_grades(group: Group, seed: str) -> Dict[str, Any]:
    p = generate_puzzle(group.rows, group.cols, seed)
    left = sum(n is not None for n in p.numbers)
    return {"grade": p.grade, "attempts": p.attempts, "countries": len(p.full_numbers), "left": left}


def _sum_grades(group: Group, res: List[Dict[str, Any]]) -> List[Row]:
    counts = [sum(r["grade"] == s for r in res) for s in STAGES]
    return [
        (
            group.size,
            len(res),
            *counts,
            _mean([r["left"] for r in res]),
            _mean([r["countries"] for r in res]),
            _mean([r["attempts"] for r in res]),
        )
    ]


# --------------------------------------------------------------------------- 2. ablation


def _measure_ablation(group: Group, seed: str) -> Dict[str, Any]:
    p = generate_puzzle(group.rows, group.cols, seed, order="random")
    rows, cols, regions, numbers = p.board.core_args()
    full = _fixpoint(rows, cols, regions, numbers, STAGES)
    out = {"bits": full.bits, "lost": [], "dhyps": []}
    for s in STAGES:
        fp = _fixpoint(rows, cols, regions, numbers, [t for t in STAGES if t != s])
        out["lost"].append(full.decided - fp.decided)
        out["dhyps"].append(fp.hypotheses - full.hypotheses)
    return out


def _sum_ablation(group: Group, res: List[Dict[str, Any]]) -> List[Row]:
    bits = sum(r["bits"] for r in res)
    rows = []
    for i, s in enumerate(STAGES):
        lost = [r["lost"][i] for r in res]
        rows.append(
            (
                group.size,
                len(res),
                "-" + s,
                _mean(lost),
                _pct(sum(lost), bits),
                sum(x > 0 for x in lost),
                _mean([r["dhyps"][i] for r in res]),
            )
        )
    return rows


# --------------------------------------------------------------------------- 3. ambiguity


def _measure_ambiguity(group: Group, seed: str) -> Dict[str, Any]:
    lay = _layout(group, seed)
    ours = _borders_crossed(lay.regions, lay.loop)
    out = {}
    for label, numbers in (("all", lay.numbers), ("none", [None] * lay.countries)):
        sols = _solve(lay.rows, lay.cols, lay.regions, numbers, 2)
        if len(sols) < 2:
            out[label] = "unique"
            continue
        other = next(bytes(s) for s in sols if bytes(s) != lay.solution)
        theirs = _borders_crossed(lay.regions, cycle_of(lay.rows, lay.cols, other))
        out[label] = "same" if theirs == ours else "other"
    return out


def _sum_ambiguity(group: Group, res: List[Dict[str, Any]]) -> List[Row]:
    rows = []
    for label in ("all", "none"):
        same = sum(r[label] == "same" for r in res)
        other = sum(r[label] == "other" for r in res)
        rows.append((group.size, label, len(res), same + other, same, other, _pct(same, same + other)))
    return rows


# --------------------------------------------------------------------------- 4. Hamiltonian cycles and the size dial

HAM_BUCKETS = ((1, 1, "1"), (2, 4, "2-4"), (5, 16, "5-16"), (17, math.inf, "17+"))


def _measure_unique(group: Group, seed: str) -> Dict[str, Any]:
    lay = _layout(group, seed)
    ham = _ham_count(lay.rows, lay.cols, lay.regions)
    unique = len(_solve(lay.rows, lay.cols, lay.regions, lay.numbers, 2)) == 1
    fp = _fixpoint(lay.rows, lay.cols, lay.regions, lay.numbers, STAGES)
    return {
        "ham": ham,
        "unique": unique,
        "countries": lay.countries,
        "bits": fp.bits,
        "decided": fp.decided,
        "complete": fp.complete,
    }


def _sum_hamiltonian(group: Group, res: List[Dict[str, Any]]) -> List[Row]:
    rows = []
    for lo, hi, label in HAM_BUCKETS:
        sel = [r for r in res if lo <= r["ham"] <= hi]
        u = sum(r["unique"] for r in sel)
        rows.append((group.size, label, len(sel), u, _pct(u, len(sel))))
    return rows


def _sum_country_size(group: Group, res: List[Dict[str, Any]]) -> List[Row]:
    hams = sorted(r["ham"] for r in res)
    med = statistics.median_low(hams) if hams else 0
    median = f">{HAM_CAP}" if med > HAM_CAP else med
    bits = sum(r["bits"] for r in res)
    return [
        (
            group.size,
            group.param("country_size"),
            len(res),
            _mean([r["countries"] for r in res]),
            _pct(sum(r["unique"] for r in res), len(res)),
            median,
            _pct(sum(r["decided"] for r in res), bits),
            _pct(sum(r["complete"] for r in res), len(res)),
        )
    ]


# --------------------------------------------------------------------------- 5. the partition-first trap


def random_partition(rows: int, cols: int, count: int, rng: random.Random) -> List[int]:
    """A uniformly grown random partition into ``count`` connected countries.

    Seeds ``count`` distinct cells, then repeatedly gives a random unassigned
    cell next to a country to a random such neighbour, until every cell has
    a country. Ids are numbered in order of first cell.

    >>> p = random_partition(4, 4, 3, random.Random(0))
    >>> sorted(set(p))
    [0, 1, 2]
    """
    n = rows * cols
    if not 1 <= count <= n:
        raise ArgumentError(f"cannot split {n} cells into {count} countries")
    region = [-1] * n
    cells = list(range(n))
    for k in range(count):
        j = rng.randrange(k, n)
        cells[k], cells[j] = cells[j], cells[k]
        region[cells[k]] = k
    left = n - count
    while left:
        frontier = [c for c in range(n) if region[c] < 0 and any(region[x] >= 0 for x in neighbours(rows, cols, c))]
        c = frontier[rng.randrange(len(frontier))]
        owners = sorted({region[x] for x in neighbours(rows, cols, c) if region[x] >= 0})
        region[c] = owners[rng.randrange(len(owners))]
        left -= 1
    return renumber(region)[0]


def _measure_trap(group: Group, seed: str) -> Dict[str, Any]:
    from .. import _core

    k = group.param("countries")
    regions = random_partition(group.rows, group.cols, k, random.Random(seed))
    _borders, cuts, bridges = _core.country_region_graph(group.rows, group.cols, regions)
    try:
        ham = len(_core.country_hamiltonian_cycles(group.rows, group.cols, regions, 1)) > 0
    except CapacityError:
        ham = True
    solvable = bool(_solve(group.rows, group.cols, regions, [None] * k, 1))
    return {"cut": bool(cuts) or bool(bridges), "ham": ham, "solvable": solvable}


def _sum_trap(group: Group, res: List[Dict[str, Any]]) -> List[Row]:
    n = len(res)
    return [
        (
            group.param("countries"),
            n,
            _pct(sum(r["cut"] for r in res), n),
            _pct(sum(r["ham"] for r in res), n),
            _pct(sum(r["solvable"] for r in res), n),
        )
    ]


# --------------------------------------------------------------------------- 6. numbers left


def _measure_numbers(group: Group, seed: str) -> Dict[str, Any]:
    lay = _layout(group, seed, need_complete=True)
    out = {"countries": lay.countries}
    for order in ("adversarial", "random"):
        nums = delete_numbers(lay, random.Random(f"{seed}/{order}"), order, STAGES)
        out[order] = sum(n is not None for n in nums)
    return out


def _sum_numbers(group: Group, res: List[Dict[str, Any]]) -> List[Row]:
    k = sum(r["countries"] for r in res)
    return [
        (
            group.size,
            len(res),
            _mean([r["countries"] for r in res]),
            _mean([r["adversarial"] for r in res]),
            _pct(sum(r["adversarial"] for r in res), k),
            _mean([r["random"] for r in res]),
            _pct(sum(r["random"] for r in res), k),
        )
    ]


# --------------------------------------------------------------------------- plots (matplotlib, optional)


def _plot_lines(table: Table, ax, x: str, y: str, series: str) -> None:
    names = list(dict.fromkeys(table.column(series)))
    for name in names:
        sel = [row for row in table.rows if row[table.columns.index(series)] == name]
        ax.plot(
            [r[table.columns.index(x)] for r in sel],
            [r[table.columns.index(y)] for r in sel],
            marker="o",
            label=str(name),
        )
    ax.set_xlabel(x)
    ax.set_ylabel(y)
    ax.legend(title=series)


def _plot_bars(table: Table, ax, x: str, ys: Sequence[str], label: Optional[Callable[[Row], str]] = None) -> None:
    n = len(table.rows)
    width = 0.8 / len(ys)
    labels = [label(r) if label else str(r[table.columns.index(x)]) for r in table.rows]
    for j, y in enumerate(ys):
        vals = table.column(y)
        ax.bar([i + j * width for i in range(n)], vals, width, label=y)
    ax.set_xticks([i + width * (len(ys) - 1) / 2 for i in range(n)])
    ax.set_xticklabels(labels, rotation=30 if n > 6 else 0)
    ax.legend()


def _plot_reach(table, ax):
    _plot_lines(table, ax, "stage", "bits decided %", "size")


def _plot_grades(table, ax):
    bottoms = [0.0] * len(table.rows)
    sizes = table.column("size")
    for s in STAGES:
        vals = table.column(s)
        ax.bar(sizes, vals, bottom=bottoms, label=s)
        bottoms = [b + v for b, v in zip(bottoms, vals)]
    ax.set_ylabel("puzzles")
    ax.legend(title="grade")


def _plot_ablation(table, ax):
    _plot_bars(table, ax, "without", ["bits lost %"], label=lambda r: f"{r[0]} {r[2]}")


def _plot_hamiltonian(table, ax):
    _plot_bars(table, ax, "Hamiltonian cycles", ["unique %"], label=lambda r: f"{r[0]} {r[1]}")


def _plot_country_size(table, ax):
    _plot_lines(table, ax, "country size", "unique %", "size")


def _plot_trap(table, ax):
    _plot_bars(table, ax, "countries", ["cut vertex or bridge %", "Hamiltonian %", "solvable %"])


def _plot_numbers(table, ax):
    _plot_bars(table, ax, "size", ["adversarial left %", "random left %"])


# --------------------------------------------------------------------------- the registry


def _groups(*specs: Tuple[int, int, int], **params: Any) -> Tuple[Group, ...]:
    return tuple(Group(r, c, n, tuple(params.items())) for r, c, n in specs)


TABLES: Dict[str, TableSpec] = {
    spec.name: spec
    for spec in (
        TableSpec(
            "reach",
            "Ladder reach: bits (cells + edges) decided at each prefix of the ladder, every country numbered",
            ("size", "boards", "stage", "bits decided %", "boards complete %", "probe hypotheses"),
            _groups((6, 6, 80), (8, 8, 80), (10, 10, 40)),
            _measure_reach,
            _sum_reach,
            _plot_reach,
            "'+stage' = that stage and every stage above it; 'boards complete % at +macro' is how often macro completes a board without probe.",
        ),
        TableSpec(
            "grades",
            "Grades of a generated bank: the weakest ladder prefix that completes each puzzle",
            ("size", "puzzles", *STAGES, "numbers left", "countries", "layouts per puzzle"),
            _groups((6, 6, 80), (8, 8, 80), (10, 10, 40)),
            _measure_grades,
            _sum_grades,
            _plot_grades,
            "Default generator (adversarial deletion, whole ladder); counts per grade.",
        ),
        TableSpec(
            "ablation",
            "Ablation: the full ladder minus one stage, on generated puzzles (random deletion order)",
            ("size", "boards", "without", "bits lost", "bits lost %", "boards affected", "probe hypotheses change"),
            _groups((6, 6, 40), (8, 8, 30)),
            _measure_ablation,
            _sum_ablation,
            _plot_ablation,
            "Bits lost = cells + edges the full ladder decides and the reduced one does not (mean per board).",
        ),
        TableSpec(
            "ambiguity",
            "Ambiguity: does a second solution walk the same order of countries?",
            ("size", "numbers", "boards", "ambiguous", "same order", "other order", "same order %"),
            _groups((6, 6, 80), (8, 8, 40)),
            _measure_ambiguity,
            _sum_ambiguity,
            None,
            "Loop-first layouts with every country numbered ('all') and with no numbers ('none'); the second solution is compared with the generating loop.",
        ),
        TableSpec(
            "hamiltonian",
            "Uniqueness against the number of Hamiltonian cycles of the region graph (every country numbered)",
            ("size", "Hamiltonian cycles", "boards", "unique", "unique %"),
            _groups((6, 6, 200)),
            _measure_unique,
            _sum_hamiltonian,
            _plot_hamiltonian,
            "Unique = a complete search finds exactly one solution.",
        ),
        TableSpec(
            "country-size",
            "The country size dial: uniqueness, Hamiltonian cycles and ladder reach (every country numbered)",
            (
                "size",
                "country size",
                "boards",
                "countries",
                "unique %",
                "median Hamiltonian cycles",
                "bits decided %",
                "ladder complete %",
            ),
            _groups((6, 6, 80), country_size=2.5)
            + _groups((6, 6, 80), country_size=3.5)
            + _groups((6, 6, 80), country_size=4.5)
            + _groups((6, 6, 80), country_size=6.0)
            + _groups((8, 8, 40), country_size=2.5)
            + _groups((8, 8, 40), country_size=6.0),
            _measure_unique,
            _sum_country_size,
            _plot_country_size,
            "Country size = cells per country on average; ladder = all five stages.",
        ),
        TableSpec(
            "trap",
            "The partition-first trap: random partitions of 6 x 6 (no numbers)",
            ("countries", "partitions", "cut vertex or bridge %", "Hamiltonian %", "solvable %"),
            _groups((6, 6, 200), countries=4)
            + _groups((6, 6, 200), countries=6)
            + _groups((6, 6, 200), countries=8)
            + _groups((6, 6, 200), countries=12),
            _measure_trap,
            _sum_trap,
            _plot_trap,
            "Hamiltonian = the region graph has a Hamiltonian cycle; solvable = a complete search finds a loop.",
        ),
        TableSpec(
            "numbers",
            "Numbers left after deletion (whole ladder), adversarial against random order",
            ("size", "boards", "countries", "adversarial left", "adversarial left %", "random left", "random left %"),
            _groups((6, 6, 80), (8, 8, 40)),
            _measure_numbers,
            _sum_numbers,
            _plot_numbers,
            "The same ladder-complete layout deleted in both orders; 'left' = mean numbers per board.",
        ),
    )
}


# --------------------------------------------------------------------------- running


class ProgressBar:
    """A minimal progress bar on a text stream (stderr by default)."""

    def __init__(self, total: int, label: str = "", stream=None, width: int = 30):
        self.total, self.label, self.width = total, label, width
        self.stream = sys.stderr if stream is None else stream
        self.start = time.monotonic()
        self._last = -1.0

    def __call__(self, done: int) -> None:
        now = time.monotonic()
        if done < self.total and now - self._last < 0.1:
            return
        self._last = now
        frac = done / self.total if self.total else 1.0
        fill = int(frac * self.width)
        elapsed = now - self.start
        eta = elapsed / done * (self.total - done) if done else 0.0
        self.stream.write(
            f"\r{self.label:<13} [{'#' * fill}{'.' * (self.width - fill)}] {done}/{self.total} {elapsed:6.1f}s eta {eta:5.1f}s"
        )
        if done >= self.total:
            self.stream.write("\n")
        self.stream.flush()


def _check_table_name(name: Any) -> TableSpec:
    if not isinstance(name, str):
        raise ArgumentTypeError(f"table name must be a str, got {type(name).__name__}")
    if name not in TABLES:
        raise ArgumentError(f"unknown table {name!r}; expected one of {', '.join(TABLES)}")
    return TABLES[name]


def run_table(
    name: str,
    boards: Optional[int] = None,
    seed: Union[int, str] = 0,
    workers: Optional[int] = None,
    progress: Optional[Callable[[int, int], None]] = None,
) -> Table:
    """Regenerates one table from fresh seeded boards.

    Args:
        name: a key of :data:`TABLES`.
        boards: boards per row group (default: the spec's counts).
        seed: master seed; board ``i`` of a group uses ``"{seed}/{name}/{group}/{i}"``.
        workers: threads (default: every core). The result does not depend on it.
        progress: called as ``progress(done, total)`` after each board.

    >>> run_table("trap", boards=2, workers=1).rows[0][:2]
    (4, 2)
    """
    spec = _check_table_name(name)
    if boards is not None:
        require_int("boards", boards, 1)
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        raise ArgumentTypeError(f"seed must be an int or a str, got {type(seed).__name__}")
    workers = _workers(workers)
    groups = [g if boards is None else Group(g.rows, g.cols, boards, g.params) for g in spec.groups]
    tasks = [(gi, i) for gi, g in enumerate(groups) for i in range(g.boards)]

    def one(task):
        gi, i = task
        g = groups[gi]
        return spec.measure(g, f"{seed}/{name}/{g.key}/{i}")

    results: List[Any] = [None] * len(tasks)
    if workers == 1:
        for j, task in enumerate(tasks):
            results[j] = one(task)
            if progress:
                progress(j + 1, len(tasks))
    else:
        with ThreadPoolExecutor(max_workers=workers) as pool:
            futures = [pool.submit(one, t) for t in tasks]
            for j, fut in enumerate(futures):
                results[j] = fut.result()
                if progress:
                    progress(j + 1, len(tasks))
    rows: List[Row] = []
    j = 0
    for g in groups:
        rows.extend(spec.summarize(g, results[j : j + g.boards]))
        j += g.boards
    counts = ", ".join(f"{g.size}{_param_text(g)}: {g.boards}" for g in groups)
    notes = f"{spec.description} Boards per group: {counts}; seed {seed!r}."
    return Table(spec.name, spec.title, spec.columns, tuple(rows), notes)


def _param_text(g: Group) -> str:
    return "".join(f" {k}={v}" for k, v in g.params)


def _workers(workers: Optional[int]) -> int:
    if workers is None:
        return os.cpu_count() or 1
    return require_int("workers", workers, 1)


def check_out_dir(out: Union[str, os.PathLike]) -> Path:
    """Creates ``out`` if needed and checks that files can be written there."""
    path = Path(out)
    try:
        path.mkdir(parents=True, exist_ok=True)
        probe = path / ".loopcraft-write-test"
        probe.write_text("", encoding="utf-8")
        probe.unlink()
    except OSError as exc:
        raise ArgumentError(f"cannot write to output directory {str(path)!r}: {exc.strerror or exc}") from None
    return path


def write_table(table: Table, out: Union[str, os.PathLike], plot: bool = True) -> List[Path]:
    """Writes ``NAME.md``, ``NAME.csv`` and, when matplotlib is installed and the
    table has a plot, ``NAME.png`` into the directory ``out``; returns the paths."""
    path = check_out_dir(out)
    written = []
    for ext, text in (("md", table.to_markdown()), ("csv", table.to_csv())):
        p = path / f"{table.name}.{ext}"
        p.write_text(text, encoding="utf-8")
        written.append(p)
    spec = TABLES.get(table.name)
    if plot and spec is not None and spec.plot is not None and have_matplotlib():
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        fig, ax = plt.subplots(figsize=(7, 4.5))
        spec.plot(table, ax)
        ax.set_title(table.title if len(table.title) < 70 else table.title[:67] + "...", fontsize=9)
        fig.tight_layout()
        p = path / f"{table.name}.png"
        fig.savefig(p, dpi=120)
        plt.close(fig)
        written.append(p)
    return written


def have_matplotlib() -> bool:
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        return False
    return True


def run_stats(
    names: Optional[Sequence[str]] = None,
    boards: Optional[int] = None,
    seed: Union[int, str] = 0,
    workers: Optional[int] = None,
    out: Optional[Union[str, os.PathLike]] = None,
    progress: bool = False,
) -> List[Table]:
    """Regenerates several tables (default: all), optionally writing them to ``out``."""
    specs = [_check_table_name(n) for n in (names if names is not None else list(TABLES))]
    if boards is not None:
        require_int("boards", boards, 1)
    if out is not None:
        check_out_dir(out)
    tables = []
    for spec in specs:
        bar = None
        if progress:
            total = sum(boards if boards is not None else g.boards for g in spec.groups)
            pb = ProgressBar(total, spec.name)
            bar = lambda done, _total, pb=pb: pb(done)  # noqa: E731
        table = run_table(spec.name, boards, seed, workers, bar)
        if out is not None:
            write_table(table, out)
        tables.append(table)
    return tables
