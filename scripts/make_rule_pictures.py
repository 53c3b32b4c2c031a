"""Writes docs/rules.md, one small picture per rule (docs/images/rules/*.svg)
and the README's hint (docs/images/hint-slitherlink.svg).

For every rule of ``loopcraft.slitherlink.RULES`` and ``loopcraft.country.RULES``
it looks, on generated puzzles with fixed seeds (and a few fixed boards), for
the first step that uses the rule, preferring small boards and steps that
decide little, and draws that step: what it read highlighted, what it decided
in red. The same loopcraft writes the same bytes::

    python scripts/make_rule_pictures.py           # write docs/rules.md and the pictures
    python scripts/make_rule_pictures.py --check   # exit 1 if anything is missing or out of date
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Dict, Iterator, List, Optional, Tuple, Union

from loopcraft import Position, Rule, Step
from loopcraft.country import RULES as COUNTRY_RULES
from loopcraft.country import CountryRoad
from loopcraft.country import generate as generate_country
from loopcraft.errors import LoopcraftError
from loopcraft.slitherlink import RULES as SLITHER_RULES
from loopcraft.slitherlink import Slitherlink
from loopcraft.slitherlink import generate as generate_slither

Board = Union[Slitherlink, CountryRoad]
ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "images" / "rules"
CELL = 24


def _all_steps(steps: Tuple[Step, ...]) -> Iterator[Step]:
    for s in steps:
        yield s
        if s.because is not None:
            yield from _all_steps(s.because.steps)


def _slither_boards() -> Iterator[Slitherlink]:
    for size in (5, 6, 7):
        for grade in ("easy", "normal", "tricky", "hard", "colour", "trial"):
            for seed in range(3):
                try:
                    yield generate_slither(size, size, seed=seed, grade=grade)
                except LoopcraftError:
                    continue


def _country_boards() -> Iterator[CountryRoad]:
    # Reach: the left pocket holds all of country 1, so the loop stays there.
    yield CountryRoad.from_regions([[1, 1, None, 0, 0], [1, 0, 0, 0, 0], [0, 0, None, 0, 0]])
    for size in (5, 6):
        for seed in range(6):
            yield generate_country(size, size, seed=seed)


def _mistake(board: Board, family: str) -> Optional[Step]:
    sol = board.solve().solution
    if sol is None:
        return None
    if isinstance(board, Slitherlink):
        keys = [("h", r, c) for r in range(board.rows + 1) for c in range(board.cols)]
        keys += [("v", r, c) for r in range(board.rows) for c in range(board.cols + 1)]
        marks = {k: v for k, v in zip(keys, sol.edges)}  # type: ignore[attr-defined]
        lines = [k for k, v in marks.items() if v == 1][:6]
        chosen = {k: 1 for k in lines[:5]}
        chosen[lines[5]] = 0
        pos = Position(family, board.rows, board.cols, chosen)
    else:
        used = sorted(sol.used_cells)  # type: ignore[attr-defined]
        pos = Position(family, board.rows, board.cols, {("cell", *used[0]): 0})
    return board.hint(pos)


def _search(board: Board, family: str) -> Optional[Step]:
    pos = Position(family, board.rows, board.cols)
    for _ in range(500):
        step = board.hint(pos)
        if step is None or step.rule == "search":
            return step
        pos = pos.with_marks(step.decided)
    return None


def examples(
    rules: Tuple[Rule, ...],
    boards: Iterator[Board],
    family: str,
    search_board: Board,
    mistake_board: Board,
    unsolvable_board: Board,
) -> Dict[str, Step]:
    """The first small step of each rule."""
    want = {r.name for r in rules} - {"mistake", "search", "no-solution"}
    found: Dict[str, Step] = {}
    for board in boards:
        for step in _all_steps(board.explain().steps):
            if step.rule in want and not step.contradiction and len(step.decided) <= 4:
                found.setdefault(step.rule, step)
        if want <= set(found):
            break
    m = _mistake(mistake_board, family)
    if m is not None:
        found["mistake"] = m
    s = _search(search_board, family)
    if s is not None:
        found["search"] = s
    n = unsolvable_board.hint(Position(family, unsolvable_board.rows, unsolvable_board.cols))
    if n is not None:
        found["no-solution"] = n
    return found


def _section(
    title: str, family: str, rules: Tuple[Rule, ...], found: Dict[str, Step]
) -> Tuple[List[str], Dict[str, str]]:
    lines = [f"## {title}", "", "| rule | level | what it says |", "| --- | --- | --- |"]
    lines += [f"| `{r.name}` | {r.level} | {r.description} |" for r in rules]
    lines.append("")
    files: Dict[str, str] = {}
    for r in rules:
        lines.append(f"### `{r.name}` ({r.level})")
        lines.append("")
        lines.append(r.description[0].upper() + r.description[1:] + ".")
        lines.append("")
        step = found.get(r.name)
        if step is None:
            lines.append("(no example found on the sample boards)")
        else:
            name = f"{family}-{r.name}.svg"
            files[name] = step.to_svg(cell=CELL)
            lines.append(f'<img src="images/rules/{name}" alt="{step.text}" width="200">')
            lines.append("")
            lines.append(f"> {step.text}")
        lines.append("")
    return lines, files


#: The README's hint: a player's position on a generated 6 x 6 puzzle.
README_POSITION = {
    "h_edges": ["??????", "??????", "??10??", "?110??", "0110??", "010???", "110???"],
    "v_edges": ["???????", "???0???", "??011??", "1000???", "1101???", "101????"],
}


def readme_hint() -> Step:
    """The hint the README shows (see its "Hints and explanations")."""
    board = generate_slither(6, 6, seed="readme", grade="tricky")
    step = board.hint(README_POSITION)
    assert step is not None
    return step


def build() -> Dict[Path, str]:
    slither_search = generate_slither(7, 7, seed=1, grade="search")
    country_search = CountryRoad.from_url("https://puzz.link/p?country/4/6/m9mgc11v5g6j")
    # Boards with no solution: a 3 x 3 whose corner 3 and 0 clash (the 3
    # needs a line on the side it shares with the 0); two countries, one
    # numbered 0 though the loop must visit it.
    slither_none = Slitherlink([[3, 0, None], [None, None, None], [None, None, 2]])
    country_none = CountryRoad.from_regions([[0, 0, 1], [0, 0, 1], [1, 1, 1]], {0: 0})
    s_found = examples(
        SLITHER_RULES, _slither_boards(), "slitherlink", slither_search, generate_slither(5, 5, seed=1), slither_none
    )
    c_found = examples(
        COUNTRY_RULES, _country_boards(), "country", country_search, generate_country(5, 5, seed=1), country_none
    )
    head = [
        "# The rules of explanations",
        "",
        "`board.explain(level)` and `board.hint(position)` name, at each step, one",
        "rule of the family's `RULES` (read from the core). Each rule belongs to a",
        "level of the family's ladder; an explanation uses a rule only where no rule",
        "of a weaker level decides anything. In the pictures, what the step read is",
        "highlighted (numbers and countries shaded yellow, marks in black, other marks",
        "light grey) and what it decided is red. Written by",
        "`scripts/make_rule_pictures.py` from generated puzzles.",
        "",
    ]
    s_lines, s_files = _section("Slitherlink", "slitherlink", SLITHER_RULES, s_found)
    c_lines, c_files = _section("Country Road", "country", COUNTRY_RULES, c_found)
    out: Dict[Path, str] = {ROOT / "docs" / "rules.md": "\n".join(head + s_lines + c_lines).rstrip() + "\n"}
    out[ROOT / "docs" / "images" / "hint-slitherlink.svg"] = readme_hint().to_svg()
    for name, svg in {**s_files, **c_files}.items():
        out[OUT / name] = svg
    return out


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if a file is missing or out of date")
    args = parser.parse_args(argv)
    files = build()
    if args.check:
        stale = [p for p, text in files.items() if not p.exists() or p.read_text(encoding="utf-8") != text]
        for p in stale:
            print(f"out of date: {p.relative_to(ROOT)}", file=sys.stderr)
        return 1 if stale else 0
    OUT.mkdir(parents=True, exist_ok=True)
    for p, text in files.items():
        p.write_text(text, encoding="utf-8")
        print(p.relative_to(ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main())
