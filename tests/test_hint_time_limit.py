"""``hint(position, time_limit=S)``: a hint that runs out of time names no step.

Without a limit a hint on a wide blank board searches for seconds (100 x 100
Slitherlink: about ten), which held a web worker that long. With one it
raises ``TimeLimitError`` rather than answer from searches cut short (which
could read as "nothing to decide" or name a weaker step).
"""

from __future__ import annotations

import math
import random

import pytest

import loopcraft
from loopcraft import ArgumentError, ArgumentTypeError, LoopcraftError, TimeLimitError
from loopcraft.country import CountryRoad
from loopcraft.slitherlink import Slitherlink


def blank_slither_position(rows: int, cols: int) -> dict:
    return {"h_edges": ["?" * cols] * (rows + 1), "v_edges": ["?" * (cols + 1)] * rows}


def test_the_error_is_a_timeout_and_a_loopcraft_error() -> None:
    assert issubclass(TimeLimitError, LoopcraftError)
    assert issubclass(TimeLimitError, TimeoutError)
    # A generator's timeout is one of them.
    assert issubclass(loopcraft.GenerationTimeout, TimeLimitError)


def test_a_wide_slitherlink_hint_out_of_time_names_no_step() -> None:
    board = Slitherlink([[None] * 100 for _ in range(100)])
    with pytest.raises(TimeLimitError, match="time limit"):
        board.hint(blank_slither_position(100, 100), time_limit=0.2)
    with pytest.raises(TimeLimitError):
        board.hint(blank_slither_position(100, 100), time_limit=0)


def test_a_country_road_hint_out_of_time_names_no_step() -> None:
    # One country per cell pair across a 30 x 30 board, no numbers: wide open.
    regions = [[(r * 30 + c) // 2 for c in range(30)] for r in range(30)]
    board = CountryRoad.from_regions(regions, {})
    position = {"right": ["?" * 29] * 30, "down": ["?" * 30] * 29}
    with pytest.raises(TimeLimitError):
        board.hint(position, time_limit=0)


@pytest.mark.parametrize("seed", range(6))
def test_a_hint_within_its_time_limit_is_the_hint_without_one(seed: int) -> None:
    rng = random.Random(seed)
    board = loopcraft.slitherlink.generate(5, 5, seed=seed)
    solution = board.solve().solutions[0].to_dict()
    # A partial position: some of the solution's marks, the rest unmarked.
    h = ["".join(ch if rng.random() < 0.4 else "?" for ch in row) for row in solution["h_edges"]]
    v = ["".join(ch if rng.random() < 0.4 else "?" for ch in row) for row in solution["v_edges"]]
    position = {"h_edges": h, "v_edges": v}
    free = board.hint(position)
    bounded = board.hint(position, time_limit=30)
    assert (free is None) == (bounded is None)
    if free is not None and bounded is not None:
        assert (free.rule, free.decided, free.premise) == (bounded.rule, bounded.decided, bounded.premise)


def test_country_road_hint_within_its_time_limit_is_the_hint_without_one() -> None:
    board = loopcraft.country.generate(5, 5, seed=3)
    position = {"right": ["????"] * 5, "down": ["?????"] * 4}
    free = board.hint(position)
    bounded = board.hint(position, time_limit=30)
    assert free is not None and bounded is not None
    assert (free.rule, free.decided) == (bounded.rule, bounded.decided)


@pytest.mark.parametrize(
    ("value", "error"),
    [(-1, ArgumentError), (math.nan, ArgumentError), (math.inf, ArgumentError), ("1", ArgumentTypeError)],
)
def test_bad_time_limits_are_refused(value: object, error: type) -> None:
    board = Slitherlink([[3, None], [None, None]])
    with pytest.raises(error):
        board.hint(blank_slither_position(2, 2), time_limit=value)  # type: ignore[arg-type]
    country = CountryRoad.from_regions([[0, 0], [1, 1]], {})
    with pytest.raises(error):
        country.hint({"right": ["?", "?"], "down": ["??"]}, time_limit=value)  # type: ignore[arg-type]
