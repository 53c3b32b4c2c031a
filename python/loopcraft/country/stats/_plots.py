"""The plots of the tables (matplotlib, optional: imported only when a plot is drawn)."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Optional, Sequence

from .._ladder import STAGES
from ._model import Row, Table

# --------------------------------------------------------------------------- plots (matplotlib, optional)


def _plot_lines(table: Table, ax: Any, x: str, y: str, series: str) -> None:
    names = list(dict.fromkeys(table.column(series)))
    for name in names:
        sel = [row for row in table.rows if row[table.columns.index(series)] == name]
        ax.plot(
            [r[table.columns.index(x)] for r in sel],
            [r[table.columns.index(y)] for r in sel],
            marker="o",
            label=str(name),
        )
    ax.set_xlabel(x)
    ax.set_ylabel(y)
    ax.legend(title=series)


def _plot_bars(table: Table, ax: Any, x: str, ys: Sequence[str], label: Optional[Callable[[Row], str]] = None) -> None:
    n = len(table.rows)
    width = 0.8 / len(ys)
    labels = [label(r) if label else str(r[table.columns.index(x)]) for r in table.rows]
    for j, y in enumerate(ys):
        vals = table.column(y)
        ax.bar([i + j * width for i in range(n)], vals, width, label=y)
    ax.set_xticks([i + width * (len(ys) - 1) / 2 for i in range(n)])
    ax.set_xticklabels(labels, rotation=30 if n > 6 else 0)
    ax.legend()


def plot_reach(table: Table, ax: Any) -> None:
    _plot_lines(table, ax, "stage", "bits decided %", "size")


def plot_grades(table: Table, ax: Any) -> None:
    bottoms = [0.0] * len(table.rows)
    sizes = table.column("size")
    for s in STAGES:
        vals = table.column(s)
        ax.bar(sizes, vals, bottom=bottoms, label=s)
        bottoms = [b + v for b, v in zip(bottoms, vals)]
    ax.set_ylabel("puzzles")
    ax.legend(title="grade")


def plot_ablation(table: Table, ax: Any) -> None:
    _plot_bars(table, ax, "without", ["bits lost %"], label=lambda r: f"{r[0]} {r[2]}")


def plot_hamiltonian(table: Table, ax: Any) -> None:
    _plot_bars(table, ax, "Hamiltonian cycles", ["unique %"], label=lambda r: f"{r[0]} {r[1]}")


def plot_country_size(table: Table, ax: Any) -> None:
    _plot_lines(table, ax, "country size", "unique %", "size")


def plot_trap(table: Table, ax: Any) -> None:
    _plot_bars(table, ax, "countries", ["cut vertex or bridge %", "Hamiltonian %", "solvable %"])


def plot_numbers(table: Table, ax: Any) -> None:
    _plot_bars(table, ax, "size", ["adversarial left %", "random left %"])


def have_matplotlib() -> bool:
    """True when matplotlib can be imported."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        return False
    return True


def save_png(table: Table, plot: Callable[[Table, Any], None], path: Path) -> None:
    """Draws ``table`` with ``plot`` into the PNG file ``path`` (needs matplotlib)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4.5))
    plot(table, ax)
    ax.set_title(table.title if len(table.title) < 70 else table.title[:67] + "...", fontsize=9)
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)
