//! puzz.link URLs as `to_url` writes them: one of the known site prefixes,
//! then `PID/COLS/ROWS/BODY` (one trailing `/` allowed), no flag word, no
//! fragment, no whitespace (see [`crate::read`] for the contract; the codecs
//! are described in `loopcraft._pzpr`).

use super::{digits, COUNTRY_MIN_SIDE};
use crate::batch::{CountryItem, SlitherItem};

/// Longest URL read (Python's `loopcraft._pzpr.MAX_URL` is this one, exported).
pub const MAX_URL: usize = 1 << 20;
/// The sites that serve the pzprjs player: `(name, URL prefix)`, the first
/// the default (Python's `loopcraft._pzpr.URL_SITES` is this one, exported).
pub const SITES: [(&str, &str); 3] = [
    ("puzz.link", "https://puzz.link/p?"),
    ("pzv.jp", "http://pzv.jp/p.html?"),
    ("pzprxs", "https://pzprxs.vercel.app/p?"),
];

/// The fields of a URL this path reads.
pub struct Url<'t> {
    pid: &'t str,
    cols: usize,
    rows: usize,
    body: &'t [u8],
}

/// The fields of `text` when it is a URL of this plain shape; None for any
/// other text (puzzlekit text included).
pub fn split(text: &str) -> Option<Url<'_>> {
    if text.len() > MAX_URL || !text.bytes().all(|b| (b'!'..=b'~').contains(&b) && b != b'#') {
        return None;
    }
    let query = SITES.iter().find_map(|(_, site)| text.strip_prefix(site))?;
    let query = query.strip_suffix('/').unwrap_or(query);
    let mut fields = query.split('/');
    let (pid, cols, rows, body) = (fields.next()?, fields.next()?, fields.next()?, fields.next()?);
    if fields.next().is_some() {
        return None;
    }
    Some(Url { pid, cols: digits(cols)? as usize, rows: digits(rows)? as usize, body: body.as_bytes() })
}

/// Slitherlink: `0`-`4` a clue, `5`-`9` a clue and one blank, `a`-`e` a clue
/// and two blanks, `g`-`z` 1..20 blanks, `.` a "?" cell (a blank). A
/// character must start inside the board; the blanks it stands for may run
/// past the end.
pub fn slither(url: Url<'_>) -> Option<SlitherItem> {
    let Url { pid, cols, rows, body } = url;
    let side = 1..=crate::slither::MAX_SIDE;
    if !matches!(pid, "slither" | "slitherlink") || !side.contains(&rows) || !side.contains(&cols) {
        return None;
    }
    let total = rows * cols;
    let mut clues = vec![-1i8; total];
    let mut cell = 0;
    for &ch in body {
        if cell >= total {
            return None;
        }
        let (clue, step) = match ch {
            b'0'..=b'4' => (Some(ch - b'0'), 1),
            b'5'..=b'9' => (Some(ch - b'5'), 2),
            b'a'..=b'e' => (Some(ch - b'a'), 3),
            b'.' => (None, 1),
            b'g'..=b'z' => (None, usize::from(ch - b'g') + 1),
            _ => return None,
        };
        if let Some(c) = clue {
            clues[cell] = c as i8;
        }
        cell += step;
    }
    (cell >= total).then_some(SlitherItem { rows, cols, clues })
}

/// The value of a base-32 digit (`0`-`9`, `a`-`v`).
fn base32(ch: u8) -> Option<u8> {
    match ch {
        b'0'..=b'9' => Some(ch - b'0'),
        b'a'..=b'v' => Some(ch - b'a' + 10),
        _ => None,
    }
}

/// `count` border bits from `body[*pos..]`, five per base-32 character, most
/// significant first; None when the body ends first or a character is not base-32.
fn border_bits(body: &[u8], pos: &mut usize, count: usize) -> Option<Vec<bool>> {
    let chars = count.div_ceil(5);
    let chunk = body.get(*pos..*pos + chars)?;
    *pos += chars;
    let mut bits = Vec::with_capacity(chars * 5);
    for &ch in chunk {
        let v = base32(ch)?;
        bits.extend((0..5).rev().map(|k| v >> k & 1 == 1));
    }
    bits.truncate(count);
    Some(bits)
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

/// One room number at `body[*pos]`: a hex digit, or a prefix (`-` `+` `=`
/// `%` `*` `$`) and 2 to 5 hex digits plus an offset. None when malformed.
fn number(body: &[u8], pos: &mut usize) -> Option<u64> {
    let ch = body[*pos];
    *pos += 1;
    if let Some(v) = hex(ch) {
        return Some(v);
    }
    let (width, offset) = match ch {
        b'-' => (2, 0),
        b'+' => (3, 0),
        b'=' => (3, 4096),
        b'%' => (3, 8192),
        b'*' => (4, 12240),
        b'$' => (5, 77776),
        _ => return None,
    };
    let digits = body.get(*pos..*pos + width)?;
    *pos += width;
    digits.iter().try_fold(0u64, |acc, &d| Some(acc * 16 + hex(d)?)).map(|v| v + offset)
}

fn hex(ch: u8) -> Option<u64> {
    match ch {
        b'0'..=b'9' => Some(u64::from(ch - b'0')),
        b'a'..=b'f' => Some(u64::from(ch - b'a') + 10),
        _ => None,
    }
}

/// Country Road: the walls between horizontal neighbours, then between
/// vertical ones, as border bits; then the room numbers in room order (`.`
/// an unknown number, `g`-`z` skip 1..20 rooms; the body may end before the
/// last room). Read only when every border separates two rooms and every
/// number fits its room, as `CountryRoad` requires.
pub fn country(url: Url<'_>) -> Option<CountryItem> {
    let Url { pid, cols, rows, body } = url;
    let side = COUNTRY_MIN_SIDE..=crate::country::board::MAX_SIDE;
    if pid != "country" || !side.contains(&rows) || !side.contains(&cols) {
        return None;
    }
    let mut pos = 0;
    let right = border_bits(body, &mut pos, rows * (cols - 1))?;
    let down = border_bits(body, &mut pos, (rows - 1) * cols)?;
    let regions = rooms(rows, cols, &right, &down);
    let inside_one_room = (0..rows).any(|r| {
        (0..cols - 1).any(|c| right[r * (cols - 1) + c] && regions[r * cols + c] == regions[r * cols + c + 1])
    }) || (0..(rows - 1) * cols).any(|i| down[i] && regions[i] == regions[i + cols]);
    if inside_one_room {
        return None;
    }
    let count = regions.iter().max().map_or(0, |&k| k as usize + 1);
    let mut sizes = vec![0u64; count];
    for &k in &regions {
        sizes[k as usize] += 1;
    }
    let mut numbers = vec![None; count];
    let mut room = 0;
    while pos < body.len() && room < count {
        match body[pos] {
            b'.' => pos += 1,
            ch @ b'g'..=b'z' => {
                pos += 1;
                room += usize::from(ch - b'g');
            }
            _ => {
                let n = number(body, &mut pos)?;
                if n > sizes[room] {
                    return None;
                }
                numbers[room] = Some(n as i64);
            }
        }
        room += 1;
    }
    (pos == body.len()).then_some(CountryItem { rows, cols, regions, numbers })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn slither_url(text: &str) -> Option<SlitherItem> {
        slither(split(text)?)
    }

    fn country_url(text: &str) -> Option<CountryItem> {
        country(split(text)?)
    }

    #[test]
    fn slitherlink_urls_are_read_cell_by_cell() {
        let it = slither_url("https://puzz.link/p?slither/3/2/1g8h").unwrap();
        assert_eq!((it.rows, it.cols, it.clues), (2, 3, vec![1, -1, 3, -1, -1, -1]));
        // A final clue whose blanks run past the end, a final skip longer than the cells left.
        assert_eq!(slither_url("http://pzv.jp/p.html?slither/2/1/c/").unwrap().clues, vec![2, -1]);
        assert_eq!(slither_url("https://puzz.link/p?slitherlink/2/1/z").unwrap().clues, vec![-1, -1]);
    }

    #[test]
    fn other_slitherlink_urls_go_back_to_python() {
        for text in [
            "https://puzz.link/p?slither/3/2/1g",     // too short
            "https://puzz.link/p?slither/3/2/1g8hg",  // too long
            "https://puzz.link/p?slither/f/3/2/1g8h", // a flag word
            "https://puzz.link/p?slither/3/2/1g8h#x", // a fragment
            "https://puzz.link/p?slither/3/2/1g8h/x", // an extra field
            "https://puzz.link/p?slither/3/2/1g8h//", // two trailing slashes
            " https://puzz.link/p?slither/3/2/1g8h",  // whitespace
            "https://example.org/p?slither/3/2/1g8h", // another site
            "https://puzz.link/p?slither/0/2/g",      // no columns
            "https://puzz.link/p?slither/101/1/z",    // too wide
            "https://puzz.link/p?slither/3/2/1g8!",   // a stray character
            "https://puzz.link/p?country/3/2/1g8h",   // another puzzle
            "slither/3/2/1g8h",                       // no site
        ] {
            assert!(slither_url(text).is_none(), "{text:?}");
        }
    }

    #[test]
    fn country_urls_give_rooms_in_first_cell_order() {
        let it = country_url("https://puzz.link/p?country/5/5/amda0uf02h12h").unwrap();
        assert_eq!(&it.regions[10..15], &[3, 4, 4, 4, 2]);
        assert_eq!(it.numbers, vec![Some(2), None, None, Some(1), Some(2), None, None]);
    }

    #[test]
    fn other_country_urls_go_back_to_python() {
        for text in [
            "https://puzz.link/p?country/5/5/am",                  // ends inside the borders
            "https://puzz.link/p?country/5/5/am!a0uf02h12h",       // not base-32
            "https://puzz.link/p?country/5/5/amda0uf09h12h",       // a number over its room's size
            "https://puzz.link/p?country/5/5/amda0uf0-zz",         // not hex after '-'
            "https://puzz.link/p?country/5/5/amda0uf02h12hgggggg", // unread characters
            "https://puzz.link/p?country/3/3/0080",                // a border inside one room
            "https://puzz.link/p?country/e/5/5/vvuebrvb1q1j",      // a flag word
            "https://puzz.link/p?country/1/5/0",                   // below the smallest side
        ] {
            assert!(country_url(text).is_none(), "{text:?}");
        }
    }
}
