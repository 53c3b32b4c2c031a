//! Truth for the frontier engine: OEIS values, and brute force on tiny boards.

use super::*;
use crate::testing::SplitMix64;

fn slither(rows: usize, cols: usize, clues: &[i8]) -> String {
    slither_count(rows, cols, clues, None, None, &mut Stop::never()).unwrap().count.to_string()
}

fn ham(rows: usize, cols: usize) -> String {
    let regions: Vec<i32> = (0..(rows * cols) as i32).collect();
    country_count(rows, cols, &regions, &vec![None; rows * cols], None, None, &mut Stop::never())
        .unwrap()
        .count
        .to_string()
}

#[test]
fn a140517_all_loops_of_n_by_n_cells() {
    let want = ["1", "13", "213", "9349", "1222363", "487150371", "603841648931", "2318527339461265"];
    for (i, w) in want.iter().enumerate() {
        let n = i + 1;
        assert_eq!(slither(n, n, &vec![-1; n * n]), *w, "{n} x {n}");
    }
}

#[test]
fn a003763_hamiltonian_cycles_of_2n_by_2n_points() {
    let want = ["1", "6", "1072", "4638576", "467260456608", "1076226888605605706"];
    for (i, w) in want.iter().enumerate() {
        let n = 2 * (i + 1);
        assert_eq!(ham(n, n), *w, "{n} x {n}");
    }
}

/// The larger OEIS terms that still take well under two seconds in a release build.
#[test]
fn larger_oeis_terms() {
    // A140517(9..12): all cycles on 9 x 9 to 12 x 12 cells.
    assert_eq!(slither(9, 9, &[-1; 81]), "27359264067916806101");
    assert_eq!(slither(10, 10, &[-1; 100]), "988808811046283595068099");
    assert_eq!(slither(11, 11, &[-1; 121]), "109331355810135629946698361371");
    assert_eq!(slither(12, 12, &[-1; 144]), "36954917962039884953387868334644457");
    // A003763(7): Hamiltonian cycles on 14 x 14 points.
    assert_eq!(ham(14, 14), "56126499620491437281263608");
}

/// OEIS terms (9 x 9 and 12 x 12 cells: 10 and 13 points) by residue passes (64- and 32-bit words) and the
/// Chinese remainder step, which the public count uses only for tables past
/// 8 GiB.
#[test]
fn larger_oeis_terms_by_residues() {
    for mode in [grid::Mode::Residues, grid::Mode::HalfResidues] {
        let by = |n: usize, kind| {
            grid::count_with(n, n, kind, None, usize::MAX, 1, mode, &mut Stop::never())
                .unwrap()
                .unwrap()
                .count
                .to_string()
        };
        assert_eq!(by(10, grid::Cycles::All), "27359264067916806101", "{mode:?}");
        assert_eq!(by(13, grid::Cycles::All), "36954917962039884953387868334644457", "{mode:?}");
        assert_eq!(by(14, grid::Cycles::Hamiltonian), "56126499620491437281263608", "{mode:?}");
    }
}

/// Timing probe (not part of the suite): `cargo test --release frontier::tests::probe -- --ignored --nocapture`.
#[test]
#[ignore]
fn probe() {
    let t = std::time::Instant::now();
    let n: usize = std::env::var("PROBE_N").ok().and_then(|v| v.parse().ok()).unwrap_or(14);
    if std::env::var("PROBE_KIND").as_deref() == Ok("all") {
        let out = slither_count(n, n, &vec![-1; n * n], None, None, &mut Stop::never()).unwrap();
        println!("all {n}: {} peak {} in {:?}", out.count, out.peak_states, t.elapsed());
    } else {
        let regions: Vec<i32> = (0..(n * n) as i32).collect();
        let out = country_count(n, n, &regions, &vec![None; n * n], None, None, &mut Stop::never()).unwrap();
        println!("ham {n}: {} peak {} in {:?}", out.count, out.peak_states, t.elapsed());
    }
}

/// Every simple cycle of the `rows x cols` grid graph through `open` vertices,
/// once each, as its vertices in cycle order.
fn cycles(rows: usize, cols: usize, open: &[bool]) -> Vec<Vec<usize>> {
    fn dfs(v: usize, s: usize, nb: &[Vec<usize>], path: &mut Vec<usize>, seen: &mut [bool], out: &mut Vec<Vec<usize>>) {
        for &u in &nb[v] {
            if u == s && path.len() >= 4 && path[1] < *path.last().unwrap_or(&0) {
                out.push(path.clone());
            } else if u > s && !seen[u] {
                seen[u] = true;
                path.push(u);
                dfs(u, s, nb, path, seen, out);
                path.pop();
                seen[u] = false;
            }
        }
    }
    let n = rows * cols;
    let mut nb = vec![Vec::new(); n];
    for i in (0..n).filter(|&i| open[i]) {
        let (r, c) = (i / cols, i % cols);
        if c + 1 < cols && open[i + 1] {
            nb[i].push(i + 1);
            nb[i + 1].push(i);
        }
        if r + 1 < rows && open[i + cols] {
            nb[i].push(i + cols);
            nb[i + cols].push(i);
        }
    }
    let mut out = Vec::new();
    for s in (0..n).filter(|&i| open[i]) {
        let mut seen = vec![false; n];
        seen[s] = true;
        dfs(s, s, &nb, &mut vec![s], &mut seen, &mut out);
    }
    out
}

/// Loop edges around each cell of a Slitherlink board, for a loop given as
/// lattice points in order.
fn cell_counts(rows: usize, cols: usize, points: &[usize]) -> Vec<i8> {
    let mut count = vec![0i8; rows * cols];
    let w = cols + 1;
    for (i, &a) in points.iter().enumerate() {
        let b = points[(i + 1) % points.len()];
        let (lo, hi) = (a.min(b), a.max(b));
        let (r, c) = (lo / w, lo % w);
        if hi == lo + 1 {
            // Horizontal edge: the cells above and below it.
            for rr in [r.wrapping_sub(1), r] {
                if rr < rows {
                    count[rr * cols + c] += 1;
                }
            }
        } else {
            for cc in [c.wrapping_sub(1), c] {
                if cc < cols {
                    count[r * cols + cc] += 1;
                }
            }
        }
    }
    count
}

#[test]
fn slitherlink_matches_brute_force_on_tiny_boards() {
    let mut rng = SplitMix64(140517);
    for (rows, cols) in [(1, 1), (1, 3), (2, 2), (2, 3), (3, 2), (3, 3), (2, 4)] {
        let loops = cycles(rows + 1, cols + 1, &vec![true; (rows + 1) * (cols + 1)]);
        let counts: Vec<Vec<i8>> = loops.iter().map(|l| cell_counts(rows, cols, l)).collect();
        assert_eq!(slither(rows, cols, &vec![-1; rows * cols]), loops.len().to_string());
        for _ in 0..40 {
            // Clues from a random loop (or random values), a random subset kept.
            let base: Vec<i8> = if rng.below(4) == 0 {
                (0..rows * cols).map(|_| rng.below(5) as i8).collect()
            } else {
                counts[rng.below(counts.len())].clone()
            };
            let keep = 1 + rng.below(4);
            let clues: Vec<i8> = base.iter().map(|&v| if rng.below(4) < keep { v } else { -1 }).collect();
            let want = counts.iter().filter(|c| c.iter().zip(&clues).all(|(&v, &k)| k < 0 || v == k)).count();
            assert_eq!(slither(rows, cols, &clues), want.to_string(), "{rows} x {cols} {clues:?}");
            // A limit gives min(count, limit), early stop or not.
            for limit in [0, 1, 2, want as u64, want as u64 + 1] {
                let got = slither_count(rows, cols, &clues, Some(limit), None, &mut Stop::never()).unwrap().count;
                assert_eq!(got.to_string(), want.min(limit as usize).to_string(), "{clues:?} limit {limit}");
            }
        }
    }
}

/// Country Road by its definition on one loop (cells in order): every
/// country's used cells are one non-empty run of the loop, numbers match,
/// no two unused cells of different countries touch.
fn country_ok(cols: usize, regions: &[i32], numbers: &[Option<u32>], lp: &[usize]) -> bool {
    let n = regions.len();
    let mut used = vec![false; n];
    for &i in lp {
        used[i] = true;
    }
    for (x, num) in numbers.iter().enumerate() {
        let on: Vec<bool> = lp.iter().map(|&i| regions[i] == x as i32).collect();
        let cells = on.iter().filter(|&&b| b).count();
        let starts = (0..on.len()).filter(|&i| on[i] && !on[(i + on.len() - 1) % on.len()]).count();
        let one_run = starts == 1 || (cells == on.len() && cells > 0);
        if cells == 0 || !one_run || num.is_some_and(|m| m as usize != cells) {
            return false;
        }
    }
    for i in 0..n {
        for j in [i + 1, i + cols] {
            let adjacent = j < n && (j == i + cols || j % cols != 0);
            if adjacent && regions[i] >= 0 && regions[j] >= 0 && regions[i] != regions[j] && !used[i] && !used[j] {
                return false;
            }
        }
    }
    true
}

#[test]
fn country_matches_brute_force_on_tiny_boards() {
    let mut rng = SplitMix64(3763);
    for (rows, cols) in [(2, 2), (2, 3), (3, 2), (3, 3), (2, 4), (3, 4), (4, 3)] {
        let n = rows * cols;
        for _ in 0..40 {
            let k = 2 + rng.below(n - 1);
            let mut regions: Vec<i32> =
                (0..n).map(|_| if rng.below(8) == 0 { -1 } else { rng.below(k) as i32 }).collect();
            // Keep the countries that got a cell, numbered 0.. in order.
            let mut ids: Vec<i32> = regions.iter().copied().filter(|&r| r >= 0).collect();
            ids.sort_unstable();
            ids.dedup();
            for r in regions.iter_mut().filter(|r| **r >= 0) {
                *r = ids.binary_search(r).unwrap_or(0) as i32;
            }
            let size: Vec<u32> =
                (0..ids.len()).map(|x| regions.iter().filter(|&&r| r == x as i32).count() as u32).collect();
            let numbers: Vec<Option<u32>> = size
                .iter()
                .map(|&s| if rng.below(3) == 0 { Some(1 + rng.below(s as usize) as u32) } else { None })
                .collect();
            let open: Vec<bool> = regions.iter().map(|&r| r >= 0).collect();
            let want = if numbers.len() < 2 {
                0
            } else {
                cycles(rows, cols, &open).iter().filter(|lp| country_ok(cols, &regions, &numbers, lp)).count()
            };
            let got = country_count(rows, cols, &regions, &numbers, None, None, &mut Stop::never()).unwrap();
            assert_eq!(got.count.to_string(), want.to_string(), "{rows} x {cols} {regions:?} {numbers:?}");
        }
    }
}

#[test]
fn budget_and_refusals() {
    let all = |n: usize, max: Option<usize>| slither_count(n, n, &vec![-1; n * n], None, max, &mut Stop::never());
    let peak = all(6, None).unwrap().peak_states;
    assert_eq!(all(6, Some(peak)).unwrap().count.to_string(), "487150371");
    // Below the unclued grid's tables (the folded frontier's two, 178
    // slots), the hash sweep, which needs more, refuses too.
    assert_eq!(peak, 178);
    assert!(matches!(all(6, Some(peak - 1)), Err(Error::Capacity(_))));
    assert!(matches!(slither_count(101, 1, &[-1; 101], None, None, &mut Stop::never()), Err(Error::TooLarge(_))));
    assert!(matches!(slither_count(0, 1, &[], None, None, &mut Stop::never()), Err(Error::InvalidArgument(_))));
    let ham = |n: usize| {
        country_count(
            n,
            n,
            &(0..(n * n) as i32).collect::<Vec<_>>(),
            &vec![None; n * n],
            Some(5),
            None,
            &mut Stop::never(),
        )
    };
    assert_eq!(ham(4).unwrap().count.to_string(), "5");
    assert!(matches!(ham(31), Err(Error::TooLarge(_))));
    // A stop that is asked at once ends the sweep with Interrupted.
    let yes = || true;
    let mut stop = Stop::new(&yes);
    std::thread::sleep(Stop::PERIOD * 2);
    let r = slither_count(8, 8, &[-1; 64], None, None, &mut stop);
    assert!(matches!(r, Err(Error::Interrupted)));
}

#[test]
fn a_limit_stops_the_sweep_once_closed_loops_reach_it() {
    // 12 x 12 needs 83,679 states at its widest; closed loops worth 1 (and
    // 100) are swept long before that, so these finish within smaller budgets.
    let clear = vec![-1; 144];
    for (limit, budget) in [(1, 20_000), (100, 60_000)] {
        let out = slither_count(12, 12, &clear, Some(limit), Some(budget), &mut Stop::never()).unwrap();
        assert_eq!(out.count.to_u64(), Some(limit));
        assert!(out.peak_states <= budget);
    }
    // Without a limit: the unclued tables take 57,346 slots, the hash sweep more.
    assert!(matches!(slither_count(12, 12, &clear, None, Some(57_345), &mut Stop::never()), Err(Error::Capacity(_))));
    // A positive clue in the last row keeps every state unsure until the end.
    let mut late = clear.clone();
    late[143] = 2;
    assert!(matches!(slither_count(12, 12, &late, Some(1), Some(20_000), &mut Stop::never()), Err(Error::Capacity(_))));
}

/// The count does not depend on the direction of the sweep, also where the
/// plugs of one line of points fill more than one key word (more than 31
/// columns swept across).
#[test]
fn either_direction_counts_the_same() {
    let mut rng = SplitMix64(23);
    let count = |rows: usize, cols: usize, clues: &[i8], turn: bool| {
        let rules = slither::Slither::new(rows, cols, clues, None, Some(turn)).unwrap();
        run_sized(&rules, rules.bits, None, DEFAULT_MAX_STATES, &mut Stop::never()).unwrap().count.to_string()
    };
    for (rows, cols) in [(3, 33), (4, 35), (3, 40), (5, 31), (4, 32), (6, 34)] {
        for _ in 0..4 {
            // Zeros but for a band of a few columns that straddles the
            // 32nd plug (the second key word), blank or clued there.
            let from = 28 + rng.below(cols - 30);
            let clues: Vec<i8> = (0..rows * cols)
                .map(|i| {
                    let c = i % cols;
                    if c < from || c > from + 3 {
                        0
                    } else if rng.below(3) == 0 {
                        rng.below(4) as i8
                    } else {
                        -1
                    }
                })
                .collect();
            let want = count(rows, cols, &clues, true);
            assert_eq!(count(rows, cols, &clues, false), want, "{rows} x {cols} {clues:?}");
        }
    }
}

/// The hash sweep over the whole board, never the directly indexed table.
fn swept(rules_bits: u32, rules: &impl sweep::Rules) -> String {
    run_sized(rules, rules_bits, None, DEFAULT_MAX_STATES, &mut Stop::never()).unwrap().count.to_string()
}

#[test]
fn unclued_grids_by_the_table_equal_the_hash_sweep_on_rectangles() {
    // Both orientations, every width the two halves of a rank split differently.
    for rows in 1..=7 {
        for cols in 1..=7 {
            let clues = vec![-1; rows * cols];
            let rules = slither::Slither::new(rows, cols, &clues, None, None).unwrap();
            let table = grid::count(rows + 1, cols + 1, grid::Cycles::All, None, usize::MAX, 1, &mut Stop::never())
                .unwrap()
                .expect("a small table");
            assert_eq!(table.count.to_string(), swept(rules.bits, &rules), "all cycles, {rows} x {cols} cells");
            if rows >= 2 && cols >= 2 {
                let regions: Vec<i32> = (0..(rows * cols) as i32).collect();
                let rules = country::Country::new(rows, cols, &regions, &vec![None; rows * cols], None).unwrap();
                let table = grid::count(rows, cols, grid::Cycles::Hamiltonian, None, usize::MAX, 1, &mut Stop::never())
                    .unwrap()
                    .expect("a small table");
                assert_eq!(table.count.to_string(), swept(rules.bits, &rules), "Hamiltonian, {rows} x {cols} points");
            }
        }
    }
}

#[test]
fn long_unclued_grids_widen_their_counts_exactly() {
    // 3 x 60 cells: counts of several limbs, widened along the way.
    let clues = vec![-1; 180];
    let rules = slither::Slither::new(60, 3, &clues, None, None).unwrap();
    let table = slither(60, 3, &clues);
    assert!(table.len() > 40, "{table}");
    assert_eq!(table, swept(rules.bits, &rules));
    // 100 x 8 cells: 636 bits, past the widths with a constant limb count.
    let clues = vec![-1; 800];
    let rules = slither::Slither::new(100, 8, &clues, None, None).unwrap();
    let table = slither(100, 8, &clues);
    assert!(table.len() > 190, "{table}");
    assert_eq!(table, swept(rules.bits, &rules));
    let regions: Vec<i32> = (0..180).collect();
    let rules = country::Country::new(30, 6, &regions, &vec![None; 180], None).unwrap();
    assert_eq!(ham(30, 6), swept(rules.bits, &rules));
}

#[test]
fn the_table_takes_the_limit_the_budget_and_the_stop() {
    let stop = &mut Stop::never();
    let count = |limit, max| grid::count(6, 6, grid::Cycles::All, limit, max, 1, &mut Stop::never()).unwrap();
    assert_eq!(count(Some(100), usize::MAX).unwrap().count, Nat::from(100));
    // A limit met by the loops already closed stops the sweep: 17 x 17 cells
    // (18.2 million slots, about 20 s whole) returns after a few rows.
    let early = grid::count(18, 18, grid::Cycles::All, Some(1000), usize::MAX, 1, &mut Stop::never()).unwrap();
    assert_eq!(early.unwrap().count, Nat::from(1000));
    assert_eq!(count(Some(10_000_000), usize::MAX).unwrap().count, Nat::from(1_222_363));
    // The tables of 6 points wide have 72 slots (the Motzkin numbers M(6)
    // and M(5): the folded frontier); with a limit, the table of 127 (M(7)).
    assert_eq!(count(None, 72).unwrap().peak_states, 72);
    assert!(count(None, 71).is_none());
    assert_eq!(count(Some(10_000_000), 127).unwrap().peak_states, 127);
    assert!(count(Some(10_000_000), 126).is_none());
    // Past the budget, the public count falls back on the hash sweep (with
    // a limit, past the table of 127; without, it needs more than 71 too).
    let clues = vec![-1; 25];
    let hashed = slither_count(5, 5, &clues, Some(10_000_000), Some(126), stop).unwrap();
    assert_eq!((hashed.count.to_string().as_str(), hashed.peak_states <= 126), ("1222363", true));
    assert!(matches!(slither_count(5, 5, &clues, None, Some(71), stop), Err(Error::Capacity(_))));
    let yes = || true;
    let mut asked = Stop::new(&yes);
    std::thread::sleep(Stop::PERIOD * 2);
    assert!(matches!(grid::count(13, 13, grid::Cycles::All, None, usize::MAX, 1, &mut asked), Err(Error::Interrupted)));
}

/// Timing probe of the unclued-grid table (not part of the suite):
/// `PROBE_N=16 PROBE_KIND=ham cargo test --release frontier::tests::probe_grid -- --ignored --nocapture`.
#[test]
#[ignore]
fn probe_grid() {
    let n: usize = std::env::var("PROBE_N").ok().and_then(|v| v.parse().ok()).unwrap_or(14);
    let kind =
        if std::env::var("PROBE_KIND").as_deref() == Ok("all") { grid::Cycles::All } else { grid::Cycles::Hamiltonian };
    let t = std::time::Instant::now();
    let threads: usize = std::env::var("PROBE_THREADS").ok().and_then(|v| v.parse().ok()).unwrap_or(1);
    let mode = match std::env::var("PROBE_MODE").as_deref() {
        Ok("exact") => grid::Mode::Exact,
        Ok("residues") => grid::Mode::Residues,
        Ok("half") => grid::Mode::HalfResidues,
        _ => grid::Mode::Auto,
    };
    let out = grid::count_with(n, n, kind, None, usize::MAX, threads, mode, &mut Stop::never()).unwrap().unwrap();
    println!("{kind:?} {n} points: {} slots {} in {:?}", out.count, out.peak_states, t.elapsed());
    if std::env::var("PROBE_REACH").is_ok() {
        let (slots, ever, pages) = grid::reach(n, n, kind);
        println!(
            "{kind:?} {n} points: {slots} slots, {ever} ever other than zero, {pages} of {} pages",
            slots.div_ceil(512)
        );
    }
}

#[test]
fn the_table_counts_the_same_on_several_threads() {
    // 11 x 11: wide enough that the row change's levels hold more blocks
    // than one worker claims at a time, so that it runs on several too.
    for (rows, cols) in [(5, 5), (7, 9), (9, 8), (12, 4), (11, 11)] {
        for kind in [grid::Cycles::All, grid::Cycles::Hamiltonian] {
            let one = grid::count(rows, cols, kind, None, usize::MAX, 1, &mut Stop::never()).unwrap().unwrap();
            for threads in [2, 3, 8] {
                let many =
                    grid::count(rows, cols, kind, None, usize::MAX, threads, &mut Stop::never()).unwrap().unwrap();
                assert_eq!(many, one, "{kind:?} {rows} x {cols} points on {threads} threads");
            }
        }
    }
    let yes = || true;
    let mut asked = Stop::new(&yes);
    std::thread::sleep(Stop::PERIOD * 2);
    assert!(matches!(grid::count(13, 13, grid::Cycles::All, None, usize::MAX, 2, &mut asked), Err(Error::Interrupted)));
}
