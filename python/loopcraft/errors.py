"""The exceptions loopcraft raises on purpose, all under :class:`LoopcraftError`.

Each also derives from the built-in exception that fits, so callers can catch
``ValueError`` / ``TypeError`` as usual, or :class:`LoopcraftError` for
anything loopcraft raises on purpose:

- :class:`ArgumentError` (``ValueError``): an argument has a wrong value.
- :class:`ArgumentTypeError` (``TypeError``): an argument has a wrong type.
- :class:`FormatError` (``ValueError``): puzzle text, a URL or JSON could not be read.
- :class:`CapacityError` (``ValueError``): an enumeration would pass its cap.
- :class:`NoPuzzleFound` (``RuntimeError``): a generator used up its attempts.
- :class:`TimeLimitError` (``TimeoutError``): a call's time limit ran out
  before it had an answer to give (a hint); calls that can answer in part
  report themselves incomplete instead.
- :class:`GenerationTimeout` (a :class:`TimeLimitError`): a generator's time budget ran out.
- :class:`MissingExtraError` (``ModuleNotFoundError``): an optional extra is not installed.

``OSError`` from reading or writing files passes through unchanged. The
compiled core raises the same classes (it looks them up here).
"""

from __future__ import annotations

from typing import Optional

__all__ = [
    "LoopcraftError",
    "ArgumentError",
    "ArgumentTypeError",
    "FormatError",
    "CapacityError",
    "NoPuzzleFound",
    "TimeLimitError",
    "GenerationTimeout",
    "MissingExtraError",
]


class LoopcraftError(Exception):
    """Base class of the errors loopcraft raises on purpose."""


class ArgumentError(LoopcraftError, ValueError):
    """An argument has a wrong value (a size out of range, an unknown level, a
    clue outside 0..4); the message names the argument."""


class ArgumentTypeError(LoopcraftError, TypeError):
    """An argument has a wrong type; the message names the argument."""


class FormatError(LoopcraftError, ValueError):
    """Puzzle text, a URL or a JSON object could not be read.

    The message names what is wrong and where (line, row, column, character).
    The core's readers of puzzlekit text and puzz.link URLs also give the
    place as attributes, for tools that point at it (an editor, a page); each
    is ``None`` where the reader does not name it:

    - ``line``: the line of puzzlekit text, from 1;
    - ``row``, ``column``: the row and column of the board, from 1: of
      puzzlekit text's grid, or the cell a URL body's fault stands for (a
      character out of place, a body that ends before it);
    - ``part``: the part of a URL at fault: ``"envelope"`` (site, puzzle type,
      fields), ``"size"``, ``"flags"`` or ``"body"``;
    - ``position``: the character of the URL body at fault, from 1.

    >>> from loopcraft.slitherlink import Slitherlink
    >>> try:
    ...     Slitherlink.from_url("https://puzz.link/p?slither/3/2/1g3A")
    ... except FormatError as e:
    ...     print(e.part, e.position, e.row, e.column)
    body 4 2 1
    """

    def __init__(
        self,
        message: str,
        *,
        line: Optional[int] = None,
        row: Optional[int] = None,
        column: Optional[int] = None,
        part: Optional[str] = None,
        position: Optional[int] = None,
    ) -> None:
        super().__init__(message)
        self.line = line
        self.row = row
        self.column = column
        self.part = part
        self.position = position

    def with_message(self, message: str) -> FormatError:
        """The same error, at the same place, told with ``message``."""
        return FormatError(
            message, line=self.line, row=self.row, column=self.column, part=self.part, position=self.position
        )


class CapacityError(LoopcraftError, ValueError):
    """A bounded enumeration (such as a catalogue of Hamiltonian cycles) would pass its cap."""


class NoPuzzleFound(LoopcraftError, RuntimeError):
    """A generator used up its attempts without finding a puzzle.

    For the Loop engine v1 this is the reference's "500 attempts" error: the
    seed and size are valid, but no attempt produced a unique puzzle.
    """


class TimeLimitError(LoopcraftError, TimeoutError):
    """A call's time limit ran out before it had an answer to give.

    Raised where no part of an answer can be given, such as a hint: the step
    it would name is not known until its searches end, and "nothing to
    decide" would be a lie. Calls that can answer in part (a count, a
    backbone, a solve) report themselves incomplete instead.
    """


class GenerationTimeout(TimeLimitError):
    """A generator's time budget ran out before it produced a puzzle."""


class MissingExtraError(LoopcraftError, ModuleNotFoundError):
    """A feature needs an optional extra that is not installed; the message
    says which (``pip install 'loopcraft[png]'``)."""
