"""Readers and writers: puzzlekit text, puzz.link ``country`` URLs, JSON.

puzzlekit problem text (the janko.at data set of SmilingWayne/puzzlekit-dataset)::

    R C
    R lines of C tokens: a number, or '-' (the number of a country is written
                          in one of its cells)
    R lines of C tokens: region ids ('@' = blocked cell, no country, no line)

puzz.link URL (pzprjs ``country``): ``https://puzz.link/p?country/COLS/ROWS/BODY``.
BODY is the borders (first the walls between horizontal neighbours, row-major,
then those between vertical neighbours, 5 bits per base-32 character, most
significant first) followed by the room numbers in order of each room's first
cell (hex digits, ``-xx``/``+xxx``/... for larger numbers, ``g``..``z`` skip
1..20 rooms). Rooms are the connected pieces of the cells the borders leave.

>>> from loopcraft.country import CountryRoad
>>> b = CountryRoad.from_url("https://puzz.link/p?country/5/5/amda0uf02h12h")
>>> b.numbers[0], b.to_url()
(2, 'https://puzz.link/p?country/5/5/amda0uf02h12h')
"""

from __future__ import annotations

import json
from typing import Any, Dict, List, Optional, Tuple, Union

from ..errors import ArgumentError, ArgumentTypeError, FormatError
from .board import MAX_SIDE, MIN_SIDE, CountryRoad, RegionId

__all__ = [
    "from_puzzlekit",
    "to_puzzlekit",
    "from_url",
    "to_url",
    "from_json",
    "to_json",
    "to_dict",
    "from_dict",
    "read_header",
    "read_any",
]

#: Region tokens puzzlekit's own solver treats as blocked cells.
_BLOCKED_TOKENS = ("@", "#")
_MAX_TEXT = 1 << 20


def read_header(text: Any, what: str) -> Tuple[int, int, List[str]]:
    """Parses the ``"R C"`` first line of a puzzlekit text; returns (R, C, other non-blank lines)."""
    if not isinstance(text, str):
        raise ArgumentTypeError(f"puzzlekit {what} must be a str, got {type(text).__name__}")
    if len(text) > _MAX_TEXT:
        raise FormatError(f"puzzlekit {what} text is too long ({len(text)} characters)")
    lines = [line.strip() for line in text.strip().splitlines() if line.strip()]
    if not lines:
        raise FormatError(f"puzzlekit {what} text is empty")
    head = lines[0].split()
    if len(head) != 2 or not all(h.isdigit() for h in head):
        raise FormatError(f"puzzlekit {what}: the first line must be 'ROWS COLS', got {lines[0]!r}")
    rows, cols = int(head[0]), int(head[1])
    for name, n in (("rows", rows), ("columns", cols)):
        if not MIN_SIDE <= n <= MAX_SIDE:
            raise FormatError(f"puzzlekit {what}: {n} {name} is outside {MIN_SIDE}..{MAX_SIDE}")
    return rows, cols, lines[1:]


def _tokens(lines: List[str], first: int, rows: int, cols: int, what: str) -> List[List[str]]:
    out = []
    for r in range(rows):
        toks = lines[first + r].split()
        if len(toks) != cols:
            raise FormatError(f"puzzlekit problem: {what} row {r + 1} has {len(toks)} tokens, expected {cols}")
        out.append(toks)
    return out


def from_puzzlekit(text: str) -> CountryRoad:
    """Reads puzzlekit problem text (see the module docstring).

    Region ids made of digits become ints, others stay strings; ``@`` (or
    ``#``) is a blocked cell. A number may be written in any cell of its
    country; two different numbers in one country are an error.

    Raises:
        FormatError: malformed text (the message names row and column), a
            country in several pieces, or a number larger than its country.
    """
    rows, cols, lines = read_header(text, "problem")
    if len(lines) != 2 * rows:
        raise FormatError(
            f"puzzlekit problem: expected {2 * rows} rows after the header (numbers, then regions), got {len(lines)}"
        )
    nums = _tokens(lines, 0, rows, cols, "number")
    regs = _tokens(lines, rows, rows, cols, "region")
    regions: List[List[Optional[RegionId]]] = []
    for r, row in enumerate(regs):
        out: List[Optional[RegionId]] = []
        for tok in row:
            if tok in _BLOCKED_TOKENS:
                out.append(None)
            else:
                out.append(int(tok) if tok.isdigit() else tok)
        regions.append(out)
    numbers: Dict[RegionId, int] = {}
    for r, row in enumerate(nums):
        for c, tok in enumerate(row):
            if tok == "-":
                continue
            if not tok.isdigit():
                raise FormatError(
                    f"puzzlekit problem: number row {r + 1}, column {c + 1}: {tok!r} is not a number or '-'"
                )
            rid = regions[r][c]
            if rid is None:
                raise FormatError(f"puzzlekit problem: row {r + 1}, column {c + 1} holds a number in a blocked cell")
            n = int(tok)
            if numbers.get(rid, n) != n:
                raise FormatError(
                    f"puzzlekit problem: region {rid!r} has two different numbers ({numbers[rid]} and {n})"
                )
            numbers[rid] = n
    try:
        return CountryRoad.from_regions(regions, numbers)
    except ValueError as exc:
        raise FormatError(f"puzzlekit problem: {exc}") from None


def _id_tokens(board: CountryRoad) -> Dict[RegionId, str]:
    """Region tokens for puzzlekit text: the board's ids when they print as
    distinct single tokens, otherwise 1..K in first-cell order."""
    toks = {rid: str(rid) for rid in board.countries}
    ok = len(set(toks.values())) == len(toks) and all(
        t and t not in _BLOCKED_TOKENS and t != "-" and not any(ch.isspace() for ch in t) for t in toks.values()
    )
    if ok:
        return toks
    return {rid: str(k + 1) for k, rid in enumerate(board.countries)}


def to_puzzlekit(board: CountryRoad) -> str:
    """Writes puzzlekit problem text; each number goes in its country's first cell.

    >>> b = CountryRoad.from_regions([[1, 1], [2, 2]], {2: 2})
    >>> print(to_puzzlekit(b))
    2 2
    - -
    2 -
    1 1
    2 2
    """
    toks = _id_tokens(board)
    first = board._first_cells()
    lines = [f"{board.rows} {board.cols}"]
    for r in range(board.rows):
        row = []
        for c in range(board.cols):
            rid = first.get(r * board.cols + c)
            n = None if rid is None else board.numbers.get(rid)
            row.append("-" if n is None else str(n))
        lines.append(" ".join(row))
    for r in range(board.rows):
        lines.append(" ".join("@" if rid is None else toks[rid] for rid in board.regions[r]))
    return "\n".join(lines)


# --------------------------------------------------------------------------- puzz.link URL

_B32 = "0123456789abcdefghijklmnopqrstuv"
_NUMBER_FORMS = (  # prefix, hex digits, offset, upper bound (exclusive)
    ("-", 2, 0, 256),
    ("+", 3, 0, 4096),
    ("=", 3, 4096, 8192),
    ("%", 3, 8192, 12240),
    ("*", 4, 12240, 77776),
    ("$", 5, 77776, 1126352),
)


def _url_body(url: str) -> Tuple[str, List[str]]:
    if not isinstance(url, str):
        raise ArgumentTypeError(f"url must be a str, got {type(url).__name__}")
    s = url.strip()
    if len(s) > _MAX_TEXT:
        raise FormatError(f"URL is too long ({len(s)} characters)")
    if "?" in s:
        s = s.split("?", 1)[1]
    s = s.split("#", 1)[0]
    parts = s.split("/")
    if not parts or parts[0] != "country":
        raise FormatError(f"not a puzz.link country URL (expected '...?country/COLS/ROWS/BODY'): {url!r}")
    return url, parts[1:]


def _parse_side(text: str, name: str, url: str) -> int:
    if not text.isdigit():
        raise FormatError(f"URL {name} {text!r} is not a number: {url!r}")
    n = int(text)
    if not MIN_SIDE <= n <= MAX_SIDE:
        raise FormatError(f"URL {name} {n} is outside {MIN_SIDE}..{MAX_SIDE}: {url!r}")
    return n


def _decode_bits(body: str, pos: int, count: int, what: str) -> Tuple[List[int], int]:
    nchars = (count + 4) // 5
    chunk = body[pos : pos + nchars]
    if len(chunk) < nchars:
        raise FormatError(f"URL body ends inside the {what} (needs {nchars} characters, has {len(chunk)})")
    bits: List[int] = []
    for i, ch in enumerate(chunk):
        v = _B32.find(ch)
        if v < 0:
            raise FormatError(f"URL body character {pos + i + 1} {ch!r} in the {what} is not base-32 (0-9, a-v)")
        for w in (16, 8, 4, 2, 1):
            bits.append(1 if v & w else 0)
    return bits[:count], pos + nchars


def from_url(url: str) -> CountryRoad:
    """Reads a puzz.link / pzv.jp ``country`` URL (or its ``country/...`` tail).

    Regions are numbered 0..K-1 in order of their first cell (row-major).

    Raises:
        FormatError: not a country URL, a bad size or character, a truncated
            body, the ``e`` flag (empty countries; not supported), a number
            larger than its country, or a border that lies inside one country
            (pzprjs forbids crossing such a border, which this board model,
            made of countries only, cannot express).
    """
    _, parts = _url_body(url)
    flags = ""
    if parts and parts[0] and not parts[0].isdigit():
        flags, parts = parts[0], parts[1:]
    if flags:
        if "e" in flags:
            raise FormatError(
                "the URL has the 'e' flag (countries may stay empty, numbers may be 0): that variant is not supported"
            )
        raise FormatError(f"unknown flags {flags!r} in country URL: {url!r}")
    if len(parts) < 3:
        raise FormatError(f"country URL needs COLS/ROWS/BODY: {url!r}")
    cols = _parse_side(parts[0], "width", url)
    rows = _parse_side(parts[1], "height", url)
    body = "/".join(parts[2:])
    n_right = rows * (cols - 1)
    n_down = (rows - 1) * cols
    right, pos = _decode_bits(body, 0, n_right, "vertical borders")
    down, pos = _decode_bits(body, pos, n_down, "horizontal borders")

    # Rooms: connected pieces of the cells, across every non-border.
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
        root = find(i)
        if root not in room_of:
            room_of[root] = len(room_of)
        index.append(room_of[root])

    dangling = []
    for r in range(rows):
        for c in range(cols - 1):
            if right[r * (cols - 1) + c] and index[r * cols + c] == index[r * cols + c + 1]:
                dangling.append(((r, c), (r, c + 1)))
    for r in range(rows - 1):
        for c in range(cols):
            if down[r * cols + c] and index[r * cols + c] == index[(r + 1) * cols + c]:
                dangling.append(((r, c), (r + 1, c)))
    if dangling:
        (r1, c1), (r2, c2) = dangling[0]
        raise FormatError(
            f"the URL has {len(dangling)} border segment(s) inside a single country, the first between "
            f"row {r1}, column {c1} and row {r2}, column {c2}; pzprjs forbids the loop to cross such a "
            "border, which a board made of countries alone cannot express, so these URLs are refused"
        )

    k = len(room_of)
    numbers: Dict[int, int] = {}
    room = 0
    i = 0
    while i < len(body) - pos and room < k:
        ch = body[pos + i]
        if ch in "0123456789abcdef":
            numbers[room] = int(ch, 16)
        elif ch == ".":
            pass  # a "?" number: the country has a number, unknown; it constrains nothing
        elif "g" <= ch <= "z":
            room += int(ch, 36) - 16
        else:
            for prefix, width, offset, _ in _NUMBER_FORMS:
                if ch == prefix:
                    digits = body[pos + i + 1 : pos + i + 1 + width]
                    if len(digits) != width or any(d not in "0123456789abcdef" for d in digits):
                        raise FormatError(f"URL number after {prefix!r} needs {width} hex digits, got {digits!r}")
                    numbers[room] = int(digits, 16) + offset
                    i += width
                    break
            else:
                raise FormatError(f"URL body character {pos + i + 1} {ch!r} is not a room number")
        room += 1
        i += 1
    rest = body[pos + i :]
    if rest:
        raise FormatError(f"URL body has {len(rest)} unread character(s) after the room numbers: {rest!r}")
    regions = [index[r * cols : (r + 1) * cols] for r in range(rows)]
    try:
        return CountryRoad.from_regions(regions, numbers)
    except ValueError as exc:
        raise FormatError(f"country URL: {exc}") from None


def _encode_number(n: int) -> str:
    if 0 <= n < 16:
        return format(n, "x")
    for prefix, width, offset, hi in _NUMBER_FORMS:
        if n < hi:
            return prefix + format(n - offset, "x").rjust(width, "0")
    raise ArgumentError(f"number {n} is too large for a puzz.link URL")


def to_url(board: CountryRoad, host: str = "https://puzz.link/p?") -> str:
    """Writes a puzz.link ``country`` URL (``host`` + ``country/COLS/ROWS/BODY``).

    Raises:
        ValueError: the board has blocked cells (the URL format has none).
    """
    if board.blocked:
        raise ArgumentError("a board with blocked cells cannot be written as a puzz.link country URL")
    rows, cols, idx, nums = board.core_args()
    right = [int(idx[r * cols + c] != idx[r * cols + c + 1]) for r in range(rows) for c in range(cols - 1)]
    down = [int(idx[r * cols + c] != idx[(r + 1) * cols + c]) for r in range(rows - 1) for c in range(cols)]
    out = []
    for bits in (right, down):
        for i in range(0, len(bits), 5):
            chunk = bits[i : i + 5] + [0] * (5 - len(bits[i : i + 5]))
            out.append(_B32[sum(b << (4 - j) for j, b in enumerate(chunk))])
    skip = 0
    for n in nums:
        if n is None:
            skip += 1
            if skip == 20:
                out.append(_skip_char(skip))
                skip = 0
            continue
        if skip:
            out.append(_skip_char(skip))
            skip = 0
        out.append(_encode_number(n))
    if skip:
        out.append(_skip_char(skip))
    return f"{host}country/{cols}/{rows}/{''.join(out)}"


def _skip_char(count: int) -> str:
    """``g`` skips 1 room ... ``z`` skips 20."""
    return "0123456789abcdefghijklmnopqrstuvwxyz"[15 + count]


# --------------------------------------------------------------------------- JSON

_KIND = "country"


def to_dict(board: CountryRoad) -> Dict[str, Any]:
    """The board as a JSON-ready dict.

    ``{"kind": "country", "rows": R, "cols": C, "regions": [[id or null, ...], ...],
    "numbers": [[id, n], ...]}`` (numbers as pairs, since ids may be ints).
    """
    return {
        "kind": _KIND,
        "rows": board.rows,
        "cols": board.cols,
        "regions": [list(row) for row in board.regions],
        "numbers": [[rid, n] for rid, n in board.numbers.items()],
    }


def from_dict(data: Any) -> CountryRoad:
    """Reads the dict of :func:`to_dict` (``numbers`` may also be an object id -> n)."""
    if not isinstance(data, dict):
        raise FormatError(f"a Country Road JSON value must be an object, got {type(data).__name__}")
    kind = data.get("kind", _KIND)
    if kind != _KIND:
        raise FormatError(f"JSON kind is {kind!r}, expected {_KIND!r}")
    if "regions" not in data:
        raise FormatError("JSON object has no 'regions'")
    regions = data["regions"]
    raw = data.get("numbers") or []
    numbers: Dict[RegionId, Optional[int]] = {}
    if isinstance(raw, dict):
        by_text = {str(rid): rid for row in regions if isinstance(row, list) for rid in row if rid is not None}
        for key, n in raw.items():
            if key not in by_text:
                raise FormatError(f"JSON numbers names region {key!r}, which is not on the board")
            numbers[by_text[key]] = n
    elif isinstance(raw, list):
        for item in raw:
            if not isinstance(item, list) or len(item) != 2:
                raise FormatError(f"JSON numbers entries must be [id, n] pairs, got {item!r}")
            numbers[item[0]] = item[1]
    else:
        raise FormatError(f"JSON numbers must be a list of [id, n] pairs or an object, got {type(raw).__name__}")
    try:
        board = CountryRoad.from_regions(regions, numbers)
    except (TypeError, ValueError) as exc:
        raise FormatError(f"JSON board: {exc}") from None
    for name, n in (("rows", board.rows), ("cols", board.cols)):
        if name in data and data[name] != n:
            raise FormatError(f"JSON {name} = {data[name]!r} does not match the regions ({n})")
    return board


def to_json(board: CountryRoad) -> str:
    """The board as one line of JSON (see :func:`to_dict`)."""
    return json.dumps(to_dict(board), ensure_ascii=False, separators=(",", ":"))


def from_json(text: Union[str, bytes, Dict[str, Any]]) -> CountryRoad:
    """Reads JSON text (or an already parsed dict) written by :func:`to_json`."""
    if isinstance(text, dict):
        return from_dict(text)
    if not isinstance(text, (str, bytes, bytearray)):
        raise ArgumentTypeError(f"JSON must be str, bytes or dict, got {type(text).__name__}")
    if len(text) > _MAX_TEXT * 4:
        raise FormatError(f"JSON text is too long ({len(text)} characters)")
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise FormatError(f"not valid JSON: {exc}") from None
    return from_dict(data)


def read_any(text: str) -> CountryRoad:
    """A board from any supported text: a URL, JSON (ours, or a puzzlekit data-set
    entry with a ``problem`` field), or puzzlekit problem text."""
    if not isinstance(text, str):
        raise ArgumentTypeError(f"text must be a str, got {type(text).__name__}")
    s = text.strip()
    if s.startswith("{"):
        try:
            data = json.loads(s)
        except ValueError as exc:
            raise FormatError(f"not valid JSON: {exc}") from None
        if isinstance(data, dict) and "problem" in data and "regions" not in data:
            return from_puzzlekit(data["problem"])
        return from_dict(data)
    first = s.split(None, 1)[0] if s else ""
    if "country/" in first or first.startswith(("http://", "https://")):
        return from_url(first)
    return from_puzzlekit(s)
