"""One time budget shared by the steps of one call.

A call made of several core calls (a verdict: backbone, count, grade,
suggestions; a grade: its levels, its search and its score's explanation)
hands each step what is left of its ``time_limit``, so the call as a whole
honours it.
"""

from __future__ import annotations

import time
from typing import Callable, Optional, TypeVar

from ._validate import require_optional_number
from .errors import TimeLimitError

__all__ = ["Clock", "within"]

T = TypeVar("T")


class Clock:
    """A time budget shared by the steps of one call."""

    def __init__(self, time_limit: Optional[float]) -> None:
        budget = require_optional_number("time_limit", time_limit)
        self.end = None if budget is None else time.monotonic() + float(budget)

    def left(self) -> Optional[float]:
        """Seconds left (never negative), or None without a budget."""
        return None if self.end is None else max(0.0, self.end - time.monotonic())

    def over(self) -> bool:
        return self.end is not None and time.monotonic() >= self.end


def within(clock: Clock, work: Callable[[Optional[float]], T]) -> Optional[T]:
    """``work(seconds left)``, or None when the clock is over or ``work``
    raises :class:`TimeLimitError` (what it would have answered is unknown)."""
    if clock.over():
        return None
    try:
        return work(clock.left())
    except TimeLimitError:
        return None
