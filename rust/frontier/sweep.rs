//! The sweep: a layer of frontier states with their counts, advanced one
//! step (one lattice point) at a time by a puzzle's [`Rules`].
//!
//! A layer is an open-addressing hash table whose slots hold a state's key
//! and its count (`w` 64-bit limbs) side by side. A count that carries out
//! of its top limb widens every count of the layer by one limb, so `w` is
//! always the fewest limbs that hold the counts: exact at every size.

use super::bignum::Nat;
use super::key::Key;
use crate::error::{Error, Result};
use crate::interrupt::Stop;

/// Up to four successors of one state.
pub struct Succ<K> {
    pub keys: [K; 4],
    pub len: usize,
}

impl<K: Key> Succ<K> {
    #[inline(always)]
    pub fn push(&mut self, k: K) {
        self.keys[self.len] = k;
        self.len += 1;
    }
}

/// What a puzzle tells the sweep.
pub trait Rules {
    /// Number of steps (lattice points swept).
    fn steps(&self) -> usize;
    /// The successors of `key` at `step` (pushed into `out`, which is empty).
    fn expand<K: Key>(&self, step: usize, key: K, out: &mut Succ<K>);
    /// Whether a state left after the last step is a solution.
    fn accepts<K: Key>(&self, key: &K) -> bool;
    /// Whether `key`, a state before `step`, is sure to be accepted with
    /// exactly one way to finish (so its count is already part of the total).
    /// The sweep uses it to stop early once such counts reach the limit; a
    /// puzzle that cannot tell answers false (the default).
    fn sure<K: Key>(&self, _step: usize, _key: &K) -> bool {
        false
    }
}

/// A finished count.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Count {
    /// The exact number of solutions (clamped to the limit when one was given).
    pub count: Nat,
    /// The largest layer stored. The sweep stores the layer after every
    /// second point (the one in between is only passed through), so this is
    /// what `max_states` bounds.
    pub peak_states: usize,
}

/// A layer: an open-addressing table whose slots hold the key words and the
/// count limbs side by side (`N + w` words, see [`stride_for`]), so that an insertion
/// touches one place in memory. An empty slot has all bits of its first word
/// set, which no key has (plug 0 would read 3).
struct Layer<const N: usize> {
    data: Table,
    w: usize,
    stride: usize,
    cap: usize,
    shift: u32,
    len: usize,
}

const EMPTY: u64 = u64::MAX;

/// One cache line of table words. Tables are built of these so that slots
/// start on a cache-line boundary (a plain `Vec<u64>` from `malloc` starts 16
/// bytes into a page, which splits every other 32-byte slot).
#[repr(C, align(64))]
#[derive(Clone, Copy)]
struct Line([u64; 8]);

/// A table of 64-bit words starting on a cache-line boundary.
#[derive(Default)]
struct Table {
    lines: Vec<Line>,
    len: usize,
}

impl std::ops::Deref for Table {
    type Target = [u64];
    fn deref(&self) -> &[u64] {
        // SAFETY: `lines` holds at least `len` initialised words (8 a line,
        // `Line` is `repr(C)` over `[u64; 8]`), borrowed with `self`.
        unsafe { std::slice::from_raw_parts(self.lines.as_ptr().cast::<u64>(), self.len) }
    }
}

impl std::ops::DerefMut for Table {
    fn deref_mut(&mut self) -> &mut [u64] {
        // SAFETY: as in `deref`, borrowed mutably with `self`.
        unsafe { std::slice::from_raw_parts_mut(self.lines.as_mut_ptr().cast::<u64>(), self.len) }
    }
}

/// A zeroed table of `len` words. Large tables ask Linux for transparent huge
/// pages first: the sweep touches them at random, and with 4 KiB pages most
/// of its time would go to TLB misses.
fn table(len: usize) -> Table {
    let lines = len.div_ceil(8);
    let mut v: Vec<Line> = Vec::with_capacity(lines);
    advise_huge(&mut v);
    v.resize(lines, Line([0; 8]));
    Table { lines: v, len }
}

/// Asks Linux to back a large vector's spare capacity with huge pages.
fn advise_huge(v: &mut Vec<Line>) {
    #[cfg(target_os = "linux")]
    if v.capacity() >= 1 << 15 {
        extern "C" {
            fn madvise(addr: *mut std::ffi::c_void, len: usize, advice: i32) -> i32;
        }
        const MADV_HUGEPAGE: i32 = 14;
        // madvise wants a page-aligned start (malloc's large blocks begin a
        // few bytes into a page, and an unaligned call fails with EINVAL and
        // does nothing): advise the whole pages inside the allocation.
        const PAGE: usize = 4096;
        let start = v.as_mut_ptr() as usize;
        let end = start + v.capacity() * 64;
        let first = start.div_ceil(PAGE) * PAGE;
        let last = end / PAGE * PAGE;
        if last > first {
            // SAFETY: the range lies inside this vector's own allocation;
            // madvise only changes how the kernel backs it (a failure is
            // harmless and ignored).
            unsafe {
                madvise(v.as_mut_ptr().cast::<u8>().add(first - start).cast(), last - first, MADV_HUGEPAGE);
            }
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = v;
}

/// Slots (or lines) handled between two calls of the stop check while a
/// table is filled, grown or widened: a large table takes far longer than
/// the 50 ms a Ctrl-C may wait (the check itself reads the clock only every
/// few hundred calls).
const CHECK_SLOTS: usize = 64;

impl Table {
    /// Makes this `len` words of empty slots of `stride` words (first word
    /// [`EMPTY`], the rest zero), asking `stop` as it goes.
    fn fill_empty(&mut self, len: usize, stride: usize, stop: &mut Stop<'_>) -> Result<()> {
        let lines = len.div_ceil(8);
        self.lines.clear();
        self.len = 0;
        while self.lines.len() < lines {
            if stop.requested() {
                return Err(Error::Interrupted);
            }
            let to = lines.min(self.lines.len() + CHECK_SLOTS);
            self.lines.resize(to, Line([0; 8]));
        }
        self.len = len;
        let mut o = 0;
        while o < len {
            if (o / stride) % CHECK_SLOTS == 0 && stop.requested() {
                return Err(Error::Interrupted);
            }
            self[o] = EMPTY;
            o += stride;
        }
        Ok(())
    }
}

/// Words a slot takes for a key of `n` words and a count of `w` limbs. (Padding
/// slots to a power of two, so that none straddles two cache lines, measured
/// no faster on 14 x 14 and 15 x 15 all-cycles counts and cost a third more
/// memory on the Hamiltonian rows, so slots stay packed.)
fn stride_for(n: usize, w: usize) -> usize {
    n + w
}

impl<const N: usize> Layer<N>
where
    [u64; N]: Key,
{
    fn new() -> Self {
        Layer { data: Table::default(), w: 1, stride: stride_for(N, 1), cap: 0, shift: 64, len: 0 }
    }

    fn reset(&mut self, w: usize, expect: usize, stop: &mut Stop<'_>) -> Result<()> {
        self.w = w;
        self.stride = stride_for(N, w);
        self.cap = (expect.max(8) * 3 / 2).next_power_of_two();
        self.shift = 64 - self.cap.trailing_zeros();
        self.len = 0;
        let need = self.cap * self.stride;
        if self.data.lines.capacity() * 8 < need {
            self.data = table(0);
            self.data.lines.reserve_exact(need.div_ceil(8));
            advise_huge(&mut self.data.lines);
        }
        self.data.fill_empty(need, self.stride, stop)
    }

    #[inline(always)]
    fn home(&self, key: &[u64; N]) -> usize {
        (key.hash() >> self.shift) as usize
    }

    #[inline(always)]
    fn prefetch(&self, slot: usize) {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: prefetching is a hint and never faults, whatever the address.
        unsafe {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            _mm_prefetch::<_MM_HINT_T0>(self.data.as_ptr().wrapping_add(slot * self.stride) as *const i8);
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = slot;
    }

    /// Adds `count` to the state `key` (inserted when new), probing from `h`.
    #[inline(always)]
    fn add(&mut self, key: &[u64; N], mut h: usize, count: &[u64], stop: &mut Stop<'_>) -> Result<()> {
        let mask = self.cap - 1;
        let stride = self.stride;
        let end = N + self.w;
        loop {
            let o = h * stride;
            let first = self.data[o];
            if first == EMPTY {
                self.data[o..o + N].copy_from_slice(key);
                self.len += 1;
                if add_into(&mut self.data[o + N..o + end], count) {
                    self.widen(h, stop)?;
                }
                if self.len * 10 > self.cap * 7 {
                    self.grow(stop)?;
                }
                return Ok(());
            }
            if first == key[0] && self.data[o + 1..o + N] == key[1..] {
                if add_into(&mut self.data[o + N..o + end], count) {
                    self.widen(h, stop)?;
                }
                return Ok(());
            }
            h = (h + 1) & mask;
        }
    }

    /// One more limb for every count, after the count in `slot` carried out
    /// of its top limb (that carry becomes the new limb's 1).
    #[cold]
    fn widen(&mut self, slot: usize, stop: &mut Stop<'_>) -> Result<()> {
        let (os, ns, used) = (self.stride, stride_for(N, self.w + 1), N + self.w);
        let mut data = table(self.cap * ns);
        for s in 0..self.cap {
            if s % CHECK_SLOTS == 0 && stop.requested() {
                return Err(Error::Interrupted);
            }
            data[s * ns..s * ns + used].copy_from_slice(&self.data[s * os..s * os + used]);
        }
        data[slot * ns + used] = 1;
        self.data = data;
        self.w += 1;
        self.stride = ns;
        Ok(())
    }

    fn grow(&mut self, stop: &mut Stop<'_>) -> Result<()> {
        let old = std::mem::take(&mut self.data);
        let old_cap = self.cap;
        self.cap *= 2;
        self.shift -= 1;
        self.data = table(0);
        self.data.lines.reserve_exact((self.cap * self.stride).div_ceil(8));
        advise_huge(&mut self.data.lines);
        self.data.fill_empty(self.cap * self.stride, self.stride, stop)?;
        let mask = self.cap - 1;
        for s in 0..old_cap {
            if s % CHECK_SLOTS == 0 && stop.requested() {
                return Err(Error::Interrupted);
            }
            let o = s * self.stride;
            if old[o] == EMPTY {
                continue;
            }
            let key: [u64; N] = old[o..o + N].try_into().unwrap_or([0; N]);
            let mut h = self.home(&key);
            while self.data[h * self.stride] != EMPTY {
                h = (h + 1) & mask;
            }
            self.data[h * self.stride..(h + 1) * self.stride].copy_from_slice(&old[o..o + self.stride]);
        }
        Ok(())
    }

    /// The occupied slots' offsets.
    fn occupied(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.cap).map(move |s| s * self.stride).filter(move |&o| self.data[o] != EMPTY)
    }
}

/// Adds the count `src` (no more limbs than `dst`) into `dst`; true when
/// the sum carries out of `dst`'s top limb (which then holds the sum less
/// `2^(64 * dst.len())`).
#[inline(always)]
fn add_into(dst: &mut [u64], src: &[u64]) -> bool {
    if dst.len() == 1 {
        let (v, carry) = dst[0].overflowing_add(src[0]);
        dst[0] = v;
        return carry;
    }
    let mut carry = false;
    for (i, d) in dst.iter_mut().enumerate() {
        let s = src.get(i).copied().unwrap_or(0);
        if i >= src.len() && !carry {
            return false;
        }
        let (a, c1) = d.overflowing_add(s);
        let (b, c2) = a.overflowing_add(u64::from(carry));
        *d = b;
        carry = c1 || c2;
    }
    carry
}

/// Successors waiting for their slots to arrive in cache.
const BATCH: usize = 48;

/// Runs the sweep from the empty state and sums the accepted final states.
/// Fails with [`Error::Capacity`] when a layer would pass `max_states` and
/// with [`Error::Interrupted`] when `stop` asks.
///
/// With a `limit`, the count returned is `min(true count, limit)`, and the
/// sweep returns `limit` as soon as the counts of the states the puzzle
/// calls [`Rules::sure`] reach it: those counts are part of the final total
/// already and counts never shrink, so the rest of the sweep cannot change
/// the answer.
pub fn run<const N: usize, R: Rules>(
    rules: &R,
    limit: Option<u64>,
    max_states: usize,
    stop: &mut Stop<'_>,
) -> Result<Count>
where
    [u64; N]: Key,
{
    let mut old: Layer<N> = Layer::new();
    let mut new: Layer<N> = Layer::new();
    old.reset(1, 1, stop)?;
    let zero = [0u64; N];
    let h = old.home(&zero);
    old.add(&zero, h, &[1], stop)?;
    let mut peak = 1usize;
    let mut succ = Succ { keys: [[0u64; N]; 4], len: 0 };
    let mut succ2 = Succ { keys: [[0u64; N]; 4], len: 0 };
    // Pending successors: key, home slot, offset of the source count in `old`.
    let mut batch: Vec<([u64; N], usize, usize)> = Vec::with_capacity(BATCH + 16);
    let steps = rules.steps();
    let capacity = |step: usize| {
        Err(Error::Capacity(format!("the frontier passed max_states = {max_states} states at step {step} of {steps}")))
    };
    let mut step = 0;
    while step < steps {
        // Two points per pass when two are left: the layer between them is
        // never stored, which halves the insertions into the big table.
        let two = step + 1 < steps;
        // Counts only grow along the sweep; a count that outgrows its limbs
        // widens the whole layer (see `Layer::widen`).
        new.reset(old.w, old.len, stop)?;
        let flush = |batch: &mut Vec<([u64; N], usize, usize)>,
                     new: &mut Layer<N>,
                     old: &Layer<N>,
                     stop: &mut Stop<'_>|
         -> Result<()> {
            for &(ref k, h, o) in batch.iter() {
                new.add(k, h, &old.data[o + N..o + N + old.w], stop)?;
            }
            batch.clear();
            Ok(())
        };
        // The counts of the sure states of `old` (only summed under a limit).
        let mut sure: u128 = 0;
        for o in 0..old.cap {
            let o = o * old.stride;
            if old.data[o] == EMPTY {
                continue;
            }
            if stop.requested() {
                return Err(Error::Interrupted);
            }
            let key: [u64; N] = old.data[o..o + N].try_into().unwrap_or(zero);
            if let Some(limit) = limit {
                if rules.sure(step, &key) {
                    let count = &old.data[o + N..o + N + old.w];
                    sure += u128::from(count[0]);
                    if count[1..].iter().any(|&l| l != 0) || sure >= u128::from(limit) {
                        return Ok(Count { count: Nat::from(limit), peak_states: peak });
                    }
                }
            }
            succ.len = 0;
            rules.expand(step, key, &mut succ);
            for k in &succ.keys[..succ.len] {
                if two {
                    succ2.len = 0;
                    rules.expand(step + 1, *k, &mut succ2);
                    for k2 in &succ2.keys[..succ2.len] {
                        let h = new.home(k2);
                        new.prefetch(h);
                        batch.push((*k2, h, o));
                    }
                } else {
                    let h = new.home(k);
                    new.prefetch(h);
                    batch.push((*k, h, o));
                }
            }
            if batch.len() >= BATCH {
                flush(&mut batch, &mut new, &old, stop)?;
                if new.len > max_states {
                    return capacity(step);
                }
            }
        }
        flush(&mut batch, &mut new, &old, stop)?;
        if new.len > max_states {
            return capacity(step);
        }
        peak = peak.max(new.len);
        std::mem::swap(&mut old, &mut new);
        step += if two { 2 } else { 1 };
    }
    let mut total = Nat::zero();
    for o in old.occupied() {
        let key: [u64; N] = old.data[o..o + N].try_into().unwrap_or(zero);
        if rules.accepts(&key) {
            total.add_assign(&Nat::from_limbs(&old.data[o + N..o + N + old.w]));
        }
    }
    if let Some(limit) = limit {
        total = total.min_u64(limit);
    }
    Ok(Count { count: total, peak_states: peak })
}

/// One way through a lattice point.
#[derive(Clone, Copy)]
pub struct Move<K> {
    pub key: K,
    pub right: bool,
    pub down: bool,
    /// The point has degree 2 (else 0).
    pub used: bool,
    /// This point closes a loop (every other plug was empty).
    pub closes: bool,
}

/// Plug index of the ")" matching the "(" at `from`.
#[inline(always)]
fn partner_right<K: Key>(key: &K, from: u32) -> u32 {
    let mut depth = 0i32;
    let mut p = from;
    loop {
        match key.get(2 * p, 2) {
            1 => depth += 1,
            2 => {
                depth -= 1;
                if depth == 0 {
                    return p;
                }
            }
            _ => {}
        }
        p += 1;
    }
}

/// Plug index of the "(" matching the ")" at `from`.
#[inline(always)]
fn partner_left<K: Key>(key: &K, from: u32) -> u32 {
    let mut depth = 0i32;
    let mut p = from;
    loop {
        match key.get(2 * p, 2) {
            2 => depth += 1,
            1 => {
                depth -= 1;
                if depth == 0 {
                    return p;
                }
            }
            _ => {}
        }
        p -= 1;
    }
}

/// The moves at the lattice point in column `c`: the left plug is plug `c`,
/// the up plug `c + 1`; afterwards plug `c` holds the down edge and `c + 1`
/// the right edge. Degree 0 needs `allow_empty`, degree 2 `allow_used`. A
/// move that would close a loop while other plugs are open (a second loop, or
/// one that leaves a piece behind) is not offered. At most two moves.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
pub fn point_moves<K: Key>(
    key: K,
    c: u32,
    plug_bits: u32,
    can_right: bool,
    can_down: bool,
    allow_empty: bool,
    allow_used: bool,
    out: &mut [Move<K>; 2],
) -> usize {
    let l = key.get(2 * c, 2);
    let u = key.get(2 * c + 2, 2);
    let mut base = key;
    base.set(2 * c, 4, 0);
    let mv = |key: K, right: bool, down: bool, used: bool, closes: bool| Move { key, right, down, used, closes };
    let mut n = 0;
    match (l, u) {
        (0, 0) => {
            if allow_empty {
                out[n] = mv(base, false, false, false, false);
                n += 1;
            }
            if allow_used && can_right && can_down {
                let mut k = base;
                k.set(2 * c, 4, 1 | (2 << 2));
                out[n] = mv(k, true, true, true, false);
                n += 1;
            }
        }
        (x, 0) | (0, x) => {
            if !allow_used {
                return 0;
            }
            if can_down {
                let mut k = base;
                k.set(2 * c, 2, x);
                out[n] = mv(k, false, true, true, false);
                n += 1;
            }
            if can_right {
                let mut k = base;
                k.set(2 * c + 2, 2, x);
                out[n] = mv(k, true, false, true, false);
                n += 1;
            }
        }
        (1, 1) => {
            let mut k = base;
            let p = partner_right(&key, c + 1);
            k.set(2 * p, 2, 1);
            out[n] = mv(k, false, false, true, false);
            n += 1;
        }
        (2, 2) => {
            let mut k = base;
            let p = partner_left(&key, c);
            k.set(2 * p, 2, 2);
            out[n] = mv(k, false, false, true, false);
            n += 1;
        }
        (2, 1) => {
            out[n] = mv(base, false, false, true, false);
            n += 1;
        }
        _ => {
            // "(" then ")": the two ends of one piece meet.
            if base.low_zero(plug_bits) {
                out[n] = mv(base, false, false, true, true);
                n += 1;
            }
        }
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;

    fn filled() -> Layer<1> {
        let mut layer: Layer<1> = Layer::new();
        layer.reset(1, 1 << 16, &mut Stop::never()).unwrap();
        for i in 0..1000u64 {
            let key = [i << 2];
            let h = layer.home(&key);
            layer.add(&key, h, &[u64::MAX - 5], &mut Stop::never()).unwrap();
        }
        assert_eq!(layer.len, 1000);
        layer
    }

    #[test]
    fn growing_clearing_and_widening_a_table_heed_the_stop() {
        let yes = || true;
        let asked = || {
            let stop = Stop::new(&yes);
            std::thread::sleep(Stop::PERIOD * 2);
            stop
        };
        assert!(matches!(filled().grow(&mut asked()), Err(Error::Interrupted)));
        assert!(matches!(filled().widen(0, &mut asked()), Err(Error::Interrupted)));
        assert!(matches!(filled().reset(1, 1 << 20, &mut asked()), Err(Error::Interrupted)));
        // Unasked, they keep every count.
        let mut layer = filled();
        layer.grow(&mut Stop::never()).unwrap();
        layer.widen(0, &mut Stop::never()).unwrap();
        let counts: Vec<u64> = layer.occupied().map(|o| layer.data[o + 1]).collect();
        assert_eq!(counts.len(), 1000);
        assert!(counts.iter().all(|&c| c == u64::MAX - 5));
    }
}
