"""Every family draws itself: ``to_svg`` parses as XML with the expected
elements, ``_repr_svg_`` is the same picture, the CLI writes SVG and PNG
files, and a missing PNG extra is a clear one-line error."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any, List

import pytest

import loopcraft._png as png_module
from loopcraft import MissingExtraError, loop
from loopcraft.cli import main
from loopcraft.country import CountryRoad, generate_puzzle
from loopcraft.slitherlink import Slitherlink

SVG = "{http://www.w3.org/2000/svg}"
SLITHER_URL = "https://puzz.link/p?slither/5/5/g31bh0ck16023c"
COUNTRY_URL = "https://puzz.link/p?country/5/5/amda0uf02h12h"


def of_class(svg: str, name: str) -> List[ET.Element]:
    root = ET.fromstring(svg)
    return [e for e in root.iter() if name in (e.get("class") or "").split()]


def drawables() -> List[Any]:
    s = Slitherlink.from_url(SLITHER_URL)
    c = CountryRoad.from_url(COUNTRY_URL)
    return [
        s,
        s.solve().solution,
        s.deduce("easy"),
        c,
        c.solve().solution,
        c.deduce("probe"),
        generate_puzzle(6, 6, 1),
        loop.generate(5, "pictures"),
    ]


@pytest.mark.parametrize("obj", drawables(), ids=lambda o: type(o).__name__)
def test_every_drawable_gives_well_formed_svg_and_the_same_in_notebooks(obj: Any) -> None:
    svg = obj.to_svg()
    root = ET.fromstring(svg)
    assert root.tag == SVG + "svg" and root.get("viewBox")
    assert root.find(SVG + "title") is not None
    assert obj._repr_svg_() == svg
    assert len(repr(obj)) < 2000  # the text repr stays text


def test_slitherlink_solution_picture_has_every_loop_edge_and_clue() -> None:
    p = Slitherlink.from_url(SLITHER_URL)
    sol = p.solve().solution
    assert sol is not None
    svg = p.to_svg(sol)
    assert len(of_class(svg, "loop")) == sum(sol.edges)
    assert len(of_class(svg, "clue")) == p.clue_count
    assert of_class(p.to_svg(), "loop") == []


def test_slitherlink_deduction_crosses_the_edges_proven_off() -> None:
    d = Slitherlink.from_url(SLITHER_URL).deduce("easy")
    svg = d.to_svg()
    assert len(of_class(svg, "cross")) == d.edges.count(0)
    assert len(of_class(svg, "loop")) == d.edges.count(1)


def test_country_solution_picture_joins_every_segment() -> None:
    b = CountryRoad.from_url(COUNTRY_URL)
    sol = b.solve().solution
    assert sol is not None
    svg = b.to_svg(sol)
    assert len(of_class(svg, "cell-loop")) == len(sol.edges)
    assert len(of_class(svg, "clue")) == len(b.numbers)
    assert of_class(svg, "border")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> int:
    code = main(list(argv))
    capsys.readouterr()
    return code


@pytest.mark.parametrize(
    "argv",
    [
        ["generate", "loop", "--size", "4", "--seed", "pic", "--answer"],
        ["generate", "slither", "-r", "5", "-c", "6", "-s", "3", "--answer"],
        ["solve", "slither", SLITHER_URL],
        ["generate", "country", "-r", "6", "-c", "6", "-s", "2", "--answer"],
        ["solve", "country", COUNTRY_URL],
    ],
    ids=lambda a: "-".join(a[:2]),
)
def test_cli_writes_svg_and_png(capsys: pytest.CaptureFixture[str], tmp_path: Path, argv: List[str]) -> None:
    pytest.importorskip("resvg_py", reason="the PNG extra is not installed")
    svg, png = tmp_path / "p.svg", tmp_path / "p.png"
    assert run(capsys, *argv, "--svg", str(svg), "--png", str(png)) == 0
    assert ET.parse(svg).getroot().tag == SVG + "svg"
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_missing_png_extra_is_a_documented_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def missing() -> Any:
        raise MissingExtraError(png_module.PNG_EXTRA_MESSAGE, name="resvg_py")

    monkeypatch.setattr(png_module, "_renderer", missing)
    with pytest.raises(ModuleNotFoundError, match=r"loopcraft\[png\]"):
        Slitherlink([[3, 3, 1]]).to_png()
    code = main(["solve", "slither", SLITHER_URL, "--png", str(tmp_path / "p.png")])
    err = capsys.readouterr().err
    assert code == 2 and "loopcraft[png]" in err and "Traceback" not in err
