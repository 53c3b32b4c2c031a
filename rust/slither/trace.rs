//! Tracing for explanations: what each rule application read and decided.
//!
//! An [`Engine`](super::engine::Engine) carries an `Option<Box<Trace>>`; the
//! solver, the grader and the generator leave it `None`, and the engine only
//! looks at it where a rule decides an edge, narrows a point or merges two
//! classes, so their speed does not change.
//!
//! While tracing, every rule application runs inside a *context* (the rule,
//! the place, and the keys it read). The keys it read are the decided edges
//! and the clues around the place, plus the *provenance* of the derived facts
//! it used: corner facts and narrowed states at points, and classes of equal
//! or opposite sides and cells. A derived fact's provenance is the union of
//! the premises of the applications that produced it, so a step's premise
//! always holds everything (visible) it depends on.

use super::board::Board;
use super::engine::{Engine, ON, UNK};
use crate::grid::NONE;

/// Rule ids, indices into [`RULES`].
pub const NUMBER: u8 = 0;
pub const DOT: u8 = 1;
pub const PREMATURE_LOOP: u8 = 2;
pub const LOOP_CLOSED: u8 = 3;
pub const CORNER_PAIR: u8 = 4;
pub const CORNER_FACTS: u8 = 5;
pub const DOT_FACTS: u8 = 6;
pub const PARITY: u8 = 7;
pub const EXACT: u8 = 8;
pub const INSIDE_OUTSIDE: u8 = 9;
pub const THREE_THREE: u8 = 10;
pub const TRIAL: u8 = 11;
pub const MISTAKE: u8 = 12;
pub const SEARCH: u8 = 13;
pub const NO_SOLUTION: u8 = 14;
/// Edges the position already holds: not a step.
pub const GIVEN: u8 = 255;

/// One rule of the catalogue: a stable name, the level it belongs to, and a
/// one-line description.
#[derive(Debug, Clone, Copy)]
pub struct RuleInfo {
    pub name: &'static str,
    pub level: super::Level,
    pub description: &'static str,
}

use super::Level as L;

/// The Slitherlink rules, in the order of the ids above.
pub const RULES: [RuleInfo; 15] = [
    RuleInfo {
        name: "number",
        level: L::Easy,
        description: "a number with all its lines drawn crosses its other sides, one with all its crosses drawn \
                      draws the rest, and a corner whose dot already has a line elsewhere takes at most one side",
    },
    RuleInfo {
        name: "two-lines-or-none",
        level: L::Easy,
        description: "a dot has two lines or none: no dead end, no branch",
    },
    RuleInfo {
        name: "premature-loop",
        level: L::Easy,
        description: "a line that would close a loop while lines or numbers elsewhere are left out is a cross",
    },
    RuleInfo {
        name: "loop-closed",
        level: L::Easy,
        description: "once the loop is closed, every other side is a cross",
    },
    RuleInfo {
        name: "corner-pair",
        level: L::Normal,
        description: "a number reads what each corner dot allows of its two sides there: not both, not neither",
    },
    RuleInfo {
        name: "corner-facts",
        level: L::Tricky,
        description: "a number uses what other numbers wrote at its corner dots (not both, not neither), \
                      facts that travel across corners and along diagonals",
    },
    RuleInfo {
        name: "dot-facts",
        level: L::Tricky,
        description: "a dot combines its corner facts with its lines: a fact and one known side decide the other",
    },
    RuleInfo {
        name: "parity",
        level: L::Hard,
        description: "sides known equal or opposite: the open sides of a number or a dot hold a known number of \
                      lines mod 2",
    },
    RuleInfo {
        name: "exact-corners",
        level: L::Colour,
        description: "complete reasoning at each corner of a number and at each dot (same, different, implies), \
                      with the inside/outside colours around it",
    },
    RuleInfo {
        name: "inside-outside",
        level: L::Colour,
        description: "a side between two cells known to be on the same side of the loop is a cross, between \
                      cells on opposite sides a line",
    },
    RuleInfo {
        name: "three-beside-three",
        level: L::Colour,
        description: "two adjacent 3s: the side between them is a line unless the loop around the two cells \
                      is the whole solution",
    },
    RuleInfo {
        name: "trial",
        level: L::Trial,
        description: "assuming the other value of a side leads to a contradiction",
    },
    RuleInfo {
        name: "mistake",
        level: L::Search,
        description: "a mark that no solution agrees with, together with the other marks",
    },
    RuleInfo {
        name: "search",
        level: L::Search,
        description: "no rule decides anything more: the side is taken from the unique solution",
    },
    RuleInfo {
        name: "no-solution",
        level: L::Search,
        description: "the puzzle itself has no solution: no loop satisfies its numbers, whatever is marked",
    },
];

/// Where a step applies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Place {
    Cell(u32),
    Point(u32),
    Edge(u32),
    /// No single place (a class of cells or sides).
    None,
}

/// One application of one rule at one place. Premise keys: edge index
/// below `num_edges`, else `num_edges + cell` for a clue.
#[derive(Debug, Clone)]
pub struct Step {
    pub rule: u8,
    pub place: Place,
    pub premise: Vec<u32>,
    pub decided: Vec<(u32, u8)>,
    /// This application found a contradiction (the last step of a trial).
    pub contradiction: bool,
    /// For a trial: the steps that refuted the assumption.
    pub because: Vec<Step>,
}

#[derive(Clone)]
struct Ctx {
    rule: u8,
    place: Place,
    premise: Option<Vec<u32>>,
    step: Option<usize>,
}

/// The tracing state of one engine.
#[derive(Clone)]
pub struct Trace {
    ctx: Vec<Ctx>,
    pub steps: Vec<Step>,
    /// Per point: the premise of its derived facts (narrowed states, corner facts).
    prov_point: Vec<Vec<u32>>,
    /// Per colour class root, per line class root: the premise of the class.
    prov_colour: Vec<Vec<u32>>,
    prov_line: Vec<Vec<u32>>,
    /// The rule ids of a cell and of a point application at this engine's level.
    pub cell_rule: u8,
    pub point_rule: u8,
    /// `run` returns after the first rule application that records a step.
    pub stop_first: bool,
}

/// Sorted union of sorted `b` into sorted `a`.
fn union_into(a: &mut Vec<u32>, b: &[u32]) {
    if b.is_empty() {
        return;
    }
    if a.is_empty() {
        a.extend_from_slice(b);
        return;
    }
    let mut out = Vec::with_capacity(a.len() + b.len());
    let (mut i, mut j) = (0, 0);
    while i < a.len() && j < b.len() {
        let (x, y) = (a[i], b[j]);
        out.push(x.min(y));
        i += (x <= y) as usize;
        j += (y <= x) as usize;
    }
    out.extend_from_slice(&a[i..]);
    out.extend_from_slice(&b[j..]);
    *a = out;
}

impl Trace {
    pub fn new(board: &Board, level: super::Level) -> Box<Trace> {
        let g = &board.grid;
        let cell_rule = match level {
            L::Easy => NUMBER,
            L::Normal => CORNER_PAIR,
            L::Tricky | L::Hard => CORNER_FACTS,
            _ => EXACT,
        };
        let point_rule = if level >= L::Colour { EXACT } else { DOT };
        Box::new(Trace {
            ctx: Vec::new(),
            steps: Vec::new(),
            prov_point: vec![Vec::new(); g.num_points()],
            prov_colour: vec![Vec::new(); g.num_cells() + 1],
            prov_line: vec![Vec::new(); g.num_edges() + 1],
            cell_rule,
            point_rule,
            stop_first: false,
        })
    }

    pub fn depth(&self) -> usize {
        self.ctx.len()
    }

    pub fn truncate(&mut self, depth: usize) {
        self.ctx.truncate(depth);
    }

    /// Enters a context whose premise is computed from the engine when first needed.
    pub fn push_lazy(&mut self, rule: u8, place: Place) {
        self.ctx.push(Ctx { rule, place, premise: None, step: None });
    }

    /// Enters a context with a known premise.
    pub fn push(&mut self, rule: u8, place: Place, premise: Vec<u32>) {
        self.ctx.push(Ctx { rule, place, premise: Some(premise), step: None });
    }
}

impl<const T: bool> Engine<'_, T> {
    /// The keys read by a rule at `place` in the current state.
    fn premise_at(&self, t: &Trace, place: Place) -> Vec<u32> {
        let b = self.board;
        let ne = self.dom.len() as u32;
        let mut out: Vec<u32> = Vec::new();
        let point = |out: &mut Vec<u32>, p: u32, only_on: bool| {
            for x in b.point_slots[p as usize] {
                if x != NONE && self.dom[x as usize] != UNK && (!only_on || self.dom[x as usize] == ON) {
                    out.push(x);
                }
            }
            out.extend_from_slice(&t.prov_point[p as usize]);
        };
        let colour = |out: &mut Vec<u32>, c: u32| {
            if self.rules.colour {
                out.extend_from_slice(&t.prov_colour[self.colours.find(c).0 as usize]);
            }
        };
        // A decided side is read by its value; an open one by its class
        // (the class of the decided ones keeps no premise: see `trace_merged`).
        let line = |out: &mut Vec<u32>, x: u32| {
            if self.rules.line_classes && x != NONE && self.dom[x as usize] == UNK {
                out.extend_from_slice(&t.prov_line[self.lines.find(x).0 as usize]);
            }
        };
        match place {
            Place::Cell(c) => {
                out.push(ne + c);
                for x in b.grid.cell_edges[c as usize] {
                    if self.dom[x as usize] != UNK {
                        out.push(x);
                    }
                    line(&mut out, x);
                }
                for p in b.cell_corners[c as usize] {
                    point(&mut out, p, !self.rules.pairs_read);
                }
                colour(&mut out, c);
                for n in b.cell_nbrs[c as usize] {
                    colour(&mut out, n);
                }
            }
            Place::Point(p) => {
                point(&mut out, p, false);
                for x in b.point_slots[p as usize] {
                    line(&mut out, x);
                }
                for c in b.point_cells[p as usize] {
                    colour(&mut out, c);
                }
            }
            Place::Edge(_) | Place::None => {}
        }
        out.sort_unstable();
        out.dedup();
        out
    }

    /// The premise of the innermost context (computed now if lazy).
    fn ctx_premise(&self, t: &mut Trace) -> Vec<u32> {
        let Some(i) = t.ctx.len().checked_sub(1) else { return Vec::new() };
        if t.ctx[i].premise.is_none() {
            let p = self.premise_at(t, t.ctx[i].place);
            t.ctx[i].premise = Some(p);
        }
        t.ctx[i].premise.clone().unwrap_or_default()
    }

    /// Records that the innermost context decides `e = value` (`e` still undecided).
    #[cold]
    #[inline(never)]
    pub(super) fn trace_decide(&mut self, e: u32, value: u8) {
        let Some(mut t) = self.trace.take() else { return };
        if let Some(i) = t.ctx.len().checked_sub(1) {
            if t.ctx[i].rule != GIVEN {
                let idx = match t.ctx[i].step {
                    Some(idx) => idx,
                    None => {
                        let premise = self.ctx_premise(&mut t);
                        t.steps.push(Step {
                            rule: t.ctx[i].rule,
                            place: t.ctx[i].place,
                            premise,
                            decided: Vec::new(),
                            contradiction: false,
                            because: Vec::new(),
                        });
                        t.ctx[i].step = Some(t.steps.len() - 1);
                        t.steps.len() - 1
                    }
                };
                t.steps[idx].decided.push((e, value));
            }
        }
        self.trace = Some(t);
    }

    /// Records that the innermost context found a contradiction (with the
    /// edge `e` it could not set, if any);
    /// `fallback` names the rule when the context is a given edge.
    #[cold]
    #[inline(never)]
    pub(super) fn trace_contradiction(&mut self, e: Option<u32>, fallback: u8) {
        let Some(mut t) = self.trace.take() else { return };
        if t.steps.last().is_none_or(|s| !s.contradiction) {
            let mut premise = self.ctx_premise(&mut t);
            if let Some(e) = e {
                premise.push(e);
                premise.sort_unstable();
                premise.dedup();
            }
            let (mut rule, place) =
                t.ctx.last().map_or((GIVEN, e.map_or(Place::None, Place::Edge)), |c| (c.rule, c.place));
            if rule == GIVEN {
                rule = fallback;
            }
            t.steps.push(Step { rule, place, premise, decided: Vec::new(), contradiction: true, because: Vec::new() });
        }
        self.trace = Some(t);
    }

    /// Point `p` gained a derived fact from the innermost context.
    #[cold]
    #[inline(never)]
    pub(super) fn trace_point_fact(&mut self, p: u32) {
        let Some(mut t) = self.trace.take() else { return };
        let premise = self.ctx_premise(&mut t);
        union_into(&mut t.prov_point[p as usize], &premise);
        self.trace = Some(t);
    }

    /// The root-to-be premise of a merge of the classes of `a` and `b`
    /// (colours when `colour`, else sides), taken before the merge.
    #[cold]
    #[inline(never)]
    pub(super) fn trace_merge_premise(&mut self, a: u32, b: u32, colour: bool) -> Vec<u32> {
        let Some(mut t) = self.trace.take() else { return Vec::new() };
        let mut premise = self.ctx_premise(&mut t);
        let (cls, prov) = if colour { (&self.colours, &t.prov_colour) } else { (&self.lines, &t.prov_line) };
        union_into(&mut premise, &prov[cls.find(a).0 as usize]);
        union_into(&mut premise, &prov[cls.find(b).0 as usize]);
        self.trace = Some(t);
        premise
    }

    /// Stores the premise of a merged class (after the merge) and enters a
    /// context that decides with it.
    #[cold]
    #[inline(never)]
    pub(super) fn trace_merged(&mut self, a: u32, premise: Vec<u32>, colour: bool) {
        let Some(mut t) = self.trace.take() else { return };
        let root = if colour { self.colours.find(a).0 } else { self.lines.find(a).0 };
        if colour {
            t.prov_colour[root as usize] = premise.clone();
        } else if root == self.lines.find(self.dom.len() as u32).0 {
            // Every side related to the constant cross is decided at once,
            // and read by its value from then on.
            t.prov_line[root as usize].clear();
        } else {
            t.prov_line[root as usize] = premise.clone();
        }
        t.push(if colour { INSIDE_OUTSIDE } else { PARITY }, Place::None, premise);
        self.trace = Some(t);
    }

    /// The on-edges of the path from point `from` (a path end) to its other end.
    pub(super) fn path_edges(&self, from: u32) -> Vec<u32> {
        let b = self.board;
        let mut out = Vec::new();
        let (mut p, mut prev) = (from, NONE);
        loop {
            let next =
                b.point_slots[p as usize].into_iter().find(|&x| x != NONE && x != prev && self.dom[x as usize] == ON);
            let Some(x) = next else { break };
            if out.contains(&x) {
                break;
            }
            out.push(x);
            let [q0, q1] = b.grid.edge_points[x as usize];
            p = if q0 == p { q1 } else { q0 };
            prev = x;
        }
        out
    }

    #[inline]
    pub fn trace_depth(&self) -> usize {
        if !T {
            return 0;
        }
        self.trace.as_ref().map_or(0, |t| t.depth())
    }

    #[inline]
    pub fn trace_truncate(&mut self, depth: usize) {
        if !T {
            return;
        }
        if let Some(t) = self.trace.as_mut() {
            t.truncate(depth);
        }
    }
}

/// The premise of the adjacent 3-3 pattern forcing the middle side `e`: the
/// two 3s and one number that the loop around the two cells leaves wrong.
pub fn three_three_premise(board: &Board, e: u32) -> Vec<u32> {
    let g = &board.grid;
    let ne = g.num_edges() as u32;
    let [a, b] = board.edge_cells[e as usize];
    let mut count = vec![0i8; g.num_cells()];
    for c in [a, b] {
        for x in g.cell_edges[c as usize] {
            if x == e {
                continue;
            }
            for y in board.edge_cells[x as usize] {
                if y != board.out {
                    count[y as usize] += 1;
                }
            }
        }
    }
    let mut out = vec![ne + a.min(b), ne + a.max(b)];
    if let Some(w) = (0..g.num_cells()).find(|&c| board.clues[c] >= 0 && board.clues[c] != count[c]) {
        out.push(ne + w as u32);
    }
    out.sort_unstable();
    out
}
