"""The v1 puzzle object, exactly the reference's ``{n, seed, version,
answer, clues, attempt, blanks, cells}``."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Dict, Optional, Sequence, Tuple

from .._draw import text_grid
from .._picture import Picture
from .._svg import edges_from_flat, lattice_svg
from .._text import load_json
from .._validate import bit_list, clue_list, require_int, require_str, show
from ..errors import ArgumentError, ArgumentTypeError, FormatError
from ._constants import ATTEMPTS, NODE_LIMIT, VERSION
from ._engine import SolveResult, is_closed_loop, solve
from ._geometry import Geometry, _clue_for
from ._random import check_generate_args

_FIELDS = ("n", "seed", "version", "answer", "clues", "attempt", "blanks", "cells")


@dataclass(frozen=True)
class LoopPuzzle(Picture):
    """A v1 puzzle, exactly the reference's object ``{n, seed, version, answer,
    clues, attempt, blanks, cells}``.

    ``answer`` is the 0/1 edge list of the unique solution; ``clues`` has n*n
    entries, ``None`` for a blank.
    """

    n: int
    seed: str
    version: int
    answer: Tuple[int, ...]
    clues: Tuple[Optional[int], ...]
    attempt: int
    blanks: int
    cells: int

    def __post_init__(self) -> None:
        # A puzzle built by hand is checked as one read back is: clues=None
        # or "" made draw() a bare TypeError or IndexError, answer=None a
        # bare TypeError from to_dict(), a seed of bytes one from to_json().
        n = self.n
        check_generate_args(n, self.seed)
        geo = Geometry(n)
        if require_int("version", self.version) != VERSION:
            raise ArgumentError(f"version must be {VERSION}, got {show(self.version)}")
        answer = bit_list("answer", self.answer, geo.total)
        clues = clue_list("clues", self.clues, n * n, 4)
        require_int("attempt", self.attempt, 1, ATTEMPTS)
        if require_int("cells", self.cells) != n * n:
            raise ArgumentError(f"cells must be n*n = {n * n}, got {show(self.cells)}")
        blanks = sum(c is None for c in clues)
        if require_int("blanks", self.blanks) != blanks:
            raise ArgumentError(f"blanks = {show(self.blanks)} but the clues have {blanks} blanks")
        if not is_closed_loop(answer, geo):
            raise ArgumentError("answer is not one closed loop")
        for i, c in enumerate(clues):
            if c is not None and _clue_for(answer, geo, *divmod(i, n)) != c:
                raise ArgumentError(f"clue {c} at cell {i} disagrees with the answer")
        object.__setattr__(self, "answer", tuple(answer))
        object.__setattr__(self, "clues", tuple(clues))

    @classmethod
    def _trusted(cls, **fields: Any) -> LoopPuzzle:
        """The generator's own puzzle: no checks repeated (they would cost
        about a fifth of a 6 x 6 generate)."""
        puzzle = object.__new__(cls)
        for name in _FIELDS:
            object.__setattr__(puzzle, name, fields[name])
        return puzzle

    @property
    def geometry(self) -> Geometry:
        return Geometry(self.n)

    def to_dict(self) -> Dict[str, Any]:
        """The reference object, with lists for ``answer`` and ``clues``."""
        return {
            "n": self.n,
            "seed": self.seed,
            "version": self.version,
            "answer": list(self.answer),
            "clues": list(self.clues),
            "attempt": self.attempt,
            "blanks": self.blanks,
            "cells": self.cells,
        }

    @classmethod
    def from_dict(cls, data: Dict[str, Any]) -> LoopPuzzle:
        """Reads a puzzle object back, checking that its fields agree.

        Raises:
            TypeError: ``data`` is not a dict, or a field has the wrong type.
            ValueError: a field is missing, unknown or inconsistent with the others
                (the answer is not one closed loop, a clue disagrees with it, ...).
        """
        if not isinstance(data, dict):
            raise ArgumentTypeError(f"a puzzle object must be a dict, got {type(data).__name__}")
        missing = [k for k in _FIELDS if k not in data]
        extra = sorted((k for k in data if k not in _FIELDS), key=show)  # keys of any type
        if missing or extra:
            raise ArgumentError(f"puzzle object fields: missing {missing}, unexpected {show(extra)}")
        return cls(**{k: data[k] for k in _FIELDS})  # checked by __post_init__

    def to_json(self) -> str:
        """The puzzle object as compact JSON (non-ASCII seeds kept as text)."""
        return json.dumps(self.to_dict(), ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> LoopPuzzle:
        """Reads :meth:`to_json` output (or any JSON of the reference object)."""
        require_str("text", text)
        data = load_json(text)  # FormatError for malformed, too deep or too long numbers
        try:
            return cls.from_dict(data)
        except (ArgumentError, ArgumentTypeError) as exc:
            # Malformed text is a format problem, whatever field it is in.
            raise FormatError(str(exc)) from None

    def solve(self, node_limit: int = NODE_LIMIT) -> SolveResult:
        """Runs the v1 check on this puzzle's clues."""
        return solve(self.clues, self.n, node_limit)

    def draw(self, answer: bool = False) -> str:
        """The board as text: ``+`` points, ``---``/``|`` loop edges (with
        ``answer=True``), clues or ``.`` for blanks."""
        return draw_board(self.n, self.clues, self.answer if answer else None)

    def __str__(self) -> str:
        return self.draw(answer=False)

    def to_svg(self, answer: bool = False, *, cell: float = 32) -> str:
        """The board as an SVG picture, with the answer loop when ``answer``."""
        n = self.n
        clues = [list(self.clues[r * n : (r + 1) * n]) for r in range(n)]
        loop = edges_from_flat(n, n, self.answer) if answer else None
        title = f"Loop v1 {n} x {n}, seed {self.seed!r}" + (", solved" if answer else "")
        return lattice_svg(clues, title=title, loop=loop, shade_inside=answer, cell=cell)


def draw_board(n: int, clues: Sequence[Optional[int]], on: Optional[Sequence[int]] = None) -> str:
    """Draws an n x n board as the v1 write-up does, with the loop when ``on`` is given."""
    geo = Geometry(n)

    def lit(e: int) -> bool:
        return on is not None and bool(on[e])

    def cell(r: int, c: int) -> str:
        clue = clues[r * n + c]
        return f" {'.' if clue is None else clue} "

    return text_grid(
        n,
        n,
        hseg=lambda r, c: "---" if lit(geo.h(r, c)) else "   ",
        vseg=lambda r, c: "|" if lit(geo.v(r, c)) else " ",
        cell=cell,
    )
