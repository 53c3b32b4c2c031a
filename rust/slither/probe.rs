//! One-level trial: assume a value for an undecided edge, propagate, and keep
//! the other value when the assumption fails. Repeated until a whole pass
//! learns nothing.

use super::engine::{Engine, OFF, ON, UNK};
use crate::budget::Budget;

/// Runs probing to its fixpoint from a propagated state. False on
/// contradiction. When `budget` says so it stops early, leaving a consistent
/// (propagated, merely less narrowed) state.
pub fn probe(engine: &mut Engine<'_>, budget: &mut Budget<'_, '_>) -> bool {
    // A trial that succeeded also shows that each edge value it implied
    // succeeds alone (propagation from fewer assumptions fails no sooner), so
    // those trials are skipped for the rest of the pass.
    let mut tried = vec![[0u32; 2]; engine.dom.len()];
    let mut pass = 0u32;
    let mut trials = 0u32;
    loop {
        pass += 1;
        let mut learned = false;
        for e in 0..engine.dom.len() as u32 {
            for value in [ON, OFF] {
                if engine.dom[e as usize] != UNK || tried[e as usize][value as usize] == pass {
                    continue;
                }
                trials += 1;
                if trials % 8 == 0 && budget.poll() {
                    return true;
                }
                let mark = engine.mark();
                let ok = engine.assign(e, value) && engine.run();
                if ok {
                    for (f, v) in engine.decided_since(mark) {
                        tried[f as usize][v as usize] = pass;
                    }
                }
                engine.undo_to(mark);
                if !ok {
                    let other = if value == ON { OFF } else { ON };
                    if !(engine.assign(e, other) && engine.run()) {
                        return false;
                    }
                    learned = true;
                }
            }
        }
        if !learned {
            return true;
        }
    }
}
