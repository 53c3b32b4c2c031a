"""The core's bindings read sequences without trusting ``len()``.

A list subclass decides what its ``len()`` says. The bindings used to
reserve that many items before reading (their own loops, and pyo3's reading
of every ``Vec`` argument), so ``sys.maxsize`` aborted the whole process
("memory allocation failed") or raised a Rust panic ("capacity overflow").
The public façade reads such lists item by item before the core sees them;
these tests call the private core directly, each case in a child process so
that an abort shows as a failure here and not as a dead test run.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

BOARD = "_core.CountryBoard(2, 2, [0, 0, 1, 1], [None, None])"

# Each case: a call of the core whose sequence arguments are `Liar`s, lists
# whose len() is sys.maxsize, and the value it must return (the same as with
# plain lists: the items are all that counts).
CASES = {
    "LoopSearches.solve clues": "_core.LoopSearches().solve(2, Liar([None] * 4), 10, types.SimpleNamespace()).nodes",
    "loop_solve_many lists": "len(_core.loop_solve_many(2, Liar([Liar([None] * 4)]), 10, 1)) == 1",
    "loop_propagate domains": "_core.loop_propagate(2, [None] * 4, Liar([3] * 12))[1] is True",
    "loop_thin order": "_core.loop_thin(2, [0, 1, 1, 0], Liar([0, 1, 2, 3]))[0] is not None",
    "loop_closed_component edges": "_core.loop_closed_component(2, Liar([0])) is None",
    "country_first_cut_cell regions": "_core.country_first_cut_cell(2, 2, Liar([0, 0, 0, 0])) is None",
    "country_region_graph regions": "_core.country_region_graph(2, 2, Liar([0, 0, 1, 1])) is not None",
    "country_hamiltonian_cycles regions": "len(_core.country_hamiltonian_cycles(2, 2, Liar([0, 0, 1, 1]), 5)) == 1",
    "CountryBoard regions and numbers": "_core.CountryBoard(2, 2, Liar([0, 0, 1, 1]), Liar([None, None])).rows == 2",
    "CountryBoard.with_numbers": f"{BOARD}.with_numbers(Liar([2, 2])).rows == 2",
    "CountryBoard.solve stages": f"{BOARD}.solve(2, Liar(['loop']))[1]",
    "CountryBoard.ladder stages": f"{BOARD}.ladder(Liar(['loop'])) is not None",
    "CountryBoard.scores countries": f"{BOARD}.scores(Liar([0])) is not None",
    "CountryBoard.hint position": f"{BOARD}.hint(Liar([2] * 8)) is not None",
    "SlitherBoard.hint position": "_core.SlitherBoard(1, 1, [4]).hint(Liar([2] * 4)) is not None",
    "slither_solve_many boards": "len(_core.slither_solve_many(Liar([(1, 1, Liar([4]))]), 2)) == 1",
    "country_solve_many boards": (
        "len(_core.country_solve_many(Liar([(2, 2, Liar([0, 0, 1, 1]), Liar([None, None]))]), 2)) == 1"
    ),
    "SlitherBoard.explain position": "_core.SlitherBoard(1, 1, [4]).explain('colour', Liar([2] * 4)) is not None",
}

CHILD = textwrap.dedent(
    """
    import sys, types
    from loopcraft import _core

    class Liar(list):
        def __len__(self):
            return sys.maxsize

    print(bool({expr}))
    """
)


@pytest.mark.parametrize("name", sorted(CASES))
def test_a_sequence_that_lies_about_its_length_is_read_by_its_items(name: str) -> None:
    child = subprocess.run(
        [sys.executable, "-c", CHILD.format(expr=CASES[name])], capture_output=True, text=True, timeout=120
    )
    assert child.returncode == 0, child.stderr[-2000:]
    assert child.stdout.strip() == "True", child.stderr[-2000:]


@pytest.mark.parametrize(
    "call",
    [
        "loop.solve(itertools.repeat(None), 5)",
        "loop.solve(itertools.repeat(0), 4, 200)",
        "_core.SlitherBoard(5, 5, itertools.repeat(None))",
        "_core.loop_propagate(4, itertools.repeat(None), [3] * 40)",
        "_core.loop_thin(4, itertools.repeat(1), list(range(16)))",
    ],
)
def test_endless_clues_are_refused(call: str) -> None:
    """An endless iterable of clues was read for ever by the core's clue
    reader, with the GIL held (Ctrl-C could not stop it): it now stops past
    the most cells any board has, with an ArgumentError (the façade's
    ``loop.solve`` then words it as its own check does). In a child
    process, so that the old behaviour fails here rather than hangs."""
    code = ENDLESS.format(call=call)
    child = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert child.returncode == 0, child.stderr[-2000:]
    assert child.stdout.strip() == "ArgumentError", child.stderr[-2000:]


ENDLESS = textwrap.dedent(
    """
    import itertools
    from loopcraft import _core, loop
    from loopcraft.errors import ArgumentError

    try:
        {call}
    except ArgumentError as e:
        assert "clues" in str(e), e
        print("ArgumentError")
    """
)
