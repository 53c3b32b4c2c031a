//! Batches: many independent core calls spread over worker threads.
//!
//! [`map`] runs one closure per item on `threads` scoped worker threads that
//! take the next item from a shared atomic index, and returns the answers in
//! input order. The calling thread does no item itself: it waits for the
//! workers and asks the caller's stop check (Ctrl-C from Python) every
//! [`Stop::PERIOD`](crate::interrupt::Stop::PERIOD); a stop starts no new
//! item, reaches the items in progress through the batch's stop flag (each
//! item's [`Stop`] reads it), and returns [`Error::Interrupted`].
//!
//! The per-family functions ([`slither_solve`], [`country_solve`],
//! [`loop_solve`]) check the arguments shared by the whole batch once, then
//! give every item its own `Result`: one malformed board never costs the
//! answers of the others. A time limit is per item, counted from the start of
//! that item's search.
//!
//! The core keeps no global mutable state (the only `static`s are the v1
//! caches of grids and search tables per size, each a `OnceLock` written once
//! and read-only after), so items share nothing but the read-only input.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Duration;

use crate::budget::kept_limit;
use crate::error::{Error, Result};
use crate::interrupt::Stop;
use crate::{country, loop_v1, read, slither};

/// Most worker threads one batch may ask for.
pub const MAX_THREADS: usize = 1024;

/// The number of worker threads for `items` items: `requested`, or the
/// machine's available parallelism when None; never more than the items
/// (at least one).
pub fn thread_count(requested: Option<usize>, items: usize) -> Result<usize> {
    let wanted = match requested {
        Some(0) => return Err(Error::InvalidArgument("threads must be at least 1".into())),
        Some(t) if t > MAX_THREADS => {
            return Err(Error::InvalidArgument(format!("threads = {t} is more than {MAX_THREADS}")))
        }
        Some(t) => t,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    Ok(wanted.min(items).max(1))
}

/// `work` on every item on `threads` worker threads; the answers in input
/// order. `stop` is asked about every [`Stop::PERIOD`] while the workers run
/// (true = stop): no new item starts and the call returns
/// [`Error::Interrupted`]. A panic in `work` is resumed on the calling thread.
/// Each item gets a [`Stop`] that reads the batch's stop flag, so that a
/// long item can end early too.
pub fn map<T, R, F>(items: &[T], threads: usize, stop: &(dyn Fn() -> bool + Sync), work: F) -> Result<Vec<R>>
where
    T: Sync,
    R: Send,
    F: Fn(&T, &mut Stop<'_>) -> R + Sync,
{
    map_largest_first(items, threads, stop, |_| 0, work)
}

/// [`map`], starting the items in decreasing order of `size` (ties in input
/// order): the longest jobs first, so that no thread is left alone with a
/// large board at the end while the others idle. Answers still come back in
/// input order. Each item gets a [`Stop`] that reads the batch's stop flag,
/// so a stop also ends the items already running.
pub fn map_largest_first<T, R, F>(
    items: &[T],
    threads: usize,
    stop: &(dyn Fn() -> bool + Sync),
    size: impl Fn(&T) -> usize,
    work: F,
) -> Result<Vec<R>>
where
    T: Sync,
    R: Send,
    F: Fn(&T, &mut Stop<'_>) -> R + Sync,
{
    if items.is_empty() {
        return Ok(Vec::new());
    }
    let mut order: Vec<usize> = (0..items.len()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(size(&items[i]))); // stable: ties keep input order
    let order = &order;
    let threads = threads.clamp(1, items.len());
    let next = AtomicUsize::new(0);
    let stopped = AtomicBool::new(false);
    let mut slots: Vec<Option<R>> = std::iter::repeat_with(|| None).take(items.len()).collect();
    std::thread::scope(|scope| {
        let (done_tx, done_rx) = mpsc::channel::<Vec<(usize, R)>>();
        let handles: Vec<_> = (0..threads)
            .map(|_| {
                let done = done_tx.clone();
                let (next, stopped, work) = (&next, &stopped, &work);
                scope.spawn(move || {
                    let mut mine = Vec::new();
                    let flag = || stopped.load(Ordering::Relaxed);
                    while !flag() {
                        let k = next.fetch_add(1, Ordering::Relaxed);
                        let Some(&i) = order.get(k) else { break };
                        mine.push((i, work(&items[i], &mut Stop::new(&flag))));
                    }
                    // The receiver lives until every worker is joined.
                    let _ = done.send(mine);
                })
            })
            .collect();
        drop(done_tx);
        let mut finished = 0;
        while finished < threads {
            match done_rx.recv_timeout(Stop::PERIOD.min(Duration::from_millis(20))) {
                Ok(answers) => {
                    finished += 1;
                    for (i, r) in answers {
                        slots[i] = Some(r);
                    }
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    if !stopped.load(Ordering::Relaxed) && stop() {
                        stopped.store(true, Ordering::Relaxed);
                    }
                }
                // Every sender is gone: a worker panicked before sending.
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
            }
        }
        for h in handles {
            if let Err(panic) = h.join() {
                std::panic::resume_unwind(panic);
            }
        }
    });
    if stopped.load(Ordering::Relaxed) {
        return Err(Error::Interrupted);
    }
    Ok(slots.into_iter().map(|s| s.expect("every item ran: no stop, no panic")).collect())
}

/// One item of a batch: a board in the core's form, or a text that
/// [`read`] (the one reader, `parse`'s) reads on the worker thread.
#[derive(Debug, Clone)]
pub enum Input<B> {
    Board(B),
    Text(String),
}

/// The answer for one item of a batch.
#[derive(Debug)]
pub enum Answer<B, T> {
    /// The item was a board: its solve's answer (or its error).
    Solved(Result<T>),
    /// The item was a text read here: the board read, and its solve's answer.
    Read(B, Result<T>),
    /// A text left to Python's `parse` (JSON, a Loopy ID, a mistake: `parse`
    /// raises the reader's error, or a text that is no board).
    Unread,
}

impl<B, T> Answer<B, T> {
    /// The solve's answer, whatever the item was; None for an unread text.
    pub fn into_result(self) -> Option<Result<T>> {
        match self {
            Answer::Solved(r) | Answer::Read(_, r) => Some(r),
            Answer::Unread => None,
        }
    }
}

/// `solve` on every input, reading texts with `read` first; the largest
/// first (`size` of a board, the length of a text).
fn solve_inputs<B: Sync + Send, T: Send>(
    inputs: &[Input<B>],
    threads: Option<usize>,
    stop: &(dyn Fn() -> bool + Sync),
    read: fn(&str) -> Option<B>,
    size: fn(&B) -> usize,
    solve: impl Fn(&B, &mut Stop<'_>) -> Result<T> + Sync,
) -> Result<Vec<Answer<B, T>>> {
    let threads = thread_count(threads, inputs.len())?;
    let weight = |input: &Input<B>| match input {
        Input::Board(b) => size(b),
        Input::Text(t) => t.len(),
    };
    map_largest_first(inputs, threads, stop, weight, |input, item_stop| match input {
        Input::Board(b) => Answer::Solved(solve(b, item_stop)),
        Input::Text(t) => match read(t) {
            Some(b) => {
                let answer = solve(&b, item_stop);
                Answer::Read(b, answer)
            }
            None => Answer::Unread,
        },
    })
}

/// One Slitherlink board of a batch: `clues` row-major, `-1` for a blank.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SlitherItem {
    pub rows: usize,
    pub cols: usize,
    pub clues: Vec<i8>,
}

/// [`slither::solve`] on every item: each answer or that item's error.
pub fn slither_solve(
    items: &[Input<SlitherItem>],
    limit: usize,
    node_limit: Option<u64>,
    time_limit: Option<f64>,
    threads: Option<usize>,
    stop: &(dyn Fn() -> bool + Sync),
) -> Result<Vec<Answer<SlitherItem, slither::Outcome>>> {
    if limit == 0 {
        return Err(Error::InvalidArgument("limit must be at least 1".into()));
    }
    crate::budget::time_limit(time_limit)?;
    let searches = items.len();
    solve_inputs(
        items,
        threads,
        stop,
        read::slither_item,
        |it| it.clues.len(),
        |it, stop| {
            let edges = (it.rows + 1) * it.cols + it.rows * (it.cols + 1);
            let kept = kept_limit(limit, edges, searches);
            let out = slither::solve_stoppable(it.rows, it.cols, &it.clues, kept, node_limit, time_limit, stop)?;
            Ok(slither::Outcome { finished: out.finished && !stopped_at(&out.solutions, kept, limit), ..out })
        },
    )
}

/// A batch keeps every item's solutions until it returns, so each item's
/// search stops at its share of [`crate::budget::MAX_KEPT_VALUES`]; one
/// stopped there (before the caller's `limit`) did not finish: its count is
/// only a lower bound, as one a budget stopped.
fn stopped_at(solutions: &[Vec<u8>], kept: usize, limit: usize) -> bool {
    kept < limit && solutions.len() >= kept
}

/// One Country Road board of a batch, in the core's flat form: region index
/// per cell row-major (-1 blocked), one number or None per country.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CountryItem {
    pub rows: usize,
    pub cols: usize,
    pub regions: Vec<i64>,
    pub numbers: Vec<Option<i64>>,
}

/// [`country::solve`] with every ladder stage on every item: each answer or
/// that item's error.
pub fn country_solve(
    items: &[Input<CountryItem>],
    limit: usize,
    node_limit: Option<u64>,
    time_limit: Option<f64>,
    threads: Option<usize>,
    stop: &(dyn Fn() -> bool + Sync),
) -> Result<Vec<Answer<CountryItem, country::SolveResult>>> {
    crate::budget::time_limit(time_limit)?;
    let stages = country::STAGE_NAMES;
    let searches = items.len();
    solve_inputs(
        items,
        threads,
        stop,
        read::country_item,
        |it| it.regions.len(),
        |it, stop| {
            let edges = it.rows * it.cols.saturating_sub(1) + it.rows.saturating_sub(1) * it.cols;
            let kept = kept_limit(limit, edges, searches);
            let out = country::solve_with_stop(
                it.rows,
                it.cols,
                &it.regions,
                &it.numbers,
                kept,
                &stages,
                node_limit,
                time_limit,
                stop,
            )?;
            Ok(country::SolveResult { finished: out.finished && !stopped_at(&out.solutions, kept, limit), ..out })
        },
    )
}

/// [`loop_v1::solve`] on every clue list of one n x n size: each answer or
/// that item's error.
pub fn loop_solve(
    n: usize,
    clue_lists: &[Vec<i8>],
    node_limit: u64,
    threads: Option<usize>,
    stop: &(dyn Fn() -> bool + Sync),
) -> Result<Vec<Result<loop_v1::SolveResult>>> {
    loop_v1::grid_for(n)?;
    let threads = thread_count(threads, clue_lists.len())?;
    map(clue_lists, threads, stop, |clues, stop| loop_v1::solve_until(n, clues, node_limit, stop))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicU32;

    fn never() -> bool {
        false
    }

    #[test]
    fn a_search_stopped_at_its_share_of_the_kept_budget_did_not_finish() {
        let two = vec![vec![0u8]; 2];
        // At the caller's own limit: finished; at a share below it: not.
        assert!(!stopped_at(&two, 2, 2));
        assert!(stopped_at(&two, 2, 1_000));
        assert!(!stopped_at(&two[..1], 2, 1_000));
    }

    #[test]
    fn answers_come_back_in_input_order_on_any_thread_count() {
        let items: Vec<u64> = (0..500).collect();
        for threads in [1, 2, 3, 8, 1000] {
            let out = map(&items, threads, &never, |&x, _| x * x).unwrap();
            assert_eq!(out, items.iter().map(|x| x * x).collect::<Vec<_>>());
        }
        assert!(map(&[] as &[u8], 4, &never, |&x, _| x).unwrap().is_empty());
        for threads in [1, 3] {
            let out = map_largest_first(&items, threads, &never, |&x| (x % 7) as usize, |&x, _| x + 1).unwrap();
            assert_eq!(out, items.iter().map(|x| x + 1).collect::<Vec<_>>());
        }
    }

    #[test]
    fn thread_count_defaults_to_the_machine_and_never_passes_the_items() {
        assert!(thread_count(None, 1000).unwrap() >= 1);
        assert_eq!(thread_count(Some(8), 3).unwrap(), 3);
        assert_eq!(thread_count(Some(8), 0).unwrap(), 1);
        assert!(thread_count(Some(0), 3).is_err());
        assert!(thread_count(Some(MAX_THREADS + 1), 3).is_err());
    }

    #[test]
    fn a_stop_interrupts_between_items() {
        let calls = AtomicU32::new(0);
        let stop = || calls.fetch_add(1, Ordering::Relaxed) >= 1;
        let items: Vec<u32> = (0..10_000).collect();
        let ran = AtomicU32::new(0);
        let out = map(&items, 2, &stop, |_, _| {
            ran.fetch_add(1, Ordering::Relaxed);
            std::thread::sleep(Duration::from_millis(2));
        });
        assert_eq!(out, Err(Error::Interrupted));
        assert!(ran.load(Ordering::Relaxed) < 10_000);
    }

    #[test]
    fn a_stop_reaches_the_items_already_running() {
        let stop = || true;
        let started = std::time::Instant::now();
        let out = map_largest_first(
            &[0u8, 1],
            2,
            &stop,
            |_| 0,
            |_, item_stop| {
                // Each item runs until its own stop says so.
                while !item_stop.requested() {
                    assert!(started.elapsed() < Duration::from_secs(10), "the item never saw the batch's stop");
                }
            },
        );
        assert_eq!(out, Err(Error::Interrupted));
    }

    #[test]
    fn a_malformed_item_is_its_own_error_and_the_others_are_solved() {
        let good = SlitherItem { rows: 1, cols: 3, clues: vec![3, 3, 1] };
        let short = SlitherItem { rows: 2, cols: 3, clues: vec![3, 3, 1] };
        let huge = SlitherItem { rows: 10_000, cols: 10_000, clues: vec![] };
        let text = |t: &str| Input::Text(t.to_string());
        let items = [
            Input::Board(good.clone()),
            Input::Board(short),
            text("1 3\n3 3 1"),
            Input::Board(huge),
            text("3x1t0:331"),
            text("https://puzz.link/p?slither/3/1/331"),
        ];
        let out = slither_solve(&items, 2, None, None, Some(2), &never).unwrap();
        let single = slither::solve(1, 3, &good.clues, 2, None, None).unwrap();
        assert!(matches!(&out[2], Answer::Read(b, _) if b.clues == good.clues));
        assert!(matches!(out[4], Answer::Unread));
        assert!(matches!(&out[5], Answer::Read(b, _) if b.clues == good.clues));
        let out: Vec<_> = out.into_iter().map(Answer::into_result).collect();
        for i in [0, 2, 5] {
            let r = out[i].as_ref().unwrap().as_ref().unwrap();
            assert_eq!((&r.solutions, r.finished, r.nodes), (&single.solutions, single.finished, single.nodes));
        }
        assert!(matches!(out[1], Some(Err(Error::InvalidArgument(_)))));
        assert!(matches!(out[3], Some(Err(Error::TooLarge(_)))));
        assert!(slither_solve(&items, 0, None, None, None, &never).is_err());
        assert!(slither_solve(&items, 2, None, Some(f64::NAN), None, &never).is_err());
    }

    #[test]
    fn country_and_loop_batches_equal_the_single_calls() {
        let items = [
            CountryItem { rows: 2, cols: 2, regions: vec![0, 1, 2, 3], numbers: vec![None; 4] },
            CountryItem { rows: 2, cols: 3, regions: vec![0, 1, 2, 3, 4, 5], numbers: vec![None; 6] },
            CountryItem { rows: 2, cols: 2, regions: vec![0, 1, 2], numbers: vec![None; 4] },
        ];
        let mut inputs: Vec<_> = items.iter().cloned().map(Input::Board).collect();
        inputs.push(Input::Text("2 3\n- - -\n- - -\n1 2 3\n4 5 6".into()));
        let mut out: Vec<_> = country_solve(&inputs, 5, None, None, Some(3), &never)
            .unwrap()
            .into_iter()
            .map(|a| a.into_result().unwrap())
            .collect();
        let read = out.pop().unwrap().unwrap();
        let by_board = out[1].as_ref().unwrap();
        assert_eq!((&read.solutions, read.nodes), (&by_board.solutions, by_board.nodes));
        for (it, r) in items.iter().zip(&out) {
            let single =
                country::solve(it.rows, it.cols, &it.regions, &it.numbers, 5, &country::STAGE_NAMES, None, None);
            match (r, single) {
                (Ok(a), Ok(b)) => assert_eq!((&a.solutions, a.finished, a.nodes), (&b.solutions, b.finished, b.nodes)),
                (Err(a), Err(b)) => assert_eq!(a, &b),
                (a, b) => panic!("batch {a:?} but single {b:?}"),
            }
        }
        assert!(out[2].is_err());
        let clues = vec![vec![-1, 3, 2, 2, -1, -1, -1, -1, -1, 1, 1, -1, 0, -1, 2, -1], vec![9; 16]];
        let out = loop_solve(4, &clues, 1_000_000, Some(2), &never).unwrap();
        let single = loop_v1::solve(4, &clues[0], 1_000_000).unwrap();
        let r = out[0].as_ref().unwrap();
        assert_eq!((&r.solutions, r.nodes, r.truncated), (&single.solutions, single.nodes, single.truncated));
        assert!(out[1].is_err());
        assert!(loop_solve(0, &clues, 10, None, &never).is_err());
    }
}
