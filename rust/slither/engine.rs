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

use super::board::{Board, CORNER_EDGES, CORNER_SLOTS};
use super::colour::{Colours, Union};
use crate::grid::NONE;

pub const OFF: u8 = 0;
pub const ON: u8 = 1;
pub const UNK: u8 = 2;

/// Which families of rules run; cell counting and point states always do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rules {
    /// Corner pair bits between cells and points, and the adjacent 3-3 pattern.
    pub pairs: bool,
    /// Inside/outside colour classes with parity.
    pub colour: bool,
    /// No loop before the last one.
    pub loops: bool,
}

impl Rules {
    pub const ALL: Rules = Rules { pairs: true, colour: true, loops: true };
}

/// Local point states: subsets of the slots `[L, R, U, D]` with 0 or 2 lines.
const fn valid_states() -> u16 {
    let mut m = 0u16;
    let mut s = 0;
    while s < 16 {
        let n = (s as u32).count_ones();
        if n == 0 || n == 2 {
            m |= 1 << s;
        }
        s += 1;
    }
    m
}
const VALID: u16 = valid_states();

/// States in which slot `k` carries a line.
const fn with_slot() -> [u16; 4] {
    let mut t = [0u16; 4];
    let mut k = 0;
    while k < 4 {
        let mut s = 0;
        while s < 16 {
            if (s >> k) & 1 == 1 {
                t[k] |= 1 << s;
            }
            s += 1;
        }
        k += 1;
    }
    t
}
const WITH: [u16; 4] = with_slot();

/// Pairs of the cells `[NW, NE, SW, SE]` around a point and, for each, the
/// slots whose xor is their colour difference: the edge between adjacent
/// cells, or two edges for the diagonals.
const CELL_PAIRS: [(usize, usize, u8); 6] = [
    (0, 1, 1 << 2),            // NW | NE across U
    (2, 3, 1 << 3),            // SW | SE across D
    (0, 2, 1 << 0),            // NW | SW across L
    (1, 3, 1 << 1),            // NE | SE across R
    (0, 3, (1 << 2) | (1 << 1)), // NW / SE: U xor R
    (1, 2, (1 << 2) | (1 << 0)), // NE / SW: U xor L
];

/// `DIFF[pair][v]`: point states in which that pair of cells differs by `v`.
const fn diff_table() -> [[u16; 2]; 6] {
    let mut t = [[0u16; 2]; 6];
    let mut i = 0;
    while i < 6 {
        let mut s = 0;
        while s < 16 {
            let v = ((s as u8) & CELL_PAIRS[i].2).count_ones() as usize & 1;
            t[i][v] |= 1 << s;
            s += 1;
        }
        i += 1;
    }
    t
}
const DIFF: [[u16; 2]; 6] = diff_table();

/// `PAIR_KEEP[corner][set]`: point states whose values on that corner's two
/// slots (bit 0 = first, bit 1 = second) form a combination in `set`.
const fn pair_keep() -> [[u16; 16]; 4] {
    let mut t = [[0u16; 16]; 4];
    let mut k = 0;
    while k < 4 {
        let mut set = 0;
        while set < 16 {
            let mut s = 0;
            while s < 16 {
                let combo = ((s >> CORNER_SLOTS[k][0]) & 1) | (((s >> CORNER_SLOTS[k][1]) & 1) << 1);
                if (set >> combo) & 1 == 1 {
                    t[k][set] |= 1 << s;
                }
                s += 1;
            }
            set += 1;
        }
        k += 1;
    }
    t
}
const PAIR_KEEP: [[u16; 16]; 4] = pair_keep();

/// Values of a cell's four sides with exactly `n` lines, for each clue.
const fn by_count() -> [[u8; 6]; 5] {
    let mut t = [[0u8; 6]; 5];
    let mut len = [0usize; 5];
    let mut a = 0;
    while a < 16 {
        let n = (a as u32).count_ones() as usize;
        t[n][len[n]] = a as u8;
        len[n] += 1;
        a += 1;
    }
    t
}
const BY_COUNT: [[u8; 6]; 5] = by_count();
const COUNT_LEN: [usize; 5] = [1, 4, 6, 4, 1];

enum Undo {
    Edge(u32),
    Mask(u32, u16),
    PathEnd { point: u32, end: u32, len: u32 },
}

/// A position of the trails to come back to.
#[derive(Debug, Clone, Copy)]
pub struct Mark {
    trail: usize,
    colours: usize,
}

pub struct Engine<'a> {
    pub board: &'a Board,
    pub rules: Rules,
    /// `OFF`, `ON` or `UNK` per edge.
    pub dom: Vec<u8>,
    /// Possible local states per point (bit s = slot subset s).
    pub mask: Vec<u16>,
    colours: Colours,
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
}

impl<'a> Engine<'a> {
    /// Every edge undecided and every constraint queued; call [`Engine::run`]
    /// next. Returns `None` when a static pattern already contradicts.
    pub fn new(board: &'a Board, rules: Rules) -> Option<Self> {
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
            dom: vec![UNK; g.num_edges()],
            mask,
            colours: Colours::new(cells + 1, board.out),
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
        };
        if rules.pairs {
            for e in super::patterns::forced_on(board) {
                if !eng.assign(e, ON) {
                    return None;
                }
            }
        }
        Some(eng)
    }

    #[inline]
    pub fn mark(&self) -> Mark {
        Mark { trail: self.trail.len(), colours: self.colours.mark() }
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
                Undo::PathEnd { point, end, len } => {
                    self.path_end[point as usize] = end;
                    self.path_len[point as usize] = len;
                }
            }
        }
        self.colours.undo_to(mark.colours);
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

    /// Adds or removes one line of clue cell `c` in the counts.
    #[inline]
    fn count_cell(&mut self, c: u32, add: bool) {
        let clue = self.board.clues[c as usize];
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
        if c != self.board.out && self.board.clues[c as usize] >= 0 && !self.cell_queued[c as usize] {
            self.cell_queued[c as usize] = true;
            self.cell_queue.push(c);
        }
    }

    /// Narrows point `p` to the states `m` (a non-empty subset of its own).
    fn set_mask(&mut self, p: u32, m: u16) {
        let old = self.mask[p as usize];
        if old == m {
            return;
        }
        self.trail.push(Undo::Mask(p, old));
        self.mask[p as usize] = m;
        self.enqueue_point(p);
        if self.rules.pairs {
            for c in self.board.point_cells[p as usize] {
                self.enqueue_cell(c);
            }
        }
    }

    /// Decides edge `e`. False on contradiction.
    pub fn assign(&mut self, e: u32, value: u8) -> bool {
        let d = self.dom[e as usize];
        if d == value {
            return true;
        }
        if d != UNK {
            return false;
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
        for i in 0..2 {
            let p = pts[i];
            let k = b.edge_slots[e as usize][i] as usize;
            let m = self.mask[p as usize];
            let nm = if value == ON { m & WITH[k] } else { m & !WITH[k] };
            if nm == 0 {
                return false;
            }
            self.set_mask(p, nm);
        }
        self.enqueue_cell(c0);
        self.enqueue_cell(c1);
        if self.rules.colour && !self.relate(c0, c1, value) {
            return false;
        }
        if value == ON && self.rules.loops {
            return self.link(e);
        }
        true
    }

    /// Records that cells `a` and `b` differ by `rel` (1 = opposite colours);
    /// on a merge, decides the edges that now lie inside one class and
    /// requeues the constraints around the cells that changed class.
    fn relate(&mut self, a: u32, b: u32, rel: u8) -> bool {
        let start = self.moved.len();
        match self.colours.union(a, b, rel, &mut self.moved) {
            Union::Known => return true,
            Union::Conflict => return false,
            Union::Merged => {}
        }
        let end = self.moved.len();
        let board = self.board;
        for i in start..end {
            let m = self.moved[i];
            let edges = board.grid.cell_edges[m as usize];
            for side in 0..4 {
                let e = edges[side];
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
                return false;
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
            if joins_ends && !(len as usize == self.on_count && self.unsat_after(x) == 0) && !self.assign(x, OFF) {
                return false;
            }
        }
        true
    }

    /// `unsat` if edge `x` were turned on.
    fn unsat_after(&self, x: u32) -> usize {
        let mut u = self.unsat as isize;
        for c in self.board.edge_cells[x as usize] {
            if c == self.board.out {
                continue;
            }
            let clue = self.board.clues[c as usize];
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

    fn point_rule(&mut self, p: u32) -> bool {
        let board = self.board;
        let mut m = self.mask[p as usize];
        let cells = board.point_cells[p as usize];
        let mut rel: [Option<u8>; 6] = [None; 6];
        if self.rules.colour {
            let f = cells.map(|c| self.colours.find(c));
            for (i, &(x, y, _)) in CELL_PAIRS.iter().enumerate() {
                if f[x].0 == f[y].0 {
                    let v = f[x].1 ^ f[y].1;
                    rel[i] = Some(v);
                    m &= DIFF[i][v as usize];
                }
            }
            if m == 0 {
                return false;
            }
            self.set_mask(p, m);
        }
        let (mut all, mut any) = (0xFu16, 0u16);
        let mut mm = m;
        while mm != 0 {
            let s = mm.trailing_zeros() as u16;
            all &= s;
            any |= s;
            mm &= mm - 1;
        }
        let slots = board.point_slots[p as usize];
        for k in 0..4 {
            let x = slots[k];
            if x == NONE || self.dom[x as usize] != UNK {
                continue;
            }
            let v = if (all >> k) & 1 == 1 {
                ON
            } else if (any >> k) & 1 == 0 {
                OFF
            } else {
                continue;
            };
            if !self.assign(x, v) {
                return false;
            }
        }
        if self.rules.colour {
            for i in 4..6 {
                if rel[i].is_some() {
                    continue;
                }
                let (x, y, _) = CELL_PAIRS[i];
                if m & DIFF[i][0] == 0 {
                    if !self.relate(cells[x], cells[y], 1) {
                        return false;
                    }
                } else if m & DIFF[i][1] == 0 && !self.relate(cells[x], cells[y], 0) {
                    return false;
                }
            }
        }
        true
    }

    fn cell_rule(&mut self, c: u32) -> bool {
        let board = self.board;
        let clue = board.clues[c as usize];
        if clue < 0 {
            return true;
        }
        let edges = board.grid.cell_edges[c as usize];
        let (mut on_m, mut off_m) = (0u8, 0u8);
        for i in 0..4 {
            match self.dom[edges[i] as usize] {
                ON => on_m |= 1 << i,
                OFF => off_m |= 1 << i,
                _ => {}
            }
        }
        if on_m | off_m == 0xF {
            // Corner states and colour classes already agree with decided edges.
            return on_m.count_ones() as i8 == clue;
        }
        // Allowed (first, second) combinations at each corner.
        let mut proj = [0xFu8; 4];
        if self.rules.pairs {
            let corners = board.cell_corners[c as usize];
            for k in 0..4 {
                let mut set = 0u8;
                let mut mm = self.mask[corners[k] as usize];
                let [s0, s1] = CORNER_SLOTS[k];
                while mm != 0 {
                    let s = mm.trailing_zeros() as usize;
                    set |= 1 << (((s >> s0) & 1) | (((s >> s1) & 1) << 1));
                    mm &= mm - 1;
                }
                proj[k] = set;
            }
        }
        // Known parities between neighbours: side pairs (i, j) whose values must xor to v.
        let nbrs = board.cell_nbrs[c as usize];
        let mut pair_rel: [Option<u8>; 6] = [None; 6];
        const SIDE_PAIRS: [(usize, usize); 6] = [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)];
        if self.rules.colour {
            let f = nbrs.map(|n| self.colours.find(n));
            let me = self.colours.find(c);
            for i in 0..4 {
                if f[i].0 == me.0 {
                    if (me.1 ^ f[i].1) == 1 {
                        on_m |= 1 << i;
                    } else {
                        off_m |= 1 << i;
                    }
                }
            }
            for (q, &(i, j)) in SIDE_PAIRS.iter().enumerate() {
                if f[i].0 == f[j].0 {
                    pair_rel[q] = Some(f[i].1 ^ f[j].1);
                }
            }
        }
        if on_m & off_m != 0 {
            return false;
        }
        let (mut any, mut all) = (0u8, 0xFu8);
        let mut seen = [0u8; 4];
        let mut diffs = [0u8; 6];
        let mut found = false;
        'next: for &a in &BY_COUNT[clue as usize][..COUNT_LEN[clue as usize]] {
            if a & off_m != 0 || a & on_m != on_m {
                continue;
            }
            let mut combos = [0u8; 4];
            for k in 0..4 {
                let combo = ((a >> CORNER_EDGES[k][0]) & 1) | (((a >> CORNER_EDGES[k][1]) & 1) << 1);
                if (proj[k] >> combo) & 1 == 0 {
                    continue 'next;
                }
                combos[k] = combo;
            }
            let mut d = [0u8; 6];
            for (q, &(i, j)) in SIDE_PAIRS.iter().enumerate() {
                d[q] = ((a >> i) ^ (a >> j)) & 1;
                if let Some(v) = pair_rel[q] {
                    if v != d[q] {
                        continue 'next;
                    }
                }
            }
            found = true;
            any |= a;
            all &= a;
            for k in 0..4 {
                seen[k] |= 1 << combos[k];
            }
            for q in 0..6 {
                diffs[q] |= 1 << d[q];
            }
        }
        if !found {
            return false;
        }
        for i in 0..4 {
            let e = edges[i];
            if self.dom[e as usize] != UNK {
                continue;
            }
            let v = if (all >> i) & 1 == 1 {
                ON
            } else if (any >> i) & 1 == 0 {
                OFF
            } else {
                continue;
            };
            if !self.assign(e, v) {
                return false;
            }
        }
        if self.rules.pairs {
            let corners = board.cell_corners[c as usize];
            for k in 0..4 {
                let p = corners[k];
                let m = self.mask[p as usize] & PAIR_KEEP[k][seen[k] as usize];
                if m == 0 {
                    return false;
                }
                self.set_mask(p, m);
            }
        }
        if self.rules.colour {
            for (q, &(i, j)) in SIDE_PAIRS.iter().enumerate() {
                if pair_rel[q].is_none() && diffs[q].count_ones() == 1 {
                    let v = (diffs[q] >> 1) & 1;
                    if !self.relate(nbrs[i], nbrs[j], v) {
                        return false;
                    }
                }
            }
        }
        true
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
    #[inline]
    pub fn colour_of(&self, c: u32) -> Option<u8> {
        self.colours.relation(c, self.board.out)
    }

    /// Edge values as 0 (off), 1 (on) or 2 (undecided).
    pub fn values(&self) -> Vec<u8> {
        self.dom.clone()
    }
}
