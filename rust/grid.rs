//! Geometry of an R x C board of cells drawn on an (R+1) x (C+1) lattice.
//!
//! The numbering is the one of the Loop engine v1 (docs/loop-v1.md), for any
//! R x C: horizontal edges first, `H(r, c) = r*C + c` (top side of cell
//! (r, c)), then vertical edges `V(r, c) = (R+1)*C + r*(C+1) + c` (left side of
//! cell (r, c)). Lattice points are `r*(C+1) + c`, cells `r*C + c`.
//!
//! Tables are precomputed once per board so that the hot loops only index.

use crate::error::{Error, Result};

/// Largest side accepted by any board in the crate; larger boards are refused
/// before anything is allocated.
pub const MAX_SIDE: usize = 1000;
/// Largest cell count accepted by any board in the crate.
pub const MAX_CELLS: usize = 250_000;

/// Marker for "no such edge / cell" in the fixed-size tables.
pub const NONE: u32 = u32::MAX;

#[derive(Debug, Clone)]
pub struct Grid {
    pub rows: usize,
    pub cols: usize,
    pub num_h: usize,
    pub num_v: usize,
    /// `[top, bottom, left, right]` edge of each cell.
    pub cell_edges: Vec<[u32; 4]>,
    /// Edges at each lattice point in the v1 order `H(r,c-1), H(r,c), V(r-1,c), V(r,c)`;
    /// missing ones are `NONE` and always at the end.
    pub point_edges: Vec<[u32; 4]>,
    /// Number of edges at each point (2, 3 or 4).
    pub point_degree: Vec<u8>,
    /// The two lattice points of each edge (left then right, top then bottom).
    pub edge_points: Vec<[u32; 2]>,
    /// The cells on the two sides of each edge (above/left first); `NONE` off the board.
    pub edge_cells: Vec<[u32; 2]>,
}

/// Checks a board size against the crate-wide limits, before allocating.
pub fn check_size(rows: usize, cols: usize) -> Result<()> {
    if rows == 0 || cols == 0 {
        return Err(Error::InvalidArgument(format!("board size must be at least 1 x 1, got {rows} x {cols}")));
    }
    if rows > MAX_SIDE || cols > MAX_SIDE || rows * cols > MAX_CELLS {
        return Err(Error::TooLarge(format!(
            "board size {rows} x {cols} is too large (at most {MAX_SIDE} per side and {MAX_CELLS} cells)"
        )));
    }
    Ok(())
}

/// Checks a Slitherlink-style clue list: one entry per cell, `-1` for a
/// blank, else 0..=4. `shape` names the expected length in the message
/// (such as "n*n" or "rows*cols").
pub fn check_cell_clues(clues: &[i8], cells: usize, shape: &str) -> Result<()> {
    if clues.len() != cells {
        return Err(Error::InvalidArgument(format!("clues must have {shape} = {cells} entries, got {}", clues.len())));
    }
    // Every clue tested without stopping at the first bad one, which the
    // compiler turns into a few wide comparisons (this runs once per
    // search, and most searches are short); the bad one is found after.
    if clues.iter().fold(true, |ok, &c| ok & (-1..=4).contains(&c)) {
        return Ok(());
    }
    if let Some((i, &c)) = clues.iter().enumerate().find(|(_, &c)| !(-1..=4).contains(&c)) {
        return Err(Error::InvalidArgument(format!("clue {c} at cell {i} is outside 0..4")));
    }
    Ok(())
}

impl Grid {
    pub fn new(rows: usize, cols: usize) -> Result<Grid> {
        check_size(rows, cols)?;
        let num_h = (rows + 1) * cols;
        let num_v = rows * (cols + 1);
        let mut g = Grid {
            rows,
            cols,
            num_h,
            num_v,
            cell_edges: Vec::with_capacity(rows * cols),
            point_edges: Vec::with_capacity((rows + 1) * (cols + 1)),
            point_degree: Vec::with_capacity((rows + 1) * (cols + 1)),
            edge_points: Vec::with_capacity(num_h + num_v),
            edge_cells: Vec::with_capacity(num_h + num_v),
        };
        for r in 0..rows {
            for c in 0..cols {
                g.cell_edges.push([g.h(r, c), g.h(r + 1, c), g.v(r, c), g.v(r, c + 1)].map(|e| e as u32));
            }
        }
        for r in 0..=rows {
            for c in 0..=cols {
                let mut list = [NONE; 4];
                let mut k = 0;
                let mut push = |e: usize| {
                    list[k] = e as u32;
                    k += 1;
                };
                if c > 0 {
                    push(g.h(r, c - 1));
                }
                if c < cols {
                    push(g.h(r, c));
                }
                if r > 0 {
                    push(g.v(r - 1, c));
                }
                if r < rows {
                    push(g.v(r, c));
                }
                g.point_edges.push(list);
                g.point_degree.push(k as u8);
            }
        }
        let cell = |r: isize, c: isize| -> u32 {
            if r >= 0 && c >= 0 && (r as usize) < rows && (c as usize) < cols {
                (r as usize * cols + c as usize) as u32
            } else {
                NONE
            }
        };
        for e in 0..num_h {
            let (r, c) = (e / cols, e % cols);
            g.edge_points.push([g.point(r, c) as u32, g.point(r, c + 1) as u32]);
            g.edge_cells.push([cell(r as isize - 1, c as isize), cell(r as isize, c as isize)]);
        }
        for k in 0..num_v {
            let (r, c) = (k / (cols + 1), k % (cols + 1));
            g.edge_points.push([g.point(r, c) as u32, g.point(r + 1, c) as u32]);
            g.edge_cells.push([cell(r as isize, c as isize - 1), cell(r as isize, c as isize)]);
        }
        Ok(g)
    }

    #[inline]
    pub fn num_edges(&self) -> usize {
        self.num_h + self.num_v
    }
    #[inline]
    pub fn num_cells(&self) -> usize {
        self.rows * self.cols
    }
    #[inline]
    pub fn num_points(&self) -> usize {
        (self.rows + 1) * (self.cols + 1)
    }
    /// Top side of cell (r, c); r in 0..=rows.
    #[inline]
    pub fn h(&self, r: usize, c: usize) -> usize {
        r * self.cols + c
    }
    /// Left side of cell (r, c); c in 0..=cols.
    #[inline]
    pub fn v(&self, r: usize, c: usize) -> usize {
        self.num_h + r * (self.cols + 1) + c
    }
    #[inline]
    pub fn point(&self, r: usize, c: usize) -> usize {
        r * (self.cols + 1) + c
    }
    /// The existing edges at a point, in v1 order.
    #[inline]
    pub fn edges_at(&self, p: usize) -> &[u32] {
        &self.point_edges[p][..self.point_degree[p] as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbering_matches_v1() {
        let g = Grid::new(4, 4).unwrap();
        assert_eq!(g.num_h, 20);
        assert_eq!(g.num_edges(), 40);
        assert_eq!(g.cell_edges[0], [0, 4, 20, 21]);
        // Corner point (0,0): H(0,0) and V(0,0) only.
        assert_eq!(g.edges_at(0), &[0, 20]);
        // Inner point (1,1): H(1,0), H(1,1), V(0,1), V(1,1).
        assert_eq!(g.edges_at(g.point(1, 1)), &[4, 5, 21, 26]);
        assert_eq!(g.edge_points[g.v(1, 0)], [5, 10]);
    }

    #[test]
    fn every_edge_touches_its_points_and_cells() {
        let g = Grid::new(3, 5).unwrap();
        for e in 0..g.num_edges() {
            for p in g.edge_points[e] {
                assert!(g.edges_at(p as usize).contains(&(e as u32)));
            }
            for c in g.edge_cells[e] {
                if c != NONE {
                    assert!(g.cell_edges[c as usize].contains(&(e as u32)));
                }
            }
        }
    }

    #[test]
    fn sizes_are_refused_before_allocating() {
        assert!(matches!(Grid::new(0, 3), Err(Error::InvalidArgument(_))));
        assert!(matches!(Grid::new(1_000_000, 1_000_000), Err(Error::TooLarge(_))));
    }
}
