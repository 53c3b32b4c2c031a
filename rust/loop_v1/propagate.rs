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

/// A link's undo: the two path ends it rewrote, each with the value it had
/// (the points of the edge: the end of a path names its other end).
struct PathUndo {
    ends: [u32; 2],
    was: [u32; 2],
}

/// A position in the undo logs (edges and path ends are logged apart so that
/// the frequent edge entries stay four bytes), with the path count then.
#[derive(Clone, Copy)]
pub(crate) struct Mark {
    /// The edge trail's length (the bitboard engine: the stack depth its
    /// state is saved at).
    pub(crate) edges: usize,
    pub(crate) links: usize,
    pub(crate) paths: usize,
}

/// Every rule (a cell, a lattice point, or an idle slot standing for "no
/// cell" beside a rim edge, one per rim edge) has one 32-bit word:
/// - bits 0..=5: the decided-on and undecided counts of the edges around it,
///   packed as `on * 8 + unknown` (both at most 4, so below 40), kept up to
///   date by `set`/`undo_to`, so a rule is checked without reading its edges;
/// - bits 6..=8: its kind (`KIND_*`, or the clue 0..=4 of a cell), which
///   with the counts indexes `ACTION`;
/// - bit 9: the rule is queued (or running); with the bits below it indexes
///   `PUSH`, so the test after a change is one table load.
///
/// An idle slot sees a single edge, so its counts stay below 9 and never
/// reach its kind bits; its kind never acts.
type Word = u32;
const ON_STEP: Word = 8;
const COUNTS: Word = 0x3F;
const KIND_SHIFT: u32 = 6;
const RULE_BITS: Word = 0x1FF;
const QUEUED: Word = 1 << 9;
const PUSH_BITS: Word = 0x3FF;
const KIND_BLANK: usize = 5;
const KIND_POINT: usize = 6;
const KIND_IDLE: usize = 7;

/// What a rule does at a tally: nothing, fail, or set its undecided edges.
const NONE_ACT: u8 = 0;
const FAIL: u8 = 1;
const SET_OFF: u8 = OFF + 1;
const SET_ON: u8 = ON + 1;

/// The v1 cell rule for a clue, at `on` decided-on and `unknown` undecided
/// sides: `on` above the clue or `on + unknown` below it fails; otherwise,
/// with sides undecided, `on` at the clue turns them off and `on + unknown`
/// at the clue turns them on.
const fn cell_action(clue: u32, on: u32, unknown: u32) -> u8 {
    if on > clue || on + unknown < clue {
        FAIL
    } else if unknown > 0 && on == clue {
        SET_OFF
    } else if unknown > 0 && on + unknown == clue {
        SET_ON
    } else {
        NONE_ACT
    }
}

/// The v1 dot rule at `on` decided-on and `unknown` undecided edges: a point
/// carries 0 or 2 on-edges. More than two on fails, and so does a decided
/// point with one; the v1 enumeration over assignments of the undecided
/// edges then reduces to: two on turn the rest off, one on with one
/// undecided turns it on, none on with one undecided turns it off; nothing
/// else is forced.
const fn dot_action(on: u32, unknown: u32) -> u8 {
    if on > 2 || (unknown == 0 && on == 1) {
        FAIL
    } else if unknown == 0 {
        NONE_ACT
    } else if on == 2 {
        SET_OFF
    } else if on == 1 && unknown == 1 {
        SET_ON
    } else if on == 0 && unknown == 1 {
        SET_OFF
    } else {
        NONE_ACT
    }
}

/// `ACTION[kind << 6 | on * 8 + unknown]`: the action of a rule of that kind
/// (clue 0..=4, blank cell, point, idle slot) at that tally.
static ACTION: [u8; 512] = {
    let mut table = [NONE_ACT; 512];
    let mut on = 0;
    while on <= 4 {
        let mut unknown = 0;
        while unknown <= 4 - on {
            let t = (on * 8 + unknown) as usize;
            let mut clue = 0;
            while clue <= 4 {
                table[(clue as usize) << KIND_SHIFT | t] = cell_action(clue, on, unknown);
                clue += 1;
            }
            table[KIND_POINT << KIND_SHIFT | t] = dot_action(on, unknown);
            unknown += 1;
        }
        on += 1;
    }
    table
};

/// `PUSH[word & PUSH_BITS]` is true when the rule must be queued: it acts
/// (or fails) at its tally and is not queued yet. Most tallies are no-ops.
static PUSH: [bool; 1024] = {
    let mut table = [false; 1024];
    let mut i = 0;
    while i < 512 {
        table[i] = ACTION[i] != NONE_ACT;
        i += 1;
    }
    table
};

#[inline]
fn on_of(w: Word) -> u32 {
    (w & COUNTS) / ON_STEP
}

/// The tables of the v1 engine for one board size, built once per size (see
/// `super::tables_for`).
#[derive(Clone)]
pub struct Tables {
    /// The board's side n.
    side: usize,
    cells: usize,
    points: usize,
    edges: usize,
    /// Per edge, the rules whose tallies it changes: its two cells (or its
    /// idle slot on the rim) and its two points, so `set`/`undo_to` run
    /// without branches on the rim.
    slots: Vec<[u32; 4]>,
    /// Per rule (cells, then points), its edges; a point with fewer than
    /// four lists the sentinel edge `edges`, which is never undecided.
    rule_edges: Vec<[u32; 4]>,
    /// Per edge, its two lattice points.
    edge_points: Vec<[u32; 2]>,
    /// Every word with all edges undecided, cells as blanks, then one idle
    /// slot per rim edge.
    words: Vec<Word>,
}

impl Tables {
    pub fn new(grid: &Grid) -> Self {
        let (cells, points, edges) = (grid.num_cells(), grid.num_points(), grid.num_edges());
        let mut idle = (cells + points) as u32;
        let slots = (0..edges)
            .map(|e| {
                let [c0, c1] = grid.edge_cells[e].map(|c| {
                    if c == NONE {
                        idle += 1;
                        idle - 1
                    } else {
                        c
                    }
                });
                let [p0, p1] = grid.edge_points[e];
                [c0, c1, cells as u32 + p0, cells as u32 + p1]
            })
            .collect();
        let sentinel = edges as u32;
        let rule_edges = grid
            .cell_edges
            .iter()
            .copied()
            .chain(grid.point_edges.iter().map(|es| es.map(|e| if e == NONE { sentinel } else { e })))
            .collect();
        let mut words: Vec<Word> = vec![(KIND_BLANK as Word) << KIND_SHIFT | 4; cells];
        words.extend(grid.point_degree.iter().map(|&d| (KIND_POINT as Word) << KIND_SHIFT | d as Word));
        words.resize(idle as usize, (KIND_IDLE as Word) << KIND_SHIFT | 1);
        Tables {
            side: grid.rows,
            cells,
            points,
            edges,
            slots,
            rule_edges,
            edge_points: grid.edge_points.clone(),
            words,
        }
    }

    pub fn num_edges(&self) -> usize {
        self.edges
    }

    /// The board's side n.
    pub fn side(&self) -> usize {
        self.side
    }
}

pub(crate) struct Engine<'a> {
    tables: &'a Tables,
    /// Per rule, its word (tally, queued flag, kind).
    words: Vec<Word>,
    /// Per edge its domain, then the sentinel edge (always `OFF`).
    dom: Vec<Domain>,
    /// The number of on-paths (components of on-edges, each a path while
    /// no cycle is closed).
    paths: usize,
    /// On-edges loaded but not linked yet (only inside `load`).
    pending: usize,
    /// The on-edges form one closed cycle holding all of them. The v1 loop
    /// rule then turns every undecided edge off, after which nothing but the
    /// clues can still fail, so the state is terminal: `run` settles it by
    /// checking the clues instead of sweeping the board.
    pub closed: bool,
    /// Per point with fewer than two on-edges: the other end of the on-path
    /// ending here (itself when none). Points inside a path keep stale
    /// values, never read: no edge can be added there.
    path: Vec<u32>,
    /// The decided edges, newest last: `edge_trail[..trail_len]` (a fixed
    /// buffer, one slot per edge: an edge is decided at most once between
    /// undos).
    edge_trail: Vec<u32>,
    trail_len: usize,
    path_trail: Vec<PathUndo>,
    /// Queued rules, run first in first out from `head` (fewer rule runs
    /// than last in first out on the v1 searches; any order reaches the same
    /// fixpoint).
    /// A fixed buffer: the queue holds `queue[head..tail]`.
    queue: Vec<u32>,
    head: usize,
    tail: usize,
}

impl<'a> Engine<'a> {
    /// An engine with every edge undecided and every constraint that can act
    /// queued (the others are no-ops until an edge around them is decided).
    pub fn new(tables: &'a Tables, clues: &[i8]) -> Self {
        let mut dom = vec![BOTH; tables.edges + 1];
        dom[tables.edges] = OFF;
        let mut engine = Engine {
            tables,
            words: tables.words.clone(),
            dom,
            paths: 0,
            pending: 0,
            closed: false,
            path: (0..tables.points as u32).collect(),
            edge_trail: vec![0; tables.edges],
            trail_len: 0,
            path_trail: Vec::with_capacity(tables.edges),
            // The queue is emptied by every undo and every finished run;
            // in between it takes the initial cells and at most four rules
            // per decided edge, and an edge is decided at most once.
            queue: vec![0; 4 * tables.edges + tables.cells],
            head: 0,
            tail: 0,
        };
        engine.queue_initial(clues);
        engine
    }

    /// The edges' domains (without the sentinel).
    #[inline]
    pub fn domains(&self) -> &[Domain] {
        &self.dom[..self.tables.edges]
    }

    /// With every edge undecided: gives each cell its clue's kind and
    /// queues the cells whose rule acts at once (clues 0 and 4). No point
    /// acts on an undecided board (every degree is at least 2).
    fn queue_initial(&mut self, clues: &[i8]) {
        for (c, &clue) in clues.iter().enumerate() {
            let kind = if clue < 0 { KIND_BLANK } else { clue as usize };
            let mut w = (kind as Word) << KIND_SHIFT | 4;
            if PUSH[w as usize] {
                w |= QUEUED;
                self.queue[self.tail] = c as u32;
                self.tail += 1;
            }
            self.words[c] = w;
        }
    }

    /// Back to every edge undecided, with new clues and the acting
    /// constraints queued, without allocating: the generator's thinning
    /// solves thousands of boards of one size in a row, and most of those
    /// searches cost less than building an engine. The state is copied back
    /// from the tables (a few hundred bytes) rather than undone edge by edge.
    pub fn reset(&mut self, clues: &[i8]) {
        self.words.copy_from_slice(&self.tables.words);
        self.dom[..self.tables.edges].fill(BOTH);
        for (p, end) in self.path.iter_mut().enumerate() {
            *end = p as u32;
        }
        self.trail_len = 0;
        self.path_trail.clear();
        self.paths = 0;
        self.pending = 0;
        self.closed = false;
        self.head = 0;
        self.tail = 0;
        self.queue_initial(clues);
    }

    /// Loads given domains (as if assigned before search); the constraints
    /// that can act are queued. Returns false when the loaded state already
    /// contradicts the loop rule.
    pub fn load(&mut self, domains: &[Domain]) -> bool {
        self.pending = domains.iter().filter(|&&d| d == ON).count();
        for (e, &d) in domains.iter().enumerate() {
            if d != BOTH {
                self.set(e, d);
            }
        }
        for (e, &d) in domains.iter().enumerate() {
            if d == ON {
                self.pending -= 1;
                if !self.link(e) {
                    return false;
                }
            }
        }
        true
    }

    #[inline]
    pub fn mark(&self) -> Mark {
        Mark { edges: self.trail_len, links: self.path_trail.len(), paths: self.paths }
    }

    pub fn undo_to(&mut self, mark: Mark) {
        while self.path_trail.len() > mark.links {
            let u = self.path_trail.pop().unwrap();
            self.path[u.ends[1] as usize] = u.was[1];
            self.path[u.ends[0] as usize] = u.was[0];
        }
        self.paths = mark.paths;
        let (dom, words, slots) = (&mut self.dom[..], &mut self.words[..], &self.tables.slots[..]);
        for &e in self.edge_trail[mark.edges..self.trail_len].iter().rev() {
            let e = e as usize;
            // SAFETY: the trail holds only edges that `set` indexed, and
            // `slots` lists rules of this engine (see `Tables`).
            unsafe {
                let d = dom.get_unchecked_mut(e);
                // Undoing one decided edge: one more undecided, one fewer on.
                let delta = if *d == ON { ON_STEP - 1 } else { Word::MAX };
                *d = BOTH;
                for &s in slots.get_unchecked(e) {
                    let w = words.get_unchecked_mut(s as usize);
                    *w = w.wrapping_sub(delta);
                }
            }
        }
        self.trail_len = mark.edges;
        // A closure is always the newest event of a node, so any undo
        // reaches back before it.
        self.closed = false;
        self.clear_queue();
    }

    fn clear_queue(&mut self) {
        for &item in &self.queue[self.head..self.tail] {
            self.words[item as usize] &= !QUEUED;
        }
        self.head = 0;
        self.tail = 0;
    }

    /// Decides edge `e` (trail, tallies) without the loop rule, queueing only
    /// the cells and points whose rule can now act or fail: with the tallies
    /// that test is one bit, and most rules are idle.
    #[inline(always)]
    fn set(&mut self, e: usize, value: Domain) {
        debug_assert!(e < self.tables.edges && self.dom[e] == BOTH && self.trail_len < self.edge_trail.len());
        // SAFETY: every caller passes an undecided edge of this board (`load`
        // an index of its domains, checked to be one per edge; `assign` an
        // edge it found undecided; `run` a rule's edge it found undecided,
        // so not the sentinel), and an edge is decided at most once between
        // undos, so the trail (one slot per edge) has room.
        unsafe {
            *self.dom.get_unchecked_mut(e) = value;
            *self.edge_trail.get_unchecked_mut(self.trail_len) = e as u32;
        }
        self.trail_len += 1;
        // Deciding one edge: one fewer undecided, one more on when on.
        let delta = if value == ON { ON_STEP - 1 } else { Word::MAX };
        // SAFETY: `e` is an edge, as above.
        for &s in unsafe { self.tables.slots.get_unchecked(e) } {
            debug_assert!((s as usize) < self.words.len() && self.tail < self.queue.len());
            // SAFETY: `Tables::new` lists in `slots` only rules below the
            // length of `words`; the queue has room for every push between
            // two clearings (see `Engine::new`).
            unsafe {
                let w = self.words.get_unchecked_mut(s as usize);
                *w = w.wrapping_add(delta);
                if PUSH[(*w & PUSH_BITS) as usize] {
                    *w |= QUEUED;
                    *self.queue.get_unchecked_mut(self.tail) = s;
                    self.tail += 1;
                }
            }
        }
    }

    /// Narrows edge `e` to `value` (OFF or ON). False on contradiction.
    #[inline(always)]
    pub fn assign(&mut self, e: usize, value: Domain) -> bool {
        let d = self.dom[e];
        if d == value {
            return true;
        }
        if d & value == 0 || (self.closed && value == ON) {
            return false;
        }
        self.set(e, value);
        if value == ON {
            return self.link(e);
        }
        true
    }

    /// Adds on-edge `e` to the path structure; applies the loop rule when it
    /// closes a cycle.
    #[inline(always)]
    fn link(&mut self, e: usize) -> bool {
        let [a, b] = self.tables.edge_points[e];
        let (a, b) = (a as usize, b as usize);
        let cells = self.tables.cells;
        // SAFETY: `edge_points` holds points of this board: below `points`,
        // the length of `path`, and `cells + points < words.len()`.
        let (ta, tb, ea, eb) = unsafe {
            (
                *self.words.get_unchecked(cells + a),
                *self.words.get_unchecked(cells + b),
                *self.path.get_unchecked(a),
                *self.path.get_unchecked(b),
            )
        };
        if on_of(ta) > 2 || on_of(tb) > 2 {
            return false;
        }
        let (a, b) = (a as u32, b as u32);
        if ea == b {
            // A closed cycle: only allowed when it is every on-edge (no other
            // path, nothing loaded still to link), and then nothing else may
            // be on.
            if self.paths != 1 || self.pending != 0 {
                return false;
            }
            self.closed = true;
            return true;
        }
        // A new path when both ends were bare, one path fewer when the
        // edge joins two, the same count when it extends one.
        self.paths = self.paths + 1 - (ea != a) as usize - (eb != b) as usize;
        // The ends' old values are their other ends: `a` for `ea`, `b` for `eb`.
        self.path_trail.push(PathUndo { ends: [ea, eb], was: [a, b] });
        // SAFETY: `path` only ever holds points of this board (it starts as
        // the identity and takes only values read from it).
        unsafe {
            *self.path.get_unchecked_mut(ea as usize) = eb;
            *self.path.get_unchecked_mut(eb as usize) = ea;
        }
        true
    }

    /// Runs the queued cell and dot rules to their fixpoint. False on contradiction.
    pub fn run(&mut self) -> bool {
        while self.head < self.tail {
            if self.closed {
                self.clear_queue();
                return self.clues_met();
            }
            debug_assert!(self.head < self.queue.len());
            // SAFETY: `head < tail`, and the queue holds only rules that
            // `set` or `queue_initial` queued: cells and points (an idle
            // slot's kind never acts), so below the length of `words` and
            // of `rule_edges`.
            let (item, w, edges) = unsafe {
                let item = *self.queue.get_unchecked(self.head) as usize;
                debug_assert!(item < self.tables.rule_edges.len());
                (item, *self.words.get_unchecked(item), *self.tables.rule_edges.get_unchecked(item))
            };
            self.head += 1;
            let action = ACTION[(w & RULE_BITS) as usize];
            if action < SET_OFF {
                self.words[item] = w & !QUEUED;
                if action == FAIL {
                    return false;
                }
                continue;
            }
            // SET_OFF and SET_ON are OFF and ON shifted by one. The rule
            // stays flagged queued while it sets its own undecided edges
            // (`w & 7` of them): after them its tally is a no-op, so it
            // need not run again.
            let value = action - 1;
            let mut left = w & 7;
            for e in edges {
                let e = e as usize;
                debug_assert!(e < self.dom.len());
                // SAFETY: a rule's edges are edges of this board or the
                // sentinel, the last entry of `dom`.
                if unsafe { *self.dom.get_unchecked(e) } == BOTH {
                    // As `assign` on an undecided edge: an on-edge after a
                    // closure contradicts the loop rule.
                    if value == ON && self.closed {
                        self.words[item] &= !QUEUED;
                        return false;
                    }
                    self.set(e, value);
                    if value == ON && !self.link(e) {
                        self.words[item] &= !QUEUED;
                        return false;
                    }
                    left -= 1;
                    if left == 0 {
                        break;
                    }
                }
            }
            self.words[item] &= !QUEUED;
        }
        self.head = 0;
        self.tail = 0;
        !self.closed || self.clues_met()
    }

    /// With every undecided edge read as off: does each clue hold exactly?
    fn clues_met(&self) -> bool {
        // A cell's kind is its clue 0..=4, or KIND_BLANK.
        self.words[..self.tables.cells].iter().all(|&w| {
            let kind = (w >> KIND_SHIFT) & 7;
            kind as usize >= KIND_BLANK || on_of(w) == kind
        })
    }

    /// The domains with the loop rule's sweep after a closure written out:
    /// every undecided edge off.
    pub fn settled(mut self) -> Vec<Domain> {
        self.dom.truncate(self.tables.edges);
        if self.closed {
            for d in self.dom.iter_mut() {
                if *d == BOTH {
                    *d = OFF;
                }
            }
        }
        self.dom
    }
}

/// One v1 propagation from the given domains (`OFF`, `ON` or `BOTH` per edge)
/// to the fixpoint. Returns the narrowed domains and whether they are
/// consistent; when not, the domains are unspecified.
pub fn propagate(n: usize, clues: &[i8], domains: &[Domain]) -> Result<(Vec<Domain>, bool)> {
    let tables = super::tables_for(n)?;
    super::check_clues(clues, n)?;
    if domains.len() != tables.num_edges() {
        return Err(Error::InvalidArgument(format!(
            "domains must have {} entries for n = {n}, got {}",
            tables.num_edges(),
            domains.len()
        )));
    }
    if let Some(e) = domains.iter().position(|d| !(OFF..=BOTH).contains(d)) {
        return Err(Error::InvalidArgument(format!("domain of edge {e} is empty or malformed")));
    }
    let mut engine = Engine::new(&tables, clues);
    let valid = engine.load(domains) && engine.run();
    Ok((engine.settled(), valid))
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
    fn a_cycle_is_legal_only_as_the_only_path() {
        // A unit square in the top-left corner of a 3 x 3 board, and one
        // lone on-edge on the far side, loaded before or after the square's
        // edges in edge order: either way the closure meets another path.
        let g = Grid::new(3, 3).unwrap();
        let square = g.cell_edges[0];
        for lone in [g.h(3, 2), g.v(2, 3)] {
            let mut dom = vec![BOTH; g.num_edges()];
            for e in square {
                dom[e as usize] = ON;
            }
            dom[lone] = ON;
            assert!(!propagate(3, &[-1; 9], &dom).unwrap().1);
        }
        // The square alone is the loop: every other edge goes off.
        let mut dom = vec![BOTH; g.num_edges()];
        for e in square {
            dom[e as usize] = ON;
        }
        let (out, valid) = propagate(3, &[-1; 9], &dom).unwrap();
        assert!(valid);
        for (e, &d) in out.iter().enumerate() {
            assert_eq!(d, if square.contains(&(e as u32)) { ON } else { OFF });
        }
        // The same square as the only loop the clues allow, found by the
        // search (cell 0 blank, its two neighbours 1, the rest 0).
        let clues = [-1, 1, 0, 1, 0, 0, 0, 0, 0];
        let r = crate::loop_v1::solve(3, &clues, 100).unwrap();
        assert_eq!(r.solutions.len(), 1);
        assert!(square.iter().all(|&e| r.solutions[0][e as usize] == 1));
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
