//! Seeded generation of unique puzzles by level.
//!
//! 1. A random loop: a region of cells grown from one cell by flips that keep
//!    its border one simple loop, then stirred by flips both ways so that the
//!    border winds.
//! 2. Adding: from a blank board, the loop's clues join in a random order
//!    (cells whose sides are decided already are skipped), each propagation
//!    continuing from the state the last one reached, until the target level
//!    decides every edge.
//! 3. Thinning: those clues, in a new random order, are removed when the
//!    target level's deductions still decide every edge (sound deductions
//!    that decide every edge prove the solution unique); up to `colour` each
//!    trial continues from a saved state ([`Thinner::thin_continuing`]).
//!    One [`Thinner`] keeps the board and its tables for the whole call.
//! 4. The result must need exactly the target level: the level below must not
//!    solve it, or the attempt starts again from a new loop.
//!
//! Everything random comes from one xoshiro256** stream seeded by the caller,
//! and budgets are counted in nodes, never clocks, so a seed gives the same
//! puzzle on every machine. The clock only decides whether to give up.

use std::time::{Duration, Instant};

use super::board::{board, Board};
use super::engine::{Engine, Rules, UNK};
use super::search::count;
use super::Level;
use crate::budget::Budget;
use crate::error::{Error, Result};
use crate::interrupt::Stop;

/// xoshiro256** seeded through SplitMix64: the same stream on every machine.
pub struct Rng([u64; 4]);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        let mut x = seed;
        let mut next = || {
            x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = x;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        };
        Rng([next(), next(), next(), next()])
    }

    pub fn next_u64(&mut self) -> u64 {
        let s = &mut self.0;
        let out = s[1].wrapping_mul(5).rotate_left(7).wrapping_mul(9);
        let t = s[1] << 17;
        s[2] ^= s[0];
        s[3] ^= s[1];
        s[1] ^= s[2];
        s[0] ^= s[3];
        s[2] ^= t;
        s[3] = s[3].rotate_left(45);
        out
    }

    /// Uniform in `0..n` (`n > 0`), by rejection: no modulo bias.
    pub fn below(&mut self, n: usize) -> usize {
        let n = n as u64;
        let zone = u64::MAX - u64::MAX % n;
        loop {
            let v = self.next_u64();
            if v < zone {
                return (v % n) as usize;
            }
        }
    }

    pub fn shuffle<T>(&mut self, v: &mut [T]) {
        for i in (1..v.len()).rev() {
            let j = self.below(i + 1);
            v.swap(i, j);
        }
    }
}

/// A region of cells whose border is one simple loop, changed a cell at a time.
struct LoopState<'a> {
    board: &'a Board,
    inside: Vec<bool>,
    on: Vec<bool>,
    degree: Vec<u8>,
    size: usize,
}

/// A cell's sides and corners in cyclic order: side `i` runs from corner `i`
/// to corner `i + 1` (top, right, bottom, left; TL, TR, BR, BL).
const CYC_SIDES: [usize; 4] = [0, 3, 1, 2];
const CYC_CORNERS: [usize; 4] = [0, 1, 3, 2];

impl<'a> LoopState<'a> {
    fn new(board: &'a Board, start: usize) -> Self {
        let g = &board.grid;
        let mut s = LoopState {
            board,
            inside: vec![false; g.num_cells()],
            on: vec![false; g.num_edges()],
            degree: vec![0; g.num_points()],
            size: 0,
        };
        s.toggle(start);
        s
    }

    fn toggle(&mut self, cell: usize) {
        let g = &self.board.grid;
        for &e in &g.cell_edges[cell] {
            let e = e as usize;
            let d: i8 = if self.on[e] { -1 } else { 1 };
            self.on[e] = !self.on[e];
            for p in g.edge_points[e] {
                self.degree[p as usize] = (self.degree[p as usize] as i8 + d) as u8;
            }
        }
        self.inside[cell] = !self.inside[cell];
        if self.inside[cell] {
            self.size += 1;
        } else {
            self.size -= 1;
        }
    }

    /// Flipping keeps one simple loop: the loop's sides around the cell form
    /// one path of 1 to 3 sides, and the corners off that path are free.
    fn can_flip(&self, cell: usize) -> bool {
        let g = &self.board.grid;
        let on = CYC_SIDES.map(|i| self.on[g.cell_edges[cell][i] as usize]);
        let k = on.iter().filter(|&&x| x).count();
        if k == 0 || k == 4 || (k == 2 && on[0] == on[2]) {
            return false;
        }
        let corners = self.board.cell_corners[cell];
        (0..4).all(|i| on[i] || on[(i + 3) % 4] || self.degree[corners[CYC_CORNERS[i]] as usize] == 0)
    }

    fn flip(&mut self, cell: usize) -> bool {
        let ok = self.can_flip(cell);
        if ok {
            self.toggle(cell);
        }
        ok
    }
}

/// A random simple loop (true per edge on it). The region inside covers
/// 40% to 65% of the cells (all of them on boards too small for more).
pub fn random_loop(board: &Board, rng: &mut Rng) -> Vec<bool> {
    let cells = board.grid.num_cells();
    let mut state = LoopState::new(board, rng.below(cells));
    let lo = ((cells as f64 * 0.40) as usize).max(1);
    let hi = ((cells as f64 * 0.65) as usize).max(lo);
    let target = lo + rng.below(hi - lo + 1);
    // Growing: frontier cells join in random order.
    let mut stalls = 0;
    while state.size < target && stalls < 50 * cells {
        let cell = rng.below(cells);
        if !state.inside[cell] && state.flip(cell) {
            stalls = 0;
        } else {
            stalls += 1;
        }
    }
    // Stirring: flips both ways within the size band.
    for _ in 0..4 * cells {
        let cell = rng.below(cells);
        let joining = !state.inside[cell];
        if (joining && state.size >= hi) || (!joining && state.size <= lo) {
            continue;
        }
        state.flip(cell);
    }
    state.on
}

/// What the caller asks of [`generate`].
#[derive(Debug, Clone, Copy)]
pub struct GenOptions {
    /// The exact level wanted; `None` = as few clues as `trial` allows.
    pub level: Option<Level>,
    /// Random loops to try before giving up.
    pub attempts: u32,
    /// Wall-time budget of the whole call.
    pub time_limit: Option<Duration>,
    /// Node budget of each uniqueness check of the `search` thinning pass.
    pub search_nodes: u64,
}

/// Random loops tried by default.
pub const DEFAULT_ATTEMPTS: u32 = 50;
/// Default node budget of each uniqueness check of the `search` thinning pass.
pub const DEFAULT_SEARCH_NODES: u64 = 300;

impl Default for GenOptions {
    fn default() -> Self {
        GenOptions { level: None, attempts: DEFAULT_ATTEMPTS, time_limit: None, search_nodes: DEFAULT_SEARCH_NODES }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GenStatus {
    Found,
    /// `time_limit` ran out.
    TimedOut,
    /// Every attempt gave a puzzle of another level.
    Exhausted,
}

#[derive(Debug, Clone)]
pub struct Generated {
    pub status: GenStatus,
    /// -1 = blank; empty unless found.
    pub clues: Vec<i8>,
    /// The grade of the puzzle found.
    pub level: Level,
    /// Loops tried.
    pub attempts: u32,
}

/// Steps charged to the stop per removal trial, so that the stop's clock is
/// read every few trials on any board size.
fn trial_steps(cells: usize) -> usize {
    (cells / 4).max(1)
}

/// Clue thinning on one board: the board's clues change in place.
struct Thinner {
    board: Board,
    /// The loop, as 0/1 per edge.
    answer: Vec<u8>,
    /// Generating `hard`: that level runs as [`Rules::loopy_hard`], so that
    /// Loopy's own grader rates the puzzle Hard too.
    loopy_hard: bool,
}

impl Thinner {
    /// The rules `level` generates with: its own, except `hard` when
    /// `loopy_hard` (only the level asked for is ever `Hard` here, since a
    /// check of the level below a hard target is `Tricky`).
    fn rules(&self, level: Level) -> Rules {
        if self.loopy_hard && level == Level::Hard {
            Rules::loopy_hard()
        } else {
            level.rules()
        }
    }

    /// Whether `level`'s deductions decide every edge with the current clues.
    /// The answer is known, so a deduction that contradicts it is impossible
    /// (sound rules) and any full assignment is that answer.
    fn solved_at(&self, level: Level) -> bool {
        let Some(mut engine) = Engine::new(&self.board, self.rules(level)) else { return false };
        if !engine.run() {
            return false;
        }
        if engine.undecided == 0 {
            return true;
        }
        if level >= Level::Trial {
            return probe_with_answer(&mut engine, &self.answer) && engine.undecided == 0;
        }
        false
    }
}

impl Thinner {
    /// Thinning by propagation that continues from saved states. Clues are
    /// visited in `order`; those already visited and kept only grow, so one
    /// engine holds their fixpoint and takes each new keeper with
    /// [`Engine::add_clue`]. A removal trial marks that state, adds the
    /// clues not visited yet, propagates, and undoes back to the mark: the
    /// removal is kept when every edge got decided. A continued state is
    /// never stronger than a fresh fixpoint with the same clues, so an
    /// accepted removal is always right (a rejected one at worst keeps a
    /// clue that a fresh check would drop). Returns a status to give up with
    /// when the clock ran out.
    fn thin_continuing(
        &mut self,
        level: Level,
        order: &[usize],
        steps: usize,
        budget: &mut Budget<'_, '_>,
    ) -> Result<Option<GenStatus>> {
        let current = std::mem::replace(&mut self.board.clues, vec![-1; order.len()]);
        let pending: Vec<usize> = order.iter().copied().filter(|&c| current[c] >= 0).collect();
        let mut keep = vec![false; pending.len()];
        {
            let Some(mut eng) = Engine::new(&self.board, self.rules(level)) else {
                self.board.clues = current;
                return Ok(None);
            };
            let mut ok = eng.run();
            for i in 0..pending.len() {
                if !ok {
                    break;
                }
                if checkpoint(steps, budget)? {
                    return Ok(Some(GenStatus::TimedOut));
                }
                let mark = eng.mark();
                let mut solved = eng.undecided == 0;
                if !solved {
                    let mut fine = true;
                    for &c in &pending[i + 1..] {
                        if eng.undecided == 0 {
                            break;
                        }
                        fine = eng.add_clue(c as u32, current[c]);
                        if !fine {
                            break;
                        }
                    }
                    solved = fine && eng.run() && eng.undecided == 0;
                }
                eng.undo_to(mark);
                if !solved {
                    keep[i] = true;
                    let c = pending[i];
                    ok = eng.add_clue(c as u32, current[c]) && eng.run();
                }
            }
            if !ok {
                // Unreachable with the answer's own clues; keep everything.
                keep.iter_mut().for_each(|k| *k = true);
            }
        }
        self.board.clues = vec![-1; order.len()];
        for (i, &c) in pending.iter().enumerate() {
            if keep[i] {
                self.board.clues[c] = current[c];
            }
        }
        Ok(None)
    }
}

/// The one-level trial, knowing the answer: only the values the answer does
/// not take can be refuted, so only those are tried (an assumption agreeing
/// with the only solution never fails). Same fixpoint as
/// [`super::probe::probe`] on a puzzle with that unique answer.
fn probe_with_answer(engine: &mut Engine<'_>, answer: &[u8]) -> bool {
    loop {
        let mut learned = false;
        for e in 0..engine.dom.len() as u32 {
            if engine.dom[e as usize] != UNK {
                continue;
            }
            let wrong = 1 - answer[e as usize];
            let mark = engine.mark();
            let ok = engine.assign(e, wrong) && engine.run();
            engine.undo_to(mark);
            if !ok {
                if !(engine.assign(e, answer[e as usize]) && engine.run()) {
                    return false;
                }
                learned = true;
            }
        }
        if !learned || engine.undecided == 0 {
            return true;
        }
    }
}

/// Generates an R x C puzzle from `seed` (see the module notes).
pub fn generate(rows: usize, cols: usize, seed: u64, opts: &GenOptions, stop: &mut Stop<'_>) -> Result<Generated> {
    if opts.attempts == 0 {
        return Err(Error::InvalidArgument("attempts must be at least 1".into()));
    }
    let cells = rows.saturating_mul(cols);
    let mut thin = Thinner {
        board: board(rows, cols, &vec![-1; cells.min(1 << 20)])?,
        answer: Vec::new(),
        loopy_hard: opts.level == Some(Level::Hard),
    };
    let start = Instant::now();
    let mut budget = Budget::new(stop).with_deadline(opts.time_limit.and_then(|t| start.checked_add(t)));
    let budget = &mut budget;
    let mut rng = Rng::new(seed);
    let deduce = match opts.level {
        None | Some(Level::Search) => Level::Trial,
        Some(l) => l,
    };
    let steps = trial_steps(cells);
    let give_up = |status, attempts| Generated { status, clues: Vec::new(), level: Level::Search, attempts };
    let mut order: Vec<usize> = (0..cells).collect();
    for attempt in 1..=opts.attempts {
        let on = random_loop(&thin.board, &mut rng);
        thin.answer = on.iter().map(|&b| b as u8).collect();
        let full: Vec<i8> = (0..cells)
            .map(|c| thin.board.grid.cell_edges[c].iter().filter(|&&e| on[e as usize]).count() as i8)
            .collect();
        // Adding: from a blank board, clues join in a random order (skipping
        // cells whose sides are all decided already), each propagation
        // continuing from the state the last one reached, until the level
        // decides every edge.
        let add_level = deduce.min(Level::Colour);
        thin.board.clues.fill(-1);
        let added = {
            let Some(mut eng) = Engine::new(&thin.board, thin.rules(add_level)) else { continue };
            let mut ok = eng.run();
            rng.shuffle(&mut order);
            for &cell in &order {
                if !ok || eng.undecided == 0 {
                    break;
                }
                if thin.board.grid.cell_edges[cell].iter().all(|&e| eng.dom[e as usize] != UNK) {
                    continue;
                }
                if checkpoint(steps, budget)? {
                    return Ok(give_up(GenStatus::TimedOut, attempt));
                }
                ok = eng.add_clue(cell as u32, full[cell]) && eng.run();
            }
            eng.clues.clone()
        };
        thin.board.clues.copy_from_slice(&added);
        if !thin.solved_at(deduce) {
            thin.board.clues.copy_from_slice(&full);
            if !thin.solved_at(deduce) {
                continue; // the level is too weak for even the full clues
            }
        }
        // Thinning: every clue in a new random order, removed when the level
        // still decides every edge without it.
        rng.shuffle(&mut order);
        if deduce <= Level::Colour {
            if let Some(status) = thin.thin_continuing(deduce, &order, steps, budget)? {
                return Ok(give_up(status, attempt));
            }
        } else {
            for &cell in &order {
                if thin.board.clues[cell] < 0 {
                    continue;
                }
                if checkpoint(steps, budget)? {
                    return Ok(give_up(GenStatus::TimedOut, attempt));
                }
                let saved = thin.board.clues[cell];
                thin.board.clues[cell] = -1;
                if !thin.solved_at(deduce) {
                    thin.board.clues[cell] = saved;
                }
            }
        }
        if !thin.solved_at(deduce) {
            continue; // cannot happen (a continued state is never stronger than a fresh one); be safe
        }
        if opts.level == Some(Level::Search) {
            rng.shuffle(&mut order);
            for &cell in &order {
                if thin.board.clues[cell] < 0 {
                    continue;
                }
                if checkpoint(steps, budget)? {
                    return Ok(give_up(GenStatus::TimedOut, attempt));
                }
                let saved = thin.board.clues[cell];
                thin.board.clues[cell] = -1;
                // A node limit and the stop, not the deadline: the answer
                // must not depend on the machine's speed.
                let mut search = Budget::new(budget.stop()).with_nodes(Some(opts.search_nodes));
                let out = count(&thin.board, 2, &mut search);
                if search.interrupted() {
                    return Err(Error::Interrupted);
                }
                if !(out.finished && out.solutions.len() == 1) {
                    thin.board.clues[cell] = saved;
                }
            }
            if thin.solved_at(Level::Trial) {
                continue;
            }
            return Ok(Generated {
                status: GenStatus::Found,
                clues: thin.board.clues.clone(),
                level: Level::Search,
                attempts: attempt,
            });
        }
        // The weakest level that solves it.
        let mut level = deduce;
        while let Some(b) = level.below() {
            if !thin.solved_at(b) {
                break;
            }
            level = b;
            if opts.level.is_some() {
                break; // one level below solves it: not the level asked for
            }
        }
        if opts.level.is_some_and(|l| l != level) {
            continue;
        }
        return Ok(Generated { status: GenStatus::Found, clues: thin.board.clues.clone(), level, attempts: attempt });
    }
    Ok(give_up(GenStatus::Exhausted, opts.attempts))
}

/// The checkpoint before one thinning trial: the trial counts as `steps` steps
/// of work for `stop` (so Ctrl-C is asked about at the pace of real work), then
/// the deadline. True when the time budget has run out.
fn checkpoint(steps: usize, budget: &mut Budget<'_, '_>) -> Result<bool> {
    for _ in 0..steps {
        if budget.stop().requested() {
            return Err(Error::Interrupted);
        }
    }
    Ok(budget.past_deadline())
}
