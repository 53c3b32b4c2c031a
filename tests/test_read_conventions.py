"""The core's reader (``rust/read/text.rs``) follows Python's own string conventions.

The text formats were first defined by Python readers, with ``str.split``,
``str.splitlines`` and ``repr`` in their messages; the core's reader restates
those rules. Python itself is the oracle here, character by character: every
code point below U+3100 (where all of Python's whitespace lies) and a sample
of the rest of Unicode.
"""

from __future__ import annotations

import unicodedata
from typing import Iterator

from loopcraft import _core
from loopcraft.errors import FormatError


def _code_points() -> Iterator[str]:
    """Every character below U+3100, then every 61st one above (no surrogates)."""
    for i in [*range(0x3100), *range(0x3100, 0x110000, 61), 0xFEFF, 0x10FFFF]:
        if not 0xD800 <= i <= 0xDFFF:
            yield chr(i)


def _reads(text: str) -> bool:
    try:
        _core.read_text("slitherlink", "puzzlekit", text)
    except FormatError:
        return False
    return True


def _breaks_lines(c: str) -> bool:
    return len(f"a{c}b".splitlines()) == 2


def test_line_breaks_are_those_of_splitlines():
    wrong = [c for c in _code_points() if _reads(f"1 1{c}-") != _breaks_lines(c)]
    assert wrong == []
    assert _reads("1 1\r\n-") and not _reads("1 1\n\r-\n-")  # \r\n is one break, \n\r two: a blank line


def test_whitespace_is_that_of_str_split():
    # Within a line (a line break would split it first).
    wrong = [c for c in _code_points() if not _breaks_lines(c) and _reads(f"1{c}1\n-") != c.isspace()]
    assert wrong == []


def test_messages_quote_characters_as_repr_does():
    wrong = []
    for c in _code_points():
        if c.isspace() or c in "-.01234" or unicodedata.category(c) == "Cn":
            continue  # unassigned characters: the core has no table of them
        try:
            _core.read_text("slitherlink", "puzzlekit", "1 1\n" + c)
        except FormatError as err:
            shown = str(err).split("unexpected ", 1)[1].split("; expected", 1)[0]
            if shown != repr(c):
                wrong.append((c, shown))
        else:
            wrong.append((c, "read"))
    assert wrong == []
    for token in ("it's", 'say"x"', "both'and\"", "back\\slash", "\x7f\x9f\xadx"):
        try:
            _core.read_text("slitherlink", "puzzlekit", f"1 1\n{token}")
        except FormatError as err:
            assert repr(token) in str(err), (token, str(err))
        else:
            raise AssertionError(token)
