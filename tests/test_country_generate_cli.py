"""`loopcraft generate country`: text, JSON and URL output, clear errors."""

from __future__ import annotations

import json

from loopcraft.cli import main
from loopcraft.country import CountryRoad, generate_puzzle


def test_generate_cli(capsys):
    assert main(["generate", "country", "--rows", "6", "--cols", "6", "--seed", "4", "--json"]) == 0
    rec = json.loads(capsys.readouterr().out)
    assert rec["board"] == generate_puzzle(6, 6, 4).board.to_dict()
    assert main(["generate", "country", "-r", "6", "-c", "6", "--url"]) == 0
    url = capsys.readouterr().out.strip()
    assert CountryRoad.from_url(url) == generate_puzzle(6, 6, 0).board
    assert main(["generate", "country", "-r", "6", "-c", "6", "--grade", "loop", "--answer"]) == 0
    assert "grade: loop" in capsys.readouterr().out
    assert main(["generate", "country", "-r", "1", "-c", "1"]) == 2
    assert "rows must be at least 2" in capsys.readouterr().err
