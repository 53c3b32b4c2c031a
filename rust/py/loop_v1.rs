//! The Loop engine v1's bindings (`loop_*`).

use std::borrow::Cow;
use std::sync::Mutex;

use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyInt, PyList, PyString, PyType};

use super::{extract_clues, interruptible, Items};
use crate::loop_v1;

/// v1 propagation; domains are bit sets (1 = off, 2 = on, 3 = undecided).
#[pyfunction(name = "loop_propagate")]
fn py_loop_propagate(
    py: Python<'_>,
    n: usize,
    clues: &Bound<'_, PyAny>,
    domains: Items<u8>,
) -> PyResult<(Vec<u8>, bool)> {
    let clues = extract_clues(clues, 4)?;
    Ok(py.detach(|| loop_v1::propagate(n, &clues, &domains))?)
}

/// v1 searches, each written into the `into` of its call and returned: the
/// fields of `loop.SolveResult` (`solutions` as lists of 0/1 per edge,
/// `nodes`, `truncated`) set as `object.__setattr__` sets them, so on a
/// frozen dataclass made with `object.__new__` they land as if `__init__`
/// had run. A small solve costs a few microseconds, and the frozen
/// dataclass's `__init__` (each field through `object.__setattr__` from
/// Python) or a dict of the fields copied into the instance's `__dict__`
/// were a visible share of it; so the façade hands over its bare instance
/// and this fills it.
///
/// The searches' buffers are kept between calls, one search per board size
/// up to the cached sizes: most v1 searches end within a few dozen nodes,
/// in about the time the eight allocations of a new engine take (a quarter
/// of a small call's time went to malloc and free), so the façade keeps one
/// of these handles and its searches start over on them. The handle holds
/// the state, not the core: a search that finds the buffers of its size in
/// use (another thread, or a signal handler calling in) gets its own, and
/// the last to finish keeps its buffers.
#[pyclass(frozen, name = "LoopSearches", module = "loopcraft._core")]
struct PyLoopSearches {
    /// Boxed, so that taking a search out and putting it back moves a
    /// pointer rather than the whole search (a few hundred bytes, twice
    /// per call).
    idle: Mutex<Vec<Option<Box<loop_v1::Search<'static>>>>>,
    /// The ints 0..=4, held for the handle's life: the clue reader
    /// compares items to them by address, and making them on every call
    /// was a visible share of a small solve.
    small: [Py<PyAny>; 5],
}

#[pymethods]
impl PyLoopSearches {
    #[new]
    fn new(py: Python<'_>) -> PyResult<Self> {
        let [a, b, c, d, e] = [0u8, 1, 2, 3, 4].map(|v| v.into_pyobject(py).map(|o| o.into_any().unbind()));
        Ok(PyLoopSearches { idle: Mutex::new(Vec::new()), small: [a?, b?, c?, d?, e?] })
    }

    /// The v1 search of `clues` on the n x n board, stopping at two
    /// solutions or past `node_limit` nodes, written into `into`.
    fn solve<'py>(
        &self,
        py: Python<'py>,
        n: usize,
        clues: &Bound<'py, PyAny>,
        node_limit: u64,
        into: Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        self.search_into(py, n, clues, node_limit, into)
    }

    /// [`solve`](Self::solve) when `n` is an `int` (exactly: no subclass)
    /// in 1..=`MAX_N` and `node_limit` one in 0..2**63; `None`, before
    /// reading anything else, when either is not. The façade's `loop.solve`
    /// calls this first and runs its own argument checks only on `None`:
    /// those checks, in Python, cost about a tenth of a small solve.
    fn solve_plain<'py>(
        &self,
        py: Python<'py>,
        n: &Bound<'py, PyAny>,
        clues: &Bound<'py, PyAny>,
        node_limit: &Bound<'py, PyAny>,
        into: Bound<'py, PyAny>,
    ) -> PyResult<Option<Bound<'py, PyAny>>> {
        let plain = |v: &Bound<'py, PyAny>, lo: i64, hi: i64| {
            v.is_exact_instance_of::<PyInt>()
                .then(|| v.extract::<i64>().ok())
                .flatten()
                .filter(|v| (lo..=hi).contains(v))
        };
        let (Some(n), Some(node_limit)) = (plain(n, 1, loop_v1::MAX_N as i64), plain(node_limit, 0, i64::MAX)) else {
            return Ok(None);
        };
        self.search_into(py, n as usize, clues, node_limit as u64, into).map(Some)
    }
}

impl PyLoopSearches {
    /// Both `solve`s, once their arguments are read.
    fn search_into<'py>(
        &self,
        py: Python<'py>,
        n: usize,
        clues: &Bound<'py, PyAny>,
        node_limit: u64,
        into: Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        // A class is refused: the generic store would write into its dict
        // past the checks (and the attribute cache) of `type.__setattr__`.
        if into.is_instance_of::<PyType>() {
            return Err(super::loopcraft_error("ArgumentTypeError", "into must be an instance, not a class".into()));
        }
        // The usual list read fast, anything else read and checked in full.
        let clues = match plain_clues(clues, &self.small) {
            Some(clues) => clues,
            None => extract_clues(clues, 4)?,
        };
        let tables = match loop_v1::tables_for(n)? {
            Cow::Borrowed(tables) => tables,
            // Past the cached sizes: a search of its own.
            Cow::Owned(tables) => {
                let search = &mut loop_v1::Search::new(&tables, &clues, node_limit)?;
                return run_into(py, search, into, &self.small[1]);
            }
        };
        let kept = self.idle().get_mut(n).and_then(Option::take);
        let mut search = match kept {
            Some(mut search) => {
                search.start_over(&clues, node_limit)?;
                search
            }
            None => Box::new(loop_v1::Search::new(tables, &clues, node_limit)?),
        };
        let out = run_into(py, &mut search, into, &self.small[1]);
        let mut idle = self.idle();
        if idle.len() <= n {
            idle.resize_with(n + 1, || None);
        }
        idle[n] = Some(search);
        out
    }

    /// The kept searches (a panic cannot leave them half-written: each is
    /// taken out or put back whole).
    fn idle(&self) -> std::sync::MutexGuard<'_, Vec<Option<Box<loop_v1::Search<'static>>>>> {
        self.idle.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

/// Runs `search` to its end and writes its answer into `into` (`one` is
/// the int 1, for the solutions' lists).
fn run_into<'py>(
    py: Python<'py>,
    search: &mut loop_v1::Search<'_>,
    into: Bound<'py, PyAny>,
    one: &Py<PyAny>,
) -> PyResult<Bound<'py, PyAny>> {
    // Most v1 searches end within a few hundred nodes, in microseconds:
    // less than releasing and taking back the GIL costs. So the first nodes
    // run with the GIL held (a tenth of a millisecond at most, as Python's
    // own C functions hold it for small inputs), and only a search that
    // goes on past them releases it and polls for Ctrl-C.
    if !search.advance(HELD_NODES) {
        interruptible(py, |stop| search.finish(stop))?;
    }
    let r = search.take_result();
    let solutions = PyList::empty(py);
    for s in &r.solutions {
        solutions.append(bit_list(py, s, one.bind(py))?)?;
    }
    set_field(&into, pyo3::intern!(py, "solutions"), solutions.as_any())?;
    set_field(&into, pyo3::intern!(py, "nodes"), r.nodes.into_pyobject(py)?.as_any())?;
    set_field(&into, pyo3::intern!(py, "truncated"), PyBool::new(py, r.truncated).as_any())?;
    Ok(into)
}

/// Nodes a v1 search runs with the GIL held before it releases it.
const HELD_NODES: u64 = loop_v1::NODES_PER_POLL;

/// `object.__setattr__(obj, name, value)`: the generic attribute store,
/// past any `__setattr__` of the class (a frozen dataclass refuses its
/// own); an object without a `__dict__` or a slot of that name raises.
fn set_field(obj: &Bound<'_, PyAny>, name: &Bound<'_, PyString>, value: &Bound<'_, PyAny>) -> PyResult<()> {
    // SAFETY: three live objects held by the caller; the call takes no
    // reference and reports failure by -1 with the error set.
    if unsafe { ffi::PyObject_GenericSetAttr(obj.as_ptr(), name.as_ptr(), value.as_ptr()) } < 0 {
        return Err(PyErr::fetch(obj.py()));
    }
    Ok(())
}

/// The usual clue list, read fast: an exact `list` whose items are `None`
/// or the ints 0..=4, recognised by identity with `small` (CPython keeps
/// one object for each small int, which every ordinary way of making one
/// returns). `None`
/// for anything else, which `extract_clues` then reads and checks in full
/// (an int 3 that is another object included), so this path only decides
/// how fast a good list is read, never what is accepted.
fn plain_clues(obj: &Bound<'_, PyAny>, small: &[Py<PyAny>; 5]) -> Option<Vec<i8>> {
    const UNKNOWN: i8 = -2;
    let py = obj.py();
    let list = obj.cast_exact::<PyList>().ok()?;
    // Held by the handle, so the addresses compared stay theirs.
    let small = small.each_ref().map(|o| o.as_ptr());
    let none_object = py.None();
    let none = none_object.as_ptr();
    let len = list.len();
    let mut out = Vec::with_capacity(len);
    for i in 0..len {
        // SAFETY: `list` is an exact list held alive by `obj`, and `i` is
        // below its length, which cannot change here: nothing in this loop
        // runs Python code or releases the GIL. The item is borrowed, only
        // compared by address.
        let item = unsafe { ffi::PyList_GetItem(list.as_ptr(), i as ffi::Py_ssize_t) };
        // Every comparison made, each a conditional move: a clue list's
        // items follow no pattern, and a branch per comparison was
        // mispredicted about once an item.
        let v = (0..5).fold(if item == none { -1 } else { UNKNOWN }, |v, k| if small[k] == item { k as i8 } else { v });
        if v == UNKNOWN {
            return None;
        }
        out.push(v);
    }
    Some(out)
}

/// A 0/1 edge list as a Python list of ints: `[0] * len` (one C loop in
/// CPython), then the ones set in place. A loop is a minority of the edges,
/// so this makes far fewer calls than setting every item, and it is cheaper
/// than `list(bytes)`, which makes each int through an iterator.
///
/// The list leaves the cyclic collector's set: a list of ints cannot be
/// part of a cycle, and each collection otherwise walked every item of
/// every solution still held (a replay keeping its results spent about a
/// twelfth of its time there). Its type and items are unchanged. A caller
/// that later puts containers into it and makes a cycle through it leaks
/// that cycle (reference counting alone cannot free it); nothing worse:
/// the collector treats an untracked object's references as from outside.
fn bit_list<'py>(py: Python<'py>, bits: &[u8], one: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyList>> {
    let list = PyList::new(py, [0u8])?.as_sequence().repeat(bits.len())?.cast_into::<PyList>()?;
    // The ones found eight bytes at a time: a branch per byte on its value
    // was mispredicted about once a one.
    let set_ones = |at: usize, chunk: &[u8]| -> PyResult<()> {
        let mut word = [0u8; 8];
        word[..chunk.len()].copy_from_slice(chunk);
        let mut w = u64::from_le_bytes(word);
        while w != 0 {
            let byte = w.trailing_zeros() / 8;
            let i = at + byte as usize;
            w &= !(0xFF << (byte * 8));
            // SAFETY: `list` is a list of `bits.len()` items and `i` one
            // of their indices; PyList_SetItem takes the new reference
            // made for it here and drops the 0 it replaces.
            if unsafe {
                ffi::Py_IncRef(one.as_ptr());
                ffi::PyList_SetItem(list.as_ptr(), i as ffi::Py_ssize_t, one.as_ptr())
            } < 0
            {
                return Err(PyErr::fetch(py));
            }
        }
        Ok(())
    };
    for (k, chunk) in bits.chunks(8).enumerate() {
        set_ones(k * 8, chunk)?;
    }
    // SAFETY: a live list, tracked since its creation (CPython tracks every
    // list it makes), untracked once.
    unsafe { ffi::PyObject_GC_UnTrack(list.as_ptr().cast()) };
    Ok(list)
}

/// v1 clue thinning of `generate`: `(clues, final_check_ok)`.
#[pyfunction(name = "loop_thin")]
fn py_loop_thin(
    py: Python<'_>,
    n: usize,
    clues: &Bound<'_, PyAny>,
    order: Items<usize>,
) -> PyResult<(Vec<Option<u8>>, bool)> {
    let clues = extract_clues(clues, 4)?;
    let (thinned, ok) = interruptible(py, |stop| loop_v1::thin(n, &clues, &order, stop))?;
    Ok((thinned.into_iter().map(|c| u8::try_from(c).ok()).collect(), ok))
}

/// v1 `closedComponent`: `(points, edges)` in visiting order, or None.
#[pyfunction(name = "loop_closed_component")]
fn py_loop_closed_component(
    py: Python<'_>,
    n: usize,
    edges: Items<usize>,
) -> PyResult<Option<(Vec<usize>, Vec<usize>)>> {
    Ok(py.detach(|| {
        let grid = loop_v1::grid_for(n)?;
        loop_v1::closed_component(&grid, &edges)
    })?)
}

pub(super) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(py_loop_propagate, m)?)?;
    m.add_class::<PyLoopSearches>()?;
    m.add_function(wrap_pyfunction!(py_loop_closed_component, m)?)?;
    m.add_function(wrap_pyfunction!(py_loop_thin, m)?)?;
    Ok(())
}
