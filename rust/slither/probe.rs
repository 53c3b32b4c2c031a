//! One-level trial: assume a value for an undecided edge, propagate, and keep
//! the other value when the assumption fails. Repeated until a whole pass
//! learns nothing.

use std::time::Instant;

use super::engine::{Engine, OFF, ON, UNK};

/// Runs probing to its fixpoint from a propagated state. False on
/// contradiction. Past `deadline` it stops early, leaving a consistent
/// (propagated, merely less narrowed) state.
pub fn probe(engine: &mut Engine<'_>, deadline: Option<Instant>) -> bool {
    let mut trials = 0u32;
    loop {
        let mut learned = false;
        for e in 0..engine.dom.len() as u32 {
            if engine.dom[e as usize] != UNK {
                continue;
            }
            trials += 1;
            if trials % 64 == 0 && deadline.is_some_and(|d| Instant::now() > d) {
                return true;
            }
            for value in [ON, OFF] {
                let mark = engine.mark();
                let ok = engine.assign(e, value) && engine.run();
                engine.undo_to(mark);
                if !ok {
                    let other = if value == ON { OFF } else { ON };
                    if !(engine.assign(e, other) && engine.run()) {
                        return false;
                    }
                    learned = true;
                    break;
                }
            }
        }
        if !learned {
            return true;
        }
    }
}
