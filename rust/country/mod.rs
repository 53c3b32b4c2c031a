//! Country Road: board model, region graph, the five-stage deduction ladder
//! (one file per stage in `stages/`, run from the root in `ladder.rs`), search,
//! and two independent brute-force counting engines (`count/`).
//!
//! Geometry: the cells of an R x C board are the lattice points of
//! `Grid::new(R - 1, C - 1)`, so cell-to-cell edges use the grid's edge
//! numbering: "right" edges (r,c)-(r,c+1) are `H(r, c) = r*(C-1) + c`, "down"
//! edges (r,c)-(r+1,c) are `V(r, c) = R*(C-1) + r*C + c`.
//!
//! Edge cases (docs/country-road.md): a single country has no solution (its
//! border is never crossed twice); two countries are solved by a loop crossing
//! their border twice; three or more countries need a connected region graph
//! without cut vertex.

pub mod backbone;
pub mod board;
pub mod check;
/// The brute-force counting engines "cells" and "loops".
pub mod count;
mod explain;
mod handle;
pub mod ladder;
pub mod puzzle;
pub mod region_graph;
pub mod region_map;
mod sat;
pub mod search;
mod stages;
pub mod state;
mod work;

#[cfg(test)]
mod tests;

use crate::budget::Budget;
use crate::error::{Error, Result};
use crate::interrupt::Stop;

pub use board::Board;
pub use handle::Handle;
pub use ladder::LEVEL_NAMES;
pub use puzzle::Puzzle;
pub use region_graph::{Articulation, RegionGraph};
pub use region_map::RegionMap;
pub use search::SolveResult;
pub use stages::{Stages, STAGE_NAMES};

/// `(cell states, edge states, probe hypotheses)` of a ladder fixpoint.
pub type LadderStates = (Vec<u8>, Vec<u8>, u64);
/// `(borders, cut vertices, bridges)` of a region graph.
pub type RegionGraphSummary = (Vec<(u32, u32)>, Vec<u32>, Vec<u32>);

/// Search with the chosen stages at every node; stops at `limit` solutions.
#[allow(clippy::too_many_arguments, reason = "the flat form the binding passes on: board, limit, stages, two budgets")]
pub fn solve<S: AsRef<str>>(
    rows: usize,
    cols: usize,
    regions: &[i64],
    numbers: &[Option<i64>],
    limit: usize,
    stages: &[S],
    node_limit: Option<u64>,
    time_limit: Option<f64>,
) -> Result<SolveResult> {
    solve_with_stop(rows, cols, regions, numbers, limit, stages, node_limit, time_limit, &mut Stop::never())
}

/// [`solve`] that ends with `Error::Interrupted` when `stop` asks.
#[allow(
    clippy::too_many_arguments,
    reason = "the flat form the binding passes on: board, limit, stages, budgets, stop"
)]
pub fn solve_with_stop<S: AsRef<str>>(
    rows: usize,
    cols: usize,
    regions: &[i64],
    numbers: &[Option<i64>],
    limit: usize,
    stages: &[S],
    node_limit: Option<u64>,
    time_limit: Option<f64>,
    stop: &mut Stop<'_>,
) -> Result<SolveResult> {
    let stages = Stages::parse(stages)?;
    let time = crate::budget::time_limit(time_limit)?;
    let mut p = Puzzle::new(Board::new(rows, cols, regions, numbers)?)?;
    search::solve(&mut p, stages, limit, &mut Budget::new(stop).with_nodes(node_limit).with_time(time))
}

/// The backbone of a board (see [`backbone::Backbone`]) under an optional
/// time limit; `Error::Interrupted` when `stop` asks.
pub fn backbone_with_stop(
    rows: usize,
    cols: usize,
    regions: &[i64],
    numbers: &[Option<i64>],
    time_limit: Option<f64>,
    stop: &mut Stop<'_>,
) -> Result<backbone::Backbone> {
    let time = crate::budget::time_limit(time_limit)?;
    let mut p = Puzzle::new(Board::new(rows, cols, regions, numbers)?)?;
    let mut budget = Budget::new(stop).with_time(time);
    let out = backbone::backbone(&mut p, &mut budget);
    budget.answer(out)
}

/// Fixpoint of the chosen stages without search: `(cell states, edge states,
/// probe hypotheses)` with 0 = unused/off, 1 = used/on, 2 = undecided; None on
/// a contradiction.
pub fn ladder<S: AsRef<str>>(
    rows: usize,
    cols: usize,
    regions: &[i64],
    numbers: &[Option<i64>],
    stages: &[S],
) -> Result<Option<LadderStates>> {
    ladder_with_stop(rows, cols, regions, numbers, stages, &mut Stop::never())
}

/// [`ladder`] that ends with `Error::Interrupted` when `stop` asks.
pub fn ladder_with_stop<S: AsRef<str>>(
    rows: usize,
    cols: usize,
    regions: &[i64],
    numbers: &[Option<i64>],
    stages: &[S],
    stop: &mut Stop<'_>,
) -> Result<Option<LadderStates>> {
    let stages = Stages::parse(stages)?;
    let mut p = Puzzle::new(Board::new(rows, cols, regions, numbers)?)?;
    run_ladder_with_stop(&mut p, stages, stop)
}

#[cfg(test)]
pub(crate) fn run_ladder(p: &mut Puzzle, stages: Stages) -> Option<LadderStates> {
    run_ladder_with_stop(p, stages, &mut Stop::never()).expect("never stopped")
}

pub(crate) fn run_ladder_with_stop(
    p: &mut Puzzle,
    stages: Stages,
    stop: &mut Stop<'_>,
) -> Result<Option<LadderStates>> {
    let mut g = Budget::new(stop);
    let (s, _, r) = ladder::root(p, stages, &mut g);
    if g.halted() {
        return Err(Error::Interrupted);
    }
    let Ok(hyp) = r else { return Ok(None) };
    let n = p.board.num_cells();
    Ok(Some((s.val[..n].to_vec(), s.val[n..].to_vec(), hyp)))
}

/// A board with no numbers, for the functions that only look at regions.
fn regions_only(rows: usize, cols: usize, regions: &[i64]) -> Result<Board> {
    let k = regions.iter().copied().max().unwrap_or(-1).max(-1) + 1;
    Board::new(rows, cols, regions, &vec![None; k as usize])
}

/// The first cell (row-major) cut off from the earlier cells of its country,
/// or None when every country is one orthogonally connected piece
/// (`regions`: a country index `0..K` or -1 per cell, as `Board::new` takes
/// them; checked here only for size).
pub fn first_cut_cell(rows: usize, cols: usize, regions: &[i64]) -> Result<Option<usize>> {
    if rows > board::MAX_SIDE || cols > board::MAX_SIDE || regions.len() != rows * cols {
        return Err(crate::invalid!("regions must be {rows} x {cols} cells of at most {} a side", board::MAX_SIDE));
    }
    let n = regions.len();
    let k = regions.iter().copied().max().unwrap_or(-1).max(-1) + 1;
    let mut seen = vec![false; n];
    let mut done = vec![false; k as usize];
    let mut stack = Vec::new();
    for start in 0..n {
        let r = regions[start];
        if r < 0 || seen[start] {
            continue;
        }
        if done[r as usize] {
            return Ok(Some(start));
        }
        done[r as usize] = true;
        seen[start] = true;
        stack.push(start);
        while let Some(i) = stack.pop() {
            let c = i % cols;
            let up = i.checked_sub(cols);
            let left = (c > 0).then(|| i - 1);
            let right = (c + 1 < cols).then_some(i + 1);
            let down = (i + cols < n).then_some(i + cols);
            for j in [up, down, left, right].into_iter().flatten() {
                if !seen[j] && regions[j] == r {
                    seen[j] = true;
                    stack.push(j);
                }
            }
        }
    }
    Ok(None)
}

/// `(borders, cut vertices, bridges)` of the region graph.
pub fn region_graph(rows: usize, cols: usize, regions: &[i64]) -> Result<RegionGraphSummary> {
    let g = RegionGraph::from_board(&regions_only(rows, cols, regions)?);
    let a = g.articulation();
    Ok((g.borders, a.cut_vertices, a.bridges))
}

/// Every Hamiltonian cycle of the region graph as the sorted list of its
/// borders; `Error::Capacity` past `cap` cycles.
pub fn hamiltonian_cycles(rows: usize, cols: usize, regions: &[i64], cap: usize) -> Result<Vec<Vec<u32>>> {
    hamiltonian_cycles_with_stop(rows, cols, regions, cap, &mut Stop::never())
}

/// [`hamiltonian_cycles`] that ends with `Error::Interrupted` when `stop` asks.
pub fn hamiltonian_cycles_with_stop(
    rows: usize,
    cols: usize,
    regions: &[i64],
    cap: usize,
    stop: &mut Stop<'_>,
) -> Result<Vec<Vec<u32>>> {
    let g = RegionGraph::from_board(&regions_only(rows, cols, regions)?);
    let steps = 5_000_000u64.saturating_add((cap as u64).saturating_mul(2_000));
    Ok(g.hamiltonian_cycles_with_stop(cap, steps, stop)?.border_lists())
}

pub use explain::{Explained, Place as ExplainPlace, RuleInfo, Step as ExplainStep, RULES};

/// The index of a deduction level (not "search").
fn explain_level(level: &str) -> Result<usize> {
    match LEVEL_NAMES.iter().position(|&n| n == level) {
        Some(i) if i + 1 < LEVEL_NAMES.len() => Ok(i),
        _ => Err(crate::invalid!(
            "level must be one of {}, got {level:?}",
            LEVEL_NAMES[..LEVEL_NAMES.len() - 1].join(", ")
        )),
    }
}

fn check_position(b: &Board, position: &[u8]) -> Result<()> {
    let n = b.num_cells() + b.num_edges();
    if position.len() != n {
        return Err(crate::invalid!("position has {} cells and edges, the board has {n}", position.len()));
    }
    if let Some(i) = position.iter().position(|&v| v > 2) {
        return Err(crate::invalid!("position variable {i} is {}, expected 0, 1 or 2", position[i]));
    }
    Ok(())
}

/// The steps of the ladder up to `level` (a level name other than
/// "search"), easiest first, from `position` (cells then edges, 0/1/2;
/// `None` for the empty board). Replaying them reaches [`ladder`]'s fixpoint.
pub fn explain(
    rows: usize,
    cols: usize,
    regions: &[i64],
    numbers: &[Option<i64>],
    position: Option<&[u8]>,
    level: &str,
    stop: &mut Stop<'_>,
) -> Result<Explained> {
    let p = Puzzle::new(Board::new(rows, cols, regions, numbers)?)?;
    // With no deadline the outer None (out of time) never comes.
    explain_on(p, position, level, None, stop)?.ok_or(Error::Interrupted)
}

/// [`explain`] on a built puzzle (consumed: the ladder writes to it),
/// within `time`: `None` when it ran out first (the steps of an explanation
/// cut short are not returned: they would not reach the ladder's fixpoint).
pub(crate) fn explain_on(
    mut p: Puzzle,
    position: Option<&[u8]>,
    level: &str,
    time: Option<std::time::Duration>,
    stop: &mut Stop<'_>,
) -> Result<Option<Explained>> {
    let top = explain_level(level)?;
    if let Some(pos) = position {
        check_position(&p.board, pos)?;
    }
    let mut budget = Budget::new(stop).with_time(time);
    let out = explain::explain(&mut p, position.unwrap_or(&[]), top, false, &mut budget);
    budget.answer_in_time(out)
}

/// Node budget of each search a hint runs.
const HINT_NODES: u64 = 2_000_000;

/// The next step from a player's `position` (cells then edges, 0/1/2): a
/// `no-solution` step when the puzzle has no solution at all, a
/// `mistake` step at a mark that disagrees with every solution (every one the
/// search or the ladder can refute), else the easiest step that decides
/// something new (a `search` step from the unique solution when no rule
/// does); `None` when the position's lines are a solution (or nothing can be
/// decided on a puzzle with several solutions). The outer `None`: `time`
/// ran out before the hint was found.
pub fn hint(
    rows: usize,
    cols: usize,
    regions: &[i64],
    numbers: &[Option<i64>],
    position: &[u8],
    time: Option<std::time::Duration>,
    stop: &mut Stop<'_>,
) -> Result<Option<Option<ExplainStep>>> {
    hint_on(|| Puzzle::new(Board::new(rows, cols, regions, numbers)?), position, time, stop)
}

/// [`hint`] on puzzles that `fresh` builds (each search and explanation
/// writes to its own).
pub(crate) fn hint_on(
    fresh: impl Fn() -> Result<Puzzle>,
    position: &[u8],
    time: Option<std::time::Duration>,
    stop: &mut Stop<'_>,
) -> Result<Option<Option<ExplainStep>>> {
    let mut budget = Budget::new(stop).with_nodes(Some(HINT_NODES)).with_time(time);
    let out = hint_within(fresh, position, &mut budget)?;
    budget.answer_in_time(out)
}

/// [`hint_on`] within `budget` (its searches' nodes, its deadline).
fn hint_within(
    fresh: impl Fn() -> Result<Puzzle>,
    position: &[u8],
    budget: &mut Budget<'_, '_>,
) -> Result<Option<ExplainStep>> {
    let p = fresh()?;
    check_position(&p.board, position)?;
    let n = p.board.num_cells();
    let mistake = |v: usize| ExplainStep {
        rule: explain::MISTAKE,
        place: if v < n { ExplainPlace::Cell(v as u32) } else { ExplainPlace::Edge((v - n) as u32) },
        premise: vec![v as u32],
        decided: Vec::new(),
        contradiction: true,
        because: Vec::new(),
    };
    let marks: Vec<usize> = (0..position.len()).filter(|&v| position[v] != state::UNDECIDED).collect();
    let found = search::solve(&mut fresh()?, Stages::ALL, 2, budget)?;
    if found.finished && found.solutions.is_empty() {
        // The puzzle itself has no solution: blaming a mark (any mark is
        // vacuously one that no solution agrees with) or naming a rule's
        // step would hide what is wrong.
        return Ok(Some(ExplainStep {
            rule: explain::NO_SOLUTION,
            place: ExplainPlace::Board,
            premise: Vec::new(),
            decided: Vec::new(),
            contradiction: true,
            because: Vec::new(),
        }));
    }
    let unique: Option<Vec<u8>> = (found.finished && found.solutions.len() == 1).then(|| {
        let edges = &found.solutions[0];
        let mut vals: Vec<u8> =
            (0..n).map(|c| p.board.cell_edges(c).iter().any(|&e| edges[e as usize] == 1) as u8).collect();
        vals.extend_from_slice(edges);
        vals
    });
    if let Some(sol) = &unique {
        if let Some(&v) = marks.iter().find(|&&v| position[v] != sol[v]) {
            return Ok(Some(mistake(v)));
        }
    } else if explain::explain(&mut fresh()?, position, 4, false, budget).contradiction {
        // The first mark that the ladder refutes with the marks before it.
        let mut prefix = vec![state::UNDECIDED; position.len()];
        for &v in &marks {
            prefix[v] = position[v];
            if explain::explain(&mut fresh()?, &prefix, 4, false, budget).contradiction {
                return Ok(Some(mistake(v)));
            }
        }
    }
    // Solved: the lines are a solution (and, from the checks above, no mark
    // disagrees with every solution).
    let lines: Vec<u8> = position[n..].iter().map(|&v| (v == 1) as u8).collect();
    if check::is_solution(&p.board, &lines) {
        return Ok(None);
    }
    let out = explain::explain(&mut fresh()?, position, 4, true, budget);
    if budget.interrupted() {
        return Err(Error::Interrupted);
    }
    if let Some(step) = out.steps.into_iter().next() {
        return Ok(Some(step));
    }
    if let Some(sol) = unique {
        if let Some(v) = (n..position.len()).find(|&v| position[v] == state::UNDECIDED) {
            return Ok(Some(ExplainStep {
                rule: explain::SEARCH,
                place: ExplainPlace::Edge((v - n) as u32),
                premise: Vec::new(),
                decided: vec![(v as u32, sol[v])],
                contradiction: false,
                because: Vec::new(),
            }));
        }
    }
    Ok(None)
}
