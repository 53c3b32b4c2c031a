//! Explanations and hints for Country Road: the ladder's rules applied one
//! at a time, easiest first, each application recorded with what it read and
//! what it decided.
//!
//! The stages keep no derived facts (every rule reads cells and edges, the
//! countries, and `macro` its catalogue), so the explanation drives the rule
//! functions themselves, one place at a time, on its own state: nothing is
//! added to the worklist the solver and the grader run, which keep their speed.
//!
//! Order: the local rules of `region`, then of `once`, then `loop`'s degree
//! rule, its premature-cycle rule and reach, then `macro`; after any step
//! above `region`, back to `region`. As the ladder does, `macro`'s catalogue
//! is built once the other chosen stages are at their fixpoint (`probe`
//! included), and `probe` tries each undecided variable both ways.

use super::board::EdgeKind;
use super::check::is_solution;
use super::ladder::root_state;
use super::puzzle::{Puzzle, CATALOGUE_STEPS};
use super::stages::{self, loop_rule, macro_rule, once, region, Stages};
use super::state::{State, OFF, ON, UNDECIDED};
use super::work::Work;
use crate::budget::Budget;

/// One rule of the catalogue: name, level (a ladder level name), description.
#[derive(Debug, Clone, Copy)]
pub struct RuleInfo {
    pub name: &'static str,
    pub level: &'static str,
    pub description: &'static str,
}

pub const USED_CELL: u8 = 0;
pub const TWO_UNUSED: u8 = 1;
pub const NUMBER: u8 = 2;
pub const TWO_CROSSINGS: u8 = 3;
pub const BORDER_ONCE: u8 = 4;
pub const DEAD_END: u8 = 5;
pub const PREMATURE_LOOP: u8 = 6;
pub const REACH: u8 = 7;
pub const HAMILTONIAN_ORDER: u8 = 8;
pub const TRIAL: u8 = 9;
pub const MISTAKE: u8 = 10;
pub const SEARCH: u8 = 11;
pub const NO_SOLUTION: u8 = 12;

/// The Country Road rules, in the order of the ids above.
pub const RULES: [RuleInfo; 13] = [
    RuleInfo {
        name: "used-cell",
        level: "region",
        description: "a cell and its lines agree: an unused cell has no line, a line makes its cells used, \
                      a cell with no possible line is unused",
    },
    RuleInfo {
        name: "two-unused",
        level: "region",
        description: "two cells side by side across a border are not both unused",
    },
    RuleInfo {
        name: "number",
        level: "region",
        description: "a country's number is how many of its cells are used: it bounds them from both sides",
    },
    RuleInfo {
        name: "two-crossings",
        level: "once",
        description: "the loop visits each country once: its border is crossed exactly twice, one of its cells \
                      at least is used, and its used cells are connected inside it",
    },
    RuleInfo {
        name: "border-once",
        level: "once",
        description: "with three countries or more, the loop crosses the border between two countries at most once",
    },
    RuleInfo { name: "dead-end", level: "loop", description: "a used cell has two lines, an unused one none" },
    RuleInfo {
        name: "premature-loop",
        level: "loop",
        description: "a line that would close a loop before it visits every country and every used cell is absent",
    },
    RuleInfo {
        name: "reach",
        level: "loop",
        description: "everything the loop uses lies in one piece of what is still possible, with no bridge \
                      it would have to cross twice",
    },
    RuleInfo {
        name: "hamiltonian-order",
        level: "macro",
        description: "the loop visits the countries in an order that is a cycle of the country graph: a border \
                      no such cycle crosses is closed, one that all cross is crossed",
    },
    RuleInfo {
        name: "trial",
        level: "probe",
        description: "assuming the other value of a cell or a line leads to a contradiction",
    },
    RuleInfo {
        name: "mistake",
        level: "search",
        description: "a mark that no solution agrees with, together with the other marks",
    },
    RuleInfo {
        name: "search",
        level: "search",
        description: "no rule decides anything more: the line is taken from the unique solution",
    },
    RuleInfo {
        name: "no-solution",
        level: "search",
        description: "the puzzle itself has no solution: no loop satisfies its countries and numbers, whatever \
                      is marked",
    },
];

/// Where a step applies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Place {
    Cell(u32),
    Edge(u32),
    Country(u32),
    /// Border `i` between two countries (its edges).
    Border(u32),
    /// The whole board (a global rule).
    Board,
}

/// One application of one rule at one place. Variables: cells `0..n`, edges
/// `n..n + edges`; premise keys also `n + edges + k` for country `k`.
#[derive(Debug, Clone)]
pub struct Step {
    pub rule: u8,
    pub place: Place,
    pub premise: Vec<u32>,
    pub decided: Vec<(u32, u8)>,
    pub contradiction: bool,
    pub because: Vec<Step>,
}

struct Driver<'p, 's, 'b, 'a> {
    p: &'p Puzzle,
    w: Work,
    steps: Vec<Step>,
    budget: &'s mut Budget<'b, 'a>,
}

/// What an explanation ended with.
pub struct Explained {
    pub steps: Vec<Step>,
    /// The rules refuted the position (the last step, if any, is the contradiction).
    pub contradiction: bool,
    /// The state reached (cells then edges, 0/1/2).
    pub values: Vec<u8>,
}

impl Driver<'_, '_, '_, '_> {
    fn n(&self) -> usize {
        self.p.board.num_cells()
    }

    fn country_key(&self, k: usize) -> u32 {
        (self.n() + self.p.board.num_edges() + k) as u32
    }

    fn all_countries(&self, out: &mut Vec<u32>) {
        for k in 0..self.p.board.num_countries() {
            out.push(self.country_key(k));
        }
    }

    /// The variables a rule at `place` reads (decided or not).
    fn reads(&self, rule: u8, place: Place, s: &State, out: &mut Vec<u32>) {
        let b = &self.p.board;
        let n = self.n();
        match place {
            Place::Cell(c) => {
                out.push(c);
                out.extend(b.cell_edges(c as usize).iter().map(|&e| n as u32 + e));
            }
            Place::Edge(e) => out.extend(b.edge_cells(e as usize)),
            Place::Country(k) => {
                out.push(self.country_key(k as usize));
                out.extend(&b.country_cells[k as usize]);
                if rule == TWO_CROSSINGS {
                    for &c in &b.country_cells[k as usize] {
                        out.extend(b.cell_edges(c as usize).iter().map(|&e| n as u32 + e));
                    }
                }
            }
            Place::Border(i) => out.extend(b.border_edges[i as usize].iter().map(|&e| n as u32 + e)),
            Place::Board => {
                self.all_countries(out);
                for v in 0..s.val.len() {
                    let keep = match rule {
                        PREMATURE_LOOP => s.val[v] == ON,
                        HAMILTONIAN_ORDER => v >= n && b.is_border(v - n),
                        _ => true,
                    };
                    if keep {
                        out.push(v as u32);
                    }
                }
            }
        }
    }

    /// Applies one rule at one place; records a step when it decides
    /// something or contradicts. `Some(true)`: decided; `None`: contradiction.
    fn apply(
        &mut self,
        s: &mut State,
        rule: u8,
        place: Place,
        f: impl FnOnce(&Puzzle, &mut State, &mut Work) -> super::state::Step,
    ) -> Option<bool> {
        let head = s.trail_len();
        let r = f(self.p, s, &mut self.w);
        let grew = s.trail_len() > head;
        if r.is_ok() && !grew {
            return Some(false);
        }
        let decided: Vec<(u32, u8)> = (head..s.trail_len())
            .map(|i| {
                let v = s.trail_at(i);
                (v as u32, s.val[v])
            })
            .collect();
        let mut reads = Vec::new();
        self.reads(rule, place, s, &mut reads);
        let countries = self.country_key(0);
        let mut premise: Vec<u32> = reads
            .into_iter()
            .filter(|&v| v >= countries || (s.val[v as usize] != UNDECIDED && !decided.iter().any(|&(x, _)| x == v)))
            .collect();
        premise.sort_unstable();
        premise.dedup();
        let contradiction = r.is_err();
        self.steps.push(Step {
            rule,
            place,
            premise,
            decided: if contradiction { Vec::new() } else { decided },
            contradiction,
            because: Vec::new(),
        });
        if contradiction {
            None
        } else {
            Some(true)
        }
    }

    /// One level's rules over the board. With `once`, returns after the
    /// first step. `Some(true)` when anything was decided.
    fn level(&mut self, s: &mut State, level: usize, first: bool) -> Option<bool> {
        let p = self.p;
        let b = &p.board;
        let (n, ne, nk) = (b.num_cells(), b.num_edges(), b.num_countries());
        let mut any = false;
        macro_rules! step {
            ($rule:expr, $place:expr, $f:expr) => {
                if self.apply(s, $rule, $place, $f)? {
                    any = true;
                    if first {
                        return Some(true);
                    }
                }
            };
        }
        match level {
            0 => {
                for c in 0..n {
                    step!(USED_CELL, Place::Cell(c as u32), |p, s, _| region::cell(p, s, c));
                }
                for e in 0..ne {
                    if matches!(b.edge_kind[e], EdgeKind::Border(_)) {
                        step!(TWO_UNUSED, Place::Edge(e as u32), |p, s, _| region::border_edge(p, s, e));
                    }
                }
                for k in 0..nk {
                    step!(NUMBER, Place::Country(k as u32), |p, s, _| region::number(p, s, k));
                }
            }
            1 => {
                for k in 0..nk {
                    step!(TWO_CROSSINGS, Place::Country(k as u32), |p, s, w| once::country(p, s, w, k));
                }
                for i in 0..b.borders.len() {
                    step!(BORDER_ONCE, Place::Border(i as u32), |p, s, _| once::border(p, s, i));
                }
            }
            2 => {
                for c in 0..n {
                    step!(DEAD_END, Place::Cell(c as u32), |p, s, _| loop_rule::degree(p, s, c));
                }
                // `cycles` needs every degree rule settled (none changed above).
                step!(PREMATURE_LOOP, Place::Board, loop_rule::cycles);
                step!(REACH, Place::Board, loop_rule::reach);
            }
            _ => step!(HAMILTONIAN_ORDER, Place::Board, macro_rule::run),
        }
        Some(any)
    }

    /// Levels `0..=top` (3 only with a catalogue) easiest first, to their
    /// common fixpoint; with `first`, stops after the first step. `None` on
    /// a contradiction (recorded as the last step).
    fn fixpoint(&mut self, s: &mut State, top: usize, first: bool) -> Option<()> {
        'outer: loop {
            if self.budget.step() {
                return Some(());
            }
            while self.level(s, 0, first)? {
                if first {
                    return Some(());
                }
            }
            for l in 1..=top {
                if l == 3 && self.p.catalogue.is_none() {
                    continue;
                }
                if self.level(s, l, true)? {
                    if first {
                        return Some(());
                    }
                    continue 'outer;
                }
            }
            return Some(());
        }
    }

    /// `probe` on top of levels `0..=top`: each undecided variable both ways;
    /// a refuted value gives a `trial` step with the refutation. `None` on
    /// a contradiction.
    fn probe(&mut self, s: &mut State, top: usize, first: bool) -> Option<()> {
        let inner = inner_stages(top, self.p.catalogue.is_some());
        'outer: loop {
            self.fixpoint(s, top, first)?;
            if first && !self.steps.is_empty() {
                return Some(());
            }
            for var in 0..s.val.len() {
                for v in [ON, OFF] {
                    if s.val[var] != UNDECIDED {
                        break;
                    }
                    if self.budget.step() {
                        return Some(());
                    }
                    let mut t = s.clone();
                    let head = t.trail_len();
                    t.set(var, v).expect("undecided");
                    if stages::propagate_from(self.p, &mut t, &mut self.w, inner, head).is_ok() {
                        continue;
                    }
                    // Refuted: explain how, on a fresh copy.
                    let mut t = s.clone();
                    t.set(var, v).expect("undecided");
                    let saved = std::mem::take(&mut self.steps);
                    let refuted = self.fixpoint(&mut t, top, false).is_none();
                    let because = std::mem::replace(&mut self.steps, saved);
                    debug_assert!(refuted, "the traced rules agree with the worklist");
                    let mut premise: Vec<u32> = because.iter().flat_map(|x| x.premise.iter().copied()).collect();
                    premise.sort_unstable();
                    premise.dedup();
                    premise.retain(|&k| {
                        k != var as u32 && !because.iter().any(|x| x.decided.iter().any(|&(y, _)| y == k))
                    });
                    let n = self.n();
                    let place = if var < n { Place::Cell(var as u32) } else { Place::Edge((var - n) as u32) };
                    if s.set(var, 1 - v).is_err() {
                        return None;
                    }
                    self.steps.push(Step {
                        rule: TRIAL,
                        place,
                        premise,
                        decided: vec![(var as u32, 1 - v)],
                        contradiction: false,
                        because,
                    });
                    if first {
                        return Some(());
                    }
                    continue 'outer;
                }
            }
            return Some(());
        }
    }
}

fn inner_stages(top: usize, with_macro: bool) -> Stages {
    let mut st = Stages::NONE.with(Stages::REGION);
    if top >= 1 {
        st = st.with(Stages::ONCE);
    }
    if top >= 2 {
        st = st.with(Stages::LOOP);
    }
    if top >= 3 && with_macro {
        st = st.with(Stages::MACRO);
    }
    st
}

/// Every cell and edge decided, and the edges a solution.
fn solved(p: &Puzzle, s: &State) -> bool {
    let n = p.board.num_cells();
    s.undecided() == 0 && {
        let edges: Vec<u8> = s.val[n..].iter().map(|&v| (v == ON) as u8).collect();
        is_solution(&p.board, &edges)
    }
}

/// The steps of the ladder up to level `top` (0 region .. 4 probe) from
/// `position` (cells then edges, 0/1/2; empty for none), as the ladder's root
/// runs it; with `first`, only the first step. `p` must have no catalogue
/// yet (a fresh puzzle).
pub fn explain(p: &mut Puzzle, position: &[u8], top: usize, first: bool, budget: &mut Budget<'_, '_>) -> Explained {
    let mut s = root_state(p);
    let refused = |s: State| Explained { steps: Vec::new(), contradiction: true, values: s.val };
    for (v, &x) in position.iter().enumerate() {
        if x != UNDECIDED && s.set(v, x).is_err() {
            return refused(s);
        }
    }
    // `macro`'s catalogue is built on the state the other stages leave: at
    // the fixpoint of `region`, `once` and `loop` (so that `macro` comes
    // before `probe`), or, if it cannot be built there, after `probe` too
    // (as the ladder's root does).
    let done = |steps: Vec<Step>, s: State, contradiction: bool| Explained { steps, contradiction, values: s.val };
    let mut steps = Vec::new();
    let phase =
        |p: &Puzzle, s: &mut State, budget: &mut Budget<'_, '_>, top: usize, probe: bool, steps: &mut Vec<Step>| {
            let mut d = Driver { p, w: Work::new(&p.board), steps: Vec::new(), budget };
            let ok = if probe { d.probe(s, top, first) } else { d.fixpoint(s, top, first) };
            steps.extend(d.steps);
            ok
        };
    if phase(p, &mut s, budget, top.min(2), false, &mut steps).is_none() {
        return done(steps, s, true);
    }
    if first && !steps.is_empty() {
        return done(steps, s, false);
    }
    let mut catalogue = false;
    if top >= 3 {
        if !p.region_ok {
            return done(steps, s, true);
        }
        catalogue = !solved(p, &s) && p.try_catalogue(Some(&mut s), CATALOGUE_STEPS);
    }
    let with_macro = if catalogue { top.min(3) } else { top.min(2) };
    if phase(p, &mut s, budget, with_macro, top >= 4, &mut steps).is_none() {
        return done(steps, s, true);
    }
    if first && !steps.is_empty() {
        return done(steps, s, false);
    }
    if top >= 3
        && !catalogue
        && !solved(p, &s)
        && p.try_catalogue(Some(&mut s), CATALOGUE_STEPS)
        && phase(p, &mut s, budget, 3, top >= 4, &mut steps).is_none()
    {
        return done(steps, s, true);
    }
    let contradiction = s.undecided() == 0 && !solved(p, &s);
    done(steps, s, contradiction)
}
