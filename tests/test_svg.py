"""The SVG grid writer (loopcraft._svg): well-formed, the right elements in the
right places for known boards, deterministic, escaped, argument checks."""

from __future__ import annotations

import doctest
import importlib.util
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Dict, List, Set, Tuple

import pytest

import loopcraft._svg
from loopcraft import loop as loop_v1
from loopcraft._svg import (
    Edge,
    SvgStyle,
    clue_texts,
    country_svg,
    edges_from_bits,
    edges_from_flat,
    first_cells,
    frame_edges,
    grid_svg,
    inside_cells,
    lattice_svg,
    region_borders,
)
from loopcraft.country import CountryRoad
from loopcraft.errors import ArgumentError, ArgumentTypeError
from loopcraft.slitherlink import Slitherlink

NS = "{http://www.w3.org/2000/svg}"
SLITHER_URL = "https://puzz.link/p?slither/5/5/g31bh0ck16023c"
COUNTRY_URL = "https://puzz.link/p?country/5/5/amda0uf02h12h"

Point = Tuple[float, float]


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == NS + "svg"
    return root


def of_class(root: ET.Element, name: str) -> List[ET.Element]:
    return [e for e in root.iter() if name in e.get("class", "").split()]


def segment(e: ET.Element) -> Tuple[Point, Point]:
    a = (float(e.get("x1", "nan")), float(e.get("y1", "nan")))
    b = (float(e.get("x2", "nan")), float(e.get("y2", "nan")))
    return (min(a, b), max(a, b))


def edge_segment(e: Edge, cell: float, margin: float) -> Tuple[Point, Point]:
    kind, r, c = e
    a = (margin + c * cell, margin + r * cell)
    b = (a[0] + cell, a[1]) if kind == "h" else (a[0], a[1] + cell)
    return (a, b)


def slither() -> Tuple[Slitherlink, Dict[Tuple[int, int], str], Set[Edge]]:
    board = Slitherlink.from_url(SLITHER_URL)
    sol = board.solve().solution
    texts = {(r, c): str(v) for r, row in enumerate(board.clues) for c, v in enumerate(row) if v is not None}
    # The loop from the documented flat edge numbering, independently of edges_from_bits.
    rows, cols = board.rows, board.cols
    loop: Set[Edge] = set()
    for e in sol.edge_list:
        if e < (rows + 1) * cols:
            loop.add(("h", e // cols, e % cols))
        else:
            k = e - (rows + 1) * cols
            loop.add(("v", k // (cols + 1), k % (cols + 1)))
    return board, texts, loop


def test_edges_from_bits_matches_the_flat_edge_numbering() -> None:
    board, _, loop = slither()
    sol = board.solve().solution
    assert edges_from_bits(sol.h_edges, sol.v_edges) == loop
    assert len(loop) == len(sol.edge_list) > 4


def test_slitherlink_solution_picture_has_its_clues_loop_dots_and_shading() -> None:
    board, texts, loop = slither()
    sol = board.solve().solution
    inside = {(r, c) for r, row in enumerate(sol.inside) for c, v in enumerate(row) if v}
    svg = grid_svg(5, 5, title="slitherlink", texts=texts, lattice_edges=loop, shaded=inside, cell=32, margin=16)
    root = parse(svg)
    clues = of_class(root, "clue")
    assert len(clues) == len(texts) == 11
    assert len(of_class(root, "loop")) == len(loop)
    assert len(of_class(root, "dot")) == 6 * 6
    assert len(of_class(root, "shaded")) == len(inside) > 0
    assert of_class(root, "cross") == of_class(root, "border") == of_class(root, "cell-loop") == []
    # Each loop line lies on its lattice edge.
    drawn = {segment(e) for e in of_class(root, "loop")}
    assert drawn == {edge_segment(e, 32, 16) for e in loop}
    # Each clue is centred horizontally in its cell and shows the clue.
    for e in clues:
        x, y = float(e.get("x", "nan")), float(e.get("y", "nan"))
        c, r = int((x - 16) // 32), int((y - 16) // 32)
        assert texts[(r, c)] == e.text
        assert x == 16 + (c + 0.5) * 32
        assert 16 + (r + 0.5) * 32 < y < 16 + (r + 1) * 32  # baseline below the centre, inside the cell
    # Shaded cells are cell-sized squares on their cells.
    squares = {(float(e.get("x", "nan")), float(e.get("y", "nan"))) for e in of_class(root, "shaded")}
    assert squares == {(16 + c * 32.0, 16 + r * 32.0) for r, c in inside}


def test_puzzle_without_solution_has_no_loop() -> None:
    _, texts, _ = slither()
    root = parse(grid_svg(5, 5, title="p", texts=texts))
    assert of_class(root, "loop") == of_class(root, "shaded") == []
    assert len(of_class(root, "clue")) == len(texts) == 11


def test_deduction_draws_decided_edges_and_crosses() -> None:
    board = Slitherlink.from_url(SLITHER_URL)
    ded = board.deduce("easy")
    assert not ded.contradiction
    on = edges_from_bits(ded.h_edges, ded.v_edges)
    off = edges_from_bits(ded.h_edges, ded.v_edges, off=True)
    flat = list(ded.edges)
    assert len(on) == flat.count(1) and len(off) == flat.count(0)
    assert not on & off and flat.count(None) > 0  # partly decided
    root = parse(grid_svg(5, 5, title="d", lattice_edges=on, crosses=off))
    assert len(of_class(root, "loop")) == len(on)
    assert len(of_class(root, "cross")) == len(off)


def test_country_road_picture_has_borders_numbers_and_its_loop() -> None:
    board = CountryRoad.from_url(COUNTRY_URL)
    sol = board.solve().solution
    regions = board.regions
    # Borders computed here from the regions: between side-by-side cells of different countries.
    inner: Set[Edge] = set()
    for r in range(5):
        for c in range(5):
            if c + 1 < 5 and regions[r][c] != regions[r][c + 1]:
                inner.add(("v", r, c + 1))
            if r + 1 < 5 and regions[r][c] != regions[r + 1][c]:
                inner.add(("h", r + 1, c))
    assert region_borders(regions) == inner
    numbers = {min(board.cells_of(k)): str(n) for k, n in board.numbers.items()}
    svg = grid_svg(
        5,
        5,
        title="country",
        borders=inner,
        corner_texts=numbers,
        centre_path=sol.pairs,
        dots=False,
        grid=True,
        margin=10,
    )
    root = parse(svg)
    frame = 4 * 5
    assert len(of_class(root, "border")) == len(inner) + frame
    drawn = {segment(e) for e in of_class(root, "border")}
    assert drawn == {edge_segment(e, 32, 10) for e in inner | frame_edges(5, 5)}
    assert len(of_class(root, "clue")) == len(of_class(root, "corner")) == len(board.numbers) == 3
    assert len(of_class(root, "cell-loop")) == len(sol.pairs) > 4
    centre = {
        ((10 + (a[1] + 0.5) * 32, 10 + (a[0] + 0.5) * 32), (10 + (b[1] + 0.5) * 32, 10 + (b[0] + 0.5) * 32))
        for a, b in sol.pairs
    }
    assert {segment(e) for e in of_class(root, "cell-loop")} == centre
    assert len(of_class(root, "grid")) == 4 + 4
    assert of_class(root, "dot") == of_class(root, "loop") == []


def test_borders_always_bring_the_frame_and_only_then() -> None:
    assert len(of_class(parse(grid_svg(3, 4, title="t", borders=set())), "border")) == 2 * 3 + 2 * 4
    assert of_class(parse(grid_svg(3, 4, title="t")), "border") == []
    # A border given on the frame is drawn once.
    root = parse(grid_svg(3, 4, title="t", borders={("h", 0, 0), ("v", 1, 2)}))
    assert len(of_class(root, "border")) == 14 + 1


def test_blocked_cells_are_dark_and_their_text_light() -> None:
    style = SvgStyle()
    root = parse(grid_svg(3, 3, title="b", blocked={(0, 0), (2, 1)}, texts={(0, 0): "x", (1, 1): "2"}))
    blocked = of_class(root, "blocked")
    assert len(blocked) == 2
    fills = {t.text: t.get("fill") for t in of_class(root, "clue")}
    assert fills["x"] == style.background and fills["2"] is None  # None: the group's ink


def test_view_box_and_size_follow_cell_and_margin() -> None:
    root = parse(grid_svg(3, 7, title="t", cell=10, margin=0))
    assert root.get("viewBox") == "0 0 70 30"
    assert (root.get("width"), root.get("height")) == ("70", "30")
    root = parse(grid_svg(2, 3, title="t", cell=40))  # margin defaults to half a cell
    assert root.get("viewBox") == "0 0 160 120"
    assert (root.get("width"), root.get("height")) == ("160", "120")
    root = parse(grid_svg(1, 1, title="t", cell=25.5, margin=1.25))
    assert root.get("viewBox") == "0 0 28 28"
    assert root.get("width") == "28"


def test_title_and_texts_are_escaped() -> None:
    title = "A & B <c> \"d\" 'e' \x01 end"
    svg = grid_svg(2, 2, title=title, texts={(0, 0): "<&>", (1, 1): 7})
    root = parse(svg)
    first = next(iter(root))
    assert first.tag == NS + "title"
    assert first.text == "A & B <c> \"d\" 'e' \ufffd end"  # control characters are not XML
    assert sorted(t.text or "" for t in of_class(root, "clue")) == ["7", "<&>"]
    styled = grid_svg(1, 1, title="t", style=SvgStyle(ink='red" onload="x', font_family="'A&B', serif"))
    root = parse(styled)
    assert all("onload" not in e.attrib for e in root.iter())


def test_same_input_same_bytes_whatever_the_order() -> None:
    _, texts, loop = slither()
    a = grid_svg(5, 5, title="t", texts=texts, lattice_edges=loop, crosses=[("h", 0, 0)], shaded={(1, 1), (0, 1)})
    b = grid_svg(
        5,
        5,
        title="t",
        texts=dict(reversed(list(texts.items()))),
        lattice_edges=sorted(loop, reverse=True),
        crosses={("h", 0, 0)},
        shaded=[(0, 1), (1, 1), (0, 1)],
    )
    assert a == b
    assert a.startswith("<svg ") and a.endswith("</svg>\n")


def test_arguments_are_checked() -> None:
    with pytest.raises(ArgumentError, match="rows"):
        grid_svg(0, 3, title="t")
    with pytest.raises(ArgumentError, match="cols"):
        grid_svg(3, 10**6, title="t")
    with pytest.raises(ArgumentTypeError, match="rows"):
        grid_svg(2.0, 3, title="t")  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="title"):
        grid_svg(2, 3, title=None)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="cell"):
        grid_svg(2, 3, title="t", cell=0)
    with pytest.raises(ArgumentError, match="margin"):
        grid_svg(2, 3, title="t", margin=float("nan"))
    with pytest.raises(ArgumentError, match="outside"):
        grid_svg(2, 3, title="t", lattice_edges={("h", 3, 0)})
    with pytest.raises(ArgumentError, match="outside"):
        grid_svg(2, 3, title="t", lattice_edges={("v", 0, 4)})
    grid_svg(2, 3, title="t", lattice_edges={("h", 2, 2), ("v", 1, 3)})  # the last edges are on the board
    with pytest.raises(ArgumentTypeError, match="edge"):
        grid_svg(2, 3, title="t", crosses={("d", 0, 0)})
    with pytest.raises(ArgumentError, match="outside"):
        grid_svg(2, 3, title="t", shaded={(2, 0)})
    with pytest.raises(ArgumentTypeError, match="texts"):
        grid_svg(2, 3, title="t", texts={(0, 0): 1.5})  # type: ignore[dict-item]
    with pytest.raises(ArgumentError, match="side by side"):
        grid_svg(2, 3, title="t", centre_path={((0, 0), (1, 1))})
    with pytest.raises(ArgumentTypeError, match="blocked"):
        grid_svg(2, 3, title="t", blocked="ab")  # type: ignore[arg-type]


def test_doctests() -> None:
    result = doctest.testmod(loopcraft._svg)
    assert result.attempted >= 8 and result.failed == 0


def test_inside_cells_matches_the_solution_inside() -> None:
    board, _, loop = slither()
    sol = board.solve().solution
    inside = {(r, c) for r, row in enumerate(sol.inside) for c, v in enumerate(row) if v}
    assert inside_cells(5, 5, loop) == inside
    assert inside_cells(5, 5, set()) == frozenset()


def test_edges_from_flat_matches_the_rows() -> None:
    board = Slitherlink.from_url(SLITHER_URL)
    ded = board.deduce("tricky")
    assert not ded.contradiction
    for off in (False, True):
        assert edges_from_flat(5, 5, ded.edges, off=off) == edges_from_bits(ded.h_edges, ded.v_edges, off=off)
    with pytest.raises(ArgumentError, match="60 entries"):
        edges_from_flat(5, 5, ded.edges[:-1])


def test_lattice_svg_is_the_slitherlink_picture() -> None:
    board, texts, loop = slither()
    assert clue_texts(board.clues) == texts
    sol = board.solve().solution
    inside = {(r, c) for r, row in enumerate(sol.inside) for c, v in enumerate(row) if v}
    expected = grid_svg(5, 5, title="s", texts=texts, lattice_edges=loop, shaded=inside)
    assert lattice_svg(board.clues, title="s", loop=loop, shade_inside=True) == expected
    assert lattice_svg(board.clues, title="s") == grid_svg(5, 5, title="s", texts=texts)
    with pytest.raises(ArgumentTypeError, match=r"clues\[0\]\[0\]"):
        lattice_svg([["3"]], title="s")  # type: ignore[list-item]
    with pytest.raises(ArgumentError, match="entries"):
        lattice_svg([[1, 2], [3]], title="s")


def test_lattice_svg_draws_a_loop_engine_v1_solution() -> None:
    n = 4
    puzzle = loop_v1.generate(n, "notes-example")
    result = loop_v1.solve(puzzle.clues, n)
    assert len(result.solutions) == 1
    on = edges_from_flat(n, n, result.solutions[0])
    clues = [list(puzzle.clues[r * n : (r + 1) * n]) for r in range(n)]
    root = parse(lattice_svg(clues, title="loop v1", loop=on, shade_inside=True))
    assert len(of_class(root, "loop")) == sum(result.solutions[0]) == len(on) > 4
    assert len(of_class(root, "clue")) == sum(c is not None for c in puzzle.clues)
    assert 0 < len(of_class(root, "shaded")) < n * n


def test_country_svg_is_the_country_road_picture() -> None:
    board = CountryRoad.from_url(COUNTRY_URL)
    sol = board.solve().solution
    numbers = {min(board.cells_of(k)): n for k, n in board.numbers.items()}
    expected = grid_svg(
        5,
        5,
        title="c",
        borders=region_borders(board.regions),
        corner_texts=numbers,
        centre_path=sol.pairs,
        dots=False,
        grid=True,
    )
    assert country_svg(board.regions, board.numbers, title="c", path=sol.pairs) == expected


def test_country_svg_blocked_cells_and_labels() -> None:
    regions = [["a", "a", None], ["b", None, None], ["b", "c", "c"]]
    assert first_cells(regions) == {"a": (0, 0), "b": (1, 0), "c": (2, 1)}
    board = CountryRoad.from_regions(regions, {"c": 2})
    assert set(board.blocked) == {(0, 2), (1, 1), (1, 2)}
    root = parse(country_svg(board.regions, board.numbers, title="blocked"))
    assert len(of_class(root, "blocked")) == 3
    corner = of_class(root, "corner")
    assert [(t.text, float(t.get("x", "nan")) < 16 + 1.5 * 32) for t in corner] == [("2", True)]
    # Borders: a|b, a|blocked (2), b|blocked, b|c, c|blocked; none between the blocked cells.
    expected = {("h", 1, 0), ("v", 0, 2), ("h", 1, 1), ("v", 1, 1), ("v", 2, 1), ("h", 2, 1), ("h", 2, 2)}
    assert region_borders(regions) == expected
    assert len(of_class(root, "border")) == len(expected) + 12
    with pytest.raises(ArgumentError, match="not a region"):
        country_svg(regions, {"z": 1}, title="t")


def test_readme_picture_script_writes_pictures_that_parse(tmp_path: Path) -> None:
    script = Path(__file__).resolve().parent.parent / "scripts" / "make_readme_pictures.py"
    spec = importlib.util.spec_from_file_location("make_readme_pictures", script)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.main(["--out", str(tmp_path)]) == 0
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == [
        "country-road-8x8-solution.svg",
        "country-road-8x8.svg",
        "slitherlink-10x10-solution.svg",
        "slitherlink-10x10.svg",
    ]
    puzzle = parse((tmp_path / "slitherlink-10x10.svg").read_text("utf-8"))
    solution = parse((tmp_path / "slitherlink-10x10-solution.svg").read_text("utf-8"))
    assert len(of_class(puzzle, "clue")) == len(of_class(solution, "clue")) > 20
    assert of_class(puzzle, "loop") == [] and len(of_class(solution, "loop")) >= 20
    road = parse((tmp_path / "country-road-8x8-solution.svg").read_text("utf-8"))
    assert len(of_class(road, "border")) > 4 * 8 and len(of_class(road, "cell-loop")) >= 8
    assert module.main(["--out", str(tmp_path), "--check"]) == 0
    (tmp_path / "slitherlink-10x10.svg").write_text("<svg/>", "utf-8")
    assert module.main(["--out", str(tmp_path), "--check"]) == 1
