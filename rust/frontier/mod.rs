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
//!   away. A layer keeps its states as dense records (key and count words,
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
mod key;
mod layout;
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
    let rules = slither::Slither::new(rows, cols, clues)?;
    run_sized(&rules, rules.bits, limit, max_states.unwrap_or(DEFAULT_MAX_STATES), stop)
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
    let rules = country::Country::new(rows, cols, regions, numbers)?;
    if rules.impossible {
        return Ok(Count { count: Nat::zero(), peak_states: 0 });
    }
    run_sized(&rules, rules.bits, limit, max_states.unwrap_or(DEFAULT_MAX_STATES), stop)
}
