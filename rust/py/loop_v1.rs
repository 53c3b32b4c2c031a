//! The Loop engine v1's bindings (`loop_*`).

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use super::extract_clues;
use crate::loop_v1;

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

/// v1 search: the fields of `loop.SolveResult` as a dict (`solutions` as
/// lists of 0/1 per edge, `nodes`, `truncated`), which the façade adopts as
/// the result's `__dict__`: a small solve costs a few microseconds, so
/// building the lists here and handing over one dict is a visible share.
#[pyfunction(name = "loop_solve")]
fn py_loop_solve<'py>(
    py: Python<'py>,
    n: usize,
    clues: &Bound<'py, PyAny>,
    node_limit: u64,
) -> PyResult<Bound<'py, PyDict>> {
    let clues = extract_clues(clues, 4)?;
    let r = py.detach(|| loop_v1::solve(n, &clues, node_limit))?;
    // Each entry a new reference to one of two ints, not a conversion per edge.
    let bits = [0u8.into_pyobject(py)?, 1u8.into_pyobject(py)?];
    let solutions = PyList::empty(py);
    for s in &r.solutions {
        solutions.append(PyList::new(py, s.iter().map(|&b| &bits[(b != 0) as usize]))?)?;
    }
    let fields = PyDict::new(py);
    fields.set_item(pyo3::intern!(py, "solutions"), solutions)?;
    fields.set_item(pyo3::intern!(py, "nodes"), r.nodes)?;
    fields.set_item(pyo3::intern!(py, "truncated"), r.truncated)?;
    Ok(fields)
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

pub(super) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(py_loop_propagate, m)?)?;
    m.add_function(wrap_pyfunction!(py_loop_solve, m)?)?;
    m.add_function(wrap_pyfunction!(py_loop_closed_component, m)?)?;
    m.add_function(wrap_pyfunction!(py_loop_thin, m)?)?;
    Ok(())
}
