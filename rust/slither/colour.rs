//! Inside/outside colouring as classes of cells with parity: two cells in one
//! class are known to have the same colour (parity 0) or opposite colours
//! (parity 1). Union by size without path compression keeps `find`
//! logarithmic and every union undoable in O(1); each class also keeps a
//! circular member list so that a merge can visit the smaller side.

#[derive(Clone)]
pub struct Colours {
    parent: Vec<u32>,
    /// Parity to the parent.
    parity: Vec<u8>,
    size: Vec<u32>,
    next: Vec<u32>,
    /// Merged roots `(small, large)` in order, for undo.
    log: Vec<(u32, u32)>,
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
            parent: (0..n as u32).collect(),
            parity: vec![0; n],
            size,
            next: (0..n as u32).collect(),
            log: Vec::new(),
        }
    }

    /// Root and parity of `x` relative to it.
    #[inline]
    pub fn find(&self, mut x: u32) -> (u32, u8) {
        let mut p = 0;
        while self.parent[x as usize] != x {
            p ^= self.parity[x as usize];
            x = self.parent[x as usize];
        }
        (x, p)
    }

    /// Parity between `a` and `b` when known.
    #[inline]
    pub fn relation(&self, a: u32, b: u32) -> Option<u8> {
        let (ra, pa) = self.find(a);
        let (rb, pb) = self.find(b);
        (ra == rb).then_some(pa ^ pb)
    }

    /// Members of the class rooted at `root` (appended to `out`).
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
    /// the smaller class are appended to `moved`.
    pub fn union(&mut self, a: u32, b: u32, rel: u8, moved: &mut Vec<u32>) -> Union {
        let (ra, pa) = self.find(a);
        let (rb, pb) = self.find(b);
        if ra == rb {
            return if pa ^ pb == rel { Union::Known } else { Union::Conflict };
        }
        let (small, large) = if self.size[ra as usize] < self.size[rb as usize] { (ra, rb) } else { (rb, ra) };
        self.members(small, moved);
        self.parent[small as usize] = large;
        self.parity[small as usize] = pa ^ pb ^ rel;
        self.size[large as usize] += self.size[small as usize];
        self.next.swap(small as usize, large as usize);
        self.log.push((small, large));
        Union::Merged
    }

    #[inline]
    pub fn mark(&self) -> usize {
        self.log.len()
    }

    pub fn undo_to(&mut self, mark: usize) {
        while self.log.len() > mark {
            let (small, large) = self.log.pop().unwrap();
            self.next.swap(small as usize, large as usize);
            self.size[large as usize] -= self.size[small as usize];
            self.parent[small as usize] = small;
            self.parity[small as usize] = 0;
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
}
