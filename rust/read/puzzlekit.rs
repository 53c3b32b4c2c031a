//! puzzlekit (janko.at) problem text: an `R C` header, then rows of
//! whitespace-separated tokens.
//!
//! Lines are split as Python's `str.splitlines` splits them (`\n`, `\r\n`,
//! `\r` and the other line breaks), tokens at any whitespace `str.split`
//! knows, blank lines are skipped, and numbers are ASCII digits. Messages
//! name the line (counted in the text, blank lines included) and the row and
//! column of the grid, from 1: `line 3 (row 2, column 1): ...`.

use std::collections::HashMap;

use super::text::{self, char_len, is_digits, repr, Number};
use super::{CountryText, Family, Place, ReadError, RegionId, Result, COUNTRY_MIN_SIDE, MAX_DIGITS, MAX_TEXT};
use crate::batch::SlitherItem;

/// A non-blank line and its number.
type Line<'t> = (usize, &'t str);

/// A grid text: R, C and each row's line number and tokens.
pub type Grid<'t> = (usize, usize, Vec<(usize, Vec<&'t str>)>);

fn at_line(line: usize) -> Place {
    Place::Line { line, row: None, col: None }
}

fn at_cell(line: usize, row: usize, col: Option<usize>) -> Place {
    Place::Line { line, row: Some(row + 1), col: col.map(|c| c + 1) }
}

/// `line 3 (row 2, column 1)` for 0-based `row` and `col`.
fn place(line: usize, row: usize, col: Option<usize>) -> String {
    match col {
        None => format!("line {line} (row {})", row + 1),
        Some(c) => format!("line {line} (row {}, column {})", row + 1, c + 1),
    }
}

/// A number token of at most [`MAX_DIGITS`] characters, else the error
/// that starts with `where_()` (made only then).
fn short(number: Number, token: &str, where_: impl FnOnce() -> String, at: Place) -> Result<Number> {
    let n = char_len(token);
    if n > MAX_DIGITS {
        let m = format!("{}: a number of {n} digits is too long (at most {MAX_DIGITS})", where_());
        return Err(ReadError::new(at, m));
    }
    Ok(number)
}

/// A whole number token of the header; `what` names it in the message.
fn header_number(token: &str, what: &str, line: usize) -> Result<Number> {
    let Some(number) = Number::parse(token) else {
        return Err(ReadError::new(
            at_line(line),
            format!("line {line}: {what} must be a whole number, got {}", repr(text::head(token, 40))),
        ));
    };
    short(number, token, || format!("line {line}: {what}"), at_line(line))
}

/// Refuses a size outside the family's range, as read at `where_`.
pub(crate) fn check_size(family: Family, rows: &Number, cols: &Number, where_: &str, at: Place) -> Result<()> {
    match family {
        Family::Slitherlink => {
            let hi = crate::slither::MAX_SIDE as i64;
            for (name, n) in [("rows", rows), ("cols", cols)] {
                if n.below(1) {
                    let m = format!("{where_}: {name} = {n}: a board needs at least 1 row and 1 column");
                    return Err(ReadError::new(at, m));
                }
                if !n.within(1, hi) {
                    let m = format!("{where_}: {name} = {n} is too large (at most {hi} x {hi})");
                    return Err(ReadError::new(at, m));
                }
            }
        }
        Family::Country => {
            let (lo, hi) = (COUNTRY_MIN_SIDE as i64, crate::country::board::MAX_SIDE as i64);
            for (name, n) in [("rows", rows), ("columns", cols)] {
                if !n.within(lo, hi) {
                    return Err(ReadError::new(at, format!("{where_}: {n} {name} is outside {lo}..{hi}")));
                }
            }
        }
    }
    Ok(())
}

/// The `R C` header of a text; returns R, C and the non-blank lines after it.
/// `what` names the text in messages (`puzzle text`).
fn header<'t>(family: Family, text: &'t str, what: &str) -> Result<(usize, usize, Vec<Line<'t>>)> {
    if text.len() > MAX_TEXT && char_len(text) > MAX_TEXT {
        return Err(ReadError::new(Place::Text, format!("{what} is too long ({} characters)", char_len(text))));
    }
    let mut lines = text::numbered_lines(text);
    if lines.is_empty() {
        return Err(ReadError::new(
            Place::Text,
            format!("empty {what}: expected a line 'ROWS COLS' and then the rows"),
        ));
    }
    let (line, head) = lines.remove(0);
    let parts: Vec<&str> = text::tokens(head).collect();
    let [r, c] = parts.as_slice() else {
        return Err(ReadError::new(
            at_line(line),
            format!("line {line}: expected the size as 'ROWS COLS', got {}", repr(text::strip(head))),
        ));
    };
    let rows = header_number(r, "the number of rows", line)?;
    let cols = header_number(c, "the number of columns", line)?;
    check_size(family, &rows, &cols, &format!("line {line}"), at_line(line))?;
    let size = |n: &Number| n.value().unwrap_or(0) as usize;
    Ok((size(&rows), size(&cols), lines))
}

/// Checks that exactly `count` lines follow the header; `shape` says what
/// the header asks for in messages.
fn body_lines(body: &[Line<'_>], count: usize, what: &str, shape: &str) -> Result<()> {
    if body.len() < count {
        let line = body.last().map_or(Place::Text, |&(line, _)| at_line(line));
        return Err(ReadError::new(line, format!("{what}: the header says {shape}, but only {} follow", body.len())));
    }
    if let Some(&(line, extra)) = body.get(count) {
        return Err(ReadError::new(
            at_line(line),
            format!(
                "line {line}: the header says {shape}; unexpected extra line {}",
                repr(text::head(text::strip(extra), 40))
            ),
        ));
    }
    Ok(())
}

/// The `cols` tokens of a row (0-based `row`). With `compact`, a single
/// token of `cols` characters is read as one token per character.
fn row_tokens<'t>(line: Line<'t>, row: usize, cols: usize, compact: bool) -> Result<Vec<&'t str>> {
    let (number, text) = line;
    let mut tokens: Vec<&str> = text::tokens(text).collect();
    if compact && tokens.len() == 1 && cols > 1 && char_len(tokens[0]) == cols {
        let t = tokens[0];
        tokens = t.char_indices().map(|(i, c)| &t[i..i + c.len_utf8()]).collect();
    }
    if tokens.len() != cols {
        return Err(ReadError::new(
            at_cell(number, row, None),
            format!("{}: expected {cols} cells, got {}", place(number, row, None), tokens.len()),
        ));
    }
    Ok(tokens)
}

/// Slitherlink problem text: `R C`, then R rows of `-` or `.` (a blank) and
/// `0`-`4` (a clue), space-separated or written as one word per row.
pub fn slither(text: &str) -> Result<SlitherItem> {
    slither_grid(text, "puzzle text", "-.01234", |ch| match ch {
        b'-' | b'.' => -1,
        ch => (ch - b'0') as i8,
    })
}

/// Slitherlink solution text (`R C`, then R rows of `x` inside, `-`
/// outside): the cells inside, 1 or 0 per cell, row-major.
pub fn slither_solution(text: &str) -> Result<SlitherItem> {
    slither_grid(text, "solution text", "x-", |ch| i8::from(ch == b'x'))
}

/// A grid of one-character tokens from `allowed` (ASCII), each turned into a value.
fn slither_grid(text: &str, what: &str, allowed: &str, value: impl Fn(u8) -> i8) -> Result<SlitherItem> {
    let expected = || allowed.chars().map(String::from).collect::<Vec<_>>().join(" ");
    let (rows, cols, body) = grid(Family::Slitherlink, text, what, true, |token| match token.as_bytes() {
        &[ch] if allowed.as_bytes().contains(&ch) => None,
        _ => Some(format!("unexpected {}; expected one of {}", repr(token), expected())),
    })?;
    let clues = body.iter().flat_map(|(_, tokens)| tokens.iter().map(|t| value(t.as_bytes()[0]))).collect();
    Ok(SlitherItem { rows, cols, clues })
}

/// Country Road loop text (a solution): `R C`, then R rows of C tokens,
/// each `-` (an unused cell) or the cell's two exits among `n s e w`.
/// Returns the rows with their line numbers; whether the exits match their
/// neighbours' is the loop's check.
pub fn country_loop(text: &str) -> Result<Grid<'_>> {
    grid(Family::Country, text, "solution text", false, |token| {
        let exits = token.as_bytes();
        let ok =
            token == "-" || (exits.len() == 2 && exits[0] != exits[1] && exits.iter().all(|e| b"nsew".contains(e)));
        (!ok).then(|| format!("{} is not '-' or two of n s e w", repr(token)))
    })
}

/// The rows of a grid text: the `R C` header (within the family's sizes),
/// then R lines of C tokens (with `compact`, a line may also be one word of
/// C characters), read row by row: a row's count, then each token, which
/// `refuse` answers with what is wrong with it, if anything. Returns R, C
/// and each row's line number and tokens; `what` names the text in messages.
pub fn grid<'t>(
    family: Family,
    text: &'t str,
    what: &str,
    compact: bool,
    refuse: impl Fn(&str) -> Option<String>,
) -> Result<Grid<'t>> {
    let (rows, cols, body) = header(family, text, what)?;
    body_lines(&body, rows, what, &format!("{rows} rows"))?;
    let mut out = Vec::with_capacity(rows);
    for (r, &line) in body.iter().enumerate() {
        let tokens = row_tokens(line, r, cols, compact)?;
        for (c, token) in tokens.iter().enumerate() {
            if let Some(problem) = refuse(token) {
                let m = format!("{}: {problem}", place(line.0, r, Some(c)));
                return Err(ReadError::new(at_cell(line.0, r, Some(c)), m));
            }
        }
        out.push((line.0, tokens));
    }
    Ok((rows, cols, out))
}

/// Region tokens puzzlekit's own solver reads as blocked cells.
const BLOCKED: [&str; 2] = ["@", "#"];

/// Country Road problem text: `R C`, R rows of numbers (`-` or digits; the
/// number of a country may be written in any of its cells), then R rows of
/// region ids (`@` or `#` a blocked cell; ids made of digits are numbers,
/// so `01` and `1` are one id; any other token is a name). Countries are
/// numbered in order of their first cell.
pub fn country(text: &str) -> Result<CountryText> {
    let what = "puzzlekit problem";
    let (rows, cols, body) = header(Family::Country, text, what)?;
    body_lines(&body, 2 * rows, what, &format!("{rows} rows of numbers and {rows} rows of regions"))?;
    let (number_lines, region_lines) = body.split_at(rows);
    let mut number_rows = Vec::with_capacity(rows);
    for (r, &line) in number_lines.iter().enumerate() {
        number_rows.push(row_tokens(line, r, cols, false)?);
    }
    let mut region_rows = Vec::with_capacity(rows);
    for (r, &line) in region_lines.iter().enumerate() {
        region_rows.push(row_tokens(line, r, cols, false)?);
    }

    // Countries by key (is a number, the token without leading zeros), in
    // order of first cell; an id is made once per country.
    let mut index: HashMap<(bool, &str), i64> = HashMap::new();
    let mut ids = Vec::new();
    let mut cells = Vec::with_capacity(rows * cols);
    for (r, tokens) in region_rows.iter().enumerate() {
        let line = region_lines[r].0;
        for (c, &token) in tokens.iter().enumerate() {
            if BLOCKED.contains(&token) {
                cells.push(-1);
                continue;
            }
            let key = if is_digits(token) {
                if token.len() > MAX_DIGITS {
                    let where_ = format!("{what}: {}: region id", place(line, r, Some(c)));
                    let m = format!("{where_}: a number of {} digits is too long (at most {MAX_DIGITS})", token.len());
                    return Err(ReadError::new(at_cell(line, r, Some(c)), m));
                }
                let trimmed = token.trim_start_matches('0');
                (true, if trimmed.is_empty() { "0" } else { trimmed })
            } else {
                (false, token)
            };
            let next = ids.len() as i64;
            let k = *index.entry(key).or_insert_with(|| {
                ids.push(if key.0 { RegionId::Int(key.1.to_owned()) } else { RegionId::Name(key.1.to_owned()) });
                next
            });
            cells.push(k);
        }
    }

    let mut numbers: Vec<(usize, Number)> = Vec::new();
    let mut given: Vec<Option<usize>> = vec![None; ids.len()]; // each country's place in `numbers`
    for (r, tokens) in number_rows.iter().enumerate() {
        let line = number_lines[r].0;
        for (c, &token) in tokens.iter().enumerate() {
            if token == "-" {
                continue;
            }
            let at = || at_cell(line, r, Some(c));
            let where_ = || place(line, r, Some(c));
            if !is_digits(token) {
                return Err(ReadError::new(
                    at(),
                    format!("{what}: {}: {} is not a number or '-'", where_(), repr(token)),
                ));
            }
            let Ok(k) = usize::try_from(cells[r * cols + c]) else {
                return Err(ReadError::new(at(), format!("{what}: {} holds a number in a blocked cell", where_())));
            };
            let n = short(Number::parse(token).expect("digits"), token, || format!("{what}: {}", where_()), at())?;
            match given[k].map(|i| &numbers[i].1) {
                Some(m) if *m != n => {
                    // The id as Python's repr shows it: an int bare, a name quoted.
                    let id = match &ids[k] {
                        RegionId::Int(digits) => digits.clone(),
                        RegionId::Name(name) => repr(name),
                        RegionId::Index(i) => i.to_string(),
                    };
                    return Err(ReadError::new(
                        at(),
                        format!("{what}: region {id} has two different numbers ({m} and {n})"),
                    ));
                }
                Some(_) => {}
                None => {
                    given[k] = Some(numbers.len());
                    numbers.push((k, n));
                }
            }
        }
    }
    Ok(CountryText { rows, cols, cells, ids, numbers })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clues(text: &str) -> Vec<i8> {
        slither(text).unwrap().clues
    }

    fn error(result: Result<impl std::fmt::Debug>) -> ReadError {
        result.unwrap_err()
    }

    #[test]
    fn slitherlink_text_in_every_spelling() {
        assert_eq!(clues("\n2 3\n- 2 .\n\n  3 - 0 \n"), vec![-1, 2, -1, 3, -1, 0]);
        assert_eq!(clues("2 3\n-2.\n30-"), vec![-1, 2, -1, 3, 0, -1]);
        assert_eq!(clues("2 3\r\n- 2 -\r\n3\t- 0"), vec![-1, 2, -1, 3, -1, 0]);
        assert_eq!(clues("02 +3\r- 2 -\u{2028}3\u{3000}- 0"), vec![-1, 2, -1, 3, -1, 0]);
        assert_eq!(clues("1 1\n4"), vec![4]);
    }

    #[test]
    fn slitherlink_errors_name_the_line_row_and_column() {
        let e = error(slither("2 2\n- -\n- 5"));
        assert_eq!(e.place, Place::Line { line: 3, row: Some(2), col: Some(2) });
        assert_eq!(e.message, "line 3 (row 2, column 2): unexpected '5'; expected one of - . 0 1 2 3 4");
        let e = error(slither("2 2\n\n- -\n- 1 2"));
        assert_eq!(e.place, Place::Line { line: 4, row: Some(2), col: None });
        assert_eq!(e.message, "line 4 (row 2): expected 2 cells, got 3");
        assert_eq!(error(slither("2 2\n- -")).message, "puzzle text: the header says 2 rows, but only 1 follow");
        assert_eq!(
            error(slither("1 2\n- -\n1 1")).message,
            "line 3: the header says 1 rows; unexpected extra line '1 1'"
        );
        assert_eq!(error(slither("3\n- -")).message, "line 1: expected the size as 'ROWS COLS', got '3'");
        assert_eq!(error(slither("a 2\n")).message, "line 1: the number of rows must be a whole number, got 'a'");
        assert_eq!(
            error(slither("\u{663} 2\n")).message,
            "line 1: the number of rows must be a whole number, got '\u{663}'"
        );
        assert_eq!(error(slither("-02 3\n")).message, "line 1: rows = -2: a board needs at least 1 row and 1 column");
        assert_eq!(error(slither("2 101\n")).message, "line 1: cols = 101 is too large (at most 100 x 100)");
        let long = format!("{} 1\n", "9".repeat(MAX_DIGITS + 1));
        assert_eq!(
            error(slither(&long)).message,
            "line 1: the number of rows: a number of 1001 digits is too long (at most 1000)"
        );
        assert_eq!(error(slither("")).message, "empty puzzle text: expected a line 'ROWS COLS' and then the rows");
    }

    #[test]
    fn country_text_keeps_its_ids() {
        let t = country("3 3\n- 2 -\n- - -\n- - 3\nb b 01\n7 7 1\n7 7 1").unwrap();
        assert_eq!(t.cells, vec![0, 0, 1, 2, 2, 1, 2, 2, 1]);
        assert_eq!(t.ids, vec![RegionId::Name("b".into()), RegionId::Int("1".into()), RegionId::Int("7".into())]);
        let numbers: Vec<(usize, String)> = t.numbers.iter().map(|(k, n)| (*k, n.to_string())).collect();
        assert_eq!(numbers, vec![(0, "2".into()), (1, "3".into())]);
        // Numbers come in the order the text gives them, not by country.
        let late = country("2 2\n- 1\n2 -\na b\na b").unwrap();
        assert_eq!(late.numbers, vec![(1, Number::Small(1)), (0, Number::Small(2))]);
        let blocked = country("2 3\n- - -\n- 1 -\n@ a a\nb b #").unwrap();
        assert_eq!(blocked.cells, vec![-1, 0, 0, 1, 1, -1]);
    }

    #[test]
    fn country_errors_name_the_place() {
        for (text, message) in [
            (
                "2 2\n- -\n- -\n1 1\n",
                "puzzlekit problem: the header says 2 rows of numbers and 2 rows of regions, but only 3 follow",
            ),
            ("2 2\n- x\n- -\n1 1\n2 2", "puzzlekit problem: line 2 (row 1, column 2): 'x' is not a number or '-'"),
            (
                "2 2\n- \u{b2}\n- -\n1 1\n2 2",
                "puzzlekit problem: line 2 (row 1, column 2): '\u{b2}' is not a number or '-'",
            ),
            ("2 2\n1 2\n- -\n1 1\n2 2", "puzzlekit problem: region 1 has two different numbers (1 and 2)"),
            ("2 2\n1 02\n- -\na a\n2 2", "puzzlekit problem: region 'a' has two different numbers (1 and 2)"),
            ("2 2\n- -\n- -\n1 1 1\n2 2", "line 4 (row 1): expected 2 cells, got 3"),
            ("2 2\n1 -\n- -\n@ 1\n2 2", "puzzlekit problem: line 2 (row 1, column 1) holds a number in a blocked cell"),
            ("40 40\n", "line 1: 40 rows is outside 2..30"),
            ("2 1\n", "line 1: 1 columns is outside 2..30"),
        ] {
            assert_eq!(error(country(text)).message, message, "{text:?}");
        }
        let long = format!("2 2\n- -\n- -\n{} 1\n1 1", "0".repeat(MAX_DIGITS + 1));
        let e = error(country(&long));
        assert_eq!(e.place, Place::Line { line: 4, row: Some(1), col: Some(1) });
        assert!(e.message.starts_with("puzzlekit problem: line 4 (row 1, column 1): region id: a number of 1001"));
        let short = format!("2 2\n- -\n- -\n{} 1\n1 1", "0".repeat(MAX_DIGITS - 1) + "1");
        assert_eq!(country(&short).unwrap().ids, vec![RegionId::Int("1".into())]);
    }

    #[test]
    fn grid_rows_are_checked_in_reading_order() {
        // A bad token on line 2 is found before a short row on line 3.
        assert_eq!(
            error(slither("2 2\nx -\n-")).message,
            "line 2 (row 1, column 1): unexpected 'x'; expected one of - . 0 1 2 3 4"
        );
        assert_eq!(
            error(country_loop("2 2\nnn -\n-")).message,
            "line 2 (row 1, column 1): 'nn' is not '-' or two of n s e w"
        );
        let (rows, cols, lines) = country_loop("2 2\nse sw\n\nne nw").unwrap();
        assert_eq!((rows, cols, lines), (2, 2, vec![(2, vec!["se", "sw"]), (4, vec!["ne", "nw"])]));
        assert_eq!(error(country_loop("99 2\n")).message, "line 1: 99 rows is outside 2..30");
    }

    #[test]
    fn solution_text_is_read_as_cells_inside() {
        assert_eq!(slither_solution("2 2\nx -\n--").unwrap().clues, vec![1, 0, 0, 0]);
        assert!(error(slither_solution("1 2\nx o")).message.contains("(row 1, column 2): unexpected 'o'"));
        assert!(error(slither_solution("")).message.starts_with("empty solution text"));
    }
}
