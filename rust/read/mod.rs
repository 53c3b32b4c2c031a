//! The one reader of the text formats the core knows: puzzlekit problem text
//! ([`puzzlekit`]) and puzz.link URLs ([`pzpr`]), for Slitherlink and
//! Country Road.
//!
//! Every reading goes through here: `Slitherlink.parse`, `from_url` and
//! `from_puzzlekit` (and the Country Road ones) call it through one binding,
//! and the batches call it on their worker threads. So a format has a single
//! definition, and a batch reads a text exactly as `parse` does.
//!
//! [`detect`] picks the format of a text as `parse` does. The formats the
//! core does not read (JSON, Tatham Loopy game IDs) come back as
//! [`Read::Other`]: Python reads those, and they have one definition there.
//!
//! A malformed text is a [`ReadError`]: a message for people, counting
//! lines, rows, columns and URL body characters from 1 and quoting text as
//! Python's `repr` does, and its [`Place`] for programs. The binding raises
//! it as `loopcraft.FormatError`. The readers check the format only; whether
//! the board it describes is a board (a country in one piece, a number that
//! fits its country) is the board's check, made where the board is built.

pub mod puzzlekit;
pub mod pzpr;
pub mod text;

use crate::batch::{CountryItem, SlitherItem};

/// Longest text read (exported as Python's `loopcraft._text.MAX_TEXT`).
pub const MAX_TEXT: usize = 1 << 22;
/// Longest run of digits read as a number (exported as Python's
/// `loopcraft._text.MAX_DIGITS`): far above any size, count or region id
/// anyone writes, below the length at which Python refuses to turn digits
/// into an int.
pub const MAX_DIGITS: usize = 1000;
/// Smallest Country Road side (exported as `loopcraft.country.MIN_SIDE`).
pub const COUNTRY_MIN_SIDE: usize = 2;

/// The puzzle families whose formats are read here.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Family {
    Slitherlink,
    Country,
}

impl Family {
    /// The family's name in messages.
    pub fn name(self) -> &'static str {
        match self {
            Family::Slitherlink => "Slitherlink",
            Family::Country => "Country Road",
        }
    }
}

/// The formats `parse` tells apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Url,
    Puzzlekit,
    Json,
    Tatham,
}

impl Format {
    /// The format's name as Python's `detect` answers it.
    pub fn name(self) -> &'static str {
        match self {
            Format::Url => "url",
            Format::Puzzlekit => "puzzlekit",
            Format::Json => "json",
            Format::Tatham => "tatham",
        }
    }
}

/// Where in a text a reading went wrong (rows, columns and positions count from 1).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Place {
    /// The text as a whole (empty, too long).
    Text,
    /// A line of puzzlekit text: its number, and the row and column of the
    /// grid it holds when the problem is in one cell or one row.
    Line { line: usize, row: Option<usize>, col: Option<usize> },
    /// A part of a URL: the envelope (site, puzzle type, fields), the size,
    /// the flag word, or the body (with the position of a character when one
    /// is at fault, and the board's row and column when the fault is at a cell).
    Url { part: UrlPart, pos: Option<usize>, cell: Option<(usize, usize)> },
}

/// The parts of a puzz.link URL.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UrlPart {
    Envelope,
    Size,
    Flags,
    Body,
}

/// A text the reader refuses: the message says what and where, for people.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReadError {
    pub place: Place,
    pub message: String,
}

impl ReadError {
    pub(crate) fn new(place: Place, message: impl Into<String>) -> ReadError {
        ReadError { place, message: message.into() }
    }
}

impl std::fmt::Display for ReadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ReadError {}

pub type Result<T> = std::result::Result<T, ReadError>;

/// What [`slither`] and [`country`] make of a text: a board, or the format
/// of a text Python reads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Read<T> {
    Board(T),
    Other(Format),
}

/// A Country Road region id as a text writes it: the country's index for a
/// URL (rooms are numbered by first cell), the digits of a number (without
/// leading zeros: `01` and `1` are one id), or any other token.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum RegionId {
    Index(usize),
    Int(String),
    Name(String),
}

/// A Country Road board as a text writes it: the country of each cell
/// (row-major, -1 for a blocked cell; countries numbered by first cell),
/// each country's id, and the numbers given: `(country, number)` in the
/// order the text first gives each (a puzzlekit number may be long; the
/// board checks it against the country).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CountryText {
    pub rows: usize,
    pub cols: usize,
    pub cells: Vec<i64>,
    pub ids: Vec<RegionId>,
    pub numbers: Vec<(usize, text::Number)>,
}

/// The format of `text` for `family`, as `parse` picks it: JSON when it
/// starts with `{`, a URL when it looks like one (see each family's rule),
/// a Loopy game ID (`WxH...:`, Slitherlink only), else puzzlekit text.
pub fn detect(family: Family, text: &str) -> Format {
    let s = text::strip(text);
    if s.starts_with('{') {
        return Format::Json;
    }
    match family {
        Family::Slitherlink => {
            if s.contains("://") || s.starts_with("slither/") || s.starts_with("?slither/") || path_then_query(s) {
                Format::Url
            } else if loopy_id(s) {
                Format::Tatham
            } else {
                Format::Puzzlekit
            }
        }
        Family::Country => {
            let first = text::tokens(s).next().unwrap_or("");
            if first.contains("country/") || first.contains("://") || first.contains('?') {
                Format::Url
            } else {
                Format::Puzzlekit
            }
        }
    }
}

/// A word character of a host or path (Python's `\w`, `.` or `-`).
fn path_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_' || c == '.' || c == '-'
}

/// `s` starts with a host-like word, then `/`-separated words, then `?`
/// (`pzv.jp/p.html?...`).
fn path_then_query(s: &str) -> bool {
    let rest = s.trim_start_matches(path_char);
    if rest.len() == s.len() {
        return false;
    }
    let mut rest = rest;
    while let Some(after) = rest.strip_prefix('/') {
        rest = after.trim_start_matches(path_char);
    }
    rest.starts_with('?')
}

/// `s` starts as a Loopy game ID does: digits, `x`, digits, then anything
/// but whitespace up to a `:`. Digits here are any numeric character, so
/// that every ID Python's Loopy reader might take is sent to it.
fn loopy_id(s: &str) -> bool {
    let digit = |c: char| c.is_ascii_digit() || (!c.is_ascii() && c.is_numeric());
    let rest = s.trim_start_matches(digit);
    if rest.len() == s.len() {
        return false;
    }
    let Some(rest) = rest.strip_prefix('x') else { return false };
    let after = rest.trim_start_matches(digit);
    if after.len() == rest.len() {
        return false;
    }
    after.trim_start_matches(|c: char| c != ':' && !text::is_space(c)).starts_with(':')
}

/// Reads a Slitherlink text of any format (`Slitherlink.parse`): a board,
/// or the format of a text Python reads, or what is wrong with it.
pub fn slither(text: &str) -> Result<Read<SlitherItem>> {
    if text::strip(text).is_empty() {
        return Err(ReadError::new(
            Place::Text,
            "empty input: expected a puzzle (URL, puzzlekit text, Loopy game ID or JSON)",
        ));
    }
    match detect(Family::Slitherlink, text) {
        Format::Url => pzpr::slither(text).map(Read::Board),
        Format::Puzzlekit => puzzlekit::slither(text).map(Read::Board),
        other => Ok(Read::Other(other)),
    }
}

/// Reads a Country Road text of any format (`CountryRoad.parse`); a URL is
/// the first whitespace-separated word of the text.
pub fn country(text: &str) -> Result<Read<CountryText>> {
    match detect(Family::Country, text) {
        Format::Url => pzpr::country(text::tokens(text).next().unwrap_or("")).map(Read::Board),
        Format::Puzzlekit => puzzlekit::country(text).map(Read::Board),
        other => Ok(Read::Other(other)),
    }
}

/// A batch's Slitherlink text as a board, or None for Python to read (a
/// format the core leaves to Python, or a mistake: `parse` raises it).
pub fn slither_item(text: &str) -> Option<SlitherItem> {
    match slither(text) {
        Ok(Read::Board(board)) => Some(board),
        _ => None,
    }
}

/// A batch's Country Road text as a board in the core's form, or None for
/// Python to read (another format, a mistake, or a text that is no board:
/// a country in pieces, a number larger than its country; `parse` raises
/// the board's own error for those).
pub fn country_item(text: &str) -> Option<CountryItem> {
    let Ok(Read::Board(board)) = country(text) else { return None };
    // A URL's countries are connected pieces by construction; text's ids may not be.
    let from_url = matches!(board.ids.first(), Some(RegionId::Index(_)));
    if board.ids.is_empty()
        || (!from_url && crate::country::first_cut_cell(board.rows, board.cols, &board.cells).ok()?.is_some())
    {
        return None;
    }
    let mut sizes = vec![0i64; board.ids.len()];
    for &k in &board.cells {
        if k >= 0 {
            sizes[k as usize] += 1;
        }
    }
    let mut numbers = vec![None; sizes.len()];
    for (k, n) in &board.numbers {
        numbers[*k] = Some(n.value().filter(|v| (0..=sizes[*k]).contains(v))?);
    }
    Some(CountryItem { rows: board.rows, cols: board.cols, regions: board.cells, numbers })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_are_detected_as_parse_detects_them() {
        use Family::*;
        use Format::*;
        for (family, text, format) in [
            (Slitherlink, "https://puzz.link/p?slither/1/1/3", Url),
            (Slitherlink, " slither/1/1/3", Url),
            (Slitherlink, "pzv.jp/p.html?slither/1/1/3", Url),
            (Slitherlink, "7x7t0:02g2", Tatham),
            (Slitherlink, "7x7:02g2", Tatham),
            (Slitherlink, "7x7 t0:02g2", Puzzlekit),
            (Slitherlink, " {\"clues\": [\"1\"]}", Json),
            (Slitherlink, "1 1\n3", Puzzlekit),
            (Country, "country/5/5/amda0uf02h12h", Url),
            (Country, "x?y 2\n- -", Url),
            (Country, "{\"regions\": [[1]]}", Json),
            (Country, "2 2\n- -\n- -\n1 1\n2 2 country/", Puzzlekit),
            (Country, "7x7:02g2", Puzzlekit),
        ] {
            assert_eq!(detect(family, text), format, "{text:?}");
        }
    }

    #[test]
    fn other_formats_are_left_to_python() {
        assert_eq!(slither("3x2t0:1a3c"), Ok(Read::Other(Format::Tatham)));
        assert_eq!(slither("{"), Ok(Read::Other(Format::Json)));
        assert_eq!(country("{\"regions\": 1}"), Ok(Read::Other(Format::Json)));
        assert!(slither(" \n ").unwrap_err().message.starts_with("empty input"));
    }

    #[test]
    fn batches_take_boards_only() {
        assert!(country_item("2 2\n- -\n- -\n1 1\n2 2").is_some());
        assert!(country_item("2 2\n- -\n- -\n1 2\n2 1").is_none()); // a country in pieces
        assert!(country_item("2 2\n3 -\n- -\n1 1\n2 2").is_none()); // a number over its size
        assert!(country_item("2 2\n- -\n- -\n@ @\n# #").is_none()); // no country
        assert!(country_item("2 2\n- x\n- -\n1 1\n2 2").is_none()); // a mistake
        let long = format!("2 2\n{} -\n- -\n1 1\n2 2", "9".repeat(40));
        assert!(country_item(&long).is_none());
        assert_eq!(slither_item("1 1\n4").unwrap().clues, vec![4]);
        assert!(slither_item("1 1\n5").is_none());
        assert!(slither_item("1x1:4").is_none());
    }
}
