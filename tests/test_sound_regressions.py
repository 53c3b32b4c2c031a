"""Wrong answers found by the soundness campaign (brute force on many small
random boards), one test each. Each fails until the code is fixed."""

from __future__ import annotations

from loopcraft import _setter
from loopcraft.country import CountryRoad


def _singletons(rows: int, cols: int) -> CountryRoad:
    """One-cell countries, no numbers: an odd grid has no Hamiltonian cycle,
    so the countries admit no loop even without numbers."""
    return CountryRoad.from_regions([[r * cols + c for c in range(cols)] for r in range(rows)])


def test_country_conflict_whose_bare_search_ran_out_claims_no_complete_clash(monkeypatch) -> None:
    # conflict() proves the board has no solution, then searches the board
    # without numbers to tell a structural reason from a clash. When the
    # budget runs out in that second search, it went on and answered
    # Conflict(clues=(), reason="these clues admit no solution together",
    # complete=True): a complete answer read from a search that was cut
    # short, and an empty set of clues said to clash. Seen with real budgets
    # (time_limit=1e-4 on this board, nearly every time); here the second
    # search is made to run out, so the test does not depend on timing.
    board = _singletons(5, 5)
    assert board.conflict().reason == "the region graph has no Hamiltonian cycle"
    real = _setter._solve
    calls = []

    def solve(b, limit, time_limit):  # type: ignore[no-untyped-def]
        calls.append(b)
        if len(calls) == 1:
            return real(b, limit, time_limit)
        return 0, False  # the budget ran out: nothing found, nothing proven

    monkeypatch.setattr(_setter, "_solve", solve)
    c = board.conflict(time_limit=60)
    assert c is not None
    assert not (c.clues == () and c.reason == _setter.CLASH), c
    assert not c.complete or c.reason != _setter.CLASH, c


def test_country_conflict_with_tiny_budgets_never_calls_an_empty_set_a_clash() -> None:
    # The same wrong answer with real time limits (timing-dependent: on a
    # fast machine 1e-4 s gives it nearly every time).
    board = _singletons(5, 5)
    for t in (5e-5, 1e-4, 2e-4, 5e-4) * 5:
        c = board.conflict(time_limit=t)
        assert c is not None
        assert not (c.clues == () and c.reason == _setter.CLASH), (t, c)
        v = board.verdict(time_limit=t)
        if v.conflict is not None:
            assert not (v.conflict.clues == () and v.conflict.reason == _setter.CLASH), (t, v.conflict)


def test_a_mistake_on_a_board_with_several_solutions_is_told_truly() -> None:
    # On a board with several solutions the hint names the first mark that
    # clashes with the marks before it. Here the line on the top of cell 1
    # and the cross on the left of cell 3 each agree with one of the two
    # solutions, but not together. The step said "no solution agrees" of the
    # cross, which the second solution does: its words now say what holds.
    from loopcraft.slitherlink import Slitherlink

    board = Slitherlink([[None, 3, None]])
    assert board.solve().count == 2
    position = {"h_edges": ["1??", "???"], "v_edges": ["??0?"]}
    step = board.hint(position)
    assert step is not None and step.rule == "mistake"
    assert step.text.endswith("no solution agrees with it and the other marks.")
    # What the text says holds: no solution has every mark.
    marks = {("h", 0, 0): 1, ("v", 0, 2): 0}
    for sol in board.solve(limit=10).solutions:
        d = sol.to_dict()
        assert not all((d["h_edges"] if k[0] == "h" else d["v_edges"])[k[1]][k[2]] == str(v) for k, v in marks.items())
    # And each mark alone agrees with some solution: "no solution agrees"
    # with the named mark alone would have been untrue.
    for k, v in marks.items():
        assert any(
            (s.to_dict()["h_edges"] if k[0] == "h" else s.to_dict()["v_edges"])[k[1]][k[2]] == str(v)
            for s in board.solve(limit=10).solutions
        )
