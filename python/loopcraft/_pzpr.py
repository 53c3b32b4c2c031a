"""The puzz.link (pzprjs) URL envelope and the body codecs every family uses.

A pzprjs URL is ``{site prefix}{pid}[/{flags}]/{cols}/{rows}/{body}``. This
module reads and writes that envelope once, with one rule set:

- the query is what follows the first ``?`` (a bare ``pid/...`` tail is also
  accepted); a text with ``://`` but no ``?`` is not a puzzle URL;
- a ``#`` fragment (from copy-paste) is dropped;
- a flag word comes before the size when the first field is not a number;
  the family decides which flags it understands (:func:`refuse_flags`);
- one trailing slash after the body is accepted; any further field is refused;
- the size fields must be whole numbers; the family checks their range.

The codecs are pzprjs's own encodings of a body: border bits (5 per base-32
character, most significant first), numbers (hex digits, with ``-``/``+``/...
prefixes for wider ones), and runs of skipped cells or rooms (``g``..``z``
skip 1..20).

>>> u = read_url("https://puzz.link/p?country/5/5/amda0uf02h12h/", ("country",), "Country Road", lambda r, c, w: None)
>>> u.pid, u.cols, u.rows, u.body
('country', 5, 5, 'amda0uf02h12h')
>>> write_url("pzv.jp", "country", 5, 5, u.body)
'http://pzv.jp/p.html?country/5/5/amda0uf02h12h'
>>> decode_numbers("2h12h", 0, 6)
({0: 2, 3: 1, 4: 2}, 5)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Dict, List, Mapping, Optional, Sequence, Tuple

from . import _core
from ._text import digits_int, is_digits
from ._validate import show
from .errors import ArgumentError, ArgumentTypeError, FormatError

__all__ = [
    "URL_SITES",
    "MAX_URL",
    "PzprUrl",
    "read_url",
    "refuse_flags",
    "write_url",
    "skip_char",
    "skip_count",
    "skips",
    "encode_bits",
    "decode_bits",
    "encode_number",
    "encode_numbers",
    "decode_numbers",
]

#: The sites known to serve the pzprjs player: ``to_url(site=...)`` picks one.
URL_SITES: Dict[str, str] = dict(_core.URL_SITES)

#: Longest URL read; longer text is refused before it is split.
MAX_URL: int = _core.MAX_URL

#: ``check_size(rows, cols, where)``: the family's range check of a size read from a URL.
SizeCheck = Callable[[int, int, str], None]

_B32 = "0123456789abcdefghijklmnopqrstuv"
_HEX = "0123456789abcdef"
#: Wider number forms: prefix, hex digits, offset, upper bound (exclusive).
_NUMBER_FORMS: Tuple[Tuple[str, int, int, int], ...] = (
    ("-", 2, 0, 256),
    ("+", 3, 0, 4096),
    ("=", 3, 4096, 8192),
    ("%", 3, 8192, 12240),
    ("*", 4, 12240, 77776),
    ("$", 5, 77776, 1126352),
)


@dataclass(frozen=True)
class PzprUrl:
    """The fields of a pzprjs URL: puzzle id, flag word (``""`` if none), size and body."""

    pid: str
    flags: str
    cols: int
    rows: int
    body: str


def _query(url: str) -> str:
    s = url.strip()
    if len(s) > MAX_URL:
        raise FormatError(f"URL is too long ({len(s)} characters)")
    if "?" in s:
        query = s.split("?", 1)[1]
    elif "://" in s:
        raise FormatError(f"not a puzzle URL (no '?' query): {s[:80]!r}")
    else:
        query = s
    return query.split("#", 1)[0]


def read_url(url: Any, pids: Sequence[str], family: str, check_size: SizeCheck) -> PzprUrl:
    """Reads the envelope of a pzprjs URL of one of ``pids`` (the first is the
    canonical one). ``family`` names the puzzle in messages; ``check_size``
    refuses a size outside the family's range before anything is allocated.

    Raises:
        ArgumentTypeError: ``url`` is not a str.
        FormatError: another puzzle type, missing or extra fields, a size
            that is not a whole number or out of range.
    """
    if not isinstance(url, str):
        raise ArgumentTypeError(f"url must be a str, got {type(url).__name__}")
    parts = _query(url).split("/")
    pid = parts[0]
    if pid not in pids:
        raise FormatError(f"not a {family} URL: the puzzle type is {pid!r}, expected {pids[0]!r}")
    rest = parts[1:]
    flags = ""
    if rest and rest[0] and not is_digits(rest[0]):
        flags = rest.pop(0)
    if len(rest) < 3:
        raise FormatError(f"URL has no COLS/ROWS/BODY after '{pid}/': {url.strip()[:80]!r}")
    if len(rest) == 4 and rest[3] == "":
        rest.pop()
    if len(rest) > 3:
        raise FormatError(f"URL has extra fields after the body: {'/'.join(rest[3:])[:40]!r}")
    cols_s, rows_s, body = rest
    for name, s in (("columns", cols_s), ("rows", rows_s)):
        if not is_digits(s):
            raise FormatError(f"URL: the number of {name} must be a whole number, got {s!r}")
    cols = digits_int(cols_s, "URL: the number of columns")
    rows = digits_int(rows_s, "URL: the number of rows")
    check_size(rows, cols, "URL")
    return PzprUrl(pid, flags, cols, rows, body)


def refuse_flags(flags: str, family: str, known: Mapping[str, str]) -> None:
    """Refuses a flag word: ``known`` maps the flags a family recognises but does
    not support to the reason; any other flag is unknown."""
    if not flags:
        return
    for flag, reason in known.items():
        if flag in flags:
            raise FormatError(reason)
    raise FormatError(f"unknown {family} URL flag {flags!r}")


def write_url(site: Any, pid: str, cols: int, rows: int, body: str) -> str:
    """``{site prefix}{pid}/{cols}/{rows}/{body}``; ``site`` is a key of :data:`URL_SITES`."""
    if not isinstance(site, str):
        raise ArgumentTypeError(f"site must be a str, got {type(site).__name__}")
    if site not in URL_SITES:
        raise ArgumentError(f"site must be one of {', '.join(URL_SITES)}, got {show(site)}")
    return f"{URL_SITES[site]}{pid}/{cols}/{rows}/{body}"


# --------------------------------------------------------------------------- skips


def skip_char(count: int) -> str:
    """The character skipping ``count`` (1..20) cells or rooms: ``g`` .. ``z``."""
    if not 1 <= count <= 20:
        raise ArgumentError(f"a skip character covers 1..20, got {count}")
    return chr(ord("g") + count - 1)


def skip_count(ch: str) -> int:
    """How many cells or rooms ``ch`` skips (1..20), or 0 when it is no skip character."""
    return ord(ch) - ord("g") + 1 if "g" <= ch <= "z" else 0


def skips(count: int) -> str:
    """A run of ``count`` skipped cells or rooms (``z`` per 20, then the rest)."""
    whole, rest = divmod(count, 20)
    return "z" * whole + (skip_char(rest) if rest else "")


# --------------------------------------------------------------------------- border bits


def encode_bits(bits: Sequence[int]) -> str:
    """0/1 values, 5 per base-32 character (most significant first, zero padded)."""
    out: List[str] = []
    for i in range(0, len(bits), 5):
        chunk = list(bits[i : i + 5]) + [0] * (5 - len(bits[i : i + 5]))
        out.append(_B32[sum(b << (4 - j) for j, b in enumerate(chunk))])
    return "".join(out)


def decode_bits(body: str, pos: int, count: int, what: str) -> Tuple[List[int], int]:
    """Reads ``count`` bits from ``body[pos:]``; returns them and the position after them."""
    nchars = (count + 4) // 5
    chunk = body[pos : pos + nchars]
    if len(chunk) < nchars:
        raise FormatError(f"URL body ends inside the {what} (needs {nchars} characters, has {len(chunk)})")
    bits: List[int] = []
    for i, ch in enumerate(chunk):
        v = _B32.find(ch)
        if v < 0:
            raise FormatError(f"URL body character {pos + i + 1} {ch!r} in the {what} is not base-32 (0-9, a-v)")
        bits.extend(1 if v & w else 0 for w in (16, 8, 4, 2, 1))
    return bits[:count], pos + nchars


# --------------------------------------------------------------------------- numbers


def encode_number(n: int) -> str:
    """One number: a hex digit below 16, else a prefixed form (up to 1126351)."""
    if 0 <= n < 16:
        return _HEX[n]
    for prefix, width, offset, hi in _NUMBER_FORMS:
        if n < hi:
            return prefix + format(n - offset, "x").rjust(width, "0")
    raise ArgumentError(f"number {n} is too large for a puzz.link URL")


def encode_numbers(values: Sequence[Optional[int]]) -> str:
    """Numbers in order, runs of ``None`` as skip characters."""
    out: List[str] = []
    blank = 0
    for n in values:
        if n is None:
            blank += 1
            continue
        out.append(skips(blank))
        blank = 0
        out.append(encode_number(n))
    out.append(skips(blank))
    return "".join(out)


def decode_numbers(body: str, pos: int, count: int, what: str = "number") -> Tuple[Dict[int, int], int]:
    """Reads numbers for ``count`` items from ``body[pos:]``: a dict item -> number
    (``.``, a "?" number, and skipped items get none) and the position after them.
    ``what`` names an item's number in messages."""
    numbers: Dict[int, int] = {}
    item = 0
    i = pos
    while i < len(body) and item < count:
        ch = body[i]
        if ch in _HEX:
            numbers[item] = int(ch, 16)
        elif ch == ".":
            pass  # a "?" number: there is one, unknown; it constrains nothing
        elif skip_count(ch):
            item += skip_count(ch) - 1
        else:
            for prefix, width, offset, _ in _NUMBER_FORMS:
                if ch == prefix:
                    digits = body[i + 1 : i + 1 + width]
                    if len(digits) != width or any(d not in _HEX for d in digits):
                        raise FormatError(f"URL number after {prefix!r} needs {width} hex digits, got {digits!r}")
                    numbers[item] = int(digits, 16) + offset
                    i += width
                    break
            else:
                raise FormatError(f"URL body character {i + 1} {ch!r} is not a {what}")
        item += 1
        i += 1
    return numbers, i
