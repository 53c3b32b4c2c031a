"""The registry of tables: their titles, columns, row groups and default board counts."""

from __future__ import annotations

from typing import Any, Dict, Tuple

from .._ladder import STAGES
from ._measure import (
    measure_ablation,
    measure_ambiguity,
    measure_grades,
    measure_numbers,
    measure_reach,
    measure_trap,
    measure_unique,
    sum_ablation,
    sum_ambiguity,
    sum_country_size,
    sum_grades,
    sum_hamiltonian,
    sum_numbers,
    sum_reach,
    sum_trap,
)
from ._model import Group, TableSpec
from ._plots import (
    plot_ablation,
    plot_country_size,
    plot_grades,
    plot_hamiltonian,
    plot_numbers,
    plot_reach,
    plot_trap,
)

__all__ = ["TABLES"]


def _groups(*specs: Tuple[int, int, int], **params: Any) -> Tuple[Group, ...]:
    return tuple(Group(r, c, n, tuple(params.items())) for r, c, n in specs)


TABLES: Dict[str, TableSpec] = {
    spec.name: spec
    for spec in (
        TableSpec(
            "reach",
            "Ladder reach: bits (cells + edges) decided at each prefix of the ladder, every country numbered",
            ("size", "boards", "stage", "bits decided %", "boards complete %", "probe hypotheses"),
            _groups((6, 6, 80), (8, 8, 80), (10, 10, 40)),
            measure_reach,
            sum_reach,
            plot_reach,
            "'+stage' = that stage and every stage above it; "
            "'boards complete % at +macro' is how often macro completes a board without probe.",
        ),
        TableSpec(
            "grades",
            "Grades of a generated bank: the weakest ladder prefix that completes each puzzle",
            ("size", "puzzles", *STAGES, "numbers left", "countries", "layouts per puzzle"),
            _groups((6, 6, 80), (8, 8, 80), (10, 10, 40)),
            measure_grades,
            sum_grades,
            plot_grades,
            "Default generator (adversarial deletion, whole ladder); counts per grade.",
        ),
        TableSpec(
            "ablation",
            "Ablation: the full ladder minus one stage, on generated puzzles (random deletion order)",
            ("size", "boards", "without", "bits lost", "bits lost %", "boards affected", "probe hypotheses change"),
            _groups((6, 6, 40), (8, 8, 30)),
            measure_ablation,
            sum_ablation,
            plot_ablation,
            "Bits lost = cells + edges the full ladder decides and the reduced one does not (mean per board).",
        ),
        TableSpec(
            "ambiguity",
            "Ambiguity: does a second solution walk the same order of countries?",
            ("size", "numbers", "boards", "ambiguous", "same order", "other order", "same order %"),
            _groups((6, 6, 80), (8, 8, 40)),
            measure_ambiguity,
            sum_ambiguity,
            None,
            "Loop-first layouts with every country numbered ('all') and with no numbers ('none'); "
            "the second solution is compared with the generating loop.",
        ),
        TableSpec(
            "hamiltonian",
            "Uniqueness against the number of Hamiltonian cycles of the region graph (every country numbered)",
            ("size", "Hamiltonian cycles", "boards", "unique", "unique %"),
            _groups((6, 6, 200)),
            measure_unique,
            sum_hamiltonian,
            plot_hamiltonian,
            "Unique = a complete search finds exactly one solution.",
        ),
        TableSpec(
            "country-size",
            "The country size dial: uniqueness, Hamiltonian cycles and ladder reach (every country numbered)",
            (
                "size",
                "country size",
                "boards",
                "countries",
                "unique %",
                "median Hamiltonian cycles",
                "bits decided %",
                "ladder complete %",
            ),
            _groups((6, 6, 80), country_size=2.5)
            + _groups((6, 6, 80), country_size=3.5)
            + _groups((6, 6, 80), country_size=4.5)
            + _groups((6, 6, 80), country_size=6.0)
            + _groups((8, 8, 40), country_size=2.5)
            + _groups((8, 8, 40), country_size=6.0),
            measure_unique,
            sum_country_size,
            plot_country_size,
            "Country size = cells per country on average; ladder = all five stages.",
        ),
        TableSpec(
            "trap",
            "The partition-first trap: random partitions of 6 x 6 (no numbers)",
            ("countries", "partitions", "cut vertex or bridge %", "Hamiltonian %", "solvable %"),
            _groups((6, 6, 200), countries=4)
            + _groups((6, 6, 200), countries=6)
            + _groups((6, 6, 200), countries=8)
            + _groups((6, 6, 200), countries=12),
            measure_trap,
            sum_trap,
            plot_trap,
            "Hamiltonian = the region graph has a Hamiltonian cycle; solvable = a complete search finds a loop.",
        ),
        TableSpec(
            "numbers",
            "Numbers left after deletion (whole ladder), adversarial against random order",
            ("size", "boards", "countries", "adversarial left", "adversarial left %", "random left", "random left %"),
            _groups((6, 6, 80), (8, 8, 40)),
            measure_numbers,
            sum_numbers,
            plot_numbers,
            "The same ladder-complete layout deleted in both orders; 'left' = mean numbers per board.",
        ),
    )
}
