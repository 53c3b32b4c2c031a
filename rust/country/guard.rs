//! The two ways a long Country Road call may be cut short: Ctrl-C (through
//! the caller's [`Stop`]) and a wall-clock deadline. Stages that loop for long
//! (`probe`, the search) ask [`Guard::halt`] once per step; a halted stage
//! returns early with a state that is sound but not at its fixpoint, and the
//! caller turns the halt into `Error::Interrupted` or an incomplete result,
//! never into an answer.

use std::time::Instant;

use crate::interrupt::Stop;

/// Steps between two reads of the clock for the deadline.
const STEPS_PER_CLOCK: u32 = 8;

pub struct Guard<'s, 'c> {
    stop: &'s mut Stop<'c>,
    deadline: Option<Instant>,
    steps: u32,
    /// Ctrl-C was seen.
    pub interrupted: bool,
    /// The deadline passed.
    pub timed_out: bool,
}

impl<'s, 'c> Guard<'s, 'c> {
    pub fn new(stop: &'s mut Stop<'c>, deadline: Option<Instant>) -> Self {
        Guard { stop, deadline, steps: 0, interrupted: false, timed_out: false }
    }

    /// One step of work: true when the call should stop now (and from then on).
    #[inline]
    pub fn halt(&mut self) -> bool {
        if self.halted() {
            return true;
        }
        if self.stop.requested() {
            self.interrupted = true;
            return true;
        }
        if let Some(d) = self.deadline {
            self.steps += 1;
            if self.steps >= STEPS_PER_CLOCK {
                self.steps = 0;
                if Instant::now() >= d {
                    self.timed_out = true;
                    return true;
                }
            }
        }
        false
    }

    /// Whether a halt was seen so far (without taking a step).
    #[inline]
    pub fn halted(&self) -> bool {
        self.interrupted || self.timed_out
    }
}
