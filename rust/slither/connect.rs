//! Global connectivity checks, run at search nodes: in every solution the
//! lines form one loop, the cells inside it are 4-connected and the cells
//! outside it are 4-connected with the outside of the board. A state whose
//! known lines, inside cells or outside cells can no longer be joined has no
//! solution. These only refute states; they decide nothing.
//!
//! The floods run on rows of bits (a board is at most [`MAX_SIDE`] wide, so a
//! row of points fits in a `u128`, and up to 63 wide in a `u64`): a row's runs are filled at once with a
//! carry (see [`fill_row`]), and rows pass what they reached to the rows
//! above and below until nothing changes. On a 20 x 20 board this is some
//! 20 row steps a pass where a walk visits 441 points one by one.

use super::board::MAX_SIDE;
use super::engine::{Engine, OFF, ON, UNK};
use std::ops::{BitAnd, BitOr, BitXor, Not, Shl, Shr};

const _: () = assert!(MAX_SIDE < 128, "a row of points fits in a u128");
const _: () = assert!(OFF == 0 && ON == 1 && UNK == 2, "the byte values that `row_bits` reads");

/// The connectivity check, with its rows of bits kept to reuse their
/// allocations: 64-bit rows for boards up to 63 wide, 128-bit ones beyond.
#[derive(Default)]
pub struct Connectivity {
    narrow: Rows<u64>,
    wide: Rows<u128>,
    /// Per depth of a search (see [`Connectivity::check_node`]): the size of
    /// the outside's colour class at the last node there that passed, None
    /// when that node was refuted or not checked.
    coloured: Vec<Option<u32>>,
}

impl Connectivity {
    /// False when the state can be refuted by connectivity.
    pub fn check(&mut self, engine: &Engine<'_>) -> bool {
        self.check_parts(engine, true)
    }

    fn check_parts(&mut self, engine: &Engine<'_>, regions: bool) -> bool {
        if engine.board.grid.cols < 64 {
            self.narrow.check(engine, regions)
        } else {
            self.wide.check(engine, regions)
        }
    }

    /// Starts a search (see [`Connectivity::check_node`]): its entry state,
    /// depth 0, is not checked here, so its children are checked in full.
    pub fn enter(&mut self) {
        self.coloured.clear();
        self.coloured.push(None);
        self.narrow.enter();
        self.wide.enter();
    }

    /// [`Connectivity::check`] of a search node at `depth` (1 or more) since
    /// [`Connectivity::enter`], whose state holds that of the last node
    /// checked at `depth - 1`, as a depth-first search's nodes hold their
    /// parent's. The same verdict, with less work: the cells of
    /// known colour are the outside's class, which only grows along a
    /// descent, so when it has the size it had at a parent that passed, the
    /// colours are the parent's (a merge never moves the outside's members:
    /// the outside stays the root of its class) and so is the verdict on
    /// them; only the lines are checked then.
    pub fn check_node(&mut self, engine: &Engine<'_>, depth: usize) -> bool {
        debug_assert!(depth >= 1 && depth <= self.coloured.len(), "the parent's depth was entered or checked");
        let size = engine.colours.class_size(engine.board.out);
        let same = self.coloured.get(depth - 1).is_some_and(|&parent| parent == Some(size));
        let passed = if engine.board.grid.cols < 64 {
            self.narrow.check_node(engine, depth, !same)
        } else {
            self.wide.check_node(engine, depth, !same)
        };
        self.coloured.resize(depth, None);
        self.coloured.push(passed.then_some(size));
        passed
    }
}

/// A row of bits: `u64` or `u128`.
pub(super) trait Row:
    Copy
    + Eq
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
{
    const ZERO: Self;
    const ONE: Self;
    const BITS: u32;
    fn wrapping_add(self, other: Self) -> Self;
    fn wrapping_neg(self) -> Self;
    fn count_ones(self) -> u32;
    #[cfg(test)]
    fn reverse_bits(self) -> Self;
    /// The low bits of `x` (which fit).
    fn from_u128(x: u128) -> Self;
}

macro_rules! row {
    ($t:ty) => {
        impl Row for $t {
            const ZERO: Self = 0;
            const ONE: Self = 1;
            const BITS: u32 = <$t>::BITS;
            #[inline(always)]
            fn wrapping_add(self, other: Self) -> Self {
                <$t>::wrapping_add(self, other)
            }
            #[inline(always)]
            fn wrapping_neg(self) -> Self {
                <$t>::wrapping_neg(self)
            }
            #[inline(always)]
            fn count_ones(self) -> u32 {
                <$t>::count_ones(self)
            }
            #[cfg(test)]
            #[inline(always)]
            fn reverse_bits(self) -> Self {
                <$t>::reverse_bits(self)
            }
            #[inline(always)]
            fn from_u128(x: u128) -> Self {
                x as $t
            }
        }
    };
}
row!(u64);
row!(u128);

/// Rows of bits of one width.
#[derive(Default)]
struct Rows<T> {
    /// Per row of points, bit c: the edge from point (r, c) to (r, c + 1) is
    /// not off (`links`) or on (`on_links`).
    links: Vec<T>,
    on_links: Vec<T>,
    /// Per row of points but the last, bit c: the edge from point (r, c) to
    /// (r + 1, c) is not off (`drops`) or on (`on_drops`).
    drops: Vec<T>,
    on_drops: Vec<T>,
    /// What a flood reached, per row.
    reach: Vec<T>,
    /// Per row of cells, the cells known inside and known outside.
    ins: Vec<T>,
    outs: Vec<T>,
    /// A flood's graph on cells (same layout as `links` and `drops`).
    cell_links: Vec<T>,
    cell_drops: Vec<T>,
    /// Per depth of a search (see [`Connectivity::check_node`]), what the
    /// lines' check of the last node there that passed it knew.
    levels: Vec<Level<T>>,
    /// The points a reroute (see [`Rows::rerouted`]) reached, per row of its window.
    seen: Vec<T>,
    /// The points a reroute must join, per row.
    ends: Vec<T>,
}

/// What the lines' check of a search node leaves its children: its rows of
/// edges not off, and the points of the component that holds its lines
/// (a superset: points cut off since, with no edge left, may stay in it).
struct Level<T> {
    /// Whether the node passed with a line (else there is nothing to reuse).
    valid: bool,
    links: Vec<T>,
    drops: Vec<T>,
    reach: Vec<T>,
}

/// The deepest search level whose lines are kept for its children (some
/// 5 KB a level on the widest boards, 0.5 KB at 20 x 20); deeper nodes are
/// checked in full.
const MAX_LEVELS: usize = 1024;

/// The rows a reroute (see [`Rows::rerouted`]) looks beyond those of the
/// points it must join, each side, and the most rows it floods.
const REROUTE_MARGIN: usize = 2;
const REROUTE_ROWS: usize = 12;

/// The bits up from each seed of `seeds` along `left` (bit c: c is joined
/// to c - 1) in one addition: within a run of `left | seeds`, the carry of
/// its lowest seed clears the run from there to its top, and the xor gives
/// those bits back (the other seeds' bits are ored in again, their own
/// additions having landed on bits the carry had cleared).
#[inline]
fn fill_up<T: Row>(left: T, seeds: T) -> T {
    let run = left | seeds;
    ((run.wrapping_add(seeds) ^ run) | seeds) & run
}

/// Every bit joined to a bit of `seeds` along `links` (bit c: c is joined to
/// c + 1): up with [`fill_up`], and down by doubling (each step passes the
/// bits down over twice as many links as the step before, and stops once no
/// run of links that long is left), which costs less than filling up on the
/// reversed row: a reversal of a 64-bit row is some 16 instructions, and a
/// fill down across a 20 x 20 board's rows takes at most five steps.
#[inline]
fn fill_row<T: Row>(seeds: T, links: T) -> T {
    if seeds == T::ZERO {
        return T::ZERO;
    }
    let up = fill_up(links << 1u32, seeds);
    let (mut down, mut joined, mut step) = (seeds, links, 1u32);
    while joined != T::ZERO {
        // `joined` bit c: c is joined to c + step along links.
        down = down | ((down >> step) & joined);
        joined = joined & (joined >> step);
        step <<= 1;
    }
    up | down
}

/// [`fill_row`] as it was, with the fill down done as a fill up of the
/// reversed row; kept to cross-check the doubling.
#[cfg(test)]
fn fill_row_reversed<T: Row>(seeds: T, links: T) -> T {
    if seeds == T::ZERO {
        return T::ZERO;
    }
    let up = fill_up(links << 1u32, seeds);
    let down = fill_up(links.reverse_bits(), seeds.reverse_bits()).reverse_bits();
    up | down
}

/// Floods the grid whose rows are joined along `links` (see [`fill_row`])
/// and to the next row along `drops` (bit c: row r's c is joined to row r +
/// 1's c) from `reach`, in place. Rows whose reach grew wait in a mask
/// (a board has at most [`MAX_SIDE`] + 1 rows of points), and the lowest
/// one passes what it reaches to its two neighbours, so a line that winds
/// up and down the board is followed turn by turn; sweeping every row down
/// and then up until a round changed nothing took some ten rounds a flood
/// on the 20 x 20 drafts, most rows unchanged in most of them. The reach is
/// the same: every row ends joined with what its neighbours reach.
fn flood_rows<T: Row>(links: &[T], drops: &[T], reach: &mut [T]) {
    let n = reach.len();
    debug_assert!(n <= 128, "a mask bit per row");
    let mut waiting = 0u128;
    for r in 0..n {
        if reach[r] != T::ZERO {
            reach[r] = fill_row(reach[r], links[r]);
            waiting |= 1 << r;
        }
    }
    while waiting != 0 {
        let r = waiting.trailing_zeros() as usize;
        waiting &= waiting - 1;
        let here = reach[r];
        if r + 1 < n {
            let x = reach[r + 1] | (here & drops[r]);
            if x != reach[r + 1] {
                reach[r + 1] = fill_row(x, links[r + 1]);
                waiting |= 1 << (r + 1);
            }
        }
        if r > 0 {
            let x = reach[r - 1] | (here & drops[r - 1]);
            if x != reach[r - 1] {
                reach[r - 1] = fill_row(x, links[r - 1]);
                waiting |= 1 << (r - 1);
            }
        }
    }
}

/// [`row_bits`] of `dom[start..start + len]`, reading whole chunks of eight
/// bytes past the row's end where `dom` has them (the bits past `len` are
/// dropped): a row's last chunk is then one load, as the others.
#[inline]
fn row_bits_at<T: Row>(dom: &[u8], start: usize, len: usize) -> (T, T) {
    let span = len.div_ceil(8) * 8;
    let Some(chunks) = dom.get(start..start + span) else { return row_bits(&dom[start..start + len]) };
    let (mut not_off, mut on) = (T::ZERO, T::ZERO);
    for (k, chunk) in chunks.chunks_exact(8).enumerate() {
        let (some, ons) = chunk_bits(u64::from_le_bytes(chunk.try_into().expect("eight bytes")));
        let at = 8 * k as u32;
        not_off = not_off | T::from_u128(some as u128) << at;
        on = on | T::from_u128(ons as u128) << at;
    }
    let keep = if len as u32 >= T::BITS { !T::ZERO } else { !(!T::ZERO << len as u32) };
    (not_off & keep, on & keep)
}

/// Bits `start` to `start + len - 1` of the bit set `words` (`len` at most
/// 100, a board's side), as the low bits of a `u128`.
#[inline]
fn bits_at(words: &[u64], start: usize, len: usize) -> u128 {
    let (w, b) = (start / 64, (start % 64) as u32);
    let word = |i: usize| words.get(i).copied().unwrap_or(0) as u128;
    // Bits `start` to `start + 127 - b` from two words, the rest from a third.
    let low = (word(w) | word(w + 1) << 64) >> b;
    let high = if b == 0 { 0 } else { word(w + 2) << (128 - b) };
    (low | high) & !(!0u128 << len.min(127))
}

/// Bit c set where `row[c]` is not off, and where it is on, eight edges
/// at a time: an edge's byte is 0 (off), 1 (on) or 2 (undecided), so its
/// low bit says on and the or of its two low bits says not off; a multiply
/// gathers the low bits of eight bytes into one byte.
#[inline]
pub(super) fn row_bits<T: Row>(row: &[u8]) -> (T, T) {
    let (mut not_off, mut on) = (T::ZERO, T::ZERO);
    for (k, chunk) in row.chunks(8).enumerate() {
        // A whole chunk is one load; the last one of a row, shorter, is
        // gathered byte by byte (a copy of a few bytes was a call to memcpy).
        let x = match <[u8; 8]>::try_from(chunk) {
            Ok(bytes) => u64::from_le_bytes(bytes),
            Err(_) => chunk.iter().rev().fold(0u64, |x, &b| x << 8 | b as u64),
        };
        let (some, ons) = chunk_bits(x);
        let at = 8 * k as u32;
        not_off = not_off | T::from_u128(some as u128) << at;
        on = on | T::from_u128(ons as u128) << at;
    }
    (not_off, on)
}

/// [`row_bits`] of eight edge bytes read as one little-endian word: the
/// bits not off and on.
#[inline]
fn chunk_bits(x: u64) -> (u64, u64) {
    const LOW: u64 = 0x0101_0101_0101_0101;
    const GATHER: u64 = 0x0102_0408_1020_4080;
    let ons = (x & LOW).wrapping_mul(GATHER) >> 56;
    let some = ((x | x >> 1) & LOW).wrapping_mul(GATHER) >> 56;
    (some, ons)
}

impl<T: Row> Rows<T> {
    /// The lines' check, and the colours' when `regions`.
    fn check(&mut self, engine: &Engine<'_>, regions: bool) -> bool {
        self.lines_can_join(engine) && (!regions || self.regions_can_join(engine))
    }

    /// Forgets the search nodes' levels (see [`Connectivity::enter`]).
    fn enter(&mut self) {
        if let Some(level) = self.levels.first_mut() {
            level.valid = false;
        }
    }

    /// [`Rows::check`] of a search node at `depth` (see
    /// [`Connectivity::check_node`]): the lines' check starts from its
    /// parent's component when the edges gone since leave it in one piece
    /// (see [`Rows::rerouted`]), which spares the flood; the verdict is the
    /// flood's.
    fn check_node(&mut self, engine: &Engine<'_>, depth: usize, regions: bool) -> bool {
        self.lines_node(engine, depth) && (!regions || self.regions_can_join(engine))
    }

    fn lines_node(&mut self, engine: &Engine<'_>, depth: usize) -> bool {
        if self.levels.len() <= depth && depth < MAX_LEVELS {
            self.levels.resize_with(depth + 1, || Level {
                valid: false,
                links: Vec::new(),
                drops: Vec::new(),
                reach: Vec::new(),
            });
        }
        if engine.on_count == 0 {
            if let Some(level) = self.levels.get_mut(depth) {
                level.valid = false;
            }
            return true;
        }
        self.edge_rows(engine);
        let positive = &engine.board.positive_rows;
        let parent = depth >= 1 && self.levels.get(depth - 1).is_some_and(|level| level.valid);
        let passed = if parent && self.rerouted(depth - 1) {
            // The parent's component, less the edges gone, is one
            // component, and holds the parent's lines (still on): the
            // state's lines can only lie in it.
            self.reach.clear();
            self.reach.extend_from_slice(&self.levels[depth - 1].reach);
            self.lines_verdict(positive)
        } else {
            self.flood_lines(positive)
        };
        let Some(level) = self.levels.get_mut(depth) else { return passed };
        level.valid = passed;
        if passed {
            for (to, from) in
                [(&mut level.links, &self.links), (&mut level.drops, &self.drops), (&mut level.reach, &self.reach)]
            {
                to.clear();
                to.extend_from_slice(from);
            }
        }
        passed
    }

    /// Whether the edges not off of the parent's component (at `levels[p]`)
    /// are still one component: they are when the points at the ends of its
    /// edges gone off that kept an edge are joined to each other (a path of
    /// the parent's component through an edge gone then goes round it,
    /// between two such points). Looked for by a flood from one of them
    /// within the rows they lie on and [`REROUTE_MARGIN`] more each side, if
    /// those are at most [`REROUTE_ROWS`]; false when not seen so (then the
    /// full flood decides).
    fn rerouted(&mut self, p: usize) -> bool {
        let rows = self.drops.len();
        let parent = &self.levels[p];
        self.ends.clear();
        self.ends.resize(rows + 1, T::ZERO);
        for r in 0..=rows {
            let gone = parent.links[r] & !self.links[r] & parent.reach[r];
            self.ends[r] = self.ends[r] | gone | gone << 1u32;
            if r < rows {
                let gone = parent.drops[r] & !self.drops[r] & parent.reach[r];
                self.ends[r] = self.ends[r] | gone;
                self.ends[r + 1] = self.ends[r + 1] | gone;
            }
        }
        let (mut total, mut first, mut last) = (0, usize::MAX, 0);
        for r in 0..=rows {
            let up = if r > 0 { self.drops[r - 1] } else { T::ZERO };
            let down = self.drops.get(r).copied().unwrap_or(T::ZERO);
            let live = self.links[r] | self.links[r] << 1u32 | up | down;
            self.ends[r] = self.ends[r] & live;
            if self.ends[r] != T::ZERO {
                first = first.min(r);
                last = r;
                total += self.ends[r].count_ones();
            }
        }
        if total <= 1 {
            return true;
        }
        let (lo, hi) = (first.saturating_sub(REROUTE_MARGIN), (last + REROUTE_MARGIN).min(rows));
        if hi - lo + 1 > REROUTE_ROWS {
            return false;
        }
        // Joined within those rows is joined on the board.
        self.seen.clear();
        self.seen.extend((lo..=hi).map(|_| T::ZERO));
        let seed = self.ends[first];
        self.seen[first - lo] = seed & seed.wrapping_neg();
        flood_rows(&self.links[lo..=hi], &self.drops[lo..hi], &mut self.seen);
        (lo..=hi).all(|r| self.ends[r] & !self.seen[r - lo] == T::ZERO)
    }

    /// All on-edges, and a side of every positive clue, lie in one component
    /// of the graph of edges not off.
    fn lines_can_join(&mut self, engine: &Engine<'_>) -> bool {
        if engine.on_count == 0 {
            return true;
        }
        self.edge_rows(engine);
        self.flood_lines(&engine.board.positive_rows)
    }

    /// The rows of edges not off and on.
    fn edge_rows(&mut self, engine: &Engine<'_>) {
        let g = &engine.board.grid;
        let (rows, cols) = (g.rows, g.cols);
        self.links.clear();
        self.on_links.clear();
        self.drops.clear();
        self.on_drops.clear();
        for r in 0..=rows {
            let (not_off, on) = row_bits_at(&engine.dom, g.h(r, 0), cols);
            self.links.push(not_off);
            self.on_links.push(on);
        }
        for r in 0..rows {
            let (not_off, on) = row_bits_at(&engine.dom, g.v(r, 0), cols + 1);
            self.drops.push(not_off);
            self.on_drops.push(on);
        }
    }

    /// The lines' check on the rows: the component of an on-edge, flooded,
    /// then [`Rows::lines_verdict`].
    fn flood_lines(&mut self, positive: &[u128]) -> bool {
        let rows = self.drops.len();
        // Any on-edge's point will do: when the on-edges lie in one
        // component, each finds that component, and otherwise none holds them all.
        self.reach.clear();
        self.reach.resize(rows + 1, T::ZERO);
        let seeded = (0..=rows).find_map(|r| {
            let bits = self.on_links[r] | self.on_drops.get(r).copied().unwrap_or(T::ZERO);
            (bits != T::ZERO).then_some((r, bits & bits.wrapping_neg()))
        });
        let Some((r, seed)) = seeded else { return true };
        self.reach[r] = seed;
        flood_rows(&self.links, &self.drops, &mut self.reach);
        self.lines_verdict(positive)
    }

    /// Whether every on-edge, and a side of every positive clue, has its
    /// first point in `reach`, a component of the edges not off (or one
    /// with some points cut off: they have no edge left).
    fn lines_verdict(&self, positive: &[u128]) -> bool {
        let rows = self.drops.len();
        // An edge not off is reached with its first point (left or top).
        for r in 0..=rows {
            let reach = self.reach[r];
            if self.on_links[r] & !reach != T::ZERO || self.on_drops.get(r).is_some_and(|&on| on & !reach != T::ZERO) {
                return false;
            }
        }
        // The loop passes by every cell with a positive clue: a side of it
        // is reached (top, bottom, left, or right: the drop right of it).
        for (r, &clued) in positive.iter().enumerate().take(rows) {
            let side = self.drops[r] & self.reach[r];
            let near =
                (self.links[r] & self.reach[r]) | (self.links[r + 1] & self.reach[r + 1]) | side | (side >> 1u32);
            if T::from_u128(clued) & !near != T::ZERO {
                return false;
            }
        }
        true
    }

    /// Known inside cells can meet through cells not known outside, and known
    /// outside cells can reach the board's outside through cells not known inside.
    fn regions_can_join(&mut self, engine: &Engine<'_>) -> bool {
        if !engine.rules.colour {
            return true;
        }
        let g = &engine.board.grid;
        let (rows, cols) = (g.rows, g.cols);
        self.ins.clear();
        self.ins.resize(rows, T::ZERO);
        self.outs.clear();
        self.outs.resize(rows, T::ZERO);
        let mut first_in = None;
        // A cell's colour is its relation to the outside (`Engine::colour_of`),
        // kept by the colour classes as bit sets over the cells (the outside
        // stays the root of its class, so its parity is 0).
        let (known, odd) = engine.colours.known_and_odd();
        for r in 0..rows {
            let known_row = T::from_u128(bits_at(known, r * cols, cols));
            let odd_row = T::from_u128(bits_at(odd, r * cols, cols));
            let (ins, outs) = (known_row & odd_row, known_row & !odd_row);
            if ins != T::ZERO && first_in.is_none() {
                first_in = Some((r, ins & ins.wrapping_neg()));
            }
            self.ins[r] = ins;
            self.outs[r] = outs;
        }
        let full = !(!T::ZERO << cols as u32);
        if let Some((r, seed)) = first_in {
            // From one inside cell, around the cells known outside.
            self.open_cells(full, false);
            self.reach.clear();
            self.reach.resize(rows, T::ZERO);
            self.reach[r] = seed;
            flood_rows(&self.cell_links, &self.cell_drops, &mut self.reach);
            if (0..rows).any(|r| self.ins[r] & !self.reach[r] != T::ZERO) {
                return false;
            }
        }
        if self.outs.iter().any(|&o| o != T::ZERO) {
            // From every border cell not known inside, around the cells known inside.
            self.open_cells(full, true);
            let border = T::ONE | T::ONE << (cols - 1) as u32;
            self.reach.clear();
            for r in 0..rows {
                let edge = if r == 0 || r + 1 == rows { full } else { border };
                self.reach.push(edge & !self.ins[r]);
            }
            flood_rows(&self.cell_links, &self.cell_drops, &mut self.reach);
            if (0..rows).any(|r| self.outs[r] & !self.reach[r] != T::ZERO) {
                return false;
            }
        }
        true
    }

    /// The graph of the cells not known outside (`inside` false) or not
    /// known inside (`inside` true), in `cell_links` and `cell_drops`.
    fn open_cells(&mut self, full: T, inside: bool) {
        let walls = if inside { &self.ins } else { &self.outs };
        self.cell_links.clear();
        self.cell_drops.clear();
        let rows = walls.len();
        for r in 0..rows {
            let open = full & !walls[r];
            self.cell_links.push(open & (open >> 1u32));
            if r + 1 < rows {
                self.cell_drops.push(open & full & !walls[r + 1]);
            }
        }
    }
}

/// The walk this check replaced, kept to cross-check it: one point or cell
/// at a time from a stack.
#[cfg(test)]
pub(super) mod reference {
    use super::super::engine::{Engine, OFF, ON};
    use crate::grid::NONE;

    #[derive(Default)]
    pub struct Walk {
        seen: Vec<u32>,
        stamp: u32,
        stack: Vec<u32>,
        colour: Vec<u8>,
    }

    /// Known colour of a cell: inside, outside or not known.
    const IN: u8 = 1;
    const OUT: u8 = 0;
    const UNKNOWN: u8 = 2;

    impl Walk {
        fn fresh(&mut self, n: usize) {
            if self.seen.len() < n {
                self.seen.resize(n, 0);
            }
            self.stamp = self.stamp.wrapping_add(1);
            if self.stamp == 0 {
                self.seen.iter_mut().for_each(|s| *s = 0);
                self.stamp = 1;
            }
            self.stack.clear();
        }

        /// False when the state can be refuted by connectivity.
        pub fn check(&mut self, engine: &Engine<'_>) -> bool {
            self.lines_can_join(engine) && self.regions_can_join(engine)
        }

        /// All on-edges, and a side of every positive clue, lie in one component
        /// of the graph of edges not off.
        fn lines_can_join(&mut self, engine: &Engine<'_>) -> bool {
            if engine.on_count == 0 {
                return true;
            }
            let board = engine.board;
            let Some(first) = engine.dom.iter().position(|&d| d == ON) else { return true };
            self.fresh(board.grid.num_points());
            let start = board.grid.edge_points[first][0];
            self.seen[start as usize] = self.stamp;
            self.stack.push(start);
            let mut degree_sum = 0;
            while let Some(p) = self.stack.pop() {
                for x in board.point_slots[p as usize] {
                    if x == NONE || engine.dom[x as usize] == OFF {
                        continue;
                    }
                    if engine.dom[x as usize] == ON {
                        degree_sum += 1;
                    }
                    let [a, b] = board.grid.edge_points[x as usize];
                    let q = if a == p { b } else { a };
                    if self.seen[q as usize] != self.stamp {
                        self.seen[q as usize] = self.stamp;
                        self.stack.push(q);
                    }
                }
            }
            if degree_sum != 2 * engine.on_count {
                return false;
            }
            // The loop passes by every cell with a positive clue.
            for (c, &clue) in board.clues.iter().enumerate() {
                if clue > 0
                    && !board.grid.cell_edges[c].iter().any(|&x| {
                        engine.dom[x as usize] != OFF
                            && self.seen[board.grid.edge_points[x as usize][0] as usize] == self.stamp
                    })
                {
                    return false;
                }
            }
            true
        }

        /// Known inside cells can meet through cells not known outside, and known
        /// outside cells can reach the board's outside through cells not known inside.
        fn regions_can_join(&mut self, engine: &Engine<'_>) -> bool {
            if !engine.rules.colour {
                return true;
            }
            let board = engine.board;
            let n = board.grid.num_cells();
            self.colour.clear();
            let (mut ins, mut outs) = (0usize, 0usize);
            let mut first_in = NONE;
            for c in 0..n as u32 {
                let k = match engine.colour_of(c) {
                    Some(1) => {
                        ins += 1;
                        if first_in == NONE {
                            first_in = c;
                        }
                        IN
                    }
                    Some(_) => {
                        outs += 1;
                        OUT
                    }
                    None => UNKNOWN,
                };
                self.colour.push(k);
            }
            if ins > 0 && self.flood(engine, &[first_in], OUT) != ins {
                return false;
            }
            if outs > 0 {
                // Start from every border cell that is not known inside.
                let mut starts = Vec::new();
                for c in 0..n as u32 {
                    if self.colour[c as usize] != IN && board.cell_nbrs[c as usize].contains(&board.out) {
                        starts.push(c);
                    }
                }
                if self.flood(engine, &starts, IN) != outs {
                    return false;
                }
            }
            true
        }

        /// Floods board cells from `starts` avoiding cells of colour `wall`;
        /// returns how many cells of the other known colour it reached.
        fn flood(&mut self, engine: &Engine<'_>, starts: &[u32], wall: u8) -> usize {
            let board = engine.board;
            self.fresh(board.grid.num_cells());
            let target = if wall == IN { OUT } else { IN };
            for &s in starts {
                self.seen[s as usize] = self.stamp;
                self.stack.push(s);
            }
            let mut reached = 0;
            while let Some(c) = self.stack.pop() {
                if self.colour[c as usize] == target {
                    reached += 1;
                }
                for m in board.cell_nbrs[c as usize] {
                    if m == board.out || self.colour[m as usize] == wall || self.seen[m as usize] == self.stamp {
                        continue;
                    }
                    self.seen[m as usize] = self.stamp;
                    self.stack.push(m);
                }
            }
            reached
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::SplitMix64 as Rng;

    /// `bits_at` reads the bits one at a time would, at every start and
    /// length a board's rows need, in sets of up to four words.
    #[test]
    fn bits_at_reads_the_bits() {
        let mut rng = Rng(35);
        for _ in 0..200 {
            let words: Vec<u64> = (0..1 + rng.below(4)).map(|_| rng.next()).collect();
            for start in 0..64 * words.len() {
                for len in [1, 2, 20, 63, 64, 65, 100] {
                    let want = (0..len).fold(0u128, |x, i| {
                        let at = start + i;
                        let bit = words.get(at / 64).map_or(0, |w| w >> (at % 64) & 1);
                        x | (bit as u128) << i
                    });
                    assert_eq!(bits_at(&words, start, len), want, "{start} {len}");
                }
            }
        }
    }

    /// The fill down by doubling gives the fill on the reversed row, on
    /// random rows of links and seeds of every density, both widths.
    #[test]
    fn the_doubling_fill_is_the_reversed_fill() {
        let mut rng = Rng(34);
        for _ in 0..20_000 {
            let width = 1 + rng.below(127) as u32;
            let mask = if width == 128 { !0u128 } else { (1u128 << width) - 1 };
            let dense = |rng: &mut Rng| {
                let p = rng.below(101) as u64;
                (0..128).fold(0u128, |x, b| x | (((rng.below(100) as u64) < p) as u128) << b)
            };
            let (links, seeds) = (dense(&mut rng) & mask >> 1, dense(&mut rng) & mask);
            assert_eq!(fill_row(seeds, links), fill_row_reversed(seeds, links), "{links:b} {seeds:b}");
            if width < 64 {
                let (l, s) = (links as u64, seeds as u64);
                assert_eq!(fill_row(s, l), fill_row_reversed(s, l));
            }
        }
    }
}
