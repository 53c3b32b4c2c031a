"""An independent reading of the Country Road rules, for the generator tests.

Works on the flat contract form only (regions per cell, numbers per country,
one 0/1 byte per cell-to-cell edge) and shares no code with the package.
"""

from __future__ import annotations

from typing import List, Optional, Sequence, Tuple


def edges_of(rows: int, cols: int) -> List[Tuple[int, int]]:
    """The (a, b) cells of every cell-to-cell edge, in the contract's numbering."""
    out = []
    for r in range(rows):
        for c in range(cols - 1):
            out.append((r * cols + c, r * cols + c + 1))
    for r in range(rows - 1):
        for c in range(cols):
            out.append((r * cols + c, (r + 1) * cols + c))
    return out


def components(n: int, pairs, keep) -> List[List[int]]:
    """Connected components of the cells ``keep`` under the adjacency ``pairs``."""
    adj = [[] for _ in range(n)]
    for a, b in pairs:
        adj[a].append(b)
        adj[b].append(a)
    seen, out = set(), []
    for s in keep:
        if s in seen:
            continue
        comp, stack = [], [s]
        seen.add(s)
        while stack:
            x = stack.pop()
            comp.append(x)
            for y in adj[x]:
                if y in keep and y not in seen:
                    seen.add(y)
                    stack.append(y)
        out.append(comp)
    return out


def violations(
    rows: int, cols: int, regions: Sequence[int], numbers: Sequence[Optional[int]], edges: Sequence[int]
) -> List[str]:
    """Every broken rule of the answer ``edges`` (empty list = a legal answer)."""
    n = rows * cols
    pairs = edges_of(rows, cols)
    assert len(edges) == len(pairs)
    on = [pairs[i] for i, e in enumerate(edges) if e]
    deg = [0] * n
    for a, b in on:
        deg[a] += 1
        deg[b] += 1
    used = {c for c in range(n) if deg[c]}
    bad = []
    if any(d not in (0, 2) for d in deg):
        bad.append("a cell has degree other than 0 or 2")
    if len(components(n, on, used)) != 1:
        bad.append("the line is not one closed loop")
    if any(regions[c] < 0 for c in used):
        bad.append("the loop enters a blocked cell")
    k = len(numbers)
    crossings = [0] * k
    for a, b in on:
        if regions[a] != regions[b]:
            crossings[regions[a]] += 1
            crossings[regions[b]] += 1
    if any(x != 2 for x in crossings):
        bad.append(f"border crossings per country {crossings} (each must be 2)")
    for reg in range(k):
        cells = {c for c in used if regions[c] == reg}
        inner = [(a, b) for a, b in on if regions[a] == reg and regions[b] == reg]
        if not cells or len(components(n, inner, cells)) != 1:
            bad.append(f"country {reg} is not visited exactly once")
        if numbers[reg] is not None and numbers[reg] != len(cells):
            bad.append(f"country {reg} shows {numbers[reg]} but the loop uses {len(cells)} cells")
    for a, b in pairs:
        if regions[a] >= 0 and regions[b] >= 0 and regions[a] != regions[b] and a not in used and b not in used:
            bad.append(f"cells {a} and {b} are unused on both sides of a border")
    return bad


def countries_connected(rows: int, cols: int, regions: Sequence[int]) -> bool:
    pairs = edges_of(rows, cols)
    for reg in set(regions):
        if reg < 0:
            continue
        cells = {c for c in range(rows * cols) if regions[c] == reg}
        inner = [(a, b) for a, b in pairs if a in cells and b in cells]
        if len(components(rows * cols, inner, cells)) != 1:
            return False
    return True
