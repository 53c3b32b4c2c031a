//! Stage `probe`: tries each undecided cell and edge both ways under the
//! other chosen stages, and keeps the opposite of any hypothesis they refute.
//!
//! With a `known` solution (the generator's own loop, at the root only) the
//! hypothesis that agrees with it is not tried: the stages are sound, so no
//! propagation from a state that the solution extends can be refuted, and
//! only refutations deduce. The fixpoint is the same, at about half the
//! hypotheses.

use crate::budget::Budget;
use crate::country::puzzle::Puzzle;
use crate::country::state::{Contradiction, State, OFF, ON, UNDECIDED};
use crate::country::work::Work;

use super::{propagate_from, Stages};

/// Probes from a state already at the fixpoint of `inner` (the chosen stages
/// without `probe`) until a whole round deduces nothing; returns the number
/// of hypotheses tried. Returns early (sound, not at the fixpoint) when `g`
/// halts. `known`, when given, is a solution that extends `s` (one value per
/// variable, cells then edges).
pub fn run(
    p: &Puzzle,
    s: &mut State,
    w: &mut Work,
    inner: Stages,
    known: Option<&[u8]>,
    g: &mut Budget<'_, '_>,
) -> std::result::Result<u64, Contradiction> {
    let mut hypotheses = 0u64;
    // implied[var] bit v: "var = v" followed from a hypothesis that survived
    // in this round, so it survives too (propagation is monotone) and is not
    // tried. Flags only hold for the state they were made in; a round with a
    // deduction is followed by another round with fresh flags, so the final
    // round, which deduces nothing, tried or covered every hypothesis.
    let mut implied = vec![0u8; s.val.len()];
    loop {
        let mut progress = false;
        implied.fill(0);
        for var in 0..s.val.len() {
            for v in [ON, OFF] {
                if s.val[var] != UNDECIDED {
                    break;
                }
                if implied[var] & (1 << v) != 0 || known.is_some_and(|k| k[var] == v) {
                    continue;
                }
                if g.step() {
                    return Ok(hypotheses);
                }
                let m = s.mark();
                s.set(var, v).expect("undecided");
                hypotheses += 1;
                let refuted = propagate_from(p, s, w, inner, m.pos()).is_err();
                if !refuted {
                    for &x in s.assigned_since(m) {
                        implied[x as usize] |= 1 << s.val[x as usize];
                    }
                }
                s.undo(m);
                if refuted {
                    let head = s.trail_len();
                    s.set(var, 1 - v).expect("undecided");
                    propagate_from(p, s, w, inner, head)?;
                    progress = true;
                }
            }
        }
        if !progress {
            return Ok(hypotheses);
        }
    }
}
