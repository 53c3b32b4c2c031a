//! The Loop engine v1 (contract: docs/loop-v1.md): Slitherlink on n x n with the v1
//! cell / dot / loop rules and the v1 search, reproduced exactly (same
//! fixpoints, same node counts). The Python façade holds the random stream
//! and the generation loop; this module holds the hot parts.

mod bits;
mod check;
mod propagate;
mod solve;

pub use check::closed_component;
pub use propagate::Tables;
pub use propagate::{propagate, Domain};
pub use solve::{solve, solve_until, thin, Search, SolveResult, NODES_PER_POLL, THIN_NODE_LIMIT};

use crate::error::{Error, Result};
use std::borrow::Cow;
use std::sync::OnceLock;

use crate::grid::Grid;

/// Largest n the v1 functions accept: far past what the plain v1 search can
/// finish, small enough that nothing large is ever allocated.
pub const MAX_N: usize = 200;

/// Builds the n x n grid after checking n.
/// Boards up to this size are built once and shared: the generator solves
/// thousands of small boards, and rebuilding the tables each time would cost
/// more than many of the searches.
const CACHED_N: usize = 16;
static GRIDS: [OnceLock<Grid>; CACHED_N + 1] = [const { OnceLock::new() }; CACHED_N + 1];

/// The n x n grid, after checking n.
pub fn grid_for(n: usize) -> Result<Cow<'static, Grid>> {
    if n == 0 {
        return Err(Error::InvalidArgument("n must be at least 1, got 0".into()));
    }
    if n > MAX_N {
        return Err(Error::TooLarge(format!("n = {n} is too large for the Loop engine (at most {MAX_N})")));
    }
    if n <= CACHED_N {
        if let Some(g) = GRIDS[n].get() {
            return Ok(Cow::Borrowed(g));
        }
        let g = Grid::new(n, n)?;
        return Ok(Cow::Borrowed(GRIDS[n].get_or_init(|| g)));
    }
    Ok(Cow::Owned(Grid::new(n, n)?))
}

static TABLES: [OnceLock<Tables>; CACHED_N + 1] = [const { OnceLock::new() }; CACHED_N + 1];

/// The engine's tables for the n x n board, after checking n; built once per
/// size up to `CACHED_N`, like the grids.
pub fn tables_for(n: usize) -> Result<Cow<'static, Tables>> {
    if (1..=CACHED_N).contains(&n) {
        if let Some(t) = TABLES[n].get() {
            return Ok(Cow::Borrowed(t));
        }
    }
    let tables = Tables::new(&*grid_for(n)?);
    if n <= CACHED_N {
        return Ok(Cow::Borrowed(TABLES[n].get_or_init(|| tables)));
    }
    Ok(Cow::Owned(tables))
}

/// Checks a clue list (`-1` = blank, else 0..=4) against the board.
pub(crate) fn check_clues(clues: &[i8], n: usize) -> Result<()> {
    crate::grid::check_cell_clues(clues, n * n, "n*n")
}
