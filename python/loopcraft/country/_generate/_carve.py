"""Arcs and carving: the loop cut into countries, the cells off it given to them.

>>> arcs = cut_arcs(list(range(12)), 4, random.Random(3))
>>> sorted(c for arc in arcs for c in arc) == list(range(12)), len(arcs)
(True, 4)
"""

from __future__ import annotations

import math
import random
from bisect import bisect_right, insort
from dataclasses import dataclass
from typing import List, Sequence, Tuple

from ...errors import ArgumentError
from ._geometry import country_order, loop_edges, neighbours, renumber
from ._inflate import inflate_loop

__all__ = [
    "DEFAULT_COUNTRY_SIZE",
    "DEFAULT_COVERAGE",
    "cut_points",
    "cut_arcs",
    "Layout",
    "country_count",
    "make_layout",
    "Carving",
]

#: Cells per country on average (all cells, used or not, over the number of countries).
DEFAULT_COUNTRY_SIZE = 4.0
#: Share of the cells the loop aims to cover before inflation stops.
DEFAULT_COVERAGE = 0.75


def cut_points(n: int, count: int, rng: random.Random) -> List[int]:
    """``count`` sorted distinct positions on a cycle of ``n``, where arcs start.

    Cut points are evenly spaced with a random rotation and a jitter of up to
    0.45 of the mean arc length each way, so arc lengths stay around the mean
    (from about a tenth of it to about twice it) rather than following the
    heavy tail of uniformly random cuts.
    """
    if not 1 <= count <= n:
        raise ArgumentError(f"cannot cut a loop of {n} cells into {count} arcs")
    mean = n / count
    offset = rng.random() * n
    cuts = set()
    for i in range(count):
        jitter = (rng.random() - 0.5) * 0.9 * mean
        cuts.add(math.floor(offset + i * mean + jitter) % n)
    # Jitter can make two cuts coincide (short loops); top up with random free positions.
    while len(cuts) < count:
        cuts.add(rng.randrange(n))
    return sorted(cuts)


def cut_arcs(loop: Sequence[int], count: int, rng: random.Random) -> List[List[int]]:
    """Cuts the cycle into ``count`` consecutive non-empty arcs (see :func:`cut_points`).

    >>> arcs = cut_arcs(list(range(12)), 4, random.Random(3))
    >>> sorted(c for arc in arcs for c in arc) == list(range(12)), len(arcs)
    (True, 4)
    """
    n = len(loop)
    points = cut_points(n, count, rng)
    arcs = []
    for i, p in enumerate(points):
        q = points[(i + 1) % count]
        if q <= p:
            q += n
        arcs.append([loop[j % n] for j in range(p, q)])
    return arcs


# --------------------------------------------------------------------------- layouts


@dataclass(frozen=True)
class Layout:
    """A fully numbered board built around a known loop (before number deletion).

    Attributes:
        rows, cols: board size.
        regions: country index per cell, row-major, numbered in order of first cell.
        loop: the cells of the answer loop in visiting order.
        numbers: per country, how many of its cells the loop uses.
    """

    rows: int
    cols: int
    regions: Tuple[int, ...]
    loop: Tuple[int, ...]
    numbers: Tuple[int, ...]

    @property
    def countries(self) -> int:
        return len(self.numbers)

    @property
    def solution(self) -> bytes:
        """The answer as one 0/1 byte per cell-to-cell edge."""
        return loop_edges(self.rows, self.cols, self.loop)

    @property
    def used(self) -> bytes:
        """The answer as one 0/1 byte per cell (1 = on the loop)."""
        out = bytearray(self.rows * self.cols)
        for c in self.loop:
            out[c] = 1
        return bytes(out)

    def order(self) -> List[int]:
        """Countries in the order the answer loop visits them."""
        return country_order(self.regions, self.loop)


def country_count(rows: int, cols: int, country_size: float, loop_len: int) -> int:
    """Countries for an average size, at least 3 (a loop through two countries
    would cross their one border twice) and at most one per loop cell."""
    k = round(rows * cols / country_size)
    return max(3, min(k, loop_len))


def make_layout(
    rows: int,
    cols: int,
    rng: random.Random,
    country_size: float = DEFAULT_COUNTRY_SIZE,
    coverage: float = DEFAULT_COVERAGE,
) -> Layout:
    """One loop-first layout: inflate a loop, cut it into arcs, absorb the outside.

    Legal by construction: the loop is a simple cycle, visits every country
    once (its arcs), uses ``numbers[k]`` cells of country ``k``, and every
    block of unused cells lies inside one country.
    """
    return Carving.new(rows, cols, rng, country_size, coverage).layout()


# --------------------------------------------------------------------------- carving (refinement)


class Carving:
    """A loop cut into arcs plus owned outside blocks, that can be refined.

    The state behind a :class:`Layout` while it is still being shaped: arcs
    are identified by their first loop position, each block of unused cells
    by an owner arc. Two refinements keep every rule true by construction:

    * :meth:`split` cuts one arc in two (arcs stay consecutive, so the loop
      still visits every country once); blocks that no longer touch their
      owner move to an arc they touch;
    * :meth:`move_block` gives a whole block to another arc it touches.

    >>> c = Carving.new(6, 6, random.Random(2))
    >>> before = c.layout().countries
    >>> c.split(c.loop[0], random.Random(0)) or c.split(c.loop[1], random.Random(0))
    True
    >>> c.layout().countries == before + 1
    True
    """

    def __init__(self, rows: int, cols: int, loop: Sequence[int], cuts: Sequence[int], rng: random.Random):
        self.rows, self.cols = rows, cols
        self.loop = list(loop)
        n = rows * cols
        self.pos = [-1] * n
        for i, c in enumerate(self.loop):
            self.pos[c] = i
        self.cuts = sorted(cuts)
        # Blocks of unused cells in order of first cell, each to a random arc it touches.
        self.block_of = [-1] * n
        self.blocks: List[List[int]] = []
        self.owner: List[int] = []
        for start in range(n):
            if self.pos[start] >= 0 or self.block_of[start] >= 0:
                continue
            b = len(self.blocks)
            block = [start]
            self.block_of[start] = b
            k = 0
            while k < len(block):
                for nb in neighbours(rows, cols, block[k]):
                    if self.pos[nb] < 0 and self.block_of[nb] < 0:
                        self.block_of[nb] = b
                        block.append(nb)
                k += 1
            self.blocks.append(block)
            touching = self._touching(b)
            self.owner.append(touching[rng.randrange(len(touching))])

    @classmethod
    def new(
        cls,
        rows: int,
        cols: int,
        rng: random.Random,
        country_size: float = DEFAULT_COUNTRY_SIZE,
        coverage: float = DEFAULT_COVERAGE,
    ) -> Carving:
        """Inflates a loop and cuts it, as :func:`make_layout` does."""
        target = max(4, round(coverage * rows * cols))
        loop = inflate_loop(rows, cols, rng, target)
        k = country_count(rows, cols, country_size, len(loop))
        return cls(rows, cols, loop, cut_points(len(loop), k, rng), rng)

    def arc_of(self, cell: int) -> int:
        """The first loop position of the arc holding the used ``cell``."""
        i = bisect_right(self.cuts, self.pos[cell]) - 1
        return self.cuts[i]  # i = -1 wraps to the last arc, as it should

    def _touching(self, b: int) -> List[int]:
        out = set()
        for cell in self.blocks[b]:
            for nb in neighbours(self.rows, self.cols, cell):
                if self.pos[nb] >= 0:
                    out.add(self.arc_of(nb))
        return sorted(out)

    def arc_length(self, start: int) -> int:
        i = self.cuts.index(start)
        nxt = self.cuts[(i + 1) % len(self.cuts)]
        return (nxt - start) % len(self.loop) or len(self.loop)

    def split(self, cell: int, rng: random.Random) -> bool:
        """Cuts the arc holding the used ``cell`` just before it (or after it,
        at the arc's start); False when that arc is a single cell."""
        start = self.arc_of(cell)
        if self.arc_length(start) < 2:
            return False
        p = self.pos[cell]
        cut = p if p != start else (p + 1) % len(self.loop)
        insort(self.cuts, cut)
        for b, own in enumerate(self.owner):
            if own == start:
                touching = self._touching(b)
                if start not in touching:
                    self.owner[b] = touching[rng.randrange(len(touching))]
        return True

    def move_block(self, cell: int, rng: random.Random) -> bool:
        """Gives the block holding the unused ``cell`` to another arc it
        touches; False when it touches only its owner."""
        b = self.block_of[cell]
        others = [a for a in self._touching(b) if a != self.owner[b]]
        if not others:
            return False
        self.owner[b] = others[rng.randrange(len(others))]
        return True

    def layout(self) -> Layout:
        raw = [-1] * (self.rows * self.cols)
        for c in range(len(raw)):
            raw[c] = self.arc_of(c) if self.pos[c] >= 0 else self.owner[self.block_of[c]]
        regions, old = renumber(raw)
        numbers = [self.arc_length(o) for o in old]
        return Layout(self.rows, self.cols, tuple(regions), tuple(self.loop), tuple(numbers))
