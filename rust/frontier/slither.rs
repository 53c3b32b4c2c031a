//! Slitherlink: single loops on the edges of an R x C board of cells, with
//! optional clues (the number of loop edges around a cell).
//!
//! The sweep visits the (R+1) x (C+1) lattice points row by row (the board is
//! turned so that rows are the longer side). At point (r, c) it decides the
//! edge to the right, `h(r, c)`, and the edge down, `v(r, c)`. A clued cell
//! (r, c) is complete at point (r+1, c): its top edge `h(r, c)` is kept in a
//! one-bit field from point (r, c) on, its left and right edges `v(r, c)` and
//! `v(r, c+1)` are still plugs of the frontier then, and its bottom edge is
//! the one being decided. Partial sums are checked earlier, as soon as three
//! (or two) of the four edges are known, to drop hopeless states.
//!
//! The loop is closed exactly once: a "done" bit is set when the two ends of
//! the last piece meet while every other plug is empty, and from then on every
//! point has degree 0. The empty edge set is not a loop and never counts.

use super::given::Given;
use super::key::Key;
use super::layout::{place, Slot, Want};
use super::sweep::{point_moves, Move, Rules, Succ};
use crate::error::{Error, Result};

/// Largest side of a Slitherlink board the frontier engine accepts: the
/// board's own limit, so the two engines cannot drift apart.
pub use crate::slither::MAX_SIDE;

pub(super) struct Slither {
    /// Cells down and across after turning (cols <= rows).
    rows: usize,
    cols: usize,
    /// Clue per cell, row-major in the turned board, -1 for blank.
    clues: Vec<i8>,
    /// Top-edge field of each clued cell.
    top: Vec<Option<Slot>>,
    /// Row and column of each step's point.
    rc: Vec<(usize, usize)>,
    /// No clued cell touches this step's point.
    clue_free: Vec<bool>,
    /// The cell above-right of this step's point has no clue: its left and
    /// up plugs are read only as the point's inputs.
    free_inputs: Vec<bool>,
    plug_bits: u32,
    done: u32,
    /// The first step from which no cell with a positive clue is left to
    /// check (each is checked at the point below its bottom-left corner).
    sure_from: usize,
    /// Edges decided before the sweep.
    given: Given,
    pub bits: u32,
}

impl Slither {
    /// The rules of an R x C board. `given`, when present, holds one value
    /// per edge of the board as `crate::grid::Grid` numbers them (0 off, 1
    /// on, 2 open): the sweep then draws exactly the edges decided on and
    /// none decided off. `turn`: sweep the board's columns rather than its
    /// rows (`None`: whichever makes the frontier the shorter side).
    pub(super) fn new(
        rows: usize,
        cols: usize,
        clues: &[i8],
        given: Option<&[u8]>,
        turn: Option<bool>,
    ) -> Result<Slither> {
        if rows == 0 || cols == 0 {
            return Err(Error::InvalidArgument(format!(
                "a Slitherlink board needs at least 1 row and 1 column, got {rows} x {cols}"
            )));
        }
        if rows > MAX_SIDE || cols > MAX_SIDE {
            return Err(Error::TooLarge(format!(
                "the frontier engine counts Slitherlink boards of at most {MAX_SIDE} x {MAX_SIDE}, got {rows} x {cols}"
            )));
        }
        crate::grid::check_cell_clues(clues, rows * cols, "rows*cols")?;
        let edges = (rows + 1) * cols + rows * (cols + 1);
        if let Some(g) = given {
            if g.len() != edges || g.iter().any(|&v| v > 2) {
                return Err(Error::InvalidArgument(format!(
                    "given edges: expected {edges} values of 0, 1 or 2, got {} values",
                    g.len()
                )));
            }
        }
        // The original board's edge numbering (see `crate::grid`).
        let (r0, c0) = (rows, cols);
        let h = move |r: usize, c: usize| r * c0 + c;
        let v = move |r: usize, c: usize| (r0 + 1) * c0 + r * (c0 + 1) + c;
        let turned = turn.unwrap_or(cols > rows);
        let (rows, cols, clues) = if turned {
            let t = (0..rows * cols).map(|i| clues[(i % rows) * cols + i / rows]).collect();
            (cols, rows, t)
        } else {
            (rows, cols, clues.to_vec())
        };
        let w = cols + 1;
        let plug_bits = 2 * (w as u32 + 1);
        let done = plug_bits;
        let clued: Vec<usize> = (0..rows * cols).filter(|&i| clues[i] >= 0).collect();
        let wants: Vec<Want> = clued
            .iter()
            .map(|&i| {
                let (r, c) = (i / cols, i % cols);
                Want { first: r * w + c, last: (r + 1) * w + c, width: 1 }
            })
            .collect();
        let (slots, bits) = place(done + 1, &wants);
        let mut top = vec![None; rows * cols];
        for (&i, s) in clued.iter().zip(slots) {
            top[i] = Some(s);
        }
        let rc: Vec<(usize, usize)> = (0..(rows + 1) * w).map(|i| (i / w, i % w)).collect();
        let clued = |r: usize, c: usize| r < rows && c < cols && clues[r * cols + c] >= 0;
        let clue_free = rc
            .iter()
            .map(|&(r, c)| !((r >= 1 && clued(r - 1, c)) || (c >= 1 && clued(r, c - 1)) || clued(r, c)))
            .collect();
        let free_inputs = rc.iter().map(|&(r, c)| !(r >= 1 && clued(r - 1, c))).collect();
        let sure_from =
            (0..rows * cols).filter(|&i| clues[i] > 0).map(|i| (i / cols + 1) * w + i % cols + 1).max().unwrap_or(0);
        let given = match given {
            None => Given::none(),
            Some(g) => {
                let mut out = Given::open(rc.len(), false);
                for (t, &(r, c)) in rc.iter().enumerate() {
                    // The right and down edges of the turned board's point
                    // (r, c): down and right of the original point (c, r).
                    let right = (c < cols).then(|| if turned { g[v(c, r)] } else { g[h(r, c)] });
                    let down = (r < rows).then(|| if turned { g[h(c, r)] } else { g[v(r, c)] });
                    out.set(t, right.unwrap_or(0), down.unwrap_or(0), super::given::OPEN);
                }
                out
            }
        };
        // A closed loop is sure to finish as one solution only once no edge
        // decided on is left to draw.
        let sure_from = sure_from.max(given.on_done_by());
        Ok(Slither { rows, cols, clues, top, rc, clue_free, free_inputs, plug_bits, done, sure_from, given, bits })
    }
}

impl Rules for Slither {
    fn steps(&self) -> usize {
        (self.rows + 1) * (self.cols + 1)
    }

    #[inline(always)]
    fn expand<K: Key>(&self, step: usize, key: K, out: &mut Succ<K>) {
        let w = self.cols + 1;
        let (r, c) = self.rc[step];
        let (rows, cols) = (self.rows, self.cols);
        let done = key.get(self.done, 1) == 1;
        let mut moves = [Move { key, right: false, down: false, used: false, closes: false }; 2];
        let n = point_moves(key, c as u32, self.plug_bits, c + 1 < w, r < rows, true, !done, &mut moves);
        let n = self.given.keep(step, &mut moves, n);
        if self.clue_free[step] {
            for m in &moves[..n] {
                let mut k = m.key;
                if m.closes {
                    k.set(self.done, 1, 1);
                }
                if c + 1 == w {
                    k.shift_plugs(self.plug_bits);
                }
                out.push(k);
            }
            return;
        }
        let c32 = c as u32;
        // The cell above-right of the point is complete now.
        let above = if r >= 1 && c < cols {
            self.top[(r - 1) * cols + c].map(|s| (s, self.clues[(r - 1) * cols + c]))
        } else {
            None
        };
        let above_known = above.map(|(s, _)| {
            key.get(s.off, 1) + u64::from(key.get(2 * c32 + 2, 2) != 0) + u64::from(key.get(2 * c32 + 4, 2) != 0)
        });
        // The cell below-left has three edges known, the one below-right two.
        let left = if r < rows && c >= 1 {
            self.top[r * cols + c - 1].map(|s| (s, self.clues[r * cols + c - 1]))
        } else {
            None
        };
        let left_known = left.map(|(s, _)| key.get(s.off, 1) + u64::from(key.get(2 * c32 - 2, 2) != 0));
        let here =
            if r < rows && c < cols { self.top[r * cols + c].map(|s| (s, self.clues[r * cols + c])) } else { None };
        for m in &moves[..n] {
            let mut k = m.key;
            if let (Some((s, clue)), Some(known)) = (above, above_known) {
                if known + u64::from(m.right) != clue as u64 {
                    continue;
                }
                k.set(s.off, 1, 0);
            }
            if let (Some((_, clue)), Some(known)) = (left, left_known) {
                let n = known + u64::from(m.down);
                if n > clue as u64 || n + 1 < clue as u64 {
                    continue;
                }
            }
            if let Some((s, clue)) = here {
                let n = u64::from(m.right) + u64::from(m.down);
                if n > clue as u64 || n + 2 < clue as u64 {
                    continue;
                }
                k.set(s.off, 1, u64::from(m.right));
            }
            if m.closes {
                k.set(self.done, 1, 1);
            }
            if c + 1 == w {
                k.shift_plugs(self.plug_bits);
            }
            out.push(k);
        }
    }

    fn accepts<K: Key>(&self, key: &K) -> bool {
        key.get(self.done, 1) == 1
    }

    /// Where no clue reads the point's up plug (the cell above-right's left
    /// edge), an end arriving from above and one arriving from the left make
    /// the same moves.
    fn joinable(&self, step: usize) -> Option<u32> {
        self.free_inputs[step].then_some(self.rc[step].1 as u32)
    }

    /// A closed loop is final: every later point has degree 0. Once no
    /// positive clue is left to check, that one way on satisfies every
    /// remaining clue (all 0, and a 0 cell's edges are checked as soon as
    /// each is decided), so the state ends as exactly one solution.
    fn sure<K: Key>(&self, step: usize, key: &K) -> bool {
        step >= self.sure_from && key.get(self.done, 1) == 1
    }
}

/// How wide the open part of a board's frontier gets when the sweep runs
/// down its rows (`turned` false) or along its columns: over the lines of
/// points, the most undecided edges (value 2 in `edges`, numbered as in
/// `crate::grid`) that leave one line of points, along it or across to the
/// next; then their total, to break ties.
pub(super) fn open_width(rows: usize, cols: usize, edges: &[u8], turned: bool) -> (usize, usize) {
    let h = |r: usize, c: usize| edges[r * cols + c] == 2;
    let v = |r: usize, c: usize| edges[(rows + 1) * cols + r * (cols + 1) + c] == 2;
    let lines: Vec<usize> = if turned {
        (0..=cols)
            .map(|c| (0..rows).filter(|&r| v(r, c)).count() + (0..=rows).filter(|&r| c < cols && h(r, c)).count())
            .collect()
    } else {
        (0..=rows)
            .map(|r| (0..cols).filter(|&c| h(r, c)).count() + (0..=cols).filter(|&c| r < rows && v(r, c)).count())
            .collect()
    };
    (lines.iter().copied().max().unwrap_or(0), lines.iter().sum())
}
