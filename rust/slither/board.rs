//! Slitherlink's local views of a [`Grid`]: the edges around a lattice point
//! by direction, the four cells around a point, each cell's neighbours with
//! the outside as one extra cell, and each cell's corners.
//!
//! The outside of the board is a single cell `out = rows * cols`: every border
//! edge separates a board cell from it, which makes the inside/outside
//! colouring uniform (an edge is on exactly when its two cells differ).

use crate::error::{Error, Result};
use crate::grid::{Grid, NONE};

/// Largest side accepted by the Slitherlink functions.
pub const MAX_SIDE: usize = 100;

/// Point slots, in the order used by the point state masks.
pub const SLOT_L: usize = 0;
pub const SLOT_R: usize = 1;
pub const SLOT_U: usize = 2;
pub const SLOT_D: usize = 3;

/// For each cell corner (TL, TR, BL, BR): the cell's two edges there (as
/// indices into `[top, bottom, left, right]`) and the slots those edges take
/// at the corner point. At TL the cell is south-east of the point, so its top
/// edge leaves the point to the right and its left edge leaves downwards.
pub const CORNER_EDGES: [[usize; 2]; 4] = [[0, 2], [0, 3], [1, 2], [1, 3]];
pub const CORNER_SLOTS: [[usize; 2]; 4] = [[SLOT_R, SLOT_D], [SLOT_L, SLOT_D], [SLOT_R, SLOT_U], [SLOT_L, SLOT_U]];

pub struct Board {
    pub grid: Grid,
    /// -1 = blank, else 0..=4.
    pub clues: Vec<i8>,
    /// The outside cell.
    pub out: u32,
    /// Edge at each point by slot `[L, R, U, D]`; `NONE` where the board ends.
    pub point_slots: Vec<[u32; 4]>,
    /// Cells around each point `[NW, NE, SW, SE]`, `out` off the board.
    pub point_cells: Vec<[u32; 4]>,
    /// Cell across each side `[top, bottom, left, right]`, `out` off the board.
    pub cell_nbrs: Vec<[u32; 4]>,
    /// Corner points `[TL, TR, BL, BR]` of each cell.
    pub cell_corners: Vec<[u32; 4]>,
    /// The two cells of each edge (above/left first), `out` off the board.
    pub edge_cells: Vec<[u32; 2]>,
    /// The slot of each edge at its two points (first point, second point).
    pub edge_slots: Vec<[u8; 2]>,
    /// Per row of cells, bit c set when cell (r, c) has a positive clue (for
    /// the connectivity check's bit rows; `MAX_SIDE` fits in 128 bits).
    pub positive_rows: Vec<u128>,
}

/// Checks the size and the clue list, then builds the tables.
pub fn board(rows: usize, cols: usize, clues: &[i8]) -> Result<Board> {
    if rows == 0 || cols == 0 {
        return Err(Error::InvalidArgument(format!("board size must be at least 1 x 1, got {rows} x {cols}")));
    }
    if rows > MAX_SIDE || cols > MAX_SIDE {
        return Err(Error::TooLarge(format!(
            "Slitherlink board {rows} x {cols} is too large (at most {MAX_SIDE} x {MAX_SIDE})"
        )));
    }
    crate::grid::check_cell_clues(clues, rows * cols, "rows*cols")?;
    let grid = Grid::new(rows, cols)?;
    let out = (rows * cols) as u32;
    let cell = |r: isize, c: isize| -> u32 {
        if r >= 0 && c >= 0 && (r as usize) < rows && (c as usize) < cols {
            (r as usize * cols + c as usize) as u32
        } else {
            out
        }
    };
    let mut point_slots = Vec::with_capacity(grid.num_points());
    let mut point_cells = Vec::with_capacity(grid.num_points());
    for r in 0..=rows {
        for c in 0..=cols {
            point_slots.push([
                if c > 0 { grid.h(r, c - 1) as u32 } else { NONE },
                if c < cols { grid.h(r, c) as u32 } else { NONE },
                if r > 0 { grid.v(r - 1, c) as u32 } else { NONE },
                if r < rows { grid.v(r, c) as u32 } else { NONE },
            ]);
            let (ri, ci) = (r as isize, c as isize);
            point_cells.push([cell(ri - 1, ci - 1), cell(ri - 1, ci), cell(ri, ci - 1), cell(ri, ci)]);
        }
    }
    let mut cell_nbrs = Vec::with_capacity(rows * cols);
    let mut cell_corners = Vec::with_capacity(rows * cols);
    for r in 0..rows {
        for c in 0..cols {
            let (ri, ci) = (r as isize, c as isize);
            cell_nbrs.push([cell(ri - 1, ci), cell(ri + 1, ci), cell(ri, ci - 1), cell(ri, ci + 1)]);
            cell_corners.push(
                [grid.point(r, c), grid.point(r, c + 1), grid.point(r + 1, c), grid.point(r + 1, c + 1)]
                    .map(|p| p as u32),
            );
        }
    }
    let edge_cells = grid.edge_cells.iter().map(|cs| cs.map(|c| if c == NONE { out } else { c })).collect();
    let mut edge_slots = vec![[0u8; 2]; grid.num_edges()];
    for (e, slots) in edge_slots.iter_mut().enumerate() {
        for (i, &p) in grid.edge_points[e].iter().enumerate() {
            slots[i] = point_slots[p as usize].iter().position(|&x| x == e as u32).expect("edge at its point") as u8;
        }
    }
    let mut positive_rows = vec![0u128; rows];
    for (i, &clue) in clues.iter().enumerate() {
        if clue > 0 {
            positive_rows[i / cols] |= 1 << (i % cols);
        }
    }
    Ok(Board {
        grid,
        clues: clues.to_vec(),
        out,
        point_slots,
        point_cells,
        cell_nbrs,
        cell_corners,
        edge_cells,
        edge_slots,
        positive_rows,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corner_tables_agree_with_the_grid() {
        let b = board(3, 4, &[-1; 12]).unwrap();
        for cell in 0..12 {
            let edges = b.grid.cell_edges[cell];
            for k in 0..4 {
                let p = b.cell_corners[cell][k] as usize;
                for i in 0..2 {
                    assert_eq!(b.point_slots[p][CORNER_SLOTS[k][i]], edges[CORNER_EDGES[k][i]]);
                }
            }
            for (side, &e) in edges.iter().enumerate() {
                let e = e as usize;
                let other = b.cell_nbrs[cell][side];
                let mut pair = b.edge_cells[e];
                pair.sort();
                let mut want = [cell as u32, other];
                want.sort();
                assert_eq!(pair, want);
            }
        }
    }

    #[test]
    fn sizes_and_clues_are_checked() {
        assert!(matches!(board(0, 3, &[]), Err(Error::InvalidArgument(_))));
        assert!(matches!(board(101, 3, &[-1; 303]), Err(Error::TooLarge(_))));
        assert!(board(2, 2, &[-1; 3]).is_err());
        assert!(board(1, 1, &[5]).is_err());
    }
}
