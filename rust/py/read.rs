//! The one reader of puzzlekit text and puzz.link URLs (`rust/read/`), as
//! every Python reader of those formats calls it.

use pyo3::prelude::*;
use pyo3::types::{PyInt, PyString};

use super::batch::optional_clues;
use crate::error::Error;

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

pub(super) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(py_read_text, m)?)?;
    m.add_function(wrap_pyfunction!(py_text_format, m)?)?;
    Ok(())
}
