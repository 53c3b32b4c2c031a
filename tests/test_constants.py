"""One source for the limits and defaults: the compiled core exports them,
the Python modules read them, and every copy that must remain (prose, the
stub, a signature's default) is compared here."""

from __future__ import annotations

import inspect
import re
from pathlib import Path
from types import ModuleType

import pytest

import loopcraft
from loopcraft import _batch, _core, _pzpr, _text, _validate, country, loop, slitherlink
from loopcraft.loop import _constants
from loopcraft.slitherlink import _generate

PACKAGE = Path(loopcraft.__file__).parent


#: ``(module, attribute, the core's name)`` of every Python name of a core constant.
READERS = [
    (slitherlink, "MAX_SIZE", "SLITHER_MAX_SIDE"),
    (country, "MAX_SIDE", "COUNTRY_MAX_SIDE"),
    (country, "MIN_SIDE", "COUNTRY_MIN_SIDE"),
    (_text, "MAX_TEXT", "MAX_TEXT"),
    (_text, "MAX_DIGITS", "MAX_DIGITS"),
    (_pzpr, "MAX_URL", "MAX_URL"),
    (_batch, "MAX_THREADS", "MAX_THREADS"),
    (_validate, "MAX_ATTEMPTS", "MAX_ATTEMPTS"),
    (_validate, "MAX_COUNT_THREADS", "MAX_COUNT_THREADS"),
    (_generate, "DEFAULT_ATTEMPTS", "SLITHER_ATTEMPTS"),
    (_generate, "SEARCH_CHECK_NODES", "SLITHER_SEARCH_NODES"),
    (loop, "MAX_N", "LOOP_V1_MAX_N"),
    (loop, "NODE_LIMIT", "LOOP_V1_NODE_LIMIT"),
    (_constants, "NODE_LIMIT", "LOOP_V1_NODE_LIMIT"),
]


@pytest.mark.parametrize(("module", "attribute", "name"), READERS)
def test_python_reads_the_core(module: ModuleType, attribute: str, name: str) -> None:
    value = getattr(_core, name)
    assert isinstance(value, int) and value > 0
    assert getattr(module, attribute) == value


def test_the_known_values() -> None:
    # The documented numbers (README, docs): a change to one of them is a
    # change to the documented contract, made here on purpose.
    assert (_core.SLITHER_MAX_SIDE, _core.COUNTRY_MAX_SIDE, _core.COUNTRY_MIN_SIDE) == (100, 30, 2)
    assert (_core.SLITHER_ATTEMPTS, _core.SLITHER_SEARCH_NODES) == (50, 300)
    assert (_core.LOOP_V1_MAX_N, _core.LOOP_V1_NODE_LIMIT) == (200, 20000)
    assert _core.MAX_ATTEMPTS == 2**32 - 1
    assert _core.MAX_COUNT_THREADS == 256  # "1 to 256" in the count docstrings


def test_url_sites() -> None:
    assert _pzpr.URL_SITES == dict(_core.URL_SITES)
    assert next(iter(_pzpr.URL_SITES)) == "puzz.link"
    assert slitherlink.URL_SITES is _pzpr.URL_SITES
    for name, prefix in _core.URL_SITES:
        assert prefix.startswith(("http://", "https://")) and prefix.endswith("?"), name
        # The core's batch reader and Python's reader accept the same sites.
        url = f"{prefix}slither/1/1/3"
        assert slitherlink.Slitherlink.from_url(url).clues == ((3,),)
        ((_, _, _, board),) = _core.slither_solve_many([url], 1)
        assert board == (1, 1, [3])


def test_generator_defaults_in_signatures() -> None:
    default = inspect.signature(slitherlink.generate).parameters["attempts"].default
    assert default == _core.SLITHER_ATTEMPTS


def test_side_limits_in_prose() -> None:
    side = _core.SLITHER_MAX_SIDE
    for path in ("slitherlink/__init__.py", "slitherlink/_board.py"):
        text = (PACKAGE / path).read_text(encoding="utf-8")
        found = {int(n) for n in re.findall(r"1 <= R, C <= (\d+)", text)}
        assert found == {side}, path
    stub = (PACKAGE / "_core.pyi").read_text(encoding="utf-8")
    stated = ("SLITHER_MAX_SIDE", "COUNTRY_MAX_SIDE", "COUNTRY_MIN_SIDE", "SLITHER_ATTEMPTS", "SLITHER_SEARCH_NODES")
    for name in (*stated, "LOOP_V1_MAX_N", "LOOP_V1_NODE_LIMIT"):
        said = re.search(rf"^{name}: int\n\"\"\".*\((\d+)\)\.\"\"\"", stub, re.M)
        assert said is not None and int(said.group(1)) == getattr(_core, name), name


def test_one_edge_numbering() -> None:
    from loopcraft import _edges, _svg
    from loopcraft.loop import _geometry as loop_geometry
    from loopcraft.slitherlink import _geometry as slither_geometry

    assert slither_geometry.h_edge is _edges.h_edge and slither_geometry.v_edge is _edges.v_edge
    assert slither_geometry.edge_count is _edges.edge_count and slither_geometry.split_rows is _edges.split_rows
    for n in (1, 2, 5):
        geo = loop_geometry.make_geo(n)
        assert geo.total == _edges.edge_count(n, n) and geo.num_h == _edges.h_count(n, n)
        assert [geo.h(r, c) for r in range(n + 1) for c in range(n)] == list(range(geo.num_h))
        assert [geo.v(r, c) for r in range(n) for c in range(n + 1)] == list(range(geo.num_h, geo.total))
    # The pictures and the core number the same way: the 1 x 1 loop is the frame.
    assert _core.SlitherBoard(1, 1, [4]).solve(1)[0] == [bytes([1] * _edges.edge_count(1, 1))]
    assert _svg.edges_from_flat(1, 1, [1] * _edges.edge_count(1, 1)) == _svg.frame_edges(1, 1)
