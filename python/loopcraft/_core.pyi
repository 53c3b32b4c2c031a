"""The compiled core (private). Use the public façade modules instead.

Every function converts its arguments to owned Rust data and runs with the GIL
released. Errors are the classes of :mod:`loopcraft.errors`: bad values raise
``ArgumentError`` (or ``CapacityError``), wrong types ``ArgumentTypeError``
(or a plain ``TypeError`` from argument conversion); a Rust panic never
reaches Python as a result.
"""

from typing import Any, List, Optional, Sequence, Tuple, TypeVar, Union, final

from .errors import LoopcraftError

_T = TypeVar("_T")

# ----------------------------------------------------------------- Limits and defaults
# The one source of these numbers: the Python modules read them from here.

SLITHER_MAX_SIDE: int
"""Largest side of a Slitherlink board (100)."""
COUNTRY_MAX_SIDE: int
"""Largest side of a Country Road board (30)."""
COUNTRY_MIN_SIDE: int
"""Smallest side of a Country Road board (2)."""
MAX_TEXT: int
"""Longest puzzle text read, in characters."""
MAX_DIGITS: int
"""Longest run of digits read as a number."""
MAX_URL: int
"""Longest puzz.link URL read."""
URL_SITES: Tuple[Tuple[str, str], ...]
"""The sites serving the pzprjs player: ``(name, URL prefix)``, the default first."""
URL_NUMBER_FORMS: Tuple[Tuple[str, int, int], ...]
"""The wider numbers of a puzz.link body: ``(prefix, hex digits, offset)``."""
MAX_THREADS: int
"""Most worker threads a batch may ask for."""
MAX_COUNT_THREADS: int
"""Most worker threads a frontier count may ask for."""
MAX_KEPT_VALUES: int
"""Most edge values the solutions kept by one solve, or by a whole batch, may hold."""
MAX_ATTEMPTS: int
"""Largest ``attempts`` of a generator (the core counts them in 32 bits)."""
SLITHER_ATTEMPTS: int
"""Random loops ``slither_generate`` tries by default (50)."""
SLITHER_SEARCH_NODES: int
"""Node budget of each uniqueness check of the generator's search pass (300)."""
LOOP_V1_MAX_N: int
"""Largest n of a Loop engine v1 board (200)."""
LOOP_V1_NODE_LIMIT: int
"""Node limit of the Loop engine v1's checks (20000)."""

# ----------------------------------------------------------------- Loop engine v1

def loop_propagate(n: int, clues: Sequence[Optional[int]], domains: Sequence[int]) -> Tuple[bytes, bool]:
    """v1 propagation. ``domains`` per edge: 1 = off, 2 = on, 3 = undecided.
    Returns the narrowed masks and whether they are consistent."""

@final
class LoopSearches:
    """v1 searches on buffers kept between calls, one search per board size:
    a small search costs about what allocating a new one does."""

    def __init__(self) -> None: ...
    def solve(self, n: int, clues: Sequence[Optional[int]], node_limit: int, into: _T) -> _T:
        """v1 search, written into ``into`` and returned: the fields of
        ``loop.SolveResult`` (``solutions``, at most two, each a list of 0/1
        per edge; ``nodes``; ``truncated``) set as ``object.__setattr__``
        sets them."""
    def solve_plain(self, n: object, clues: Sequence[Optional[int]], node_limit: object, into: _T) -> Optional[_T]:
        """``solve`` when ``n`` is an ``int`` (exactly) in 1..``LOOP_V1_MAX_N``
        and ``node_limit`` one in 0..2**63 - 1; ``None``, before reading the
        clues, when either is not (for the caller to check them)."""

def loop_thin(n: int, clues: Sequence[Optional[int]], order: Sequence[int]) -> Tuple[List[Optional[int]], bool]:
    """v1 clue thinning: blank each cell of ``order`` in turn unless the v1
    check then fails; returns the clues and the final check's verdict."""

def loop_closed_component(n: int, edges: Sequence[int]) -> Optional[Tuple[List[int], List[int]]]:
    """v1 ``closedComponent``: ``(points, edges)`` in visiting order, or None."""

# ----------------------------------------------------------------- Slitherlink

SLITHER_LEVELS: Tuple[str, ...]
"""The grading ladder, weakest first; each level includes the ones before it:
``("easy", "normal", "tricky", "hard", "colour", "trial", "search")``."""

SLITHER_RULES: Tuple[Tuple[str, str, str], ...]
"""The rules of explanations: ``(name, level, description)`` each."""

#: One explanation step: ``(rule, place kind, place index, premise keys,
#: decisions, contradiction, parent)``.
_PyStep = Tuple[str, str, int, List[int], List[Tuple[int, int]], bool, int]

#: A backbone: ``(count, finished, values, witnesses)``.
_Backbone = Tuple[int, bool, bytes, List[bytes]]

@final
class SlitherBoard:
    """A Slitherlink board checked and built once in the core, the handle each
    ``Slitherlink`` keeps (``Slitherlink.core_board``): every question is a
    method, with the board's own arguments left out.

    ``clues`` is row-major, None for a blank, else 0..4; boards up to
    100 x 100. Solutions and positions are one byte per edge in grid numbering.
    """

    def __new__(cls, rows: int, cols: int, clues: Sequence[Optional[int]]) -> SlitherBoard: ...
    @property
    def rows(self) -> int: ...
    @property
    def cols(self) -> int: ...
    def solve(
        self, limit: int, node_limit: Optional[int] = None, time_limit: Optional[float] = None
    ) -> Tuple[List[bytes], bool, int]:
        """Counts solutions up to ``limit`` (>= 1): ``(solutions, finished, nodes)``.

        Each solution is one byte (0/1) per edge. ``finished`` is True when
        the search space was exhausted or ``limit`` was reached (fewer than
        ``limit`` solutions is then the exact count); False only when
        ``node_limit`` or ``time_limit`` (seconds) stopped the search.
        """

    def count_search(
        self, limit: int, node_limit: Optional[int] = None, time_limit: Optional[float] = None
    ) -> Tuple[int, bool, int]:
        """:meth:`solve`'s count without its solutions: ``(count, finished,
        nodes)``, memory that does not grow with the count (an unfinished
        count is the most one attempt found)."""

    def propagate(self, level: str) -> Optional[bytes]:
        """The fixpoint of deduction level ``level`` (a name of ``SLITHER_LEVELS`` other
        than ``"search"``) from an empty board: per edge 0 = off, 1 = on,
        2 = undecided; None when the level finds a contradiction."""

    def explain(
        self, level: str, position: Optional[bytes] = None, time_limit: Optional[float] = None
    ) -> Tuple[Optional[List[_PyStep]], bool]:
        """The steps of ``level``'s deduction, easiest first, from ``position``
        (per edge 0 off, 1 on, 2 open; None for the empty board), flattened: a
        trial's refutation follows it, with ``parent`` its index (-1 for top-level
        steps). Premise keys: an edge index, or ``num_edges + cell`` for a clue.
        None when the rules find a contradiction. With whether it finished
        (False: ``time_limit`` ran out first, and the steps are None)."""

    def hint(self, position: bytes, time_limit: Optional[float] = None) -> Tuple[Optional[List[_PyStep]], bool]:
        """The next step from a player's position, flattened as in
        ``explain`` (the step first), None when the position is solved; and
        whether it finished (False: ``time_limit`` ran out, the step is None)."""

    def backbone(self, time_limit: Optional[float] = None) -> _Backbone:
        """``(count, finished, values, witnesses)``: count 0, 1 or 2 (two or more;
        a lower bound when not finished), per edge 0/1 in every solution or 2 open
        (or not proven when not finished), and up to two solutions that differ.
        A finished backbone is kept on the handle (with the solutions met on the
        way): asked again, or by :meth:`suggest`, it is not proven again."""

    def suggest(
        self, k: int, time_limit: Optional[float] = None, threads: int = 1
    ) -> Tuple[_Backbone, List[Tuple[int, int, int, int]], bool]:
        """``(backbone, suggestions, ranking finished)``: the backbone as
        :meth:`backbone`, then up to ``k`` ``(cell, value, count, open)``
        best first (count 1 before 2, fewer open edges, cell, value). Starts
        from the kept backbone when there is one, and keeps it (with every
        solution met) when it finishes. The candidates are proven on
        ``threads`` threads (1 to ``MAX_COUNT_THREADS``); the answer is the
        same on any number."""

    def grade(
        self, node_limit: Optional[int] = None, time_limit: Optional[float] = None
    ) -> Tuple[str, int, bool, float]:
        """``(level, solutions, finished, score)``: the weakest level whose fixpoint
        decides every edge (solutions is then 1, or 0 when that level proves there
        is none), else ``"search"`` with the search's count (0, 1 or 2) and whether
        it finished; ``score`` is the level's index plus the share of the edges the
        level below leaves undecided. A grade that ``time_limit`` (seconds) cuts
        short is ``("search", 0, False, ...)``."""

    def count_frontier(
        self,
        limit: Optional[int] = None,
        max_states: Optional[int] = None,
        threads: int = 1,
        time_limit: Optional[float] = None,
        given: Optional[bytes] = None,
    ) -> Tuple[int, int]:
        """Exact number of solutions (single loops satisfying every clue; the
        empty edge set never counts) by frontier dynamic programming:
        ``(count, peak_states)``. With no clue the count is OEIS A140517. The
        count returned is ``min(count, limit)`` (a count equal to ``limit`` may
        be larger in truth); the sweep returns ``limit`` early once closed
        loops with no positive clue left to check reach it. ``max_states``
        (default 20 million, about 3 GB) caps the states of one sweep step:
        passing it raises :class:`CapacityError`. ``peak_states`` is the
        largest step. A board without clues is counted over a table of every
        frontier state, updated in place, when that table fits ``max_states``
        (``peak_states`` is then its size), by ``threads`` workers (1..256;
        other boards are swept on one thread). Ctrl-C raises KeyboardInterrupt;
        :class:`TimeLimitError` when ``time_limit`` (seconds) runs out first.
        ``given`` (one byte per edge in the backbone's layout: 0 off, 1 on, 2
        open) counts the ways to complete it instead, on one thread: given
        facts that hold in every solution (a backbone's), that is the same
        count over far fewer states."""

    def count_deduced(
        self, limit: Optional[int] = None, max_states: Optional[int] = None, deduce: bool = True, threads: int = 1
    ) -> Tuple[int, int, str, str]:
        """Exact number of solutions, deduction first: ``(count, peak_states,
        engine, reason)``. The strongest propagation level (``trial``) runs to
        its fixpoint; when it decides every edge the count is 1 (0 on a
        contradiction) and ``engine`` is ``"ladder"`` (no sweep, ``peak_states``
        0); else ``"ladder+frontier"``: the sweep of :meth:`count_frontier`
        drawing exactly the edges decided on and none decided off, along the
        direction where the open part is narrower. ``deduce=False`` is the
        plain sweep (``"frontier"``). ``reason`` says in one sentence what the
        fixpoint decided. A board without clues has nothing to deduce from:
        it goes straight to :meth:`count_frontier` (``"frontier"``). Limit,
        budget and ``threads`` as for :meth:`count_frontier`; the count is the
        same on every route."""

def slither_random_loop(rows: int, cols: int, seed: int) -> bytes:
    """The random simple loop that ``slither_generate`` with ``seed`` starts from: 0/1 per edge."""

def slither_generate(
    rows: int,
    cols: int,
    seed: int,
    level: Optional[str] = None,
    attempts: int = ...,
    time_limit: Optional[float] = None,
    search_nodes: int = ...,
) -> Tuple[str, List[int], str, int]:
    """A puzzle of exactly ``level`` (None: as few clues as ``"trial"`` allows)
    from a 64-bit ``seed``: ``(status, clues, level, attempts)``, status
    ``"found"``, ``"timeout"`` or ``"exhausted"``; clues -1 for blank (empty
    unless found). Stopped by Ctrl-C (KeyboardInterrupt)."""

# ----------------------------------------------------------------- Country Road

COUNTRY_STAGES: Tuple[str, ...]
"""The ladder's stages in order: ``("region", "once", "loop", "macro", "probe")``."""

COUNTRY_LEVELS: Tuple[str, ...]
"""The grading ladder: the stages, then ``"search"``."""

COUNTRY_RULES: Tuple[Tuple[str, str, str], ...]
"""The Country Road rules of explanations: ``(name, level, description)`` each."""

@final
class Halt:
    """A flag that stops the core calls handed it (``CountryBoard.backbone(halt=)``),
    set from any thread: worker threads do not see Ctrl-C, so the calling
    thread sets it when it does."""

    def __new__(cls) -> Halt: ...
    def set(self) -> None:
        """Stops every call that holds this flag (now and from then on)."""

    def is_set(self) -> bool:
        """Whether ``set`` was called."""

@final
class CountryBoard:
    """A Country Road board checked and built once in the core (geometry and
    region graph), the handle each ``CountryRoad`` keeps
    (``CountryRoad.core_board``): every question is a method.

    ``regions``: a country index ``0..K`` or -1 (blocked) per cell, row-major;
    ``numbers``: one number or None per country; sides 2..30. ``loop`` (one
    0/1 entry per edge), a loop known to solve the map without numbers,
    guides the root's probe of the runs whose numbers it satisfies. Solutions
    are one byte (0/1) per cell-to-cell edge; positions and values are cells
    then edges.
    """

    def __new__(
        cls,
        rows: int,
        cols: int,
        regions: Sequence[int],
        numbers: Sequence[Optional[int]],
        loop: Optional[Sequence[int]] = None,
    ) -> CountryBoard: ...
    def with_numbers(self, numbers: Sequence[Optional[int]]) -> CountryBoard:
        """The same map (shared in the core, not rebuilt) with other numbers."""

    @property
    def rows(self) -> int: ...
    @property
    def cols(self) -> int: ...
    @property
    def countries(self) -> int: ...
    def solve(
        self, limit: int, stages: Sequence[str], node_limit: Optional[int] = None, time_limit: Optional[float] = None
    ) -> Tuple[List[bytes], bool, int]:
        """Search with the chosen ladder stages at every node, stopping at ``limit``
        solutions: ``(solutions, finished, nodes)``. ``finished`` is False only
        when ``node_limit`` or ``time_limit`` (seconds) stopped the search. A
        region graph that is disconnected, has a cut vertex or fewer than two
        countries gives no solution at once."""

    def ladder(self, stages: Sequence[str]) -> Optional[Tuple[bytes, bytes, int]]:
        """Fixpoint of the chosen stages without search: ``(cell states, edge
        states, probe hypotheses)``, states 0 = unused/off, 1 = used/on,
        2 = undecided; None when the stages find a contradiction."""

    def backbone_bounded(
        self, bound: int, time_limit: Optional[float] = None, halt: Optional[Halt] = None
    ) -> Tuple[int, bool, bytes, List[bytes], bool]:
        """:meth:`backbone` cut short once it shows two solutions and ``bound``
        open unknowns: ``(count, finished, values, witnesses, cut)``. A cut
        backbone (``cut`` True) is unfinished, with count 2 and every unknown
        not yet proven reported open: the board then has at least ``bound``
        open unknowns, which is all the setter's ranking needs to drop it."""

    def backbone_scored(
        self, time_limit: Optional[float] = None, halt: Optional[Halt] = None
    ) -> Tuple[_Backbone, Optional[List[Tuple[int, int, int, int]]]]:
        """:meth:`backbone`, with, when the frontier sweep proved an ambiguous
        board, :meth:`scores` of every unnumbered country that touches an open
        cell or link, from the same sweep (None otherwise)."""

    def scores(
        self, countries: Sequence[int], time_limit: Optional[float] = None, halt: Optional[Halt] = None
    ) -> Optional[List[Tuple[int, int, int, int]]]:
        """What one more number in each of ``countries`` (indices of
        unnumbered countries) would do: ``(country, number, count, open)`` for
        every number some solution gives it (``count`` 1, or 2 for two or
        more; ``open`` the cells and edges left open), by the frontier sweep
        run forward and back. None when the sweep cannot answer within its
        budget or ``time_limit``, at once when this board's backbone sweep
        ran out of room (the same sweep would run out again). ``halt`` as in
        :meth:`backbone`."""

    def explain(
        self, level: str, position: Optional[bytes] = None, time_limit: Optional[float] = None
    ) -> Tuple[List[_PyStep], bool, bytes, bool]:
        """The steps of the ladder up to ``level`` (not ``"search"``), easiest
        first, from ``position`` (cells then edges, 0/1/2; None for the empty
        board), flattened as in ``SlitherBoard.explain`` (premise keys: a cell,
        then ``cells + edge``, then ``cells + edges + country``); with whether
        the rules found a contradiction, the values reached, and whether it
        finished (False: ``time_limit`` ran out first; no steps, no values)."""

    def hint(self, position: bytes, time_limit: Optional[float] = None) -> Tuple[Optional[List[_PyStep]], bool]:
        """The next step from a player's position, flattened (the step first),
        None when the position is solved; and whether it finished (False:
        ``time_limit`` ran out, the step is None)."""

    def backbone(self, time_limit: Optional[float] = None, halt: Optional[Halt] = None) -> _Backbone:
        """``(count, finished, values, witnesses)`` as ``SlitherBoard.backbone``;
        values per cell (1 = used) then per edge in the core's numbering. The
        two witnesses may be followed by further solutions found on the way.
        ``halt``, once set (from any thread), stops the call as Ctrl-C does:
        it raises ``KeyboardInterrupt``."""

    def count_cells(self, limit: Optional[int] = None) -> int:
        """Brute-force count "cells": choose the used cells, then count the ways to
        thread one loop through them. Shares only geometry and the input check
        with the ladder. Returns the number of solutions, at most ``limit`` when
        given (it stops there). ValueError for a board too large to enumerate
        (more than 64 cells, or more than 36 open cells)."""

    def count_loops(self, limit: Optional[int] = None) -> int:
        """Brute-force count "loops": enumerate the simple cycles of the grid and
        read the unused cells as the complement. Same contract as
        :meth:`count_cells`."""

    def count_frontier(
        self,
        limit: Optional[int] = None,
        max_states: Optional[int] = None,
        threads: int = 1,
        time_limit: Optional[float] = None,
        given: Optional[bytes] = None,
    ) -> Tuple[int, int]:
        """Exact number of solutions by frontier dynamic programming:
        ``(count, peak_states)`` (no cell-count cap). With every cell its own
        country and no numbers the count is the number of Hamiltonian cycles of
        the grid graph (OEIS A003763 on even squares), counted over the table
        of every frontier state as ``SlitherBoard.count_frontier`` counts a
        board without clues (``threads`` workers). ``limit``, ``max_states``,
        ``threads``, ``time_limit`` and ``given`` as there (``given``: a byte
        per cell, then per edge, in the backbone's layout)."""

    def count_deduced(
        self, limit: Optional[int] = None, max_states: Optional[int] = None, deduce: bool = True, threads: int = 1
    ) -> Tuple[int, int, str, str]:
        """Exact number of solutions, deduction first, as
        ``SlitherBoard.count_deduced``: every stage of the ladder runs to its
        fixpoint, then the sweep of :meth:`count_frontier` keeps the cells and
        edges it decided (``"ladder"`` when it decided all of them, the sweep
        then only checks that one loop; ``"ladder+frontier"`` otherwise). A
        board of one-cell countries without numbers goes straight to
        :meth:`count_frontier` (``"frontier"``; ``threads`` as there)."""

def country_first_cut_cell(rows: int, cols: int, regions: Sequence[int]) -> Optional[int]:
    """The first cell (row-major) cut off from the earlier cells of its
    country (index per cell, -1 blocked), or None when every country is one
    orthogonally connected piece."""

def country_region_graph(
    rows: int, cols: int, regions: Sequence[int]
) -> Tuple[List[Tuple[int, int]], List[int], List[int]]:
    """``(borders, cut vertices, bridges)``: sorted pairs ``(a, b)``, ``a < b``, of
    adjacent countries; cut vertices as sorted country indices; bridges as
    sorted indices into ``borders`` (Hopcroft-Tarjan, O(V + E))."""

def country_hamiltonian_cycles(rows: int, cols: int, regions: Sequence[int], cap: int) -> List[int]:
    """Every Hamiltonian cycle of the region graph, once each, as an int
    bitmask over the borders of :func:`country_region_graph` (bit i =
    ``borders[i]``). Two countries give the one cycle crossing their border
    twice; one country gives none. Raises :class:`CapacityError` when more than
    ``cap`` cycles exist (or the enumeration passes its step budget)."""

# ----------------------------------------------------------------- batches (rust/batch.rs)
#
# Each runs the single call on every item on ``threads`` worker threads
# (default: available parallelism; 1..1024) with the GIL released, and returns
# one answer per item in input order: the single call's tuple, or the
# exception instance (ArgumentError, ...) that item's error maps to, returned
# rather than raised. Arguments of the whole batch raise as in the single call;
# conversion errors of an item (a wrong type) raise for the whole batch.
# Budgets are per item. A pending signal (Ctrl-C) is raised between items.

def slither_solve_many(
    boards: Sequence[Union[Tuple[int, int, Sequence[Optional[int]]], str]],
    limit: int,
    node_limit: Optional[int] = None,
    time_limit: Optional[float] = None,
    threads: Optional[int] = None,
) -> List[Any]:
    """``SlitherBoard.solve`` on many ``(rows, cols, clues)`` boards or texts: per item
    ``(solutions, finished, nodes)`` (plus ``(rows, cols, clues)`` for a text the
    core read), an error instance, or None for a text left to Python's reader."""

def country_solve_many(
    boards: Sequence[Union[Tuple[int, int, Sequence[int], Sequence[Optional[int]]], str]],
    limit: int,
    node_limit: Optional[int] = None,
    time_limit: Optional[float] = None,
    threads: Optional[int] = None,
) -> List[Any]:
    """``CountryBoard.solve`` with every stage on many ``(rows, cols, regions, numbers)``
    boards or texts: as ``slither_solve_many``, ``(rows, cols)`` for a text read."""

def fast_read(family: str, text: str) -> Optional[Tuple[Any, ...]]:
    """What a batch reads of a text (the one reader, ``read_text``): ``(rows, cols, clues)``
    (``"slitherlink"``) or ``(rows, cols, regions, numbers)`` (``"country"``) in the core's
    form, or None for a text left to Python (JSON, a Loopy ID, a mistake, not a board)."""

def read_text(family: str, format: str, text: str) -> Union[str, Tuple[Any, ...]]:
    """The one reader of puzzlekit text and puzz.link URLs (``format``: ``"any"``,
    ``"url"``, ``"puzzlekit"``, ``"solution"``, ``"loop"``): the board as a tuple (Country
    Road: ``(rows, cols, cells, ids, [(country, number), ...])``), or for
    ``"any"`` the name of a format Python reads (``"json"``, ``"tatham"``). Raises
    FormatError; UnicodeEncodeError for a str holding a lone surrogate."""

def text_format(family: str, text: str) -> str:
    """The format ``parse`` reads ``text`` as: ``"url"``, ``"puzzlekit"``, ``"json"`` or ``"tatham"``."""

def loop_solve_many(
    n: int, clue_lists: Sequence[Sequence[Optional[int]]], node_limit: int, threads: Optional[int] = None
) -> List[Union[Tuple[List[bytes], int, bool], LoopcraftError]]:
    """``LoopSearches.solve`` on many clue lists of one size ``n``."""
