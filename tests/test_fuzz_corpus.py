"""Replays the fuzzing corpus: every input kept under ``tests/data/fuzz/TARGET/``
(the campaign's minimised corpus, and every input that was once a finding,
named ``finding-*``) goes through the same target of ``fuzz/targets.py`` the
harness ran. A target raises only for an undocumented exception or a wrong
answer, so each replay must simply return. Also the findings, restated as
plain tests."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from loopcraft.country import CountryRoad
from loopcraft.errors import FormatError
from loopcraft.slitherlink import LEVELS, Slitherlink

ROOT = Path(__file__).resolve().parent.parent
CORPUS = Path(__file__).resolve().parent / "data" / "fuzz"


def _targets():
    spec = importlib.util.spec_from_file_location("loopcraft_fuzz_targets", ROOT / "fuzz" / "targets.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.TARGETS


TARGETS = _targets()


def test_every_target_has_a_harness_and_a_corpus():
    for name in TARGETS:
        assert (ROOT / "fuzz" / f"{name}.py").is_file(), name
        assert any((CORPUS / name).iterdir()), name
    assert {p.name for p in CORPUS.iterdir()} <= set(TARGETS)


@pytest.mark.parametrize("name", sorted(TARGETS))
def test_corpus_replays_with_only_documented_exceptions(name):
    files = sorted(p for p in (CORPUS / name).iterdir() if p.is_file())
    assert files
    for path in files:
        try:
            TARGETS[name](path.read_bytes())
        except BaseException as err:
            raise AssertionError(f"{name}: {path.name} raised {type(err).__name__}: {err}") from err


# ----------------------------------------------------------------- the findings


@pytest.mark.parametrize("clues", [[[0]], [[0, 0], [0, 0]], [[0, None], [None, 0]], [[0, 0, 0]]])
def test_a_board_whose_deductions_leave_no_line_is_a_contradiction_not_solved(clues):
    """slither_calls finding: an all-0 board had every edge decided off and
    ``deduce()`` called it solved (with an empty "solution") though ``solve``
    finds none. Now every level reports the contradiction."""
    p = Slitherlink(clues)
    assert p.solve().count == 0 and p.solve().complete
    for level in LEVELS[:-1]:
        d = p.deduce(level)
        assert d.contradiction and not d.solved and d.solution is None, level
    g = p.grade()
    assert (g.level, g.solutions) == (LEVELS[0], 0)


def test_country_puzzlekit_ids_that_are_not_tokens_are_renamed_on_writing():
    """country_parse finding (a wrong oracle, not a bug): region ids such as
    ``-`` or ``)3`` are read as names, and written back as 1..K, as the writer
    documents; the board is the same up to those names."""
    text = "2 2\n2 -\n- -\n- )3\n- )3"
    b = CountryRoad.parse(text)
    again = CountryRoad.parse(b.to_puzzlekit())
    assert again.core_args() == b.core_args()
    assert again.regions != b.regions


@pytest.mark.parametrize(
    "text",
    [
        '{"regions": [[0, 0], [1, 1]], "numbers": [[[6, 2], [6]]]}',
        '{"regions": [[0, 0], [1, 1]], "numbers": [[{"regions": [[1]]}, 1]]}',
        '{"regions": [[0, 0], [1, 1]], "numbers": [[true, 1]]}',
    ],
)
def test_country_json_numbers_with_a_list_or_object_for_an_id_are_a_format_error(text):
    """country_from_json finding: a list or object as the region id of a
    ``numbers`` pair raised a plain ``TypeError`` (unhashable) from the reader."""
    with pytest.raises(FormatError, match="region id"):
        CountryRoad.from_json(text)
    with pytest.raises(FormatError):
        CountryRoad.parse(text)
