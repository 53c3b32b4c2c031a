"""Readers and writers of the Country Road formats, on raw data.

The readers return ``(regions, numbers)``: rows of region ids (``None`` for
a blocked cell) and a dict region id -> number; the writers take the same.
They never build a board (:class:`~loopcraft.country.CountryRoad` checks the
data and calls them), so the board and its formats do not import each other.

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
from ..errors import ArgumentError, ArgumentTypeError, FormatError
from ._loop import RegionId, check_size

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
_PIDS = ("country",)
_FAMILY = "Country Road"
_FLAGS = {"e": "the URL has the 'e' flag (countries may stay empty, numbers may be 0): that variant is not supported"}
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


def _region_int(token: str, line_no: int, r: int, c: int) -> int:
    """A region id written as digits (0-based ``r``, ``c`` of the region rows)."""
    return _text.digits_int(token, f"puzzlekit problem: {_text.place(line_no, r, c)}: region id")


def read_puzzlekit(text: Any) -> Tuple[Regions, Numbers]:
    """Reads puzzlekit problem text (see the module docstring).

    Region ids made of digits become ints, others stay strings; ``@`` (or
    ``#``) is a blocked cell. A number may be written in any cell of its
    country; two different numbers in one country are an error.
    """
    what = "puzzlekit problem"
    rows, cols, lines = _text.read_header(text, what, check_size)
    body = _text.body_lines(lines, 2 * rows, what, f"{rows} rows of numbers and {rows} rows of regions")
    nums = [_text.row_tokens(line, r, cols) for r, line in enumerate(body[:rows])]
    regs = [_text.row_tokens(line, r, cols) for r, line in enumerate(body[rows:])]
    regions: Regions = [
        [
            None
            if tok in _BLOCKED_TOKENS
            else (_region_int(tok, body[rows + r][0], r, c) if _text.is_digits(tok) else tok)
            for c, tok in enumerate(row)
        ]
        for r, row in enumerate(regs)
    ]
    numbers: Numbers = {}
    for r, row in enumerate(nums):
        for c, tok in enumerate(row):
            if tok == "-":
                continue
            where = _text.place(body[r][0], r, c)
            if not _text.is_digits(tok):
                raise FormatError(f"{what}: {where}: {tok!r} is not a number or '-'")
            rid = regions[r][c]
            if rid is None:
                raise FormatError(f"{what}: {where} holds a number in a blocked cell")
            n = _text.digits_int(tok, f"{what}: {where}")
            if numbers.get(rid, n) != n:
                raise FormatError(f"{what}: region {rid!r} has two different numbers ({numbers[rid]} and {n})")
            numbers[rid] = n
    return regions, numbers


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


def _rooms(rows: int, cols: int, right: Sequence[int], down: Sequence[int]) -> List[int]:
    """Room index per cell: connected pieces across every non-border, by first cell."""
    parent = list(range(rows * cols))

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for r in range(rows):
        for c in range(cols - 1):
            if not right[r * (cols - 1) + c]:
                parent[find(r * cols + c)] = find(r * cols + c + 1)
    for r in range(rows - 1):
        for c in range(cols):
            if not down[r * cols + c]:
                parent[find(r * cols + c)] = find((r + 1) * cols + c)
    room_of: Dict[int, int] = {}
    index = []
    for i in range(rows * cols):
        index.append(room_of.setdefault(find(i), len(room_of)))
    return index


def read_url(url: Any) -> Tuple[Regions, Numbers]:
    """Reads a puzz.link / pzv.jp ``country`` URL (or its ``country/...`` tail).

    Regions are numbered 0..K-1 in order of their first cell (row-major).
    Refused (FormatError): another puzzle type, a bad size or character, a
    truncated body, the ``e`` flag (empty countries), or a border that lies
    inside one country (pzprjs forbids crossing such a border, which a board
    made of countries alone cannot express).
    """
    u = _pzpr.read_url(url, _PIDS, _FAMILY, check_size)
    _pzpr.refuse_flags(u.flags, _FAMILY, _FLAGS)
    rows, cols, body = u.rows, u.cols, u.body
    right, pos = _pzpr.decode_bits(body, 0, rows * (cols - 1), "vertical borders")
    down, pos = _pzpr.decode_bits(body, pos, (rows - 1) * cols, "horizontal borders")
    index = _rooms(rows, cols, right, down)
    dangling = [
        ((r, c), (r, c + 1))
        for r in range(rows)
        for c in range(cols - 1)
        if right[r * (cols - 1) + c] and index[r * cols + c] == index[r * cols + c + 1]
    ] + [
        ((r, c), (r + 1, c))
        for r in range(rows - 1)
        for c in range(cols)
        if down[r * cols + c] and index[r * cols + c] == index[(r + 1) * cols + c]
    ]
    if dangling:
        (r1, c1), (r2, c2) = dangling[0]
        raise FormatError(
            f"the URL has {len(dangling)} border segment(s) inside a single country, the first between "
            f"row {r1 + 1}, column {c1 + 1} and row {r2 + 1}, column {c2 + 1}; pzprjs forbids the loop to cross "
            "such a border, which a board made of countries alone cannot express, so these URLs are refused"
        )
    found, end = _pzpr.decode_numbers(body, pos, max(index) + 1, "room number")
    rest = body[end:]
    if rest:
        raise FormatError(f"URL body has {len(rest)} unread character(s) after the room numbers: {rest!r}")
    regions: Regions = [list(index[r * cols : (r + 1) * cols]) for r in range(rows)]
    numbers: Numbers = {room: n for room, n in found.items()}
    return regions, numbers


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
    """Which reader fits ``text``: ``"url"``, ``"json"`` or ``"puzzlekit"``.

    >>> detect("country/5/5/amda0uf02h12h"), detect('{"regions": [[1]]}'), detect("2 2\\n- -")
    ('url', 'json', 'puzzlekit')
    """
    if not isinstance(text, str):
        raise ArgumentTypeError(f"text must be a str, got {type(text).__name__}")
    s = text.strip()
    if s.startswith("{"):
        return "json"
    first = s.split(None, 1)[0] if s else ""
    if "country/" in first or "://" in first or "?" in first:
        return "url"
    return "puzzlekit"


def read_any(text: Any) -> Tuple[Any, Dict[Any, Any]]:
    """Reads any supported format, chosen by :func:`detect`."""
    kind = detect(text)
    if kind == "json":
        return read_json(text)
    if kind == "url":
        return read_url(text.strip().split(None, 1)[0])
    return read_puzzlekit(text)
