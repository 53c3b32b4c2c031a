//! Tests of the two brute-force counting engines: boards, a seeded generator
//! and a naive oracle, the checks every engine passes (written once as a
//! macro and instantiated per engine), and the two engines against each other.

use super::{cells, loops};
use crate::error::Result;
use crate::testing::SplitMix64 as Rng;

type Engine = fn(usize, usize, &[i64], &[Option<i64>], Option<u64>) -> Result<u64>;

/// Every cell its own country, no numbers.
fn singletons(rows: usize, cols: usize) -> (Vec<i64>, Vec<Option<i64>>) {
    ((0..(rows * cols) as i64).collect(), vec![None; rows * cols])
}

/// One country per row: the region graph is a path.
fn stripes(n: usize) -> (Vec<i64>, Vec<Option<i64>>) {
    ((0..n * n).map(|i| (i / n) as i64).collect(), vec![None; n])
}

fn neighbours(rows: usize, cols: usize, i: usize) -> Vec<usize> {
    let (r, c) = (i / cols, i % cols);
    let mut v = Vec::new();
    if r > 0 {
        v.push(i - cols);
    }
    if r + 1 < rows {
        v.push(i + cols);
    }
    if c > 0 {
        v.push(i - 1);
    }
    if c + 1 < cols {
        v.push(i + 1);
    }
    v
}

/// A random simple cycle of the grid (cells in walking order), drawn by
/// self-avoiding walks that close with some probability.
fn random_loop(rng: &mut Rng, rows: usize, cols: usize) -> Vec<usize> {
    loop {
        let start = rng.below(rows * cols);
        let mut path = vec![start];
        loop {
            let head = *path.last().unwrap();
            let nbs = neighbours(rows, cols, head);
            if path.len() >= 4 && nbs.contains(&start) && rng.below(4) == 0 {
                return path;
            }
            let free: Vec<usize> = nbs.into_iter().filter(|x| !path.contains(x)).collect();
            if free.is_empty() {
                break;
            }
            path.push(free[rng.below(free.len())]);
        }
    }
}

/// Renumbers countries in order of their first cell.
fn renumber(owner: &[i64]) -> Vec<i64> {
    let mut map = std::collections::HashMap::new();
    owner
        .iter()
        .map(|&o| {
            if o < 0 {
                -1
            } else {
                let next = map.len() as i64;
                *map.entry(o).or_insert(next)
            }
        })
        .collect()
}

/// A random board: either the countries are arcs of a random loop grown
/// over the other cells (so it often has a solution), or random seeds
/// grown over the board; sometimes a blocked cell or two; each country
/// numbered with probability 1/2 with the number the random loop gives it.
fn random_board(rng: &mut Rng, rows: usize, cols: usize) -> (Vec<i64>, Vec<Option<i64>>) {
    let n = rows * cols;
    let cycle = random_loop(rng, rows, cols);
    let mut owner = vec![-2i64; n]; // -2 = not yet assigned
    if rng.below(3) > 0 {
        let arcs = 2 + rng.below(cycle.len().min(6) - 1);
        let mut cuts: Vec<usize> = (1..cycle.len()).collect();
        for j in 0..arcs - 1 {
            let pick = j + rng.below(cuts.len() - j);
            cuts.swap(j, pick);
        }
        let mut cuts: Vec<usize> = cuts[..arcs - 1].to_vec();
        cuts.sort();
        for (j, &cell) in cycle.iter().enumerate() {
            owner[cell] = cuts.iter().filter(|&&x| x <= j).count() as i64;
        }
    } else {
        let seeds = 2 + rng.below(n / 2);
        for seed in 0..seeds {
            let cell = rng.below(n);
            if owner[cell] == -2 {
                owner[cell] = seed as i64;
            }
        }
    }
    for _ in 0..rng.below(3).saturating_sub(1) {
        let cell = rng.below(n);
        if owner[cell] == -2 {
            owner[cell] = -1;
        }
    }
    // Grow the countries over the free cells; cells that no country can
    // reach (walled in by blocked cells) become blocked.
    loop {
        let frontier: Vec<(usize, i64)> = (0..n)
            .filter(|&i| owner[i] == -2)
            .flat_map(|i| {
                let owner = &owner;
                neighbours(rows, cols, i).into_iter().filter(move |&j| owner[j] >= 0).map(move |j| (i, owner[j]))
            })
            .collect();
        if frontier.is_empty() {
            break;
        }
        let (cell, country) = frontier[rng.below(frontier.len())];
        owner[cell] = country;
    }
    for o in owner.iter_mut() {
        if *o == -2 {
            *o = -1;
        }
    }
    let regions = renumber(&owner);
    let k = regions.iter().map(|&r| r + 1).max().unwrap_or(0) as usize;
    let mut numbers = vec![None; k];
    for (c, number) in numbers.iter_mut().enumerate() {
        let on_loop = cycle.iter().filter(|&&i| regions[i] == c as i64).count() as i64;
        if on_loop > 0 && rng.below(2) == 0 {
            *number = Some(on_loop);
        }
    }
    (regions, numbers)
}

/// The rules read as literally as possible, over every set of edges with
/// no cell of degree above 2: slow, small boards only.
type Check<'a> = dyn Fn(&[(usize, usize)], &[u8]) -> bool + 'a;

fn oracle(rows: usize, cols: usize, regions: &[i64], numbers: &[Option<i64>]) -> u64 {
    let n = rows * cols;
    let mut edges = Vec::new();
    for i in 0..n {
        for j in neighbours(rows, cols, i) {
            if i < j && regions[i] >= 0 && regions[j] >= 0 {
                edges.push((i, j));
            }
        }
    }
    let mut degree = vec![0u8; n];
    let mut chosen = Vec::new();
    let mut count = 0;
    fn rec(
        e: usize,
        edges: &[(usize, usize)],
        degree: &mut Vec<u8>,
        chosen: &mut Vec<(usize, usize)>,
        count: &mut u64,
        check: &Check,
    ) {
        if e == edges.len() {
            if check(chosen, degree) {
                *count += 1;
            }
            return;
        }
        rec(e + 1, edges, degree, chosen, count, check);
        let (a, b) = edges[e];
        if degree[a] < 2 && degree[b] < 2 {
            degree[a] += 1;
            degree[b] += 1;
            chosen.push((a, b));
            rec(e + 1, edges, degree, chosen, count, check);
            chosen.pop();
            degree[a] -= 1;
            degree[b] -= 1;
        }
    }
    let check = |chosen: &[(usize, usize)], degree: &[u8]| -> bool {
        if chosen.is_empty() || degree.contains(&1) {
            return false;
        }
        // Walk the loop from one used cell; it must cover every used cell.
        let used: Vec<usize> = (0..n).filter(|&i| degree[i] == 2).collect();
        let mut order = vec![used[0]];
        let mut prev = usize::MAX;
        loop {
            let here = *order.last().unwrap();
            let next = chosen
                .iter()
                .filter_map(|&(a, b)| {
                    if a == here {
                        Some(b)
                    } else if b == here {
                        Some(a)
                    } else {
                        None
                    }
                })
                .find(|&x| x != prev)
                .unwrap();
            if next == order[0] {
                break;
            }
            prev = here;
            order.push(next);
        }
        if order.len() != used.len() {
            return false;
        }
        let seq: Vec<i64> = order.iter().map(|&i| regions[i]).collect();
        for (c, number) in numbers.iter().enumerate() {
            let c = c as i64;
            let inside = seq.iter().filter(|&&x| x == c).count() as i64;
            // Entered exactly once: one place in the cyclic sequence where
            // a block of its cells starts (a loop inside one country
            // never enters it, so a lone country has no solution).
            let starts = (0..seq.len()).filter(|&j| seq[j] == c && seq[(j + seq.len() - 1) % seq.len()] != c).count();
            if inside == 0 || starts != 1 {
                return false;
            }
            if number.is_some_and(|m| m != inside) {
                return false;
            }
        }
        for i in 0..n {
            for j in neighbours(rows, cols, i) {
                let across = regions[i] >= 0 && regions[j] >= 0 && regions[i] != regions[j];
                if across && degree[i] == 0 && degree[j] == 0 {
                    return false;
                }
            }
        }
        true
    };
    rec(0, &edges, &mut degree, &mut chosen, &mut count, &check);
    count
}

/// The checks every counting engine must pass on its own.
fn anchors(engine: Engine) {
    let run = |rows, cols, (regions, numbers): (Vec<i64>, Vec<Option<i64>>)| {
        engine(rows, cols, &regions, &numbers, None).unwrap()
    };
    // Hamiltonian cycles of the grid (OEIS A003763).
    assert_eq!(run(2, 2, singletons(2, 2)), 1);
    assert_eq!(run(4, 4, singletons(4, 4)), 6);
    assert_eq!(run(3, 3, singletons(3, 3)), 0, "odd boards have no Hamiltonian cycle");
    for m in 3..=8 {
        assert_eq!(run(2, m, singletons(2, m)), 1, "2 x {m}");
        assert_eq!(run(m, 2, singletons(m, 2)), 1, "{m} x 2");
    }
    for n in 4..=6 {
        assert_eq!(run(n, n, stripes(n)), 0, "stripes {n}");
    }
    // A lone country has no border to cross twice: no solution (country/mod.rs).
    assert_eq!(run(4, 4, (vec![0; 16], vec![None])), 0);
    // Two countries: the loop crosses their one border twice. Top and
    // bottom halves of 2 x 3: only the loop through all six cells, since
    // a 2 x 2 square leaves two unused cells across the border.
    assert_eq!(run(2, 2, (vec![0, 0, 1, 1], vec![None; 2])), 1);
    assert_eq!(run(2, 3, (vec![0, 0, 0, 1, 1, 1], vec![None; 2])), 1);
    // Left and right halves of 2 x 4 with a blocked column between them:
    // the region graph is disconnected.
    assert_eq!(run(2, 5, (vec![0, 0, -1, 1, 1, 0, 0, -1, 1, 1], vec![None; 2])), 0);
}

/// Input checks and the limit.
fn refusals_and_limit(engine: Engine) {
    use crate::error::Error;
    let (regions, numbers) = singletons(4, 4);
    for limit in 0..8u64 {
        assert_eq!(engine(4, 4, &regions, &numbers, Some(limit)).unwrap(), limit.min(6));
    }
    let bad = |rows, cols, regions: &[i64], numbers: &[Option<i64>]| {
        matches!(engine(rows, cols, regions, numbers, None), Err(Error::InvalidArgument(_)))
    };
    assert!(bad(1, 4, &[0, 0, 0, 0], &[None]));
    assert!(bad(2, 2, &[0, 0, 0], &[None]));
    assert!(bad(2, 2, &[0, 0, 0, 2], &[None, None]));
    assert!(bad(2, 2, &[0, 0, 0, -2], &[None]));
    assert!(bad(2, 2, &[0, 0, 0, 0], &[None, None]), "country 1 has no cell");
    assert!(bad(2, 2, &[0, 0, 0, 1], &[Some(4), None]), "number above the country size");
    let too_large = |rows: usize, cols: usize| {
        let (regions, numbers) = singletons(rows, cols);
        matches!(engine(rows, cols, &regions, &numbers, None), Err(Error::TooLarge(_)))
    };
    assert!(too_large(7, 7));
    assert!(too_large(31, 2));
    assert!(too_large(8, 8));
    // Blocked cells do not count towards the enumeration limit.
    let mut regions: Vec<i64> = vec![-1; 49];
    for (i, r) in regions.iter_mut().enumerate().take(36) {
        *r = (i / 6) as i64;
    }
    assert!(engine(7, 7, &regions, &[None; 6], None).is_ok());
    // A number 0 is legal input with no solution, so is a board with no
    // country; numbers select among the loops.
    assert_eq!(engine(2, 2, &[0, 0, 0, 1], &[None, Some(0)], None).unwrap(), 0);
    assert_eq!(engine(2, 2, &[-1, -1, -1, -1], &[], None).unwrap(), 0);
    let halves = [0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1];
    let all = engine(3, 4, &halves, &[None, None], None).unwrap();
    let six = engine(3, 4, &halves, &[Some(6), None], None).unwrap();
    let four = engine(3, 4, &halves, &[Some(4), None], None).unwrap();
    assert!(six > 0 && four > 0 && six + four < all, "{six} + {four} vs {all}");
}

/// The tests every brute-force engine passes, written once and
/// instantiated in each engine's test module (`$seed` draws its boards).
macro_rules! engine_tests {
    ($count:path, $seed:expr) => {
        #[test]
        fn anchors_hold() {
            anchors($count);
        }

        #[test]
        fn refuses_bad_input_and_honours_the_limit() {
            refusals_and_limit($count);
        }

        #[test]
        #[cfg_attr(debug_assertions, ignore = "6 x 6 is for release builds: cargo test --release")]
        fn six_by_six_singletons() {
            let (regions, numbers) = singletons(6, 6);
            assert_eq!($count(6, 6, &regions, &numbers, None).unwrap(), 1072);
        }

        #[test]
        fn agrees_with_the_oracle_on_small_random_boards() {
            let mut rng = Rng($seed);
            let mut solved = 0;
            for _ in 0..120 {
                let (rows, cols) = (2 + rng.below(3), 2 + rng.below(3));
                let (regions, numbers) = random_board(&mut rng, rows, cols);
                let expected = oracle(rows, cols, &regions, &numbers);
                let got = $count(rows, cols, &regions, &numbers, None).unwrap();
                assert_eq!(got, expected, "{rows} x {cols} {regions:?} {numbers:?}");
                solved += (expected > 0) as u32;
            }
            assert!(solved >= 30, "only {solved} boards with a solution: the test would say little");
        }
    };
}
/// The shared engine tests of "cells".
mod cells_engine {
    use super::*;

    engine_tests!(cells::count, 7);
}

/// The shared engine tests of "loops".
mod loops_engine {
    use super::*;

    engine_tests!(loops::count, 11);
}

/// The two engines agree on larger random boards, with and without a limit.
#[test]
fn loops_agrees_with_cells() {
    let mut rng = Rng(2026);
    let (mut solved, mut several) = (0, 0);
    for _ in 0..80 {
        let (rows, cols) = (3 + rng.below(3), 3 + rng.below(3));
        let (regions, numbers) = random_board(&mut rng, rows, cols);
        let by_loops = loops::count(rows, cols, &regions, &numbers, None).unwrap();
        let by_cells = cells::count(rows, cols, &regions, &numbers, None).unwrap();
        assert_eq!(by_loops, by_cells, "{rows} x {cols} {regions:?} {numbers:?}");
        assert_eq!(loops::count(rows, cols, &regions, &numbers, Some(2)).unwrap(), by_loops.min(2));
        assert_eq!(cells::count(rows, cols, &regions, &numbers, Some(2)).unwrap(), by_cells.min(2));
        solved += (by_loops > 0) as u32;
        several += (by_loops > 1) as u32;
    }
    assert!(solved >= 20 && several >= 5, "{solved} boards solved, {several} with several solutions");
}

/// A property every counter must have: the count of a board does not depend
/// on how it is drawn. Transposing and mirroring change the row-major scan
/// order both engines (and the ladder's search) rely on, so an orientation
/// slip in any of them shows up as a different count.
#[test]
fn counts_do_not_depend_on_orientation() {
    let transpose = |rows: usize, cols: usize, v: &[i64]| -> Vec<i64> {
        (0..rows * cols).map(|i| v[(i % rows) * cols + i / rows]).collect()
    };
    let mirror = |cols: usize, v: &[i64]| -> Vec<i64> {
        v.chunks(cols).flat_map(|row| row.iter().rev().copied()).collect::<Vec<_>>()
    };
    let mut rng = Rng(4242);
    let mut solved = 0;
    for _ in 0..60 {
        let (rows, cols) = (2 + rng.below(3), 3 + rng.below(3));
        let (regions, numbers) = random_board(&mut rng, rows, cols);
        let want = cells::count(rows, cols, &regions, &numbers, None).unwrap();
        let views = [(cols, rows, transpose(rows, cols, &regions)), (rows, cols, mirror(cols, &regions))];
        for (r, c, view) in views {
            assert_eq!(cells::count(r, c, &view, &numbers, None).unwrap(), want, "cells {r} x {c} {view:?}");
            assert_eq!(loops::count(r, c, &view, &numbers, None).unwrap(), want, "loops {r} x {c} {view:?}");
            let all = crate::country::STAGE_NAMES;
            let by_search = crate::country::solve(r, c, &view, &numbers, usize::MAX, &all, None, None).unwrap();
            assert!(by_search.finished);
            assert_eq!(by_search.solutions.len() as u64, want, "search {r} x {c} {view:?}");
        }
        solved += (want > 0) as u32;
    }
    assert!(solved >= 15, "only {solved} boards with a solution: the test would say little");
}
