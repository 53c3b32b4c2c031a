"""Slitherlink board model and formats: readers, writers, round trips and bad input.

None of these tests needs the solver. The worked examples of
``../shared/external`` are read at test time through ``shared_dir``.
"""

from __future__ import annotations

import dataclasses
import json
import pickle
import re
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from loopcraft.errors import FormatError, LoopcraftError
from loopcraft.slitherlink import Slitherlink, Solution
from loopcraft.slitherlink import _formats as fmt

# --------------------------------------------------------------------------- strategies


@st.composite
def clue_grids(draw, max_rows=12, max_cols=12):
    rows = draw(st.integers(1, max_rows))
    cols = draw(st.integers(1, max_cols))
    density = draw(st.sampled_from([0.0, 0.2, 0.5, 0.9, 1.0]))
    cell = (
        st.one_of(st.none(), st.integers(0, 4))
        if 0 < density < 1
        else (st.none() if density == 0 else st.integers(0, 4))
    )
    return [[draw(cell) for _ in range(cols)] for _ in range(rows)]


def strings(p: Slitherlink):
    return fmt.clue_strings(p.clues)


# --------------------------------------------------------------------------- the model


def test_constructor_normalises_to_tuples():
    p = Slitherlink([[1, None], [None, 3]])
    assert p.clues == ((1, None), (None, 3))
    assert (p.rows, p.cols, p.clue_count, p.num_edges) == (2, 2, 2, 12)
    assert p == Slitherlink(((1, None), (None, 3)))
    assert hash(p) == hash(Slitherlink([[1, None], [None, 3]]))
    with pytest.raises(dataclasses.FrozenInstanceError):
        p.clues = ()  # type: ignore[misc]  # frozen


def test_drawing_matches_loop_v1_style():
    p = Slitherlink([[None, 3], [0, None]])
    assert str(p) == "\n".join(["+   +   +", "  .   3", "+   +   +", "  0   .", "+   +   +"])
    s = Solution.from_inside([[False, True], [False, False]])
    assert Solution(s.rows, s.cols, s.edges, p.clues).draw() == "\n".join(
        ["+   +---+", "  . | 3 |", "+   +---+", "  0   .", "+   +   +"]
    )


@pytest.mark.parametrize(
    "clues, exc, words",
    [
        ([], ValueError, "no rows"),
        ([[]], ValueError, "row 1 is empty"),
        ([[1, 2], [3]], ValueError, "row 2 has 1 cells"),
        ([[1, 5]], ValueError, "row 1, column 2: clue 5"),
        ([[1, None], [None, -1]], ValueError, "row 2, column 2: clue -1"),
        ([[1, "3"]], TypeError, "row 1, column 2"),
        ([[True]], TypeError, "row 1, column 1"),
        ([[1.0]], TypeError, "row 1, column 1"),
        ("2..1", TypeError, "list of rows"),
        ([None], TypeError, "row 1"),
        ([[None] * 101], ValueError, "at most 100"),
        ([[None]] * 101, ValueError, "at most 100"),
    ],
)
def test_constructor_refuses_bad_clues(clues, exc, words):
    with pytest.raises(exc, match=words):
        Slitherlink(clues)


def test_constructor_refuses_huge_boards_quickly():
    class Huge(list):
        def __len__(self):
            return 10**6

    start = time.perf_counter()
    with pytest.raises(LoopcraftError, match="at most 100"):
        Slitherlink(Huge())
    assert time.perf_counter() - start < 1


# --------------------------------------------------------------------------- puzzlekit text


def test_puzzlekit_reads_dashes_dots_and_compact_rows():
    assert Slitherlink.from_puzzlekit("2 3\n- 2 -\n3 - 0").clues == ((None, 2, None), (3, None, 0))
    assert Slitherlink.from_puzzlekit("2 3\n. 2 .  \n3 . 0 \n\n").clues == ((None, 2, None), (3, None, 0))
    assert Slitherlink.from_puzzlekit("2 3\n.2.\n3-0").clues == ((None, 2, None), (3, None, 0))


def test_puzzlekit_writes_header_and_dashes():
    p = Slitherlink([[None, 2, None], [3, None, 0]])
    assert p.to_puzzlekit() == "2 3\n- 2 -\n3 - 0"


@pytest.mark.parametrize(
    "text, words",
    [
        ("", "empty"),
        ("   \n  ", "empty"),
        ("3\n- -", "line 1: expected the size"),
        ("a 2\n- -", "line 1: the number of rows must be a whole number"),
        ("0 0\n", "rows = 0"),
        ("-2 3\n", "rows = -2"),
        ("2 -3\n", "cols = -3"),
        ("1000000 1000000\n", "too large"),
        ("101 5\n", "rows = 101 is too large"),
        ("2 2\n- -", "only 1 follow"),
        ("1 2\n- -\n1 1", "line 3: the header says 1 rows"),
        ("2 2\n- -\n- 1 2", r"line 3 \(row 2\): expected 2 cells, got 3"),
        ("2 2\n- -\n- 5", r"line 3 \(row 2, column 2\): unexpected '5'"),
        ("2 2\n- x\n- 1", r"line 2 \(row 1, column 2\): unexpected 'x'"),
        ("1 3\n- 12 -", r"row 1, column 2\): unexpected '12'"),
    ],
)
def test_puzzlekit_errors_name_the_place(text, words):
    with pytest.raises(FormatError, match=words) as info:
        Slitherlink.from_puzzlekit(text)
    _attributes_agree_with_the_message(info.value)


def _attributes_agree_with_the_message(err: FormatError) -> None:
    """FormatError's place attributes say what its message says: a line,
    row, column or URL body position named in the text is the attribute (the
    reader may know a place that the message leaves out)."""
    message = str(err)
    named = {
        "line": re.search(r"^line (\d+)", message),
        "row": re.search(r"\((?:at )?row (\d+)", message),
        "column": re.search(r"\((?:at )?row \d+, column (\d+)\)", message),
        "position": re.search(r"^URL body:.* at position (\d+)", message),
    }
    for attr, match in named.items():
        value = getattr(err, attr)
        if match is not None:
            assert value == int(match.group(1)), (attr, message)
    if message.startswith("URL"):
        assert err.part in ("envelope", "size", "flags", "body") and err.line is None
    elif err.line is not None:
        assert err.part is None and err.position is None


def test_format_error_place_attributes_pickle_and_copy():
    with pytest.raises(FormatError) as info:
        Slitherlink.from_url("https://puzz.link/p?slither/3/2/1g3A")
    err = info.value
    assert (err.part, err.position, err.line, err.row, err.column) == ("body", 4, None, 2, 1)
    back = pickle.loads(pickle.dumps(err))
    assert (type(back), str(back), back.part, back.position) == (FormatError, str(err), "body", 4)
    told = err.with_message("other words")
    assert (str(told), told.part, told.position) == ("other words", "body", 4)
    with pytest.raises(FormatError) as info:
        Slitherlink.from_puzzlekit("2 2\n- x\n- 1")
    assert (info.value.line, info.value.row, info.value.column, info.value.part) == (2, 1, 2, None)
    # Text with a lone surrogate goes through the reader shifted and back:
    # the place survives the message's repair.
    with pytest.raises(FormatError) as info:
        Slitherlink.from_puzzlekit("2 2\n- \ud800\n- 1")
    assert "\\ud800" in str(info.value) and (info.value.line, info.value.row, info.value.column) == (2, 1, 2)
    # Errors of the Python readers (JSON, Loopy IDs) name no place.
    with pytest.raises(FormatError) as info:
        Slitherlink.from_json('{"clues": 5}')
    assert (info.value.line, info.value.part) == (None, None)


def test_puzzlekit_refuses_a_huge_header_without_allocating():
    start = time.perf_counter()
    with pytest.raises(FormatError, match="too large"):
        Slitherlink.from_puzzlekit("1000000 1000000\n" + "- " * 10)
    assert time.perf_counter() - start < 1


def test_solution_text_round_trip():
    text = "3 4\nx x - -\nx x x -\n- - x -"
    sol = Solution.from_puzzlekit(text)
    assert sol.to_puzzlekit() == text
    assert sol.inside == ((True, True, False, False), (True, True, True, False), (False, False, True, False))
    assert sol.length == 12
    assert Solution.from_edges(sol.h_edges, sol.v_edges) == sol
    assert Solution.from_edges(*[["".join(map(str, r)) for r in g] for g in (sol.h_edges, sol.v_edges)]) == sol


@pytest.mark.parametrize(
    "text, words",
    [
        ("2 2\nx -\n- x", "3 loop edges|4 loop edges"),  # two cells touching at a corner
        ("2 2\n- -\n- -", "no loop edges"),
        ("3 3\nx x x\nx - x\nx x x", "more than one loop"),  # a hole inside
        ("1 2\nx o", r"row 1, column 2\): unexpected 'o'"),
    ],
)
def test_solution_text_must_be_one_loop(text, words):
    with pytest.raises(LoopcraftError, match=words):
        Solution.from_puzzlekit(text)


# --------------------------------------------------------------------------- puzz.link URLs


@pytest.mark.parametrize(
    "url",
    [
        "https://puzz.link/p?slither/3/1/1g3",
        "https://puzz.link/p?slither/3/1/1gd",  # pzprjs: a-e at the very end
        "https://puzz.link/p?slither/3/1/1g8",  # an older encoder: 5-9 at the very end
        "http://pzv.jp/p.html?slither/3/1/1g3",
        "https://pzprxs.vercel.app/p?slither/3/1/1gd",
        "https://puzz.link/p?slither/3/1/1gd/",
        "slither/3/1/1g3",
    ],
)
def test_url_accepts_both_endings_and_hosts(url):
    assert Slitherlink.from_url(url).clues == ((1, None, 3),)


def test_url_writer_follows_pzprjs():
    p = Slitherlink([[1, None, None, None, 3]])
    assert p.to_url() == "https://puzz.link/p?slither/5/1/bgd"
    assert p.to_url("pzv.jp") == "http://pzv.jp/p.html?slither/5/1/bgd"
    assert p.to_url("pzprxs") == "https://pzprxs.vercel.app/p?slither/5/1/bgd"
    # A clue absorbs one blank (5-9) or two (a-e); runs of blanks are g..z (1..20).
    assert Slitherlink([[2, None, 1, 0, None, None, 4]]).to_url().endswith("/7/1/71ae")
    assert Slitherlink([[None] * 45]).to_url().endswith("/45/1/zzk")
    assert Slitherlink([[None, None], [None, None]]).to_url().endswith("/2/2/j")


def test_url_question_mark_cell_reads_as_blank():
    assert Slitherlink.from_url("https://puzz.link/p?slither/3/1/1.3").clues == ((1, None, 3),)


@pytest.mark.parametrize(
    "url, words",
    [
        ("https://puzz.link/p?country/3/1/1g3", "puzzle type is 'country'"),
        ("https://puzz.link/p?slither/f/3/1/1g3", "'f' variant"),
        ("https://puzz.link/p?slither/x/3/1/1g3", "unknown Slitherlink URL flag 'x'"),
        ("https://puzz.link/p?slither/3/1", "no COLS/ROWS/BODY"),
        ("https://puzz.link/p?slither/3/1/1g3/zz", "extra fields"),
        ("https://puzz.link/p?slither/3/1/1g3//", "extra fields"),
        ("https://puzz.link/", "no '\\?' query"),
        ("https://puzz.link/p?slither/3/1a/1g3", "rows must be a whole number"),
        ("https://puzz.link/p?slither/3/\u00b2/1g3", "rows must be a whole number"),
        ("https://puzz.link/p?slither/0/0/", "rows = 0"),
        ("https://puzz.link/p?slither/1000000/1000000/g", "too large"),
        ("https://puzz.link/p?slither/3/1/1g", "ends after 2 of 3 cells"),
        ("https://puzz.link/p?slither/3/1/1g33", "position 4: all 3 cells"),
        ("https://puzz.link/p?slither/3/2/1gf", r"'f' at position 3 \(row 1, column 3\)"),
        ("https://puzz.link/p?slither/3/2/1g3A", r"'A' at position 4 \(row 2, column 1\)"),
    ],
)
def test_url_errors(url, words):
    with pytest.raises(FormatError, match=words) as info:
        Slitherlink.from_url(url)
    _attributes_agree_with_the_message(info.value)


def test_url_writer_refuses_an_unknown_site():
    with pytest.raises(LoopcraftError, match="site must be one of"):
        Slitherlink([[1]]).to_url("example.com")


# --------------------------------------------------------------------------- Tatham Loopy


def test_tatham_reads_letters_as_blank_runs():
    p = Slitherlink.from_tatham("3x2t0:1a3c")
    assert p.clues == ((1, None, 3), (None, None, None))
    assert p.to_tatham() == "3x2t0:1a3c"
    assert Slitherlink.from_tatham("3x2:1a3c") == p  # t0 is the default grid
    assert Slitherlink.from_tatham("3x2t0de:1a3c") == p  # full params with a difficulty
    assert Slitherlink([[None] * 30]).to_tatham() == "30x1t0:zd"


@pytest.mark.parametrize(
    "gid, words",
    [
        ("3x2t1:1a3c", "grid type t1"),
        ("3x2t0", "not a Loopy game ID"),
        ("3x2t0:1a3b", "covers 5 of 6 cells"),
        ("3x2t0:1a3d", "runs 1 cells past the end"),
        ("3x2t0:1a3c2", "all 6 cells are already read"),
        ("3x2t0:1a5c", r"clue 5 at row 1, column 3"),
        ("3x2t0:1a3C", r"'C' at position 4 \(row 2, column 1\)"),
        ("0x0t0:", "rows = 0"),
        ("1000000x1000000t0:a", "too large"),
    ],
)
def test_tatham_errors(gid, words):
    with pytest.raises(FormatError, match=words):
        Slitherlink.from_tatham(gid)


# --------------------------------------------------------------------------- JSON


def test_json_round_trip_and_list_rows():
    p = Slitherlink([[None, 2], [3, None]])
    assert json.loads(p.to_json()) == {"kind": "slitherlink", "rows": 2, "cols": 2, "clues": [".2", "3."]}
    assert Slitherlink.from_json(p.to_json()) == p
    assert Slitherlink.from_json('{"clues": [[null, 2], [3, null]]}') == p
    assert Slitherlink.from_json('{"clues": ["-2", "3?"], "note": "extra keys are ignored"}') == p


@pytest.mark.parametrize(
    "text, words",
    [
        ("{", "not valid JSON"),
        ("[1, 2]", "must be an object"),
        ('{"kind": "country", "clues": ["1"]}', "'kind' is 'country'"),
        ('{"rows": 1}', "no 'clues'"),
        ('{"clues": "12"}', "list of rows"),
        ('{"clues": []}', "empty"),
        ('{"clues": ["12", "1"]}', "row 2 has 1 cells"),
        ('{"clues": ["12", "15"]}', r"row 2, column 2: unexpected '5'"),
        ('{"clues": [[1, 7]]}', r"row 1, column 2: 7 is not a clue"),
        ('{"clues": [[1, true]]}', r"row 1, column 2: True is not a clue"),
        ('{"clues": ["12"], "rows": 2}', "says 2 x 2"),
        ('{"clues": ["12"], "rows": 1000000, "cols": 1000000}', "too large"),
        ('{"clues": ["12"], "cols": "2"}', "'cols' must be an integer"),
    ],
)
def test_json_errors(text, words):
    with pytest.raises(FormatError, match=words):
        Slitherlink.from_json(text)


# --------------------------------------------------------------------------- detection and round trips


@given(clue_grids())
@settings(max_examples=150, deadline=None)
def test_every_format_round_trips(grid):
    p = Slitherlink(grid)
    assert Slitherlink.from_url(p.to_url()) == p
    assert Slitherlink.from_url(p.to_url("pzv.jp")) == p
    assert Slitherlink.from_tatham(p.to_tatham()) == p
    assert Slitherlink.from_json(p.to_json()) == p
    assert Slitherlink.from_puzzlekit(p.to_puzzlekit()) == p
    for text in (p.to_url(), p.to_tatham(), p.to_json(), p.to_puzzlekit()):
        assert Slitherlink.parse(text) == p
    assert eval(repr(p), {"Slitherlink": Slitherlink}) == p


@given(clue_grids(max_rows=6, max_cols=6), st.integers(0, 4))
@settings(max_examples=100, deadline=None)
def test_url_final_clue_reads_in_all_three_forms(grid, last):
    """A clue in the last cell ends the body as a-e (pzprjs), a digit, or 5-9."""
    grid[-1][-1] = last
    p = Slitherlink(grid)
    url = p.to_url()
    assert url[-1] == "abcde"[last]
    for alt in (str(last), str(last + 5)):
        assert Slitherlink.from_url(url[:-1] + alt) == p


@given(st.text(max_size=60))
@settings(max_examples=300, deadline=None)
def test_parse_never_crashes(text):
    try:
        Slitherlink.parse(text)
    except FormatError:
        pass


@given(
    st.text(alphabet="0123456789abcdefghijklmnopqrstuvwxyz.ABZ-/", max_size=30), st.integers(1, 6), st.integers(1, 6)
)
@settings(max_examples=300, deadline=None)
def test_url_body_never_crashes(body, cols, rows):
    try:
        p = Slitherlink.from_url(f"https://puzz.link/p?slither/{cols}/{rows}/{body}")
    except FormatError:
        return
    assert (p.rows, p.cols) == (rows, cols)


def test_detect():
    assert fmt.detect("https://puzz.link/p?slither/1/1/3") == "url"
    assert fmt.detect("7x7t0:02g2") == "tatham"
    assert fmt.detect(' {"clues": ["1"]}') == "json"
    assert fmt.detect("1 1\n3") == "puzzlekit"
    with pytest.raises(FormatError, match="empty input"):
        Slitherlink.parse("  ")


# --------------------------------------------------------------------------- shared worked examples


def _load(shared_dir, name):
    with open(shared_dir / "external" / name, encoding="utf-8") as f:
        return json.load(f)


def test_shared_pzprjs_url_decodes(shared_dir):
    entries = _load(shared_dir, "pzprjs_slither.json")
    plain = [e for e in entries if e["url"]]
    assert plain
    for e in plain:
        p = Slitherlink.from_url(e["url"])
        assert (p.rows, p.cols) == (e["rows"], e["cols"])
        assert strings(p) == e["clues"]
        # pzprjs wrote this URL; our writer reproduces it exactly.
        assert p.to_url() == e["url"]
    for e in entries:
        if e["flags"] == "f":
            with pytest.raises(FormatError, match="'f' variant"):
                Slitherlink.from_url(e["derived_url"])


def test_shared_cspuz_urls_decode(shared_dir):
    for e in _load(shared_dir, "cspuz_tests.json")["slitherlink"]:
        if e["flags"] == "f":
            with pytest.raises(FormatError, match="'f' variant"):
                Slitherlink.from_url(e["url"])
            continue
        p = Slitherlink.from_url(e["url"])
        assert strings(p) == e["clues"]
        assert Slitherlink.from_url(p.to_url("pzprxs")) == p


def test_shared_tatham_ids_decode(shared_dir):
    entries = _load(shared_dir, "tatham_loopy.json")
    assert len(entries) == 2
    for e in entries:
        p = Slitherlink.from_tatham(e["game_id"])
        assert (p.rows, p.cols) == (e["h"], e["w"])
        assert strings(p) == e["clues"]
        assert p.to_tatham() == e["game_id"]


def test_shared_noqx_and_ppbench_urls_decode(shared_dir):
    noqx = [e for e in _load(shared_dir, "noqx_examples.json") if e["genre"] == "slither"]
    for e in noqx:
        p = Slitherlink.from_url(e["url"])
        assert (p.rows, p.cols) == (e["rows"], e["cols"])
        assert strings(p) == e["clues"]
    bench = [e for e in _load(shared_dir, "ppbench_golden_urls.json") if e["genre"] == "slither"]
    assert len(bench) == 15
    for e in bench:
        p = Slitherlink.from_url(e["url"])
        assert (p.rows, p.cols) == (e["height"], e["width"])
        assert Slitherlink.from_url(p.to_url()) == p


def test_shared_solution_edges_read(shared_dir):
    """The normalised h_edges/v_edges of the shared answers build one loop each."""
    for name in ("pzprjs_slither.json", "ortools_slitherlink.json", "tatham_loopy.json"):
        for e in _load(shared_dir, name):
            if e.get("flags"):
                continue
            sol = Solution.from_edges(e["h_edges"], e["v_edges"])
            assert sol.to_dict()["h_edges"] == e["h_edges"]
            assert Slitherlink.from_dict({"clues": e["clues"]}).check(sol).ok


def test_shared_puzzlekit_problems_parse(shared_dir):
    data = _load(shared_dir, "puzzlekit/Slitherlink_dataset.json")["data"]
    assert len(data) == 1176
    for key, entry in data.items():
        p = Slitherlink.from_puzzlekit(entry["problem"])
        rows, cols = map(int, entry["problem"].split("\n", 1)[0].split())
        assert (p.rows, p.cols) == (rows, cols), key
        assert Slitherlink.from_puzzlekit(p.to_puzzlekit()) == p


def test_format_doctests():
    import doctest

    from loopcraft.slitherlink import _formats

    failed, tried = doctest.testmod(_formats)
    assert tried >= 3 and failed == 0


def test_json_numbers_of_any_length_are_format_errors_in_our_words():
    """A JSON number past MAX_DIGITS digits is refused as the text readers
    refuse one, not with Python's own message about its settings."""
    from loopcraft._text import MAX_DIGITS

    text = '{"kind": "slitherlink", "rows": ' + "9" * (MAX_DIGITS + 1) + ', "cols": 2, "clues": []}'
    with pytest.raises(FormatError, match=f"a number of {MAX_DIGITS + 1} digits is too long") as info:
        Slitherlink.from_json(text)
    assert "sys." not in str(info.value)
    # Just within the bound the number is read, and then refused as a size.
    with pytest.raises(FormatError):
        Slitherlink.from_json(text.replace("9" * (MAX_DIGITS + 1), "9" * MAX_DIGITS))
