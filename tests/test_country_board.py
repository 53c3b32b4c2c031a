"""Country Road board model, formats and referee (pure Python, no search)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from loopcraft.country import CountryLoop, CountryRoad, _ladder, check
from loopcraft.country._loop import edge_cells, edge_count, edge_id
from loopcraft.errors import ArgumentError, ArgumentTypeError, FormatError, LoopcraftError

PZPR_URL = "https://puzz.link/p?country/5/5/amda0uf02h12h"


def _load(shared_dir, name):
    with open(shared_dir / "external" / name, encoding="utf-8") as f:
        return json.load(f)


# --------------------------------------------------------------------------- board model


def test_from_regions_keeps_user_ids_and_shapes():
    b = CountryRoad.from_regions([["a", "a", 7], ["b", "b", 7]], {7: 2, "a": None})
    assert (b.rows, b.cols) == (2, 3)
    assert b.regions == (("a", "a", 7), ("b", "b", 7))
    assert dict(b.numbers) == {7: 2}
    assert b.countries == ("a", 7, "b")
    assert b.core_args() == (2, 3, [0, 0, 1, 2, 2, 1], [None, 2, None])
    assert b.cells_of(7) == ((0, 2), (1, 2))
    assert b.size_of("b") == 2
    # A region that is not a country is the hierarchy's error, as in with_numbers.
    for missing in ("c", 8, ["a"], None):
        with pytest.raises(ArgumentError, match="is not on the board"):
            b.size_of(missing)
        with pytest.raises(ArgumentError, match="is not on the board"):
            b.cells_of(missing)


def test_board_is_frozen_hashable_and_numbers_read_only():
    b = CountryRoad.from_regions([[1, 1], [2, 2]], {1: 2})
    with pytest.raises(AttributeError):
        b.rows = 3  # type: ignore[misc]
    with pytest.raises(TypeError):  # a read-only mapping (Python's own error)
        b.numbers[1] = 1  # type: ignore[index]
    same = CountryRoad.from_regions([[1, 1], [2, 2]], {1: 2})
    assert b == same and hash(b) == hash(same)
    assert b != b.with_numbers({})


@pytest.mark.parametrize(
    "regions, numbers, exc, words",
    [
        ([[1, 1], [2]], None, ValueError, "ragged"),
        ([[1, 2, 1], [1, 3, 3]], None, ValueError, "not one connected country"),
        ([[1, 2], [2, 1]], None, ValueError, "region 2 is not one connected"),
        ([[1, 1], [2, 2]], {1: 3}, ValueError, "outside 0..2"),
        ([[1, 1], [2, 2]], {5: 1}, ValueError, "not on the board"),
        ([[1, 1], [2, 2]], {1: -1}, ValueError, "outside"),
        ([[1, 1], [2, 2]], {1: "2"}, TypeError, "must be an int"),
        ([[1, 1], [2, 2]], {1: True}, TypeError, "must be an int"),
        ([[1.5, 1], [2, 2]], None, TypeError, "region id"),
        ([[1, 1]], None, ValueError, "at least 2 rows"),
        ([[1], [1]], None, ValueError, "at least 2 columns"),
        ([[0] * 31] * 2, None, ValueError, "at most 30"),
        ([[0] * 2] * 31, None, ValueError, "at most 30"),
        ([[None, None], [None, None]], None, ValueError, "no country"),
        ("ab", None, TypeError, "list of rows"),
        ([[1, 1], [2, 2]], [1, 2], TypeError, "mapping"),
    ],
)
def test_bad_boards_raise_clear_errors(regions, numbers, exc, words):
    with pytest.raises(exc, match=words):
        CountryRoad.from_regions(regions, numbers)


def test_huge_board_is_refused_before_reading_rows():
    class Rows(list):
        def __getitem__(self, i):  # pragma: no cover - must not be reached
            raise AssertionError("rows were read")

        def __iter__(self):  # pragma: no cover
            raise AssertionError("rows were iterated")

    huge = Rows([None] * 100_000)
    with pytest.raises(LoopcraftError, match="at most 30"):
        CountryRoad.from_regions(huge)


def test_blocked_cells():
    b = CountryRoad.from_regions([[None, 1, 1], [2, 2, 1], [2, 2, 1]])
    assert b.blocked == ((0, 0),)
    assert b.core_args()[2][0] == -1
    assert "###" in str(b)


def test_drawing_shows_borders_and_numbers():
    b = CountryRoad.from_regions([[1, 1, 2], [3, 3, 2]], {2: 2, 3: 1})
    assert str(b).splitlines() == [
        "+---+---+---+",
        "|       | 2 |",
        "+---+---+   +",
        "| 1     |   |",
        "+---+---+---+",
    ]


# --------------------------------------------------------------------------- loops


def test_edge_numbering_matches_the_contract():
    R, C = 3, 4
    assert edge_count(R, C) == R * (C - 1) + (R - 1) * C
    assert edge_id(R, C, (1, 2), (1, 3)) == 1 * (C - 1) + 2
    assert edge_id(R, C, (2, 0), (1, 0)) == R * (C - 1) + 1 * C + 0
    for e in range(edge_count(R, C)):
        a, b = edge_cells(R, C, e)
        assert edge_id(R, C, b, a) == e
    with pytest.raises(LoopcraftError):
        edge_id(R, C, (0, 0), (1, 1))


def test_loop_text_forms_round_trip():
    text = "3 3\nse ew sw\nns - ns\nne ew nw"
    lp = CountryLoop.from_puzzlekit(text)
    assert lp.to_puzzlekit() == text
    assert len(lp.used_cells) == 8 and lp.cycle()[0] == (0, 0)
    right, down = lp.right_down()
    assert CountryLoop.from_right_down(right, down) == lp
    assert CountryLoop.from_bits(3, 3, lp.bits) == lp
    assert CountryLoop.from_pairs(3, 3, lp.pairs) == lp
    assert "┌" in str(lp)


@pytest.mark.parametrize(
    "text, words",
    [
        ("3 3\nse ew sw\nns - ns", "the header says 3 rows, but only 2 follow"),
        ("2 2\nse sx\nne nw", "two of n s e w"),
        ("2 2\nse sw\nne ns", "not matched"),
        ("2 2\nnn sw\nne nw", "two of n s e w"),
        ("2 2\nnw -\n- -", "leaves the board"),
        ("2\nse sw\nne nw", "ROWS COLS"),
        ("99 2\n", "outside"),
        ("", "empty"),
    ],
)
def test_bad_solution_text(text, words):
    with pytest.raises(FormatError, match=words):
        CountryLoop.from_puzzlekit(text)


# --------------------------------------------------------------------------- referee


def _two_by_two():
    return CountryRoad.from_regions([[1, 1], [2, 2]])


def test_referee_accepts_a_solution_in_every_input_form():
    b = _two_by_two()
    lp = CountryLoop.from_puzzlekit("2 2\nse sw\nne nw")
    for form in (lp, lp.to_puzzlekit(), lp.bits, sorted(lp.edges), lp.pairs):
        res = check(b, form)
        assert res.ok and res.violations == () and bool(res)


def test_referee_names_each_rule():
    # 3 x 3, countries: top row A, middle row B, bottom row C; numbers A=3.
    b = CountryRoad.from_regions([["A"] * 3, ["B"] * 3, ["C"] * 3], {"A": 3})
    # Loop around the top 2 x 2 block: C unvisited, A shows 3 but uses 2.
    res = check(b, "3 3\nse sw -\nne nw -\n- - -")
    assert res.rules() == ("country-visited", "number", "unused-neighbours")
    assert any(v.rule == "country-visited" and v.where == "C" for v in res.violations)
    assert any(v.rule == "number" and v.where == "A" for v in res.violations)
    # Two separate loops and a dead end.
    b4 = CountryRoad.from_regions([[i * 4 + j for j in range(4)] for i in range(4)])
    two = CountryLoop.from_pairs(
        4,
        4,
        [
            ((0, 0), (0, 1)),
            ((0, 1), (1, 1)),
            ((1, 1), (1, 0)),
            ((1, 0), (0, 0)),
            ((2, 2), (2, 3)),
            ((2, 3), (3, 3)),
            ((3, 3), (3, 2)),
            ((3, 2), (2, 2)),
        ],
    )
    assert "one-loop" in check(b4, two).rules()
    path = CountryLoop.from_pairs(4, 4, [((0, 0), (0, 1)), ((0, 1), (0, 2))])
    assert {v.where for v in check(b4, path).violations if v.rule == "dead-end"} == {(0, 0), (0, 2)}
    cross = CountryLoop.from_pairs(3, 3, [((1, 1), (0, 1)), ((1, 1), (2, 1)), ((1, 1), (1, 0))])
    assert "branch" in check(b, cross).rules()
    assert check(b, CountryLoop(3, 3, frozenset())).rules()[0] == "one-loop"


def test_referee_country_once_and_blocked():
    # A U-shaped country entered twice by a loop around the whole 3 x 3 ring.
    b = CountryRoad.from_regions([[1, 2, 1], [1, 1, 1], [3, 3, 3]])
    ring = "3 3\nse ew sw\nns - ns\nne ew nw"
    res = check(b, ring)
    assert ("country-once" in res.rules()) and any(v.where == 1 for v in res.violations if v.rule == "country-once")
    blocked = CountryRoad.from_regions([[None, 1, 1], [2, 2, 1], [2, 2, 1]])
    assert "blocked" in check(blocked, ring).rules()


def test_referee_bad_arguments():
    b = _two_by_two()
    with pytest.raises(ArgumentTypeError):
        check("not a board", "2 2\nse sw\nne nw")  # type: ignore[arg-type]
    with pytest.raises(LoopcraftError, match="3 x 3"):
        check(b, "3 3\nse ew sw\nns - ns\nne ew nw")
    with pytest.raises(ArgumentTypeError):
        check(b, 12)


# --------------------------------------------------------------------------- formats


def test_puzzlekit_problem_round_trip_and_ids():
    text = "3 3\n- 2 -\n- - -\n- - 3\n1 1 2\n3 3 2\n3 3 2"
    b = CountryRoad.from_puzzlekit(text)
    assert dict(b.numbers) == {1: 2, 2: 3}
    assert b.countries == (1, 2, 3)
    assert CountryRoad.from_puzzlekit(b.to_puzzlekit()) == b
    # Blocked cells ('@') and string ids.
    b2 = CountryRoad.from_puzzlekit("2 3\n- - -\n- - -\n@ a a\nb b a")
    assert b2.blocked == ((0, 0),) and b2.countries == ("a", "b")
    # Only ASCII digits make an int id; '²' is a name like any other.
    assert CountryRoad.from_puzzlekit("2 2\n- -\n- -\n\u00b2 \u00b2\n1 1").countries == ("\u00b2", 1)


@pytest.mark.parametrize(
    "text, words",
    [
        ("2 2\n- -\n- -\n1 1\n", "2 rows of numbers and 2 rows of regions, but only 3"),
        ("2 2\n- x\n- -\n1 1\n2 2", "not a number"),
        # str.isdigit accepts '²' and int() refuses it: once a bare ValueError.
        ("2 2\n- \u00b2\n- -\n1 1\n2 2", "'\u00b2' is not a number"),
        ("2 2\n- \u0663\n- -\n1 1\n2 2", "not a number"),
        ("2 2\n1 2\n- -\n1 1\n2 2", "two different numbers"),
        ("2 2\n3 -\n- -\n1 1\n2 2", "outside 0..2"),
        ("2 2\n- -\n- -\n1 2\n2 1", "not one connected"),
        ("2 2\n- -\n- -\n1 1 1\n2 2", r"line 4 \(row 1\): expected 2 cells, got 3"),
        ("2 2\n1 -\n- -\n@ 1\n2 2", r"line 2 \(row 1, column 1\) holds a number in a blocked cell"),
        ("40 40\n", "outside 2..30"),
    ],
)
def test_bad_puzzlekit_problems(text, words):
    with pytest.raises(FormatError, match=words):
        CountryRoad.from_puzzlekit(text)


def test_url_round_trip_and_numbers():
    b = CountryRoad.from_url(PZPR_URL)
    assert b.to_url() == PZPR_URL
    assert b.regions[2] == (3, 4, 4, 4, 2)
    assert dict(b.numbers) == {0: 2, 3: 1, 4: 2}
    # Every number width of the format survives a round trip.
    big = CountryRoad.from_regions([[0] * 30] * 10 + [[1] * 30] * 10 + [[2] * 30] * 10, {0: 15, 1: 255, 2: 300})
    again = CountryRoad.from_url(big.to_url())
    assert again.to_url() == big.to_url() and dict(again.numbers) == {0: 15, 1: 255, 2: 300}
    # Long runs of rooms without numbers use several skip characters.
    many = CountryRoad.from_regions([[r * 6 + c for c in range(6)] for r in range(6)], {35: 1})
    assert CountryRoad.from_url(many.to_url()) == many
    assert CountryRoad.from_url("country/5/5/amda0uf02h12h") == b
    assert CountryRoad.from_url("http://pzv.jp/p.html?country/5/5/amda0uf02h12h") == b


@pytest.mark.parametrize(
    "url, words",
    [
        ("https://puzz.link/p?slither/5/5/abc", "not a Country Road URL: the puzzle type is 'slither'"),
        ("https://puzz.link/p?country/5/5", "COLS/ROWS/BODY"),
        ("https://puzz.link/p?country/5/x/abc", "rows must be a whole number"),
        ("https://puzz.link/p?country/5/\u00b2/abc", "rows must be a whole number"),
        ("https://puzz.link/p?country/\u00b2/5/5/abc", "unknown Country Road URL flag"),
        ("https://puzz.link/p?country/99999999/99999999/a", "outside 2..30"),
        ("https://puzz.link/p?country/5/5/am", "ends inside"),
        ("https://puzz.link/p?country/5/5/am!a0uf02h12h", "not base-32"),
        ("https://puzz.link/p?country/e/5/5/vvuebrvb1q1j", "'e' flag"),
        ("https://puzz.link/p?country/q/5/5/vvuebrvb1q1j", "unknown Country Road URL flag 'q'"),
        ("https://puzz.link/p?country/5/5/amda0uf02h12h/x", "extra fields"),
        ("https://puzz.link/", "no '\\?' query"),
        ("https://puzz.link/p?country/5/5/amda0uf0!", "not a room number"),
        ("https://puzz.link/p?country/5/5/amda0uf02h12hgggggggg", "unread"),
        ("https://puzz.link/p?country/5/5/amda0uf09h12h", "outside 0..4"),
        ("https://puzz.link/p?country/5/5/amda0uf0-zz", "2 hex digits"),
        ("https://puzz.link/p?country/3/3/0080", "inside a single country"),
    ],
)
def test_bad_urls(url, words):
    with pytest.raises(FormatError, match=words):
        CountryRoad.from_url(url)


def test_url_refuses_blocked_cells():
    with pytest.raises(LoopcraftError, match="blocked"):
        CountryRoad.from_regions([[None, 1], [1, 1]]).to_url()


def test_json_round_trip_and_errors():
    b = CountryRoad.from_regions([["x", "x", None], ["y", 3, 3]], {"y": 1, 3: 2})
    assert CountryRoad.from_json(b.to_json()) == b
    assert CountryRoad.from_json(json.loads(b.to_json())) == b
    as_object = {"regions": [[1, 1], [2, 2]], "numbers": {"2": 2}}
    assert dict(CountryRoad.from_json(json.dumps(as_object)).numbers) == {2: 2}
    for bad, words in [
        ("{", "not valid JSON"),
        ("[1, 2]", "must be an object"),
        ('{"kind": "slither", "regions": [[1]]}', "kind"),
        ('{"regions": [[1, 1], [2]]}', "ragged"),
        ('{"regions": [[1, 1], [2, 2]], "numbers": [[1]]}', "pairs"),
        ('{"regions": [[1, 1], [2, 2]], "rows": 3}', "does not match"),
    ]:
        with pytest.raises(FormatError, match=words):
            CountryRoad.from_json(bad)


def test_parse_detects_the_format():
    b = CountryRoad.from_url(PZPR_URL)
    assert CountryRoad.parse(PZPR_URL + "\n") == b
    assert CountryRoad.parse(b.to_json()) == b
    assert CountryRoad.parse(b.to_puzzlekit()) == b
    assert CountryRoad.parse(json.dumps({"problem": b.to_puzzlekit()})) == b


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="0123456789abcdefghijklmnopqrstuvwxyz-+=%*$./?", max_size=40))
def test_url_fuzz_never_crashes(body):
    try:
        CountryRoad.from_url("https://puzz.link/p?country/" + body)
    except (FormatError, ValueError):
        pass


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="0123456789 -@abnsew\n", max_size=80))
def test_puzzlekit_fuzz_never_crashes(text):
    for reader in (CountryRoad.from_puzzlekit, CountryLoop.from_puzzlekit):
        try:
            reader(text)
        except (FormatError, ValueError):
            pass


# --------------------------------------------------------------------------- external data (formats + referee)


def test_external_urls_decode_to_the_stored_rooms(shared_dir):
    cases = _load(shared_dir, "pzprjs_country.json") + _load(shared_dir, "cspuz_tests.json")["country_road"]
    cases += [e for e in _load(shared_dir, "noqx_examples.json") if e["genre"] == "country"]
    decoded = 0
    for e in cases:
        if e.get("flags") == "e":
            with pytest.raises(FormatError, match="'e' flag"):
                CountryRoad.from_url(e["url"])
            continue
        if e.get("dangling_borders"):
            with pytest.raises(FormatError, match="inside a single country"):
                CountryRoad.from_url(e["url"])
            continue
        b = CountryRoad.from_url(e["url"])
        assert [list(r) for r in b.regions] == e["rooms"]
        assert [b.numbers.get(k) for k in b.countries] == e["room_clues"]
        assert b.to_url().split("?", 1)[1] == e["url"].split("?", 1)[1]
        assert check(b, CountryLoop.from_right_down(e["right"], e["down"])).ok
        decoded += 1
    assert decoded == 3


def test_ppbench_urls_round_trip(shared_dir):
    urls = [e["url"] for e in _load(shared_dir, "ppbench_golden_urls.json") if e["genre"] == "country"]
    assert len(urls) == 15
    for url in urls:
        b = CountryRoad.from_url(url)
        assert b.to_url().split("?", 1)[1] == url.split("?", 1)[1]


def test_puzzlekit_dataset_reads_and_every_stored_solution_passes(shared_dir):
    data = _load(shared_dir, "puzzlekit/CountryRoad_dataset.json")["data"]
    assert len(data) == 270
    with_blocked = 0
    for key, e in data.items():
        b = CountryRoad.from_puzzlekit(e["problem"])
        lp = CountryLoop.from_puzzlekit(e["solution"])
        assert lp.to_puzzlekit().split() == e["solution"].split(), key
        assert CountryRoad.from_puzzlekit(b.to_puzzlekit()) == b
        res = check(b, lp)
        assert res.ok, (key, res.violations[:3])
        with_blocked += bool(b.blocked)
        # Removing any one segment breaks the loop; the referee must notice.
        e0 = min(lp.edges)
        assert not check(b, CountryLoop(lp.rows, lp.cols, lp.edges - {e0})).ok
    assert with_blocked == 4


def _components(grid):
    """Relabels a grid of colours into connected countries numbered by first cell."""
    R, C = len(grid), len(grid[0])
    out = [[None] * C for _ in range(R)]
    k = 0
    for r in range(R):
        for c in range(C):
            if out[r][c] is not None:
                continue
            stack = [(r, c)]
            out[r][c] = k
            while stack:
                y, x = stack.pop()
                for y2, x2 in ((y - 1, x), (y + 1, x), (y, x - 1), (y, x + 1)):
                    if 0 <= y2 < R and 0 <= x2 < C and out[y2][x2] is None and grid[y2][x2] == grid[y][x]:
                        out[y2][x2] = k
                        stack.append((y2, x2))
            k += 1
    return out


@st.composite
def boards(draw):
    R = draw(st.integers(2, 9))
    C = draw(st.integers(2, 9))
    colours = draw(st.lists(st.lists(st.integers(0, 3), min_size=C, max_size=C), min_size=R, max_size=R))
    regions = _components(colours)
    b = CountryRoad.from_regions(regions)
    numbers = {}
    for rid in b.countries:
        if draw(st.booleans()):
            numbers[rid] = draw(st.integers(0, b.size_of(rid)))
    return b.with_numbers(numbers)


@settings(max_examples=200, deadline=None)
@given(boards())
def test_every_format_round_trips(b):
    assert CountryRoad.from_url(b.to_url()) == b  # ids are first-cell indices already
    assert CountryRoad.from_json(b.to_json()) == b
    assert CountryRoad.from_puzzlekit(b.to_puzzlekit()) == b
    assert CountryRoad.parse(b.to_url()) == b


def _first_cut_reference(index, rows, cols):
    """The first cell (row-major) its country's first cell cannot reach: a flood per country."""
    reached = set()
    firsts = {}
    for i, k in enumerate(index):
        if k >= 0 and k not in firsts:
            firsts[k] = i
    for k, start in firsts.items():
        todo = [start]
        reached.add(start)
        while todo:
            i = todo.pop()
            r, c = divmod(i, cols)
            for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                j = rr * cols + cc
                if 0 <= rr < rows and 0 <= cc < cols and j not in reached and index[j] == k:
                    reached.add(j)
                    todo.append(j)
    return next((i for i, k in enumerate(index) if k >= 0 and i not in reached), None)


@settings(max_examples=300, deadline=None)
@given(st.integers(2, 7), st.integers(2, 7), st.data())
def test_the_core_connectivity_check_agrees_with_a_flood(rows, cols, data):
    index = data.draw(st.lists(st.integers(-1, 3), min_size=rows * cols, max_size=rows * cols))
    assert _ladder.first_cut_cell(rows, cols, index) == _first_cut_reference(index, rows, cols)
