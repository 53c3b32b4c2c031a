//! v1 propagation as a worklist over cells and lattice points with an undo
//! trail, so that the search never copies domains.
//!
//! The v1 rules (cell, dot, loop) are monotone, so their common fixpoint does
//! not depend on the order they run in: this worklist reaches exactly the
//! fixpoint of v1's round-by-round sweep, and fails exactly when it fails
//! (docs/loop-v1.md, "Propagation").
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

/// A path end's previous state, for undo.
struct PathUndo {
    point: u32,
    was: [u32; 2],
}

/// A position in the undo logs (edges and path ends are logged apart so that
/// the frequent edge entries stay four bytes).
#[derive(Clone, Copy)]
pub(crate) struct Mark {
    edges: usize,
    paths: usize,
}

/// Decided-on and undecided counts of the edges around a cell or a point,
/// packed as `on * 8 + unknown` (both at most 4, so a code is below 40) and
/// kept up to date by `set`/`undo_to`, so that a rule is checked without
/// reading its edges.
/// The top bit of a slot's tally byte says that its rule is queued (the
/// counts never reach it), so queueing reads the byte `set` just wrote.
type Tally = u8;
const ON_STEP: u8 = 8;
const QUEUED: u8 = 0x80;
const COUNTS: u8 = 0x3F;

#[inline]
fn split(t: Tally) -> (u8, u8) {
    ((t & COUNTS) / ON_STEP, t % ON_STEP)
}

/// Bit `t` set when a cell with this clue and tally `t` has work for its rule:
/// a contradiction to report, or undecided sides to fix. Any other tally is a
/// no-op of the rule, so the cell is not queued for it.
const fn cell_acts(clue: i8) -> u64 {
    let mut mask = 0u64;
    if clue < 0 {
        return 0;
    }
    let mut on = 0;
    while on <= 4 {
        let mut unknown = 0;
        while unknown <= 4 - on {
            let (o, reach) = (on as i8, (on + unknown) as i8);
            let acts = if unknown == 0 { o != clue } else { o >= clue || reach <= clue };
            if acts {
                mask |= 1 << (on * 8 + unknown);
            }
            unknown += 1;
        }
        on += 1;
    }
    mask
}

/// `cell_acts` per clue 0..=4; index 5 is a blank (never acts).
const CELL_ACTS: [u64; 6] = [cell_acts(0), cell_acts(1), cell_acts(2), cell_acts(3), cell_acts(4), 0];

/// Bit `t` set when a point with tally `t` has work for the dot rule (see
/// `dot_rule`): more than two on, a decided point with exactly one, two on with
/// more undecided, or one undecided edge that the count forces.
const POINT_ACTS: u64 = {
    let mut mask = 0u64;
    let mut on = 0;
    while on <= 4 {
        let mut unknown = 0;
        while unknown <= 4 - on {
            let acts = if unknown == 0 { on == 1 || on > 2 } else { on >= 2 || unknown == 1 };
            if acts {
                mask |= 1 << (on * 8 + unknown);
            }
            unknown += 1;
        }
        on += 1;
    }
    mask
};

pub(crate) struct Engine<'a> {
    pub grid: &'a Grid,
    clues: Vec<i8>,
    /// The rules are numbered cells first, then points (`cells + p`), then
    /// one idle slot standing for "no cell" beside a rim edge. Per edge, the
    /// slots whose tallies it changes: its two cells (or the idle slot) and
    /// its two points, so `set`/`undo_to` run without branches on the rim.
    slots: Vec<[u32; 4]>,
    /// Per slot, the mask of tallies at which its rule acts: `CELL_ACTS` of
    /// the cell's clue, `POINT_ACTS`, and 0 for the idle slot.
    acts: Vec<u64>,
    /// Per slot, its tally.
    tally: Vec<Tally>,
    pub dom: Vec<Domain>,
    pub on_count: usize,
    /// The on-edges form one closed cycle holding all of them. The v1 loop
    /// rule then turns every undecided edge off, after which nothing but the
    /// clues can still fail, so the state is terminal: `run` settles it by
    /// checking the clues instead of sweeping the board.
    pub closed: bool,
    /// Per point: the other end of the on-path ending here (itself when
    /// none) and that path's length in edges.
    path: Vec<[u32; 2]>,
    edge_trail: Vec<u32>,
    path_trail: Vec<PathUndo>,
    /// Queued rules, run first in first out from `head` (fewer rule runs
    /// than last in first out on the v1 searches; any order reaches the same
    /// fixpoint).
    queue: Vec<u32>,
    head: usize,
}

impl<'a> Engine<'a> {
    /// An engine with every edge undecided and every constraint that can act
    /// queued (the others are no-ops until an edge around them is decided).
    pub fn new(grid: &'a Grid, clues: &[i8]) -> Self {
        let (cells, points) = (grid.num_cells(), grid.num_points());
        let items = cells + points;
        let idle = items as u32;
        let slots = (0..grid.num_edges())
            .map(|e| {
                let [c0, c1] = grid.edge_cells[e].map(|c| if c == NONE { idle } else { c });
                let [p0, p1] = grid.edge_points[e];
                [c0, c1, cells as u32 + p0, cells as u32 + p1]
            })
            .collect();
        let mut acts = vec![POINT_ACTS; items + 1];
        acts[items] = 0;
        let mut tally = vec![4; cells];
        tally.extend_from_slice(&grid.point_degree);
        tally.push(0);
        let mut engine = Engine {
            grid,
            clues: clues.to_vec(),
            slots,
            acts,
            tally,
            dom: vec![BOTH; grid.num_edges()],
            on_count: 0,
            closed: false,
            path: (0..points as u32).map(|p| [p, 0]).collect(),
            edge_trail: Vec::with_capacity(grid.num_edges()),
            path_trail: Vec::with_capacity(2 * grid.num_edges()),
            queue: Vec::with_capacity(items),
            head: 0,
        };
        engine.queue_initial();
        engine
    }

    /// With every edge undecided: sets the clue masks and queues the cells
    /// whose rule acts at once (clues 0 and 4). No point acts on an
    /// undecided board (every degree is at least 2).
    fn queue_initial(&mut self) {
        for (c, &clue) in self.clues.iter().enumerate() {
            let acts = CELL_ACTS[if clue < 0 { 5 } else { clue as usize }];
            self.acts[c] = acts;
            if (acts >> 4) & 1 != 0 {
                self.tally[c] |= QUEUED;
                self.queue.push(c as u32);
            }
        }
    }

    /// Back to every edge undecided, with new clues and the acting
    /// constraints queued: the undo logs hold every change since `new`, so
    /// this costs no allocation, which matters when the generator solves
    /// thousands of boards of one size in a row.
    pub fn reset(&mut self, clues: &[i8]) {
        self.undo_to(Mark { edges: 0, paths: 0 });
        self.clues.copy_from_slice(clues);
        self.queue_initial();
    }

    /// Loads given domains (as if assigned before search); the constraints
    /// that can act are queued. Returns false when the loaded state already
    /// contradicts the loop rule.
    pub fn load(&mut self, domains: &[Domain]) -> bool {
        self.on_count = domains.iter().filter(|&&d| d == ON).count();
        for (e, &d) in domains.iter().enumerate() {
            if d != BOTH {
                self.set(e as u32, d);
            }
        }
        for (e, &d) in domains.iter().enumerate() {
            if d == ON && !self.link(e as u32) {
                return false;
            }
        }
        true
    }

    #[inline]
    pub fn mark(&self) -> Mark {
        Mark { edges: self.edge_trail.len(), paths: self.path_trail.len() }
    }

    pub fn undo_to(&mut self, mark: Mark) {
        while self.path_trail.len() > mark.paths {
            let u = self.path_trail.pop().unwrap();
            self.path[u.point as usize] = u.was;
        }
        for &e in self.edge_trail[mark.edges..].iter().rev() {
            let e = e as usize;
            let on = self.dom[e] == ON;
            self.on_count -= on as usize;
            // Undoing one decided edge: one more undecided, one fewer on.
            let delta = if on { ON_STEP - 1 } else { 0u8.wrapping_sub(1) };
            self.dom[e] = BOTH;
            for s in self.slots[e] {
                let t = &mut self.tally[s as usize];
                *t = t.wrapping_sub(delta);
            }
        }
        self.edge_trail.truncate(mark.edges);
        // A closure is always the newest event of a node, so any undo
        // reaches back before it.
        self.closed = false;
        self.clear_queue();
    }

    fn clear_queue(&mut self) {
        for &item in &self.queue[self.head..] {
            self.tally[item as usize] &= !QUEUED;
        }
        self.queue.clear();
        self.head = 0;
    }

    #[inline]
    fn enqueue(&mut self, item: u32) {
        let t = &mut self.tally[item as usize];
        if *t & QUEUED == 0 {
            *t |= QUEUED;
            self.queue.push(item);
        }
    }

    /// Decides edge `e` (trail, tallies) without the loop rule, queueing only
    /// the cells and points whose rule can now act or fail: with the tallies
    /// that test is one bit, and most rules are idle.
    #[inline]
    fn set(&mut self, e: u32, value: Domain) {
        self.dom[e as usize] = value;
        self.edge_trail.push(e);
        // Deciding one edge: one fewer undecided, one more on when on.
        let delta = if value == ON { ON_STEP - 1 } else { 0u8.wrapping_sub(1) };
        for s in self.slots[e as usize] {
            let t = &mut self.tally[s as usize];
            *t = t.wrapping_add(delta);
            if (self.acts[s as usize] >> (*t & COUNTS)) & 1 != 0 {
                self.enqueue(s);
            }
        }
    }

    /// Narrows edge `e` to `value` (OFF or ON). False on contradiction.
    #[inline]
    pub fn assign(&mut self, e: u32, value: Domain) -> bool {
        let d = self.dom[e as usize];
        if d == value {
            return true;
        }
        if d & value == 0 || (self.closed && value == ON) {
            return false;
        }
        self.set(e, value);
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
        let cells = self.clues.len();
        if split(self.tally[cells + a as usize]).0 > 2 || split(self.tally[cells + b as usize]).0 > 2 {
            return false;
        }
        let ([ea, la], [eb, lb]) = (self.path[a as usize], self.path[b as usize]);
        if ea == b {
            // A closed cycle: only allowed when it is every on-edge, and then
            // nothing else may be on.
            if la as usize + 1 != self.on_count {
                return false;
            }
            self.closed = true;
            return true;
        }
        let len = la + lb + 1;
        for p in [ea, eb] {
            self.path_trail.push(PathUndo { point: p, was: self.path[p as usize] });
        }
        self.path[ea as usize] = [eb, len];
        self.path[eb as usize] = [ea, len];
        true
    }

    /// Runs the queued cell and dot rules to their fixpoint. False on contradiction.
    pub fn run(&mut self) -> bool {
        let cells = self.clues.len() as u32;
        while let Some(&item) = self.queue.get(self.head) {
            self.head += 1;
            self.tally[item as usize] &= !QUEUED;
            if self.closed {
                self.clear_queue();
                return self.clues_met();
            }
            let ok = if item < cells { self.cell_rule(item as usize) } else { self.dot_rule((item - cells) as usize) };
            if !ok {
                return false;
            }
        }
        self.queue.clear();
        self.head = 0;
        !self.closed || self.clues_met()
    }

    /// With every undecided edge read as off: does each clue hold exactly?
    fn clues_met(&self) -> bool {
        self.clues.iter().zip(&self.tally).all(|(&clue, &t)| clue < 0 || split(t).0 as i8 == clue)
    }

    /// Writes out the loop rule's sweep after a closure: every undecided edge off.
    pub fn settle_closure(&mut self) {
        if self.closed {
            for d in self.dom.iter_mut() {
                if *d == BOTH {
                    *d = OFF;
                }
            }
        }
    }

    fn cell_rule(&mut self, cell: usize) -> bool {
        let clue = self.clues[cell];
        if clue < 0 {
            return true;
        }
        let (on, unknown) = split(self.tally[cell]);
        let (on, unknown, clue) = (on as i32, unknown as i32, clue as i32);
        if on > clue || on + unknown < clue {
            return false;
        }
        if unknown > 0 && (on == clue || on + unknown == clue) {
            let value = if on == clue { OFF } else { ON };
            for e in self.grid.cell_edges[cell] {
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
        let (on, unknown) = split(self.tally[self.clues.len() + p]);
        if on > 2 {
            return false;
        }
        if unknown == 0 {
            return on == 0 || on == 2;
        }
        let value = match (on, unknown) {
            (2, _) => OFF,
            (1, 1) => ON,
            (0, 1) => OFF,
            _ => return true,
        };
        let edges = self.grid.point_edges[p];
        for &e in &edges[..self.grid.point_degree[p] as usize] {
            if self.dom[e as usize] == BOTH && !self.assign(e, value) {
                return false;
            }
        }
        true
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
    engine.settle_closure();
    Ok((engine.dom, valid))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dot_rule_alone_fixes_an_edge() {
        // v1 example (docs/loop-v1.md): n = 2, clues [0, -, -, -]: only the dot rule fixes edge 9 = V(1,0) off.
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
