"""The Loop engine v1 constants (see docs/loop-v1.md)."""

from __future__ import annotations

from .. import _core

VERSION = 1
#: Longest seed accepted by :func:`generate`, in UTF-16 code units (as JavaScript counts).
MAX_SEED_UNITS = 80
#: Largest n accepted by the board-level functions; the v1 search is hopeless far below it.
MAX_N: int = _core.LOOP_V1_MAX_N
SIZES = (4, 5, 6)
ATTEMPTS = 500
REGION_ATTEMPTS = 300
NODE_LIMIT: int = _core.LOOP_V1_NODE_LIMIT
