//! The backbone of a Country Road board: the value every solution gives each
//! cell (used or not) and each cell-to-cell edge, or "open" where two
//! solutions differ.
//!
//! The root is the solver's (every stage, probe and the cycle catalogue).
//! Then the frontier sweep run forward and back over what the root left
//! open settles every variable at once ([`crate::frontier::CountrySweep`]),
//! when it fits its budget. Otherwise a first solution S1 is searched for. Then each variable still undecided,
//! and not yet seen to differ between two solutions, is assumed to take the
//! other value than in S1 and searched from there: a solution found is a
//! witness and marks every variable where it differs from S1 as open; a
//! refuted assumption proves the S1 value in every solution, and is added to
//! the root so that the later searches start narrower.

use super::check::is_solution;
use super::ladder::root;
use super::puzzle::Puzzle;
use super::search::{search_focused, search_from};
use super::stages::{fixpoint_from, Stages};
use super::state::State;
use super::state::{OFF, ON, UNDECIDED};
use super::work::Work;
use crate::budget::{under, Budget};
use crate::frontier::CountryScore as Score;

/// What [`backbone`] proved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Backbone {
    /// 0 (no solution), 1 (exactly one) or 2 (two or more); when not
    /// finished, the solutions found so far (a lower bound).
    pub count: usize,
    /// False when a budget stopped the work: then the values hold only what
    /// was proven, the rest is reported as open (2).
    pub finished: bool,
    /// Per cell, then per edge (the board's edge numbering): 0 or 1 in every
    /// solution, 2 open. All 2 when there is no solution.
    pub values: Vec<u8>,
    /// Solutions (one byte 0/1 per edge): the first two differ (the
    /// witnesses); up to [`MORE_SOLUTIONS`] further ones found on the way
    /// follow, each differing from the first (the setter's suggestions read
    /// them as free solutions of the board).
    pub witnesses: Vec<Vec<u8>>,
}

/// The cells a loop (one byte 0/1 per edge) passes through, then its edges.
fn cells_and_edges(p: &Puzzle, edges: &[u8]) -> Vec<u8> {
    let b = &p.board;
    (0..b.num_cells())
        .map(|c| b.cell_edges(c).iter().any(|&e| edges[e as usize] != 0) as u8)
        .chain(edges.iter().copied())
        .collect()
}

/// How many solutions beyond the two witnesses [`backbone`] hands back.
pub const MORE_SOLUTIONS: usize = 48;

/// Node cap of the plain attempts steered towards and away from S1, per
/// undecided variable.
const STEERED_PER_VAR: u64 = 4;
/// Node cap of the first plain attempt in the solver's order, per undecided
/// variable; each round has four times more.
const PLAIN_PER_VAR: u64 = 16;
/// How many plain nodes cost one node with the probe, about: each round
/// gives the attempts with the probe that share of the plain cap.
const PROBE_COST: u64 = 20;

/// A solution from `s` (a state with one variable assumed against S1, at
/// `focus`: the cell of the variable), or a proof that there is none.
///
/// Plain attempts first (the stages without the probe, a few microseconds a
/// node, where a node with the probe costs a hundred times more): steered
/// towards S1, which repairs S1 around the assumption, then away from it,
/// whose solution opens the most variables at once. Then rounds of three
/// attempts whose caps grow four times each round, at about equal time: a
/// plain one in the solver's order, one with the probe that branches nearest
/// to the focus first (a refutation is usually found near the assumption),
/// and one with the probe in turning orders (away from S1, the solver's,
/// towards S1). A wrong early choice can hide every solution under a huge
/// failing subtree in one order and not in another; an attempt that finishes
/// is exact by itself, and the caps keep growing, so the search stays complete.
/// Once it has used [`SWEEP_NODES`], the frontier sweep is asked whether the
/// state has a solution at all ([`may_have_solution`]), within
/// [`SWEEP_TIME`]; `misses` counts the sweeps of this backbone that ran out
/// of states or time there, and past [`SWEEP_MISSES`] that first sweep is
/// not asked. Each time the nodes have grown [`LATE_SWEEP_GROWTH`] times
/// more, the sweep is asked again, with twice the time the search has
/// taken so far (at least [`SWEEP_TIME`]) and [`LATE_SWEEP_STATES`], until
/// it answers: so the sweeps cost at most about twice the search, and a
/// refutation that the search would take seconds over (one
/// `194_15x15` draft: 850,000 nodes, 14 s) ends when the sweep settles it
/// (1.3 to 2.2 s). The answer is the same either way: a sweep that finds a
/// solution only stops the asking, and the search goes on.
#[allow(clippy::too_many_arguments, reason = "the proof's state, passed down from one place")]
fn find(
    p: &Puzzle,
    s: &mut State,
    w: &mut Work,
    stages: Stages,
    g: &mut Budget<'_, '_>,
    v1: &[u8],
    focus: usize,
    misses: &mut u32,
) -> super::search::SolveResult {
    let towards: Vec<u8> = v1.iter().map(|&v| 1 - v).collect();
    let u = s.undecided() as u64;
    let plain = stages.without(Stages::PROBE).without(Stages::LIGHT_PROBE);
    let mut nodes = 0;
    let mut cap = PLAIN_PER_VAR * u + 1000;
    let started = std::time::Instant::now();
    // The nodes at which the sweep is asked next; none once it has found a
    // solution (the search will too).
    let mut ask_at = Some(SWEEP_NODES);
    for attempt in 0u64.. {
        if let Some(at) = ask_at.filter(|&at| nodes >= at) {
            // Long enough to be a hard refutation, often: ask the sweep.
            let first = at == SWEEP_NODES;
            ask_at = Some(at.saturating_mul(LATE_SWEEP_GROWTH));
            if !first || *misses < SWEEP_MISSES {
                let (time, states) = if first {
                    (SWEEP_TIME, SWEEP_STATES)
                } else {
                    ((started.elapsed() * 2).max(SWEEP_TIME), LATE_SWEEP_STATES)
                };
                match may_have_solution(p, s, g, time, states) {
                    Some(false) => return super::search::SolveResult { solutions: Vec::new(), finished: true, nodes },
                    Some(true) => ask_at = None,
                    None => *misses += first as u32,
                }
            }
        }
        // (stages, steering, focus, node cap)
        let (st, avoid, at, this_cap) = match attempt {
            0 => (plain, Some(towards.as_slice()), None, STEERED_PER_VAR * u + 100),
            1 => (plain, Some(v1), None, STEERED_PER_VAR * u + 100),
            _ => {
                let round = (attempt - 2) / 3;
                let probe_cap = (cap / PROBE_COST / 2).max(10);
                match (attempt - 2) % 3 {
                    0 => (plain, None, None, cap),
                    1 => (stages, None, Some(focus), probe_cap),
                    _ => {
                        let order = match round % 3 {
                            0 => Some(v1),
                            1 => None,
                            _ => Some(towards.as_slice()),
                        };
                        (stages, order, None, probe_cap)
                    }
                }
            }
        };
        // This attempt's node cap; the caller's budget has none.
        let outer = g.set_nodes(Some(this_cap));
        let mut out = search_focused(p, s, w, st, 1, g, avoid, at);
        g.set_nodes(outer);
        nodes += out.nodes;
        if !out.solutions.is_empty() || out.finished || g.halted() {
            out.nodes = nodes;
            return out;
        }
        if attempt >= 2 && (attempt - 2) % 3 == 2 {
            cap = cap.saturating_mul(4);
        }
    }
    unreachable!("the loop returns")
}

/// Nodes [`find`] spends before it asks the frontier sweep whether its
/// state has a solution at all (about the two steered attempts at 15 x 15).
const SWEEP_NODES: u64 = 4_000;

/// Most states a layer of that sweep may hold, and the longest it may run;
/// past either the search goes on without its answer.
const SWEEP_STATES: usize = 400_000;
const SWEEP_TIME: std::time::Duration = std::time::Duration::from_millis(600);

/// First sweeps that ran out of states or time after which a backbone asks
/// no more first sweeps (its open part is too wide for them).
const SWEEP_MISSES: u32 = 2;

/// How many times more nodes the search takes before the sweep is asked
/// again, and the most states a layer of those later sweeps may hold.
const LATE_SWEEP_GROWTH: u64 = 16;
const LATE_SWEEP_STATES: usize = 2_000_000;

/// Some(false) when the frontier sweep over the state's open cells and
/// edges proves that it has no solution, Some(true) when it finds one, None
/// when it runs out of `states` a layer or `time`, or `g` ends (its stop or
/// its deadline: the caller's next poll sees which). A refutation that the
/// depth-first search must exhaust on a wide-open board is often a narrow
/// sweep, since the sweep merges the partial states that the search visits
/// one by one.
pub(super) fn may_have_solution(
    p: &Puzzle,
    s: &State,
    g: &mut Budget<'_, '_>,
    time: std::time::Duration,
    states: usize,
) -> Option<bool> {
    let swept =
        under(g, Some(time), |stop| crate::frontier::country_count_partial(partial(p, &s.val), Some(1), states, stop));
    swept.ok().map(|c| !c.count.is_zero())
}

/// Most states a layer of the backbone sweep may hold, and most moves it
/// may keep (4 bytes each, and 8 bytes a state, which makes some 200 MB at
/// most with the table of the largest layer); past either the search
/// proves the backbone instead. The two 15 x 15 drafts of the bench that
/// need the most (`185`, `194`) fit.
const LIVE_STATES: usize = 1 << 20;
const LIVE_MOVES: usize = 1 << 24;

/// The frontier sweep run forward and back over what the root left open
/// ([`crate::frontier::CountrySweep`]), under `g`'s deadline and stop;
/// `Err(Interrupted)` when they end it, `Err(Capacity)` past its budget.
fn sweep_from(
    p: &Puzzle,
    s: &State,
    g: &mut Budget<'_, '_>,
    (states, moves): LiveCaps,
) -> crate::error::Result<crate::frontier::CountrySweep> {
    under(g, None, |stop| crate::frontier::CountrySweep::new(partial(p, &s.val), states, moves, stop))
}

/// The sweep's states a layer and moves: [`LIVE`] but in the tests that
/// make it run out of room.
pub type LiveCaps = (usize, usize);

/// [`LIVE_STATES`] and [`LIVE_MOVES`].
pub const LIVE: LiveCaps = (LIVE_STATES, LIVE_MOVES);

/// The board with `values` decided (per cell, then per edge: 0, 1 or 2
/// open, as a state's), as the frontier sweeps take it.
pub(super) fn partial<'a>(p: &'a Puzzle, values: &'a [u8]) -> crate::frontier::CountryPartial<'a> {
    let b = &p.board;
    let n = b.num_cells();
    crate::frontier::CountryPartial {
        rows: b.rows,
        cols: b.cols,
        regions: &b.region,
        numbers: &b.numbers,
        cells: &values[..n],
        edges: &values[n..],
    }
}

/// The backbone by the sweep ([`sweep_from`]): exact in two passes. None
/// when it passes its budget (the search then proves it). With `score`, on
/// an ambiguous board, also the scores of the candidate countries
/// ([`candidates`]) from the same sweep (None when a country is too large
/// for them, or the budget ended them).
fn swept(
    p: &Puzzle,
    s: &State,
    g: &mut Budget<'_, '_>,
    score: bool,
    caps: LiveCaps,
) -> Option<(Backbone, Option<Vec<Score>>)> {
    let out = sweep_from(p, s, g, caps).and_then(|sweep| {
        let found = under(g, None, |stop| sweep.solutions(2 + MORE_SOLUTIONS, stop))?;
        Ok((sweep.values(), found, sweep))
    });
    match out {
        Ok((values, witnesses, sweep)) => {
            let count = witnesses.len().min(2);
            let scores = (score && count == 2).then(|| {
                let countries = candidates(p, &values);
                under(g, None, |stop| sweep.scores(&p.board.region, &countries, stop)).ok().flatten()
            });
            Some((Backbone { count, finished: true, values, witnesses }, scores.flatten()))
        }
        Err(crate::error::Error::Interrupted) => {
            Some((Backbone { count: 0, finished: false, values: s.val.clone(), witnesses: Vec::new() }, None))
        }
        Err(_) => None,
    }
}

/// The countries a suggested number could change: unnumbered ones with a
/// cell whose use is open, or at an end of an open link (the rule of the
/// Python ranking's candidates).
fn candidates(p: &Puzzle, values: &[u8]) -> Vec<usize> {
    let b = &p.board;
    let n = b.num_cells();
    let mut touched = vec![false; n];
    for (c, t) in touched.iter_mut().enumerate() {
        *t = values[c] == UNDECIDED;
    }
    for e in 0..b.num_edges() {
        if values[n + e] == UNDECIDED {
            for c in b.edge_cells(e) {
                touched[c as usize] = true;
            }
        }
    }
    let mut out: Vec<usize> = (0..n)
        .filter(|&c| touched[c])
        .filter_map(|c| usize::try_from(b.region[c]).ok())
        .filter(|&x| b.numbers[x].is_none())
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// What one more number in each of `countries` (unnumbered) would do, for
/// every number some solution allows there, by the sweep
/// ([`crate::frontier::CountrySweep::scores`]): exact, all candidates in
/// one go. None when the sweep passes its budget, a country is too large
/// for it, or `g` ends it (the caller then ranks the candidates one
/// backbone at a time, or sees the stop).
pub fn scores(
    p: &mut Puzzle,
    g: &mut Budget<'_, '_>,
    countries: &[usize],
) -> Option<Vec<crate::frontier::CountryScore>> {
    if !p.region_ok {
        return Some(Vec::new());
    }
    let (s, _, r) = root(p, Stages::ALL.with(Stages::LIGHT_PROBE), g);
    if g.halted() {
        return None;
    }
    if r.is_err() {
        return Some(Vec::new());
    }
    let sweep = sweep_from(p, &s, g, LIVE).ok()?;
    let region = &p.board.region;
    under(g, None, |stop| sweep.scores(region, countries, stop)).ok().flatten()
}

/// Solutions a few squares away from known ones. The loop through cell
/// centres bounds a set of unit squares (each with four cells at its
/// corners); adding a square to that set or taking one out toggles the
/// square's four edges (a detour round it, a shortcut, a corner turned the
/// other way), and toggling a few neighbouring squares at once toggles the
/// rim of their union ([`moves`]). Every known solution in `queue` is tried
/// with every move that has a variable not yet seen open (and no edge
/// proven by the state); a toggle that keeps
/// the loop one loop and the rules in force is a solution, and joins the
/// queue when it opens at least one more variable, so there are at most as
/// many rounds as variables. On a wide-open board this opens most variables at a
/// few microseconds each, where a search costs milliseconds. True when `g`
/// stopped it.
#[allow(clippy::too_many_arguments, reason = "the proof's state, passed down from one place")]
fn local_moves(
    p: &Puzzle,
    s: &State,
    g: &mut Budget<'_, '_>,
    moves: &[Move],
    v1: &[u8],
    open: &mut [bool],
    second: &mut Option<Vec<u8>>,
    found: &mut Vec<Vec<u8>>,
    mut queue: Vec<Vec<u8>>,
) -> bool {
    let b = &p.board;
    let cells = b.num_cells();
    let mut next = 0;
    let mut tried = 0u32;
    while next < queue.len() {
        let mut sol = std::mem::take(&mut queue[next]);
        next += 1;
        for m in moves {
            if m.edges.iter().any(|&e| s.edge(e as usize) != UNDECIDED)
                || (m.edges.iter().all(|&e| open[cells + e as usize]) && m.cells.iter().all(|&c| open[c as usize]))
            {
                continue;
            }
            tried += 1;
            if tried % 64 == 0 && g.poll() {
                return true;
            }
            for &e in &m.edges {
                sol[e as usize] ^= 1;
            }
            let degree_ok = m.cells.iter().all(|&c| {
                let d = b.cell_edges(c as usize).iter().filter(|&&e| sol[e as usize] != 0).count();
                d == 0 || d == 2
            });
            if degree_ok && is_solution(b, &sol) {
                let v = cells_and_edges(p, &sol);
                let mut opened = false;
                for (f, o) in open.iter_mut().enumerate() {
                    opened |= !*o && v[f] != v1[f];
                    *o |= v[f] != v1[f];
                }
                // Only a solution that opens something is new (a toggle
                // back to S1 opens nothing), which bounds the rounds.
                if opened {
                    second.get_or_insert_with(|| sol.clone());
                    if found.len() < MORE_SOLUTIONS {
                        found.push(sol.clone());
                    }
                    queue.push(sol.clone());
                }
            }
            for &e in &m.edges {
                sol[e as usize] ^= 1;
            }
        }
    }
    false
}

/// A set of unit squares toggled at once: the edges that change (those
/// of one square, or on the rim of two or three in a row, or of a 2 x 2
/// block) and the cells at their ends.
struct Move {
    edges: Vec<u32>,
    cells: Vec<u32>,
}

/// Every square, every two and three squares in a row or column, and
/// every 2 x 2 block of squares: the toggles [`local_moves`] tries.
fn moves(p: &Puzzle) -> Vec<Move> {
    let b = &p.board;
    let (rows, cols) = (b.grid.rows, b.grid.cols);
    let shapes: [&[(usize, usize)]; 6] = [
        &[(0, 0)],
        &[(0, 0), (0, 1)],
        &[(0, 0), (1, 0)],
        &[(0, 0), (0, 1), (0, 2)],
        &[(0, 0), (1, 0), (2, 0)],
        &[(0, 0), (0, 1), (1, 0), (1, 1)],
    ];
    let mut out = Vec::new();
    for shape in shapes {
        for r in 0..rows {
            for c in 0..cols {
                if shape.iter().any(|&(dr, dc)| r + dr >= rows || c + dc >= cols) {
                    continue;
                }
                let mut edges: Vec<u32> =
                    shape.iter().flat_map(|&(dr, dc)| b.grid.cell_edges[(r + dr) * cols + c + dc]).collect();
                edges.sort_unstable();
                // An edge shared by two squares of the shape cancels out.
                let mut rim = Vec::new();
                let mut i = 0;
                while i < edges.len() {
                    if i + 1 < edges.len() && edges[i] == edges[i + 1] {
                        i += 2;
                    } else {
                        rim.push(edges[i]);
                        i += 1;
                    }
                }
                let mut cells: Vec<u32> = rim.iter().flat_map(|&e| b.edge_cells(e as usize)).collect();
                cells.sort_unstable();
                cells.dedup();
                out.push(Move { edges: rim, cells });
            }
        }
    }
    out
}

/// The backbone of `p` under `g` (its deadline and stop; no node limit: the
/// caller checks `g.interrupted()`): by the frontier sweep when it fits its
/// budget, else by the search.
pub fn backbone(p: &mut Puzzle, g: &mut Budget<'_, '_>) -> Backbone {
    backbone_by(p, g, true, false, LIVE).backbone
}

/// [`backbone`], and when the sweep proved an ambiguous one, the scores of
/// its candidate countries from the same sweep (see [`scores`]): what a
/// page that asks for both pays for once.
/// `caps` are the sweep's limits ([`LIVE`] but in tests).
pub fn backbone_scored(p: &mut Puzzle, g: &mut Budget<'_, '_>, caps: LiveCaps) -> Scored {
    backbone_by(p, g, true, true, caps)
}

/// What [`backbone_by`] found.
pub struct Scored {
    pub backbone: Backbone,
    /// The candidates' scores, when asked for and the sweep gave them.
    pub scores: Option<Vec<Score>>,
    /// The sweep ran out of room (its states, moves or key width), so the
    /// search proved the backbone: [`scores`] on the same board would run
    /// the same sweep from the same root and run out again.
    pub sweep_ran_out: bool,
}

/// [`backbone`], with the sweep tried first only when `sweep` (the tests
/// compare both routes), and the candidates scored by it with `score`.
pub(super) fn backbone_by(p: &mut Puzzle, g: &mut Budget<'_, '_>, sweep: bool, score: bool, caps: LiveCaps) -> Scored {
    let n = p.board.num_cells() + p.board.num_edges();
    let done = |backbone: Backbone| Scored { backbone, scores: None, sweep_ran_out: false };
    let none = Backbone { count: 0, finished: true, values: vec![UNDECIDED; n], witnesses: Vec::new() };
    if !p.region_ok {
        return done(none);
    }
    let stages = Stages::ALL.with(Stages::LIGHT_PROBE);
    let (s, w, r) = root(p, stages, g);
    let p: &Puzzle = p;
    if g.halted() {
        return done(Backbone { count: 0, finished: false, values: vec![UNDECIDED; n], witnesses: Vec::new() });
    }
    if r.is_err() {
        return done(none);
    }
    if sweep {
        match swept(p, &s, g, score, caps) {
            Some((backbone, scores)) => return Scored { backbone, scores, sweep_ran_out: false },
            None => return Scored { backbone: searched(p, s, w, stages, g), scores: None, sweep_ran_out: true },
        }
    }
    done(searched(p, s, w, stages, g))
}

/// The backbone by the search, one variable at a time, from the root `s`.
fn searched(p: &Puzzle, mut s: State, mut w: Work, stages: Stages, g: &mut Budget<'_, '_>) -> Backbone {
    let n = p.board.num_cells() + p.board.num_edges();
    let none = Backbone { count: 0, finished: true, values: vec![UNDECIDED; n], witnesses: Vec::new() };
    let first = search_from(p, &mut s, &mut w, stages, 1, g);
    let Some(s1) = first.solutions.into_iter().next() else {
        if first.finished {
            return none;
        }
        return Backbone { count: 0, finished: false, values: s.val.clone(), witnesses: Vec::new() };
    };
    let v1 = cells_and_edges(p, &s1);
    let mut open = vec![false; n];
    let mut second: Option<Vec<u8>> = None;
    let mut sweep_misses = 0u32;
    let moves = moves(p);
    let mut found: Vec<Vec<u8>> = Vec::new();
    let mut stopped = local_moves(p, &s, g, &moves, &v1, &mut open, &mut second, &mut found, vec![s1.clone()]);
    for var in 0..n {
        if stopped {
            break;
        }
        if s.val[var] != UNDECIDED || open[var] {
            continue;
        }
        if g.step() {
            stopped = true;
            break;
        }
        let keep = v1[var];
        let mark = s.mark();
        s.set(var, if keep == ON { OFF } else { ON }).expect("undecided");
        let refuted = if fixpoint_from(p, &mut s, &mut w, stages, mark.pos(), g).is_ok() {
            if g.halted() {
                s.undo(mark);
                stopped = true;
                break;
            }
            let focus =
                if var < p.board.num_cells() { var } else { p.board.edge_cells(var - p.board.num_cells())[0] as usize };
            let out = find(p, &mut s, &mut w, stages, g, &v1, focus, &mut sweep_misses);
            if let Some(s2) = out.solutions.into_iter().next() {
                let v2 = cells_and_edges(p, &s2);
                for (f, o) in open.iter_mut().enumerate() {
                    *o |= v2[f] != v1[f];
                }
                s.undo(mark);
                if found.len() < MORE_SOLUTIONS {
                    found.push(s2.clone());
                }
                stopped = local_moves(p, &s, g, &moves, &v1, &mut open, &mut second, &mut found, vec![s2.clone()]);
                second.get_or_insert(s2);
                false
            } else if out.finished {
                true
            } else {
                s.undo(mark);
                stopped = true;
                break;
            }
        } else if g.halted() {
            s.undo(mark);
            stopped = true;
            break;
        } else {
            true
        };
        s.undo(mark);
        if refuted {
            // Every solution gives `var` its S1 value; sound stages on a board
            // with the solution S1 cannot contradict it.
            s.set(var, keep).expect("undecided");
            let ok = fixpoint_from(p, &mut s, &mut w, stages, mark.pos(), g).is_ok();
            if !ok || g.halted() {
                debug_assert!(g.halted(), "a proven fact contradicts the root");
                s.undo(mark);
                stopped = true;
                break;
            }
        }
    }
    let count = 1 + second.is_some() as usize;
    let mut witnesses = vec![s1];
    if let Some(s2) = second {
        witnesses.extend(found.into_iter().filter(|f| *f != s2));
        witnesses.insert(1, s2);
    }
    Backbone { count, finished: !stopped, values: s.val.clone(), witnesses }
}
