//! Unclued grids: the number of single cycles (every one, or only the
//! Hamiltonian ones) on a grid of points, counted over a table indexed
//! directly by the frontier state and updated in place.
//!
//! These are the boards with nothing to check but the loop itself: a
//! Slitherlink board without a clue (all cycles on its lattice points, OEIS
//! A140517) and a Country Road board whose every cell is its own country
//! with no number (Hamiltonian cycles on the cells, OEIS A003763). The
//! general sweep ([`super::sweep`]) stores each state's key beside its count
//! and finds it through a hash; here there is nothing to store but counts.
//!
//! The frontier before the point in column `c` of a row has `W + 1` plugs
//! (the grid is `W` points wide): plugs `0..c` hold the down edges of the
//! points already passed in this row, plug `c` the edge coming in from the
//! left and plugs `c + 1..=W` the edges coming down from the row above, each
//! 0 (no edge), 1 ("(", the left end of a piece of path) or 2 (")", its right
//! end). Every such string is balanced, so the table has one slot for each
//! balanced string of length `W + 1` (a Motzkin number of them), in numeric
//! order of the packed state. Its rank is two lookups: the state splits into
//! a low and a high half; a low half is a prefix that leaves some "(" open,
//! a high half a suffix that closes as many; the slots come in one block per
//! high half, each holding the low halves with the same number open.
//!
//! A point reads and writes only its own two plugs, `c` (left in, down out)
//! and `c + 1` (up in, right out), so the table is updated in place, one pass
//! over it in ascending order per point (on several threads, in phases: see
//! [`Point::run`]):
//!
//! - the states whose pair is `00`, `()`, `)(` (the rest equal) form one
//!   group: afterwards `00` holds the ways that leave the point empty (the
//!   old `00`, all cycles only) plus the old `)(` (its two pieces joined),
//!   `()` holds the old `00` (a new piece turning at the point), and `)(`
//!   holds nothing. The old `()` closes a loop: a solution when every other
//!   plug is empty (all cycles; Hamiltonian: at the last point only), else
//!   lost.
//! - `x0` and `0x` (one end coming in) form a group: both hold the sum
//!   afterwards (the end goes on down or right).
//! - `((` and `))` join two pieces: the far end of one of them turns round
//!   and the count moves to the state with the pair `00`. That state is
//!   smaller than the source (the pair went to 0 and the re-marked plug,
//!   further left for `))` or further right but from 2 to 1 for `((`), so the
//!   ascending pass has already updated its group and the count is added to
//!   the new value.
//!
//! At the end of a row, the right plug is empty and the frontier shifts by
//! one plug (the plug of column 0 enters empty); the shifted state is never
//! smaller in rank, so the table is rewritten in place in descending order.
//!
//! Each block (the slots of one high half) has a flag, false only when the
//! block holds zeros; groups whose blocks are all zeros are passed over
//! (most of a Hamiltonian table stays zero).
//!
//! Without a limit, [`count`] hands the grid to [`super::fold`] (a frontier
//! of `W` plugs, about half the slots, counted by residues); this table
//! counts the rest: with a limit, or where the fold does not reach.
//!
//! Counts are exact: `w` 64-bit limbs a slot, and the table widens by one
//! limb before any top limb could overflow (a top limb stays below `2^56`
//! between points; a point sums at most `2 W + 4` old counts into one slot).

use super::bignum::Nat;
use super::residue;
use super::sweep::Count;
use crate::error::{Error, Result};
use crate::interrupt::Stop;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// Which cycles are counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cycles {
    /// Every non-empty single cycle.
    All,
    /// Single cycles through every point.
    Hamiltonian,
}

/// Most plugs a frontier may have (the state is one 64-bit word).
const MAX_PLUGS: usize = 32;

/// A top limb at or above this widens the table before the next point.
const WIDEN_AT: u64 = 1 << 56;

/// Marks a half that cannot begin or end a balanced string.
const BAD: u8 = u8::MAX;

/// The rank of every balanced string of `plugs` plugs.
pub(super) struct Ranks {
    /// Plugs in the low half.
    pub(super) lo_plugs: u32,
    /// Per low half: the number of "(" it leaves open, or [`BAD`].
    pub(super) lo_open: Vec<u8>,
    /// Per low half: its index among the low halves with as many open.
    pub(super) lo_index: Vec<u32>,
    /// The valid low halves with `k` open, ascending (`lo_lists[k]`).
    pub(super) lo_lists: Vec<Vec<u32>>,
    /// Per high half: the number of ")" it closes past its start, or [`BAD`].
    pub(super) hi_close: Vec<u8>,
    /// Per high half: the first slot of its block.
    pub(super) hi_base: Vec<u32>,
    /// The valid high halves, ascending, with their block's first slot.
    pub(super) hi_list: Vec<(u32, u32)>,
    /// Number of slots (balanced strings).
    pub(super) len: usize,
}

impl Ranks {
    /// Rank tables for `plugs` plugs, or `None` when the strings number more
    /// than `max`.
    pub(super) fn new(plugs: usize, max: usize) -> Option<Ranks> {
        Ranks::split(plugs, plugs / 2, max)
    }

    /// [`Ranks::new`] with `lo_plugs` plugs in the low half (the ranks are
    /// the same whatever the split: the numeric order of the strings).
    pub(super) fn split(plugs: usize, lo_plugs: usize, max: usize) -> Option<Ranks> {
        // The number of balanced strings first (a Motzkin number), so that
        // a table too large is refused before its rank tables are built.
        let mut ways = vec![0u128; plugs + 2];
        ways[0] = 1;
        for _ in 0..plugs {
            let mut next = vec![0u128; plugs + 2];
            for d in 0..=plugs {
                next[d] = ways[d] + if d > 0 { ways[d - 1] } else { 0 } + ways[d + 1];
            }
            ways = next;
        }
        if ways[0] > max.min(u32::MAX as usize) as u128 {
            return None;
        }
        let lo_plugs = lo_plugs.min(plugs) as u32;
        let hi_plugs = plugs as u32 - lo_plugs;
        let scan = |bits: u32, forward: bool| -> (Vec<u8>, usize) {
            let n = 1usize << (2 * bits);
            let mut open = vec![BAD; n];
            let mut most = 0;
            'half: for (v, slot) in open.iter_mut().enumerate() {
                let mut depth = 0i32;
                for i in 0..bits {
                    let p = if forward { i } else { bits - 1 - i };
                    match (v >> (2 * p)) & 3 {
                        0 => {}
                        3 => continue 'half,
                        x if (x == 1) == forward => depth += 1,
                        _ => {
                            depth -= 1;
                            if depth < 0 {
                                continue 'half;
                            }
                        }
                    }
                }
                *slot = depth as u8;
                most = most.max(depth as usize);
            }
            (open, most)
        };
        let (lo_open, lo_most) = scan(lo_plugs, true);
        let (hi_close, _) = scan(hi_plugs, false);
        let mut lo_lists: Vec<Vec<u32>> = vec![Vec::new(); lo_most + 1];
        let mut lo_index = vec![0u32; lo_open.len()];
        for (v, &k) in lo_open.iter().enumerate() {
            if k != BAD {
                let list = &mut lo_lists[k as usize];
                lo_index[v] = list.len() as u32;
                list.push(v as u32);
            }
        }
        let mut hi_base = vec![u32::MAX; hi_close.len()];
        let mut hi_list = Vec::new();
        let mut len = 0usize;
        for (v, &k) in hi_close.iter().enumerate() {
            if k != BAD && (k as usize) < lo_lists.len() && !lo_lists[k as usize].is_empty() {
                if len > max || len > u32::MAX as usize {
                    return None;
                }
                hi_base[v] = len as u32;
                hi_list.push((v as u32, len as u32));
                len += lo_lists[k as usize].len();
            }
        }
        if len > max {
            return None;
        }
        Some(Ranks { lo_plugs, lo_open, lo_index, lo_lists, hi_close, hi_base, hi_list, len })
    }

    /// The slot of balanced state `s`.
    #[inline(always)]
    pub(super) fn rank(&self, s: u64) -> usize {
        let lo = (s & ((1u64 << (2 * self.lo_plugs)) - 1)) as usize;
        self.hi_base[(s >> (2 * self.lo_plugs)) as usize] as usize + self.lo_index[lo] as usize
    }

    /// The slot of `s`, or `None` when `s` is not balanced.
    #[inline(always)]
    pub(super) fn rank_checked(&self, s: u64) -> Option<usize> {
        let lo = (s & ((1u64 << (2 * self.lo_plugs)) - 1)) as usize;
        let hi = (s >> (2 * self.lo_plugs)) as usize;
        let k = self.lo_open[lo];
        (k != BAD && self.hi_close[hi] == k).then(|| self.hi_base[hi] as usize + self.lo_index[lo] as usize)
    }
}

/// The number of limbs of a slot: a constant for the common widths (so
/// that a slot's sums unroll), or any width.
trait Limbs: Copy + Send + Sync {
    /// The word a slot is made of.
    type Word: Word;
    fn n(self) -> usize;
    /// `Some(m)` when a slot is one word counted modulo `m` (`0`: `2^64`),
    /// `None` when its limbs are the exact count.
    #[inline(always)]
    fn modulus(self) -> Option<u64> {
        None
    }
}

/// A slot's word: 64 bits (the limbs of an exact count, or a residue
/// modulo `2^64` or a prime below `2^63`) or 32 (a residue modulo `2^32` or
/// a prime below `2^32`: half the memory, twice the passes).
trait Word: Copy + Send + Sync + Eq {
    const ZERO: Self;
    fn get(self) -> u64;
    /// The low bits of `v`.
    fn of(v: u64) -> Self;
}

impl Word for u64 {
    const ZERO: u64 = 0;
    #[inline(always)]
    fn get(self) -> u64 {
        self
    }
    #[inline(always)]
    fn of(v: u64) -> u64 {
        v
    }
}

impl Word for u32 {
    const ZERO: u32 = 0;
    #[inline(always)]
    fn get(self) -> u64 {
        u64::from(self)
    }
    #[inline(always)]
    fn of(v: u64) -> u32 {
        v as u32
    }
}

/// A [`Limbs`] of one word a slot, counted modulo what `modulus` gives:
/// `$name(m)` holds its modulus at run time, a unit struct a fixed one that
/// the sweep's sums then specialise on.
macro_rules! one_word {
    (@impl $name:ident, $word:ty, |$slot:ident| $modulus:expr) => {
        impl Limbs for $name {
            type Word = $word;
            #[inline(always)]
            fn n(self) -> usize {
                1
            }
            #[inline(always)]
            fn modulus(self) -> Option<u64> {
                let $slot = self;
                Some($modulus)
            }
        }
    };
    ($(#[$doc:meta])* $name:ident($word:ty)) => {
        $(#[$doc])*
        #[derive(Clone, Copy)]
        struct $name(u64);
        one_word!(@impl $name, $word, |slot| slot.0);
    };
    ($(#[$doc:meta])* $name:ident($word:ty) = $modulus:expr) => {
        $(#[$doc])*
        #[derive(Clone, Copy)]
        struct $name;
        one_word!(@impl $name, $word, |_slot| $modulus);
    };
}

one_word!(
    /// A 32-bit word a slot, counted modulo `2^32` (`Half(1 << 32)`) or a
    /// prime below `2^32`.
    Half(u32)
);
one_word!(
    /// One word a slot, counted modulo `2^64` (wrapping sums).
    Wrap(u64) = 0
);
one_word!(
    /// One word a slot, counted modulo a prime below `2^63` (a sum of two
    /// residues does not overflow).
    Prime(u64)
);

/// `L` limbs.
#[derive(Clone, Copy)]
struct Fixed<const L: usize>;

impl<const L: usize> Limbs for Fixed<L> {
    type Word = u64;
    #[inline(always)]
    fn n(self) -> usize {
        L
    }
}

/// Any number of limbs.
#[derive(Clone, Copy)]
struct Dyn(usize);

impl Limbs for Dyn {
    type Word = u64;
    #[inline(always)]
    fn n(self) -> usize {
        self.0
    }
}

/// The counts, `w` limbs a slot.
struct Table {
    words: Vec<u64>,
    w: usize,
    /// Bitwise or of the top limbs written since the last check.
    top: u64,
}

/// The table as the workers of a point or a row change share it: raw
/// pointers to the counts and the block flags. Each worker writes only the
/// slots of the groups it claimed (phase one), of the join sources it
/// claimed and the join targets in its part (phases two and three), or of
/// the blocks it moves and their targets (a level of the row change), and
/// reads only those; see [`Point::run`] and [`shift`]. The flags are read
/// and written atomically, since phase two sets those of other parts'
/// blocks (see [`Parts`]).
#[derive(Clone, Copy)]
struct Shared {
    words: *mut u64,
    words_len: usize,
    live: *mut bool,
    live_len: usize,
}

// SAFETY: the pointers are only dereferenced under the partition above,
// while the table and flags outlive the scoped workers.
unsafe impl Send for Shared {}
unsafe impl Sync for Shared {}

/// One worker's view of the table with a width type.
struct Slots<W: Limbs> {
    shared: Shared,
    w: W,
    /// Bitwise or of the top limbs this worker wrote.
    top: u64,
}

impl<W: Limbs> Slots<W> {
    /// The table as words of this width, and their number.
    #[inline(always)]
    fn words(&self) -> (*mut W::Word, usize) {
        let len = self.shared.words_len * (8 / std::mem::size_of::<W::Word>());
        (self.shared.words.cast::<W::Word>(), len)
    }

    #[inline(always)]
    fn get(&self, r: usize) -> &[W::Word] {
        let w = self.w.n();
        let (words, len) = self.words();
        assert!(r * w + w <= len);
        // SAFETY: in bounds (checked; a u32 is aligned where a u64 is); no
        // other worker writes this slot now.
        unsafe { std::slice::from_raw_parts(words.add(r * w), w) }
    }

    #[inline(always)]
    fn slot(&mut self, r: usize) -> &mut [W::Word] {
        let w = self.w.n();
        let (words, len) = self.words();
        assert!(r * w + w <= len);
        // SAFETY: in bounds (checked); this worker alone touches this slot now.
        unsafe { std::slice::from_raw_parts_mut(words.add(r * w), w) }
    }

    /// Whether the block of high half `h` may hold a count other than zero.
    #[inline(always)]
    fn live(&self, h: usize) -> bool {
        assert!(h < self.shared.live_len);
        // SAFETY: in bounds, and a `bool` has the layout of an `AtomicBool`;
        // every access to a flag while workers run is atomic (phase two
        // sets the flags of other parts' blocks while their claimers read
        // them: see [`Parts`]).
        unsafe { (*self.shared.live.add(h).cast::<AtomicBool>()).load(Ordering::Relaxed) }
    }

    #[inline(always)]
    fn set_live(&mut self, h: usize, v: bool) {
        assert!(h < self.shared.live_len);
        // SAFETY: as in `live`.
        unsafe { (*self.shared.live.add(h).cast::<AtomicBool>()).store(v, Ordering::Relaxed) }
    }

    #[inline(always)]
    fn is_zero(&self, r: usize) -> bool {
        self.get(r).iter().all(|&l| l == W::Word::ZERO)
    }

    #[inline(always)]
    fn clear(&mut self, r: usize) {
        for l in self.slot(r) {
            *l = W::Word::ZERO;
        }
    }

    /// Slot `to` becomes `a + b` (slots `a`, `b` read before `to` is written;
    /// `None` is zero).
    #[inline(always)]
    fn set_sum(&mut self, to: usize, a: Option<usize>, b: Option<usize>) {
        let w = self.w.n();
        let end = |r: usize| r * w + w;
        if let Some(m) = self.w.modulus() {
            let (words, len) = self.words();
            assert!(end(to).max(a.map_or(0, end)).max(b.map_or(0, end)) <= len);
            // SAFETY: in bounds (checked above, one word a slot); no other
            // worker touches these slots now.
            unsafe {
                let x = a.map_or(0, |a| (*words.add(a)).get());
                let y = b.map_or(0, |b| (*words.add(b)).get());
                // Modulo 2^32 the sum wraps as the word keeps its low bits.
                *words.add(to) = W::Word::of(add_mod(x, y, m));
            }
            return;
        }
        assert!(end(to).max(a.map_or(0, end)).max(b.map_or(0, end)) <= self.shared.words_len);
        // Exact counts: limbs of 64 bits.
        let words = self.shared.words;
        let mut carry = 0u64;
        let mut last = 0u64;
        for i in 0..w {
            // SAFETY: in bounds (checked above); limb i of `a` and `b` is
            // read before limb i of `to` is written (they may be the same
            // slot), and no other worker touches these slots now.
            unsafe {
                let x = a.map_or(0, |a| *words.add(a * w + i));
                let y = b.map_or(0, |b| *words.add(b * w + i));
                let (s1, c1) = x.overflowing_add(y);
                let (s2, c2) = s1.overflowing_add(carry);
                carry = u64::from(c1) + u64::from(c2);
                *words.add(to * w + i) = s2;
                last = s2;
            }
        }
        self.top |= last;
    }

    /// Slot `to` gains slot `from`'s count, which becomes zero.
    #[inline(always)]
    fn move_into(&mut self, to: usize, from: usize) {
        self.set_sum(to, Some(to), Some(from));
        self.clear(from);
    }

    /// Slot `to` becomes slot `from`'s count, which becomes zero.
    #[inline(always)]
    fn move_to(&mut self, to: usize, from: usize) {
        self.set_sum(to, Some(from), None);
        self.clear(from);
    }
}

impl Table {
    /// The words as 32-bit words (a table of [`Half`] slots).
    fn halves(&mut self) -> &mut [u32] {
        let len = 2 * self.words.len();
        // SAFETY: the same memory, u32 aligned where u64 is, twice as many.
        unsafe { std::slice::from_raw_parts_mut(self.words.as_mut_ptr().cast::<u32>(), len) }
    }

    /// Word `i` of a one-word-a-slot table (`half`: 32-bit words).
    fn word(&mut self, i: usize, half: bool) -> u64 {
        if half {
            u64::from(self.halves()[i])
        } else {
            self.words[i]
        }
    }

    /// Word `i` becomes `v` (`half`: 32-bit words, `v` below `2^32`).
    fn set_word(&mut self, i: usize, half: bool, v: u64) {
        if half {
            self.halves()[i] = v as u32;
        } else {
            self.words[i] = v;
        }
    }

    /// One more limb a slot, the slots moved up in place from the last.
    fn widen(&mut self, stop: &mut Stop<'_>) -> Result<()> {
        let (w, n) = (self.w, self.words.len() / self.w);
        self.words.try_reserve_exact(n).map_err(|_| Error::Capacity("no memory for a wider table".into()))?;
        self.words.resize(n * (w + 1), 0);
        for r in (0..n).rev() {
            if r % 4096 == 0 && stop.requested() {
                return Err(Error::Interrupted);
            }
            self.words.copy_within(r * w..r * w + w, r * (w + 1));
            self.words[r * (w + 1) + w] = 0;
        }
        self.w = w + 1;
        self.top = 0;
        Ok(())
    }
}

/// `n` zero words, fresh from the allocator: a large block comes zeroed
/// from the operating system, its pages mapped when first written, so that
/// the slots never written (most of a Hamiltonian table) take no memory.
pub(super) fn zeroed(n: usize) -> Result<Vec<u64>> {
    let refuse = || Error::Capacity(format!("no memory for a table of {n} counts"));
    if n == 0 {
        return Ok(Vec::new());
    }
    let layout = std::alloc::Layout::array::<u64>(n).map_err(|_| refuse())?;
    // SAFETY: the layout is not zero-sized (n > 0).
    let words = unsafe { std::alloc::alloc_zeroed(layout) }.cast::<u64>();
    if words.is_null() {
        return Err(refuse());
    }
    // SAFETY: allocated by the global allocator with the layout of `n` u64
    // (a Vec's own), every word initialised (zero).
    Ok(unsafe { Vec::from_raw_parts(words, n, n) })
}

/// Runs `$body` with `$s` bound to the width type of a table `$w` limbs
/// wide (constant up to 8 limbs).
macro_rules! with_width {
    ($w:expr, $s:ident => $body:expr) => {
        with_width!(@arms $w, $s => $body; 1 2 3 4 5 6 7 8)
    };
    (@arms $w:expr, $s:ident => $body:expr; $($n:literal)*) => {{
        match $w {
            $($n => {
                let $s = Fixed::<$n>;
                $body
            })*
            w => {
                let $s = Dyn(w);
                $body
            }
        }
    }};
}

/// `x + y` modulo `m` (`0`: `2^64`; `2^32` wraps in its 32-bit word), `x`
/// and `y` residues.
#[inline(always)]
fn add_mod(x: u64, y: u64, m: u64) -> u64 {
    if m == 0 || m == 1 << 32 {
        x.wrapping_add(y)
    } else {
        // Residues of a prime below 2^63 (or 2^32) sum below 2^64.
        let s = x + y;
        if s >= m {
            s - m
        } else {
            s
        }
    }
}

/// Runs `$body` with `$s` bound to the slot type of `$arith` (exact
/// counts `$w` limbs wide, or one word modulo a number).
macro_rules! with_arith {
    ($arith:expr, $w:expr, $s:ident => $body:expr) => {
        match $arith {
            Arith::Exact => with_width!($w, $s => $body),
            Arith::Modulo(0) => {
                let $s = Wrap;
                $body
            }
            Arith::Modulo(m) if m <= 1 << 32 => {
                let $s = Half(m);
                $body
            }
            Arith::Modulo(p) => {
                let $s = Prime(p);
                $body
            }
        }
    };
}

/// How a pass keeps its counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Arith {
    /// Exact, the table widened by a limb when its counts need one.
    Exact,
    /// One word a slot, modulo this number: `0` (`2^64`) or a prime below
    /// `2^63` in a 64-bit word; `2^32` or a prime below `2^32` in a 32-bit
    /// word.
    Modulo(u64),
}

/// How [`count_with`] counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// With no limit, the folded frontier ([`super::fold`]) where it
    /// reaches; else residues for a large table whose counts need more than one word,
    /// else exact (see [`count`]).
    Auto,
    /// One exact pass.
    Exact,
    /// One pass per modulus, the count rebuilt from the residues: 64-bit
    /// slots.
    Residues,
    /// The same with 32-bit slots (half the memory, about twice the passes).
    HalfResidues,
}

/// A table whose exact counts would take more bytes than this (its slots
/// times the words of the count's bound) counts by residues, one word a
/// slot; a smaller one counts exactly in one pass. A residue pass costs
/// about as much CPU as half an exact one (the sweep is bound by reaching
/// its slots, not by their width), and a count of `b` bits needs about
/// `b / 63` of them: residues take two to three times the CPU for a third
/// to a quarter of the memory, worth it only where the exact table would
/// not fit in a machine's memory. Measured on a loaded machine, Hamiltonian
/// cycles: 18 x 18 points exact 10.7-11.3 s and 438 MB, three residue
/// passes 21-25 s and 154 MB; 20 x 20 points (A003763(10)) exact 121.7 s
/// and 4.5 GB, four residue passes 334 s and 1.17 GB.
const RESIDUE_BYTES: usize = 8 << 30;

/// The matching ")" of the "(" at plug `p` of `s`.
#[inline(always)]
pub(super) fn partner_right(s: u64, p: u32) -> u32 {
    let mut depth = 0i32;
    let mut m = s & (u64::MAX << (2 * p));
    loop {
        let b = m.trailing_zeros() & !1;
        if (m >> b) & 3 == 1 {
            depth += 1;
        } else {
            depth -= 1;
            if depth == 0 {
                return b / 2;
            }
        }
        m &= !(3u64 << b);
    }
}

/// The matching "(" of the ")" at plug `p` of `s`.
#[inline(always)]
pub(super) fn partner_left(s: u64, p: u32) -> u32 {
    let mut depth = 0i32;
    let keep = 2 * p + 2;
    let mut m = if keep == 64 { s } else { s & ((1u64 << keep) - 1) };
    loop {
        let b = (63 - m.leading_zeros()) & !1;
        if (m >> b) & 3 == 2 {
            depth += 1;
        } else {
            depth -= 1;
            if depth == 0 {
                return b / 2;
            }
        }
        m &= !(3u64 << b);
    }
}

/// The number of single cycles of `kind` on a grid of `rows` x `cols`
/// points, or `None` when its table would pass `max_states` slots (or the
/// frontier one word); the caller then uses the general sweep. `peak_states`
/// is the table's number of slots.
///
/// With no `limit`, the folded frontier of `W` plugs counts it
/// ([`super::fold`]: residues, about half the slots of this module's table
/// and one word a slot); past its reach, or with a limit (checked against
/// exact counts as loops close), this module's table: a table whose exact
/// counts would pass [`RESIDUE_BYTES`] (8 GiB), with no `limit`, is swept
/// once per modulus (one word a slot, see [`super::residue`]); any other is
/// swept once with exact counts.
pub fn count(
    rows: usize,
    cols: usize,
    kind: Cycles,
    limit: Option<u64>,
    max_states: usize,
    threads: usize,
    stop: &mut Stop<'_>,
) -> Result<Option<Count>> {
    // A limit is checked against exact counts as they close.
    let mode = if limit.is_some() { Mode::Exact } else { Mode::Auto };
    count_with(rows, cols, kind, limit, max_states, threads, mode, stop)
}

/// [`count`] with the choice of exact counts or residues made by `mode`
/// (residues need no `limit`: with one, the count is exact).
#[allow(clippy::too_many_arguments, reason = "count's arguments and the mode")]
pub fn count_with(
    rows: usize,
    cols: usize,
    kind: Cycles,
    limit: Option<u64>,
    max_states: usize,
    threads: usize,
    mode: Mode,
    stop: &mut Stop<'_>,
) -> Result<Option<Count>> {
    if mode == Mode::Auto && limit.is_none() {
        // The folded frontier (`W` plugs, residues): about half the slots.
        if let Some(count) = super::fold::count(rows, cols, kind, max_states, threads, stop)? {
            return Ok(Some(count));
        }
    }
    // Sweep along the longer side: the frontier spans the shorter one.
    let (height, width) = (rows.max(cols), rows.min(cols));
    if width < 2 || width + 1 > MAX_PLUGS {
        return Ok(None);
    }
    let Some(ranks) = Ranks::new(width + 1, max_states) else { return Ok(None) };
    // A cycle is a set of edges: the count is below 2^edges, so a table whose
    // exact counts stay within the bytes at that many bits skips the bound.
    let edges = height * (width - 1) + width * (height - 1);
    let surely_small = ranks.len.saturating_mul(8 * edges.div_ceil(64)) <= RESIDUE_BYTES;
    let residues = limit.is_none()
        && match mode {
            Mode::Exact => false,
            Mode::Auto => !surely_small,
            Mode::Residues | Mode::HalfResidues => true,
        };
    let bits = if residues { residue::count_bound(height, width, kind == Cycles::Hamiltonian, stop)? } else { None };
    let moduli = match bits {
        Some(bits)
            if mode == Mode::Residues
                || (mode == Mode::Auto
                    && bits > 64
                    && ranks.len.saturating_mul(8 * bits.div_ceil(64) as usize) > RESIDUE_BYTES) =>
        {
            residue::moduli(bits, 64)
        }
        Some(bits) if mode == Mode::HalfResidues => residue::moduli(bits, 32),
        _ => {
            let count = sweep(&ranks, height, width, kind, limit, Arith::Exact, threads, stop, &mut |_| {})?;
            return Ok(Some(Count { count, peak_states: ranks.len }));
        }
    };
    let mut got = Vec::with_capacity(moduli.len());
    for &m in &moduli {
        let r = sweep(&ranks, height, width, kind, None, Arith::Modulo(m), threads, stop, &mut |_| {})?;
        got.push(r.to_u64().expect("a residue is one word"));
    }
    Ok(Some(Count { count: residue::crt(&moduli, &got), peak_states: ranks.len }))
}

/// One sweep of the table: the count (exact, or its residue modulo the
/// modulus of `arith`), clamped to `limit` (exact counts only); `seen` is
/// shown the table's words after every point and row change (a probe of
/// which slots ever hold a count; `&mut |_| {}` for none).
#[allow(clippy::too_many_arguments, reason = "the grid, what is counted and how, and the probe")]
fn sweep(
    ranks: &Ranks,
    height: usize,
    width: usize,
    kind: Cycles,
    limit: Option<u64>,
    arith: Arith,
    threads: usize,
    stop: &mut Stop<'_>,
    seen: &mut dyn FnMut(&[u64]),
) -> Result<Nat> {
    // A fresh table of zeros each pass (the last one's pages go back).
    let half = matches!(arith, Arith::Modulo(m) if m != 0 && m <= 1 << 32);
    let mut table = Table { words: zeroed(if half { ranks.len.div_ceil(2) } else { ranks.len })?, w: 1, top: 0 };
    table.set_word(ranks.rank(0), half, 1);
    // Per high half: whether its block may hold a count other than zero.
    let mut live = vec![false; ranks.hi_close.len()];
    live[0] = true;
    let mut total = Nat::zero();
    let mut residue = 0u64;
    let mut joins = Joins::default();
    for row in 0..height {
        for c in 0..width as u32 {
            let can_down = row + 1 < height;
            let can_right = (c as usize) + 1 < width;
            let point = Point { c, can_down, can_right, allow_empty: kind == Cycles::All };
            if kind == Cycles::All || (!can_down && !can_right) {
                // A loop closed here with every other plug empty: a
                // solution (one way on: every later point empty).
                let r12 = ranks.rank((1 << (2 * c)) | (2 << (2 * c + 2)));
                let w = table.w;
                match arith {
                    Arith::Exact => total.add_assign(&Nat::from_limbs(&table.words[r12 * w..r12 * w + w])),
                    Arith::Modulo(0) => residue = residue.wrapping_add(table.words[r12]),
                    Arith::Modulo(m) => {
                        let x = table.word(r12, half);
                        residue = ((u128::from(residue) + u128::from(x)) % u128::from(m)) as u64
                    }
                }
                // Solutions found only add up: once they reach the limit,
                // the rest of the sweep cannot change the answer.
                if let Some(limit) = limit.filter(|&l| total.cmp_u64(l) != std::cmp::Ordering::Less) {
                    return Ok(Nat::from(limit));
                }
            }
            with_arith!(arith, table.w, w => point.run(ranks, &mut table, &mut live, w, threads, &mut joins, stop))?;
            seen(&table.words);
            if table.top >= WIDEN_AT {
                table.widen(stop)?;
            }
            table.top = 0;
        }
        if row + 1 < height {
            with_arith!(arith, table.w, w => shift(ranks, &mut table, &mut live, w, width, threads, stop))?;
            seen(&table.words);
        }
    }
    Ok(match (arith, limit) {
        (Arith::Modulo(_), _) => Nat::from(residue),
        (Arith::Exact, Some(limit)) => total.min_u64(limit),
        (Arith::Exact, None) => total,
    })
}

/// One point of a row: its column and the moves its place allows.
struct Point {
    c: u32,
    can_down: bool,
    can_right: bool,
    /// The point may stay off the loop (all cycles).
    allow_empty: bool,
}

/// Sentinel of a slot that does not exist.
const NONE: u32 = u32::MAX;

/// Blocks a worker claims at a time.
const CHUNK: usize = 16;

impl Point {
    /// The group `00`, `()`, `)(` at slots `r`, `r12`, `r21` (closings
    /// already counted).
    #[inline(always)]
    fn group00<W: Limbs>(&self, t: &mut Slots<W>, r: usize, r12: usize, r21: Option<usize>) {
        // Zeros in, zeros out: nothing written (a line left clean is not
        // written back).
        let (z00, z12) = (t.is_zero(r), t.is_zero(r12));
        let z21 = r21.is_none_or(|r21| t.is_zero(r21));
        if z00 && z12 && z21 {
            return;
        }
        if self.can_right && self.can_down {
            t.set_sum(r12, Some(r), None);
        } else {
            t.clear(r12);
        }
        t.set_sum(r, self.allow_empty.then_some(r), r21);
        if let Some(r21) = r21.filter(|_| !z21) {
            t.clear(r21);
        }
    }

    /// The group `x0`, `0x` at slots `r`, `r01`.
    #[inline(always)]
    fn group_x0<W: Limbs>(&self, t: &mut Slots<W>, r: usize, r01: usize) {
        if t.is_zero(r) && t.is_zero(r01) {
            return;
        }
        match (self.can_down, self.can_right) {
            (true, true) => {
                t.set_sum(r, Some(r), Some(r01));
                t.set_sum(r01, Some(r), None);
            }
            (true, false) => {
                t.set_sum(r, Some(r), Some(r01));
                t.clear(r01);
            }
            (false, true) => {
                t.set_sum(r01, Some(r), Some(r01));
                t.clear(r);
            }
            (false, false) => {
                t.clear(r);
                t.clear(r01);
            }
        }
    }

    /// A join: slot `from` (pair `((` or `))`) moves into slot `to`.
    #[inline(always)]
    fn join<W: Limbs>(t: &mut Slots<W>, to: usize, from: usize) {
        if !t.is_zero(from) {
            t.move_into(to, from);
        }
    }

    /// State `s` at slot `r`, when its pair makes it a group's anchor
    /// (`00`, `x0`): its group, the blocks written a count other than zero
    /// marked live.
    #[inline(always)]
    fn one_group<W: Limbs>(&self, ranks: &Ranks, t: &mut Slots<W>, s: u64, r: usize) {
        let (sh0, sh1) = (2 * self.c, 2 * self.c + 2);
        let lo_bits = 2 * ranks.lo_plugs;
        let mark = |t: &mut Slots<W>, state: u64, slot: usize| {
            if !t.is_zero(slot) {
                t.set_live((state >> lo_bits) as usize, true);
            }
        };
        match ((s >> sh0) & 3, (s >> sh1) & 3) {
            (0, 0) => {
                let s12 = s | (1 << sh0) | (2 << sh1);
                let r12 = ranks.rank(s12);
                let r21 = ranks.rank_checked(s | (2 << sh0) | (1 << sh1));
                self.group00(t, r, r12, r21);
                mark(t, s12, r12);
                mark(t, s, r);
            }
            (x @ (1 | 2), 0) => {
                let s01 = (s & !(3 << sh0)) | (x << sh1);
                let r01 = ranks.rank(s01);
                self.group_x0(t, r, r01);
                mark(t, s01, r01);
                mark(t, s, r);
            }
            _ => {}
        }
    }

    /// The join target of state `s` (pair `((` or `))`), else `None`.
    #[inline(always)]
    fn target(&self, s: u64) -> Option<u64> {
        let (sh0, sh1) = (2 * self.c, 2 * self.c + 2);
        let (q, v) = match ((s >> sh0) & 3, (s >> sh1) & 3) {
            (1, 1) => (partner_right(s, self.c + 1), 1),
            (2, 2) => (partner_left(s, self.c), 2),
            _ => return None,
        };
        Some((s & !(15 << sh0) & !(3 << (2 * q))) | (v << (2 * q)))
    }

    /// State `s` at slot `r`: its join, when it is a join source holding
    /// a count, handed to `emit`.
    #[inline(always)]
    fn one_join<W: Limbs>(&self, ranks: &Ranks, t: &mut Slots<W>, s: u64, r: usize, emit: &mut impl Emit<W>) {
        // The pair first: in phase two a slot that is no join source may be
        // another worker's join target, written meanwhile.
        let (sh0, sh1) = (2 * self.c, 2 * self.c + 2);
        if !matches!(((s >> sh0) & 3, (s >> sh1) & 3), (1, 1) | (2, 2)) || t.is_zero(r) {
            return;
        }
        if let Some(to) = self.target(s) {
            emit.emit(
                t,
                Move {
                    block: (to >> (2 * ranks.lo_plugs)) as u32,
                    to: ranks.rank(to) as u32,
                    from: r as u32,
                    len: 1,
                    source: NONE,
                },
            );
        }
    }

    /// The point over the whole table by `threads` workers.
    ///
    /// On one worker the blocks go in ascending order, each block's groups
    /// (`00` with `()` and `)(`; `x0` with `0x`) and then its joins. On
    /// several, in three phases. One: the groups, and the joins inside a
    /// block of the low-half case; the slots of a group lie in its anchor's
    /// block and blocks no other group touches (the sibling blocks of the
    /// high-half case, the blocks with the same high half but for its first
    /// plug in the straddling case), so workers claim anchor blocks. Two,
    /// reading only: workers claim blocks and list their joins across
    /// blocks by the part of the target block (block modulo the workers).
    /// Three: each worker makes the joins of its part. A join's source (pair
    /// `((` or `))`) is no group's slot and is in one list only; its target
    /// (pair `00`) holds its new count after phase one and lies in one part.
    /// A count is the same sum of the same counts whatever the order.
    #[allow(clippy::too_many_arguments, reason = "the table, its flags, the width and the workers")]
    fn run<W: Limbs>(
        &self,
        ranks: &Ranks,
        table: &mut Table,
        live: &mut [bool],
        w: W,
        threads: usize,
        joins: &mut Joins,
        stop: &mut Stop<'_>,
    ) -> Result<()> {
        let plans: Vec<Plan> = if self.c + 1 < ranks.lo_plugs {
            (0..ranks.lo_lists.len()).map(|k| self.plan(ranks, k)).collect()
        } else {
            Vec::new()
        };
        let shared = Shared {
            words: table.words.as_mut_ptr(),
            words_len: table.words.len(),
            live: live.as_mut_ptr(),
            live_len: live.len(),
        };
        let blocks = ranks.hi_list.len();
        let threads = threads.clamp(1, blocks.max(1));
        if threads == 1 {
            // One worker: each block's joins right after its groups, while
            // its slots are in cache. Their targets lie in earlier blocks
            // (the pair went to `00` and the re-marked plug lowered the
            // state), whose groups are done.
            let mut t = Slots { shared, w, top: 0 };
            for b in 0..blocks {
                if b % CHUNK == 0 && stop.requested() {
                    return Err(Error::Interrupted);
                }
                self.groups(ranks, &mut t, &plans, b);
                self.joins(ranks, &mut t, &plans, b, &mut Now);
            }
            table.top |= t.top;
            return Ok(());
        }
        // Phase one: workers claim chunks of anchor blocks; the calling
        // thread is worker 0 and the only one to ask `stop`.
        let next = AtomicUsize::new(0);
        let abort = AtomicBool::new(false);
        let claim = |t: &mut Slots<W>| -> bool {
            if abort.load(Ordering::Relaxed) {
                return false;
            }
            let from = next.fetch_add(CHUNK, Ordering::Relaxed);
            for b in from..(from + CHUNK).min(blocks) {
                self.groups(ranks, t, &plans, b);
            }
            from < blocks
        };
        let top = std::thread::scope(|scope| {
            let handles: Vec<_> = (1..threads)
                .map(|_| {
                    scope.spawn(|| {
                        let mut t = Slots { shared, w, top: 0 };
                        while claim(&mut t) {}
                        t.top
                    })
                })
                .collect();
            let mut t = Slots { shared, w, top: 0 };
            loop {
                if stop.requested() {
                    abort.store(true, Ordering::Relaxed);
                }
                if !claim(&mut t) {
                    break;
                }
            }
            handles.into_iter().fold(t.top, |top, h| top | h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
        });
        table.top |= top;
        if abort.load(Ordering::Relaxed) {
            return Err(Error::Interrupted);
        }
        // Phase two: workers claim source blocks; a join into a block of
        // the worker's own part (block modulo the workers) is made at once,
        // the others are kept for phase three by the part of their target.
        joins.workers(threads);
        let next = AtomicUsize::new(0);
        let collect = |me: usize, slots: &mut [Vec<(u32, u32)>], moves: &mut [Vec<Move>]| -> u64 {
            let mut t = Slots { shared, w, top: 0 };
            let mut parts = Parts { me, slots, moves };
            loop {
                let from = next.fetch_add(CHUNK, Ordering::Relaxed);
                if from >= blocks || abort.load(Ordering::Relaxed) {
                    break;
                }
                for b in from..(from + CHUNK).min(blocks) {
                    self.joins(ranks, &mut t, &plans, b, &mut parts);
                }
            }
            t.top
        };
        let collect = &collect;
        let top = std::thread::scope(|scope| {
            let mut each = joins.slots.iter_mut().zip(joins.moves.iter_mut()).enumerate();
            let (_, (slots0, moves0)) = each.next().expect("one worker at least");
            let handles: Vec<_> =
                each.map(|(me, (slots, moves))| scope.spawn(move || collect(me, slots, moves))).collect();
            let top = collect(0, slots0, moves0);
            handles.into_iter().fold(top, |top, h| top | h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
        });
        table.top |= top;
        if stop.requested() {
            joins.clear();
            return Err(Error::Interrupted);
        }
        // Phase three: each worker makes the joins kept for its part (a
        // source is in one list only, a target slot in one part only); the
        // flags were set when they were kept.
        let kept = &*joins;
        let top = std::thread::scope(|scope| {
            let apply = move |part: usize| {
                let mut t = Slots { shared, w, top: 0 };
                for (slots, moves) in kept.slots.iter().zip(&kept.moves) {
                    for &(to, from) in &slots[part] {
                        Point::join(&mut t, to as usize, from as usize);
                    }
                    for m in &moves[part] {
                        m.make(&mut t);
                    }
                }
                t.top
            };
            let handles: Vec<_> = (1..threads).map(|part| scope.spawn(move || apply(part))).collect();
            handles.into_iter().fold(apply(0), |top, h| top | h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
        });
        table.top |= top;
        joins.clear();
        Ok(())
    }

    /// Phase one for block number `b` (see [`Point::run`]).
    fn groups<W: Limbs>(&self, ranks: &Ranks, t: &mut Slots<W>, plans: &[Plan], b: usize) {
        let lo_bits = 2 * ranks.lo_plugs;
        let (sh0, sh1) = (2 * self.c, 2 * self.c + 2);
        let (hi, base) = ranks.hi_list[b];
        let (high, base, hb) = (u64::from(hi) << lo_bits, base as usize, hi as usize);
        let k = ranks.hi_close[hb];
        let list = &ranks.lo_lists[k as usize];
        let block = |s: u64| (s >> lo_bits) as usize;
        if self.c >= ranks.lo_plugs {
            // Both plugs in the high half: a block moves as a whole, slot j
            // to slot j of its sibling's block.
            match ((high >> sh0) & 3, (high >> sh1) & 3) {
                (0, 0) => {
                    let h12 = block(high | (1 << sh0) | (2 << sh1));
                    let h21 = block(high | (2 << sh0) | (1 << sh1));
                    let has21 = ranks.hi_close[h21] == k;
                    let (l00, l12, l21) = (t.live(hb), t.live(h12), has21 && t.live(h21));
                    if !(l00 || l12 || l21) {
                        return;
                    }
                    let b12 = ranks.hi_base[h12] as usize;
                    // A block of zeros is not read (its flag says so).
                    let b21 = l21.then(|| ranks.hi_base[h21] as usize);
                    for j in 0..list.len() {
                        self.group00(t, base + j, b12 + j, b21.map(|b| b + j));
                    }
                    t.set_live(h12, l00 && self.can_right && self.can_down);
                    t.set_live(hb, (l00 && self.allow_empty) || l21);
                    if has21 {
                        t.set_live(h21, false);
                    }
                }
                (x @ (1 | 2), 0) => {
                    let h01 = block((high & !(3 << sh0)) | (x << sh1));
                    if !(t.live(hb) || t.live(h01)) {
                        return;
                    }
                    let b01 = ranks.hi_base[h01] as usize;
                    for j in 0..list.len() {
                        self.group_x0(t, base + j, b01 + j);
                    }
                    t.set_live(hb, self.can_down);
                    t.set_live(h01, self.can_right);
                }
                _ => {}
            }
        } else if self.c + 1 < ranks.lo_plugs {
            // Both plugs in the low half: every block with as many open has
            // the same plan; a block keeps its joins inside.
            if !t.live(hb) {
                return;
            }
            let plan = &plans[k as usize];
            for &(j, j12, j21) in &plan.zeros {
                let r21 = (j21 != NONE).then(|| base + j21 as usize);
                self.group00(t, base + j as usize, base + j12 as usize, r21);
            }
            for &(j, j01) in &plan.ones {
                self.group_x0(t, base + j as usize, base + j01 as usize);
            }
            for &(j, to) in &plan.joins {
                Self::join(t, base + to as usize, base + j as usize);
            }
        } else {
            // The pair straddles the halves (plug c + 1 is the high half's
            // first): an anchor lies in a block whose first plug is empty,
            // its siblings in the blocks with a first plug 1 or 2.
            if hi & 3 != 0 {
                return;
            }
            let sib = |t: &Slots<W>, x: usize| ranks.hi_close.get(hb | x).is_some_and(|&c| c != BAD) && t.live(hb | x);
            if !t.live(hb) && !sib(t, 1) && !sib(t, 2) {
                return;
            }
            for (j, &lo) in list.iter().enumerate() {
                self.one_group(ranks, t, high | u64::from(lo), base + j);
            }
        }
    }

    /// The joins across blocks of block number `b`, handed to `emit` (see
    /// [`Point::run`]); reads the table only.
    fn joins<W: Limbs>(&self, ranks: &Ranks, t: &mut Slots<W>, plans: &[Plan], b: usize, emit: &mut impl Emit<W>) {
        let lo_bits = 2 * ranks.lo_plugs;
        let (sh0, sh1) = (2 * self.c, 2 * self.c + 2);
        let (hi, base) = ranks.hi_list[b];
        let (high, base, hb) = (u64::from(hi) << lo_bits, base as usize, hi as usize);
        if !t.live(hb) {
            return;
        }
        let k = ranks.hi_close[hb];
        let list = &ranks.lo_lists[k as usize];
        if self.c >= ranks.lo_plugs {
            let far = match ((high >> sh0) & 3, (high >> sh1) & 3) {
                (1, 1) => Some(partner_right(high, self.c + 1)),
                (2, 2) => partner_left_from(high, self.c, ranks.lo_plugs),
                _ => return,
            };
            match far {
                Some(_) => {
                    // The whole block moves to one block (and is then zeros).
                    let Some(to) = self.target(high) else { return };
                    let ht = (to >> lo_bits) as usize;
                    let to = ranks.hi_base[ht];
                    emit.emit(t, Move { block: ht as u32, to, from: base as u32, len: list.len() as u32, source: hi });
                }
                None => {
                    // A `))` whose far end is in the low half: state by state
                    // (the block keeps its flag).
                    for (j, &lo) in list.iter().enumerate() {
                        self.one_join(ranks, t, high | u64::from(lo), base + j, emit);
                    }
                }
            }
        } else if self.c + 1 < ranks.lo_plugs {
            for &j in &plans[k as usize].alone {
                let lo = list[j as usize];
                self.one_join(ranks, t, high | u64::from(lo), base + j as usize, emit);
            }
        } else {
            for (j, &lo) in list.iter().enumerate() {
                self.one_join(ranks, t, high | u64::from(lo), base + j, emit);
            }
        }
    }

    /// What a block with `k` open does at this point, the pair in the low half.
    fn plan(&self, ranks: &Ranks, k: usize) -> Plan {
        let (sh0, sh1) = (2 * self.c, 2 * self.c + 2);
        let mut plan = Plan::default();
        let index = |lo: u32| ranks.lo_index[lo as usize];
        for (j, &lo) in ranks.lo_lists[k].iter().enumerate() {
            let j = j as u32;
            match ((lo >> sh0) & 3, (lo >> sh1) & 3) {
                (0, 0) => {
                    let l21 = lo | (2 << sh0) | (1 << sh1);
                    let j21 = if ranks.lo_open[l21 as usize] as usize == k { index(l21) } else { NONE };
                    plan.zeros.push((j, index(lo | (1 << sh0) | (2 << sh1)), j21));
                }
                (x, 0) => plan.ones.push((j, index((lo & !(3 << sh0)) | (x << sh1)))),
                (1, 1) => match partner_right_below(u64::from(lo), self.c + 1, ranks.lo_plugs) {
                    Some(q) => {
                        let to = (lo & !(15 << sh0) & !(3 << (2 * q))) | (1 << (2 * q));
                        plan.joins.push((j, index(to)));
                    }
                    None => plan.alone.push(j),
                },
                (2, 2) => {
                    let p = partner_left(u64::from(lo), self.c);
                    plan.joins.push((j, index((lo & !(15 << sh0) & !(3 << (2 * p))) | (2 << (2 * p)))));
                }
                _ => {}
            }
        }
        plan
    }
}

/// A block's work at a point whose pair lies in the low half, by index in
/// the block: groups `00` (with the `()` and `)(` siblings, [`NONE`] when
/// `)(` does not exist), groups `x0` (with `0x`), joins inside the block
/// (source, target), and states to handle alone (a join whose far end lies
/// in the high half).
#[derive(Default)]
struct Plan {
    zeros: Vec<(u32, u32, u32)>,
    ones: Vec<(u32, u32)>,
    joins: Vec<(u32, u32)>,
    alone: Vec<u32>,
}

/// A join across blocks: `len` slots from slot `from` on move into the slots
/// from `to` on, in block `block` (its high half); `source` is the high half
/// of a source block moved whole (then zeros), else [`NONE`].
#[derive(Clone, Copy)]
struct Move {
    block: u32,
    to: u32,
    from: u32,
    len: u32,
    source: u32,
}

impl Move {
    /// Makes the move, flags included.
    #[inline(always)]
    fn apply<W: Limbs>(self, t: &mut Slots<W>) {
        self.make(t);
        self.flag(t);
    }

    /// Moves the counts only.
    #[inline(always)]
    fn make<W: Limbs>(self, t: &mut Slots<W>) {
        for i in 0..self.len as usize {
            Point::join(t, self.to as usize + i, self.from as usize + i);
        }
    }

    /// Sets the flags the move changes: its target block may hold a count,
    /// a source block moved whole holds none.
    #[inline(always)]
    fn flag<W: Limbs>(self, t: &mut Slots<W>) {
        t.set_live(self.block as usize, true);
        if self.source != NONE {
            t.set_live(self.source as usize, false);
        }
    }
}

/// Where the joins across blocks go: made at once (one worker), or kept
/// for the worker whose part holds the target block.
trait Emit<W: Limbs> {
    fn emit(&mut self, t: &mut Slots<W>, m: Move);
}

/// Makes each join at once.
struct Now;

impl<W: Limbs> Emit<W> for Now {
    #[inline(always)]
    fn emit(&mut self, t: &mut Slots<W>, m: Move) {
        m.apply(t);
    }
}

/// Phase two's joins of worker `me`: those into its own part made at once,
/// the others kept by the part of their target block, a single slot as
/// `(to, from)` (most joins: eight bytes each to write and read back), a
/// whole block as its [`Move`]. Their flags are set when they are kept: a
/// target block's flag only turns true, and its claimer, which may read it
/// meanwhile, reads there only join sources, which that join leaves alone.
struct Parts<'a> {
    me: usize,
    slots: &'a mut [Vec<(u32, u32)>],
    moves: &'a mut [Vec<Move>],
}

impl<W: Limbs> Emit<W> for Parts<'_> {
    #[inline(always)]
    fn emit(&mut self, t: &mut Slots<W>, m: Move) {
        let part = m.block as usize % self.slots.len();
        if part == self.me {
            m.apply(t);
            return;
        }
        m.flag(t);
        if m.len == 1 && m.source == NONE {
            self.slots[part].push((m.to, m.from));
        } else {
            self.moves[part].push(m);
        }
    }
}

/// The joins phase two keeps for phase three, per worker and then per part,
/// held from one point to the next so that a sweep grows their buffers once.
#[derive(Default)]
struct Joins {
    slots: Vec<Vec<Vec<(u32, u32)>>>,
    moves: Vec<Vec<Vec<Move>>>,
}

impl Joins {
    /// Lists for `n` workers and parts.
    fn workers(&mut self, n: usize) {
        if self.slots.len() != n {
            self.slots = (0..n).map(|_| vec![Vec::new(); n]).collect();
            self.moves = (0..n).map(|_| vec![Vec::new(); n]).collect();
        }
    }

    /// Empties every list, keeping its buffer.
    fn clear(&mut self) {
        self.slots.iter_mut().flatten().for_each(Vec::clear);
        self.moves.iter_mut().flatten().for_each(Vec::clear);
    }
}

/// [`partner_right`] when the partner lies below plug `end`, else `None`.
pub(super) fn partner_right_below(s: u64, p: u32, end: u32) -> Option<u32> {
    let mut depth = 0i32;
    let mut m = s & (u64::MAX << (2 * p));
    while m != 0 {
        let b = m.trailing_zeros() & !1;
        if b / 2 >= end {
            return None;
        }
        if (m >> b) & 3 == 1 {
            depth += 1;
        } else {
            depth -= 1;
            if depth == 0 {
                return Some(b / 2);
            }
        }
        m &= !(3u64 << b);
    }
    None
}

/// [`partner_left`] when the partner lies at plug `floor` or above, else `None`.
pub(super) fn partner_left_from(s: u64, p: u32, floor: u32) -> Option<u32> {
    let mut depth = 0i32;
    let keep = 2 * p + 2;
    let mut m = (if keep == 64 { s } else { s & ((1u64 << keep) - 1) }) & (u64::MAX << (2 * floor));
    while m != 0 {
        let b = (63 - m.leading_zeros()) & !1;
        if (m >> b) & 3 == 2 {
            depth += 1;
        } else {
            depth -= 1;
            if depth == 0 {
                return Some(b / 2);
            }
        }
        m &= !(3u64 << b);
    }
    None
}

/// The end of a row: every state shifts by one plug (the last plug, empty
/// now, drops out and the plug of column 0 enters empty), in place, on
/// `threads` workers.
///
/// A state's new rank is never below its old one, so one worker could
/// move the slots in descending order. Across blocks the order that
/// matters is simpler: the block with high half `h` moves into the blocks
/// `h << 2 | x` (`x` the top plug of the low half), each of which receives
/// from `h` alone and has one empty plug fewer at its top. So the blocks go
/// by levels, the number of empty plugs at the top of their high half, one
/// first: a block's targets have moved their own counts out a level before
/// it writes into them, and within a level no two blocks share a target.
/// The block with an empty high half is its own target and goes last, in
/// descending order; blocks whose top plug is not empty hold zeros at the
/// end of a row and are passed over.
#[allow(clippy::too_many_arguments, reason = "the table, its flags, the width and the workers")]
fn shift<W: Limbs>(
    ranks: &Ranks,
    table: &mut Table,
    live: &mut Vec<bool>,
    w: W,
    width: usize,
    threads: usize,
    stop: &mut Stop<'_>,
) -> Result<()> {
    // The blocks the moved counts land in: exactly the live ones afterwards.
    let mut next = vec![false; live.len()];
    let shared = Shared {
        words: table.words.as_mut_ptr(),
        words_len: table.words.len(),
        live: next.as_mut_ptr(),
        live_len: next.len(),
    };
    let lo_bits = 2 * ranks.lo_plugs;
    let hi_plugs = width as u32 + 1 - ranks.lo_plugs;
    let mut levels: Vec<Vec<u32>> = vec![Vec::new(); hi_plugs as usize + 1];
    for (b, &(hi, _)) in ranks.hi_list.iter().enumerate() {
        if live[hi as usize] {
            let empty = if hi == 0 { hi_plugs } else { (hi.leading_zeros() - (32 - 2 * hi_plugs)) / 2 };
            levels[empty as usize].push(b as u32);
        }
    }
    let mask = (1u64 << (2 * (width as u32 + 1))) - 1;
    let block = |t: &mut Slots<W>, b: u32| {
        let (hi, base) = ranks.hi_list[b as usize];
        let high = u64::from(hi) << lo_bits;
        let list = &ranks.lo_lists[ranks.hi_close[hi as usize] as usize];
        for (j, &lo) in list.iter().enumerate().rev() {
            let r = base as usize + j;
            if t.is_zero(r) {
                continue;
            }
            let s = high | u64::from(lo);
            let to = (s << 2) & mask;
            let t_rank = ranks.rank(to);
            if t_rank != r {
                t.move_to(t_rank, r);
            }
            t.set_live((to >> lo_bits) as usize, true);
        }
    };
    for level in &levels[1..] {
        if stop.requested() {
            return Err(Error::Interrupted);
        }
        let workers = threads.min(level.len().div_ceil(CHUNK)).max(1);
        if workers == 1 {
            let mut t = Slots { shared, w, top: 0 };
            level.iter().for_each(|&b| block(&mut t, b));
            continue;
        }
        let claimed = AtomicUsize::new(0);
        let work = || {
            let mut t = Slots { shared, w, top: 0 };
            loop {
                let from = claimed.fetch_add(CHUNK, Ordering::Relaxed);
                if from >= level.len() {
                    break;
                }
                level[from..(from + CHUNK).min(level.len())].iter().for_each(|&b| block(&mut t, b));
            }
        };
        std::thread::scope(|scope| {
            let handles: Vec<_> = (1..workers).map(|_| scope.spawn(work)).collect();
            work();
            for h in handles {
                h.join().unwrap_or_else(|e| std::panic::resume_unwind(e));
            }
        });
    }
    *live = next;
    Ok(())
}

/// Probe (tests only): the table's slots, how many ever hold a count other
/// than zero modulo `2^64` during the sweep, and how many 4 KiB pages of a
/// one-word table hold such a slot.
#[cfg(test)]
pub fn reach(rows: usize, cols: usize, kind: Cycles) -> (usize, usize, usize) {
    let (height, width) = (rows.max(cols), rows.min(cols));
    let ranks = Ranks::new(width + 1, usize::MAX).unwrap();
    let mut ever = vec![false; ranks.len];
    let mut mark = |words: &[u64]| {
        for (e, &x) in ever.iter_mut().zip(words) {
            *e |= x != 0;
        }
    };
    sweep(&ranks, height, width, kind, None, Arith::Modulo(0), 1, &mut Stop::never(), &mut mark).unwrap();
    let pages = ever.chunks(512).filter(|p| p.iter().any(|&e| e)).count();
    (ranks.len, ever.iter().filter(|&&e| e).count(), pages)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(rows: usize, cols: usize, kind: Cycles) -> String {
        count(rows, cols, kind, None, usize::MAX, 1, &mut Stop::never()).unwrap().unwrap().count.to_string()
    }

    #[test]
    fn small_grids_match_the_known_counts() {
        // A140517 (cycles on n x n cells = (n+1) x (n+1) points) and A003763.
        let all = ["1", "13", "213", "9349", "1222363", "487150371", "603841648931"];
        for (n, want) in all.iter().enumerate() {
            assert_eq!(run(n + 2, n + 2, Cycles::All), *want, "all cycles {} x {} points", n + 2, n + 2);
        }
        for (n, want) in ["1", "6", "1072", "4638576", "467260456608"].iter().enumerate() {
            let p = 2 * n + 2;
            assert_eq!(run(p, p, Cycles::Hamiltonian), *want, "Hamiltonian {p} x {p} points");
        }
    }

    fn by(rows: usize, cols: usize, kind: Cycles, mode: Mode, threads: usize) -> Nat {
        count_with(rows, cols, kind, None, usize::MAX, threads, mode, &mut Stop::never()).unwrap().unwrap().count
    }

    #[test]
    fn residues_rebuild_the_exact_count() {
        // Rectangles of both orientations and counts of one to four words,
        // each pass's residue checked too (not only their combination).
        let mut rng = 0x9e37_79b9_7f4a_7c15u64;
        let mut cases = vec![(8, 8), (10, 10), (12, 12), (3, 60), (40, 5), (13, 11)];
        for _ in 0..12 {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            cases.push((2 + (rng % 11) as usize, 2 + ((rng >> 20) % 30) as usize));
        }
        for (rows, cols) in cases {
            for kind in [Cycles::All, Cycles::Hamiltonian] {
                let exact = by(rows, cols, kind, Mode::Exact, 1);
                assert_eq!(by(rows, cols, kind, Mode::Residues, 1), exact, "{kind:?} {rows} x {cols} points");
                assert_eq!(by(rows, cols, kind, Mode::HalfResidues, 1), exact, "{kind:?} {rows} x {cols}, 32 bits");
                let bits = residue::count_bound(
                    rows.max(cols),
                    rows.min(cols),
                    kind == Cycles::Hamiltonian,
                    &mut Stop::never(),
                )
                .unwrap()
                .unwrap();
                let ranks = Ranks::new(rows.min(cols) + 1, usize::MAX).unwrap();
                let limbs = exact.limbs();
                for m in residue::moduli(bits, 64).into_iter().chain(residue::moduli(bits, 32)) {
                    let got = sweep(
                        &ranks,
                        rows.max(cols),
                        rows.min(cols),
                        kind,
                        None,
                        Arith::Modulo(m),
                        1,
                        &mut Stop::never(),
                        &mut |_| {},
                    )
                    .unwrap();
                    // Modulo 2^64 or 2^32 the residue is the low bits.
                    let low = u128::from(limbs.first().copied().unwrap_or(0));
                    let want = match m {
                        0 => low,
                        0x1_0000_0000 => low & 0xffff_ffff,
                        m => limbs.iter().rev().fold(0u128, |r, &l| ((r << 64) | u128::from(l)) % u128::from(m)),
                    };
                    assert_eq!(u128::from(got.to_u64().unwrap()), want, "{kind:?} {rows} x {cols} modulo {m}");
                }
            }
        }
        // Several threads, residues.
        assert_eq!(by(9, 9, Cycles::All, Mode::Residues, 2), by(9, 9, Cycles::All, Mode::Exact, 1));
        assert_eq!(by(10, 10, Cycles::Hamiltonian, Mode::Residues, 3), by(10, 10, Cycles::Hamiltonian, Mode::Exact, 1));
        assert_eq!(by(10, 9, Cycles::All, Mode::HalfResidues, 2), by(10, 9, Cycles::All, Mode::Exact, 1));
    }

    #[test]
    fn the_count_bound_holds_and_is_not_far_off() {
        // Below 2^bits, and on a board with many cycles within a few bits a
        // point of the truth.
        for n in 2..=9 {
            for kind in [Cycles::All, Cycles::Hamiltonian] {
                let exact = by(n, n, kind, Mode::Exact, 1);
                let bits = residue::count_bound(n, n, kind == Cycles::Hamiltonian, &mut Stop::never()).unwrap().unwrap()
                    as usize;
                let exact_bits =
                    exact.limbs().last().map_or(0, |l| exact.limbs().len() * 64 - l.leading_zeros() as usize);
                assert!(exact_bits <= bits, "{kind:?} {n} x {n}: {exact_bits} bits, bound {bits}");
                assert!(bits <= exact_bits + 2 + n * n / 4, "{kind:?} {n} x {n}: {exact_bits} bits, bound {bits}");
            }
        }
        assert_eq!(residue::count_bound(20_000, 8, false, &mut Stop::never()).unwrap(), None, "past a float's range");
        let yes = || true;
        let mut asked = Stop::new(&yes);
        std::thread::sleep(Stop::PERIOD * 2);
        assert!(matches!(residue::count_bound(2_000, 20, false, &mut asked), Err(Error::Interrupted)));
    }

    #[test]
    fn rank_is_a_bijection_in_numeric_order() {
        for plugs in 2..=9 {
            let ranks = Ranks::new(plugs, usize::MAX).unwrap();
            let mut seen = 0usize;
            for s in 0..(1u64 << (2 * plugs)) {
                let balanced = {
                    let mut d = 0i32;
                    let mut ok = true;
                    for i in 0..plugs {
                        match (s >> (2 * i)) & 3 {
                            1 => d += 1,
                            2 => {
                                d -= 1;
                                ok &= d >= 0;
                            }
                            3 => ok = false,
                            _ => {}
                        }
                    }
                    ok && d == 0
                };
                assert_eq!(ranks.rank_checked(s), balanced.then_some(seen), "{plugs} plugs, state {s:#x}");
                seen += usize::from(balanced);
            }
            assert_eq!(seen, ranks.len);
        }
    }
}
