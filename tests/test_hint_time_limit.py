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


# ``explain(level, time_limit=S)`` keeps a time limit the same way: the trial
# level on a 40 x 40 Slitherlink takes seconds, and the steps of an
# explanation cut short would not reach the level's fixpoint.


def test_a_wide_explanation_out_of_time_gives_no_steps() -> None:
    board = loopcraft.slitherlink.generate(30, 30, seed=1)
    with pytest.raises(TimeLimitError, match=r"no explanation found within the time limit of 0\.05 s"):
        board.explain(time_limit=0.05)
    with pytest.raises(TimeLimitError):
        board.explain("trial", time_limit=0)
    country = CountryRoad.from_regions([[(r * 30 + c) // 2 for c in range(30)] for r in range(30)], {})
    with pytest.raises(TimeLimitError):
        country.explain(time_limit=0)


@pytest.mark.parametrize("seed", range(3))
def test_an_explanation_within_its_time_limit_is_the_one_without(seed: int) -> None:
    board = loopcraft.slitherlink.generate(6, 6, seed=seed, grade="hard")
    for level in ("easy", None):
        free, bounded = board.explain(level), board.explain(level, time_limit=60)
        assert [(s.rule, s.decided) for s in free.steps] == [(s.rule, s.decided) for s in bounded.steps]
    country = loopcraft.country.generate(6, 6, seed=seed)
    free, bounded = country.explain(), country.explain(time_limit=60)
    assert [(s.rule, s.decided) for s in free.steps] == [(s.rule, s.decided) for s in bounded.steps]
    assert free.contradiction == bounded.contradiction


@pytest.mark.parametrize(
    ("value", "error"),
    [(-1, ArgumentError), (math.nan, ArgumentError), (10**400, ArgumentError), ("1", ArgumentTypeError)],
)
def test_bad_explanation_time_limits_are_refused(value: object, error: type) -> None:
    with pytest.raises(error):
        Slitherlink([[3, None], [None, None]]).explain(time_limit=value)  # type: ignore[arg-type]
    with pytest.raises(error):
        CountryRoad.from_regions([[0, 0], [1, 1]], {}).explain(time_limit=value)  # type: ignore[arg-type]


def test_the_explain_command_keeps_its_time_limit(tmp_path) -> None:  # type: ignore[no-untyped-def]
    import subprocess
    import sys

    board = loopcraft.slitherlink.generate(30, 30, seed=1)
    cmd = [sys.executable, "-m", "loopcraft", "explain", "slither", board.to_url()]
    out = subprocess.run([*cmd, "--time-limit", "0.05"], capture_output=True, text=True, timeout=120)
    assert out.returncode == 2 and "no explanation found within the time limit" in out.stderr
    assert "Traceback" not in out.stderr and out.stdout == ""
    small = loopcraft.slitherlink.generate(5, 5, seed=1)
    cmd = [sys.executable, "-m", "loopcraft", "explain", "slither", small.to_url(), "--level", "easy"]
    out = subprocess.run([*cmd, "--time-limit", "30"], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0 and out.stdout.strip()
