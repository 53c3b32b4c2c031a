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
    /// The column of the point at `step` when that point reads its left and
    /// up plugs only through [`point_moves`] (and no other rule reads them):
    /// the sweep then stores the states before `step` with those inputs
    /// joined ahead of time ([`canonical_inputs`]), so that states that
    /// differ only in how the point's inputs arrive merge. `None` (the
    /// default) stores them as they are.
    fn joinable(&self, _step: usize) -> Option<u32> {
        None
    }
}

/// A puzzle whose moves can say what they decide at their point, for the
/// backbone sweep ([`super::live`]).
pub trait Labelled: Rules {
    /// As [`Rules::expand`], with each successor's label in `labels` (same
    /// index): bit 0 set when the point is used, bit 1 when its right edge
    /// is on, bit 2 when its down edge is on.
    fn expand_labelled<K: Key>(&self, step: usize, key: K, out: &mut Succ<K>, labels: &mut [u8; 4]);
}

/// Hints the cache about the line at `ptr` (any address: a hint never faults).
#[inline(always)]
pub(super) fn prefetch(ptr: *const u64) {
    #[cfg(simd_x86)]
    // SAFETY: prefetching is a hint and never faults, whatever the address.
    unsafe {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        _mm_prefetch::<_MM_HINT_T0>(ptr as *const i8);
    }
    #[cfg(not(simd_x86))]
    let _ = ptr;
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

/// A layer: its states in a dense array of records, each the key words then
/// the count limbs (`N + w` words, in the order the states were first
/// reached), and an index over them: an open-addressing table of 32-bit
/// slots, `record + 1` in the low `log2(cap)` bits (0 is empty) and above
/// them a tag, other bits of the key's hash, so that a probe rarely reads a
/// record that is not the one sought. A lookup touches the small index and
/// one record; a new state is appended, and the next step reads the records
/// front to back.
struct Layer<const N: usize> {
    recs: Table,
    w: usize,
    stride: usize,
    /// Records stored.
    len: usize,
    /// The index slots, two to a word.
    index: Table,
    /// Index slots, a power of two.
    cap: usize,
    /// `log2(cap)`: the low bits of a slot that hold the record number.
    rbits: u32,
}

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

/// Asks Linux to back a large vector's spare capacity with huge pages: the
/// sweep touches its tables at random, and with 4 KiB pages most of its time
/// would go to TLB misses.
fn advise_huge(v: &mut Vec<Line>) {
    advise_huge_bytes(v.as_mut_ptr().cast(), v.capacity() * 64);
}

/// [`advise_huge`] for any allocation of `len` bytes from `start`.
pub(super) fn advise_huge_bytes(start: *mut u8, len: usize) {
    #[cfg(target_os = "linux")]
    if len >= 1 << 21 {
        extern "C" {
            fn madvise(addr: *mut std::ffi::c_void, len: usize, advice: i32) -> i32;
        }
        const MADV_HUGEPAGE: i32 = 14;
        // madvise wants a page-aligned start (malloc's large blocks begin a
        // few bytes into a page, and an unaligned call fails with EINVAL and
        // does nothing): advise the whole pages inside the allocation.
        const PAGE: usize = 4096;
        let at = start as usize;
        let first = at.div_ceil(PAGE) * PAGE;
        let last = (at + len) / PAGE * PAGE;
        if last > first {
            // SAFETY: the range lies inside the caller's allocation; madvise
            // only changes how the kernel backs it (a failure is harmless
            // and ignored).
            unsafe {
                madvise(start.add(first - at).cast(), last - first, MADV_HUGEPAGE);
            }
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = (start, len);
}

/// Lines handled between two calls of the stop check while a table is
/// zeroed, copied or rebuilt: a large table takes far longer than the 50 ms
/// a Ctrl-C may wait (the check itself reads the clock only every few
/// hundred calls).
const CHECK_SLOTS: usize = 64;

impl Table {
    /// Makes this `len` zero words, reusing the allocation when it is large
    /// enough, asking `stop` as it goes.
    fn zeroed(&mut self, len: usize, stop: &mut Stop<'_>) -> Result<()> {
        if self.lines.capacity() < len.div_ceil(8) {
            // A fresh allocation rather than a grown one: `resize` advises
            // it before any of its pages is touched, so that all of them
            // can be huge (pages moved over by a reallocation keep their size).
            self.lines = Vec::new();
        }
        self.lines.clear();
        self.len = 0;
        self.resize(len, stop)
    }

    /// Makes this `len` words: the first ones kept, any new ones zero. The
    /// allocation grows in place where it can (a large block is remapped,
    /// not copied).
    fn resize(&mut self, len: usize, stop: &mut Stop<'_>) -> Result<()> {
        let lines = len.div_ceil(8);
        if self.lines.capacity() < lines {
            self.lines.reserve_exact(lines - self.lines.len());
            advise_huge(&mut self.lines);
        }
        self.lines.truncate(lines);
        self.len = self.len.min(len);
        while self.lines.len() < lines {
            if stop.requested() {
                return Err(Error::Interrupted);
            }
            let to = lines.min(self.lines.len() + CHECK_SLOTS);
            self.lines.resize(to, Line([0; 8]));
        }
        self.len = len;
        Ok(())
    }
}

/// The index tag of a hash: 32 bits mixed from others than the high ones
/// that pick the home slot (a slot keeps those above its record number).
#[inline(always)]
fn tag_of(h: u64) -> u32 {
    (h ^ (h >> 29)) as u32
}

impl<const N: usize> Layer<N>
where
    [u64; N]: Key,
{
    fn new() -> Self {
        Layer { recs: Table::default(), w: 1, stride: N + 1, len: 0, index: Table::default(), cap: 0, rbits: 0 }
    }

    /// Empties the layer for counts of `w` limbs and about `expect` states.
    fn reset(&mut self, w: usize, expect: usize, stop: &mut Stop<'_>) -> Result<()> {
        self.w = w;
        self.stride = N + w;
        self.len = 0;
        self.cap = (expect.max(8) * 5 / 3).next_power_of_two();
        self.rbits = self.cap.trailing_zeros();
        self.index.zeroed(self.cap / 2, stop)?;
        let words = expect.max(8) * self.stride;
        if self.recs.len < words {
            self.recs.zeroed(words, stop)?;
        }
        Ok(())
    }

    /// The index slot where the search for a key of hash `h` starts.
    #[inline(always)]
    fn home(&self, h: u64) -> usize {
        (h >> (64 - self.rbits)) as usize
    }

    /// The index slots.
    #[inline(always)]
    fn slots(&self) -> &[u32] {
        // SAFETY: `index` holds `cap / 2` initialised words, that is `cap`
        // 32-bit slots (u32 has a weaker alignment than u64), borrowed with `self`.
        unsafe { std::slice::from_raw_parts(self.index.as_ptr().cast::<u32>(), self.cap) }
    }

    #[inline(always)]
    fn slots_mut(&mut self) -> &mut [u32] {
        // SAFETY: as in `slots`, borrowed mutably with `self`.
        unsafe { std::slice::from_raw_parts_mut(self.index.as_mut_ptr().cast::<u32>(), self.cap) }
    }

    /// The slot of record `r` for a key whose tag is `tag`.
    #[inline(always)]
    fn slot_of(&self, tag: u32, r: usize) -> u32 {
        (tag >> self.rbits << self.rbits) | (r as u32 + 1)
    }

    /// Whether slot `e` (not empty) may hold a key whose tag is `tag`, and its record.
    #[inline(always)]
    fn matches(&self, e: u32, tag: u32) -> Option<usize> {
        if (e ^ tag) >> self.rbits == 0 {
            Some((e & ((1u32 << self.rbits) - 1)) as usize - 1)
        } else {
            None
        }
    }

    /// Hints the cache about the index slot of hash `h`.
    #[inline(always)]
    fn prefetch_slot(&self, h: u64) {
        prefetch(self.index.as_ptr().cast::<u32>().wrapping_add(self.home(h)).cast());
    }

    /// Adds `count` to the state `key` of hash `h` (appended when new).
    #[inline(always)]
    fn add(&mut self, key: &[u64; N], h: u64, count: &[u64], stop: &mut Stop<'_>) -> Result<()> {
        let (tag, mask, stride) = (tag_of(h), self.cap - 1, self.stride);
        let mut s = self.home(h);
        loop {
            let e = self.slots()[s];
            if e == 0 {
                let r = self.len;
                if (r + 1) * stride > self.recs.len {
                    self.grow_records(stop)?;
                }
                let o = r * self.stride;
                self.recs[o..o + N].copy_from_slice(key);
                // Limb by limb: a count is a few words, and a slice copy of
                // a length known only at run time is a call to memcpy.
                for (i, l) in self.recs[o + N..o + self.stride].iter_mut().enumerate() {
                    *l = count.get(i).copied().unwrap_or(0);
                }
                let slot = self.slot_of(tag, r);
                self.slots_mut()[s] = slot;
                self.len += 1;
                if self.len * 4 > self.cap * 3 {
                    self.grow_index(stop)?;
                }
                return Ok(());
            }
            if let Some(r) = self.matches(e, tag) {
                let o = r * stride;
                if self.recs[o..o + N] == key[..] {
                    if add_into(&mut self.recs[o + N..o + stride], count) {
                        self.widen(r, stop)?;
                    }
                    return Ok(());
                }
            }
            s = (s + 1) & mask;
        }
    }

    /// Room for twice as many records.
    #[cold]
    fn grow_records(&mut self, stop: &mut Stop<'_>) -> Result<()> {
        self.recs.resize((self.recs.len * 2).max(8 * self.stride), stop)
    }

    /// One more limb for every count, after the count of record `r` carried
    /// out of its top limb (that carry becomes the new limb's 1). The
    /// records move in place, the last first.
    #[cold]
    fn widen(&mut self, r: usize, stop: &mut Stop<'_>) -> Result<()> {
        let (os, ns) = (self.stride, self.stride + 1);
        self.recs.resize((self.recs.len / os).max(self.len) * ns, stop)?;
        for i in (0..self.len).rev() {
            if i % CHECK_SLOTS == 0 && stop.requested() {
                return Err(Error::Interrupted);
            }
            self.recs.copy_within(i * os..i * os + os, i * ns);
            self.recs[i * ns + os] = 0;
        }
        self.recs[r * ns + os] = 1;
        self.w += 1;
        self.stride = ns;
        Ok(())
    }

    /// A twice larger index, rebuilt from the records.
    #[cold]
    fn grow_index(&mut self, stop: &mut Stop<'_>) -> Result<()> {
        self.cap *= 2;
        self.rbits += 1;
        self.index.zeroed(self.cap / 2, stop)?;
        let mask = self.cap - 1;
        for r in 0..self.len {
            if r % CHECK_SLOTS == 0 && stop.requested() {
                return Err(Error::Interrupted);
            }
            let o = r * self.stride;
            let key: [u64; N] = self.recs[o..o + N].try_into().unwrap_or([0; N]);
            let h = key.hash();
            let mut s = self.home(h);
            while self.slots()[s] != 0 {
                s = (s + 1) & mask;
            }
            let slot = self.slot_of(tag_of(h), r);
            self.slots_mut()[s] = slot;
        }
        Ok(())
    }

    /// The key and count of record `r`.
    #[inline(always)]
    fn record(&self, r: usize) -> ([u64; N], &[u64]) {
        let o = r * self.stride;
        (self.recs[o..o + N].try_into().unwrap_or([0; N]), &self.recs[o + N..o + self.stride])
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

/// Successors waiting for their index slots to arrive in cache. (Hinting
/// the cache about the records too, from the slots once they arrived,
/// measured slower: about 8 % on the 15 x 15 all-cycles count, 15 % on
/// the 16 x 16 Hamiltonian one; so did a three-batch pipeline that hints a
/// record one batch after its slot, about 15 % on the 14 x 14 all-cycles
/// count. 24 and 96 measured the same as 48.)
///
/// Layouts measured slower on the 14 x 14 all-cycles count (2.2 s): keys
/// and counts in the hash table's own entries, without the dense records
/// (3.8 s; probably because a layer is then read in hash order: read in the
/// order first reached, 50 of its 61 million hits on the next layer fall on
/// one of the last 128 Ki records made); the home slot picked by
/// the key outside the plugs a pass changes, so that the successors of a
/// state share a cache line of the index (2.6 to 2.9 s: the groups collide
/// in long probe runs); the states visited grouped by the key outside those
/// plugs, by a counting sort (4.0 s).
const BATCH: usize = 48;

/// The most records a layer may hold (the index, at most 3/4 full, then
/// has at most 2^31 slots, and a slot's low 31 bits hold the record number).
const MAX_RECORDS: usize = 1 << 30;

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
    // Record numbers live in the 31 low bits of an index slot at most.
    let max_states = max_states.min(MAX_RECORDS);
    let mut old: Layer<N> = Layer::new();
    let mut new: Layer<N> = Layer::new();
    old.reset(1, 1, stop)?;
    let zero = [0u64; N];
    old.add(&zero, zero.hash(), &[1], stop)?;
    let mut peak = 1usize;
    // The sizes of the last layers, to size the next one: layers two steps
    // apart (the same columns of the sweep) grow alike.
    let mut sizes = [1usize; 3];
    let mut succ = Succ { keys: [[0u64; N]; 4], len: 0 };
    let mut succ2 = Succ { keys: [[0u64; N]; 4], len: 0 };
    // Pending successors: key, hash, record of the source count in `old`.
    let mut batch: Vec<([u64; N], u64, usize)> = Vec::with_capacity(BATCH + 16);
    let steps = rules.steps();
    let capacity = |step: usize| {
        Err(Error::Capacity(format!("the frontier passed max_states = {max_states} states at step {step} of {steps}")))
    };
    let mut step = 0;
    while step < steps {
        // Two points per pass when two are left: the layer between them is
        // never stored, which halves the insertions into the big table.
        let two = step + 1 < steps;
        let next = step + if two { 2 } else { 1 };
        let join = if next < steps { rules.joinable(next) } else { None };
        // Counts only grow along the sweep; a count that outgrows its limbs
        // widens the whole layer (see `Layer::widen`).
        let expect = (old.len as u128 * sizes[1] as u128 / sizes[0].max(1) as u128) as usize;
        new.reset(old.w, expect.clamp(1, max_states.min(4 * old.len + 16)), stop)?;
        let flush = |batch: &mut Vec<([u64; N], u64, usize)>,
                     new: &mut Layer<N>,
                     old: &Layer<N>,
                     stop: &mut Stop<'_>|
         -> Result<()> {
            for &(ref k, h, r) in batch.iter() {
                new.add(k, h, old.record(r).1, stop)?;
            }
            batch.clear();
            Ok(())
        };
        // The counts of the sure states of `old` (only summed under a limit).
        let mut sure: u128 = 0;
        for r in 0..old.len {
            if stop.requested() {
                return Err(Error::Interrupted);
            }
            let (key, count) = old.record(r);
            if let Some(limit) = limit {
                if rules.sure(step, &key) {
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
                        let mut k2 = *k2;
                        if let Some(c) = join {
                            canonical_inputs(&mut k2, c);
                        }
                        let h = k2.hash();
                        new.prefetch_slot(h);
                        batch.push((k2, h, r));
                    }
                } else {
                    let mut k = *k;
                    if let Some(c) = join {
                        canonical_inputs(&mut k, c);
                    }
                    let h = k.hash();
                    new.prefetch_slot(h);
                    batch.push((k, h, r));
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
        sizes = [sizes[1], sizes[2], new.len];
        std::mem::swap(&mut old, &mut new);
        step = next;
    }
    let mut total = Nat::zero();
    for r in 0..old.len {
        let (key, count) = old.record(r);
        if rules.accepts(&key) {
            total.add_assign(&Nat::from_limbs(count));
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

/// The canonical form of the inputs of the lattice point in column `c` (its
/// left plug `c` and up plug `c + 1`) for a point whose moves depend on them
/// only through [`point_moves`]: the inputs are joined ahead of time, as
/// the point will join them. A lone end arriving from above moves to the
/// left plug (it makes the same moves either way); two ends that meet
/// without closing the loop are joined (the far end of a piece is re-marked
/// as for the point's move) and leave the mark 3, "the point is used and
/// takes no more edges", in the left plug. The up plug is then empty. States
/// that differ only in how the point's inputs arrive merge; both plugs are
/// overwritten at the point.
#[inline(always)]
pub fn canonical_inputs<K: Key>(key: &mut K, c: u32) {
    match (key.get(2 * c, 2), key.get(2 * c + 2, 2)) {
        (0, 0) => {}
        (0, u) => key.set(2 * c, 4, u),
        (1, 1) => {
            let p = partner_right(key, c + 1);
            key.set(2 * p, 2, 1);
            key.set(2 * c, 4, SATURATED);
        }
        (2, 2) => {
            let p = partner_left(key, c);
            key.set(2 * p, 2, 2);
            key.set(2 * c, 4, SATURATED);
        }
        (2, 1) => key.set(2 * c, 4, SATURATED),
        _ => {}
    }
}

/// The left plug of a point whose two inputs were joined ahead of time
/// ([`canonical_inputs`]): the point is used and takes no more edges.
const SATURATED: u64 = 3;

/// Plug index of the ")" matching the "(" at `from`. Jumps from one
/// non-empty plug to the next (a bit scan), not plug by plug.
#[inline(always)]
fn partner_right<K: Key>(key: &K, from: u32) -> u32 {
    let mut depth = 0i32;
    let mut wi = (2 * from / 64) as usize;
    let mut m = key.word(wi) & (u64::MAX << (2 * from % 64));
    loop {
        while m != 0 {
            let b = m.trailing_zeros() & !1;
            match (m >> b) & 3 {
                1 => depth += 1,
                2 => {
                    depth -= 1;
                    if depth == 0 {
                        return (64 * wi as u32 + b) / 2;
                    }
                }
                _ => {}
            }
            m &= !(3u64 << b);
        }
        wi += 1;
        m = key.word(wi);
    }
}

/// Plug index of the "(" matching the ")" at `from` (a bit scan downwards).
#[inline(always)]
fn partner_left<K: Key>(key: &K, from: u32) -> u32 {
    let mut depth = 0i32;
    let mut wi = (2 * from / 64) as usize;
    let keep = 2 * from % 64 + 2;
    let mut m = key.word(wi) & if keep == 64 { u64::MAX } else { (1u64 << keep) - 1 };
    loop {
        while m != 0 {
            let b = (63 - m.leading_zeros()) & !1;
            match (m >> b) & 3 {
                2 => depth += 1,
                1 => {
                    depth -= 1;
                    if depth == 0 {
                        return (64 * wi as u32 + b) / 2;
                    }
                }
                _ => {}
            }
            m &= !(3u64 << b);
        }
        wi -= 1;
        m = key.word(wi);
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
        (SATURATED, _) => {
            // The inputs were joined ahead of time (`canonical_inputs`).
            if allow_used {
                out[n] = mv(base, false, false, true, false);
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

    /// A layer of 1000 states with room for a million.
    fn filled() -> Layer<1> {
        let mut layer: Layer<1> = Layer::new();
        layer.reset(1, 1 << 20, &mut Stop::never()).unwrap();
        for i in 0..1000u64 {
            let key = [i << 2];
            layer.add(&key, key.hash(), &[u64::MAX - 5], &mut Stop::never()).unwrap();
        }
        assert_eq!(layer.len, 1000);
        layer
    }

    #[test]
    fn partners_are_found_across_words() {
        // Random balanced strings of "(", ")" and empty plugs over 3 words,
        // checked against a plug-by-plug scan.
        let mut seed = 12345u64;
        let mut next = || {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            seed >> 33
        };
        for _ in 0..300 {
            let mut key = [0u64; 3];
            let mut open: Vec<u32> = Vec::new();
            let mut pairs: Vec<(u32, u32)> = Vec::new();
            for p in 0..90u32 {
                let left = 90 - p;
                match next() % 3 {
                    0 if (left as usize) > open.len() + 1 => {
                        key.set(2 * p, 2, 1);
                        open.push(p);
                    }
                    1 if !open.is_empty() => {
                        key.set(2 * p, 2, 2);
                        pairs.push((open.pop().unwrap_or(0), p));
                    }
                    _ if (left as usize) <= open.len() => {
                        key.set(2 * p, 2, 2);
                        pairs.push((open.pop().unwrap_or(0), p));
                    }
                    _ => {}
                }
            }
            assert!(open.is_empty());
            for &(l, r) in &pairs {
                assert_eq!(partner_right(&key, l), r);
                assert_eq!(partner_left(&key, r), l);
            }
        }
    }

    #[test]
    fn growing_clearing_and_widening_a_table_heed_the_stop() {
        let yes = || true;
        let asked = || {
            let stop = Stop::new(&yes);
            std::thread::sleep(Stop::PERIOD * 2);
            stop
        };
        assert!(matches!(filled().grow_index(&mut asked()), Err(Error::Interrupted)));
        assert!(matches!(filled().grow_records(&mut asked()), Err(Error::Interrupted)));
        assert!(matches!(filled().widen(0, &mut asked()), Err(Error::Interrupted)));
        assert!(matches!(filled().reset(1, 1 << 22, &mut asked()), Err(Error::Interrupted)));
        // Unasked, they keep every count, and every state is still found.
        let mut layer = filled();
        layer.grow_index(&mut Stop::never()).unwrap();
        layer.grow_records(&mut Stop::never()).unwrap();
        layer.widen(0, &mut Stop::never()).unwrap();
        let counts: Vec<u64> = (0..layer.len).map(|r| layer.record(r).1[0]).collect();
        assert_eq!(counts.len(), 1000);
        assert!(counts.iter().all(|&c| c == u64::MAX - 5));
        assert_eq!(layer.record(0).1[1], 1);
        for i in 0..1000u64 {
            let key = [i << 2];
            layer.add(&key, key.hash(), &[5], &mut Stop::never()).unwrap();
        }
        assert_eq!(layer.len, 1000);
        assert!((0..layer.len).all(|r| layer.record(r).1[0] == u64::MAX));
    }
}
