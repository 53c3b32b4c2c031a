"""Refinement: a layout reshaped until the ladder completes it with every number printed."""

from __future__ import annotations

import random
import time
from typing import List, Optional, Sequence, Tuple

from ...errors import GenerationTimeout
from .. import _ladder
from ._carve import DEFAULT_COUNTRY_SIZE, DEFAULT_COVERAGE, Carving, Layout, country_count
from ._geometry import shuffled

__all__ = ["REFINE_SHARE", "START_SHARE", "complete_layout"]

#: Refinement steps per layout, as a share of its countries (see :func:`complete_layout`).
REFINE_SHARE = 1.0
#: Initial countries as a share of the requested count: refinement splits add the rest.
START_SHARE = 0.75


def complete_layout(
    rows: int,
    cols: int,
    rng: random.Random,
    country_size: float = DEFAULT_COUNTRY_SIZE,
    coverage: float = DEFAULT_COVERAGE,
    stages: Sequence[str] = _ladder.STAGES,
    deadline: Optional[float] = None,
) -> Optional[Layout]:
    """A layout that ``stages`` complete with every number printed, or None.

    Few raw loop-first layouts are complete: an outside block or a wide
    country lets the loop take another way with the same counts. Instead of
    discarding them, the layout is refined where the ladder is stuck: a
    random undecided cell is picked; if the loop uses it, its arc is split
    there (one more country, one more number); if not, its block moves to
    another country it touches. Both steps keep the layout legal. The layout
    starts with :data:`START_SHARE` of the requested countries, so the final
    average size stays near ``country_size``; after ``REFINE_SHARE x
    countries`` steps without completion it is given up (None).
    """
    start_size = country_size / START_SHARE
    if country_count(rows, cols, start_size, rows * cols) < 3:
        start_size = country_size
    carving = Carving.new(rows, cols, rng, start_size, coverage)
    target = country_count(rows, cols, country_size, len(carving.loop))
    steps = max(4, int(REFINE_SHARE * target))
    for _ in range(steps + 1):
        if deadline is not None and time.monotonic() > deadline:
            raise GenerationTimeout("time budget ran out while shaping a layout")
        lay = carving.layout()
        # Guided by the carving's loop: the same fixpoint, half the probing.
        fp = _ladder.RegionMap(rows, cols, lay.regions, lay.solution).deduce(lay.numbers, stages)
        if fp.contradiction:
            raise RuntimeError("the ladder contradicts a legal layout: a stage is unsound")
        if fp.solved:
            return lay
        undecided = set(c for c, v in enumerate(fp.cells) if v == 2)
        pairs = _edge_cells(rows, cols)
        for e, v in enumerate(fp.edges):
            if v == 2:
                undecided.update(pairs[e])
        order = shuffled(sorted(undecided), rng)
        for cell in order:
            if carving.pos[cell] >= 0:
                if carving.split(cell, rng):
                    break
            elif carving.move_block(cell, rng):
                break
        else:
            return None
    return None


def _edge_cells(rows: int, cols: int) -> List[Tuple[int, int]]:
    out = [(r * cols + c, r * cols + c + 1) for r in range(rows) for c in range(cols - 1)]
    out += [(r * cols + c, (r + 1) * cols + c) for r in range(rows - 1) for c in range(cols)]
    return out
