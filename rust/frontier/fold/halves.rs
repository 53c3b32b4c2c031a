//! A proven bound on an unclued grid's count from its two halves, for the
//! number of moduli a count needs ([`super::count`]). It is much tighter
//! than [`residue::count_bound`], whose sweep knows no connectivity and so
//! counts every set of cycles: on Hamiltonian cycles of 16 x 16 points that
//! bound is 139 bits, three passes of 64-bit words, where the count has 116
//! and two passes hold it.
//!
//! Cut the grid between rows `k - 1` and `k`. A single cycle that crosses
//! the cut leaves above it a set of paths whose ends are the cut's edges:
//! a frontier state of a pass after row `k - 1`, with some set `S` of
//! plugs occupied. Below the cut it leaves the same for the grid turned
//! upside down: a state of the same pass after row `H - k - 1`, with the
//! same set `S`. So the crossing cycles number at most `sum over S of
//! T(S) B(S)`, `T(S)` the counts of the top's states with plugs `S`
//! occupied and `B(S)` the bottom's. Pairs whose paths join into several
//! cycles are counted too: a small factor, where counting every set of
//! cycles is a factor of millions. The cycles that do not cross lie wholly
//! above the cut or wholly below it: the pass's closings in its first `k`
//! and first `H - k` rows (none for Hamiltonian cycles).
//!
//! Where the passes the count needs anyway hold every count at the cuts
//! exactly (below the product of their moduli: a pass's tables after `k`
//! rows hold at most `2^(k (W - 1))` ways, [`ways_bits`]), each pass
//! records its counts by occupied plugs there ([`Record`]) and the bound
//! is read from them by the Chinese remainder theorem ([`bound_recorded`]):
//! no sweep of its own. On 16 x 16 points two passes hold 120-bit counts.
//!
//! Elsewhere a pass runs on floats, one pass over `H - k` rows, about half a
//! modulus's pass: so it is run only where it is likely to save a whole
//! pass ([`pays`]). Its sums are plain float additions, each of which may
//! round the exact sum down by at most half an ulp, a factor of
//! `1 - 2^-53`; the counts are sums of nonnegative terms, so a result that
//! went through at most `d` roundings on its way from the first count (a
//! product through both its factors' and its own) is at least
//! `(1 - 2^-53)^d >= 1 - d 2^-53` times the exact one, and the bound is
//! scaled up by `1 + d 2^-52` at the end ([`ROUNDINGS_A_POINT`]).

use super::{sweep, Grid, Ring, Slots, Tables};
use crate::error::Result;
use crate::frontier::grid::Cycles;
use crate::frontier::residue::{self, Garner, UP};

/// Sums of nonnegative reals held as `f64` bits, each rounded to nearest
/// (see the module's note on how the bound covers the roundings). Zero is
/// the bits of `0.0`, as in the other rings.
#[derive(Clone, Copy)]
pub(super) struct Upper;

impl Ring for Upper {
    const ONE: u64 = 0x3FF0_0000_0000_0000; // 1.0

    #[inline(always)]
    fn add(self, x: u64, y: u64) -> u64 {
        (f64::from_bits(x) + f64::from_bits(y)).to_bits()
    }
}

/// More additions than any count passes through at one point of a pass:
/// a slot is written from its group's few slots and a few joins.
const ROUNDINGS_A_POINT: usize = 64;

/// How many moduli the bound from the halves will likely ask for, when
/// fewer than `bits` from [`residue::count_bound`] do; None when it would
/// likely save no pass. The guess is from the grids measured: that bound
/// was below the 2-factor bound by 0.068 to 0.072 bits a point on
/// Hamiltonian cycles (12 x 12 to 18 x 18 points) and by 0.047 to 0.051 on
/// all cycles (14 x 14, 16 x 16); a margin of 2 bits is kept. A wrong guess
/// costs time, never the count.
pub(super) fn pays(bits: u32, height: usize, width: usize, kind: Cycles) -> Option<usize> {
    let slack = if kind == Cycles::Hamiltonian { 0.065 } else { 0.045 };
    let guess = (f64::from(bits) - slack * (height * width) as f64 + 2.0).max(1.0) as u32;
    let (fewer, now) = (residue::moduli(guess, 64).len(), residue::moduli(bits, 64).len());
    (height >= 4 && fewer < now).then_some(fewer)
}

/// The rows after which the grid is cut: the top's `H / 2` and the
/// bottom's, the rest (the bottom read from the same sweep, turned over).
fn cut(height: usize) -> [usize; 2] {
    [height / 2, height - height / 2]
}

/// Bits above every count a pass's tables hold after `rows` rows of a
/// grid `width` points wide, and above the cycles closed in them: each
/// point but a row's last chooses between at most two ways on (an end goes
/// down or right; an empty plug stays empty or turns, or for a Hamiltonian
/// cycle must turn; a done point sends nothing), the last has no right
/// edge and so one, and each sequence of choices ends in one state or
/// one closing: at most `2^(rows (W - 1))` in all.
fn ways_bits(rows: usize, width: usize) -> u32 {
    (rows * (width - 1)) as u32 + 1
}

/// Bits a count's bound likely asks for at least, by the points: below
/// every nonzero count measured from 12 x 12 points up (Hamiltonian cycles
/// 0.417 bits a point at 12 x 12 to 0.467 at 21 x 16, none on grids odd
/// both ways, whose bounds are as large as their neighbours'; all cycles
/// 0.674 to 0.714), above some on small grids, whose passes are cheap.
fn likely_bits(height: usize, width: usize, kind: Cycles) -> u32 {
    let slope = if kind == Cycles::Hamiltonian { 0.40 } else { 0.62 };
    (slope * (height * width) as f64) as u32
}

/// The fewest passes whose moduli pass every count recorded at the cuts
/// of a grid `width` points wide ([`ways_bits`]).
pub(super) fn exact_passes(height: usize, width: usize) -> usize {
    residue::moduli(ways_bits(cut(height)[1], width), 64).len()
}

/// How many passes record the halves' counts as they go ([`Record`],
/// [`bound_recorded`]): as many as the count likely needs
/// ([`likely_bits`]), which must include those whose moduli pass every
/// count after the bottom's rows ([`ways_bits`], the fewest that give
/// those counts exactly); None where the count likely needs fewer than
/// those (recording would add passes), or more than [`Garner::MOST`]
/// passes would record, or the records, `2^(W - 1)` words a pass and a
/// cut, would take more than `room` words. Where it is Some, the bound
/// costs no sweep of its own: on 16 x 16 points the two passes of a
/// Hamiltonian count and the three of all cycles read the halves. All
/// the likely passes rather than the fewest: known at once, they can be
/// shared out among threads in whole rounds (all cycles of 16 x 16
/// points: two side by side, then one split) instead of waiting for the
/// bound to ask for the last.
pub(super) fn recorded_passes(height: usize, width: usize, kind: Cycles, room: usize) -> Option<usize> {
    if height < 4 || width < 2 {
        return None;
    }
    let n = exact_passes(height, width);
    let likely = residue::moduli(likely_bits(height, width, kind), 64).len();
    let records = (1usize << (width - 1)).saturating_mul(2 * likely);
    (n <= likely && likely <= Garner::MOST && records <= room).then_some(likely)
}

/// What one pass records for the halves' bound, in its ring: at each cut
/// ([`cut`]), the cycles closed so far and the counts by occupied plugs
/// ([`by_plugs`]). One cut when the two are the same row.
pub(super) struct Record {
    at: [Option<(u64, Vec<u64>)>; 2],
}

impl Record {
    pub(super) fn new() -> Record {
        Record { at: [None, None] }
    }

    /// A pass's `seen` after `row`: keeps what the cuts need.
    pub(super) fn seen<R: Ring>(&mut self, grid: Grid<'_>, ring: R, row: usize, closed: u64, s: Slots) {
        let [top, bottom] = cut(grid.height);
        if row + 1 == top {
            self.at[0] = Some((closed, by_plugs(grid.tables, s, grid.width, ring)));
        } else if row + 1 == bottom {
            self.at[1] = Some((closed, by_plugs(grid.tables, s, grid.width, ring)));
        }
    }

    /// The bottom's cut: the top's when they are the same row.
    fn half(&self, half: usize) -> &(u64, Vec<u64>) {
        let at = if half == 1 && self.at[1].is_some() { 1 } else { 0 };
        self.at[at].as_ref().expect("the pass swept past both cuts")
    }
}

/// The bound from the halves ([`bound`]), in bits, from the records of the
/// passes modulo `moduli`, one each, which give every count exactly
/// ([`recorded_passes`]): read by the Chinese remainder theorem as floats.
/// None when it passes a float's range.
pub(super) fn bound_recorded(grid: Grid<'_>, moduli: &[u64], records: &[Record]) -> Option<u32> {
    let Grid { height, width, kind, .. } = grid;
    assert_eq!(moduli.len(), records.len());
    assert!(exact_passes(height, width) <= moduli.len(), "the moduli pass every count recorded");
    let g = Garner::new(moduli);
    let closed = |half: usize| g.value(|j| records[j].half(half).0);
    let count = |half: usize, i: usize| g.value(|j| records[j].half(half).1[i]);
    crossings(width, kind, cut(height)[0] == cut(height)[1], closed, count, g.roundings())
}

/// The bound, in bits, from the counts at the cuts, `closed(half)` and
/// `count(half, i)` by occupied plugs ([`by_plugs`]'s index), each at
/// least `(1 - 2^-53)^factor` times its exact value (`same`: the cuts are
/// one row, so the bottom's counts are the top's).
fn crossings(
    width: usize,
    kind: Cycles,
    same: bool,
    closed: impl Fn(usize) -> f64,
    count: impl Fn(usize, usize) -> f64,
    factor: usize,
) -> Option<u32> {
    let mut sum = if kind == Cycles::All { closed(0) + closed(1) } else { 0.0 };
    // Plugs `S` empty (index 0): no cycle crosses.
    for i in 1..1usize << (width - 1) {
        let t = count(0, i);
        sum += t * if same { t } else { count(1, i) };
    }
    // The most roundings any term of `sum` went through: a product carries
    // both its factors', its own, then the sum's.
    let roundings = 2 * factor + 1 + (1 << (width - 1)) + 2;
    residue::bits_above(sum * (1.0 + roundings as f64 * f64::EPSILON) * UP)
}

/// The bound from the halves, in bits ([`residue::bits_above`]); None when
/// it passes a float's range. One pass over the larger half's rows.
pub(super) fn bound(grid: Grid<'_>, ask: &mut dyn FnMut() -> bool) -> Result<Option<u32>> {
    let Grid { tables, height, width, kind } = grid;
    let top_rows = height / 2;
    if top_rows == 0 {
        return Ok(None);
    }
    let bottom_rows = height - top_rows;
    // (closed cycles, counts by occupied plugs) after `top_rows` and
    // `bottom_rows` rows: the frontier of either half, the bottom's turned.
    let mut halves = [None, None];
    sweep(grid, Upper, bottom_rows, ask, &mut |row, closed, s| {
        for (half, rows) in [top_rows, bottom_rows].into_iter().enumerate() {
            if row + 1 == rows {
                halves[half] = Some((closed, by_plugs(tables, s, width, Upper)));
            }
        }
    })?;
    let [Some(top), Some(bottom)] = halves else { unreachable!("the sweep passes both rows") };
    let at = [&top, &bottom];
    // A count's roundings: the pass's points and row ends, then the sum by plugs.
    let factor = ROUNDINGS_A_POINT * bottom_rows * width + bottom_rows + tables.main.len;
    let closed = |half: usize| f64::from_bits(at[half].0);
    let count = |half: usize, i: usize| f64::from_bits(at[half].1[i]);
    Ok(crossings(width, kind, false, closed, count, factor))
}

/// The main table's counts summed by which plugs are occupied, in `ring`:
/// index `S` without its top plug, which the others give (a state's plugs
/// are pairs of ends, so `S` has an even number of them), so `2^(W - 1)`
/// sums; index 0 is `S` empty.
fn by_plugs<R: Ring>(t: &Tables, s: Slots, width: usize, ring: R) -> Vec<u64> {
    let m = &t.main;
    let low = (1usize << (width - 1)) - 1;
    let mut out = vec![0u64; low + 1];
    for &(hi, base) in &m.hi_list {
        let hi = u64::from(hi);
        let high = occupied(hi) << m.lo_plugs;
        for (j, &lo) in m.lo_lists[m.hi_close(hi) as usize].iter().enumerate() {
            let v = s.get(base as usize + j);
            if v != 0 {
                let at = (high | occupied(u64::from(lo))) & low;
                out[at] = ring.add(out[at], v);
            }
        }
    }
    out
}

/// Bit `i` set where plug `i` of packed string `v` is not empty.
fn occupied(mut v: u64) -> usize {
    let mut out = 0;
    let mut i = 0;
    while v != 0 {
        out |= usize::from(v & 3 != 0) << i;
        v >>= 2;
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::super::{table_count, Tables};
    use super::*;
    use crate::interrupt::Stop;

    /// Bits of the exact count (no bound involved).
    fn exact_bits(rows: usize, cols: usize, kind: Cycles) -> u32 {
        let limbs = table_count(rows, cols, kind).limbs().to_vec();
        limbs.iter().rposition(|&l| l != 0).map_or(0, |top| 64 * top as u32 + (64 - limbs[top].leading_zeros()))
    }

    #[test]
    fn the_recorded_halves_bound_every_count_as_the_swept_ones_do() {
        // From the records of the fewest passes that read them exactly,
        // and of one pass more: the same bound as the float sweep's, but
        // for its roundings, and above the exact count.
        for (rows, cols) in [(4, 4), (5, 3), (6, 6), (7, 5), (8, 8), (9, 10), (12, 12), (13, 9)] {
            for kind in [Cycles::All, Cycles::Hamiltonian] {
                let (height, width) = (rows.max(cols), rows.min(cols));
                let tables = Tables::new(width, usize::MAX).unwrap();
                let grid = Grid { tables: &tables, height, width, kind };
                let swept = bound(grid, &mut || false).unwrap().unwrap();
                let need = exact_bits(rows, cols, kind);
                let fewest = exact_passes(height, width);
                for n in [fewest, fewest + 1] {
                    let moduli = residue::first_moduli(n, 64);
                    let records: Vec<Record> = moduli
                        .iter()
                        .map(|&m| super::super::pass_recording(grid, m, 1 + (m % 3) as usize, &mut || false).unwrap().1)
                        .collect();
                    let bits = bound_recorded(grid, &moduli, &records).unwrap();
                    assert!(need < bits, "{kind:?} {rows} x {cols}, {n} passes: {need} bits, bound {bits}");
                    assert!(bits.abs_diff(swept) <= 1, "{kind:?} {rows} x {cols}, {n} passes: {bits} against {swept}");
                }
            }
        }
    }

    #[test]
    fn the_passes_record_only_where_garner_reads_them() {
        // All cycles of 100 x 20 points with room to spare: 16 passes would
        // make the sums exact and the count likely needs 20, but a Garner
        // reads at most 8 moduli, so none records (a larger `max_states`
        // than the default makes such a count possible).
        assert!(exact_passes(100, 20) > Garner::MOST);
        assert_eq!(recorded_passes(100, 20, Cycles::All, usize::MAX), None);
        // 16 x 16 points: two passes give the sums exactly, and all cycles
        // likely need a third, which records too.
        assert_eq!(exact_passes(16, 16), 2);
        assert_eq!(recorded_passes(16, 16, Cycles::Hamiltonian, usize::MAX), Some(2));
        assert_eq!(recorded_passes(16, 16, Cycles::All, usize::MAX), Some(3));
        // Too little room for three passes' records: none record.
        assert_eq!(recorded_passes(16, 16, Cycles::All, 3 * (2 << 15) - 1), None);
    }

    #[test]
    fn no_count_at_a_cut_passes_its_ways() {
        // `ways_bits`: every slot and the closings after `k` rows, summed
        // exactly (in floats below 2^53), stay below 2^(k (W - 1)).
        for width in 2..=7 {
            let tables = Tables::new(width, usize::MAX).unwrap();
            for kind in [Cycles::All, Cycles::Hamiltonian] {
                let grid = Grid { tables: &tables, height: 8, width, kind };
                sweep(grid, Upper, 8, &mut || false, &mut |row, closed, s| {
                    let sum: f64 = by_plugs(&tables, s, width, Upper).iter().map(|&v| f64::from_bits(v)).sum::<f64>()
                        + f64::from_bits(closed);
                    let ways = ((row + 1) * (width - 1)) as i32;
                    assert!(sum <= 2f64.powi(ways), "{kind:?} width {width}, row {row}: {sum} ways");
                })
                .unwrap();
            }
        }
    }

    #[test]
    fn the_table_is_walked_slot_by_slot() {
        // `by_plugs` reads block `base + j` as the state of high half `hi`
        // and the `j`-th low half of its list: each slot once, at its rank.
        for width in [2, 3, 5, 8, 11] {
            let t = Tables::new(width, usize::MAX).unwrap();
            let m = &t.main;
            let mut seen = vec![false; m.len];
            for &(hi, base) in &m.hi_list {
                for (j, &lo) in m.lo_lists[m.hi_close(u64::from(hi)) as usize].iter().enumerate() {
                    let r = m.rank((u64::from(hi) << (2 * m.lo_plugs)) | u64::from(lo));
                    assert_eq!(r, base as usize + j, "width {width}");
                    assert!(!seen[r]);
                    seen[r] = true;
                }
            }
            assert!(seen.iter().all(|&s| s), "width {width}: every slot");
        }
    }

    #[test]
    fn the_halves_bound_every_count_and_is_near_it() {
        for (rows, cols) in [(2, 2), (2, 5), (3, 3), (4, 7), (5, 5), (6, 9), (7, 7), (8, 8), (9, 6), (10, 10), (12, 12)]
        {
            for kind in [Cycles::All, Cycles::Hamiltonian] {
                let (height, width) = (rows.max(cols), rows.min(cols));
                let tables = Tables::new(width, usize::MAX).unwrap();
                let grid = Grid { tables: &tables, height, width, kind };
                let bits = bound(grid, &mut || false).unwrap().unwrap();
                let need = exact_bits(rows, cols, kind);
                assert!(need < bits, "{kind:?} {rows} x {cols}: {need} bits, bound {bits}");
                let loose = residue::count_bound(height, width, kind == Cycles::Hamiltonian, &mut Stop::never())
                    .unwrap()
                    .unwrap();
                // (one bit more where an upward rounding crosses a power of two)
                assert!(bits <= loose + 1, "{kind:?} {rows} x {cols}: halves {bits} bits, 2-factors {loose}");
                if rows * cols >= 64 {
                    assert!(bits <= need + 12, "{kind:?} {rows} x {cols}: {need} bits, bound {bits}");
                }
            }
        }
    }
}
