"""The Slitherlink board: a frozen grid of clues, its formats, and the calls
that solve, deduce, grade and check it."""

from __future__ import annotations

import operator
from dataclasses import dataclass
from typing import Any, Dict, List, Optional, Sequence, Tuple

from .. import _core, _setter
from .._clock import Clock, within
from .._explain import Explanation, Step
from .._explain import score as _explain_score
from .._picture import Picture
from .._result import CheckResult, Count, Findings, Grade, SolveResult
from .._setter import Backbone, Conflict, Suggestion, Verdict
from .._svg import edges_from_flat, lattice_svg
from .._validate import (
    MAX_COUNT_THREADS,
    kept_limit,
    require_int,
    require_optional_number,
    require_str,
    show,
    size_of,
)
from ..errors import ArgumentError, ArgumentTypeError
from . import _explain
from . import _formats as fmt
from ._deduction import SlitherlinkDeduction
from ._formats import MAX_SIZE
from ._geometry import Clue, ClueGrid, draw, edge_count
from ._referee import check
from ._solution import Solution

__all__ = ["LEVELS", "MAX_SIZE", "Slitherlink"]

#: The grading ladder, weakest level first; each level includes the ones
#: before it: ``easy`` (clue counting, two lines or none at each point, no
#: early loop), ``normal`` (what a point says about the two sides of a cell
#: at it: not both, not neither), ``tricky`` (those facts travel across
#: corners and along diagonals), ``hard`` (sides known equal or opposite,
#: parity chains), ``colour`` (complete reasoning at points, inside/outside
#: colouring, adjacent 3s), ``trial`` (one assumption at a time on each
#: undecided edge), and ``search``. The first four line up with Tatham's
#: Loopy; docs/levels.md has the rules. Read from the compiled core, the one
#: source of the ladder.
LEVELS: Tuple[str, ...] = tuple(_core.SLITHER_LEVELS)
#: The strongest level that deduces without search.
#: The default of ``deduce``: the strongest deduction level, named (the
#: ladder's last level, ``"search"``, is not a deduction).
#: The counting engines: ``search``, the solver's search, enumerating the
#: solutions one by one; ``frontier``, dynamic programming over a sweep line
#: (exact counts of astronomically many loops; shares nothing with the solver
#: but geometry).
COUNT_ENGINES: Tuple[str, ...] = ("search", "frontier")
# The search engine's largest limit (the core's u32 count).
_SEARCH_LIMIT = 2**32 - 1

_STRONGEST = "trial"
if _STRONGEST not in LEVELS:  # pragma: no cover - the core's ladder lost its level
    raise ImportError(f"the Slitherlink ladder {LEVELS} has no level {_STRONGEST!r}")


def _clue_value(v: Any, r: int, c: int) -> Clue:
    if v is None:
        return None
    if isinstance(v, bool) or isinstance(v, float):
        raise ArgumentTypeError(f"clues row {r + 1}, column {c + 1}: a clue must be an int 0-4 or None, got {show(v)}")
    try:
        n = operator.index(v)
    except TypeError:
        raise ArgumentTypeError(
            f"clues row {r + 1}, column {c + 1}: a clue must be an int 0-4 or None, got {type(v).__name__} {show(v)}"
        ) from None
    if not 0 <= n <= 4:
        raise ArgumentError(f"clues row {r + 1}, column {c + 1}: clue {show(n)} is outside 0-4")
    return n


_CLUES = frozenset((None, 0, 1, 2, 3, 4))
_CLUE_TYPES = frozenset((int, type(None)))


def _plain_clues(row: Sequence[Any]) -> bool:
    """Every item is None or an exact int 0..4 (a bool or float equal to one is not):
    the common case, checked at C speed; False for anything else, unhashable included."""
    try:
        return _CLUES.issuperset(row) and _CLUE_TYPES.issuperset(map(type, row))
    except TypeError:
        return False


def _clue_grid(clues: Any) -> ClueGrid:
    if isinstance(clues, (str, bytes)) or not isinstance(clues, Sequence):
        raise ArgumentTypeError(f"clues must be a list of rows (lists of int or None), got {type(clues).__name__}")
    n = size_of("clues", clues)
    if n == 0:
        raise ArgumentError("clues has no rows: a board needs at least 1 row and 1 column")
    if n > MAX_SIZE:
        raise ArgumentError(f"clues has {n} rows, at most {MAX_SIZE}")
    out = []
    cols = None
    for r, row in enumerate(clues):
        if type(row) is not tuple and (isinstance(row, (str, bytes)) or not isinstance(row, Sequence)):
            raise ArgumentTypeError(f"clues row {r + 1} must be a list of int or None, got {type(row).__name__}")
        if cols is None:
            cols = size_of("clues row 1", row)
            if cols == 0:
                raise ArgumentError("clues row 1 is empty: a board needs at least 1 column")
            if cols > MAX_SIZE:
                raise ArgumentError(f"clues row 1 has {cols} cells, at most {MAX_SIZE}")
        elif size_of(f"clues row {r + 1}", row) != cols:
            raise ArgumentError(f"clues row {r + 1} has {len(row)} cells, but row 1 has {cols}")
        if _plain_clues(row):
            out.append(tuple(row))
        else:  # the slow path finds the bad clue and names it
            out.append(tuple(_clue_value(v, r, c) for c, v in enumerate(row)))
    return tuple(out)


@dataclass(frozen=True, init=False)
class Slitherlink(Picture):
    """An R x C Slitherlink puzzle (1 <= R, C <= 100), immutable.

    Args:
        clues: a list of rows, each a list of ``int`` (0..4) or ``None`` (blank).

    Raises:
        ArgumentTypeError: clues is not a list of lists, or a clue is not an int/None.
        ArgumentError: rows of different lengths, a clue outside 0..4, or a size
            outside 1..100 (the message names the row and column).

    >>> p = Slitherlink([[None, 3, 1, 1, None], [None, None, 0, None, None]])
    >>> p.rows, p.cols, p.clues[1]
    (2, 5, (None, None, 0, None, None))
    >>> p.to_url()
    'https://puzz.link/p?slither/5/2/g31bga'
    >>> Slitherlink.from_url(p.to_url()) == p
    True
    """

    clues: ClueGrid

    def __init__(self, clues: Sequence[Sequence[Optional[int]]]) -> None:
        object.__setattr__(self, "clues", _clue_grid(clues))

    # ------------------------------------------------------------------ shape

    @property
    def rows(self) -> int:
        """Number of rows R."""
        return len(self.clues)

    @property
    def cols(self) -> int:
        """Number of columns C."""
        return len(self.clues[0])

    @property
    def flat_clues(self) -> List[Clue]:
        """The clues row-major, as the compiled core takes them."""
        return [c for row in self.clues for c in row]

    def core_args(self) -> Tuple[int, int, List[Clue]]:
        """``(rows, cols, clues)`` as the compiled core takes them (as
        :meth:`CountryRoad.core_args <loopcraft.country.CountryRoad.core_args>`)."""
        return self.rows, self.cols, self.flat_clues

    @property
    def core_board(self) -> _core.SlitherBoard:
        """This board's handle in the compiled core: checked and built there
        on first use, then kept, so that every later call (solve, deduce,
        grade, the setter's and the explanations' questions) runs on it
        without sending or building the board again.

        >>> p = Slitherlink([[3, 3, 1]])
        >>> p.core_board is p.core_board
        True
        """
        handle: Optional[_core.SlitherBoard] = self.__dict__.get("_core_board")
        if handle is None:
            handle = _core.SlitherBoard(self.rows, self.cols, self.flat_clues)
            self.__dict__["_core_board"] = handle  # not a field: the frozen __setattr__ is bypassed
        return handle

    def __reduce__(self) -> Tuple[Any, Tuple[ClueGrid]]:
        # The clues alone: the core's handle is rebuilt on first use, never pickled.
        return type(self), (self.clues,)

    @property
    def num_edges(self) -> int:
        """Number of edges of the board."""
        return edge_count(self.rows, self.cols)

    @property
    def clue_count(self) -> int:
        """Number of clues (non-blank cells)."""
        return sum(c is not None for row in self.clues for c in row)

    def draw(self) -> str:
        """The board as text: ``+`` points, clues, ``.`` for blanks."""
        return draw(self.rows, self.cols, self.clues)

    def __str__(self) -> str:
        return self.draw()

    def __repr__(self) -> str:
        return f"Slitherlink.from_url({self.to_url()!r})"

    def to_svg(self, solution: Optional[Solution] = None, *, cell: float = 32, shade_inside: bool = False) -> str:
        """The board as an SVG picture: lattice dots and clues, with ``solution``'s
        loop when given (``shade_inside`` greys the cells inside it).

        >>> svg = Slitherlink([[3, 3, 1]]).to_svg()
        >>> svg.startswith("<svg") and "<title>Slitherlink 1 x 3</title>" in svg
        True
        """
        if solution is not None and not isinstance(solution, Solution):
            raise ArgumentTypeError(f"solution must be a Solution or None, got {type(solution).__name__}")
        if solution is not None and (solution.rows, solution.cols) != (self.rows, self.cols):
            raise ArgumentError(
                f"the solution is for a {solution.rows} x {solution.cols} board, the board is {self.rows} x {self.cols}"
            )
        loop = None if solution is None else edges_from_flat(self.rows, self.cols, solution.edges)
        title = f"Slitherlink {self.rows} x {self.cols}" + ("" if solution is None else ", solved")
        return lattice_svg(self.clues, title=title, loop=loop, shade_inside=shade_inside, cell=cell)

    # ------------------------------------------------------------------ formats

    @classmethod
    def parse(cls, text: str) -> Slitherlink:
        """Reads any supported format: URL, Loopy game ID, JSON or puzzlekit text."""
        return cls(fmt.parse_any(text))

    @classmethod
    def from_puzzlekit(cls, text: str) -> Slitherlink:
        """Reads puzzlekit / Janko text: ``"R C"`` then rows of ``-`` (or ``.``) and digits.

        >>> Slitherlink.from_puzzlekit("2 3\\n- 2 -\\n3 - 0").clues
        ((None, 2, None), (3, None, 0))
        """
        return cls(fmt.parse_puzzlekit(text))

    def to_puzzlekit(self) -> str:
        """The puzzlekit / Janko problem text (``-`` for blanks)."""
        return fmt.write_puzzlekit(self.clues)

    @classmethod
    def from_url(cls, url: str) -> Slitherlink:
        """Reads a puzz.link / pzv.jp / pzprxs URL (``...?slither/COLS/ROWS/BODY``)."""
        return cls(fmt.parse_url(url))

    def to_url(self, site: str = "puzz.link") -> str:
        """The puzz.link URL (``site``: a key of :data:`loopcraft.slitherlink.URL_SITES`)."""
        return fmt.write_url(self.clues, site)

    @classmethod
    def from_tatham(cls, game_id: str) -> Slitherlink:
        """Reads a Tatham Loopy square-grid game ID (``WxHt0:DESC``)."""
        return cls(fmt.parse_tatham(game_id))

    def to_tatham(self) -> str:
        """The Tatham Loopy game ID (``WxHt0:DESC``)."""
        return fmt.write_tatham(self.clues)

    @classmethod
    def from_json(cls, text: str) -> Slitherlink:
        """Reads :meth:`to_json` output (clue rows as strings or lists; extra keys ignored)."""
        return cls(fmt.parse_json(text))

    def to_json(self) -> str:
        """``{"kind":"slitherlink","rows":R,"cols":C,"clues":["2..1.",...]}``."""
        return fmt.write_json(self.clues)

    @classmethod
    def from_dict(cls, data: Dict[str, Any]) -> Slitherlink:
        """Reads the dict form of :meth:`to_json`."""
        return cls(fmt.clues_from_data(data))

    def to_dict(self) -> Dict[str, Any]:
        """The board as a JSON-ready dict."""
        return fmt.to_data(self.clues)

    # ------------------------------------------------------------------ the calls

    def check(self, solution: Solution) -> CheckResult:
        """The referee: every rule ``solution`` breaks on this board, with where.

        >>> p = Slitherlink([[3, 3, 1]])
        >>> p.check(p.solve().solution).ok
        True
        """
        return check(self, solution)

    def solve(
        self, limit: int = 2, node_limit: Optional[int] = None, time_limit: Optional[float] = None
    ) -> SolveResult[Solution]:
        """Searches for up to ``limit`` solutions.

        Args:
            limit: stop after this many solutions; 2 (the default) is the
                least that can prove uniqueness. The solutions kept are
                bounded in memory too (``_validate.MAX_KEPT_VALUES`` edge
                values in all): a larger limit stops there, incomplete, with
                that as the result's ``limit``.
            node_limit: optional budget of search nodes.
            time_limit: optional budget in seconds.

        ``complete`` is True only when ``count`` is exact; a search stopped by
        ``limit`` or a budget reports False, and ``unique`` is then False.

        >>> Slitherlink([[3, 3, 1]]).solve().unique
        True
        >>> r = Slitherlink([[None] * 3] * 3).solve(limit=1)
        >>> r.count, r.complete, r.unique
        (1, False, False)
        """
        limit = require_int("limit", limit, 1, 2**32 - 1)
        limit = kept_limit(limit, self.num_edges)
        if node_limit is not None:
            node_limit = require_int("node_limit", node_limit, 0, 2**63 - 1)
        budget = require_optional_number("time_limit", time_limit)
        found, finished, nodes = self.core_board.solve(limit, node_limit, None if budget is None else float(budget))
        sols = tuple(Solution._trusted(self.rows, self.cols, tuple(s), self.clues) for s in found)
        return SolveResult.from_search(sols, finished, nodes, limit)

    def count(
        self,
        engine: str = "frontier",
        limit: Optional[int] = None,
        *,
        max_states: Optional[int] = None,
        deduce: bool = True,
        threads: int = 1,
    ) -> Count:
        """Number of solutions (see :func:`loopcraft.slitherlink.count_solutions`).

        >>> Slitherlink([[None] * 3] * 3).count()
        213
        """
        require_str("engine", engine)
        if engine not in COUNT_ENGINES:
            raise ArgumentError(f"unknown engine {show(engine)}; the engines are {', '.join(COUNT_ENGINES)}")
        if limit is not None:
            limit = require_int("limit", limit, 0, 2**63 - 1)
            if limit == 0:
                return Count(0, engine, "limit=0 asks for no solution: nothing was counted")
        if max_states is not None:
            max_states = require_int("max_states", max_states, 1, 2**63 - 1)
        if not isinstance(deduce, bool):
            raise ArgumentTypeError(f"deduce must be a bool, got {type(deduce).__name__}")
        threads = require_int("threads", threads, 1, MAX_COUNT_THREADS)
        if engine == "frontier":
            count, _, route, reason = self.core_board.count_deduced(limit, max_states, deduce=deduce, threads=threads)
            return Count(int(count), route, reason)
        # The core's count, not solve(): solve keeps its solutions within a
        # memory budget and stops there, which would cut this count short;
        # here they are only counted (as Country Road's search does), so an
        # enumeration stopped only by Ctrl-C or the command line's time
        # limit no longer grows by gigabytes a minute.
        n, _, _ = self.core_board.count_search(min(limit or _SEARCH_LIMIT, _SEARCH_LIMIT), None, None)
        return Count(n, "search", "engine='search' enumerates the solutions")

    def is_unique(self) -> bool:
        """True when the puzzle has exactly one solution (a complete search, no budget)."""
        return self.solve(limit=2).unique

    def deduce(self, level: Optional[str] = None) -> SlitherlinkDeduction:
        """What the deductions up to ``level`` decide without search.

        Args:
            level: a name from :data:`LEVELS` other than ``"search"``; default
                the strongest deduction level.

        >>> d = Slitherlink([[3, 3, 1]]).deduce("tricky")
        >>> d.solved, d.fraction
        (True, 1.0)
        """
        if level is None:
            level = _STRONGEST
        require_str("level", level)
        if level not in LEVELS[:-1]:
            raise ArgumentError(f"level must be one of {', '.join(LEVELS[:-1])}, got {level!r}")
        out = self.core_board.propagate(level)
        total = self.num_edges
        if out is None:
            return SlitherlinkDeduction(level, True, total, total, self.rows, self.cols, (), self.clues)
        edges = tuple(None if b == 2 else int(b) for b in out)
        decided = sum(v is not None for v in edges)
        return SlitherlinkDeduction(level, False, decided, total, self.rows, self.cols, edges, self.clues)

    def explain(self, level: Optional[str] = None, *, time_limit: Optional[float] = None) -> Explanation:
        """The steps of the deduction up to ``level``, easiest first.

        Each :class:`~loopcraft.Step` is one application of one rule of
        :data:`RULES` at one place: what it read (``premise``) and decided
        (``decided``). A rule of a level is used only where no rule of a
        weaker level decides anything, and replaying the steps from the empty
        board reaches exactly :meth:`deduce` ``(level)``. ``trial`` steps
        carry the explanation of the contradiction they found (``because``).

        Args:
            level: a name from :data:`LEVELS` other than ``"search"``; default
                the strongest deduction level.
            time_limit: seconds to explain in (None: no limit). The trial
                level on a wide board takes seconds (40 x 40: several).

        Raises:
            TimeLimitError: ``time_limit`` ran out first (no steps are
                given: a part of them would not reach the level's fixpoint).

        >>> e = Slitherlink([[3, 3, 1]]).explain("tricky")
        >>> [s.rule for s in e.steps][:3]
        ['dot-facts', 'two-lines-or-none', 'premature-loop']
        >>> print(e.steps[1].text)
        The dot at the top left corner of row 1, column 1 has two lines or none: a line on the side to its right.
        >>> e.replay().marks == e.decided()
        True
        """
        if level is None:
            level = _STRONGEST
        require_str("level", level)
        if level not in LEVELS[:-1]:
            raise ArgumentError(f"level must be one of {', '.join(LEVELS[:-1])}, got {level!r}")
        return _explain.explain(self.clues, self.core_board, level, time_limit)

    def hint(self, position: Any, *, time_limit: Optional[float] = None) -> Optional[Step]:
        """The next step from a player's position.

        Args:
            position: a :class:`~loopcraft.Position`, or its dict form
                ``{"h_edges": [...], "v_edges": [...]}`` (strings of ``1``
                line, ``0`` cross, ``?`` unmarked).
            time_limit: seconds to find it in (None: no limit). A hint on a
                wide board can take seconds (100 x 100 blank: about ten).

        Returns:
            a step whose rule is ``no-solution`` (no place, no premise) when
            the puzzle itself has no solution, whatever is marked; a step whose
            rule is ``mistake`` (its premise holds the mark) when
            the marks admit no solution: the first mark found that no solution
            agrees with together with the other marks (on a board with one
            solution, a mark that differs from it); else the easiest step that
            decides something new (``search`` when no rule does, on a
            puzzle with one solution); None when the lines marked are a
            solution (or nothing can be decided on a puzzle with several).

        Raises:
            TimeLimitError: ``time_limit`` ran out before the step was
                found (no step is named rather than a wrong one).

        >>> p = Slitherlink([[3, 3, 1]])
        >>> p.hint({"h_edges": ["???", "???"], "v_edges": ["????"]}).rule
        'dot-facts'
        >>> p.hint({"h_edges": ["???", "???"], "v_edges": ["0???"]}).rule
        'mistake'
        """
        return _explain.hint(self.clues, self.core_board, position, time_limit)

    def grade(
        self, node_limit: Optional[int] = None, *, score: bool = False, time_limit: Optional[float] = None
    ) -> Grade:
        """The weakest level of :data:`LEVELS` whose deductions solve the puzzle.

        Puzzles graded below ``"search"`` are unique by construction.

        Args:
            node_limit: the search's node budget (only for ``"search"``).
            score: also compute ``score``, a finer difficulty that orders
                puzzles within a level (``index <= score < index + 1``): the
                level's index plus ``d / (1 + d)``, ``d`` the weight of the
                level's explanation per side of the board (a step of the
                i-th level weighs ``8 ** i``; see docs/levels.md). It costs
                one :meth:`explain` (about 20-40 ms on a hard 20 x 20), so
                it is off by default and ``score`` is then None; the level
                alone takes about a millisecond.
            time_limit: optional budget in seconds for the whole grade (its
                levels, its search and the score's explanation). A grade it
                cuts short is ``"search"`` with ``complete`` False, as one
                stopped by ``node_limit``; a score it cuts short is None.

        >>> g = Slitherlink.from_url("https://puzz.link/p?slither/5/5/g31bh0ck16023c").grade(score=True)
        >>> g.level, g.index <= g.score < g.index + 1
        ('tricky', True)
        >>> Slitherlink([[3, 3, 1]]).grade().score is None
        True
        """
        if node_limit is not None:
            node_limit = require_int("node_limit", node_limit, 0, 2**63 - 1)
        if not isinstance(score, bool):
            raise ArgumentTypeError(f"score must be a bool, got {type(score).__name__}")
        clock = Clock(time_limit)
        level, solutions, complete, _ = self.core_board.grade(node_limit, clock.left())
        index = LEVELS.index(level)
        fine: Optional[float] = None
        if score:
            # "search": the work the deduction levels did before the search.
            steps = within(
                clock, lambda left: self.explain(level if level != LEVELS[-1] else _STRONGEST, time_limit=left)
            )
            if steps is not None:
                fine = _explain_score(index, steps.weight(LEVELS), edge_count(self.rows, self.cols))
        return Grade(level, index, int(solutions), bool(complete), fine)

    # ------------------------------------------------------------------ the setter's questions (see _setter.py)

    def _solution_from_bits(self, bits: bytes) -> Solution:
        """A solution from the core's answer (one byte 0/1 per edge)."""
        return Solution._trusted(self.rows, self.cols, tuple(bits), self.clues)

    def backbone(self, *, time_limit: Optional[float] = None) -> Backbone:
        """What every solution shares: per unknown its value in every solution,
        or None where two solutions differ, with two witnesses that differ.
        A complete backbone is kept with the board, so that asking again, or
        for :meth:`suggest_clues` or :meth:`verdict`, does not prove it again.

        >>> b = Slitherlink([[None, None], [None, 3]]).backbone()
        >>> b.count, b.complete, b.open > 0, len(b.witnesses)
        (2, True, True, 2)
        """
        return _setter.slither_backbone(self, time_limit)

    def conflict(self, *, time_limit: Optional[float] = None) -> Optional[Conflict]:
        """A minimal set of clues that admit no solution together (removing
        any one gives a board with a solution), or None when the board has a
        solution (see :func:`loopcraft._setter.conflict`)."""
        return _setter.conflict(self, time_limit=time_limit)

    def suggest_clues(
        self, k: int = 5, *, time_limit: Optional[float] = None, threads: int = 1
    ) -> Findings[Suggestion]:
        """Up to ``k`` clues to add, best first: by the resulting count (1
        before 2), then the fewest unknowns left open, then place (row-major),
        then value. Each keeps the board solvable. ``complete`` is False
        when a budget ran out before every candidate was judged (see
        :func:`loopcraft._setter.suggest_clues`).

        ``threads`` (1 to ``MAX_COUNT_THREADS``, default 1): the candidate
        clues are proven on that many threads. The suggestions are the same
        on any number; more threads shorten the wall time on free cores and
        spend somewhat more CPU in total (a candidate started before another
        has lowered the bar is cut short later)."""
        threads = require_int("threads", threads, 1, MAX_COUNT_THREADS)
        return _setter.suggest_clues(self, k, time_limit=time_limit, threads=threads)

    def redundant_clues(self, *, time_limit: Optional[float] = None) -> Findings[Tuple[int, int]]:
        """The clues whose removal alone keeps the board unique (empty when
        it is not unique), each proven; ``complete`` is False when a budget
        ran out before every one was judged (see
        :func:`loopcraft._setter.redundant_clues`)."""
        return _setter.redundant_clues(self, time_limit=time_limit)

    def minimize(
        self, *, seed: int = 0, max_level: Optional[str] = None, time_limit: Optional[float] = None
    ) -> Slitherlink:
        """A new board, still unique, in which every remaining clue is needed;
        with ``max_level``, graded at or below that level too (see
        :func:`loopcraft._setter.minimize`)."""
        out: Slitherlink = _setter.minimize(self, LEVELS, seed=seed, max_level=max_level, time_limit=time_limit)
        return out

    def verdict(self, *, suggest: int = 5, time_limit: Optional[float] = None, threads: int = 1) -> Verdict:
        """One answer for a setter: unique with its level; N solutions with the
        backbone and the best clues to add; or no solution with the clues that
        clash (see :class:`loopcraft.Verdict`). ``threads`` (1 to
        ``MAX_COUNT_THREADS``) ranks the clues to add as in
        :meth:`suggest_clues`: the same answer on any number, sooner on free
        cores."""
        return _setter.verdict(self, suggest=suggest, time_limit=time_limit, threads=threads)
