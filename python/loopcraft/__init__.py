"""loopcraft: generate pencil loop puzzles and prove their solutions unique, fast.

Submodules:
    loop: the Loop engine v1 (Slitherlink on n x n, n = 4..6), bit for bit.
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

from importlib.metadata import PackageNotFoundError, version as _version

from . import loop
from . import country  # Country Road
from .country import CountryRoad
from .errors import CapacityError, FormatError, GenerationTimeout, LoopcraftError, NoPuzzleFound
from .loop import LoopPuzzle

try:
    __version__ = _version("loopcraft")
except PackageNotFoundError:  # pragma: no cover - running from a source tree
    __version__ = "0.0.0"

__all__ = [
    "__version__",
    "loop",
    "LoopPuzzle",
    "country",
    "CountryRoad",
    "LoopcraftError",
    "NoPuzzleFound",
    "FormatError",
    "CapacityError",
    "GenerationTimeout",
]
