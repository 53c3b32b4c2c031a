//! The backbone of a Country Road board: the value every solution gives each
//! cell (used or not) and each cell-to-cell edge, or "open" where two
//! solutions differ.
//!
//! The root is the solver's (every stage, probe and the cycle catalogue,
//! whose enumeration gets [`SOLVER_CATALOGUE_STEPS`] here). From there the
//! clause-learning solver ([`super::sat`], one instance for the whole
//! backbone) finds a first solution S1. Then each variable still
//! undecided, and not yet seen to differ between two solutions, is assumed
//! to take the other value than in S1: a model is a witness and marks every
//! variable where it differs from S1 as open; a refuted assumption proves
//! the S1 value in every solution and stays in the solver as a fact, with
//! every clause it learnt on the way, so the later questions start
//! narrower. (A depth-first search did this before; on wide-open 15 x 15
//! drafts one refutation could take it hundreds of thousands of nodes,
//! where learnt clauses cut the repeated failures: see docs/setter.md.)
//!
//! The setter's suggestions ask [`backbone_scored`] instead: there the
//! frontier sweep run forward and back over what the root left open settles
//! every variable at once and scores every candidate number in the same
//! sweep ([`crate::frontier::CountrySweep`]), when it fits its budget.

use super::ladder::{root, root_within};
use super::puzzle::{Puzzle, CATALOGUE_STEPS};
use super::sat::{encode, solve_under, Found};
use super::stages::Stages;
use super::state::State;
use super::state::{ON, UNDECIDED};
use crate::budget::{under, Budget};
use crate::frontier::CountryScore as Score;
use crate::sat::Lit;

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

/// Most states a layer of the sweep may hold, and most moves it may keep
/// (4 bytes each, and 8 bytes a state, which makes some 200 MB at most with
/// the table of the largest layer), where the search of [`super::search`]
/// asks it whether solutions are left: its other way there is a depth-first
/// search that can take minutes. The setter's sweeps stop at [`SETTER`].
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

/// The sweep's states a layer and moves: [`LIVE`] or [`SETTER`] but in
/// the tests that make it run out of room.
pub type LiveCaps = (usize, usize);

/// [`LIVE_STATES`] and [`LIVE_MOVES`].
pub const LIVE: LiveCaps = (LIVE_STATES, LIVE_MOVES);

/// The sweep's limits where the setter asks for a backbone with scores
/// ([`backbone_scored`]) or for the scores alone ([`scores`]): there the
/// clause-learning solver proves the backbone, and the candidates one at a
/// time, when the sweep runs out of room, and a sweep that would pass
/// 256 Ki states a layer seldom finishes at all. Measured on janko's
/// 15 x 15 puzzles with every other number deleted: the four whose sweep
/// passed 256 Ki passed 1 Mi too, after 4.3 to 6.6 s against 1.0 to 1.6 s.
/// On 22 drafts with half the numbers deleted at random, a verdict took
/// 31 s in all with [`LIVE`]'s 1 Mi states and 13 to 14 s with these (the
/// slowest 8.0 s, now about 4 s), on the bench's six drafts 4.4 s against 4.0;
/// 64 Ki saved a little more on the 22 (10.5 s) but cost the bench's
/// drafts that need 256 Ki half a second each. The search of
/// [`super::search`], whose other way is a depth-first search, keeps
/// [`LIVE`].
pub const SETTER: LiveCaps = (SETTER_STATES, LIVE_MOVES);

/// [`SETTER`]'s states a layer.
const SETTER_STATES: usize = 1 << 18;

/// The board with `values` decided (per cell, then per edge: 0, 1 or 2
/// open, as a state's), as the frontier sweeps take it.
pub(super) fn partial<'a>(p: &'a Puzzle, values: &'a [u8]) -> crate::frontier::CountryPartial<'a> {
    let b = &p.board;
    crate::frontier::CountryPartial::from_values(b.rows, b.cols, &b.region, &b.numbers, values)
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
    let (s, _, r) = root(p, ROOT, g);
    if g.halted() {
        return None;
    }
    if r.is_err() {
        return Some(Vec::new());
    }
    let sweep = sweep_from(p, &s, g, SETTER).ok()?;
    let region = &p.board.region;
    under(g, None, |stop| sweep.scores(region, countries, stop)).ok().flatten()
}

/// The backbone of `p` under `g` (its deadline and stop; no node limit: the
/// caller checks `g.interrupted()`), by the clause-learning solver.
pub fn backbone(p: &mut Puzzle, g: &mut Budget<'_, '_>) -> Backbone {
    backbone_by(p, g, false, false, LIVE).backbone
}

/// [`backbone`], and when the sweep proved an ambiguous one, the scores of
/// its candidate countries from the same sweep (see [`scores`]): what a
/// page that asks for both pays for once.
/// `caps` are the sweep's limits ([`SETTER`] but in tests).
pub fn backbone_scored(p: &mut Puzzle, g: &mut Budget<'_, '_>, caps: LiveCaps) -> Scored {
    backbone_by(p, g, true, true, caps)
}

/// What [`backbone_by`] found.
pub struct Scored {
    pub backbone: Backbone,
    /// The candidates' scores, when asked for and the sweep gave them.
    pub scores: Option<Vec<Score>>,
    /// The sweep ran out of room (its states, moves or key width), so the
    /// solver proved the backbone: [`scores`] on the same board would run
    /// the same sweep from the same root and run out again.
    pub sweep_ran_out: bool,
}

/// [`backbone`] of a candidate board in the setter's ranking, cut short
/// (the second item true) once two solutions are known and at least `bound`
/// unknowns are seen open: by then the candidate ranks after the k-th best,
/// whatever the rest of the proof would show. A cut backbone is unfinished,
/// with count 2 and every unknown not yet proven reported open.
pub fn backbone_bounded(p: &mut Puzzle, g: &mut Budget<'_, '_>, bound: usize) -> (Backbone, bool) {
    match rooted(p, g, SOLVER_CATALOGUE_STEPS) {
        Ok(s) => by_sat_within(p, &s, g, Some(bound)),
        Err(answer) => (answer, false),
    }
}

/// The root's stages: every stage, with the light probe.
const ROOT: Stages = Stages::ALL.with(Stages::LIGHT_PROBE);

/// Steps of the cycle catalogue's enumeration (which `macro` needs) at the
/// root where the clause-learning solver proves the backbone at once, in
/// place of the ladder's [`CATALOGUE_STEPS`]. An enumeration that does not
/// fit them mostly runs to the ladder's budget and gives up: 7 of the 40
/// Country Road drafts of `bench_backbone.py` did, and without them the 40
/// backbones took 1.37 G instructions against 1.58 G (callgrind); with the
/// solver's kept buffers, 7% less time than before both (0.205 s against
/// 0.220 s), and 1 to 3% less than the ladder's budget on two other draws
/// of 80 drafts. With no catalogue at all, 1.35 G, but some boards need it
/// (the bench's interactive `176_10x10` took twice as long without it; it
/// fits in 5,000 steps, and `92_10x10`, which needs more than 50,000, takes
/// 6.2 ms against 4.1).
/// Where the sweep comes first, what the catalogue decides narrows the
/// sweep, and the root keeps the ladder's budget.
const SOLVER_CATALOGUE_STEPS: u64 = 5_000;

/// The root state the backbone starts from (at [`ROOT`]'s fixpoint, the
/// catalogue given `catalogue_steps`), or (Err) the answer already: no
/// solution (the countries admit no loop, or the root contradicts), or
/// nothing proven when `g` stopped the root.
fn rooted(p: &mut Puzzle, g: &mut Budget<'_, '_>, catalogue_steps: u64) -> Result<State, Backbone> {
    let n = p.board.num_cells() + p.board.num_edges();
    let none = Backbone { count: 0, finished: true, values: vec![UNDECIDED; n], witnesses: Vec::new() };
    if !p.region_ok {
        return Err(none);
    }
    let (s, _, r) = root_within(p, ROOT, catalogue_steps, g);
    if g.halted() {
        return Err(Backbone { count: 0, finished: false, values: vec![UNDECIDED; n], witnesses: Vec::new() });
    }
    if r.is_err() {
        return Err(none);
    }
    Ok(s)
}

/// [`backbone`], with the sweep tried first when `sweep` (and the
/// candidates scored by it with `score`), the solver after it when the
/// sweep runs out of room.
pub(super) fn backbone_by(p: &mut Puzzle, g: &mut Budget<'_, '_>, sweep: bool, score: bool, caps: LiveCaps) -> Scored {
    let done = |backbone: Backbone| Scored { backbone, scores: None, sweep_ran_out: false };
    let s = match rooted(p, g, if sweep { CATALOGUE_STEPS } else { SOLVER_CATALOGUE_STEPS }) {
        Ok(s) => s,
        Err(answer) => return done(answer),
    };
    let p: &Puzzle = p;
    if sweep {
        if let Some((backbone, scores)) = swept(p, &s, g, score, caps) {
            return Scored { backbone, scores, sweep_ran_out: false };
        }
        return Scored { backbone: by_sat(p, &s, g), scores: None, sweep_ran_out: true };
    }
    done(by_sat(p, &s, g))
}

/// The backbone by the clause-learning solver from the root `s` (see the
/// module's notes). A stop or the deadline ends it unfinished, with the
/// values proven so far.
pub(super) fn by_sat(p: &Puzzle, s: &State, g: &mut Budget<'_, '_>) -> Backbone {
    by_sat_within(p, s, g, None).0
}

/// [`by_sat`], cut short (the second item true, the backbone unfinished) as
/// soon as a second solution is known and `bound` unknowns are seen open
/// (see [`backbone_bounded`]).
fn by_sat_within(p: &Puzzle, s: &State, g: &mut Budget<'_, '_>, bound: Option<usize>) -> (Backbone, bool) {
    let n = p.board.num_cells() + p.board.num_edges();
    let mut sol = encode(p, s);
    let s1 = match solve_under(p, &mut sol, &[], u64::MAX, &mut || g.poll()) {
        Found::Solution(s1) => s1,
        Found::None => {
            return (Backbone { count: 0, finished: true, values: vec![UNDECIDED; n], witnesses: Vec::new() }, false)
        }
        Found::Unknown => {
            return (Backbone { count: 0, finished: false, values: s.val.clone(), witnesses: Vec::new() }, false)
        }
    };
    let v1 = cells_and_edges(p, &s1);
    let mut open = vec![false; n];
    let mut n_open = 0;
    let mut found: Vec<Vec<u8>> = Vec::new();
    let mut stopped = false;
    let mut cut = false;
    for var in 0..n {
        if open[var] || sol.fixed(var).is_some() {
            continue;
        }
        if g.step() {
            stopped = true;
            break;
        }
        let keep = v1[var] == ON;
        match solve_under(p, &mut sol, &[Lit::of(var, !keep)], u64::MAX, &mut || g.poll()) {
            Found::Solution(s2) => {
                let v2 = cells_and_edges(p, &s2);
                for (f, o) in open.iter_mut().enumerate() {
                    if !*o && v2[f] != v1[f] {
                        *o = true;
                        n_open += 1;
                    }
                }
                if found.len() < 1 + MORE_SOLUTIONS {
                    found.push(s2);
                }
                if bound.is_some_and(|b| n_open >= b) {
                    (stopped, cut) = (true, true);
                    break;
                }
            }
            // Every solution gives `var` its S1 value: a fact from now on.
            Found::None => {
                sol.add_clause(&[Lit::of(var, keep)]);
            }
            Found::Unknown => {
                stopped = true;
                break;
            }
        }
    }
    let values = (0..n)
        .map(|v| match sol.fixed(v) {
            _ if open[v] => UNDECIDED,
            Some(x) => u8::from(x),
            None if !stopped => v1[v],
            None => UNDECIDED,
        })
        .collect();
    let count = 1 + usize::from(!found.is_empty());
    let mut witnesses = vec![s1];
    witnesses.extend(found);
    (Backbone { count, finished: !stopped, values, witnesses }, cut)
}
