//! Counting modulo word-size numbers, for the unclued grids' table
//! ([`super::grid`]): one 64-bit word a slot whatever the count's size,
//! one sweep per modulus, the exact count rebuilt by the Chinese remainder
//! theorem.
//!
//! The moduli are `2^64` (plain wrapping sums, the cheapest pass) and then
//! the largest primes below `2^63` (a sum of two residues stays below
//! `2^64`). How many passes are needed comes from a proven upper bound on
//! the count ([`count_bound`]): once the moduli's product passes it, the
//! residue below that product is the count itself.

use super::bignum::Nat;
use crate::error::{Error, Result};
use crate::interrupt::Stop;

/// Whether `n` is prime (Miller-Rabin with the first twelve prime bases,
/// which decides every `n < 3.3 * 10^24`, so every `u64`).
pub fn is_prime(n: u64) -> bool {
    const BASES: [u64; 12] = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37];
    if n < 2 {
        return false;
    }
    for p in BASES {
        if n % p == 0 {
            return n == p;
        }
    }
    let (mut d, mut s) = (n - 1, 0);
    while d % 2 == 0 {
        d /= 2;
        s += 1;
    }
    'base: for a in BASES {
        let mut x = pow_mod(a, d, n);
        if x == 1 || x == n - 1 {
            continue;
        }
        for _ in 1..s {
            x = mul_mod(x, x, n);
            if x == n - 1 {
                continue 'base;
            }
        }
        return false;
    }
    true
}

#[inline]
fn mul_mod(a: u64, b: u64, m: u64) -> u64 {
    (u128::from(a) * u128::from(b) % u128::from(m)) as u64
}

fn pow_mod(mut a: u64, mut e: u64, m: u64) -> u64 {
    let mut r = 1 % m;
    a %= m;
    while e > 0 {
        if e & 1 == 1 {
            r = mul_mod(r, a, m);
        }
        a = mul_mod(a, a, m);
        e >>= 1;
    }
    r
}

/// The `k` largest primes below `2^bits`, descending (each above
/// `2^(bits - 1)`, so each pass adds at least `bits - 1` bits to the
/// moduli's product).
pub fn primes(k: usize, bits: u32) -> Vec<u64> {
    let mut out = Vec::with_capacity(k);
    let mut n = (1u64 << bits) - 1;
    while out.len() < k {
        if is_prime(n) {
            out.push(n);
        }
        n -= 2;
    }
    out
}

/// The moduli whose product passes `2^bits`, for slots of `word` bits
/// (64: `0` standing for `2^64`, then primes below `2^63`; 32: `2^32`, then
/// primes below `2^32`).
pub fn moduli(bits: u32, word: u32) -> Vec<u64> {
    let prime_bits = if word == 64 { 63 } else { 32 };
    first_moduli(1 + (bits.saturating_sub(word) as usize).div_ceil(prime_bits - 1), word)
}

/// The first `n` moduli of [`moduli`]'s sequence for slots of `word` bits
/// (every list it gives is a prefix of it).
pub fn first_moduli(n: usize, word: u32) -> Vec<u64> {
    let (first, prime_bits) = if word == 64 { (0, 63) } else { (1 << 32, 32) };
    let mut out = vec![first];
    out.extend(primes(n.saturating_sub(1), prime_bits));
    out
}

/// Many numbers below the product of the same `moduli` ([`moduli`]'s
/// form: `2^64` first, then distinct odd primes), each read from its
/// residues as a float ([`Garner::value`]): Garner's mixed-radix digits,
/// with the constants they need computed once, where [`crt`] computes them
/// for every number (a modular inverse each, too slow for the 32,768 sums
/// of the halves' bound at 16 points wide).
pub struct Garner {
    moduli: Vec<u64>,
    /// For prime `j`: the product of the moduli before it, inverted, mod it.
    inverse: Vec<u64>,
    /// For prime `j`: the products of the moduli before `i`, `i < j`, mod it.
    prefix: Vec<Vec<u64>>,
}

impl Garner {
    /// Most moduli a `Garner` takes (its digits live on the stack).
    pub const MOST: usize = 8;

    pub fn new(moduli: &[u64]) -> Garner {
        assert_eq!(moduli.first(), Some(&0), "the first modulus is 2^64");
        assert!(moduli.len() <= Garner::MOST, "at most {} moduli", Garner::MOST);
        let mut inverse = vec![0];
        let mut prefix = vec![Vec::new()];
        for &p in &moduli[1..] {
            let mut acc = 1 % p;
            let mut row = Vec::with_capacity(prefix.len());
            for &m in &moduli[..prefix.len()] {
                row.push(acc);
                let m_p = if m == 0 { ((1u128 << 64) % u128::from(p)) as u64 } else { m % p };
                acc = mul_mod(acc, m_p, p);
            }
            inverse.push(pow_mod(acc, p - 2, p));
            prefix.push(row);
        }
        Garner { moduli: moduli.to_vec(), inverse, prefix }
    }

    /// Float operations in [`Garner::value`], each rounding to nearest: the
    /// value is at least `(1 - 2^-53)^roundings` times the number.
    pub fn roundings(&self) -> usize {
        4 * self.moduli.len()
    }

    /// The number below the moduli's product with residue `residue(j)`
    /// modulo modulus `j`, as a float (see [`Garner::roundings`]).
    pub fn value(&self, residue: impl Fn(usize) -> u64) -> f64 {
        let n = self.moduli.len();
        let mut digits = [0u64; Garner::MOST];
        digits[0] = residue(0);
        for j in 1..n {
            let p = self.moduli[j];
            let below = (0..j).fold(0, |s, i| (s + mul_mod(digits[i] % p, self.prefix[j][i], p)) % p);
            digits[j] = mul_mod((residue(j) % p + p - below) % p, self.inverse[j], p);
        }
        // x = d0 + 2^64 (d1 + p1 (d2 + p2 (...))), from the top.
        let mut v = digits[n - 1] as f64;
        for j in (1..n - 1).rev() {
            v = v * self.moduli[j] as f64 + digits[j] as f64;
        }
        if n > 1 {
            v = v * 18_446_744_073_709_551_616.0 + digits[0] as f64;
        }
        v
    }
}

/// The number below the product of `moduli` (as [`moduli`] gives them:
/// `2^64` (as `0`) or `2^32` first, then distinct odd primes) with the given
/// residues (Garner's form of the Chinese remainder theorem).
pub fn crt(moduli: &[u64], residues: &[u64]) -> Nat {
    assert_eq!(moduli.len(), residues.len());
    assert!(matches!(moduli.first(), Some(&(0 | 0x1_0000_0000))), "the first modulus is 2^64 or 2^32");
    // x and the product m so far, little-endian limbs.
    let mut x = vec![residues[0]];
    let mut m = if moduli[0] == 0 { vec![0u64, 1] } else { vec![moduli[0]] };
    for (&p, &r) in moduli.iter().zip(residues).skip(1) {
        let (x_p, m_p) = (rem(&x, p), rem(&m, p));
        // x + m t = r (mod p): t = (r - x) / m (mod p), m invertible (p prime, not dividing m).
        let t = mul_mod((r % p + p - x_p) % p, pow_mod(m_p, p - 2, p), p);
        add_into(&mut x, &mul_small(&m, t));
        m = mul_small(&m, p);
    }
    Nat::from_limbs(&x)
}

fn rem(x: &[u64], p: u64) -> u64 {
    x.iter().rev().fold(0u64, |r, &l| (((u128::from(r) << 64) | u128::from(l)) % u128::from(p)) as u64)
}

fn mul_small(x: &[u64], k: u64) -> Vec<u64> {
    let mut out = Vec::with_capacity(x.len() + 1);
    let mut carry = 0u128;
    for &l in x {
        let v = u128::from(l) * u128::from(k) + carry;
        out.push(v as u64);
        carry = v >> 64;
    }
    out.push(carry as u64);
    out
}

fn add_into(x: &mut Vec<u64>, y: &[u64]) {
    if x.len() < y.len() {
        x.resize(y.len(), 0);
    }
    let mut carry = 0u64;
    for (i, a) in x.iter_mut().enumerate() {
        let b = y.get(i).copied().unwrap_or(0);
        let (s1, c1) = a.overflowing_add(b);
        let (s2, c2) = s1.overflowing_add(carry);
        *a = s2;
        carry = u64::from(c1) + u64::from(c2);
    }
    if carry != 0 {
        x.push(carry);
    }
}

/// Widest frontier [`count_bound`] sweeps (`2^24` floats, 128 MB; the
/// table of so wide a frontier would hold billions of slots).
const MAX_BOUND_PLUGS: usize = 24;

/// A proven upper bound, in bits, on the number of single cycles (every
/// one with `hamiltonian` false) on a grid `width` points wide and `height`
/// long: the count is below `2^bits`. `None` when the bound passes the
/// range of a float (the caller then counts exactly). Stops on `stop`.
///
/// Every single cycle is a set of edges meeting each point 0 or 2 times
/// (Hamiltonian: exactly 2 times); such sets are counted by a sweep whose
/// state is only which frontier plugs carry an edge (`2^(width + 1)`
/// states, no connectivity; `None` past [`MAX_BOUND_PLUGS`]). Its counts are floats kept at or above the
/// true value: after every addition the sum is scaled by `1 + 2^-50`, more
/// than the at most two half-ulp roundings of the sum and the scaling lose.
pub fn count_bound(height: usize, width: usize, hamiltonian: bool, stop: &mut Stop<'_>) -> Result<Option<u32>> {
    let plugs = width + 1;
    if plugs > MAX_BOUND_PLUGS {
        return Ok(None);
    }
    let mut v = vec![0f64; 1usize << plugs];
    v[0] = 1.0;
    for row in 0..height {
        // A row is a slow step (width times 2^width updates): asked each time.
        if stop.poll() {
            return Err(Error::Interrupted);
        }
        for c in 0..width {
            let can_down = row + 1 < height;
            let can_right = c + 1 < width;
            let (a, b) = (1usize << c, 1usize << (c + 1));
            // Every state with both plugs empty: its high bits, then its low.
            for s in (0..v.len()).step_by(a << 2).flat_map(|high| high..high + a) {
                let (v00, v10, v01, v11) = (v[s], v[s | a], v[s | b], v[s | a | b]);
                // In: 11 closes (out 00); 10 or 01 goes on down (10) or
                // right (01); 00 turns (out 11) or, all cycles, stays empty.
                let ones = if v10 == 0.0 || v01 == 0.0 { v10 + v01 } else { (v10 + v01) * UP };
                let zero = if hamiltonian || v11 == 0.0 || v00 == 0.0 {
                    v11 + if hamiltonian { 0.0 } else { v00 }
                } else {
                    (v11 + v00) * UP
                };
                v[s] = zero;
                v[s | a] = if can_down { ones } else { 0.0 };
                v[s | b] = if can_right { ones } else { 0.0 };
                v[s | a | b] = if can_down && can_right { v00 } else { 0.0 };
            }
        }
        if row + 1 < height {
            // Row change: the last plug is empty; every plug moves one up.
            let last = 1usize << width;
            for s in (0..v.len()).rev() {
                let to = (s << 1) & (v.len() - 1);
                let x = if s & last == 0 { v[s] } else { 0.0 };
                v[s] = 0.0;
                if x != 0.0 {
                    v[to] = x;
                }
            }
        }
    }
    Ok(bits_above(v[0]))
}

/// What a float sum is scaled by after every addition to stay at or above
/// the exact sum: more than the at most two half-ulp roundings of the sum
/// and of the scaling lose.
pub const UP: f64 = 1.0 + 1.0 / (1u64 << 50) as f64;

/// Bits that hold every count up to a bound `b` on it (None past a float's
/// range): a count at most `b`, an integer, is below
/// `2^(floor(log2 b) + 1)`; one bit more covers a `log2` off by an ulp.
pub fn bits_above(b: f64) -> Option<u32> {
    b.is_finite().then(|| b.max(1.0).log2().ceil() as u32 + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn garner_reads_every_number_as_crt_does() {
        // Numbers below the product of one to four moduli, from residues,
        // against `crt`'s exact digits read as a float.
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for n in 1..=4 {
            let moduli = moduli(64 + 62 * (n as u32 - 1), 64);
            assert_eq!(moduli.len(), n);
            let g = Garner::new(&moduli);
            for k in 0..2000 {
                // Small residues too: numbers below 2^64 and zero.
                let residues: Vec<u64> = moduli
                    .iter()
                    .map(|&m| match k {
                        0 => 0,
                        _ if m == 0 => next(),
                        _ => next() % m,
                    })
                    .collect();
                let exact = crt(&moduli, &residues);
                let want = exact.limbs().iter().rev().fold(0f64, |v, &l| v * 18_446_744_073_709_551_616.0 + l as f64);
                let got = g.value(|j| residues[j]);
                let slack = g.roundings() as f64 * f64::EPSILON;
                assert!((got - want).abs() <= want * slack, "{n} moduli: {got} against {want}");
            }
        }
    }

    #[test]
    fn primes_are_prime_and_below_two_to_63() {
        for n in 0..5000u64 {
            let trial = n >= 2 && (2..n).take_while(|d| d * d <= n).all(|d| n % d != 0);
            assert_eq!(is_prime(n), trial, "{n}");
        }
        // Carmichael numbers and a strong pseudoprime to several bases.
        for n in [561u64, 1105, 1729, 2465, 3_215_031_751, 3_825_123_056_546_413_051] {
            assert!(!is_prime(n), "{n}");
        }
        for bits in [63, 32] {
            let ps = primes(4, bits);
            assert!(ps.windows(2).all(|w| w[0] > w[1]));
            for &p in &ps {
                assert!(p > 1 << (bits - 1) && p < 1 << bits);
                // Fermat for bases beyond the test's own.
                for a in [41u64, 43, 1 << 20, p - 2] {
                    assert_eq!(pow_mod(a, p - 1, p), 1);
                }
            }
        }
        assert_eq!(moduli(64, 64), vec![0]);
        assert_eq!(moduli(65, 64).len(), 2);
        assert_eq!(moduli(126, 64).len(), 2);
        assert_eq!(moduli(127, 64).len(), 3);
        assert_eq!(moduli(32, 32), vec![1 << 32]);
        assert_eq!(moduli(63, 32).len(), 2);
        assert_eq!(moduli(64, 32).len(), 3);
    }

    #[test]
    fn crt_rebuilds_numbers_below_the_product() {
        for word in [64, 32] {
            let ms = moduli(64 + 3 * 62, word);
            let mut x = Nat::from(1u64);
            for k in 1..60u64 {
                // x grows by about 4 bits a step, up to ~240 bits.
                x = Nat::from_limbs(&mul_small(x.limbs(), 13 + k));
                let limbs = x.limbs().to_vec();
                let residues: Vec<u64> = ms
                    .iter()
                    .map(|&m| {
                        if m == 0 {
                            limbs[0]
                        } else if m == 1 << 32 {
                            limbs[0] & 0xffff_ffff
                        } else {
                            rem(&limbs, m)
                        }
                    })
                    .collect();
                if x.limbs().len() * 64 <= 64 + 3 * 62 {
                    assert_eq!(crt(&ms, &residues), x, "{word}-bit moduli, step {k}");
                }
            }
        }
    }
}
