//! Frontier states packed into fixed arrays of 64-bit words.
//!
//! The low `2 * plugs` bits hold the plugs (2 bits each: 0 = no edge,
//! 1 = "(" the left end of a path piece, 2 = ")" its right end); above them
//! come the fields of each puzzle (flags, counters), laid out by
//! [`super::layout::Fields`] so that no field straddles two words.

/// A packed frontier state. Implemented for `[u64; N]`; the engine picks the
/// smallest `N` that holds a board's layout.
pub trait Key: Copy + Eq + Default + Send + Sync + 'static {
    /// The field of `width` bits at bit `off` (it never straddles two words).
    fn get(&self, off: u32, width: u32) -> u64;
    /// Overwrites the field of `width` bits at bit `off` with `v`.
    fn set(&mut self, off: u32, width: u32, v: u64);
    /// A well-mixed 64-bit hash (use its high bits).
    fn hash(&self) -> u64;
    /// Moves the plug region `[0, bits)` up by 2 bits (the last plug, which
    /// must be empty, falls off; plug 0 becomes empty). Other bits stay.
    fn shift_plugs(&mut self, bits: u32);
    /// Whether every bit of `[0, bits)` is zero.
    fn low_zero(&self, bits: u32) -> bool;
    /// Word `i` (bits `64 * i ..`).
    fn word(&self, i: usize) -> u64;
}

const MIX: u64 = 0x9E37_79B9_7F4A_7C15;

/// Keys of at most this many words read and write a field by picking its
/// word by comparison with each word's index rather than by indexing: an
/// indexed word makes the compiler keep the key in memory, and copying the
/// whole key right after a field is written then waits for the narrower
/// stores (store forwarding fails). Picked, the key stays in registers.
const SELECTED_WORDS: usize = 4;

#[inline]
fn low_mask(bits: u32) -> u64 {
    if bits >= 64 {
        u64::MAX
    } else {
        (1u64 << bits) - 1
    }
}

impl<const N: usize> Key for [u64; N]
where
    [u64; N]: Default,
{
    #[inline(always)]
    fn get(&self, off: u32, width: u32) -> u64 {
        if N <= SELECTED_WORDS {
            let (i, sh) = ((off / 64) as usize, off % 64);
            let (mut lo, mut hi) = (0u64, 0u64);
            for (j, &w) in self.iter().enumerate() {
                lo = if j == i { w } else { lo };
                hi = if j == i + 1 { w } else { hi };
            }
            let spill = if sh + width > 64 { hi << (64 - sh) } else { 0 };
            return (lo >> sh | spill) & low_mask(width);
        }
        let lo = self[(off / 64) as usize] >> (off % 64);
        if off % 64 + width > 64 {
            // A field across two words: the plugs of columns 31 and 32 read
            // as one pair, say.
            return (lo | (self[(off / 64) as usize + 1] << (64 - off % 64))) & low_mask(width);
        }
        lo & low_mask(width)
    }

    #[inline(always)]
    fn set(&mut self, off: u32, width: u32, v: u64) {
        if N <= SELECTED_WORDS {
            let (i, sh, m) = ((off / 64) as usize, off % 64, low_mask(width));
            for (j, w) in self.iter_mut().enumerate() {
                let (mj, vj) = if j == i {
                    (m << sh, v << sh)
                } else if j == i + 1 && sh + width > 64 {
                    (m >> (64 - sh), v >> (64 - sh))
                } else {
                    (0, 0)
                };
                *w = (*w & !mj) | (vj & mj);
            }
            return;
        }
        let w = &mut self[(off / 64) as usize];
        let m = low_mask(width) << (off % 64);
        *w = (*w & !m) | ((v << (off % 64)) & m);
        if off % 64 + width > 64 {
            // The high part of a field across two words (a pair of plugs
            // from bit 62, say) goes to the next word's low bits.
            let (spill, rest) = (off % 64 + width - 64, 64 - off % 64);
            let w = &mut self[(off / 64) as usize + 1];
            let m = low_mask(spill);
            *w = (*w & !m) | ((v >> rest) & m);
        }
    }

    #[inline(always)]
    fn hash(&self) -> u64 {
        // Fibonacci hashing: the caller takes the high bits of the product.
        let mut h = 0u64;
        for &w in self.iter() {
            h = (h.rotate_left(23) ^ w).wrapping_mul(MIX);
        }
        h
    }

    #[inline(always)]
    fn shift_plugs(&mut self, bits: u32) {
        let mut carry = 0u64;
        for (i, word) in self.iter_mut().enumerate() {
            let start = 64 * i as u32;
            if start >= bits {
                break;
            }
            let m = low_mask(bits - start);
            let region = *word & m;
            let shifted = ((region << 2) | carry) & m;
            carry = region >> 62;
            *word = (*word & !m) | shifted;
        }
    }

    #[inline(always)]
    fn word(&self, i: usize) -> u64 {
        self[i]
    }

    #[inline(always)]
    fn low_zero(&self, bits: u32) -> bool {
        for (i, &word) in self.iter().enumerate() {
            let start = 64 * i as u32;
            if start >= bits {
                break;
            }
            if word & low_mask(bits - start) != 0 {
                return false;
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_and_the_plug_shift_cross_words() {
        let mut k = [0u64; 3];
        for p in 0..40 {
            k.set(2 * p, 2, (p % 3) as u64);
        }
        k.set(100, 5, 21);
        k.shift_plugs(80);
        assert_eq!(k.get(0, 2), 0);
        for p in 1..40 {
            assert_eq!(k.get(2 * p, 2), ((p - 1) % 3) as u64, "plug {p}");
        }
        assert_eq!(k.get(100, 5), 21);
        assert!(!k.low_zero(80));
        // A pair of plugs from bit 62 spans two words.
        let mut k = [u64::MAX; 2];
        k.set(62, 4, 0b1001);
        assert_eq!((k[0] >> 62, k[1] & 3), (0b01, 0b10));
        assert_eq!(k.get(62, 4), 0b1001);
        assert_eq!((k[0] & ((1 << 62) - 1), k[1] >> 2), ((1 << 62) - 1, u64::MAX >> 2));
        let z = [0u64, 0, 1 << 20];
        assert!(z.low_zero(128) && !z.low_zero(150));
    }
}
