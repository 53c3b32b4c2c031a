//! The deduction ladder at the root of a solve: the grading levels, the root
//! state, and the root fixpoint of the chosen stages with the catalogue of
//! region-graph cycles installed when `macro` needs it.

use super::board::EdgeKind;
use super::check::is_solution;
use super::puzzle::{Puzzle, CATALOGUE_STEPS};
use super::stages::{fixpoint, Stages, STAGE_NAMES};
use super::state::{Contradiction, State, OFF, ON};
use super::work::Work;
use crate::budget::Budget;

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

/// The root of a solve: the root state at the fixpoint of `stages`. When
/// `macro` is chosen, the catalogue of region-graph cycles is enumerated only
/// once the other chosen stages (probe included) have reached their own
/// fixpoint, on the borders they left open: on most boards that graph is a
/// small fraction of the whole one, and on a board they decide it is the
/// answer's own cycle. The catalogue installed in `p` then belongs to this
/// root: use a fresh puzzle for another choice of stages. When `g` halts the
/// state is sound but not at the fixpoint.
pub fn root(
    p: &mut Puzzle,
    stages: Stages,
    g: &mut Budget<'_, '_>,
) -> (State, Work, std::result::Result<u64, Contradiction>) {
    root_within(p, stages, CATALOGUE_STEPS, g)
}

/// [`root`] with the catalogue's enumeration given `catalogue_steps` steps
/// ([`CATALOGUE_STEPS`] there): past them `macro` deduces nothing.
pub fn root_within(
    p: &mut Puzzle,
    stages: Stages,
    catalogue_steps: u64,
    g: &mut Budget<'_, '_>,
) -> (State, Work, std::result::Result<u64, Contradiction>) {
    let mut s = root_state(p);
    let mut w = Work::new(&p.board);
    let r = root_fixpoint(p, &mut s, &mut w, stages, catalogue_steps, g).and_then(|h| {
        // A fixpoint that decides everything is a solution or nothing: stages
        // weaker than `loop` can decide every cell unused (a country whose
        // number is 0, countries walled off by blocked cells), and that empty
        // "loop" is no solution. Without this check such a board graded as
        // solved, with one solution.
        if !g.halted() && s.undecided() == 0 && !solved(p, &s) {
            Err(Contradiction)
        } else {
            Ok(h)
        }
    });
    (s, w, r)
}

fn root_fixpoint(
    p: &mut Puzzle,
    s: &mut State,
    w: &mut Work,
    stages: Stages,
    catalogue_steps: u64,
    g: &mut Budget<'_, '_>,
) -> std::result::Result<u64, Contradiction> {
    let mut hypotheses = 0;
    if stages.has(Stages::MACRO) && p.catalogue.is_none() {
        if !p.region_ok {
            return Err(Contradiction);
        }
        hypotheses += fixpoint(p, s, w, stages.without(Stages::MACRO), p.known.as_deref(), g)?;
        if !g.halted() && solved(p, s) {
            // `macro` is sound: on a solution it neither deduces nor refutes.
            return Ok(hypotheses);
        }
        if g.halted() || !p.try_catalogue(Some(s), catalogue_steps) {
            // Without a catalogue `macro` deduces nothing: this is the fixpoint.
            return Ok(hypotheses);
        }
    }
    hypotheses += fixpoint(p, s, w, stages, p.known.as_deref(), g)?;
    Ok(hypotheses)
}

/// Every cell and edge decided, and the edges a solution.
fn solved(p: &Puzzle, s: &State) -> bool {
    let n = p.board.num_cells();
    s.undecided() == 0 && {
        let edges: Vec<u8> = s.val[n..].iter().map(|&v| (v == ON) as u8).collect();
        is_solution(&p.board, &edges)
    }
}
