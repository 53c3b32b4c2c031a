//! The propagator: edge values, a state mask per lattice point, inside/outside
//! colour classes and loop paths, all undone through trails so that search
//! and probing never copy state.
//!
//! Constraints and what they see:
//! - a point keeps the set of its local states still possible (no line, or
//!   one of the six ways to pass through it); an edge value filters it, and
//!   an edge common to all states (or to none) is decided;
//! - a clue cell enumerates the 16 values of its sides against its clue and,
//!   with `pairs`, against the pair of sides each corner point still allows;
//!   the pairs it realises narrow the corner points back (the "at most one /
//!   at least one / exactly one" bits, which carry along diagonals of 2s);
//! - with `colour`, an edge is on exactly when its two cells differ (the
//!   outside is one more cell); classes with parity relate cells, filter point
//!   states and cell values, and decide edges inside one class;
//! - with `loops`, on-edges form paths; an edge joining the two ends of one
//!   path is allowed only when the loop it closes completes the puzzle.
//!
//! Every rule only removes values that no solution takes, so the fixpoint is
//! sound whatever order the queue runs in.

use super::board::Board;
use super::colour::{Colours, Union};
use super::tables::{VALID, WITH};
use super::trace::{self, Place, Trace};
use crate::grid::NONE;

pub const OFF: u8 = 0;
pub const ON: u8 = 1;
pub const UNK: u8 = 2;

/// Which families of rules run; cell counting, point states and the
/// "not both" corner hint (a corner point with a line elsewhere) always do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rules {
    /// Cells read the pair of sides each corner point allows.
    pub pairs_read: bool,
    /// Cells narrow their corner points by "not both" / "not neither".
    pub pairs_write: bool,
    /// Cells narrow their corner points to exactly the pairs they realise
    /// (also "same" and "different").
    pub pairs_exact: bool,
    /// Classes of sides known equal or opposite, with parity rules at cells
    /// and points (Loopy's hard).
    pub line_classes: bool,
    /// With `line_classes`, at a clue: two open sides known equal are both
    /// crosses when one more line fills the clue (both lines when one more
    /// cross does). Off only in [`Rules::loopy_hard`], where the clue's line
    /// rules (this one and its parity rules) then wait while such a pair
    /// exists.
    pub pair_fill: bool,
    /// The adjacent 3-3 pattern.
    pub pattern33: bool,
    /// Inside/outside colour classes with parity.
    pub colour: bool,
    /// No loop before the last one.
    pub loops: bool,
}

impl Rules {
    /// `Level::Hard` as Loopy's own grader applies it, for generating hard
    /// puzzles that Loopy rates Hard: `pair_fill` off. Loopy has that
    /// deduction (`face_setall_identical` in `loopy.c`) and runs it before
    /// its parity rules at a clue, but it reports no progress, so Loopy's
    /// solver does not run its easy rules again on the lines it sets, and a
    /// puzzle that needs them can stall there ("harder than Hard"). So here
    /// a clue where a pair known equal could fill it gives nothing by its
    /// line rules (neither the fill nor the parity rules that would find the
    /// same lines); other rules may still decide those sides. Measured, not
    /// proven, to stay within what Loopy's grader solves (docs/levels.md).
    pub fn loopy_hard() -> Rules {
        Rules { pair_fill: false, ..super::Level::Hard.rules() }
    }

    /// The rules the search propagates with at every node: every family but
    /// `line_classes` (which only the levels from `Level::Hard` up use, when
    /// they deduce and grade). Not all the rules, so not called `ALL`;
    /// turning `line_classes` on here would change the search's node counts.
    pub const SEARCH: Rules = Rules {
        pairs_read: true,
        pairs_write: true,
        pairs_exact: true,
        line_classes: false,
        pair_fill: true,
        pattern33: true,
        colour: true,
        loops: true,
    };
}

#[derive(Clone)]
enum Undo {
    Edge(u32),
    /// A clue added to a blank cell.
    Clue(u32),
    Flags(u32, u8),
    Mask(u32, u16),
    PathEnd {
        point: u32,
        end: u32,
        len: u32,
    },
}

/// A position of the trails to come back to.
#[derive(Debug, Clone, Copy)]
pub struct Mark {
    trail: usize,
    colours: usize,
    lines: usize,
}

#[derive(Clone)]
pub struct Engine<'a, const T: bool = false> {
    pub board: &'a Board,
    pub rules: Rules,
    /// The clues in force: the board's, plus any added by [`Engine::add_clue`].
    pub clues: Vec<i8>,
    /// `OFF`, `ON` or `UNK` per edge.
    pub dom: Vec<u8>,
    /// Possible local states per point (bit s = slot subset s).
    pub mask: Vec<u16>,
    /// Below hard, the corner pair facts a point holds (Loopy's "dlines"):
    /// bit k = not both, bit 4 + k = not neither, on the pair of slots
    /// `CORNER_SLOTS[k]` (the pair of the cell that has the point as its corner k).
    pub flags: Vec<u8>,
    pub(super) colours: Colours,
    /// With `line_classes`: sides known equal or opposite (parity classes of
    /// edges; the extra element `num_edges` is a constant cross, so a
    /// decided side is related to it).
    pub(super) lines: Colours,
    moved_lines: Vec<u32>,
    path_end: Vec<u32>,
    path_len: Vec<u32>,
    cell_on: Vec<u8>,
    pub on_count: usize,
    /// Clue cells whose on-count differs from the clue.
    unsat: usize,
    pub undecided: usize,
    trail: Vec<Undo>,
    point_queue: Vec<u32>,
    cell_queue: Vec<u32>,
    point_queued: Vec<bool>,
    cell_queued: Vec<bool>,
    /// Members of merged colour classes still to visit (a stack of ranges).
    moved: Vec<u32>,
    /// What each rule application read and decided, for explanations;
    /// `None` (the solver, grader and generator) costs one test where a
    /// rule decides something.
    pub(super) trace: Option<Box<Trace>>,
}

impl<'a> Engine<'a> {
    /// Every edge undecided and every constraint queued; call [`Engine::run`]
    /// next. Returns `None` when a static pattern already contradicts.
    pub fn new(board: &'a Board, rules: Rules) -> Option<Self> {
        Self::new_traced(board, rules, None, &[])
    }
}

impl<'a, const T: bool> Engine<'a, T> {
    /// Whether this engine records a trace: `T` (a constant, so that the
    /// untraced engine compiles every tracing branch away) and a trace present.
    #[inline(always)]
    pub(super) fn tracing(&self) -> bool {
        T && self.trace.is_some()
    }

    /// [`Engine::new`] with a trace, and the edges of `given` (0 off, 1 on,
    /// 2 open, per edge; empty for none) decided first. `None` when they
    /// or a static pattern contradict.
    pub fn new_traced(board: &'a Board, rules: Rules, trace: Option<Box<Trace>>, given: &[u8]) -> Option<Self> {
        let g = &board.grid;
        let points = g.num_points();
        let cells = g.num_cells();
        let mask = board
            .point_slots
            .iter()
            .map(|slots| {
                let mut m = VALID;
                for (k, &e) in slots.iter().enumerate() {
                    if e == NONE {
                        m &= !WITH[k];
                    }
                }
                m
            })
            .collect();
        let unsat = board.clues.iter().filter(|&&c| c > 0).count();
        let mut eng = Engine {
            board,
            rules,
            clues: board.clues.clone(),
            flags: vec![0; points],
            dom: vec![UNK; g.num_edges()],
            mask,
            colours: Colours::new(cells + 1, board.out),
            lines: if rules.line_classes {
                Colours::new(g.num_edges() + 1, g.num_edges() as u32)
            } else {
                Colours::new(1, 0)
            },
            moved_lines: Vec::new(),
            path_end: (0..points as u32).collect(),
            path_len: vec![0; points],
            cell_on: vec![0; cells],
            on_count: 0,
            unsat,
            undecided: g.num_edges(),
            trail: Vec::new(),
            point_queue: (0..points as u32).rev().collect(),
            cell_queue: (0..cells as u32).rev().filter(|&c| board.clues[c as usize] >= 0).collect(),
            point_queued: vec![true; points],
            cell_queued: (0..cells).map(|c| board.clues[c] >= 0).collect(),
            moved: Vec::new(),
            trace,
        };
        for (e, &v) in given.iter().enumerate() {
            if v != UNK && !eng.assign(e as u32, v) {
                return None;
            }
        }
        if rules.pattern33 {
            for e in super::patterns::forced_on(board) {
                let depth = eng.trace_depth();
                if let Some(mut t) = eng.trace.take().filter(|_| T) {
                    t.push(trace::THREE_THREE, Place::Edge(e), trace::three_three_premise(board, e));
                    eng.trace = Some(t);
                }
                let ok = eng.assign(e, ON);
                eng.trace_truncate(depth);
                if !ok {
                    return None;
                }
            }
        }
        Some(eng)
    }

    #[inline]
    pub fn mark(&self) -> Mark {
        Mark { trail: self.trail.len(), colours: self.colours.mark(), lines: self.lines.mark() }
    }

    pub fn undo_to(&mut self, mark: Mark) {
        while self.trail.len() > mark.trail {
            match self.trail.pop().unwrap() {
                Undo::Edge(e) => {
                    if self.dom[e as usize] == ON {
                        self.on_count -= 1;
                        for c in self.board.edge_cells[e as usize] {
                            if c != self.board.out {
                                self.count_cell(c, false);
                            }
                        }
                    }
                    self.dom[e as usize] = UNK;
                    self.undecided += 1;
                }
                Undo::Mask(p, m) => self.mask[p as usize] = m,
                Undo::Flags(p, f) => self.flags[p as usize] = f,
                Undo::Clue(c) => {
                    if self.cell_on[c as usize] as i8 != self.clues[c as usize] {
                        self.unsat -= 1;
                    }
                    self.clues[c as usize] = -1;
                }
                Undo::PathEnd { point, end, len } => {
                    self.path_end[point as usize] = end;
                    self.path_len[point as usize] = len;
                }
            }
        }
        self.colours.undo_to(mark.colours);
        self.lines.undo_to(mark.lines);
        self.moved_lines.clear();
        for &p in &self.point_queue {
            self.point_queued[p as usize] = false;
        }
        for &c in &self.cell_queue {
            self.cell_queued[c as usize] = false;
        }
        self.point_queue.clear();
        self.cell_queue.clear();
        self.moved.clear();
    }

    /// Gives blank cell `c` the clue `value` (0..=4), undoably, and queues
    /// it; call [`Engine::run`] next. Every deduction made before stays
    /// sound (more clues only remove solutions), so propagation continues
    /// from the current state. Rules that read the clues only when an edge
    /// is decided (closing a loop) are not re-run, and the 3-3 pattern looks
    /// only at the clues in force, so the state reached may be weaker than a
    /// fresh fixpoint with the same clues, never wrong. False on contradiction.
    pub fn add_clue(&mut self, c: u32, value: i8) -> bool {
        debug_assert!(self.clues[c as usize] < 0 && (0..=4).contains(&value));
        self.trail.push(Undo::Clue(c));
        self.clues[c as usize] = value;
        if self.cell_on[c as usize] as i8 != value {
            self.unsat += 1;
        }
        self.enqueue_cell(c);
        if self.rules.pattern33 && value == 3 {
            for e in super::patterns::forced_on_at(self.board, &self.clues, c as usize, false) {
                if !self.assign(e, ON) {
                    return false;
                }
            }
        }
        true
    }

    /// Adds or removes one line of clue cell `c` in the counts.
    #[inline]
    fn count_cell(&mut self, c: u32, add: bool) {
        let clue = self.clues[c as usize];
        let before = self.cell_on[c as usize] as i8 == clue;
        if add {
            self.cell_on[c as usize] += 1;
        } else {
            self.cell_on[c as usize] -= 1;
        }
        let after = self.cell_on[c as usize] as i8 == clue;
        if clue >= 0 && before != after {
            if after {
                self.unsat -= 1;
            } else {
                self.unsat += 1;
            }
        }
    }

    #[inline]
    fn enqueue_point(&mut self, p: u32) {
        if !self.point_queued[p as usize] {
            self.point_queued[p as usize] = true;
            self.point_queue.push(p);
        }
    }

    #[inline]
    fn enqueue_cell(&mut self, c: u32) {
        if c != self.board.out && self.clues[c as usize] >= 0 && !self.cell_queued[c as usize] {
            self.cell_queued[c as usize] = true;
            self.cell_queue.push(c);
        }
    }

    /// Narrows point `p` to the states `m` (a non-empty subset of its own).
    pub(super) fn set_mask(&mut self, p: u32, m: u16) {
        if self.tracing() && self.mask[p as usize] != m {
            self.trace_point_fact(p);
        }
        self.set_mask_by_edge(p, m);
    }

    /// [`Engine::set_mask`] for a narrowing that follows from an edge at `p`
    /// (which every reader of `p` reads itself: no derived fact to trace).
    fn set_mask_by_edge(&mut self, p: u32, m: u16) {
        let old = self.mask[p as usize];
        if old == m {
            return;
        }
        self.trail.push(Undo::Mask(p, old));
        self.mask[p as usize] = m;
        self.enqueue_point(p);
        // Cells read their corners (without pairs, only the corner hint,
        // which changes when a line reaches the point: see `assign`).
        if self.rules.pairs_read {
            for c in self.board.point_cells[p as usize] {
                self.enqueue_cell(c);
            }
        }
    }

    /// Adds corner pair facts `f` to point `p` (below hard).
    pub(super) fn add_flags(&mut self, p: u32, f: u8) {
        let old = self.flags[p as usize];
        if old | f == old {
            return;
        }
        if self.tracing() {
            self.trace_point_fact(p);
        }
        self.trail.push(Undo::Flags(p, old));
        self.flags[p as usize] = old | f;
        self.enqueue_point(p);
        for c in self.board.point_cells[p as usize] {
            self.enqueue_cell(c);
        }
    }

    /// Decides edge `e`. False on contradiction.
    pub fn assign(&mut self, e: u32, value: u8) -> bool {
        let d = self.dom[e as usize];
        if d == value {
            return true;
        }
        if d != UNK {
            if self.tracing() {
                self.trace_contradiction(Some(e), trace::DOT);
            }
            return false;
        }
        if self.tracing() {
            self.trace_decide(e, value);
        }
        let b = self.board;
        self.dom[e as usize] = value;
        self.trail.push(Undo::Edge(e));
        self.undecided -= 1;
        let [c0, c1] = b.edge_cells[e as usize];
        if value == ON {
            // Counted with the trail entry, so that undo always matches.
            self.on_count += 1;
            for c in [c0, c1] {
                if c != b.out {
                    self.count_cell(c, true);
                }
            }
        }
        let pts = b.grid.edge_points[e as usize];
        for (i, &p) in pts.iter().enumerate() {
            let k = b.edge_slots[e as usize][i] as usize;
            let m = self.mask[p as usize];
            let nm = if value == ON { m & WITH[k] } else { m & !WITH[k] };
            if nm == 0 {
                if self.tracing() {
                    self.trace_contradiction(Some(e), trace::DOT);
                }
                return false;
            }
            self.set_mask_by_edge(p, nm);
        }
        self.enqueue_cell(c0);
        self.enqueue_cell(c1);
        if value == ON && !self.rules.pairs_read {
            for p in pts {
                for c in b.point_cells[p as usize] {
                    self.enqueue_cell(c);
                }
            }
        }
        if self.tracing() {
            return self.assigned_traced(e, value);
        }
        if self.rules.colour && !self.relate(c0, c1, value) {
            return false;
        }
        if self.rules.line_classes && !self.link_lines(e, self.dom.len() as u32, value) {
            return false;
        }
        if value == ON && self.rules.loops {
            return self.link(e);
        }
        true
    }

    /// The end of [`Engine::assign`] while tracing: the classes learn from
    /// the edge alone.
    #[cold]
    #[inline(never)]
    fn assigned_traced(&mut self, e: u32, value: u8) -> bool {
        let [c0, c1] = self.board.edge_cells[e as usize];
        let depth = self.trace_depth();
        if let Some(t) = self.trace.as_mut() {
            t.push(trace::GIVEN, Place::Edge(e), vec![e]);
        }
        let ok = (!self.rules.colour || self.relate(c0, c1, value))
            && (!self.rules.line_classes || self.link_lines(e, self.dom.len() as u32, value));
        self.trace_truncate(depth);
        ok && (value != ON || !self.rules.loops || self.link(e))
    }

    /// Records that sides `a` and `b` differ by `rel` (1 = opposite; the
    /// constant cross `num_edges` stands for a decided value); on a merge,
    /// decides the sides now related to the constant and requeues the rules
    /// around the sides that changed class.
    pub(super) fn link_lines(&mut self, a: u32, b: u32, rel: u8) -> bool {
        let start = self.moved_lines.len();
        let premise = if self.tracing() { self.trace_merge_premise(a, b, false) } else { Vec::new() };
        match self.lines.union(a, b, rel, &mut self.moved_lines) {
            Union::Known => return true,
            Union::Conflict => {
                if self.tracing() {
                    self.trace_contradiction(None, trace::PARITY);
                }
                return false;
            }
            Union::Merged => {}
        }
        let depth = self.trace_depth();
        if self.tracing() {
            self.trace_merged(a, premise, false);
        }
        let ok = self.lines_merged(start);
        self.trace_truncate(depth);
        ok
    }

    fn lines_merged(&mut self, start: usize) -> bool {
        let end = self.moved_lines.len();
        let konst = self.dom.len() as u32;
        let board = self.board;
        for i in start..end {
            let m = self.moved_lines[i];
            if m == konst {
                continue;
            }
            if self.dom[m as usize] == UNK {
                if let Some(v) = self.lines.relation(m, konst) {
                    if !self.assign(m, v) {
                        return false;
                    }
                }
            }
            for p in board.grid.edge_points[m as usize] {
                self.enqueue_point(p);
            }
            for c in board.edge_cells[m as usize] {
                self.enqueue_cell(c);
            }
        }
        self.moved_lines.truncate(start);
        true
    }

    /// Records that cells `a` and `b` differ by `rel` (1 = opposite colours);
    /// on a merge, decides the edges that now lie inside one class and
    /// requeues the constraints around the cells that changed class.
    pub(super) fn relate(&mut self, a: u32, b: u32, rel: u8) -> bool {
        let start = self.moved.len();
        let premise = if self.tracing() { self.trace_merge_premise(a, b, true) } else { Vec::new() };
        match self.colours.union(a, b, rel, &mut self.moved) {
            Union::Known => return true,
            Union::Conflict => {
                if self.tracing() {
                    self.trace_contradiction(None, trace::INSIDE_OUTSIDE);
                }
                return false;
            }
            Union::Merged => {}
        }
        let depth = self.trace_depth();
        if self.tracing() {
            self.trace_merged(a, premise, true);
        }
        let ok = self.colours_merged(start);
        self.trace_truncate(depth);
        ok
    }

    fn colours_merged(&mut self, start: usize) -> bool {
        let end = self.moved.len();
        let board = self.board;
        for i in start..end {
            let m = self.moved[i];
            let edges = board.grid.cell_edges[m as usize];
            for (side, &e) in edges.iter().enumerate() {
                if self.dom[e as usize] != UNK {
                    continue;
                }
                if let Some(v) = self.colours.relation(m, board.cell_nbrs[m as usize][side]) {
                    if !self.assign(e, v) {
                        return false;
                    }
                }
            }
            self.enqueue_cell(m);
            for n in board.cell_nbrs[m as usize] {
                self.enqueue_cell(n);
            }
            for p in board.cell_corners[m as usize] {
                self.enqueue_point(p);
            }
        }
        self.moved.truncate(start);
        true
    }

    /// Adds on-edge `e` to the paths. A path closing into a loop must hold
    /// every line and satisfy every clue, and then everything else is off;
    /// an undecided edge between the two ends of the new path is turned off
    /// unless closing with it would complete the puzzle.
    fn link(&mut self, e: u32) -> bool {
        let [a, b] = self.board.grid.edge_points[e as usize];
        let (ea, eb) = (self.path_end[a as usize], self.path_end[b as usize]);
        if ea == b {
            if self.path_len[a as usize] as usize + 1 != self.on_count || self.unsat != 0 {
                if self.tracing() {
                    let mut premise = self.path_edges(a);
                    let len = premise.len();
                    self.loop_witness(&mut premise, NONE, len);
                    if let Some(t) = self.trace.as_mut() {
                        t.push(trace::PREMATURE_LOOP, Place::Edge(e), premise);
                    }
                    self.trace_contradiction(None, trace::PREMATURE_LOOP);
                }
                return false;
            }
            if self.tracing() {
                let premise = self.path_edges(a);
                if let Some(t) = self.trace.as_mut() {
                    t.push(trace::LOOP_CLOSED, Place::Edge(e), premise);
                }
            }
            for x in 0..self.dom.len() as u32 {
                if self.dom[x as usize] == UNK && !self.assign(x, OFF) {
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
        let board = self.board;
        for x in board.point_slots[ea as usize] {
            if x == NONE || self.dom[x as usize] != UNK {
                continue;
            }
            let [p, q] = board.grid.edge_points[x as usize];
            let joins_ends = (p == ea && q == eb) || (p == eb && q == ea);
            if joins_ends && !(len as usize == self.on_count && self.unsat_after(x) == 0) {
                let depth = self.trace_depth();
                if self.tracing() {
                    let premise = self.premature_premise(ea, x, len as usize);
                    if let Some(t) = self.trace.as_mut() {
                        t.push(trace::PREMATURE_LOOP, Place::Edge(x), premise);
                    }
                }
                let ok = self.assign(x, OFF);
                self.trace_truncate(depth);
                if !ok {
                    return false;
                }
            }
        }
        true
    }

    /// Why closing the path from `end` with edge `x` is premature: the path,
    /// and a line off it or a number the closed loop would leave wrong.
    #[cold]
    #[inline(never)]
    fn premature_premise(&self, end: u32, x: u32, len: usize) -> Vec<u32> {
        let mut premise = self.path_edges(end);
        self.loop_witness(&mut premise, x, len);
        premise
    }

    /// Adds to the edges of a loop (closed by `x` unless `NONE`) of `len`
    /// lines why it cannot be the solution: a line off it, or a number it
    /// leaves wrong.
    fn loop_witness(&self, premise: &mut Vec<u32>, x: u32, len: usize) {
        if len != self.on_count {
            if let Some(f) = (0..self.dom.len() as u32).find(|f| self.dom[*f as usize] == ON && !premise.contains(f)) {
                premise.push(f);
            }
        } else {
            let b = self.board;
            let wrong = (0..self.clues.len() as u32).find(|&c| {
                let clue = self.clues[c as usize];
                clue >= 0 && {
                    let extra = (x != NONE && b.edge_cells[x as usize].contains(&c)) as i8;
                    self.cell_on[c as usize] as i8 + extra != clue
                }
            });
            if let Some(c) = wrong {
                premise.push(self.dom.len() as u32 + c);
            }
        }
        premise.sort_unstable();
    }

    /// `unsat` if edge `x` were turned on.
    fn unsat_after(&self, x: u32) -> usize {
        let mut u = self.unsat as isize;
        for c in self.board.edge_cells[x as usize] {
            if c == self.board.out {
                continue;
            }
            let clue = self.clues[c as usize];
            if clue < 0 {
                continue;
            }
            let on = self.cell_on[c as usize] as i8;
            u += (on + 1 != clue) as isize - (on != clue) as isize;
        }
        u as usize
    }

    /// Runs the queued constraints to their fixpoint. False on contradiction.
    pub fn run(&mut self) -> bool {
        if self.tracing() {
            return self.run_traced();
        }
        loop {
            if let Some(p) = self.point_queue.pop() {
                self.point_queued[p as usize] = false;
                if !self.point_rule(p) {
                    return false;
                }
            } else if let Some(c) = self.cell_queue.pop() {
                self.cell_queued[c as usize] = false;
                if !self.cell_rule(c) {
                    return false;
                }
            } else {
                return true;
            }
        }
    }

    /// [`Engine::run`] while tracing: each rule application in its context;
    /// with `stop_first`, returns once a step is recorded.
    #[cold]
    #[inline(never)]
    fn run_traced(&mut self) -> bool {
        loop {
            if self.trace.as_ref().is_some_and(|t| t.stop_first && !t.steps.is_empty()) {
                return true;
            }
            let depth = self.trace_depth();
            let ok = if let Some(p) = self.point_queue.pop() {
                self.point_queued[p as usize] = false;
                if let Some(t) = self.trace.as_mut() {
                    t.push_lazy(t.point_rule, Place::Point(p));
                }
                self.point_rule(p)
            } else if let Some(c) = self.cell_queue.pop() {
                self.cell_queued[c as usize] = false;
                if let Some(t) = self.trace.as_mut() {
                    t.push_lazy(t.cell_rule, Place::Cell(c));
                }
                self.cell_rule(c)
            } else {
                return true;
            };
            if !ok {
                self.trace_contradiction(None, trace::DOT);
            }
            self.trace_truncate(depth);
            if !ok {
                return false;
            }
        }
    }

    /// Enters a context for a sub-rule at `place` (tracing only); returns
    /// the depth to come back to.
    #[inline]
    pub(super) fn trace_enter(&mut self, rule: u8, place: Place) -> usize {
        if !T {
            return 0;
        }
        match self.trace.as_mut() {
            None => 0,
            Some(t) => {
                let d = t.depth();
                t.push_lazy(rule, place);
                d
            }
        }
    }

    /// Length of the path ending at point `p` (meaningful at path ends).
    #[inline]
    pub fn path_length(&self, p: u32) -> u32 {
        self.path_len[p as usize]
    }

    /// Edges decided since `mark`, with their values.
    pub fn decided_since(&self, mark: Mark) -> impl Iterator<Item = (u32, u8)> + '_ {
        self.trail[mark.trail..].iter().filter_map(|u| match u {
            Undo::Edge(e) => Some((*e, self.dom[*e as usize])),
            _ => None,
        })
    }

    /// Colour of a cell relative to the outside (0 = outside, 1 = inside) when known.
    #[cfg(test)]
    #[inline]
    pub fn colour_of(&self, c: u32) -> Option<u8> {
        self.colours.relation(c, self.board.out)
    }

    /// Edge values as 0 (off), 1 (on) or 2 (undecided).
    pub fn values(&self) -> Vec<u8> {
        self.dom.clone()
    }
}
