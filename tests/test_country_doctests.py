"""The ``>>>`` examples in the Country Road docstrings run and hold."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "loopcraft.country",
    "loopcraft.country.board",
    "loopcraft.country.loop",
    "loopcraft.country.formats",
    "loopcraft.country.referee",
    "loopcraft.country.graph",
    "loopcraft.country.solve",
    "loopcraft.country.generator",
    "loopcraft.country.stats",
    "loopcraft.country.bank",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0, f"{name} has no examples"
    assert result.failed == 0
