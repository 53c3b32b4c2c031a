//! The v1 propagation on bitboards, for boards of side up to `WIDE_MAX_N`
//! (the bulk of v1's searches): the board's cells, points and edges are bit
//! positions in one word each (a `u64` up to `BITS_MAX_N`, a `u128` for
//! n = 8, which needs 81 point bits), and a round applies the cell rule to
//! every clued cell and the dot rule to every point at once, both on the
//! same state, with bit-sliced counts, until a round forces nothing.
//!
//! Layout, with stride `s = n + 1`: cell (r, c), point (r, c), the top side
//! H(r, c) of cell (r, c) and its left side V(r, c) all sit at bit
//! `r * s + c`. So a cell's bottom is its top shifted down by `s`, its right
//! its left shifted down by one; a point's edges are the H and V words
//! shifted the other way. Column `n` of the cell and H words and row `n` of
//! the cell and V words are never set, so nothing wraps into a real place.
//!
//! The rules are monotone (docs/loop-v1.md, "Propagation"), so running all
//! of them in rounds reaches the fixpoint the worklist engine reaches, and
//! fails on exactly the same states; the search on top branches on the same
//! edges and counts the same nodes. The loop rule is kept as in the worklist
//! engine (on-edges form paths whose ends know each other) and applied once
//! the cell and dot rules have reached their fixpoint.
//!
//! On x86_64 the 64-bit rounds run on two 64-bit lanes of an SSE2 register
//! (the decided-on and the not-off words side by side), compiled for AVX as
//! well and chosen at run time when the processor has it; the one-word
//! rounds are the other targets' and the 128-bit words' (and the tests
//! compare all of them).

use super::propagate::{Domain, Mark, OFF};
#[cfg(test)]
use super::propagate::{BOTH, ON};
use super::solve::Propagator;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not, Shl, Shr};

/// The largest side the bitboard engine takes on 64-bit words: (n + 1)^2
/// points in 64 bits.
pub const BITS_MAX_N: usize = 7;

/// The largest side it takes on 128-bit words (`BitEngine<u128>`): the
/// v1 replay's n = 8 boards, which cost the worklist engine about three
/// times as much per node as the 64-bit bitboards.
pub const WIDE_MAX_N: usize = 8;

/// The bitboards' word: `u64` (sides up to `BITS_MAX_N`, with the two-lane
/// sweep on x86_64) or `u128` (up to `WIDE_MAX_N`, one-word sweep).
pub(crate) trait Word:
    Copy
    + Default
    + Eq
    + std::fmt::Debug
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
    + BitAndAssign
    + BitOrAssign
{
    const ZERO: Self;
    /// The largest side on this word.
    const MAX_N: usize;
    /// The word with bit `i` alone.
    fn bit(i: usize) -> Self;
    fn from_u64(x: u64) -> Self;
    fn trailing_zeros(self) -> u32;
    fn count_ones(self) -> u32;
    /// The word without its lowest set bit.
    fn without_lowest(self) -> Self;
    /// The sweep of stride `S` (the engine's) in its fastest form on this
    /// word.
    fn sweep<const S: i32>(engine: &mut BitEngine<Self>) -> bool;
}

impl Word for u64 {
    const ZERO: u64 = 0;
    const MAX_N: usize = BITS_MAX_N;
    #[inline(always)]
    fn bit(i: usize) -> u64 {
        1 << i
    }
    #[inline(always)]
    fn from_u64(x: u64) -> u64 {
        x
    }
    #[inline(always)]
    fn trailing_zeros(self) -> u32 {
        u64::trailing_zeros(self)
    }
    #[inline(always)]
    fn count_ones(self) -> u32 {
        u64::count_ones(self)
    }
    #[inline(always)]
    fn without_lowest(self) -> u64 {
        self & self.wrapping_sub(1)
    }
    #[inline(always)]
    fn sweep<const S: i32>(engine: &mut BitEngine<u64>) -> bool {
        #[cfg(simd_x86)]
        return engine.sweep_pairs::<S>();
        #[cfg(not(simd_x86))]
        engine.sweep::<S>()
    }
}

impl Word for u128 {
    const ZERO: u128 = 0;
    const MAX_N: usize = WIDE_MAX_N;
    #[inline(always)]
    fn bit(i: usize) -> u128 {
        1 << i
    }
    #[inline(always)]
    fn from_u64(x: u64) -> u128 {
        x as u128
    }
    #[inline(always)]
    fn trailing_zeros(self) -> u32 {
        u128::trailing_zeros(self)
    }
    #[inline(always)]
    fn count_ones(self) -> u32 {
        u128::count_ones(self)
    }
    #[inline(always)]
    fn without_lowest(self) -> u128 {
        self & self.wrapping_sub(1)
    }
    #[inline(always)]
    fn sweep<const S: i32>(engine: &mut BitEngine<u128>) -> bool {
        engine.sweep::<S>()
    }
}

/// The domains as bits of the H and V words: `on` the edges decided on,
/// `may` those not decided off (so `may & !on` are the undecided ones, and
/// `on ⊆ may ⊆` the real edges).
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
struct State<W> {
    hon: W,
    hmay: W,
    von: W,
    vmay: W,
}

/// Bit-sliced sum of four one-bit planes: bits 0, 1, 2 of the count.
#[inline(always)]
fn count4<T>(a: T, b: T, c: T, d: T) -> (T, T, T)
where
    T: Copy + BitAnd<Output = T> + BitOr<Output = T> + BitXor<Output = T>,
{
    let (x1, y1, x2, y2) = (a ^ b, a & b, c ^ d, c & d);
    let carry = x1 & x2;
    let y = y1 ^ y2;
    (x1 ^ x2, y ^ carry, (y1 & y2) | (y & carry))
}

/// Of four one-bit planes: where at least one, two, three are set.
#[inline(always)]
fn at_least<T>(a: T, b: T, c: T, d: T) -> (T, T, T)
where
    T: Copy + BitAnd<Output = T> + BitOr<Output = T>,
{
    let (ab, cd, a_b, c_d) = (a | b, c | d, a & b, c & d);
    (ab | cd, a_b | c_d | (ab & cd), (a_b & cd) | (c_d & ab))
}

/// Bit-sliced `a > b` on three-bit numbers.
#[inline(always)]
fn greater<T>(a: (T, T, T), b: (T, T, T)) -> T
where
    T: Copy + BitAnd<Output = T> + BitOr<Output = T> + BitXor<Output = T> + Not<Output = T>,
{
    let (a0, a1, a2) = a;
    let (b0, b1, b2) = b;
    (a2 & !b2) | (!(a2 ^ b2) & ((a1 & !b1) | (!(a1 ^ b1) & a0 & !b0)))
}

/// Bit-sliced `a == b` on three-bit numbers.
#[inline(always)]
fn equal<T>(a: (T, T, T), b: (T, T, T)) -> T
where
    T: Copy + BitOr<Output = T> + BitXor<Output = T> + Not<Output = T>,
{
    !((a.0 ^ b.0) | (a.1 ^ b.1) | (a.2 ^ b.2))
}

/// Two 64-bit lanes of one SSE2 register (baseline on x86_64), for
/// [`BitEngine::sweep_pairs`]; the bitwise operators act lane by lane.
#[cfg(simd_x86)]
#[derive(Clone, Copy)]
struct Pair(std::arch::x86_64::__m128i);

// SAFETY (every `unsafe` block below): SSE2 intrinsics on registers, no
// memory access, and SSE2 is part of x86_64. Rust 1.87 and later call them
// as safe functions; the blocks are for the older compilers that the
// crate's rust-version admits.
#[cfg(simd_x86)]
#[allow(unused_unsafe)]
mod pair_ops {
    use super::Pair;
    use std::arch::x86_64::*;
    use std::ops::{BitAnd, BitOr, BitXor, Not};

    impl Pair {
        /// `[lo, hi]`.
        #[inline(always)]
        pub(super) fn new(lo: u64, hi: u64) -> Pair {
            Pair(unsafe { _mm_set_epi64x(hi as i64, lo as i64) })
        }
        #[inline(always)]
        pub(super) fn splat(x: u64) -> Pair {
            Pair(unsafe { _mm_set1_epi64x(x as i64) })
        }
        #[inline(always)]
        pub(super) fn low(self) -> u64 {
            unsafe { _mm_cvtsi128_si64(self.0) as u64 }
        }
        #[inline(always)]
        pub(super) fn high(self) -> u64 {
            unsafe { _mm_cvtsi128_si64(_mm_unpackhi_epi64(self.0, self.0)) as u64 }
        }
        /// `[a.lo, b.lo]`.
        #[inline(always)]
        pub(super) fn low_lanes(a: Pair, b: Pair) -> Pair {
            Pair(unsafe { _mm_unpacklo_epi64(a.0, b.0) })
        }
        /// `[a.hi, b.hi]`.
        #[inline(always)]
        pub(super) fn high_lanes(a: Pair, b: Pair) -> Pair {
            Pair(unsafe { _mm_unpackhi_epi64(a.0, b.0) })
        }
        /// `[hi, lo]`.
        #[inline(always)]
        pub(super) fn swap(self) -> Pair {
            Pair(unsafe { _mm_shuffle_epi32::<0x4E>(self.0) })
        }
        /// `!self & other`.
        #[inline(always)]
        pub(super) fn and_not(self, other: Pair) -> Pair {
            Pair(unsafe { _mm_andnot_si128(self.0, other.0) })
        }
        #[inline(always)]
        pub(super) fn shl<const K: i32>(self) -> Pair {
            Pair(unsafe { _mm_slli_epi64::<K>(self.0) })
        }
        #[inline(always)]
        pub(super) fn shr<const K: i32>(self) -> Pair {
            Pair(unsafe { _mm_srli_epi64::<K>(self.0) })
        }
        /// Both lanes zero.
        #[inline(always)]
        pub(super) fn is_zero(self) -> bool {
            unsafe { _mm_movemask_epi8(_mm_cmpeq_epi8(self.0, _mm_setzero_si128())) == 0xFFFF }
        }
    }

    impl BitAnd for Pair {
        type Output = Pair;
        #[inline(always)]
        fn bitand(self, o: Pair) -> Pair {
            Pair(unsafe { _mm_and_si128(self.0, o.0) })
        }
    }
    impl BitOr for Pair {
        type Output = Pair;
        #[inline(always)]
        fn bitor(self, o: Pair) -> Pair {
            Pair(unsafe { _mm_or_si128(self.0, o.0) })
        }
    }
    impl BitXor for Pair {
        type Output = Pair;
        #[inline(always)]
        fn bitxor(self, o: Pair) -> Pair {
            Pair(unsafe { _mm_xor_si128(self.0, o.0) })
        }
    }
    impl Not for Pair {
        type Output = Pair;
        #[inline(always)]
        fn not(self) -> Pair {
            Pair(unsafe { _mm_xor_si128(self.0, _mm_set1_epi64x(-1)) })
        }
    }
}

#[inline(always)]
fn shl<T: Shl<u32, Output = T>>(x: T, k: u32) -> T {
    x << k
}

#[inline(always)]
fn shr<T: Shr<u32, Output = T>>(x: T, k: u32) -> T {
    x >> k
}

/// The slots of the links' trail: more than the
/// edges of the largest board (`2 n (n + 1)`, 144), a power of two.
const TRAIL: usize = 256;
const _: () = assert!(2 * WIDE_MAX_N * (WIDE_MAX_N + 1) < TRAIL);

/// The point bits' slots (of `path`, `h_edge`): the bits of the widest
/// word, a power of two.
const POINTS: usize = 128;
const _: () = assert!((WIDE_MAX_N + 1) * (WIDE_MAX_N + 1) <= POINTS);

/// `i`'s slot in a trail of `TRAIL` (`i` is below it: the mask only tells
/// the compiler so, in place of a bounds check at every push).
#[inline(always)]
fn trail_slot(i: usize) -> usize {
    debug_assert!(i < TRAIL);
    i & (TRAIL - 1)
}

pub(crate) struct BitEngine<W: Word = u64> {
    n: usize,
    /// The stride `n + 1`.
    s: u32,
    num_h: usize,
    num_edges: usize,
    /// The real H edges, V edges.
    hv: W,
    vv: W,
    /// The clued cells, and the bits 0, 1, 2 of their clues.
    clued: W,
    k: (W, W, W),
    st: State<W>,
    /// The on-edges form one closed cycle holding all of them (then every
    /// other edge is off: the state is terminal).
    closed: bool,
    /// The number of on-paths.
    paths: usize,
    /// Per point bit, the other end of the on-path ending there (itself when
    /// none; stale inside a path, never read there).
    path: [u8; POINTS],
    /// Per link, the two path ends it rewrote and their old values.
    /// `path_trail[..links]`: a link per on-edge at most, so fewer than
    /// `TRAIL` (see `trail_slot`).
    /// (Boxed: a search that is not kept, as `solve` makes, moves only a
    /// pointer.)
    path_trail: Box<[[u8; 4]; TRAIL]>,
    links: usize,
    /// The state at each depth of the search stack (see `mark`).
    /// (At most one per edge and the root: sized so, as a fresh search
    /// zeroes it.)
    saved: Vec<State<W>>,
    /// Per H bit, its edge id (V edge ids are `num_h` + their bit).
    h_edge: [u8; POINTS],
    /// The processor has AVX, BMI1 and BMI2 (see `run_avx`).
    #[cfg(simd_x86)]
    avx: bool,
    /// The tests' switch to the one-word sweep (which x86_64 runs only
    /// there), so that they cover it.
    #[cfg(all(test, simd_x86))]
    one_word: bool,
}

impl<W: Word> BitEngine<W> {
    /// An engine for the n x n board (1 <= n <= `W::MAX_N`) with every edge
    /// undecided; `clues` checked by the caller.
    pub fn new(n: usize, clues: &[i8]) -> Self {
        debug_assert!((1..=W::MAX_N).contains(&n) && clues.len() == n * n);
        let s = n + 1;
        let num_h = n * s;
        let num_edges = 2 * num_h;
        let (mut hv, mut vv) = (W::ZERO, W::ZERO);
        let mut h_edge = [0u8; POINTS];
        for r in 0..=n {
            for c in 0..n {
                let (e, b) = (r * n + c, r * s + c);
                hv |= W::bit(b);
                h_edge[b] = e as u8;
            }
        }
        for r in 0..n {
            for c in 0..=n {
                vv |= W::bit(r * s + c);
            }
        }
        let mut engine = BitEngine {
            n,
            s: s as u32,
            num_h,
            num_edges,
            hv,
            vv,
            clued: W::ZERO,
            k: (W::ZERO, W::ZERO, W::ZERO),
            st: State { hon: W::ZERO, hmay: hv, von: W::ZERO, vmay: vv },
            closed: false,
            paths: 0,
            path: std::array::from_fn(|p| p as u8),
            path_trail: Box::new([[0; 4]; TRAIL]),
            links: 0,
            saved: vec![State::default(); num_edges + 1],
            h_edge,
            #[cfg(simd_x86)]
            avx: std::arch::is_x86_feature_detected!("avx")
                && std::arch::is_x86_feature_detected!("bmi1")
                && std::arch::is_x86_feature_detected!("bmi2"),
            #[cfg(all(test, simd_x86))]
            one_word: false,
        };
        engine.set_clues(clues);
        engine
    }

    /// The clue planes of `clues`, a row at a time: the row's clues as the
    /// bytes of one word (a blank is -1, its top bit set), each plane's
    /// bit of every cell of the row taken at once and the row's bits
    /// gathered by one multiplication (this runs once per search, and
    /// most searches are a few nodes: cell by cell it cost about as much
    /// as a node).
    fn set_clues(&mut self, clues: &[i8]) {
        /// Bit 0 of each of the word's bytes.
        const LOW_BITS: u64 = 0x0101_0101_0101_0101;
        /// Gathers bit 0 of byte i into bit 56 + i (each product bit
        /// lands alone: no carries).
        const GATHER: u64 = 0x0102_0408_1020_4080;
        let (n, s) = (self.n, self.s);
        // A row has at most eight cells, one byte each.
        let row_bytes = u64::MAX >> (64 - 8 * n);
        let (mut clued, mut k0, mut k1, mut k2) = (W::ZERO, W::ZERO, W::ZERO, W::ZERO);
        for (r, row) in clues.chunks_exact(n).enumerate() {
            let mut bytes = [0u8; 8];
            for (b, &clue) in bytes.iter_mut().zip(row) {
                *b = clue as u8;
            }
            let w = u64::from_le_bytes(bytes);
            let on = (!w >> 7) & LOW_BITS & row_bytes;
            let gather = |plane: u64| W::from_u64(plane.wrapping_mul(GATHER) >> 56) << (r as u32 * s);
            clued |= gather(on);
            k0 |= gather(w & on);
            k1 |= gather((w >> 1) & on);
            k2 |= gather((w >> 2) & on);
        }
        self.clued = clued;
        self.k = (k0, k1, k2);
    }

    /// Edge `e`'s bit in its H or V word (the search itself works on the
    /// bits: see `Propagator::branch`).
    #[cfg(test)]
    fn bit_of(&self, e: usize) -> u32 {
        let n = self.n;
        (if e < self.num_h { e / n * (n + 1) + e % n } else { e - self.num_h }) as u32
    }

    /// The edges' domains (for the tests' comparison with the worklist
    /// engine).
    #[cfg(test)]
    pub fn domains(&self) -> Vec<Domain> {
        let st = self.st;
        (0..self.num_edges)
            .map(|e| {
                let (on, may) = if e < self.num_h { (st.hon, st.hmay) } else { (st.von, st.vmay) };
                let b = self.bit_of(e);
                let bit = W::bit(b as usize);
                if on & bit != W::ZERO {
                    ON
                } else if may & bit == W::ZERO {
                    OFF
                } else {
                    BOTH
                }
            })
            .collect()
    }

    /// Loads given domains (as if assigned before search), as the worklist
    /// engine's `load`: false when they already contradict the loop rule.
    /// The dot rule's degree check runs first, so that the paths are only
    /// ever built from points of degree at most two.
    #[cfg(test)]
    pub fn load(&mut self, domains: &[Domain]) -> bool {
        for (e, &d) in domains.iter().enumerate() {
            let bit = W::bit(self.bit_of(e) as usize);
            let (on, may) = if e < self.num_h {
                (&mut self.st.hon, &mut self.st.hmay)
            } else {
                (&mut self.st.von, &mut self.st.vmay)
            };
            match d {
                ON => *on |= bit,
                OFF => *may &= !bit,
                _ => {}
            }
        }
        let (hon, von) = (self.st.hon, self.st.von);
        if self.over_two(hon, von) != W::ZERO {
            return false;
        }
        self.link_all(hon, von)
    }

    /// The points with more than two on-edges.
    #[inline(always)]
    fn over_two(&self, hon: W, von: W) -> W {
        let s = self.s;
        at_least(shl(von, s), von, shl(hon, 1), hon).2
    }

    /// Links the on-edges `new_h`, `new_v` (just turned on; every point of
    /// degree at most two) into the paths. False when one closes a cycle
    /// that is not every on-edge.
    #[inline(always)]
    fn link_all(&mut self, mut new_h: W, mut new_v: W) -> bool {
        let mut pending = (new_h.count_ones() + new_v.count_ones()) as usize;
        while new_h != W::ZERO {
            let p = new_h.trailing_zeros() as usize;
            new_h = new_h.without_lowest();
            pending -= 1;
            if !self.link(p, p + 1, pending) {
                return false;
            }
        }
        let s = self.s as usize;
        while new_v != W::ZERO {
            let p = new_v.trailing_zeros() as usize;
            new_v = new_v.without_lowest();
            pending -= 1;
            if !self.link(p, p + s, pending) {
                return false;
            }
        }
        true
    }

    /// Adds the on-edge from point `a` to point `b` to the paths, with
    /// `pending` on-edges still to link; notes a closed cycle.
    #[inline(always)]
    fn link(&mut self, a: usize, b: usize, pending: usize) -> bool {
        debug_assert!(a < POINTS && b < POINTS);
        let (ea, eb) = (self.path[a & (POINTS - 1)], self.path[b & (POINTS - 1)]);
        if ea as usize == b {
            // A closed cycle: legal only as every on-edge, and then the last.
            if self.paths != 1 || pending != 0 || self.closed {
                return false;
            }
            self.closed = true;
            return true;
        }
        if self.closed {
            return false;
        }
        self.paths = self.paths + 1 - (ea as usize != a) as usize - (eb as usize != b) as usize;
        self.path_trail[trail_slot(self.links)] = [ea, eb, a as u8, b as u8];
        self.links += 1;
        self.path[ea as usize & (POINTS - 1)] = eb;
        self.path[eb as usize & (POINTS - 1)] = ea;
        true
    }

    /// After a closure: every undecided edge off; do the clues hold exactly?
    fn settle(&mut self) -> bool {
        let st = &mut self.st;
        st.hmay = st.hon;
        st.vmay = st.von;
        let (s, (hon, von)) = (self.s, (st.hon, st.von));
        let on = count4(hon, shr(hon, s), von, shr(von, 1));
        self.clued & !equal(on, self.k) == W::ZERO
    }

    /// [`Propagator::run`] once not closed, with the stride as a constant,
    /// so that the shifts take it as one: the two-lane sweep on x86_64,
    /// the one-word sweep elsewhere.
    #[inline(always)]
    fn run_any(&mut self) -> bool {
        #[cfg(simd_x86)]
        {
            #[cfg(test)]
            if self.one_word {
                return self.run_one_word();
            }
        }
        match self.s {
            2 => W::sweep::<2>(self),
            3 => W::sweep::<3>(self),
            4 => W::sweep::<4>(self),
            5 => W::sweep::<5>(self),
            6 => W::sweep::<6>(self),
            7 => W::sweep::<7>(self),
            8 => W::sweep::<8>(self),
            _ => W::sweep::<9>(self),
        }
    }

    /// [`Self::run_any`] on the one-word sweep.
    #[cfg(all(test, simd_x86))]
    #[inline(always)]
    fn run_one_word(&mut self) -> bool {
        match self.s {
            2 => self.sweep::<2>(),
            3 => self.sweep::<3>(),
            4 => self.sweep::<4>(),
            5 => self.sweep::<5>(),
            6 => self.sweep::<6>(),
            7 => self.sweep::<7>(),
            8 => self.sweep::<8>(),
            _ => self.sweep::<9>(),
        }
    }

    /// [`Self::run_any`] compiled for AVX (three-operand forms of the
    /// two-lane sweep's SSE2 instructions, without the copies between
    /// them) and BMI1/BMI2 (the scalar and-nots, the linking's bit scans).
    ///
    /// # Safety
    /// The processor must have AVX, BMI1 and BMI2.
    #[cfg(simd_x86)]
    #[target_feature(enable = "avx,bmi1,bmi2")]
    unsafe fn run_avx(&mut self) -> bool {
        self.run_any()
    }

    /// [`Propagator::run`] on a board of stride `S` (= `self.s`): the cell
    /// rule over every clued cell and the dot rule over every point, both
    /// on the same state (so the two are independent work for the
    /// processor), until a round decides nothing; then the loop rule on the
    /// edges turned on. At that fixpoint no point has three on-edges (the
    /// dot rule would have failed), so the paths are linked safely, and a
    /// closure then settles the rest; the rules being monotone, applying
    /// the loop rule last reaches the same fixpoint as at every step.
    #[inline(always)]
    fn sweep<const S: i32>(&mut self) -> bool {
        debug_assert_eq!(S as u32, self.s);
        let s = S as u32;
        let (clued, k) = (self.clued, self.k);
        let State { mut hon, mut hmay, mut von, mut vmay } = self.st;
        loop {
            let (hu, vu) = (hmay & !hon, vmay & !von);
            // The cell rule: `on` decided-on sides and `max` sides not off.
            let on = count4(hon, shr(hon, s), von, shr(von, 1));
            let max = count4(hmay, shr(hmay, s), vmay, shr(vmay, 1));
            // A cell at its clue turns its undecided sides off, one whose
            // sides not off are its clue turns them on (cells with none
            // undecided force nothing: the masks below clear them).
            let (c_off, c_on) = (clued & equal(on, k), clued & equal(max, k));
            // The dot rule: a point's edges are V above and below, H left
            // and right.
            let (one, two, three) = at_least(shl(von, s), von, shl(hon, 1), hon);
            let (ua, ub, uc, ud) = (shl(vu, s), vu, shl(hu, 1), hu);
            let any_u = ua | ub | uc | ud;
            let one_u = (ua ^ ub ^ uc ^ ud) & !(ua & ub) & !(uc & ud);
            let on1 = one & !two;
            let points_fail = three | (on1 & !any_u);
            // Two on (three fail) turn the rest off, none on with one
            // undecided turns it off, one on with one turns it on.
            let p_off = two | (one_u & !one);
            let p_on = on1 & one_u;
            let h_off = (c_off | shl(c_off, s) | p_off | shr(p_off, 1)) & hu;
            let v_off = (c_off | shl(c_off, 1) | p_off | shr(p_off, s)) & vu;
            let h_on = (c_on | shl(c_on, s) | p_on | shr(p_on, 1)) & hu;
            let v_on = (c_on | shl(c_on, 1) | p_on | shr(p_on, s)) & vu;
            // An edge forced both ways fails one of the rules forcing it.
            if points_fail | (h_off & h_on) | (v_off & v_on) != W::ZERO {
                return false;
            }
            if h_off | v_off | h_on | v_on == W::ZERO {
                // The cells' own failure (more on than the clue, or fewer
                // not off) is checked once, at the fixpoint: a failing cell
                // forces nothing, and narrowing never mends it, so the
                // verdict is the one every round would give.
                if clued & (greater(on, k) | greater(k, max)) != W::ZERO {
                    return false;
                }
                break;
            }
            hon |= h_on;
            von |= v_on;
            hmay &= !h_off;
            vmay &= !v_off;
        }
        self.settle_round(State { hon, hmay, von, vmay })
    }

    /// The end of a sweep at the cell and dot rules' fixpoint `st`: the
    /// loop rule on the edges turned on since the sweep began.
    #[inline(always)]
    fn settle_round(&mut self, st: State<W>) -> bool {
        let (new_h, new_v) = (st.hon & !self.st.hon, st.von & !self.st.von);
        self.st = st;
        if new_h | new_v != W::ZERO {
            if !self.link_all(new_h, new_v) {
                return false;
            }
            if self.closed {
                return self.settle();
            }
        }
        true
    }
}

impl BitEngine<u64> {
    /// [`Self::sweep`] with two 64-bit lanes per SSE2 register: the H
    /// words as `[on, may]`, the V words likewise, so that each count and
    /// each forcing runs once for both lanes (the cell rule's `on` and
    /// `max` counts together, the forced-off and forced-on edges together).
    /// The dot rule reads the points' at-least counts of on-edges (lane 0)
    /// and of edges not off (lane 1): one undecided edge is one more not
    /// off than on. An update XORs the forced edges in: a forced edge is
    /// undecided, so it is not on yet and still may be.
    #[cfg(simd_x86)]
    #[inline(always)]
    fn sweep_pairs<const S: i32>(&mut self) -> bool {
        debug_assert_eq!(S as u32, self.s);
        let clued = Pair::splat(self.clued);
        let k = (Pair::splat(self.k.0), Pair::splat(self.k.1), Pair::splat(self.k.2));
        let State { hon, hmay, von, vmay } = self.st;
        let (mut h, mut v) = (Pair::new(hon, hmay), Pair::new(von, vmay));
        loop {
            // [hu, vu], the undecided edges, and each spread to both lanes.
            let u = Pair::low_lanes(h, v).and_not(Pair::high_lanes(h, v));
            let (hu, vu) = (Pair::low_lanes(u, u), Pair::high_lanes(u, u));
            // The cell rule: [on, max] counts; [at clue, not-off at clue].
            let count = count4(h, h.shr::<S>(), v, v.shr::<1>());
            let c = equal(count, k) & clued;
            // The dot rule: [at least 1, 2, 3 on | not off] per point.
            let (a1, a2, a3) = at_least(v.shl::<S>(), v, h.shl::<1>(), h);
            let (m1, m2, m3) = (a1.swap(), a2.swap(), a3.swap());
            // In lane 0: exactly one on; fail (three on, or one on and no
            // other not off); off (two on, or none on and one not off);
            // on (one on and one other not off: one on and not three not
            // off, since one on and a single not off fails the round).
            let on1 = a2.and_not(a1);
            let points_fail = a3 | m2.and_not(on1);
            let p_off = a2 | m2.and_not(a1.and_not(m1));
            let p_on = m3.and_not(on1);
            let p = Pair::low_lanes(p_off, p_on);
            // [off, on] forced per H edge and per V edge.
            let hf = (c | c.shl::<S>() | p | p.shr::<1>()) & hu;
            let vf = (c | c.shl::<1>() | p | p.shr::<S>()) & vu;
            let (hs, vs) = (hf.swap(), vf.swap());
            if (points_fail | (hf & hs) | (vf & vs)).low() != 0 {
                return false;
            }
            if (hf | vf).is_zero() {
                // At the fixpoint: a cell over its clue (lane 0) or under
                // it (lane 1), as in `sweep`.
                let over = greater(count, k) & clued;
                let under = greater(k, count) & clued;
                if over.low() | under.high() != 0 {
                    return false;
                }
                break;
            }
            h = h ^ hs;
            v = v ^ vs;
        }
        self.settle_round(State { hon: h.low(), hmay: h.high(), von: v.low(), vmay: v.high() })
    }
}

impl<W: Word> BitEngine<W> {
    /// For the tests: as if the processor had no AVX.
    #[cfg(test)]
    pub(crate) fn without_avx(&mut self) {
        #[cfg(simd_x86)]
        {
            self.avx = false;
        }
    }

    /// The processor has AVX, BMI1 and BMI2 (and the tests have not
    /// switched them off): the search may then run on [`SweepInline`]
    /// from a function compiled for them.
    #[cfg(simd_x86)]
    #[inline]
    pub(crate) fn has_avx(&self) -> bool {
        self.avx
    }

    /// The stride `n + 1`, 2..=8 (read by the AVX search's dispatch).
    #[cfg(simd_x86)]
    #[inline]
    pub(crate) fn stride(&self) -> u32 {
        self.s
    }
}

/// The bitboard engine of stride `S` with [`Propagator::run`] as the
/// two-lane sweep itself, inlined into its caller rather than dispatched
/// at run time (on the processor's features and on the stride): for a
/// search loop compiled for AVX, BMI1 and BMI2 (`solve::walk_bits_avx`),
/// which only runs on a processor that has them.
#[cfg(simd_x86)]
pub(crate) struct SweepInline<'e, W: Word, const S: i32>(pub(crate) &'e mut BitEngine<W>);

#[cfg(simd_x86)]
impl<W: Word, const S: i32> Propagator for SweepInline<'_, W, S> {
    #[inline(always)]
    fn run(&mut self) -> bool {
        if self.0.closed {
            return self.0.settle();
        }
        W::sweep::<S>(self.0)
    }
    #[inline(always)]
    #[cfg(test)]
    fn assign(&mut self, e: usize, value: Domain) -> bool {
        self.0.assign(e, value)
    }
    #[inline(always)]
    fn mark(&mut self, depth: usize) -> Mark {
        self.0.mark(depth)
    }
    #[inline(always)]
    fn undo_to(&mut self, mark: Mark) {
        self.0.undo_to(mark)
    }
    #[inline(always)]
    fn closed(&self) -> bool {
        self.0.closed
    }
    #[inline(always)]
    #[cfg(test)]
    fn branch_edge(&self, from: usize) -> Option<usize> {
        self.0.branch_edge(from)
    }
    #[inline(always)]
    fn branch(&self, from: usize) -> Option<u32> {
        self.0.branch(from)
    }
    #[inline(always)]
    fn below(b: u32) -> usize {
        BitEngine::<W>::below(b)
    }
    #[inline(always)]
    fn take_branch(&mut self, b: u32, value: Domain) -> bool {
        self.0.take_branch(b, value)
    }
    fn solution(&self) -> Vec<u8> {
        self.0.solution()
    }
    fn reset(&mut self, clues: &[i8]) {
        self.0.reset(clues)
    }
}

impl<W: Word> Propagator for BitEngine<W> {
    #[inline]
    fn closed(&self) -> bool {
        self.closed
    }

    fn reset(&mut self, clues: &[i8]) {
        self.st = State { hon: W::ZERO, hmay: self.hv, von: W::ZERO, vmay: self.vv };
        self.closed = false;
        self.paths = 0;
        for (p, end) in self.path.iter_mut().enumerate() {
            *end = p as u8;
        }
        self.links = 0;
        self.set_clues(clues);
    }

    #[inline]
    fn mark(&mut self, depth: usize) -> Mark {
        self.saved[depth] = self.st;
        Mark { edges: depth, links: self.links, paths: self.paths }
    }

    #[inline]
    fn undo_to(&mut self, mark: Mark) {
        while self.links > mark.links {
            self.links -= 1;
            let [ea, eb, a, b] = self.path_trail[trail_slot(self.links)];
            self.path[eb as usize & (POINTS - 1)] = b;
            self.path[ea as usize & (POINTS - 1)] = a;
        }
        self.paths = mark.paths;
        self.st = self.saved[mark.edges];
        self.closed = false;
    }

    #[inline]
    #[cfg(test)]
    fn assign(&mut self, e: usize, value: Domain) -> bool {
        let b = self.bit_of(e) as usize;
        let bit = W::bit(b);
        let is_h = e < self.num_h;
        let st = &mut self.st;
        let (on, may) = if is_h { (&mut st.hon, &mut st.hmay) } else { (&mut st.von, &mut st.vmay) };
        let d = if *on & bit != W::ZERO {
            ON
        } else if *may & bit == W::ZERO {
            OFF
        } else {
            BOTH
        };
        if d == value {
            return true;
        }
        if d & value == 0 || (self.closed && value == ON) {
            return false;
        }
        if value == OFF {
            *may &= !bit;
            return true;
        }
        *on |= bit;
        // The search branches at fixpoints only, where a point with two
        // on-edges has none undecided: the new on-edge's ends have at most
        // two.
        debug_assert!(self.over_two(self.st.hon, self.st.von) == W::ZERO);
        if is_h {
            self.link(b, b + 1, 0)
        } else {
            self.link(b, b + self.s as usize, 0)
        }
    }

    /// Runs the cell rule over every clued cell, then the dot rule over
    /// every point, and again, until neither decides anything on a state
    /// the other has seen. False on contradiction.
    fn run(&mut self) -> bool {
        if self.closed {
            return self.settle();
        }
        #[cfg(simd_x86)]
        if self.avx {
            // SAFETY: `avx` is set only when this processor has AVX, BMI1
            // and BMI2.
            return unsafe { self.run_avx() };
        }
        self.run_any()
    }

    /// The lowest-numbered undecided edge: H edges come first, and each
    /// word's bit order is its edges' order.
    #[inline]
    #[cfg(test)]
    fn branch_edge(&self, _from: usize) -> Option<usize> {
        let st = self.st;
        let hu = st.hmay & !st.hon;
        if hu != W::ZERO {
            return Some(self.h_edge[hu.trailing_zeros() as usize & (POINTS - 1)] as usize);
        }
        let vu = st.vmay & !st.von;
        (vu != W::ZERO).then(|| self.num_h + vu.trailing_zeros() as usize)
    }

    /// The lowest undecided edge's bit in its word, plus `POINTS` for a V
    /// edge.
    #[inline(always)]
    fn branch(&self, _from: usize) -> Option<u32> {
        let st = self.st;
        let hu = st.hmay & !st.hon;
        if hu != W::ZERO {
            return Some(hu.trailing_zeros());
        }
        let vu = st.vmay & !st.von;
        (vu != W::ZERO).then(|| POINTS as u32 + vu.trailing_zeros())
    }

    /// Unused: `branch` finds the lowest undecided edge from the words.
    #[inline(always)]
    fn below(_b: u32) -> usize {
        0
    }

    /// The branching edge's bit set in the on or cleared in the not-off
    /// word, as [`assign`](Propagator::assign) would on an undecided edge
    /// with nothing closed.
    #[inline(always)]
    fn take_branch(&mut self, b: u32, value: Domain) -> bool {
        let (is_h, p) = (b < POINTS as u32, b as usize & (POINTS - 1));
        let bit = W::bit(p);
        let st = &mut self.st;
        let (on, may) = if is_h { (&mut st.hon, &mut st.hmay) } else { (&mut st.von, &mut st.vmay) };
        debug_assert!(!self.closed && *on & bit == W::ZERO && *may & bit != W::ZERO);
        if value == OFF {
            *may &= !bit;
            return true;
        }
        *on |= bit;
        // As in `assign`: the new on-edge's ends have at most two.
        debug_assert!(self.over_two(self.st.hon, self.st.von) == W::ZERO);
        self.link(p, if is_h { p + 1 } else { p + self.s as usize }, 0)
    }

    /// The on-edges read off their bits (a search records a solution at
    /// every closed loop it finds, so this is not rare).
    fn solution(&self) -> Vec<u8> {
        let mut out = vec![0; self.num_edges];
        let (mut hon, mut von) = (self.st.hon, self.st.von);
        while hon != W::ZERO {
            out[self.h_edge[hon.trailing_zeros() as usize & (POINTS - 1)] as usize] = 1;
            hon = hon.without_lowest();
        }
        while von != W::ZERO {
            out[self.num_h + von.trailing_zeros() as usize] = 1;
            von = von.without_lowest();
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::loop_v1::propagate::Engine;
    use crate::loop_v1::solve::Search;
    use crate::loop_v1::{tables_for, Tables};

    /// A small xorshift stream for the random boards.
    struct Stream(u64);

    impl Stream {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }
        fn below(&mut self, k: u64) -> u64 {
            self.next() % k
        }
    }

    /// Random clues: each cell clued with probability `percent` %, its clue
    /// drawn from 0..=3 (a 4 now and then).
    fn random_clues(rng: &mut Stream, n: usize, percent: u64) -> Vec<i8> {
        (0..n * n)
            .map(|_| if rng.below(100) < percent { [0, 1, 1, 2, 2, 3, 3, 4][rng.below(8) as usize] } else { -1 })
            .collect()
    }

    /// Both engines' fixpoints from the same state, compared: the same
    /// verdict, and the same domains and closure when consistent.
    fn same_fixpoint<W: Word>(words: &mut Engine<'_>, bits: &mut BitEngine<W>, what: &str) -> bool {
        let (a, b) = (words.run(), bits.run());
        assert_eq!(a, b, "verdicts differ: {what}");
        if a {
            assert_eq!(words.closed, bits.closed, "closures differ: {what}");
            // After a closure the worklist engine leaves the loop rule's
            // sweep (every undecided edge off) unwritten.
            let settled = |d: &Domain| if words.closed && *d == BOTH { OFF } else { *d };
            let words_dom: Vec<Domain> = words.domains().iter().map(settled).collect();
            assert_eq!(words_dom, bits.domains(), "fixpoints differ: {what}");
        }
        a
    }

    /// Both engines walked through one search tree in lockstep (every node,
    /// no limit past `budget`): each fixpoint compared, and the branching
    /// edges with it.
    fn lockstep<W: Word>(words: &mut Engine<'_>, bits: &mut BitEngine<W>, depth: usize, budget: &mut u32, what: &str) {
        if *budget == 0 || Propagator::closed(words) {
            return;
        }
        *budget -= 1;
        let e = Propagator::branch_edge(words, 0);
        assert_eq!(e, bits.branch_edge(0), "branching differs: {what}");
        let Some(e) = e else { return };
        let (mw, mb) = (Propagator::mark(words, depth), bits.mark(depth));
        for value in [OFF, ON] {
            Propagator::undo_to(words, mw);
            bits.undo_to(mb);
            let (a, b) = (Propagator::assign(words, e, value), bits.assign(e, value));
            assert_eq!(a, b, "assign differs: {what}, edge {e} to {value}");
            if a && same_fixpoint(words, bits, what) {
                lockstep(words, bits, depth + 1, budget, what);
            }
        }
    }

    /// A bitboard engine for the board on one of its sweeps, by `round`:
    /// the processor's (AVX when it has it), then on x86_64 the two-lane
    /// sweep without AVX and the one-word sweep, so that the tests cover
    /// every path (the 128-bit words have the one-word sweep only).
    fn bit_engine<W: Word>(n: usize, clues: &[i8], round: usize) -> BitEngine<W> {
        #[cfg(simd_x86)]
        {
            let mut bits = BitEngine::new(n, clues);
            bits.avx &= round % 3 == 0;
            bits.one_word = round % 3 == 2;
            bits
        }
        #[cfg(not(simd_x86))]
        {
            let _ = round;
            BitEngine::new(n, clues)
        }
    }

    #[test]
    fn the_engines_agree_node_by_node_on_random_boards() {
        let mut rng = Stream(0x9E37_79B9_7F4A_7C15);
        fn agree<W: Word>(tables: &Tables, n: usize, clues: &[i8], round: usize) {
            let mut words = Engine::new(tables, clues);
            let mut bits = bit_engine::<W>(n, clues, round);
            let what = format!("n = {n}, clues {clues:?}, {} bits", std::mem::size_of::<W>() * 8);
            if same_fixpoint(&mut words, &mut bits, &what) {
                lockstep(&mut words, &mut bits, 0, &mut 400, &what);
            }
        }
        for round in 0..3000 {
            let n = 1 + rng.below(WIDE_MAX_N as u64) as usize;
            let clues = random_clues(&mut rng, n, [20, 40, 60, 80, 100][round % 5]);
            let tables = tables_for(n).unwrap();
            if n <= BITS_MAX_N {
                agree::<u64>(&tables, n, &clues, round);
            }
            agree::<u128>(&tables, n, &clues, round);
        }
    }

    #[test]
    fn the_engines_agree_on_random_loaded_domains() {
        let mut rng = Stream(0x2545_F491_4F6C_DD1D);
        fn agree<W: Word>(tables: &Tables, n: usize, clues: &[i8], domains: &[Domain], round: usize) {
            let mut words = Engine::new(tables, clues);
            let mut bits = bit_engine::<W>(n, clues, round + 1);
            let what = format!("n = {n}, clues {clues:?}, domains {domains:?}, {} bits", std::mem::size_of::<W>() * 8);
            let (a, b) = (words.load(domains), bits.load(domains));
            assert_eq!(a, b, "loads differ: {what}");
            if a {
                same_fixpoint(&mut words, &mut bits, &what);
            }
        }
        for round in 0..5000 {
            let n = 1 + rng.below(WIDE_MAX_N as u64) as usize;
            let clues = random_clues(&mut rng, n, [0, 30, 60][round % 3]);
            let tables = tables_for(n).unwrap();
            let decided = [5, 15, 30][round % 3];
            let domains: Vec<Domain> = (0..tables.num_edges())
                .map(|_| if rng.below(100) < decided { [OFF, OFF, ON][rng.below(3) as usize] } else { BOTH })
                .collect();
            if n <= BITS_MAX_N {
                agree::<u64>(&tables, n, &clues, &domains, round);
            }
            agree::<u128>(&tables, n, &clues, &domains, round);
        }
    }

    #[test]
    fn the_searches_agree_on_random_boards() {
        let mut rng = Stream(0xD1B5_4A32_D192_ED03);
        for round in 0..3000 {
            let n = 1 + rng.below(WIDE_MAX_N as u64) as usize;
            let clues = random_clues(&mut rng, n, [25, 50, 75][round % 3]);
            let tables = tables_for(n).unwrap();
            let limit = [3, 50, 2000][round % 3];
            // The worklist engine, the bitboards as the processor runs
            // them, and the bitboards with AVX switched off (on x86_64 the
            // search runs another loop then).
            let results = [(true, true), (false, true), (false, false)].map(|(words, avx)| {
                let mut search = Search::with_engine(&tables, &clues, limit, words).unwrap();
                if !avx {
                    search.without_avx();
                }
                search.advance(u64::MAX);
                search.into_result()
            });
            assert_eq!(results[0], results[1], "n = {n}, clues {clues:?}, limit {limit}");
            assert_eq!(results[0], results[2], "n = {n}, clues {clues:?}, limit {limit}, without AVX");
        }
    }
}
