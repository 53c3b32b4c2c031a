"""Country Road: board model, formats, referee, region graph, ladder, search and counting.

Rules: draw one closed loop through cell centres that visits every country
exactly once; a number is how many cells of its country the loop uses; two
orthogonally adjacent cells of different countries may not both be unused.

>>> from loopcraft.country import CountryRoad, check, count_solutions
>>> b = CountryRoad.from_url("https://puzz.link/p?country/5/5/amda0uf02h12h")
>>> r = b.solve()
>>> r.unique, check(b, r.solution).ok
(True, True)
>>> b.deduce().fraction
1.0
>>> count_solutions(CountryRoad.from_regions([[0, 1, 2], [3, 4, 5]]), engine="loops")
1
>>> generate(6, 6, seed=1).is_unique()
True

Submodules: ``generator`` (loop-first generation), ``stats`` (the measurement
tables), ``bank`` (resumable puzzle banks).
"""

from __future__ import annotations

from .bank import read_bank, write_bank
from .board import MAX_SIDE, MIN_SIDE, CountryRoad
from .formats import (
    from_json,
    from_puzzlekit,
    from_url,
    read_any,
    to_json,
    to_puzzlekit,
    to_url,
)
from .generator import GeneratedCountry, generate, generate_puzzle
from .graph import RegionGraph, region_graph
from .loop import CountryLoop, Solution, as_loop
from .referee import RULES, CheckResult, Violation, check
from .solve import (
    ENGINES,
    STAGES,
    Deduction,
    SolveResult,
    count_solutions,
    deduce,
    solve,
)

__all__ = [
    "CountryRoad",
    "CountryLoop",
    "Solution",
    "SolveResult",
    "Deduction",
    "RegionGraph",
    "CheckResult",
    "Violation",
    "RULES",
    "STAGES",
    "ENGINES",
    "MIN_SIDE",
    "MAX_SIDE",
    "check",
    "solve",
    "deduce",
    "count_solutions",
    "region_graph",
    "as_loop",
    "read_any",
    "from_puzzlekit",
    "to_puzzlekit",
    "from_url",
    "to_url",
    "from_json",
    "to_json",
    "generate",
    "generate_puzzle",
    "GeneratedCountry",
    "write_bank",
    "read_bank",
]
