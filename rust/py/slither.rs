//! Slitherlink's bindings (`slither_*`).

use pyo3::prelude::*;

use super::{extract_clues, interruptible, BackboneTuple, PyStep};
use crate::error::Error;
use crate::slither;
fn slither_level(name: &str) -> Result<slither::Level, Error> {
    slither::Level::from_name(name)
}

/// Counts solutions up to `limit`: `(solutions, finished, nodes)`, each
/// solution one byte (0/1) per edge.
#[pyfunction(name = "slither_solve")]
#[pyo3(signature = (rows, cols, clues, limit, node_limit=None, time_limit=None))]
fn py_slither_solve(
    py: Python<'_>,
    rows: usize,
    cols: usize,
    clues: &Bound<'_, PyAny>,
    limit: usize,
    node_limit: Option<u64>,
    time_limit: Option<f64>,
) -> PyResult<(Vec<Vec<u8>>, bool, u64)> {
    let clues = extract_clues(clues, 4)?; // size and length are checked by the core, size first
    let out =
        interruptible(py, |stop| slither::solve_stoppable(rows, cols, &clues, limit, node_limit, time_limit, stop))?;
    Ok((out.solutions, out.finished, out.nodes))
}

/// A suggestion as Python gets it: `(cell, value, count, open)`.
type SuggestionTuple = (usize, i8, usize, usize);

/// The backbone: `(count, finished, values, witnesses)`; per edge 0/1 in
/// every solution or 2 open (see `slither::Backbone`).
#[pyfunction(name = "slither_backbone")]
#[pyo3(signature = (rows, cols, clues, time_limit=None))]
fn py_slither_backbone(
    py: Python<'_>,
    rows: usize,
    cols: usize,
    clues: &Bound<'_, PyAny>,
    time_limit: Option<f64>,
) -> PyResult<BackboneTuple> {
    let clues = extract_clues(clues, 4)?; // size and length are checked by the core, size first
    let b = interruptible(py, |stop| slither::backbone_stoppable(rows, cols, &clues, time_limit, stop))?;
    Ok((b.count, b.finished, b.values, b.witnesses))
}

/// `(backbone, suggestions, ranking finished)`: the backbone as in
/// `slither_backbone`, then up to `k` `(cell, value, count, open)` best first.
#[pyfunction(name = "slither_suggest")]
#[pyo3(signature = (rows, cols, clues, k, time_limit=None))]
fn py_slither_suggest(
    py: Python<'_>,
    rows: usize,
    cols: usize,
    clues: &Bound<'_, PyAny>,
    k: usize,
    time_limit: Option<f64>,
) -> PyResult<(BackboneTuple, Vec<SuggestionTuple>, bool)> {
    let clues = extract_clues(clues, 4)?; // size and length are checked by the core, size first
    let (b, tips, done) =
        interruptible(py, |stop| slither::suggest_stoppable(rows, cols, &clues, k, time_limit, stop))?;
    let tips = tips.into_iter().map(|s| (s.cell, s.value, s.count, s.open)).collect();
    Ok(((b.count, b.finished, b.values, b.witnesses), tips, done))
}

/// The fixpoint of a level: per edge 0 = off, 1 = on, 2 = undecided; None on contradiction.
#[pyfunction(name = "slither_propagate")]
fn py_slither_propagate(
    py: Python<'_>,
    rows: usize,
    cols: usize,
    clues: &Bound<'_, PyAny>,
    level: &str,
) -> PyResult<Option<Vec<u8>>> {
    let clues = extract_clues(clues, 4)?; // size and length are checked by the core, size first
    let level = slither_level(level)?;
    interruptible(py, |stop| slither::propagate(rows, cols, &clues, level, stop))
}
fn flatten_steps(steps: Vec<slither::Step>, parent: i64, out: &mut Vec<PyStep>) {
    for s in steps {
        let (kind, index) = match s.place {
            slither::Place::Cell(c) => ("cell", c as i64),
            slither::Place::Point(p) => ("point", p as i64),
            slither::Place::Edge(e) => ("edge", e as i64),
            slither::Place::None => ("none", -1),
        };
        let me = out.len() as i64;
        out.push((slither::RULES[s.rule as usize].name, kind, index, s.premise, s.decided, s.contradiction, parent));
        flatten_steps(s.because, me, out);
    }
}

/// The steps of a level's deduction from a position (bytes 0/1/2 per edge, or
/// None for the empty board), flattened (see `PyStep`); None on a contradiction.
#[pyfunction(name = "slither_explain")]
#[pyo3(signature = (rows, cols, clues, level, position=None))]
fn py_slither_explain(
    py: Python<'_>,
    rows: usize,
    cols: usize,
    clues: &Bound<'_, PyAny>,
    level: &str,
    position: Option<Vec<u8>>,
) -> PyResult<Option<Vec<PyStep>>> {
    let clues = extract_clues(clues, 4)?;
    let level = slither_level(level)?;
    let steps = interruptible(py, |stop| slither::explain(rows, cols, &clues, position.as_deref(), level, stop))?;
    Ok(steps.map(|steps| {
        let mut out = Vec::new();
        flatten_steps(steps, -1, &mut out);
        out
    }))
}

/// The next step from a player's position (bytes 0/1/2 per edge), flattened
/// as in `slither_explain` (the step first); None when there is none.
#[pyfunction(name = "slither_hint")]
fn py_slither_hint(
    py: Python<'_>,
    rows: usize,
    cols: usize,
    clues: &Bound<'_, PyAny>,
    position: Vec<u8>,
) -> PyResult<Option<Vec<PyStep>>> {
    let clues = extract_clues(clues, 4)?;
    let step = interruptible(py, |stop| slither::hint(rows, cols, &clues, &position, stop))?;
    Ok(step.map(|s| {
        let mut out = Vec::new();
        flatten_steps(vec![s], -1, &mut out);
        out
    }))
}

/// `(level, solutions found (0, 1 or 2), finished, score)`.
#[pyfunction(name = "slither_grade")]
#[pyo3(signature = (rows, cols, clues, node_limit=None))]
fn py_slither_grade(
    py: Python<'_>,
    rows: usize,
    cols: usize,
    clues: &Bound<'_, PyAny>,
    node_limit: Option<u64>,
) -> PyResult<(&'static str, usize, bool, f64)> {
    let clues = extract_clues(clues, 4)?; // size and length are checked by the core, size first
    let g = interruptible(py, |stop| slither::grade(rows, cols, &clues, node_limit, stop))?;
    Ok((g.level.name(), g.solutions, g.finished, g.score))
}

/// The random loop that generation from `seed` starts with: 0/1 per edge.
#[pyfunction(name = "slither_random_loop")]
fn py_slither_random_loop(py: Python<'_>, rows: usize, cols: usize, seed: u64) -> PyResult<Vec<u8>> {
    Ok(py.detach(|| slither::random_loop(rows, cols, seed))?)
}

/// A puzzle of exactly `level` (None = as few clues as `trial` allows):
/// `(status, clues, level, attempts)` with status `"found"`, `"timeout"` or
/// `"exhausted"` (clues empty unless found, -1 for blank). Ctrl-C stops it.
#[pyfunction(name = "slither_generate")]
#[pyo3(signature = (rows, cols, seed, level=None, attempts=slither::DEFAULT_ATTEMPTS, time_limit=None, search_nodes=slither::DEFAULT_SEARCH_NODES))]
#[allow(clippy::too_many_arguments)]
fn py_slither_generate(
    py: Python<'_>,
    rows: usize,
    cols: usize,
    seed: u64,
    level: Option<&str>,
    attempts: u32,
    time_limit: Option<f64>,
    search_nodes: u64,
) -> PyResult<(&'static str, Vec<i8>, &'static str, u32)> {
    let level = level.map(slither_level).transpose()?;
    let time_limit = crate::budget::time_limit(time_limit)?;
    let opts = slither::GenOptions { level, attempts, time_limit, search_nodes };
    let out = interruptible(py, |stop| slither::generate(rows, cols, seed, &opts, stop))?;
    let status = match out.status {
        slither::GenStatus::Found => "found",
        slither::GenStatus::TimedOut => "timeout",
        slither::GenStatus::Exhausted => "exhausted",
    };
    Ok((status, out.clues, out.level.name(), out.attempts))
}

pub(super) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("SLITHER_LEVELS", pyo3::types::PyTuple::new(m.py(), slither::Level::ALL.map(|t| t.name()))?)?;
    m.add(
        "SLITHER_RULES",
        pyo3::types::PyTuple::new(
            m.py(),
            slither::RULES.iter().map(|r| (r.name, r.level.name(), r.description)).collect::<Vec<_>>(),
        )?,
    )?;
    m.add_function(wrap_pyfunction!(py_slither_explain, m)?)?;
    m.add_function(wrap_pyfunction!(py_slither_hint, m)?)?;
    m.add_function(wrap_pyfunction!(py_slither_solve, m)?)?;
    m.add_function(wrap_pyfunction!(py_slither_propagate, m)?)?;
    m.add_function(wrap_pyfunction!(py_slither_backbone, m)?)?;
    m.add_function(wrap_pyfunction!(py_slither_suggest, m)?)?;
    m.add_function(wrap_pyfunction!(py_slither_grade, m)?)?;
    m.add_function(wrap_pyfunction!(py_slither_generate, m)?)?;
    m.add_function(wrap_pyfunction!(py_slither_random_loop, m)?)?;
    Ok(())
}
