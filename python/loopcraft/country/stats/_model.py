"""The table types of the stats: a table, its row groups and how to build it."""

from __future__ import annotations

import csv
import io
import math
from dataclasses import dataclass
from typing import Any, Callable, Dict, List, Optional, Tuple

__all__ = ["Row", "Table", "Group", "TableSpec", "Measure", "Summary", "Plot"]

Row = Tuple[Any, ...]

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
