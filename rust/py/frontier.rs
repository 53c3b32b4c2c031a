//! The frontier counters' side of the board handles (`SlitherBoard` and
//! `CountryBoard`'s `count_frontier` and `count_deduced`): their controls
//! and their answers as Python ints.

use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyInt};

use super::{interruptible, interruptible_within, loopcraft_error, non_negative};
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

/// A deduce-then-sweep count as `(count, peak_states, engine, reason)`.
pub(super) type DeducedTuple<'py> = (Bound<'py, PyAny>, usize, &'static str, String);

fn deduced_tuple<'py>(py: Python<'py>, out: crate::frontier::Deduced) -> PyResult<DeducedTuple<'py>> {
    Ok((frontier_int(py, &out.count.count)?, out.count.peak_states, out.route.name(), out.reason))
}

/// A count's `limit`, `max_states` and `threads` (1..=the core's
/// `frontier::MAX_THREADS` workers) from Python ints.
fn controls(
    limit: Option<i64>,
    max_states: Option<i64>,
    threads: i64,
) -> Result<(Option<u64>, Option<usize>, usize), Error> {
    let max = crate::frontier::MAX_THREADS;
    let threads = match usize::try_from(threads) {
        Ok(t) if (1..=max).contains(&t) => t,
        _ => return Err(Error::InvalidArgument(format!("threads must be 1..={max}, got {threads}"))),
    };
    Ok((limit.map(|l| non_negative("limit", l)).transpose()?, frontier_max_states(max_states)?, threads))
}

/// `SlitherBoard.count_deduced`: the ladder's fixpoint first, then a sweep of
/// what it left open: `(count, peak_states, engine, reason)`.
pub(super) fn slither_count_deduced<'py>(
    py: Python<'py>,
    puzzle: &crate::slither::Puzzle,
    limit: Option<i64>,
    max_states: Option<i64>,
    deduce: bool,
    threads: i64,
) -> PyResult<DeducedTuple<'py>> {
    let (limit, max_states, threads) = controls(limit, max_states, threads)?;
    let (rows, cols, clues) = (puzzle.rows(), puzzle.cols(), puzzle.clues());
    let out = interruptible(py, |stop| {
        crate::frontier::slither_count_deduced(rows, cols, clues, deduce, limit, max_states, threads, stop)
    })?;
    deduced_tuple(py, out)
}

/// `CountryBoard.count_deduced`: as [`slither_count_deduced`].
pub(super) fn country_count_deduced<'py>(
    py: Python<'py>,
    handle: &crate::country::Handle,
    limit: Option<i64>,
    max_states: Option<i64>,
    deduce: bool,
    threads: i64,
) -> PyResult<DeducedTuple<'py>> {
    let (limit, max_states, threads) = controls(limit, max_states, threads)?;
    let out = interruptible(py, |stop| {
        crate::frontier::country_count_deduced(
            handle.rows(),
            handle.cols(),
            handle.region(),
            handle.numbers(),
            deduce,
            limit,
            max_states,
            threads,
            stop,
        )
    })?;
    deduced_tuple(py, out)
}

/// `SlitherBoard.count_frontier`: the exact count by frontier DP, `(count, peak_states)`.
#[allow(clippy::too_many_arguments, reason = "the board, what is given, and the count's four controls")]
pub(super) fn slither_count<'py>(
    py: Python<'py>,
    puzzle: &crate::slither::Puzzle,
    given: Option<&[u8]>,
    limit: Option<i64>,
    max_states: Option<i64>,
    threads: i64,
    time_limit: Option<f64>,
) -> PyResult<(Bound<'py, PyAny>, usize)> {
    let (limit, max_states, threads) = controls(limit, max_states, threads)?;
    let (rows, cols, clues) = (puzzle.rows(), puzzle.cols(), puzzle.clues());
    let out = interruptible_within(py, time_limit, |stop| match given {
        // Decisions that hold in every solution leave the count as it is.
        Some(given) => {
            let max_states = max_states.unwrap_or(crate::frontier::DEFAULT_MAX_STATES);
            crate::frontier::slither_count_given(rows, cols, clues, given, limit, max_states, stop)
        }
        None => crate::frontier::slither_count_on(rows, cols, clues, limit, max_states, threads, stop),
    })?;
    counted(py, out)
}

/// A frontier count's answer, or `TimeLimitError` when its time ran out.
fn counted<'py>(py: Python<'py>, out: Option<crate::frontier::Count>) -> PyResult<(Bound<'py, PyAny>, usize)> {
    let out = out.ok_or_else(|| {
        loopcraft_error("TimeLimitError", "the frontier count ran out of time before it finished".into())
    })?;
    Ok((frontier_int(py, &out.count)?, out.peak_states))
}

/// `CountryBoard.count_frontier`: as [`slither_count`].
#[allow(clippy::too_many_arguments, reason = "the board, what is given, and the count's four controls")]
pub(super) fn country_count<'py>(
    py: Python<'py>,
    handle: &crate::country::Handle,
    given: Option<&[u8]>,
    limit: Option<i64>,
    max_states: Option<i64>,
    threads: i64,
    time_limit: Option<f64>,
) -> PyResult<(Bound<'py, PyAny>, usize)> {
    let (limit, max_states, threads) = controls(limit, max_states, threads)?;
    let out = interruptible_within(py, time_limit, |stop| {
        if let Some(given) = given {
            let (rows, cols) = (handle.rows(), handle.cols());
            let partial =
                crate::frontier::CountryPartial::from_values(rows, cols, handle.region(), handle.numbers(), given);
            return crate::frontier::country_count_partial(partial, limit, max_states, stop);
        }
        crate::frontier::country_count_on(
            handle.rows(),
            handle.cols(),
            handle.region(),
            handle.numbers(),
            limit,
            max_states,
            threads,
            stop,
        )
    })?;
    counted(py, out)
}
