//! Counting engine "cells": choose the used cells first, then count the ways
//! to thread one loop through exactly those cells.
//!
//! Phase 1 walks the open cells in row-major order and decides each one used
//! or unused, pruning with necessary conditions read straight off the rules:
//! two unused cells across a border (rule 4), the number as an upper and a
//! lower bound on the used cells of a country (rule 3), at least one used cell
//! per country (rule 2), and at least two used neighbours for every used cell
//! (rule 1, degree 2). Phase 2 counts, for one complete used set, the edge
//! sets that give every used cell degree 2, form a single cycle and cross the
//! border of every country exactly twice (rule 2).

use super::board::{below, bits, MaskBoard};
use crate::error::{Error, Result};
use crate::interrupt::Stop;

/// Number of solutions of the board, by choosing the used cells first; at most
/// `limit` when given (the enumeration stops as soon as it gets there).
///
/// `regions` has one entry per cell (row-major): a country index `0..K` or -1
/// for a blocked cell; `numbers` has one entry per country.
pub fn count(rows: usize, cols: usize, regions: &[i64], numbers: &[Option<i64>], limit: Option<u64>) -> Result<u64> {
    count_with_stop(rows, cols, regions, numbers, limit, &mut Stop::never())
}

/// [`count`] that ends with `Error::Interrupted` when `stop` asks.
pub fn count_with_stop(
    rows: usize,
    cols: usize,
    regions: &[i64],
    numbers: &[Option<i64>],
    limit: Option<u64>,
    stop: &mut Stop<'_>,
) -> Result<u64> {
    let Some((board, limit)) = MaskBoard::for_count(rows, cols, regions, numbers, limit, "cells")? else {
        return Ok(0);
    };
    let k = board.countries();
    // Neighbours in another country: rule 4 forbids both being unused.
    let foreign: Vec<u64> = (0..board.n)
        .map(|i| match board.country[i] {
            None => 0,
            Some(c) => board.nb[i] & !board.country_cells[c],
        })
        .collect();
    let mut chooser = Chooser {
        left: board.country_cells.iter().map(|m| m.count_ones()).collect(),
        board: &board,
        foreign,
        used: 0,
        in_country: vec![0; k],
        count: 0,
        limit,
        stop,
        interrupted: false,
    };
    chooser.choose(0);
    if chooser.interrupted {
        return Err(Error::Interrupted);
    }
    Ok(chooser.count)
}

/// Phase 1: the used-cell sets, decided cell by cell in row-major order.
struct Chooser<'a, 's, 'c> {
    board: &'a MaskBoard,
    foreign: Vec<u64>,
    /// Cells decided used so far.
    used: u64,
    /// Used cells per country so far.
    in_country: Vec<u32>,
    /// Undecided cells per country.
    left: Vec<u32>,
    count: u64,
    limit: u64,
    stop: &'s mut Stop<'c>,
    interrupted: bool,
}

impl Chooser<'_, '_, '_> {
    fn choose(&mut self, i: usize) {
        if self.count >= self.limit || self.interrupted {
            return;
        }
        if self.stop.requested() {
            self.interrupted = true;
            return;
        }
        let b = self.board;
        if i == b.n {
            self.finish();
            return;
        }
        if i % b.cols == 0 && !self.pieces_can_join(i) {
            return;
        }
        let Some(c) = b.country[i] else {
            if self.above_has_degree(i) {
                self.choose(i + 1);
            }
            return;
        };
        let bit = 1u64 << i;
        self.left[c] -= 1;
        // Used: the number allows one more, and the cell can still get two
        // used neighbours (decided used ones or undecided ones after it).
        let possible = b.nb[i] & (self.used | (b.open & !below(i + 1)));
        if b.numbers[c].is_none_or(|m| self.in_country[c] < m) && possible.count_ones() >= 2 {
            self.used |= bit;
            self.in_country[c] += 1;
            if self.above_has_degree(i) {
                self.choose(i + 1);
            }
            self.used &= !bit;
            self.in_country[c] -= 1;
        }
        // Unused: no decided unused neighbour across a border, and the country
        // can still reach its number and its one used cell.
        let decided_unused = b.open & below(i) & !self.used;
        let needed = b.numbers[c].unwrap_or(0).max(1);
        if self.foreign[i] & decided_unused == 0
            && self.in_country[c] + self.left[c] >= needed
            && self.above_has_degree(i)
        {
            self.choose(i + 1);
        }
        self.left[c] += 1;
    }

    /// With the cells before `i` decided (a full row), a piece of used cells
    /// that no undecided cell touches can grow no more: it must then be the
    /// whole loop, and a piece of one country's used cells all of that
    /// country's (they are consecutive on the loop).
    fn pieces_can_join(&self, i: usize) -> bool {
        let b = self.board;
        let undecided = b.open & !below(i);
        let sealed_with_company = |within: u64, open_to: u64| {
            let mut rest = within;
            let mut sealed = false;
            while rest != 0 {
                let piece = flood(b, within, rest.trailing_zeros() as usize);
                rest &= !piece;
                sealed |= bits(piece).fold(0, |m, x| m | b.nb[x]) & open_to == 0;
                if sealed && piece != within {
                    return true;
                }
            }
            false
        };
        !sealed_with_company(self.used, undecided)
            && b.country_cells.iter().all(|&cells| !sealed_with_company(self.used & cells, undecided & cells))
    }

    /// Once cell `i` is decided, every neighbour of the cell above it is
    /// decided, so a used cell there must have two used neighbours.
    fn above_has_degree(&self, i: usize) -> bool {
        let cols = self.board.cols;
        if i < cols {
            return true;
        }
        let j = i - cols;
        self.used >> j & 1 == 0 || (self.board.nb[j] & self.used).count_ones() >= 2
    }

    /// A complete used set: check every cell-level rule again, then thread.
    fn finish(&mut self) {
        let b = self.board;
        let used = self.used;
        if used == 0 {
            return;
        }
        for i in bits(used) {
            if (b.nb[i] & used).count_ones() < 2 {
                return;
            }
        }
        let unused = b.open & !used;
        if bits(unused).any(|i| self.foreign[i] & unused != 0) {
            return;
        }
        for (c, &cells) in b.country_cells.iter().enumerate() {
            let inside = (cells & used).count_ones();
            if inside == 0 || b.numbers[c].is_some_and(|m| m != inside) {
                return;
            }
            // A country's used cells are consecutive on the loop, so they are
            // connected through the country's own cells.
            if flood(b, cells & used, (cells & used).trailing_zeros() as usize) != cells & used {
                return;
            }
        }
        if flood(b, used, used.trailing_zeros() as usize) != used {
            return;
        }
        // The loop alternates between the two colours of the chessboard.
        let dark = bits(used).filter(|&i| (i / b.cols + i % b.cols) % 2 == 0).count() as u32;
        if 2 * dark != used.count_ones() {
            return;
        }
        let mut thread = Thread::new(b, used, self.limit - self.count);
        thread.run();
        self.count += thread.count;
    }
}

/// The cells of `within` connected to `start` (which must be in `within`).
fn flood(b: &MaskBoard, within: u64, start: usize) -> u64 {
    let mut seen = 1u64 << start;
    let mut frontier = seen;
    while frontier != 0 {
        let mut next = 0;
        for i in bits(frontier) {
            next |= b.nb[i];
        }
        frontier = next & within & !seen;
        seen |= frontier;
    }
    seen
}

/// Phase 2: the loops through exactly the used cells, as sets of edges.
///
/// The used cells are scanned in row-major order; each one picks its edges to
/// the right and down so that its degree (counting the edges from the left
/// and from above, picked before) becomes exactly 2. Path fragments are kept
/// by their ends, so an edge that would close a cycle is accepted only when it
/// closes the one loop through every used cell. An edge set is one undirected
/// cycle, so each is counted once.
struct Thread<'a> {
    board: &'a MaskBoard,
    used: u64,
    /// The used cells in scanning order.
    order: Vec<usize>,
    degree: Vec<u8>,
    /// For the end of a path fragment, its other end (a lone cell is its own).
    other_end: Vec<usize>,
    edges: u32,
    closed: bool,
    /// Border crossings of the edges so far, per country.
    crossings: Vec<u8>,
    count: u64,
    limit: u64,
}

impl<'a> Thread<'a> {
    fn new(board: &'a MaskBoard, used: u64, limit: u64) -> Thread<'a> {
        Thread {
            board,
            used,
            order: bits(used).collect(),
            degree: vec![0; board.n],
            other_end: (0..board.n).collect(),
            edges: 0,
            closed: false,
            crossings: vec![0; board.countries()],
            count: 0,
            limit,
        }
    }

    fn run(&mut self) {
        self.scan(0);
    }

    fn scan(&mut self, at: usize) {
        if self.count >= self.limit {
            return;
        }
        let Some(&i) = self.order.get(at) else {
            // Every used cell has degree 2 and the edges close one cycle; a
            // country is visited once when the loop crosses its border twice.
            if self.closed && self.crossings.iter().all(|&x| x == 2) {
                self.count += 1;
            }
            return;
        };
        let cols = self.board.cols;
        let right = (i % cols + 1 < cols).then_some(i + 1);
        let down = Some(i + cols).filter(|&j| j < self.board.n);
        let takes = |j: Option<usize>| j.filter(|&j| self.used >> j & 1 == 1 && self.degree[j] < 2);
        let (right, down) = (takes(right), takes(down));
        match 2 - self.degree[i] {
            0 => self.scan(at + 1),
            1 => {
                for j in [right, down].into_iter().flatten() {
                    if let Some(undo) = self.add(i, j) {
                        self.scan(at + 1);
                        self.remove(i, j, undo);
                    }
                }
            }
            _ => {
                let (Some(r), Some(d)) = (right, down) else { return };
                if let Some(undo_r) = self.add(i, r) {
                    if let Some(undo_d) = self.add(i, d) {
                        self.scan(at + 1);
                        self.remove(i, d, undo_d);
                    }
                    self.remove(i, r, undo_r);
                }
            }
        }
    }

    /// Adds edge a-b; None when it would close a cycle too early (or a second
    /// one) or cross a country's border a third time. Returns the two
    /// fragment ends it joined, for `remove`.
    fn add(&mut self, a: usize, b: usize) -> Option<(usize, usize)> {
        if self.closed {
            return None;
        }
        let (ea, eb) = (self.other_end[a], self.other_end[b]);
        let closes = ea == b;
        if closes && self.edges + 1 != self.order.len() as u32 {
            return None;
        }
        let (ca, cb) = (self.board.country[a].unwrap(), self.board.country[b].unwrap());
        if ca != cb && (self.crossings[ca] == 2 || self.crossings[cb] == 2) {
            return None;
        }
        if ca != cb {
            self.crossings[ca] += 1;
            self.crossings[cb] += 1;
        }
        self.degree[a] += 1;
        self.degree[b] += 1;
        self.edges += 1;
        if closes {
            self.closed = true;
        } else {
            self.other_end[ea] = eb;
            self.other_end[eb] = ea;
        }
        Some((ea, eb))
    }

    fn remove(&mut self, a: usize, b: usize, (ea, eb): (usize, usize)) {
        if self.closed {
            self.closed = false;
        } else {
            // Before the join, a and b were the far ends of ea's and eb's fragments.
            self.other_end[ea] = a;
            self.other_end[eb] = b;
        }
        self.edges -= 1;
        self.degree[a] -= 1;
        self.degree[b] -= 1;
        let (ca, cb) = (self.board.country[a].unwrap(), self.board.country[b].unwrap());
        if ca != cb {
            self.crossings[ca] -= 1;
            self.crossings[cb] -= 1;
        }
    }
}
