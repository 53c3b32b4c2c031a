//! puzz.link (pzprjs) URLs: `{site prefix}{pid}[/{flags}]/{cols}/{rows}/{body}`.
//!
//! The envelope, read once for every family:
//!
//! - the text is stripped of surrounding whitespace; the query is what
//!   follows the first `?` (a bare `pid/...` tail is read too); a text with
//!   `://` but no `?` is not a puzzle URL; a `#` fragment is dropped;
//! - a flag word comes before the size when the first field is not a number;
//!   the family refuses the flags it cannot express;
//! - one trailing slash after the body is accepted; any further field is refused;
//! - the size fields are ASCII digits, checked against the family's range
//!   before anything is allocated.
//!
//! The bodies are pzprjs's own encodings: see [`slither`] and [`country`].
//! Positions in messages count the body's characters from 1.

use super::puzzlekit::check_size;
use super::text::{self, char_len, is_digits, repr, Number};
use super::{CountryText, Family, Place, ReadError, RegionId, Result, MAX_DIGITS};
use crate::batch::SlitherItem;

/// Longest URL read (Python's `loopcraft._pzpr.MAX_URL` is this one, exported).
pub const MAX_URL: usize = 1 << 20;
/// The sites that serve the pzprjs player: `(name, URL prefix)`, the first
/// the default (Python's `loopcraft._pzpr.URL_SITES` is this one, exported).
pub const SITES: [(&str, &str); 3] = [
    ("puzz.link", "https://puzz.link/p?"),
    ("pzv.jp", "http://pzv.jp/p.html?"),
    ("pzprxs", "https://pzprxs.vercel.app/p?"),
];

/// The fields of a URL's envelope.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Url<'t> {
    pub pid: &'t str,
    pub flags: &'t str,
    pub cols: usize,
    pub rows: usize,
    pub body: &'t str,
}

fn at(part: super::UrlPart) -> Place {
    Place::Url { part, pos: None, cell: None }
}

fn at_body(pos: usize) -> Place {
    Place::Url { part: super::UrlPart::Body, pos: Some(pos), cell: None }
}

/// The body at character `pos` (from 1), which stands for the board's cell
/// at 0-based `(row, col)`.
fn at_body_cell(pos: usize, row: usize, col: usize) -> Place {
    Place::Url { part: super::UrlPart::Body, pos: Some(pos), cell: Some((row + 1, col + 1)) }
}

/// Reads the envelope of a URL of `family` (puzzle types `pids`, the first
/// the canonical one); the size is checked against the family's range.
pub fn envelope<'t>(url: &'t str, family: Family, pids: &[&str]) -> Result<Url<'t>> {
    use super::UrlPart::*;
    let s = text::strip(url);
    if s.len() > MAX_URL && char_len(s) > MAX_URL {
        return Err(ReadError::new(at(Envelope), format!("URL is too long ({} characters)", char_len(s))));
    }
    let query = match s.split_once('?') {
        Some((_, query)) => query,
        None if s.contains("://") => {
            let m = format!("not a puzzle URL (no '?' query): {}", repr(text::head(s, 80)));
            return Err(ReadError::new(at(Envelope), m));
        }
        None => s,
    };
    let query = query.split('#').next().unwrap_or("");
    let mut parts = query.split('/');
    let pid = parts.next().unwrap_or("");
    if !pids.contains(&pid) {
        let m = format!("not a {} URL: the puzzle type is {}, expected {}", family.name(), repr(pid), repr(pids[0]));
        return Err(ReadError::new(at(Envelope), m));
    }
    let mut rest: Vec<&str> = parts.collect();
    let mut flags = "";
    if rest.first().is_some_and(|f| !f.is_empty() && !is_digits(f)) {
        flags = rest.remove(0);
    }
    if rest.len() < 3 {
        let m = format!("URL has no COLS/ROWS/BODY after '{pid}/': {}", repr(text::head(s, 80)));
        return Err(ReadError::new(at(Envelope), m));
    }
    if rest.len() == 4 && rest[3].is_empty() {
        rest.pop();
    }
    if rest.len() > 3 {
        let m = format!("URL has extra fields after the body: {}", repr(text::head(&rest[3..].join("/"), 40)));
        return Err(ReadError::new(at(Envelope), m));
    }
    let mut size = Vec::with_capacity(2);
    for (name, field) in [("columns", rest[0]), ("rows", rest[1])] {
        let number = if is_digits(field) { Number::parse(field) } else { None };
        let Some(number) = number else {
            let m = format!("URL: the number of {name} must be a whole number, got {}", repr(field));
            return Err(ReadError::new(at(Size), m));
        };
        if field.len() > MAX_DIGITS {
            let m = format!(
                "URL: the number of {name}: a number of {} digits is too long (at most {MAX_DIGITS})",
                field.len()
            );
            return Err(ReadError::new(at(Size), m));
        }
        size.push(number);
    }
    check_size(family, &size[1], &size[0], "URL", at(Size))?;
    let side = |n: &Number| n.value().unwrap_or(0) as usize;
    Ok(Url { pid, flags, cols: side(&size[0]), rows: side(&size[1]), body: rest[2] })
}

/// Refuses a flag word: `known` pairs the flags a family recognises but
/// cannot express with the reason; any other flag word is unknown.
fn refuse_flags(flags: &str, family: Family, known: &[(&str, &str)]) -> Result<()> {
    if flags.is_empty() {
        return Ok(());
    }
    let place = at(super::UrlPart::Flags);
    if let Some((_, reason)) = known.iter().find(|(flag, _)| flags.contains(flag)) {
        return Err(ReadError::new(place, *reason));
    }
    Err(ReadError::new(place, format!("unknown {} URL flag {}", family.name(), repr(flags))))
}

/// A Slitherlink URL (`slither` or `slitherlink`). The body, cell by cell in
/// row-major order: `0`-`4` a clue, `5`-`9` a clue then one blank, `a`-`e` a
/// clue then two blanks, `g`-`z` 1..20 blanks, `.` a "?" cell (a blank: it
/// constrains nothing). A character must start inside the board; the blanks
/// it stands for may run past the end (both ways of ending a body are
/// written). A body that stops short, or goes on after the last cell, is refused.
pub fn slither(url: &str) -> Result<SlitherItem> {
    let u = envelope(url, Family::Slitherlink, &["slither", "slitherlink"])?;
    refuse_flags(
        u.flags,
        Family::Slitherlink,
        &[("f", "the 'f' variant (the loop must pass every point) is not supported by loopcraft.slitherlink")],
    )?;
    let (rows, cols) = (u.rows, u.cols);
    let total = rows * cols;
    let mut clues = vec![-1i8; total];
    let mut cell = 0;
    for (i, ch) in u.body.chars().enumerate() {
        if cell >= total {
            let m = format!(
                "URL body: unexpected {} at position {}: all {total} cells are already read",
                repr_char(ch),
                i + 1
            );
            return Err(ReadError::new(at_body(i + 1), m));
        }
        let (clue, step) = match ch {
            '0'..='4' => (Some(ch as u8 - b'0'), 1),
            '5'..='9' => (Some(ch as u8 - b'5'), 2),
            'a'..='e' => (Some(ch as u8 - b'a'), 3),
            '.' => (None, 1),
            'g'..='z' => (None, usize::from(ch as u8 - b'g') + 1),
            _ => {
                let (r, c) = (cell / cols, cell % cols);
                let m = format!(
                    "URL body: unexpected {} at position {} (row {}, column {}); expected 0-9, a-e, g-z or '.'",
                    repr_char(ch),
                    i + 1,
                    r + 1,
                    c + 1
                );
                return Err(ReadError::new(at_body_cell(i + 1, r, c), m));
            }
        };
        if let Some(c) = clue {
            clues[cell] = c as i8;
        }
        cell += step;
    }
    if cell < total {
        let (r, c) = (cell / cols, cell % cols);
        let m = format!(
            "URL body ends after {cell} of {total} cells (at row {}, column {}): it is too short",
            r + 1,
            c + 1
        );
        return Err(ReadError::new(at_body_cell(char_len(u.body) + 1, r, c), m));
    }
    Ok(SlitherItem { rows, cols, clues })
}

fn repr_char(ch: char) -> String {
    repr(ch.encode_utf8(&mut [0; 4]))
}

/// The value of a base-32 digit (`0`-`9`, `a`-`v`).
fn base32(ch: char) -> Option<u8> {
    match ch {
        '0'..='9' => Some(ch as u8 - b'0'),
        'a'..='v' => Some(ch as u8 - b'a' + 10),
        _ => None,
    }
}

/// The value of a hex digit (`0`-`9`, `a`-`f`).
fn hex(ch: char) -> Option<u64> {
    match ch {
        '0'..='9' => Some(u64::from(ch as u8 - b'0')),
        'a'..='f' => Some(u64::from(ch as u8 - b'a') + 10),
        _ => None,
    }
}

/// `count` border bits from `body[*pos..]` (characters), five per base-32
/// character, most significant first. `what` names them in messages.
fn border_bits(body: &[char], pos: &mut usize, count: usize, what: &str) -> Result<Vec<bool>> {
    let chars = count.div_ceil(5);
    let chunk = &body[(*pos).min(body.len())..(*pos + chars).min(body.len())];
    if chunk.len() < chars {
        let m = format!("URL body ends inside the {what} (needs {chars} characters, has {})", chunk.len());
        return Err(ReadError::new(at_body(body.len() + 1), m));
    }
    let mut bits = Vec::with_capacity(chars * 5);
    for (i, &ch) in chunk.iter().enumerate() {
        let Some(v) = base32(ch) else {
            let m = format!(
                "URL body character {} {} in the {what} is not base-32 (0-9, a-v)",
                *pos + i + 1,
                repr_char(ch)
            );
            return Err(ReadError::new(at_body(*pos + i + 1), m));
        };
        bits.extend((0..5).rev().map(|k| v >> k & 1 == 1));
    }
    *pos += chars;
    bits.truncate(count);
    Ok(bits)
}

/// The room of every cell: connected pieces across every missing border,
/// numbered in order of their first cell (row-major).
fn rooms(rows: usize, cols: usize, right: &[bool], down: &[bool]) -> Vec<i64> {
    let mut room = vec![-1i64; rows * cols];
    let mut next = 0;
    let mut stack = Vec::new();
    for start in 0..rows * cols {
        if room[start] >= 0 {
            continue;
        }
        room[start] = next;
        stack.push(start);
        while let Some(i) = stack.pop() {
            let (r, c) = (i / cols, i % cols);
            let open = [
                (c + 1 < cols && !right[r * (cols - 1) + c]).then_some(i + 1),
                (c > 0 && !right[r * (cols - 1) + c - 1]).then(|| i - 1),
                (r + 1 < rows && !down[i]).then_some(i + cols),
                (r > 0 && !down[i - cols]).then(|| i - cols),
            ];
            for j in open.into_iter().flatten() {
                if room[j] < 0 {
                    room[j] = next;
                    stack.push(j);
                }
            }
        }
        next += 1;
    }
    room
}

/// The wider number forms of a body: prefix, hex digits, offset (a number
/// is a single hex digit below 16). Exported as `_core.URL_NUMBER_FORMS`
/// for Python's writer.
pub const NUMBER_FORMS: [(char, usize, u64); 6] =
    [('-', 2, 0), ('+', 3, 0), ('=', 3, 4096), ('%', 3, 8192), ('*', 4, 12240), ('$', 5, 77776)];

/// Numbers for `count` rooms from `body[pos..]`: a hex digit, or a prefix
/// and 2 to 5 hex digits plus an offset; `.` a "?" number (there is one,
/// unknown: it constrains nothing), `g`-`z` skip 1..20 rooms. The body may
/// end before the last room. Returns the numbers and the position after them.
fn numbers(body: &[char], pos: usize, count: usize) -> Result<(Vec<Option<u64>>, usize)> {
    let mut out = vec![None; count];
    let mut room = 0;
    let mut i = pos;
    while i < body.len() && room < count {
        let ch = body[i];
        if let Some(v) = hex(ch) {
            out[room] = Some(v);
        } else if ch == '.' {
        } else if ('g'..='z').contains(&ch) {
            room += ch as usize - 'g' as usize;
        } else if let Some(&(prefix, width, offset)) = NUMBER_FORMS.iter().find(|f| f.0 == ch) {
            let digits = &body[(i + 1).min(body.len())..(i + 1 + width).min(body.len())];
            let value = digits.iter().try_fold(0u64, |acc, &d| Some(acc * 16 + hex(d)?));
            match value {
                Some(v) if digits.len() == width => out[room] = Some(v + offset),
                _ => {
                    let got: String = digits.iter().collect();
                    let m =
                        format!("URL number after {} needs {width} hex digits, got {}", repr_char(prefix), repr(&got));
                    return Err(ReadError::new(at_body(i + 1), m));
                }
            }
            i += width;
        } else {
            let m = format!("URL body character {} {} is not a room number", i + 1, repr_char(ch));
            return Err(ReadError::new(at_body(i + 1), m));
        }
        room += 1;
        i += 1;
    }
    Ok((out, i))
}

/// A Country Road URL (`country`): the walls between horizontal neighbours,
/// row-major, then between vertical ones, as border bits; then the room
/// numbers in room order. Rooms (countries) are the connected pieces the
/// borders leave, numbered by first cell; their ids are those numbers.
/// Refused: the `e` flag (empty countries), and a border inside one room
/// (pzprjs forbids the loop to cross it, which a board made of countries
/// alone cannot express).
pub fn country(url: &str) -> Result<CountryText> {
    let u = envelope(url, Family::Country, &["country"])?;
    refuse_flags(
        u.flags,
        Family::Country,
        &[(
            "e",
            "the URL has the 'e' flag (countries may stay empty, numbers may be 0): that variant is not supported",
        )],
    )?;
    let (rows, cols) = (u.rows, u.cols);
    let body: Vec<char> = u.body.chars().collect();
    let mut pos = 0;
    let right = border_bits(&body, &mut pos, rows * (cols - 1), "vertical borders")?;
    let down = border_bits(&body, &mut pos, (rows - 1) * cols, "horizontal borders")?;
    let cells = rooms(rows, cols, &right, &down);
    let mut inside: Vec<((usize, usize), (usize, usize))> = Vec::new();
    for r in 0..rows {
        for c in 0..cols - 1 {
            if right[r * (cols - 1) + c] && cells[r * cols + c] == cells[r * cols + c + 1] {
                inside.push(((r, c), (r, c + 1)));
            }
        }
    }
    for i in 0..(rows - 1) * cols {
        if down[i] && cells[i] == cells[i + cols] {
            inside.push(((i / cols, i % cols), (i / cols + 1, i % cols)));
        }
    }
    if let Some(&((r1, c1), (r2, c2))) = inside.first() {
        let m = format!(
            "the URL has {} border segment(s) inside a single country, the first between row {}, column {} and \
             row {}, column {}; pzprjs forbids the loop to cross such a border, which a board made of countries \
             alone cannot express, so these URLs are refused",
            inside.len(),
            r1 + 1,
            c1 + 1,
            r2 + 1,
            c2 + 1
        );
        let place = Place::Url { part: super::UrlPart::Body, pos: None, cell: Some((r1 + 1, c1 + 1)) };
        return Err(ReadError::new(place, m));
    }
    let count = cells.iter().max().map_or(0, |&k| k as usize + 1);
    let (found, end) = numbers(&body, pos, count)?;
    if end < body.len() {
        let rest: String = body[end..].iter().collect();
        let m =
            format!("URL body has {} unread character(s) after the room numbers: {}", body.len() - end, repr(&rest));
        return Err(ReadError::new(at_body(end + 1), m));
    }
    Ok(CountryText {
        rows,
        cols,
        cells,
        ids: (0..count).map(RegionId::Index).collect(),
        numbers: found.into_iter().enumerate().filter_map(|(k, n)| Some((k, Number::Small(n? as i64)))).collect(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::read::UrlPart;

    fn error<T: std::fmt::Debug>(result: Result<T>) -> ReadError {
        result.unwrap_err()
    }

    #[test]
    fn slitherlink_urls_on_every_site_and_ending() {
        let it = slither("https://puzz.link/p?slither/3/2/1g8h").unwrap();
        assert_eq!((it.rows, it.cols, it.clues), (2, 3, vec![1, -1, 3, -1, -1, -1]));
        for url in [
            "https://puzz.link/p?slither/3/1/1g3",
            "https://puzz.link/p?slither/3/1/1gd",
            "https://puzz.link/p?slither/3/1/1g8",
            "http://pzv.jp/p.html?slither/3/1/1g3",
            "https://pzprxs.vercel.app/p?slither/3/1/1gd/",
            " https://example.org/p?slitherlink/3/1/1.3#fragment \n",
            "slither/3/1/1g3",
        ] {
            assert_eq!(slither(url).unwrap().clues, vec![1, -1, 3], "{url:?}");
        }
        assert_eq!(slither("https://puzz.link/p?slitherlink/2/1/z").unwrap().clues, vec![-1, -1]);
    }

    #[test]
    fn slitherlink_url_errors_name_the_part() {
        for (url, part, message) in [
            (
                "https://puzz.link/p?country/3/1/1g3",
                UrlPart::Envelope,
                "not a Slitherlink URL: the puzzle type is 'country', expected 'slither'",
            ),
            ("https://puzz.link/p?slither/f/3/1/1g3", UrlPart::Flags, "the 'f' variant"),
            ("https://puzz.link/p?slither/x/3/1/1g3", UrlPart::Flags, "unknown Slitherlink URL flag 'x'"),
            (
                "https://puzz.link/p?slither/3/1",
                UrlPart::Envelope,
                "URL has no COLS/ROWS/BODY after 'slither/': 'https://puzz.link/p?slither/3/1'",
            ),
            ("https://puzz.link/p?slither/3/1/1g3//", UrlPart::Envelope, "URL has extra fields after the body: '/'"),
            ("https://puzz.link/", UrlPart::Envelope, "not a puzzle URL (no '?' query): 'https://puzz.link/'"),
            (
                "https://puzz.link/p?slither/3/\u{b2}/1g3",
                UrlPart::Size,
                "URL: the number of rows must be a whole number, got '\u{b2}'",
            ),
            (
                "https://puzz.link/p?slither/0/0/",
                UrlPart::Size,
                "URL: rows = 0: a board needs at least 1 row and 1 column",
            ),
            (
                "https://puzz.link/p?slither/1000000/1/g",
                UrlPart::Size,
                "URL: cols = 1000000 is too large (at most 100 x 100)",
            ),
        ] {
            let e = error(slither(url));
            assert_eq!(e.place, Place::Url { part, pos: None, cell: None }, "{url:?}");
            assert!(e.message.starts_with(message), "{url:?}: {}", e.message);
        }
        // The cell is the one the message names (1-based), where it names one.
        for (url, pos, cell, message) in [
            (
                "https://puzz.link/p?slither/3/1/1g",
                3,
                Some((1, 3)),
                "URL body ends after 2 of 3 cells (at row 1, column 3): it is too short",
            ),
            (
                "https://puzz.link/p?slither/3/1/1g33",
                4,
                None,
                "URL body: unexpected '3' at position 4: all 3 cells are already read",
            ),
            (
                "https://puzz.link/p?slither/3/2/1g3A",
                4,
                Some((2, 1)),
                "URL body: unexpected 'A' at position 4 (row 2, column 1); expected 0-9, a-e, g-z or '.'",
            ),
        ] {
            let e = error(slither(url));
            let place = Place::Url { part: UrlPart::Body, pos: Some(pos), cell };
            assert_eq!((e.place, e.message.as_str()), (place, message));
        }
        let long = format!("https://puzz.link/p?slither/{}/5/g", "1".repeat(5000));
        assert!(error(slither(&long)).message.starts_with("URL: the number of columns: a number of 5000 digits"));
    }

    #[test]
    fn country_urls_give_rooms_in_first_cell_order() {
        let t = country("https://puzz.link/p?country/5/5/amda0uf02h12h").unwrap();
        assert_eq!(&t.cells[10..15], &[3, 4, 4, 4, 2]);
        let numbers: Vec<(usize, i64)> = t.numbers.iter().map(|(k, n)| (*k, n.value().unwrap())).collect();
        assert_eq!(numbers, vec![(0, 2), (3, 1), (4, 2)]);
        assert_eq!(t.ids[3], RegionId::Index(3));
    }

    #[test]
    fn country_url_errors_name_the_body_character() {
        for (url, pos, message) in [
            (
                "https://puzz.link/p?country/5/5/am",
                Some(3),
                "URL body ends inside the vertical borders (needs 4 characters, has 2)",
            ),
            (
                "https://puzz.link/p?country/5/5/am!a0uf02h12h",
                Some(3),
                "URL body character 3 '!' in the vertical borders is not base-32 (0-9, a-v)",
            ),
            ("https://puzz.link/p?country/5/5/amda0uf0!", Some(9), "URL body character 9 '!' is not a room number"),
            (
                "https://puzz.link/p?country/5/5/amda0uf0-zz",
                Some(9),
                "URL number after '-' needs 2 hex digits, got 'zz'",
            ),
            ("https://puzz.link/p?country/5/5/amda0uf0+1", Some(9), "URL number after '+' needs 3 hex digits, got '1'"),
            (
                "https://puzz.link/p?country/5/5/amda0uf02h12hggg",
                Some(14),
                "URL body has 3 unread character(s) after the room numbers: 'ggg'",
            ),
        ] {
            let e = error(country(url));
            assert_eq!((e.place, e.message.as_str()), (Place::Url { part: UrlPart::Body, pos, cell: None }, message));
        }
        let inside = error(country("https://puzz.link/p?country/3/3/0080"));
        assert!(inside.message.contains("inside a single country, the first between row 1, column 2"));
        assert_eq!(inside.place, Place::Url { part: UrlPart::Body, pos: None, cell: Some((1, 2)) });
        assert!(error(country("https://puzz.link/p?country/e/5/5/vvuebrvb1q1j")).message.contains("'e' flag"));
        assert_eq!(error(country("https://puzz.link/p?country/1/5/0")).message, "URL: 1 columns is outside 2..30");
    }
}
