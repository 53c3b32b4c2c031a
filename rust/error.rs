//! The core error type. The core knows nothing of Python: `py/mod.rs` maps each
//! variant to a Python exception in one place.

use std::fmt;

/// Everything the core can refuse. Budgets (node or time limits) are not
/// errors: they come back as an incomplete result.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Error {
    /// An argument has a value the function does not accept (wrong length,
    /// out-of-range clue, malformed domain, ...). Maps to `loopcraft.ArgumentError`.
    InvalidArgument(String),
    /// A size too large to work on, refused before allocating. Maps to `loopcraft.ArgumentError`.
    TooLarge(String),
    /// A bounded enumeration (such as a catalogue of cycles) would pass its cap.
    /// Maps to `loopcraft.CapacityError` (a `ValueError`).
    Capacity(String),
    /// The caller asked a long call to stop (Ctrl-C in Python; see
    /// [`crate::interrupt`]). The binding raises the pending `KeyboardInterrupt`.
    Interrupted,
}

pub type Result<T> = std::result::Result<T, Error>;

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::InvalidArgument(m) | Error::TooLarge(m) | Error::Capacity(m) => f.write_str(m),
            Error::Interrupted => f.write_str("interrupted"),
        }
    }
}

impl std::error::Error for Error {}

/// Shorthand for an `InvalidArgument` error with a formatted message.
#[macro_export]
macro_rules! invalid {
    ($($arg:tt)*) => { $crate::error::Error::InvalidArgument(format!($($arg)*)) };
}
