//! Bit layout of the per-puzzle fields that ride along with the plugs.
//!
//! A field lives from the step that first writes it to the step after which
//! it is read for the last time (inclusive); fields whose lives do not
//! overlap share bits, so the key stays as short as the widest moment of the
//! sweep needs. A field is zero outside its life, so states that differ only
//! in a finished field merge.

/// One field's place: bit offset and width.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Slot {
    pub off: u32,
    pub width: u32,
}

/// A field asked for: its life `[first, last]` in sweep steps and its width.
#[derive(Clone, Copy, Debug)]
pub struct Want {
    pub first: usize,
    pub last: usize,
    pub width: u32,
}

/// Places every wanted field at or above bit `base`, first fit, never across
/// a 64-bit word. Returns the slots (in the order asked) and the total bits
/// the layout spans.
pub fn place(base: u32, wants: &[Want]) -> (Vec<Slot>, u32) {
    let mut order: Vec<usize> = (0..wants.len()).collect();
    order.sort_by_key(|&i| (wants[i].first, i));
    let mut slots = vec![Slot::default(); wants.len()];
    // Live fields: (last step, offset, width).
    let mut live: Vec<(usize, u32, u32)> = Vec::new();
    let mut top = base;
    for i in order {
        let w = wants[i];
        live.retain(|&(last, _, _)| last >= w.first);
        let mut off = base;
        loop {
            if off / 64 != (off + w.width - 1) / 64 {
                off = (off / 64 + 1) * 64;
                continue;
            }
            match live.iter().find(|&&(_, o, ow)| o < off + w.width && off < o + ow) {
                Some(&(_, o, ow)) => off = o + ow,
                None => break,
            }
        }
        live.push((w.last, off, w.width));
        slots[i] = Slot { off, width: w.width };
        top = top.max(off + w.width);
    }
    (slots, top)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_share_bits_only_when_their_lives_are_apart() {
        let wants = [
            Want { first: 0, last: 5, width: 3 },
            Want { first: 2, last: 8, width: 3 },
            Want { first: 6, last: 9, width: 3 },
            Want { first: 0, last: 9, width: 60 },
        ];
        let (slots, top) = place(10, &wants);
        for (i, a) in wants.iter().enumerate() {
            for (j, b) in wants.iter().enumerate() {
                let overlap_life = a.first <= b.last && b.first <= a.last;
                let (sa, sb) = (slots[i], slots[j]);
                let overlap_bits = sa.off < sb.off + sb.width && sb.off < sa.off + sa.width;
                assert!(i == j || !(overlap_life && overlap_bits), "{i} {j}");
            }
            assert_eq!(slots[i].off / 64, (slots[i].off + slots[i].width - 1) / 64);
        }
        assert_eq!(slots[2].off, slots[0].off);
        assert!(top <= 128);
    }
}
