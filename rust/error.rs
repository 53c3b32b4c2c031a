//! The core error type. The core knows nothing of Python: `py.rs` maps each
//! variant to a Python exception in one place.

use std::fmt;

/// Everything the core can refuse. Budgets (node or time limits) are not
/// errors: they come back as an incomplete result.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Error {
    /// An argument has a value the function does not accept (wrong length,
    /// out-of-range clue, malformed domain, ...). Maps to `ValueError`.
    InvalidArgument(String),
    /// A size too large to work on, refused before allocating. Maps to `ValueError`.
    TooLarge(String),
    /// A bounded enumeration (such as a catalogue of cycles) would pass its cap.
    /// Maps to `loopcraft.CapacityError` (a `ValueError`).
    Capacity(String),
}

pub type Result<T> = std::result::Result<T, Error>;

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::InvalidArgument(m) | Error::TooLarge(m) | Error::Capacity(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for Error {}

/// Shorthand for an `InvalidArgument` error with a formatted message.
#[macro_export]
macro_rules! invalid {
    ($($arg:tt)*) => { $crate::error::Error::InvalidArgument(format!($($arg)*)) };
}
