//! The deduction stages of the ladder, one rule family per file. Each `run`
//! applies its rules once over the whole board and reports whether it
//! decided anything; `super::ladder` runs them to a common fixpoint.

pub mod loop_rule;
pub mod macro_rule;
pub mod once;
pub mod region;
