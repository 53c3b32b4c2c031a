"""The v1 generation loop: grow a region, take its border as the answer,
thin the clues while the v1 search still proves uniqueness."""

from __future__ import annotations

from typing import List, Optional

from .. import _core
from .._validate import show
from ..errors import NoPuzzleFound
from ._constants import ATTEMPTS, NODE_LIMIT, VERSION
from ._engine import solve
from ._geometry import _full_clues, _grow_region, _loop_edges, _shuffle
from ._puzzle import LoopPuzzle
from ._random import check_generate_args, rng


def generate(n: int, seed: str) -> LoopPuzzle:
    """Generates the v1 puzzle for ``(n, seed)``, identical to the reference.

    Raises:
        TypeError: ``n`` is not an int or ``seed`` not a str.
        ValueError: ``n`` is not 4, 5 or 6, or the seed is longer than 80 UTF-16 units.
        NoPuzzleFound: 500 attempts produced no unique puzzle.

    >>> generate(4, "notes-example").blanks
    9
    """
    check_generate_args(n, seed)
    random = rng(seed)
    cells = n * n
    for attempt in range(1, ATTEMPTS + 1):
        # The helpers' unchecked forms: n and the random source are the
        # generator's own, and the public forms' checks cost a tenth of a
        # generation.
        region = _grow_region(n, random)
        if region is None:
            continue
        answer = _loop_edges(region, n)
        clues: List[Optional[int]] = list(_full_clues(answer, n))
        if not _unique(n, clues):
            continue
        order = _shuffle(list(range(cells)), random)
        # Blank each clue in turn, keeping it blank while the v1 check still
        # proves uniqueness; then the final check (in the core: hot).
        clues, ok = _core.loop_thin(n, clues, order)
        if not ok:
            continue
        return LoopPuzzle._trusted(
            n=n,
            seed=seed,
            version=VERSION,
            answer=tuple(answer),
            clues=tuple(clues),
            attempt=attempt,
            blanks=sum(c is None for c in clues),
            cells=cells,
        )
    raise NoPuzzleFound(f"no puzzle found in {ATTEMPTS} attempts for n = {n}, seed = {show(seed)}")


def _unique(n: int, clues: List[Optional[int]]) -> bool:
    return solve(clues, n, NODE_LIMIT).unique
