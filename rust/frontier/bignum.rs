//! A small unsigned big integer: little-endian 64-bit limbs.
//!
//! The sweep keeps its counts in flat limb arrays (see [`super::sweep`]); this
//! type is only the finished count handed to the caller, with the few
//! operations the engine and its tests need.

use std::cmp::Ordering;
use std::fmt;

/// An unsigned integer of any size, limbs little-endian, no trailing zero limb.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Nat {
    limbs: Vec<u64>,
}

impl Nat {
    /// Zero.
    pub fn zero() -> Nat {
        Nat { limbs: Vec::new() }
    }

    /// From little-endian limbs (trailing zero limbs are dropped).
    pub fn from_limbs(limbs: &[u64]) -> Nat {
        let mut limbs = limbs.to_vec();
        while limbs.last() == Some(&0) {
            limbs.pop();
        }
        Nat { limbs }
    }

    /// The limbs, little-endian, without trailing zeros (empty for zero).
    pub fn limbs(&self) -> &[u64] {
        &self.limbs
    }

    pub fn is_zero(&self) -> bool {
        self.limbs.is_empty()
    }

    /// Adds `other` in place.
    pub fn add_assign(&mut self, other: &Nat) {
        if self.limbs.len() < other.limbs.len() {
            self.limbs.resize(other.limbs.len(), 0);
        }
        let mut carry = 0u64;
        for (i, a) in self.limbs.iter_mut().enumerate() {
            let b = other.limbs.get(i).copied().unwrap_or(0);
            if b == 0 && carry == 0 && i >= other.limbs.len() {
                break;
            }
            let (s1, c1) = a.overflowing_add(b);
            let (s2, c2) = s1.overflowing_add(carry);
            *a = s2;
            carry = u64::from(c1) + u64::from(c2);
        }
        if carry != 0 {
            self.limbs.push(carry);
        }
    }

    /// The value as a `u64` when it fits.
    pub fn to_u64(&self) -> Option<u64> {
        match self.limbs.len() {
            0 => Some(0),
            1 => Some(self.limbs[0]),
            _ => None,
        }
    }

    /// The smaller of `self` and `cap`.
    pub fn min_u64(self, cap: u64) -> Nat {
        if self.cmp_u64(cap) == Ordering::Greater {
            Nat::from_limbs(&[cap])
        } else {
            self
        }
    }

    /// Compares with a `u64`.
    pub fn cmp_u64(&self, v: u64) -> Ordering {
        match self.limbs.len() {
            0 => 0.cmp(&v),
            1 => self.limbs[0].cmp(&v),
            _ => Ordering::Greater,
        }
    }

    /// Little-endian bytes (empty for zero), for Python's `int.from_bytes`.
    pub fn to_le_bytes(&self) -> Vec<u8> {
        let mut out: Vec<u8> = self.limbs.iter().flat_map(|l| l.to_le_bytes()).collect();
        while out.last() == Some(&0) {
            out.pop();
        }
        out
    }

    /// Divides in place by a small divisor, returning the remainder.
    fn div_rem_small(&mut self, d: u64) -> u64 {
        let mut rem: u128 = 0;
        for limb in self.limbs.iter_mut().rev() {
            let cur = (rem << 64) | u128::from(*limb);
            *limb = (cur / u128::from(d)) as u64;
            rem = cur % u128::from(d);
        }
        while self.limbs.last() == Some(&0) {
            self.limbs.pop();
        }
        rem as u64
    }
}

impl From<u64> for Nat {
    fn from(v: u64) -> Nat {
        Nat::from_limbs(&[v])
    }
}

impl fmt::Display for Nat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_zero() {
            return f.write_str("0");
        }
        const CHUNK: u64 = 10_000_000_000_000_000_000;
        let mut n = self.clone();
        let mut parts = Vec::new();
        while !n.is_zero() {
            parts.push(n.div_rem_small(CHUNK));
        }
        let mut s = format!("{}", parts.pop().unwrap_or(0));
        for p in parts.iter().rev() {
            s.push_str(&format!("{p:019}"));
        }
        f.write_str(&s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn adds_with_carry_and_prints_in_decimal() {
        let mut a = Nat::from(u64::MAX);
        a.add_assign(&Nat::from(1));
        assert_eq!(a.limbs(), &[0, 1]);
        assert_eq!(a.to_string(), "18446744073709551616");
        let mut b = Nat::from_limbs(&[u64::MAX, u64::MAX]);
        b.add_assign(&Nat::from(2));
        assert_eq!(b.to_string(), "340282366920938463463374607431768211457");
        assert_eq!(Nat::zero().to_string(), "0");
        assert_eq!(Nat::from(1_000_000_000_000_000_000).to_string(), "1000000000000000000");
        assert_eq!(a.to_le_bytes(), vec![0, 0, 0, 0, 0, 0, 0, 0, 1]);
        assert_eq!(a.clone().min_u64(5), Nat::from(5));
        assert_eq!(Nat::from(3).min_u64(5), Nat::from(3));
        assert_eq!(a.to_u64(), None);
    }
}
