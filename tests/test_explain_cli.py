"""``loopcraft explain``: text, JSON and one picture per step."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from loopcraft.cli import main
from loopcraft.country import CountryRoad
from loopcraft.slitherlink import Slitherlink

SLITHER = "https://puzz.link/p?slither/5/5/g31bh0ck16023c"
COUNTRY = "https://puzz.link/p?country/5/5/amda0uf02h12h"


def test_text_is_one_step_per_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["explain", "slither", SLITHER, "--level", "tricky"]) == 0
    lines = capsys.readouterr().out.splitlines()
    e = Slitherlink.from_url(SLITHER).explain("tricky")
    assert len(lines) == len(e.steps)
    assert lines[0] == f"1. {e.steps[0].text}"


def test_json_and_pictures(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["explain", "country", COUNTRY, "--json", "--svg-dir", str(tmp_path)]) == 0
    out = json.loads(capsys.readouterr().out)
    e = CountryRoad.from_url(COUNTRY).explain()
    assert out["level"] == "probe" and len(out["steps"]) == len(e.steps)
    assert [s["rule"] for s in out["steps"]] == [s.rule for s in e.steps]
    assert len(list(tmp_path.glob("step-*.svg"))) == len(e.steps)
    trial = next(s for s in out["steps"] if s["rule"] == "trial")
    assert trial["because"] and trial["because"][-1]["contradiction"]


def test_bad_level_is_an_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["explain", "slither", SLITHER, "--level", "search"])
    assert exc.value.code == 2
