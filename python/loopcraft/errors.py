"""Exceptions raised by loopcraft.

Every error is a subclass of a built-in exception, so callers can catch
``ValueError``/``TypeError`` as usual, or :class:`LoopcraftError` for anything
raised on purpose by this package.
"""

from __future__ import annotations

from ._core import CapacityError as _CoreCapacityError

__all__ = [
    "LoopcraftError",
    "NoPuzzleFound",
    "FormatError",
    "CapacityError",
    "GenerationTimeout",
]


class LoopcraftError(Exception):
    """Base class of the errors loopcraft raises on purpose."""


class NoPuzzleFound(LoopcraftError, RuntimeError):
    """A generator used up its attempts without finding a puzzle.

    For the Loop engine v1 this is the reference's "500 attempts" error: the
    seed and size are valid, but no attempt produced a unique puzzle.
    """


class FormatError(LoopcraftError, ValueError):
    """Puzzle text, a URL or a JSON object could not be read.

    The message names what is wrong and where (row, column, character).
    """


class GenerationTimeout(LoopcraftError, TimeoutError):
    """A generator's time budget ran out before it produced a puzzle."""


#: A bounded enumeration (such as a catalogue of Hamiltonian cycles) would pass
#: its cap. A subclass of ``ValueError``, raised by the compiled core.
CapacityError = _CoreCapacityError
