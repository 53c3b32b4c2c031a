"""Result types shared by every puzzle family: one meaning of ``count``,
``complete`` and ``unique``, one deduction summary, one grade, one referee
verdict.

The families (:mod:`loopcraft.slitherlink`, :mod:`loopcraft.country`) fill
these in with their own solution types; what a field means never depends on
the family.

>>> r = SolveResult(count=1, complete=True, solutions=("loop",), nodes=3, limit=2)
>>> r.unique, r.solution
(True, 'loop')
>>> SolveResult(count=1, complete=False, solutions=("loop",), nodes=1, limit=1).unique
False
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Dict, Generic, Iterable, Optional, Tuple, TypeVar

from ._validate import require_int, require_str
from .errors import ArgumentTypeError

__all__ = ["SolveResult", "Count", "Findings", "Deduction", "Grade", "Violation", "CheckResult", "S"]

#: A family's solution type (``slitherlink.Solution``, ``country.CountryLoop``).
S = TypeVar("S")
#: What a :class:`Findings` holds.
T = TypeVar("T")


class Count(int):
    """A solution count, as returned by ``count_solutions`` in every family:
    an ``int`` (it compares, prints and computes as one) that also says how it
    was counted.

    Attributes:
        engine: the route that produced it: ``"ladder"`` (the deduction ladder
            decided every unknown: 1 or 0 with no sweep), ``"ladder+frontier"``
            (the ladder first, then the frontier sweep of what it left open),
            ``"frontier"`` (the sweep of the whole board), or the name of the
            enumerating engine asked for (``"search"``, ``"cells"``, ``"loops"``).
        reason: one sentence on why that route ran.

    Arithmetic on a count gives a plain ``int``.

    >>> c = Count(6, "frontier", "deduce=False asks for the plain sweep")
    >>> c, c + 1, c.engine
    (6, 7, 'frontier')
    """

    engine: str
    reason: str

    def __new__(cls, value: int, engine: str, reason: str) -> Count:
        # int() would take "5" or 1.5 (and make a count of them) and refuse
        # None with a bare TypeError.
        require_int("value", value, 0)
        require_str("engine", engine)
        require_str("reason", reason)
        self = super().__new__(cls, value)
        self.engine = engine
        self.reason = reason
        return self

    def __reduce__(self) -> Tuple[Any, Tuple[int, str, str]]:
        return (Count, (int(self), self.engine, self.reason))


class Findings(Tuple[T, ...]):
    """What a call that looks for several things found, as returned by
    ``suggest_clues`` and ``redundant_clues`` in every family: a ``tuple``
    (it indexes, compares and unpacks as one) that also says whether the
    search for them finished.

    Attributes:
        complete: True when every candidate was judged, so the tuple is the
            whole answer. False when a budget ran out first: every item
            listed is proven, but the list may miss some, and a ranking
            covers only the candidates judged (its first item may not be the
            best one).

    >>> f = Findings([(0, 1), (2, 3)], complete=False)
    >>> f, f.complete, f == ((0, 1), (2, 3))
    (Findings(((0, 1), (2, 3)), complete=False), False, True)
    """

    complete: bool

    def __new__(cls, items: Iterable[T] = (), complete: bool = True) -> Findings[T]:
        if type(complete) is not bool:
            raise ArgumentTypeError(f"complete must be a bool, got {type(complete).__name__}")
        self = super().__new__(cls, items)
        self.complete = complete
        return self

    def __repr__(self) -> str:
        return f"Findings({tuple.__repr__(self)}, complete={self.complete})"

    def __reduce__(self) -> Tuple[Any, Tuple[Tuple[T, ...], bool]]:
        return (Findings, (tuple(self), self.complete))


@dataclass(frozen=True)
class SolveResult(Generic[S]):
    """What a search found.

    Attributes:
        count: the number of solutions found, at most ``limit``.
        complete: True when ``count`` is the exact number of solutions: the
            search space was exhausted. False when the search stopped early,
            because it reached ``limit`` or a node or time budget ran out;
            ``count`` is then only a lower bound.
        solutions: the solutions found, in the order found.
        nodes: search nodes visited.
        limit: the ``limit`` the search was given.
    """

    count: int
    complete: bool
    solutions: Tuple[S, ...] = field(repr=False)
    nodes: int
    limit: int

    @classmethod
    def from_search(cls, solutions: Tuple[S, ...], finished: bool, nodes: int, limit: int) -> SolveResult[S]:
        """The result of a core search. The core says ``finished`` both when it
        exhausted the search space and when it stopped at ``limit``; only the
        first makes the count exact, so a search that reached ``limit`` is not
        ``complete`` (the one place where that rule lives).

        >>> SolveResult.from_search(("a",), True, 5, limit=1).complete
        False
        >>> SolveResult.from_search(("a",), True, 5, limit=2).unique
        True
        """
        if not isinstance(solutions, tuple):
            raise ArgumentTypeError(f"solutions must be a tuple, got {type(solutions).__name__}")
        nodes, limit = require_int("nodes", nodes, 0), require_int("limit", limit, 0)
        return cls(len(solutions), bool(finished) and len(solutions) < limit, solutions, nodes, limit)

    @property
    def unique(self) -> bool:
        """Exactly one solution, proven: the count is exact and equals 1."""
        return self.complete and self.count == 1

    @property
    def solution(self) -> Optional[S]:
        """The first solution found, or None."""
        return self.solutions[0] if self.solutions else None

    def to_dict(self) -> Dict[str, Any]:
        """A JSON-ready summary (solutions through their own ``to_dict`` when they have one)."""
        return {
            "count": self.count,
            "complete": self.complete,
            "unique": self.unique,
            "nodes": self.nodes,
            "limit": self.limit,
            "solutions": [_solution_data(s) for s in self.solutions],
        }


def _solution_data(solution: Any) -> Any:
    to_dict = getattr(solution, "to_dict", None)
    data = to_dict() if callable(to_dict) else {}
    to_text = getattr(solution, "to_puzzlekit", None)
    if callable(to_text):
        data = dict(data, puzzlekit=to_text())
    return data


@dataclass(frozen=True)
class Deduction(Generic[S]):
    """What a level of the deduction ladder decides without search.

    The families subclass it with their own view of the decided state (edges
    for Slitherlink; cells and edges for Country Road).

    Attributes:
        level: the strongest level that ran (a name from the family's ``LEVELS``).
        contradiction: the deductions proved that the board has no solution.
        decided: how many of the board's unknowns are decided.
        total: how many unknowns the board has.
    """

    level: str
    contradiction: bool
    decided: int
    total: int

    @property
    def fraction(self) -> float:
        """Share of unknowns decided, in [0, 1] (1.0 on a contradiction: nothing is left open)."""
        if self.contradiction or self.total == 0:
            return 1.0
        return self.decided / self.total

    @property
    def solved(self) -> bool:
        """Every unknown decided without contradiction. Every deduction is
        sound, so the solution is then unique."""
        return not self.contradiction and self.decided == self.total

    @property
    def solution(self) -> Optional[S]:
        """The solution when :attr:`solved`, else None."""
        return self._solution() if self.solved else None

    def _solution(self) -> S:  # pragma: no cover - every family overrides it
        raise NotImplementedError


@dataclass(frozen=True)
class Grade:
    """How hard a puzzle is: the weakest level of the ladder that solves it.

    Attributes:
        level: a name from the family's ``LEVELS``: the weakest level whose
            deductions decide the whole board (``solutions == 1``) or prove it
            has none (``solutions == 0``); the last level, ``"search"``, when
            no deduction level does, with the search's count.
        index: the position of ``level`` in ``LEVELS`` (0 = easiest).
        solutions: solutions found, 0..2.
        complete: False when a budget stopped the search (only at ``"search"``).
        score: an optional finer difficulty that orders puzzles within a
            level (``index <= score < index + 1`` where the family gives one).
    """

    level: str
    index: int
    solutions: int
    complete: bool
    score: Optional[float] = None

    @property
    def unique(self) -> bool:
        """Exactly one solution, proven."""
        return self.complete and self.solutions == 1


@dataclass(frozen=True)
class Violation:
    """One broken rule found by a referee.

    Attributes:
        rule: the rule's name (one of the family's ``CHECK_RULES``).
        where: the place: a cell ``(r, c)``, a lattice point, a pair of cells,
            a region id or a count, as the rule's documentation says.
        message: a sentence for people.
    """

    rule: str
    where: Any
    message: str

    def __str__(self) -> str:
        return self.message


@dataclass(frozen=True)
class CheckResult:
    """A referee's verdict: ``ok`` when no rule fails, else the violations in rule order."""

    ok: bool
    violations: Tuple[Violation, ...] = ()

    def __bool__(self) -> bool:
        return self.ok

    def rules(self) -> Tuple[str, ...]:
        """The names of the broken rules, each once, in the order they are checked."""
        seen: Dict[str, None] = {}
        for v in self.violations:
            seen.setdefault(v.rule)
        return tuple(seen)
