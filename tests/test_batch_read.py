"""The batches read texts with the very reader ``parse`` uses.

There is one reader of puzzlekit text and puzz.link URLs, the core's
(``rust/read/``): ``parse``, ``from_url`` and ``from_puzzlekit`` call it
through ``_core.read_text``, and the batches call it on their worker threads
(``_core.fast_read`` shows what a batch reads). So, by construction, a batch
reads every text of those formats that ``parse`` reads, to the same board,
and leaves to Python exactly the texts ``parse`` refuses (which then raise
the reader's own error) and the formats only Python reads (JSON, Loopy IDs).
Checked on the janko data sets, on boards written out and respelled in the
ways each format allows, on URL bodies made of random body characters, and
on random mutations; and the errors name their place, counted from 1.
"""

from __future__ import annotations

import json
from typing import Any, Optional, Tuple

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from loopcraft import _core, _pzpr, country, slitherlink
from loopcraft.country import CountryRoad
from loopcraft.errors import FormatError, LoopcraftError
from loopcraft.slitherlink import Slitherlink


def _python_read(family: str, text: str) -> Optional[Tuple[Any, ...]]:
    """What ``parse`` makes of ``text`` in the core's form, or None if it refuses it."""
    try:
        return (Slitherlink if family == "slitherlink" else CountryRoad).parse(text).core_args()
    except LoopcraftError:
        return None


def _agrees(family: str, text: str) -> bool:
    """A batch reads ``text`` exactly when ``parse`` reads it in a format of
    the core, to the same board; True if it read it."""
    core = _core.fast_read(family, text)
    python = _python_read(family, text)
    if _core.text_format(family, text) in ("url", "puzzlekit"):
        assert core == python, text
    else:
        assert core is None, text
    return core is not None


# ----------------------------------------------------------------- the data sets


def test_every_janko_text_is_read_by_the_core_as_python_reads_it(shared_dir):
    for name, family, expected in (
        ("Slitherlink_dataset.json", "slitherlink", 1152),
        ("CountryRoad_dataset.json", "country", 266),
    ):
        with open(shared_dir / "external" / "puzzlekit" / name, encoding="utf-8") as f:
            texts = [e["problem"] for e in json.load(f)["data"].values()]
        read = sum(_agrees(family, t) for t in texts)
        # Every text without blocked cells is plain puzzlekit text; the four
        # Country Road boards with '@' cells are read too.
        assert read >= expected, (name, read)
        board_type = Slitherlink if family == "slitherlink" else CountryRoad
        urls = [board_type.parse(t).to_url() for t in texts if "@" not in t]
        assert sum(_agrees(family, u) for u in urls) == len(urls) >= expected


# ----------------------------------------------------------------- generated texts

_SPACES = st.sampled_from([" ", "  ", " \t", "\t"])
_NEWLINES = st.sampled_from(["\n", "\n\n", "\n  \n", "\r\n", "\r"])


def _respell(draw: Any, lines: list[list[str]]) -> str:
    """``lines`` of tokens joined in one of the ways Python's reader accepts."""
    out = []
    for tokens in lines:
        sep = draw(_SPACES) if draw(st.integers(0, 4)) == 0 else " "
        lead = draw(st.sampled_from(["", " "]))
        out.append(lead + sep.join(tokens))
    nl = draw(_NEWLINES) if draw(st.integers(0, 4)) == 0 else "\n"
    return draw(st.sampled_from(["", "\n"])) + nl.join(out) + draw(st.sampled_from(["", "\n", " \n"]))


@st.composite
def slitherlink_texts(draw: Any) -> str:
    rows, cols = draw(st.integers(1, 7)), draw(st.integers(1, 7))
    cells = st.sampled_from(["-", "-", ".", "0", "1", "2", "3", "4"] * 8 + ["5", "x", "?"])
    grid = [[draw(cells) for _ in range(cols)] for _ in range(rows)]
    compact = draw(st.booleans())
    head = [draw(st.sampled_from([str(rows), f"0{rows}"])), str(cols)]
    return _respell(draw, [head] + [["".join(r)] if compact else r for r in grid])


@st.composite
def country_texts(draw: Any) -> str:
    b = country.generate(draw(st.integers(3, 6)), draw(st.integers(3, 6)), draw(st.integers(0, 10**6)), country_size=2)
    lines = [line.split() for line in b.to_puzzlekit().splitlines()]
    rows = len(lines) // 2
    # Other names for the same countries: letters, leading zeros, blocked tokens.
    names = {
        tok: draw(st.sampled_from([tok, "0" + tok, "c" + tok, tok + "x"])) for row in lines[rows + 1 :] for tok in row
    }
    lines[rows + 1 :] = [[names[t] for t in row] for row in lines[rows + 1 :]]
    if draw(st.booleans()):  # move a number to another cell of its country, or drop it
        r, c = draw(st.integers(1, rows)), draw(st.integers(0, len(lines[1]) - 1))
        lines[r][c] = draw(st.sampled_from(["-", "0", "1", "2", "3", "4", "5", "9", "01"]))
    return _respell(draw, lines)


# Digits Python's int() refuses or reads, Unicode and ASCII whitespace that
# str.split and str.splitlines treat apart, and the marks of other formats.
_NOISE = st.sampled_from([*"-.0123456789 \n\t\r@#ax{}:/?gvz+$", "\u00b2", "\u0663", "\u3000", "\x0b", "\x1c", "\x85"])


@st.composite
def mutated(draw: Any, texts: Any) -> str:
    """A text with 1 to 3 characters inserted, deleted or replaced; in a URL,
    mostly after the site, where the fields and the body are."""
    text = draw(texts)
    start = text.find("?") + 1 if draw(st.integers(0, 3)) else 0
    for _ in range(draw(st.integers(1, 3))):
        i = draw(st.integers(min(start, len(text)), len(text)))
        op = draw(st.integers(0, 2))
        if op == 0:
            text = text[:i] + draw(_NOISE) + text[i:]
        elif op == 1:
            text = text[:i] + text[i + 1 :]
        else:
            text = text[:i] + draw(_NOISE) + text[i + 1 :]
    return text


_SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@_SETTINGS
@given(slitherlink_texts())
def test_slitherlink_texts_are_read_as_python_reads_them(text):
    _agrees("slitherlink", text)


@_SETTINGS
@given(mutated(slitherlink_texts()))
def test_mutated_slitherlink_texts_are_read_as_python_reads_them_or_left(text):
    _agrees("slitherlink", text)


@_SETTINGS
@given(country_texts())
def test_country_texts_are_read_as_python_reads_them(text):
    _agrees("country", text)


@_SETTINGS
@given(mutated(country_texts()))
def test_mutated_country_texts_are_read_as_python_reads_them_or_left(text):
    _agrees("country", text)


_SITES = st.sampled_from(["puzz.link", "pzv.jp", "pzprxs"])


@st.composite
def slitherlink_urls(draw: Any) -> str:
    rows, cols = draw(st.integers(1, 7)), draw(st.integers(1, 7))
    if draw(st.booleans()):  # a board as to_url writes it
        clue = st.sampled_from([None, None, None, 0, 1, 2, 3, 4])
        board = Slitherlink([[draw(clue) for _ in range(cols)] for _ in range(rows)])
        return board.to_url(site=draw(_SITES)) + draw(st.sampled_from(["", "", "/"]))
    # A body of random tokens until the cells are covered (the last one may
    # run past the end), sometimes with a character too many or a stray one.
    steps = {**{c: 1 for c in "01234."}, **{c: 2 for c in "56789"}, **{c: 3 for c in "abcde"}, "g": 1, "h": 2, "z": 20}
    body, cell = "", 0
    while cell < rows * cols:
        token = draw(st.sampled_from(sorted(steps)))
        body, cell = body + token, cell + steps[token]
    body += draw(st.sampled_from(["", "", "", "1", "g", "-", "/", "!"]))
    pid = draw(st.sampled_from(["slither", "slither", "slitherlink", "country"]))
    return f"https://puzz.link/p?{pid}/{cols}/{rows}/{body}"


@st.composite
def country_urls(draw: Any) -> str:
    rows, cols = draw(st.integers(2, 6)), draw(st.integers(2, 6))
    if draw(st.booleans()) and rows * cols >= 6:
        b = country.generate(rows, cols, draw(st.integers(0, 10**6)), country_size=2)
        return b.to_url(site=draw(_SITES)) + draw(st.sampled_from(["", "", "/"]))
    bits = (rows * (cols - 1) + 4) // 5 + ((rows - 1) * cols + 4) // 5
    borders = draw(st.text(alphabet="0123456789abcdefghijklmnopqrstuv", min_size=bits, max_size=bits))
    tokens = st.sampled_from(["0", "1", "2", "3", "f", ".", ".", "g", "h", "z", "-01", "+002", "=000", "-0", "x"])
    numbers = "".join(draw(st.lists(tokens, max_size=8)))
    return f"https://puzz.link/p?country/{cols}/{rows}/{borders}{numbers}"


@_SETTINGS
@given(slitherlink_urls())
def test_slitherlink_urls_are_read_as_python_reads_them_or_left(text):
    _agrees("slitherlink", text)


@_SETTINGS
@given(mutated(slitherlink_urls()))
def test_mutated_slitherlink_urls_are_read_as_python_reads_them_or_left(text):
    _agrees("slitherlink", text)


@_SETTINGS
@given(country_urls())
def test_country_urls_are_read_as_python_reads_them_or_left(text):
    _agrees("country", text)


@_SETTINGS
@given(mutated(country_urls()))
def test_mutated_country_urls_are_read_as_python_reads_them_or_left(text):
    _agrees("country", text)


def test_every_spelling_parse_reads_is_read_by_the_batch():
    board = slitherlink.generate(5, 5, 1)
    for text in (
        board.to_puzzlekit(),
        board.to_url(),
        board.to_url(site="pzv.jp") + "/",
        board.to_puzzlekit().replace("\n", "\r\n"),
        board.to_puzzlekit().replace(" ", "\t").replace("\n", "\n\u3000\n"),
        board.to_url() + "#x",
        " " + board.to_url() + "\n",
        board.to_url().split("?")[1],
    ):
        assert _agrees("slitherlink", text), text
    for other in (board.to_json(), board.to_tatham()):
        assert not _agrees("slitherlink", other)
    cr = country.generate(5, 5, 1)
    for text in (cr.to_puzzlekit(), cr.to_url(site="pzprxs"), cr.to_puzzlekit().replace(" ", "\t")):
        assert _agrees("country", text), text
    assert _agrees("country", cr.to_url() + " trailing words")  # a URL is the first word
    assert not _agrees("country", cr.to_json())
    with pytest.raises(LoopcraftError, match="unknown family"):
        _core.fast_read("sudoku", "1 1\n-")


@pytest.mark.parametrize(
    "family, text, message",
    [
        ("slitherlink", "2 2\n\n- -\n- 5", "line 4 (row 2, column 2): unexpected '5'"),
        ("slitherlink", "2 2\r\n- -\r\n-\t1 2", "line 3 (row 2): expected 2 cells, got 3"),
        ("slitherlink", "https://puzz.link/p?slither/3/2/1g3A", "'A' at position 4 (row 2, column 1)"),
        ("slitherlink", "https://puzz.link/p?slither/3/x/1g3", "URL: the number of rows must be a whole number"),
        # Numbers are ASCII digits everywhere, the header's too (U+0663 is an Arabic-Indic 3).
        ("slitherlink", "\u0663 2\n- -", "line 1: the number of rows must be a whole number, got '\u0663'"),
        ("country", "2 1\u0663\n", "line 1: the number of columns must be a whole number, got '1\u0663'"),
        ("country", "2 2\n- x\n- -\n1 1\n2 2", "line 2 (row 1, column 2): 'x' is not a number or '-'"),
        ("country", "2 2\n- -\n- -\n1 1 1\n2 2", "line 4 (row 1): expected 2 cells, got 3"),
        ("country", "https://puzz.link/p?country/5/5/am!a0uf02h12h", "URL body character 3 '!' in the vertical"),
        ("country", "https://puzz.link/p?country/5/5/amda0uf0!", "URL body character 9 '!' is not a room number"),
    ],
)
def test_errors_name_their_place_the_same_in_parse_and_in_a_batch(family, text, message):
    board_type, solve_many = (
        (Slitherlink, slitherlink.solve_many) if family == "slitherlink" else (CountryRoad, country.solve_many)
    )
    with pytest.raises(FormatError) as caught:
        board_type.parse(text)
    assert message in str(caught.value)
    (batch,) = solve_many([text])
    assert type(batch) is FormatError and str(batch) == str(caught.value)


def test_lone_surrogates_read_as_themselves():
    with pytest.raises(FormatError, match=r"unexpected '\\ud800'"):
        Slitherlink.parse("1 1\n\ud800")
    b = CountryRoad.parse("2 2\n- 2\n- -\na\udcff a\udcff\n\ud800 \ud800")
    assert b.countries == ("a\udcff", "\ud800") and dict(b.numbers) == {"a\udcff": 2}
    with pytest.raises(FormatError, match=r"URL body character 9 '\\udfff' is not a room number"):
        CountryRoad.parse("https://puzz.link/p?country/5/5/amda0uf0\udfff")


def test_the_url_writer_and_the_core_reader_agree_on_every_number_form():
    """Python writes puzz.link numbers with the core's forms (``_core.URL_NUMBER_FORMS``)
    and the core reads them back, at every boundary between two forms."""
    edges = [0, 15, 16, 255, 256, 4095, 4096, 8191, 8192, 12239, 12240, 77775, 77776, 1126351]
    assert [f[:3] for f in _pzpr._NUMBER_FORMS] == [tuple(f) for f in _core.URL_NUMBER_FORMS]
    walls = _pzpr.encode_bits([1, 1]) + _pzpr.encode_bits([0, 0])  # 2 x 2: two rooms, one per column
    for n in edges:
        url = _pzpr.write_url("puzz.link", "country", 2, 2, walls + _pzpr.encode_numbers([n, None]))
        assert _core.read_text("country", "url", url)[4] == [(0, n)], (n, url)
    with pytest.raises(LoopcraftError, match="too large"):
        _pzpr.encode_number(1126352)


# ----------------------------------------------------------------- through solve_many


@pytest.mark.parametrize(
    "family, board_type, solve_many",
    [("slitherlink", Slitherlink, slitherlink.solve_many), ("country", CountryRoad, country.solve_many)],
)
def test_python_reads_only_the_texts_the_core_leaves(monkeypatch, family, board_type, solve_many):
    gen = slitherlink.generate if family == "slitherlink" else country.generate
    boards = [gen(5, 5, s) for s in range(3)]
    texts = [boards[0].to_puzzlekit(), boards[1].to_url(), boards[2].to_json(), "2 2\nnot a board"]
    expected = []
    for t in texts:
        try:
            expected.append(board_type.parse(t).solve())
        except LoopcraftError as err:
            expected.append(err)
    parsed = []
    real = board_type.parse
    monkeypatch.setattr(board_type, "parse", lambda t: parsed.append(t) or real(t))
    got = solve_many(texts, threads=2)
    assert parsed == texts[2:]  # the plain text and the URL went to the core alone
    for a, b in zip(got[:3], expected[:3]):
        assert (a.solutions, a.count, a.complete, a.nodes) == (b.solutions, b.count, b.complete, b.nodes)
    assert type(got[3]) is type(expected[3]) and str(got[3]) == str(expected[3])


def test_texts_too_long_or_not_utf8_are_left_to_python():
    long_text = "1 1\n" + "-" * (1 << 22)
    out = slitherlink.solve_many([long_text, "1 1\n\ud800", "1 1\n3"], threads=2)
    assert isinstance(out[0], LoopcraftError) and "too long" in str(out[0])
    assert isinstance(out[1], LoopcraftError) and "\\ud800" in str(out[1])
    assert out[2].count == 0 and out[2].complete
    # A lone surrogate is a name like any other for a Country Road region.
    (r,) = country.solve_many(["2 2\n- -\n- -\n1 1\n\ud800 1"])
    assert r.unique
