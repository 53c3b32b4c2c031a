"""loopcraft: generate pencil loop puzzles and prove their solutions unique, fast.

Three puzzle families side by side:

    loop: the Loop engine v1 (Slitherlink on n x n, n = 4..6), bit for bit.
    slitherlink: Slitherlink on any R x C board up to 100 x 100.
    country: Country Road.

``slitherlink`` and ``country`` answer the same calls (a frozen board with
``parse``/``from_url``/``to_url``/..., ``solve``, ``deduce``, ``grade``,
``check``; a module-level ``generate``, ``solve_many`` and ``LEVELS``). The
Loop engine v1 keeps the reference engine's own functions and objects
(``generate(n, seed)``, ``solve(clues, n)``, ``LoopPuzzle``), whose results
add the shared ``count``/``complete``/``unique``.

The result types are shared: :class:`SolveResult`, :class:`Deduction`,
:class:`Grade`, :class:`CheckResult` and :class:`Violation`; so is the error
hierarchy under :class:`LoopcraftError` (:func:`errors_of` lists the failed
items of a ``solve_many`` batch).

>>> import loopcraft
>>> print(loopcraft.loop.generate(4, "notes-example"))  # doctest: +NORMALIZE_WHITESPACE
+   +   +   +   +
  .   3   2   2
+   +   +   +   +
  .   .   .   .
+   +   +   +   +
  .   1   1   .
+   +   +   +   +
  0   .   2   .
+   +   +   +   +
"""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError
from importlib.metadata import version as _version

from . import country, loop, slitherlink
from ._batch import MAX_BATCH, errors_of
from ._explain import Explanation, Position, Rule, Step
from ._result import CheckResult, Count, Deduction, Grade, SolveResult, Violation
from ._setter import Backbone, Conflict, Suggestion, Verdict
from .country import CountryRoad
from .errors import (
    ArgumentError,
    ArgumentTypeError,
    CapacityError,
    FormatError,
    GenerationTimeout,
    LoopcraftError,
    MissingExtraError,
    NoPuzzleFound,
    TimeLimitError,
)
from .loop import LoopPuzzle
from .slitherlink import Slitherlink

try:
    __version__ = _version("loopcraft")
except PackageNotFoundError:  # pragma: no cover - running from a source tree
    __version__ = "0.0.0"

__all__ = [
    "__version__",
    "loop",
    "LoopPuzzle",
    "slitherlink",
    "Slitherlink",
    "country",
    "CountryRoad",
    "SolveResult",
    "Count",
    "Deduction",
    "Grade",
    "CheckResult",
    "Violation",
    "Backbone",
    "Suggestion",
    "Conflict",
    "Verdict",
    "Rule",
    "Step",
    "Explanation",
    "Position",
    "errors_of",
    "MAX_BATCH",
    "LoopcraftError",
    "ArgumentError",
    "ArgumentTypeError",
    "FormatError",
    "CapacityError",
    "NoPuzzleFound",
    "GenerationTimeout",
    "TimeLimitError",
    "MissingExtraError",
]
