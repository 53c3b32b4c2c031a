"""The fuzz targets: one function per harness, taking the raw input bytes.

Plain Python with no dependency on atheris, so that ``tests/test_fuzz_corpus.py``
replays the kept corpus through the very same functions. Each target calls
one public entry point of loopcraft; an exception other than the documented
:class:`~loopcraft.errors.LoopcraftError` family (or a wrong answer caught by
an ``assert``) escapes and is a finding.

Structured targets read their arguments with :class:`Bytes`, a tiny
deterministic reader over the input (it returns zeros once the input runs out).
"""

from __future__ import annotations

import functools
import json
from typing import Any, Callable, Dict, List, Optional

from loopcraft import _core, country, loop, slitherlink
from loopcraft.country import CountryRoad
from loopcraft.errors import LoopcraftError
from loopcraft.slitherlink import Slitherlink

__all__ = ["TARGETS", "Bytes", "text_of"]


def text_of(data: bytes) -> str:
    """The input as text: UTF-8 with undecodable bytes replaced (any str reaches the parser)."""
    return data.decode("utf-8", errors="replace")


class Bytes:
    """Reads small arguments off the input bytes, front to back."""

    def __init__(self, data: bytes) -> None:
        self.data = data
        self.pos = 0

    def byte(self) -> int:
        if self.pos >= len(self.data):
            return 0
        self.pos += 1
        return self.data[self.pos - 1]

    def int_in(self, lo: int, hi: int) -> int:
        """An int in lo..hi (inclusive)."""
        span = hi - lo + 1
        v = self.byte() | self.byte() << 8 if span > 256 else self.byte()
        return lo + v % span

    def pick(self, options: List[Any]) -> Any:
        return options[self.int_in(0, len(options) - 1)]

    def rest_text(self) -> str:
        out = text_of(self.data[self.pos :])
        self.pos = len(self.data)
        return out


def _expect(call: Callable[[], Any]) -> Any:
    """The call's answer, or None when it raised a documented error."""
    try:
        return call()
    except LoopcraftError:
        return None


# A wrong-typed or out-of-range value now and then: the public calls must
# answer those with ArgumentError / ArgumentTypeError.
def _odd_value(b: Bytes, good: Any) -> Any:
    k = b.int_in(0, 15)
    if k >= 6:
        return good
    return [-1, 2**70, 1.5, True, "2", None][k]


# ----------------------------------------------------------------- parsers


def slither_parse(data: bytes) -> None:
    p = _expect(lambda: Slitherlink.parse(text_of(data)))
    if p is not None:
        # What was read writes back out and reads back the same.
        assert Slitherlink.parse(p.to_puzzlekit()) == p
        assert Slitherlink.from_json(p.to_json()) == p


def slither_from_url(data: bytes) -> None:
    p = _expect(lambda: Slitherlink.from_url(text_of(data)))
    if p is not None:
        assert Slitherlink.from_url(p.to_url()) == p


def slither_from_puzzlekit(data: bytes) -> None:
    p = _expect(lambda: Slitherlink.from_puzzlekit(text_of(data)))
    if p is not None:
        assert Slitherlink.from_puzzlekit(p.to_puzzlekit()) == p


def slither_from_tatham(data: bytes) -> None:
    p = _expect(lambda: Slitherlink.from_tatham(text_of(data)))
    if p is not None:
        assert Slitherlink.from_tatham(p.to_tatham()) == p


def slither_from_json(data: bytes) -> None:
    p = _expect(lambda: Slitherlink.from_json(text_of(data)))
    if p is not None:
        assert Slitherlink.from_json(p.to_json()) == p


def _same_country(a: CountryRoad, b: CountryRoad) -> bool:
    """The same board up to the names of the countries: puzzlekit text renames
    ids it cannot write as single tokens (such as ``-``) to 1..K, as documented."""
    return a.core_args() == b.core_args()


def country_parse(data: bytes) -> None:
    b = _expect(lambda: CountryRoad.parse(text_of(data)))
    if b is not None:
        assert _same_country(CountryRoad.parse(b.to_puzzlekit()), b)
        assert CountryRoad.from_json(b.to_json()) == b


def country_from_url(data: bytes) -> None:
    b = _expect(lambda: CountryRoad.from_url(text_of(data)))
    if b is not None:
        assert _same_country(CountryRoad.from_url(b.to_url()), b)


def country_from_puzzlekit(data: bytes) -> None:
    b = _expect(lambda: CountryRoad.from_puzzlekit(text_of(data)))
    if b is not None:
        assert _same_country(CountryRoad.from_puzzlekit(b.to_puzzlekit()), b)


def country_from_json(data: bytes) -> None:
    b = _expect(lambda: CountryRoad.from_json(text_of(data)))
    if b is not None:
        assert CountryRoad.from_json(b.to_json()) == b


# ----------------------------------------------------------------- calls


def _small_slither(b: Bytes) -> Slitherlink:
    rows, cols = b.int_in(1, 6), b.int_in(1, 6)
    return Slitherlink([[b.pick([None, None, 0, 1, 2, 3, 4, None]) for _ in range(cols)] for _ in range(rows)])


def slither_calls(data: bytes) -> None:
    b = Bytes(data)
    p = _small_slither(b)
    limit = _odd_value(b, b.int_in(1, 4))
    node_limit = _odd_value(b, b.pick([None, 0, 1, 10, 1000]))
    r = _expect(lambda: p.solve(limit, node_limit=node_limit, time_limit=0.2))
    if r is not None:
        assert r.count == len(r.solutions) <= r.limit
        for s in r.solutions:
            assert p.check(s).ok
        if r.complete:
            # A complete count is exact: the batch says the same.
            (again,) = slitherlink.solve_many([p], limit, node_limit=node_limit, threads=1)
            assert (again.count, again.complete) == (r.count, r.complete)
    level = b.pick([*slitherlink.LEVELS[:-1], None, "search", "nope", 3])
    d = _expect(lambda: p.deduce(level))
    if d is not None and d.solved and r is not None and r.complete:
        assert r.count == 1
    g = _expect(lambda: p.grade())
    if g is not None:
        assert g.level in slitherlink.LEVELS


def _small_country(b: Bytes) -> CountryRoad:
    rows, cols = b.int_in(1, 4), b.int_in(1, 4)
    k = b.int_in(1, rows * cols)
    regions = [[b.pick([*range(k), None]) if b.int_in(0, 9) else None for _ in range(cols)] for _ in range(rows)]
    numbers: Dict[Any, Optional[int]] = {i: b.pick([None, None, 0, 1, 2, 3, 5]) for i in range(k)}
    return CountryRoad.from_regions(regions, numbers)


def country_calls(data: bytes) -> None:
    b = Bytes(data)
    board = _expect(lambda: _small_country(b))
    if board is None:
        return
    limit = _odd_value(b, b.int_in(1, 4))
    r = _expect(lambda: board.solve(limit, node_limit=b.pick([None, 0, 5, 500]), time_limit=0.2))
    if r is not None:
        for s in r.solutions:
            assert board.check(s).ok
    engine = b.pick(["search", "cells", "loops", "other", 7])
    count_limit = _odd_value(b, b.pick([None, 1, 3]))
    n = _expect(lambda: country.count_solutions(board, engine=engine, limit=count_limit))
    if n is not None and r is not None and r.complete and engine in ("cells", "loops"):
        # An independent brute force agrees with a complete search (capped at its own limit).
        assert n == (r.count if count_limit is None else min(r.count, count_limit)), (n, r.count, count_limit)
    _expect(lambda: board.deduce(b.pick([*country.LEVELS, None, "x"])))
    _expect(lambda: board.grade())


def generate(data: bytes) -> None:
    b = Bytes(data)
    family = b.int_in(0, 1)
    rows = _odd_value(b, b.int_in(1, 6))
    cols = _odd_value(b, b.int_in(1, 6))
    seed = b.pick([b.int_in(0, 1000), "s", -5, 1.5, None])
    attempts = _odd_value(b, b.int_in(1, 3))
    if family == 0:
        grade = b.pick([None, *slitherlink.LEVELS, "bad"])
        p = _expect(lambda: slitherlink.generate(rows, cols, seed, grade=grade, time_limit=0.3, attempts=attempts))
        if p is not None:
            assert p.solve().unique
    else:
        grade = b.pick([None, *country.LEVELS, "bad"])
        g = _expect(lambda: country.generate(rows, cols, seed, grade=grade, time_limit=0.3, attempts=attempts))
        if g is not None:
            assert g.solve().unique


def loop_calls(data: bytes) -> None:
    b = Bytes(data)
    n = b.pick([4, 5, 6, 4, 5, 3, 7, 0, "4"])
    geo = _expect(lambda: loop.make_geo(n))
    size = n * n if isinstance(n, int) and n > 0 else 16
    clues = [b.pick([None, None, 0, 1, 2, 3, 4, 5]) for _ in range(size + b.int_in(-1, 1) * (b.int_in(0, 3) == 0))]
    r = _expect(lambda: loop.solve(clues, n, node_limit=b.pick([0, 5, 200, 2000])))
    if geo is not None and r is not None:
        for s in r.solutions:
            assert loop.validate_loop(s, n, geo, clues)
    if geo is not None:
        on = [b.int_in(0, 1) for _ in range(geo.total + b.pick([0, 0, 0, 1, -1]))]
        _expect(lambda: loop.is_closed_loop(on, geo))
        _expect(lambda: loop.closed_component([i for i, v in enumerate(on) if v], geo))
        _expect(lambda: loop.clue_violations(on, n, geo, clues))
        _expect(lambda: loop.validate_loop(on, n, geo, clues))
        domains = [b.pick([[0], [1], [0, 1], [1, 0], [], [2]]) for _ in range(geo.total)]
        _expect(lambda: loop.propagate(domains, n, b.pick([geo, None]), clues))
    if b.int_in(0, 7) == 0:
        _expect(lambda: loop.generate(b.pick([4, 5, 3]), b.rest_text()))
    out = _expect(lambda: loop.solve_many([clues, clues], n, node_limit=200, threads=2))
    if out is not None:
        assert len(out) == 2 and type(out[0]) is type(out[1])


def batch_texts(data: bytes) -> None:
    """solve_many on texts cut from the input: never raises for an item, one answer each;
    the batch reads a text with ``parse``'s own reader: every text of the core's formats
    that ``parse`` reads to the same board, none that it refuses (whose error the batch
    answers with the same class and message)."""
    texts = text_of(data).split("\x00")[:6]
    families = (
        ("slitherlink", slitherlink.solve_many, Slitherlink.parse),
        ("country", country.solve_many, CountryRoad.parse),
    )
    for family, solve_many, parse in families:
        out = solve_many(texts, node_limit=2000, time_limit=0.2, threads=2)
        assert len(out) == len(texts)
        for t, r in zip(texts, out):
            read = _core.fast_read(family, t)
            try:
                board = parse(t)
            except LoopcraftError as err:
                assert read is None, (t, read)
                assert type(err) is type(r) and str(err) == str(r), (t, err, r)
                continue
            if _core.text_format(family, t) in ("url", "puzzlekit"):
                assert read == board.core_args(), (t, read)
            else:
                assert read is None, (t, read)


# ----------------------------------------------------------------- odd inputs (issue 19's classes)

#: Texts of every format with ``N`` where a number goes.
_NUMBER_PLACES = (
    "https://puzz.link/p?slither/N/5/g31bh0ck16023c",
    "https://puzz.link/p?slither/5/N/g31bh0ck16023c",
    "https://puzz.link/p?country/N/5/amda0uf02h12h",
    "https://puzz.link/p?country/5/5/N",
    "N 2\n- -\n- -",
    "2 N\n- -\n- -",
    "2 2\nN -\n- -",
    "2 2\n- -\n- -\nN 0\n0 0",
    "2 2\nN -\n- -\n0 0\n0 0",
    "Nx5t0:abc",
    "5xNt0:abc",
    "5x5tN:abc",
    '{"rows": N, "cols": 2, "clues": [[N]]}',
    '{"kind": "country", "rows": 2, "cols": 2, "regions": [[N, 0], [0, 0]], "numbers": [[0, N]]}',
    '{"n": N, "seed": "s", "version": N, "answer": [], "clues": [], "attempt": N, "blanks": 0, "cells": N}',
)

_KEYS = ("kind", "rows", "cols", "regions", "numbers", "clues", "n", "seed", "version", "answer", "attempt", "cells")


def _odd_json(b: Bytes, depth: int) -> Any:
    """A JSON value of any shape from the bytes: the family's keys are likely."""
    k = b.int_in(0, 11 if depth < 4 else 5)
    if k == 0:
        return None
    if k == 1:
        return bool(b.int_in(0, 1))
    if k == 2:
        return b.pick([0, 1, 2, 3, 4, -1, 2**70, 1.5, float("inf")])
    if k == 3:
        return "9" * b.int_in(1, 6000)
    if k == 4:
        return b.pick(["country", "slitherlink", "", "@", "-", "x"])
    if k == 5:
        return int("7" * b.int_in(1, 300))
    if k <= 8:
        return [_odd_json(b, depth + 1) for _ in range(b.int_in(0, 4))]
    return {b.pick(list(_KEYS)): _odd_json(b, depth + 1) for _ in range(b.int_in(0, 5))}


def _nested(b: Bytes) -> str:
    """JSON nested deeply, closed or not, around a family object or nothing."""
    depth = b.int_in(1, 20000)
    opener = b.pick(["[", '{"regions":', '{"a":', '{"clues":[', '{"kind":"country","regions":['])
    closer = {"[": "]", '{"regions":': "}", '{"a":': "}", '{"clues":[': "]}", '{"kind":"country","regions":[': "]}"}
    inner = b.pick(["1", "null", "[]", "{}", ""])
    tail = closer[opener] * depth if b.int_in(0, 3) else ""
    return opener * depth + inner + tail


_READERS: List[Callable[[Any], Any]] = [
    Slitherlink.parse,
    Slitherlink.from_url,
    Slitherlink.from_puzzlekit,
    Slitherlink.from_tatham,
    Slitherlink.from_json,
    CountryRoad.parse,
    CountryRoad.from_url,
    CountryRoad.from_puzzlekit,
    CountryRoad.from_json,
    loop.LoopPuzzle.from_json,
]
_DICT_READERS: List[Callable[[Any], Any]] = [Slitherlink.from_dict, CountryRoad.from_dict, loop.LoopPuzzle.from_dict]


def odd_inputs(data: bytes) -> None:
    """The classes of input that once escaped: long digit runs in every text
    format, deep nesting, JSON of any shape, text that is not valid Unicode,
    ints too large for a float; every reader and call answers with a
    LoopcraftError or a board."""
    b = Bytes(data)
    kind = b.int_in(0, 5)
    if kind == 0:
        text = b.pick(list(_NUMBER_PLACES)).replace("N", b.pick(["9", "0", "1"]) * b.int_in(1, 9000))
    elif kind == 1:
        text = _nested(b)
    elif kind == 2:
        shape = _odd_json(b, 0)
        for read in _DICT_READERS:
            _expect(functools.partial(read, shape))
        text = json.dumps(shape)
    elif kind == 3:  # bytes that are not UTF-8, as the CLI passes them on (lone surrogates)
        text = b.rest_text() if b.int_in(0, 1) else data.decode("utf-8", "surrogateescape")
    else:
        huge = 10 ** b.int_in(300, 5000) * b.pick([1, -1])
        board = Slitherlink([[3, 3, 1]])
        cr = CountryRoad.from_regions([[0, 1], [2, 3]])
        calls: List[Callable[[], Any]] = [
            lambda: board.solve(time_limit=huge),
            lambda: cr.solve(time_limit=huge),
            lambda: board.to_svg(cell=huge),
            lambda: cr.to_svg(cell=huge),
            lambda: slitherlink.solve_many([board], time_limit=huge),
            lambda: country.count_solutions(cr, engine="frontier", max_states=huge),
            lambda: cr.region_graph().hamiltonian_cycles(cap=huge),
            lambda: loop.solve(b.pick([None, 5, "abc", [1.5] * 16, [huge] * 16]), 4),
            lambda: slitherlink.generate(2, 2, seed=data.decode("utf-8", "surrogateescape"), attempts=1),
        ]
        _expect(b.pick(calls))
        return
    for read in _READERS:
        _expect(functools.partial(read, text))


def cli_inputs(data: bytes) -> None:
    """The command line on a file holding the raw input bytes (not always
    UTF-8) and on option values cut from it: exit status 0 or 2 (a usage
    error from argparse is 2 too), never a traceback."""
    import contextlib
    import io
    import os
    import tempfile

    from loopcraft.cli import main as cli_main

    b = Bytes(data)
    verb = b.pick(
        [["solve", "slither"], ["solve", "country"], ["count", "country"], ["count", "slither"], ["solve", "loop"]]
    )
    extra = b.pick([[], ["--json"], ["--time-limit", "0.05"], ["--limit", "9" * b.int_in(1, 5000)]])
    body = data[b.pos :]
    # A command-line argument holds no NUL; other bytes that are not UTF-8
    # arrive as lone surrogates, as Python decodes argv.
    seed = body.replace(b"\x00", b"").decode("utf-8", "surrogateescape")[:100]
    fd, path = tempfile.mkstemp(prefix="loopcraft-fuzz-")

    def run(argv: List[str]) -> None:
        sink = io.StringIO()
        with contextlib.redirect_stdout(sink), contextlib.redirect_stderr(sink):
            try:
                status = cli_main(argv)
            except SystemExit as exit_:  # argparse: a usage error
                status = exit_.code if isinstance(exit_.code, int) else 2
        assert status in (0, 2), (argv, status, sink.getvalue()[-300:])

    try:
        with os.fdopen(fd, "wb") as f:
            f.write(body)
        run([*verb, path, *extra, "--time-limit", "0.2"])
        size = b.pick([["slither", "-r", "3", "-c", "3"], ["country", "-r", "3", "-c", "3"], ["loop", "--size", "4"]])
        run(["generate", *size, f"--seed={seed}", "--json"])
    finally:
        os.unlink(path)


TARGETS: Dict[str, Callable[[bytes], None]] = {
    f.__name__: f
    for f in (
        slither_parse,
        slither_from_url,
        slither_from_puzzlekit,
        slither_from_tatham,
        slither_from_json,
        country_parse,
        country_from_url,
        country_from_puzzlekit,
        country_from_json,
        slither_calls,
        country_calls,
        generate,
        loop_calls,
        batch_texts,
        odd_inputs,
        cli_inputs,
    )
}

#: The targets whose input is text: their runs get the token dictionary
#: ``fuzz/text.dict`` (libFuzzer's ``-dict=``), since byte mutations alone
#: rarely spell a multi-byte character or a URL prefix.
TEXT_TARGETS = frozenset(n for n in TARGETS if n.endswith(("_parse", "_texts")) or "_from_" in n)
