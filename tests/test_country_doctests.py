"""The ``>>>`` examples in the Country Road docstrings (and the shared codecs') run and hold."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "loopcraft._pzpr",
    "loopcraft._text",
    "loopcraft.country",
    "loopcraft.country._api",
    "loopcraft.country._board",
    "loopcraft.country._loop",
    "loopcraft.country._formats",
    "loopcraft.country._referee",
    "loopcraft.country._graph",
    "loopcraft.country._ladder",
    "loopcraft.country._generate",
    "loopcraft.country._generate._geometry",
    "loopcraft.country._generate._inflate",
    "loopcraft.country._generate._carve",
    "loopcraft.country._generate._puzzle",
    "loopcraft.country.stats",
    "loopcraft.country.stats._runner",
    "loopcraft.country.bank",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0, f"{name} has no examples"
    assert result.failed == 0
