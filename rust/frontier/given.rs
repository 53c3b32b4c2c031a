//! Decisions made before the sweep (by a deduction ladder's fixpoint), as
//! constraints on the moves at each step: the point's right edge, its down
//! edge and (Country Road) whether the point is used may each be fixed. A
//! move that contradicts one is dropped as it arises, so the frontier only
//! carries the states that agree with every decision.

use super::sweep::Move;

/// Undecided, in the per-step tables.
pub(super) const OPEN: u8 = 2;

/// Per step of the sweep: the decided value (0 or 1) of the right edge, the
/// down edge and the point's use, or [`OPEN`]. Empty tables: nothing decided.
#[derive(Clone, Default)]
pub(super) struct Given {
    right: Vec<u8>,
    down: Vec<u8>,
    used: Vec<u8>,
    /// The last step whose right or down edge is decided on (`None`: none is).
    last_on: Option<usize>,
}

impl Given {
    /// Nothing decided.
    pub(super) fn none() -> Given {
        Given::default()
    }

    /// Tables of `steps` entries, every one open; fill them with [`Given::set`].
    pub(super) fn open(steps: usize, with_used: bool) -> Given {
        Given {
            right: vec![OPEN; steps],
            down: vec![OPEN; steps],
            used: if with_used { vec![OPEN; steps] } else { Vec::new() },
            last_on: None,
        }
    }

    /// Fixes what step `t` may do: its right edge, down edge and use (values
    /// 0, 1 or [`OPEN`]).
    pub(super) fn set(&mut self, t: usize, right: u8, down: u8, used: u8) {
        self.right[t] = right;
        self.down[t] = down;
        if !self.used.is_empty() {
            self.used[t] = used;
        }
        if right == 1 || down == 1 {
            self.last_on = Some(self.last_on.map_or(t, |l| l.max(t)));
        }
    }

    /// The first step after every edge decided on: a loop closed before it
    /// would leave such an edge undrawn.
    pub(super) fn on_done_by(&self) -> usize {
        self.last_on.map_or(0, |t| t + 1)
    }

    /// Keeps, in place, the first `n` moves of `moves` that agree with the
    /// decisions at step `t`; returns how many are kept.
    #[inline(always)]
    pub(super) fn keep<K: Copy>(&self, t: usize, moves: &mut [Move<K>; 2], n: usize) -> usize {
        if self.right.is_empty() {
            return n;
        }
        let agrees = |want: u8, got: bool| want == OPEN || (want == 1) == got;
        let (r, d) = (self.right[t], self.down[t]);
        let u = self.used.get(t).copied().unwrap_or(OPEN);
        if r == OPEN && d == OPEN && u == OPEN {
            return n;
        }
        let mut kept = 0;
        for i in 0..n {
            let m = moves[i];
            if agrees(r, m.right) && agrees(d, m.down) && agrees(u, m.used) {
                moves[kept] = m;
                kept += 1;
            }
        }
        kept
    }
}
