"""Writes the README's pictures: docs/images/*.svg, from generated puzzles.

Anyone can rerun it; the seeds are fixed, so the same loopcraft writes the same
bytes::

    python scripts/make_readme_pictures.py            # write docs/images/*.svg
    python scripts/make_readme_pictures.py --png      # also a .png beside each (needs loopcraft[png])
    python scripts/make_readme_pictures.py --check    # exit 1 if a picture is missing or out of date

Pictures:

- ``slitherlink-10x10.svg`` / ``slitherlink-10x10-solution.svg``: a generated
  10 x 10 Slitherlink, then its unique solution with the inside shaded;
- ``country-road-8x8.svg`` / ``country-road-8x8-solution.svg``: a generated
  8 x 8 Country Road board, then its unique solution.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import List, Tuple

from loopcraft._svg import country_svg, edges_from_bits, lattice_svg
from loopcraft.country import CountryRoad, generate
from loopcraft.slitherlink import Slitherlink
from loopcraft.slitherlink import generate as generate_slitherlink

ROOT = Path(__file__).resolve().parent.parent
SEED = "readme"


def slitherlink_pictures(rows: int, cols: int) -> List[Tuple[str, str]]:
    board: Slitherlink = generate_slitherlink(rows, cols, seed=SEED)
    result = board.solve()
    assert result.unique and result.solution is not None
    sol = result.solution
    name = f"slitherlink-{rows}x{cols}"
    puzzle = lattice_svg(board.clues, title=f"Slitherlink {rows} x {cols} (loopcraft, seed {SEED!r})")
    solution = lattice_svg(
        board.clues,
        title=f"Slitherlink {rows} x {cols}, its unique solution",
        loop=edges_from_bits(sol.h_edges, sol.v_edges),
        shade_inside=True,
    )
    return [(f"{name}.svg", puzzle), (f"{name}-solution.svg", solution)]


def country_pictures(rows: int, cols: int) -> List[Tuple[str, str]]:
    board: CountryRoad = generate(rows, cols, seed=SEED)
    result = board.solve()
    assert result.unique and result.solution is not None
    name = f"country-road-{rows}x{cols}"
    # Each number sits in the top-left corner of its country's first cell (row-major), as printed puzzles do.
    puzzle = country_svg(board.regions, board.numbers, title=f"Country Road {rows} x {cols} (loopcraft, seed {SEED!r})")
    solution = country_svg(
        board.regions,
        board.numbers,
        title=f"Country Road {rows} x {cols}, its unique solution",
        path=result.solution.pairs,
    )
    return [(f"{name}.svg", puzzle), (f"{name}-solution.svg", solution)]


def main(argv: List[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "images", help="directory (default docs/images)")
    parser.add_argument("--png", action="store_true", help="also write a PNG beside each SVG (needs loopcraft[png])")
    parser.add_argument("--check", action="store_true", help="write nothing; exit 1 if a picture is out of date")
    args = parser.parse_args(argv)
    pictures = slitherlink_pictures(10, 10) + country_pictures(8, 8)
    if args.check:
        stale = [
            name
            for name, svg in pictures
            if not (args.out / name).is_file() or (args.out / name).read_text("utf-8") != svg
        ]
        for name in stale:
            print(f"out of date: {args.out / name}", file=sys.stderr)
        return 1 if stale else 0
    args.out.mkdir(parents=True, exist_ok=True)
    for name, svg in pictures:
        path = args.out / name
        path.write_text(svg, encoding="utf-8", newline="\n")
        print(path)
        if args.png:
            from loopcraft._png import svg_to_png

            svg_to_png(svg, path.with_suffix(".png"), scale=2.0)
            print(path.with_suffix(".png"))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
