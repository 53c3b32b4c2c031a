//! The batches' bindings (`*_solve_many`, `fast_read`; see rust/batch.rs).

use pyo3::prelude::*;
use pyo3::types::PyString;

use super::{country_size, extract_clues, non_negative, room_for, with_signal_check, Items};
use crate::error::Error;

/// The items of a batch: each a `str` (read by the core's reader on a
/// worker thread, or left to Python's `parse`) or a board, which
/// `board` converts.
fn batch_inputs<'py, B>(
    boards: &Bound<'py, PyAny>,
    board: impl Fn(&Bound<'py, PyAny>) -> PyResult<B>,
) -> PyResult<Vec<crate::batch::Input<B>>> {
    use crate::batch::Input;
    let mut inputs = Vec::with_capacity(room_for(boards));
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
pub(super) fn optional_clues(clues: &[i8]) -> Vec<Option<i8>> {
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
        let (rows, cols, Items(regions), Items(numbers)): (i64, i64, Items<i64>, Items<Option<i64>>) =
            board.extract()?;
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

/// `LoopSearches.solve` on many clue lists of one size n: per list the
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
    let mut lists = Vec::with_capacity(room_for(clue_lists));
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

pub(super) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(py_slither_solve_many, m)?)?;
    m.add_function(wrap_pyfunction!(py_country_solve_many, m)?)?;
    m.add_function(wrap_pyfunction!(py_loop_solve_many, m)?)?;
    m.add_function(wrap_pyfunction!(py_fast_read, m)?)?;
    Ok(())
}
