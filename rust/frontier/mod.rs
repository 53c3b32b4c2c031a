//! Frontier counting: exact solution counts of Slitherlink and Country Road
//! boards at any size the state space allows, by dynamic programming over a
//! sweep line (a transfer matrix applied one lattice point at a time).
//!
//! The state is the frontier: for each edge crossing the sweep line, whether
//! the loop uses it and, if so, which other crossing edge the same piece of
//! loop ends at (pieces never cross, so a string of "(" and ")" says it, 2
//! bits a plug). Each puzzle adds what its rules still need to know about
//! the cells behind the line (a clue's top edge, a country's border
//! crossings and used count, a cell's used bit); see [`slither`] and
//! [`country`]. The counts are exact big integers ([`bignum::Nat`]).
//!
//! The sweep ([`sweep`]) stores a layer after every second point, each
//! state as a record (key words, then count limbs) found through a small
//! hashed index. Before a point whose rules read its two incoming plugs
//! only as the pair they form (every Country Road cell; a Slitherlink point
//! unless the cell above-right has a clue), the stored states have those
//! plugs joined ahead of time ([`sweep::canonical_inputs`]: a lone end
//! moves to the left plug, two meeting ends leave the mark 3, "used, takes
//! no more edges"), so that states that differ only in how the point's
//! edges arrive merge: the layer then holds about what a frontier of one
//! mate per column holds, as in GGCount, instead of one per crossing edge.
//!
//! Boards with nothing to check but the loop (a Slitherlink board without a
//! clue, a Country Road board whose every cell is its own unnumbered
//! country) are counted by [`grid`] instead when its table fits the budget:
//! one slot of counts for every balanced frontier string, found by its rank
//! rather than a hash, no key stored, updated in place one point at a time,
//! on `threads` workers. That is GGCount's and FastGridPathCounter's kind of
//! table; its counts stay exact (limbs widened as the counts grow) in one
//! run, where those counters run once per prime modulus. Measured before it
//! was written: a one-limb (wrapping) run of the hash sweep cost as much CPU
//! as the exact widening one (16 x 16 Hamiltonian 2.8 s against 2.5 s; 14 x
//! 14 cells all cycles 2.4 s against 2.6 s), so counting modulo primes, one
//! run each, would have cost two to four times the exact run there. The
//! table's residue passes ([`residue`]: one word a slot, modulo `2^64` and
//! primes below `2^63`, as many as a proven bound on the count needs) were
//! then built and measured the same way: three passes at 18 x 18 points
//! take about twice the exact run's CPU for a third of its memory, so they
//! run only where the exact table would pass 8 GiB.
//!
//! This engine shares nothing with the other counting engines but the board
//! format and `crate::grid`'s clue check.
//!
//! - `limit`: the count returned is `min(true count, limit)`, so a count
//!   equal to `limit` means "at least `limit`" (as with the other engines).
//!   The sweep stops early, returning `limit`, once the counts of states
//!   that are sure to be solutions already reach it (Slitherlink: the loop
//!   is closed and no cell with a positive clue is left to check, so the
//!   one way on, every edge empty, is a solution). Without such states (every
//!   Country Road board, or clues late in the sweep) it runs to the end and
//!   clamps.
//! - `max_states`: the most states one layer may hold. A layer that would
//!   pass it stops the count with [`Error::Capacity`] before memory runs
//!   away. An unclued grid's tables hold every frontier state (Motzkin
//!   numbers of them: without a limit, the folded frontier's two tables,
//!   1.2 million slots 16 points wide, 8.9 million 18 wide, see [`fold`];
//!   with one, the table of `W + 1` plugs, 2.4 and 18.2 million, see
//!   [`grid`]): they are used only when that number is within `max_states`
//!   (it is then the count's `peak_states`; with several threads the folded
//!   passes run side by side only as far as their tables fit it), else the
//!   sweep runs and stores only the states it reaches. A layer keeps its states as dense records (key and count words,
//!   in the order first reached) and an index of 4-byte slots at most 3/4
//!   full; the layer swept and the one built are both in memory. That is
//!   about 135 bytes a state of the largest layer on the 18 x 18
//!   Hamiltonian count (3.6 million states, 490 MB), so the default
//!   ([`DEFAULT_MAX_STATES`], 20 million) stays near 3 GB.
//! - `stop`: asked once per state expanded and every few hundred records
//!   or index lines while a layer is cleared, grown or widened
//!   ([`Error::Interrupted`]).

pub mod bignum;
mod country;
mod fold;
mod given;
mod grid;
mod key;
mod layout;
mod live;
mod residue;
mod slither;
mod sweep;

#[cfg(test)]
mod tests;

pub use bignum::Nat;
pub use slither::MAX_SIDE as SLITHER_MAX_SIDE;
pub use sweep::Count;

use crate::error::{Error, Result};
use crate::interrupt::Stop;
use sweep::Rules;

/// The default state budget of one layer.
pub const DEFAULT_MAX_STATES: usize = 20_000_000;

/// Most worker threads a count takes (the grid table's; more only add
/// contention for the memory one thread already streams).
pub const MAX_THREADS: usize = 256;

/// Largest key the engine builds, in 64-bit words.
const MAX_WORDS: u32 = 16;

fn run_sized<R: Rules>(
    rules: &R,
    bits: u32,
    limit: Option<u64>,
    max_states: usize,
    stop: &mut Stop<'_>,
) -> Result<Count> {
    match bits.div_ceil(64) {
        0 | 1 => sweep::run::<1, R>(rules, limit, max_states, stop),
        2 => sweep::run::<2, R>(rules, limit, max_states, stop),
        3 => sweep::run::<3, R>(rules, limit, max_states, stop),
        4 => sweep::run::<4, R>(rules, limit, max_states, stop),
        5 => sweep::run::<5, R>(rules, limit, max_states, stop),
        6..=8 => sweep::run::<8, R>(rules, limit, max_states, stop),
        9..=MAX_WORDS => sweep::run::<16, R>(rules, limit, max_states, stop),
        words => Err(Error::TooLarge(format!(
            "the frontier state of this board needs {words} words, more than the engine's {MAX_WORDS}"
        ))),
    }
}

/// The forward pass of the backbone sweep with keys of the width `bits` needs.
fn forward_sized<R: sweep::Labelled>(rules: &R, bits: u32) -> Result<Box<dyn live::Sweeping + '_>> {
    Ok(match bits.div_ceil(64) {
        0 | 1 => Box::new(live::Forward::<1, R>::new(rules)),
        2 => Box::new(live::Forward::<2, R>::new(rules)),
        3 => Box::new(live::Forward::<3, R>::new(rules)),
        4 => Box::new(live::Forward::<4, R>::new(rules)),
        5..=8 => Box::new(live::Forward::<8, R>::new(rules)),
        9..=MAX_WORDS => Box::new(live::Forward::<16, R>::new(rules)),
        words => {
            return Err(Error::TooLarge(format!(
                "the frontier state of this board needs {words} words, more than the engine's {MAX_WORDS}"
            )))
        }
    })
}

/// Number of Slitherlink solutions of an R x C board (`clues` row-major, one
/// per cell, `-1` blank, else 0..=4): single closed loops on the grid edges
/// with the clued number of loop edges around every clued cell. With no clue
/// this is OEIS A140517. Sides 1..=100.
pub fn slither_count(
    rows: usize,
    cols: usize,
    clues: &[i8],
    limit: Option<u64>,
    max_states: Option<usize>,
    stop: &mut Stop<'_>,
) -> Result<Count> {
    slither_count_on(rows, cols, clues, limit, max_states, 1, stop)
}

/// [`slither_count`] with `threads` workers for a board without clues
/// (counted over the tables of every frontier state, see [`fold`] and [`grid`]; other
/// boards are swept on one thread). `threads` is at least 1.
pub fn slither_count_on(
    rows: usize,
    cols: usize,
    clues: &[i8],
    limit: Option<u64>,
    max_states: Option<usize>,
    threads: usize,
    stop: &mut Stop<'_>,
) -> Result<Count> {
    let rules = slither::Slither::new(rows, cols, clues, None, None)?;
    let max_states = max_states.unwrap_or(DEFAULT_MAX_STATES);
    if clues.iter().all(|&c| c < 0) {
        // No clue: every cycle on the lattice points, counted over the
        // directly indexed table when it fits the budget.
        if let Some(count) = grid::count(rows + 1, cols + 1, grid::Cycles::All, limit, max_states, threads, stop)? {
            return Ok(count);
        }
    }
    run_sized(&rules, rules.bits, limit, max_states, stop)
}

/// Number of Country Road solutions of an R x C board (`regions` row-major,
/// a country index `0..K` or `-1` for a blocked cell; `numbers` one entry per
/// country). With every cell its own country and no numbers this is the
/// number of Hamiltonian cycles of the grid graph (OEIS A003763 for even
/// sides). Sides 2..=30.
pub fn country_count(
    rows: usize,
    cols: usize,
    regions: &[i32],
    numbers: &[Option<u32>],
    limit: Option<u64>,
    max_states: Option<usize>,
    stop: &mut Stop<'_>,
) -> Result<Count> {
    country_count_given(rows, cols, regions, numbers, None, limit, max_states, 1, stop)
}

/// [`country_count`] with `threads` workers when every cell is its own
/// country and none is numbered (Hamiltonian cycles, counted over the tables
/// of every frontier state, see [`fold`] and [`grid`]; other boards are swept on one
/// thread). `threads` is at least 1.
#[allow(clippy::too_many_arguments, reason = "the board and the count's four controls")]
pub fn country_count_on(
    rows: usize,
    cols: usize,
    regions: &[i32],
    numbers: &[Option<u32>],
    limit: Option<u64>,
    max_states: Option<usize>,
    threads: usize,
    stop: &mut Stop<'_>,
) -> Result<Count> {
    country_count_given(rows, cols, regions, numbers, None, limit, max_states, threads, stop)
}

/// [`country_count`] of the ways to complete `partial`: the sweep keeps
/// every cell and edge it decides. Given a backbone (the setter's verdict),
/// the frontier carries only what the solutions leave open, so the count
/// is the same as the whole board's and its states far fewer.
pub fn country_count_partial(
    partial: CountryPartial<'_>,
    limit: Option<u64>,
    max_states: Option<usize>,
    stop: &mut Stop<'_>,
) -> Result<Count> {
    let CountryPartial { rows, cols, regions, numbers, cells, edges } = partial;
    country_count_given(rows, cols, regions, numbers, Some((cells, edges)), limit, max_states, 1, stop)
}

/// A Country Road board (as for [`country_count`]) with some cells and edges
/// decided: `cells` and `edges` hold 0, 1 or 2 (open) in the layout of the
/// Country Road ladder's states, as [`country_count_deduced`] passes its
/// fixpoint.
#[derive(Clone, Copy)]
pub struct CountryPartial<'a> {
    pub rows: usize,
    pub cols: usize,
    pub regions: &'a [i32],
    pub numbers: &'a [Option<u32>],
    pub cells: &'a [u8],
    pub edges: &'a [u8],
}

impl<'a> CountryPartial<'a> {
    /// The board with `values` decided: a value per cell, then per edge (0,
    /// 1 or 2 open, as a ladder state holds them). Values too few for the
    /// cells leave the cells short, which the sweep's rules refuse.
    pub fn from_values(
        rows: usize,
        cols: usize,
        regions: &'a [i32],
        numbers: &'a [Option<u32>],
        values: &'a [u8],
    ) -> CountryPartial<'a> {
        let (cells, edges) = values.split_at((rows * cols).min(values.len()));
        CountryPartial { rows, cols, regions, numbers, cells, edges }
    }

    /// The sweep's rules for this board and its decisions.
    fn rules(&self) -> Result<country::Country> {
        country::Country::new(self.rows, self.cols, self.regions, self.numbers, Some((self.cells, self.edges)))
    }
}

/// The frontier sweep run forward and back ([`live`]) over the ways to
/// complete a partial Country Road assignment ([`CountryPartial`]): a board's backbone, its witnesses, and what
/// one more number would leave open. [`Error::Capacity`] when a layer would
/// pass `max_states` states or the sweep would keep more than `max_moves`
/// moves (4 bytes each, and 8 bytes a state: its memory).
pub struct CountrySweep {
    rules: country::Country,
    /// None when a one-cell country is numbered other than 1.
    dag: Option<live::Dag>,
    /// The swept board's cells and edges in the board's own numbering: the
    /// sweep may run over the board turned round ([`orientation`]).
    cell_of: Vec<usize>,
    edge_of: Vec<usize>,
}

/// How many ways [`orientation`] offers to lay the board for the sweep.
const ORIENTATIONS: usize = 5;

/// States a layer may hold while [`CountrySweep::new`] first tries each
/// layout alone: most boards fit in the first.
const FIRST_STATES: usize = 1 << 14;

/// Bytes that the layouts under way in [`CountrySweep::new`] may hold in
/// all, per move one of them may keep. A sweep holds about 12 bytes a move
/// (the move's 4, and 8 of tables per state, which has at least one move),
/// so the layouts waiting for their turn hold less than the largest sweep
/// allowed: measured, the race's peak memory on the hardest 15 x 15 draft
/// is within a tenth of a single sweep's (252 MB against 232 MB).
const HELD_PER_MOVE: usize = 8;

/// Way `o` of laying an R x C board for the sweep: as it is (0), turned
/// half round (1: the sweep runs the other way), upside down (2), or, on a
/// square board, mirrored in the main diagonal (3) or the other one (4). Returns the laid
/// board's sides and, per laid cell, the board's cell; None when `o` needs a
/// square board. The number of states a sweep meets depends on where the
/// deduced cells lie along it, by a factor of ten on some 15 x 15 drafts.
fn orientation(rows: usize, cols: usize, o: usize) -> Option<(usize, usize, Vec<usize>)> {
    let map = |f: &dyn Fn(usize, usize) -> usize| (0..rows * cols).map(|i| f(i / cols, i % cols)).collect();
    match o {
        0 => Some((rows, cols, map(&|r, c| r * cols + c))),
        1 => Some((rows, cols, map(&|r, c| (rows - 1 - r) * cols + cols - 1 - c))),
        2 => Some((rows, cols, map(&|r, c| (rows - 1 - r) * cols + c))),
        3 if rows == cols => Some((rows, cols, map(&|r, c| c * cols + r))),
        4 if rows == cols => Some((rows, cols, map(&|r, c| (cols - 1 - c) * cols + rows - 1 - r))),
        _ => None,
    }
}

/// Runs the forward passes of [`CountrySweep::new`] until one is done:
/// its index, or None when every one dropped out (a dropped one is None).
fn race(
    racers: &mut [Option<Box<dyn live::Sweeping + '_>>],
    first: usize,
    max_states: usize,
    max_moves: usize,
    stop: &mut Stop<'_>,
) -> Result<Option<usize>> {
    let mut budget = first.clamp(1, max_states.max(1));
    let max_held = max_moves.saturating_mul(HELD_PER_MOVE);
    // The order of a round: the pass that swept furthest first.
    let mut order: Vec<usize> = (0..racers.len()).collect();
    loop {
        for &i in &order {
            if racers[i].is_none() {
                continue;
            }
            loop {
                let r = racers[i].as_mut().expect("checked above");
                match r.advance(budget, stop) {
                    Ok(()) if r.done() => return Ok(Some(i)),
                    Ok(()) => {}
                    // Left as it was: the next round goes on from here.
                    Err(Error::Capacity(_)) => {
                        r.park();
                        break;
                    }
                    Err(e) => return Err(e),
                }
                if r.kept() > max_moves {
                    // Past the moves allowed on its own.
                    racers[i] = None;
                    break;
                }
                // The others hold at most what a sweep may hold past its
                // own: past that, those that met the largest layers start
                // over (as every layout did each round before they went on
                // where they stopped).
                while racers.iter().flatten().map(|r| r.held()).sum::<usize>() > max_held {
                    let Some((_, j)) = racers
                        .iter()
                        .enumerate()
                        .filter(|&(j, _)| j != i)
                        .filter_map(|(j, r)| r.as_ref().filter(|r| r.swept() > 0).map(|r| (r.layer(), j)))
                        .max()
                    else {
                        break;
                    };
                    racers[j].as_mut().expect("picked among those left").restart();
                }
            }
        }
        if budget >= max_states || racers.iter().all(Option::is_none) {
            return Ok(None);
        }
        budget = budget.saturating_mul(4).min(max_states);
        order.sort_by_key(|&i| std::cmp::Reverse(racers[i].as_ref().map_or(0, |r| r.swept())));
    }
}

/// The edge between adjacent cells `a` and `b` of an R x C board (the
/// numbering of `crate::country`: right links row by row, then down links).
fn edge_between(rows: usize, cols: usize, a: usize, b: usize) -> usize {
    let (a, b) = (a.min(b), a.max(b));
    if b == a + 1 {
        (a / cols) * (cols - 1) + a % cols
    } else {
        rows * (cols - 1) + a
    }
}

/// One more number for a country, as the sweep judges it: the board with
/// `value` in `country` has `count` solutions (1, or 2 for "two or more")
/// and leaves `open` cells and edges open.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CountryScore {
    pub country: usize,
    pub value: u32,
    pub count: u8,
    pub open: u32,
}

/// The board laid out one way for the sweep ([`orientation`]): its rules,
/// and the board's own cell and edge for each of the laid board's.
struct Laid {
    rules: country::Country,
    cell_of: Vec<usize>,
    edge_of: Vec<usize>,
}

impl Laid {
    /// Layout `o` of a valid board (see [`CountrySweep::new`]); None when
    /// that needs a square board.
    fn new(board: CountryPartial<'_>, o: usize) -> Result<Option<Laid>> {
        let CountryPartial { rows, cols, regions, numbers, cells, edges } = board;
        let Some((r2, c2, cell_of)) = orientation(rows, cols, o) else { return Ok(None) };
        let edge_of: Vec<usize> = (0..r2 * (c2 - 1) + (r2 - 1) * c2)
            .map(|e| {
                let (a, b) = if e < r2 * (c2 - 1) {
                    let a = (e / (c2 - 1)) * c2 + e % (c2 - 1);
                    (a, a + 1)
                } else {
                    let a = e - r2 * (c2 - 1);
                    (a, a + c2)
                };
                edge_between(rows, cols, cell_of[a], cell_of[b])
            })
            .collect();
        let laid_regions: Vec<i32> = cell_of.iter().map(|&c| regions[c]).collect();
        let laid_cells: Vec<u8> = cell_of.iter().map(|&c| cells[c]).collect();
        let laid_edges: Vec<u8> = edge_of.iter().map(|&e| edges[e]).collect();
        let rules = country::Country::new(r2, c2, &laid_regions, numbers, Some((&laid_cells, &laid_edges)))?;
        Ok(Some(Laid { rules, cell_of, edge_of }))
    }

    fn sweep(self, dag: Option<live::Dag>) -> CountrySweep {
        CountrySweep { rules: self.rules, dag, cell_of: self.cell_of, edge_of: self.edge_of }
    }
}

impl CountrySweep {
    /// The sweep forward and back, over a layout of the board
    /// ([`orientation`]) that gets through with few states. In rounds, each
    /// layout in turn sweeps on until a layer would pass the round's
    /// states: [`FIRST_STATES`] in the first round, which most boards fit
    /// in the first layout, four times more each round after, up to
    /// `max_states`. A layout goes on where it stopped, never sweeping a
    /// step twice, and each round starts with the one that swept furthest.
    ///
    /// Each layout keeps at most `max_moves` moves (past that it drops
    /// out), and all of them hold at most [`HELD_PER_MOVE`] bytes per move
    /// allowed unless the one sweeping holds more alone: past that, the
    /// others that met the largest layers start over, as every layout did
    /// each round before. [`Error::Capacity`] when none finishes. Which layout finishes changes the witnesses, never
    /// the values or the scores.
    pub fn new(
        board: CountryPartial<'_>,
        max_states: usize,
        max_moves: usize,
        stop: &mut Stop<'_>,
    ) -> Result<CountrySweep> {
        Self::raced(board, FIRST_STATES, max_states, max_moves, stop)
    }

    /// [`CountrySweep::new`] with `first` states a layer in the first round
    /// (the tests make every layout run out of room, round after round).
    pub(crate) fn raced(
        board: CountryPartial<'_>,
        first: usize,
        max_states: usize,
        max_moves: usize,
        stop: &mut Stop<'_>,
    ) -> Result<CountrySweep> {
        // Checks the board and what is decided once, as it is laid out.
        board.rules()?;
        let mut laid = Vec::new();
        for o in 0..ORIENTATIONS {
            laid.extend(Laid::new(board, o)?);
        }
        if laid[0].rules.impossible {
            return Ok(laid.swap_remove(0).sweep(None));
        }
        let (winner, dag) = {
            let mut racers = Vec::with_capacity(laid.len());
            for l in &laid {
                racers.push(Some(forward_sized(&l.rules, l.rules.bits)?));
            }
            match race(&mut racers, first, max_states, max_moves, stop)? {
                Some(i) => {
                    let winner = racers[i].take().expect("the winner is in the race");
                    // The others' tables go before the backward pass needs its own.
                    drop(racers);
                    (i, winner.finish(stop)?)
                }
                None => {
                    return Err(Error::Capacity(format!(
                        "the backbone sweep passed {max_states} states a layer or {max_moves} moves in every layout"
                    )))
                }
            }
        };
        Ok(laid.swap_remove(winner).sweep(Some(dag)))
    }

    /// The sweep over the board laid out as [`orientation`] `o` says (None
    /// when that needs a square board), within `max_states` a layer and
    /// `max_moves`. The board must be valid (see [`CountrySweep::new`]).
    #[cfg(test)]
    pub(crate) fn laid_out(
        board: CountryPartial<'_>,
        o: usize,
        max_states: usize,
        max_moves: usize,
        stop: &mut Stop<'_>,
    ) -> Result<Option<CountrySweep>> {
        let Some(laid) = Laid::new(board, o)? else { return Ok(None) };
        if laid.rules.impossible {
            return Ok(Some(laid.sweep(None)));
        }
        let mut forward = forward_sized(&laid.rules, laid.rules.bits)?;
        while !forward.done() {
            forward.advance(max_states, stop)?;
            if forward.kept() > max_moves {
                return Err(Error::Capacity(format!("the backbone sweep passed {max_moves} moves")));
            }
        }
        let dag = forward.finish(stop)?;
        Ok(Some(laid.sweep(Some(dag))))
    }

    /// Per cell, then per edge: 0 or 1 in every solution, 2 where two
    /// solutions differ (all 2 when there is none).
    pub fn values(&self) -> Vec<u8> {
        let mut values = vec![2u8; self.cell_of.len() + self.edge_of.len()];
        let Some(dag) = self.dag.as_ref().filter(|d| d.any()) else { return values };
        for t in 0..self.rules.steps() {
            for (j, var) in self.vars(t) {
                values[var] = match dag.seen[t] >> (2 * j) & 3 {
                    1 => 0,
                    2 => 1,
                    _ => 2,
                };
            }
        }
        values
    }

    /// The variables (cells then edges, as in [`CountrySweep::values`]) that
    /// step `t` decides, each with its bit in a move's label.
    fn vars(&self, t: usize) -> impl Iterator<Item = (u32, usize)> {
        let (cell, right, down) = self.laid(t);
        let n = self.cell_of.len();
        [(0, Some(cell)), (1, right.map(|e| n + e)), (2, down.map(|e| n + e))]
            .into_iter()
            .filter_map(|(j, v)| v.map(|v| (j, v)))
    }

    /// Step `t`'s cell and right and down edges in the board's numbering.
    fn laid(&self, t: usize) -> (usize, Option<usize>, Option<usize>) {
        let (cell, right, down) = self.rules.vars(t);
        (self.cell_of[cell], right.map(|e| self.edge_of[e]), down.map(|e| self.edge_of[e]))
    }

    /// Up to `want` solutions, one byte 0/1 per edge: none when there is no
    /// solution; else the first, then ones that each differ from every
    /// earlier one.
    pub fn solutions(&self, want: usize, stop: &mut Stop<'_>) -> Result<Vec<Vec<u8>>> {
        let Some(dag) = &self.dag else { return Ok(Vec::new()) };
        let paths = dag.solutions(want, stop)?;
        let mut out = vec![vec![0u8; self.edge_of.len()]; paths.len()];
        for t in 0..self.rules.steps() {
            let (_, right, down) = self.laid(t);
            for (edges, path) in out.iter_mut().zip(&paths) {
                for (j, e) in [(1, right), (2, down)] {
                    if let Some(e) = e {
                        edges[e] = path[t] >> j & 1;
                    }
                }
            }
        }
        Ok(out)
    }

    /// For each country of `countries` (indices into `numbers`, each
    /// unnumbered here), every number it can take in some solution, with the
    /// count and the open cells and edges of the board given that number.
    /// None when a country has more than 63 cells (see [`live::Dag::by_used`]).
    pub fn scores(
        &self,
        regions: &[i32],
        countries: &[usize],
        stop: &mut Stop<'_>,
    ) -> Result<Option<Vec<CountryScore>>> {
        self.scores_by(regions, countries, SCORE_WIDTH, stop)
    }

    /// [`CountrySweep::scores`] with at most `width` countries a pass (the
    /// tests compare widths).
    pub(crate) fn scores_by(
        &self,
        regions: &[i32],
        countries: &[usize],
        width: usize,
        stop: &mut Stop<'_>,
    ) -> Result<Option<Vec<CountryScore>>> {
        let mut out = Vec::new();
        let Some(dag) = self.dag.as_ref().filter(|d| d.any()) else { return Ok(Some(out)) };
        let steps = self.rules.steps();
        let groups: Vec<Vec<bool>> = countries
            .iter()
            .map(|&x| (0..steps).map(|t| usize::try_from(regions[self.laid(t).0]).is_ok_and(|r| r == x)).collect())
            .collect();
        let Some(all) = dag.by_used(&groups, width, stop)? else { return Ok(None) };
        for (&x, by) in countries.iter().zip(&all) {
            // Every solution passes the first step: its totals are all the numbers some solution gives.
            let numbers = by[0][0] | by[0][1];
            for v in (0..64).filter(|&v| numbers >> v & 1 == 1) {
                let open = (0..steps)
                    .flat_map(|t| self.vars(t).map(move |(j, _)| (t, j)))
                    .filter(|&(t, j)| by[t][2 * j as usize] >> v & 1 == 1 && by[t][2 * j as usize + 1] >> v & 1 == 1)
                    .count() as u32;
                out.push(CountryScore { country: x, value: v, count: if open > 0 { 2 } else { 1 }, open });
            }
        }
        Ok(Some(out))
    }
}

/// Countries scored in one pass of the sweep's tables at most (see
/// [`live::Dag::by_used`]).
const SCORE_WIDTH: usize = 8;

#[allow(clippy::too_many_arguments, reason = "the board, what is decided, and the count's four controls")]
fn country_count_given(
    rows: usize,
    cols: usize,
    regions: &[i32],
    numbers: &[Option<u32>],
    given: Option<(&[u8], &[u8])>,
    limit: Option<u64>,
    max_states: Option<usize>,
    threads: usize,
    stop: &mut Stop<'_>,
) -> Result<Count> {
    let rules = country::Country::new(rows, cols, regions, numbers, given)?;
    if rules.impossible {
        return Ok(Count { count: Nat::zero(), peak_states: 0 });
    }
    let max_states = max_states.unwrap_or(DEFAULT_MAX_STATES);
    if given.is_none() && every_cell_a_country(regions, numbers) {
        // Every cell its own country, none numbered: the Hamiltonian cycles
        // of the cells, counted over the directly indexed table when it fits.
        if let Some(count) = grid::count(rows, cols, grid::Cycles::Hamiltonian, limit, max_states, threads, stop)? {
            return Ok(count);
        }
    }
    run_sized(&rules, rules.bits, limit, max_states, stop)
}

/// Whether every cell is a country of its own (none blocked) and no country
/// is numbered: a Country Road loop then passes every cell once.
fn every_cell_a_country(regions: &[i32], numbers: &[Option<u32>]) -> bool {
    let mut seen = vec![false; regions.len()];
    numbers.iter().all(Option::is_none)
        && regions.iter().all(|&r| {
            usize::try_from(r).ok().and_then(|r| seen.get_mut(r)).is_some_and(|s| !std::mem::replace(s, true))
        })
}

/// The reason of a deduced count of a Slitherlink board without clues.
const UNCLUED: &str = "no clue to deduce from: every cycle of the grid counted (over the table of every frontier \
    state when it fits max_states, else by the sweep)";

/// The reason of a deduced count of a Country Road board of one-cell countries.
const SINGLETONS: &str = "every cell its own country, none numbered: the Hamiltonian cycles of the grid counted \
    (over the table of every frontier state when it fits max_states, else by the sweep)";

/// How a deduce-then-sweep count was reached.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Route {
    /// The ladder's fixpoint decided everything: one solution, or none on a
    /// contradiction. No sweep ran.
    Ladder,
    /// The ladder's fixpoint left some edges open; the sweep counted the
    /// ways to complete it (states that contradict a decision are dropped).
    LadderSweep,
    /// The plain sweep over the whole board (deduction off).
    Sweep,
}

impl Route {
    /// The name reported to callers: `"ladder"`, `"ladder+frontier"`, `"frontier"`.
    pub fn name(self) -> &'static str {
        match self {
            Route::Ladder => "ladder",
            Route::LadderSweep => "ladder+frontier",
            Route::Sweep => "frontier",
        }
    }
}

/// A count with the route it took and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deduced {
    pub count: Count,
    pub route: Route,
    /// One sentence: what the ladder decided and what the sweep was left.
    pub reason: String,
}

/// `min(1, limit)` or 0, as a finished count with no sweep.
fn settled(solutions: u64, limit: Option<u64>) -> Count {
    Count { count: Nat::from(limit.map_or(solutions, |l| l.min(solutions))), peak_states: 0 }
}

/// [`slither_count`] after the strongest propagation level (`trial`) has run
/// to its fixpoint: when that decides every edge the count is 1 (or 0 on a
/// contradiction) without a sweep; else the sweep draws exactly the edges
/// decided on and none decided off, so its frontier carries only the open
/// part. `deduce = false` is the plain sweep. The count is the same either
/// way (the ladder's deductions hold in every solution).
///
/// The fixpoint itself is not interruptible (`stop` is asked before and
/// after it); it takes milliseconds on real puzzles.
#[allow(clippy::too_many_arguments, reason = "the board, the route switch, and the count's four controls")]
pub fn slither_count_deduced(
    rows: usize,
    cols: usize,
    clues: &[i8],
    deduce: bool,
    limit: Option<u64>,
    max_states: Option<usize>,
    threads: usize,
    stop: &mut Stop<'_>,
) -> Result<Deduced> {
    // The frontier's own checks first, so that both routes refuse the same boards.
    slither::Slither::new(rows, cols, clues, None, None)?;
    if !deduce {
        let count = slither_count_on(rows, cols, clues, limit, max_states, threads, stop)?;
        return Ok(Deduced { count, route: Route::Sweep, reason: "deduction off: the whole board swept".into() });
    }
    if clues.iter().all(|&c| c < 0) {
        // Nothing to deduce from: every cycle of the grid.
        let count = slither_count_on(rows, cols, clues, limit, max_states, threads, stop)?;
        return Ok(Deduced { count, route: Route::Sweep, reason: UNCLUED.into() });
    }
    // The fixpoint polls the stop itself (Ctrl-C inside the trial level).
    let fixpoint = crate::slither::propagate(rows, cols, clues, crate::slither::Level::Trial, stop);
    let edges = match fixpoint {
        Err(Error::Interrupted) => return Err(Error::Interrupted),
        Err(e) => {
            // A board the ladder does not take (none today): sweep it whole.
            let count = slither_count_on(rows, cols, clues, limit, max_states, threads, stop)?;
            return Ok(Deduced { count, route: Route::Sweep, reason: format!("the ladder refused the board ({e})") });
        }
        Ok(None) => {
            return Ok(Deduced {
                count: settled(0, limit),
                route: Route::Ladder,
                reason: "the trial fixpoint found a contradiction: no solution".into(),
            })
        }
        Ok(Some(edges)) => edges,
    };
    let open = edges.iter().filter(|&&v| v == 2).count();
    if open == 0 {
        // `propagate` checks that a fully decided board is one loop.
        return Ok(Deduced {
            count: settled(1, limit),
            route: Route::Ladder,
            reason: format!("the trial fixpoint decided all {} edges: one loop", edges.len()),
        });
    }
    // Sweep across the direction in which the open part is narrower.
    let (down, across) =
        (slither::open_width(rows, cols, &edges, false), slither::open_width(rows, cols, &edges, true));
    let turn = across < down || (across == down && cols > rows);
    let rules = slither::Slither::new(rows, cols, clues, Some(&edges), Some(turn))?;
    let count = run_sized(&rules, rules.bits, limit, max_states.unwrap_or(DEFAULT_MAX_STATES), stop)?;
    let (along, width) = if turn { ("columns", across.0) } else { ("rows", down.0) };
    Ok(Deduced {
        count,
        route: Route::LadderSweep,
        reason: format!(
            "the trial fixpoint left {open} of {} edges open; the sweep counted them along the {along} (at most {width} open edges a line)",
            edges.len()
        ),
    })
}

/// [`slither_count`] of the ways to complete `given` (one value per edge as
/// `crate::grid` numbers them: 0 off, 1 on, 2 open): the sweep draws exactly
/// the edges given on and none given off, across the direction in which the
/// open part is narrower. A refutation for the setter's backbone proofs,
/// where a depth-first search must exhaust a wide subtree and the sweep
/// merges its states; `max_states` bounds the work ([`Error::Capacity`]).
pub fn slither_count_given(
    rows: usize,
    cols: usize,
    clues: &[i8],
    given: &[u8],
    limit: Option<u64>,
    max_states: usize,
    stop: &mut Stop<'_>,
) -> Result<Count> {
    let edges = (rows + 1) * cols + rows * (cols + 1);
    if given.len() != edges {
        return Err(Error::InvalidArgument(format!("given edges: expected {edges} values, got {}", given.len())));
    }
    let (down, across) = (slither::open_width(rows, cols, given, false), slither::open_width(rows, cols, given, true));
    let turn = across < down || (across == down && cols > rows);
    let rules = slither::Slither::new(rows, cols, clues, Some(given), Some(turn))?;
    run_sized(&rules, rules.bits, limit, max_states, stop)
}

/// The most open edges (value 2 in `given`, numbered as in
/// [`slither_count_given`]) on one line of the sweep that function makes:
/// the width that its state count grows with.
pub fn slither_open_width(rows: usize, cols: usize, given: &[u8]) -> usize {
    if given.len() != (rows + 1) * cols + rows * (cols + 1) {
        return usize::MAX;
    }
    let (down, across) = (slither::open_width(rows, cols, given, false), slither::open_width(rows, cols, given, true));
    if across < down || (across == down && cols > rows) {
        across.0
    } else {
        down.0
    }
}

/// [`country_count`] after every stage of the Country Road ladder has run to
/// its fixpoint, as [`slither_count_deduced`] does for Slitherlink: the sweep
/// keeps the cells and edges the fixpoint decided. The fixpoint asks `stop`.
#[allow(clippy::too_many_arguments, reason = "the board, the route switch, and the count's four controls")]
pub fn country_count_deduced(
    rows: usize,
    cols: usize,
    regions: &[i32],
    numbers: &[Option<u32>],
    deduce: bool,
    limit: Option<u64>,
    max_states: Option<usize>,
    threads: usize,
    stop: &mut Stop<'_>,
) -> Result<Deduced> {
    let rules = country::Country::new(rows, cols, regions, numbers, None)?;
    let plain =
        |stop: &mut Stop<'_>| country_count_given(rows, cols, regions, numbers, None, limit, max_states, threads, stop);
    if rules.impossible {
        return Ok(Deduced {
            count: settled(0, limit),
            route: Route::Sweep,
            reason: "a one-cell country is numbered other than 1: no solution".into(),
        });
    }
    if !deduce {
        return Ok(Deduced {
            count: plain(stop)?,
            route: Route::Sweep,
            reason: "deduction off: the whole board swept".into(),
        });
    }
    if every_cell_a_country(regions, numbers) {
        // Every cell used: the Hamiltonian cycles of the grid.
        return Ok(Deduced { count: plain(stop)?, route: Route::Sweep, reason: SINGLETONS.into() });
    }
    let wide_regions: Vec<i64> = regions.iter().map(|&r| i64::from(r)).collect();
    let wide_numbers: Vec<Option<i64>> = numbers.iter().map(|n| n.map(i64::from)).collect();
    let fixpoint =
        crate::country::ladder_with_stop(rows, cols, &wide_regions, &wide_numbers, &crate::country::STAGE_NAMES, stop);
    let (cells, edges) = match fixpoint {
        Err(Error::Interrupted) => return Err(Error::Interrupted),
        Err(e) => {
            // A board the ladder does not take: sweep it whole.
            return Ok(Deduced {
                count: plain(stop)?,
                route: Route::Sweep,
                reason: format!("the ladder refused the board ({e})"),
            });
        }
        Ok(None) => {
            return Ok(Deduced {
                count: settled(0, limit),
                route: Route::Ladder,
                reason: "the ladder's fixpoint found a contradiction: no solution".into(),
            })
        }
        Ok(Some((cells, edges, _))) => (cells, edges),
    };
    let open = cells.iter().chain(&edges).filter(|&&v| v == 2).count();
    let total = cells.len() + edges.len();
    let count = country_count_given(rows, cols, regions, numbers, Some((&cells, &edges)), limit, max_states, 1, stop)?;
    if open == 0 {
        // Every cell and edge decided: the sweep checks the one candidate
        // (one state a step) rather than trusting the ladder to have
        // checked the loop whole.
        return Ok(Deduced {
            count,
            route: Route::Ladder,
            reason: format!("the ladder's fixpoint decided all {total} cells and edges; the sweep checked that loop"),
        });
    }
    Ok(Deduced {
        count,
        route: Route::LadderSweep,
        reason: format!("the ladder's fixpoint left {open} of {total} cells and edges open; the sweep counted them"),
    })
}
