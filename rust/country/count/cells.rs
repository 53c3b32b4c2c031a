//! Counting engine "cells": choose the used cells first, then count the ways
//! to thread one loop through exactly those cells.
//!
//! This engine and [`super::loops`] are independent checks of the
//! deduction ladder: they share with it only the board format and the grid
//! geometry, and each applies the rules in its own way. The board parsing
//! below (input format, neighbour masks) is the one piece the two engines
//! share; every rule is implemented separately in each.
//!
//! Phase 1 walks the open cells in row-major order and decides each one used
//! or unused, pruning with necessary conditions read straight off the rules:
//! two unused cells across a border (rule 4), the number as an upper and a
//! lower bound on the used cells of a country (rule 3), at least one used cell
//! per country (rule 2), and at least two used neighbours for every used cell
//! (rule 1, degree 2). Phase 2 counts, for one complete used set, the edge
//! sets that give every used cell degree 2, form a single cycle and cross the
//! border of every country exactly twice (rule 2).

use crate::error::{Error, Result};
use crate::grid::Grid;

/// Largest board (blocked cells included) the brute-force engines accept:
/// one bit per cell in a `u64`.
pub const MAX_BOARD_CELLS: usize = 64;
/// Most open (non-blocked) cells the brute-force engines enumerate. The 6 x 6
/// board with every cell its own country takes well under a second with
/// either engine; a 7 x 7 board has 487 million simple cycles and would take
/// minutes, so both engines stop at 36.
pub const MAX_OPEN_CELLS: usize = 36;
/// Largest side of a Country Road board (the shared contract).
const MAX_SIDE: usize = 30;

/// A validated board for the brute-force engines: countries per cell and
/// neighbour masks over cell indices `r * cols + c`.
pub(super) struct Board {
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

impl Board {
    /// Checks the board against the shared contract and the enumeration
    /// limits, naming `engine` in a refusal.
    pub(super) fn parse(
        rows: usize,
        cols: usize,
        regions: &[i32],
        numbers: &[Option<u32>],
        engine: &str,
    ) -> Result<Board> {
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
        Ok(Board { cols, n, country, numbers: numbers.to_vec(), open, nb, country_cells })
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

/// Number of solutions of the board, by choosing the used cells first; at most
/// `limit` when given (the enumeration stops as soon as it gets there).
///
/// `regions` has one entry per cell (row-major): a country index `0..K` or -1
/// for a blocked cell; `numbers` has one entry per country.
pub fn count(rows: usize, cols: usize, regions: &[i32], numbers: &[Option<u32>], limit: Option<u64>) -> Result<u64> {
    let board = Board::parse(rows, cols, regions, numbers, "cells")?;
    let limit = limit.unwrap_or(u64::MAX);
    // A lone country has no border to cross twice (a decision of the shared
    // contract), and with no country no cell can carry the loop.
    if limit == 0 || board.countries() < 2 {
        return Ok(0);
    }
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
    };
    chooser.choose(0);
    Ok(chooser.count)
}

/// Phase 1: the used-cell sets, decided cell by cell in row-major order.
struct Chooser<'a> {
    board: &'a Board,
    foreign: Vec<u64>,
    /// Cells decided used so far.
    used: u64,
    /// Used cells per country so far.
    in_country: Vec<u32>,
    /// Undecided cells per country.
    left: Vec<u32>,
    count: u64,
    limit: u64,
}

impl Chooser<'_> {
    fn choose(&mut self, i: usize) {
        if self.count >= self.limit {
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
fn flood(b: &Board, within: u64, start: usize) -> u64 {
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
    board: &'a Board,
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
    fn new(board: &'a Board, used: u64, limit: u64) -> Thread<'a> {
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

/// Boards, a seeded generator and a naive oracle shared by the tests of both
/// counting engines.
#[cfg(test)]
pub(super) mod testing {
    use super::Result;

    pub type Engine = fn(usize, usize, &[i32], &[Option<u32>], Option<u64>) -> Result<u64>;

    /// Every cell its own country, no numbers.
    pub fn singletons(rows: usize, cols: usize) -> (Vec<i32>, Vec<Option<u32>>) {
        ((0..(rows * cols) as i32).collect(), vec![None; rows * cols])
    }

    /// One country per row: the region graph is a path.
    pub fn stripes(n: usize) -> (Vec<i32>, Vec<Option<u32>>) {
        ((0..n * n).map(|i| (i / n) as i32).collect(), vec![None; n])
    }

    /// xorshift64*: small, seeded, good enough to draw test boards.
    pub struct Rng(u64);

    impl Rng {
        pub fn new(seed: u64) -> Rng {
            Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
        }
        pub fn next(&mut self) -> u64 {
            self.0 ^= self.0 >> 12;
            self.0 ^= self.0 << 25;
            self.0 ^= self.0 >> 27;
            self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
        }
        pub fn below(&mut self, n: usize) -> usize {
            (self.next() % n as u64) as usize
        }
    }

    fn neighbours(rows: usize, cols: usize, i: usize) -> Vec<usize> {
        let (r, c) = (i / cols, i % cols);
        let mut v = Vec::new();
        if r > 0 {
            v.push(i - cols);
        }
        if r + 1 < rows {
            v.push(i + cols);
        }
        if c > 0 {
            v.push(i - 1);
        }
        if c + 1 < cols {
            v.push(i + 1);
        }
        v
    }

    /// A random simple cycle of the grid (cells in walking order), drawn by
    /// self-avoiding walks that close with some probability.
    pub fn random_loop(rng: &mut Rng, rows: usize, cols: usize) -> Vec<usize> {
        loop {
            let start = rng.below(rows * cols);
            let mut path = vec![start];
            loop {
                let head = *path.last().unwrap();
                let nbs = neighbours(rows, cols, head);
                if path.len() >= 4 && nbs.contains(&start) && rng.below(4) == 0 {
                    return path;
                }
                let free: Vec<usize> = nbs.into_iter().filter(|x| !path.contains(x)).collect();
                if free.is_empty() {
                    break;
                }
                path.push(free[rng.below(free.len())]);
            }
        }
    }

    /// Renumbers countries in order of their first cell (the contract form).
    fn renumber(owner: &[i32]) -> Vec<i32> {
        let mut map = std::collections::HashMap::new();
        owner
            .iter()
            .map(|&o| {
                if o < 0 {
                    -1
                } else {
                    let next = map.len() as i32;
                    *map.entry(o).or_insert(next)
                }
            })
            .collect()
    }

    /// A random board: either the countries are arcs of a random loop grown
    /// over the other cells (so it often has a solution), or random seeds
    /// grown over the board; sometimes a blocked cell or two; each country
    /// numbered with probability 1/2 with the number the random loop gives it.
    pub fn random_board(rng: &mut Rng, rows: usize, cols: usize) -> (Vec<i32>, Vec<Option<u32>>) {
        let n = rows * cols;
        let cycle = random_loop(rng, rows, cols);
        let mut owner = vec![-2i32; n]; // -2 = not yet assigned
        if rng.below(3) > 0 {
            let arcs = 2 + rng.below(cycle.len().min(6) - 1);
            let mut cuts: Vec<usize> = (1..cycle.len()).collect();
            for j in 0..arcs - 1 {
                let pick = j + rng.below(cuts.len() - j);
                cuts.swap(j, pick);
            }
            let mut cuts: Vec<usize> = cuts[..arcs - 1].to_vec();
            cuts.sort();
            for (j, &cell) in cycle.iter().enumerate() {
                owner[cell] = cuts.iter().filter(|&&x| x <= j).count() as i32;
            }
        } else {
            let seeds = 2 + rng.below(n / 2);
            for seed in 0..seeds {
                let cell = rng.below(n);
                if owner[cell] == -2 {
                    owner[cell] = seed as i32;
                }
            }
        }
        for _ in 0..rng.below(3).saturating_sub(1) {
            let cell = rng.below(n);
            if owner[cell] == -2 {
                owner[cell] = -1;
            }
        }
        // Grow the countries over the free cells; cells that no country can
        // reach (walled in by blocked cells) become blocked.
        loop {
            let frontier: Vec<(usize, i32)> = (0..n)
                .filter(|&i| owner[i] == -2)
                .flat_map(|i| {
                    let owner = &owner;
                    neighbours(rows, cols, i).into_iter().filter(move |&j| owner[j] >= 0).map(move |j| (i, owner[j]))
                })
                .collect();
            if frontier.is_empty() {
                break;
            }
            let (cell, country) = frontier[rng.below(frontier.len())];
            owner[cell] = country;
        }
        for o in owner.iter_mut() {
            if *o == -2 {
                *o = -1;
            }
        }
        let regions = renumber(&owner);
        let k = regions.iter().map(|&r| r + 1).max().unwrap_or(0) as usize;
        let mut numbers = vec![None; k];
        for (c, number) in numbers.iter_mut().enumerate() {
            let on_loop = cycle.iter().filter(|&&i| regions[i] == c as i32).count() as u32;
            if on_loop > 0 && rng.below(2) == 0 {
                *number = Some(on_loop);
            }
        }
        (regions, numbers)
    }

    /// The rules read as literally as possible, over every set of edges with
    /// no cell of degree above 2: slow, small boards only.
    type Check<'a> = dyn Fn(&[(usize, usize)], &[u8]) -> bool + 'a;

    pub fn oracle(rows: usize, cols: usize, regions: &[i32], numbers: &[Option<u32>]) -> u64 {
        let n = rows * cols;
        let mut edges = Vec::new();
        for i in 0..n {
            for j in neighbours(rows, cols, i) {
                if i < j && regions[i] >= 0 && regions[j] >= 0 {
                    edges.push((i, j));
                }
            }
        }
        let mut degree = vec![0u8; n];
        let mut chosen = Vec::new();
        let mut count = 0;
        fn rec(
            e: usize,
            edges: &[(usize, usize)],
            degree: &mut Vec<u8>,
            chosen: &mut Vec<(usize, usize)>,
            count: &mut u64,
            check: &Check,
        ) {
            if e == edges.len() {
                if check(chosen, degree) {
                    *count += 1;
                }
                return;
            }
            rec(e + 1, edges, degree, chosen, count, check);
            let (a, b) = edges[e];
            if degree[a] < 2 && degree[b] < 2 {
                degree[a] += 1;
                degree[b] += 1;
                chosen.push((a, b));
                rec(e + 1, edges, degree, chosen, count, check);
                chosen.pop();
                degree[a] -= 1;
                degree[b] -= 1;
            }
        }
        let check = |chosen: &[(usize, usize)], degree: &[u8]| -> bool {
            if chosen.is_empty() || degree.contains(&1) {
                return false;
            }
            // Walk the loop from one used cell; it must cover every used cell.
            let used: Vec<usize> = (0..n).filter(|&i| degree[i] == 2).collect();
            let mut order = vec![used[0]];
            let mut prev = usize::MAX;
            loop {
                let here = *order.last().unwrap();
                let next = chosen
                    .iter()
                    .filter_map(|&(a, b)| {
                        if a == here {
                            Some(b)
                        } else if b == here {
                            Some(a)
                        } else {
                            None
                        }
                    })
                    .find(|&x| x != prev)
                    .unwrap();
                if next == order[0] {
                    break;
                }
                prev = here;
                order.push(next);
            }
            if order.len() != used.len() {
                return false;
            }
            let seq: Vec<i32> = order.iter().map(|&i| regions[i]).collect();
            for (c, number) in numbers.iter().enumerate() {
                let c = c as i32;
                let inside = seq.iter().filter(|&&x| x == c).count() as u32;
                // Entered exactly once: one place in the cyclic sequence where
                // a block of its cells starts (a loop inside one country
                // never enters it, so a lone country has no solution).
                let starts =
                    (0..seq.len()).filter(|&j| seq[j] == c && seq[(j + seq.len() - 1) % seq.len()] != c).count();
                if inside == 0 || starts != 1 {
                    return false;
                }
                if number.is_some_and(|m| m != inside) {
                    return false;
                }
            }
            for i in 0..n {
                for j in neighbours(rows, cols, i) {
                    let across = regions[i] >= 0 && regions[j] >= 0 && regions[i] != regions[j];
                    if across && degree[i] == 0 && degree[j] == 0 {
                        return false;
                    }
                }
            }
            true
        };
        rec(0, &edges, &mut degree, &mut chosen, &mut count, &check);
        count
    }

    /// The checks every counting engine must pass on its own.
    pub fn anchors(engine: Engine) {
        let run = |rows, cols, (regions, numbers): (Vec<i32>, Vec<Option<u32>>)| {
            engine(rows, cols, &regions, &numbers, None).unwrap()
        };
        // Hamiltonian cycles of the grid (OEIS A003763).
        assert_eq!(run(2, 2, singletons(2, 2)), 1);
        assert_eq!(run(4, 4, singletons(4, 4)), 6);
        assert_eq!(run(3, 3, singletons(3, 3)), 0, "odd boards have no Hamiltonian cycle");
        for m in 3..=8 {
            assert_eq!(run(2, m, singletons(2, m)), 1, "2 x {m}");
            assert_eq!(run(m, 2, singletons(m, 2)), 1, "{m} x 2");
        }
        for n in 4..=6 {
            assert_eq!(run(n, n, stripes(n)), 0, "stripes {n}");
        }
        // A lone country has no border to cross twice: no solution (contract).
        assert_eq!(run(4, 4, (vec![0; 16], vec![None])), 0);
        // Two countries: the loop crosses their one border twice. Top and
        // bottom halves of 2 x 3: only the loop through all six cells, since
        // a 2 x 2 square leaves two unused cells across the border.
        assert_eq!(run(2, 2, (vec![0, 0, 1, 1], vec![None; 2])), 1);
        assert_eq!(run(2, 3, (vec![0, 0, 0, 1, 1, 1], vec![None; 2])), 1);
        // Left and right halves of 2 x 4 with a blocked column between them:
        // the region graph is disconnected.
        assert_eq!(run(2, 5, (vec![0, 0, -1, 1, 1, 0, 0, -1, 1, 1], vec![None; 2])), 0);
    }

    /// Input checks and the limit.
    pub fn refusals_and_limit(engine: Engine) {
        use crate::error::Error;
        let (regions, numbers) = singletons(4, 4);
        for limit in 0..8u64 {
            assert_eq!(engine(4, 4, &regions, &numbers, Some(limit)).unwrap(), limit.min(6));
        }
        let bad = |rows, cols, regions: &[i32], numbers: &[Option<u32>]| {
            matches!(engine(rows, cols, regions, numbers, None), Err(Error::InvalidArgument(_)))
        };
        assert!(bad(1, 4, &[0, 0, 0, 0], &[None]));
        assert!(bad(2, 2, &[0, 0, 0], &[None]));
        assert!(bad(2, 2, &[0, 0, 0, 2], &[None, None]));
        assert!(bad(2, 2, &[0, 0, 0, -2], &[None]));
        assert!(bad(2, 2, &[0, 0, 0, 0], &[None, None]), "country 1 has no cell");
        assert!(bad(2, 2, &[0, 0, 0, 1], &[Some(4), None]), "number above the country size");
        let too_large = |rows: usize, cols: usize| {
            let (regions, numbers) = singletons(rows, cols);
            matches!(engine(rows, cols, &regions, &numbers, None), Err(Error::TooLarge(_)))
        };
        assert!(too_large(7, 7));
        assert!(too_large(31, 2));
        assert!(too_large(8, 8));
        // Blocked cells do not count towards the enumeration limit.
        let mut regions: Vec<i32> = vec![-1; 49];
        for (i, r) in regions.iter_mut().enumerate().take(36) {
            *r = (i / 6) as i32;
        }
        assert!(engine(7, 7, &regions, &[None; 6], None).is_ok());
        // A number 0 is legal input with no solution, so is a board with no
        // country; numbers select among the loops.
        assert_eq!(engine(2, 2, &[0, 0, 0, 1], &[None, Some(0)], None).unwrap(), 0);
        assert_eq!(engine(2, 2, &[-1, -1, -1, -1], &[], None).unwrap(), 0);
        let halves = [0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1];
        let all = engine(3, 4, &halves, &[None, None], None).unwrap();
        let six = engine(3, 4, &halves, &[Some(6), None], None).unwrap();
        let four = engine(3, 4, &halves, &[Some(4), None], None).unwrap();
        assert!(six > 0 && four > 0 && six + four < all, "{six} + {four} vs {all}");
    }

    /// The tests every brute-force engine passes, written once and
    /// instantiated in each engine's test module (`$seed` draws its boards).
    macro_rules! engine_tests {
        ($count:path, $seed:expr) => {
            #[test]
            fn anchors_hold() {
                anchors($count);
            }

            #[test]
            fn refuses_bad_input_and_honours_the_limit() {
                refusals_and_limit($count);
            }

            #[test]
            #[cfg_attr(debug_assertions, ignore = "6 x 6 is for release builds: cargo test --release")]
            fn six_by_six_singletons() {
                let (regions, numbers) = singletons(6, 6);
                assert_eq!($count(6, 6, &regions, &numbers, None).unwrap(), 1072);
            }

            #[test]
            fn agrees_with_the_oracle_on_small_random_boards() {
                let mut rng = Rng::new($seed);
                let mut solved = 0;
                for _ in 0..120 {
                    let (rows, cols) = (2 + rng.below(3), 2 + rng.below(3));
                    let (regions, numbers) = random_board(&mut rng, rows, cols);
                    let expected = oracle(rows, cols, &regions, &numbers);
                    let got = $count(rows, cols, &regions, &numbers, None).unwrap();
                    assert_eq!(got, expected, "{rows} x {cols} {regions:?} {numbers:?}");
                    solved += (expected > 0) as u32;
                }
                assert!(solved >= 30, "only {solved} boards with a solution: the test would say little");
            }
        };
    }
    pub(crate) use engine_tests;
}

#[cfg(test)]
mod tests {
    use super::testing::*;
    use super::*;

    engine_tests!(count, 7);
}
