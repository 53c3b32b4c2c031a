//! The backbone of a Slitherlink board: the value every solution gives each
//! edge, or "open" where two solutions differ.
//!
//! The root is propagated with every rule and the one-level trial; a first
//! solution S1 is searched for. Then each edge still undecided, and not yet
//! seen to differ between two solutions, is assumed to take the other value
//! than in S1 and searched from there: a solution found is a witness, and
//! every edge where it differs from S1 is open; a refuted assumption proves
//! the edge's S1 value in every solution, which is added to the root so that
//! the later searches start narrower. Every edge is then either decided at
//! the root (a backbone fact) or open.

use std::time::Instant;

use super::board::Board;
use super::connect::Connectivity;
use super::engine::{Engine, Rules, UNK};
use super::probe::{probe, Halt};
use super::search::count_from;
use crate::interrupt::Stop;

/// What [`backbone`] proved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Backbone {
    /// 0 (no solution), 1 (exactly one) or 2 (two or more); when not
    /// complete, the solutions found so far (a lower bound).
    pub count: usize,
    /// False when a budget stopped the work: then `values` holds only what
    /// was proven, and the edges not yet examined are reported as open (2).
    pub complete: bool,
    /// Per edge: 0 or 1 in every solution, 2 open (or not proven when not
    /// complete). All 2 when there is no solution.
    pub values: Vec<u8>,
    /// Up to two solutions (one byte 0/1 per edge), which differ.
    pub witnesses: Vec<Vec<u8>>,
}

/// The backbone of `board` under an optional deadline; `stop` ends it like
/// the deadline (the caller checks `stop.was_requested()`).
pub fn backbone(board: &Board, deadline: Option<Instant>, stop: &mut Stop<'_>) -> Backbone {
    let edges = board.grid.num_edges();
    let mut halt = Halt { deadline, stop };
    let none = Backbone { count: 0, complete: true, values: vec![UNK; edges], witnesses: Vec::new() };
    let Some(mut engine) = Engine::new(board, Rules::SEARCH) else { return none };
    let mut links = Connectivity::default();
    if !engine.run() || !links.check(&engine) {
        return none;
    }
    if engine.undecided > 0 && !probe(&mut engine, &mut halt) {
        return none;
    }
    let first = count_from(&mut engine, &mut links, 1, None, &mut halt);
    let Some(s1) = first.solutions.into_iter().next() else {
        if first.complete {
            return none;
        }
        return Backbone { count: 0, complete: false, values: engine.values(), witnesses: Vec::new() };
    };
    let mut open = vec![false; edges];
    let mut second: Option<Vec<u8>> = None;
    let mut stopped = false;
    for e in 0..edges {
        if engine.dom[e] != UNK || open[e] {
            continue;
        }
        if halt.now() {
            stopped = true;
            break;
        }
        let keep = s1[e];
        let mark = engine.mark();
        let refuted = if engine.assign(e as u32, 1 - keep) && engine.run() && links.check(&engine) {
            let out = count_from(&mut engine, &mut links, 1, None, &mut halt);
            if let Some(s2) = out.solutions.into_iter().next() {
                for (f, o) in open.iter_mut().enumerate() {
                    *o |= s2[f] != s1[f];
                }
                second.get_or_insert(s2);
                false
            } else if out.complete {
                true
            } else {
                stopped = true;
                engine.undo_to(mark);
                break;
            }
        } else {
            true
        };
        engine.undo_to(mark);
        if refuted {
            // Every solution gives `e` the value S1 gives it. Sound rules on a
            // board with the solution S1 cannot contradict this.
            let ok = engine.assign(e as u32, keep) && engine.run();
            debug_assert!(ok, "a proven fact contradicts the root");
            if !ok {
                engine.undo_to(mark);
                stopped = true;
                break;
            }
        }
    }
    let values = engine.values();
    let count = 1 + second.is_some() as usize;
    let mut witnesses = vec![s1];
    witnesses.extend(second);
    Backbone { count, complete: !stopped, values, witnesses }
}
