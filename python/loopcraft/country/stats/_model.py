"""The table types of the stats: a table, its row groups and how to build it."""

from __future__ import annotations

import csv
import io
import math
import re
from dataclasses import dataclass
from typing import Any, Callable, Dict, List, Optional, Tuple

from ..._validate import require_text, show
from ...errors import ArgumentError, ArgumentTypeError

__all__ = ["Row", "Table", "Group", "TableSpec", "Measure", "Summary", "Plot"]

Row = Tuple[Any, ...]

#: A table's name, which :func:`write_table` makes file names of.
_TABLE_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]*")
#: The most bits of an int in a table: Python writes no int of more than
#: 4,300 digits (a bare ValueError from ``str``).
_MAX_INT_BITS = 14_000

# --------------------------------------------------------------------------- tables


@dataclass(frozen=True)
class Table:
    """One regenerated table.

    Attributes:
        name: the table's key in :data:`TABLES`.
        title: a one-line caption.
        columns: column headers.
        rows: one tuple per row (ints, floats, strs).
        notes: how the numbers were obtained (boards, seed).
    """

    name: str
    title: str
    columns: Tuple[str, ...]
    rows: Tuple[Row, ...]
    notes: str = ""

    def __post_init__(self) -> None:
        # A hand-made table reaches write_table, which makes file names of its
        # name (a NUL was a bare ValueError from open, a "/" a file outside
        # the directory) and writes every text and value: a column that is no
        # str was a bare TypeError, a lone surrogate a UnicodeEncodeError, an
        # int of 5,000 digits a ValueError.
        if not isinstance(self.name, str) or not _TABLE_NAME.fullmatch(self.name):
            raise ArgumentError(
                f"a table's name must be letters, digits, '-', '_' and '.' (a file name), got {show(self.name)}"
            )
        require_text("title", self.title)
        require_text("notes", self.notes)
        if type(self.columns) is not tuple:
            raise ArgumentTypeError(f"columns must be a tuple of str, got {type(self.columns).__name__}")
        for c in self.columns:
            require_text("a column", c)
        if type(self.rows) is not tuple:
            raise ArgumentTypeError(f"rows must be a tuple of rows, got {type(self.rows).__name__}")
        for i, row in enumerate(self.rows):
            if type(row) not in (tuple, list):
                raise ArgumentTypeError(f"rows[{i}] must be a tuple of values, got {type(row).__name__}")
            for v in row:
                if isinstance(v, str):
                    require_text(f"rows[{i}]", v)
                elif isinstance(v, int) and v.bit_length() > _MAX_INT_BITS:
                    raise ArgumentError(f"rows[{i}] holds {show(v)}, too long to write")
                elif v is not None and not isinstance(v, (int, float)):
                    raise ArgumentTypeError(f"rows[{i}] values must be str, int, float or None, got {type(v).__name__}")

    def column(self, name: str) -> List[Any]:
        i = self.columns.index(name)
        return [row[i] for row in self.rows]

    def to_markdown(self) -> str:
        """A GitHub Markdown table with its title and notes."""
        head = "| " + " | ".join(self.columns) + " |"
        rule = "| " + " | ".join("---" for _ in self.columns) + " |"
        body = ["| " + " | ".join(_fmt(v) for v in row) + " |" for row in self.rows]
        text = [f"### {self.title}", "", head, rule, *body]
        if self.notes:
            text += ["", self.notes]
        return "\n".join(text) + "\n"

    def to_csv(self) -> str:
        """CSV with a header row (floats at full precision)."""
        buf = io.StringIO()
        w = csv.writer(buf, lineterminator="\n")
        w.writerow(self.columns)
        for row in self.rows:
            w.writerow(row)
        return buf.getvalue()


def _fmt(v: Any) -> str:
    if isinstance(v, float):
        if math.isnan(v):
            return "-"
        return f"{v:.1f}" if abs(v) >= 10 else f"{v:.2f}"
    return str(v)


@dataclass(frozen=True)
class Group:
    """One group of boards in a table: a size, a board count and parameters."""

    rows: int
    cols: int
    boards: int
    params: Tuple[Tuple[str, Any], ...] = ()

    @property
    def size(self) -> str:
        return f"{self.rows}x{self.cols}"

    def param(self, name: str, default: Any = None) -> Any:
        return dict(self.params).get(name, default)

    @property
    def key(self) -> str:
        return self.size + "".join(f",{k}={v}" for k, v in self.params)


#: ``measure(group, seed)``: the measurements of one board.
Measure = Callable[[Group, str], Dict[str, Any]]
#: ``summarize(group, results)``: the table rows of one group.
Summary = Callable[[Group, List[Dict[str, Any]]], List[Row]]
#: ``plot(table, axes)``: draws the table on matplotlib axes.
Plot = Callable[[Table, Any], None]


@dataclass(frozen=True)
class TableSpec:
    """How to build one table: its groups, a per-board measure and a summary."""

    name: str
    title: str
    columns: Tuple[str, ...]
    groups: Tuple[Group, ...]
    measure: Measure
    summarize: Summary
    plot: Optional[Plot] = None
    description: str = ""
