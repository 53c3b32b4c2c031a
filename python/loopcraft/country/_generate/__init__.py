"""Country Road generator: loop first, then countries, then number deletion.

The generator never builds a partition and hopes it can be threaded (the
"partition-first trap" of docs/country-road.md). It grows the answer first:

1. :func:`inflate_loop` grows one simple cycle from the 4-cycle around a
   2 x 2 block: each step replaces a loop edge ``a-b`` by the detour
   ``a-a'-b'-b`` through two unused cells beside it. A simple cycle stays a
   simple cycle, so nothing is ever rejected.
2. :func:`cut_arcs` cuts the loop into consecutive arcs; each arc seeds one
   country, so the loop visits every country exactly once by construction.
3. :class:`Carving` gives every connected block of cells off the loop,
   whole, to one country next to it, so two unused cells never meet across a
   border (rule 4).
4. :func:`complete_layout` refines the layout where the ladder is stuck with
   every number printed (it splits an arc or moves a block there: still
   legal), since few raw layouts have a unique answer.
5. :func:`delete_numbers` starts from every country numbered and deletes
   numbers while the deduction ladder still decides every cell and edge. A
   board that the (sound) ladder completes has exactly one solution.

The steps live in one module each: ``_geometry`` (cell-index helpers),
``_inflate`` (1), ``_carve`` (2, 3), ``_refine`` (4), ``_delete`` (5) and
``_puzzle`` (:func:`generate`, :func:`generate_puzzle`).

Everything random comes from one ``random.Random(seed)`` stream (int or str
seeds, which Python hashes the same way on every platform), so the same
arguments give the same board everywhere.

>>> from loopcraft.country._generate import make_layout
>>> import random
>>> lay = make_layout(6, 6, random.Random(7))
>>> len(lay.loop) % 2, len(set(lay.regions)) == len(lay.numbers)
(0, True)
"""

from __future__ import annotations

from ._carve import (
    DEFAULT_COUNTRY_SIZE,
    DEFAULT_COVERAGE,
    Carving,
    Layout,
    country_count,
    cut_arcs,
    cut_points,
    make_layout,
)
from ._delete import ORDERS, RANK_STAGES, delete_numbers, deletion_order
from ._geometry import Seed, country_order, edge_index, loop_edges, neighbours, renumber, shuffled
from ._inflate import inflate_loop
from ._puzzle import (
    DEFAULT_ATTEMPTS,
    GENERATOR_VERSION,
    GeneratedCountry,
    check_options,
    check_seed,
    generate,
    generate_puzzle,
    grade_stages,
)
from ._refine import REFINE_SHARE, START_SHARE, complete_layout

__all__ = [
    "DEFAULT_ATTEMPTS",
    "GENERATOR_VERSION",
    "DEFAULT_COUNTRY_SIZE",
    "DEFAULT_COVERAGE",
    "ORDERS",
    "RANK_STAGES",
    "REFINE_SHARE",
    "START_SHARE",
    "Seed",
    "Layout",
    "Carving",
    "GeneratedCountry",
    "inflate_loop",
    "cut_points",
    "cut_arcs",
    "country_count",
    "make_layout",
    "complete_layout",
    "deletion_order",
    "delete_numbers",
    "edge_index",
    "loop_edges",
    "neighbours",
    "country_order",
    "renumber",
    "shuffled",
    "check_seed",
    "check_options",
    "grade_stages",
    "generate_puzzle",
    "generate",
]
