//! The Loop engine v1's bindings (`loop_*`).

use pyo3::prelude::*;

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

pub(super) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(py_loop_propagate, m)?)?;
    m.add_function(wrap_pyfunction!(py_loop_solve, m)?)?;
    m.add_function(wrap_pyfunction!(py_loop_closed_component, m)?)?;
    m.add_function(wrap_pyfunction!(py_loop_thin, m)?)?;
    Ok(())
}
