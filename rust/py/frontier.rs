//! The frontier counters' bindings (`*_count_frontier`, `*_count_deduced`).

use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyInt};

use super::{country_size, extract_clues, interruptible, non_negative};
use crate::error::Error;
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

pub(super) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(py_slither_count_frontier, m)?)?;
    m.add_function(wrap_pyfunction!(py_country_count_frontier, m)?)?;
    m.add_function(wrap_pyfunction!(py_slither_count_deduced, m)?)?;
    m.add_function(wrap_pyfunction!(py_country_count_deduced, m)?)?;
    Ok(())
}
