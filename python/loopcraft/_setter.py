"""The setter's questions, asked the same way of every family: what every
solution shares (:class:`Backbone`), why there is no solution
(:class:`Conflict`), which clue to add (:class:`Suggestion`), which clues can
go, and one answer that sums it up (:class:`Verdict`).

The backbone is computed in the core (the board handles' ``backbone``):
one search for a first solution, then one search per unknown not yet known
to differ, with that unknown forced to its other value.
Everything else here is built on it and on the core's ``solve``.

Unknowns are named by keys, 0-based: ``("h", r, c)`` (the top side of cell
(r, c)) and ``("v", r, c)`` (its left side) for Slitherlink;
``("cell", r, c)`` (the loop uses the cell), ``("right", r, c)`` (the link
from (r, c) to (r, c + 1)) and ``("down", r, c)`` (to (r + 1, c)) for Country
Road.

Budgets: every call takes ``time_limit`` (seconds, None for none) and stops
on Ctrl-C; a call stopped by its budget says so (``complete=False``) and
reports only what it proved.
"""

from __future__ import annotations

import random
import threading
import time
from dataclasses import dataclass, field
from itertools import compress
from typing import TYPE_CHECKING, Any, Dict, List, Mapping, Optional, Sequence, Set, Tuple

from . import _core
from ._clock import Clock
from ._picture import Picture
from ._result import Findings
from ._svg import country_svg, edges_from_flat, lattice_svg
from ._validate import MAX_COUNT_THREADS, require_int, require_optional_number, require_str, show
from .errors import ArgumentError, ArgumentTypeError, CapacityError, TimeLimitError

if TYPE_CHECKING:
    from .country._board import CountryRoad
    from .slitherlink._board import Slitherlink

#: A board of either family (``Slitherlink`` or ``CountryRoad``): the helpers
#: below ask ``_is_slither`` and use each family's own calls.
Board = Any

__all__ = ["Backbone", "Suggestion", "Conflict", "Verdict"]

Key = Tuple[str, int, int]
Row = Tuple[Optional[int], ...]
Rows = Tuple[Row, ...]
#: A clue's place: ``(row, col)`` for Slitherlink, a country id for Country Road.
Where = Any

#: Solutions the verdict's count search enumerates at most (more: a lower bound).
COUNT_CAP = 100


def _chars(row: Sequence[Optional[int]]) -> str:
    return "".join("?" if v is None else str(v) for v in row)


#: A core value (0, 1, or 2 for open) as a backbone holds it.
_VALUE: Tuple[Optional[int], ...] = (0, 1, None)


def _rows(values: Sequence[int], start: int, n_rows: int, width: int) -> Rows:
    # One lookup per value: on a 10 x 10 Country Road draft this conversion
    # was a tenth of what backbone() cost.
    flat = tuple(map(_VALUE.__getitem__, values[start : start + n_rows * width]))
    return tuple(flat[r * width : (r + 1) * width] for r in range(n_rows))


# ---------------------------------------------------------------- Backbone


@dataclass(frozen=True)
class Backbone(Picture):
    """What every solution of a board shares, and where two solutions differ.

    Attributes:
        kind: ``"slitherlink"`` or ``"country"``.
        rows, cols: board size.
        count: 0 (no solution), 1 (exactly one) or 2 (two or more); when not
            ``complete``, the solutions found so far (a lower bound).
        complete: False when a budget stopped the work: then only the values
            given are proven, and None also stands for "not examined".
        h_edges, v_edges: Slitherlink, in the layout of
            ``SlitherlinkDeduction``: per edge 1 or 0 when every solution
            agrees, None where solutions differ. Empty for Country Road.
        cells: Country Road, per cell 1 (used by every solution), 0 (by none)
            or None; ``right`` (R rows of C - 1) and ``down`` (R - 1 rows of C):
            the links between cell centres, the same way. Empty for Slitherlink.
        witnesses: up to two solutions (``Solution`` / ``CountryLoop``), which differ.
        differ: the keys of the unknowns where the two witnesses differ (see
            the module docstring), row-major within each kind.
        open: how many unknowns are still open (None); 0 when there is no solution.
        board: the board (for drawing; not compared).

    With no solution every value is None, ``count`` is 0 and there is no witness.
    """

    kind: str
    rows: int
    cols: int
    count: int
    complete: bool
    h_edges: Rows = field(default=(), repr=False)
    v_edges: Rows = field(default=(), repr=False)
    cells: Rows = field(default=(), repr=False)
    right: Rows = field(default=(), repr=False)
    down: Rows = field(default=(), repr=False)
    witnesses: Tuple[Any, ...] = field(default=(), repr=False)
    differ: Tuple[Key, ...] = field(default=(), repr=False)
    open: int = 0
    board: Any = field(default=None, repr=False, compare=False)

    @property
    def unique(self) -> bool:
        """Proven to have exactly one solution."""
        return self.complete and self.count == 1

    def values(self) -> Dict[Key, Optional[int]]:
        """Every unknown by key (see the module docstring): 1, 0 or None."""
        out: Dict[Key, Optional[int]] = {}
        names = ("h", "v") if self.kind == "slitherlink" else ("cell", "right", "down")
        attrs = {"h": "h_edges", "v": "v_edges", "cell": "cells", "right": "right", "down": "down"}
        for name in names:
            grid: Rows = getattr(self, attrs[name])
            for r, row in enumerate(grid):
                for c, v in enumerate(row):
                    out[(name, r, c)] = v
        return out

    def to_dict(self) -> Dict[str, Any]:
        """JSON-ready: values as strings of ``1``/``0``/``?`` per row (the
        conventions of the external test data), ``differ`` as lists, the
        witnesses by their own ``to_dict`` (Slitherlink) or ``right``/``down``
        strings (Country Road)."""
        out: Dict[str, Any] = {
            "kind": self.kind,
            "rows": self.rows,
            "cols": self.cols,
            "count": self.count,
            "complete": self.complete,
            "open": self.open,
        }
        if self.kind == "slitherlink":
            out["h_edges"] = [_chars(r) for r in self.h_edges]
            out["v_edges"] = [_chars(r) for r in self.v_edges]
            out["witnesses"] = [w.to_dict() for w in self.witnesses]
        else:
            out["cells"] = [_chars(r) for r in self.cells]
            out["right"] = [_chars(r) for r in self.right]
            out["down"] = [_chars(r) for r in self.down]
            out["witnesses"] = [dict(zip(("right", "down"), w.right_down())) for w in self.witnesses]
        out["differ"] = [list(k) for k in self.differ]
        return out

    def shaded(self) -> Tuple[Tuple[int, int], ...]:
        """The cells where the two witnesses differ: Slitherlink, the cells
        inside one loop and outside the other; Country Road, the cells one
        loop uses differently (used or not, or by another link)."""
        if len(self.witnesses) < 2:
            return ()
        a, b = self.witnesses
        if self.kind == "slitherlink":
            ia, ib = a.inside, b.inside
            return tuple((r, c) for r in range(self.rows) for c in range(self.cols) if ia[r][c] != ib[r][c])
        cells = set()
        for name, r, c in self.differ:
            cells.add((r, c))
            if name == "right":
                cells.add((r, c + 1))
            elif name == "down":
                cells.add((r + 1, c))
        return tuple(sorted(cells))

    def to_svg(self, *, cell: float = 32) -> str:
        """The backbone as an SVG picture: the lines every solution shares
        drawn, the open ones dashed, and the area where the two witnesses
        differ shaded (Slitherlink: edges off in every solution crossed)."""
        state = {0: "no solution", 1: "unique", 2: "two or more solutions"}[min(self.count, 2)]
        title = f"{'Slitherlink' if self.kind == 'slitherlink' else 'Country Road'} {self.rows} x {self.cols}, "
        title += f"backbone: {state}" + ("" if self.complete else " (incomplete)")
        if self.kind == "slitherlink":
            flat = [v for row in self.h_edges for v in row] + [v for row in self.v_edges for v in row]
            clues = self.board.clues if self.board is not None else ((None,) * self.cols,) * self.rows
            if self.count == 0 and self.complete:
                return lattice_svg(clues, title=title, cell=cell)
            return lattice_svg(
                clues,
                title=title,
                loop=edges_from_flat(self.rows, self.cols, flat),
                crosses=edges_from_flat(self.rows, self.cols, flat, off=True),
                open_edges=edges_from_flat(self.rows, self.cols, [1 if v is None else 0 for v in flat]),
                shaded=self.shaded(),
                cell=cell,
            )
        on: List[Tuple[Tuple[int, int], Tuple[int, int]]] = []
        loose: List[Tuple[Tuple[int, int], Tuple[int, int]]] = []
        if not (self.count == 0 and self.complete):
            for grid, dr, dc in ((self.right, 0, 1), (self.down, 1, 0)):
                for r, row in enumerate(grid):
                    for c, v in enumerate(row):
                        if v == 1:
                            on.append(((r, c), (r + dr, c + dc)))
                        elif v is None:
                            loose.append(((r, c), (r + dr, c + dc)))
        board = self.board
        regions = board.regions if board is not None else ((0,) * self.cols,) * self.rows
        numbers = dict(board.numbers) if board is not None else {}
        return country_svg(regions, numbers, title=title, path=on, open_path=loose, shaded=self.shaded(), cell=cell)


def _differ(kind: str, rows: int, cols: int, a: bytes, b: bytes) -> Tuple[Key, ...]:
    """Keys where two flat 0/1 value lists (the core's order) differ."""
    layout: Tuple[Tuple[str, int, int], ...]
    if kind == "slitherlink":
        layout = (("h", rows + 1, cols), ("v", rows, cols + 1))
    else:
        layout = (("cell", rows, cols), ("right", rows, cols - 1), ("down", rows - 1, cols))
    starts = []
    at = 0
    for name, n_rows, width in layout:
        starts.append((at, name, width))
        at += n_rows * width
    out: List[Key] = []
    # Values are 0/1 bytes: the places where they differ are the set bits of
    # their exclusive or, read as numbers (one bit per byte).
    diff = int.from_bytes(a, "little") ^ int.from_bytes(b, "little")
    while diff:
        i = ((diff & -diff).bit_length() - 1) // 8
        diff &= diff - 1
        start, name, width = next(part for part in reversed(starts) if part[0] <= i)
        r, c = divmod(i - start, width)
        out.append((name, r, c))
    return tuple(out)


def slither_backbone(board: Slitherlink, time_limit: Optional[float] = None) -> Backbone:
    """The backbone of a Slitherlink board (see ``Slitherlink.backbone``)."""
    budget = require_optional_number("time_limit", time_limit)
    found = board.core_board.backbone(None if budget is None else float(budget))
    return _slither_from_core(board, found)


def _slither_from_core(board: Slitherlink, found: Tuple[int, bool, bytes, List[bytes]]) -> Backbone:
    count, complete, values, sols_bits = found
    rows, cols = board.rows, board.cols
    sols = tuple(board._solution_from_bits(s) for s in sols_bits)
    nh = (rows + 1) * cols
    h = _rows(values, 0, rows + 1, cols)
    v = _rows(values, nh, rows, cols + 1)
    differ = _differ("slitherlink", rows, cols, sols_bits[0], sols_bits[1]) if len(sols_bits) == 2 else ()
    n_open = 0 if count == 0 and complete else values.count(2)
    return Backbone(
        "slitherlink", rows, cols, int(count), bool(complete), h, v, (), (), (), sols, differ, n_open, board
    )


def country_backbone(board: CountryRoad, time_limit: Optional[float] = None) -> Backbone:
    """The backbone of a Country Road board (see ``CountryRoad.backbone``)."""
    return _country_backbone(board, time_limit)[0]


#: What a Country Road board keeps of a complete backbone: the backbone, the
#: solutions found on the way, the seconds it took, and the core sweep's
#: scores of the candidate numbers when they came with it (else None).
_Kept = Tuple[Backbone, List[bytes], float, Optional[List[Tuple[int, int, int, int]]]]


def _country_backbone(
    board: CountryRoad, time_limit: Optional[float], scored: bool = False
) -> Tuple[Backbone, List[bytes]]:
    """The backbone, and every solution the core found on the way (edge bits:
    the witnesses first, then further solutions, free for the suggestions).
    A complete answer is kept on the board (boards are frozen), so that a page
    asking for the backbone and then for suggestions proves it once.

    The core's clause-learning solver proves it; with ``scored`` (the
    suggestions), the core's frontier sweep is tried first, which also scores
    the candidate numbers in the same pass where it fits (kept with the
    backbone, see :func:`_country_swept`)."""
    budget = require_optional_number("time_limit", time_limit)
    kept: Optional[_Kept] = board.__dict__.get("_setter_backbone")
    if kept is not None:
        return kept[0], kept[1]
    started = time.perf_counter()
    rows, cols = board.rows, board.cols
    seconds = None if budget is None else float(budget)
    scores: Optional[List[Tuple[int, int, int, int]]] = None
    if scored:
        (count, complete, values, found), scores = board.core_board.backbone_scored(seconds)
    else:
        count, complete, values, found = board.core_board.backbone(seconds)
    found = [bytes(s) for s in found]
    sols = tuple(board._loop_from_bits(s) for s in found[:2])
    n = rows * cols
    cells = _rows(values, 0, rows, cols)
    right = _rows(values, n, rows, cols - 1)
    down = _rows(values, n + rows * (cols - 1), rows - 1, cols)
    differ: Tuple[Key, ...] = ()
    if len(found) >= 2:
        flat = [_cells_and_edges(rows, cols, s) for s in found[:2]]
        differ = _differ("country", rows, cols, flat[0], flat[1])
    n_open = 0 if count == 0 and complete else values.count(2)
    bb = Backbone(
        "country", rows, cols, int(count), bool(complete), (), (), cells, right, down, sols, differ, n_open, board
    )
    if bb.complete:
        # Not a field: the frozen __setattr__ is bypassed. With the time it took
        # (the suggestions size their first looks by it).
        board.__dict__["_setter_backbone"] = (bb, found, time.perf_counter() - started, scores)
    return bb, found


def _cells_and_edges(rows: int, cols: int, bits: bytes) -> bytes:
    """A Country Road loop as the core's backbone order: cells used, then edges."""
    used = bytearray(rows * cols)
    nr = rows * (cols - 1)
    for e in [e for e, x in enumerate(bits) if x]:
        # Right edges row by row (cols - 1 a row), then down edges.
        a = e + e // (cols - 1) if e < nr else e - nr
        used[a] = 1
        used[a + (1 if e < nr else cols)] = 1
    return bytes(used) + bits


# ---------------------------------------------------------------- families


def _is_slither(board: Board) -> bool:
    """A Slitherlink board (clues per cell), not a Country Road one (countries).

    Asked of the class: ``flat_clues`` is a property that builds the list of
    every cell, and a verdict asks this once per clue it names (a summary of a
    clash among 10,000 clues took seconds past the verdict's time limit)."""
    return hasattr(type(board), "flat_clues")


def _is_country(board: Any) -> bool:
    """A Country Road board (asked of the class, as :func:`_is_slither`)."""
    return hasattr(type(board), "countries") and hasattr(type(board), "with_numbers")


def _backbone(board: Board, time_limit: Optional[float]) -> Backbone:
    return slither_backbone(board, time_limit) if _is_slither(board) else country_backbone(board, time_limit)


def _clues(board: Board) -> List[Tuple[Where, int]]:
    """The board's clues as ``(where, value)``: Slitherlink row-major, Country
    Road in country order."""
    if _is_slither(board):
        return [((r, c), v) for r, row in enumerate(board.clues) for c, v in enumerate(row) if v is not None]
    return [(k, board.numbers[k]) for k in board.countries if k in board.numbers]


def _with(board: Board, clues: Mapping[Where, Optional[int]]) -> Board:
    """The board with exactly these clues (every other place blank)."""
    if _is_slither(board):
        grid = [[clues.get((r, c)) for c in range(board.cols)] for r in range(board.rows)]
        return type(board)(grid)
    return board.with_numbers(clues)


def _place(board: Board, where: Where) -> str:
    """A clue's place for people: 1-based row and column."""
    if _is_slither(board):
        r, c = where
        return f"row {r + 1}, column {c + 1}"
    first = board.cells_of(where)[0]
    return f"country {where!r} (row {first[0] + 1}, column {first[1] + 1})"


def _candidates(board: Board, bb: Backbone) -> List[Tuple[Where, Tuple[int, ...]]]:
    """The places without a clue that touch an open unknown (only these can
    change anything), in ranking order, with the values to try."""
    if _is_slither(board):
        out: List[Tuple[Where, Tuple[int, ...]]] = []
        for r in range(board.rows):
            for c in range(board.cols):
                if board.clues[r][c] is not None:
                    continue
                sides = (bb.h_edges[r][c], bb.h_edges[r + 1][c], bb.v_edges[r][c], bb.v_edges[r][c + 1])
                if any(s is None for s in sides):
                    out.append(((r, c), (0, 1, 2, 3)))
        return out
    touched = set()
    for name, r, c in (k for k, v in bb.values().items() if v is None):
        touched.add((r, c))
        if name == "right":
            touched.add((r, c + 1))
        elif name == "down":
            touched.add((r + 1, c))
    result = []
    for k in board.countries:
        if k in board.numbers:
            continue
        if any(cell in touched for cell in board.cells_of(k)):
            result.append((k, tuple(range(1, board.size_of(k) + 1))))
    return result


def _level(board: Board, clock: Clock) -> Optional[str]:
    """The board's grade within what is left of ``clock``; None when it ran
    out first (a unique board whose level was not found in time)."""
    g = board.grade(time_limit=clock.left())
    return str(g.level) if g.complete else None


def _solve(board: Board, limit: int, time_limit: Optional[float]) -> Tuple[int, bool]:
    r = board.solve(limit=limit, time_limit=time_limit)
    return r.count, r.complete


# ---------------------------------------------------------------- Suggestion


@dataclass(frozen=True)
class Suggestion:
    """A clue to add to a board.

    Attributes:
        where: a 0-based ``(row, col)`` (Slitherlink) or a country id (Country Road).
        value: the clue: 0-3 (Slitherlink) or a number of cells (Country Road).
            It agrees with at least one solution: the board stays solvable.
        count: the solution count after adding it, as ``Backbone.count``
            (1 = the board becomes unique).
        open: the number of unknowns still open after adding it.
    """

    where: Where
    value: int
    count: int
    open: int

    def apply(self, board: Board) -> Board:
        """The board with this clue added."""
        # board = None was a bare AttributeError, a country id [0] a bare
        # TypeError (unhashable); a cell off the board was dropped without a word.
        if _is_slither(board):
            where = self.where
            if not (
                isinstance(where, tuple)
                and len(where) == 2
                and all(isinstance(i, int) and not isinstance(i, bool) for i in where)
                and 0 <= where[0] < board.rows
                and 0 <= where[1] < board.cols
            ):
                raise ArgumentError(f"where = {show(where)} is not a cell of this {board.rows} x {board.cols} board")
        elif _is_country(board):
            if not any(self.where is k or (type(self.where) is type(k) and self.where == k) for k in board.countries):
                raise ArgumentError(f"where = {show(self.where)} is not a country of this board")
        else:
            raise ArgumentTypeError(f"board must be a Slitherlink or a CountryRoad, got {type(board).__name__}")
        clues: Dict[Where, Optional[int]] = dict(_clues(board))
        clues[self.where] = self.value
        return _with(board, clues)

    def to_dict(self) -> Dict[str, Any]:
        """JSON-ready (``where`` as a list for Slitherlink)."""
        where = list(self.where) if isinstance(self.where, tuple) else self.where
        return {"where": where, "value": self.value, "count": self.count, "open": self.open}


def suggest_clues(
    board: Board, k: int = 5, *, time_limit: Optional[float] = None, threads: int = 1
) -> Findings[Suggestion]:
    """Up to ``k`` clues that narrow an ambiguous board the most, best first,
    as a :class:`~loopcraft.Findings` (a tuple whose ``complete`` says
    whether every candidate was judged).

    Only places without a clue that touch an open unknown can change
    anything; each value there (0-3 for Slitherlink, 1..size for Country
    Road) is tried, and kept when the board still has a solution. Ranking:
    first by the resulting count (1, a unique board, before 2), then by the
    fewest unknowns left open, then by place (row-major for Slitherlink,
    country order for Country Road), then by value. An empty tuple when the
    board is unique, has no solution, or the budget ran out before the
    board's own backbone was complete (then ``complete`` is False); a budget
    that runs out later leaves the suggestions ranked among the places tried
    so far, with ``complete`` False: each is a real clue with its proven
    count and open unknowns, but a better one may be among those not tried.

    Country Road first asks the core's frontier sweep, which judges every
    candidate number at once where it fits its budget (``threads`` is then
    not used); otherwise candidates are proven one at a time.

    ``threads``: the candidates are proven on that many threads, the calling
    one among them (Slitherlink's in the core, Country Road's on Python
    threads each running a core proof with the GIL released). The
    suggestions are the same on any number: a candidate is dropped unproven
    only when the solutions already found rank it strictly after the k-th
    best so far, which only falls. The calling thread reads the budget and
    Ctrl-C and stops the others; an error on another thread is raised here.
    """
    k = require_int("k", k, 0, 10**9)
    _, tips, complete = _suggest(board, k, Clock(time_limit), threads)
    return Findings(tips, complete=complete)


def _suggest(board: Board, k: int, clock: Clock, threads: int = 1) -> Tuple[Backbone, Tuple[Suggestion, ...], bool]:
    """The backbone, the best ``k`` suggestions, and whether their ranking is complete."""
    if _is_slither(board):
        left = clock.left()
        found, tips, done = board.core_board.suggest(k, left, threads)
        bb = _slither_from_core(board, found)
        out = tuple(Suggestion(divmod(cell, board.cols), int(v), int(n), int(o)) for cell, v, n, o in tips)
        return bb, out, bool(done)
    return _country_suggest(board, k, clock, threads)


def _country_suggest(
    board: CountryRoad, k: int, clock: Clock, threads: int = 1
) -> Tuple[Backbone, Tuple[Suggestion, ...], bool]:
    """Country Road suggestions: every candidate number judged at once by the
    core's sweep (:func:`_country_swept`) where it fits; else one backbone
    per candidate number, skipped when the loops already found prove it
    cannot enter the best ``k``.

    Every loop found on the way (the core hands back the witnesses and the
    further solutions its proofs met) solves the base board; those that give
    country ``c`` exactly ``v`` used cells solve the board with that number
    too, so every unknown where two of them differ is open there: a lower
    bound on the candidate's open unknowns. Candidates are proven in the
    order of that bound (those without one first: they may be unique or
    have no solution), so the best ``k`` fill early; a candidate whose bound
    already ranks it after the k-th best is dropped unexamined, and once the
    best ``k`` are full a candidate's proof stops as soon as it shows as
    many open unknowns as rank it after the k-th best
    (:meth:`_CountryRanking.cut_at`). The ranking
    is the same as proving every candidate, on any number of ``threads``
    (see :class:`_CountryRanking`).
    """
    bb, found = _country_backbone(board, clock.left(), scored=True)
    if k == 0 or not bb.complete or bb.count < 2:
        return bb, (), bb.complete
    candidates = _candidates(board, bb)
    swept = _country_swept(board, k, candidates, clock)
    if swept is not None:
        return bb, swept, True
    # A first look at a candidate runs for half the draft's backbone time: the
    # solutions it finds may drop the candidate (or it finishes: its answer).
    kept = board.__dict__.get("_setter_backbone")
    glance = min(max(kept[2] / 2 if kept else 0.0, 0.0005), 0.05)
    ranking = _CountryRanking(board, k, clock, glance)
    for w in found:
        ranking.add(w)
    todo: List[Tuple[int, Where, int]] = []
    for rank, (where, values) in enumerate(candidates):
        # Every solution of the new board solves this one, so the cells used
        # (unused) in every solution here bound the number from below (above):
        # a number outside gives no solution, and such candidates are dropped.
        states = [bb.cells[r][c] for r, c in board.cells_of(where)]
        low, high = states.count(1), len(states) - states.count(0)
        todo.extend((rank, where, value) for value in values if low <= value <= high)
    todo.sort(key=lambda t: (ranking.known_open(t[1], t[2]), t[0], t[2]))
    ranking.todo = todo
    ranking.run_on(threads)
    return bb, tuple(s for _, s in ranking.best), not ranking.stopped


def _country_swept(
    board: CountryRoad, k: int, candidates: List[Tuple[Where, Tuple[int, ...]]], clock: Clock
) -> Optional[Tuple[Suggestion, ...]]:
    """The best ``k`` suggestions from the core's frontier sweep, which
    judges every number of every candidate country at once (the draft's
    solutions split by how many cells of the country they use); None when
    the sweep cannot answer within its budget (too many states, a country
    of more than 63 cells) or the time left."""
    index = {c: i for i, c in enumerate(board.countries)}
    rank = {index[where]: r for r, (where, _) in enumerate(candidates)}
    kept: Optional[_Kept] = board.__dict__.get("_setter_backbone")
    scores = kept[3] if kept is not None else None
    if scores is not None and not rank.keys() <= {i for i, _, _, _ in scores}:
        scores = None  # not the countries asked for: ask for them
    if scores is None:
        scores = board.core_board.scores([index[where] for where, _ in candidates], clock.left())
    if scores is None:
        return None
    # Scores that came with the backbone cover the same countries (the core's
    # rule is this module's), read only where ranked.
    ranked = sorted((count, n_open, rank[i], value) for i, value, count, n_open in scores if i in rank)
    return tuple(Suggestion(candidates[r][0], value, count, n_open) for count, n_open, r, value in ranked[:k])


#: A candidate's place in the ranking: ``(count, open, place, value)``, smallest first.
_RankKey = Tuple[int, int, int, int]


class _CountryRanking:
    """The shared state of one Country Road ranking, proven on one or more
    threads.

    Each thread (the calling one among them) takes the next candidate in
    bound order, proves it with a core backbone (the core releases the GIL,
    so the proofs run in parallel) and merges what it found under the lock.
    A candidate is dropped only when the pooled loops rank it strictly after
    the current k-th best under the full key ``(count, open, place, value)``;
    the k-th best only falls as candidates are proven, so a candidate of the
    true best ``k`` is never dropped and every proven one has its exact key:
    the result is the true best ``k`` whatever order the threads finish in.
    Only the work differs (a candidate taken before another one lowered the
    k-th best is proven where one thread would have dropped it).

    The calling thread is the one that sees Ctrl-C (in its own core calls or
    while it waits); it then sets ``halt``, which stops the other threads'
    core calls, and raises. A worker's error sets ``halt`` too and is raised
    on the calling thread. Every core call gets what is left of the budget:
    one that runs out ends the ranking, incomplete (``stopped``).
    """

    def __init__(self, board: CountryRoad, k: int, clock: Clock, glance: float) -> None:
        self.board = board
        self.k = k
        self.clock = clock
        self.glance = glance
        rows, cols, self.flat_regions, self.numbers = board.core_args()
        self.handle = board.core_board
        self.index = {c: i for i, c in enumerate(board.countries)}
        self.n_cells = rows * cols
        # The two cells of each edge, in the core's numbering (right links row by row, then down links).
        self.ends = [(r * cols + c, r * cols + c + 1) for r in range(rows) for c in range(cols - 1)]
        self.ends += [(r * cols + c, (r + 1) * cols + c) for r in range(rows - 1) for c in range(cols)]
        # Per country, the loops found, keyed by how many of its cells they
        # use; each loop as one int whose bytes are its backbone-order values (0/1).
        self.by_used: List[Dict[int, List[int]]] = [{} for _ in board.countries]
        self.seen: Set[bytes] = set()
        self.todo: List[Tuple[int, Where, int]] = []
        self.next = 0
        self.best: List[Tuple[_RankKey, Suggestion]] = []
        self.stopped = False
        self.lock = threading.Lock()
        self.halt = _core.Halt()
        self.error: Optional[BaseException] = None

    # The pool and the bound (called with the lock held, or before the threads start).

    def add(self, bits: bytes) -> None:
        """Pools a loop found on the way (it solves the draft)."""
        if bits in self.seen:
            return
        self.seen.add(bits)
        cells = bytearray(self.n_cells)
        ends = self.ends
        for e in compress(range(len(bits)), bits):
            a, z = ends[e]
            cells[a] = cells[z] = 1
        used = [0] * len(self.by_used)
        regions = self.flat_regions
        for cell in compress(range(self.n_cells), cells):
            if regions[cell] >= 0:
                used[regions[cell]] += 1
        # The loop's values in the backbone's order: cells used, then edges.
        key = int.from_bytes(bytes(cells) + bits, "big")
        for ci, u in enumerate(used):
            self.by_used[ci].setdefault(u, []).append(key)

    def known_open(self, where: Where, value: int) -> int:
        """Unknowns where two found loops with ``value`` cells in ``where`` differ."""
        fitting = self.by_used[self.index[where]].get(value, ())
        if len(fitting) < 2:
            return 0
        first, diff = fitting[0], 0
        for f in fitting[1:]:
            diff |= f ^ first
        return bin(diff).count("1")

    def dropped(self, where: Where, value: int, rank: int) -> bool:
        """Whether the loops found already rank the candidate strictly after
        the k-th best: two of them differ, so its count is 2 and its open
        unknowns at least the known ones."""
        if len(self.best) < self.k:
            return False
        known = self.known_open(where, value)
        return bool(known) and (2, known, rank, value) > self.best[self.k - 1][0]

    def cut_at(self, value: int, rank: int) -> Optional[int]:
        """The open unknowns past which a candidate with two solutions ranks
        strictly after the current k-th best (its proof can stop there: the
        k-th best only falls); None while the best ``k`` are not full."""
        if len(self.best) < self.k:
            return None
        count, n_open, w_rank, w_value = self.best[self.k - 1][0]
        if count == 1:
            return 0
        return n_open + 1 if (rank, value) < (w_rank, w_value) else n_open

    def _take(self) -> Optional[Tuple[int, Where, int, Optional[int]]]:
        """The next candidate to prove, with the bound its proof may stop at
        (:meth:`cut_at`; None, a whole proof, while the best ``k`` are not
        full, and a candidate with a bound gets a first look); None when the
        ranking is over."""
        while not (self.stopped or self.halt.is_set()):
            if self.clock.over():
                self.stopped = True
                break
            if self.next >= len(self.todo):
                break
            rank, where, value = self.todo[self.next]
            self.next += 1
            if not self.dropped(where, value, rank):
                return rank, where, value, self.cut_at(value, rank)
        return None

    # The work.

    def _prove(
        self, where: Where, value: int, budget: Optional[float], bound: Optional[int] = None
    ) -> Tuple[int, bool, int, List[bytes], bool]:
        """The backbone of the draft with ``value`` in ``where``: ``(count,
        complete, open unknowns, the loops found, cut)``. With ``bound``, the
        proof stops (``cut``, not complete) once it shows two solutions and
        ``bound`` open unknowns. On the draft's own core handle with one more
        number (the map is shared, not rebuilt), and without the
        ``Backbone`` object that nobody reads here."""
        numbers = list(self.numbers)
        numbers[self.index[where]] = value
        handle = self.handle.with_numbers(numbers)
        limit = None if budget is None else float(budget)
        cut = False
        if bound is None:
            count, complete, values, found = handle.backbone(limit, self.halt)
        else:
            count, complete, values, found, cut = handle.backbone_bounded(bound, limit, self.halt)
        n_open = 0 if count == 0 and complete else bytes(values).count(2)
        return int(count), bool(complete), n_open, [bytes(s) for s in found], bool(cut)

    def run(self) -> None:
        """Takes and proves candidates until none is left (one thread's share)."""
        while True:
            with self.lock:
                item = self._take()
            if item is None:
                return
            rank, where, value, bound = item
            left = self.clock.left()
            if bound is not None:
                count, complete, n_open, more, cut = self._prove(
                    where, value, self.glance if left is None else min(self.glance, left), bound
                )
                if not complete and not cut:
                    with self.lock:
                        for w in more:
                            self.add(w)
                        if self.dropped(where, value, rank):
                            continue
                        # The k-th best may have fallen meanwhile (other threads).
                        bound = self.cut_at(value, rank)
                    count, complete, n_open, more, cut = self._prove(where, value, self.clock.left(), bound)
            else:
                count, complete, n_open, more, cut = self._prove(where, value, left)
            with self.lock:
                for w in more:
                    self.add(w)
                if cut:
                    # Two solutions and at least ``bound`` open unknowns: it
                    # ranks after a k-th best that only falls.
                    continue
                if not complete:
                    self.stopped = True
                    return
                if count == 0:
                    continue
                self.best.append(((count, n_open, rank, value), Suggestion(where, value, count, n_open)))
                self.best.sort(key=lambda item: item[0])
                del self.best[self.k :]

    def _work(self) -> None:
        """A worker thread's share: an error stops the others and waits for
        the calling thread (an interruption that ``halt`` caused is none)."""
        try:
            self.run()
        except BaseException as err:  # raised again on the calling thread
            with self.lock:
                if self.error is None and not self.halt.is_set():
                    self.error = err
                self.halt.set()

    def run_on(self, threads: int) -> None:
        """The ranking on ``threads`` threads (no more than there are
        candidates), the calling thread one of them."""
        extra = min(threads, len(self.todo)) - 1
        workers = [threading.Thread(target=self._work, daemon=True) for _ in range(extra)]
        for t in workers:
            t.start()
        try:
            self.run()
            for t in workers:
                while t.is_alive():
                    t.join(0.05)
        except BaseException as err:
            self.halt.set()
            for t in workers:
                t.join()
            if self.error is not None and isinstance(err, KeyboardInterrupt):
                raise self.error from None
            raise
        if self.error is not None:
            raise self.error


# ---------------------------------------------------------------- Conflict


@dataclass(frozen=True)
class Conflict:
    """Clues that together admit no solution.

    Attributes:
        clues: 0-based ``(row, col)`` cells (Slitherlink) or country ids
            (Country Road). Removing any one of them gives a board with a
            solution (when ``complete``). Empty when Country Road's countries
            admit no loop even without numbers.
        reason: ``"these clues admit no solution together"``, or the
            structural reason (a cut vertex, no Hamiltonian cycle of the
            region graph).
        complete: True when the set is proven minimal. When False, the budget
            ran out: the set still admits no solution, but a clue in it may be
            unneeded (or, with ``reason`` saying so, the board itself was not
            yet shown to have no solution).
    """

    clues: Tuple[Where, ...]
    reason: str
    complete: bool

    def to_dict(self) -> Dict[str, Any]:
        """JSON-ready."""
        clues = [list(c) if isinstance(c, tuple) else c for c in self.clues]
        return {"clues": clues, "reason": self.reason, "complete": self.complete}


CLASH = "these clues admit no solution together"
NOT_SHOWN = "the budget ran out before the board was shown to have no solution"


def _structural_reason(board: CountryRoad) -> str:
    """Why countries admit no loop even without numbers."""
    if len(board.countries) < 2:
        return "a single country: the loop cannot leave it and come back"
    g = board.region_graph()
    if not g.is_connected:
        return "the region graph is not connected"
    if g.cut_vertices:
        return f"country {g.cut_vertices[0]!r} is a cut vertex of the region graph"
    if g.bridges and len(board.countries) > 2:
        return f"the border {g.bridges[0]!r} is a bridge of the region graph"
    try:
        if not g.hamiltonian_cycles():
            return "the region graph has no Hamiltonian cycle"
    except CapacityError:
        pass
    return "no loop visits every country once and keeps unused cells apart, even without numbers"


def conflict(board: Board, *, time_limit: Optional[float] = None) -> Optional[Conflict]:
    """A minimal set of clues that admit no solution together, or None when
    the board has a solution.

    Deletion: start from every clue and drop each one in turn whose removal
    still leaves no solution (one satisfiability search each); what stays is
    minimal, since removing a clue only adds solutions.
    """
    return _conflict(board, Clock(time_limit), shown=False)


def _conflict(board: Board, clock: Clock, *, shown: bool) -> Optional[Conflict]:
    """:func:`conflict` on ``clock``; ``shown``: the caller has already
    proven that the board has no solution (the verdict's backbone), so it is
    not searched again (a search that ran out there made a verdict that had
    shown it say the board was not shown to have no solution)."""
    all_clues = _clues(board)
    if not shown:
        n, done = _solve(board, 1, clock.left())
        if n > 0:
            return None
        if not done:
            return Conflict(tuple(w for w, _ in all_clues), NOT_SHOWN, False)
    if not _is_slither(board):
        if not all_clues:
            # Without numbers the board is its own bare board, just shown to
            # have no solution: the cause is structural.
            return Conflict((), _structural_reason(board), True)
        bare = _with(board, {})
        n, done = _solve(bare, 1, clock.left())
        if n == 0 and done:
            return Conflict((), _structural_reason(board), True)
        if n == 0:
            # The budget ran out before the countries were shown to admit a
            # loop: all the numbers admit none together (the board has no
            # solution), but whether any of them is needed is not known.
            # Going on read an unfinished search as "the numbers clash" and
            # answered an empty, complete clash.
            return Conflict(tuple(w for w, _ in all_clues), CLASH, False)
    keep: Dict[Where, Optional[int]] = dict(all_clues)
    complete = True
    for where, _ in all_clues:
        if clock.over():
            complete = False
            break
        trial = {w: v for w, v in keep.items() if w != where}
        n, done = _solve(_with(board, trial), 1, clock.left())
        if n == 0 and done:
            keep = trial
        elif n == 0:
            complete = False
    return Conflict(tuple(keep), CLASH, complete)


# ---------------------------------------------------------------- redundant clues, minimize


def redundant_clues(board: Board, *, time_limit: Optional[float] = None) -> Findings[Where]:
    """Each clue whose removal alone keeps the board unique (in clue order),
    as a :class:`~loopcraft.Findings`; empty when the board is not unique. A
    clue is listed only when proven: a budget that runs out leaves the rest
    unlisted, and ``complete`` False (also when the board itself was not
    shown unique or not unique in time)."""
    clock = Clock(time_limit)
    r = board.solve(limit=2, time_limit=clock.left())
    if not r.unique:
        # Two solutions found prove it ambiguous, whatever the clock says.
        return Findings((), complete=r.complete or r.count >= 2)
    all_clues = dict(_clues(board))
    out = []
    complete = True
    for where in list(all_clues):
        if clock.over():
            complete = False
            break
        trial = {w: v for w, v in all_clues.items() if w != where}
        t = _with(board, trial).solve(limit=2, time_limit=clock.left())
        if t.unique:
            out.append(where)
        elif not t.complete and t.count < 2:
            # Stopped before it found a second solution: not judged.
            complete = False
    return Findings(out, complete=complete)


def minimize(
    board: Board,
    levels: Sequence[str],
    *,
    seed: int = 0,
    max_level: Optional[str] = None,
    time_limit: Optional[float] = None,
) -> Board:
    """A unique board with a subset of the clues in which every clue is needed.

    Clues are tried for removal in a random order drawn from ``seed``; a
    removal is kept when the board stays unique (and, with ``max_level``,
    graded at or below that level). Passes repeat until none removes a clue.
    A budget that runs out returns the board reached so far (still unique,
    maybe not minimal).

    Raises:
        ArgumentError: the board is not unique, ``max_level`` is not a level,
            or the board is graded above ``max_level``.
    """
    return minimize_checked(board, levels, seed=seed, max_level=max_level, time_limit=time_limit)[0]


def minimize_checked(
    board: Board,
    levels: Sequence[str] = (),
    *,
    seed: int = 0,
    max_level: Optional[str] = None,
    time_limit: Optional[float] = None,
) -> Tuple[Board, bool]:
    """:func:`minimize`, and whether every clue left was shown to be needed
    (False when the budget ran out first: the board is unique, but a clue in
    it may be removable). The command line and the web page say so rather
    than call such a board minimal. ``levels`` (the family's ladder) is read
    only with ``max_level``."""
    levels = tuple(levels)
    seed = require_int("seed", seed)
    if max_level is not None:
        require_str("max_level", max_level)
        if max_level not in levels:
            raise ArgumentError(f"max_level must be one of {', '.join(levels)}, got {max_level!r}")
    clock = Clock(time_limit)
    r = board.solve(limit=2, time_limit=clock.left())
    if not r.unique:
        # A search that stopped at its limit of 2 is not complete either, yet
        # it proved the board not unique: only a search stopped by the time
        # limit before two solutions leaves the question open.
        if r.count >= 2:
            why = " (it has more than one solution)"
        elif r.complete:
            why = " (it has no solution)"
        else:
            why = " (not proven in time)"
        raise ArgumentError("minimize needs a unique board" + why)

    def fits(b: Board) -> Optional[bool]:
        """Whether ``b`` grades at or below ``max_level``; None when the
        clock ran out before its grade was found."""
        if max_level is None:
            return True
        g = b.grade(time_limit=clock.left())
        if not g.complete:
            return None
        return g.unique and levels.index(g.level) <= levels.index(max_level)

    fit = fits(board)
    if fit is None:
        raise ArgumentError(f"minimize could not grade the board within its time limit (max_level {max_level!r})")
    if not fit:
        raise ArgumentError(f"the board is graded above {max_level!r}")
    rng = random.Random(seed)
    keep: Dict[Where, Optional[int]] = dict(_clues(board))
    current = board
    changed = True
    proven = True  # every clue kept so far was shown to be needed
    while changed:
        if clock.over():
            proven = False
            break
        changed = False
        proven = True
        order = list(keep)
        rng.shuffle(order)
        for where in order:
            if clock.over():
                proven = False
                break
            trial = {w: v for w, v in keep.items() if w != where}
            b = _with(board, trial)
            r = b.solve(limit=2, time_limit=clock.left())
            fit = fits(b) if r.unique else False
            if fit:
                keep, current, changed = trial, b, True
            elif fit is None or (not r.unique and r.count < 2 and not r.complete):
                proven = False  # the clock ran out: the clue was kept, not shown to be needed
        if max_level is None:
            break  # one pass is minimal: removing clues never makes another one removable
    return current, proven


# ---------------------------------------------------------------- Verdict


@dataclass(frozen=True)
class Verdict:
    """The one answer a setter reads about a board.

    Attributes:
        count: the number of solutions: exact when ``complete``, else a lower
            bound (a budget or the cap of :data:`COUNT_CAP` solutions stopped
            the count).
        complete: ``count`` is exact.
        unique: proven to have exactly one solution.
        level: the grade (a name of the family's ``LEVELS``) when unique, else None.
        backbone: what every solution shares (:class:`Backbone`).
        suggestions: the best clues to add, best first (empty when unique or
            without solution); when not ``ranked``, only the best of the
            places tried before the budget ran out.
        conflict: when there is no solution, the clues that clash (:class:`Conflict`).
        ranked: the suggestions are proven the best (every candidate was
            judged); False when the budget ran out while ranking them. A
            count can be exact (``complete``) and the ranking cut short.
    """

    count: int
    complete: bool
    unique: bool
    level: Optional[str]
    backbone: Backbone = field(repr=False)
    suggestions: Tuple[Suggestion, ...] = field(default=(), repr=False)
    conflict: Optional[Conflict] = field(default=None, repr=False)
    ranked: bool = True

    def to_dict(self) -> Dict[str, Any]:
        """JSON-ready, with the backbone, suggestions and conflict."""
        return {
            "count": self.count,
            "complete": self.complete,
            "unique": self.unique,
            "level": self.level,
            "summary": self.summary(),
            "backbone": self.backbone.to_dict(),
            "suggestions": [s.to_dict() for s in self.suggestions],
            "ranked": self.ranked,
            "conflict": None if self.conflict is None else self.conflict.to_dict(),
        }

    def summary(self) -> str:
        """One line for people (the CLI prints it)."""
        bb = self.backbone
        board = bb.board
        if self.unique:
            return f"unique, level {self.level}"
        if self.count == 0 and self.complete:
            c = self.conflict
            if c is None:
                return "no solution"
            if not c.clues:
                return f"no solution: {c.reason}"
            places = "; ".join(_place(board, w) for w in c.clues) if board is not None else repr(c.clues)
            what = "clues" if bb.kind == "slitherlink" else "numbers"
            tail = "" if c.complete else " (not proven minimal)"
            return f"no solution: the {what} at {places} admit no solution together{tail}"
        if self.count == 0:
            return "incomplete: no solution found within the budget"
        n = f"{self.count} solutions" if self.complete else f"at least {self.count} solutions"
        if self.count == 1:
            return "incomplete: 1 solution found, uniqueness not proven within the budget"
        total = len(bb.values())
        text = f"{n}, {bb.open} of {total} unknowns open" + ("" if bb.complete else " (backbone incomplete)")
        if self.suggestions:
            s = self.suggestions[0]
            effect = "unique" if s.count == 1 else f"{s.open} unknowns open"
            where = _place(board, s.where) if board is not None else repr(s.where)
            if self.ranked:
                text += f"; best clue: {s.value} at {where} ({effect})"
            else:
                # Only the best of the places tried: not called the best.
                text += f"; the budget ran out while ranking the clues; best tried: {s.value} at {where} ({effect})"
        return text

    def __str__(self) -> str:
        return self.summary()


#: The frontier counter's budget of states per sweep step in a verdict: enough
#: for sparse drafts of 10 x 10 in milliseconds, small enough to stay interactive.
FRONTIER_STATES = 200_000


def _facts(bb: Backbone) -> bytes:
    """The backbone's unknowns as the core reads a partial board: a byte per
    unknown, 0, 1 or 2 where solutions differ, in the core's layout
    (Slitherlink's horizontal then vertical edges; Country Road's cells, then
    right and down edges)."""
    grids = (bb.h_edges, bb.v_edges) if bb.kind == "slitherlink" else (bb.cells, bb.right, bb.down)
    return bytes(2 if v is None else v for grid in grids for row in grid for v in row)


def _frontier_count(board: Board, bb: Backbone, lower: int, time_limit: Optional[float]) -> Tuple[int, bool]:
    """The exact count by the frontier counter when it fits its budget of
    states and ``time_limit``, else ``(lower, False)``. The sweep keeps what
    the backbone decided: those values hold in every solution (an unfinished
    backbone's too, which reports only what it proved), so the count is the
    board's, and the frontier carries only the open part (at 20 x 20, a draft
    whose whole-board sweep passes 20 million states a step is counted in
    1.3 million)."""
    try:
        count, _ = board.core_board.count_frontier(None, FRONTIER_STATES, time_limit=time_limit, given=_facts(bb))
    except (CapacityError, ArgumentError, TimeLimitError):
        return lower, False
    return int(count), True


def verdict(board: Board, *, suggest: int = 5, time_limit: Optional[float] = None, threads: int = 1) -> Verdict:
    """The backbone, an exact small count, the grade when unique, the best
    ``suggest`` clues when ambiguous (ranked on ``threads`` threads, as
    ``suggest_clues`` ranks them: the same clues on any number), the
    conflict when unsolvable."""
    suggest = require_int("suggest", suggest, 0, 10**9)
    threads = require_int("threads", threads, 1, MAX_COUNT_THREADS)
    clock = Clock(time_limit)
    bb = _backbone(board, clock.left())
    if bb.count == 0:
        if not bb.complete:
            return Verdict(0, False, False, None, bb)
        return Verdict(0, True, False, None, bb, (), _conflict(board, clock, shown=True))
    if bb.count == 1:
        if bb.complete:
            return Verdict(1, True, True, _level(board, clock), bb)
        return Verdict(1, False, False, None, bb)
    # The frontier count first, given the backbone: it is exact at any size,
    # and fast exactly where the open part is narrow, which is where the
    # counts are small too. Then, where it passes its budget, the search up
    # to COUNT_CAP solutions, for an exact small count or a lower bound. Each
    # gets half of what is left: on a wide-open board the search can fail to
    # find even one solution in seconds (an unnumbered 12 x 12 Country Road
    # board of 2 x 2 countries has 2.65 * 10^18, and a 15 x 15 draft of the
    # bench with 207,879,114 found none in 5 s) where the sweep counts them
    # all in milliseconds; asked first, the search spent that time before
    # every such count.
    left = clock.left()
    n, exact = _frontier_count(board, bb, 2, None if left is None else left / 2)
    if not exact and not clock.over():
        left = clock.left()
        found, complete = _solve(board, COUNT_CAP, None if left is None else left / 2)
        if complete and found < COUNT_CAP:
            n, exact = found, True
        else:
            n = max(found, 2)
    tips: Tuple[Suggestion, ...] = ()
    ranked = True
    if suggest:
        # The ranking's own flag: a budget that ran out while ranking leaves
        # the best of the places tried, which the verdict must not call the best.
        _, tips, ranked = _suggest(board, suggest, clock, threads)
    return Verdict(n, exact, False, None, bb, tips, ranked=ranked)
