//! Counting engine "loops": enumerate the simple cycles of the grid graph of
//! open cells and read the unused cells as the complement of each.
//!
//! Each cycle is grown once, as a path from its lowest cell in the direction
//! whose first step goes to a lower cell than its last one. A path is pruned
//! only by conditions that follow directly from the rules:
//! - the walk enters each country once: after leaving a country it may come
//!   back only to the country of the lowest cell, to close the loop there;
//! - a number bounds the used cells of its country from above while the walk
//!   is inside it, and must be met exactly when the walk leaves it;
//! - the cells that the path can still reach (through open cells above the
//!   lowest one, outside the countries already finished) must touch every
//!   country not yet visited and the lowest cell;
//! - the cells it can no longer reach stay unused, so no two of them may touch
//!   across a border (rule 4).
//!
//! Every complete cycle is then checked against all the rules from scratch.

use super::board::{below, bits, MaskBoard};
use crate::error::{Error, Result};
use crate::interrupt::Stop;

/// Number of solutions of the board, by enumerating the simple cycles of the
/// grid; at most `limit` when given (the enumeration stops as soon as it gets
/// there).
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
    let Some((board, limit)) = MaskBoard::for_count(rows, cols, regions, numbers, limit, "loops")? else {
        return Ok(0);
    };
    let mut cycles = Cycles::new(&board, rows, cols, limit, stop);
    for start in bits(board.open) {
        if cycles.count >= limit || cycles.interrupted {
            break;
        }
        cycles.grow_from(start);
    }
    if cycles.interrupted {
        return Err(Error::Interrupted);
    }
    Ok(cycles.count)
}

/// Where the walk stands with respect to the countries.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Phase {
    /// Still in the country of the lowest cell, where it started.
    Starting,
    /// Has left the starting country.
    Away,
    /// Came back into the starting country, and must close inside it.
    Returned,
}

struct Cycles<'a, 's, 'c> {
    board: &'a MaskBoard,
    /// Cells whose right neighbour is open and in another country.
    border_right: u64,
    /// Cells whose lower neighbour is open and in another country.
    border_down: u64,
    cols: usize,
    /// The path, lowest cell first.
    path: Vec<usize>,
    on_path: u64,
    /// Cells of the countries the walk has finished with.
    finished: u64,
    used_in: Vec<u32>,
    phase: Phase,
    count: u64,
    limit: u64,
    stop: &'s mut Stop<'c>,
    interrupted: bool,
}

impl<'a, 's, 'c> Cycles<'a, 's, 'c> {
    fn new(board: &'a MaskBoard, rows: usize, cols: usize, limit: u64, stop: &'s mut Stop<'c>) -> Cycles<'a, 's, 'c> {
        let (mut border_right, mut border_down) = (0u64, 0u64);
        for r in 0..rows {
            for c in 0..cols {
                let i = r * cols + c;
                let Some(here) = board.country[i] else { continue };
                if c + 1 < cols && board.country[i + 1].is_some_and(|x| x != here) {
                    border_right |= 1 << i;
                }
                if r + 1 < rows && board.country[i + cols].is_some_and(|x| x != here) {
                    border_down |= 1 << i;
                }
            }
        }
        Cycles {
            board,
            border_right,
            border_down,
            cols,
            path: Vec::with_capacity(board.n),
            on_path: 0,
            finished: 0,
            used_in: vec![0; board.countries()],
            phase: Phase::Starting,
            count: 0,
            limit,
            stop,
            interrupted: false,
        }
    }

    /// True when two cells of `unused` touch across a border (rule 4).
    fn unused_pair_across_border(&self, unused: u64) -> bool {
        unused & self.border_right & (unused >> 1) != 0 || unused & self.border_down & (unused >> self.cols) != 0
    }

    fn country(&self, i: usize) -> usize {
        self.board.country[i].expect("only open cells are on a path")
    }

    fn grow_from(&mut self, start: usize) {
        // Cells below the lowest one are unused on every cycle grown here.
        let below = self.board.open & below(start);
        if self.unused_pair_across_border(below) {
            return;
        }
        let c = self.country(start);
        if self.board.numbers[c] == Some(0) {
            return;
        }
        self.path.push(start);
        self.on_path = 1 << start;
        self.used_in[c] = 1;
        self.phase = Phase::Starting;
        self.finished = 0;
        self.extend();
        self.used_in[c] = 0;
        self.path.clear();
        self.on_path = 0;
    }

    fn extend(&mut self) {
        let b = self.board;
        let head = *self.path.last().unwrap();
        let start = self.path[0];
        let candidates = b.nb[head] & !self.on_path & !below(start + 1);
        for next in bits(candidates) {
            if self.count >= self.limit || self.interrupted {
                return;
            }
            if self.stop.requested() {
                self.interrupted = true;
                return;
            }
            let (from, to) = (self.country(head), self.country(next));
            let saved = (self.phase, self.finished);
            if from != to {
                if self.phase == Phase::Returned {
                    continue;
                }
                if self.used_in[to] > 0 {
                    // Only the starting country may be entered a second time.
                    if to != self.country(start) {
                        continue;
                    }
                    self.phase = Phase::Returned;
                } else if self.phase == Phase::Starting {
                    self.phase = Phase::Away;
                }
                // Leaving `from`: its number must be met now, unless it is the
                // starting country, which the walk will come back to.
                if from != self.country(start) {
                    if b.numbers[from].is_some_and(|m| m != self.used_in[from]) {
                        self.phase = saved.0;
                        continue;
                    }
                    self.finished |= b.country_cells[from];
                }
            }
            if b.numbers[to].is_some_and(|m| self.used_in[to] >= m) {
                (self.phase, self.finished) = saved;
                continue;
            }
            self.path.push(next);
            self.on_path |= 1 << next;
            self.used_in[to] += 1;
            if self.path.len() >= 4 && b.nb[next] >> start & 1 == 1 && self.path[1] < next {
                self.check_cycle();
            }
            if self.still_possible(next) {
                self.extend();
            }
            self.used_in[to] -= 1;
            self.on_path &= !(1 << next);
            self.path.pop();
            (self.phase, self.finished) = saved;
        }
    }

    /// Necessary conditions for the path (head `head`) to grow into a solution.
    fn still_possible(&self, head: usize) -> bool {
        let b = self.board;
        let start = self.path[0];
        let mut free = b.open & !self.on_path & !below(start + 1) & !self.finished;
        if self.phase == Phase::Returned {
            free &= b.country_cells[self.country(start)];
        }
        // Cells reachable from the head through free cells.
        let mut reach = 0u64;
        let mut frontier = b.nb[head] & free;
        while frontier != 0 {
            reach |= frontier;
            let mut next = 0;
            for i in bits(frontier) {
                next |= b.nb[i];
            }
            frontier = next & free & !reach;
        }
        // The loop must come back to the lowest cell.
        if b.nb[start] & reach == 0 {
            return false;
        }
        // Every country not yet visited must be reachable.
        for (c, &cells) in b.country_cells.iter().enumerate() {
            if self.used_in[c] == 0 && cells & reach == 0 {
                return false;
            }
        }
        !self.unused_pair_across_border(b.open & !self.on_path & !reach)
    }

    /// The path plus the step back to its first cell is a cycle: check every
    /// rule on it from scratch.
    fn check_cycle(&mut self) {
        let b = self.board;
        let k = b.countries();
        let mut used_in = vec![0u32; k];
        let mut crossings = vec![0u32; k];
        for (j, &i) in self.path.iter().enumerate() {
            let next = self.path[(j + 1) % self.path.len()];
            let (ci, cn) = (self.country(i), self.country(next));
            used_in[ci] += 1;
            if ci != cn {
                crossings[ci] += 1;
                crossings[cn] += 1;
            }
        }
        for c in 0..k {
            // Each country visited once: some used cell, entered once and
            // left once.
            if used_in[c] == 0 || crossings[c] != 2 {
                return;
            }
            if b.numbers[c].is_some_and(|m| m != used_in[c]) {
                return;
            }
        }
        if self.unused_pair_across_border(b.open & !self.on_path) {
            return;
        }
        self.count += 1;
    }
}
