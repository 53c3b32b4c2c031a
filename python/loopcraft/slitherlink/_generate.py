"""Seeded generation of unique R x C Slitherlink puzzles.

A random loop comes first: a region of cells grown from one cell by flips
that keep its border a single simple loop, then stirred by more flips in
both directions so the loop wanders rather than bulges. Every cell gets its
clue, and the clues are thinned in a shuffled order:

1. a removal is kept when the deduction tiers (up to ``probe``, or up to the
   target grade) still decide every edge. Sound deductions that decide every
   edge prove the solution unique, and they are far cheaper than a search;
2. for the ``"search"`` grade, a second pass over the remaining clues keeps a
   removal when the solver (``slither_solve`` with ``limit=2``) still proves
   the puzzle unique within a node budget.

Everything random comes from ``random.Random(seed)``, which is the same on
every platform; solver calls use node budgets, never clocks, so a seed always
gives the same puzzle. The optional ``time_limit`` only decides whether to
give up (:class:`~loopcraft.errors.GenerationTimeout`).
"""

from __future__ import annotations

import random as _random
import time
import warnings
from typing import Any, Callable, List, Optional, Union

from .. import _core
from .._validate import require_int, require_optional_number, require_str
from ..errors import ArgumentError, ArgumentTypeError, GenerationTimeout, NoPuzzleFound
from ._board import LEVELS, Slitherlink
from ._formats import MAX_SIZE
from ._geometry import cell_corners, cell_sides, edge_count

__all__ = ["generate", "generate_slitherlink", "random_loop"]

#: Node budget of each uniqueness check of the search pass. A check that runs
#: out keeps its clue, so the result stays proven unique; a budget (not a
#: clock) keeps generation reproducible.
SEARCH_CHECK_NODES = 300
#: Node budget of the final grade of a candidate puzzle.
GRADE_NODES = 100_000
DEFAULT_ATTEMPTS = 50


class _LoopState:
    """A region whose border is one simple loop, changed one cell at a time."""

    def __init__(self, rows: int, cols: int, start: int) -> None:
        self.rows, self.cols = rows, cols
        self.inside = bytearray(rows * cols)
        self.edges = bytearray(edge_count(rows, cols))
        self.degree = bytearray((rows + 1) * (cols + 1))
        self.size = 0
        self._toggle(start)

    def _toggle(self, cell: int) -> None:
        r, c = divmod(cell, self.cols)
        sides = cell_sides(self.rows, self.cols, r, c)
        corners = cell_corners(self.cols, r, c)
        for i, e in enumerate(sides):
            a, b = corners[i], corners[(i + 1) % 4]
            if self.edges[e]:
                self.edges[e] = 0
                self.degree[a] -= 1
                self.degree[b] -= 1
            else:
                self.edges[e] = 1
                self.degree[a] += 1
                self.degree[b] += 1
        self.inside[cell] ^= 1
        self.size += 1 if self.inside[cell] else -1

    def can_flip(self, cell: int) -> bool:
        """Flipping keeps one simple loop: the loop edges around the cell form one
        path of 1..3 sides, and the corners that path does not touch are free."""
        r, c = divmod(cell, self.cols)
        sides = cell_sides(self.rows, self.cols, r, c)
        on = [self.edges[e] for e in sides]
        k = sum(on)
        if k == 0 or k == 4:
            return False
        if k == 2 and on[0] == on[2]:  # opposite sides: the flip would cut or join loops
            return False
        corners = cell_corners(self.cols, r, c)
        for i, p in enumerate(corners):
            touched = on[i] or on[(i - 1) % 4]  # side i-1 ends at corner i, side i starts there
            if not touched and self.degree[p]:
                return False
        return True

    def flip(self, cell: int) -> bool:
        if not self.can_flip(cell):
            return False
        self._toggle(cell)
        return True


def random_loop(rows: int, cols: int, rng: _random.Random) -> List[int]:
    """A random simple loop on an R x C board, as 0/1 per edge (grid numbering).

    The region inside covers roughly 40%..65% of the cells (all of them on
    tiny boards, where nothing else fits).
    """
    cells = rows * cols
    state = _LoopState(rows, cols, rng.randrange(cells))
    lo = max(1, int(cells * 0.40))
    hi = max(lo, int(cells * 0.65))
    target = rng.randint(lo, hi)
    # Growing: only outside cells next to the loop can join; pick among all at random.
    stalls = 0
    while state.size < target and stalls < 50 * cells:
        cell = rng.randrange(cells)
        if not state.inside[cell] and state.flip(cell):
            stalls = 0
        else:
            stalls += 1
    # Stirring: flips both ways within the size band make the border long and winding.
    for _ in range(4 * cells):
        cell = rng.randrange(cells)
        joining = not state.inside[cell]
        if (joining and state.size >= hi) or (not joining and state.size <= lo):
            continue
        state.flip(cell)
    return list(state.edges)


def _full_clues(rows: int, cols: int, edges: List[int]) -> List[Optional[int]]:
    return [sum(edges[e] for e in cell_sides(rows, cols, r, c)) for r in range(rows) for c in range(cols)]


def _check_seed(seed: Any) -> Union[int, str]:
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        raise ArgumentTypeError(f"seed must be an int or a str, got {type(seed).__name__}")
    return seed


def generate(
    rows: int,
    cols: int,
    seed: Union[int, str] = 0,
    *,
    grade: Optional[str] = None,
    time_limit: Optional[float] = None,
    attempts: int = DEFAULT_ATTEMPTS,
) -> Slitherlink:
    """Generates an R x C Slitherlink puzzle with exactly one solution.

    Args:
        rows, cols: board size, 1..100 each.
        seed: an int or str; the same seed (and arguments) always gives the same puzzle.
        grade: optional target level from :data:`LEVELS`: the puzzle then needs
            exactly that level (deductions up to it solve it, weaker ones do not).
            Without a target, clues are removed while the deduction levels up
            to ``probe`` still solve the puzzle, so it never needs a search;
            ``"search"`` asks for a puzzle that does, thinned further with the
            solver.
        time_limit: optional budget in seconds for the whole generation.
        attempts: random loops to try before giving up.

    Raises:
        ArgumentTypeError: an argument has the wrong type.
        ArgumentError: a size outside 1..100 or an unknown grade.
        GenerationTimeout: ``time_limit`` ran out.
        NoPuzzleFound: ``attempts`` loops gave no puzzle of the target grade.

    >>> p = generate(6, 8, seed=1)
    >>> (p.rows, p.cols, p.is_unique())
    (6, 8, True)
    """
    rows = require_int("rows", rows, 1, MAX_SIZE)
    cols = require_int("cols", cols, 1, MAX_SIZE)
    seed = _check_seed(seed)
    attempts = require_int("attempts", attempts, 1)
    time_limit = require_optional_number("time_limit", time_limit)
    tiers = LEVELS
    if grade is not None:
        require_str("grade", grade)
        if grade not in tiers:
            raise ArgumentError(f"grade must be one of {', '.join(tiers)}, got {grade!r}")
    deadline = None if time_limit is None else time.monotonic() + time_limit

    def check_clock() -> None:
        if deadline is not None and time.monotonic() > deadline:
            raise GenerationTimeout(f"no {rows} x {cols} puzzle within {time_limit} s (seed {seed!r})")

    rng = _random.Random(seed)
    cells = rows * cols
    # Tiers tried in turn on each trial: a cheap one first, then the strongest allowed.
    deduce_to = "probe" if grade in (None, "search") else grade
    ladder = [t for t in ("loop", deduce_to) if tiers.index(t) <= tiers.index(deduce_to)]
    ladder = sorted(set(ladder), key=tiers.index)

    def deduced(trial: List[Optional[int]]) -> bool:
        for tier in ladder:
            out = _core.slither_propagate(rows, cols, trial, tier)
            if out is None:
                return False  # cannot happen with the loop's own clues; be safe anyway
            if 2 not in out:
                return True
        return False

    def searched(trial: List[Optional[int]]) -> bool:
        found, complete, _ = _core.slither_solve(rows, cols, trial, 2, SEARCH_CHECK_NODES, None)
        return complete and len(found) == 1

    def thin(clues: List[Optional[int]], order: List[int], keeps: Callable[[List[Optional[int]]], bool]) -> None:
        for i, cell in enumerate(order):
            if clues[cell] is None:
                continue
            if i % 8 == 0:
                check_clock()
            saved = clues[cell]
            clues[cell] = None
            if not keeps(clues):
                clues[cell] = saved

    for _ in range(attempts):
        check_clock()
        edges = random_loop(rows, cols, rng)
        clues = _full_clues(rows, cols, edges)
        if not deduced(clues):
            continue  # a target tier too weak for even the full clues: try another loop
        order = list(range(cells))
        rng.shuffle(order)
        thin(clues, order, deduced)
        if grade == "search":
            rng.shuffle(order)
            thin(clues, order, searched)
        tier, solutions, complete = _core.slither_grade(rows, cols, clues, GRADE_NODES)
        if not (complete and solutions == 1):
            continue  # unreachable with sound deductions; never hand out an unproven puzzle
        if grade is not None and tier != grade:
            continue
        return Slitherlink([clues[r * cols : (r + 1) * cols] for r in range(rows)])
    raise NoPuzzleFound(f"no {rows} x {cols} puzzle of grade {grade!r} in {attempts} attempts (seed {seed!r})")


def generate_slitherlink(
    rows: int,
    cols: int,
    seed: Union[int, str] = 0,
    *,
    grade: Optional[str] = None,
    time_limit: Optional[float] = None,
    max_attempts: int = DEFAULT_ATTEMPTS,
) -> Slitherlink:
    """Deprecated name of :func:`generate` (``max_attempts`` is now ``attempts``)."""
    warnings.warn(
        "generate_slitherlink is deprecated; use loopcraft.slitherlink.generate (attempts= for max_attempts=)",
        DeprecationWarning,
        stacklevel=2,
    )
    return generate(rows, cols, seed, grade=grade, time_limit=time_limit, attempts=max_attempts)
