//! The only file that speaks Python. Each wrapper converts its arguments to
//! owned Rust data, runs the core with the GIL released (`py.detach`), and
//! lets the single `From<Error> for PyErr` below map failures.

use pyo3::create_exception;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyBytes, PyInt, PyString};

use crate::error::Error;
use crate::loop_v1;
use crate::slither;

create_exception!(loopcraft, CapacityError, PyValueError, "A bounded enumeration would pass its cap.");

impl From<Error> for PyErr {
    fn from(err: Error) -> PyErr {
        match err {
            Error::InvalidArgument(m) | Error::TooLarge(m) => PyValueError::new_err(m),
            Error::Capacity(m) => CapacityError::new_err(m),
        }
    }
}

/// Clue list from Python (`None` = blank) to the core's `-1`-for-blank form,
/// checked item by item so that the façade need not walk it in Python first:
/// `TypeError` for anything but int or None (bool included), `ValueError` for
/// a value outside `0..=max`.
fn extract_clues(obj: &Bound<'_, PyAny>, max: i64) -> PyResult<Vec<i8>> {
    if obj.is_instance_of::<PyString>() || obj.is_instance_of::<PyBytes>() {
        return Err(PyTypeError::new_err("clues must be a list of int or None, not a string"));
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
            return Err(PyTypeError::new_err(format!("clues[{i}] must be an int or None, got {kind}")));
        }
        match item.extract::<i64>() {
            Ok(v) if (0..=max).contains(&v) => out.push(v as i8),
            _ => return Err(PyValueError::new_err(format!("clues[{i}] = {item} is outside 0..{max}"))),
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
fn py_loop_closed_component(
    py: Python<'_>,
    n: usize,
    edges: Vec<usize>,
) -> PyResult<Option<(Vec<usize>, Vec<usize>)>> {
    Ok(py.detach(|| {
        let grid = loop_v1::grid_for(n)?;
        loop_v1::closed_component(&grid, &edges)
    })?)
}

// ---------------------------------------------------------------- Slitherlink

fn slither_tier(name: &str) -> Result<slither::Tier, Error> {
    slither::Tier::from_name(name)
}

/// Counts solutions up to `limit`: `(solutions, complete, nodes)`, each
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
    let out = py.detach(|| slither::solve(rows, cols, &clues, limit, node_limit, time_limit))?;
    Ok((out.solutions, out.complete, out.nodes))
}

/// The fixpoint of a tier: per edge 0 = off, 1 = on, 2 = undecided; None on contradiction.
#[pyfunction(name = "slither_propagate")]
fn py_slither_propagate(
    py: Python<'_>,
    rows: usize,
    cols: usize,
    clues: &Bound<'_, PyAny>,
    tier: &str,
) -> PyResult<Option<Vec<u8>>> {
    let clues = extract_clues(clues, 4)?; // size and length are checked by the core, size first
    let tier = slither_tier(tier)?;
    Ok(py.detach(|| slither::propagate(rows, cols, &clues, tier))?)
}

/// `(tier, solutions found (0, 1 or 2), complete)`.
#[pyfunction(name = "slither_grade")]
#[pyo3(signature = (rows, cols, clues, node_limit=None))]
fn py_slither_grade(
    py: Python<'_>,
    rows: usize,
    cols: usize,
    clues: &Bound<'_, PyAny>,
    node_limit: Option<u64>,
) -> PyResult<(&'static str, usize, bool)> {
    let clues = extract_clues(clues, 4)?; // size and length are checked by the core, size first
    let (tier, n, complete) = py.detach(|| slither::grade(rows, cols, &clues, node_limit))?;
    Ok((tier.name(), n, complete))
}

// ---------------------------------------------------------------- Country Road

// ---------------------------------------------------------------- module

#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("CapacityError", m.py().get_type::<CapacityError>())?;
    m.add_function(wrap_pyfunction!(py_loop_propagate, m)?)?;
    m.add_function(wrap_pyfunction!(py_loop_solve, m)?)?;
    m.add_function(wrap_pyfunction!(py_loop_closed_component, m)?)?;
    m.add_function(wrap_pyfunction!(py_loop_thin, m)?)?;
    // Slitherlink
    m.add("SLITHER_TIERS", pyo3::types::PyTuple::new(m.py(), slither::Tier::ALL.map(|t| t.name()))?)?;
    m.add_function(wrap_pyfunction!(py_slither_solve, m)?)?;
    m.add_function(wrap_pyfunction!(py_slither_propagate, m)?)?;
    m.add_function(wrap_pyfunction!(py_slither_grade, m)?)?;
    // Country Road
    Ok(())
}
