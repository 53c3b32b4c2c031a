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
    /// Per edge, the unit squares of cells on its two sides (None past the
    /// rim): for each, its two other cells and three other edges. The reach
    /// rule uses them to tell when a removal cannot change its answer
    /// (`stages::keeps_reach`).
    pub edge_squares: Vec<[Option<Square>; 2]>,
    /// Per cell, the ring of its neighbours (see [`Ring`]).
    pub cell_rings: Vec<Ring>,
    /// Per cell, `(edge, cell across it)` for its edges in `cell_edges`
    /// order (the first `cell_edges(c).len()` entries): the walks and
    /// floods of the stages read both at once.
    links: Vec<[(u32, u32); 4]>,
}

/// The cells around a cell, in order round it (N, NE, E, SE, S, SW, W,
/// NW), and the edges joining consecutive ones (edge `i` joins cell `i` and
/// cell `i + 1 mod 8`); [`Ring::NONE`] past the rim, where the ring is an
/// arc.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ring {
    pub cells: [u32; 8],
    pub edges: [u32; 8],
}

impl Ring {
    /// A position or edge past the rim.
    pub const NONE: u32 = u32::MAX;

    /// All eight neighbours on the board: the ring is a cycle.
    pub fn is_whole(&self) -> bool {
        self.cells.iter().all(|&c| c != Ring::NONE)
    }
}

/// The rest of a unit square of cells around one of its edges: two cells,
/// three edges.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Square {
    pub cells: [u32; 2],
    pub edges: [u32; 3],
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
        let links = (0..n)
            .map(|c| {
                let mut l = [(u32::MAX, u32::MAX); 4];
                for (i, &e) in grid.edges_at(c).iter().enumerate() {
                    let [a, b] = grid.edge_points[e as usize];
                    l[i] = (e, if a as usize == c { b } else { a });
                }
                l
            })
            .collect();
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
            edge_squares: edge_squares(rows, cols),
            cell_rings: cell_rings(rows, cols),
            links,
        })
    }

    /// The same map with another set of numbers (one entry per country),
    /// checked as [`Board::new`] checks them; the geometry is copied, not rebuilt.
    pub fn with_numbers(&self, numbers: &[Option<i64>]) -> Result<Board> {
        Ok(self.with_checked_numbers(self.check_numbers(numbers)?))
    }

    /// [`Board::with_numbers`] with numbers [`Board::check_numbers`] gave.
    pub fn with_checked_numbers(&self, numbers: Vec<Option<u32>>) -> Board {
        Board { numbers, ..self.clone() }
    }

    /// Another set of numbers for this map (one entry per country), checked
    /// as [`Board::new`] checks them, in the board's form.
    pub fn check_numbers(&self, numbers: &[Option<i64>]) -> Result<Vec<Option<u32>>> {
        if numbers.len() != self.num_countries() {
            return Err(invalid!(
                "numbers has {} entries, expected one per country ({})",
                numbers.len(),
                self.num_countries()
            ));
        }
        checked_numbers(&self.country_cells, numbers)
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
    /// `(edge, cell across it)` for each edge at `cell`, as [`Board::cell_edges`].
    #[inline]
    pub fn links(&self, cell: usize) -> &[(u32, u32)] {
        &self.links[cell][..self.grid.point_degree[cell] as usize]
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

/// Cell-to-cell geometry for the squares and rings: cells `r * cols + c`,
/// edges numbered as in `country/mod.rs`.
struct Lattice {
    rows: usize,
    cols: usize,
}

impl Lattice {
    /// The cell at `(r + dr, c + dc)`, if on the board.
    fn cell(&self, r: usize, c: usize, dr: isize, dc: isize) -> Option<u32> {
        let (r, c) = (r.checked_add_signed(dr)?, c.checked_add_signed(dc)?);
        (r < self.rows && c < self.cols).then_some((r * self.cols + c) as u32)
    }

    /// The edge between orthogonal neighbours `a` and `b`.
    fn edge(&self, a: u32, b: u32) -> u32 {
        let (a, b) = (a.min(b) as usize, a.max(b) as usize);
        if b == a + 1 {
            (a - a / self.cols) as u32
        } else {
            (self.rows * (self.cols - 1) + a) as u32
        }
    }
}

/// The unit squares beside each edge (none, one on the rim, or two).
fn edge_squares(rows: usize, cols: usize) -> Vec<[Option<Square>; 2]> {
    let l = Lattice { rows, cols };
    let mut out = Vec::with_capacity(rows * (cols - 1) + (rows - 1) * cols);
    // Right edges, squares above and below; then down edges, left and right.
    let right = (0..rows).flat_map(|r| (0..cols - 1).map(move |c| (r, c, 0, 1, [(-1, 0), (1, 0)])));
    let down = (0..rows - 1).flat_map(|r| (0..cols).map(move |c| (r, c, 1, 0, [(0, -1), (0, 1)])));
    for (r, c, dr, dc, sides) in right.chain(down) {
        let a = (r * cols + c) as u32;
        let b = ((r + dr) * cols + c + dc) as u32;
        out.push(sides.map(|(sr, sc)| {
            let x = l.cell(r, c, sr, sc)?;
            let y = l.cell(r + dr, c + dc, sr, sc)?;
            Some(Square { cells: [x, y], edges: [l.edge(x, y), l.edge(a, x), l.edge(b, y)] })
        }));
    }
    out
}

/// The ring of neighbours of each cell: all eight off the rim, an arc of
/// five or three on it.
fn cell_rings(rows: usize, cols: usize) -> Vec<Ring> {
    // N, NE, E, SE, S, SW, W, NW: consecutive ones are orthogonal neighbours.
    const ROUND: [(isize, isize); 8] = [(-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1)];
    let l = Lattice { rows, cols };
    let mut out = Vec::with_capacity(rows * cols);
    for r in 0..rows {
        for c in 0..cols {
            let at = ROUND.map(|(dr, dc)| l.cell(r, c, dr, dc));
            let cells = at.map(|x| x.unwrap_or(Ring::NONE));
            let edges = std::array::from_fn(|i| match (at[i], at[(i + 1) % 8]) {
                (Some(x), Some(y)) => l.edge(x, y),
                _ => Ring::NONE,
            });
            out.push(Ring { cells, edges });
        }
    }
    out
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
    fn edge_squares_close_a_unit_square() {
        let (rows, cols) = (4, 5);
        let b = Board::new(rows, cols, &[0; 20], &[None]).unwrap();
        let pair = |e: u32| {
            let [x, y] = b.edge_cells(e as usize);
            (x.min(y), x.max(y))
        };
        let (mut one, mut two) = (0, 0);
        for e in 0..b.num_edges() {
            let squares: Vec<Square> = b.edge_squares[e].iter().flatten().copied().collect();
            match squares.len() {
                1 => one += 1,
                2 => two += 1,
                n => panic!("edge {e} has {n} squares"),
            }
            let [a, c] = b.edge_cells(e);
            for sq in &squares {
                let [x, y] = sq.cells;
                // The square a - c - y - x - a: x beside a, y beside c.
                let mut want = vec![(x.min(y), x.max(y)), (a.min(x), a.max(x)), (c.min(y), c.max(y))];
                let mut got: Vec<_> = sq.edges.iter().map(|&f| pair(f)).collect();
                got.sort();
                want.sort();
                assert_eq!(got, want, "edge {e}");
            }
            if let [s0, s1] = squares[..] {
                assert_ne!(s0.cells, s1.cells);
            }
        }
        // Two squares off the rim: right edges of inner rows, down edges of inner columns.
        assert_eq!(two, (rows - 2) * (cols - 1) + (rows - 1) * (cols - 2));
        assert_eq!(one + two, b.num_edges());
    }

    #[test]
    fn cell_rings_go_round_the_cell() {
        let (rows, cols) = (5, 4);
        let b = Board::new(rows, cols, &[0; 20], &[None]).unwrap();
        let mut whole = 0;
        for c in 0..b.num_cells() {
            let ring = b.cell_rings[c];
            whole += ring.is_whole() as usize;
            let (r0, c0) = ((c / cols) as i64, (c % cols) as i64);
            let present: Vec<usize> = (0..8).filter(|&i| ring.cells[i] != Ring::NONE).collect();
            let neighbours = (0..b.num_cells())
                .filter(|&x| {
                    let (rx, cx) = ((x / cols) as i64, (x % cols) as i64);
                    x != c && (rx - r0).abs() <= 1 && (cx - c0).abs() <= 1
                })
                .count();
            assert_eq!(present.len(), neighbours, "cell {c}");
            for i in 0..8 {
                let x = ring.cells[i];
                let y = ring.cells[(i + 1) % 8];
                if x == Ring::NONE || y == Ring::NONE {
                    assert_eq!(ring.edges[i], Ring::NONE, "cell {c}, ring edge {i}");
                    continue;
                }
                let (rx, cx) = ((x as usize / cols) as i64, (x as usize % cols) as i64);
                assert!((rx - r0).abs() <= 1 && (cx - c0).abs() <= 1 && x as usize != c);
                let [a, z] = b.edge_cells(ring.edges[i] as usize);
                assert_eq!((a.min(z), a.max(z)), (x.min(y), x.max(y)), "cell {c}, ring edge {i}");
            }
            // Past the rim the ring is one arc: one gap at most.
            let gaps = (0..8).filter(|&i| ring.cells[i] != Ring::NONE && ring.cells[(i + 1) % 8] == Ring::NONE).count();
            assert!(gaps <= 1, "cell {c}: {gaps} gaps");
        }
        assert_eq!(whole, (rows - 2) * (cols - 2));
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
