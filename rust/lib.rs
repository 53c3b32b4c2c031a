//! loopcraft's core: pencil loop puzzles (the Loop engine v1, Slitherlink,
//! Country Road), their propagation, search and graph checks.
//!
//! Plain Rust, with no knowledge of Python: every fallible function returns
//! [`error::Result`]. The Python extension lives in `py.rs`, compiled only
//! with the `python` feature, so `cargo test` needs no interpreter.
//!
//! Modules:
//! - [`grid`]: cells, lattice points and edges of an R x C board (v1 numbering).
//! - [`interrupt`]: cooperative stops of long calls (Ctrl-C from Python).
//! - [`loop_v1`]: the Loop engine v1 propagation, loop check and search, bit for bit.
//! - [`batch`]: many independent solves spread over worker threads.
//! - [`slither`]: Slitherlink on R x C boards: tiered propagation, solution counting, grade.

pub mod batch;
pub mod country;
pub mod error;
pub mod grid;
pub mod interrupt;
pub mod loop_v1;
pub mod slither;

pub use error::{Error, Result};

#[cfg(test)]
mod proptests;
#[cfg(test)]
mod testing;

#[cfg(feature = "python")]
mod py;
