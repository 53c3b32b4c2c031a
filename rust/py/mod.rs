//! The only module that speaks Python, split by family: `loop_v1`,
//! `slither`, `country`, `frontier` (the counters of both families),
//! `batch` and `read` (the text readers). Each wrapper converts its arguments to owned Rust data, runs the
//! core with the GIL released (`py.detach`), and lets the single
//! `From<Error> for PyErr` below map failures. This file holds what they
//! share: the error mapping, the Ctrl-C helpers, the conversions, the
//! constants and the `#[pymodule]`.

mod batch;
mod country;
mod frontier;
mod loop_v1;
mod read;
mod slither;

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyBytes, PyInt, PyList, PyString, PyTuple};

use crate::error::Error;
use crate::interrupt::Stop;

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

impl From<crate::read::ReadError> for PyErr {
    fn from(err: crate::read::ReadError) -> PyErr {
        use crate::read::{Place, UrlPart};
        // The place goes to FormatError's keyword attributes (line, row,
        // column, part, position), each left out where the reader names none.
        let mut place: Vec<(&str, PlaceValue)> = Vec::new();
        match err.place {
            Place::Text => {}
            Place::Line { line, row, col } => {
                place.push(("line", PlaceValue::Int(line)));
                place.extend(row.map(|r| ("row", PlaceValue::Int(r))));
                place.extend(col.map(|c| ("column", PlaceValue::Int(c))));
            }
            Place::Url { part, pos, cell } => {
                let name = match part {
                    UrlPart::Envelope => "envelope",
                    UrlPart::Size => "size",
                    UrlPart::Flags => "flags",
                    UrlPart::Body => "body",
                };
                place.push(("part", PlaceValue::Str(name)));
                place.extend(pos.map(|p| ("position", PlaceValue::Int(p))));
                if let Some((row, col)) = cell {
                    place.extend([("row", PlaceValue::Int(row)), ("column", PlaceValue::Int(col))]);
                }
            }
        }
        Python::attach(|py| {
            let made = py.import("loopcraft.errors").and_then(|m| m.getattr("FormatError")).and_then(|cls| {
                let kwargs = pyo3::types::PyDict::new(py);
                for (key, value) in &place {
                    match value {
                        PlaceValue::Int(n) => kwargs.set_item(key, n)?,
                        PlaceValue::Str(s) => kwargs.set_item(key, s)?,
                    }
                }
                cls.call((err.message.clone(),), Some(&kwargs))
            });
            match made {
                Ok(instance) => PyErr::from_value(instance),
                Err(_) => PyValueError::new_err(err.message),
            }
        })
    }
}

/// A value of a [`crate::read::Place`] as FormatError's attributes hold it.
enum PlaceValue {
    Int(usize),
    Str(&'static str),
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

/// [`interruptible`] within a time limit (seconds from Python, `None` for
/// none) for core calls that take only a [`Stop`]: they run under a
/// [`crate::budget::Budget`] with that deadline ([`crate::budget::under`]),
/// and one that the deadline ends is `Ok(None)` (out of time) rather than an
/// interruption. Ctrl-C still raises its own exception.
fn interruptible_within<T: Send>(
    py: Python<'_>,
    time_limit: Option<f64>,
    work: impl FnOnce(&mut Stop<'_>) -> Result<T, Error> + Send,
) -> PyResult<Option<T>> {
    let time = crate::budget::time_limit(time_limit)?;
    interruptible(py, |stop| {
        let mut budget = crate::budget::Budget::new(stop).with_time(time);
        match crate::budget::under(&mut budget, None, work) {
            Err(Error::Interrupted) if !budget.interrupted() => Ok(None),
            out => out.map(Some),
        }
    })
}

/// Clue list from Python (`None` = blank) to the core's `-1`-for-blank form,
/// checked item by item so that the façade need not walk it in Python first:
/// `TypeError` for anything but int or None (bool included), `ValueError` for
/// a value outside `0..=max`.
/// Most clues any board takes: a Loop v1 board of the largest side (a
/// Slitherlink board has at most `slither::MAX_SIDE^2`, fewer).
const MOST_CLUES: usize = {
    let (loop_cells, slither_cells) =
        (crate::loop_v1::MAX_N * crate::loop_v1::MAX_N, crate::slither::MAX_SIDE * crate::slither::MAX_SIDE);
    if loop_cells > slither_cells {
        loop_cells
    } else {
        slither_cells
    }
};

fn extract_clues(obj: &Bound<'_, PyAny>, max: i64) -> PyResult<Vec<i8>> {
    if obj.is_instance_of::<PyString>() || obj.is_instance_of::<PyBytes>() {
        return Err(loopcraft_error("ArgumentTypeError", "clues must be a list of int or None, not a string".into()));
    }
    let mut out = Vec::with_capacity(room_for(obj));
    // The usual case, a list of plain ints and None, is read by index and
    // without the type checks; anything else takes the general loop below.
    if let Ok(list) = obj.cast_exact::<PyList>() {
        for item in list.iter() {
            if item.is_none() {
                out.push(-1);
            } else if item.is_exact_instance_of::<PyInt>() {
                match item.extract::<i64>() {
                    Ok(v) if (0..=max).contains(&v) => out.push(v as i8),
                    _ => break,
                }
            } else {
                break;
            }
        }
        if out.len() == list.len() {
            return Ok(out);
        }
        out.clear();
    }
    for (i, item) in obj.try_iter()?.enumerate() {
        if i == MOST_CLUES {
            // An endless iterable was read for ever, with the GIL held.
            return Err(loopcraft_error(
                "ArgumentError",
                format!("clues has more than {MOST_CLUES} items: no board has that many cells"),
            ));
        }
        let item = item?;
        if item.is_none() {
            out.push(-1);
            continue;
        }
        if item.is_instance_of::<PyBool>() || !item.is_instance_of::<PyInt>() {
            let kind = item.get_type().name()?;
            return Err(loopcraft_error("ArgumentTypeError", format!("clues[{i}] must be an int or None, got {kind}")));
        }
        // The message names the value only when it fits an i64: Python refuses
        // to print an int of more than 4,300 digits, and a failing `str` here
        // would print "Exception ignored" on the user's stderr.
        match item.extract::<i64>() {
            Ok(v) if (0..=max).contains(&v) => out.push(v as i8),
            Ok(v) => return Err(loopcraft_error("ArgumentError", format!("clues[{i}] = {v} is outside 0..{max}"))),
            Err(_) => {
                return Err(loopcraft_error("ArgumentError", format!("clues[{i}] is an int far outside 0..{max}")))
            }
        }
    }
    Ok(out)
}

/// Items to reserve room for before reading `obj` item by item: its
/// `len()`, but at most [`MAX_RESERVE`]. A list subclass (or any sequence)
/// decides what its `len()` says, and reserving `sys.maxsize` items aborted
/// the process; past the cap the vector grows as the items come.
fn room_for(obj: &Bound<'_, PyAny>) -> usize {
    obj.len().unwrap_or(0).min(MAX_RESERVE)
}

/// Most items reserved on the word of an object's `len()` (see [`room_for`]).
const MAX_RESERVE: usize = 1 << 16;

/// A sequence argument, read as pyo3 reads a `Vec<T>` (a `str` is refused,
/// so is anything that is not a sequence) but without trusting `len()`:
/// pyo3 reserves whatever a sequence's `__len__` says, so a list subclass
/// saying `sys.maxsize` aborted the process (allocation failure) or raised
/// a Rust panic (capacity overflow). Exact lists, tuples and bytes, whose
/// lengths are their own, still take pyo3's reading (bytes copied whole).
pub(super) struct Items<T>(pub Vec<T>);

impl<T> std::ops::Deref for Items<T> {
    type Target = Vec<T>;

    fn deref(&self) -> &Vec<T> {
        &self.0
    }
}

impl<'a, 'py, T: FromPyObjectOwned<'py>> FromPyObject<'a, 'py> for Items<T> {
    type Error = PyErr;

    fn extract(obj: pyo3::Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        if obj.is_exact_instance_of::<PyList>()
            || obj.is_exact_instance_of::<PyTuple>()
            || obj.is_exact_instance_of::<PyBytes>()
        {
            return obj.extract::<Vec<T>>().map(Items);
        }
        if obj.is_instance_of::<PyString>() {
            return Err(PyTypeError::new_err("Can't extract `str` to `Vec`"));
        }
        // SAFETY: a live object; the check only reads its type's slots.
        if unsafe { pyo3::ffi::PySequence_Check(obj.as_ptr()) } == 0 {
            let kind = obj.get_type().name()?;
            return Err(PyTypeError::new_err(format!("'{kind}' object is not a sequence")));
        }
        let mut out = Vec::with_capacity(room_for(&obj));
        for item in obj.try_iter()? {
            out.push(item?.extract::<T>().map_err(Into::into)?);
        }
        Ok(Items(out))
    }
}

/// A backbone as Python gets it: `(count, finished, values, witnesses)`.
type BackboneTuple = (usize, bool, Vec<u8>, Vec<Vec<u8>>);

/// A bounded backbone as Python gets it: a [`BackboneTuple`]'s items, then
/// whether the bound cut it short.
type BoundedTuple = (usize, bool, Vec<u8>, Vec<Vec<u8>>, bool);

/// One step for Python: `(rule, place kind, place index, premise keys,
/// decisions, contradiction, parent)`; a trial's refutation follows it with
/// `parent` its index, top-level steps have parent -1.
type PyStep = (&'static str, &'static str, i64, Vec<u32>, Vec<(u32, u8)>, bool, i64);

/// A hint as Python gets it: `(the step flattened, or None; finished)`.
type HintTuple = (Option<Vec<PyStep>>, bool);

/// [`HintTuple`] from a core hint, whose outer `None` means that its time
/// limit ran out first.
fn hint_tuple(hint: Option<Option<Vec<PyStep>>>) -> HintTuple {
    match hint {
        Some(step) => (step, true),
        None => (None, false),
    }
}

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

/// The limits and defaults that Python reads instead of copying them.
fn add_constants(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("SLITHER_MAX_SIDE", crate::slither::MAX_SIDE)?;
    m.add("COUNTRY_MAX_SIDE", crate::country::board::MAX_SIDE)?;
    m.add("COUNTRY_MIN_SIDE", crate::read::COUNTRY_MIN_SIDE)?;
    m.add("MAX_TEXT", crate::read::MAX_TEXT)?;
    m.add("MAX_DIGITS", crate::read::MAX_DIGITS)?;
    m.add("MAX_URL", crate::read::pzpr::MAX_URL)?;
    m.add("URL_SITES", pyo3::types::PyTuple::new(m.py(), crate::read::pzpr::SITES)?)?;
    m.add("URL_NUMBER_FORMS", pyo3::types::PyTuple::new(m.py(), crate::read::pzpr::NUMBER_FORMS)?)?;
    m.add("MAX_THREADS", crate::batch::MAX_THREADS)?;
    m.add("MAX_COUNT_THREADS", crate::frontier::MAX_THREADS)?;
    m.add("MAX_KEPT_VALUES", crate::budget::MAX_KEPT_VALUES)?;
    m.add("MAX_ATTEMPTS", u32::MAX)?;
    m.add("SLITHER_ATTEMPTS", crate::slither::DEFAULT_ATTEMPTS)?;
    m.add("SLITHER_SEARCH_NODES", crate::slither::DEFAULT_SEARCH_NODES)?;
    m.add("LOOP_V1_MAX_N", crate::loop_v1::MAX_N)?;
    m.add("LOOP_V1_NODE_LIMIT", crate::loop_v1::THIN_NODE_LIMIT)?;
    Ok(())
}

#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    add_constants(m)?;
    loop_v1::register(m)?;
    slither::register(m)?;
    country::register(m)?;
    batch::register(m)?;
    read::register(m)?;
    Ok(())
}
