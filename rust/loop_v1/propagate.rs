//! v1 propagation as a worklist over cells and lattice points with an undo
//! trail, so that the search never copies domains.
//!
//! The v1 rules (cell, dot, loop) are monotone, so their common fixpoint does
//! not depend on the order they run in: this worklist reaches exactly the
//! reference's sweep fixpoint, and fails exactly when it fails.
//! The loop rule is kept incrementally: on-edges form paths (degree <= 2 is
//! enforced as they are added), each path end knows its other end and length,
//! and an edge joining the two ends of one path closes a cycle.

use crate::error::{Error, Result};
use crate::grid::{Grid, NONE};

/// Bit set of the values an edge may still take: bit 0 = off, bit 1 = on.
pub type Domain = u8;
pub const OFF: Domain = 1;
pub const ON: Domain = 2;
pub const BOTH: Domain = 3;

enum Undo {
    Edge(u32),
    PathEnd { point: u32, end: u32, len: u32 },
}

pub(crate) struct Engine<'a> {
    pub grid: &'a Grid,
    clues: &'a [i8],
    pub dom: Vec<Domain>,
    pub on_count: usize,
    path_end: Vec<u32>,
    path_len: Vec<u32>,
    trail: Vec<Undo>,
    queue: Vec<u32>,
    queued: Vec<bool>,
}

impl<'a> Engine<'a> {
    /// An engine with every edge undecided and every constraint queued.
    pub fn new(grid: &'a Grid, clues: &'a [i8]) -> Self {
        let points = grid.num_points();
        let items = grid.num_cells() + points;
        Engine {
            grid,
            clues,
            dom: vec![BOTH; grid.num_edges()],
            on_count: 0,
            path_end: (0..points as u32).collect(),
            path_len: vec![0; points],
            trail: Vec::new(),
            queue: (0..items as u32).collect(),
            queued: vec![true; items],
        }
    }

    /// Loads given domains (as if assigned before search) and queues every
    /// constraint. Returns false when the loaded state already contradicts
    /// the loop rule.
    pub fn load(&mut self, domains: &[Domain]) -> bool {
        self.on_count = domains.iter().filter(|&&d| d == ON).count();
        for (e, &d) in domains.iter().enumerate() {
            if d != BOTH {
                self.dom[e] = d;
                self.trail.push(Undo::Edge(e as u32));
            }
        }
        for e in 0..domains.len() {
            if domains[e] == ON && !self.link(e as u32) {
                return false;
            }
        }
        true
    }

    #[inline]
    pub fn mark(&self) -> usize {
        self.trail.len()
    }

    pub fn undo_to(&mut self, mark: usize) {
        while self.trail.len() > mark {
            match self.trail.pop().unwrap() {
                Undo::Edge(e) => {
                    if self.dom[e as usize] == ON {
                        self.on_count -= 1;
                    }
                    self.dom[e as usize] = BOTH;
                }
                Undo::PathEnd { point, end, len } => {
                    self.path_end[point as usize] = end;
                    self.path_len[point as usize] = len;
                }
            }
        }
        for &item in &self.queue {
            self.queued[item as usize] = false;
        }
        self.queue.clear();
    }

    fn enqueue(&mut self, item: u32) {
        if !self.queued[item as usize] {
            self.queued[item as usize] = true;
            self.queue.push(item);
        }
    }

    /// Narrows edge `e` to `value` (OFF or ON). False on contradiction.
    pub fn assign(&mut self, e: u32, value: Domain) -> bool {
        let d = self.dom[e as usize];
        if d == value {
            return true;
        }
        if d & value == 0 {
            return false;
        }
        self.dom[e as usize] = value;
        self.trail.push(Undo::Edge(e));
        let cells = self.grid.num_cells() as u32;
        for c in self.grid.edge_cells[e as usize] {
            if c != NONE && self.clues[c as usize] >= 0 {
                self.enqueue(c);
            }
        }
        for p in self.grid.edge_points[e as usize] {
            self.enqueue(cells + p);
        }
        if value == ON {
            self.on_count += 1;
            return self.link(e);
        }
        true
    }

    /// Adds on-edge `e` to the path structure; applies the loop rule when it
    /// closes a cycle.
    fn link(&mut self, e: u32) -> bool {
        let [a, b] = self.grid.edge_points[e as usize];
        if self.on_degree(a) > 2 || self.on_degree(b) > 2 {
            return false;
        }
        let (ea, eb) = (self.path_end[a as usize], self.path_end[b as usize]);
        if ea == b {
            // A closed cycle: only allowed when it is every on-edge, and then
            // nothing else may be on.
            if self.path_len[a as usize] as usize + 1 != self.on_count {
                return false;
            }
            for x in 0..self.dom.len() as u32 {
                if self.dom[x as usize] == BOTH && !self.assign(x, OFF) {
                    return false;
                }
            }
            return true;
        }
        let len = self.path_len[a as usize] + self.path_len[b as usize] + 1;
        for p in [ea, eb] {
            self.trail.push(Undo::PathEnd { point: p, end: self.path_end[p as usize], len: self.path_len[p as usize] });
        }
        self.path_end[ea as usize] = eb;
        self.path_end[eb as usize] = ea;
        self.path_len[ea as usize] = len;
        self.path_len[eb as usize] = len;
        true
    }

    fn on_degree(&self, p: u32) -> usize {
        self.grid.edges_at(p as usize).iter().filter(|&&e| self.dom[e as usize] == ON).count()
    }

    /// Runs the queued cell and dot rules to their fixpoint. False on contradiction.
    pub fn run(&mut self) -> bool {
        let cells = self.grid.num_cells() as u32;
        while let Some(item) = self.queue.pop() {
            self.queued[item as usize] = false;
            let ok = if item < cells { self.cell_rule(item as usize) } else { self.dot_rule((item - cells) as usize) };
            if !ok {
                return false;
            }
        }
        true
    }

    fn cell_rule(&mut self, cell: usize) -> bool {
        let clue = self.clues[cell];
        if clue < 0 {
            return true;
        }
        let edges = self.grid.cell_edges[cell];
        let (mut on, mut unknown) = (0, 0);
        for e in edges {
            match self.dom[e as usize] {
                ON => on += 1,
                BOTH => unknown += 1,
                _ => {}
            }
        }
        let clue = clue as i32;
        if on > clue || on + unknown < clue {
            return false;
        }
        if unknown > 0 && (on == clue || on + unknown == clue) {
            let value = if on == clue { OFF } else { ON };
            for e in edges {
                if self.dom[e as usize] == BOTH && !self.assign(e, value) {
                    return false;
                }
            }
        }
        true
    }

    /// A point carries 0 or 2 on-edges. With k decided-on and u undecided
    /// edges, the v1 enumeration over assignments reduces to: k = 2 turns the
    /// rest off, k = 1 with one undecided turns it on, k = 0 with one
    /// undecided turns it off, and nothing else is forced.
    fn dot_rule(&mut self, p: usize) -> bool {
        let edges = self.grid.edges_at(p);
        let (mut on, mut unknown, mut last) = (0, 0, NONE);
        for &e in edges {
            match self.dom[e as usize] {
                ON => on += 1,
                BOTH => {
                    unknown += 1;
                    last = e;
                }
                _ => {}
            }
        }
        if on > 2 {
            return false;
        }
        if unknown == 0 {
            return on == 0 || on == 2;
        }
        match (on, unknown) {
            (2, _) => {
                let edges = self.grid.point_edges[p];
                edges.iter().take_while(|&&e| e != NONE).all(|&e| self.dom[e as usize] != BOTH || self.assign(e, OFF))
            }
            (1, 1) => self.assign(last, ON),
            (0, 1) => self.assign(last, OFF),
            _ => true,
        }
    }
}

/// One v1 propagation from the given domains (`OFF`, `ON` or `BOTH` per edge)
/// to the fixpoint. Returns the narrowed domains and whether they are
/// consistent; when not, the domains are unspecified.
pub fn propagate(n: usize, clues: &[i8], domains: &[Domain]) -> Result<(Vec<Domain>, bool)> {
    let grid = super::grid_for(n)?;
    super::check_clues(clues, n)?;
    if domains.len() != grid.num_edges() {
        return Err(Error::InvalidArgument(format!(
            "domains must have {} entries for n = {n}, got {}",
            grid.num_edges(),
            domains.len()
        )));
    }
    if let Some(e) = domains.iter().position(|d| !(OFF..=BOTH).contains(d)) {
        return Err(Error::InvalidArgument(format!("domain of edge {e} is empty or malformed")));
    }
    let mut engine = Engine::new(&grid, clues);
    let valid = engine.load(domains) && engine.run();
    Ok((engine.dom, valid))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dot_rule_alone_fixes_an_edge() {
        // Spec example: n = 2, clues [0, -, -, -]: edge 9 = V(1,0) is fixed off.
        let (dom, valid) = propagate(2, &[0, -1, -1, -1], &[BOTH; 12]).unwrap();
        assert!(valid);
        assert_eq!(dom[9], OFF);
    }

    #[test]
    fn full_clues_decide_the_notes_example() {
        let clues = [1, 3, 2, 2, 0, 2, 1, 2, 0, 1, 1, 1, 0, 1, 2, 2];
        let answer = [
            0, 1, 1, 0, 0, 1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 0, 1, 0, 1, 0, 0, 0, 1, 0, 1, 0, 0, 1, 0, 1, 0,
            0, 1, 0, 1,
        ];
        let (dom, valid) = propagate(4, &clues, &[BOTH; 40]).unwrap();
        assert!(valid);
        let got: Vec<u8> = dom.iter().map(|&d| if d == ON { 1 } else { 0 }).collect();
        assert!(dom.iter().all(|&d| d != BOTH));
        assert_eq!(got, answer);
    }

    #[test]
    fn two_cycles_fail() {
        // Two separate unit squares on a 3 x 3 board, both fully on.
        let g = Grid::new(3, 3).unwrap();
        let mut dom = vec![BOTH; g.num_edges()];
        for cell in [0usize, 8] {
            for e in g.cell_edges[cell] {
                dom[e as usize] = ON;
            }
        }
        let (_, valid) = propagate(3, &[-1; 9], &dom).unwrap();
        assert!(!valid);
    }

    #[test]
    fn bad_arguments_are_errors() {
        assert!(propagate(2, &[0; 3], &[BOTH; 12]).is_err());
        assert!(propagate(2, &[5, 0, 0, 0], &[BOTH; 12]).is_err());
        assert!(propagate(2, &[0; 4], &[0; 12]).is_err());
        assert!(propagate(0, &[], &[]).is_err());
        assert!(propagate(1_000_000, &[], &[]).is_err());
    }
}
