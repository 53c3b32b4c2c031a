//! Slitherlink on any R x C board: a trail-based propagator with the standard
//! deductions, a uniqueness-proving search and a grade.
//!
//! - [`board`]: the local tables (point slots, cells around points, the outside cell);
//! - [`engine`]: the propagator (cell counting, point states, corner pair bits,
//!   inside/outside colour classes with parity, loop paths) with undo trails;
//! - [`rules`], [`tables`]: the point and cell rules and their precomputed tables;
//! - [`patterns`]: static clue patterns (adjacent 3s);
//! - [`probe`]: one-level trial on each undecided edge;
//! - [`search`]: solution counting up to a limit under node/time budgets;
//! - [`check`]: whether a full assignment is a solution.

mod board;
mod check;
mod colour;
mod connect;
mod engine;
mod patterns;
mod probe;
mod rules;
mod search;
mod tables;

#[cfg(test)]
mod tests;

use std::time::Duration;

pub use board::MAX_SIDE;
pub use search::{Budget, Outcome};

use crate::error::{Error, Result};
use engine::{Engine, Rules};

/// Tiers of deduction, weakest first; each includes the ones before it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Tier {
    /// Clue counting and the two-lines-or-none rule at each point.
    Basic,
    /// + corner pair bits between cells and points, and the adjacent 3-3 pattern.
    Patterns,
    /// + inside/outside colouring with parity.
    Colour,
    /// + no loop before the last one.
    Loop,
    /// + one-level trial on each undecided edge.
    Probe,
    /// Full search.
    Search,
}

impl Tier {
    pub const ALL: [Tier; 6] = [Tier::Basic, Tier::Patterns, Tier::Colour, Tier::Loop, Tier::Probe, Tier::Search];

    pub fn name(self) -> &'static str {
        match self {
            Tier::Basic => "basic",
            Tier::Patterns => "patterns",
            Tier::Colour => "colour",
            Tier::Loop => "loop",
            Tier::Probe => "probe",
            Tier::Search => "search",
        }
    }

    pub fn from_name(name: &str) -> Result<Tier> {
        Tier::ALL.into_iter().find(|t| t.name() == name).ok_or_else(|| {
            let names: Vec<&str> = Tier::ALL.iter().map(|t| t.name()).collect();
            Error::InvalidArgument(format!("unknown tier {name:?}; expected one of {}", names.join(", ")))
        })
    }

    fn rules(self) -> Rules {
        Rules { pairs: self >= Tier::Patterns, colour: self >= Tier::Colour, loops: self >= Tier::Loop }
    }
}

/// The fixpoint of `tier` from an empty board: per edge 0 = off, 1 = on,
/// 2 = undecided; `None` when the tier finds a contradiction. `Search` is
/// not a propagation and is refused (its cost has no bound).
pub fn propagate(rows: usize, cols: usize, clues: &[i8], tier: Tier) -> Result<Option<Vec<u8>>> {
    if tier == Tier::Search {
        return Err(Error::InvalidArgument("tier \"search\" has no fixpoint; use solve() to count solutions".into()));
    }
    let board = board::board(rows, cols, clues)?;
    Ok(fixpoint(&board, tier).map(|e| e.values()))
}

fn fixpoint<'a>(board: &'a board::Board, tier: Tier) -> Option<Engine<'a>> {
    let mut engine = Engine::new(board, tier.rules())?;
    if !engine.run() {
        return None;
    }
    if tier >= Tier::Probe && !probe::probe(&mut engine, None) {
        return None;
    }
    // Every edge decided but no single loop (no line at all, say on an all-0
    // board, or several loops below the loop tier): there is no solution.
    if engine.undecided == 0 && !check::is_solution(board, &engine.dom) {
        return None;
    }
    Some(engine)
}

/// Counts solutions up to `limit` (at least 1) under optional budgets.
pub fn solve(
    rows: usize,
    cols: usize,
    clues: &[i8],
    limit: usize,
    node_limit: Option<u64>,
    time_limit: Option<f64>,
) -> Result<Outcome> {
    if limit == 0 {
        return Err(Error::InvalidArgument("limit must be at least 1".into()));
    }
    let time = match time_limit {
        None => None,
        Some(t) if t.is_finite() && t >= 0.0 => Some(Duration::from_secs_f64(t.min(1e9))),
        Some(t) => return Err(Error::InvalidArgument(format!("time_limit must be a non-negative number, got {t}"))),
    };
    let board = board::board(rows, cols, clues)?;
    Ok(search::count(&board, limit, Budget { nodes: node_limit, time }))
}

/// The grade: the weakest tier whose fixpoint decides every edge, with the
/// number of solutions it proves (1, or 0 when it proves there is none), or
/// `Search` with the search's count (up to 2) and whether it completed.
pub fn grade(rows: usize, cols: usize, clues: &[i8], node_limit: Option<u64>) -> Result<(Tier, usize, bool)> {
    let board = board::board(rows, cols, clues)?;
    for tier in &Tier::ALL[..5] {
        match fixpoint(&board, *tier) {
            None => return Ok((*tier, 0, true)),
            Some(engine) if engine.undecided == 0 => {
                // Sound rules: every solution equals this assignment.
                let n = check::is_solution(&board, &engine.dom) as usize;
                return Ok((*tier, n, true));
            }
            Some(_) => {}
        }
    }
    let out = search::count(&board, 2, Budget { nodes: node_limit, time: None });
    Ok((Tier::Search, out.solutions.len(), out.complete))
}
