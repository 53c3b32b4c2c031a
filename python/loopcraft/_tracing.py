"""Loop tracing on any graph given as adjacency lists, shared by every family.

Slitherlink traces its loop over lattice points, Country Road over cell
centres; both ask the same questions: which pieces do the segments form, is
it one simple closed loop, and in which order does the loop visit its nodes.

>>> square = [[1, 2], [0, 3], [0, 3], [1, 2]]
>>> cycle_order(square)
[0, 1, 3, 2]
>>> loop_problem([[1], [0], [], []], str)
'0 has 1 loop edge'
"""

from __future__ import annotations

from typing import Callable, List, Optional, Sequence

__all__ = ["pieces", "loop_problem", "cycle_order"]

Adjacency = Sequence[Sequence[int]]


def pieces(adjacency: Adjacency) -> List[List[int]]:
    """The connected pieces of the nodes that carry a segment, each in
    depth-first order from its smallest node; pieces ordered by that node."""
    seen = [False] * len(adjacency)
    out: List[List[int]] = []
    for start, nbrs in enumerate(adjacency):
        if seen[start] or not nbrs:
            continue
        seen[start] = True
        piece, stack = [start], [start]
        while stack:
            for nb in adjacency[stack.pop()]:
                if not seen[nb]:
                    seen[nb] = True
                    piece.append(nb)
                    stack.append(nb)
        out.append(piece)
    return out


def loop_problem(adjacency: Adjacency, name: Callable[[int], str]) -> Optional[str]:
    """Why the segments are not one simple closed loop, or None when they are.

    ``name(node)`` words a node for the message (``"point (row 1, column 2)"``).
    """
    for node, nbrs in enumerate(adjacency):
        if len(nbrs) not in (0, 2):
            s = "" if len(nbrs) == 1 else "s"
            return f"{name(node)} has {len(nbrs)} loop edge{s}"
    count = len(pieces(adjacency))
    if count == 0:
        return "there are no loop edges"
    if count > 1:
        return f"the loop edges form more than one loop ({count} pieces)"
    return None


def cycle_order(adjacency: Adjacency) -> Optional[List[int]]:
    """The nodes in walking order from the smallest one, when the segments
    form one simple closed loop; otherwise None."""
    if loop_problem(adjacency, str) is not None:
        return None
    start = next(node for node, nbrs in enumerate(adjacency) if nbrs)
    order, prev, cur = [start], -1, start
    while True:
        a, b = adjacency[cur]
        prev, cur = cur, (b if a == prev else a)
        if cur == start:
            return order
        order.append(cur)
