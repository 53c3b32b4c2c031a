"""What the tables measure: one function per table measures a board, one
summarises a group of boards into rows. Every call to the compiled core goes
through :mod:`loopcraft.country._ladder`.
"""

from __future__ import annotations

import math
import random
import statistics
from typing import Any, Dict, FrozenSet, Iterable, List, Optional, Sequence

from ..._tracing import cycle_order
from ..._validate import items_of, require_int
from ...errors import ArgumentError, ArgumentTypeError, CapacityError
from .. import _ladder
from .._generate import Layout, country_order, delete_numbers, generate_puzzle, make_layout, neighbours, renumber
from .._loop import CountryLoop, _check_sides, edge_cells, edge_count
from ._model import Group, Row

STAGES = _ladder.STAGES

#: Cap of the Hamiltonian cycle catalogue when counting cycles (more = "> cap").
HAM_CAP = 100_000
#: Layouts tried per board when a table needs one the full ladder completes.
LAYOUT_ATTEMPTS = 200


# --------------------------------------------------------------------------- shared board helpers


__all__ = ["HAM_CAP", "LAYOUT_ATTEMPTS", "HAM_BUCKETS", "random_partition", "cycle_of"]


def _layout(group: Group, seed: str, need_complete: bool = False) -> Layout:
    """A layout of the group's size from ``seed``; with ``need_complete``,
    the first one the full ladder completes with every number printed."""
    rng = random.Random(seed)
    size = group.param("country_size")
    for _ in range(LAYOUT_ATTEMPTS):
        lay = (
            make_layout(group.rows, group.cols, rng) if size is None else make_layout(group.rows, group.cols, rng, size)
        )
        if not need_complete or _ladder.completes(lay.rows, lay.cols, lay.regions, lay.numbers, STAGES):
            return lay
    raise RuntimeError(f"no ladder-complete {group.size} layout in {LAYOUT_ATTEMPTS} tries (seed {seed!r})")


def _fixpoint(
    rows: int, cols: int, regions: Sequence[int], numbers: Sequence[Optional[int]], stages: Sequence[str]
) -> _ladder.CountryDeduction:
    fp = _ladder.deduce(rows, cols, regions, numbers, stages)
    if fp.contradiction:
        # Every board here has a solution, and every stage is sound.
        raise RuntimeError(f"the ladder ({', '.join(stages)}) found a contradiction on a solvable board")
    return fp


def _solve(
    rows: int, cols: int, regions: Sequence[int], numbers: Sequence[Optional[int]], limit: int
) -> List[CountryLoop]:
    """Up to ``limit`` solutions (no budget: the search runs to the end or the limit)."""
    return list(_ladder.solve(rows, cols, regions, numbers, limit).solutions)


def _ham_count(rows: int, cols: int, regions: Sequence[int]) -> int:
    """Hamiltonian cycles of the region graph; ``HAM_CAP + 1`` means more than the cap."""
    try:
        return len(_ladder.hamiltonian_cycles(rows, cols, regions, HAM_CAP))
    except CapacityError:
        return HAM_CAP + 1


def _borders_crossed(regions: Sequence[int], loop: Sequence[int]) -> FrozenSet[FrozenSet[int]]:
    """The set of country pairs the loop crosses: for a Hamiltonian cycle of
    the region graph (3+ countries) it fixes the cyclic order of countries,
    up to the starting country and the direction."""
    order = country_order(regions, loop)
    return frozenset(frozenset((order[i], order[(i + 1) % len(order)])) for i in range(len(order)))


def cycle_of(rows: int, cols: int, edges: bytes) -> List[int]:
    """The cells (``r * cols + c``) of the loop drawn by ``edges`` in visiting
    order from the smallest; ArgumentError when they are not one loop."""
    # rows = None was a bare TypeError, rows = 10**19 a list that never ended.
    _check_sides(rows, cols)
    total = edge_count(rows, cols)
    if isinstance(edges, str) or not isinstance(edges, Iterable):
        raise ArgumentTypeError(f"edges must be bytes of one 0/1 per edge, got {type(edges).__name__}")
    bits = items_of(edges, total)
    if len(bits) != total:
        got = len(bits) if len(bits) < total else "more"
        raise ArgumentError(f"a {rows} x {cols} board has {total} edges, got {got} bits")
    adj: List[List[int]] = [[] for _ in range(rows * cols)]
    for e, on in enumerate(bits):
        if on:
            (r1, c1), (r2, c2) = edge_cells(rows, cols, e)
            adj[r1 * cols + c1].append(r2 * cols + c2)
            adj[r2 * cols + c2].append(r1 * cols + c1)
    order = cycle_order(adj)
    if order is None:
        raise ArgumentError("the edges do not form one simple closed loop")
    return order


def _pct(part: float, whole: float) -> float:
    return 100.0 * part / whole if whole else float("nan")


def _mean(values: Sequence[float]) -> float:
    return statistics.fmean(values) if values else float("nan")


# --------------------------------------------------------------------------- 1. ladder reach


def measure_reach(group: Group, seed: str) -> Dict[str, Any]:
    lay = _layout(group, seed)
    out: Dict[str, Any] = {"bits": 0, "decided": [], "complete": [], "hyps": []}
    for i in range(len(STAGES)):
        fp = _fixpoint(lay.rows, lay.cols, lay.regions, lay.numbers, STAGES[: i + 1])
        out["bits"] = fp.total
        out["decided"].append(fp.decided)
        out["complete"].append(fp.solved)
        out["hyps"].append(fp.probe_hypotheses)
    return out


def sum_reach(group: Group, res: List[Dict[str, Any]]) -> List[Row]:
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


def measure_grades(group: Group, seed: str) -> Dict[str, Any]:
    p = generate_puzzle(group.rows, group.cols, seed)
    left = sum(n is not None for n in p.numbers)
    return {"grade": p.grade, "attempts": p.attempts, "countries": len(p.full_numbers), "left": left}


def sum_grades(group: Group, res: List[Dict[str, Any]]) -> List[Row]:
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


def measure_ablation(group: Group, seed: str) -> Dict[str, Any]:
    p = generate_puzzle(group.rows, group.cols, seed, order="random")
    rows, cols, regions, numbers = p.board.core_args()
    full = _fixpoint(rows, cols, regions, numbers, STAGES)
    out: Dict[str, Any] = {"bits": full.total, "lost": [], "dhyps": []}
    for s in STAGES:
        fp = _fixpoint(rows, cols, regions, numbers, [t for t in STAGES if t != s])
        out["lost"].append(full.decided - fp.decided)
        out["dhyps"].append(fp.probe_hypotheses - full.probe_hypotheses)
    return out


def sum_ablation(group: Group, res: List[Dict[str, Any]]) -> List[Row]:
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


def measure_ambiguity(group: Group, seed: str) -> Dict[str, Any]:
    lay = _layout(group, seed)
    ours = _borders_crossed(lay.regions, lay.loop)
    out: Dict[str, Any] = {}
    for label, numbers in (("all", lay.numbers), ("none", [None] * lay.countries)):
        sols = _solve(lay.rows, lay.cols, lay.regions, numbers, 2)
        if len(sols) < 2:
            out[label] = "unique"
            continue
        other = next(s.bits for s in sols if s.bits != lay.solution)
        theirs = _borders_crossed(lay.regions, cycle_of(lay.rows, lay.cols, other))
        out[label] = "same" if theirs == ours else "other"
    return out


def sum_ambiguity(group: Group, res: List[Dict[str, Any]]) -> List[Row]:
    rows = []
    for label in ("all", "none"):
        same = sum(r[label] == "same" for r in res)
        other = sum(r[label] == "other" for r in res)
        rows.append((group.size, label, len(res), same + other, same, other, _pct(same, same + other)))
    return rows


# --------------------------------------------------------------------------- 4. Hamiltonian cycles and the size dial

HAM_BUCKETS = ((1, 1, "1"), (2, 4, "2-4"), (5, 16, "5-16"), (17, math.inf, "17+"))


def measure_unique(group: Group, seed: str) -> Dict[str, Any]:
    lay = _layout(group, seed)
    ham = _ham_count(lay.rows, lay.cols, lay.regions)
    unique = len(_solve(lay.rows, lay.cols, lay.regions, lay.numbers, 2)) == 1
    fp = _fixpoint(lay.rows, lay.cols, lay.regions, lay.numbers, STAGES)
    return {
        "ham": ham,
        "unique": unique,
        "countries": lay.countries,
        "bits": fp.total,
        "decided": fp.decided,
        "complete": fp.solved,
    }


def sum_hamiltonian(group: Group, res: List[Dict[str, Any]]) -> List[Row]:
    rows = []
    for lo, hi, label in HAM_BUCKETS:
        sel = [r for r in res if lo <= r["ham"] <= hi]
        u = sum(r["unique"] for r in sel)
        rows.append((group.size, label, len(sel), u, _pct(u, len(sel))))
    return rows


def sum_country_size(group: Group, res: List[Dict[str, Any]]) -> List[Row]:
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
    # None was a bare TypeError, 10**19 an OverflowError, an rng without
    # randrange a bare AttributeError.
    _check_sides(rows, cols)
    require_int("count", count)
    if not isinstance(rng, random.Random):
        raise ArgumentTypeError(f"rng must be a random.Random, got {type(rng).__name__}")
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


def measure_trap(group: Group, seed: str) -> Dict[str, Any]:
    k = group.param("countries")
    regions = random_partition(group.rows, group.cols, k, random.Random(seed))
    _borders, cuts, bridges = _ladder.region_graph(group.rows, group.cols, regions)
    try:
        ham = len(_ladder.hamiltonian_cycles(group.rows, group.cols, regions, 1)) > 0
    except CapacityError:
        ham = True
    solvable = bool(_solve(group.rows, group.cols, regions, [None] * k, 1))
    return {"cut": bool(cuts) or bool(bridges), "ham": ham, "solvable": solvable}


def sum_trap(group: Group, res: List[Dict[str, Any]]) -> List[Row]:
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


def measure_numbers(group: Group, seed: str) -> Dict[str, Any]:
    lay = _layout(group, seed, need_complete=True)
    out: Dict[str, Any] = {"countries": lay.countries}
    for order in ("adversarial", "random"):
        nums = delete_numbers(lay, random.Random(f"{seed}/{order}"), order, STAGES)
        out[order] = sum(n is not None for n in nums)
    return out


def sum_numbers(group: Group, res: List[Dict[str, Any]]) -> List[Row]:
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
