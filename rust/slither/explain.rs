//! Explanations: the steps of a level's deduction, easiest first, and hints
//! from a player's position.
//!
//! One traced engine per level is kept alive. The weakest runs to its
//! fixpoint; then each stronger one runs only until it records a step, whose
//! decisions go to every engine, and the weakest starts again. So a rule of a
//! higher level is used only where no weaker rule decides anything. The trial
//! level assumes each open edge in turn on a copy of the strongest engine;
//! a contradiction gives a step that carries the copy's steps.

use super::board::Board;
use super::engine::{Engine, OFF, ON, UNK};
use super::search::count_with;
use super::trace::{self, Place, Step, Trace};
use super::{check, Level};
use crate::budget::Budget;
use crate::error::{Error, Result};

/// The steps from `position` (per edge 0 off, 1 on, 2 open) up to `level`
/// (not `Search`); with `first_only`, only the first step that decides
/// something. `None` when the position and the rules contradict.
pub fn explain(
    board: &Board,
    position: &[u8],
    level: Level,
    first_only: bool,
    budget: &mut Budget<'_, '_>,
) -> Option<Vec<Step>> {
    let strongest = level.min(Level::Colour);
    let mut pos = position.to_vec();
    let mut engines: Vec<Engine<'_, true>> = Vec::new();
    for l in &Level::ALL[..=strongest.index()] {
        engines.push(Engine::<'_, true>::new_traced(board, l.rules(), Some(Trace::new(board, *l)), &pos)?);
    }
    let mut out: Vec<Step> = Vec::new();
    'outer: loop {
        if budget.step() {
            return Some(out);
        }
        for k in 0..engines.len() {
            if let Some(t) = engines[k].trace.as_mut() {
                t.stop_first = k > 0 || first_only;
            }
            // Run until a step decides something new, or to the fixpoint
            // (a run that records nothing).
            let new = loop {
                if !engines[k].run() {
                    return None;
                }
                let steps = engines[k].trace.as_mut().map(|t| std::mem::take(&mut t.steps)).unwrap_or_default();
                if steps.is_empty() {
                    break Vec::new();
                }
                let new = keep_new(steps, &mut pos)?;
                if !new.is_empty() {
                    break new;
                }
            };
            if new.is_empty() {
                continue;
            }
            if !feed(&mut engines, k, &new) {
                return None;
            }
            out.extend(new);
            if first_only {
                return Some(out);
            }
            if k > 0 {
                continue 'outer;
            }
        }
        if level >= Level::Trial {
            let last = engines.len() - 1;
            match trial(&mut engines[last], budget) {
                Trial::Contradiction => return None,
                Trial::Nothing => {}
                Trial::Found => continue 'outer,
            }
        }
        if engines[engines.len() - 1].undecided == 0 && !check::is_solution(board, &pos) {
            return None;
        }
        return Some(out);
    }
}

/// Keeps the decisions of `steps` that `pos` does not hold yet (and the
/// steps with any), writing them into `pos`; `None` on a disagreement.
fn keep_new(steps: Vec<Step>, pos: &mut [u8]) -> Option<Vec<Step>> {
    let mut out = Vec::new();
    for mut s in steps {
        if s.contradiction {
            return None;
        }
        let mut decided = Vec::new();
        for (e, v) in s.decided {
            match pos[e as usize] {
                UNK => {
                    pos[e as usize] = v;
                    decided.push((e, v));
                }
                old if old != v => return None,
                _ => {}
            }
        }
        if !decided.is_empty() {
            s.decided = decided;
            out.push(s);
        }
    }
    Some(out)
}

/// Gives the decisions of `steps` to every engine but `from`; false on contradiction.
fn feed(engines: &mut [Engine<'_, true>], from: usize, steps: &[Step]) -> bool {
    for (j, eng) in engines.iter_mut().enumerate() {
        if j == from {
            continue;
        }
        for s in steps {
            for &(e, v) in &s.decided {
                if !eng.assign(e, v) {
                    return false;
                }
            }
        }
    }
    true
}

enum Trial {
    Found,
    Nothing,
    Contradiction,
}

/// Tries each value of each open edge on a copy of `engine`; at the first
/// refuted one, sets the other value in `engine` with a `trial` step that
/// carries the refutation (left in its trace for the caller to collect).
fn trial(engine: &mut Engine<'_, true>, budget: &mut Budget<'_, '_>) -> Trial {
    for e in 0..engine.dom.len() as u32 {
        for value in [ON, OFF] {
            if engine.dom[e as usize] != UNK {
                continue;
            }
            if budget.step() {
                return Trial::Nothing;
            }
            // First untraced, undone by the trail (cheap); only a refuted
            // value is run again, traced, on a copy.
            let saved = engine.trace.take();
            let mark = engine.mark();
            let holds = engine.assign(e, value) && engine.run();
            engine.undo_to(mark);
            engine.trace = saved;
            if holds {
                continue;
            }
            let mut copy = engine.clone();
            if let Some(t) = copy.trace.as_mut() {
                t.steps.clear();
                t.truncate(0);
                t.stop_first = false;
            }
            if copy.assign(e, value) && copy.run() {
                // Tracing does not change what the rules decide.
                debug_assert!(false, "a refutation the traced engine does not repeat");
                continue;
            }
            let because = copy.trace.map(|t| t.steps).unwrap_or_default();
            let mut premise: Vec<u32> = because.iter().flat_map(|s| s.premise.iter().copied()).collect();
            premise.sort_unstable();
            premise.dedup();
            premise.retain(|&k| k != e && !because.iter().any(|s| s.decided.iter().any(|&(x, _)| x == k)));
            let other = if value == ON { OFF } else { ON };
            let depth = engine.trace_depth();
            let before = engine.trace.as_ref().map_or(0, |t| t.steps.len());
            if let Some(t) = engine.trace.as_mut() {
                t.push(trace::TRIAL, Place::Edge(e), premise);
            }
            let ok = engine.assign(e, other);
            engine.trace_truncate(depth);
            if let Some(s) = engine.trace.as_mut().and_then(|t| t.steps.get_mut(before)) {
                s.because = because;
            }
            return if ok { Trial::Found } else { Trial::Contradiction };
        }
    }
    Trial::Nothing
}

/// Checks a position (per edge 0, 1 or 2) against the board.
pub fn check_position(board: &Board, position: &[u8]) -> Result<()> {
    let n = board.grid.num_edges();
    if position.len() != n {
        return Err(Error::InvalidArgument(format!("position has {} edges, the board has {n}", position.len())));
    }
    if let Some(i) = position.iter().position(|&v| v > 2) {
        return Err(Error::InvalidArgument(format!("position edge {i} is {}, expected 0, 1 or 2", position[i])));
    }
    Ok(())
}

/// Node budget of each search a hint runs.
const HINT_NODES: u64 = 2_000_000;

fn solutions_with(
    board: &Board,
    given: &[u8],
    limit: usize,
    budget: &mut Budget<'_, '_>,
) -> (usize, bool, Vec<Vec<u8>>) {
    let outer = budget.set_nodes(Some(HINT_NODES));
    let out = count_with(board, given, limit, budget);
    budget.set_nodes(outer);
    (out.solutions.len(), out.finished, out.solutions)
}

/// The step of a puzzle that has no solution at all: no mark is to blame.
fn no_solution() -> Step {
    Step {
        rule: trace::NO_SOLUTION,
        place: Place::None,
        premise: Vec::new(),
        decided: Vec::new(),
        contradiction: true,
        because: Vec::new(),
    }
}

fn mistake(e: u32) -> Step {
    Step {
        rule: trace::MISTAKE,
        place: Place::Edge(e),
        premise: vec![e],
        decided: Vec::new(),
        contradiction: true,
        because: Vec::new(),
    }
}

/// The next step from `position`: `no-solution` when the puzzle has no
/// solution at all, `mistake` when a mark disagrees with every solution,
/// else the easiest step that decides something new; `None` when the lines
/// of the position are a solution, or when nothing more can be decided and
/// the puzzle has several solutions.
pub fn hint(board: &Board, position: &[u8], budget: &mut Budget<'_, '_>) -> Result<Option<Step>> {
    check_position(board, position)?;
    if check::is_solution(board, position) {
        return Ok(None);
    }
    let marks: Vec<usize> = (0..position.len()).filter(|&e| position[e] != UNK).collect();
    let (n, finished, _) = solutions_with(board, position, 1, budget);
    if n == 0 && finished {
        let (m, all, sols) = solutions_with(board, &[], 2, budget);
        if m == 0 && all {
            // Blaming a mark (any mark is vacuously one that no solution
            // agrees with) or naming a rule's step would hide what is wrong.
            return Ok(Some(no_solution()));
        }
        if m == 1 && all {
            let e = marks.iter().find(|&&e| position[e] != sols[0][e]);
            if let Some(&e) = e {
                return Ok(Some(mistake(e as u32)));
            }
        }
        // Several solutions (or none): the first mark that no solution
        // agreeing with the marks before it shares.
        let mut prefix = vec![UNK; position.len()];
        for &e in &marks {
            prefix[e] = position[e];
            let (k, done, _) = solutions_with(board, &prefix, 1, budget);
            if k == 0 && done {
                return Ok(Some(mistake(e as u32)));
            }
        }
    }
    if budget.interrupted() {
        return Err(Error::Interrupted);
    }
    match explain(board, position, Level::Trial, true, budget) {
        Some(steps) if !steps.is_empty() => Ok(steps.into_iter().next()),
        Some(_) => {
            let (m, all, sols) = solutions_with(board, position, 2, budget);
            if m == 1 && all {
                if let Some(e) = (0..position.len()).find(|&e| position[e] == UNK) {
                    return Ok(Some(Step {
                        rule: trace::SEARCH,
                        place: Place::Edge(e as u32),
                        premise: Vec::new(),
                        decided: vec![(e as u32, sols[0][e])],
                        contradiction: false,
                        because: Vec::new(),
                    }));
                }
            }
            Ok(None)
        }
        None => {
            // The rules refute the marks together though a search did not
            // (it ran out of budget): name the last mark.
            Ok(marks.last().map(|&e| mistake(e as u32)))
        }
    }
}
