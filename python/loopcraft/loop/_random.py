"""The v1 random stream: seeds as JavaScript sees them (UTF-16 code units),
hashed into a 32-bit state, and the generator built on it (see docs/loop-v1.md)."""

from __future__ import annotations

from typing import Any, Callable, List

from .._validate import require_int, require_str, show
from ..errors import ArgumentError
from ._constants import MAX_SEED_UNITS, SIZES

_MASK32 = 0xFFFFFFFF


def _utf16_units(text: str) -> List[int]:
    """The UTF-16 code units JavaScript would hold for ``text``."""
    raw = text.encode("utf-16-le", "surrogatepass")
    return [raw[i] | (raw[i + 1] << 8) for i in range(0, len(raw), 2)]


def _seed_units(text: str) -> List[int]:
    """First UTF-16 unit of each code point, as ``for (const c of seed) c.charCodeAt(0)``."""
    units = _utf16_units(text)
    out, i = [], 0
    while i < len(units):
        u = units[i]
        out.append(u)
        # A surrogate pair is one code point; a lone surrogate is one of its own.
        if 0xD800 <= u < 0xDC00 and i + 1 < len(units) and 0xDC00 <= units[i + 1] < 0xE000:
            i += 2
        else:
            i += 1
    return out


def _imul(a: int, b: int) -> int:
    return (a * b) & _MASK32


class _Random:
    """The v1 stream. ``state`` is kept as a float, like the JavaScript number
    it mirrors: it grows by 0x6D2B79F5 per call and is read modulo 2**32."""

    __slots__ = ("_state",)

    def __init__(self, state: float) -> None:
        self._state = state

    def __call__(self) -> float:
        self._state = state = self._state + 0x6D2B79F5
        s = int(state) & 0xFFFFFFFF
        t = ((s ^ (s >> 15)) * (1 | s)) & 0xFFFFFFFF
        t ^= (t + (((t ^ (t >> 7)) * (61 | t)) & 0xFFFFFFFF)) & 0xFFFFFFFF
        return (t ^ (t >> 14)) / 4294967296.0

    def __repr__(self) -> str:
        return f"<loopcraft.loop random stream state={self._state!r}>"


def rng(seed: str) -> Callable[[], float]:
    """The v1 random stream for a seed: a callable returning floats in [0, 1).

    The seed is hashed as JavaScript would: FNV-1a over the first UTF-16 unit
    of each code point.

    >>> r = rng("notes-example")
    >>> 0 <= r() < 1
    True
    """
    require_str("seed", seed)
    state = 2166136261
    hashed = False
    for unit in _seed_units(seed):
        state = _imul(state ^ unit, 16777619)
        hashed = True
    if hashed and state >= 0x80000000:
        state -= 0x100000000  # Math.imul returns a signed 32-bit value
    return _Random(float(state))


def check_generate_args(n: Any, seed: Any) -> None:
    """Checks the arguments of :func:`generate`: n in 4..6, a str seed of at most 80 UTF-16 units."""
    require_int("n", n)
    if n not in SIZES:
        raise ArgumentError(f"n must be 4, 5 or 6, got {show(n)}")
    require_str("seed", seed)
    units = len(_utf16_units(seed))
    if units > MAX_SEED_UNITS:
        raise ArgumentError(f"seed must be at most {MAX_SEED_UNITS} UTF-16 code units, got {units}")
