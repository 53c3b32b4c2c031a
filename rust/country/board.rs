//! A validated Country Road board: countries, numbers, and the cell-to-cell
//! edges classified once (inside a country, across a border, or touching a
//! blocked cell), so that the ladder only indexes.

use crate::error::{Error, Result};
use crate::grid::Grid;
use crate::invalid;

/// Largest side accepted: boards are at most 30 x 30.
pub const MAX_SIDE: usize = 30;

/// What lies across a cell-to-cell edge.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EdgeKind {
    /// Both cells in the same country.
    Inside,
    /// Cells in two different countries; the payload is the border index.
    Border(u32),
    /// At least one blocked cell: the edge is never used.
    Blocked,
}

#[derive(Debug, Clone)]
pub struct Board {
    pub rows: usize,
    pub cols: usize,
    /// Cells are the lattice points of this grid; edges are its edges.
    pub grid: Grid,
    /// Country of each cell, -1 for a blocked cell.
    pub region: Vec<i32>,
    /// Number printed in each country, if any.
    pub numbers: Vec<Option<u32>>,
    /// Cells of each country, row-major.
    pub country_cells: Vec<Vec<u32>>,
    /// Edges of each country that cross its border.
    pub country_border_edges: Vec<Vec<u32>>,
    /// Sorted pairs (a, b), a < b, of countries sharing a border.
    pub borders: Vec<(u32, u32)>,
    /// Edges of each border.
    pub border_edges: Vec<Vec<u32>>,
    pub edge_kind: Vec<EdgeKind>,
}

impl Board {
    pub fn new(rows: usize, cols: usize, regions: &[i64], numbers: &[Option<i64>]) -> Result<Board> {
        if rows < 2 || cols < 2 {
            return Err(invalid!("a Country Road board needs at least 2 rows and 2 columns, got {rows} x {cols}"));
        }
        if rows > MAX_SIDE || cols > MAX_SIDE {
            return Err(Error::TooLarge(format!(
                "Country Road board {rows} x {cols} is too large (at most {MAX_SIDE} x {MAX_SIDE})"
            )));
        }
        let n = rows * cols;
        if regions.len() != n {
            return Err(invalid!("regions has {} entries, expected {n} for a {rows} x {cols} board", regions.len()));
        }
        let k = numbers.len();
        if k > n {
            return Err(invalid!("numbers has {k} entries but the board has only {n} cells"));
        }
        let mut region = Vec::with_capacity(n);
        let mut country_cells: Vec<Vec<u32>> = vec![Vec::new(); k];
        for (i, &r) in regions.iter().enumerate() {
            if r < -1 || r >= k as i64 {
                return Err(invalid!("regions[{i}] = {r} is neither -1 (blocked) nor a country index below {k}"));
            }
            region.push(r as i32);
            if r >= 0 {
                country_cells[r as usize].push(i as u32);
            }
        }
        for (c, cells) in country_cells.iter().enumerate() {
            if cells.is_empty() {
                return Err(invalid!("country {c} has no cell"));
            }
        }
        let nums = checked_numbers(&country_cells, numbers)?;
        let grid = Grid::new(rows - 1, cols - 1)?;
        let ne = grid.num_edges();
        let mut pairs: Vec<(u32, u32)> = Vec::new();
        for e in 0..ne {
            let [a, b] = grid.edge_points[e];
            let (ra, rb) = (region[a as usize], region[b as usize]);
            if ra >= 0 && rb >= 0 && ra != rb {
                pairs.push((ra.min(rb) as u32, ra.max(rb) as u32));
            }
        }
        pairs.sort_unstable();
        pairs.dedup();
        let mut border_edges = vec![Vec::new(); pairs.len()];
        let mut country_border_edges = vec![Vec::new(); k];
        let mut edge_kind = Vec::with_capacity(ne);
        for e in 0..ne {
            let [a, b] = grid.edge_points[e];
            let (ra, rb) = (region[a as usize], region[b as usize]);
            let kind = if ra < 0 || rb < 0 {
                EdgeKind::Blocked
            } else if ra == rb {
                EdgeKind::Inside
            } else {
                let p = (ra.min(rb) as u32, ra.max(rb) as u32);
                let idx = pairs.binary_search(&p).expect("pair listed above");
                border_edges[idx].push(e as u32);
                country_border_edges[ra as usize].push(e as u32);
                country_border_edges[rb as usize].push(e as u32);
                EdgeKind::Border(idx as u32)
            };
            edge_kind.push(kind);
        }
        Ok(Board {
            rows,
            cols,
            grid,
            region,
            numbers: nums,
            country_cells,
            country_border_edges,
            borders: pairs,
            border_edges,
            edge_kind,
        })
    }

    /// The same map with another set of numbers (one entry per country),
    /// checked as [`Board::new`] checks them; the geometry is copied, not rebuilt.
    pub fn with_numbers(&self, numbers: &[Option<i64>]) -> Result<Board> {
        if numbers.len() != self.num_countries() {
            return Err(invalid!(
                "numbers has {} entries, expected one per country ({})",
                numbers.len(),
                self.num_countries()
            ));
        }
        let numbers = checked_numbers(&self.country_cells, numbers)?;
        Ok(Board { numbers, ..self.clone() })
    }

    #[inline]
    pub fn num_cells(&self) -> usize {
        self.rows * self.cols
    }
    #[inline]
    pub fn num_edges(&self) -> usize {
        self.grid.num_edges()
    }
    #[inline]
    pub fn num_countries(&self) -> usize {
        self.country_cells.len()
    }
    /// The edges at a cell (2 to 4).
    #[inline]
    pub fn cell_edges(&self, cell: usize) -> &[u32] {
        self.grid.edges_at(cell)
    }
    /// The two cells of an edge.
    #[inline]
    pub fn edge_cells(&self, e: usize) -> [u32; 2] {
        self.grid.edge_points[e]
    }
    /// The cell across edge `e` from `cell`.
    #[inline]
    pub fn other(&self, e: usize, cell: usize) -> usize {
        let [a, b] = self.grid.edge_points[e];
        (if a as usize == cell { b } else { a }) as usize
    }
    /// Whether two cells are in different countries (blocked cells excluded).
    #[inline]
    pub fn is_border(&self, e: usize) -> bool {
        matches!(self.edge_kind[e], EdgeKind::Border(_))
    }
}

/// The numbers as the board keeps them: each between 0 and its country's size.
fn checked_numbers(country_cells: &[Vec<u32>], numbers: &[Option<i64>]) -> Result<Vec<Option<u32>>> {
    let mut nums = Vec::with_capacity(numbers.len());
    for (c, &x) in numbers.iter().enumerate() {
        match x {
            None => nums.push(None),
            // 0 is accepted (such a board simply has no solution: every
            // country is visited).
            Some(v) if v < 0 => return Err(invalid!("number {v} of country {c} is negative")),
            Some(v) if v as usize <= country_cells[c].len() => nums.push(Some(v as u32)),
            Some(v) => {
                return Err(invalid!("number {v} of country {c} is larger than its {} cells", country_cells[c].len()))
            }
        }
    }
    Ok(nums)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edges_are_classified() {
        // 2 x 3: countries 0 0 1 / 2 -1 1
        let b = Board::new(2, 3, &[0, 0, 1, 2, -1, 1], &[None, Some(2), None]).unwrap();
        assert_eq!(b.num_edges(), 2 * 2 + 3);
        assert_eq!(b.borders, vec![(0, 1), (0, 2)]);
        assert_eq!(b.edge_kind[0], EdgeKind::Inside); // (0,0)-(0,1)
        assert_eq!(b.edge_kind[1], EdgeKind::Border(0)); // (0,1)-(0,2)
        assert_eq!(b.edge_kind[4], EdgeKind::Border(1)); // (0,0)-(1,0)
        assert_eq!(b.edge_kind[5], EdgeKind::Blocked); // (0,1)-(1,1)
        assert_eq!(b.edge_kind[6], EdgeKind::Inside); // (0,2)-(1,2)
    }

    #[test]
    fn bad_boards_are_refused() {
        assert!(Board::new(1, 3, &[0, 0, 0], &[None]).is_err());
        assert!(Board::new(2, 2, &[0, 0, 0], &[None]).is_err());
        assert!(Board::new(2, 2, &[0, 0, 0, 2], &[None, None]).is_err());
        assert!(Board::new(2, 2, &[0, 0, 0, 1], &[Some(4), None]).is_err());
        assert!(Board::new(2, 2, &[0, 0, 0, 0], &[None, None]).is_err());
        assert!(matches!(Board::new(31, 2, &[0; 62], &[None]), Err(Error::TooLarge(_))));
    }
}
