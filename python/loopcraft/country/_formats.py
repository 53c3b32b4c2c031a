"""Readers and writers of the Country Road formats, on raw data.

The readers return ``(regions, numbers)``: rows of region ids (``None`` for
a blocked cell) and a dict region id -> number; the writers take the same.
They never build a board (:class:`~loopcraft.country.CountryRoad` checks the
data and calls them), so the board and its formats do not import each other.
puzzlekit text and puzz.link URLs are read by the core's reader
(``rust/read/``, the one definition of those formats, which the batches use
too); JSON is read here.

puzzlekit problem text (the janko.at data set of SmilingWayne/puzzlekit-dataset)::

    R C
    R lines of C tokens: a number, or '-' (the number of a country is written
                          in one of its cells)
    R lines of C tokens: region ids ('@' = blocked cell, no country, no line)

puzz.link URL (pzprjs ``country``): ``https://puzz.link/p?country/COLS/ROWS/BODY``
(the envelope is :mod:`loopcraft._pzpr`'s). BODY is the borders (first the
walls between horizontal neighbours, row-major, then those between vertical
neighbours, 5 bits per base-32 character) followed by the room numbers in
order of each room's first cell (hex digits, ``-xx``/``+xxx``/... for larger
numbers, ``g``..``z`` skip 1..20 rooms). Rooms are the connected pieces of the
cells the borders leave.

JSON: ``{"kind": "country", "rows": R, "cols": C, "regions": [[id or null, ...], ...],
"numbers": [[id, n], ...]}`` (numbers as pairs, since ids may be ints; an
object id -> n is read too).

>>> regions, numbers = read_url("https://puzz.link/p?country/5/5/amda0uf02h12h")
>>> regions[2], numbers
([3, 4, 4, 4, 2], {0: 2, 3: 1, 4: 2})
>>> write_url(regions, numbers)
'https://puzz.link/p?country/5/5/amda0uf02h12h'
"""

from __future__ import annotations

import json
from typing import Any, Dict, List, Mapping, Optional, Sequence, Tuple

from .. import _pzpr, _text
from .._validate import show
from ..errors import ArgumentError, FormatError
from ._loop import RegionId

__all__ = [
    "Regions",
    "Numbers",
    "FORMATS",
    "read_puzzlekit",
    "write_puzzlekit",
    "read_url",
    "write_url",
    "read_dict",
    "write_dict",
    "read_json",
    "write_json",
    "detect",
    "read_any",
]

#: Rows of region ids, ``None`` for a blocked cell.
Regions = List[List[Optional[RegionId]]]
#: Region id -> number.
Numbers = Dict[RegionId, int]

#: The formats :func:`detect` tells apart.
FORMATS: Tuple[str, ...] = ("url", "json", "puzzlekit")

#: Region tokens puzzlekit's own solver treats as blocked cells.
_BLOCKED_TOKENS = ("@", "#")
_FAMILY = "Country Road"
_KIND = "country"


def _countries(
    regions: Sequence[Sequence[Optional[RegionId]]],
) -> Tuple[List[RegionId], Dict[RegionId, Tuple[int, int]]]:
    """The region ids in order of first cell, and each one's first cell."""
    first: Dict[RegionId, Tuple[int, int]] = {}
    for r, row in enumerate(regions):
        for c, rid in enumerate(row):
            if rid is not None and rid not in first:
                first[rid] = (r, c)
    return list(first), first


# --------------------------------------------------------------------------- puzzlekit text


def _board(read: Tuple[int, int, List[int], List[RegionId], List[Tuple[int, int]]]) -> Tuple[Regions, Numbers]:
    """Regions and numbers from the core reader's ``(rows, cols, cells, ids, numbers)``
    (numbers as ``(country, n)`` pairs, in the order the text gives them)."""
    rows, cols, cells, ids, found = read
    regions: Regions = [[None if k < 0 else ids[k] for k in cells[r * cols : (r + 1) * cols]] for r in range(rows)]
    numbers: Numbers = {ids[k]: n for k, n in found}
    return regions, numbers


def read_puzzlekit(text: Any) -> Tuple[Regions, Numbers]:
    """Reads puzzlekit problem text (see the module docstring).

    Region ids made of ASCII digits become ints (``01`` and ``1`` are one
    id), others stay strings; ``@`` (or ``#``) is a blocked cell. A number
    may be written in any cell of its country; two different numbers in one
    country are an error.
    """
    return _board(_text.read("country", "puzzlekit", text, "puzzlekit problem"))


def _id_tokens(countries: Sequence[RegionId]) -> Dict[RegionId, str]:
    """Region tokens for puzzlekit text: the ids when they print as distinct
    single tokens, otherwise 1..K in first-cell order."""
    toks = {rid: str(rid) for rid in countries}
    ok = len(set(toks.values())) == len(toks) and all(
        t and t not in _BLOCKED_TOKENS and t != "-" and not any(ch.isspace() for ch in t) for t in toks.values()
    )
    if ok:
        return toks
    return {rid: str(k + 1) for k, rid in enumerate(countries)}


def write_puzzlekit(regions: Sequence[Sequence[Optional[RegionId]]], numbers: Mapping[RegionId, int]) -> str:
    """puzzlekit problem text; each number goes in its country's first cell.

    >>> print(write_puzzlekit([[1, 1], [2, 2]], {2: 2}))
    2 2
    - -
    2 -
    1 1
    2 2
    """
    rows, cols = len(regions), len(regions[0])
    countries, first = _countries(regions)
    at = {first[rid]: n for rid, n in numbers.items()}
    toks = _id_tokens(countries)
    lines = [f"{rows} {cols}"]
    for r in range(rows):
        lines.append(" ".join(str(at[(r, c)]) if (r, c) in at else "-" for c in range(cols)))
    for row in regions:
        lines.append(" ".join("@" if rid is None else toks[rid] for rid in row))
    return "\n".join(lines)


# --------------------------------------------------------------------------- puzz.link URL


def read_url(url: Any) -> Tuple[Regions, Numbers]:
    """Reads a puzz.link / pzv.jp ``country`` URL (or its ``country/...`` tail).

    Regions are numbered 0..K-1 in order of their first cell (row-major).
    Refused (FormatError): another puzzle type, a bad size or character, a
    truncated body, the ``e`` flag (empty countries), or a border that lies
    inside one country (pzprjs forbids crossing such a border, which a board
    made of countries alone cannot express).
    """
    return _board(_text.read("country", "url", url, "url"))


def write_url(
    regions: Sequence[Sequence[Optional[RegionId]]], numbers: Mapping[RegionId, int], site: str = "puzz.link"
) -> str:
    """A pzprjs ``country`` URL on ``site`` (a key of :data:`loopcraft._pzpr.URL_SITES`).

    Raises:
        ArgumentError: the board has blocked cells (the URL format has none),
            or ``site`` is unknown.
    """
    rows, cols = len(regions), len(regions[0])
    if any(rid is None for row in regions for rid in row):
        raise ArgumentError("a board with blocked cells cannot be written as a puzz.link country URL")
    countries, _ = _countries(regions)
    right = [int(regions[r][c] != regions[r][c + 1]) for r in range(rows) for c in range(cols - 1)]
    down = [int(regions[r][c] != regions[r + 1][c]) for r in range(rows - 1) for c in range(cols)]
    body = _pzpr.encode_bits(right) + _pzpr.encode_bits(down)
    body += _pzpr.encode_numbers([numbers.get(rid) for rid in countries])
    return _pzpr.write_url(site, "country", cols, rows, body)


# --------------------------------------------------------------------------- JSON


def write_dict(regions: Sequence[Sequence[Optional[RegionId]]], numbers: Mapping[RegionId, int]) -> Dict[str, Any]:
    """The JSON-ready dict (see the module docstring)."""
    return {
        "kind": _KIND,
        "rows": len(regions),
        "cols": len(regions[0]),
        "regions": [list(row) for row in regions],
        "numbers": [[rid, n] for rid, n in numbers.items()],
    }


def read_dict(data: Any) -> Tuple[Any, Dict[Any, Any]]:
    """Regions and numbers from a JSON value; their ids and numbers are checked by the board."""
    data = _text.json_record(data, _FAMILY, _KIND, "regions")
    regions = data["regions"]
    if not isinstance(regions, list):
        raise FormatError(f"JSON regions must be a list of rows, got {type(regions).__name__}")
    raw = data.get("numbers") or []
    numbers: Dict[Any, Any] = {}
    if isinstance(raw, dict):
        by_text = {
            show(rid) if isinstance(rid, int) else str(rid): rid
            for row in regions
            if isinstance(row, list)
            for rid in row
            if isinstance(rid, (int, str)) and not isinstance(rid, bool)
        }
        for key, n in raw.items():
            if key not in by_text:
                raise FormatError(f"JSON numbers names region {show(key)}, which is not on the board")
            numbers[by_text[key]] = n
    elif isinstance(raw, list):
        for item in raw:
            if not isinstance(item, list) or len(item) != 2:
                raise FormatError(f"JSON numbers entries must be [id, n] pairs, got {show(item)}")
            if isinstance(item[0], bool) or not isinstance(item[0], (int, str)):
                # A list or object is no region id (and cannot key the mapping).
                raise FormatError(f"JSON numbers: a region id is an int or a string, got {show(item[0])}")
            numbers[item[0]] = item[1]
    else:
        raise FormatError(f"JSON numbers must be a list of [id, n] pairs or an object, got {type(raw).__name__}")
    sizes = {"rows": len(regions), "cols": len(regions[0]) if regions and isinstance(regions[0], list) else None}
    for name, n in sizes.items():
        if name in data and n is not None and data[name] != n:
            raise FormatError(f"JSON {name} = {show(data[name])} does not match the regions ({n})")
    return regions, numbers


def write_json(regions: Sequence[Sequence[Optional[RegionId]]], numbers: Mapping[RegionId, int]) -> str:
    """The board as one line of JSON."""
    return json.dumps(write_dict(regions, numbers), ensure_ascii=False, separators=(",", ":"))


def read_json(text: Any) -> Tuple[Any, Dict[Any, Any]]:
    """Reads JSON text (or an already parsed dict); a puzzlekit data-set entry
    (an object with a ``problem`` field and no ``regions``) is read too."""
    data = text if isinstance(text, dict) else _text.load_json(text)
    if isinstance(data, dict) and "problem" in data and "regions" not in data:
        return read_puzzlekit(data["problem"])
    return read_dict(data)


# --------------------------------------------------------------------------- detection


def detect(text: Any) -> str:
    """Which reader fits ``text``: ``"url"``, ``"json"`` or ``"puzzlekit"``
    (the core's rule: JSON starts with ``{``; a URL's first word has
    ``country/``, ``://`` or ``?``).

    >>> detect("country/5/5/amda0uf02h12h"), detect('{"regions": [[1]]}'), detect("2 2\\n- -")
    ('url', 'json', 'puzzlekit')
    """
    return _text.detect("country", text)


def read_any(text: Any) -> Tuple[Any, Dict[Any, Any]]:
    """Reads any supported format, as :func:`detect` picks it (a URL is the
    first word of the text)."""
    read = _text.read("country", "any", text, "text")
    if isinstance(read, str):
        return read_json(text)
    return _board(read)
