//! Text conventions the readers share with Python's own string methods, so
//! that a format means the same whichever language hands the text over:
//! what counts as whitespace (`str.split`, `str.strip`), where a line ends
//! (`str.splitlines`), how a number is written, and how a piece of text is
//! quoted in a message (`repr`).

/// Python's `str.isspace`: the characters `str.split()` and `str.strip()`
/// treat as whitespace (Unicode space separators and the bidirectional
/// whitespace, segment and paragraph separators).
pub fn is_space(c: char) -> bool {
    matches!(
        c,
        '\t'..='\r'
            | '\u{1c}'..='\u{20}'
            | '\u{85}'
            | '\u{a0}'
            | '\u{1680}'
            | '\u{2000}'..='\u{200a}'
            | '\u{2028}'
            | '\u{2029}'
            | '\u{202f}'
            | '\u{205f}'
            | '\u{3000}'
    )
}

/// The characters that end a line for Python's `str.splitlines` (`\r\n` is one break).
fn is_line_break(c: char) -> bool {
    matches!(c, '\n' | '\r' | '\u{b}' | '\u{c}' | '\u{1c}'..='\u{1e}' | '\u{85}' | '\u{2028}' | '\u{2029}')
}

/// `text` without leading and trailing whitespace (`str.strip()`).
pub fn strip(text: &str) -> &str {
    text.trim_matches(is_space)
}

/// The whitespace-separated tokens of `text` (`str.split()`).
pub fn tokens(text: &str) -> impl Iterator<Item = &str> {
    text.split(is_space).filter(|t| !t.is_empty())
}

/// The lines of `text` that hold more than whitespace, each with its number
/// counted from 1 as `str.splitlines` counts lines.
pub fn numbered_lines(text: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut number = 0;
    let mut start = 0;
    let mut chars = text.char_indices().peekable();
    fn push<'t>(number: usize, line: &'t str, out: &mut Vec<(usize, &'t str)>) {
        if line.chars().any(|c| !is_space(c)) {
            out.push((number, line));
        }
    }
    while let Some((i, c)) = chars.next() {
        if is_line_break(c) {
            number += 1;
            push(number, &text[start..i], &mut out);
            start = i + c.len_utf8();
            if c == '\r' && chars.peek().is_some_and(|&(_, n)| n == '\n') {
                chars.next();
                start += 1;
            }
        }
    }
    if start < text.len() {
        push(number + 1, &text[start..], &mut out);
    }
    out
}

/// Length in characters (Python's `len` of a str).
pub fn char_len(text: &str) -> usize {
    if text.is_ascii() {
        text.len()
    } else {
        text.chars().count()
    }
}

/// The first `n` characters of `text` (`text[:n]`).
pub fn head(text: &str, n: usize) -> &str {
    text.char_indices().nth(n).map_or(text, |(i, _)| &text[..i])
}

/// True for a non-empty run of ASCII digits (the only digits the formats read).
pub fn is_digits(token: &str) -> bool {
    !token.is_empty() && token.bytes().all(|b| b.is_ascii_digit())
}

/// A whole number as written in a text, of any length the reader allows:
/// its value when it fits an `i64`, else its sign and digits (without
/// leading zeros).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Number {
    Small(i64),
    Big { negative: bool, digits: String },
}

impl Number {
    /// The number of `[+-]?[0-9]+` (ASCII), or None for any other token.
    pub fn parse(token: &str) -> Option<Number> {
        let (negative, digits) = match token.as_bytes().first()? {
            b'-' => (true, &token[1..]),
            b'+' => (false, &token[1..]),
            _ => (false, token),
        };
        if !is_digits(digits) {
            return None;
        }
        let digits = digits.trim_start_matches('0');
        if digits.len() <= 18 {
            let v: i64 = if digits.is_empty() { 0 } else { digits.parse().ok()? };
            return Some(Number::Small(if negative { -v } else { v }));
        }
        Some(Number::Big { negative, digits: digits.to_owned() })
    }

    /// The value when it fits an `i64` (None: too large either way to be a size).
    pub fn value(&self) -> Option<i64> {
        match self {
            Number::Small(v) => Some(*v),
            Number::Big { .. } => None,
        }
    }

    /// Whether the number is in `lo..=hi`.
    pub fn within(&self, lo: i64, hi: i64) -> bool {
        self.value().is_some_and(|v| (lo..=hi).contains(&v))
    }

    /// Whether the number is below `lo` (false when above every i64).
    pub fn below(&self, lo: i64) -> bool {
        match self {
            Number::Small(v) => *v < lo,
            Number::Big { negative, .. } => *negative,
        }
    }
}

impl std::fmt::Display for Number {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Number::Small(v) => write!(f, "{v}"),
            Number::Big { negative, digits } => write!(f, "{}{digits}", if *negative { "-" } else { "" }),
        }
    }
}

/// `text` quoted as Python's `repr` quotes a str, so that messages show
/// odd characters (tabs, control and format characters, unusual spaces) the
/// same way whichever reader wrote them.
pub fn repr(text: &str) -> String {
    let quote = if text.contains('\'') && !text.contains('"') { '"' } else { '\'' };
    let mut out = String::with_capacity(text.len() + 2);
    out.push(quote);
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c == quote => {
                out.push('\\');
                out.push(c);
            }
            c if printable(c) => out.push(c),
            c if (c as u32) < 0x100 => out.push_str(&format!("\\x{:02x}", c as u32)),
            c if (c as u32) < 0x10000 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push_str(&format!("\\U{:08x}", c as u32)),
        }
    }
    out.push(quote);
    out
}

/// Python's `str.isprintable` for one character, without the table of
/// unassigned code points: not a control, format, private-use, separator
/// (the plain space excepted) or noncharacter.
fn printable(c: char) -> bool {
    if c.is_ascii() {
        return (' '..='~').contains(&c);
    }
    let format = matches!(
        c,
        '\u{ad}'
            | '\u{600}'..='\u{605}'
            | '\u{61c}'
            | '\u{6dd}'
            | '\u{70f}'
            | '\u{890}'..='\u{891}'
            | '\u{8e2}'
            | '\u{180e}'
            | '\u{200b}'..='\u{200f}'
            | '\u{202a}'..='\u{202e}'
            | '\u{2060}'..='\u{2064}'
            | '\u{2066}'..='\u{206f}'
            | '\u{feff}'
            | '\u{fff9}'..='\u{fffb}'
            | '\u{110bd}'
            | '\u{110cd}'
            | '\u{13430}'..='\u{1343f}'
            | '\u{1bca0}'..='\u{1bca3}'
            | '\u{1d173}'..='\u{1d17a}'
            | '\u{e0001}'
            | '\u{e0020}'..='\u{e007f}'
    );
    let private = matches!(c, '\u{e000}'..='\u{f8ff}' | '\u{f0000}'..='\u{ffffd}' | '\u{100000}'..='\u{10fffd}');
    let nonchar = (c as u32) & 0xfffe == 0xfffe || ('\u{fdd0}'..='\u{fdef}').contains(&c);
    !(c.is_control() || is_space(c) || format || private || nonchar)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_numbered_as_splitlines_numbers_them() {
        let text = "a\r\nb\rc\u{b}\n \nd\u{2028}e\n";
        let lines = numbered_lines(text);
        assert_eq!(lines, vec![(1, "a"), (2, "b"), (3, "c"), (6, "d"), (7, "e")]);
        assert_eq!(numbered_lines("\n\n 2 3 "), vec![(3, " 2 3 ")]);
        assert!(numbered_lines(" \u{3000}\t").is_empty());
    }

    #[test]
    fn whitespace_is_pythons() {
        assert_eq!(tokens("a\u{3000}b\u{1f}c\u{a0}d\u{200b}e").collect::<Vec<_>>(), ["a", "b", "c", "d\u{200b}e"]);
        assert_eq!(strip("\u{85} x \u{2029}"), "x");
    }

    #[test]
    fn numbers_keep_their_sign_and_lose_leading_zeros() {
        let n = Number::parse("-007").unwrap();
        assert_eq!((n.to_string(), n.value()), ("-7".to_owned(), Some(-7)));
        assert_eq!(Number::parse("+0").unwrap().to_string(), "0");
        assert_eq!(Number::parse("-0").unwrap().to_string(), "0");
        let big = Number::parse(&"9".repeat(40)).unwrap();
        assert!(big.value().is_none() && !big.within(1, 100) && !big.below(1));
        assert!(Number::parse(&format!("-{}", "9".repeat(40))).unwrap().below(1));
        for bad in ["", "-", "+-1", "1.0", "\u{663}", "\u{b2}", " 1"] {
            assert!(Number::parse(bad).is_none(), "{bad:?}");
        }
    }

    #[test]
    fn repr_quotes_as_python_does() {
        assert_eq!(repr("ab"), "'ab'");
        assert_eq!(repr("it's"), "\"it's\"");
        assert_eq!(repr("'\""), "'\\'\"'");
        assert_eq!(
            repr("a\tb\\\n\u{1}\u{3000}\u{b2}\u{feff}\u{10ffff}"),
            "'a\\tb\\\\\\n\\x01\\u3000\u{b2}\\ufeff\\U0010ffff'"
        );
        assert_eq!(head("\u{b2}bc", 2), "\u{b2}b");
        assert_eq!(head("ab", 5), "ab");
    }
}
