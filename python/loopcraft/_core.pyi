"""The compiled core (private). Use the public façade modules instead.

Every function converts its arguments to owned Rust data and runs with the GIL
released. Bad values raise ``ValueError`` (or :class:`CapacityError`), wrong
types ``TypeError``; a Rust panic never reaches Python as a result.
"""

from typing import List, Optional, Sequence, Tuple

class CapacityError(ValueError):
    """A bounded enumeration would pass its cap."""

# ----------------------------------------------------------------- Loop engine v1

def loop_propagate(n: int, clues: Sequence[Optional[int]], domains: Sequence[int]) -> Tuple[bytes, bool]:
    """v1 propagation. ``domains`` per edge: 1 = off, 2 = on, 3 = undecided.
    Returns the narrowed masks and whether they are consistent."""

def loop_solve(n: int, clues: Sequence[Optional[int]], node_limit: int) -> Tuple[List[bytes], int, bool]:
    """v1 search: ``(solutions, nodes, truncated)``, at most two solutions,
    each as one byte (0 or 1) per edge."""

def loop_thin(n: int, clues: Sequence[Optional[int]], order: Sequence[int]) -> Tuple[List[Optional[int]], bool]:
    """v1 clue thinning: blank each cell of ``order`` in turn unless the v1
    check then fails; returns the clues and the final check's verdict."""

def loop_closed_component(n: int, edges: Sequence[int]) -> Optional[Tuple[List[int], List[int]]]:
    """v1 ``closedComponent``: ``(points, edges)`` in visiting order, or None."""

# ----------------------------------------------------------------- Slitherlink

# ----------------------------------------------------------------- Country Road
