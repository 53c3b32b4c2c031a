//! Country Road: one loop through cell centres that visits every country
//! exactly once, uses exactly the number of cells written in a numbered
//! country, and never leaves two orthogonally adjacent cells of different
//! countries both unused. Blocked cells carry no line.
//!
//! The cells are the lattice points of the sweep (row by row, the board
//! turned so that rows are the longer side); every open cell has degree 0 or
//! 2. Rules and what the state carries for them:
//!
//! - **Once per country.** The loop is one cycle, so the used cells of a
//!   country form as many runs along the loop as it has entries, and each run
//!   crosses the border twice: "visited exactly once" is "the loop crosses the
//!   country's border exactly twice". Every country of two or more cells has
//!   a field, from the first step that can decide one of its edges to its
//!   last cell: crossings so far (0..=2, 2 bits) and, when numbered, its used
//!   cells so far (0..=number). At its last cell the field must read 2
//!   crossings (and the number), and is then cleared, so that states merge
//!   again. A one-cell country needs no field: it must simply be used (both
//!   of its edges cross its border).
//! - **Empty neighbours.** A used bit is kept for each cell that could be
//!   unused and has a right or lower neighbour in another such country, until
//!   that neighbour is decided.
//! - **One loop.** As for Slitherlink: a "done" bit when the loop closes with
//!   no other plug open; then every later cell is unused.
//!
//! Fields whose lives do not overlap share bits ([`super::layout`]), so the
//! key stays short; on a board of one-cell countries the key holds the plugs
//! only, as for a plain Hamiltonian-cycle count.

use super::given::Given;
use super::key::Key;
use super::layout::{place, Slot, Want};
use super::sweep::{point_moves, Labelled, Move, Rules, Succ};
use crate::error::{Error, Result};

/// Largest side of a Country Road board: the board's own limit, so the two
/// engines cannot drift apart.
pub use crate::country::board::MAX_SIDE;

/// The field of a country of two or more cells.
#[derive(Clone, Copy)]
struct Field {
    slot: Slot,
    /// `Some(n)`: a numbered country, its used count in the bits above the crossings.
    number: Option<u32>,
}

pub(super) struct Country {
    rows: usize,
    cols: usize,
    /// Country per cell (turned, row-major); `u32::MAX` when blocked.
    country: Vec<u32>,
    single: Vec<bool>,
    field: Vec<Option<Field>>,
    used_bit: Vec<Option<Slot>>,
    /// Countries whose last cell is this step.
    finish: Vec<Vec<u32>>,
    /// Used bits read for the last time at this step.
    expire: Vec<Vec<Slot>>,
    /// Row and column of each step's cell.
    rc: Vec<(usize, usize)>,
    /// A one-cell country whose step touches no field: only the plugs move.
    plain: Vec<bool>,
    /// Cells of this cell's country after it in the sweep.
    later: Vec<u32>,
    plug_bits: u32,
    done: u32,
    /// Cells and edges decided before the sweep.
    given: Given,
    /// The board was turned (its columns are the sweep's rows); with the
    /// original rows and columns, to name each step's cell and edges in the
    /// board's own numbering.
    turned: bool,
    original: (usize, usize),
    pub bits: u32,
    /// The board can have no solution (a one-cell country numbered other than 1).
    pub impossible: bool,
}

const BLOCKED: u32 = u32::MAX;

impl Country {
    /// The rules of an R x C board. `given`, when present, holds one value
    /// per cell (row-major) and one per cell-to-cell edge as
    /// `crate::country` numbers them (0 unused/off, 1 used/on, 2 open): the
    /// sweep then keeps exactly those decisions.
    pub(super) fn new(
        rows: usize,
        cols: usize,
        regions: &[i32],
        numbers: &[Option<u32>],
        given: Option<(&[u8], &[u8])>,
    ) -> Result<Country> {
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
        if regions.len() != n {
            return Err(Error::InvalidArgument(format!(
                "regions has {} entries, expected rows * cols = {n}",
                regions.len()
            )));
        }
        let k = numbers.len();
        let mut size = vec![0u32; k];
        for (i, &r) in regions.iter().enumerate() {
            if r >= 0 && (r as usize) < k {
                size[r as usize] += 1;
            } else if r != -1 {
                return Err(Error::InvalidArgument(format!(
                    "regions[{i}] = {r} is not -1 (blocked) or a country index 0..{k} (numbers has {k} entries)"
                )));
            }
        }
        for (c, (&s, &num)) in size.iter().zip(numbers).enumerate() {
            if s == 0 {
                return Err(Error::InvalidArgument(format!("country {c} has no cell")));
            }
            if let Some(m) = num {
                if m > s {
                    return Err(Error::InvalidArgument(format!(
                        "number {m} of country {c} is larger than its {s} cells"
                    )));
                }
            }
        }
        let edges = rows * (cols - 1) + (rows - 1) * cols;
        if let Some((gc, ge)) = given {
            if gc.len() != n || ge.len() != edges || gc.iter().chain(ge).any(|&v| v > 2) {
                return Err(Error::InvalidArgument(format!(
                    "given: expected {n} cell and {edges} edge values of 0, 1 or 2, got {} and {}",
                    gc.len(),
                    ge.len()
                )));
            }
        }
        // The original board's numbering of cells and edges (see `crate::country`).
        let (r0, c0) = (rows, cols);
        let h = move |r: usize, c: usize| r * (c0 - 1) + c;
        let v = move |r: usize, c: usize| r0 * (c0 - 1) + r * c0 + c;
        let turned = cols > rows;
        // Turn the board so that the sweep runs along the longer side.
        let (rows, cols, country): (usize, usize, Vec<u32>) = {
            let at = |i: usize| if regions[i] < 0 { BLOCKED } else { regions[i] as u32 };
            if cols > rows {
                (cols, rows, (0..n).map(|i| at((i % rows) * cols + i / rows)).collect())
            } else {
                (rows, cols, (0..n).map(at).collect())
            }
        };
        let w = cols;
        let open = |i: usize| country[i] != BLOCKED;
        let single: Vec<bool> = (0..n).map(|i| open(i) && size[country[i] as usize] == 1).collect();
        let impossible = (0..n).any(|i| single[i] && numbers[country[i] as usize].is_some_and(|m| m != 1));
        // Lives of the country fields.
        let mut first = vec![usize::MAX; k];
        let mut last = vec![0usize; k];
        for i in (0..n).filter(|&i| open(i)) {
            let x = country[i] as usize;
            let (r, c) = (i / w, i % w);
            let earliest = if r > 0 {
                i - w
            } else if c > 0 {
                i - 1
            } else {
                i
            };
            first[x] = first[x].min(earliest);
            last[x] = last[x].max(i);
        }
        let plug_bits = 2 * (w as u32 + 1);
        let done = plug_bits;
        let mut wants = Vec::new();
        let mut owners = Vec::new(); // Ok(country) or Err(cell)
        for x in 0..k {
            if size[x] >= 2 {
                let count_bits = numbers[x].map_or(0, |m| 32 - m.leading_zeros());
                wants.push(Want { first: first[x], last: last[x], width: 2 + count_bits });
                owners.push(Ok(x));
            }
        }
        let others = |i: usize, j: usize| open(j) && !single[j] && country[j] != country[i];
        for i in (0..n).filter(|&i| open(i) && !single[i]) {
            let (r, c) = (i / w, i % w);
            let right = c + 1 < w && others(i, i + 1);
            let down = r + 1 < rows && others(i, i + w);
            if right || down {
                wants.push(Want { first: i, last: i + w, width: 1 });
                owners.push(Err(i));
            }
        }
        let (slots, bits) = place(done + 1, &wants);
        let mut field = vec![None; k];
        let mut used_bit = vec![None; n];
        let mut finish = vec![Vec::new(); n];
        let mut expire = vec![Vec::new(); n];
        for (owner, slot) in owners.into_iter().zip(slots) {
            match owner {
                Ok(x) => {
                    field[x] = Some(Field { slot, number: numbers[x] });
                    finish[last[x]].push(x as u32);
                }
                Err(i) => {
                    used_bit[i] = Some(slot);
                    expire[(i + w).min(n - 1)].push(slot);
                }
            }
        }
        let rc: Vec<(usize, usize)> = (0..n).map(|i| (i / w, i % w)).collect();
        let no_field = |j: usize| j >= n || country[j] == BLOCKED || field[country[j] as usize].is_none();
        let plain = (0..n)
            .map(|t| {
                single[t]
                    && finish[t].is_empty()
                    && expire[t].is_empty()
                    && used_bit[t].is_none()
                    && (t % w + 1 == w || no_field(t + 1))
                    && no_field(t + w)
            })
            .collect();
        let mut later = vec![0u32; n];
        let mut seen = vec![0u32; k];
        for t in (0..n).rev().filter(|&t| open(t)) {
            later[t] = seen[country[t] as usize];
            seen[country[t] as usize] += 1;
        }
        let given = match given {
            None => Given::none(),
            Some((gc, ge)) => {
                let mut out = Given::open(n, true);
                for (t, &(r, c)) in rc.iter().enumerate() {
                    // The right and down edges of the turned board's cell
                    // (r, c): down and right of the original cell (c, r).
                    let right = (c + 1 < w).then(|| if turned { ge[v(c, r)] } else { ge[h(r, c)] });
                    let down = (r + 1 < rows).then(|| if turned { ge[h(c, r)] } else { ge[v(r, c)] });
                    let cell = if turned { gc[c * c0 + r] } else { gc[r * c0 + c] };
                    out.set(t, right.unwrap_or(0), down.unwrap_or(0), cell);
                }
                out
            }
        };
        Ok(Country {
            given,
            turned,
            original: (r0, c0),
            rc,
            plain,
            later,
            rows,
            cols,
            country,
            single,
            field,
            used_bit,
            finish,
            expire,
            plug_bits,
            done,
            bits,
            impossible,
        })
    }

    /// Step `t`'s cell and its right and down edges (when it has them) in
    /// the board's own numbering (see `crate::country`): what the labels of
    /// the step's moves decide.
    pub fn vars(&self, t: usize) -> (usize, Option<usize>, Option<usize>) {
        let (r, c) = self.rc[t];
        let c0 = self.original.1;
        let h = |r: usize, c: usize| r * (c0 - 1) + c;
        let v = |r: usize, c: usize| self.original.0 * (c0 - 1) + r * c0 + c;
        let right = (c + 1 < self.cols).then(|| if self.turned { v(c, r) } else { h(r, c) });
        let down = (r + 1 < self.rows).then(|| if self.turned { h(c, r) } else { v(r, c) });
        let cell = if self.turned { c * c0 + r } else { r * c0 + c };
        (cell, right, down)
    }

    /// Adds one border crossing to country `x`'s field; false past 2.
    #[inline(always)]
    fn cross<K: Key>(&self, k: &mut K, x: u32) -> bool {
        if let Some(f) = self.field[x as usize] {
            let v = k.get(f.slot.off, 2);
            if v == 2 {
                return false;
            }
            k.set(f.slot.off, 2, v + 1);
        }
        true
    }
}

impl Country {
    /// The successors of `key` at step `t`, each handed to `emit` with its
    /// move's label (see [`Labelled`]): the body of both expansions, so the
    /// count and the backbone sweep cannot disagree on a rule.
    #[inline(always)]
    fn each_move<K: Key>(&self, t: usize, key: K, mut emit: impl FnMut(K, u8)) {
        let w = self.cols;
        let (r, c) = self.rc[t];
        let x = self.country[t];
        let mut moves = [Move { key, right: false, down: false, used: false, closes: false }; 2];
        let n = if x == BLOCKED {
            moves[0].key.set(2 * c as u32, 4, 0);
            1
        } else {
            let done = key.get(self.done, 1) == 1;
            let can_right = c + 1 < w && self.country[t + 1] != BLOCKED;
            let can_down = r + 1 < self.rows && self.country[t + w] != BLOCKED;
            point_moves(key, c as u32, self.plug_bits, can_right, can_down, !self.single[t], !done, &mut moves)
        };
        let n = self.given.keep(t, &mut moves, n);
        if self.plain[t] {
            for m in &moves[..n] {
                let mut k = m.key;
                if m.closes {
                    k.set(self.done, 1, 1);
                }
                if c + 1 == w {
                    k.shift_plugs(self.plug_bits);
                }
                emit(k, label(m));
            }
            return;
        }
        'moves: for m in &moves[..n] {
            let mut k = m.key;
            if x != BLOCKED {
                if !m.used {
                    // Two unused cells across a border: the left and upper
                    // neighbours are decided; their used bits say.
                    for (ok, j) in [(c > 0, t.wrapping_sub(1)), (r > 0, t.wrapping_sub(w))] {
                        if ok && self.country[j] != BLOCKED && self.country[j] != x && !self.single[j] {
                            if let Some(s) = self.used_bit[j] {
                                if k.get(s.off, 1) == 0 {
                                    continue 'moves;
                                }
                            }
                        }
                    }
                }
                if let Some(f) = self.field[x as usize] {
                    if let Some(num) = f.number {
                        // The used count so far, and what the country's
                        // later cells could still add: it must reach the number.
                        let cnt = k.get(f.slot.off + 2, f.slot.width - 2) + u64::from(m.used);
                        if cnt > u64::from(num) || cnt + u64::from(self.later[t]) < u64::from(num) {
                            continue 'moves;
                        }
                        k.set(f.slot.off + 2, f.slot.width - 2, cnt);
                    }
                }
                for (on, j) in [(m.right, t + 1), (m.down, t + w)] {
                    if on && self.country[j] != x && !(self.cross(&mut k, x) && self.cross(&mut k, self.country[j])) {
                        continue 'moves;
                    }
                }
                if let Some(s) = self.used_bit[t] {
                    k.set(s.off, 1, u64::from(m.used));
                }
                if m.closes {
                    k.set(self.done, 1, 1);
                }
            }
            for &y in &self.finish[t] {
                if let Some(f) = self.field[y as usize] {
                    let v = k.get(f.slot.off, f.slot.width);
                    let want = 2 | (u64::from(f.number.unwrap_or(0)) << 2);
                    if v != want {
                        continue 'moves;
                    }
                    k.set(f.slot.off, f.slot.width, 0);
                }
            }
            for s in &self.expire[t] {
                k.set(s.off, 1, 0);
            }
            if c + 1 == w {
                k.shift_plugs(self.plug_bits);
            }
            emit(k, label(m));
        }
    }
}

/// A move's label for the backbone sweep: used, right on, down on.
#[inline(always)]
fn label<K>(m: &Move<K>) -> u8 {
    u8::from(m.used) | u8::from(m.right) << 1 | u8::from(m.down) << 2
}

impl Labelled for Country {
    fn expand_labelled<K: Key>(&self, t: usize, key: K, out: &mut Succ<K>, labels: &mut [u8; 4]) {
        self.each_move(t, key, |k, l| {
            labels[out.len] = l;
            out.push(k);
        });
    }
}

impl Rules for Country {
    fn steps(&self) -> usize {
        self.rows * self.cols
    }

    #[inline(always)]
    fn expand<K: Key>(&self, t: usize, key: K, out: &mut Succ<K>) {
        self.each_move(t, key, |k, _| out.push(k));
    }

    fn accepts<K: Key>(&self, key: &K) -> bool {
        key.get(self.done, 1) == 1
    }

    /// A cell's rules read its inputs only through [`point_moves`] (the
    /// border crossings of an edge are counted when it is decided, as a
    /// right or down edge), so an end arriving from above and one arriving
    /// from the left make the same moves.
    fn joinable(&self, t: usize) -> Option<u32> {
        Some(self.rc[t].1 as u32)
    }
}
