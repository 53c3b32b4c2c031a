"""What every family's text readers share.

The text formats the core knows (puzzlekit problem text and puzz.link URLs,
for Slitherlink and Country Road, and the solution texts) have one reader,
the core's (``rust/read/``): :func:`read` calls it, so ``parse``, the
``from_*`` readers and the batches read a text the same way. Its messages
count lines, rows and columns from 1, as ``line 3 (row 2, column 1): ...``.
The formats only Python reads (JSON here, Tatham Loopy IDs in
:mod:`loopcraft.slitherlink._formats`) use the helpers below.

>>> read("slitherlink", "puzzlekit", "2 3\\n\\n- 2 -\\n3 - 0", "puzzle text")
(2, 3, [None, 2, None, 3, None, 0])
>>> read("slitherlink", "any", "3x2t0:1a3c", "text")
'tatham'
"""

from __future__ import annotations

import json
import re
from typing import Any, Dict, Union

from . import _core
from ._validate import show
from .errors import ArgumentTypeError, FormatError

__all__ = [
    "MAX_TEXT",
    "MAX_DIGITS",
    "read",
    "detect",
    "is_digits",
    "digits_int",
    "place",
    "load_json",
    "parse_json",
    "json_record",
]

#: Longest text read; longer text is refused before it is split (the core's limit).
MAX_TEXT: int = _core.MAX_TEXT

#: Longest run of digits read as a number. Far above any size, count, clue or
#: region id anyone writes, and below the length at which Python refuses to
#: convert a string to an int (4,300 digits by default since 3.11, a plain
#: ValueError), so a longer run is refused as a FormatError (the core's limit).
MAX_DIGITS: int = _core.MAX_DIGITS


def read(family: str, fmt: str, text: Any, what: str) -> Any:
    """The core's reader of ``fmt`` (``"any"``, ``"url"``, ``"puzzlekit"``,
    ``"solution"``, ``"loop"``) for ``family`` (see ``_core.read_text``);
    ``what`` names ``text`` when it is not a str.

    Raises:
        ArgumentTypeError: ``text`` is not a str.
        FormatError: the reader refuses the text (the message says where).
    """
    if not isinstance(text, str):
        raise ArgumentTypeError(f"{what} must be a str, got {type(text).__name__}")
    try:
        return _core.read_text(family, fmt, text)
    except UnicodeEncodeError:  # a lone surrogate: no Rust str can hold it
        return _read_surrogates(family, fmt, text)


#: Where lone surrogates go on their way through the core: U+D800 + k is
#: sent as U+10F800 + k (private use: no format reads it as anything but a
#: character of a name, or a character it refuses).
_SHIFT = 0x10F800 - 0xD800
_SURROGATE = re.compile("[\ud800-\udfff]")
_SHIFTED = re.compile("[\U0010f800-\U0010ffff]")
_SHIFTED_REPR = re.compile(r"\\U0010f([89a-f][0-9a-f]{2})")


def _read_surrogates(family: str, fmt: str, text: str) -> Any:
    """:func:`read` of a text holding lone surrogates: each goes in shifted
    into plane 16 and comes back out of names and messages as itself (a text
    that also holds such plane-16 characters has its surrogates read as U+FFFD)."""
    if _SHIFTED.search(text):
        return _core.read_text(family, fmt, _SURROGATE.sub("\ufffd", text))

    def back(s: str) -> str:
        return _SHIFTED.sub(lambda m: chr(ord(m.group()) - _SHIFT), s)

    def back_all(value: Any) -> Any:
        if isinstance(value, str):
            return back(value)
        if isinstance(value, (list, tuple)):
            return type(value)(back_all(v) for v in value)
        return value

    try:
        read = _core.read_text(family, fmt, _SURROGATE.sub(lambda m: chr(ord(m.group()) + _SHIFT), text))
    except FormatError as err:
        message = _SHIFTED_REPR.sub(lambda m: "\\u%04x" % (int("f" + m.group(1), 16) - 0xF800 + 0xD800), str(err))
        raise err.with_message(back(message)) from None
    return back_all(read)


def detect(family: str, text: Any) -> str:
    """The format ``parse`` reads ``text`` as: ``"url"``, ``"puzzlekit"``,
    ``"json"`` or ``"tatham"`` (the core's rule, ``read::detect``)."""
    if not isinstance(text, str):
        raise ArgumentTypeError(f"text must be a str, got {type(text).__name__}")
    fmt: str = _core.text_format(family, text)
    return fmt


def is_digits(token: str) -> bool:
    """True for a non-empty run of ASCII digits ``0``-``9``.

    ``str.isdigit`` is not enough: it also accepts characters such as ``"²"``
    that ``int`` refuses, which once let a bare ``ValueError`` escape.
    """
    return token.isascii() and token.isdigit()


def digits_int(token: str, where: str) -> int:
    """The int of a run of digits already checked by the caller; one of more
    than :data:`MAX_DIGITS` digits is a FormatError that starts with ``where``.

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


def place(line_no: int, row: int, col: int = -1) -> str:
    """``"line 3 (row 2, column 1)"`` for 0-based ``row`` and ``col`` (no column
    when negative), as the core's reader writes places."""
    if col < 0:
        return f"line {line_no} (row {row + 1})"
    return f"line {line_no} (row {row + 1}, column {col + 1})"


def _json_int(digits: str) -> int:
    """A JSON integer, refused past :data:`MAX_DIGITS` digits as the text
    readers refuse it (else Python's own limit speaks, naming its settings)."""
    if len(digits.lstrip("-")) > MAX_DIGITS:
        raise ValueError(f"a number of {len(digits.lstrip('-'))} digits is too long (at most {MAX_DIGITS})")
    return int(digits)


def parse_json(text: Union[str, bytes, bytearray]) -> Any:
    """``json.loads`` with integers bounded as :func:`_json_int` says; raises
    ValueError or RecursionError as ``json.loads`` does."""
    return json.loads(text, parse_int=_json_int)


def load_json(text: Any) -> Any:
    """Parses JSON text (str or bytes); malformed text is a FormatError."""
    if not isinstance(text, (str, bytes, bytearray)):
        raise ArgumentTypeError(f"JSON must be str or bytes, got {type(text).__name__}")
    if len(text) > MAX_TEXT:
        raise FormatError(f"JSON text is too long ({len(text)} characters)")
    # A byte order mark, as some editors save it, is read past (RFC 8259
    # allows it), as the text formats' readers do.
    text = text.removeprefix("\ufeff") if isinstance(text, str) else bytes(text).removeprefix(b"\xef\xbb\xbf")
    try:
        return parse_json(text)
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
