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

import importlib as _importlib
from typing import TYPE_CHECKING

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

if TYPE_CHECKING:  # what the names below are, for type checkers and IDEs
    from typing import Any, Dict, List, Tuple

    from . import country, loop, slitherlink
    from ._batch import MAX_BATCH, errors_of
    from ._explain import Explanation, Position, Rule, Step
    from ._result import CheckResult, Count, Deduction, Findings, Grade, SolveResult, Violation
    from ._setter import Backbone, Conflict, Suggestion, Verdict
    from .country import CountryRoad
    from .loop import LoopPuzzle
    from .slitherlink import Slitherlink

    __version__: str

# The public names that live in submodules, loaded on first use (PEP 562):
# ``import loopcraft`` then costs what the error classes cost, not the
# three families, the drawing code and the package metadata (about 80 ms
# and 11 MB when everything was imported eagerly), so a command-line call,
# a worker process or a notebook pays only for what it touches. Each name
# maps to (module, attribute); no attribute means the module itself.
_LAZY: Dict[str, Tuple[str, str]] = {
    "loop": ("loopcraft.loop", ""),
    "slitherlink": ("loopcraft.slitherlink", ""),
    "country": ("loopcraft.country", ""),
    "LoopPuzzle": ("loopcraft.loop", "LoopPuzzle"),
    "Slitherlink": ("loopcraft.slitherlink", "Slitherlink"),
    "CountryRoad": ("loopcraft.country", "CountryRoad"),
    "errors_of": ("loopcraft._batch", "errors_of"),
    "MAX_BATCH": ("loopcraft._batch", "MAX_BATCH"),
    "Explanation": ("loopcraft._explain", "Explanation"),
    "Position": ("loopcraft._explain", "Position"),
    "Rule": ("loopcraft._explain", "Rule"),
    "Step": ("loopcraft._explain", "Step"),
    "CheckResult": ("loopcraft._result", "CheckResult"),
    "Count": ("loopcraft._result", "Count"),
    "Deduction": ("loopcraft._result", "Deduction"),
    "Findings": ("loopcraft._result", "Findings"),
    "Grade": ("loopcraft._result", "Grade"),
    "SolveResult": ("loopcraft._result", "SolveResult"),
    "Violation": ("loopcraft._result", "Violation"),
    "Backbone": ("loopcraft._setter", "Backbone"),
    "Conflict": ("loopcraft._setter", "Conflict"),
    "Suggestion": ("loopcraft._setter", "Suggestion"),
    "Verdict": ("loopcraft._setter", "Verdict"),
}


def __getattr__(name: str) -> Any:
    """Loads a public name on first use and keeps it in the module."""
    if name == "__version__":
        # importlib.metadata alone costs more to import than the rest of
        # ``import loopcraft`` does now, and only --version asks for it.
        metadata = _importlib.import_module("importlib.metadata")
        try:
            value: Any = metadata.version("loopcraft")
        except metadata.PackageNotFoundError:  # pragma: no cover - running from a source tree
            value = "0.0.0"
    elif name in _LAZY:
        module_name, attribute = _LAZY[name]
        module = _importlib.import_module(module_name)
        value = getattr(module, attribute) if attribute else module
    else:
        raise AttributeError(f"module 'loopcraft' has no attribute {name!r}")
    globals()[name] = value
    return value


def __dir__() -> List[str]:
    """The public names (loaded or not) and the error module."""
    return sorted({*__all__, "errors"})


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
    "Findings",
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
