//! loopcraft's core: pencil loop puzzles (the Loop engine v1, Slitherlink,
//! Country Road), their propagation, search and graph checks.
//!
//! Plain Rust, with no knowledge of Python: every fallible function returns
//! [`error::Result`]. The Python extension lives in `py/` (split by family), compiled only
//! with the `python` feature, so `cargo test` needs no interpreter.
//!
//! Modules:
//! - [`grid`]: cells, lattice points and edges of an R x C board (v1 numbering).
//! - [`interrupt`]: cooperative stops of long calls (Ctrl-C from Python).
//! - [`loop_v1`]: the Loop engine v1 propagation, loop check and search, bit for bit
//!   (the contract: docs/loop-v1.md).
//! - [`batch`]: many independent solves spread over worker threads.
//! - [`read`]: the one reader of puzzlekit text and puzz.link URLs (`parse` and the batches call it).
//! - [`slither`]: Slitherlink on R x C boards: tiered propagation, solution counting, grade.
//! - [`country`]: Country Road: board, region graph, the stage ladder, search and
//!   two brute-force counting engines (docs/country-road.md).
//! - [`sat`]: a small clause-learning solver with counting constraints and a
//!   theory hook (Country Road's backbone: `country/sat.rs`).
//! - [`frontier`]: exact solution counts of both families by dynamic programming
//!   over a sweep line (arbitrary precision, a budget of states).
//! - [`budget`]: the one budget of every long call (node limit, deadline and
//!   stop), which every engine polls, and the one check of a time limit.
//! - [`error`]: the one error type; each input is checked once, here in the core,
//!   with terse messages (the Python façade words them for users first).

pub mod batch;
pub mod budget;
pub mod country;
pub mod error;
pub mod frontier;
pub mod grid;
pub mod interrupt;
pub mod loop_v1;
pub mod read;
pub mod sat;
pub mod slither;

pub use error::{Error, Result};

#[cfg(test)]
mod proptests;
#[cfg(test)]
mod testing;

#[cfg(feature = "python")]
mod py;
