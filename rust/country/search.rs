//! Depth-first search over edges with an explicit stack and the trail: every
//! node runs the chosen stages to their fixpoint, every leaf is checked
//! against the rules before it counts.

use crate::budget::{under, Budget};
use crate::error::Result;

use super::backbone::{partial, LIVE};
use super::check::is_solution;
use super::ladder::root;
use super::puzzle::Puzzle;
use super::stages::{fixpoint_from, Stages};
use super::state::{Mark, State, OFF, ON, UNDECIDED};
use super::work::Work;

#[derive(Debug, Clone, Default)]
pub struct SolveResult {
    /// One 0/1 byte per cell-to-cell edge.
    pub solutions: Vec<Vec<u8>>,
    /// False only when a budget stopped the search.
    pub finished: bool,
    pub nodes: u64,
}

/// Search from the root of `p` for up to `limit` solutions;
/// `Error::Interrupted` when the budget's stop asks for it. Its deadline and
/// node limit end the search with `finished = false`.
///
/// The search's `probe` propagates its hypotheses without `loop`'s reach rule
/// (`Stages::LIGHT_PROBE`); every node's own propagation keeps it, and reach
/// runs again on what the probe deduced. Reach is a
/// whole-board pass that almost never refutes a hypothesis that the other
/// rules let through (on the 266 janko puzzles it changed nothing on 99% of
/// its runs there), so the search gets the same roots at about two thirds of
/// the work. A lighter probe is still sound and the search still complete;
/// the ladder (`deduce`, grades, the generator) keeps the full probe.
///
/// Whatever `stages` says, every node also applies the loop's own degree and
/// premature-cycle rules ([`Stages::LOOP_CORE`]), so a search under a weak
/// subset of stages still finishes small boards at once.
pub fn solve(p: &mut Puzzle, stages: Stages, limit: usize, budget: &mut Budget<'_, '_>) -> Result<SolveResult> {
    let stages = if stages.has(Stages::PROBE) { stages.with(Stages::LIGHT_PROBE) } else { stages };
    let stages = stages.with(Stages::LOOP_CORE);
    let out = run(p, stages, limit, budget);
    budget.answer(out)
}

/// The search under `g`. A halt ends it with `finished = false`.
fn run(p: &mut Puzzle, stages: Stages, limit: usize, g: &mut Budget<'_, '_>) -> SolveResult {
    let mut out = SolveResult { solutions: Vec::new(), finished: true, nodes: 0 };
    if !p.region_ok || limit == 0 {
        return out;
    }
    let (mut s, mut w, r) = root(p, stages, g);
    if g.halted() {
        out.finished = false;
        return out;
    }
    if r.is_err() {
        out.nodes = 1;
        return out;
    }
    if limit > 2 {
        return search_or_enumerate(p, &mut s, &mut w, stages, limit, g);
    }
    search_or_sweep(p, &mut s, &mut w, stages, limit, g)
}

/// Most solutions that [`enumerate_by_sat`] looks for; a larger limit is the
/// depth-first search's, which keeps no clause per solution found.
const ENUMERATE_MAX: usize = 1_000;

/// The search for up to `limit` (more than 2) solutions from the root `s`.
/// Up to [`ENUMERATE_MAX`], and without a node limit from the caller, the
/// clause-learning solver enumerates them ([`enumerate_by_sat`]); else the
/// depth-first search. The search can lose itself under a wrong early
/// choice on an open board, where the solver learns from each dead end: on
/// the 15 x 15 drafts of the setter's bench (`benches/bench_backbone.py`),
/// 100 solutions took the search 21 ms to 4.5 s (one draft: 207,879,114
/// solutions, the search sometimes found none in 5 s) and the solver 19 to
/// 42 ms; on its 10 x 10 drafts both take a few milliseconds. Both are
/// complete and deterministic, so the answer is the same on every run.
/// Should the solver ever hand back a model that breaks the rules (a bug:
/// every model is checked, see [`super::sat::solve_under`]), the
/// depth-first search answers instead.
fn search_or_enumerate(
    p: &Puzzle,
    s: &mut State,
    w: &mut Work,
    stages: Stages,
    limit: usize,
    g: &mut Budget<'_, '_>,
) -> SolveResult {
    if g.nodes().is_some() || limit > ENUMERATE_MAX {
        return search_from(p, s, w, stages, limit, g);
    }
    match enumerate_by_sat(p, s, limit, g) {
        Some(out) => out,
        None => search_from(p, s, w, stages, limit, g),
    }
}

/// Up to `limit` solutions from the root `s` by the clause-learning solver
/// ([`super::sat`]): after each one, a clause that some edge left open at
/// the root differs from it. Finished when the limit is reached or no
/// solution is left; a stop or the deadline ends it unfinished with the
/// solutions found. `nodes` is 1, the root: no search node is visited.
/// None when the solver gave up for another reason than the budget: a
/// model that is not a solution ([`super::sat::solve_under`]).
fn enumerate_by_sat(p: &Puzzle, s: &State, limit: usize, g: &mut Budget<'_, '_>) -> Option<SolveResult> {
    let n = p.board.num_cells();
    let mut sol = super::sat::encode(p, s);
    let open: Vec<usize> = (0..p.board.num_edges()).filter(|&e| sol.fixed(n + e).is_none()).collect();
    let mut out = SolveResult { solutions: Vec::new(), finished: true, nodes: 1 };
    while out.solutions.len() < limit {
        if g.poll() {
            out.finished = false;
            break;
        }
        match super::sat::solve_under(p, &mut sol, &[], u64::MAX, &mut || g.poll()) {
            super::sat::Found::Solution(edges) => {
                let block: Vec<crate::sat::Lit> =
                    open.iter().map(|&e| crate::sat::Lit::of(n + e, edges[e] == 0)).collect();
                out.solutions.push(edges);
                if !sol.add_clause(&block) {
                    break;
                }
            }
            super::sat::Found::None => break,
            super::sat::Found::Unknown if g.halted() => {
                out.finished = false;
                break;
            }
            super::sat::Found::Unknown => return None,
        }
    }
    Some(out)
}

/// Nodes of the first search before the frontier sweep is asked; each
/// later search has four times more.
const SWEEP_AFTER: u64 = 2_000;

/// The least time the sweep is given. Its states a layer and moves kept are
/// the backbone's ([`super::backbone::LIVE`], some 200 MB at most); past
/// them the search goes on alone.
const SWEEP_TIME: std::time::Duration = std::time::Duration::from_millis(20);

/// The search for up to `limit` (1 or 2) solutions from the root `s`, in
/// rounds: a search of [`SWEEP_AFTER`] nodes, four times more each round,
/// and between two rounds the frontier sweep from the root, given as long
/// as the searches have taken so far. A depth-first search can lose itself
/// on an open board under a wrong early choice: on a 12 x 12 board of 2 x 2
/// countries without numbers it found no solution in nine minutes, where
/// the sweep, which merges the partial states that the search visits one
/// by one, finds two in about a second (the board has some 2.7 * 10^18).
/// The sweep is exact: it finds a second solution whenever there is one,
/// and none when there is none. Every round's search is complete by itself,
/// so the answer is the search's whenever the sweep does not fit; the
/// rounds cost at most about a third more nodes, and the sweeps at most
/// about the searches' time. `nodes` counts every round's nodes, within the
/// budget's node limit.
fn search_or_sweep(
    p: &Puzzle,
    s: &mut State,
    w: &mut Work,
    stages: Stages,
    limit: usize,
    g: &mut Budget<'_, '_>,
) -> SolveResult {
    let user = g.nodes();
    let started = std::time::Instant::now();
    let (mut nodes, mut cap) = (0u64, SWEEP_AFTER);
    loop {
        let left = user.map(|u| u.saturating_sub(nodes));
        let last = left.is_some_and(|l| l <= cap);
        g.set_nodes(Some(left.map_or(cap, |l| l.min(cap))));
        let mut out = search_from(p, s, w, stages, limit, g);
        g.set_nodes(user);
        nodes += out.nodes;
        out.nodes = nodes;
        if out.finished || last || g.halted() {
            return out;
        }
        let time = started.elapsed().max(SWEEP_TIME);
        let swept = under(g, Some(time), |stop| {
            let (states, moves) = LIVE;
            crate::frontier::CountrySweep::new(partial(p, &s.val), states, moves, stop)
                .and_then(|sweep| sweep.solutions(limit, stop))
        });
        if let Ok(solutions) = swept {
            debug_assert!(solutions.iter().all(|e| is_solution(&p.board, e)));
            return SolveResult { solutions, finished: true, nodes };
        }
        if g.poll() {
            // The caller's stop or deadline ended the sweep.
            return out;
        }
        cap = cap.saturating_mul(4);
    }
}

/// The search from `s`, a consistent state at the fixpoint of `stages` (the
/// root, or the root with some variables assumed). `s` is back in that state
/// on return. A halt ends it with `finished = false`.
pub(crate) fn search_from(
    p: &Puzzle,
    s: &mut State,
    w: &mut Work,
    stages: Stages,
    limit: usize,
    g: &mut Budget<'_, '_>,
) -> SolveResult {
    let entry = s.mark();
    let out = dfs(p, s, w, stages, limit, g);
    s.undo(entry);
    out
}

fn dfs(p: &Puzzle, s: &mut State, w: &mut Work, stages: Stages, limit: usize, g: &mut Budget<'_, '_>) -> SolveResult {
    let mut out = SolveResult { solutions: Vec::new(), finished: true, nodes: 0 };
    if limit == 0 {
        return out;
    }
    // Frame: (mark before the branch, edge, value of the second branch).
    let mut stack: Vec<(Mark, usize, u8)> = Vec::new();
    out.nodes += 1;
    let mut ok = true;
    loop {
        if ok {
            match choose_edge(p, s) {
                None => {
                    if let Some(sol) = leaf(p, s) {
                        out.solutions.push(sol);
                        if out.solutions.len() >= limit {
                            return out;
                        }
                    }
                }
                Some((e, first)) => {
                    if over_budget(out.nodes, g) {
                        out.finished = false;
                        return out;
                    }
                    let m = s.mark();
                    stack.push((m, e, 1 - first));
                    s.set_edge(e, first).expect("undecided");
                    out.nodes += 1;
                    ok = fixpoint_from(p, s, w, stages, m.pos(), g).is_ok();
                    if g.halted() {
                        out.finished = false;
                        return out;
                    }
                    continue;
                }
            }
        }
        // Backtrack to the deepest branch with its second value untried.
        let Some((m, e, second)) = stack.pop() else { return out };
        if over_budget(out.nodes, g) {
            out.finished = false;
            return out;
        }
        s.undo(m);
        s.set_edge(e, second).expect("undecided");
        out.nodes += 1;
        ok = fixpoint_from(p, s, w, stages, m.pos(), g).is_ok();
        if g.halted() {
            out.finished = false;
            return out;
        }
    }
}

fn over_budget(nodes: u64, g: &mut Budget<'_, '_>) -> bool {
    g.out_of_nodes(nodes) || g.step()
}

/// The loop's edges when every edge is decided and the cells agree with them.
fn leaf(p: &Puzzle, s: &State) -> Option<Vec<u8>> {
    let b = &p.board;
    let sol: Vec<u8> = (0..b.num_edges()).map(|e| (s.edge(e) == ON) as u8).collect();
    for c in 0..b.num_cells() {
        let used = b.cell_edges(c).iter().any(|&e| sol[e as usize] != 0);
        let st = s.cell(c);
        if (st == ON && !used) || (st == OFF && used) {
            return None;
        }
    }
    is_solution(b, &sol).then_some(sol)
}

/// Branch at the end of a chain with the fewest open edges (the loop must
/// continue there); else next to a used cell; else any open edge. Returns the
/// edge and the value to try first.
fn choose_edge(p: &Puzzle, s: &State) -> Option<(usize, u8)> {
    let b = &p.board;
    let mut best: Option<(usize, usize)> = None; // (open count, edge)
    let mut fallback = None;
    let mut any = None;
    for c in 0..b.num_cells() {
        if s.cell(c) == OFF {
            continue;
        }
        let (mut on, mut open, mut some) = (0, 0, usize::MAX);
        for &e in b.cell_edges(c) {
            match s.edge(e as usize) {
                ON => on += 1,
                UNDECIDED => {
                    open += 1;
                    some = e as usize;
                }
                _ => {}
            }
        }
        if open == 0 {
            continue;
        }
        if on == 1 && best.is_none_or(|(o, _)| open < o) {
            best = Some((open, some));
        } else if s.cell(c) == ON && fallback.is_none() {
            fallback = Some(some);
        } else if any.is_none() {
            any = Some(some);
        }
    }
    if let Some((_, e)) = best {
        return Some((e, ON));
    }
    if let Some(e) = fallback.or(any) {
        return Some((e, ON));
    }
    (0..b.num_edges()).find(|&e| s.edge(e) == UNDECIDED).map(|e| (e, ON))
}
