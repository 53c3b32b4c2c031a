//! The board both brute-force engines read: countries per cell and
//! neighbour masks, one bit per cell in a `u64`. The one piece the engines
//! share; every rule is implemented separately in each.

use super::{MAX_BOARD_CELLS, MAX_OPEN_CELLS};
use crate::error::{Error, Result};
use crate::grid::Grid;

/// Largest side of a Country Road board (the shared contract).
const MAX_SIDE: usize = 30;

/// A validated board for the brute-force engines: countries per cell and
/// neighbour masks over cell indices `r * cols + c`.
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
    /// Checks the board against the shared contract and the enumeration
    /// limits, naming `engine` in a refusal.
    pub(super) fn parse(
        rows: usize,
        cols: usize,
        regions: &[i32],
        numbers: &[Option<u32>],
        engine: &str,
    ) -> Result<MaskBoard> {
        if rows < 2 || cols < 2 {
            return Err(Error::InvalidArgument(format!(
                "a Country Road board needs at least 2 rows and 2 columns, got {rows} x {cols}"
            )));
        }
        if rows > MAX_SIDE || cols > MAX_SIDE {
            return Err(Error::TooLarge(format!(
                "a Country Road board has at most {MAX_SIDE} rows and columns, got {rows} x {cols}"
            )));
        }
        let n = rows * cols;
        if n > MAX_BOARD_CELLS {
            return Err(Error::TooLarge(format!(
                "counting engine {engine:?} enumerates boards of at most {MAX_BOARD_CELLS} cells, \
                 got {rows} x {cols} = {n}"
            )));
        }
        if regions.len() != n {
            return Err(Error::InvalidArgument(format!(
                "regions has {} entries, expected rows * cols = {n}",
                regions.len()
            )));
        }
        let k = numbers.len();
        let mut country = Vec::with_capacity(n);
        let mut country_cells = vec![0u64; k];
        for (i, &r) in regions.iter().enumerate() {
            if r == -1 {
                country.push(None);
            } else if r >= 0 && (r as usize) < k {
                country.push(Some(r as usize));
                country_cells[r as usize] |= 1 << i;
            } else {
                return Err(Error::InvalidArgument(format!(
                    "regions[{i}] = {r} is not -1 (blocked) or a country index 0..{k} \
                     (numbers has {k} entries)"
                )));
            }
        }
        for (c, (&cells, &num)) in country_cells.iter().zip(numbers).enumerate() {
            if cells == 0 {
                return Err(Error::InvalidArgument(format!("country {c} has no cell")));
            }
            if let Some(m) = num {
                if m > cells.count_ones() {
                    return Err(Error::InvalidArgument(format!(
                        "number {m} of country {c} is larger than its {} cells",
                        cells.count_ones()
                    )));
                }
            }
        }
        let open = country_cells.iter().fold(0u64, |a, &m| a | m);
        let open_count = open.count_ones() as usize;
        if open_count > MAX_OPEN_CELLS {
            return Err(Error::TooLarge(format!(
                "counting engine {engine:?} enumerates at most {MAX_OPEN_CELLS} open cells, \
                 this board has {open_count}"
            )));
        }
        // The cells are the lattice points of an x (C-1) grid, and two
        // cells are neighbours when a grid edge joins their points.
        let grid = Grid::new(rows - 1, cols - 1)?;
        let mut nb = vec![0u64; n];
        for (p, mask) in nb.iter_mut().enumerate() {
            if open >> p & 1 == 0 {
                continue;
            }
            for &e in grid.edges_at(p) {
                let [a, b] = grid.edge_points[e as usize];
                let q = if a as usize == p { b } else { a } as usize;
                *mask |= (open >> q & 1) << q;
            }
        }
        Ok(MaskBoard { cols, n, country, numbers: numbers.to_vec(), open, nb, country_cells })
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
