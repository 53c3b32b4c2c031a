"""The two brute-force counting bindings of the core, called directly: counts,
the limit, and how they refuse bad input (the façade ``count_solutions`` is
tested in test_country_solve.py)."""

from __future__ import annotations

import pytest

from loopcraft import _core
from loopcraft.errors import LoopcraftError


def _cells(rows, cols, regions, numbers, limit=None):
    return _core.CountryBoard(rows, cols, regions, numbers).count_cells(limit)


def _loops(rows, cols, regions, numbers, limit=None):
    return _core.CountryBoard(rows, cols, regions, numbers).count_loops(limit)


ENGINES = [_cells, _loops]


@pytest.mark.parametrize("count", ENGINES)
def test_six_by_six_singletons_and_the_limit(count):
    regions, numbers = list(range(36)), [None] * 36
    assert count(6, 6, regions, numbers) == 1072  # OEIS A003763
    assert count(6, 6, regions, numbers, 1071) == 1071
    assert count(6, 6, regions, numbers, limit=2000) == 1072
    assert count(6, 6, regions, numbers, limit=0) == 0


@pytest.mark.parametrize("count", ENGINES)
def test_numbers_select_loops(count):
    # Left and right halves of 3 x 4: the numbers split the unnumbered count.
    halves = [0, 0, 1, 1] * 3
    total = count(3, 4, halves, [None, None])
    by_size = [count(3, 4, halves, [m, None]) for m in range(1, 7)]
    assert sum(by_size) == total > 0


@pytest.mark.parametrize("count", ENGINES)
@pytest.mark.parametrize(
    "args, message",
    [
        ((7, 7, list(range(49)), [None] * 49), "at most 36 open cells"),
        ((8, 9, [0] * 72, [None]), "at most 64 cells"),
        ((1, 4, [0, 1, 2, 3], [None] * 4), "at least 2 rows"),
        ((2, 2, [0, 0, 1], [None, None]), "regions has 3 entries"),
        ((2, 2, [0, 0, 1, 5], [None, None]), r"regions\[3\] = 5"),
        ((2, 2, [0, 0, 1, -7], [None, None]), r"regions\[3\] = -7"),
        ((2, 2, [0, 0, 1, 2**40], [None, None]), r"regions\[3\]"),
        ((2, 2, [0, 0, 0, 0], [None, None]), "country 1 has no cell"),
        ((2, 2, [0, 0, 1, 1], [3, None]), "larger than its 2 cells"),
        ((2, 2, [0, 0, 1, 1], [-1, None]), "number -1"),
        ((-2, 2, [0, 0, 1, 1], [None, None]), "rows must be >= 0"),
        ((2, 2, [0, 0, 1, 1], [None, None], -1), "limit must be >= 0"),
    ],
)
def test_bad_values_raise_value_error(count, args, message):
    with pytest.raises(LoopcraftError, match=message):
        count(*args)


@pytest.mark.parametrize("count", ENGINES)
def test_bad_types_raise_type_error(count):
    # The private binding: PyO3's own argument conversion raises a plain TypeError.
    with pytest.raises(TypeError):
        count(2, 2, "abcd", [None])
    with pytest.raises(TypeError):
        count(2, 2, [0, 0, 1, 1], [None, "2"])
    with pytest.raises(TypeError):
        count(2.0, 2, [0, 0, 1, 1], [None, None])
