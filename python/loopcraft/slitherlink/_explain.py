"""Slitherlink explanations and hints: the core's traced steps as
:class:`~loopcraft.Step` objects with sentences and pictures."""

from __future__ import annotations

import functools
from typing import Any, Dict, FrozenSet, List, Mapping, Optional, Sequence, Tuple

from .. import _core
from .._explain import (
    Explanation,
    History,
    Key,
    Painter,
    Position,
    Rule,
    Step,
    as_position,
    core_hint,
    in_time,
    listing,
)
from .._svg import clue_texts, grid_svg
from .._validate import require_optional_number
from ._geometry import ClueGrid

__all__ = ["RULES", "explain", "hint"]

#: The rules that explanations and hints name, weakest level first: each a
#: :class:`~loopcraft.Rule` (name, level, description). Read from the core.
RULES: Tuple[Rule, ...] = tuple(Rule(n, lv, d) for n, lv, d in _core.SLITHER_RULES)
_LEVEL = {r.name: r.level for r in RULES}


class _Board:
    """The geometry the conversions need."""

    def __init__(self, clues: ClueGrid) -> None:
        self.clues = clues
        self.rows = len(clues)
        self.cols = len(clues[0])
        self.num_h = (self.rows + 1) * self.cols
        self.num_edges = self.num_h + self.rows * (self.cols + 1)
        self._keys: List[Key] = [self._edge_key(e) for e in range(self.num_edges)]
        self._keys += [("clue", c // self.cols, c % self.cols) for c in range(self.rows * self.cols)]

    def edge_key(self, e: int) -> Key:
        return self._keys[e]

    def _edge_key(self, e: int) -> Key:
        if e < self.num_h:
            return ("h", e // self.cols, e % self.cols)
        k = e - self.num_h
        return ("v", k // (self.cols + 1), k % (self.cols + 1))

    def key(self, k: int) -> Key:
        return self._keys[k]

    def edge_index(self, key: Key) -> int:
        kind, r, c = key
        if kind == "h":
            return int(r) * self.cols + int(c)
        return self.num_h + int(r) * (self.cols + 1) + int(c)

    def place(self, kind: str, index: int) -> Optional[Key]:
        if kind == "cell":
            return ("cell", index // self.cols, index % self.cols)
        if kind == "point":
            return ("point", index // (self.cols + 1), index % (self.cols + 1))
        if kind == "edge":
            return self.edge_key(index)
        return None

    def cell_name(self, r: int, c: int) -> str:
        return f"row {r + 1}, column {c + 1}"

    def edge_name(self, key: Key) -> str:
        kind, r, c = key
        if kind == "h":
            if r < self.rows:
                return f"the top of row {r + 1}, column {c + 1}"
            return f"the bottom of row {r}, column {c + 1}"
        if c < self.cols:
            return f"the left of row {r + 1}, column {c + 1}"
        return f"the right of row {r + 1}, column {c}"

    def dot_name(self, r: int, c: int) -> str:
        """A dot named by the cell it is a corner of: the top left one where
        there is a cell below and right of it, else the nearest."""
        vertical = "top" if r < self.rows else "bottom"
        horizontal = "left" if c < self.cols else "right"
        return f"the {vertical} {horizontal} corner of {self.cell_name(min(r, self.rows - 1), min(c, self.cols - 1))}"

    def near_name(self, key: Key, place: Optional[Key]) -> Optional[str]:
        """``key``'s name as seen from the step's own cell or dot, when it is
        one of that cell's sides or one of that dot's sides: a reader looks
        at the place the sentence starts from."""
        if place is None or place[0] not in ("cell", "point") or key[0] not in ("h", "v"):
            return None
        kind, r, c = key
        pr, pc = place[1], place[2]
        if place[0] == "cell":
            sides = {
                ("h", pr, pc): "top",
                ("h", pr + 1, pc): "bottom",
                ("v", pr, pc): "left",
                ("v", pr, pc + 1): "right",
            }
            side = sides.get((kind, r, c))
            return f"its {side} side" if side else None
        ends = {
            ("h", pr, pc): "the side to its right",
            ("h", pr, pc - 1): "the side to its left",
            ("v", pr, pc): "the side below it",
            ("v", pr - 1, pc): "the side above it",
        }
        return ends.get((kind, r, c))

    def place_name(self, place: Optional[Key]) -> str:
        if place is None:
            return "A chain of related sides"
        if place[0] == "cell":
            r, c = place[1], place[2]
            clue = self.clues[r][c]
            return (
                f"The {clue} at {self.cell_name(r, c)}" if clue is not None else f"The cell at {self.cell_name(r, c)}"
            )
        if place[0] == "point":
            return f"The dot at {self.dot_name(place[1], place[2])}"
        return f"The side at {self.edge_name(place)}"

    def decisions(self, decided: Mapping[Key, int], place: Optional[Key] = None) -> str:
        """What a step decided, in words: its lines, then its crosses. Sides
        of the step's own cell or dot are named from it ("its top side"),
        the rest by row and column."""
        parts = []
        for value, one, many in ((1, "a line", "lines"), (0, "a cross", "crosses")):
            keys = [k for k, v in decided.items() if v == value]
            if not keys:
                continue
            near = [n for n in (self.near_name(k, place) for k in keys) if n is not None]
            far = [self.edge_name(k) for k in keys if self.near_name(k, place) is None]
            names = (["all four of its sides"] if len(near) == 4 else near) + far
            shown, more = names[:4], len(names) - 4
            tail = f" and {more} more" if more > 0 else ""
            parts.append(f"{one if len(keys) == 1 else many} on {listing(shown)}{tail}")
        return " and ".join(parts) if parts else "nothing new"


_WHY = {
    "number": "counting its lines and crosses",
    "two-lines-or-none": "has two lines or none",
    "corner-pair": "reading what its corner dots allow (not both, not neither)",
    "corner-facts": "using the corner facts other numbers left at its dots",
    "dot-facts": "combining its corner facts with its lines",
    "parity": "counting lines mod 2 over sides known equal or opposite",
    "exact-corners": "reasoning exactly at its corners with the inside/outside colours",
}


def _text(
    b: _Board,
    rule: str,
    place: Optional[Key],
    premise: FrozenSet[Key],
    decided: Mapping[Key, int],
    before: Mapping[Key, int],
    *,
    contradiction: bool,
    sub: int,
) -> str:
    what = b.decisions(decided, place)
    if rule == "no-solution":
        return "This puzzle has no solution: no loop satisfies its numbers, whatever is marked."
    if rule == "mistake":
        wrong = sorted(premise)
        names = "; ".join(f"the {'line' if before.get(k) == 1 else 'cross'} on {b.edge_name(k)}" for k in wrong[:4])
        return f"Mistake: {names} — no solution agrees with it and the other marks."
    if rule == "search":
        return f"No rule decides anything more; the unique solution has {what}."
    if rule == "trial":
        assert place is not None
        v = decided.get(place)
        other = "a cross" if v == 1 else "a line"
        return f"Trial: {other} on {b.edge_name(place)} leads to a contradiction in {sub} steps, so {what}."
    if rule == "premature-loop":
        head = "Closing the loop here would leave other lines or a number out"
    elif rule == "loop-closed":
        head = "The loop is closed"
    elif rule == "inside-outside":
        head = "Cells known to lie on the same or opposite sides of the loop"
    elif rule == "three-beside-three":
        assert place is not None
        kind, r, c = place
        pair = [(r - 1, c), (r, c)] if kind == "h" else [(r, c - 1), (r, c)]
        names = " and ".join(b.cell_name(x, y) for x, y in pair)
        others = sorted((k[1], k[2]) for k in premise if k[0] == "clue" and (k[1], k[2]) not in pair)
        why = "".join(
            f" (the loop around them would leave the {b.clues[x][y]} at {b.cell_name(x, y)} wrong)" for x, y in others
        )
        head = f"The 3s at {names} side by side{why}"
    elif rule == "parity" and place is None:
        head = "Sides known equal or opposite"
    else:
        head = f"{b.place_name(place)} {_WHY.get(rule, '')}".rstrip()
    if contradiction:
        return f"{head}: contradiction."
    return f"{head}: {what}."


def _paint(b: _Board, step: Step, before: Dict[Key, int], cell: float) -> str:
    """A step's picture on the board ``b``, from the marks ``before`` it."""
    read = {k: v for k, v in before.items() if k in step.premise}
    rest = {k: v for k, v in before.items() if k not in step.premise}
    return grid_svg(
        b.rows,
        b.cols,
        title=step.text,
        cell=cell,
        texts=clue_texts(b.clues),
        highlighted=[(k[1], k[2]) for k in step.premise if k[0] == "clue"],
        lattice_edges=[k for k, v in read.items() if v == 1],
        crosses=[k for k, v in read.items() if v == 0],
        faint_edges=[k for k, v in rest.items() if v == 1],
        faint_crosses=[k for k, v in rest.items() if v == 0],
        accent_edges=[k for k, v in step.decided.items() if v == 1],
        accent_crosses=[k for k, v in step.decided.items() if v == 0],
    )


def _painter(b: _Board, history: History, index: int) -> Painter:
    return Painter(functools.partial(_paint, b), history, index)


_Flat = Tuple[str, str, int, List[int], List[Tuple[int, int]], bool, int]


def _steps(b: _Board, flat: Sequence[_Flat], parent: int, start: Dict[Key, int], level: str) -> List[Step]:
    """The steps of ``flat`` whose parent is ``parent``, each with the
    position before it, starting from ``start``."""
    out: List[Step] = []
    marks = dict(start)
    history = History(start)
    for i, (rule, kind, index, premise_ids, decided_ids, contradiction, par) in enumerate(flat):
        if par != parent:
            continue
        place = b.place(kind, index)
        premise = frozenset(b.key(k) for k in premise_ids)
        decided = {b.edge_key(e): int(v) for e, v in decided_ids}
        because = None
        n_sub = 0
        if rule == "trial" and place is not None:
            assumed = dict(marks)
            assumed[place] = 1 - decided.get(place, 0)
            sub = _steps(b, flat, i, assumed, level)
            n_sub = len(sub)
            because = Explanation(
                level, tuple(sub), contradiction=True, start=Position("slitherlink", b.rows, b.cols, assumed)
            )
        text = _text(b, rule, place, premise, decided, marks, contradiction=contradiction, sub=n_sub)
        out.append(
            Step(
                rule,
                _LEVEL[rule],
                premise,
                decided,
                text,
                place,
                contradiction,
                because,
                _painter(b, history, history.add(decided)),
            )
        )
        marks.update(decided)
    return out


def _position_bytes(b: _Board, pos: Position) -> bytes:
    out = bytearray(b"\x02" * b.num_edges)
    for k, v in pos.marks.items():
        out[b.edge_index(k)] = v
    return bytes(out)


def explain(clues: ClueGrid, core: _core.SlitherBoard, level: str, time_limit: Any = None) -> Explanation:
    """The explanation of ``level``'s deduction on a board (see ``Slitherlink.explain``);
    ``core`` is the board's handle in the core."""
    b = _Board(clues)
    start = Position("slitherlink", b.rows, b.cols)
    flat, finished = core.explain(level, None, require_optional_number("time_limit", time_limit))
    in_time(finished, "explanation", time_limit)
    if flat is None:
        return Explanation(level, (), contradiction=True, start=start)
    return Explanation(level, tuple(_steps(b, flat, -1, {}, level)), start=start)


def hint(
    clues: ClueGrid, core: _core.SlitherBoard, position: Any, time_limit: Optional[float] = None
) -> Optional[Step]:
    """The next step from a player's position (see ``Slitherlink.hint``);
    ``core`` is the board's handle in the core."""
    b = _Board(clues)
    pos = as_position(position, "slitherlink", b.rows, b.cols)
    flat = core_hint(core.hint, _position_bytes(b, pos), time_limit)
    if flat is None:
        return None
    steps = _steps(b, flat, -1, dict(pos.marks), "trial")
    return steps[0]
