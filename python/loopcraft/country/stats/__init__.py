"""``loopcraft stats country``: regenerates the Country Road measurement tables.

Every table is computed from fresh seeded boards. Board ``i`` of a row group
gets its own seed, ``"{seed}/{table}/{group}/{i}"``, so a run is reproducible
for a given seed and board count whatever the number of workers (results are
gathered by index, never by completion order).

Tables (``TABLES``, described in docs/country-road.md):

==============  ==========================================================
reach           bits decided by each ladder prefix, fully numbered boards
grades          weakest stage completing each generated puzzle (a bank)
ablation        full ladder minus one stage, on generated puzzles
ambiguity       second solutions: same order of countries or another?
hamiltonian     uniqueness against Hamiltonian cycles of the region graph
country-size    the average-country-size dial
trap            random partitions (partition first): cut vertices etc.
numbers         numbers left after adversarial and random deletion
==============  ==========================================================

The package holds one concern per module: ``_model`` (the table types),
``_measure`` (what is measured on each board), ``_plots`` (matplotlib,
optional), ``_tables`` (the registry) and ``_runner`` (seeds, threads,
progress bars, files).

>>> t = run_table("trap", boards=3, seed=1, workers=1)
>>> t.columns[:2]
('countries', 'partitions')
"""

from __future__ import annotations

from ._measure import HAM_BUCKETS, HAM_CAP, LAYOUT_ATTEMPTS, cycle_of, random_partition
from ._model import Group, Row, Table, TableSpec
from ._plots import have_matplotlib
from ._runner import check_out_dir, progress_bar, run_stats, run_table, write_table
from ._tables import TABLES

__all__ = [
    "TABLES",
    "HAM_BUCKETS",
    "HAM_CAP",
    "LAYOUT_ATTEMPTS",
    "Row",
    "Table",
    "TableSpec",
    "Group",
    "random_partition",
    "cycle_of",
    "run_table",
    "run_stats",
    "write_table",
    "check_out_dir",
    "have_matplotlib",
    "progress_bar",
]
