"""The puzz.link (pzprjs) URL writers and body encoders every family uses.

A pzprjs URL is ``{site prefix}{pid}[/{flags}]/{cols}/{rows}/{body}``. The
one reader of these URLs is the core's (``rust/read/pzpr.rs``, called through
:func:`loopcraft._text.read`); this module writes them: the envelope on one
of the known sites, and pzprjs's encodings of a body: border bits (5 per
base-32 character, most significant first), numbers (hex digits, with
``-``/``+``/... prefixes for wider ones), and runs of skipped cells or rooms
(``g``..``z`` skip 1..20).

>>> write_url("pzv.jp", "country", 5, 5, "amda0uf02h12h")
'http://pzv.jp/p.html?country/5/5/amda0uf02h12h'
>>> encode_numbers([2, None, None, 1, 2, None, None])
'2h12h'
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Sequence, Tuple

from . import _core
from ._validate import show
from .errors import ArgumentError, ArgumentTypeError

__all__ = [
    "URL_SITES",
    "MAX_URL",
    "write_url",
    "skip_char",
    "skips",
    "encode_bits",
    "encode_number",
    "encode_numbers",
]

#: The sites known to serve the pzprjs player: ``to_url(site=...)`` picks one.
URL_SITES: Dict[str, str] = dict(_core.URL_SITES)

#: Longest URL read (the core's reader refuses longer text before splitting it).
MAX_URL: int = _core.MAX_URL

_B32 = "0123456789abcdefghijklmnopqrstuv"
_HEX = "0123456789abcdef"


def _number_forms() -> Tuple[Tuple[str, int, int, int], ...]:
    """The core's wider number forms (prefix, hex digits, offset), each with
    its upper bound (exclusive): where its digits run out, or where the next
    form starts when that is sooner."""
    forms = list(_core.URL_NUMBER_FORMS)
    out = []
    for i, (prefix, width, offset) in enumerate(forms):
        hi = offset + 16**width
        if i + 1 < len(forms) and forms[i + 1][2] > offset:
            hi = min(hi, forms[i + 1][2])
        out.append((prefix, width, offset, hi))
    return tuple(out)


#: Wider number forms: prefix, hex digits, offset, upper bound (exclusive).
_NUMBER_FORMS: Tuple[Tuple[str, int, int, int], ...] = _number_forms()


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
