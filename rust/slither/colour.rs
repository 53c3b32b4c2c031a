//! Inside/outside colouring as classes of cells with parity: two cells in one
//! class are known to have the same colour (parity 0) or opposite colours
//! (parity 1). Each class keeps a circular member list so that a merge can
//! visit the smaller side (union by size), and every member knows its root
//! and its parity to it, so that `find` is O(1); a merge, and its undo, walk
//! the smaller class.

#[derive(Clone)]
pub struct Colours {
    /// Root of each element's class, kept for every member (a merge walks
    /// the smaller class anyway, to hand its members to the caller), so
    /// that `find` is one read rather than a walk up a tree.
    root: Vec<u32>,
    /// Parity of each element to its root.
    parity: Vec<u8>,
    size: Vec<u32>,
    next: Vec<u32>,
    /// Merged roots `(small, large, parity of small to large)` in order, for undo.
    log: Vec<(u32, u32, u8)>,
    /// The element that stays the root of its class (see [`Colours::new`]).
    heavy: u32,
    /// Bit sets over the elements: in `heavy`'s class (`known`), and of
    /// parity 1 to it (`odd`, only where known); kept by the merges into
    /// that class and their undos, which walk the members anyway.
    known: Vec<u64>,
    odd: Vec<u64>,
}

pub enum Union {
    /// Already related with that parity.
    Known,
    /// Already related with the other parity.
    Conflict,
    /// Merged; the root of the former smaller class.
    Merged,
}

impl Colours {
    /// `n` cells; `heavy` (the outside) always stays the root of its class so
    /// that merges never walk the border.
    pub fn new(n: usize, heavy: u32) -> Self {
        let mut size = vec![1; n];
        size[heavy as usize] = n as u32 + 1;
        Colours {
            root: (0..n as u32).collect(),
            parity: vec![0; n],
            size,
            next: (0..n as u32).collect(),
            log: Vec::new(),
            heavy,
            known: {
                let mut k = vec![0; n.div_ceil(64)];
                k[heavy as usize / 64] |= 1 << (heavy % 64);
                k
            },
            odd: vec![0; n.div_ceil(64)],
        }
    }

    /// Root and parity of `x` relative to it.
    #[inline]
    pub fn find(&self, x: u32) -> (u32, u8) {
        (self.root[x as usize], self.parity[x as usize])
    }

    /// Parity between `a` and `b` when known.
    #[inline]
    pub fn relation(&self, a: u32, b: u32) -> Option<u8> {
        let (ra, pa) = self.find(a);
        let (rb, pb) = self.find(b);
        (ra == rb).then_some(pa ^ pb)
    }

    /// The size of `x`'s class (it only grows along a descent: a merge
    /// adds the other class, an undo takes it back off).
    #[inline]
    pub fn class_size(&self, x: u32) -> u32 {
        self.size[self.root[x as usize] as usize]
    }

    /// The elements in `heavy`'s class, and those of them of parity 1 to
    /// it, as bit sets (element x is bit x % 64 of word x / 64): the cells
    /// of known colour, and the inside ones, when `heavy` is the outside.
    #[inline]
    pub fn known_and_odd(&self) -> (&[u64], &[u64]) {
        (&self.known, &self.odd)
    }

    /// Members of the class rooted at `root` (appended to `out`).
    #[cfg(test)]
    pub fn members(&self, root: u32, out: &mut Vec<u32>) {
        let mut x = root;
        loop {
            out.push(x);
            x = self.next[x as usize];
            if x == root {
                break;
            }
        }
    }

    /// Records `colour(a) xor colour(b) = rel`. On a merge, the members of
    /// the smaller class are appended to `moved` (in list order from its root).
    pub fn union(&mut self, a: u32, b: u32, rel: u8, moved: &mut Vec<u32>) -> Union {
        let (ra, pa) = self.find(a);
        let (rb, pb) = self.find(b);
        if ra == rb {
            return if pa ^ pb == rel { Union::Known } else { Union::Conflict };
        }
        let (small, large) = if self.size[ra as usize] < self.size[rb as usize] { (ra, rb) } else { (rb, ra) };
        let flip = pa ^ pb ^ rel;
        self.rehome(small, large, flip, Some(moved), large == self.heavy);
        self.size[large as usize] += self.size[small as usize];
        self.next.swap(small as usize, large as usize);
        self.log.push((small, large, flip));
        Union::Merged
    }

    /// Gives the members of the class rooted at `small` the root `to` and
    /// their parity xor `flip`, appending them to `moved` if any.
    /// With `heavy` (a merge into `heavy`'s class, or its undo), their bits
    /// in `known` and `odd` are set (the merge) or cleared (the undo).
    #[inline]
    fn rehome(&mut self, small: u32, to: u32, flip: u8, mut moved: Option<&mut Vec<u32>>, heavy: bool) {
        let mut x = small;
        loop {
            if let Some(out) = moved.as_deref_mut() {
                out.push(x);
            }
            self.root[x as usize] = to;
            self.parity[x as usize] ^= flip;
            if heavy {
                let (w, b) = (x as usize / 64, x % 64);
                if to == self.heavy {
                    self.known[w] |= 1 << b;
                    self.odd[w] |= (self.parity[x as usize] as u64 & 1) << b;
                } else {
                    self.known[w] &= !(1 << b);
                    self.odd[w] &= !(1 << b);
                }
            }
            x = self.next[x as usize];
            if x == small {
                break;
            }
        }
    }

    #[inline]
    pub fn mark(&self) -> usize {
        self.log.len()
    }

    pub fn undo_to(&mut self, mark: usize) {
        while self.log.len() > mark {
            let (small, large, flip) = self.log.pop().unwrap();
            self.next.swap(small as usize, large as usize);
            self.size[large as usize] -= self.size[small as usize];
            self.rehome(small, small, flip, None, large == self.heavy);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parity_composes_and_undoes() {
        let mut c = Colours::new(6, 5);
        let mut v = Vec::new();
        assert!(matches!(c.union(0, 1, 1, &mut v), Union::Merged));
        assert!(matches!(c.union(1, 2, 1, &mut v), Union::Merged));
        assert_eq!(c.relation(0, 2), Some(0));
        let m = c.mark();
        assert!(matches!(c.union(2, 5, 1, &mut v), Union::Merged));
        assert_eq!(c.find(0).0, 5);
        assert!(matches!(c.union(0, 5, 0, &mut v), Union::Conflict));
        let mut members = Vec::new();
        c.members(5, &mut members);
        members.sort();
        assert_eq!(members, vec![0, 1, 2, 5]);
        c.undo_to(m);
        assert_eq!(c.relation(0, 5), None);
        members.clear();
        c.members(c.find(0).0, &mut members);
        members.sort();
        assert_eq!(members, vec![0, 1, 2]);
    }

    /// The tree this structure replaced: parents with parities, union by
    /// size, no path compression, undo in O(1).
    struct Tree {
        parent: Vec<u32>,
        parity: Vec<u8>,
        size: Vec<u32>,
        next: Vec<u32>,
        log: Vec<(u32, u32)>,
    }

    impl Tree {
        fn new(n: usize, heavy: u32) -> Tree {
            let mut size = vec![1; n];
            size[heavy as usize] = n as u32 + 1;
            Tree {
                parent: (0..n as u32).collect(),
                parity: vec![0; n],
                size,
                next: (0..n as u32).collect(),
                log: vec![],
            }
        }

        fn find(&self, mut x: u32) -> (u32, u8) {
            let mut p = 0;
            while self.parent[x as usize] != x {
                p ^= self.parity[x as usize];
                x = self.parent[x as usize];
            }
            (x, p)
        }

        /// None when already related (Some(conflict)), else the members moved.
        fn union(&mut self, a: u32, b: u32, rel: u8) -> Result<Vec<u32>, bool> {
            let (ra, pa) = self.find(a);
            let (rb, pb) = self.find(b);
            if ra == rb {
                return Err(pa ^ pb != rel);
            }
            let (small, large) = if self.size[ra as usize] < self.size[rb as usize] { (ra, rb) } else { (rb, ra) };
            let mut moved = vec![];
            let mut x = small;
            loop {
                moved.push(x);
                x = self.next[x as usize];
                if x == small {
                    break;
                }
            }
            self.parent[small as usize] = large;
            self.parity[small as usize] = pa ^ pb ^ rel;
            self.size[large as usize] += self.size[small as usize];
            self.next.swap(small as usize, large as usize);
            self.log.push((small, large));
            Ok(moved)
        }

        fn undo_to(&mut self, mark: usize) {
            while self.log.len() > mark {
                let (small, large) = self.log.pop().unwrap();
                self.next.swap(small as usize, large as usize);
                self.size[large as usize] -= self.size[small as usize];
                self.parent[small as usize] = small;
                self.parity[small as usize] = 0;
            }
        }
    }

    /// Roots, parities, moved members and verdicts are the tree's on random
    /// unions with undos.
    #[test]
    fn stored_roots_agree_with_the_tree() {
        let mut rng = crate::testing::SplitMix64(5);
        for n in [2usize, 3, 7, 30, 120] {
            let heavy = (n - 1) as u32;
            let (mut fast, mut tree) = (Colours::new(n, heavy), Tree::new(n, heavy));
            let mut marks = vec![];
            for _ in 0..3000 {
                match rng.below(10) {
                    0 => marks.push(fast.mark()),
                    1 if !marks.is_empty() => {
                        let m = marks.swap_remove(rng.below(marks.len()));
                        marks.retain(|&k| k <= m);
                        fast.undo_to(m);
                        tree.undo_to(m);
                    }
                    _ => {
                        let (a, b, rel) = (rng.below(n) as u32, rng.below(n) as u32, rng.below(2) as u8);
                        let mut moved = vec![];
                        let got = fast.union(a, b, rel, &mut moved);
                        match (got, tree.union(a, b, rel)) {
                            (Union::Merged, Ok(want)) => assert_eq!(moved, want),
                            (Union::Known, Err(false)) | (Union::Conflict, Err(true)) => assert!(moved.is_empty()),
                            _ => panic!("verdicts differ"),
                        }
                    }
                }
                let (known, odd) = fast.known_and_odd();
                for x in 0..n as u32 {
                    assert_eq!(fast.find(x), tree.find(x));
                    // The bit sets say what the relation to `heavy` says.
                    let bit = |set: &[u64]| set[x as usize / 64] >> (x % 64) & 1;
                    let rel = fast.relation(x, heavy);
                    assert_eq!((bit(known) == 1, bit(odd)), (rel.is_some(), rel.unwrap_or(0) as u64));
                }
            }
        }
    }
}
