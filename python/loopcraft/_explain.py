"""Explanations and hints, shared by the families: the rules, the steps of a
deduction, and a player's position.

A :class:`Step` is one application of one rule at one place: what it read
(``premise``, a set of keys) and what it decided (``decided``, a mapping from
a key to 1 for a line or a used cell, 0 for a cross or an unused cell). Keys,
all 0-based:

- ``("h", r, c)``: the top side of cell (r, c) (Slitherlink, r in 0..R);
- ``("v", r, c)``: the left side of cell (r, c) (Slitherlink, c in 0..C);
- ``("clue", r, c)``: the number in cell (r, c) (Slitherlink);
- ``("cell", r, c)``: a cell, used or unused (Country Road);
- ``("right", r, c)``, ``("down", r, c)``: the loop segment from cell (r, c)
  to its right or lower neighbour (Country Road);
- ``("country", id)``: a country and its number (Country Road).

A :class:`Position` is what a player marked, with the same string form as
``Backbone.to_dict()`` and ``../shared/external/README.md``: ``1`` for a line
(or a used cell), ``0`` for a cross (an unused cell), ``?`` for no mark.

>>> p = Position.from_dict({"h_edges": ["1?", "??", "0?"], "v_edges": ["???"] * 2})
>>> p.family, p.rows, p.cols, p.marks[("h", 0, 0)], p.marks[("h", 2, 0)]
('slitherlink', 2, 2, 1, 0)
>>> p.to_dict()["h_edges"]
['1?', '??', '0?']
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import (
    Any,
    Callable,
    Dict,
    FrozenSet,
    Iterable,
    Iterator,
    List,
    Mapping,
    Optional,
    Sequence,
    Tuple,
    Union,
    overload,
)

from . import _core
from ._validate import MAX_NAMES, bounded_items, require_int, require_optional_number, show, size_of
from .errors import ArgumentError, ArgumentTypeError, TimeLimitError

__all__ = ["Key", "Rule", "Step", "Explanation", "Position"]

#: A key of a premise or a decision, such as ``("h", 0, 2)`` or ``("clue", 1, 1)``.
Key = Tuple[Any, ...]

#: A step of the i-th level of a family's ladder weighs ``STEP_WEIGHT_BASE ** i``
#: in :meth:`Explanation.weight` (docs/levels.md, "Score", says why 8).
STEP_WEIGHT_BASE = 8

_EDGE_KINDS = {"slitherlink": ("h", "v"), "country": ("right", "down")}
#: The board sides a position of each family may have (the families' own bounds).
_SIDES = {
    "slitherlink": (1, _core.SLITHER_MAX_SIDE),
    "country": (_core.COUNTRY_MIN_SIDE, _core.COUNTRY_MAX_SIDE),
}


def listing(names: Sequence[str]) -> str:
    """``a, b and c``; with ``;`` between names that hold commas themselves."""
    if len(names) <= 1:
        return "".join(names)
    if any("," in n for n in names):
        return "; ".join(names)
    return f"{', '.join(names[:-1])} and {names[-1]}"


@dataclass(frozen=True)
class Rule:
    """One rule of a family's catalogue (``RULES``).

    Attributes:
        name: the stable name, such as ``"premature-loop"``.
        level: the level it belongs to (a name from the family's ``LEVELS``).
        description: one line for people.
    """

    name: str
    level: str
    description: str

    def __str__(self) -> str:
        return f"{self.name} ({self.level}): {self.description}"


def _read_only(d: Mapping[Key, int]) -> Mapping[Key, int]:
    return MappingProxyType(dict(d))


@dataclass(frozen=True, eq=False)
class Step:
    """One application of one rule at one place.

    Attributes:
        rule: the rule's name (see the family's ``RULES``).
        level: the level of that rule.
        premise: the keys it read: clues, countries, and the decided edges or
            cells it depends on (the derived facts it used are traced back to
            these).
        decided: the unknowns it set, ``{key: 1 or 0}``.
        text: a sentence for people (rows and columns counted from 1).
        place: where the rule applied (a cell ``("cell", r, c)``, a lattice
            point ``("point", r, c)``, an edge key, a country key), or None
            when it is not one place (a chain of equal sides, say).
        contradiction: the step found a contradiction (the last step of a
            trial's refutation; a ``mistake`` hint).
        because: for a ``trial`` step, the explanation of the contradiction
            that the other value leads to.
    """

    rule: str
    level: str
    premise: FrozenSet[Key]
    decided: Mapping[Key, int]
    text: str
    place: Optional[Key] = None
    contradiction: bool = False
    because: Optional[Explanation] = None
    _painter: Optional[Callable[[Step, float], str]] = field(default=None, repr=False)

    def __post_init__(self) -> None:
        # premise = None was a bare TypeError, decided = "x" a bare ValueError
        # (the dict() of a str), both from here.
        if isinstance(self.premise, (str, bytes)) or not isinstance(self.premise, Iterable):
            raise ArgumentTypeError(f"premise must be a set of keys, got {type(self.premise).__name__}")
        if not isinstance(self.decided, Mapping):
            raise ArgumentTypeError(f"decided must be a dict of key: 0 or 1, got {type(self.decided).__name__}")
        object.__setattr__(self, "premise", frozenset(self.premise))
        object.__setattr__(self, "decided", _read_only(self.decided))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Step):
            return NotImplemented
        return (self.rule, self.level, self.premise, dict(self.decided), self.place, self.contradiction) == (
            other.rule,
            other.level,
            other.premise,
            dict(other.decided),
            other.place,
            other.contradiction,
        ) and self.because == other.because

    def __hash__(self) -> int:
        return hash((self.rule, self.premise, frozenset(self.decided.items()), self.place))

    def __str__(self) -> str:
        return self.text

    def to_svg(self, *, cell: float = 32) -> str:
        """The board before the step: what it read highlighted (clues and
        countries shaded, marks in black, other marks light), what it decided
        in the accent colour."""
        if self._painter is None:
            raise ArgumentError("this step has no board to draw on")
        return self._painter(self, cell)

    def _repr_svg_(self) -> str:
        return self.to_svg()

    def __reduce__(self) -> Tuple[Any, ...]:
        # The read-only view of ``decided`` does not pickle: a plain dict goes
        # in its place, and __post_init__ wraps it again.
        return (
            Step,
            (
                self.rule,
                self.level,
                self.premise,
                dict(self.decided),
                self.text,
                self.place,
                self.contradiction,
                self.because,
                self._painter,
            ),
        )


class Painter:
    """A step's picture, drawn when it is asked for: ``draw(step, before,
    cell)`` with the marks before the step (``history`` at ``index``). An
    object rather than a closure, so that steps and explanations pickle
    (``draw`` is a module function or a bound method of a board's names)."""

    def __init__(self, draw: Callable[[Step, Dict[Key, int], float], str], history: History, index: int) -> None:
        self.draw, self.history, self.index = draw, history, index

    def __call__(self, step: Step, cell: float) -> str:
        return self.draw(step, self.history.before(self.index), cell)


@dataclass(frozen=True)
class Explanation:
    """The ordered steps of a deduction, easiest first.

    Attributes:
        level: the level explained.
        steps: the steps; replaying their decisions from the start position
            reaches the level's fixpoint (``deduce(level)``).
        contradiction: the rules found that the puzzle (or the position) has
            no solution; the steps are then empty.
        start: the position the steps start from (empty for ``explain``).
    """

    level: str
    steps: Tuple[Step, ...]
    contradiction: bool = False
    start: Optional[Position] = field(default=None, compare=False)

    def __post_init__(self) -> None:
        # steps = None or "x" was a bare TypeError or AttributeError from
        # text(), start = True a bare AttributeError from replay().
        if not isinstance(self.steps, (tuple, list)):  # not any iterable: one may never end
            raise ArgumentTypeError(f"steps must be a tuple of Step, got {type(self.steps).__name__}")
        steps = tuple(self.steps)
        for i, step in enumerate(steps):
            if not isinstance(step, Step):
                raise ArgumentTypeError(f"steps[{i}] must be a Step, got {type(step).__name__}")
        if self.start is not None and not isinstance(self.start, Position):
            raise ArgumentTypeError(f"start must be a Position or None, got {type(self.start).__name__}")
        object.__setattr__(self, "steps", steps)

    def __len__(self) -> int:
        return len(self.steps)

    def __iter__(self) -> Iterator[Step]:
        return iter(self.steps)

    @overload
    def __getitem__(self, i: int) -> Step: ...
    @overload
    def __getitem__(self, i: slice) -> Tuple[Step, ...]: ...
    def __getitem__(self, i: Union[int, slice]) -> Union[Step, Tuple[Step, ...]]:
        return self.steps[i]

    def rules(self) -> Dict[str, int]:
        """How many steps each rule takes, in order of first use."""
        out: Dict[str, int] = {}
        for s in self.steps:
            out[s.rule] = out.get(s.rule, 0) + 1
        return out

    def weight(self, levels: Sequence[str]) -> int:
        """The work of the steps: each step weighs ``8 ** i``, ``i`` the index
        of its level in ``levels`` (the family's ``LEVELS``: 1 for the first
        level, 8 for the next, 64, 512, ...), and a step that carries a
        refutation (``because``, a ``trial``) adds that explanation's weight.
        See :func:`score` and docs/levels.md for why 8."""
        if isinstance(levels, (str, bytes)) or not isinstance(levels, Iterable):
            raise ArgumentTypeError(f"levels must be a list of level names, got {type(levels).__name__}")
        # Read item by item (not sized by a len() that may be made up), each checked, at most MAX_NAMES.
        levels = bounded_items("levels", levels, MAX_NAMES, each=_level_name)
        if not levels:
            raise ArgumentError("levels must name at least one level")
        total = 0
        for s in self.steps:
            i = levels.index(s.level) if s.level in levels else len(levels) - 1
            total += STEP_WEIGHT_BASE**i
            if s.because is not None:
                total += s.because.weight(levels)
        return total

    def decided(self) -> Dict[Key, int]:
        """Every decision of the steps, in order."""
        out: Dict[Key, int] = {}
        for s in self.steps:
            out.update(s.decided)
        return out

    def replay(self) -> Position:
        """The start position with every step's decisions added; raises
        ``ArgumentError`` when a step decides a key already set (the replay check)."""
        if self.start is None:
            raise ArgumentError("this explanation has no start position")
        marks = dict(self.start.marks)
        for i, s in enumerate(self.steps):
            for k, v in s.decided.items():
                if k in marks:
                    raise ArgumentError(f"step {i + 1} decides {k} again")
                marks[k] = v
        return Position(self.start.family, self.start.rows, self.start.cols, marks)

    def to_svg(self, i: int, *, cell: float = 32) -> str:
        """The picture of step ``i`` (see :meth:`Step.to_svg`)."""
        n = len(self.steps)
        if n == 0:
            raise ArgumentError("this explanation has no step to draw")
        return self.steps[require_int("i", i, -n, n - 1)].to_svg(cell=cell)

    def text(self) -> str:
        """The steps as text, one per line, numbered from 1."""
        if self.contradiction:
            return "The rules find a contradiction: there is no solution."
        return "\n".join(f"{i + 1}. {s.text}" for i, s in enumerate(self.steps))

    def __str__(self) -> str:
        return self.text()


def _require_sides(family: str, rows: int, cols: int) -> None:
    """Refuses a position dict of a size no board of ``family`` has before
    its rows are read: a dict of 3,000 x 3,000 marks took 14 s and 2.3 GB
    (the marks' dict) before the Position refused its size, and a larger one
    ended in a MemoryError."""
    lo, hi = _SIDES[family]
    require_int("rows", rows, lo, hi)
    if cols:  # 0: the first row is no str, which the rows' check names
        require_int("cols", cols, lo, hi)


def _require_marks(name: str, value: Any, n: int, width: int, allow: str) -> List[str]:
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence):
        raise ArgumentTypeError(f"{name} must be a list of strings, got {type(value).__name__}")
    if size_of(name, value) != n:
        raise ArgumentError(f"{name} has {len(value)} rows, expected {n}")
    for r, row in enumerate(value):
        if not isinstance(row, str):
            raise ArgumentTypeError(f"{name} row {r + 1} must be a str, got {type(row).__name__}")
        if len(row) != width:
            raise ArgumentError(f"{name} row {r + 1} has {len(row)} characters, expected {width}")
        bad = next((ch for ch in row if ch not in allow), None)
        if bad is not None:
            raise ArgumentError(f"{name} row {r + 1}: {bad!r} is not one of {', '.join(allow)}")
    return list(value)


def _level_name(level: Any) -> None:
    if not isinstance(level, str):
        raise ArgumentTypeError(f"levels must be level names (str), got a {type(level).__name__} in it")


@dataclass(frozen=True, eq=False)
class Position:
    """A player's marks on a board.

    Attributes:
        family: ``"slitherlink"`` or ``"country"``.
        rows, cols: the board size.
        marks: ``{key: 1 or 0}`` for every marked edge (or cell); unmarked
            keys are absent.
    """

    family: str
    rows: int
    cols: int
    marks: Mapping[Key, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not isinstance(self.family, str) or self.family not in _EDGE_KINDS:
            raise ArgumentError(f"family must be slitherlink or country, got {show(self.family)}")
        # The size and every mark are checked here, not where they are used:
        # rows = None or 1.5 was a bare TypeError from to_dict, 10**30 a
        # to_dict that never ended, a mark key 0 or () a bare TypeError or
        # IndexError, a mark 1.0 a bare TypeError from a hint.
        lo, hi = _SIDES[self.family]
        require_int("rows", self.rows, lo, hi)
        require_int("cols", self.cols, lo, hi)
        if not isinstance(self.marks, Mapping):
            raise ArgumentTypeError(f"marks must be a dict of key: 0 or 1, got {type(self.marks).__name__}")
        marks = _read_only(self.marks)
        kinds = {kind: (n, m) for kind, n, m in self._layout()}
        for k, v in marks.items():
            if not (
                isinstance(k, tuple)
                and len(k) == 3
                and isinstance(k[0], str)
                and k[0] in kinds
                and isinstance(k[1], int)
                and isinstance(k[2], int)
                and not isinstance(k[1], bool)
                and not isinstance(k[2], bool)
                and 0 <= k[1] < kinds[k[0]][0]
                and 0 <= k[2] < kinds[k[0]][1]
            ):
                raise ArgumentError(
                    f"position mark {show(k)} is not a {self.family} key of a {self.rows} x {self.cols} board"
                )
            if isinstance(v, bool) or not isinstance(v, int) or v not in (0, 1):
                raise ArgumentError(f"position mark {show(k)} = {show(v)}: a mark is 1 or 0")
        object.__setattr__(self, "marks", marks)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Position):
            return NotImplemented
        return (self.family, self.rows, self.cols, dict(self.marks)) == (
            other.family,
            other.rows,
            other.cols,
            dict(other.marks),
        )

    def __hash__(self) -> int:
        return hash((self.family, self.rows, self.cols, frozenset(self.marks.items())))

    def __reduce__(self) -> Tuple[Any, Tuple[str, int, int, Dict[Key, int]]]:
        # A read-only mapping does not pickle: the marks go as a plain dict.
        return type(self), (self.family, self.rows, self.cols, dict(self.marks))

    def _layout(self) -> List[Tuple[str, int, int]]:
        """``(kind, rows, cols)`` of each string grid of the dict form."""
        R, C = self.rows, self.cols
        if self.family == "slitherlink":
            return [("h", R + 1, C), ("v", R, C + 1)]
        return [("right", R, C - 1), ("down", R - 1, C), ("cell", R, C)]

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Position:
        """Reads the dict form: ``h_edges``/``v_edges`` (Slitherlink), or
        ``right``/``down`` and optionally ``cells`` (Country Road), each a
        list of strings of ``1``, ``0`` and ``?``."""
        if isinstance(data, Position):
            return data
        if not isinstance(data, Mapping):
            raise ArgumentTypeError(f"a position must be a Position or a dict, got {type(data).__name__}")
        if "h_edges" in data or "v_edges" in data:
            h = data.get("h_edges")
            v = data.get("v_edges")
            if (
                not isinstance(h, Sequence)
                or not isinstance(v, Sequence)
                or isinstance(h, str)
                or size_of("h_edges", h) < 2
            ):
                raise ArgumentError(
                    "a Slitherlink position needs h_edges (rows + 1 strings) and v_edges (rows strings)"
                )
            R, C = len(h) - 1, len(h[0]) if isinstance(h[0], str) else 0  # a str's length is true
            _require_sides("slitherlink", R, C)
            grids = {
                "h": _require_marks("h_edges", h, R + 1, C, "01?"),
                "v": _require_marks("v_edges", v, R, C + 1, "01?"),
            }
            family = "slitherlink"
        elif "right" in data or "down" in data:
            right, down = data.get("right"), data.get("down")
            if not isinstance(right, Sequence) or isinstance(right, str) or size_of("right", right) < 1:
                raise ArgumentError("a Country Road position needs right (rows strings) and down (rows - 1 strings)")
            R = len(right)
            C = len(right[0]) + 1 if isinstance(right[0], str) else 0
            _require_sides("country", R, C)
            grids = {
                "right": _require_marks("right", right, R, C - 1, "01?"),
                "down": _require_marks("down", down, R - 1, C, "01?"),
            }
            if data.get("cells") is not None:
                grids["cell"] = _require_marks("cells", data["cells"], R, C, "01?")
            family = "country"
        else:
            raise ArgumentError(
                "a position dict needs h_edges and v_edges (Slitherlink) or right and down (Country Road)"
            )
        marks: Dict[Key, int] = {}
        for kind, rows in grids.items():
            for r, row in enumerate(rows):
                for c, ch in enumerate(row):
                    if ch != "?":
                        marks[(kind, r, c)] = int(ch)
        return cls(family, R, C, marks)

    def to_dict(self) -> Dict[str, List[str]]:
        """The dict form (see :meth:`from_dict`); ``cells`` only when a cell is marked."""
        names = {"h": "h_edges", "v": "v_edges", "right": "right", "down": "down", "cell": "cells"}
        out: Dict[str, List[str]] = {}
        for kind, n, m in self._layout():
            if kind == "cell" and not any(k[0] == "cell" for k in self.marks):
                continue
            out[names[kind]] = [
                "".join("?" if (kind, r, c) not in self.marks else str(self.marks[(kind, r, c)]) for c in range(m))
                for r in range(n)
            ]
        return out

    def with_marks(self, marks: Mapping[Key, int]) -> Position:
        """This position with ``marks`` added (or changed)."""
        if not isinstance(marks, Mapping):
            raise ArgumentTypeError(f"marks must be a dict of key: 0 or 1, got {type(marks).__name__}")
        new = dict(self.marks)
        new.update(marks)
        return Position(self.family, self.rows, self.cols, new)


class History:
    """The marks before each step of a list being built, computed when asked
    (a picture needs them; building every step's copy would cost quadratic time)."""

    def __init__(self, start: Mapping[Key, int]) -> None:
        self.start = dict(start)
        self.decided: List[Mapping[Key, int]] = []

    def add(self, decided: Mapping[Key, int]) -> int:
        """Records one step's decisions; returns its index."""
        self.decided.append(decided)
        return len(self.decided) - 1

    def before(self, i: int) -> Dict[Key, int]:
        """The marks before step ``i``."""
        out = dict(self.start)
        for d in self.decided[:i]:
            out.update(d)
        return out


def core_hint(
    hint: Callable[[bytes, Optional[float]], Tuple[Optional[List[Any]], bool]],
    position: bytes,
    time_limit: Any,
) -> Optional[List[Any]]:
    """A family handle's ``hint`` on a position's bytes: its steps flattened,
    or None when there is no step; :class:`TimeLimitError` when
    ``time_limit`` ran out first (the core then names no step)."""
    flat, finished = hint(position, require_optional_number("time_limit", time_limit))
    in_time(finished, "hint", time_limit)
    return flat


def in_time(finished: bool, what: str, time_limit: Any) -> None:
    """:class:`TimeLimitError` unless the core's ``what`` (a hint, an
    explanation) finished within ``time_limit``: a call of the core that
    has no answer in part returns none when its time runs out."""
    if not finished:
        raise TimeLimitError(f"no {what} found within the time limit of {show(time_limit)} s")


def as_position(value: Any, family: str, rows: int, cols: int) -> Position:
    """A :class:`Position` (or its dict form) checked against a board."""
    if isinstance(value, Position):
        pos = value
    elif isinstance(value, Mapping):
        pos = Position.from_dict(value)
    else:
        raise ArgumentTypeError(f"position must be a Position or its dict, got {type(value).__name__}")
    if pos.family != family:
        raise ArgumentError(f"position is a {pos.family} position, the board is {family}")
    if (pos.rows, pos.cols) != (rows, cols):
        raise ArgumentError(f"position is for a {pos.rows} x {pos.cols} board, the board is {rows} x {cols}")
    return pos  # its marks are the keys of its size, checked when it was made


def score(index: int, weight: int, sides: int) -> float:
    """The finer difficulty of a puzzle graded at level ``index``: ``index +
    d / (1 + d)``, ``d`` the explanation's :meth:`Explanation.weight` per
    unknown of the board (``sides``). It grows with the weight, so it orders
    puzzles within a level, and stays in ``[index, index + 1)``, so it never
    reorders the levels."""
    d = weight / max(sides, 1)
    # Below 1 - 1e-9, so that index + f stays below index + 1 in floats.
    return index + min(d / (1.0 + d), 1.0 - 1e-9)
