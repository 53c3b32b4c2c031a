//! The deduction ladder: the chosen stages run to a common fixpoint; `probe`
//! then tries each undecided cell and edge both ways and keeps the opposite of
//! any hypothesis the other stages refute.

use crate::error::Result;
use crate::invalid;

use super::board::EdgeKind;
use super::puzzle::{Puzzle, FIRST_STEPS, LATER_STEPS};
use super::stages::{loop_rule, macro_rule, once, region};
use super::state::{Contradiction, State, OFF, ON, UNDECIDED};
use super::work::Work;

/// Stage names in ladder order.
pub const STAGE_NAMES: [&str; 5] = ["region", "once", "loop", "macro", "probe"];

/// The grading ladder: the stages, weakest first, then "search" (the grade of
/// a board no stage completes). The one source of `loopcraft.country.LEVELS`.
pub const LEVEL_NAMES: [&str; 6] = ["region", "once", "loop", "macro", "probe", "search"];

/// A set of stages.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stages(u8);

impl Stages {
    pub const REGION: u8 = 1;
    pub const ONCE: u8 = 2;
    pub const LOOP: u8 = 4;
    pub const MACRO: u8 = 8;
    pub const PROBE: u8 = 16;
    pub const ALL: Stages = Stages(31);
    pub const NONE: Stages = Stages(0);

    pub fn parse<S: AsRef<str>>(names: &[S]) -> Result<Stages> {
        let mut bits = 0u8;
        for name in names {
            let name = name.as_ref();
            match STAGE_NAMES.iter().position(|&n| n == name) {
                Some(i) => bits |= 1 << i,
                None => return Err(invalid!("unknown stage {name:?}; the stages are {STAGE_NAMES:?}")),
            }
        }
        Ok(Stages(bits))
    }

    #[inline]
    pub fn has(self, bit: u8) -> bool {
        self.0 & bit != 0
    }

    pub fn without(self, bit: u8) -> Stages {
        Stages(self.0 & !bit)
    }
}

/// The root state: blocked cells and their edges are off whatever the stages.
pub fn root_state(p: &Puzzle) -> State {
    let b = &p.board;
    let mut s = State::new(b.num_cells(), b.num_edges(), p.catalogue_size());
    for c in 0..b.num_cells() {
        if b.region[c] < 0 {
            s.set_cell(c, OFF).expect("fresh state");
        }
    }
    for e in 0..b.num_edges() {
        if b.edge_kind[e] == EdgeKind::Blocked {
            s.set_edge(e, OFF).expect("fresh state");
        }
    }
    s
}

/// Runs the non-probing stages until none changes anything.
pub fn propagate(p: &Puzzle, s: &mut State, w: &mut Work, stages: Stages) -> std::result::Result<(), Contradiction> {
    loop {
        let mut changed = false;
        if stages.has(Stages::REGION) {
            changed |= region::run(p, s)?;
        }
        if stages.has(Stages::ONCE) {
            changed |= once::run(p, s, w)?;
        }
        if stages.has(Stages::LOOP) {
            changed |= loop_rule::run(p, s, w)?;
        }
        if stages.has(Stages::MACRO) {
            changed |= macro_rule::run(p, s, w)?;
        }
        if !changed {
            return Ok(());
        }
    }
}

/// The full fixpoint of the chosen stages; returns the number of probe
/// hypotheses tried.
pub fn fixpoint(p: &Puzzle, s: &mut State, w: &mut Work, stages: Stages) -> std::result::Result<u64, Contradiction> {
    propagate(p, s, w, stages)?;
    if !stages.has(Stages::PROBE) {
        return Ok(0);
    }
    let inner = stages.without(Stages::PROBE);
    let mut hypotheses = 0u64;
    // implied[var] bit v: "var = v" followed from a hypothesis that survived
    // in this round, so it survives too (propagation is monotone) and is not
    // tried. Flags only hold for the state they were made in; a round with a
    // deduction is followed by another round with fresh flags, so the final
    // round, which deduces nothing, tried or covered every hypothesis.
    let mut implied = vec![0u8; s.val.len()];
    loop {
        let mut progress = false;
        implied.fill(0);
        for var in 0..s.val.len() {
            for v in [ON, OFF] {
                if s.val[var] != UNDECIDED {
                    break;
                }
                if implied[var] & (1 << v) != 0 {
                    continue;
                }
                let m = s.mark();
                s.set(var, v).expect("undecided");
                hypotheses += 1;
                let refuted = propagate(p, s, w, inner).is_err();
                if !refuted {
                    for &x in s.assigned_since(m) {
                        implied[x as usize] |= 1 << s.val[x as usize];
                    }
                }
                s.undo(m);
                if refuted {
                    s.set(var, 1 - v).expect("undecided");
                    propagate(p, s, w, inner)?;
                    progress = true;
                }
            }
        }
        if !progress {
            return Ok(hypotheses);
        }
    }
}

/// The root of a solve: the root state at the fixpoint of `stages`, with the
/// catalogue (when `macro` is chosen) enumerated on the whole region graph if
/// it is small, or else on the borders the other stages left open. The
/// catalogue installed in `p` then belongs to this root: use a fresh puzzle
/// for another choice of stages.
pub fn root(p: &mut Puzzle, stages: Stages) -> (State, Work, std::result::Result<u64, Contradiction>) {
    if stages.has(Stages::MACRO) {
        p.try_catalogue(None, FIRST_STEPS);
    }
    let mut s = root_state(p);
    let mut w = Work::new(&p.board);
    let r = root_fixpoint(p, &mut s, &mut w, stages);
    (s, w, r)
}

fn root_fixpoint(
    p: &mut Puzzle,
    s: &mut State,
    w: &mut Work,
    stages: Stages,
) -> std::result::Result<u64, Contradiction> {
    let late = stages.has(Stages::MACRO) && p.catalogue.is_none() && p.region_ok;
    if late {
        propagate(p, s, w, stages.without(Stages::PROBE))?;
        p.try_catalogue(Some(s), LATER_STEPS);
    }
    let mut hypotheses = fixpoint(p, s, w, stages)?;
    if late && p.try_catalogue(Some(s), LATER_STEPS) {
        hypotheses += fixpoint(p, s, w, stages)?;
    }
    Ok(hypotheses)
}
