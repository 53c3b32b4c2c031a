"""What a bank needs of each puzzle family: sizes, levels, one record per seed,
and a uniqueness check of a stored record.

A record is a plain dict, the same for every family apart from the board and
the answer::

    {"family": "country", "size": "6x6", "index": 3, "seed": "0/country/6x6/3",
     "grade": "trial", "board": {...board.to_dict()...}, "solution": ...}

A board the generator could not make (``NoPuzzleFound``, or
``GenerationTimeout`` when a time limit is set) is stored as a record with an
``"error"`` field instead of a board, so the bank has no gap and the failure
is counted.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Dict, List, Mapping, Optional, Tuple

from .. import country, slitherlink
from .._text import is_digits
from .._validate import show
from ..country._generate import DEFAULT_COUNTRY_SIZE, DEFAULT_COVERAGE, check_options
from ..errors import ArgumentError, ArgumentTypeError, GenerationTimeout, NoPuzzleFound

__all__ = ["Family", "FAMILIES", "family", "Record"]

Record = Dict[str, Any]


@dataclass(frozen=True)
class Family:
    """One puzzle family as a bank sees it."""

    name: str
    min_side: int
    max_side: int
    #: Grades a bank may ask for (the family's ``LEVELS``).
    levels: Tuple[str, ...]
    #: Family options and their defaults (Country Road: country_size, coverage, order).
    defaults: Mapping[str, Any]
    #: ``check(rows, cols, grade, options)`` raises on bad options.
    check: Callable[[int, int, Optional[str], Mapping[str, Any]], None]
    #: ``make(rows, cols, seed, grade, time_limit, options)``: the record fields
    #: after family/size/index/seed (grade, board, solution, ...).
    make: Callable[[int, int, str, Optional[str], Optional[float], Mapping[str, Any]], Record]
    #: ``unique(record)``: the stored board has exactly one solution, and it is the stored one.
    unique: Callable[[Record], bool]


# --------------------------------------------------------------------------- Slitherlink


def _slither_check(rows: int, cols: int, grade: Optional[str], options: Mapping[str, Any]) -> None:
    if options:
        raise ArgumentError(f"Slitherlink banks take no family options, got {', '.join(sorted(options))}")


def _slither_make(
    rows: int, cols: int, seed: str, grade: Optional[str], time_limit: Optional[float], options: Mapping[str, Any]
) -> Record:
    board = slitherlink.generate(rows, cols, seed, grade=grade, time_limit=time_limit)
    result = board.solve(limit=1)
    return {
        "grade": board.grade().level,
        "clues": board.clue_count,
        "board": board.to_dict(),
        "solution": result.solutions[0].to_dict(),
    }


def _of_its_size(board: Any, record: Record) -> None:
    """A record's board has the record's size: a damaged record (whose
    manifest line was made to match) may hold a board of any other."""
    size = f"{board.rows}x{board.cols}"
    if size != record.get("size"):
        raise ArgumentError(f"the board is {size}, not {record.get('size')}")  # the size verify_bank checked


def _slither_unique(record: Record) -> bool:
    board = slitherlink.Slitherlink.from_dict(record["board"])
    _of_its_size(board, record)
    result = board.solve(limit=2)
    if not result.unique:
        return False
    return bool(result.solutions[0].to_dict() == record["solution"])


# --------------------------------------------------------------------------- Country Road

_COUNTRY_DEFAULTS: Mapping[str, Any] = {
    "country_size": DEFAULT_COUNTRY_SIZE,
    "coverage": DEFAULT_COVERAGE,
    "order": "adversarial",
}


def _country_check(rows: int, cols: int, grade: Optional[str], options: Mapping[str, Any]) -> None:
    unknown = set(options) - set(_COUNTRY_DEFAULTS)
    if unknown:
        raise ArgumentError(
            f"unknown Country Road option(s) {', '.join(sorted(unknown))}; expected {', '.join(_COUNTRY_DEFAULTS)}"
        )
    o = {**_COUNTRY_DEFAULTS, **options}
    check_options(rows, cols, o["country_size"], o["coverage"], o["order"], None, None, 1)


def _country_make(
    rows: int, cols: int, seed: str, grade: Optional[str], time_limit: Optional[float], options: Mapping[str, Any]
) -> Record:
    o = {**_COUNTRY_DEFAULTS, **options}
    p = country.generate_puzzle(
        rows,
        cols,
        seed,
        grade=grade,
        time_limit=time_limit,
        country_size=o["country_size"],
        coverage=o["coverage"],
        order=o["order"],
    )
    d = p.to_dict()
    return {
        "grade": d["grade"],
        "countries": d["countries"],
        "numbers_left": d["numbers_left"],
        "board": d["board"],
        "solution": d["solution"],
    }


def _country_unique(record: Record) -> bool:
    board = country.CountryRoad.from_json(record["board"])
    _of_its_size(board, record)
    solution = record["solution"]
    if not isinstance(solution, str) or not set(solution) <= {"0", "1"}:  # as _country_make writes it
        raise ArgumentError("the stored solution is not a string of 0 and 1")
    bits = bytes(int(ch) for ch in solution)
    result = board.solve(limit=2)
    if not result.unique:
        return False
    return bool(result.solutions[0] == country.CountryLoop.from_bits(board.rows, board.cols, bits))


def _slither_levels() -> Tuple[str, ...]:
    return tuple(slitherlink.LEVELS)


def _country_levels() -> Tuple[str, ...]:
    # "search" is a grade a board can have, not one the generator can aim at.
    return tuple(country.STAGES)


FAMILIES: Dict[str, Family] = {
    "slitherlink": Family(
        "slitherlink", 1, slitherlink.MAX_SIZE, _slither_levels(), {}, _slither_check, _slither_make, _slither_unique
    ),
    "country": Family(
        "country",
        country.MIN_SIDE,
        country.MAX_SIDE,
        _country_levels(),
        _COUNTRY_DEFAULTS,
        _country_check,
        _country_make,
        _country_unique,
    ),
}


def family(name: object) -> Family:
    """The :class:`Family` called ``name`` (``"slitherlink"`` or ``"country"``)."""
    if not isinstance(name, str):
        raise ArgumentTypeError(f"family must be a str, got {type(name).__name__}")
    try:
        return FAMILIES[name]
    except KeyError:
        raise ArgumentError(f"unknown family {show(name)}; expected one of {', '.join(FAMILIES)}") from None


def make_record(
    fam: Family,
    rows: int,
    cols: int,
    index: int,
    seed: str,
    grade: Optional[str],
    time_limit: Optional[float],
    options: Mapping[str, Any],
) -> Record:
    """The record of one board (an ``"error"`` record when the generator gave up)."""
    head: Record = {"family": fam.name, "size": f"{rows}x{cols}", "index": index, "seed": seed}
    try:
        return {**head, **fam.make(rows, cols, seed, grade, time_limit, options)}
    except (NoPuzzleFound, GenerationTimeout) as exc:
        return {**head, "error": f"{type(exc).__name__}: {exc}"}


def check_grade(fam: Family, grade: Optional[str]) -> None:
    if grade is None:
        return
    if not isinstance(grade, str):
        raise ArgumentTypeError(f"grade must be a str or None, got {type(grade).__name__}")
    if grade not in fam.levels:
        raise ArgumentError(f"unknown grade {show(grade)} for {fam.name}; expected one of {', '.join(fam.levels)}")


def sizes_of(fam: Family, sizes: object) -> List[Tuple[int, int]]:
    """``"10x10,15x15"``, ``["6x6"]`` or ``[(6, 6)]`` as a list of (rows, cols)."""
    if isinstance(sizes, str):
        items: List[Any] = [s for s in sizes.replace(" ", "").split(",") if s]
    elif isinstance(sizes, (list, tuple)):
        items = list(sizes)
    else:
        raise ArgumentTypeError(f"sizes must be a str such as '10x10,15x15' or a list, got {type(sizes).__name__}")
    if not items:
        raise ArgumentError("sizes must name at least one size such as 10x10")
    out: List[Tuple[int, int]] = []
    for item in items:
        if isinstance(item, str):
            parts = item.lower().split("x")
            if len(parts) != 2 or not all(is_digits(p) and len(p) <= 9 for p in parts):
                raise ArgumentError(f"unknown size {item[:40]!r}; write ROWSxCOLS such as 10x10")
            rc = (int(parts[0]), int(parts[1]))
        elif (
            isinstance(item, tuple)
            and len(item) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in item)
        ):
            rc = (item[0], item[1])
        else:
            raise ArgumentTypeError(f"a size must be 'RxC' or a (rows, cols) pair, got {type(item).__name__}")
        for side in rc:
            if not fam.min_side <= side <= fam.max_side:
                raise ArgumentError(
                    f"unknown size {rc[0]}x{rc[1]} for {fam.name}: sides must be {fam.min_side}..{fam.max_side}"
                )
        if rc in out:
            raise ArgumentError(f"size {rc[0]}x{rc[1]} is given twice")
        out.append(rc)
    return out
