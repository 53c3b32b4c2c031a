//! Plain puzzlekit problem text: an `R C` header, then rows of
//! space-separated tokens, ASCII only (see [`crate::read`] for the contract).

use std::collections::HashMap;

use super::{digits, COUNTRY_MIN_SIDE, MAX_DIGITS, MAX_TEXT};
use crate::batch::{CountryItem, SlitherItem};

/// The non-blank lines of `text` split into tokens, or None when the text
/// is not plain ASCII text made of printable characters, spaces and `\n`
/// (other whitespace or control characters split differently in Python).
fn token_lines(text: &str) -> Option<Vec<Vec<&str>>> {
    if text.len() > MAX_TEXT || !text.bytes().all(|b| b == b'\n' || (b' '..=b'~').contains(&b)) {
        return None;
    }
    let lines: Vec<Vec<&str>> = text
        .split('\n')
        .map(|line| line.split(' ').filter(|t| !t.is_empty()).collect())
        .filter(|t: &Vec<&str>| !t.is_empty())
        .collect();
    Some(lines)
}

/// The `R C` header and the lines after it, when R and C are within `lo..=hi`.
fn header<'t>(lines: &'t [Vec<&'t str>], lo: usize, hi: usize) -> Option<(usize, usize, &'t [Vec<&'t str>])> {
    let (head, body) = lines.split_first()?;
    let [r, c] = head.as_slice() else { return None };
    let (rows, cols) = (digits(r)? as usize, digits(c)? as usize);
    ((lo..=hi).contains(&rows) && (lo..=hi).contains(&cols)).then_some((rows, cols, body))
}

/// Slitherlink puzzlekit text: `R C`, then R rows of C tokens `-`, `.` or
/// `0`-`4` (or a compact row of C such characters).
pub fn slither(text: &str) -> Option<SlitherItem> {
    let lines = token_lines(text)?;
    let (rows, cols, body) = header(&lines, 1, crate::slither::MAX_SIDE)?;
    if body.len() != rows {
        return None;
    }
    // Beyond the header, only these characters keep Python's format detection
    // on puzzlekit (no '{', ':', '/', '?', 'x').
    let clue = |b: u8| match b {
        b'-' | b'.' => Some(-1),
        b'0'..=b'4' => Some((b - b'0') as i8),
        _ => None,
    };
    let mut clues = Vec::with_capacity(rows * cols);
    for tokens in body {
        if tokens.len() == 1 && cols > 1 && tokens[0].len() == cols {
            for &b in tokens[0].as_bytes() {
                clues.push(clue(b)?);
            }
            continue;
        }
        if tokens.len() != cols {
            return None;
        }
        for t in tokens {
            let &[b] = t.as_bytes() else { return None };
            clues.push(clue(b)?);
        }
    }
    Some(SlitherItem { rows, cols, clues })
}

/// A region token as Python keys it: a run of digits is an int (`"01"` is
/// `1`: the key is the digits without leading zeros), any other token the
/// string itself.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum RegionKey<'t> {
    Int(&'t str),
    Name(&'t str),
}

/// The key of a region token, or None for a blocked cell (`@` or `#`).
fn region_key(token: &str) -> Option<RegionKey<'_>> {
    if token == "@" || token == "#" {
        return None;
    }
    if token.bytes().all(|b| b.is_ascii_digit()) {
        let trimmed = token.trim_start_matches('0');
        return Some(RegionKey::Int(if trimmed.is_empty() { "0" } else { trimmed }));
    }
    Some(RegionKey::Name(token))
}

/// Country Road puzzlekit text: `R C`, R rows of numbers (`-` or digits, in
/// any cell of the country), then R rows of region tokens. The countries are
/// numbered in order of their first cell, as `CountryRoad` numbers them.
pub fn country(text: &str) -> Option<CountryItem> {
    let lines = token_lines(text)?;
    let (rows, cols, body) = header(&lines, COUNTRY_MIN_SIDE, crate::country::board::MAX_SIDE)?;
    if body.len() != 2 * rows || body.iter().any(|tokens| tokens.len() != cols) {
        return None;
    }
    let (number_rows, region_rows) = body.split_at(rows);
    let mut index: HashMap<RegionKey<'_>, i64> = HashMap::new();
    let mut regions = Vec::with_capacity(rows * cols);
    let mut sizes: Vec<u64> = Vec::new();
    for t in region_rows.iter().flatten() {
        if t.len() > MAX_DIGITS && t.bytes().all(|b| b.is_ascii_digit()) {
            return None; // Python refuses a number this long
        }
        match region_key(t) {
            None => regions.push(-1),
            Some(key) => {
                let next = index.len() as i64;
                let k = *index.entry(key).or_insert(next);
                if k == next {
                    sizes.push(0);
                }
                sizes[k as usize] += 1;
                regions.push(k);
            }
        }
    }
    if index.is_empty() || crate::country::first_cut_cell(rows, cols, &regions).ok()?.is_some() {
        return None;
    }
    let mut numbers: Vec<Option<i64>> = vec![None; sizes.len()];
    for (cell, t) in number_rows.iter().flatten().enumerate() {
        if *t == "-" {
            continue;
        }
        let n = digits(t)?;
        let k = usize::try_from(regions[cell]).ok()?;
        if n > sizes[k] || numbers[k].is_some_and(|m| m != n as i64) {
            return None;
        }
        numbers[k] = Some(n as i64);
    }
    Some(CountryItem { rows, cols, regions, numbers })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_slitherlink_text_is_read() {
        let it = slither("\n2 3\n- 2 .\n\n  3 - 0 \n").unwrap();
        assert_eq!((it.rows, it.cols, it.clues), (2, 3, vec![-1, 2, -1, 3, -1, 0]));
        assert_eq!(slither("2 3\n-2.\n30-").unwrap().clues, vec![-1, 2, -1, 3, 0, -1]);
        assert_eq!(slither("1 1\n4").unwrap().clues, vec![4]);
    }

    #[test]
    fn anything_unusual_in_slitherlink_text_goes_back_to_python() {
        for text in [
            "",
            "2 3",
            "2 3\n- 2 -",
            "2 3\n- 2 -\n3 - 0\n1 1 1",
            "2 3\n- 2 -\n3 - 5",
            "2 3\n- 2 -\n3 - 00",
            "2 3\r\n- 2 -\r\n3 - 0",
            "2\t3\n- 2 -\n3 - 0",
            "+2 3\n- 2 -\n3 - 0",
            "0 3\n",
            "101 1\n",
            "2 3 4\n- 2 -\n3 - 0",
            "2 3\n- 2 -\n3 -",
            "2 3\n- \u{b2} -\n3 - 0",
            "https://puzz.link/p?slither/3/2/1g8h",
            "3x2t0:1a3c",
        ] {
            assert!(slither(text).is_none(), "{text:?}");
        }
    }

    #[test]
    fn country_text_numbers_countries_by_first_cell() {
        let it = country("3 3\n- 2 -\n- - -\n- - 3\nb b 01\n7 7 1\n7 7 1").unwrap();
        assert_eq!(it.regions, vec![0, 0, 1, 2, 2, 1, 2, 2, 1]);
        assert_eq!(it.numbers, vec![Some(2), Some(3), None]);
        let blocked = country("2 3\n- - -\n- 1 -\n@ a a\nb b a").unwrap();
        assert_eq!((blocked.regions, blocked.numbers), (vec![-1, 0, 0, 1, 1, 0], vec![None, Some(1)]));
    }

    #[test]
    fn anything_a_country_board_refuses_goes_back_to_python() {
        for text in [
            "2 2\n- -\n- -\n1 1",            // rows missing
            "2 2\n- x\n- -\n1 1\n2 2",       // not a number
            "2 2\n1 2\n- -\n1 1\n2 2",       // two numbers in one country
            "2 2\n3 -\n- -\n1 1\n2 2",       // larger than the country
            "2 2\n- -\n- -\n1 2\n2 1",       // a country in two pieces
            "2 2\n1 -\n- -\n@ 1\n2 2",       // a number in a blocked cell
            "2 2\n- -\n- -\n@ @\n# #",       // no country at all
            "1 2\n- -\n1 1",                 // below the smallest side
            "31 2\n",                        // above the largest
            "2 2\n- -\n- -\n1 1\n1 1 1",     // a long row
            "2 2\n- \u{663}\n- -\n1 1\n1 1", // a non-ASCII digit
            "country/5/5/amda0uf02h12h",
        ] {
            assert!(country(text).is_none(), "{text:?}");
        }
        // A region id of more digits than Python reads as a number.
        let long = format!("2 2\n- -\n- -\n{} 1\n1 1", "0".repeat(MAX_DIGITS + 1));
        assert!(country(&long).is_none());
        let short = format!("2 2\n- -\n- -\n{} 1\n1 1", "0".repeat(MAX_DIGITS - 1) + "1");
        assert!(country(&short).is_some());
    }
}
