"""Readers and writers of the Slitherlink text formats (no solver needed).

puzzlekit text and puzz.link URLs are read by the core's reader
(``rust/read/``, the one definition of those formats, which the batches
use too); Loopy game IDs and JSON are read here. Every reader returns the
clue grid as a tuple of rows, each a tuple of ``int`` (0..4) or ``None``.
Every malformed input raises :class:`~loopcraft.errors.FormatError` naming
the line, row, column or character at fault; row and column numbers in
messages count from 1. Sizes are checked as soon as they are read, so an
absurd header never allocates.

Formats:
    puzzlekit / Janko text: ``"R C"`` then R lines of space-separated tokens,
        ``-`` (or ``.``) blank, ``0``-``4`` clue. Solutions: R lines of ``x``
        (cell inside the loop) / ``-`` (outside).
    puzz.link URL: ``https://puzz.link/p?slither/COLS/ROWS/BODY`` (also pzv.jp,
        pzprxs and any host serving the same query). BODY, cell by cell in
        row-major order: ``0``-``4`` a clue; ``5``-``9`` clue 0-4 then one
        blank; ``a``-``e`` clue 0-4 then two blanks; ``g``-``z`` 1..20 blanks;
        ``.`` a "?" cell (read as a blank: it constrains nothing).
    Tatham Loopy game ID: ``WxHt0:DESC`` (W columns, H rows; ``t0`` the square
        grid). DESC: a digit is a clue, ``a``-``z`` are runs of 1..26 blanks.
    JSON: ``{"kind": "slitherlink", "rows": R, "cols": C, "clues": [...]}``,
        clues as strings (``.`` blank) or lists of int/null.
"""

from __future__ import annotations

import json
import re
from typing import Any, Dict, List, Optional, Sequence, Tuple

from .. import _core, _pzpr, _text
from .._pzpr import URL_SITES
from .._validate import show
from ..errors import ArgumentTypeError, FormatError

Clue = Optional[int]
Grid = Tuple[Tuple[Clue, ...], ...]

#: Largest number of rows or columns of a board.
MAX_SIZE: int = _core.SLITHER_MAX_SIDE


def check_size(rows: int, cols: int, where: str = "") -> None:
    """Refuses a board size outside 1..MAX_SIZE before anything is allocated."""
    prefix = f"{where}: " if where else ""
    for name, value in (("rows", rows), ("cols", cols)):
        if value < 1:
            raise FormatError(f"{prefix}{name} = {show(value)}: a board needs at least 1 row and 1 column")
        if value > MAX_SIZE:
            raise FormatError(f"{prefix}{name} = {show(value)} is too large (at most {MAX_SIZE} x {MAX_SIZE})")


def _show(ch: str) -> str:
    return repr(ch)


def _blank_grid_rows(flat: Sequence[Clue], rows: int, cols: int) -> Grid:
    return tuple(tuple(flat[r * cols : (r + 1) * cols]) for r in range(rows))


# --------------------------------------------------------------------------- puzzlekit / Janko text


def parse_puzzlekit(text: str) -> Grid:
    """Reads a puzzlekit / Janko problem: ``"R C"`` then R rows of ``-``/``.``/digits
    (space-separated, or one word per row).

    >>> parse_puzzlekit("2 3\\n- 2 -\\n3 - 0")
    ((None, 2, None), (3, None, 0))
    """
    rows, cols, flat = _text.read("slitherlink", "puzzlekit", text, "puzzle text")
    return _blank_grid_rows(flat, rows, cols)


def write_puzzlekit(clues: Grid) -> str:
    """The puzzlekit problem text (no trailing newline)."""
    rows, cols = len(clues), len(clues[0])
    lines = [f"{rows} {cols}"]
    lines += [" ".join("-" if c is None else str(c) for c in row) for row in clues]
    return "\n".join(lines)


def parse_puzzlekit_solution(text: str) -> Tuple[Tuple[bool, ...], ...]:
    """Reads a puzzlekit solution: ``"R C"`` then R rows of ``x`` (inside) / ``-`` (outside)."""
    rows, cols, flat = _text.read("slitherlink", "solution", text, "solution text")
    return tuple(tuple(v == 1 for v in flat[r * cols : (r + 1) * cols]) for r in range(rows))


def write_puzzlekit_solution(inside: Sequence[Sequence[bool]]) -> str:
    rows, cols = len(inside), len(inside[0])
    lines = [f"{rows} {cols}"]
    lines += [" ".join("x" if v else "-" for v in row) for row in inside]
    return "\n".join(lines)


# --------------------------------------------------------------------------- puzz.link URLs


def parse_url(url: str) -> Grid:
    """Reads a puzz.link / pzv.jp / pzprxs Slitherlink URL.

    Both ways of ending a body are accepted: a clue in the last cell written as
    a plain digit, or as ``5``-``9``/``a``-``e`` whose blanks fall past the end
    (likewise a final run of blanks may be longer than the cells left, as pzprjs
    reads it). A body that stops short, or goes on after the last cell, is refused.

    Raises:
        FormatError: not a Slitherlink URL, a variant flag (``f``: every point on
            the loop) that this model cannot express, a bad size, or a body
            character that does not fit.

    >>> parse_url("https://puzz.link/p?slither/3/2/1g8h")
    ((1, None, 3), (None, None, None))
    """
    rows, cols, flat = _text.read("slitherlink", "url", url, "url")
    return _blank_grid_rows(flat, rows, cols)


def _encode_body(flat: Sequence[Clue]) -> str:
    out = []
    blanks = 0
    i, n = 0, len(flat)

    def flush() -> None:
        nonlocal blanks
        out.append(_pzpr.skips(blanks))
        blanks = 0

    while i < n:
        clue = flat[i]
        if clue is None:
            blanks += 1
            i += 1
            continue
        flush()
        # As pzprjs writes it: a clue absorbs the next one or two blanks, and at the
        # very end of the board it takes the a-e form even with no blanks left.
        if i + 1 < n and flat[i + 1] is not None:
            out.append(str(clue))
            i += 1
        elif i + 2 < n and flat[i + 2] is not None:
            out.append(str(clue + 5))
            i += 2
        else:
            out.append("abcde"[clue])
            i += 3
    flush()
    return "".join(out)


def write_url(clues: Grid, site: str = "puzz.link") -> str:
    """The puzz.link URL of a board (pzprjs's own encoding)."""
    rows, cols = len(clues), len(clues[0])
    flat = [c for row in clues for c in row]
    return _pzpr.write_url(site, "slither", cols, rows, _encode_body(flat))


# --------------------------------------------------------------------------- Tatham Loopy game IDs

_TATHAM = re.compile(r"(\d+)x(\d+)(?:t(\d+))?(?:d([a-z]))?:(.*)", re.S)


def parse_tatham(game_id: str) -> Grid:
    """Reads a Tatham Loopy square-grid game ID, ``WxHt0:DESC``.

    >>> parse_tatham("3x2t0:1a3c")
    ((1, None, 3), (None, None, None))
    """
    if not isinstance(game_id, str):
        raise ArgumentTypeError(f"game_id must be a str, got {type(game_id).__name__}")
    text = game_id.strip()
    m = _TATHAM.fullmatch(text)
    if not m:
        raise FormatError(f"not a Loopy game ID (expected 'WxHt0:DESC'): {text[:80]!r}")
    cols = _text.digits_int(m.group(1), "game ID: the width")
    rows = _text.digits_int(m.group(2), "game ID: the height")
    grid_type = _text.digits_int(m.group(3) or "0", "game ID: the grid type")
    if grid_type != 0:
        raise FormatError(f"Loopy grid type t{grid_type} is not the square grid (t0)")
    check_size(rows, cols, "game ID")
    desc = m.group(5)
    total = rows * cols
    flat: List[Clue] = [None] * total
    cell = 0
    for i, ch in enumerate(desc):
        if cell >= total:
            raise FormatError(
                f"game ID description: unexpected {_show(ch)} at position {i + 1}: all {total} cells are already read"
            )
        r, c = divmod(cell, cols)
        if "0" <= ch <= "9":
            if ch > "4":
                raise FormatError(
                    f"game ID description: clue {ch} at row {r + 1}, column {c + 1} is impossible on a square grid"
                )
            flat[cell] = int(ch)
            cell += 1
        elif "a" <= ch <= "z":
            cell += ord(ch) - ord("a") + 1
            if cell > total:
                raise FormatError(
                    f"game ID description: {_show(ch)} at position {i + 1} runs {cell - total} cells past the end"
                )
        else:
            raise FormatError(
                f"game ID description: unexpected {_show(ch)} at position {i + 1} (row {r + 1}, column {c + 1}); "
                "expected a digit or a-z"
            )
    if cell < total:
        raise FormatError(f"game ID description covers {cell} of {total} cells: it is too short")
    return _blank_grid_rows(flat, rows, cols)


def write_tatham(clues: Grid) -> str:
    """The Loopy game ID of a board (square grid, ``WxHt0:DESC``)."""
    rows, cols = len(clues), len(clues[0])
    out, blanks = [], 0
    for clue in (c for row in clues for c in row):
        if clue is None:
            blanks += 1
            if blanks == 26:
                out.append("z")
                blanks = 0
            continue
        if blanks:
            out.append(chr(ord("a") + blanks - 1))
            blanks = 0
        out.append(str(clue))
    if blanks:
        out.append(chr(ord("a") + blanks - 1))
    return f"{cols}x{rows}t0:{''.join(out)}"


# --------------------------------------------------------------------------- JSON

KIND = "slitherlink"


def clues_from_data(data: Any) -> Grid:
    """Clues from a JSON-like dict ``{"rows", "cols", "clues", ...}``.

    ``clues`` is a list of strings (``0``-``4`` clue; ``.``, ``-`` or ``?`` blank)
    or a list of lists of int/None. ``rows``/``cols`` are optional but must
    agree when given; ``kind``, when given, must be ``"slitherlink"``; other
    keys are ignored, so richer records (with solutions, sources, ...) read too.
    """
    data = _text.json_record(data, "Slitherlink", KIND, "clues")
    raw = data["clues"]
    if not isinstance(raw, list):
        raise FormatError(f"JSON 'clues' must be a list of rows, got {type(raw).__name__}")
    size = {}
    for key in ("rows", "cols"):
        if key in data:
            v = data[key]
            if isinstance(v, bool) or not isinstance(v, int):
                raise FormatError(f"JSON {key!r} must be an integer, got {show(v)}")
            size[key] = v
    check_size(size.get("rows", max(len(raw), 1)), size.get("cols", 1), "JSON")
    if not raw:
        raise FormatError("JSON 'clues' is empty: a board needs at least 1 row")
    out = []
    for r, row in enumerate(raw):
        if isinstance(row, (str, list)) and len(row) > MAX_SIZE:
            raise FormatError(f"JSON clues row {r + 1} has {len(row)} cells (at most {MAX_SIZE})")
        if isinstance(row, str):
            cells: List[Clue] = []
            for c, ch in enumerate(row):
                if ch in ".-?":
                    cells.append(None)
                elif "0" <= ch <= "4":
                    cells.append(int(ch))
                else:
                    raise FormatError(f"JSON clues row {r + 1}, column {c + 1}: unexpected {_show(ch)}")
        elif isinstance(row, list):
            cells = []
            for c, v in enumerate(row):
                if v is None:
                    cells.append(None)
                elif isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 4:
                    cells.append(v)
                else:
                    raise FormatError(f"JSON clues row {r + 1}, column {c + 1}: {show(v)} is not a clue 0-4 or null")
        else:
            raise FormatError(f"JSON clues row {r + 1} must be a string or a list, got {type(row).__name__}")
        out.append(tuple(cells))
    rows, cols = len(out), len(out[0])
    check_size(rows, max(cols, 0), "JSON clues")
    for r, row in enumerate(out):
        if len(row) != cols:
            raise FormatError(f"JSON clues row {r + 1} has {len(row)} cells, row 1 has {cols}")
    if size.get("rows", rows) != rows or size.get("cols", cols) != cols:
        raise FormatError(
            f"JSON says {size.get('rows', rows)} x {size.get('cols', cols)}, but the clues are {rows} x {cols}"
        )
    return tuple(out)


def parse_json(text: str) -> Grid:
    """Reads :func:`write_json` output (or any object :func:`clues_from_data` accepts)."""
    if not isinstance(text, str):
        raise ArgumentTypeError(f"text must be a str, got {type(text).__name__}")
    return clues_from_data(_text.load_json(text))


def clue_strings(clues: Grid) -> List[str]:
    return ["".join("." if c is None else str(c) for c in row) for row in clues]


def to_data(clues: Grid) -> Dict[str, Any]:
    return {"kind": KIND, "rows": len(clues), "cols": len(clues[0]), "clues": clue_strings(clues)}


def write_json(clues: Grid) -> str:
    return json.dumps(to_data(clues), separators=(",", ":"))


# --------------------------------------------------------------------------- format detection


def detect(text: str) -> str:
    """Which reader fits ``text``: ``"url"``, ``"tatham"``, ``"json"`` or
    ``"puzzlekit"`` (the core's rule: JSON starts with ``{``; a URL has
    ``://``, starts with ``slither/`` or is a path then ``?``; a Loopy ID
    starts ``WxH...:``)."""
    return _text.detect("slitherlink", text)


def parse_any(text: str) -> Grid:
    """Reads any supported format, as :func:`detect` picks it."""
    read = _text.read("slitherlink", "any", text, "text")
    if isinstance(read, str):
        return parse_tatham(text) if read == "tatham" else parse_json(text)
    rows, cols, flat = read
    return _blank_grid_rows(flat, rows, cols)


__all__ = [
    "MAX_SIZE",
    "URL_SITES",
    "check_size",
    "parse_puzzlekit",
    "write_puzzlekit",
    "parse_puzzlekit_solution",
    "write_puzzlekit_solution",
    "parse_url",
    "write_url",
    "parse_tatham",
    "write_tatham",
    "parse_json",
    "write_json",
    "clues_from_data",
    "detect",
    "parse_any",
]
