"""PNG pictures (loopcraft._png) rendered through the optional resvg-py extra:
the pixels of known solutions are dark where the loop and the borders are, and
light elsewhere.

The renderer is in the ``test`` extra, so CI runs these tests; on a user's
machine without it they skip with the reason (and fail in CI, where
``LOOPCRAFT_REQUIRE_SHARED`` or ``CI`` is set, as ``.ci/run`` does).
"""

from __future__ import annotations

import importlib.util
import os
import struct
import sys
import zlib
from pathlib import Path
from typing import Iterator, List, Set, Tuple

import pytest

from loopcraft._png import MAX_PIXELS, PNG_EXTRA_MESSAGE, svg_to_png
from loopcraft._svg import Edge, edges_from_bits, grid_svg, region_borders
from loopcraft.country import CountryRoad
from loopcraft.errors import ArgumentError, ArgumentTypeError
from loopcraft.slitherlink import Slitherlink

SLITHER_URL = "https://puzz.link/p?slither/5/5/g31bh0ck16023c"
COUNTRY_URL = "https://puzz.link/p?country/5/5/amda0uf02h12h"
CELL, MARGIN, SCALE = 32, 16, 2.0


def _ci() -> bool:
    return any(os.environ.get(k, "").lower() in ("1", "true", "yes") for k in ("CI", "LOOPCRAFT_REQUIRE_SHARED"))


@pytest.fixture
def renderer() -> None:
    if importlib.util.find_spec("resvg_py") is not None:
        return
    if _ci():
        pytest.fail("resvg-py is missing, and CI installs it with the test extra: pip install '.[test]'")
    pytest.skip("the PNG renderer resvg-py is not installed (pip install 'loopcraft[png]')")


class Image:
    """An 8-bit RGB or RGBA PNG decoded with zlib (non-interlaced, as resvg writes)."""

    def __init__(self, data: bytes) -> None:
        assert data[:8] == b"\x89PNG\r\n\x1a\n"
        pos, idat = 8, b""
        while pos < len(data):
            (length,) = struct.unpack(">I", data[pos : pos + 4])
            kind, body = data[pos + 4 : pos + 8], data[pos + 8 : pos + 8 + length]
            pos += 12 + length
            if kind == b"IHDR":
                self.width, self.height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
                assert depth == 8 and colour in (2, 6) and interlace == 0, (depth, colour, interlace)
                self.channels = 4 if colour == 6 else 3
            elif kind == b"IDAT":
                idat += body
        raw = zlib.decompress(idat)
        bpp, stride = self.channels, self.width * self.channels
        rows: List[bytearray] = []
        prev = bytearray(stride)
        for y in range(self.height):
            start = y * (stride + 1)
            kind, line = raw[start], bytearray(raw[start + 1 : start + 1 + stride])
            for i in range(stride):
                a = line[i - bpp] if i >= bpp else 0
                b, c = prev[i], prev[i - bpp] if i >= bpp else 0
                if kind == 1:
                    line[i] = (line[i] + a) & 255
                elif kind == 2:
                    line[i] = (line[i] + b) & 255
                elif kind == 3:
                    line[i] = (line[i] + (a + b) // 2) & 255
                elif kind == 4:
                    p = a + b - c
                    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                    pred = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                    line[i] = (line[i] + pred) & 255
            rows.append(line)
            prev = line
        self.rows = rows

    def grey(self, x: float, y: float) -> float:
        """The brightness (0..255) of the pixel at (x, y), over white."""
        px, py = int(x), int(y)
        line, i = self.rows[py], int(x) * self.channels
        r, g, b = line[i], line[i + 1], line[i + 2]
        alpha = line[i + 3] if self.channels == 4 else 255
        assert 0 <= px < self.width
        return ((r + g + b) / 3 * alpha + 255 * (255 - alpha)) / 255


def dark(v: float) -> bool:
    return v < 100


def light(v: float) -> bool:
    return v > 150


def midpoint(e: Edge) -> Tuple[float, float]:
    kind, r, c = e
    cx, cy = (c + 0.5, r) if kind == "h" else (c, r + 0.5)
    return ((MARGIN + cx * CELL) * SCALE, (MARGIN + cy * CELL) * SCALE)


def all_edges(rows: int, cols: int) -> Iterator[Edge]:
    yield from (("h", r, c) for r in range(rows + 1) for c in range(cols))
    yield from (("v", r, c) for r in range(rows) for c in range(cols + 1))


def cell_pixels(r: float, c: float, inset: float) -> Iterator[Tuple[float, float]]:
    """The pixels of cell (r, c) at least ``inset`` of a cell from its sides."""
    lo_x, lo_y = (MARGIN + (c + inset) * CELL) * SCALE, (MARGIN + (r + inset) * CELL) * SCALE
    span = (1 - 2 * inset) * CELL * SCALE
    for dy in range(int(span)):
        for dx in range(int(span)):
            yield lo_x + dx, lo_y + dy


def test_slitherlink_solution_pixels(renderer: None, tmp_path: Path) -> None:
    board = Slitherlink.from_url(SLITHER_URL)
    sol = board.solve().solution
    texts = {(r, c): str(v) for r, row in enumerate(board.clues) for c, v in enumerate(row) if v is not None}
    loop = edges_from_bits(sol.h_edges, sol.v_edges)
    inside = {(r, c) for r, row in enumerate(sol.inside) for c, v in enumerate(row) if v}
    svg = grid_svg(5, 5, title="solution", texts=texts, lattice_edges=loop, shaded=inside, cell=CELL, margin=MARGIN)
    out = tmp_path / "solution.png"
    data = svg_to_png(svg, out, scale=SCALE)
    assert out.read_bytes() == data
    img = Image(data)
    assert (img.width, img.height) == (int((5 * CELL + 2 * MARGIN) * SCALE),) * 2
    off = [e for e in all_edges(5, 5) if e not in loop]
    assert len(loop) >= 12 and len(off) >= 12
    for e in loop:
        assert dark(img.grey(*midpoint(e))), f"loop edge {e} is not dark"
    for e in off:
        assert light(img.grey(*midpoint(e))), f"edge {e} is off the loop but not light"
    # Shaded cells are grey, the others white (at a corner of the cell, away from clues and loop).
    for r in range(5):
        for c in range(5):
            v = img.grey((MARGIN + (c + 0.2) * CELL) * SCALE, (MARGIN + (r + 0.2) * CELL) * SCALE)
            assert (150 < v < 240) if (r, c) in inside else v > 250, (r, c, v)


def test_clue_digits_are_drawn_in_their_cells(renderer: None) -> None:
    board = Slitherlink.from_url(SLITHER_URL)
    texts = {(r, c): str(v) for r, row in enumerate(board.clues) for c, v in enumerate(row) if v is not None}
    img = Image(svg_to_png(grid_svg(5, 5, title="puzzle", texts=texts, cell=CELL, margin=MARGIN), scale=SCALE))
    for r in range(5):
        for c in range(5):
            inked = sum(dark(img.grey(x, y)) for x, y in cell_pixels(r, c, 0.15))
            if (r, c) in texts:
                assert inked > 40, f"clue {texts[(r, c)]} at {(r, c)} left only {inked} dark pixels"
            else:
                assert inked == 0, (r, c)


def test_country_road_border_and_loop_pixels(renderer: None) -> None:
    board = CountryRoad.from_url(COUNTRY_URL)
    sol = board.solve().solution
    regions = board.regions
    borders: Set[Edge] = set()
    for r in range(5):
        for c in range(5):
            if c + 1 < 5 and regions[r][c] != regions[r][c + 1]:
                borders.add(("v", r, c + 1))
            if r + 1 < 5 and regions[r][c] != regions[r + 1][c]:
                borders.add(("h", r + 1, c))
    assert region_borders(regions) == borders
    numbers = {min(board.cells_of(k)): str(n) for k, n in board.numbers.items()}

    def picture(with_loop: bool) -> Image:
        path = sol.pairs if with_loop else None
        svg = grid_svg(
            5,
            5,
            title="country",
            borders=borders,
            corner_texts=numbers,
            centre_path=path,
            dots=False,
            grid=True,
            cell=CELL,
            margin=MARGIN,
        )
        return Image(svg_to_png(svg, scale=SCALE))

    img = picture(with_loop=False)
    frame = {e for e in all_edges(5, 5) if (e[0] == "h" and e[1] in (0, 5)) or (e[0] == "v" and e[2] in (0, 5))}
    inner_off = [e for e in all_edges(5, 5) if e not in borders and e not in frame]
    assert len(borders) >= 5 and len(inner_off) >= 10
    for e in borders | frame:
        assert dark(img.grey(*midpoint(e))), f"border {e} is not dark"
    for e in inner_off:
        assert light(img.grey(*midpoint(e))), f"edge {e} is no border but not light"

    solved = picture(with_loop=True)
    used = {cell for pair in sol.pairs for cell in pair}
    for a, b in sol.pairs:  # the loop crosses the side shared by each pair of cells it joins
        x = (MARGIN + ((a[1] + b[1]) / 2 + 0.5) * CELL) * SCALE
        y = (MARGIN + ((a[0] + b[0]) / 2 + 0.5) * CELL) * SCALE
        assert dark(solved.grey(x, y)), f"loop between {a} and {b} is not dark"
    for r in range(5):
        for c in range(5):
            centre = ((MARGIN + (c + 0.5) * CELL) * SCALE, (MARGIN + (r + 0.5) * CELL) * SCALE)
            assert dark(solved.grey(*centre)) == ((r, c) in used), (r, c)
    assert 0 < len(used) < 25


def test_same_svg_same_png(renderer: None) -> None:
    svg = grid_svg(2, 3, title="t", texts={(0, 0): "1"}, lattice_edges={("h", 0, 0)})
    assert svg_to_png(svg) == svg_to_png(svg)
    img = Image(svg_to_png(svg, scale=1.5))
    assert (img.width, img.height) == (int(128 * 1.5), int(96 * 1.5))


def test_arguments_are_checked(renderer: None) -> None:
    svg = grid_svg(2, 3, title="t")
    with pytest.raises(ArgumentError, match="scale"):
        svg_to_png(svg, scale=0)
    with pytest.raises(ArgumentTypeError, match="scale"):
        svg_to_png(svg, scale="2")  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="svg"):
        svg_to_png(b"<svg/>")  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="well-formed"):
        svg_to_png("<svg")
    with pytest.raises(ArgumentError, match="width"):
        svg_to_png('<svg xmlns="http://www.w3.org/2000/svg"/>')
    with pytest.raises(ArgumentError, match="pixels"):
        svg_to_png(grid_svg(1000, 1000, title="big", dots=False), scale=1.0)
    assert 1000 * 1000 * 32 * 32 > MAX_PIXELS


def test_missing_renderer_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "resvg_py", None)  # makes `import resvg_py` raise ImportError
    with pytest.raises(ModuleNotFoundError) as info:
        svg_to_png(grid_svg(1, 1, title="t"))
    assert str(info.value) == PNG_EXTRA_MESSAGE == "PNG output needs the optional extra: pip install 'loopcraft[png]'"
    assert info.value.name == "resvg_py"
