"""Country Road explanations and hints: the core's steps as
:class:`~loopcraft.Step` objects with sentences and pictures."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Dict, FrozenSet, List, Mapping, Optional, Sequence, Tuple

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
from .._svg import country_svg
from .._validate import require_optional_number
from ._loop import edge_cells, edge_count

if TYPE_CHECKING:
    from ._board import CountryRoad

__all__ = ["RULES", "explain", "hint"]

#: The rules that explanations and hints name, weakest level first: each a
#: :class:`~loopcraft.Rule` (name, level, description). Read from the core.
RULES: Tuple[Rule, ...] = tuple(Rule(n, lv, d) for n, lv, d in _core.COUNTRY_RULES)
_LEVEL = {r.name: r.level for r in RULES}

_Flat = Tuple[str, str, int, List[int], List[Tuple[int, int]], bool, int]


class _Geo:
    """Keys, names and pictures of one board."""

    def __init__(self, board: CountryRoad) -> None:
        self.board = board
        self.rows, self.cols = board.rows, board.cols
        self.n = self.rows * self.cols
        self.ne = edge_count(self.rows, self.cols)
        self.nr = self.rows * (self.cols - 1)
        self.countries: Tuple[Any, ...] = board._countries
        self._keys: List[Key] = [self._var_key(v) for v in range(self.n + self.ne)]
        self._keys += [("country", k) for k in self.countries]

    def var_key(self, v: int) -> Key:
        return self._keys[v]

    def _var_key(self, v: int) -> Key:
        if v < self.n:
            return ("cell", v // self.cols, v % self.cols)
        e = v - self.n
        if e < self.nr:
            return ("right", e // (self.cols - 1), e % (self.cols - 1))
        return ("down", (e - self.nr) // self.cols, (e - self.nr) % self.cols)

    def key(self, k: int) -> Key:
        return self._keys[k]

    def var_index(self, key: Key) -> int:
        kind, r, c = key
        if kind == "cell":
            return int(r) * self.cols + int(c)
        if kind == "right":
            return self.n + int(r) * (self.cols - 1) + int(c)
        return self.n + self.nr + int(r) * self.cols + int(c)

    def place(self, kind: str, index: int) -> Optional[Key]:
        if kind == "cell":
            return ("cell", index // self.cols, index % self.cols)
        if kind == "edge":
            return self.var_key(self.n + index)
        if kind == "country":
            return ("country", self.countries[index])
        if kind == "border":
            return ("border", index)
        return None

    def pair(self, key: Key) -> Tuple[Tuple[int, int], Tuple[int, int]]:
        return edge_cells(self.rows, self.cols, self.var_index(key) - self.n)

    def name(self, key: Key) -> str:
        if key[0] == "cell":
            return f"row {key[1] + 1}, column {key[2] + 1}"
        if key[0] == "country":
            return f"country {key[1]!r}"
        (r1, c1), (r2, c2) = self.pair(key)
        return f"between row {r1 + 1}, column {c1 + 1} and row {r2 + 1}, column {c2 + 1}"

    def near_name(self, key: Key, place: Optional[Key]) -> Optional[str]:
        """A line from the step's own cell, named from it ("to its right"):
        a reader looks at the place the sentence starts from."""
        if place is None or place[0] != "cell" or key[0] not in ("right", "down"):
            return None
        here = (place[1], place[2])
        a, b = self.pair(key)
        if here not in (a, b):
            return None
        (r, c) = b if a == here else a
        dr, dc = r - here[0], c - here[1]
        return {(0, 1): "to its right", (0, -1): "to its left", (1, 0): "below it", (-1, 0): "above it"}[(dr, dc)]

    def decisions(self, decided: Mapping[Key, int], place: Optional[Key] = None) -> str:
        """What a step decided, in words; the lines from the step's own cell
        are named from it, the rest by row and column."""
        groups = [
            ("a line", "lines", [k for k, v in decided.items() if v == 1 and k[0] != "cell"]),
            ("no line", "no lines", [k for k, v in decided.items() if v == 0 and k[0] != "cell"]),
            ("a used cell", "used cells", [k for k, v in decided.items() if v == 1 and k[0] == "cell"]),
            ("an unused cell", "unused cells", [k for k, v in decided.items() if v == 0 and k[0] == "cell"]),
        ]
        parts = []
        for one, many, keys in groups:
            if not keys:
                continue
            names = [self.near_name(k, place) or ("at " if k[0] == "cell" else "") + self.name(k) for k in keys]
            shown = listing(names[:4])
            more = f" and {len(keys) - 4} more" if len(keys) > 4 else ""
            parts.append(f"{one if len(keys) == 1 else many} {shown}{more}")
        return " and ".join(parts) if parts else "nothing new"

    def text(
        self,
        rule: str,
        place: Optional[Key],
        decided: Mapping[Key, int],
        before: Mapping[Key, int],
        sub: int,
        bad: bool,
    ) -> str:
        what = self.decisions(decided, place)
        if rule == "no-solution":
            return "This puzzle has no solution: no loop satisfies its countries and numbers, whatever is marked."
        if rule == "mistake":
            assert place is not None
            v = before.get(place)
            if place[0] == "cell":
                mark = f"the {'used' if v == 1 else 'unused'} cell at {self.name(place)}"
            else:
                mark = f"the {'line' if v == 1 else 'cross'} {self.name(place)}"
            return f"Mistake: {mark} — no solution agrees with it and the other marks."
        if rule == "search":
            return f"No rule decides anything more; the unique solution has {what}."
        if rule == "trial":
            assert place is not None
            v = decided.get(place, 0)
            what_not = self.decisions({place: 1 - v})
            return f"Trial: {what_not} leads to a contradiction in {sub} steps, so {what}."
        heads = {
            "used-cell": "The cell at {p} and its lines agree",
            "two-unused": "Two cells {p} across a border are not both unused",
            "number": "The number of {p} counts its used cells",
            "two-crossings": "The loop visits {p} once",
            "border-once": "The loop crosses a border once at most",
            "dead-end": "The cell at {p} has two lines or none",
            "premature-loop": "No loop may close before it visits every country and used cell",
            "reach": "The loop lies in one piece of what is still possible",
            "hamiltonian-order": "The countries must be visited in a cycle of the country graph",
        }
        where = self.name(place) if place is not None and place[0] in ("cell", "country", "right", "down") else ""
        head = heads.get(rule, rule).format(p=where)
        if bad:
            return f"{head}: contradiction."
        return f"{head}: {what}."

    def painter(self, history: History, index: int) -> Painter:
        return Painter(self.paint, history, index)

    def paint(self, step: Step, before: Dict[Key, int], cell: float) -> str:
        """A step's picture, from the marks ``before`` it."""
        board = self.board
        read = {k: v for k, v in before.items() if k in step.premise}
        rest = {k: v for k, v in before.items() if k not in step.premise}
        premise_countries = {k[1] for k in step.premise if k[0] == "country"}
        highlighted = [
            (r, c)
            for r, row in enumerate(board.regions)
            for c, rid in enumerate(row)
            if rid is not None and rid in premise_countries
        ]
        highlighted += [(k[1], k[2]) for k in step.premise if k[0] == "cell"]

        def lines(marks: Mapping[Key, int], v: int) -> List[Tuple[Tuple[int, int], Tuple[int, int]]]:
            return [self.pair(k) for k, x in marks.items() if x == v and k[0] != "cell"]

        def cells(marks: Mapping[Key, int], v: int) -> List[Tuple[int, int]]:
            return [(k[1], k[2]) for k, x in marks.items() if x == v and k[0] == "cell"]

        return country_svg(
            board.regions,
            dict(board.numbers),
            title=step.text,
            cell=cell,
            path=lines(read, 1),
            shaded=cells(before, 0),
            used=cells(before, 1),
            centre_crosses=lines(read, 0),
            faint_path=lines(rest, 1),
            faint_centre_crosses=lines(rest, 0),
            highlighted=sorted(set(highlighted)),
            accent_path=lines(step.decided, 1),
            accent_centre_crosses=lines(step.decided, 0),
            accent_used=cells(step.decided, 1),
            accent_unused=cells(step.decided, 0),
        )

    def steps(self, flat: Sequence[_Flat], parent: int, start: Dict[Key, int], level: str) -> List[Step]:
        out: List[Step] = []
        marks = dict(start)
        history = History(start)
        for i, (rule, kind, index, premise_ids, decided_ids, bad, par) in enumerate(flat):
            if par != parent:
                continue
            place = self.place(kind, index)
            premise: FrozenSet[Key] = frozenset(self.key(k) for k in premise_ids)
            decided = {self.var_key(v): int(x) for v, x in decided_ids}
            because = None
            n_sub = 0
            if rule == "trial" and place is not None:
                assumed = dict(marks)
                assumed[place] = 1 - decided.get(place, 0)
                sub = self.steps(flat, i, assumed, level)
                n_sub = len(sub)
                start_pos = Position("country", self.rows, self.cols, assumed)
                because = Explanation(level, tuple(sub), contradiction=True, start=start_pos)
            text = self.text(rule, place, decided, marks, n_sub, bad)
            paint = self.painter(history, history.add(decided))
            out.append(Step(rule, _LEVEL[rule], premise, decided, text, place, bad, because, paint))
            marks.update(decided)
        return out

    def root_marks(self) -> Dict[Key, int]:
        """Blocked cells and their edges: decided before any rule runs."""
        out: Dict[Key, int] = {}
        for r, row in enumerate(self.board.regions):
            for c, rid in enumerate(row):
                if rid is None:
                    out[("cell", r, c)] = 0
        for e in range(self.ne):
            a, b = edge_cells(self.rows, self.cols, e)
            if ("cell", *a) in out or ("cell", *b) in out:
                out[self.var_key(self.n + e)] = 0
        return out

    def position_bytes(self, pos: Position) -> bytes:
        out = bytearray(b"\x02" * (self.n + self.ne))
        for k, v in pos.marks.items():
            out[self.var_index(k)] = v
        return bytes(out)


def explain(board: CountryRoad, level: str, time_limit: Any = None) -> Explanation:
    """The explanation of the ladder up to ``level`` (see ``CountryRoad.explain``)."""
    g = _Geo(board)
    start_marks = g.root_marks()
    start = Position("country", g.rows, g.cols, start_marks)
    seconds = require_optional_number("time_limit", time_limit)
    flat, contradiction, _, finished = board.core_board.explain(level, None, seconds)
    in_time(finished, "explanation", time_limit)
    if contradiction:
        return Explanation(level, (), contradiction=True, start=start)
    return Explanation(level, tuple(g.steps(flat, -1, start_marks, level)), start=start)


def hint(board: CountryRoad, position: Any, time_limit: Optional[float] = None) -> Optional[Step]:
    """The next step from a player's position (see ``CountryRoad.hint``)."""
    g = _Geo(board)
    pos = as_position(position, "country", g.rows, g.cols)
    flat = core_hint(board.core_board.hint, g.position_bytes(pos), time_limit)
    if flat is None:
        return None
    return g.steps(flat, -1, dict(pos.marks), "probe")[0]
