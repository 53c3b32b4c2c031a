//! Property tests of the core's input checks: whatever sizes and lists a
//! caller passes, the public entry points answer `Ok` exactly when the input
//! is well formed and an `Err` otherwise, never panic, and refuse huge sizes
//! (up to `usize::MAX`, where `rows * cols` overflows) before allocating.
//! Budgets keep every accepted search short.

use proptest::prelude::*;

use crate::error::Error;
use crate::interrupt::Stop;
use crate::{batch, country, loop_v1, slither};

/// Sides from tiny to absurd: mostly small, sometimes past the limits, sometimes huge.
fn side() -> impl Strategy<Value = usize> {
    prop_oneof![
        6 => 0usize..8,
        2 => 90usize..110,
        1 => 28usize..33,
        1 => prop_oneof![Just(usize::MAX), Just(usize::MAX / 2 + 1), Just(1usize << 32), 1000usize..1_000_000],
    ]
}

/// A clue list near the board's length, with values mostly valid.
fn clues_for(cells: usize) -> impl Strategy<Value = Vec<i8>> {
    let len = if cells <= 10_000 { cells } else { 4 };
    let clue = prop_oneof![8 => -1i8..=4, 1 => any::<i8>()];
    prop_oneof![
        6 => proptest::collection::vec(clue.clone(), len..=len),
        1 => proptest::collection::vec(clue, 0..70),
    ]
}

fn slither_case() -> impl Strategy<Value = (usize, usize, Vec<i8>)> {
    (side(), side()).prop_flat_map(|(r, c)| {
        let cells = r.saturating_mul(c);
        (Just(r), Just(c), clues_for(cells))
    })
}

fn slither_well_formed(rows: usize, cols: usize, clues: &[i8]) -> bool {
    (1..=slither::MAX_SIDE).contains(&rows)
        && (1..=slither::MAX_SIDE).contains(&cols)
        && clues.len() == rows * cols
        && clues.iter().all(|c| (-1..=4).contains(c))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn slither_solve_accepts_exactly_the_well_formed_boards((rows, cols, clues) in slither_case(), limit in 0usize..4) {
        let out = slither::solve(rows, cols, &clues, limit, Some(20), Some(1.0));
        if limit == 0 || !slither_well_formed(rows, cols, &clues) {
            prop_assert!(out.is_err(), "accepted {rows} x {cols} with {} clues, limit {limit}", clues.len());
            if rows > slither::MAX_SIDE && cols >= 1 && limit > 0 {
                prop_assert!(matches!(out, Err(Error::TooLarge(_))));
            }
        } else {
            let out = out.unwrap();
            prop_assert!(out.solutions.len() <= limit);
            let edges = (rows + 1) * cols + rows * (cols + 1);
            prop_assert!(out.solutions.iter().all(|s| s.len() == edges && s.iter().all(|&b| b <= 1)));
        }
    }

    #[test]
    fn slither_propagate_and_grade_check_the_same_way((rows, cols, clues) in slither_case()) {
        let ok = slither_well_formed(rows, cols, &clues);
        prop_assert_eq!(slither::propagate(rows, cols, &clues, slither::Level::Easy, &mut Stop::never()).is_ok(), ok);
        if rows.saturating_mul(cols) <= 16 || !ok {
            prop_assert_eq!(slither::grade(rows, cols, &clues, Some(20), &mut Stop::never()).is_ok(), ok);
        }
    }

    #[test]
    fn slither_time_limits_are_checked(t in prop_oneof![Just(f64::NAN), Just(f64::INFINITY), Just(-1.0), 0.0f64..2.0]) {
        let out = slither::solve(1, 3, &[3, 3, 1], 2, None, Some(t));
        prop_assert_eq!(out.is_ok(), t.is_finite() && t >= 0.0);
    }

    #[test]
    fn loop_v1_solve_accepts_exactly_the_well_formed_boards(
        n in prop_oneof![4 => 0usize..8, 1 => 195usize..205, 1 => Just(usize::MAX)],
        clues in proptest::collection::vec(prop_oneof![8 => -1i8..=4, 1 => any::<i8>()], 0..50),
    ) {
        let out = loop_v1::solve(n, &clues, 50);
        let ok = (1..=loop_v1::MAX_N).contains(&n) && clues.len() == n * n && clues.iter().all(|c| (-1..=4).contains(c));
        prop_assert_eq!(out.is_ok(), ok);
    }

    #[test]
    fn country_solve_never_panics_and_refuses_bad_sizes_and_lengths(
        (rows, cols) in (side(), side()),
        regions in proptest::collection::vec(prop_oneof![6 => -1i64..6, 1 => any::<i64>()], 0..40),
        numbers in proptest::collection::vec(proptest::option::of(prop_oneof![4 => 0i64..6, 1 => any::<i64>()]), 0..8),
    ) {
        let out = country::solve(rows, cols, &regions, &numbers, 2, &country::STAGE_NAMES, Some(30), Some(1.0));
        let sized = (2..=country::board::MAX_SIDE).contains(&rows) && (2..=country::board::MAX_SIDE).contains(&cols);
        if !sized || regions.len() != rows * cols || numbers.len() > rows * cols {
            prop_assert!(out.is_err());
        }
        if rows >= 2 && cols >= 2 && rows.max(cols) > country::board::MAX_SIDE {
            prop_assert!(matches!(out, Err(Error::TooLarge(_))));
        }
        if let Ok(r) = out {
            prop_assert!(r.solutions.len() <= 2);
            prop_assert!(regions.iter().all(|&r| (-1..numbers.len() as i64).contains(&r)));
        }
    }

    #[test]
    fn a_batch_answers_each_item_as_the_single_call_does(cases in proptest::collection::vec(slither_case(), 0..6), threads in 1usize..4) {
        let items: Vec<batch::SlitherItem> =
            cases.iter().map(|(rows, cols, clues)| batch::SlitherItem { rows: *rows, cols: *cols, clues: clues.clone() }).collect();
        let inputs: Vec<_> = items.iter().cloned().map(batch::Input::Board).collect();
        let out = batch::slither_solve(&inputs, 2, Some(20), None, Some(threads), &|| false).unwrap();
        prop_assert_eq!(out.len(), items.len());
        for (it, got) in items.iter().zip(out) {
            let got = got.into_result().expect("a board is always solved");
            let single = slither::solve(it.rows, it.cols, &it.clues, 2, Some(20), None);
            match (got, single) {
                (Ok(a), Ok(b)) => prop_assert_eq!((a.solutions, a.finished, a.nodes), (b.solutions, b.finished, b.nodes)),
                (Err(a), Err(b)) => prop_assert_eq!(a, b),
                (a, b) => prop_assert!(false, "batch {:?} but single {:?}", a.is_ok(), b.is_ok()),
            }
        }
    }
}

/// Fuzzing finding (slither_calls): on an all-0 board every level decided every
/// edge off and `propagate` reported that empty assignment as the fixpoint, so
/// `deduce()` called the board solved although it has no solution. A fully
/// decided assignment that is not one loop is now a contradiction.
#[test]
fn a_fully_decided_assignment_that_is_not_one_loop_is_a_contradiction() {
    for (rows, cols, clues) in [(1, 1, vec![0]), (2, 2, vec![0, 0, 0, 0]), (2, 2, vec![0, -1, -1, 0])] {
        for tier in &slither::Level::ALL[..6] {
            assert_eq!(
                slither::propagate(rows, cols, &clues, *tier, &mut Stop::never()),
                Ok(None),
                "{rows}x{cols} {clues:?} {tier:?}"
            );
        }
        let grade = slither::grade(rows, cols, &clues, None, &mut Stop::never()).unwrap();
        assert_eq!((grade.level, grade.solutions, grade.finished), (slither::Level::Easy, 0, true));
        assert!(slither::solve(rows, cols, &clues, 2, None, None).unwrap().solutions.is_empty());
    }
    // A board that does have a loop is still solved by propagation.
    let solved = slither::propagate(1, 3, &[3, 3, 1], slither::Level::Tricky, &mut Stop::never()).unwrap().unwrap();
    assert!(solved.iter().all(|&v| v <= 1));
}
