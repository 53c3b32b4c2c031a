//! The backbone of a Country Road board: the value every solution gives each
//! cell (used or not) and each cell-to-cell edge, or "open" where two
//! solutions differ.
//!
//! The root is the solver's (every stage, probe and the cycle catalogue); a
//! first solution S1 is searched for. Then each variable still undecided,
//! and not yet seen to differ between two solutions, is assumed to take the
//! other value than in S1 and searched from there: a solution found is a
//! witness and marks every variable where it differs from S1 as open; a
//! refuted assumption proves the S1 value in every solution, and is added to
//! the root so that the later searches start narrower.

use super::ladder::root;
use super::puzzle::Puzzle;
use super::search::{search_from, search_steered};
use super::stages::{fixpoint_from, Stages};
use super::state::State;
use super::state::{OFF, ON, UNDECIDED};
use super::work::Work;
use crate::budget::Budget;

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
    /// Up to two solutions (one byte 0/1 per edge), which differ.
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

/// A solution from `s` (a state with one variable assumed against S1), or a
/// proof that there is none. Attempts of growing node caps cycle through
/// three branching orders: steered away from S1 (`v1`, cells then edges),
/// whose solution opens the most variables at once; the solver's own order;
/// and steered towards S1, which repairs S1 near the assumption. A wrong early
/// choice can hide every solution under a huge failing subtree in one order
/// and not in another; an attempt that finishes is exact by itself, and the
/// caps grow four times each round, so the search stays complete.
fn find(
    p: &Puzzle,
    s: &mut State,
    w: &mut Work,
    stages: Stages,
    g: &mut Budget<'_, '_>,
    v1: &[u8],
) -> super::search::SolveResult {
    let towards: Vec<u8> = v1.iter().map(|&v| 1 - v).collect();
    let mut cap = 2 * s.undecided() as u64 + 100;
    let mut nodes = 0;
    for round in 0.. {
        let avoid = match round % 3 {
            0 => Some(v1),
            1 => None,
            _ => Some(towards.as_slice()),
        };
        // This attempt's node cap; the caller's budget has none.
        let outer = g.set_nodes(Some(cap));
        let mut out = search_steered(p, s, w, stages, 1, g, avoid);
        g.set_nodes(outer);
        nodes += out.nodes;
        if !out.solutions.is_empty() || out.finished || g.halted() {
            out.nodes = nodes;
            return out;
        }
        if round % 3 == 2 {
            cap = cap.saturating_mul(4);
        }
    }
    unreachable!("the loop returns")
}

/// The backbone of `p` under `g` (its deadline and stop; no node limit: the
/// caller checks `g.interrupted()`).
pub fn backbone(p: &mut Puzzle, g: &mut Budget<'_, '_>) -> Backbone {
    let n = p.board.num_cells() + p.board.num_edges();
    let none = Backbone { count: 0, finished: true, values: vec![UNDECIDED; n], witnesses: Vec::new() };
    if !p.region_ok {
        return none;
    }
    let stages = Stages::ALL.with(Stages::LIGHT_PROBE);
    let (mut s, mut w, r) = root(p, stages, g);
    let p: &Puzzle = p;
    if g.halted() {
        return Backbone { count: 0, finished: false, values: vec![UNDECIDED; n], witnesses: Vec::new() };
    }
    if r.is_err() {
        return none;
    }
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
    let mut stopped = false;
    for var in 0..n {
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
            let out = find(p, &mut s, &mut w, stages, g, &v1);
            if let Some(s2) = out.solutions.into_iter().next() {
                let v2 = cells_and_edges(p, &s2);
                for (f, o) in open.iter_mut().enumerate() {
                    *o |= v2[f] != v1[f];
                }
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
    witnesses.extend(second);
    Backbone { count, finished: !stopped, values: s.val.clone(), witnesses }
}
