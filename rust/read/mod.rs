//! The batches' fast path for reading texts.
//!
//! Batches take raw texts so that reading them can run on the worker threads
//! too. The Python readers stay the one definition of every format and of
//! every error message. The readers here accept only the plain, common shape
//! of two formats, ASCII only:
//!
//! - puzzlekit problem text ([`puzzlekit`]);
//! - puzz.link URLs on the sites `to_url` writes, without flags ([`pzpr`]).
//!
//! They answer `None` for anything else: another format, an unusual
//! spelling, or a text Python would refuse. `None` sends the text back to
//! Python's reader, so a text read here is always one Python reads to exactly
//! the same board, in the same core form. `tests/test_batch_read.py` checks
//! that on the data sets and on generated and mutated texts.

use crate::batch::{CountryItem, SlitherItem};

pub mod puzzlekit;
pub mod pzpr;

/// Longest text read (exported as Python's `loopcraft._text.MAX_TEXT`);
/// longer ones are Python's to refuse.
pub const MAX_TEXT: usize = 1 << 22;
/// Longest run of digits read as a number (exported as Python's
/// `loopcraft._text.MAX_DIGITS`); a longer region id is Python's to refuse.
pub const MAX_DIGITS: usize = 1000;
/// Smallest Country Road side (exported as `loopcraft.country.MIN_SIDE`).
pub const COUNTRY_MIN_SIDE: usize = 2;

/// A Slitherlink board from a URL or puzzlekit text, or None (Python reads it).
pub fn slither(text: &str) -> Option<SlitherItem> {
    match pzpr::split(text) {
        Some(url) => pzpr::slither(url),
        None => puzzlekit::slither(text),
    }
}

/// A Country Road board from a URL or puzzlekit text, or None (Python reads it).
pub fn country(text: &str) -> Option<CountryItem> {
    match pzpr::split(text) {
        Some(url) => pzpr::country(url),
        None => puzzlekit::country(text),
    }
}

/// A run of ASCII digits as a number, or None (empty, a sign, another
/// character, or too large to matter).
fn digits(token: &str) -> Option<u64> {
    if token.is_empty() || token.len() > 18 || !token.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    token.parse().ok()
}
