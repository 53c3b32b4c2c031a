"""The Loop engine v1: Slitherlink on an n x n board (n = 4..6), bit for bit.

Same seed, same puzzle, same solver node counts as the reference engine (the
contract is in ``docs/loop-v1.md``). The random stream, region growth,
shuffle, generation loop and puzzle objects are Python; propagation, the loop
check and the search run in the compiled core.

Modules: ``_random`` (the seeded stream), ``_geometry`` (numbering, region
growth, loop edges and clues), ``_engine`` (propagation, checks, search),
``_generate`` (the generation loop), ``_puzzle`` (the puzzle object).

>>> from loopcraft import loop
>>> p = loop.generate(4, "notes-example")
>>> p.clues[:4]
(None, 3, 2, 2)
>>> loop.solve(p.clues, 4).nodes  # the reference engine's count too
19
"""

from __future__ import annotations

from ._constants import ATTEMPTS, MAX_N, MAX_SEED_UNITS, NODE_LIMIT, SIZES, VERSION
from ._engine import (
    SolveResult,
    closed_component,
    clue_violations,
    is_closed_loop,
    propagate,
    solve,
    validate_loop,
)
from ._generate import generate
from ._geometry import (
    Geometry,
    clue_for,
    full_clues,
    grow_region,
    is_simply_connected,
    loop_edges,
    make_geo,
    neighbors,
    shuffle,
)
from ._many import solve_many
from ._puzzle import LoopPuzzle
from ._random import rng

__all__ = [
    "VERSION",
    "MAX_SEED_UNITS",
    "MAX_N",
    "SIZES",
    "ATTEMPTS",
    "NODE_LIMIT",
    "Geometry",
    "LoopPuzzle",
    "SolveResult",
    "rng",
    "make_geo",
    "neighbors",
    "grow_region",
    "is_simply_connected",
    "shuffle",
    "loop_edges",
    "clue_for",
    "full_clues",
    "propagate",
    "closed_component",
    "is_closed_loop",
    "validate_loop",
    "clue_violations",
    "solve",
    "solve_many",
    "generate",
]
