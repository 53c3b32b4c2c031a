//! Country Road's bindings: the board handle `CountryBoard`, and the
//! region graph's free functions (they read the regions alone).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use pyo3::prelude::*;

use super::{
    country_size, hint_tuple, interruptible, non_negative, search_limits, with_signal_check, BackboneTuple,
    BoundedTuple, HintTuple, Items, PyStep,
};
use crate::interrupt::Stop;

/// One more number as the sweep judges it: `(country, number, count, open)`.
type ScoreTuple = (usize, u32, u8, u32);

/// A core call stoppable by Ctrl-C and by `halt`, a flag that any thread
/// may set (the Country Road ranking's workers read it): `interruptible`
/// with one more reason to stop.
fn halting<T: Send>(
    py: Python<'_>,
    halt: Option<PyRef<'_, PyHalt>>,
    work: impl FnOnce(&mut Stop<'_>) -> Result<T, crate::error::Error> + Send,
) -> PyResult<T> {
    let halt = halt.map(|h| Arc::clone(&h.flag));
    with_signal_check(py, |check| {
        let either = || halt.as_ref().is_some_and(|h| h.load(Ordering::Relaxed)) || check();
        work(&mut Stop::new(&either))
    })
}

fn score_tuples(scores: Vec<crate::frontier::CountryScore>) -> Vec<ScoreTuple> {
    scores.into_iter().map(|s| (s.country, s.value, s.count, s.open)).collect()
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

/// Steps flattened for Python (see `PyStep`), the first at index 0.
fn flat(steps: Vec<crate::country::ExplainStep>) -> Vec<PyStep> {
    let mut out = Vec::new();
    flatten_country_steps(steps, -1, &mut out);
    out
}

/// A flag that stops the core calls handed it (`CountryBoard.backbone(halt=)`),
/// set from any thread: the setter's suggestions prove candidates on Python
/// worker threads, which do not see Ctrl-C themselves, and the calling thread
/// sets it when it does (a worker that fails sets it too). A call it stops
/// raises `KeyboardInterrupt`. The call's own stop reads it, so a halt is a
/// stop like Ctrl-C, at the same period.
#[pyclass(frozen, name = "Halt", module = "loopcraft._core")]
struct PyHalt {
    flag: Arc<AtomicBool>,
}

#[pymethods]
impl PyHalt {
    #[new]
    fn new() -> Self {
        PyHalt { flag: Arc::new(AtomicBool::new(false)) }
    }

    /// Stops every call that holds this flag (now and from then on).
    fn set(&self) {
        self.flag.store(true, Ordering::Relaxed);
    }

    /// Whether `set` was called.
    fn is_set(&self) -> bool {
        self.flag.load(Ordering::Relaxed)
    }
}

/// A Country Road board checked and built once in the core
/// (`country::Handle`: geometry and region graph), the handle each Python
/// `CountryRoad` keeps; every question is one of its methods. The same map
/// with other numbers (`with_numbers`) shares what was built, for the
/// generator's deletion loop and the grade's ladder prefixes; a loop known
/// to solve the map guides the root's probe of the runs it satisfies.
#[pyclass(frozen, name = "CountryBoard", module = "loopcraft._core")]
struct PyCountryBoard {
    handle: crate::country::Handle,
}

#[pymethods]
impl PyCountryBoard {
    #[new]
    #[pyo3(signature = (rows, cols, regions, numbers, r#loop=None))]
    fn new(
        py: Python<'_>,
        rows: i64,
        cols: i64,
        regions: Items<i64>,
        numbers: Items<Option<i64>>,
        r#loop: Option<Items<u8>>,
    ) -> PyResult<Self> {
        let (rows, cols) = country_size(rows, cols)?;
        let r#loop = r#loop.map(|Items(l)| l);
        let handle = py.detach(|| crate::country::Handle::new(rows, cols, &regions, &numbers, r#loop.as_deref()))?;
        Ok(PyCountryBoard { handle })
    }

    /// The same map (shared, not rebuilt) with other numbers, one per country.
    fn with_numbers(&self, numbers: Items<Option<i64>>) -> PyResult<Self> {
        Ok(PyCountryBoard { handle: self.handle.with_numbers(&numbers)? })
    }

    #[getter]
    fn rows(&self) -> usize {
        self.handle.rows()
    }

    #[getter]
    fn cols(&self) -> usize {
        self.handle.cols()
    }

    #[getter]
    fn countries(&self) -> usize {
        self.handle.countries()
    }

    /// Search with the chosen ladder stages at every node: `(solutions as
    /// edge bytes, finished, nodes)`.
    #[pyo3(signature = (limit, stages, node_limit=None, time_limit=None))]
    fn solve(
        &self,
        py: Python<'_>,
        limit: i64,
        stages: Items<String>,
        node_limit: Option<i64>,
        time_limit: Option<f64>,
    ) -> PyResult<(Vec<Vec<u8>>, bool, u64)> {
        let stages = crate::country::Stages::parse(&stages)?;
        let (limit, node_limit) = search_limits(limit, node_limit)?;
        let time = crate::budget::time_limit(time_limit)?;
        let r = interruptible(py, |stop| {
            let mut budget = crate::budget::Budget::new(stop).with_nodes(node_limit).with_time(time);
            self.handle.solve(stages, limit, &mut budget)
        })?;
        Ok((r.solutions, r.finished, r.nodes))
    }

    /// Ladder fixpoint without search: `(cell states, edge states, probe hypotheses)` or None.
    fn ladder(&self, py: Python<'_>, stages: Items<String>) -> PyResult<Option<crate::country::LadderStates>> {
        let stages = crate::country::Stages::parse(&stages)?;
        interruptible(py, |stop| self.handle.ladder(stages, stop))
    }

    /// The backbone: `(count, finished, values, witnesses)`; values per cell
    /// then per edge, 0/1 in every solution or 2 open (see `country::backbone`).
    /// `halt`: a flag that stops the call as Ctrl-C does (from another thread).
    #[pyo3(signature = (time_limit=None, halt=None))]
    fn backbone(
        &self,
        py: Python<'_>,
        time_limit: Option<f64>,
        halt: Option<PyRef<'_, PyHalt>>,
    ) -> PyResult<BackboneTuple> {
        let b = halting(py, halt, |stop| self.handle.backbone(time_limit, stop))?;
        Ok((b.count, b.finished, b.values, b.witnesses))
    }

    /// `backbone`, cut short once it shows two solutions and `bound` open
    /// unknowns: `(count, finished, values, witnesses, cut)`, unfinished when
    /// cut (see `country::backbone::backbone_bounded`).
    #[pyo3(signature = (bound, time_limit=None, halt=None))]
    fn backbone_bounded(
        &self,
        py: Python<'_>,
        bound: i64,
        time_limit: Option<f64>,
        halt: Option<PyRef<'_, PyHalt>>,
    ) -> PyResult<BoundedTuple> {
        let bound = non_negative("bound", bound)?;
        let (b, cut) = halting(py, halt, |stop| self.handle.backbone_bounded(time_limit, bound, stop))?;
        Ok((b.count, b.finished, b.values, b.witnesses, cut))
    }

    /// `backbone`, with the scores of `scores` for the countries a number
    /// could change when the sweep proved an ambiguous board (from the same
    /// sweep; None otherwise).
    #[pyo3(signature = (time_limit=None, halt=None))]
    fn backbone_scored(
        &self,
        py: Python<'_>,
        time_limit: Option<f64>,
        halt: Option<PyRef<'_, PyHalt>>,
    ) -> PyResult<(BackboneTuple, Option<Vec<ScoreTuple>>)> {
        let (b, scores) = halting(py, halt, |stop| self.handle.backbone_scored(time_limit, stop))?;
        Ok(((b.count, b.finished, b.values, b.witnesses), scores.map(score_tuples)))
    }

    /// What one more number in each of `countries` (indices of unnumbered
    /// countries) would do: `(country, number, count, open)` for every number
    /// some solution gives it, by the frontier sweep; None when the sweep
    /// cannot answer within its budget or `time_limit` (at once when this
    /// board's backbone sweep ran out of room). `halt` as in `backbone`.
    #[pyo3(signature = (countries, time_limit=None, halt=None))]
    fn scores(
        &self,
        py: Python<'_>,
        countries: Items<i64>,
        time_limit: Option<f64>,
        halt: Option<PyRef<'_, PyHalt>>,
    ) -> PyResult<Option<Vec<ScoreTuple>>> {
        let countries =
            countries.0.into_iter().map(|x| non_negative("country", x)).collect::<Result<Vec<usize>, _>>()?;
        let out = halting(py, halt, |stop| self.handle.scores(&countries, time_limit, stop))?;
        Ok(out.map(score_tuples))
    }

    /// The steps of the ladder up to `level` from a position (bytes 0/1/2,
    /// cells then edges, or None): `(steps flattened, contradiction, the
    /// values reached, finished)`; not finished (no steps, no values) when
    /// `time_limit` ran out first.
    #[pyo3(signature = (level, position=None, time_limit=None))]
    fn explain(
        &self,
        py: Python<'_>,
        level: &str,
        position: Option<Items<u8>>,
        time_limit: Option<f64>,
    ) -> PyResult<(Vec<PyStep>, bool, Vec<u8>, bool)> {
        let time = crate::budget::time_limit(time_limit)?;
        let position = position.map(|Items(p)| p);
        let out = interruptible(py, |stop| self.handle.explain(position.as_deref(), level, time, stop))?;
        Ok(match out {
            Some(out) => (flat(out.steps), out.contradiction, out.values, true),
            None => (Vec::new(), false, Vec::new(), false),
        })
    }

    /// The next step from a player's position (bytes 0/1/2, cells then edges),
    /// flattened (the step first), None when there is none; with whether it
    /// finished (false: `time_limit` ran out first, and the step is None).
    #[pyo3(signature = (position, time_limit=None))]
    fn hint(&self, py: Python<'_>, position: Items<u8>, time_limit: Option<f64>) -> PyResult<HintTuple> {
        let time = crate::budget::time_limit(time_limit)?;
        let step = interruptible(py, |stop| self.handle.hint(&position, time, stop))?;
        Ok(hint_tuple(step.map(|s| s.map(|s| flat(vec![s])))))
    }

    /// Brute-force count "cells" (used cells first, then the loop); at most `limit`.
    #[pyo3(signature = (limit=None))]
    fn count_cells(&self, py: Python<'_>, limit: Option<i64>) -> PyResult<u64> {
        let limit = limit.map(|l| non_negative("limit", l)).transpose()?;
        interruptible(py, |stop| self.handle.count_cells(limit, stop))
    }

    /// Brute-force count "loops" (every simple cycle of the grid); at most `limit`.
    #[pyo3(signature = (limit=None))]
    fn count_loops(&self, py: Python<'_>, limit: Option<i64>) -> PyResult<u64> {
        let limit = limit.map(|l| non_negative("limit", l)).transpose()?;
        interruptible(py, |stop| self.handle.count_loops(limit, stop))
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
        super::frontier::country_count(py, &self.handle, given.as_deref(), limit, max_states, threads, time_limit)
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
        super::frontier::country_count_deduced(py, &self.handle, limit, max_states, deduce, threads)
    }
}

/// The first cell cut off from its country (row-major), or None.
#[pyfunction(name = "country_first_cut_cell")]
fn py_country_first_cut_cell(rows: i64, cols: i64, regions: Items<i64>) -> PyResult<Option<usize>> {
    let (rows, cols) = country_size(rows, cols)?;
    Ok(crate::country::first_cut_cell(rows, cols, &regions)?)
}

/// `(borders, cut vertices, bridges)` of the region graph (Hopcroft-Tarjan).
#[pyfunction(name = "country_region_graph")]
fn py_country_region_graph(
    py: Python<'_>,
    rows: i64,
    cols: i64,
    regions: Items<i64>,
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
    regions: Items<i64>,
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

pub(super) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("COUNTRY_STAGES", pyo3::types::PyTuple::new(m.py(), crate::country::STAGE_NAMES)?)?;
    m.add("COUNTRY_LEVELS", pyo3::types::PyTuple::new(m.py(), crate::country::LEVEL_NAMES)?)?;
    m.add(
        "COUNTRY_RULES",
        pyo3::types::PyTuple::new(
            m.py(),
            crate::country::RULES.iter().map(|r| (r.name, r.level, r.description)).collect::<Vec<_>>(),
        )?,
    )?;
    m.add_class::<PyCountryBoard>()?;
    m.add_class::<PyHalt>()?;
    m.add_function(wrap_pyfunction!(py_country_region_graph, m)?)?;
    m.add_function(wrap_pyfunction!(py_country_first_cut_cell, m)?)?;
    m.add_function(wrap_pyfunction!(py_country_hamiltonian_cycles, m)?)?;
    Ok(())
}
