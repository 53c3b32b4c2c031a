//! Soundness against brute force, loop counts, known answers, limits, budgets.
//!
//! Brute force enumerates loops as cell sets: the boundary of a set of cells
//! is one simple loop exactly when the set and its complement (with the
//! outside) are both connected, the set is non-empty and no lattice point
//! sees a checkerboard of the four cells around it.

use super::board::{board, Board};
use super::engine::{OFF, ON, UNK};
use super::*;
use crate::budget::Budget;
use crate::grid::Grid;
use crate::interrupt::Stop;

use crate::testing::SplitMix64 as Rng;

/// Every single loop on an R x C board, as 0/1 per edge.
fn all_loops(rows: usize, cols: usize) -> Vec<Vec<u8>> {
    let g = Grid::new(rows, cols).unwrap();
    let n = rows * cols;
    let mut loops = Vec::new();
    for set in 1u32..(1u32 << n) {
        let inside = |r: isize, c: isize| -> bool {
            r >= 0
                && c >= 0
                && (r as usize) < rows
                && (c as usize) < cols
                && (set >> (r as usize * cols + c as usize)) & 1 == 1
        };
        // Connected inside?
        if !connected(rows, cols, inside, false) || !connected(rows, cols, |r, c| !inside(r, c), true) {
            continue;
        }
        let mut checker = false;
        for r in 0..=rows as isize {
            for c in 0..=cols as isize {
                let (a, b, x, d) = (inside(r - 1, c - 1), inside(r - 1, c), inside(r, c - 1), inside(r, c));
                if a == d && b == x && a != b {
                    checker = true;
                }
            }
        }
        if checker {
            continue;
        }
        let side = |c: u32| c != crate::grid::NONE && (set >> c) & 1 == 1;
        let edges: Vec<u8> = g.edge_cells.iter().map(|&[c0, c1]| (side(c0) != side(c1)) as u8).collect();
        loops.push(edges);
    }
    loops
}

/// Whether the cells with `pred` (plus the outside ring when `with_outside`)
/// form one 4-connected region.
fn connected(rows: usize, cols: usize, pred: impl Fn(isize, isize) -> bool, with_outside: bool) -> bool {
    // Work on the board padded by one ring of outside cells.
    let (h, w) = (rows as isize + 2, cols as isize + 2);
    let member = |r: isize, c: isize| -> bool {
        if r == 0 || c == 0 || r == h - 1 || c == w - 1 {
            with_outside
        } else {
            pred(r - 1, c - 1)
        }
    };
    let mut seen = vec![false; (h * w) as usize];
    let mut total = 0;
    let mut start = None;
    for r in 0..h {
        for c in 0..w {
            if member(r, c) {
                total += 1;
                start.get_or_insert((r, c));
            }
        }
    }
    let Some(s) = start else { return !with_outside };
    let mut stack = vec![s];
    seen[(s.0 * w + s.1) as usize] = true;
    let mut reached = 0;
    while let Some((r, c)) = stack.pop() {
        reached += 1;
        for (dr, dc) in [(0, 1), (1, 0), (0, -1), (-1, 0)] {
            let (nr, nc) = (r + dr, c + dc);
            if nr >= 0 && nc >= 0 && nr < h && nc < w && member(nr, nc) && !seen[(nr * w + nc) as usize] {
                seen[(nr * w + nc) as usize] = true;
                stack.push((nr, nc));
            }
        }
    }
    reached == total
}

fn clue_counts(rows: usize, cols: usize, edges: &[u8]) -> Vec<i8> {
    let g = Grid::new(rows, cols).unwrap();
    (0..rows * cols).map(|c| g.cell_edges[c].iter().map(|&e| edges[e as usize] as i8).sum()).collect()
}

fn matches(clues: &[i8], counts: &[i8]) -> bool {
    clues.iter().zip(counts).all(|(&c, &n)| c < 0 || c == n)
}

const PROP_LEVELS: [Level; 6] = [Level::Easy, Level::Normal, Level::Tricky, Level::Hard, Level::Colour, Level::Trial];

/// Checks every tier and the search on one puzzle against its brute-force solutions.
fn check_against(rows: usize, cols: usize, clues: &[i8], solutions: &[&Vec<u8>]) {
    let mut decided_before = 0;
    for tier in PROP_LEVELS {
        let fix = propagate(rows, cols, clues, tier, &mut Stop::never()).unwrap();
        match &fix {
            None => assert!(solutions.is_empty(), "{tier:?} refuted a solvable {rows}x{cols} {clues:?}"),
            Some(values) => {
                for s in solutions {
                    for (e, (&v, &want)) in values.iter().zip(s.iter()).enumerate() {
                        assert!(v == UNK || v == want, "{tier:?} decided edge {e} wrongly on {rows}x{cols} {clues:?}");
                    }
                }
                // Tiers only ever add deductions.
                let decided = values.iter().filter(|&&v| v != UNK).count();
                assert!(decided >= decided_before, "{tier:?} weaker than the tier before on {clues:?}");
                decided_before = decided;
            }
        }
        if fix.is_none() {
            decided_before = usize::MAX;
        }
    }
    let out = solve(rows, cols, clues, usize::MAX, None, None).unwrap();
    assert!(out.finished);
    assert_eq!(out.solutions.len(), solutions.len(), "search count on {rows}x{cols} {clues:?}");
    for s in &out.solutions {
        assert!(solutions.contains(&s));
    }
    // The count that keeps no solution counts the same, and stops at a limit.
    let p = Puzzle::new(rows, cols, clues).unwrap();
    let never = &mut Stop::never();
    assert_eq!(p.count_search(usize::MAX, None, None, never).unwrap(), (solutions.len(), true, out.nodes));
    let (n, finished, _) = p.count_search(2, None, None, never).unwrap();
    assert_eq!((n, finished), (solutions.len().min(2), true), "count_search limit 2 on {clues:?}");
    let g = grade(rows, cols, clues, None, &mut Stop::never()).unwrap();
    assert!(g.finished);
    assert_eq!(g.solutions, solutions.len().min(2), "grade {:?} count on {clues:?}", g.level);
    assert!(g.score >= g.level.index() as f64 && g.score < g.level.index() as f64 + 1.0);
    // The grade is the weakest level that decides every edge (or refutes).
    if g.level < Level::Search {
        for level in &PROP_LEVELS[..g.level.index()] {
            let fix = propagate(rows, cols, clues, *level, &mut Stop::never()).unwrap();
            assert!(fix.is_some_and(|v| v.contains(&UNK)), "{level:?} already solves {clues:?}");
        }
    }
}

#[test]
fn every_level_is_sound_on_random_small_boards() {
    // SOUNDNESS_SCALE=n multiplies the trials for a longer run (release build).
    let scale: usize = std::env::var("SOUNDNESS_SCALE").ok().and_then(|s| s.parse().ok()).unwrap_or(1);
    let mut rng = Rng(7 + scale as u64);
    let sizes = [(1, 1), (1, 3), (2, 2), (2, 3), (3, 2), (3, 3), (2, 4), (4, 3), (3, 4), (4, 4), (1, 5), (5, 3)];
    for &(rows, cols) in &sizes {
        let loops = all_loops(rows, cols);
        let counts: Vec<Vec<i8>> = loops.iter().map(|l| clue_counts(rows, cols, l)).collect();
        let trials = scale * if rows * cols >= 15 { 50 } else { 120 };
        for _ in 0..trials {
            let base = &counts[rng.below(loops.len())];
            let density = 20 + rng.below(80);
            let mut clues: Vec<i8> = base.iter().map(|&n| if rng.below(100) < density { n } else { -1 }).collect();
            // Sometimes a clue that may have no solution at all.
            if rng.below(4) == 0 {
                let i = rng.below(clues.len());
                clues[i] = rng.below(5) as i8;
            }
            let solutions: Vec<&Vec<u8>> =
                loops.iter().zip(&counts).filter(|(_, n)| matches(&clues, n)).map(|(l, _)| l).collect();
            check_against(rows, cols, &clues, &solutions);
        }
    }
}

#[test]
fn empty_boards_count_oeis_a231829() {
    for (n, want) in [(1, 1), (2, 13), (3, 213), (4, 9349)] {
        let out = solve(n, n, &vec![-1; n * n], usize::MAX, None, None).unwrap();
        assert!(out.finished);
        assert_eq!(out.solutions.len(), want, "{n} x {n}");
        if n <= 4 {
            assert_eq!(all_loops(n, n).len(), want);
        }
    }
}

#[test]
fn a_known_puzzle_is_unique_and_solved_by_deduction() {
    // The worked example of the Loop engine v1 (4 x 4, seed "notes-example", docs/loop-v1.md), with its answer.
    let clues = [-1, 3, 2, 2, -1, -1, -1, -1, -1, 1, 1, -1, 0, -1, 2, -1];
    let answer: Vec<u8> = vec![
        0, 1, 1, 0, 0, 1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 0, 1, 0, 1, 0, 0, 0, 1, 0, 1, 0, 0, 1, 0, 1, 0, 0,
        1, 0, 1,
    ];
    let out = solve(4, 4, &clues, 2, None, None).unwrap();
    assert!(out.finished);
    assert_eq!(out.solutions, vec![answer.clone()]);
    let g = grade(4, 4, &clues, None, &mut Stop::never()).unwrap();
    assert!(g.level < Level::Search && g.solutions == 1 && g.finished, "{g:?}");
}

#[test]
fn single_cells_and_rectangles() {
    // 1 x 1 with a 4: the one square.
    let out = solve(1, 1, &[4], 2, None, None).unwrap();
    assert_eq!(out.solutions, vec![vec![1, 1, 1, 1]]);
    // 1 x 1 with a 0 or 3: nothing.
    for c in [0, 1, 2, 3] {
        assert!(solve(1, 1, &[c], 2, None, None).unwrap().solutions.is_empty());
    }
    // Adjacent 3s that may be the whole puzzle: the pattern must not fire.
    let mut clues = vec![-1i8; 12];
    clues[5] = 3;
    clues[6] = 3;
    let g = Grid::new(3, 4).unwrap();
    let middle = g.v(1, 2);
    assert_ne!(propagate(3, 4, &clues, Level::Tricky, &mut Stop::never()).unwrap().unwrap()[middle], ON);
    let out = solve(3, 4, &clues, usize::MAX, None, None).unwrap();
    assert!(out.solutions.iter().any(|s| s[middle] == 0));
    assert!(out.solutions.iter().any(|s| s[middle] == 1));
    // Adjacent 3s with a clue that the two-cell loop misses: the middle is on.
    let b = board(2, 3, &[3, 3, -1, -1, -1, 2]).unwrap();
    assert_eq!(patterns::forced_on(&b), vec![b.grid.v(0, 1) as u32]);
    // ... but not when that loop satisfies every clue.
    let b = board(1, 3, &[3, 3, 1]).unwrap();
    assert!(patterns::forced_on(&b).is_empty());
}

#[test]
fn limit_stops_the_count() {
    let out = solve(3, 3, &[-1; 9], 5, None, None).unwrap();
    assert!(out.finished);
    assert_eq!(out.solutions.len(), 5);
    let out = solve(3, 3, &[-1; 9], 1, None, None).unwrap();
    assert_eq!(out.solutions.len(), 1);
}

#[test]
fn budgets_report_incomplete_never_a_wrong_count() {
    let out = solve(6, 6, &[-1; 36], usize::MAX, Some(50), None).unwrap();
    assert!(!out.finished);
    assert!(out.nodes <= 51);
    let out = solve(8, 8, &[-1; 64], usize::MAX, None, Some(0.0)).unwrap();
    assert!(!out.finished);
    // A budget large enough changes nothing.
    let out = solve(3, 3, &[-1; 9], usize::MAX, Some(1_000_000), Some(100.0)).unwrap();
    assert!(out.finished);
    assert_eq!(out.solutions.len(), 213);
}

#[test]
fn the_count_without_solutions_stops_and_reports_its_budget() {
    let p = Puzzle::new(3, 3, &[-1; 9]).unwrap();
    let never = &mut Stop::never();
    assert_eq!(p.count_search(usize::MAX, None, None, never).unwrap().0, 213);
    assert_eq!(p.count_search(5, None, None, never).unwrap().0, 5);
    assert!(p.count_search(0, None, None, never).is_err());
    // Cut short: unfinished, and what it counted is a lower bound.
    let big = Puzzle::new(8, 8, &[-1; 64]).unwrap();
    let (n, finished, _) = big.count_search(usize::MAX, Some(20_000), None, never).unwrap();
    assert!(!finished && n > 0 && n < 1_000_000);
    assert!(!big.count_search(usize::MAX, None, Some(0.0), never).unwrap().1);
}

#[test]
fn arguments_are_checked() {
    assert!(solve(0, 3, &[], 2, None, None).is_err());
    assert!(matches!(solve(101, 1, &[-1; 101], 2, None, None), Err(Error::TooLarge(_))));
    assert!(solve(2, 2, &[-1; 4], 0, None, None).is_err());
    assert!(solve(2, 2, &[-1; 4], 2, None, Some(f64::NAN)).is_err());
    assert!(solve(2, 2, &[-1; 3], 2, None, None).is_err());
    assert!(solve(2, 2, &[-1, 5, -1, -1], 2, None, None).is_err());
    assert!(Level::from_name("nope").is_err());
    assert_eq!(Level::from_name("trial").unwrap(), Level::Trial);
    assert!(propagate(2, 2, &[-1; 4], Level::Search, &mut Stop::never()).is_err());
    assert!(board(100, 100, &vec![-1; 10_000]).is_ok());
}

#[test]
fn large_board_does_not_overflow_the_stack() {
    // A 100 x 100 board with only a few clues: the search goes deep at once.
    let mut clues = vec![-1i8; 100 * 100];
    clues[0] = 3;
    let out = solve(100, 100, &clues, 1, Some(20_000), None).unwrap();
    assert!(out.solutions.len() == 1 || !out.finished);
    if let Some(s) = out.solutions.first() {
        let b = board(100, 100, &clues).unwrap();
        assert!(check::is_solution(&b, s));
    }
    let _ = OFF;
}

/// One puzzle of the data set: `(name, rows, cols, clues, inside cells of the solution)`.
type DatasetPuzzle = (String, usize, usize, Vec<i8>, Option<Vec<bool>>);

/// The puzzles of the shared puzzlekit data set, when it is there (see
/// [`crate::testing::shared_dir`]).
fn dataset() -> Option<Vec<DatasetPuzzle>> {
    let path = crate::testing::shared_dir().join("external/puzzlekit/Slitherlink_dataset.json");
    let text = std::fs::read_to_string(path).ok()?;
    // Entries look like `"name": {"problem": "R C\n...", "solution": "R C\n...", ...}`.
    let mut out = Vec::new();
    let mut rest = text.as_str();
    while let Some(i) = rest.find("\"problem\": \"") {
        let name_end = rest[..i].rfind("\": {")?;
        let name_start = rest[..name_end].rfind('"')? + 1;
        let name = rest[name_start..name_end].to_string();
        rest = &rest[i + 12..];
        let end = rest.find('"')?;
        let problem = rest[..end].replace("\\n", "\n");
        rest = &rest[end..];
        let solution = rest.find("\"solution\": \"").and_then(|j| {
            let s = &rest[j + 13..];
            let k = s.find('"')?;
            (j < rest.find("\"problem\"").unwrap_or(usize::MAX)).then(|| s[..k].replace("\\n", "\n"))
        });
        let mut lines = problem.lines();
        let head: Vec<usize> = lines.next()?.split_whitespace().map(|x| x.parse().unwrap()).collect();
        let (rows, cols) = (head[0], head[1]);
        let clues: Vec<i8> = lines
            .flat_map(|l| {
                l.split_whitespace()
                    .map(|t| if t == "-" || t == "." { -1 } else { t.parse().unwrap() })
                    .collect::<Vec<i8>>()
            })
            .collect();
        assert_eq!(clues.len(), rows * cols, "{name}");
        let inside = solution.filter(|s| !s.trim().is_empty()).map(|s| {
            s.lines().skip(1).flat_map(|l| l.split_whitespace().map(|t| t == "x").collect::<Vec<_>>()).collect()
        });
        out.push((name, rows, cols, clues, inside));
    }
    Some(out)
}

/// Edge values of the loop around the given inside cells.
fn loop_of(rows: usize, cols: usize, inside: &[bool]) -> Vec<u8> {
    let g = Grid::new(rows, cols).unwrap();
    let side = |c: u32| c != crate::grid::NONE && inside[c as usize];
    (0..g.num_edges()).map(|e| (side(g.edge_cells[e][0]) != side(g.edge_cells[e][1])) as u8).collect()
}

#[test]
fn a_few_dataset_puzzles_are_unique_with_their_answer() {
    // Skipped on a fresh clone without the shared data; CI sets LOOPCRAFT_REQUIRE_SHARED.
    let Some(data) = dataset() else {
        let required = std::env::var("LOOPCRAFT_REQUIRE_SHARED").is_ok_and(|v| !v.is_empty());
        assert!(!required, "the shared puzzlekit data set is missing");
        return;
    };
    for (name, rows, cols, clues, inside) in
        data.iter().filter(|d| d.4.is_some() && d.1 * d.2 <= 150).step_by(7).take(20)
    {
        let out = solve(*rows, *cols, clues, 2, None, None).unwrap();
        assert!(out.finished);
        assert_eq!(out.solutions, vec![loop_of(*rows, *cols, inside.as_ref().unwrap())], "{name}");
    }
}

/// Times the whole data set: `cargo test --release --lib dataset_timing -- --ignored --nocapture`.
#[test]
#[ignore]
fn dataset_timing() {
    let data = dataset().expect("the shared data set");
    let mut times = Vec::new();
    let mut tiers = std::collections::BTreeMap::new();
    let total = std::time::Instant::now();
    let mut wrong = 0;
    for (name, rows, cols, clues, inside) in &data {
        let t = std::time::Instant::now();
        let cap = std::env::var("CAP").ok().map(|c| c.parse::<f64>().unwrap());
        let out = solve(*rows, *cols, clues, 2, None, cap).unwrap();
        let dt = t.elapsed().as_secs_f64();
        if !out.finished {
            println!("{name}: budget hit after {dt:.2} s, {} nodes", out.nodes);
            continue;
        }
        if let Some(inside) = inside {
            if out.solutions != vec![loop_of(*rows, *cols, inside)] {
                wrong += 1;
                println!("{name}: {} solutions", out.solutions.len());
            }
        }
        times.push((dt, name.clone(), out.nodes));
    }
    let elapsed = total.elapsed().as_secs_f64();
    times.sort_by(|a, b| b.0.partial_cmp(&a.0).unwrap());
    println!("{} puzzles in {elapsed:.3} s, {wrong} not matching their answer", data.len());
    println!("median {:.6} s", times[times.len() / 2].0);
    for (dt, name, nodes) in times.iter().take(12) {
        println!("  {name}: {dt:.4} s, {nodes} nodes");
    }
    if std::env::var("GRADE").is_ok() {
        let t = std::time::Instant::now();
        for (_, rows, cols, clues, _) in &data {
            let g = grade(*rows, *cols, clues, Some(1_000_000), &mut Stop::never()).unwrap();
            *tiers.entry(g.level).or_insert(0) += 1;
        }
        println!("grades in {:.3} s: {tiers:?}", t.elapsed().as_secs_f64());
    }
}

/// Grades and times named data set puzzles: `NAMES=a,b cargo test --release --lib dataset_named -- --ignored --nocapture`.
#[test]
#[ignore]
fn dataset_named() {
    let data = dataset().expect("the shared data set");
    let names = std::env::var("NAMES").unwrap_or_default();
    for (name, rows, cols, clues, _) in data.iter().filter(|d| names.split(',').any(|n| n == d.0)) {
        for tier in PROP_LEVELS {
            let t = std::time::Instant::now();
            let fix = propagate(*rows, *cols, clues, tier, &mut Stop::never()).unwrap();
            let open = fix.as_ref().map(|v| v.iter().filter(|&&x| x == UNK).count());
            println!("{name} {tier:?}: undecided {open:?} in {:.4} s", t.elapsed().as_secs_f64());
        }
    }
}

/// Replays an explanation: the position it reaches, failing on a decision
/// that disagrees with one before it.
fn replay(n: usize, steps: &[Step]) -> Vec<u8> {
    let mut pos = vec![UNK; n];
    for s in steps {
        assert!(!s.decided.is_empty(), "a step that decides nothing: {s:?}");
        for &(e, v) in &s.decided {
            assert_eq!(pos[e as usize], UNK, "edge {e} decided twice");
            pos[e as usize] = v;
        }
    }
    pos
}

#[test]
fn explanations_replay_to_the_fixpoint_are_sound_and_follow_from_their_premises() {
    let mut rng = Rng(11);
    let mut seen = [false; RULES.len()];
    let sizes = [(2, 2), (2, 3), (3, 3), (3, 4), (4, 4)];
    for &(rows, cols) in &sizes {
        let loops = all_loops(rows, cols);
        let counts: Vec<Vec<i8>> = loops.iter().map(|l| clue_counts(rows, cols, l)).collect();
        let ne = Grid::new(rows, cols).unwrap().num_edges();
        for _ in 0..40 {
            let base = &counts[rng.below(loops.len())];
            let density = 30 + rng.below(70);
            let clues: Vec<i8> = base.iter().map(|&n| if rng.below(100) < density { n } else { -1 }).collect();
            let solutions: Vec<&Vec<u8>> =
                loops.iter().zip(&counts).filter(|(_, n)| matches(&clues, n)).map(|(l, _)| l).collect();
            for level in PROP_LEVELS {
                let fix = propagate(rows, cols, &clues, level, &mut Stop::never()).unwrap();
                let steps = explain(rows, cols, &clues, None, level, &mut Stop::never()).unwrap();
                let (Some(fix), Some(steps)) = (fix, steps) else {
                    panic!("{level:?}: explain and propagate disagree on a contradiction on {rows}x{cols} {clues:?}");
                };
                assert_eq!(replay(ne, &steps), fix, "{level:?} replay on {rows}x{cols} {clues:?}");
                for s in &steps {
                    seen[s.rule as usize] = true;
                    assert!(RULES[s.rule as usize].level <= level, "{s:?} above {level:?}");
                    for s2 in &s.because {
                        seen[s2.rule as usize] = true;
                    }
                    for sol in &solutions {
                        for &(e, v) in &s.decided {
                            assert_eq!(sol[e as usize], v, "{s:?} wrong on {rows}x{cols} {clues:?}");
                        }
                    }
                    // The premise alone (its edges and clues) implies the decisions.
                    let mut pos = vec![UNK; ne];
                    let mut sub = vec![-1i8; clues.len()];
                    for &k in &s.premise {
                        let k = k as usize;
                        if k < ne {
                            assert_ne!(fix[k], UNK);
                            pos[k] = fix[k];
                        } else {
                            sub[k - ne] = clues[k - ne];
                        }
                    }
                    for &(e, _) in &s.decided {
                        assert_eq!(pos[e as usize], UNK, "{s:?} has a decision in its premise");
                    }
                    let again = explain(rows, cols, &sub, Some(&pos), RULES[s.rule as usize].level, &mut Stop::never())
                        .unwrap()
                        .expect("a premise that contradicts");
                    let got = replay(ne, &again);
                    for &(e, v) in &s.decided {
                        assert_eq!(got[e as usize], v, "{s:?} does not follow from its premise on {clues:?}");
                    }
                }
            }
        }
    }
    let missing: Vec<&str> = RULES
        .iter()
        .zip(seen)
        .filter(|(r, s)| !s && !matches!(r.name, "mistake" | "search" | "no-solution"))
        .map(|(r, _)| r.name)
        .collect();
    assert!(missing.is_empty(), "rules never used on small boards: {missing:?}");
}

/// Per edge: the value every solution gives it, or UNK where they differ.
fn brute_backbone(edges: usize, solutions: &[&Vec<u8>]) -> Vec<u8> {
    (0..edges).map(|e| if solutions.iter().all(|s| s[e] == solutions[0][e]) { solutions[0][e] } else { UNK }).collect()
}

#[test]
fn backbone_and_suggestions_match_brute_force() {
    let mut rng = Rng(20);
    for &(rows, cols) in &[(2, 2), (2, 3), (3, 3), (3, 4)] {
        let loops = all_loops(rows, cols);
        let counts: Vec<Vec<i8>> = loops.iter().map(|l| clue_counts(rows, cols, l)).collect();
        let edges = Grid::new(rows, cols).unwrap().num_edges();
        for _ in 0..60 {
            let base = &counts[rng.below(loops.len())];
            let density = 10 + rng.below(50);
            let mut clues: Vec<i8> = base.iter().map(|&n| if rng.below(100) < density { n } else { -1 }).collect();
            if rng.below(5) == 0 {
                let i = rng.below(clues.len());
                clues[i] = rng.below(4) as i8;
            }
            let solutions: Vec<&Vec<u8>> =
                loops.iter().zip(&counts).filter(|(_, n)| matches(&clues, n)).map(|(l, _)| l).collect();
            let b = board(rows, cols, &clues).unwrap();
            let (bb, tips, done, kept) = backbone::suggest(&b, 3, &mut Budget::new(&mut Stop::never()), None, 1);
            assert!(bb.finished && done);
            assert_eq!(bb.count, solutions.len().min(2), "{clues:?}");
            if solutions.is_empty() {
                assert!(bb.values.iter().all(|&v| v == UNK) && bb.witnesses.is_empty());
                continue;
            }
            assert_eq!(bb.values, brute_backbone(edges, &solutions), "{clues:?}");
            assert!(bb.witnesses.iter().all(|w| solutions.contains(&w)));
            let (again, kept_again) = backbone::backbone(&b, &mut Budget::new(&mut Stop::never()));
            assert_eq!(bb, again);
            // From a kept backbone (the one suggest left, or backbone's own):
            // the same backbone and the same suggestions.
            for kept in [kept.expect("a finished backbone is kept"), kept_again.expect("kept")] {
                let (bb2, tips2, done2, _) =
                    backbone::suggest(&b, 3, &mut Budget::new(&mut Stop::never()), Some(&kept), 1);
                assert_eq!((&bb2, &tips2, done2), (&bb, &tips, done), "{clues:?}");
            }
            // The ranking itself: every candidate, by brute force.
            let mut ranked = Vec::new();
            if solutions.len() >= 2 {
                for (cell, value) in candidate_clues(rows, cols, &clues, &bb.values) {
                    let mut more = clues.clone();
                    more[cell] = value;
                    let after: Vec<&Vec<u8>> =
                        loops.iter().zip(&counts).filter(|(_, n)| matches(&more, n)).map(|(l, _)| l).collect();
                    if after.is_empty() {
                        continue;
                    }
                    let open = brute_backbone(edges, &after).iter().filter(|&&v| v == UNK).count();
                    ranked.push((after.len().min(2), open, cell, value));
                }
                ranked.sort();
                ranked.truncate(3);
            }
            let got: Vec<_> = tips.iter().map(|s| (s.count, s.open, s.cell, s.value)).collect();
            assert_eq!(got, ranked, "{clues:?}");
            for s in &tips {
                let mut more = clues.clone();
                more[s.cell] = s.value;
                let after: Vec<&Vec<u8>> =
                    loops.iter().zip(&counts).filter(|(_, n)| matches(&more, n)).map(|(l, _)| l).collect();
                assert_eq!(s.count, after.len().min(2), "{clues:?} {s:?}");
                let open = brute_backbone(edges, &after).iter().filter(|&&v| v == UNK).count();
                assert_eq!(s.open, open, "{clues:?} {s:?}");
            }
        }
    }
}

/// Every clue a suggestion may add, in the order the oracles rank them: a
/// value 0..=3 in each cell without a clue that has a side still open in
/// the backbone `values`.
fn candidate_clues(rows: usize, cols: usize, clues: &[i8], values: &[u8]) -> Vec<(usize, i8)> {
    let g = Grid::new(rows, cols).unwrap();
    (0..clues.len())
        .filter(|&cell| clues[cell] < 0 && g.cell_edges[cell].iter().any(|&e| values[e as usize] == UNK))
        .flat_map(|cell| (0..=3i8).map(move |value| (cell, value)))
        .collect()
}

/// The board of the random loop `seed` with each of its clues kept with
/// probability `percent` in 100, and those clues.
fn random_clued(rows: usize, cols: usize, seed: u64, percent: usize, rng: &mut Rng) -> (Vec<i8>, Board) {
    let lp = random_loop(rows, cols, seed).unwrap();
    let clues: Vec<i8> =
        clue_counts(rows, cols, &lp).iter().map(|&n| if rng.below(100) < percent { n } else { -1 }).collect();
    let b = board(rows, cols, &clues).unwrap();
    (clues, b)
}

/// Boards long enough for the suggestions' repairs in a window, the
/// anchored first solutions and the learnt moves (on the small boards above
/// the window holds the whole board): the ranking must be the one that a
/// backbone of the board with each candidate clue gives, proven alone.
#[test]
fn suggestions_on_larger_boards_match_one_backbone_per_candidate() {
    let (rows, cols) = (6, 22);
    let mut rng = Rng(44);
    let mut ambiguous = 0;
    for seed in 0..8u64 {
        let (clues, b) = random_clued(rows, cols, seed, 45, &mut rng);
        let (bb, tips, done, _) = backbone::suggest(&b, 4, &mut Budget::new(&mut Stop::never()), None, 1);
        assert!(bb.finished && done);
        if bb.count < 2 {
            continue;
        }
        ambiguous += 1;
        let mut ranked = Vec::new();
        for (cell, value) in candidate_clues(rows, cols, &clues, &bb.values) {
            let mut more = clues.clone();
            more[cell] = value;
            let (alone, _) =
                backbone::backbone(&board(rows, cols, &more).unwrap(), &mut Budget::new(&mut Stop::never()));
            assert!(alone.finished);
            if alone.count > 0 {
                let open = alone.values.iter().filter(|&&v| v == UNK).count();
                ranked.push((alone.count, open, cell, value));
            }
        }
        ranked.sort();
        ranked.truncate(4);
        let got: Vec<_> = tips.iter().map(|s| (s.count, s.open, s.cell, s.value)).collect();
        assert_eq!(got, ranked, "seed {seed}: {clues:?}");
        // The same ranking on several threads, from scratch and from a kept backbone.
        let (_, kept) = backbone::backbone(&b, &mut Budget::new(&mut Stop::never()));
        for threads in [2, 3] {
            let (bb2, tips2, done2, _) = backbone::suggest(&b, 4, &mut Budget::new(&mut Stop::never()), None, threads);
            assert_eq!((&bb2, &tips2, done2), (&bb, &tips, true), "seed {seed}, {threads} threads");
            let (_, tips3, done3, _) =
                backbone::suggest(&b, 4, &mut Budget::new(&mut Stop::never()), kept.as_ref(), threads);
            assert_eq!((&tips3, done3), (&tips, true), "seed {seed}, {threads} threads, kept");
        }
        // A deadline already past stops the ranking on every thread: not finished.
        let mut stop = Stop::never();
        let mut past = Budget::new(&mut stop).with_time(Some(std::time::Duration::ZERO));
        let (_, _, done, _) = backbone::suggest(&b, 4, &mut past, kept.as_ref(), 2);
        assert!(!done, "seed {seed}");
    }
    assert!(ambiguous >= 5, "{ambiguous}");
}

/// A candidate's proof paused at every chance the ranking could give it
/// (after its cheap solutions, after a witness), each visit going on from
/// where the last one stopped, ends as the proof run straight through: the
/// same open edges and the same count. On boards long enough for the
/// repairs in a window, where about half the candidates pause.
#[test]
fn a_proof_in_many_visits_ends_as_one_run_straight_through() {
    let (rows, cols) = (6, 22);
    let mut rng = Rng(45);
    let (mut candidates, mut paused, mut mid_pass) = (0, 0, 0);
    for seed in 0..4u64 {
        let (clues, b) = random_clued(rows, cols, seed, 45, &mut rng);
        for cell in (0..rows * cols).filter(|&c| clues[c] < 0) {
            for value in 0..=3 {
                let Some(v) = backbone::proof_in_visits(&b, cell, value) else { continue };
                assert_eq!(v.paused, v.straight, "seed {seed}, cell {cell}, value {value}");
                candidates += 1;
                paused += usize::from(v.visits > 1);
                mid_pass += v.mid_pass;
            }
        }
    }
    assert!(
        candidates >= 100 && paused >= candidates / 4 && mid_pass >= 20,
        "{candidates} candidates, {paused} paused, {mid_pass} visits resumed after a witness"
    );
}

/// The frontier sweep that settles a long whole-board search
/// (`backbone::search_or_sweep`, here asked before any node) agrees with the
/// search alone on states with a few edges assumed: both find a solution (the
/// same one, since the search runs again) or both prove there is none.
#[test]
fn the_sweep_settles_searches_as_the_search_does() {
    let (rows, cols) = (6, 7);
    let mut rng = Rng(9);
    let (mut refuted, mut found) = (0, 0);
    for seed in 0..10u64 {
        let (clues, b) = random_clued(rows, cols, seed, 30, &mut rng);
        let mut engine = engine::Engine::new(&b, engine::Rules::SEARCH).unwrap();
        let mut links = connect::Connectivity::default();
        assert!(engine.run() && links.check(&engine));
        let edges = engine.dom.len();
        for _ in 0..300 {
            let assumed: Vec<(u32, u8)> =
                (0..2 + rng.below(4)).map(|_| (rng.below(edges) as u32, rng.below(2) as u8)).collect();
            let mark = engine.mark();
            if assumed.iter().all(|&(e, v)| engine.assign(e, v)) && engine.run() && links.check(&engine) {
                let mut stop = Stop::never();
                let alone = search::count_from(&mut engine, &mut links, 1, &mut Budget::new(&mut stop), None);
                let mut sweep = backbone::Sweep::new(0);
                let mut stop = Stop::never();
                let mut budget = Budget::new(&mut stop);
                let out = backbone::search_or_sweep(&mut engine, &mut links, &mut budget, None, &mut sweep);
                assert!(alone.finished && out.finished);
                assert_eq!(alone.solutions, out.solutions, "{clues:?} {assumed:?}");
                if out.solutions.is_empty() {
                    refuted += 1;
                } else {
                    found += 1;
                    assert!(check::is_solution(&b, &out.solutions[0]));
                }
            }
            engine.undo_to(mark);
        }
    }
    // Both ways are taken (a refutation by the sweep, a witness after it).
    assert!(refuted >= 10 && found >= 10, "{refuted} {found}");
}

/// The search next to one place (`search::near`) agrees with the
/// whole-board search on states with a clue added and a few edges assumed:
/// when it finishes, it has found a solution (a checked one, with the clue)
/// exactly when the whole-board search finds one; with a node cap it may
/// leave the state unsettled, never wrong, and the engine is back in its state.
#[test]
fn the_search_next_to_a_clue_settles_states_as_the_whole_search_does() {
    let (rows, cols) = (6, 7);
    let mut rng = Rng(17);
    let (mut refuted, mut found, mut unsettled) = (0, 0, 0);
    for seed in 0..10u64 {
        let (clues, b) = random_clued(rows, cols, seed, 30, &mut rng);
        let mut engine = engine::Engine::new(&b, engine::Rules::SEARCH).unwrap();
        let mut links = connect::Connectivity::default();
        assert!(engine.run() && links.check(&engine));
        let edges = engine.dom.len();
        for _ in 0..200 {
            let cell = rng.below(rows * cols);
            if clues[cell] >= 0 {
                continue;
            }
            let value = rng.below(4) as i8;
            let assumed: Vec<(u32, u8)> =
                (0..rng.below(3)).map(|_| (rng.below(edges) as u32, rng.below(2) as u8)).collect();
            let mark = engine.mark();
            if engine.add_clue(cell as u32, value)
                && assumed.iter().all(|&(e, v)| engine.assign(e, v))
                && engine.run()
                && links.check(&engine)
            {
                let before = engine.dom.clone();
                let mut stop = Stop::never();
                let alone = search::count_from(&mut engine, &mut links, 1, &mut Budget::new(&mut stop), None);
                let at = (2 * (cell / cols) + 1, 2 * (cell % cols) + 1);
                for nodes in [u64::MAX, 5] {
                    let mut stop = Stop::never();
                    let out = search::near(&mut engine, &mut links, &mut Budget::new(&mut stop), at, nodes);
                    assert_eq!(engine.dom, before);
                    if !out.finished {
                        assert!(nodes != u64::MAX && out.solutions.is_empty());
                        unsettled += 1;
                        continue;
                    }
                    assert_eq!(alone.solutions.is_empty(), out.solutions.is_empty(), "{clues:?} {cell} {value}");
                    if let Some(s) = out.solutions.first() {
                        assert!(check::is_solution(&b, s));
                        let lines = b.grid.cell_edges[cell].iter().filter(|&&e| s[e as usize] == 1).count();
                        assert_eq!(lines as i8, value);
                        found += 1;
                    } else {
                        refuted += 1;
                    }
                }
            }
            engine.undo_to(mark);
        }
    }
    assert!(refuted >= 10 && found >= 10 && unsettled >= 1, "{refuted} {found} {unsettled}");
}

/// The clues of a Loopy game ID `WxHt0:DESC` (digits; `a`..`z` = 1..26 blanks).
fn tatham(id: &str) -> (usize, usize, Vec<i8>) {
    let (size, desc) = id.split_once(":").unwrap();
    let (w, h) = size.trim_end_matches("t0").split_once('x').unwrap();
    let mut clues = Vec::new();
    for ch in desc.chars() {
        match ch {
            '0'..='4' => clues.push(ch as i8 - b'0' as i8),
            'a'..='z' => clues.extend(std::iter::repeat_n(-1, ch as usize - 'a' as usize + 1)),
            _ => panic!("bad character {ch:?} in {id}"),
        }
    }
    let (rows, cols) = (h.parse().unwrap(), w.parse().unwrap());
    assert_eq!(clues.len(), rows * cols);
    (rows, cols, clues)
}

/// The fixpoint of `rules` from an empty board (`None`: a contradiction).
fn fixpoint_with(rows: usize, cols: usize, clues: &[i8], rules: engine::Rules) -> Option<Vec<u8>> {
    let b = board(rows, cols, clues).unwrap();
    let mut e = engine::Engine::new(&b, rules)?;
    e.run().then(|| e.values())
}

/// `Rules::loopy_hard` only leaves out hard deductions: everything `tricky`
/// decides it decides, and everything it decides `hard` decides the same way.
#[test]
fn loopy_hard_sits_between_tricky_and_hard() {
    let mut rng = Rng(21);
    let (mut below_hard, mut above_tricky) = (0, 0);
    for &(rows, cols) in &[(3, 3), (4, 4), (5, 5), (6, 6)] {
        let g = Grid::new(rows, cols).unwrap();
        for _ in 0..150 {
            // The clues of a random loop: a random set of cells' boundary
            // need not be one loop, which does not matter for this check.
            let inside: Vec<bool> = (0..rows * cols).map(|_| rng.below(2) == 1).collect();
            let edges = loop_of(rows, cols, &inside);
            let clues: Vec<i8> = (0..rows * cols)
                .map(|c| {
                    if rng.below(100) < 60 {
                        g.cell_edges[c].iter().map(|&e| edges[e as usize] as i8).sum()
                    } else {
                        -1
                    }
                })
                .collect();
            let t = fixpoint_with(rows, cols, &clues, Level::Tricky.rules());
            let l = fixpoint_with(rows, cols, &clues, engine::Rules::loopy_hard());
            let h = fixpoint_with(rows, cols, &clues, Level::Hard.rules());
            let (Some(t), Some(l), Some(h)) = (t, l, h) else { continue };
            for e in 0..t.len() {
                assert!(t[e] == UNK || l[e] == t[e], "loopy_hard lost a tricky deduction on {clues:?}");
                assert!(l[e] == UNK || h[e] == l[e], "loopy_hard decided what hard does not on {clues:?}");
            }
            below_hard += (l != h) as usize;
            above_tricky += (l != t) as usize;
        }
    }
    // Not a vacuous check: the three levels differ on some of these boards.
    assert!(below_hard > 0 && above_tricky > 0, "{below_hard} {above_tricky}");
}

/// Loopy's grader (`loopy_peer time`, ../shared/peers/tatham, measured
/// 2026-12-01) rates these "harder than Hard, or ambiguous", and Hard once
/// `face_setall_identical` in its `loopy.c` reports the lines it sets. They
/// are what `generate(n, n, seed, grade="hard")` gave before hard generation
/// used `Rules::loopy_hard` (7 x 7 seeds 301, 43, 115; 10 x 10 seeds 5, 75).
/// Our hard solves them; `loopy_hard` must not, as Loopy does not.
#[test]
fn loopy_hard_stalls_where_loopys_grader_stalls() {
    for id in [
        "7x7t0:a32b10a3c0a1d01b3e222a1a1a3a1a11e2",
        "7x7t0:3a1a2a3a11a3a2f1b2a3d0a2a3c0b233c11",
        "7x7t0:32d1b33c0a1b321b12b21a1b32b1c1b3211",
        "10x10t0:c1b0b021b0c0c2a22d3a32b111a1b2e0a1213a11a10c2a2b211a12b3b2c21121b12a2b2a1",
        "10x10t0:a2a2g3a1a22a3a31a02a1b2b3b2a1a1d2b223102c3a2b1b3c222d2a102b2321a1b1a2a3b2a1",
    ] {
        let (rows, cols, clues) = tatham(id);
        assert_eq!(grade(rows, cols, &clues, None, &mut Stop::never()).unwrap().level, Level::Hard, "{id}");
        let l = fixpoint_with(rows, cols, &clues, engine::Rules::loopy_hard()).unwrap();
        assert!(l.contains(&UNK), "loopy_hard solves {id}");
    }
}

/// Hard puzzles are generated with `Rules::loopy_hard`, and still graded hard.
#[test]
fn generated_hard_puzzles_are_solved_by_loopy_hard() {
    for (n, seed) in [(7, 301), (7, 43), (7, 115), (10, 5), (10, 75), (7, 1), (7, 2)] {
        let opts = generate::GenOptions { level: Some(Level::Hard), ..Default::default() };
        let out = generate::generate(n, n, seed, &opts, &mut Stop::never()).unwrap();
        assert_eq!(out.status, generate::GenStatus::Found);
        assert_eq!(grade(n, n, &out.clues, None, &mut Stop::never()).unwrap().level, Level::Hard);
        let l = fixpoint_with(n, n, &out.clues, engine::Rules::loopy_hard()).unwrap();
        assert!(!l.contains(&UNK), "{n}x{n} seed {seed}");
    }
}

/// The connectivity check on rows of bits (`connect::Connectivity`) gives
/// the walk it replaced (`connect::reference::Walk`) at every state of random
/// descents with undos, on random boards from 1 x 1 to the widest (64-bit
/// rows up to 63 wide, 128-bit ones from 64), with and
/// without the colour rules; both verdicts are seen often.
#[test]
fn the_bit_row_connectivity_check_agrees_with_the_walk() {
    let mut rng = Rng(2026);
    let (mut refuted, mut passed) = (0usize, 0usize);
    let mut sizes: Vec<(usize, usize)> = (0..60).map(|_| (1 + rng.below(9), 1 + rng.below(9))).collect();
    sizes.extend([(1, 1), (1, 100), (100, 1), (3, 100), (100, 3), (12, 12), (2, 63), (2, 64), (63, 2), (64, 3)]);
    for (i, &(rows, cols)) in sizes.iter().enumerate() {
        let percent = rng.below(60);
        let clues: Vec<i8> =
            (0..rows * cols).map(|_| if rng.below(100) < percent { rng.below(4) as i8 } else { -1 }).collect();
        let b = board(rows, cols, &clues).unwrap();
        let rules = if i % 4 == 3 { Level::Easy.rules() } else { engine::Rules::SEARCH };
        let Some(mut engine) = engine::Engine::new(&b, rules) else { continue };
        let mut fast = connect::Connectivity::default();
        let mut walk = connect::reference::Walk::default();
        engine.run();
        let edges = engine.dom.len();
        for _ in 0..40 {
            let base = engine.mark();
            let mut marks = vec![base];
            for _ in 0..2 + rng.below(30) {
                let e = rng.below(edges) as u32;
                if engine.dom[e as usize] != UNK {
                    continue;
                }
                let mark = engine.mark();
                let ok = engine.assign(e, rng.below(2) as u8) && (rng.below(3) == 0 || engine.run());
                let want = walk.check(&engine);
                assert_eq!(fast.check(&engine), want, "{rows}x{cols} {clues:?}");
                if want {
                    passed += 1;
                } else {
                    refuted += 1;
                }
                if !ok || !want || rng.below(5) == 0 {
                    engine.undo_to(mark);
                } else {
                    marks.push(mark);
                }
                if rng.below(8) == 0 {
                    let back = marks[rng.below(marks.len())];
                    engine.undo_to(back);
                    assert_eq!(fast.check(&engine), walk.check(&engine));
                }
            }
            engine.undo_to(base);
        }
    }
    assert!(refuted >= 1000 && passed >= 1000, "{refuted} {passed}");
}

/// A search's check of its nodes (`Connectivity::check_node`, which skips
/// the colours when they are the parent's) gives the walk's verdict on
/// random descents that go down, fail, and back up to a random depth, as a
/// depth-first search does; both verdicts are seen often.
#[test]
fn the_check_of_search_nodes_agrees_with_the_walk() {
    let mut rng = Rng(3434);
    let (mut refuted, mut passed) = (0usize, 0usize);
    let mut sizes: Vec<(usize, usize)> = (0..40).map(|_| (1 + rng.below(12), 1 + rng.below(12))).collect();
    sizes.extend([(1, 1), (2, 64), (64, 2), (20, 20)]);
    for &(rows, cols) in &sizes {
        let percent = rng.below(60);
        let clues: Vec<i8> =
            (0..rows * cols).map(|_| if rng.below(100) < percent { rng.below(4) as i8 } else { -1 }).collect();
        let b = board(rows, cols, &clues).unwrap();
        let Some(mut engine) = engine::Engine::new(&b, engine::Rules::SEARCH) else { continue };
        if !engine.run() {
            continue;
        }
        let mut links = connect::Connectivity::default();
        let mut walk = connect::reference::Walk::default();
        let edges = engine.dom.len();
        for _ in 0..30 {
            links.enter();
            // The state of each node that passed, from the entry state (depth 0) down.
            let mut nodes = vec![engine.mark()];
            for _ in 0..60 {
                let e = rng.below(edges) as u32;
                if engine.dom[e as usize] != UNK {
                    continue;
                }
                let mark = engine.mark();
                if !(engine.assign(e, rng.below(2) as u8) && engine.run()) {
                    engine.undo_to(mark);
                    continue;
                }
                let want = walk.check(&engine);
                assert_eq!(links.check_node(&engine, nodes.len()), want, "{rows}x{cols} {clues:?}");
                if want {
                    passed += 1;
                    nodes.push(engine.mark());
                } else {
                    refuted += 1;
                    engine.undo_to(mark);
                }
                if rng.below(6) == 0 {
                    // Back up to a node, whose children come next.
                    nodes.truncate(1 + rng.below(nodes.len()));
                    engine.undo_to(*nodes.last().unwrap());
                }
            }
            engine.undo_to(nodes[0]);
        }
    }
    assert!(refuted >= 500 && passed >= 500, "{refuted} {passed}");
}

/// A cell flip's one-loop rule (`flip_keeps_one_loop`, which walks no
/// loop) against the set of every loop: on each loop of the small grids,
/// each flip that leaves every point at degree 0 or 2 is one loop exactly
/// when the flipped edges are a loop of that set.
#[test]
fn a_cell_flip_is_one_loop_exactly_when_the_loops_say_so() {
    let (mut opposite_one, mut opposite_two) = (0, 0);
    for &(rows, cols) in &[(2, 2), (2, 3), (3, 3), (3, 4), (4, 4), (4, 5)] {
        let loops = all_loops(rows, cols);
        let known: std::collections::HashSet<&Vec<u8>> = loops.iter().collect();
        let b = board(rows, cols, &vec![-1; rows * cols]).unwrap();
        let g = &b.grid;
        let (mut one, mut two) = (0, 0);
        for l in &loops {
            for cell in 0..rows * cols {
                let mut sol = l.clone();
                for &e in &g.cell_edges[cell] {
                    sol[e as usize] ^= 1;
                }
                let degrees_ok = b.point_slots.iter().all(|slots| {
                    let d = slots.iter().filter(|&&x| x != crate::grid::NONE && sol[x as usize] != 0).count();
                    d == 0 || d == 2
                });
                if !degrees_ok {
                    continue;
                }
                let lines = sol.iter().filter(|&&v| v != 0).count();
                let is_loop = known.contains(&sol);
                assert_eq!(backbone::flip_keeps_one_loop(&b, &sol, cell, lines), is_loop, "{rows}x{cols} {l:?} {cell}");
                if is_loop {
                    one += 1
                } else {
                    two += 1
                }
                let held = g.cell_edges[cell].map(|e| l[e as usize] != 0);
                if held == [true, true, false, false] || held == [false, false, true, true] {
                    if is_loop {
                        opposite_one += 1
                    } else {
                        opposite_two += 1
                    }
                }
            }
        }
        assert!(one > 0 && (rows * cols < 9 || two > 0), "{rows}x{cols}: {one} {two}");
    }
    // Flips of two opposite sides were met, and none was one loop.
    assert!(opposite_one == 0 && opposite_two > 1000, "{opposite_one} {opposite_two}");
}
