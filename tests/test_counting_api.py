"""The frontier engine through the public counting functions of both families."""

from __future__ import annotations

import pickle
import random
from typing import Any

import pytest

from loopcraft import ArgumentError, ArgumentTypeError, CapacityError
from loopcraft.country import ENGINES as COUNTRY_ENGINES
from loopcraft.country import CountryRoad
from loopcraft.country import count_solutions as count_country
from loopcraft.slitherlink import ENGINES as SLITHER_ENGINES
from loopcraft.slitherlink import Slitherlink
from loopcraft.slitherlink import count_solutions as count_slither


@pytest.mark.parametrize("n, loops", [(1, 1), (2, 13), (3, 213), (4, 9349), (5, 1222363)])
def test_empty_slitherlink_boards_count_oeis_a140517(n: int, loops: int) -> None:
    assert count_slither(Slitherlink([[None] * n for _ in range(n)])) == loops


def test_slitherlink_engines_agree_on_random_clued_boards() -> None:
    rng = random.Random(12)
    for _ in range(60):
        rows, cols = rng.randint(1, 4), rng.randint(1, 4)
        clues = [[rng.choice([None, None, None, 0, 1, 2, 3]) for _ in range(cols)] for _ in range(rows)]
        board = Slitherlink(clues)
        assert count_slither(board, engine="frontier") == count_slither(board, engine="search")
    assert SLITHER_ENGINES == ("search", "frontier")


def test_country_frontier_counts_hamiltonian_cycles_and_agrees_with_the_brute_forces() -> None:
    singletons = CountryRoad.from_regions([[r * 6 + c for c in range(6)] for r in range(6)])
    assert count_country(singletons, engine="frontier") == 1072
    assert "frontier" in COUNTRY_ENGINES
    board = CountryRoad.from_url("https://puzz.link/p?country/5/5/amda0uf02h12h")
    counts = {engine: count_country(board, engine=engine) for engine in COUNTRY_ENGINES}
    assert set(counts.values()) == {1}, counts


def test_counting_arguments_are_checked() -> None:
    board = Slitherlink([[None] * 3 for _ in range(3)])
    with pytest.raises(ArgumentError, match="unknown engine"):
        count_slither(board, engine="magic")
    with pytest.raises(ArgumentTypeError):
        count_slither("3 3", engine="frontier")  # type: ignore[arg-type]
    assert count_slither(board, limit=5) == 5 and count_slither(board, limit=0) == 0
    with pytest.raises(CapacityError):
        count_slither(Slitherlink([[None] * 12 for _ in range(12)]), max_states=10)


def test_counts_say_which_route_ran_and_why() -> None:
    """count_solutions returns a loopcraft.Count: an int that names its route."""
    from loopcraft import Count

    solved = Slitherlink.from_url("https://puzz.link/p?slither/5/5/g31bh0ck16023c")
    open_board = Slitherlink([[None] * 3 for _ in range(3)])
    one_clue = Slitherlink([[None, None, None], [None, 2, None], [None, None, None]])
    cases = [
        (count_slither(solved), 1, "ladder"),
        # No clue, nothing to deduce: the plain count (the unclued grid's table).
        (count_slither(open_board), 213, "frontier"),
        (count_slither(one_clue), int(count_slither(one_clue, engine="search")), "ladder+frontier"),
        (count_slither(open_board, deduce=False), 213, "frontier"),
        (count_slither(open_board, engine="search"), 213, "search"),
        (count_slither(open_board, limit=0), 0, "frontier"),
        (open_board.count(), 213, "frontier"),
        (open_board.count("search", limit=5), 5, "search"),
    ]
    board = CountryRoad.from_url("https://puzz.link/p?country/5/5/amda0uf02h12h")
    cases += [(count_country(board, engine=e), 1, e) for e in ("search", "cells", "loops")]
    cases.append((count_country(board, engine="frontier"), 1, "ladder"))
    cases.append((count_country(board, engine="frontier", deduce=False), 1, "frontier"))
    cases.append((board.count("frontier"), 1, "ladder"))
    for count, value, engine in cases:
        assert isinstance(count, Count) and isinstance(count, int)
        assert count == value and int(count) == value and str(count) == str(value)
        assert count.engine == engine, (count, count.engine)
        assert isinstance(count.reason, str) and count.reason
        again = pickle.loads(pickle.dumps(count))
        assert (again, again.engine, again.reason) == (count, count.engine, count.reason)
        assert type(count + 1) is int


def test_count_command_for_both_families(tmp_path: Any, capsys: pytest.CaptureFixture[str]) -> None:
    """`loopcraft count slither|country`: one command shape, the frontier by
    default, the route in the JSON."""
    import json

    from loopcraft.cli import main

    empty = tmp_path / "empty.txt"
    empty.write_text(Slitherlink([[None] * 3 for _ in range(3)]).to_puzzlekit())
    singletons = tmp_path / "singletons.json"
    singletons.write_text(CountryRoad.from_regions([[r * 4 + c for c in range(4)] for r in range(4)]).to_json())
    for family, path, expected in (("slither", empty, 213), ("country", singletons, 6)):
        assert main(["count", family, str(path)]) == 0
        assert capsys.readouterr().out.strip() == str(expected)
        assert main(["count", family, str(path), "--json"]) == 0
        out = json.loads(capsys.readouterr().out)
        assert out["count"] == expected and out["complete"] is True
        assert out["engine"] == "frontier" and out["route"] in ("ladder+frontier", "frontier") and out["reason"]
        assert main(["count", family, str(path), "--engine", "search", "--limit", "3", "--json"]) == 0
        out = json.loads(capsys.readouterr().out)
        assert (out["count"], out["complete"], out["route"]) == (3, False, "search")
    with pytest.raises(SystemExit):
        main(["count", "slither", str(empty), "--engine", "cells"])  # argparse: not a Slitherlink engine


def test_count_solutions_takes_threads_in_both_families() -> None:
    """``threads`` reaches the unclued grid's table; counts do not change."""
    open_board = Slitherlink([[None] * 6 for _ in range(6)])
    one = count_slither(open_board)
    assert one == count_slither(open_board, threads=2) == open_board.count(threads=3) == 487150371
    assert count_slither(open_board, threads=2).engine == "frontier"
    ham = CountryRoad.from_regions([[r * 6 + c for c in range(6)] for r in range(6)])
    assert count_country(ham, threads=2) == count_country(ham) == ham.count(threads=2) == 1072
    for bad in (0, 257):
        with pytest.raises(ArgumentError):
            count_slither(open_board, threads=bad)
        with pytest.raises(ArgumentError):
            count_country(ham, threads=bad)
    with pytest.raises(ArgumentTypeError):
        count_slither(open_board, threads=2.0)  # type: ignore[arg-type]
