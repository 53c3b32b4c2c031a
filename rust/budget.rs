//! The one budget of every long core call: a node limit, a deadline and the
//! caller's stop (Ctrl-C). Every engine polls a [`Budget`]; a budget never
//! changes an answer: a search it ends reports that it did not finish (an
//! incomplete count), and a stop becomes [`Error::Interrupted`].
//!
//! Two ways to poll: [`Budget::step`] once per cheap step (the stop reads its
//! clock every few hundred steps, the deadline every [`STEPS_PER_DEADLINE`]),
//! and [`Budget::poll`] at a slow step, which reads the clock at once.

use std::time::{Duration, Instant};

use crate::error::{Error, Result};
use crate::interrupt::Stop;
use crate::invalid;

/// Steps between two reads of the clock for the deadline in [`Budget::step`].
const STEPS_PER_DEADLINE: u32 = 8;

/// The time limit of a call, checked in this one place for every family and
/// the batches: `None` for no limit, else a finite number of seconds >= 0
/// (capped at 1e9 s).
pub fn time_limit(seconds: Option<f64>) -> Result<Option<Duration>> {
    match seconds {
        None => Ok(None),
        Some(t) if t.is_finite() && t >= 0.0 => Ok(Some(Duration::from_secs_f64(t.min(1e9)))),
        Some(t) => Err(invalid!("time_limit must be a non-negative number of seconds, got {t}")),
    }
}

/// The most edge values the solutions kept by the searches of one call (a
/// solve, or a whole batch) may hold: some 300 MB once they are Python
/// tuples. `solve(limit=10**9)` on an open board keeps finding solutions
/// until its time limit (a blank 10 x 10 Slitherlink some 90,000 a second,
/// 1.8 KB each), so a search stops at [`kept_limit`] instead, as at its
/// `limit`, and says it did not finish. Python reads it as
/// `_core.MAX_KEPT_VALUES`.
pub const MAX_KEPT_VALUES: usize = 1 << 25;

/// `limit`, lowered so that that many solutions of `values` edge values
/// each, for each of `searches` searches whose answers are kept together (a
/// batch's items), stay within [`MAX_KEPT_VALUES`]; never below 2, the least
/// that proves uniqueness.
pub fn kept_limit(limit: usize, values: usize, searches: usize) -> usize {
    limit.min((MAX_KEPT_VALUES / values.max(1).saturating_mul(searches.max(1))).max(2))
}

/// The deadline `time` from now (`None` for no limit or past the clock's range).
pub fn deadline(time: Option<Duration>) -> Option<Instant> {
    time.and_then(|t| Instant::now().checked_add(t))
}

/// Node limit, deadline and stop of one long call.
pub struct Budget<'s, 'c> {
    stop: &'s mut Stop<'c>,
    deadline: Option<Instant>,
    nodes: Option<u64>,
    steps: u32,
    timed_out: bool,
}

impl<'s, 'c> Budget<'s, 'c> {
    /// A budget with no node limit and no deadline: only `stop` ends it.
    pub fn new(stop: &'s mut Stop<'c>) -> Self {
        Budget { stop, deadline: None, nodes: None, steps: 0, timed_out: false }
    }

    /// This budget with a deadline `time` from now (`None`: no deadline).
    pub fn with_time(self, time: Option<Duration>) -> Self {
        self.with_deadline(deadline(time))
    }

    /// This budget with a deadline (`None`: no deadline).
    pub fn with_deadline(mut self, deadline: Option<Instant>) -> Self {
        self.deadline = deadline;
        self
    }

    /// This budget with a node limit per search (`None`: no limit).
    pub fn with_nodes(mut self, nodes: Option<u64>) -> Self {
        self.nodes = nodes;
        self
    }

    /// The deadline (`None`: none).
    pub fn deadline(&self) -> Option<Instant> {
        self.deadline
    }

    /// The node limit of one search.
    #[inline]
    pub fn nodes(&self) -> Option<u64> {
        self.nodes
    }

    /// Replaces the node limit (a nested search with its own), returning the old one.
    pub fn set_nodes(&mut self, nodes: Option<u64>) -> Option<u64> {
        std::mem::replace(&mut self.nodes, nodes)
    }

    /// Whether a search that visited `nodes` nodes has used its node limit.
    #[inline]
    pub fn out_of_nodes(&self, nodes: u64) -> bool {
        self.nodes.is_some_and(|l| nodes >= l)
    }

    /// One cheap step of work: true when the call should end now (and from
    /// then on).
    #[inline]
    pub fn step(&mut self) -> bool {
        if self.timed_out || self.stop.requested() {
            return true;
        }
        if let Some(d) = self.deadline {
            self.steps += 1;
            if self.steps >= STEPS_PER_DEADLINE {
                self.steps = 0;
                self.timed_out = Instant::now() >= d;
            }
        }
        self.timed_out
    }

    /// A slow step: reads the clock now for the deadline and the stop.
    pub fn poll(&mut self) -> bool {
        if self.timed_out || self.stop.poll() {
            return true;
        }
        self.timed_out = self.deadline.is_some_and(|d| Instant::now() >= d);
        self.timed_out
    }

    /// Reads the clock for the deadline only (not the stop): true once it passed.
    pub fn past_deadline(&mut self) -> bool {
        self.timed_out = self.timed_out || self.deadline.is_some_and(|d| Instant::now() >= d);
        self.timed_out
    }

    /// Whether the call was told to end so far (without taking a step).
    #[inline]
    pub fn halted(&self) -> bool {
        self.timed_out || self.stop.was_requested()
    }

    /// Whether the stop (Ctrl-C) was requested.
    #[inline]
    pub fn interrupted(&self) -> bool {
        self.stop.was_requested()
    }

    /// Whether the deadline passed.
    #[inline]
    pub fn timed_out(&self) -> bool {
        self.timed_out
    }

    /// The caller's stop, for a nested call that needs only that.
    pub fn stop(&mut self) -> &mut Stop<'c> {
        self.stop
    }

    /// `value`, or [`Error::Interrupted`] when the stop was requested.
    pub fn answer<T>(&self, value: T) -> Result<T> {
        if self.interrupted() {
            return Err(Error::Interrupted);
        }
        Ok(value)
    }

    /// [`Budget::answer`] for a call that has no answer in part: `None` when
    /// the deadline passed on the way, since what the work left then (say,
    /// "nothing found") comes from searches cut short and proves nothing.
    pub fn answer_in_time<T>(&self, value: T) -> Result<Option<T>> {
        let value = self.answer(value)?;
        Ok((!self.timed_out()).then_some(value))
    }
}

/// Runs `f` (a call that takes only a [`Stop`], such as a frontier sweep)
/// with a stop of its own that ends at `time` from now (or never), at `g`'s
/// deadline, and on `g`'s check. The caller's check answers yes once (a
/// pending signal is taken): that answer goes back to `g`'s stop, so the
/// caller's next poll sees it.
pub fn under<T>(g: &mut Budget<'_, '_>, time: Option<Duration>, f: impl FnOnce(&mut Stop<'_>) -> T) -> T {
    let end = time.map(|t| Instant::now() + t);
    let end = match (end, g.deadline()) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    };
    let outer = g.stop().check();
    let asked = std::sync::atomic::AtomicBool::new(false);
    let check = || {
        if outer.is_some_and(|c| c()) {
            asked.store(true, std::sync::atomic::Ordering::Relaxed);
        }
        asked.load(std::sync::atomic::Ordering::Relaxed) || end.is_some_and(|e| Instant::now() > e)
    };
    let mut stop = Stop::new(&check);
    let out = f(&mut stop);
    if asked.load(std::sync::atomic::Ordering::Relaxed) {
        g.stop().request();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kept_limits_share_the_budget_and_keep_two() {
        assert_eq!(kept_limit(2, 220, 1), 2);
        assert_eq!(kept_limit(usize::MAX, 220, 1), MAX_KEPT_VALUES / 220);
        assert_eq!(kept_limit(usize::MAX, 220, 4), MAX_KEPT_VALUES / 880);
        assert_eq!(kept_limit(usize::MAX, usize::MAX, usize::MAX), 2);
        assert_eq!(kept_limit(usize::MAX, 0, 0), MAX_KEPT_VALUES);
    }

    #[test]
    fn time_limits() {
        assert_eq!(time_limit(None).unwrap(), None);
        assert_eq!(time_limit(Some(0.0)).unwrap(), Some(Duration::ZERO));
        assert_eq!(time_limit(Some(1e300)).unwrap(), Some(Duration::from_secs(1_000_000_000)));
        for bad in [-1.0, f64::NAN, f64::INFINITY] {
            assert!(time_limit(Some(bad)).is_err(), "{bad}");
        }
    }

    #[test]
    fn no_limit_never_halts() {
        let mut stop = Stop::never();
        let mut b = Budget::new(&mut stop).with_time(None);
        assert!((0..10_000).all(|_| !b.step()) && !b.poll() && !b.halted());
        assert!(!b.out_of_nodes(u64::MAX));
    }

    #[test]
    fn a_passed_deadline_halts_and_stays_halted() {
        let mut stop = Stop::never();
        let mut b = Budget::new(&mut stop).with_time(Some(Duration::ZERO));
        assert!(b.poll() && b.timed_out() && !b.interrupted() && b.step());
        let mut stop = Stop::never();
        let mut b = Budget::new(&mut stop).with_time(Some(Duration::ZERO));
        assert!((0..STEPS_PER_DEADLINE).any(|_| b.step()) && b.halted());
        assert!(b.answer(1).is_ok());
    }

    #[test]
    fn a_stop_halts_as_an_interruption() {
        let check = || true;
        let mut stop = Stop::new(&check);
        let mut b = Budget::new(&mut stop);
        // The check is asked once a period has gone by.
        let start = Instant::now();
        while !b.poll() {
            assert!(start.elapsed() < Duration::from_secs(5), "the stop never came");
        }
        assert!(b.interrupted() && !b.timed_out() && b.halted() && b.step());
        assert!(matches!(b.answer(1), Err(Error::Interrupted)));
    }

    #[test]
    fn node_limits() {
        let mut stop = Stop::never();
        let mut b = Budget::new(&mut stop).with_nodes(Some(5));
        assert!(!b.out_of_nodes(4) && b.out_of_nodes(5));
        assert_eq!(b.set_nodes(None), Some(5));
        assert!(!b.out_of_nodes(5));
    }
}
