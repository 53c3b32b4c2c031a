//! Slitherlink on any R x C board: a trail-based propagator with the standard
//! deductions, a uniqueness-proving search and a grade.
//!
//! - `board`: the local tables (point slots, cells around points, the outside cell);
//! - `engine`: the propagator (cell counting, point states, corner pair bits,
//!   inside/outside colour classes with parity, loop paths) with undo trails;
//! - `rules`, `tables`: the point and cell rules and their precomputed tables;
//! - `patterns`: static clue patterns (adjacent 3s);
//! - `probe`: one-level trial on each undecided edge;
//! - `search`: solution counting up to a limit under node/time budgets;
//! - `check`: whether a full assignment is a solution;
//! - `generate`: seeded generation by level (random loop, clue thinning).

mod backbone;
mod board;
mod check;
mod colour;
mod connect;
mod engine;
mod explain;
mod generate;
mod patterns;
mod probe;
mod rules;
mod search;
mod tables;
mod trace;

#[cfg(test)]
mod tests;

pub use backbone::{Backbone, Suggestion};
pub use board::MAX_SIDE;
pub use search::Outcome;

use crate::budget::Budget;
use crate::error::{Error, Result};
use crate::interrupt::Stop;
use engine::{Engine, Rules};
pub use generate::{generate, GenOptions, GenStatus, Generated, DEFAULT_ATTEMPTS, DEFAULT_SEARCH_NODES};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// The random simple loop that generation from `seed` starts with (0/1 per edge).
pub fn random_loop(rows: usize, cols: usize, seed: u64) -> Result<Vec<u8>> {
    let b = board::board(rows, cols, &vec![-1; rows.saturating_mul(cols).min(MAX_SIDE * MAX_SIDE + 1)])?;
    Ok(generate::random_loop(&b, &mut generate::Rng::new(seed)).into_iter().map(u8::from).collect())
}

/// Levels of deduction, weakest first; each includes the rules of the ones
/// before it. The first four line up with Simon Tatham's Loopy (Easy,
/// Normal, Tricky, Hard); `docs/levels.md` describes each one's rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Level {
    /// Clue counting, two-lines-or-none at each point, no loop before the
    /// last one, and "these two sides cannot both be lines" at a corner whose
    /// point already has a line elsewhere.
    Easy,
    /// Plus what each point says about the pair of sides of a cell at it (at
    /// most one, at least one, exactly one, both or neither), read by the cell.
    Normal,
    /// Plus: cells write "not both" / "not neither" back to their corner
    /// points, so that those facts travel across corners and along diagonals
    /// (the diagonal 3-3, 3-1 and 2-in-corner families).
    Tricky,
    /// Plus classes of sides known equal or opposite (parity chains): a
    /// cell's or a point's open sides must hold a known number of lines mod
    /// 2, "exactly one" at a corner makes its two sides opposite.
    Hard,
    /// Beyond hard: complete reasoning at each point and cell corner
    /// ("same", "different", implications), inside/outside colouring of cells
    /// with parity, and the adjacent 3-3 pattern.
    Colour,
    /// Plus one assumption at a time on each undecided edge, refuted by
    /// propagation with every rule of Colour (`probe.rs`).
    Trial,
    /// Full search.
    Search,
}

impl Level {
    pub const ALL: [Level; 7] =
        [Level::Easy, Level::Normal, Level::Tricky, Level::Hard, Level::Colour, Level::Trial, Level::Search];

    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Normal => "normal",
            Level::Tricky => "tricky",
            Level::Hard => "hard",
            Level::Colour => "colour",
            Level::Trial => "trial",
            Level::Search => "search",
        }
    }

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn from_name(name: &str) -> Result<Level> {
        Level::ALL.into_iter().find(|t| t.name() == name).ok_or_else(|| {
            let names: Vec<&str> = Level::ALL.iter().map(|t| t.name()).collect();
            Error::InvalidArgument(format!("unknown level {name:?}; expected one of {}", names.join(", ")))
        })
    }

    pub(crate) fn rules(self) -> Rules {
        Rules {
            pairs_read: self >= Level::Normal,
            pairs_write: self >= Level::Tricky,
            line_classes: self >= Level::Hard,
            pair_fill: true,
            pairs_exact: self >= Level::Colour,
            pattern33: self >= Level::Colour,
            colour: self >= Level::Colour,
            loops: true,
        }
    }

    /// The level just below, if any.
    pub fn below(self) -> Option<Level> {
        self.index().checked_sub(1).map(|i| Level::ALL[i])
    }
}

/// The fixpoint of `level` from an empty board (see [`Puzzle::propagate`]).
pub fn propagate(rows: usize, cols: usize, clues: &[i8], level: Level, stop: &mut Stop<'_>) -> Result<Option<Vec<u8>>> {
    Puzzle::new(rows, cols, clues)?.propagate(level, stop)
}

/// A checked Slitherlink board with its tables built, kept between calls
/// (the Python board's handle): every question below is asked of it
/// without checking or building the board again.
pub struct Puzzle {
    board: board::Board,
    /// The finished backbone, once proven, with the solutions met on the
    /// way (see [`backbone::Kept`]): asked again, or asked for
    /// suggestions, the board does not prove it again.
    kept: Mutex<Option<Arc<backbone::Kept>>>,
}

impl Puzzle {
    /// Checks the size and the clues (-1 blank, else 0..=4, row-major) and
    /// builds the board's tables.
    pub fn new(rows: usize, cols: usize, clues: &[i8]) -> Result<Puzzle> {
        Ok(Puzzle { board: board::board(rows, cols, clues)?, kept: Mutex::new(None) })
    }

    pub fn rows(&self) -> usize {
        self.board.grid.rows
    }

    pub fn cols(&self) -> usize {
        self.board.grid.cols
    }

    /// The clues, -1 for a blank, row-major.
    pub fn clues(&self) -> &[i8] {
        &self.board.clues
    }

    /// The fixpoint of `level` from an empty board: per edge 0 = off, 1 = on,
    /// 2 = undecided; `None` when the level finds a contradiction. `Search` is
    /// not a propagation and is refused (its cost has no bound). `stop` can
    /// interrupt the trials ([`Error::Interrupted`]).
    pub fn propagate(&self, level: Level, stop: &mut Stop<'_>) -> Result<Option<Vec<u8>>> {
        if level == Level::Search {
            return Err(Error::InvalidArgument(
                "level \"search\" has no fixpoint; use solve() to count solutions".into(),
            ));
        }
        let mut budget = Budget::new(stop);
        let out = fixpoint(&self.board, level, &mut budget).map(|e| e.values());
        budget.answer(out)
    }

    /// Counts solutions up to `limit` (at least 1) under optional budgets;
    /// `stop` can interrupt it ([`Error::Interrupted`]).
    pub fn solve(
        &self,
        limit: usize,
        node_limit: Option<u64>,
        time_limit: Option<f64>,
        stop: &mut Stop<'_>,
    ) -> Result<Outcome> {
        if limit == 0 {
            return Err(Error::InvalidArgument("limit must be at least 1".into()));
        }
        let time = crate::budget::time_limit(time_limit)?;
        let mut budget = Budget::new(stop).with_nodes(node_limit).with_time(time);
        let out = search::count(&self.board, limit, &mut budget);
        budget.answer(out)
    }

    /// The number of solutions up to `limit` (at least 1), counted by the
    /// search without keeping them ([`search::count_only`]), under optional
    /// budgets: `(count, finished, nodes)`, a count below `limit` exact
    /// when finished; `stop` can interrupt it ([`Error::Interrupted`]).
    pub fn count_search(
        &self,
        limit: usize,
        node_limit: Option<u64>,
        time_limit: Option<f64>,
        stop: &mut Stop<'_>,
    ) -> Result<(usize, bool, u64)> {
        if limit == 0 {
            return Err(Error::InvalidArgument("limit must be at least 1".into()));
        }
        let time = crate::budget::time_limit(time_limit)?;
        let mut budget = Budget::new(stop).with_nodes(node_limit).with_time(time);
        let out = search::count_only(&self.board, limit, &mut budget);
        budget.answer((out.count(), out.finished, out.nodes))
    }

    /// The backbone (see [`Backbone`]) under an optional time limit;
    /// [`Error::Interrupted`] when `stop` asks.
    pub fn backbone(&self, time_limit: Option<f64>, stop: &mut Stop<'_>) -> Result<Backbone> {
        let time = crate::budget::time_limit(time_limit)?;
        if let Some(kept) = self.kept() {
            return Ok(kept.backbone.clone());
        }
        let mut budget = Budget::new(stop).with_time(time);
        let (out, kept) = backbone::backbone(&self.board, &mut budget);
        self.keep(kept);
        budget.answer(out)
    }

    /// The kept backbone, if any.
    fn kept(&self) -> Option<Arc<backbone::Kept>> {
        // A poisoned lock only means a panic elsewhere; the value is whole.
        self.kept.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }

    /// Keeps a finished backbone (None keeps what is there).
    fn keep(&self, kept: Option<backbone::Kept>) {
        if let Some(kept) = kept {
            *self.kept.lock().unwrap_or_else(|e| e.into_inner()) = Some(Arc::new(kept));
        }
    }

    /// The backbone and up to `k` clues to add, best first (see
    /// [`backbone::suggest`]), and whether the ranking finished; the
    /// candidates are proven on `threads` threads (1 to
    /// [`crate::frontier::MAX_THREADS`]; the answer is the same on any
    /// number); [`Error::Interrupted`] when `stop` asks.
    pub fn suggest(
        &self,
        k: usize,
        time_limit: Option<f64>,
        threads: usize,
        stop: &mut Stop<'_>,
    ) -> Result<(Backbone, Vec<Suggestion>, bool)> {
        let max = crate::frontier::MAX_THREADS;
        if !(1..=max).contains(&threads) {
            return Err(Error::InvalidArgument(format!("threads must be 1..={max}, got {threads}")));
        }
        let time = crate::budget::time_limit(time_limit)?;
        let mut budget = Budget::new(stop).with_time(time);
        let kept = self.kept();
        let (bb, tips, done, more) = backbone::suggest(&self.board, k, &mut budget, kept.as_deref(), threads);
        self.keep(more);
        budget.answer((bb, tips, done))
    }

    /// The puzzle's grade (see [`grade`]).
    pub fn grade(&self, node_limit: Option<u64>, stop: &mut Stop<'_>) -> Result<Grade> {
        let board = &self.board;
        let mut budget = Budget::new(stop);
        let edges = board.grid.num_edges();
        let near_zero = (0..edges)
            .filter(|&e| board.edge_cells[e].iter().any(|&c| c != board.out && board.clues[c as usize] == 0))
            .count();
        let mut open_below = edges - near_zero;
        let share = |open: usize| (open as f64 / edges.max(1) as f64).min(0.999);
        for level in &Level::ALL[..6] {
            let score = level.index() as f64 + share(open_below);
            let fixed = fixpoint(board, *level, &mut budget);
            if budget.interrupted() {
                return Err(Error::Interrupted);
            }
            match fixed {
                None => return Ok(Grade { level: *level, solutions: 0, finished: true, score }),
                Some(engine) if engine.undecided == 0 => {
                    // Sound rules: every solution equals this assignment.
                    let n = check::is_solution(board, &engine.dom) as usize;
                    return Ok(Grade { level: *level, solutions: n, finished: true, score });
                }
                Some(engine) => open_below = engine.undecided,
            }
        }
        budget.set_nodes(node_limit);
        let out = search::count(board, 2, &mut budget);
        budget.answer(Grade {
            level: Level::Search,
            solutions: out.solutions.len(),
            finished: out.finished,
            score: Level::Search.index() as f64 + share(open_below),
        })
    }

    /// The steps of `level`'s deduction (see [`explain`]).
    pub fn explain(&self, position: Option<&[u8]>, level: Level, stop: &mut Stop<'_>) -> Result<Option<Vec<Step>>> {
        // With no deadline the outer None (out of time) never comes.
        Ok(self.explain_in_time(position, level, None, stop)?.flatten())
    }

    /// [`Puzzle::explain`] within `time`: the outer `None` when it ran out
    /// first (the steps of an explanation cut short are not returned: they
    /// would not reach the level's fixpoint).
    pub fn explain_in_time(
        &self,
        position: Option<&[u8]>,
        level: Level,
        time: Option<Duration>,
        stop: &mut Stop<'_>,
    ) -> Result<Option<Option<Vec<Step>>>> {
        if level == Level::Search {
            return Err(Error::InvalidArgument("level \"search\" has no fixpoint to explain".into()));
        }
        let empty = vec![engine::UNK; self.board.grid.num_edges()];
        let position = position.unwrap_or(&empty);
        explain::check_position(&self.board, position)?;
        let mut budget = Budget::new(stop).with_time(time);
        let out = explain::explain(&self.board, position, level, false, &mut budget);
        budget.answer_in_time(out)
    }

    /// The next step from a player's `position` (see [`hint`]).
    pub fn hint(&self, position: &[u8], time: Option<Duration>, stop: &mut Stop<'_>) -> Result<Option<Option<Step>>> {
        let mut budget = Budget::new(stop).with_time(time);
        let out = explain::hint(&self.board, position, &mut budget)?;
        budget.answer_in_time(out)
    }
}

/// The fixpoint of `level`; a stop of `budget` leaves it short of the
/// fixpoint (the caller checks `budget.interrupted()`).
fn fixpoint<'a>(board: &'a board::Board, level: Level, budget: &mut Budget<'_, '_>) -> Option<Engine<'a>> {
    let mut engine = Engine::new(board, level.rules())?;
    if !engine.run() {
        return None;
    }
    if level >= Level::Trial && !probe::probe(&mut engine, budget) {
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
    solve_stoppable(rows, cols, clues, limit, node_limit, time_limit, &mut Stop::never())
}

/// [`solve`] that `stop` can interrupt ([`Error::Interrupted`]).
pub fn solve_stoppable(
    rows: usize,
    cols: usize,
    clues: &[i8],
    limit: usize,
    node_limit: Option<u64>,
    time_limit: Option<f64>,
    stop: &mut Stop<'_>,
) -> Result<Outcome> {
    Puzzle::new(rows, cols, clues)?.solve(limit, node_limit, time_limit, stop)
}

/// The backbone of a board (see [`Backbone`]) under an optional time limit;
/// [`Error::Interrupted`] when `stop` asks.
pub fn backbone_stoppable(
    rows: usize,
    cols: usize,
    clues: &[i8],
    time_limit: Option<f64>,
    stop: &mut Stop<'_>,
) -> Result<Backbone> {
    Puzzle::new(rows, cols, clues)?.backbone(time_limit, stop)
}

/// The backbone and up to `k` clues to add, best first (see
/// [`backbone::suggest`]), and whether the ranking finished;
/// [`Error::Interrupted`] when `stop` asks.
pub fn suggest_stoppable(
    rows: usize,
    cols: usize,
    clues: &[i8],
    k: usize,
    time_limit: Option<f64>,
    stop: &mut Stop<'_>,
) -> Result<(Backbone, Vec<Suggestion>, bool)> {
    Puzzle::new(rows, cols, clues)?.suggest(k, time_limit, 1, stop)
}

/// A grade: the weakest level whose fixpoint decides every edge, with the
/// number of solutions it proves (1, or 0 when it proves there is none), or
/// `Search` with the search's count (up to 2) and whether it finished; and
/// a finer score (see [`score`]).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Grade {
    pub level: Level,
    pub solutions: usize,
    /// False only when the search's node limit stopped it.
    pub finished: bool,
    pub score: f64,
}

/// Grades a puzzle: the levels are tried from the weakest up.
///
/// The score is `index(level) + f`, `f` in `[0, 1)`: the share of the edges
/// that the level below left undecided (for `easy`, the edges not decided by
/// the clue-0 cells), so within a level a puzzle that leaves more of the board
/// to that level's own rules scores higher.
/// (Python's `grade(score=True)` reports a finer score, from the weighted
/// steps of the explanation; see docs/levels.md.)
/// `stop` can interrupt it ([`Error::Interrupted`]): the levels' trials and
/// the search poll it.
pub fn grade(rows: usize, cols: usize, clues: &[i8], node_limit: Option<u64>, stop: &mut Stop<'_>) -> Result<Grade> {
    Puzzle::new(rows, cols, clues)?.grade(node_limit, stop)
}

pub use trace::{Place, RuleInfo, Step, RULES};

/// The steps of `level`'s deduction (not `Search`), easiest first, from
/// `position` (per edge 0 off, 1 on, 2 open; `None` for the empty board).
/// `None` when the rules find a contradiction. Replaying the decisions of the
/// steps over the position reaches [`propagate`]'s fixpoint.
pub fn explain(
    rows: usize,
    cols: usize,
    clues: &[i8],
    position: Option<&[u8]>,
    level: Level,
    stop: &mut Stop<'_>,
) -> Result<Option<Vec<Step>>> {
    Puzzle::new(rows, cols, clues)?.explain(position, level, stop)
}

/// The next step from a player's `position` (per edge 0, 1 or 2): a
/// `mistake` step at a mark that disagrees with every solution, else the
/// easiest step that decides something new (a `search` step from the
/// unique solution when no rule does); `None` when the position's lines are
/// a solution (or nothing can be decided on a puzzle with several solutions).
/// The outer `None`: `time` ran out before the hint was found.
pub fn hint(
    rows: usize,
    cols: usize,
    clues: &[i8],
    position: &[u8],
    time: Option<Duration>,
    stop: &mut Stop<'_>,
) -> Result<Option<Option<Step>>> {
    Puzzle::new(rows, cols, clues)?.hint(position, time, stop)
}
