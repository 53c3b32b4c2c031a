"""Number deletion: numbers removed while the ladder still completes the board."""

from __future__ import annotations

import random
import time
from typing import Dict, List, Optional, Sequence, Tuple

from ..._validate import show
from ...errors import ArgumentError, GenerationTimeout
from .. import _ladder
from ._carve import Layout
from ._geometry import shuffled

__all__ = ["ORDERS", "RANK_STAGES", "layout_map", "deletion_order", "delete_numbers"]

#: Number deletion orders (see :func:`delete_numbers`).
ORDERS: Tuple[str, ...] = ("adversarial", "random")

# --------------------------------------------------------------------------- 4. number deletion

#: Stages used to rank numbers by information in the adversarial order: the
#: cheap ones, so that ranking costs far less than the deletion itself.
RANK_STAGES: Tuple[str, ...] = _ladder.select_stages(level="loop")


def layout_map(layout: Layout) -> _ladder.RegionMap:
    """The layout's region map in the core, with its loop as the known solution."""
    return _ladder.RegionMap(layout.rows, layout.cols, layout.regions, layout.solution)


def deletion_order(
    layout: Layout, rng: random.Random, order: str, region_map: Optional[_ladder.RegionMap] = None
) -> List[int]:
    """The countries in the order their numbers are tried for deletion.

    ``random``: a uniform shuffle.

    ``adversarial``: most informative first. A number's information is the
    count of bits (cells + edges) the cheap stages (:data:`RANK_STAGES`) no
    longer decide when that number alone is removed from the fully numbered
    board. Deleting those first removes what easy reasoning leans on, so the
    numbers that survive are the weak ones and the puzzle needs the strong
    stages: hardest first. Ties go in random order.
    """
    k = layout.countries
    base = shuffled(list(range(k)), rng)
    if order == "random":
        return base
    if order != "adversarial":
        raise ArgumentError(f"unknown deletion order {show(order)}; expected one of {', '.join(ORDERS)}")
    if region_map is None:
        region_map = layout_map(layout)
    full: List[Optional[int]] = list(layout.numbers)
    ref_bits = region_map.deduce(full, RANK_STAGES).decided
    lost: Dict[int, int] = {}
    for i in base:
        trial = full[:]
        trial[i] = None
        # A contradiction decides nothing (decided = 0).
        lost[i] = ref_bits - region_map.deduce(trial, RANK_STAGES).decided
    # sorted() is stable, so the shuffle breaks ties.
    return sorted(base, key=lambda i: -lost[i])


def delete_numbers(
    layout: Layout,
    rng: random.Random,
    order: str = "adversarial",
    stages: Sequence[str] = _ladder.STAGES,
    deadline: Optional[float] = None,
    region_map: Optional[_ladder.RegionMap] = None,
) -> List[Optional[int]]:
    """Deletes numbers, one at a time in ``order``, while ``stages`` still complete the board.

    The layout must be completed by ``stages`` with every number printed.
    Raises :class:`GenerationTimeout` when ``time.monotonic()`` passes ``deadline``.
    ``region_map``: the layout's :func:`layout_map`, when the caller has one.
    """
    # One map for all the trials, guided by the layout's loop (every trial's
    # numbers are a subset of the loop's own, so it solves each of them).
    if region_map is None:
        region_map = layout_map(layout)
    numbers: List[Optional[int]] = list(layout.numbers)
    for i in deletion_order(layout, rng, order, region_map):
        if deadline is not None and time.monotonic() > deadline:
            raise GenerationTimeout("time budget ran out while deleting numbers")
        trial = numbers[:]
        trial[i] = None
        if region_map.completes(trial, stages):
            numbers = trial
    return numbers
