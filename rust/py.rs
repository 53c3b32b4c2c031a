//! The only file that speaks Python. Each wrapper converts its arguments to
//! owned Rust data, runs the core with the GIL released (`py.detach`), and
//! lets the single `From<Error> for PyErr` below map failures.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyBytes, PyInt, PyString};

use crate::error::Error;
use crate::interrupt::Stop;
use crate::loop_v1;
use crate::slither;

/// An instance of one of the exception classes of `loopcraft.errors` (the one
/// hierarchy of the package, written in Python), so that the core raises the
/// same classes as the façade. Falls back to a plain ValueError only if that
/// module cannot be imported, which a working install never sees.
fn loopcraft_error(class: &str, message: String) -> PyErr {
    Python::attach(|py| {
        let made =
            py.import("loopcraft.errors").and_then(|m| m.getattr(class)).and_then(|cls| cls.call1((message.clone(),)));
        match made {
            Ok(instance) => PyErr::from_value(instance),
            Err(_) => PyValueError::new_err(message),
        }
    })
}

impl From<Error> for PyErr {
    fn from(err: Error) -> PyErr {
        match err {
            Error::InvalidArgument(m) | Error::TooLarge(m) => loopcraft_error("ArgumentError", m),
            Error::Capacity(m) => loopcraft_error("CapacityError", m),
            // Only reached when no signal error was pending (see `interruptible`).
            Error::Interrupted => pyo3::exceptions::PyKeyboardInterrupt::new_err("interrupted"),
        }
    }
}

/// Runs core work with the GIL released, handing it a check that asks
/// Python (re-taking the GIL just for that) whether a signal is pending. When
/// one is, the check answers true, the core unwinds with `Error::Interrupted`,
/// and the signal's own exception (usually `KeyboardInterrupt`) is raised here.
fn with_signal_check<T: Send>(
    py: Python<'_>,
    work: impl FnOnce(&(dyn Fn() -> bool + Sync)) -> Result<T, Error> + Send,
) -> PyResult<T> {
    let pending: std::sync::Mutex<Option<PyErr>> = std::sync::Mutex::new(None);
    let check = || {
        Python::attach(|py| match py.check_signals() {
            Ok(()) => false,
            Err(err) => {
                *pending.lock().unwrap_or_else(|p| p.into_inner()) = Some(err);
                true
            }
        })
    };
    let out = py.detach(|| work(&check));
    if let Some(err) = pending.into_inner().unwrap_or_else(|p| p.into_inner()) {
        return Err(err);
    }
    Ok(out?)
}

/// A long core call stoppable by Ctrl-C: its [`Stop`] runs the check every
/// few milliseconds of work.
fn interruptible<T: Send>(py: Python<'_>, work: impl FnOnce(&mut Stop<'_>) -> Result<T, Error> + Send) -> PyResult<T> {
    with_signal_check(py, |check| work(&mut Stop::new(check)))
}

/// Clue list from Python (`None` = blank) to the core's `-1`-for-blank form,
/// checked item by item so that the façade need not walk it in Python first:
/// `TypeError` for anything but int or None (bool included), `ValueError` for
/// a value outside `0..=max`.
fn extract_clues(obj: &Bound<'_, PyAny>, max: i64) -> PyResult<Vec<i8>> {
    if obj.is_instance_of::<PyString>() || obj.is_instance_of::<PyBytes>() {
        return Err(loopcraft_error("ArgumentTypeError", "clues must be a list of int or None, not a string".into()));
    }
    let mut out = Vec::with_capacity(obj.len().unwrap_or(0));
    for (i, item) in obj.try_iter()?.enumerate() {
        let item = item?;
        if item.is_none() {
            out.push(-1);
            continue;
        }
        if item.is_instance_of::<PyBool>() || !item.is_instance_of::<PyInt>() {
            let kind = item.get_type().name()?;
            return Err(loopcraft_error("ArgumentTypeError", format!("clues[{i}] must be an int or None, got {kind}")));
        }
        match item.extract::<i64>() {
            Ok(v) if (0..=max).contains(&v) => out.push(v as i8),
            _ => return Err(loopcraft_error("ArgumentError", format!("clues[{i}] = {item} is outside 0..{max}"))),
        }
    }
    Ok(out)
}

// ---------------------------------------------------------------- Loop engine v1

/// v1 propagation; domains are bit sets (1 = off, 2 = on, 3 = undecided).
#[pyfunction(name = "loop_propagate")]
fn py_loop_propagate(
    py: Python<'_>,
    n: usize,
    clues: &Bound<'_, PyAny>,
    domains: Vec<u8>,
) -> PyResult<(Vec<u8>, bool)> {
    let clues = extract_clues(clues, 4)?;
    Ok(py.detach(|| loop_v1::propagate(n, &clues, &domains))?)
}

/// v1 search: `(solutions, nodes, truncated)`.
#[pyfunction(name = "loop_solve")]
fn py_loop_solve(
    py: Python<'_>,
    n: usize,
    clues: &Bound<'_, PyAny>,
    node_limit: u64,
) -> PyResult<(Vec<Vec<u8>>, u64, bool)> {
    let clues = extract_clues(clues, 4)?;
    let r = py.detach(|| loop_v1::solve(n, &clues, node_limit))?;
    Ok((r.solutions, r.nodes, r.truncated))
}

/// v1 clue thinning of `generate`: `(clues, final_check_ok)`.
#[pyfunction(name = "loop_thin")]
fn py_loop_thin(
    py: Python<'_>,
    n: usize,
    clues: &Bound<'_, PyAny>,
    order: Vec<usize>,
) -> PyResult<(Vec<Option<u8>>, bool)> {
    let clues = extract_clues(clues, 4)?;
    let (thinned, ok) = py.detach(|| loop_v1::thin(n, &clues, &order))?;
    Ok((thinned.into_iter().map(|c| u8::try_from(c).ok()).collect(), ok))
}

/// v1 `closedComponent`: `(points, edges)` in visiting order, or None.
#[pyfunction(name = "loop_closed_component")]
fn py_loop_closed_component(py: Python<'_>, n: usize, edges: Vec<usize>) -> PyResult<Option<(Vec<usize>, Vec<usize>)>> {
    Ok(py.detach(|| {
        let grid = loop_v1::grid_for(n)?;
        loop_v1::closed_component(&grid, &edges)
    })?)
}

// ---------------------------------------------------------------- Slitherlink

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

/// A backbone as Python gets it: `(count, finished, values, witnesses)`.
type BackboneTuple = (usize, bool, Vec<u8>, Vec<Vec<u8>>);
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

/// One step for Python: `(rule, place kind, place index, premise keys,
/// decisions, contradiction, parent)`; a trial's refutation follows it with
/// `parent` its index, top-level steps have parent -1.
type PyStep = (&'static str, &'static str, i64, Vec<u32>, Vec<(u32, u8)>, bool, i64);

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

// ---------------------------------------------------------------- Country Road

/// A Python int that must be >= 0, as the core's unsigned type: a negative
/// value is an ArgumentError naming the argument, not an OverflowError. The
/// core checks everything else about the board (once, in `country::Board::new`).
fn non_negative<T: TryFrom<i64>>(name: &str, v: i64) -> Result<T, Error> {
    T::try_from(v).map_err(|_| Error::InvalidArgument(format!("{name} must be >= 0, got {v}")))
}

/// A search's `limit` and `node_limit` from Python ints.
fn search_limits(limit: i64, node_limit: Option<i64>) -> Result<(usize, Option<u64>), Error> {
    Ok((non_negative("limit", limit)?, node_limit.map(|n| non_negative("node_limit", n)).transpose()?))
}

/// Board size from Python ints.
fn country_size(rows: i64, cols: i64) -> Result<(usize, usize), Error> {
    Ok((non_negative("rows", rows)?, non_negative("cols", cols)?))
}

/// Brute-force count "cells" (used cells first, then the loop); at most `limit`.
#[pyfunction(name = "country_count_cells", signature = (rows, cols, regions, numbers, limit=None))]
fn py_country_count_cells(
    py: Python<'_>,
    rows: i64,
    cols: i64,
    regions: Vec<i64>,
    numbers: Vec<Option<i64>>,
    limit: Option<i64>,
) -> PyResult<u64> {
    let (rows, cols) = country_size(rows, cols)?;
    let limit = limit.map(|l| non_negative("limit", l)).transpose()?;
    interruptible(py, |stop| crate::country::count::cells::count_with_stop(rows, cols, &regions, &numbers, limit, stop))
}

/// Brute-force count "loops" (every simple cycle of the grid); at most `limit`.
#[pyfunction(name = "country_count_loops", signature = (rows, cols, regions, numbers, limit=None))]
fn py_country_count_loops(
    py: Python<'_>,
    rows: i64,
    cols: i64,
    regions: Vec<i64>,
    numbers: Vec<Option<i64>>,
    limit: Option<i64>,
) -> PyResult<u64> {
    let (rows, cols) = country_size(rows, cols)?;
    let limit = limit.map(|l| non_negative("limit", l)).transpose()?;
    interruptible(py, |stop| crate::country::count::loops::count_with_stop(rows, cols, &regions, &numbers, limit, stop))
}

/// Search with the chosen ladder stages at every node: `(solutions, finished, nodes)`.
#[pyfunction(name = "country_solve", signature = (rows, cols, regions, numbers, limit, stages, node_limit=None, time_limit=None))]
#[allow(clippy::too_many_arguments, reason = "mirrors the Python signature of _core.country_solve")]
fn py_country_solve(
    py: Python<'_>,
    rows: i64,
    cols: i64,
    regions: Vec<i64>,
    numbers: Vec<Option<i64>>,
    limit: i64,
    stages: Vec<String>,
    node_limit: Option<i64>,
    time_limit: Option<f64>,
) -> PyResult<(Vec<Vec<u8>>, bool, u64)> {
    let (rows, cols) = country_size(rows, cols)?;
    let (limit, node_limit) = search_limits(limit, node_limit)?;
    let r = interruptible(py, |stop| {
        crate::country::solve_with_stop(rows, cols, &regions, &numbers, limit, &stages, node_limit, time_limit, stop)
    })?;
    Ok((r.solutions, r.finished, r.nodes))
}

/// The backbone: `(count, finished, values, witnesses)`; values per cell
/// then per edge, 0/1 in every solution or 2 open (see `country::backbone`).
#[pyfunction(name = "country_backbone", signature = (rows, cols, regions, numbers, time_limit=None))]
fn py_country_backbone(
    py: Python<'_>,
    rows: i64,
    cols: i64,
    regions: Vec<i64>,
    numbers: Vec<Option<i64>>,
    time_limit: Option<f64>,
) -> PyResult<BackboneTuple> {
    let (rows, cols) = country_size(rows, cols)?;
    let b =
        interruptible(py, |stop| crate::country::backbone_with_stop(rows, cols, &regions, &numbers, time_limit, stop))?;
    Ok((b.count, b.finished, b.values, b.witnesses))
}

/// Ladder fixpoint without search: `(cell states, edge states, probe hypotheses)` or None.
#[pyfunction(name = "country_ladder")]
fn py_country_ladder(
    py: Python<'_>,
    rows: i64,
    cols: i64,
    regions: Vec<i64>,
    numbers: Vec<Option<i64>>,
    stages: Vec<String>,
) -> PyResult<Option<crate::country::LadderStates>> {
    let (rows, cols) = country_size(rows, cols)?;
    interruptible(py, |stop| crate::country::ladder_with_stop(rows, cols, &regions, &numbers, &stages, stop))
}

fn flatten_country_steps(steps: Vec<crate::country::ExplainStep>, parent: i64, out: &mut Vec<PyStep>) {
    use crate::country::ExplainPlace as P;
    for s in steps {
        let (kind, index) = match s.place {
            P::Cell(c) => ("cell", c as i64),
            P::Edge(e) => ("edge", e as i64),
            P::Country(k) => ("country", k as i64),
            P::Border(i) => ("border", i as i64),
            P::Board => ("none", -1),
        };
        let me = out.len() as i64;
        let name = crate::country::RULES[s.rule as usize].name;
        out.push((name, kind, index, s.premise, s.decided, s.contradiction, parent));
        flatten_country_steps(s.because, me, out);
    }
}

/// The steps of the ladder up to `level` from a position (bytes 0/1/2, cells
/// then edges, or None): `(steps flattened as in slither_explain,
/// contradiction, the values reached)`.
#[pyfunction(name = "country_explain")]
#[pyo3(signature = (rows, cols, regions, numbers, level, position=None))]
fn py_country_explain(
    py: Python<'_>,
    rows: i64,
    cols: i64,
    regions: Vec<i64>,
    numbers: Vec<Option<i64>>,
    level: &str,
    position: Option<Vec<u8>>,
) -> PyResult<(Vec<PyStep>, bool, Vec<u8>)> {
    let (rows, cols) = country_size(rows, cols)?;
    let out = interruptible(py, |stop| {
        crate::country::explain(rows, cols, &regions, &numbers, position.as_deref(), level, stop)
    })?;
    let mut steps = Vec::new();
    flatten_country_steps(out.steps, -1, &mut steps);
    Ok((steps, out.contradiction, out.values))
}

/// The next step from a player's position (bytes 0/1/2, cells then edges),
/// flattened (the step first); None when there is none.
#[pyfunction(name = "country_hint")]
fn py_country_hint(
    py: Python<'_>,
    rows: i64,
    cols: i64,
    regions: Vec<i64>,
    numbers: Vec<Option<i64>>,
    position: Vec<u8>,
) -> PyResult<Option<Vec<PyStep>>> {
    let (rows, cols) = country_size(rows, cols)?;
    let step = interruptible(py, |stop| crate::country::hint(rows, cols, &regions, &numbers, &position, stop))?;
    Ok(step.map(|s| {
        let mut out = Vec::new();
        flatten_country_steps(vec![s], -1, &mut out);
        out
    }))
}

/// A Country Road region map kept between calls: geometry and region graph
/// built once, then ladder runs and solves with any numbers (the generator's
/// deletion loop, `grade`); optionally a loop known to solve it, which guides
/// the root's probe.
#[pyclass(frozen, name = "CountryRegionMap", module = "loopcraft._core")]
struct PyCountryRegionMap {
    map: crate::country::RegionMap,
}

#[pymethods]
impl PyCountryRegionMap {
    #[new]
    #[pyo3(signature = (rows, cols, regions, r#loop=None))]
    fn new(py: Python<'_>, rows: i64, cols: i64, regions: Vec<i64>, r#loop: Option<Vec<u8>>) -> PyResult<Self> {
        let (rows, cols) = country_size(rows, cols)?;
        let map = py.detach(|| {
            let map = crate::country::RegionMap::new(rows, cols, &regions)?;
            match r#loop {
                Some(edges) => map.with_loop(&edges),
                None => Ok(map),
            }
        })?;
        Ok(PyCountryRegionMap { map })
    }

    #[getter]
    fn rows(&self) -> usize {
        self.map.rows()
    }

    #[getter]
    fn cols(&self) -> usize {
        self.map.cols()
    }

    #[getter]
    fn countries(&self) -> usize {
        self.map.countries()
    }

    /// Ladder fixpoint with `numbers`: `(cell states, edge states, probe hypotheses)` or None.
    fn ladder(
        &self,
        py: Python<'_>,
        numbers: Vec<Option<i64>>,
        stages: Vec<String>,
    ) -> PyResult<Option<crate::country::LadderStates>> {
        let stages = crate::country::Stages::parse(&stages)?;
        interruptible(py, |stop| self.map.ladder(&numbers, stages, stop))
    }

    /// Search with `numbers`: `(solutions as edge bytes, finished, nodes)`.
    #[pyo3(signature = (numbers, limit, stages, node_limit=None, time_limit=None))]
    fn solve(
        &self,
        py: Python<'_>,
        numbers: Vec<Option<i64>>,
        limit: i64,
        stages: Vec<String>,
        node_limit: Option<i64>,
        time_limit: Option<f64>,
    ) -> PyResult<(Vec<Vec<u8>>, bool, u64)> {
        let stages = crate::country::Stages::parse(&stages)?;
        let (limit, node_limit) = search_limits(limit, node_limit)?;
        let time = crate::budget::time_limit(time_limit)?;
        let r = interruptible(py, |stop| {
            let mut budget = crate::budget::Budget::new(stop).with_nodes(node_limit).with_time(time);
            self.map.solve(&numbers, stages, limit, &mut budget)
        })?;
        Ok((r.solutions, r.finished, r.nodes))
    }
}

/// The first cell cut off from its country (row-major), or None.
#[pyfunction(name = "country_first_cut_cell")]
fn py_country_first_cut_cell(rows: i64, cols: i64, regions: Vec<i64>) -> PyResult<Option<usize>> {
    let (rows, cols) = country_size(rows, cols)?;
    Ok(crate::country::first_cut_cell(rows, cols, &regions)?)
}

/// `(borders, cut vertices, bridges)` of the region graph (Hopcroft-Tarjan).
#[pyfunction(name = "country_region_graph")]
fn py_country_region_graph(
    py: Python<'_>,
    rows: i64,
    cols: i64,
    regions: Vec<i64>,
) -> PyResult<crate::country::RegionGraphSummary> {
    let (rows, cols) = country_size(rows, cols)?;
    Ok(py.detach(|| crate::country::region_graph(rows, cols, &regions))?)
}

/// Every Hamiltonian cycle of the region graph as an int bitmask over borders.
#[pyfunction(name = "country_hamiltonian_cycles")]
fn py_country_hamiltonian_cycles<'py>(
    py: Python<'py>,
    rows: i64,
    cols: i64,
    regions: Vec<i64>,
    cap: i64,
) -> PyResult<Vec<Bound<'py, PyAny>>> {
    let (rows, cols) = country_size(rows, cols)?;
    let cap = non_negative("cap", cap)?;
    let cycles =
        interruptible(py, |stop| crate::country::hamiltonian_cycles_with_stop(rows, cols, &regions, cap, stop))?;
    // Masks may pass 128 bits: build each int from its little-endian bytes.
    let from_bytes = py.get_type::<pyo3::types::PyInt>().getattr("from_bytes")?;
    cycles
        .into_iter()
        .map(|borders| {
            let mut bytes = vec![0u8; borders.last().map_or(0, |&b| b as usize / 8 + 1)];
            for b in borders {
                bytes[b as usize / 8] |= 1 << (b % 8);
            }
            from_bytes.call1((pyo3::types::PyBytes::new(py, &bytes), "little"))
        })
        .collect()
}

// ---------------------------------------------------------------- batches (see rust/batch.rs)

/// The items of a batch: each a `str` (read by the core's reader on a
/// worker thread, or left to Python's `parse`) or a board, which
/// `board` converts.
fn batch_inputs<'py, B>(
    boards: &Bound<'py, PyAny>,
    board: impl Fn(&Bound<'py, PyAny>) -> PyResult<B>,
) -> PyResult<Vec<crate::batch::Input<B>>> {
    use crate::batch::Input;
    let mut inputs = Vec::with_capacity(boards.len().unwrap_or(0));
    for item in boards.try_iter()? {
        let item = item?;
        inputs.push(match item.cast::<PyString>() {
            // A str too long to read (not copied) or not valid UTF-8 (a lone
            // surrogate) goes as the empty text, which the reader refuses,
            // so Python's `parse` gets the original and says what it is.
            Ok(text) if text.len()? > crate::read::MAX_TEXT => Input::Text(String::new()),
            Ok(text) => Input::Text(text.to_cow().map(|t| t.into_owned()).unwrap_or_default()),
            Err(_) => Input::Board(board(&item)?),
        });
    }
    Ok(inputs)
}

/// The core's clues (`-1` blank) as Python's (`None` blank).
fn optional_clues(clues: &[i8]) -> Vec<Option<i8>> {
    clues.iter().map(|&c| (c >= 0).then_some(c)).collect()
}

/// One answer of a batch as Python sees it: the single call's
/// `(solutions, finished, nodes)` tuple, with the board read as a fourth
/// member for a text the core read; the exception instance its error maps
/// to (returned, not raised); or None for a text left to Python's reader.
fn batch_answer<'py, B, T, O: IntoPyObject<'py>>(
    py: Python<'py>,
    answer: crate::batch::Answer<B, T>,
    to_tuple: impl FnOnce(T) -> (Vec<Vec<u8>>, bool, u64),
    read: impl FnOnce(B) -> O,
) -> PyResult<Bound<'py, PyAny>> {
    use crate::batch::Answer;
    use pyo3::IntoPyObjectExt;
    let error = |e: Error| Ok(PyErr::from(e).into_value(py).into_bound(py).into_any());
    match answer {
        Answer::Solved(Ok(v)) => to_tuple(v).into_bound_py_any(py),
        Answer::Read(board, Ok(v)) => {
            let (solutions, finished, nodes) = to_tuple(v);
            (solutions, finished, nodes, read(board)).into_bound_py_any(py)
        }
        Answer::Solved(Err(e)) | Answer::Read(_, Err(e)) => error(e),
        Answer::Unread => Ok(py.None().into_bound(py)),
    }
}

/// `slither_solve` on many boards, each `(rows, cols, clues)` or a text,
/// over `threads` threads (see [`batch_answer`]; a text read by the core
/// comes back with `(rows, cols, clues)`).
#[pyfunction(name = "slither_solve_many")]
#[pyo3(signature = (boards, limit, node_limit=None, time_limit=None, threads=None))]
fn py_slither_solve_many<'py>(
    py: Python<'py>,
    boards: &Bound<'py, PyAny>,
    limit: usize,
    node_limit: Option<u64>,
    time_limit: Option<f64>,
    threads: Option<usize>,
) -> PyResult<Vec<Bound<'py, PyAny>>> {
    let items = batch_inputs(boards, |board| {
        let (rows, cols, clues): (usize, usize, Bound<'py, PyAny>) = board.extract()?;
        Ok(crate::batch::SlitherItem { rows, cols, clues: extract_clues(&clues, 4)? })
    })?;
    let answers = with_signal_check(py, |stop| {
        crate::batch::slither_solve(&items, limit, node_limit, time_limit, threads, stop)
    })?;
    answers
        .into_iter()
        .map(|a| {
            batch_answer(py, a, |o| (o.solutions, o.finished, o.nodes), |b| (b.rows, b.cols, optional_clues(&b.clues)))
        })
        .collect()
}

/// `country_solve` (every stage) on many boards, each
/// `(rows, cols, regions, numbers)` or a text (see [`batch_answer`]; a text
/// read by the core comes back with `(rows, cols)`).
#[pyfunction(name = "country_solve_many")]
#[pyo3(signature = (boards, limit, node_limit=None, time_limit=None, threads=None))]
fn py_country_solve_many<'py>(
    py: Python<'py>,
    boards: &Bound<'py, PyAny>,
    limit: i64,
    node_limit: Option<i64>,
    time_limit: Option<f64>,
    threads: Option<usize>,
) -> PyResult<Vec<Bound<'py, PyAny>>> {
    let limit = usize::try_from(non_negative::<u64>("limit", limit)?).unwrap_or(usize::MAX);
    let node_limit = node_limit.map(|n| non_negative::<u64>("node_limit", n)).transpose()?;
    let items = batch_inputs(boards, |board| {
        let (rows, cols, regions, numbers): (i64, i64, Vec<i64>, Vec<Option<i64>>) = board.extract()?;
        let (rows, cols) = country_size(rows, cols)?;
        Ok(crate::batch::CountryItem { rows, cols, regions, numbers })
    })?;
    let answers = with_signal_check(py, |stop| {
        crate::batch::country_solve(&items, limit, node_limit, time_limit, threads, stop)
    })?;
    answers
        .into_iter()
        .map(|a| batch_answer(py, a, |r| (r.solutions, r.finished, r.nodes), |b| (b.rows, b.cols)))
        .collect()
}

/// What a batch reads of a text (`read::slither_item`/`read::country_item`,
/// for the tests that hold it to `parse`): the board in the core's form, or
/// None for a text left to Python.
#[pyfunction(name = "fast_read")]
fn py_fast_read<'py>(py: Python<'py>, family: &str, text: String) -> PyResult<Bound<'py, PyAny>> {
    use pyo3::IntoPyObjectExt;
    match family {
        "slitherlink" => {
            crate::read::slither_item(&text).map(|b| (b.rows, b.cols, optional_clues(&b.clues))).into_bound_py_any(py)
        }
        "country" => {
            crate::read::country_item(&text).map(|b| (b.rows, b.cols, b.regions, b.numbers)).into_bound_py_any(py)
        }
        _ => Err(Error::InvalidArgument(format!("unknown family {family:?}")).into()),
    }
}

impl From<crate::read::ReadError> for PyErr {
    fn from(err: crate::read::ReadError) -> PyErr {
        loopcraft_error("FormatError", err.message)
    }
}

/// A Python int from a number read in a text (of any length).
fn int_of<'py>(py: Python<'py>, n: &crate::read::text::Number) -> PyResult<Bound<'py, PyAny>> {
    use pyo3::IntoPyObjectExt;
    match n.value() {
        Some(v) => v.into_bound_py_any(py),
        None => py.get_type::<PyInt>().call1((n.to_string(),)),
    }
}

/// Runs a reading without the GIL when the text is long enough for that to matter.
fn reading<T: Send>(py: Python<'_>, long: bool, read: impl FnOnce() -> T + Send) -> T {
    if long {
        py.detach(read)
    } else {
        read()
    }
}

/// The one reader of puzzlekit text and puzz.link URLs (`rust/read/`), as
/// every Python reader of those formats calls it. `format` is `"any"` (what
/// `parse` reads: the format detected), `"url"`, `"puzzlekit"`, or
/// `"solution"` (Slitherlink solution text: 1 inside, 0 outside) or `"loop"`
/// (a Country Road loop's text: `(rows, cols, [(line, tokens), ...])`, the
/// tokens for Python to check). Answers the
/// board (Slitherlink `(rows, cols, clues)`, None a blank; Country Road
/// `(rows, cols, cells, ids, numbers)`: the country of each cell, -1 blocked,
/// each country's id as an int or a str, and `(country, number)` pairs in
/// the order the text gives them), or for
/// `"any"` the name of a format Python reads (`"json"`, `"tatham"`).
/// Raises `FormatError` with the reader's message.
#[pyfunction(name = "read_text")]
fn py_read_text<'py>(
    py: Python<'py>,
    family: &str,
    format: &str,
    text: &Bound<'py, PyString>,
) -> PyResult<Bound<'py, PyAny>> {
    use crate::read::{self, puzzlekit, pzpr, Read, RegionId};
    use pyo3::IntoPyObjectExt;
    // A str holding a lone surrogate is no UTF-8: UnicodeEncodeError, which
    // `loopcraft._text.read` catches to send it in another spelling.
    let text = text.to_cow()?;
    let text: &str = &text;
    let long = text.len() > 1 << 16;
    let unknown = || Err(Error::InvalidArgument(format!("unknown family or format {family:?}, {format:?}")).into());
    match family {
        "slitherlink" => {
            let board = match format {
                "any" => match reading(py, long, || read::slither(text))? {
                    Read::Board(b) => b,
                    Read::Other(f) => return f.name().into_bound_py_any(py),
                },
                "url" => reading(py, long, || pzpr::slither(text))?,
                "puzzlekit" => reading(py, long, || puzzlekit::slither(text))?,
                "solution" => {
                    let b = reading(py, long, || puzzlekit::slither_solution(text))?;
                    return (b.rows, b.cols, b.clues).into_bound_py_any(py);
                }
                _ => return unknown(),
            };
            (board.rows, board.cols, optional_clues(&board.clues)).into_bound_py_any(py)
        }
        "country" => {
            let board = match format {
                "any" => match reading(py, long, || read::country(text))? {
                    Read::Board(b) => b,
                    Read::Other(f) => return f.name().into_bound_py_any(py),
                },
                "url" => reading(py, long, || pzpr::country(text))?,
                "puzzlekit" => reading(py, long, || puzzlekit::country(text))?,
                "loop" => {
                    let (rows, cols, lines) = reading(py, long, || puzzlekit::country_loop(text))?;
                    return (rows, cols, lines).into_bound_py_any(py);
                }
                _ => return unknown(),
            };
            let ids = board
                .ids
                .iter()
                .map(|id| match id {
                    RegionId::Index(k) => k.into_bound_py_any(py),
                    RegionId::Int(digits) => int_of(py, &read::text::Number::parse(digits).expect("digits")),
                    RegionId::Name(name) => name.into_bound_py_any(py),
                })
                .collect::<PyResult<Vec<_>>>()?;
            let numbers = board.numbers.iter().map(|(k, n)| Ok((*k, int_of(py, n)?))).collect::<PyResult<Vec<_>>>()?;
            (board.rows, board.cols, board.cells, ids, numbers).into_bound_py_any(py)
        }
        _ => unknown(),
    }
}

/// The format `parse` picks for a text of `family` (`read::detect`):
/// `"url"`, `"puzzlekit"`, `"json"` or `"tatham"`.
#[pyfunction(name = "text_format")]
fn py_text_format(family: &str, text: &Bound<'_, PyString>) -> PyResult<&'static str> {
    let family = match family {
        "slitherlink" => crate::read::Family::Slitherlink,
        "country" => crate::read::Family::Country,
        _ => return Err(Error::InvalidArgument(format!("unknown family {family:?}")).into()),
    };
    Ok(crate::read::detect(family, &text.to_string_lossy()).name())
}

/// `loop_solve` on many clue lists of one size n: per list the
/// `(solutions, nodes, truncated)` tuple or an exception instance.
#[pyfunction(name = "loop_solve_many")]
#[pyo3(signature = (n, clue_lists, node_limit, threads=None))]
fn py_loop_solve_many<'py>(
    py: Python<'py>,
    n: usize,
    clue_lists: &Bound<'py, PyAny>,
    node_limit: u64,
    threads: Option<usize>,
) -> PyResult<Vec<Bound<'py, PyAny>>> {
    use pyo3::IntoPyObjectExt;
    let mut lists = Vec::with_capacity(clue_lists.len().unwrap_or(0));
    for clues in clue_lists.try_iter()? {
        lists.push(extract_clues(&clues?, 4)?);
    }
    let answers = with_signal_check(py, |stop| crate::batch::loop_solve(n, &lists, node_limit, threads, stop))?;
    answers
        .into_iter()
        .map(|a| match a {
            Ok(r) => (r.solutions, r.nodes, r.truncated).into_bound_py_any(py),
            Err(e) => Ok(PyErr::from(e).into_value(py).into_bound(py).into_any()),
        })
        .collect()
}

// ---------------------------------------------------------------- module

/// The limits and defaults that Python reads instead of copying them.
fn add_constants(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("SLITHER_MAX_SIDE", slither::MAX_SIDE)?;
    m.add("COUNTRY_MAX_SIDE", crate::country::board::MAX_SIDE)?;
    m.add("COUNTRY_MIN_SIDE", crate::read::COUNTRY_MIN_SIDE)?;
    m.add("MAX_TEXT", crate::read::MAX_TEXT)?;
    m.add("MAX_DIGITS", crate::read::MAX_DIGITS)?;
    m.add("MAX_URL", crate::read::pzpr::MAX_URL)?;
    m.add("URL_SITES", pyo3::types::PyTuple::new(m.py(), crate::read::pzpr::SITES)?)?;
    m.add("URL_NUMBER_FORMS", pyo3::types::PyTuple::new(m.py(), crate::read::pzpr::NUMBER_FORMS)?)?;
    m.add("MAX_THREADS", crate::batch::MAX_THREADS)?;
    m.add("MAX_ATTEMPTS", u32::MAX)?;
    m.add("SLITHER_ATTEMPTS", slither::DEFAULT_ATTEMPTS)?;
    m.add("SLITHER_SEARCH_NODES", slither::DEFAULT_SEARCH_NODES)?;
    m.add("LOOP_V1_MAX_N", crate::loop_v1::MAX_N)?;
    m.add("LOOP_V1_NODE_LIMIT", crate::loop_v1::THIN_NODE_LIMIT)?;
    Ok(())
}

#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    add_constants(m)?;
    m.add_function(wrap_pyfunction!(py_loop_propagate, m)?)?;
    m.add_function(wrap_pyfunction!(py_loop_solve, m)?)?;
    m.add_function(wrap_pyfunction!(py_loop_closed_component, m)?)?;
    m.add_function(wrap_pyfunction!(py_loop_thin, m)?)?;
    // Slitherlink
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
    // Country Road
    m.add_function(wrap_pyfunction!(py_country_count_cells, m)?)?;
    m.add_function(wrap_pyfunction!(py_country_count_loops, m)?)?;
    m.add("COUNTRY_STAGES", pyo3::types::PyTuple::new(m.py(), crate::country::STAGE_NAMES)?)?;
    m.add("COUNTRY_LEVELS", pyo3::types::PyTuple::new(m.py(), crate::country::LEVEL_NAMES)?)?;
    m.add_function(wrap_pyfunction!(py_country_solve, m)?)?;
    m.add_function(wrap_pyfunction!(py_country_ladder, m)?)?;
    m.add_function(wrap_pyfunction!(py_country_backbone, m)?)?;
    m.add(
        "COUNTRY_RULES",
        pyo3::types::PyTuple::new(
            m.py(),
            crate::country::RULES.iter().map(|r| (r.name, r.level, r.description)).collect::<Vec<_>>(),
        )?,
    )?;
    m.add_function(wrap_pyfunction!(py_country_explain, m)?)?;
    m.add_function(wrap_pyfunction!(py_country_hint, m)?)?;
    m.add_class::<PyCountryRegionMap>()?;
    m.add_function(wrap_pyfunction!(py_country_region_graph, m)?)?;
    m.add_function(wrap_pyfunction!(py_country_first_cut_cell, m)?)?;
    m.add_function(wrap_pyfunction!(py_country_hamiltonian_cycles, m)?)?;
    // Frontier counting
    m.add_function(wrap_pyfunction!(py_slither_count_frontier, m)?)?;
    m.add_function(wrap_pyfunction!(py_country_count_frontier, m)?)?;
    m.add_function(wrap_pyfunction!(py_slither_count_deduced, m)?)?;
    m.add_function(wrap_pyfunction!(py_country_count_deduced, m)?)?;
    // Batches
    m.add_function(wrap_pyfunction!(py_slither_solve_many, m)?)?;
    m.add_function(wrap_pyfunction!(py_country_solve_many, m)?)?;
    m.add_function(wrap_pyfunction!(py_loop_solve_many, m)?)?;
    m.add_function(wrap_pyfunction!(py_fast_read, m)?)?;
    m.add_function(wrap_pyfunction!(py_read_text, m)?)?;
    m.add_function(wrap_pyfunction!(py_text_format, m)?)?;
    Ok(())
}

// ---------------------------------------------------------------- Frontier counting

/// A frontier count as a Python int (built from its little-endian bytes).
fn frontier_int<'py>(py: Python<'py>, count: &crate::frontier::Nat) -> PyResult<Bound<'py, PyAny>> {
    let from_bytes = py.get_type::<PyInt>().getattr("from_bytes")?;
    from_bytes.call1((PyBytes::new(py, &count.to_le_bytes()), "little"))
}

/// `max_states` from Python: a positive count of states, or None for the default.
fn frontier_max_states(max_states: Option<i64>) -> Result<Option<usize>, Error> {
    max_states
        .map(|m| match usize::try_from(m) {
            Ok(m) if m >= 1 => Ok(m),
            _ => Err(Error::InvalidArgument(format!("max_states must be >= 1, got {m}"))),
        })
        .transpose()
}

/// The sides of a Slitherlink board for the frontier engine.
fn frontier_slither_sides(rows: i64, cols: i64) -> Result<(usize, usize), Error> {
    let side = |name: &str, v: i64| match usize::try_from(v) {
        Ok(v) if (1..=crate::frontier::SLITHER_MAX_SIDE).contains(&v) => Ok(v),
        Ok(v) if v > crate::frontier::SLITHER_MAX_SIDE => Err(Error::TooLarge(format!(
            "the frontier engine counts Slitherlink boards of at most {0} x {0}, got {name} = {v}",
            crate::frontier::SLITHER_MAX_SIDE
        ))),
        _ => Err(Error::InvalidArgument(format!("{name} must be >= 1, got {v}"))),
    };
    Ok((side("rows", rows)?, side("cols", cols)?))
}

/// A deduce-then-sweep count as `(count, peak_states, engine, reason)`.
type DeducedTuple<'py> = (Bound<'py, PyAny>, usize, &'static str, String);

fn deduced_tuple<'py>(py: Python<'py>, out: crate::frontier::Deduced) -> PyResult<DeducedTuple<'py>> {
    Ok((frontier_int(py, &out.count.count)?, out.count.peak_states, out.route.name(), out.reason))
}

/// Exact Slitherlink count, the ladder's fixpoint first, then a sweep of
/// what it left open: `(count, peak_states, engine, reason)`.
#[pyfunction(name = "slither_count_deduced", signature = (rows, cols, clues, limit=None, max_states=None, deduce=true))]
fn py_slither_count_deduced<'py>(
    py: Python<'py>,
    rows: i64,
    cols: i64,
    clues: &Bound<'py, PyAny>,
    limit: Option<i64>,
    max_states: Option<i64>,
    deduce: bool,
) -> PyResult<DeducedTuple<'py>> {
    let (rows, cols) = frontier_slither_sides(rows, cols)?;
    let limit = limit.map(|l| non_negative("limit", l)).transpose()?;
    let max_states = frontier_max_states(max_states)?;
    let clues = extract_clues(clues, 4)?;
    let out = interruptible(py, |stop| {
        crate::frontier::slither_count_deduced(rows, cols, &clues, deduce, limit, max_states, stop)
    })?;
    deduced_tuple(py, out)
}

/// Exact Country Road count, the ladder's fixpoint first, then a sweep of
/// what it left open: `(count, peak_states, engine, reason)`.
#[pyfunction(name = "country_count_deduced", signature = (rows, cols, regions, numbers, limit=None, max_states=None, deduce=true))]
#[allow(clippy::too_many_arguments, reason = "the flat board, the count's controls and the route switch")]
fn py_country_count_deduced<'py>(
    py: Python<'py>,
    rows: i64,
    cols: i64,
    regions: Vec<i64>,
    numbers: Vec<Option<i64>>,
    limit: Option<i64>,
    max_states: Option<i64>,
    deduce: bool,
) -> PyResult<DeducedTuple<'py>> {
    let (rows, cols) = country_size(rows, cols)?;
    let limit = limit.map(|l| non_negative("limit", l)).transpose()?;
    let max_states = frontier_max_states(max_states)?;
    let board = crate::country::Board::new(rows, cols, &regions, &numbers)?;
    let out = interruptible(py, |stop| {
        crate::frontier::country_count_deduced(
            rows,
            cols,
            &board.region,
            &board.numbers,
            deduce,
            limit,
            max_states,
            stop,
        )
    })?;
    deduced_tuple(py, out)
}

/// Exact Slitherlink count by frontier DP: `(count, peak_states)`.
#[pyfunction(name = "slither_count_frontier", signature = (rows, cols, clues, limit=None, max_states=None))]
fn py_slither_count_frontier<'py>(
    py: Python<'py>,
    rows: i64,
    cols: i64,
    clues: &Bound<'py, PyAny>,
    limit: Option<i64>,
    max_states: Option<i64>,
) -> PyResult<(Bound<'py, PyAny>, usize)> {
    let (rows, cols) = frontier_slither_sides(rows, cols)?;
    let limit = limit.map(|l| non_negative("limit", l)).transpose()?;
    let max_states = frontier_max_states(max_states)?;
    let clues = extract_clues(clues, 4)?;
    let out = interruptible(py, |stop| crate::frontier::slither_count(rows, cols, &clues, limit, max_states, stop))?;
    Ok((frontier_int(py, &out.count)?, out.peak_states))
}

/// Exact Country Road count by frontier DP: `(count, peak_states)`.
#[pyfunction(name = "country_count_frontier", signature = (rows, cols, regions, numbers, limit=None, max_states=None))]
fn py_country_count_frontier<'py>(
    py: Python<'py>,
    rows: i64,
    cols: i64,
    regions: Vec<i64>,
    numbers: Vec<Option<i64>>,
    limit: Option<i64>,
    max_states: Option<i64>,
) -> PyResult<(Bound<'py, PyAny>, usize)> {
    let (rows, cols) = country_size(rows, cols)?;
    let limit = limit.map(|l| non_negative("limit", l)).transpose()?;
    let max_states = frontier_max_states(max_states)?;
    // The one check of a Country Road board; the engine reads its checked form.
    let board = crate::country::Board::new(rows, cols, &regions, &numbers)?;
    let out = interruptible(py, |stop| {
        crate::frontier::country_count(rows, cols, &board.region, &board.numbers, limit, max_states, stop)
    })?;
    Ok((frontier_int(py, &out.count)?, out.peak_states))
}
