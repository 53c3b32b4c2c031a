"""Seeded generation of unique R x C Slitherlink puzzles, by level.

The work is done in the Rust core (``_core.slither_generate``): a random loop
(a region of cells grown from one cell by flips that keep its border a single
simple loop, then stirred by flips both ways so that it winds), every cell's
clue, then thinning in a shuffled order: a removal is kept when the target
level's deductions still decide every edge (sound deductions that decide every
edge prove the solution unique). With a target level the result must need
exactly that level (the level below must not solve it), else another loop is
tried. ``"search"`` thins further with the solver (limit 2, a node budget).

Everything random comes from one xoshiro256** stream in the core, seeded from
``seed`` (an int, taken modulo 2**64, or a str, hashed with SHA-256), and the
solver uses node budgets, never clocks: a seed gives the same puzzle on every
machine. ``time_limit`` only decides when to give up; Ctrl-C stops it.
"""

from __future__ import annotations

import hashlib
from typing import Any, List, Optional, Union

from .. import _core
from .._validate import MAX_ATTEMPTS, require_int, require_optional_number, require_seed, require_str, show
from ..errors import ArgumentError, GenerationTimeout, NoPuzzleFound
from ._board import LEVELS, Slitherlink
from ._formats import MAX_SIZE

__all__ = ["generate", "random_loop", "seed_to_u64"]

#: Node budget of each uniqueness check of the search pass. A check that runs
#: out keeps its clue, so the result stays proven unique; a budget (not a
#: clock) keeps generation reproducible.
SEARCH_CHECK_NODES: int = _core.SLITHER_SEARCH_NODES
DEFAULT_ATTEMPTS: int = _core.SLITHER_ATTEMPTS


def seed_to_u64(seed: Union[int, str]) -> int:
    """The core's 64-bit seed: an int modulo 2**64, a str by SHA-256 (UTF-8)."""
    if isinstance(seed, str):
        return int.from_bytes(hashlib.sha256(seed.encode("utf-8")).digest()[:8], "little")
    return seed % (1 << 64)


def random_loop(rows: int, cols: int, seed: Union[int, str] = 0) -> List[int]:
    """The core's random simple loop on an R x C board, as 0/1 per edge (grid
    numbering): the loop that generation with this seed starts from."""
    rows = require_int("rows", rows, 1, MAX_SIZE)
    cols = require_int("cols", cols, 1, MAX_SIZE)
    return list(_core.slither_random_loop(rows, cols, seed_to_u64(_check_seed(seed))))


def _check_seed(seed: Any) -> Union[int, str]:
    return require_seed(seed)


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
            to ``trial`` still solve the puzzle, so it never needs a search;
            ``"search"`` asks for a puzzle that does, thinned further with the
            solver. At ``"hard"`` the generator uses hard as Simon
            Tatham's Loopy applies it (docs/levels.md, "The other direction"),
            so that Loopy's own grader rates the puzzle Hard too.
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
    attempts = require_int("attempts", attempts, 1, MAX_ATTEMPTS)
    time_limit = require_optional_number("time_limit", time_limit)
    if grade is not None:
        require_str("grade", grade)
        if grade not in LEVELS:
            raise ArgumentError(f"grade must be one of {', '.join(LEVELS)}, got {show(grade)}")
    status, clues, _level, _tried = _core.slither_generate(
        rows, cols, seed_to_u64(seed), grade, attempts, time_limit, SEARCH_CHECK_NODES
    )
    if status == "timeout":
        raise GenerationTimeout(f"no {rows} x {cols} puzzle within {time_limit} s (seed {show(seed)})")
    if status != "found":
        raise NoPuzzleFound(
            f"no {rows} x {cols} puzzle of grade {show(grade)} in {attempts} attempts (seed {show(seed)})"
        )
    flat = [None if c < 0 else c for c in clues]
    return Slitherlink([flat[r * cols : (r + 1) * cols] for r in range(rows)])
