"""Memory: the largest boards solve in a small footprint, and absurd sizes are
refused before anything is allocated. Each check runs in a fresh interpreter
that reports its own peak resident size.

The peak is ``VmHWM`` of ``/proc/self/status`` where there is one (Linux), else
``ru_maxrss``. On Linux ``ru_maxrss`` survives ``exec``: a child started from
the test process (``vfork`` + ``exec``) reports the *parent's* peak when that is
higher (over 100 MB late in the suite), while ``VmHWM`` belongs to the new
process image alone."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

import pytest

resource = pytest.importorskip("resource")  # POSIX only: ru_maxrss

LIMIT_MB = 200


def _run(body: str) -> dict:
    """Runs ``body`` (which fills the dict ``out``) in a fresh interpreter; adds its peak RSS in MB."""
    script = textwrap.dedent(
        """
        import json, resource, sys
        out = {}
        """
    )
    script += textwrap.dedent(body)
    script += textwrap.dedent(
        """
        rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        out["rss_mb"] = rss / (1024 * 1024 if sys.platform == "darwin" else 1024)
        try:
            with open("/proc/self/status") as f:
                hwm = [line for line in f if line.startswith("VmHWM:")]
            out["rss_mb"] = int(hwm[0].split()[1]) / 1024  # kB
        except (OSError, IndexError):
            pass
        print(json.dumps(out))
        """
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_a_100_by_100_slitherlink_solve_stays_under_200_mb():
    out = _run(
        """
        import random
        from loopcraft.slitherlink import Slitherlink
        from loopcraft.slitherlink._generate import random_loop
        from loopcraft.slitherlink._geometry import cell_sides
        rng = random.Random(5)
        edges = random_loop(100, 100, 5)
        clues = [sum(edges[e] for e in cell_sides(100, 100, r, c)) for r in range(100) for c in range(100)]
        kept = [c if rng.random() < 0.6 else None for c in clues]
        board = Slitherlink([kept[r * 100 : (r + 1) * 100] for r in range(100)])
        r = board.solve(limit=2, time_limit=10)
        out.update(count=r.count, nodes=r.nodes, ok=all(board.check(s).ok for s in r.solutions))
        """
    )
    # The board has the random loop as a solution: the search found solutions.
    assert out["count"] >= 1 and out["nodes"] >= 1 and out["ok"]
    assert out["rss_mb"] < LIMIT_MB, out


def test_an_enumeration_stopped_by_the_clock_kept_no_solutions():
    # count(engine="search") on a blank 10 x 10 board finds some 90,000
    # solutions a second; it kept each (1.8 KB as the core's bytes), some
    # 60 MB a second, until Ctrl-C or the command line's time limit ended
    # it (311 MB after 5 s). Stopped by an alarm here, as that limit does.
    out = _run(
        """
        import signal
        from loopcraft.slitherlink import Slitherlink

        class Up(Exception):
            pass

        def up(*_):
            raise Up()

        board = Slitherlink([[None] * 10 for _ in range(10)])
        signal.signal(signal.SIGALRM, up)
        signal.setitimer(signal.ITIMER_REAL, 4.0)
        try:
            board.count("search")
            out["stopped"] = False
        except Up:
            out["stopped"] = True
        """
    )
    assert out["stopped"], out
    assert out["rss_mb"] < 80, out


def test_a_30_by_30_country_road_solve_stays_under_200_mb():
    out = _run(
        """
        from loopcraft.country import CountryRoad
        regions = [[(r // 2) * 10 + c // 3 for c in range(30)] for r in range(30)]
        r = CountryRoad.from_regions(regions).solve(limit=2, time_limit=3)
        out.update(nodes=r.nodes, complete=r.complete)
        """
    )
    assert out["nodes"] >= 1
    assert out["rss_mb"] < LIMIT_MB, out


def test_the_batch_of_largest_boards_stays_under_200_mb():
    out = _run(
        """
        import random
        from loopcraft.slitherlink import Slitherlink, solve_many
        from loopcraft.slitherlink._generate import random_loop
        from loopcraft.slitherlink._geometry import cell_sides
        boards = []
        for seed in range(4):
            rng = random.Random(seed)
            edges = random_loop(100, 100, seed)
            clues = [sum(edges[e] for e in cell_sides(100, 100, r, c)) for r in range(100) for c in range(100)]
            kept = [c if rng.random() < 0.7 else None for c in clues]
            boards.append(Slitherlink([kept[r * 100 : (r + 1) * 100] for r in range(100)]))
        rs = solve_many(boards, limit=1, threads=2, time_limit=10)
        out.update(counts=[r.count for r in rs])
        """
    )
    assert out["counts"] == [1, 1, 1, 1]
    assert out["rss_mb"] < LIMIT_MB, out


ABSURD = [
    ("core slither_solve", "_core.SlitherBoard(10**6, 10**6, []).solve(2)", "ArgumentError"),
    ("core slither_propagate", "_core.SlitherBoard(10**9, 1, []).propagate('basic')", "ArgumentError"),
    ("core slither_grade", "_core.SlitherBoard(1, 10**9, []).grade()", "ArgumentError"),
    ("core country_solve", "_core.CountryBoard(10**9, 10**9, [], []).solve(2, ['region'])", "ArgumentError"),
    ("core country_ladder", "_core.CountryBoard(10**5, 10**5, [], []).ladder(['region'])", "ArgumentError"),
    ("core country_count_cells", "_core.CountryBoard(10**5, 10**5, [], []).count_cells()", "ArgumentError"),
    ("core country_count_loops", "_core.CountryBoard(10**5, 10**5, [], []).count_loops()", "ArgumentError"),
    ("core loop solve", "_core.LoopSearches().solve(10**9, [], 10, None)", "ArgumentError"),
    ("core slither batch item", "raise _core.slither_solve_many([(10**6, 10**6, [])], 2)[0]", "ArgumentError"),
    ("core country batch item", "raise _core.country_solve_many([(10**9, 10**9, [], [])], 2)[0]", "ArgumentError"),
    ("slitherlink URL", "Slitherlink.from_url('https://puzz.link/p?slither/1000000/1000000/')", "FormatError"),
    ("slitherlink Loopy ID", "Slitherlink.from_tatham('1000000x1000000t0:a')", "FormatError"),
    ("slitherlink puzzlekit", "Slitherlink.from_puzzlekit('1000000 1000000\\n- -')", "FormatError"),
    (
        "slitherlink JSON",
        'Slitherlink.from_json(\'{"kind": "slitherlink", "rows": 1000000, "cols": 1000000, "clues": []}\')',
        "FormatError",
    ),
    ("country URL", "CountryRoad.from_url('https://puzz.link/p?country/100000/100000/')", "FormatError"),
    ("country puzzlekit", "CountryRoad.from_puzzlekit('100000 100000\\n-')", "FormatError"),
    ("slitherlink generate", "slitherlink.generate(10**6, 10**6)", "ArgumentError"),
    ("country generate", "country.generate(10**6, 10**6)", "ArgumentError"),
    ("loop make_geo", "loop.make_geo(10**9)", "ArgumentError"),
    ("batch texts", "raise slitherlink.solve_many(['999999 999999\\n-'])[0]", "FormatError"),
]


def test_absurd_sizes_are_refused_before_allocating():
    calls = "\n".join(
        f"""
try:
    {code}
    out[{name!r}] = ["no error", 0]
except Exception as err:
    out[{name!r}] = [type(err).__name__, time.perf_counter()]
"""
        for name, code, _ in ABSURD
    )
    out = _run(
        "import time\nfrom loopcraft import _core, country, loop, slitherlink\n"
        "from loopcraft.slitherlink import Slitherlink\nfrom loopcraft.country import CountryRoad\n"
        "start = time.perf_counter()\n" + calls + "\nout['start'] = start\n"
    )
    for name, _, error in ABSURD:
        assert out[name][0] == error, (name, out[name])
    # Refused at once and without growing: the whole list ran in well under a second per call.
    assert max(t for n, (_, t) in ((k, v) for k, v in out.items() if isinstance(v, list))) - out["start"] < 5
    assert out["rss_mb"] < LIMIT_MB / 2, out
