//! Slitherlink's bindings: the board handle `SlitherBoard`, and the
//! generator's free functions (`slither_generate`, `slither_random_loop`).

use pyo3::prelude::*;

use super::{extract_clues, hint_tuple, interruptible, interruptible_within, BackboneTuple, HintTuple, Items, PyStep};
use crate::error::Error;
use crate::slither;

fn slither_level(name: &str) -> Result<slither::Level, Error> {
    slither::Level::from_name(name)
}

/// A suggestion as Python gets it: `(cell, value, count, open)`.
type SuggestionTuple = (usize, i8, usize, usize);

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

/// Steps flattened for Python (see `PyStep`), the first at index 0.
fn flat(steps: Vec<slither::Step>) -> Vec<PyStep> {
    let mut out = Vec::new();
    flatten_steps(steps, -1, &mut out);
    out
}

/// A Slitherlink board checked and built once in the core (`slither::Puzzle`),
/// the handle each Python `Slitherlink` keeps: every question is one of its
/// methods, with the board's own arguments left out.
#[pyclass(frozen, name = "SlitherBoard", module = "loopcraft._core")]
struct PySlitherBoard {
    puzzle: slither::Puzzle,
}

#[pymethods]
impl PySlitherBoard {
    /// Checks the size and the clues (int 0..4 or None, row-major) and
    /// builds the board's tables.
    #[new]
    fn new(rows: usize, cols: usize, clues: &Bound<'_, PyAny>) -> PyResult<Self> {
        let clues = extract_clues(clues, 4)?; // size and length are checked by the core, size first
        Ok(PySlitherBoard { puzzle: slither::Puzzle::new(rows, cols, &clues)? })
    }

    #[getter]
    fn rows(&self) -> usize {
        self.puzzle.rows()
    }

    #[getter]
    fn cols(&self) -> usize {
        self.puzzle.cols()
    }

    /// Counts solutions up to `limit`: `(solutions, finished, nodes)`, each
    /// solution one byte (0/1) per edge.
    #[pyo3(signature = (limit, node_limit=None, time_limit=None))]
    fn solve(
        &self,
        py: Python<'_>,
        limit: usize,
        node_limit: Option<u64>,
        time_limit: Option<f64>,
    ) -> PyResult<(Vec<Vec<u8>>, bool, u64)> {
        let out = interruptible(py, |stop| self.puzzle.solve(limit, node_limit, time_limit, stop))?;
        Ok((out.solutions, out.finished, out.nodes))
    }

    /// The solution count by the search, keeping no solution: `(count,
    /// finished, nodes)` (see `slither::Puzzle::count_search`).
    #[pyo3(signature = (limit, node_limit=None, time_limit=None))]
    fn count_search(
        &self,
        py: Python<'_>,
        limit: usize,
        node_limit: Option<u64>,
        time_limit: Option<f64>,
    ) -> PyResult<(usize, bool, u64)> {
        interruptible(py, |stop| self.puzzle.count_search(limit, node_limit, time_limit, stop))
    }

    /// The backbone: `(count, finished, values, witnesses)`; per edge 0/1 in
    /// every solution or 2 open (see `slither::Backbone`). A finished one is
    /// kept on the handle and not proven again (nor by `suggest`).
    #[pyo3(signature = (time_limit=None))]
    fn backbone(&self, py: Python<'_>, time_limit: Option<f64>) -> PyResult<BackboneTuple> {
        let b = interruptible(py, |stop| self.puzzle.backbone(time_limit, stop))?;
        Ok((b.count, b.finished, b.values, b.witnesses))
    }

    /// `(backbone, suggestions, ranking finished)`: the backbone as in
    /// `backbone`, then up to `k` `(cell, value, count, open)` best first;
    /// the candidates proven on `threads` threads (same answer on any number).
    #[pyo3(signature = (k, time_limit=None, threads=1))]
    fn suggest(
        &self,
        py: Python<'_>,
        k: usize,
        time_limit: Option<f64>,
        threads: i64,
    ) -> PyResult<(BackboneTuple, Vec<SuggestionTuple>, bool)> {
        // Negative counts become 0, which the core refuses with its message.
        let threads = usize::try_from(threads).unwrap_or(0);
        let (b, tips, done) = interruptible(py, |stop| self.puzzle.suggest(k, time_limit, threads, stop))?;
        let tips = tips.into_iter().map(|s| (s.cell, s.value, s.count, s.open)).collect();
        Ok(((b.count, b.finished, b.values, b.witnesses), tips, done))
    }

    /// The fixpoint of a level: per edge 0 = off, 1 = on, 2 = undecided; None on contradiction.
    fn propagate(&self, py: Python<'_>, level: &str) -> PyResult<Option<Vec<u8>>> {
        let level = slither_level(level)?;
        interruptible(py, |stop| self.puzzle.propagate(level, stop))
    }

    /// The steps of a level's deduction from a position (bytes 0/1/2 per edge, or
    /// None for the empty board), flattened (see `PyStep`), None on a
    /// contradiction; with whether it finished (false: `time_limit` ran
    /// out first, and the steps are None).
    #[pyo3(signature = (level, position=None, time_limit=None))]
    fn explain(
        &self,
        py: Python<'_>,
        level: &str,
        position: Option<Items<u8>>,
        time_limit: Option<f64>,
    ) -> PyResult<(Option<Vec<PyStep>>, bool)> {
        let level = slither_level(level)?;
        let time = crate::budget::time_limit(time_limit)?;
        let position = position.map(|Items(p)| p);
        let steps = interruptible(py, |stop| self.puzzle.explain_in_time(position.as_deref(), level, time, stop))?;
        Ok(match steps {
            Some(steps) => (steps.map(flat), true),
            None => (None, false),
        })
    }

    /// The next step from a player's position (bytes 0/1/2 per edge),
    /// flattened as in `explain` (the step first), None when there is none;
    /// with whether it finished (false: `time_limit` ran out first, and the
    /// step is None).
    #[pyo3(signature = (position, time_limit=None))]
    fn hint(&self, py: Python<'_>, position: Items<u8>, time_limit: Option<f64>) -> PyResult<HintTuple> {
        let time = crate::budget::time_limit(time_limit)?;
        let step = interruptible(py, |stop| self.puzzle.hint(&position, time, stop))?;
        Ok(hint_tuple(step.map(|s| s.map(|s| flat(vec![s])))))
    }

    /// `(level, solutions found (0, 1 or 2), finished, score)`; a grade that
    /// `time_limit` cut short is `("search", 0, false, ...)`, as a search
    /// stopped by its node limit before it found a solution.
    #[pyo3(signature = (node_limit=None, time_limit=None))]
    fn grade(
        &self,
        py: Python<'_>,
        node_limit: Option<u64>,
        time_limit: Option<f64>,
    ) -> PyResult<(&'static str, usize, bool, f64)> {
        let search = slither::Level::Search;
        Ok(match interruptible_within(py, time_limit, |stop| self.puzzle.grade(node_limit, stop))? {
            Some(g) => (g.level.name(), g.solutions, g.finished, g.score),
            None => (search.name(), 0, false, search.index() as f64),
        })
    }

    /// Exact count by frontier DP: `(count, peak_states)`; `threads` workers
    /// for an unclued grid's table.
    /// `TimeLimitError` when `time_limit` runs out first. `given` (bytes
    /// 0 off, 1 on, 2 open, in the backbone's layout) counts the ways to
    /// complete it instead: with facts that hold in every solution (a
    /// backbone's), the same count over far fewer states.
    #[pyo3(signature = (limit=None, max_states=None, threads=1, time_limit=None, given=None))]
    fn count_frontier<'py>(
        &self,
        py: Python<'py>,
        limit: Option<i64>,
        max_states: Option<i64>,
        threads: i64,
        time_limit: Option<f64>,
        given: Option<Items<u8>>,
    ) -> PyResult<(Bound<'py, PyAny>, usize)> {
        let given = given.map(|Items(g)| g);
        super::frontier::slither_count(py, &self.puzzle, given.as_deref(), limit, max_states, threads, time_limit)
    }

    /// Exact count, the ladder's fixpoint first, then a sweep of what it
    /// left open: `(count, peak_states, engine, reason)`.
    #[pyo3(signature = (limit=None, max_states=None, deduce=true, threads=1))]
    fn count_deduced<'py>(
        &self,
        py: Python<'py>,
        limit: Option<i64>,
        max_states: Option<i64>,
        deduce: bool,
        threads: i64,
    ) -> PyResult<super::frontier::DeducedTuple<'py>> {
        super::frontier::slither_count_deduced(py, &self.puzzle, limit, max_states, deduce, threads)
    }
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
    m.add_class::<PySlitherBoard>()?;
    m.add_function(wrap_pyfunction!(py_slither_generate, m)?)?;
    m.add_function(wrap_pyfunction!(py_slither_random_loop, m)?)?;
    Ok(())
}
