"""loopcraft: generate pencil loop puzzles and prove their solutions unique, fast.

Submodules:
    loop: the Loop engine v1 (Slitherlink on n x n, n = 4..6), bit for bit.
    slitherlink: Slitherlink on any R x C board up to 100 x 100: formats, a
        uniqueness-proving solver, a grade and a generator.
    country: Country Road (board model, formats, referee, ladder, search, counting).

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

from . import (
    country,  # Country Road
    loop,
    slitherlink,
)
from .country import CountryRoad
from .errors import (
    CapacityError,
    FormatError,
    GenerationTimeout,
    LoopcraftError,
    NoPuzzleFound,
)
from .loop import LoopPuzzle
from .slitherlink import Slitherlink, generate_slitherlink

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
    "generate_slitherlink",
    "country",
    "CountryRoad",
    "LoopcraftError",
    "NoPuzzleFound",
    "FormatError",
    "CapacityError",
    "GenerationTimeout",
]
