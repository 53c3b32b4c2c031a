"""The stats tool: every table runs end to end on a few boards, with the documented shape."""

from __future__ import annotations

import csv
import io
import random

import pytest

from loopcraft.cli import main
from loopcraft.country import STAGES, stats
from loopcraft.errors import LoopcraftError

# Rows per group of each table.
ROWS_PER_GROUP = {
    "reach": len(STAGES),
    "grades": 1,
    "ablation": len(STAGES),
    "ambiguity": 2,
    "hamiltonian": len(stats.HAM_BUCKETS),
    "country-size": 1,
    "trap": 1,
    "numbers": 1,
}

COLUMNS = {
    "reach": ("size", "boards", "stage", "bits decided %", "boards complete %", "probe hypotheses"),
    "grades": ("size", "puzzles", *STAGES, "numbers left", "countries", "layouts per puzzle"),
    "ablation": ("size", "boards", "without", "bits lost", "bits lost %", "boards affected", "probe hypotheses change"),
    "ambiguity": ("size", "numbers", "boards", "ambiguous", "same order", "other order", "same order %"),
    "hamiltonian": ("size", "Hamiltonian cycles", "boards", "unique", "unique %"),
    "country-size": (
        "size",
        "country size",
        "boards",
        "countries",
        "unique %",
        "median Hamiltonian cycles",
        "bits decided %",
        "ladder complete %",
    ),
    "trap": ("countries", "partitions", "cut vertex or bridge %", "Hamiltonian %", "solvable %"),
    "numbers": (
        "size",
        "boards",
        "countries",
        "adversarial left",
        "adversarial left %",
        "random left",
        "random left %",
    ),
}


def test_every_spec_table_is_registered():
    assert set(stats.TABLES) == set(COLUMNS)


@pytest.fixture(scope="module")
def small_tables():
    return {name: stats.run_table(name, boards=2, seed="test", workers=2) for name in stats.TABLES}


@pytest.mark.parametrize("name", list(COLUMNS))
def test_table_shape(small_tables, name):
    t = small_tables[name]
    assert t.columns == COLUMNS[name]
    assert len(t.rows) == ROWS_PER_GROUP[name] * len(stats.TABLES[name].groups)
    assert all(len(row) == len(t.columns) for row in t.rows)
    md = t.to_markdown().splitlines()
    assert md[0].startswith("### ") and md[2].count("|") == len(t.columns) + 1
    parsed = list(csv.reader(io.StringIO(t.to_csv())))
    assert tuple(parsed[0]) == t.columns and len(parsed) == len(t.rows) + 1


def test_table_contents_make_sense(small_tables):
    reach = small_tables["reach"]
    for size in ("6x6", "8x8", "10x10"):
        decided = [row[3] for row in reach.rows if row[0] == size]
        assert decided == sorted(decided), "a longer ladder prefix decided fewer bits"
        assert all(0 <= d <= 100 for d in decided)
    grades = small_tables["grades"]
    assert all(sum(row[2 : 2 + len(STAGES)]) == row[1] == 2 for row in grades.rows)
    for row in small_tables["ablation"].rows:
        assert row[3] >= 0  # a sub-ladder never decides more than the whole
    for row in small_tables["ambiguity"].rows:
        assert row[3] == row[4] + row[5] <= row[2]
    for row in small_tables["numbers"].rows:
        assert 0 < row[3] <= row[2] and 0 < row[5] <= row[2]
    assert sum(row[2] for row in small_tables["hamiltonian"].rows) == 2
    # Loop-first boards are never in the cycle-free bucket: their region graph is Hamiltonian.
    trap = small_tables["trap"]
    assert [row[0] for row in trap.rows] == [4, 6, 8, 12]
    for row in trap.rows:
        assert row[4] <= row[3] and row[4] <= 100 - row[2]  # solvable => Hamiltonian, no cut vertex


def test_reproducible_whatever_the_workers():
    a = stats.run_table("numbers", boards=3, seed=9, workers=1)
    b = stats.run_table("numbers", boards=3, seed=9, workers=3)
    assert a == b
    assert stats.run_table("trap", boards=5, seed=1, workers=2) == stats.run_table("trap", boards=5, seed=1, workers=1)


def test_random_partition_is_connected_and_exact():
    from test_country_generate_rules import countries_connected

    for seed in range(50):
        k = 2 + seed % 11
        p = stats.random_partition(6, 6, k, random.Random(seed))
        assert sorted(set(p)) == list(range(k))
        assert countries_connected(6, 6, p)


def test_trap_row_one_country_per_row_is_not_hamiltonian():
    """The spec's example: one country per row has a path for region graph."""
    from loopcraft import _core

    regions = [r for r in range(5) for _ in range(5)]
    _b, cuts, _bridges = _core.country_region_graph(5, 5, regions)
    assert cuts == [1, 2, 3]


def test_write_table(tmp_path, small_tables):
    paths = stats.write_table(small_tables["trap"], tmp_path / "out")
    names = sorted(p.name for p in paths)
    expected = ["trap.csv", "trap.md"] + (["trap.png"] if stats.have_matplotlib() else [])
    assert names == sorted(expected)
    assert (tmp_path / "out" / "trap.md").read_text().startswith("### ")


@pytest.mark.parametrize(
    "kwargs,exc,match",
    [
        (dict(name="nonsense"), ValueError, "unknown table 'nonsense'"),
        (dict(name="trap", boards=0), ValueError, "boards must be at least 1"),
        (dict(name="trap", boards=2.5), TypeError, "boards must be an int"),
        (dict(name="trap", workers=0), ValueError, "workers must be at least 1"),
        (dict(name="trap", seed=None), TypeError, "seed"),
    ],
)
def test_bad_arguments(kwargs, exc, match):
    with pytest.raises(exc, match=match):
        stats.run_table(**kwargs)


def test_unwritable_output(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(LoopcraftError, match="cannot write to output directory"):
        stats.run_stats(["trap"], boards=1, out=blocker / "sub")


def test_cli_end_to_end(tmp_path, capsys):
    assert (
        main(
            [
                "stats",
                "country",
                "--table",
                "trap",
                "--table",
                "numbers",
                "--boards",
                "2",
                "--out",
                str(tmp_path),
                "--no-progress",
            ]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert "### The partition-first trap" in out and "| countries | partitions |" in out
    assert (tmp_path / "numbers.csv").exists()


@pytest.mark.parametrize(
    "argv,match",
    [
        (["--boards", "0"], "boards must be at least 1"),
        (["--out", "/proc/loopcraft-no/such"], "cannot write to output directory"),
    ],
)
def test_cli_errors(argv, match, capsys):
    assert main(["stats", "country", "--table", "trap", "--no-progress", *argv]) == 2
    assert match in capsys.readouterr().err


def test_cli_unknown_table(capsys):
    with pytest.raises(SystemExit) as e:
        main(["stats", "country", "--table", "nope"])
    assert e.value.code == 2
    assert "invalid choice: 'nope'" in capsys.readouterr().err


def test_progress_bar():
    buf = io.StringIO()
    update, close = stats.progress_bar(4, "x", stream=buf)
    for i in range(1, 5):
        update(i, 4)
    close()
    text = buf.getvalue()
    assert "4/4" in text and text.lstrip("\r").startswith("x")
