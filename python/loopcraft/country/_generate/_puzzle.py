"""The public generator: :func:`generate` and :func:`generate_puzzle`."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Any, Dict, Optional, Tuple

from ..._picture import Picture
from ..._validate import MAX_ATTEMPTS, require_int, require_optional_number, require_seed, show
from ...errors import ArgumentError, ArgumentTypeError, GenerationTimeout, NoPuzzleFound
from .. import _ladder
from .._board import CountryRoad
from .._loop import MAX_SIDE, MIN_SIDE, CountryLoop
from ._carve import DEFAULT_COUNTRY_SIZE, DEFAULT_COVERAGE
from ._delete import ORDERS, delete_numbers, layout_map
from ._geometry import Seed
from ._refine import complete_layout

__all__ = [
    "DEFAULT_ATTEMPTS",
    "GENERATOR_VERSION",
    "GeneratedCountry",
    "check_seed",
    "check_options",
    "grade_stages",
    "generate_puzzle",
    "generate",
]

# --------------------------------------------------------------------------- the generator

#: Version of the generator recorded in :meth:`GeneratedCountry.to_dict`. The
#: same seed and options give the same board within one version; see the
#: "Country Road engine" section of docs/country-road.md for the changes.
#: 2: the ladder enumerates the Hamiltonian catalogue after the other stages'
#: fixpoint, so ``macro`` takes part on more boards and deletion may go further.
#: 3: the enumeration's step budget is 2 x 10^5 (was 10^6), so a layout the
#: refinement leaves wide open costs a fifth as much per ladder call.
GENERATOR_VERSION = 3


#: Layouts tried before :class:`NoPuzzleFound` (each attempt continues the same random stream).
DEFAULT_ATTEMPTS = 500


@dataclass(frozen=True)
class GeneratedCountry(Picture):
    """A generated puzzle with its answer and how it was made.

    Attributes:
        board: the puzzle (region ids are the core's indices 0..K-1).
        solution_bits: the unique answer, one 0/1 byte per cell-to-cell edge
            (contract numbering: right edges, then down edges); see also
            :attr:`solution`.
        loop: the answer's cells (``r * cols + c``) in visiting order.
        grade: the weakest ladder stage that completes the puzzle.
        seed: the seed it was generated from.
        attempts: layouts tried (1 = the first one worked).
        full_numbers: every country's number before deletion.
    """

    board: CountryRoad
    solution_bits: bytes
    loop: Tuple[int, ...]
    grade: str
    seed: Seed
    attempts: int
    full_numbers: Tuple[int, ...]

    @property
    def solution(self) -> CountryLoop:
        """The unique answer as a :class:`~loopcraft.country.CountryLoop`."""
        return CountryLoop.from_bits(self.board.rows, self.board.cols, self.solution_bits)

    @property
    def regions(self) -> Tuple[int, ...]:
        """Flat region index per cell (row-major)."""
        return tuple(self.board.core_args()[2])

    @property
    def numbers(self) -> Tuple[Optional[int], ...]:
        """Flat number per country (None = deleted)."""
        return tuple(self.board.core_args()[3])

    def to_svg(self, answer: bool = False, *, cell: float = 32) -> str:
        """The puzzle as an SVG picture, with its answer loop when ``answer``."""
        return self.board.to_svg(self.solution if answer else None, cell=cell)

    def to_dict(self) -> Dict[str, Any]:
        """A JSON-ready record: the generator version (:data:`GENERATOR_VERSION`),
        seed, grade, the board (as :meth:`CountryRoad.to_dict`) and the answer
        as a string of 0/1 per cell-to-cell edge (contract numbering)."""
        return {
            "generator": GENERATOR_VERSION,
            "seed": self.seed,
            "grade": self.grade,
            "countries": len(self.full_numbers),
            "numbers_left": len(self.board.numbers),
            "board": self.board.to_dict(),
            "solution": "".join("1" if b else "0" for b in self.solution_bits),
        }


def check_seed(seed: object) -> Seed:
    return require_seed(seed)


def grade_stages(grade: Optional[str]) -> Tuple[str, ...]:
    """The ladder stages up to and including ``grade`` (all five for None)."""
    if grade is None:
        return _ladder.STAGES
    if not isinstance(grade, str):
        raise ArgumentTypeError(f"grade must be a str or None, got {type(grade).__name__}")
    if grade not in _ladder.STAGES:
        raise ArgumentError(f"unknown grade {show(grade)}; expected one of {', '.join(_ladder.STAGES)}")
    return _ladder.select_stages(level=grade)


def check_options(
    rows: int,
    cols: int,
    country_size: float,
    coverage: float,
    order: str,
    grade: Optional[str],
    time_limit: Optional[float],
    attempts: int,
) -> None:
    """Checks the generator's arguments (the messages name them)."""
    require_int("rows", rows, MIN_SIDE, MAX_SIDE)
    require_int("cols", cols, MIN_SIDE, MAX_SIDE)
    if isinstance(country_size, bool) or not isinstance(country_size, (int, float)):
        raise ArgumentTypeError(f"country_size must be a number, got {type(country_size).__name__}")
    if not 1 <= country_size <= rows * cols / 3:
        raise ArgumentError(
            f"country_size must be between 1 and {rows * cols / 3:g} "
            f"(at least 3 countries on {rows} x {cols}), got {show(country_size)}"
        )
    if isinstance(coverage, bool) or not isinstance(coverage, (int, float)):
        raise ArgumentTypeError(f"coverage must be a number, got {type(coverage).__name__}")
    if not 0 < coverage <= 1:
        raise ArgumentError(f"coverage must be in (0, 1], got {show(coverage)}")
    if not isinstance(order, str):
        raise ArgumentTypeError(f"order must be a str, got {type(order).__name__}")
    if order not in ORDERS:
        raise ArgumentError(f"unknown deletion order {show(order)}; expected one of {', '.join(ORDERS)}")
    grade_stages(grade)
    require_optional_number("time_limit", time_limit)
    require_int("attempts", attempts, 1, MAX_ATTEMPTS)


def generate_puzzle(
    rows: int,
    cols: int,
    seed: Seed = 0,
    *,
    grade: Optional[str] = None,
    time_limit: Optional[float] = None,
    attempts: int = DEFAULT_ATTEMPTS,
    country_size: float = DEFAULT_COUNTRY_SIZE,
    coverage: float = DEFAULT_COVERAGE,
    order: str = "adversarial",
) -> GeneratedCountry:
    """Generates a Country Road puzzle with a unique solution, and its answer.

    Same arguments, same puzzle, on every platform and whatever the time
    budget (the budget only decides whether an answer comes at all).

    Args:
        rows, cols: board size, 2..30 each (4 x 4 and up make real puzzles).
        seed: an int or a str.
        country_size: average cells per country (used or not).
        coverage: share of the cells the loop aims to cover.
        order: number deletion order, ``"adversarial"`` (most informative
            number first, see :func:`deletion_order`) or ``"random"``.
        grade: the weakest ladder stage that must complete the puzzle, one of
            ``loopcraft.country.STAGES``: deletion keeps that prefix of the ladder complete,
            and a puzzle that a weaker prefix completes is rejected. ``None``:
            deletion uses the whole ladder and any grade is accepted. In
            practice ``"region"`` and ``"once"`` never complete a board (they
            do not follow the loop through a country), so asking for them
            ends in :class:`~loopcraft.errors.NoPuzzleFound`.
        time_limit: seconds; :class:`~loopcraft.errors.GenerationTimeout`
            when it runs out. ``None``: no limit.
        attempts: layouts to try before :class:`~loopcraft.errors.NoPuzzleFound`.

    Raises:
        TypeError, ValueError: bad arguments (named in the message).
        GenerationTimeout: the time budget ran out.
        NoPuzzleFound: no layout of ``attempts`` gave a puzzle of that grade.

    >>> p = generate_puzzle(6, 6, seed=1)
    >>> p.grade in _ladder.STAGES, p.board.rows
    (True, 6)
    """
    check_seed(seed)
    check_options(rows, cols, country_size, coverage, order, grade, time_limit, attempts)
    time_limit = require_optional_number("time_limit", time_limit)
    deadline = None if time_limit is None else time.monotonic() + time_limit
    stages = grade_stages(grade)
    rng = random.Random(seed)
    for attempt in range(1, attempts + 1):
        if deadline is not None and time.monotonic() > deadline:
            raise GenerationTimeout(
                f"no {rows} x {cols} puzzle within the time budget of {time_limit} s ({attempt - 1} layouts tried)"
            )
        try:
            layout = complete_layout(rows, cols, rng, country_size, coverage, stages, deadline)
            if layout is None:
                continue
            region_map = layout_map(layout)
            numbers = delete_numbers(layout, rng, order, stages, deadline, region_map)
        except GenerationTimeout:
            raise GenerationTimeout(
                f"no {rows} x {cols} puzzle within the time budget of {time_limit} s ({attempt} layouts tried)"
            ) from None
        # The deletion's own last fixpoint (the map remembers it).
        fp = region_map.deduce(numbers, stages)
        solution = layout.solution
        if not fp.solved or fp.edges != solution:
            # The ladder is sound, so a complete fixpoint is the one answer we built.
            raise RuntimeError(
                f"the ladder contradicts the generated answer (seed {seed!r}, attempt {attempt}): a stage is unsound"
            )
        found = region_map.grade_of(numbers)
        if grade is not None and found != grade:
            continue
        grid = [list(layout.regions[r * cols : (r + 1) * cols]) for r in range(rows)]
        board = CountryRoad.from_regions(grid, {k: n for k, n in enumerate(numbers) if n is not None})
        return GeneratedCountry(
            board, solution, layout.loop, found or _ladder.STAGES[-1], seed, attempt, layout.numbers
        )
    raise NoPuzzleFound(
        f"no {rows} x {cols} puzzle"
        + (f" of grade {grade!r}" if grade else "")
        + f" in {attempts} layouts (seed {seed!r})"
    )


def generate(
    rows: int,
    cols: int,
    seed: Seed = 0,
    *,
    grade: Optional[str] = None,
    time_limit: Optional[float] = None,
    attempts: int = DEFAULT_ATTEMPTS,
    country_size: float = DEFAULT_COUNTRY_SIZE,
    coverage: float = DEFAULT_COVERAGE,
    order: str = "adversarial",
) -> CountryRoad:
    """Generates a Country Road board with a unique solution.

    The board only; :func:`generate_puzzle` (same arguments) also returns
    the answer and the grade.

    >>> board = generate(6, 6, seed="example")
    >>> board.is_unique()
    True
    """
    return generate_puzzle(
        rows,
        cols,
        seed,
        country_size=country_size,
        coverage=coverage,
        order=order,
        grade=grade,
        time_limit=time_limit,
        attempts=attempts,
    ).board
