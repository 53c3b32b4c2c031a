//! Precomputed tables of the point and cell rules: point states as subsets
//! of the slots `[L, R, U, D]`, their colour differences and corner pairs,
//! and the side values of a cell for each clue.

use super::board::CORNER_SLOTS;

/// Local point states: subsets of the slots `[L, R, U, D]` with 0 or 2 lines.
const fn valid_states() -> u16 {
    let mut m = 0u16;
    let mut s = 0;
    while s < 16 {
        let n = (s as u32).count_ones();
        if n == 0 || n == 2 {
            m |= 1 << s;
        }
        s += 1;
    }
    m
}
pub(super) const VALID: u16 = valid_states();

/// States in which slot `k` carries a line.
const fn with_slot() -> [u16; 4] {
    let mut t = [0u16; 4];
    let mut k = 0;
    while k < 4 {
        let mut s = 0;
        while s < 16 {
            if (s >> k) & 1 == 1 {
                t[k] |= 1 << s;
            }
            s += 1;
        }
        k += 1;
    }
    t
}
pub(super) const WITH: [u16; 4] = with_slot();

/// Pairs of the cells `[NW, NE, SW, SE]` around a point and, for each, the
/// slots whose xor is their colour difference: the edge between adjacent
/// cells, or two edges for the diagonals.
pub(super) const CELL_PAIRS: [(usize, usize, u8); 6] = [
    (0, 1, 1 << 2),              // NW | NE across U
    (2, 3, 1 << 3),              // SW | SE across D
    (0, 2, 1 << 0),              // NW | SW across L
    (1, 3, 1 << 1),              // NE | SE across R
    (0, 3, (1 << 2) | (1 << 1)), // NW / SE: U xor R
    (1, 2, (1 << 2) | (1 << 0)), // NE / SW: U xor L
];

/// `DIFF[pair][v]`: point states in which that pair of cells differs by `v`.
const fn diff_table() -> [[u16; 2]; 6] {
    let mut t = [[0u16; 2]; 6];
    let mut i = 0;
    while i < 6 {
        let mut s = 0;
        while s < 16 {
            let v = ((s as u8) & CELL_PAIRS[i].2).count_ones() as usize & 1;
            t[i][v] |= 1 << s;
            s += 1;
        }
        i += 1;
    }
    t
}
pub(super) const DIFF: [[u16; 2]; 6] = diff_table();

/// `PAIR_KEEP[corner][set]`: point states whose values on that corner's two
/// slots (bit 0 = first, bit 1 = second) form a combination in `set`.
const fn pair_keep() -> [[u16; 16]; 4] {
    let mut t = [[0u16; 16]; 4];
    let mut k = 0;
    while k < 4 {
        let mut set = 0;
        while set < 16 {
            let mut s = 0;
            while s < 16 {
                let combo = ((s >> CORNER_SLOTS[k][0]) & 1) | (((s >> CORNER_SLOTS[k][1]) & 1) << 1);
                if (set >> combo) & 1 == 1 {
                    t[k][set] |= 1 << s;
                }
                s += 1;
            }
            set += 1;
        }
        k += 1;
    }
    t
}
pub(super) const PAIR_KEEP: [[u16; 16]; 4] = pair_keep();

/// Values of a cell's four sides with exactly `n` lines, for each clue.
const fn by_count() -> [[u8; 6]; 5] {
    let mut t = [[0u8; 6]; 5];
    let mut len = [0usize; 5];
    let mut a = 0;
    while a < 16 {
        let n = (a as u32).count_ones() as usize;
        t[n][len[n]] = a as u8;
        len[n] += 1;
        a += 1;
    }
    t
}
pub(super) const BY_COUNT: [[u8; 6]; 5] = by_count();
pub(super) const COUNT_LEN: [usize; 5] = [1, 4, 6, 4, 1];
