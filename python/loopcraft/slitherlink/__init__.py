"""Slitherlink on any R x C board (1 <= R, C <= 100): formats, a strong
uniqueness-proving solver, a grade and a seeded generator.

Read a puzzle from a puzz.link URL, puzzlekit / Janko text, a Tatham Loopy game
ID or JSON; solve it and prove its solution unique; write it back out.

>>> from loopcraft.slitherlink import Slitherlink
>>> p = Slitherlink.from_url("https://puzz.link/p?slither/5/5/g31bh0ck16023c")
>>> result = p.solve()
>>> result.count, result.complete, result.unique
(1, True, True)
>>> print(result.solution.to_puzzlekit())
5 5
- x x x x
- - x x x
- - - x -
- x x x x
- - x - -
>>> p.grade().level
'tricky'

Edge numbering (``Solution.edges``): on an R x C board, ``H(r, c) = r*C + c``
is the top side of cell (r, c) for r in 0..R, and ``V(r, c) = (R+1)*C +
r*(C+1) + c`` the left side of cell (r, c) for c in 0..C. ``h_edges`` and
``v_edges`` give the same values as rows.
"""

from __future__ import annotations

from .._result import CheckResult, Grade, SolveResult, Violation
from ..errors import FormatError, GenerationTimeout, NoPuzzleFound
from ._board import LEVELS, MAX_SIZE, Slitherlink
from ._count import ENGINES, count_solutions
from ._deduction import SlitherlinkDeduction
from ._explain import RULES
from ._formats import URL_SITES
from ._generate import generate
from ._many import solve_many
from ._referee import RULES as CHECK_RULES
from ._referee import check
from ._solution import Solution

__all__ = [
    "Slitherlink",
    "Solution",
    "SolveResult",
    "SlitherlinkDeduction",
    "Grade",
    "CheckResult",
    "Violation",
    "LEVELS",
    "RULES",
    "CHECK_RULES",
    "MAX_SIZE",
    "URL_SITES",
    "check",
    "count_solutions",
    "ENGINES",
    "solve_many",
    "generate",
    "FormatError",
    "GenerationTimeout",
    "NoPuzzleFound",
]
