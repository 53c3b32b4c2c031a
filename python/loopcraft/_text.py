"""The line-based text formats every family reads: an ``"R C"`` header, then rows of tokens.

Messages count lines, rows and columns from 1 and name the line a problem is
on, as ``line 3 (row 2, column 1): ...``. Blank lines are skipped everywhere.

>>> rows, cols, body = read_header("2 3\\n\\n- 2 -\\n3 - 0", "puzzle text", lambda r, c, w: None)
>>> rows, cols, body
(2, 3, [(3, '- 2 -'), (4, '3 - 0')])
>>> row_tokens(body[0], 0, cols)
['-', '2', '-']
"""

from __future__ import annotations

import json
import re
from typing import Any, Callable, Dict, List, Tuple

from . import _core
from ._validate import show
from .errors import ArgumentTypeError, FormatError

__all__ = [
    "MAX_TEXT",
    "MAX_DIGITS",
    "is_digits",
    "digits_int",
    "Line",
    "numbered_lines",
    "int_token",
    "read_header",
    "body_lines",
    "row_tokens",
    "place",
    "load_json",
    "json_record",
]

#: Longest text read; longer text is refused before it is split (the core's limit).
MAX_TEXT: int = _core.MAX_TEXT

#: Longest run of digits read as a number. Far above any size, count, clue or
#: region id anyone writes, and below the length at which Python refuses to
#: convert a string to an int (4,300 digits by default since 3.11, a plain
#: ValueError), so a longer run is refused here as a FormatError.
MAX_DIGITS: int = _core.MAX_DIGITS

#: A non-blank line and its 1-based number.
Line = Tuple[int, str]

#: ``check_size(rows, cols, where)``: the family's range check of a size read from a header.
SizeCheck = Callable[[int, int, str], None]


def is_digits(token: str) -> bool:
    """True for a non-empty run of ASCII digits ``0``-``9``.

    ``str.isdigit`` is not enough: it also accepts characters such as ``"²"``
    that ``int`` refuses, which once let a bare ``ValueError`` escape.
    """
    return token.isascii() and token.isdigit()


def digits_int(token: str, where: str) -> int:
    """The int of a run of digits (optionally signed) already checked by the
    caller; one of more than :data:`MAX_DIGITS` digits is a FormatError that
    starts with ``where``.

    >>> digits_int("0042", "line 1")
    42
    >>> digits_int("9" * 5000, "line 1")
    Traceback (most recent call last):
    ...
    loopcraft.errors.FormatError: line 1: a number of 5000 digits is too long (at most 1000)
    """
    if len(token) > MAX_DIGITS:
        raise FormatError(f"{where}: a number of {len(token)} digits is too long (at most {MAX_DIGITS})")
    return int(token)


def numbered_lines(text: str) -> List[Line]:
    """Non-blank lines with their 1-based line numbers."""
    return [(i + 1, line) for i, line in enumerate(text.splitlines()) if line.strip()]


def int_token(token: str, what: str, line_no: int) -> int:
    """A whole number token; ``what`` names it in the message."""
    if not re.fullmatch(r"[+-]?\d+", token):
        raise FormatError(f"line {line_no}: {what} must be a whole number, got {token[:40]!r}")
    return digits_int(token, f"line {line_no}: {what}")


def read_header(text: Any, what: str, check_size: SizeCheck) -> Tuple[int, int, List[Line]]:
    """Reads the ``"R C"`` first line; returns (R, C, the other non-blank lines).

    ``what`` names the text in messages (``"puzzle text"``); ``check_size``
    refuses a size outside the family's range before anything is allocated.
    """
    if not isinstance(text, str):
        raise ArgumentTypeError(f"{what} must be a str, got {type(text).__name__}")
    if len(text) > MAX_TEXT:
        raise FormatError(f"{what} is too long ({len(text)} characters)")
    lines = numbered_lines(text)
    if not lines:
        raise FormatError(f"empty {what}: expected a line 'ROWS COLS' and then the rows")
    line_no, head = lines[0]
    parts = head.split()
    if len(parts) != 2:
        raise FormatError(f"line {line_no}: expected the size as 'ROWS COLS', got {head.strip()!r}")
    rows = int_token(parts[0], "the number of rows", line_no)
    cols = int_token(parts[1], "the number of columns", line_no)
    check_size(rows, cols, f"line {line_no}")
    return rows, cols, lines[1:]


def body_lines(body: List[Line], count: int, what: str, shape: str) -> List[Line]:
    """Checks that exactly ``count`` lines follow the header; ``shape`` says what
    the header asks for (``"3 rows"``) in the messages."""
    if len(body) < count:
        raise FormatError(f"{what}: the header says {shape}, but only {len(body)} follow")
    if len(body) > count:
        line_no, extra = body[count]
        raise FormatError(f"line {line_no}: the header says {shape}; unexpected extra line {extra.strip()[:40]!r}")
    return body


def place(line_no: int, row: int, col: int = -1) -> str:
    """``"line 3 (row 2, column 1)"`` for 0-based ``row`` and ``col`` (no column when negative)."""
    if col < 0:
        return f"line {line_no} (row {row + 1})"
    return f"line {line_no} (row {row + 1}, column {col + 1})"


def row_tokens(line: Line, row: int, cols: int, compact: bool = False) -> List[str]:
    """The ``cols`` space-separated tokens of a row (0-based ``row``). With
    ``compact``, a single token of ``cols`` characters is read as one token each."""
    line_no, text = line
    tokens = text.split()
    if compact and len(tokens) == 1 and cols > 1 and len(tokens[0]) == cols:
        tokens = list(tokens[0])
    if len(tokens) != cols:
        raise FormatError(f"{place(line_no, row)}: expected {cols} cells, got {len(tokens)}")
    return tokens


def load_json(text: Any) -> Any:
    """Parses JSON text (str or bytes); malformed text is a FormatError."""
    if not isinstance(text, (str, bytes, bytearray)):
        raise ArgumentTypeError(f"JSON must be str or bytes, got {type(text).__name__}")
    if len(text) > MAX_TEXT:
        raise FormatError(f"JSON text is too long ({len(text)} characters)")
    try:
        return json.loads(text)
    except ValueError as exc:  # also a number longer than Python converts
        raise FormatError(f"not valid JSON: {exc}") from None
    except RecursionError:
        raise FormatError("not valid JSON: nested too deeply") from None


def json_record(data: Any, family: str, kind: str, key: str) -> Dict[str, Any]:
    """Checks the envelope of a family's JSON object: an object, whose ``kind``
    (optional) is ``kind``, holding ``key``."""
    if not isinstance(data, dict):
        raise FormatError(f"a {family} JSON object must be an object, got {type(data).__name__}")
    found = data.get("kind", kind)
    if found != kind:
        raise FormatError(f"JSON 'kind' is {show(found)}, expected {kind!r}")
    if key not in data:
        raise FormatError(f"JSON object has no {key!r}")
    return data
