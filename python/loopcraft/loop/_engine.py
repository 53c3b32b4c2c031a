"""The v1 checks and search: propagation, the closed-loop test and the
uniqueness search run in the compiled core (see docs/loop-v1.md)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, List, Optional, Sequence, Tuple

from .. import _core
from .._validate import bit_list, clue_list, items_of, require_int, show
from ..errors import ArgumentError, ArgumentTypeError
from ._constants import NODE_LIMIT
from ._geometry import Geometry, _board_n, _clue_for, _geo_for

_DOMAIN_TO_MASK = {(0,): 1, (1,): 2, (0, 1): 3, (1, 0): 3}
_MASK_TO_DOMAIN = {1: [0], 2: [1], 3: [0, 1]}


def _domain_masks(domains: Any, total: int) -> List[int]:
    if isinstance(domains, (str, bytes)) or not isinstance(domains, Sequence):
        raise ArgumentTypeError(f"domains must be a list of lists, got {type(domains).__name__}")
    if len(domains) != total:
        raise ArgumentError(f"domains must have {total} entries, got {len(domains)}")
    out = []
    for i, d in enumerate(domains):
        if not isinstance(d, (list, tuple)):
            raise ArgumentTypeError(f"domains[{i}] must be a list such as [0], [1] or [0, 1], got {type(d).__name__}")
        mask = _DOMAIN_TO_MASK.get(tuple(d)) if all(type(x) is int for x in d) else None
        if mask is None:
            raise ArgumentError(f"domains[{i}] = {show(list(d))} is not [0], [1] or [0, 1]")
        out.append(mask)
    return out


def propagate(
    domains: Sequence[Sequence[int]], n: int, geo: Optional[Geometry], clues: Sequence[Optional[int]]
) -> Tuple[List[List[int]], bool]:
    """One v1 propagation (cell, dot and loop rules) to the fixpoint.

    Args:
        domains: per edge ``[0]``, ``[1]`` or ``[0, 1]``.
        n: board size.
        geo: ``make_geo(n)`` or ``None``.
        clues: n*n entries, ``None`` or 0..4.

    Returns:
        ``(domains, valid)``; when ``valid`` is false the domains are unspecified.
    """
    n = _board_n(n)
    geo = _geo_for(geo, n)
    masks = _domain_masks(domains, geo.total)
    out, valid = _core.loop_propagate(n, clue_list("clues", clues, n * n, 4), masks)
    return [list(_MASK_TO_DOMAIN[m]) for m in out], valid


def _edge_ids(on_edges: Any, total: int) -> List[int]:
    if isinstance(on_edges, (str, bytes)) or not isinstance(on_edges, Iterable):
        raise ArgumentTypeError(f"on_edges must be a list of edge ids, got {type(on_edges).__name__}")
    ids = items_of(on_edges, total)  # each edge at most once: more is an error below or a repeat
    for e in ids:
        if isinstance(e, bool) or not isinstance(e, int):
            raise ArgumentTypeError(f"edge ids must be ints, got {type(e).__name__}")
        if not 0 <= e < total:
            raise ArgumentError(f"edge id {show(e)} is out of range 0..{total - 1}")
    return ids


def closed_component(on_edges: Iterable[int], geo: Geometry) -> Optional[Tuple[List[int], List[int]]]:
    """The first component of ``on_edges`` that is a simple cycle.

    Returns ``(points, edges)`` in the reference's visiting order, or ``None``.
    """
    geo = _geo_for(geo, geo.n if isinstance(geo, Geometry) else 0)
    return _core.loop_closed_component(geo.n, _edge_ids(on_edges, geo.total))


def _on_list(on: Any, geo: Geometry) -> List[int]:
    return bit_list("on", on, geo.total)


def is_closed_loop(on: Sequence[int], geo: Geometry) -> bool:
    """True when the on-edges (0/1 per edge) form exactly one simple cycle."""
    geo = _geo_for(geo, geo.n if isinstance(geo, Geometry) else 0)
    on = _on_list(on, geo)
    ids = [e for e, v in enumerate(on) if v]
    if not ids:
        return False
    comp = _core.loop_closed_component(geo.n, ids)
    return comp is not None and len(comp[1]) == len(ids)


def clue_violations(on: Sequence[int], n: int, geo: Geometry, clues: Sequence[Optional[int]]) -> List[int]:
    """Cells (row-major) whose chosen sides already exceed their clue."""
    n = _board_n(n)
    geo = _geo_for(geo, n)
    on = _on_list(on, geo)
    clues = clue_list("clues", clues, n * n, 4)
    over = []
    for r in range(n):
        for c in range(n):
            clue = clues[r * n + c]
            if clue is not None and _clue_for(on, geo, r, c) > clue:
                over.append(r * n + c)
    return over


def validate_loop(on: Sequence[int], n: int, geo: Geometry, clues: Sequence[Optional[int]]) -> bool:
    """True when every clue matches and the on-edges form one closed loop."""
    n = _board_n(n)
    geo = _geo_for(geo, n)
    on = _on_list(on, geo)
    clues = clue_list("clues", clues, n * n, 4)
    for r in range(n):
        for c in range(n):
            clue = clues[r * n + c]
            if clue is not None and _clue_for(on, geo, r, c) != clue:
                return False
    return is_closed_loop(on, geo)


@dataclass(frozen=True)
class SolveResult:
    """What :func:`solve` found.

    Attributes:
        solutions: at most two solutions, in the order found, as 0/1 edge lists.
        nodes: search nodes visited (part of the v1 contract).
        truncated: the node limit was hit; then the count proves nothing.
    """

    solutions: List[List[int]]
    nodes: int
    truncated: bool

    def __hash__(self) -> int:
        # The generated hash would hash the lists of ``solutions`` (a bare
        # TypeError, "unhashable type: 'list'"): equal results hash equal.
        return hash((tuple(map(tuple, self.solutions)), self.nodes, self.truncated))

    @property
    def count(self) -> int:
        """Solutions found (0, 1 or 2: the v1 search stops at two)."""
        return len(self.solutions)

    @property
    def complete(self) -> bool:
        """The count is exact, as :attr:`loopcraft.SolveResult.complete` means it:
        not truncated, and the search did not stop at its second solution."""
        return not self.truncated and len(self.solutions) < 2

    @property
    def unique(self) -> bool:
        """Exactly one solution and a complete search."""
        return not self.truncated and len(self.solutions) == 1


def solve(clues: Sequence[Optional[int]], n: int, node_limit: int = NODE_LIMIT) -> SolveResult:
    """The v1 uniqueness check: search up to two solutions.

    A long search releases the GIL and ends with ``KeyboardInterrupt`` on
    Ctrl-C; a short one (most are) runs with the GIL held.

    >>> solve([None, 3, 2, 2, None, None, None, None, None, 1, 1, None, 0, None, 2, None], 4).unique
    True
    """
    # The core takes plain in-range ints itself and answers None for
    # anything else, which the checks below then refuse or pass on: a small
    # solve costs a few microseconds, and these checks in Python were a tenth
    # of that. The core fills a bare instance's fields itself: the frozen
    # dataclass's __init__ would cost a visible share of a small solve.
    into = _new_object(SolveResult)
    try:
        result: Optional[SolveResult] = _SEARCHES.solve_plain(n, clues, node_limit, into)
    except (TypeError, ValueError, OverflowError):
        # The same checks and errors as solve_many's, run only once the core
        # refused the clues, so that good calls do not pay for them (n is a
        # plain int in range here: the core reads the clues only then).
        clue_list("clues", clues, n * n, 4)
        raise
    if result is None:
        return _solve_checked(clues, n, node_limit, into)
    return result


def _solve_checked(clues: Any, n: Any, node_limit: Any, into: SolveResult) -> SolveResult:
    """:func:`solve` for arguments the core did not take as plain ints."""
    n = _board_n(n)
    node_limit = require_int("node_limit", node_limit, 0, _MAX_NODE_LIMIT)
    # Any iterable goes to the core as it is: the core reads it item by item
    # and reserves at most 64 Ki items on the word of its len(), which a list
    # subclass may make up (tests/test_core_sequences.py).
    try:
        result: SolveResult = _SEARCHES.solve(n, clues, node_limit, into)
    except (TypeError, ValueError, OverflowError):
        clue_list("clues", clues, n * n, 4)
        raise
    return result


_new_object = object.__new__
#: The searches' buffers, kept between calls (a small search costs about what
#: allocating one does); a call that finds them in use gets its own.
_SEARCHES = _core.LoopSearches()
#: The core counts nodes in a u64; larger limits are refused rather than wrapped.
_MAX_NODE_LIMIT = 2**63 - 1
