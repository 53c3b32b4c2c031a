//! The deduction stages of the ladder, one rule family per file. Each `run`
//! applies its rules once over the whole board and reports whether it decided
//! anything; [`propagate`] runs the chosen ones to a common fixpoint and
//! [`fixpoint`] adds `probe` on top. The rules themselves are described in
//! docs/country-road.md.

mod loop_rule;
mod macro_rule;
mod once;
mod probe;
mod region;

use crate::error::Result;
use crate::invalid;

use super::guard::Guard;
use super::puzzle::Puzzle;
use super::state::{Contradiction, State};
use super::work::Work;

/// Stage names in ladder order, weakest first: the one table of the Country
/// Road stages (`loopcraft.country` reads it through the core). Stage `i` is
/// bit `1 << i` of a [`Stages`] set.
pub const STAGE_NAMES: [&str; 5] = ["region", "once", "loop", "macro", "probe"];

/// A set of stages.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stages(u8);

impl Stages {
    pub const REGION: u8 = 1 << 0;
    pub const ONCE: u8 = 1 << 1;
    pub const LOOP: u8 = 1 << 2;
    pub const MACRO: u8 = 1 << 3;
    pub const PROBE: u8 = 1 << 4;
    pub const ALL: Stages = Stages((1 << STAGE_NAMES.len()) - 1);
    pub const NONE: Stages = Stages(0);

    /// The set named by `names` (any order, repeats allowed).
    pub fn parse<S: AsRef<str>>(names: &[S]) -> Result<Stages> {
        let mut bits = 0u8;
        for name in names {
            let name = name.as_ref();
            match STAGE_NAMES.iter().position(|&n| n == name) {
                Some(i) => bits |= 1 << i,
                None => return Err(invalid!("unknown stage {name:?}; the stages are {STAGE_NAMES:?}")),
            }
        }
        Ok(Stages(bits))
    }

    #[inline]
    pub fn has(self, bit: u8) -> bool {
        self.0 & bit != 0
    }

    pub fn with(self, bit: u8) -> Stages {
        Stages(self.0 | bit)
    }

    pub fn without(self, bit: u8) -> Stages {
        Stages(self.0 & !bit)
    }
}

/// Runs the non-probing stages until none changes anything.
pub fn propagate(p: &Puzzle, s: &mut State, w: &mut Work, stages: Stages) -> std::result::Result<(), Contradiction> {
    loop {
        let mut changed = false;
        if stages.has(Stages::REGION) {
            changed |= region::run(p, s)?;
        }
        if stages.has(Stages::ONCE) {
            changed |= once::run(p, s, w)?;
        }
        if stages.has(Stages::LOOP) {
            changed |= loop_rule::run(p, s, w)?;
        }
        if stages.has(Stages::MACRO) {
            changed |= macro_rule::run(p, s, w)?;
        }
        if !changed {
            return Ok(());
        }
    }
}

/// The full fixpoint of the chosen stages, `probe` included when chosen;
/// returns the number of probe hypotheses tried. When `g` halts, `probe`
/// returns early: the state is then sound but not at the fixpoint, and the
/// caller must look at `g` before trusting it as one.
pub fn fixpoint(
    p: &Puzzle,
    s: &mut State,
    w: &mut Work,
    stages: Stages,
    g: &mut Guard<'_, '_>,
) -> std::result::Result<u64, Contradiction> {
    propagate(p, s, w, stages)?;
    if !stages.has(Stages::PROBE) {
        return Ok(0);
    }
    probe::run(p, s, w, stages.without(Stages::PROBE), g)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stage_bits_follow_the_name_table() {
        let bits = [Stages::REGION, Stages::ONCE, Stages::LOOP, Stages::MACRO, Stages::PROBE];
        assert_eq!(bits.len(), STAGE_NAMES.len());
        for (i, name) in STAGE_NAMES.iter().enumerate() {
            assert_eq!(Stages::parse(&[name]).unwrap(), Stages::NONE.with(bits[i]), "{name}");
        }
        assert_eq!(Stages::parse(&STAGE_NAMES).unwrap(), Stages::ALL);
        assert!(Stages::parse(&["search"]).is_err(), "search is a level, not a stage");
    }
}
