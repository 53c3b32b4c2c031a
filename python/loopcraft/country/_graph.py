"""The region graph: one node per country, an edge where two countries touch.

The loop visits every country once, so it induces a Hamiltonian cycle of this
graph. A Hamiltonian graph is 2-connected: a cut vertex or a bridge means the
board has no solution, whatever its numbers.

>>> from loopcraft.country import CountryRoad
>>> g = CountryRoad.from_regions([[1, 1, 1], [2, 2, 2], [3, 3, 3]]).region_graph()
>>> g.borders, g.cut_vertices, g.is_two_connected
(((1, 2), (2, 3)), (2,), False)
>>> g.hamiltonian_cycles()
()
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Dict, FrozenSet, List, Mapping, Set, Tuple

from .._tracing import cycle_order
from . import _ladder
from ._loop import RegionId

if TYPE_CHECKING:
    from ._board import CountryRoad

__all__ = ["RegionGraph", "build_region_graph", "DEFAULT_CYCLE_CAP"]

#: Default cap on the Hamiltonian cycle catalogue (CapacityError beyond it).
DEFAULT_CYCLE_CAP = 100_000


@dataclass(frozen=True)
class RegionGraph:
    """Countries and the borders between them.

    Attributes:
        board: the board it was built from.
        countries: region ids, in order of first cell (the core's indices).
        borders: pairs ``(a, b)`` of touching countries (a before b in ``countries``).
        adjacency: region id -> frozenset of neighbouring region ids.
        cut_vertices: countries whose removal disconnects the graph.
        bridges: borders whose removal disconnects the graph.
    """

    board: CountryRoad = field(repr=False)
    countries: Tuple[RegionId, ...]
    borders: Tuple[Tuple[RegionId, RegionId], ...]
    adjacency: Mapping[RegionId, FrozenSet[RegionId]] = field(repr=False)
    cut_vertices: Tuple[RegionId, ...]
    bridges: Tuple[Tuple[RegionId, RegionId], ...]

    def __hash__(self) -> int:
        # The board determines everything else; the adjacency (a read-only
        # mapping) is not hashable itself.
        return hash((self.board, self.borders))

    def __reduce__(self) -> Tuple[Any, Tuple[CountryRoad]]:
        # A read-only mapping does not pickle: the graph is rebuilt from its board.
        return build_region_graph, (self.board,)

    @property
    def is_connected(self) -> bool:
        """All countries reachable from the first one."""
        if not self.countries:
            return True
        seen = {self.countries[0]}
        stack = [self.countries[0]]
        while stack:
            for nb in self.adjacency[stack.pop()]:
                if nb not in seen:
                    seen.add(nb)
                    stack.append(nb)
        return len(seen) == len(self.countries)

    @property
    def is_two_connected(self) -> bool:
        """Connected, with no cut vertex and no bridge (a necessary condition
        for a Hamiltonian cycle on three or more countries)."""
        return self.is_connected and not self.cut_vertices and not self.bridges

    def hamiltonian_masks(self, cap: int = DEFAULT_CYCLE_CAP) -> Tuple[int, ...]:
        """Every Hamiltonian cycle as a bitmask over :attr:`borders` (bit i = borders[i]).

        Raises:
            CapacityError: more than ``cap`` cycles exist.
        """
        rows, cols, regions, _ = self.board.core_args()
        return tuple(_ladder.hamiltonian_cycles(rows, cols, regions, cap))

    def hamiltonian_cycles(self, cap: int = DEFAULT_CYCLE_CAP) -> Tuple[Tuple[RegionId, ...], ...]:
        """Every Hamiltonian cycle of the graph, once each, as the countries in
        visiting order from the first country (direction: the smaller second
        neighbour first).

        Raises:
            CapacityError: more than ``cap`` cycles exist.
        """
        out: List[Tuple[RegionId, ...]] = []
        pos = {rid: k for k, rid in enumerate(self.countries)}
        for mask in self.hamiltonian_masks(cap):
            if len(self.countries) == 2:
                # A-B-A: the loop crosses the one border twice.
                out.append(tuple(self.countries))
                continue
            adj: List[List[int]] = [[] for _ in self.countries]
            for i, (a, b) in enumerate(self.borders):
                if mask >> i & 1:
                    adj[pos[a]].append(pos[b])
                    adj[pos[b]].append(pos[a])
            order = cycle_order(adj)
            if order is None or len(order) != len(self.countries):
                continue  # not a cycle through every country (cannot happen for a sound core)
            # From the first country, towards its smaller neighbour.
            if order[-1] < order[1]:
                order = [order[0], *reversed(order[1:])]
            out.append(tuple(self.countries[k] for k in order))
        return tuple(out)


def build_region_graph(board: CountryRoad) -> RegionGraph:
    """Builds the region graph of ``board`` (borders, cut vertices, bridges in O(V + E))."""
    rows, cols, regions, _ = board.core_args()
    borders_i, cuts_i, bridges_i = _ladder.region_graph(rows, cols, regions)
    ids = board.countries
    borders = tuple((ids[a], ids[b]) for a, b in borders_i)
    adj: Dict[RegionId, Set[RegionId]] = {rid: set() for rid in ids}
    for a, b in borders:
        adj[a].add(b)
        adj[b].add(a)
    return RegionGraph(
        board=board,
        countries=ids,
        borders=borders,
        adjacency=MappingProxyType({k: frozenset(v) for k, v in adj.items()}),
        cut_vertices=tuple(ids[k] for k in cuts_i),
        bridges=tuple(borders[i] for i in bridges_i),
    )
