//! Every reader of the core on one text: no panic, no hang (libFuzzer's
//! timeout), and every board read is well formed: sizes within the limits,
//! one clue or country per cell, country indices and numbers in range.
//! Reading is a pure function, so reading twice gives the same answer.
#![no_main]

use libfuzzer_sys::fuzz_target;
use loopcraft::read::{self, puzzlekit, Read};

fn check_slither(rows: usize, cols: usize, clues: &[i8]) {
    assert!((1..=loopcraft::slither::MAX_SIDE).contains(&rows) && (1..=loopcraft::slither::MAX_SIDE).contains(&cols));
    assert_eq!(clues.len(), rows * cols);
    assert!(clues.iter().all(|&c| (-1..=4).contains(&c)), "clue out of range");
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let first = read::slither(text);
    assert_eq!(first, read::slither(text));
    if let Ok(Read::Board(b)) = &first {
        check_slither(b.rows, b.cols, &b.clues);
        assert_eq!(read::slither_item(text).as_ref(), Some(b));
    }
    let country = read::country(text);
    if let Ok(Read::Board(b)) = &country {
        let side = read::COUNTRY_MIN_SIDE..=loopcraft::country::board::MAX_SIDE;
        assert!(side.contains(&b.rows) && side.contains(&b.cols));
        assert_eq!(b.cells.len(), b.rows * b.cols);
        assert!(b.cells.iter().all(|&k| k == -1 || (k >= 0 && (k as usize) < b.ids.len())));
        assert!(b.numbers.iter().all(|(k, _)| *k < b.ids.len()));
    }
    if let Some(item) = read::country_item(text) {
        assert_eq!(item.regions.len(), item.rows * item.cols);
        assert!(matches!(country, Ok(Read::Board(_))), "a batch item the reader refuses");
    }
    let _ = read::detect(read::Family::Slitherlink, text);
    let _ = read::detect(read::Family::Country, text);
    if let Ok(b) = puzzlekit::slither_solution(text) {
        assert_eq!(b.clues.len(), b.rows * b.cols);
    }
    let _ = puzzlekit::country_loop(text);
});
