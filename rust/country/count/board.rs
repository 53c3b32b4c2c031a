//! The board both brute-force engines read: countries per cell and
//! neighbour masks, one bit per cell in a `u64`. The one piece the engines
//! share; every rule is implemented separately in each.

use super::{MAX_BOARD_CELLS, MAX_OPEN_CELLS};
use crate::country::Board;
use crate::error::{Error, Result};

/// A board for the brute-force engines: countries per cell and neighbour
/// masks over cell indices `r * cols + c`.
pub(super) struct MaskBoard {
    pub cols: usize,
    /// Number of cells, blocked ones included.
    pub n: usize,
    /// Country of each cell; `None` for a blocked cell.
    pub country: Vec<Option<usize>>,
    pub numbers: Vec<Option<u32>>,
    /// Mask of the open cells.
    pub open: u64,
    /// Open orthogonal neighbours of each cell.
    pub nb: Vec<u64>,
    /// Cells of each country.
    pub country_cells: Vec<u64>,
}

impl MaskBoard {
    /// The checked board an engine enumerates and its limit (no limit: `u64::MAX`),
    /// or None when the count is 0 before any enumeration: `limit` 0, or fewer
    /// than two countries (a lone country has no border to cross twice, an edge
    /// case settled in docs/country-road.md; with no country no cell can carry
    /// the loop).
    pub(super) fn for_count(
        rows: usize,
        cols: usize,
        regions: &[i64],
        numbers: &[Option<i64>],
        limit: Option<u64>,
        engine: &str,
    ) -> Result<Option<(MaskBoard, u64)>> {
        let board = MaskBoard::new(rows, cols, regions, numbers, engine)?;
        let limit = limit.unwrap_or(u64::MAX);
        Ok((limit > 0 && board.countries() >= 2).then_some((board, limit)))
    }

    /// Checks the board once, as every Country Road function does
    /// ([`Board::new`]), then against the enumeration limits, naming `engine`
    /// in a refusal. Only the countries, numbers and cell adjacency of the
    /// checked board are read: the rules stay the engine's own.
    pub(super) fn new(
        rows: usize,
        cols: usize,
        regions: &[i64],
        numbers: &[Option<i64>],
        engine: &str,
    ) -> Result<MaskBoard> {
        let board = Board::new(rows, cols, regions, numbers)?;
        let n = rows * cols;
        if n > MAX_BOARD_CELLS {
            return Err(Error::TooLarge(format!(
                "counting engine {engine:?} enumerates boards of at most {MAX_BOARD_CELLS} cells, \
                 got {rows} x {cols} = {n}"
            )));
        }
        let open_count = board.country_cells.iter().map(Vec::len).sum::<usize>();
        if open_count > MAX_OPEN_CELLS {
            return Err(Error::TooLarge(format!(
                "counting engine {engine:?} enumerates at most {MAX_OPEN_CELLS} open cells, \
                 this board has {open_count}"
            )));
        }
        let country: Vec<Option<usize>> = board.region.iter().map(|&r| usize::try_from(r).ok()).collect();
        let country_cells: Vec<u64> =
            board.country_cells.iter().map(|cells| cells.iter().fold(0u64, |m, &c| m | 1 << c)).collect();
        let open = country_cells.iter().fold(0u64, |a, &m| a | m);
        let mut nb = vec![0u64; n];
        for (p, mask) in nb.iter_mut().enumerate() {
            if open >> p & 1 == 0 {
                continue;
            }
            for &e in board.cell_edges(p) {
                let q = board.other(e as usize, p);
                *mask |= (open >> q & 1) << q;
            }
        }
        Ok(MaskBoard { cols, n, country, numbers: board.numbers, open, nb, country_cells })
    }

    pub(super) fn countries(&self) -> usize {
        self.numbers.len()
    }
}

/// Iterates the set bits of a mask, lowest first.
pub(super) fn bits(mut m: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if m == 0 {
            None
        } else {
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            Some(i)
        }
    })
}

/// Cells `0..i` as a mask (`i` may be 64).
pub(super) fn below(i: usize) -> u64 {
    if i >= 64 {
        u64::MAX
    } else {
        (1u64 << i) - 1
    }
}
