//! Country Road's bindings (`country_*` and `CountryRegionMap`).

use pyo3::prelude::*;

use super::{country_size, interruptible, non_negative, search_limits, BackboneTuple, PyStep};
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

pub(super) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
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
    Ok(())
}
