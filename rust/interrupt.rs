//! Cooperative interruption of long core calls.
//!
//! The core knows nothing of Python signals. A long loop holds a [`Stop`] and
//! calls [`Stop::requested`] once per step; every [`Stop::PERIOD`] of wall time
//! that asks the caller's check (the binding asks Python whether Ctrl-C was
//! pressed). When the answer is yes, the loop unwinds with
//! [`Error::Interrupted`](crate::error::Error::Interrupted) and the binding
//! raises the pending `KeyboardInterrupt`.

use std::time::{Duration, Instant};

/// How often the caller's check runs at most (and at least, while steps keep
/// coming): well inside the 50 ms a user should wait for Ctrl-C.
const PERIOD: Duration = Duration::from_millis(20);
/// Steps between two reads of the clock: cheap steps need not read it each time.
const STEPS_PER_CLOCK: u32 = 256;

/// A throttled "should I stop?" for one long call.
pub struct Stop<'a> {
    check: Option<&'a (dyn Fn() -> bool + Sync)>,
    next: Instant,
    steps: u32,
    stopped: bool,
}

impl<'a> Stop<'a> {
    /// The wall-time period between two checks.
    pub const PERIOD: Duration = PERIOD;

    /// A stop that asks `check` (true = stop) every [`Stop::PERIOD`].
    pub fn new(check: &'a (dyn Fn() -> bool + Sync)) -> Self {
        Stop { check: Some(check), next: Instant::now() + PERIOD, steps: 0, stopped: false }
    }

    /// A stop that is never requested (tests, nested calls, plain Rust users).
    pub fn never() -> Self {
        Stop { check: None, next: Instant::now(), steps: 0, stopped: false }
    }

    /// One step of work: true when the call should stop now (and from then on).
    #[inline]
    pub fn requested(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        let Some(check) = self.check else { return false };
        self.steps += 1;
        if self.steps < STEPS_PER_CLOCK {
            return false;
        }
        self.steps = 0;
        let now = Instant::now();
        if now < self.next {
            return false;
        }
        self.next = now + PERIOD;
        self.stopped = check();
        self.stopped
    }

    /// A slow step: asks the caller's check now if a period has gone by since
    /// the last time (without waiting for the step count).
    pub fn poll(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        self.steps = STEPS_PER_CLOCK;
        self.requested()
    }

    /// Whether a stop was requested so far (without taking a step).
    pub fn was_requested(&self) -> bool {
        self.stopped
    }

    /// The caller's check, for a nested call that needs a stop of its own
    /// (another deadline) and must still end on the caller's. A check may
    /// answer yes only once (the binding's takes the pending signal), so
    /// the nested call hands that answer back with [`Stop::request`].
    pub fn check(&self) -> Option<&'a (dyn Fn() -> bool + Sync)> {
        self.check
    }

    /// Records a stop that the caller's check asked for through a nested
    /// call's own stop: from now on every step is told to stop.
    pub fn request(&mut self) {
        self.stopped = true;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicU32, Ordering};

    #[test]
    fn never_stops() {
        let mut s = Stop::never();
        assert!((0..100_000).all(|_| !s.requested()));
    }

    #[test]
    fn asks_the_check_at_most_once_a_period_and_then_stays_stopped() {
        let calls = AtomicU32::new(0);
        let check = || calls.fetch_add(1, Ordering::Relaxed) >= 2;
        let mut s = Stop::new(&check);
        let start = Instant::now();
        while !s.requested() {
            assert!(start.elapsed() < Duration::from_secs(5), "the stop never came");
        }
        assert_eq!(calls.load(Ordering::Relaxed), 3);
        // Two checks answered false, so at least two periods went by.
        assert!(start.elapsed() >= PERIOD * 2);
        assert!(s.requested() && s.was_requested());
        assert_eq!(calls.load(Ordering::Relaxed), 3);
    }
}
