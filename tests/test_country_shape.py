"""The shared nouns on the Country Road side: results, levels, grades, parse, sites."""

from __future__ import annotations

import inspect
import json

import pytest

from loopcraft import _core
from loopcraft._pzpr import URL_SITES
from loopcraft._result import Deduction, Grade, SolveResult
from loopcraft.cli import main
from loopcraft.country import (
    LEVELS,
    STAGES,
    CountryDeduction,
    CountryRoad,
    check,
    count_solutions,
    deduce,
    generate,
    solve,
)
from loopcraft.errors import ArgumentError, FormatError

UNIQUE_URL = "https://puzz.link/p?country/5/5/amda0uf02h12h"


def singletons(R: int, C: int) -> CountryRoad:
    return CountryRoad.from_regions([[r * C + c for c in range(C)] for r in range(R)])


def test_levels_and_stages_come_from_the_core():
    assert STAGES == tuple(_core.COUNTRY_STAGES)
    assert LEVELS == tuple(_core.COUNTRY_LEVELS)
    assert LEVELS[: len(STAGES)] == STAGES and LEVELS[-1] == "search"


def test_limit_one_on_an_ambiguous_board_proves_nothing():
    b = singletons(4, 4)  # 6 solutions
    r = b.solve(limit=1)
    assert isinstance(r, SolveResult)
    assert (r.count, r.complete, r.unique) == (1, False, False)
    r2 = b.solve(limit=2)
    assert (r2.count, r2.complete, r2.unique) == (2, False, False)
    exact = b.solve(limit=100)
    assert (exact.count, exact.complete, exact.unique) == (6, True, False)


def test_limit_two_proves_a_unique_board_and_limit_one_does_not():
    b = CountryRoad.from_url(UNIQUE_URL)
    r = b.solve(limit=2)
    assert (r.count, r.complete, r.unique) == (1, True, True)
    assert check(b, r.solution).ok
    one = b.solve(limit=1)
    assert (one.count, one.complete, one.unique) == (1, False, False)
    assert b.is_unique()


def test_cli_limit_one_never_prints_unique(capsys, tmp_path):
    f = tmp_path / "b.json"
    f.write_text(singletons(4, 4).to_json())
    for source in (str(f), UNIQUE_URL):
        assert main(["solve", "country", source, "--limit", "1"]) == 0
        out = capsys.readouterr().out
        assert not out.startswith("unique") and "uniqueness not checked" in out
        assert main(["solve", "country", source, "--limit", "1", "--json"]) == 0
        data = json.loads(capsys.readouterr().out)
        assert data["unique"] is False and data["complete"] is False


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_deduce_level_is_the_stage_prefix(seed):
    b = generate(6, 6, seed=seed)
    for i, level in enumerate(STAGES):
        by_level = b.deduce(level)
        by_stages = b.deduce(stages=STAGES[: i + 1])
        assert isinstance(by_level, CountryDeduction) and isinstance(by_level, Deduction)
        assert by_level == by_stages
        assert by_level.level == level and by_level.stages == STAGES[: i + 1]
    assert b.deduce() == b.deduce("search") == b.deduce(stages=STAGES) == deduce(b)
    # A subset that is not a prefix: its level is its strongest stage.
    ablated = b.deduce(stages=("region", "loop"))
    assert ablated.stages == ("region", "loop") and ablated.level == "loop"


def test_deduce_fields_and_solution():
    b = CountryRoad.from_url(UNIQUE_URL)
    d = b.deduce()
    assert d.solved and d.decided == d.total == 25 + 40 and d.fraction == 1.0
    assert d.solution == d.loop == b.solve().solution
    assert d.cell(0, 0) in (0, 1) and "?" not in d.draw()
    weak = b.deduce("region")
    assert not weak.solved and weak.solution is None and weak.decided < weak.total
    assert "?" in weak.draw() or "." in weak.draw()


def test_deduce_level_and_stages_together_is_an_error():
    b = CountryRoad.from_url(UNIQUE_URL)
    with pytest.raises(ArgumentError, match="not both"):
        b.deduce("loop", stages=("region",))
    with pytest.raises(ArgumentError, match="unknown level"):
        b.deduce("hard")
    with pytest.raises(ArgumentError, match="at least one stage"):
        b.deduce(stages=())


def _expected_grade(b: CountryRoad) -> Grade:
    for i, level in enumerate(STAGES):
        d = b.deduce(level)
        if d.contradiction:
            return Grade(level, i, 0, True)
        if d.solved:
            return Grade(level, i, 1, True)
    r = b.solve(limit=2)
    return Grade("search", len(STAGES), r.count, True)


@pytest.mark.parametrize(
    "board",
    [
        CountryRoad.from_url(UNIQUE_URL),
        singletons(4, 4),  # 6 solutions: search, 2
        singletons(3, 3),  # no loop through 9 cells
        CountryRoad.from_regions([[r] * 5 for r in range(5)]),  # stripes: a cut vertex
        CountryRoad.from_regions([[0, 1], [2, 3]]),
    ]
    + [generate(6, 6, seed=s) for s in range(3)],
)
def test_grade_agrees_with_deduce_and_search(board):
    g = board.grade()
    assert isinstance(g, Grade)
    assert g == _expected_grade(board)
    assert LEVELS[g.index] == g.level
    assert g.unique == board.solve().unique


def test_grade_of_an_ambiguous_board_is_search_with_two():
    g = singletons(4, 4).grade()
    assert (g.level, g.solutions, g.complete, g.unique) == ("search", 2, True, False)


def test_parse_detects_each_format():
    b = CountryRoad.from_url(UNIQUE_URL)
    forms = {
        "url": UNIQUE_URL,
        "url tail": "country/5/5/amda0uf02h12h",
        "url with trailing slash and fragment": UNIQUE_URL + "/#play",
        "json": b.to_json(),
        "puzzlekit dataset entry": json.dumps({"problem": b.to_puzzlekit()}),
        "puzzlekit": b.to_puzzlekit(),
    }
    for name, text in forms.items():
        assert CountryRoad.parse(text) == b, name
    with pytest.raises(FormatError):
        CountryRoad.parse("{not json")
    with pytest.raises(FormatError):
        CountryRoad.parse("")


@pytest.mark.parametrize("site", list(URL_SITES))
def test_to_url_round_trips_on_every_site(site):
    b = CountryRoad.from_url(UNIQUE_URL)
    url = b.to_url(site=site)
    assert url.startswith(URL_SITES[site]) and url.endswith("country/5/5/amda0uf02h12h")
    assert CountryRoad.from_url(url) == b == CountryRoad.parse(url)


def test_to_url_refuses_an_unknown_site():
    with pytest.raises(ArgumentError, match="site must be one of"):
        CountryRoad.from_url(UNIQUE_URL).to_url(site="example.com")


def test_dict_round_trip():
    b = CountryRoad.from_regions([["x", "x", None], ["y", 3, 3]], {"y": 1, 3: 2})
    assert CountryRoad.from_dict(b.to_dict()) == b


def test_module_functions_are_the_methods():
    b = CountryRoad.from_url(UNIQUE_URL)
    assert solve(b) == b.solve()
    assert deduce(b, "loop") == b.deduce("loop")
    assert count_solutions(b) == b.count() == 1
    assert check(b, b.solve().solution) == b.check(b.solve().solution)
    for fn, method in ((solve, CountryRoad.solve), (deduce, CountryRoad.deduce)):
        names = list(inspect.signature(fn).parameters)[1:]
        assert names == list(inspect.signature(method).parameters)[1:]


def test_generate_signature_puts_the_shared_parameters_first():
    params = list(inspect.signature(generate).parameters)
    assert params[:6] == ["rows", "cols", "seed", "grade", "time_limit", "attempts"]
    assert {"country_size", "coverage", "order"} <= set(params[6:])
