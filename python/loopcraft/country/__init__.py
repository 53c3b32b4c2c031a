"""Country Road: board model, formats, referee, region graph, ladder, search and counting.

Rules: draw one closed loop through cell centres that visits every country
exactly once; a number is how many cells of its country the loop uses; two
orthogonally adjacent cells of different countries may not both be unused.

>>> from loopcraft.country import CountryRoad, check, count_solutions
>>> b = CountryRoad.parse("https://puzz.link/p?country/5/5/amda0uf02h12h")
>>> r = b.solve()
>>> r.unique, check(b, r.solution).ok
(True, True)
>>> b.deduce().fraction, b.grade().level in LEVELS
(1.0, True)
>>> count_solutions(CountryRoad.from_regions([[0, 1, 2], [3, 4, 5]]), engine="loops")
1
>>> generate(6, 6, seed=1).is_unique()
True

Layout: ``_loop`` (sizes, edge numbering, :class:`CountryLoop`), ``_board``
(:class:`CountryRoad`), ``_formats`` (readers and writers on raw data),
``_graph`` (:class:`RegionGraph`), ``_referee`` (the rules), ``_ladder``
(the one path to the compiled core), ``_api`` (the module functions),
``_generate`` (loop-first generation) and ``stats`` (the measurement
tables); banks of any family are :mod:`loopcraft.bank`. See docs/country-road.md.
"""

from __future__ import annotations

from .._result import CheckResult, Grade, SolveResult, Violation
from ._api import check, count_solutions, deduce, region_graph, solve
from ._board import CountryRoad
from ._explain import RULES
from ._generate import DEFAULT_ATTEMPTS, ORDERS, GeneratedCountry, generate, generate_puzzle
from ._graph import RegionGraph
from ._ladder import ENGINES, LEVELS, STAGES, CountryDeduction
from ._loop import MAX_SIDE, MIN_SIDE, CountryLoop, Solution, as_loop
from ._many import solve_many
from ._referee import RULES as CHECK_RULES

__all__ = [
    "CountryRoad",
    "CountryLoop",
    "Solution",
    "SolveResult",
    "CountryDeduction",
    "Grade",
    "RegionGraph",
    "CheckResult",
    "Violation",
    "RULES",
    "CHECK_RULES",
    "LEVELS",
    "STAGES",
    "ENGINES",
    "ORDERS",
    "MIN_SIDE",
    "MAX_SIDE",
    "DEFAULT_ATTEMPTS",
    "check",
    "solve",
    "solve_many",
    "deduce",
    "count_solutions",
    "region_graph",
    "as_loop",
    "generate",
    "generate_puzzle",
    "GeneratedCountry",
]
