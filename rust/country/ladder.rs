//! The deduction ladder at the root of a solve: the grading levels, the root
//! state, and the root fixpoint of the chosen stages with the catalogue of
//! region-graph cycles installed when `macro` needs it.

use super::board::EdgeKind;
use super::guard::Guard;
use super::puzzle::{Puzzle, FIRST_STEPS, LATER_STEPS};
use super::stages::{fixpoint, propagate, Stages, STAGE_NAMES};
use super::state::{Contradiction, State, OFF};
use super::work::Work;

/// The grading ladder: the stages, weakest first, then "search" (the grade of
/// a board no stage completes). Built from [`STAGE_NAMES`]; the one source of
/// `loopcraft.country.LEVELS`.
pub const LEVEL_NAMES: [&str; STAGE_NAMES.len() + 1] = {
    let mut names = ["search"; STAGE_NAMES.len() + 1];
    let mut i = 0;
    while i < STAGE_NAMES.len() {
        names[i] = STAGE_NAMES[i];
        i += 1;
    }
    names
};

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

/// The root of a solve: the root state at the fixpoint of `stages`, with the
/// catalogue (when `macro` is chosen) enumerated on the whole region graph if
/// it is small, or else on the borders the other stages left open. The
/// catalogue installed in `p` then belongs to this root: use a fresh puzzle
/// for another choice of stages.
/// When `g` halts the state is sound but not at the fixpoint.
pub fn root(
    p: &mut Puzzle,
    stages: Stages,
    g: &mut Guard<'_, '_>,
) -> (State, Work, std::result::Result<u64, Contradiction>) {
    if stages.has(Stages::MACRO) {
        p.try_catalogue(None, FIRST_STEPS);
    }
    let mut s = root_state(p);
    let mut w = Work::new(&p.board);
    let r = root_fixpoint(p, &mut s, &mut w, stages, g);
    (s, w, r)
}

fn root_fixpoint(
    p: &mut Puzzle,
    s: &mut State,
    w: &mut Work,
    stages: Stages,
    g: &mut Guard<'_, '_>,
) -> std::result::Result<u64, Contradiction> {
    let late = stages.has(Stages::MACRO) && p.catalogue.is_none() && p.region_ok;
    if late {
        propagate(p, s, w, stages.without(Stages::PROBE))?;
        p.try_catalogue(Some(s), LATER_STEPS);
    }
    let mut hypotheses = fixpoint(p, s, w, stages, g)?;
    if late && !g.halted() && p.try_catalogue(Some(s), LATER_STEPS) {
        hypotheses += fixpoint(p, s, w, stages, g)?;
    }
    Ok(hypotheses)
}
