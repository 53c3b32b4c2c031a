"""A small pure-Python model of the v1 propagate and solve, written straight
from the spec (sweeps and copies, no cleverness), to cross-check the Rust core
on tiny boards."""

from __future__ import annotations

from typing import List, Optional, Sequence, Tuple

from loopcraft.loop import Geometry


class Counting:
    """Wraps a random stream and counts its calls."""

    def __init__(self, random):
        self.random, self.calls = random, 0

    def __call__(self):
        self.calls += 1
        return self.random()


def _closed_cycle(on_edges: List[int], geo: Geometry) -> Optional[set]:
    adj = {}
    for e in on_edges:
        a, b = geo.endpoints(e)
        adj.setdefault(a, []).append((b, e))
        adj.setdefault(b, []).append((a, e))
    seen = set()
    for v in adj:
        if v in seen:
            continue
        verts, edges, stack = {v}, set(), [v]
        seen.add(v)
        while stack:
            cur = stack.pop()
            for nb, e in adj[cur]:
                edges.add(e)
                if nb not in verts:
                    verts.add(nb)
                    seen.add(nb)
                    stack.append(nb)
        if all(len(adj[u]) == 2 for u in verts) and len(edges) == len(verts):
            return edges
    return None


def propagate(domains: Sequence[Sequence[int]], n: int, clues: Sequence[Optional[int]]) -> Tuple[list, bool]:
    geo = Geometry(n)
    dom = [list(d) for d in domains]
    changed = True
    while changed:
        changed = False
        for r in range(n):
            for c in range(n):
                clue = clues[r * n + c]
                if clue is None:
                    continue
                es = geo.cell_edges(r, c)
                on = sum(1 for e in es if dom[e] == [1])
                unk = [e for e in es if len(dom[e]) == 2]
                if on > clue or on + len(unk) < clue:
                    return dom, False
                if unk and on == clue:
                    for e in unk:
                        dom[e] = [0]
                    changed = True
                elif unk and on + len(unk) == clue:
                    for e in unk:
                        dom[e] = [1]
                    changed = True
        for r in range(n + 1):
            for c in range(n + 1):
                es = geo.vertex_edges(r, c)
                on = sum(1 for e in es if dom[e] == [1])
                unk = [e for e in es if len(dom[e]) == 2]
                if on > 2:
                    return dom, False
                if not unk:
                    if on not in (0, 2):
                        return dom, False
                    continue
                feasible = [set() for _ in unk]
                anyf = False
                for mask in range(1 << len(unk)):
                    if on + bin(mask).count("1") in (0, 2):
                        anyf = True
                        for k in range(len(unk)):
                            feasible[k].add((mask >> k) & 1)
                if not anyf:
                    return dom, False
                for k, e in enumerate(unk):
                    if len(feasible[k]) == 1:
                        dom[e] = list(feasible[k])
                        changed = True
        forced = [e for e in range(geo.total) if dom[e] == [1]]
        if forced:
            cyc = _closed_cycle(forced, geo)
            if cyc is not None:
                if len(cyc) != len(forced):
                    return dom, False
                for e in range(geo.total):
                    if len(dom[e]) == 2:
                        dom[e] = [0]
                        changed = True
    return dom, True


def solve(clues: Sequence[Optional[int]], n: int, node_limit: int) -> Tuple[List[List[int]], int, bool]:
    geo = Geometry(n)
    solutions: List[List[int]] = []
    state = {"nodes": 0, "truncated": False}

    def valid_loop(on: List[int]) -> bool:
        for i, clue in enumerate(clues):
            if clue is not None and sum(on[e] for e in geo.cell_edges(*divmod(i, n))) != clue:
                return False
        ids = [e for e in range(geo.total) if on[e]]
        return bool(ids) and _closed_cycle(ids, geo) is not None and len(_closed_cycle(ids, geo)) == len(ids)

    def visit(dom):
        if len(solutions) >= 2 or state["truncated"]:
            return
        state["nodes"] += 1
        if state["nodes"] > node_limit:
            state["truncated"] = True
            return
        dom, ok = propagate(dom, n, clues)
        if not ok:
            return
        choice = next((e for e in range(geo.total) if len(dom[e]) == 2), None)
        if choice is None:
            on = [d[0] for d in dom]
            if valid_loop(on):
                solutions.append(on)
            return
        for v in (0, 1):
            visit([[v] if i == choice else d for i, d in enumerate(dom)])

    init, ok = propagate([[0, 1]] * geo.total, n, clues)
    if ok:
        visit(init)
    return solutions, state["nodes"], state["truncated"]
