"""Argument checks shared by the public functions.

They raise ``TypeError`` for a wrong type and ``ValueError`` for a wrong value,
naming the argument, so that nothing malformed reaches the compiled core.
"""

from __future__ import annotations

from typing import Any, Iterable, List, Optional, Sequence

from .errors import ArgumentError, ArgumentTypeError

# The generators' ``attempts`` fits the core's u32 counter in both families, so
# both refuse the same absurd values instead of one looping until its budget.
MAX_ATTEMPTS = 2**32 - 1


def require_int(name: str, value: Any, lo: Optional[int] = None, hi: Optional[int] = None) -> int:
    """Checks that ``value`` is an ``int`` (not a ``bool``) within ``[lo, hi]``."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ArgumentTypeError(f"{name} must be an int, got {type(value).__name__}")
    if lo is not None and value < lo:
        raise ArgumentError(f"{name} must be at least {lo}, got {value}")
    if hi is not None and value > hi:
        raise ArgumentError(f"{name} must be at most {hi}, got {value}")
    return value


def require_optional_number(name: str, value: Any, lo: float = 0) -> Optional[float]:
    """Checks an optional budget: ``None`` or a non-negative int/float."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ArgumentTypeError(f"{name} must be a number or None, got {type(value).__name__}")
    if not value >= lo:  # also catches NaN
        raise ArgumentError(f"{name} must be at least {lo}, got {value}")
    return value


def require_str(name: str, value: Any) -> str:
    if not isinstance(value, str):
        raise ArgumentTypeError(f"{name} must be a str, got {type(value).__name__}")
    return value


def clue_list(name: str, clues: Any, length: int, max_clue: int) -> List[Optional[int]]:
    """Checks a flat clue list: ``length`` entries, each ``None`` or an int in 0..max_clue."""
    if isinstance(clues, (str, bytes)) or not isinstance(clues, Iterable):
        raise ArgumentTypeError(f"{name} must be a list of int or None, got {type(clues).__name__}")
    out = list(clues)
    if len(out) != length:
        raise ArgumentError(f"{name} must have {length} entries, got {len(out)}")
    for i, c in enumerate(out):
        if c is None:
            continue
        if isinstance(c, bool) or not isinstance(c, int):
            raise ArgumentTypeError(f"{name}[{i}] must be an int or None, got {type(c).__name__}")
        if not 0 <= c <= max_clue:
            raise ArgumentError(f"{name}[{i}] = {c} is outside 0..{max_clue}")
    return out


def bit_list(name: str, values: Any, length: int) -> List[int]:
    """Checks a 0/1 list of a given length (bools and ints accepted)."""
    if isinstance(values, (str, bytes)) or not isinstance(values, Sequence):
        raise ArgumentTypeError(f"{name} must be a list of 0/1, got {type(values).__name__}")
    if len(values) != length:
        raise ArgumentError(f"{name} must have {length} entries, got {len(values)}")
    out = []
    for i, v in enumerate(values):
        if not isinstance(v, int):
            raise ArgumentTypeError(f"{name}[{i}] must be 0 or 1, got {type(v).__name__}")
        if v not in (0, 1):
            raise ArgumentError(f"{name}[{i}] must be 0 or 1, got {v}")
        out.append(int(v))
    return out
