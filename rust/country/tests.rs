//! Tests of the ladder and the search against a brute force written here
//! (simple cycles of the cell graph, rules checked on the cycle's cell
//! sequence), sharing nothing with the solver but the board's geometry.

use super::board::Board;
use super::handle::Handle;
use super::puzzle::Puzzle;
use super::region_graph::RegionGraph;
use super::run_ladder;
use super::search;
use super::stages::{Stages, STAGE_NAMES};
use crate::budget::Budget;
use crate::interrupt::Stop;

use crate::testing::SplitMix64 as Rng;

fn neighbours(rows: usize, cols: usize, c: usize) -> Vec<usize> {
    let (r, q) = (c / cols, c % cols);
    let mut v = Vec::new();
    if r > 0 {
        v.push(c - cols);
    }
    if r + 1 < rows {
        v.push(c + cols);
    }
    if q > 0 {
        v.push(c - 1);
    }
    if q + 1 < cols {
        v.push(c + 1);
    }
    v
}

/// Every simple cycle of the rows x cols cell graph, once, as a cell sequence.
fn all_cycles(rows: usize, cols: usize) -> Vec<Vec<usize>> {
    let n = rows * cols;
    let mut out = Vec::new();
    fn dfs(rows: usize, cols: usize, s: usize, path: &mut Vec<usize>, on: &mut Vec<bool>, out: &mut Vec<Vec<usize>>) {
        let x = *path.last().unwrap();
        for y in neighbours(rows, cols, x) {
            if y == s && path.len() >= 4 && path[1] < path[path.len() - 1] {
                out.push(path.clone());
            } else if y > s && !on[y] {
                on[y] = true;
                path.push(y);
                dfs(rows, cols, s, path, on, out);
                path.pop();
                on[y] = false;
            }
        }
    }
    for s in 0..n {
        let mut on = vec![false; n];
        on[s] = true;
        dfs(rows, cols, s, &mut vec![s], &mut on, &mut out);
    }
    out
}

/// The rules read directly from the cycle's cell sequence.
fn satisfies(rows: usize, cols: usize, region: &[i64], numbers: &[Option<i64>], cyc: &[usize]) -> bool {
    let n = rows * cols;
    let k = numbers.len();
    if cyc.iter().any(|&c| region[c] < 0) {
        return false;
    }
    // Runs of one country along the cycle, counted cyclically.
    let mut runs = vec![0; k];
    for i in 0..cyc.len() {
        let (a, b) = (region[cyc[i]], region[cyc[(i + 1) % cyc.len()]]);
        if a != b {
            runs[b as usize] += 1;
        }
    }
    if runs.iter().any(|&r| r != 1) {
        return false;
    }
    let mut used = vec![false; n];
    for &c in cyc {
        used[c] = true;
    }
    for (q, &x) in numbers.iter().enumerate() {
        if let Some(x) = x {
            if (0..n).filter(|&c| used[c] && region[c] == q as i64).count() != x as usize {
                return false;
            }
        }
    }
    for c in 0..n {
        for d in neighbours(rows, cols, c) {
            if region[c] >= 0 && region[d] >= 0 && region[c] != region[d] && !used[c] && !used[d] {
                return false;
            }
        }
    }
    true
}

/// Cell and edge bits of a cycle in the core's numbering (see country/mod.rs).
fn bits(rows: usize, cols: usize, cyc: &[usize]) -> (Vec<u8>, Vec<u8>) {
    let n = rows * cols;
    let mut cells = vec![0u8; n];
    let mut edges = vec![0u8; rows * (cols - 1) + (rows - 1) * cols];
    for i in 0..cyc.len() {
        let (a, b) = (cyc[i].min(cyc[(i + 1) % cyc.len()]), cyc[i].max(cyc[(i + 1) % cyc.len()]));
        cells[a] = 1;
        cells[b] = 1;
        let e = if b == a + 1 { (a / cols) * (cols - 1) + a % cols } else { rows * (cols - 1) + a };
        edges[e] = 1;
    }
    (cells, edges)
}

/// A random map, `min .. min + spread` cells a side, of 2 to half its cells
/// countries, now and then with a blocked cell: `(rows, cols, regions,
/// countries)`.
fn random_map(rng: &mut Rng, min: usize, spread: usize) -> (usize, usize, Vec<i64>, usize) {
    let rows = min + rng.below(spread);
    let cols = min + rng.below(spread);
    let k = 2 + rng.below(rows * cols / 2);
    let blocked = rng.below(3) / 2;
    let regions = random_regions(rng, rows, cols, k, blocked);
    let k = (regions.iter().copied().max().unwrap() + 1) as usize;
    (rows, cols, regions, k)
}

/// A random partition into connected countries, renumbered by first cell.
fn random_regions(rng: &mut Rng, rows: usize, cols: usize, k: usize, blocked: usize) -> Vec<i64> {
    let n = rows * cols;
    let mut region = vec![-2i64; n];
    for _ in 0..blocked {
        region[rng.below(n)] = -1;
    }
    let mut seeds = 0;
    while seeds < k {
        let c = rng.below(n);
        if region[c] == -2 {
            region[c] = seeds as i64;
            seeds += 1;
        }
        if region.iter().all(|&r| r != -2) {
            break;
        }
    }
    loop {
        let open: Vec<usize> = (0..n).filter(|&c| region[c] == -2).collect();
        if open.is_empty() {
            break;
        }
        let c = open[rng.below(open.len())];
        let owners: Vec<i64> = neighbours(rows, cols, c).into_iter().map(|d| region[d]).filter(|&r| r >= 0).collect();
        if !owners.is_empty() {
            region[c] = owners[rng.below(owners.len())];
        } else if neighbours(rows, cols, c).iter().all(|&d| region[d] == -1) {
            region[c] = -1;
        }
    }
    // Split disconnected countries by relabelling components, then renumber.
    let mut out = vec![-1i64; n];
    let mut next = 0;
    for s in 0..n {
        if region[s] < 0 || out[s] >= 0 {
            continue;
        }
        let mut stack = vec![s];
        out[s] = next;
        while let Some(c) = stack.pop() {
            for d in neighbours(rows, cols, c) {
                if region[d] == region[c] && out[d] < 0 {
                    out[d] = next;
                    stack.push(d);
                }
            }
        }
        next += 1;
    }
    out
}

struct Case {
    rows: usize,
    cols: usize,
    regions: Vec<i64>,
    numbers: Vec<Option<i64>>,
    solutions: Vec<(Vec<u8>, Vec<u8>)>,
}

fn random_cases(seed: u64, count: usize, want_solvable: bool) -> Vec<Case> {
    let mut rng = Rng(seed);
    let shapes = [(3, 3), (3, 4), (4, 3), (4, 4), (3, 5), (2, 5), (4, 5)];
    let cycles: Vec<Vec<Vec<usize>>> = shapes.iter().map(|&(r, c)| all_cycles(r, c)).collect();
    let mut out = Vec::new();
    while out.len() < count {
        let si = rng.below(shapes.len());
        let (rows, cols) = shapes[si];
        let n = rows * cols;
        let k = 2 + rng.below(n / 2);
        let blocked = if rng.below(4) == 0 { 1 } else { 0 };
        let regions = random_regions(&mut rng, rows, cols, k, blocked);
        let k = (regions.iter().copied().max().unwrap() + 1) as usize;
        let free: Vec<Option<i64>> = vec![None; k];
        let valid: Vec<&Vec<usize>> = cycles[si].iter().filter(|c| satisfies(rows, cols, &regions, &free, c)).collect();
        if want_solvable && valid.is_empty() {
            continue;
        }
        // Numbers read from one valid loop (or random), each kept with probability 1/2.
        let mut numbers = vec![None; k];
        let pick = if valid.is_empty() { None } else { Some(valid[rng.below(valid.len())]) };
        for (q, slot) in numbers.iter_mut().enumerate() {
            if rng.below(2) == 0 {
                continue;
            }
            let size = regions.iter().filter(|&&r| r == q as i64).count();
            *slot = Some(match pick {
                Some(cyc) if rng.below(5) != 0 => cyc.iter().filter(|&&c| regions[c] == q as i64).count() as i64,
                _ => 1 + rng.below(size) as i64,
            });
        }
        let solutions = cycles[si]
            .iter()
            .filter(|c| satisfies(rows, cols, &regions, &numbers, c))
            .map(|c| bits(rows, cols, c))
            .collect();
        out.push(Case { rows, cols, regions, numbers, solutions });
    }
    out
}

fn puzzle(c: &Case) -> Puzzle {
    Puzzle::new(Board::new(c.rows, c.cols, &c.regions, &c.numbers).unwrap()).unwrap()
}

fn stage_sets() -> Vec<(String, Stages)> {
    let mut v = Vec::new();
    for (i, name) in STAGE_NAMES.iter().enumerate() {
        v.push((format!("only {name}"), Stages::parse(&[*name]).unwrap()));
        v.push((format!("up to {name}"), Stages::parse(&STAGE_NAMES[..=i]).unwrap()));
        v.push((format!("all but {name}"), Stages::ALL.without(1 << i)));
        // What a search node runs under that single stage.
        v.push((format!("{name} + loop core"), Stages::parse(&[*name]).unwrap().with(Stages::LOOP_CORE)));
    }
    v.push(("loop core".to_string(), Stages::NONE.with(Stages::LOOP_CORE)));
    v
}

#[test]
fn every_stage_fixpoint_agrees_with_brute_force() {
    let cases = random_cases(7, 200, false);
    let solvable = cases.iter().filter(|c| !c.solutions.is_empty()).count();
    assert!(solvable >= 100, "only {solvable} solvable boards");
    for (i, case) in cases.iter().enumerate() {
        for (name, stages) in stage_sets() {
            let fix = run_ladder(&mut puzzle(case), stages);
            if case.solutions.is_empty() {
                // No fixpoint of a board without solution may decide everything:
                // that would grade it solved (the empty "loop" of a 0 country).
                let decided = fix.as_ref().is_some_and(|(c, e, _)| c.iter().chain(e).all(|&v| v != 2));
                assert!(!decided, "case {i}: {name} decides every unknown of a board with no solution");
                continue;
            }
            let (cells, edges, _) =
                fix.unwrap_or_else(|| panic!("case {i}: stage set {name} refutes a board with solutions"));
            for (sc, se) in &case.solutions {
                for (c, (&a, &b)) in cells.iter().zip(sc).enumerate() {
                    assert!(a == 2 || a == b, "case {i}, {name}: cell {c} decided {a}, a solution has {b}");
                }
                for (e, (&a, &b)) in edges.iter().zip(se).enumerate() {
                    assert!(a == 2 || a == b, "case {i}, {name}: edge {e} decided {a}, a solution has {b}");
                }
            }
        }
    }
}

#[test]
fn solved_without_search_exactly_when_unique() {
    let cases = random_cases(11, 200, true);
    let (mut unique, mut several) = (0, 0);
    for (i, case) in cases.iter().enumerate() {
        let fix = run_ladder(&mut puzzle(case), Stages::ALL);
        let decided = fix.as_ref().is_some_and(|(c, e, _)| c.iter().chain(e).all(|&v| v != 2));
        assert_eq!(
            decided,
            case.solutions.len() == 1,
            "case {i}: {} solutions, ladder decided all: {decided}; regions {:?} numbers {:?}",
            case.solutions.len(),
            case.regions,
            case.numbers
        );
        if decided {
            unique += 1;
            let (c, e, _) = fix.unwrap();
            assert_eq!((c, e), case.solutions[0].clone());
        } else {
            several += 1;
        }
    }
    assert!(unique >= 20 && several >= 20, "unique {unique}, several {several}");
}

#[test]
fn search_counts_agree_with_brute_force() {
    let cases = random_cases(23, 120, false);
    let mut checked = 0;
    for (i, case) in cases.iter().enumerate() {
        let cells = case.rows * case.cols;
        // Counting every solution of a loose board is long in a debug build.
        if case.solutions.len() > 12 || cells > 16 {
            continue;
        }
        checked += 1;
        // Every node applies the loop's own rules whatever the stages (see
        // `search::solve`), so even the weakest sets finish at once.
        let mut sets = vec![Stages::ALL, Stages::NONE];
        for (i, _) in STAGE_NAMES.iter().enumerate() {
            sets.push(Stages::NONE.with(1 << i));
        }
        sets.push(Stages::NONE.with(Stages::LOOP).with(Stages::MACRO));
        sets.push(Stages::parse(&STAGE_NAMES[..2]).unwrap());
        sets.push(Stages::parse(&STAGE_NAMES[..3]).unwrap());
        for stages in sets {
            let r = search::solve(&mut puzzle(case), stages, usize::MAX, &mut Budget::new(&mut Stop::never())).unwrap();
            assert!(r.finished);
            let mut got: Vec<Vec<u8>> = r.solutions.clone();
            got.sort();
            let mut want: Vec<Vec<u8>> = case.solutions.iter().map(|s| s.1.clone()).collect();
            want.sort();
            assert_eq!(got, want, "case {i}, stages {stages:?}");
        }
    }
    assert!(checked >= 60, "only {checked} boards checked");
}

/// Up to a thousand solutions the clause-learning solver enumerates them
/// (`search::search_or_enumerate`): all of them when the limit is above the
/// count, else exactly `limit` distinct ones, each one of brute force's.
#[test]
fn enumerated_solutions_agree_with_brute_force() {
    let cases = random_cases(29, 150, false);
    let (mut all, mut capped) = (0, 0);
    for (i, case) in cases.iter().enumerate() {
        let mut want: Vec<Vec<u8>> = case.solutions.iter().map(|s| s.1.clone()).collect();
        want.sort();
        for limit in [3, want.len().max(3), want.len() + 1] {
            let r = search::solve(&mut puzzle(case), Stages::ALL, limit, &mut Budget::new(&mut Stop::never())).unwrap();
            assert!(
                r.finished,
                "case {i}, limit {limit}: {:?} {:?} {}x{} got {}",
                case.regions,
                case.numbers,
                case.rows,
                case.cols,
                r.solutions.len()
            );
            let mut got = r.solutions.clone();
            got.sort();
            got.dedup();
            assert_eq!(got.len(), r.solutions.len(), "case {i}, limit {limit}: a solution twice");
            if want.len() <= limit {
                assert_eq!(got, want, "case {i}, limit {limit}");
                all += 1;
            } else {
                assert_eq!(got.len(), limit, "case {i}");
                assert!(got.iter().all(|s| want.binary_search(s).is_ok()), "case {i}: not a solution");
                capped += 1;
            }
        }
    }
    assert!(all >= 100 && capped >= 30, "{all} {capped}");
}

/// The solver alone, each model excluded by a clause as it is found, gives
/// exactly brute force's solutions, and never a model that breaks the rules
/// (the enumeration's fallback to the depth-first search is then never
/// needed): on the model after the last solution of a 3 x 5 board it once
/// gave two loops, when a batch of the loop check's clauses was cut short.
#[test]
fn the_solver_enumerates_exactly_the_solutions() {
    use super::ladder::root;
    use super::sat::{encode, solve_under, Found};
    use crate::sat::Lit;
    let mut checked = 0;
    for (i, case) in random_cases(29, 200, false).iter().enumerate() {
        let mut p = puzzle(case);
        if !p.region_ok {
            continue;
        }
        // From the search's root, as `search::solve` starts the enumeration.
        let (s, _, r) = root(&mut p, Stages::ALL, &mut Budget::new(&mut Stop::never()));
        if r.is_err() {
            assert!(case.solutions.is_empty(), "case {i}");
            continue;
        }
        let n = p.board.num_cells();
        let mut sol = encode(&p, &s);
        let open: Vec<usize> = (0..p.board.num_edges()).filter(|&e| sol.fixed(n + e).is_none()).collect();
        let mut got = Vec::new();
        loop {
            match solve_under(&p, &mut sol, &[], u64::MAX, &mut || false) {
                Found::Solution(edges) => {
                    let block: Vec<Lit> = open.iter().map(|&e| Lit::of(n + e, edges[e] == 0)).collect();
                    got.push(edges);
                    if !sol.add_clause(&block) {
                        break;
                    }
                }
                Found::None => break,
                Found::Unknown => panic!("case {i}: a model that breaks the rules after {} solutions", got.len()),
            }
        }
        got.sort();
        let mut want: Vec<Vec<u8>> = case.solutions.iter().map(|s| s.1.clone()).collect();
        want.sort();
        assert_eq!(got, want, "case {i}");
        checked += 1;
    }
    assert!(checked >= 100, "{checked}");
}

#[test]
fn a_hundred_solutions_of_an_open_board_come_from_the_solver() {
    // The depth-first search found no solution of this board in nine
    // minutes (see the sweep's test below); the solver finds a hundred.
    let (regions, numbers) = paired(12);
    let r = super::solve(12, 12, &regions, &numbers, 100, &STAGE_NAMES, None, Some(60.0)).unwrap();
    assert!(r.finished && r.solutions.len() == 100, "{} solutions, finished {}", r.solutions.len(), r.finished);
    let board = Board::new(12, 12, &regions, &numbers).unwrap();
    assert!(r.solutions.iter().all(|e| super::check::is_solution(&board, e)));
    let mut distinct = r.solutions.clone();
    distinct.sort();
    distinct.dedup();
    assert_eq!(distinct.len(), 100);
    // A node limit is the depth-first search's alone.
    let r = super::solve(12, 12, &regions, &numbers, 100, &STAGE_NAMES, Some(1_000), None).unwrap();
    assert!(!r.finished && r.nodes <= 1_000, "{} nodes", r.nodes);
}

fn own_countries(rows: usize, cols: usize) -> (Vec<i64>, Vec<Option<i64>>) {
    ((0..(rows * cols) as i64).collect(), vec![None; rows * cols])
}

fn count(rows: usize, cols: usize, regions: &[i64], numbers: &[Option<i64>]) -> usize {
    let r = super::solve(rows, cols, regions, numbers, usize::MAX, &STAGE_NAMES, None, None).unwrap();
    assert!(r.finished);
    r.solutions.len()
}

#[test]
fn hamiltonian_cycles_of_grids_oeis_a003763() {
    for (n, want) in [(2, 1), (4, 6), (6, 1072)] {
        let (regions, numbers) = own_countries(n, n);
        assert_eq!(count(n, n, &regions, &numbers), want, "{n} x {n}");
        let cycles = super::hamiltonian_cycles(n, n, &regions, 10_000).unwrap();
        assert_eq!(cycles.len(), want, "catalogue {n} x {n}");
    }
    for m in 3..=8 {
        let (regions, numbers) = own_countries(2, m);
        assert_eq!(count(2, m, &regions, &numbers), 1, "2 x {m}");
    }
    // Odd boards have no Hamiltonian cycle.
    let (regions, numbers) = own_countries(3, 3);
    assert_eq!(count(3, 3, &regions, &numbers), 0);
}

#[test]
fn stripes_have_a_cut_vertex_and_no_solution() {
    for n in 4..=6 {
        let regions: Vec<i64> = (0..n * n).map(|c| (c / n) as i64).collect();
        let numbers = vec![None; n];
        let (borders, cuts, bridges) = super::region_graph(n, n, &regions).unwrap();
        assert_eq!(borders.len(), n - 1);
        assert_eq!(cuts, (1..n as u32 - 1).collect::<Vec<_>>());
        assert_eq!(bridges.len(), n - 1);
        assert!(super::hamiltonian_cycles(n, n, &regions, 10).unwrap().is_empty());
        assert_eq!(count(n, n, &regions, &numbers), 0);
        // The same holds without the region graph's help.
        let mut p = Puzzle::new(Board::new(n, n, &regions, &numbers).unwrap()).unwrap();
        let r = search::solve(
            &mut p,
            Stages::NONE.with(Stages::REGION).with(Stages::LOOP),
            10,
            &mut Budget::new(&mut Stop::never()),
        )
        .unwrap();
        assert!(r.finished && r.solutions.is_empty());
    }
}

#[test]
fn no_fixpoint_decides_a_board_without_solution() {
    // Every cell unused is a fixpoint of `region` on these boards, and no solution.
    type Map = (usize, usize, Vec<i64>, Vec<Option<i64>>);
    let boards: [Map; 3] = [
        (2, 2, vec![0, 0, 0, 0], vec![Some(0)]),
        (2, 3, vec![0, 0, 1, 0, 0, 1], vec![Some(0), None]),
        (3, 3, vec![0, -1, 1, -1, -1, -1, 2, -1, 3], vec![None; 4]),
    ];
    for (rows, cols, regions, numbers) in boards {
        for (name, stages) in stage_sets() {
            let mut p = Puzzle::new(Board::new(rows, cols, &regions, &numbers).unwrap()).unwrap();
            let fix = run_ladder(&mut p, stages);
            let decided = fix.as_ref().is_some_and(|(c, e, _)| c.iter().chain(e).all(|&v| v != 2));
            assert!(!decided, "{regions:?} {numbers:?}: {name} decides every unknown");
        }
    }
}

#[test]
fn one_and_two_countries() {
    // One country: no border to cross twice, no solution.
    assert_eq!(count(2, 2, &[0, 0, 0, 0], &[None]), 0);
    assert_eq!(super::ladder(2, 2, &[0, 0, 0, 0], &[None], &STAGE_NAMES).unwrap(), None);
    // Two countries side by side on 2 x 2: the only loop crosses twice.
    assert_eq!(count(2, 2, &[0, 1, 0, 1], &[None, None]), 1);
    // 2 x 3, columns 0 | 1 2: loops around 2x2 blocks; both touch both countries
    // once only for the one with cells in country 0... count by brute force.
    let regions = [0, 1, 1, 0, 1, 1];
    let want = all_cycles(2, 3).iter().filter(|c| satisfies(2, 3, &regions, &[None, None], c)).count();
    assert_eq!(count(2, 3, &regions, &[None, None]), want);
}

/// Countries of 2 x 2 cells on an n x n board (n even), no numbers.
fn paired(n: usize) -> (Vec<i64>, Vec<Option<i64>>) {
    let regions = (0..n * n).map(|c| ((c / n / 2) * (n / 2) + c % n / 2) as i64).collect();
    (regions, vec![None; n * n / 4])
}

#[test]
fn a_search_lost_on_an_open_board_asks_the_sweep() {
    // The depth-first search found no solution of this board in nine
    // minutes; the rounds hand it to the sweep, which finds two.
    let (regions, numbers) = paired(12);
    let started = std::time::Instant::now();
    let r = super::solve(12, 12, &regions, &numbers, 2, &STAGE_NAMES, None, Some(60.0)).unwrap();
    assert!(r.finished && r.solutions.len() == 2, "{} solutions, finished {}", r.solutions.len(), r.finished);
    assert!(started.elapsed() < std::time::Duration::from_secs(50));
    let board = Board::new(12, 12, &regions, &numbers).unwrap();
    assert!(r.solutions[0] != r.solutions[1]);
    assert!(r.solutions.iter().all(|e| super::check::is_solution(&board, e)));
    // A node limit within the first round is the search's alone.
    let r = super::solve(12, 12, &regions, &numbers, 2, &STAGE_NAMES, Some(1_000), None).unwrap();
    assert!(!r.finished && r.nodes <= 1_000 && r.solutions.len() < 2, "{} nodes", r.nodes);
    // A board with fewer solutions than its limit is still counted exactly.
    let (regions, numbers) = paired(4);
    let r = super::solve(4, 4, &regions, &numbers, 2, &STAGE_NAMES, None, None).unwrap();
    let want = all_cycles(4, 4).iter().filter(|c| satisfies(4, 4, &regions, &numbers, c)).count();
    assert_eq!((r.finished, r.solutions.len()), (true, want.min(2)));
}

#[test]
fn budgets_report_incomplete() {
    let (regions, numbers) = own_countries(6, 6);
    let r = super::solve(6, 6, &regions, &numbers, usize::MAX, &STAGE_NAMES[..1], Some(5), None).unwrap();
    assert!(!r.finished);
    assert!(r.nodes <= 6);
    let r = super::solve(6, 6, &regions, &numbers, usize::MAX, &STAGE_NAMES[..1], None, Some(0.0)).unwrap();
    assert!(!r.finished);
    // The limit is not a budget: complete stays true.
    let r = super::solve(6, 6, &regions, &numbers, 2, &STAGE_NAMES, None, None).unwrap();
    assert!(r.finished && r.solutions.len() == 2);
}

#[test]
fn bad_arguments_are_errors() {
    assert!(super::solve(2, 2, &[0, 1, 0, 1], &[None, None], 1, &["nope"], None, None).is_err());
    assert!(super::solve(2, 2, &[0, 1, 0, 1], &[None, None], 1, &STAGE_NAMES[..1], None, Some(-1.0)).is_err());
    assert!(super::ladder(2, 2, &[0, 1, 0], &[None, None], &STAGE_NAMES[..1]).is_err());
    let g = RegionGraph::new(1, vec![]);
    assert!(!g.may_be_hamiltonian());
}

/// The worklist (`propagate`, and `propagate_from` after new assignments)
/// reaches exactly the fixpoint of whole-board sweeps of the same stages, or
/// a contradiction exactly when they do, on random boards up to 8 x 8 and
/// every subset of the non-probing stages.
#[test]
fn worklist_fixpoint_equals_sweep_fixpoint() {
    use super::ladder::root_state;
    use super::stages::{propagate, propagate_from, sweep_propagate};
    use super::work::Work;
    let mut rng = Rng(0x5eed_f1c5);
    let mut compared = 0;
    for _ in 0..120 {
        let (rows, cols, regions, k) = random_map(&mut rng, 3, 6);
        let numbers: Vec<Option<i64>> = (0..k)
            .map(|q| {
                let size = regions.iter().filter(|&&r| r == q as i64).count();
                (rng.below(2) == 0).then(|| 1 + rng.below(size) as i64)
            })
            .collect();
        let mut p = Puzzle::new(Board::new(rows, cols, &regions, &numbers).unwrap()).unwrap();
        let _ = p.try_catalogue(None, 2_000_000);
        for bits in 0..16u8 {
            let mut stages = Stages::NONE;
            for (i, bit) in [Stages::REGION, Stages::ONCE, Stages::LOOP, Stages::MACRO].into_iter().enumerate() {
                if bits >> i & 1 == 1 {
                    stages = stages.with(bit);
                }
            }
            let mut a = root_state(&p);
            let mut b = a.clone();
            let mut w = Work::new(&p.board);
            let ra = propagate(&p, &mut a, &mut w, stages);
            let rb = sweep_propagate(&p, &mut b, &mut w, stages);
            assert_eq!(ra.is_ok(), rb.is_ok(), "root, stages {stages:?}, {regions:?} {numbers:?}");
            if ra.is_err() {
                continue;
            }
            assert_eq!(a.val, b.val, "root, stages {stages:?}");
            compared += 1;
            // A few random assignments on top, each followed by both.
            for _ in 0..6 {
                let open: Vec<usize> = (0..a.val.len()).filter(|&v| a.val[v] == super::state::UNDECIDED).collect();
                if open.is_empty() {
                    break;
                }
                let var = open[rng.below(open.len())];
                let v = rng.below(2) as u8;
                let head = a.trail_len();
                a.set(var, v).unwrap();
                b.set(var, v).unwrap();
                let ra = propagate_from(&p, &mut a, &mut w, stages, head);
                let rb = sweep_propagate(&p, &mut b, &mut w, stages);
                assert_eq!(ra.is_ok(), rb.is_ok(), "step, stages {stages:?}, {regions:?} {numbers:?}");
                if ra.is_err() {
                    break;
                }
                assert_eq!(a.val, b.val, "step, stages {stages:?}");
                compared += 1;
            }
        }
    }
    assert!(compared >= 2000, "only {compared} states compared");
}

#[test]
fn a_known_solution_guides_the_probe_to_the_same_fixpoint() {
    let cases = random_cases(31, 200, true);
    let (mut guided_total, mut plain_total) = (0u64, 0u64);
    for (i, case) in cases.iter().enumerate() {
        for (_, edges) in &case.solutions {
            for (name, stages) in stage_sets() {
                let plain = run_ladder(&mut puzzle(case), stages);
                let mut p = puzzle(case);
                assert!(p.know(edges), "case {i}: a brute-force solution is a solution");
                let guided = run_ladder(&mut p, stages);
                match (&plain, &guided) {
                    (Some((pc, pe, ph)), Some((gc, ge, gh))) => {
                        assert_eq!((pc, pe), (gc, ge), "case {i}, {name}: guided fixpoint differs");
                        assert!(gh <= ph, "case {i}, {name}: guided probe tried more hypotheses");
                        guided_total += gh;
                        plain_total += ph;
                    }
                    _ => panic!("case {i}, {name}: a board with a solution contradicted ({plain:?} / {guided:?})"),
                }
            }
        }
    }
    assert!(guided_total * 10 < plain_total * 7, "guided {guided_total} vs plain {plain_total} hypotheses");
}

#[test]
fn a_loop_that_is_not_a_solution_is_not_known() {
    let cases = random_cases(37, 60, true);
    for case in cases.iter().filter(|c| !c.solutions.is_empty()) {
        let (_, edges) = &case.solutions[0];
        // Off by one edge: no longer a single loop with degree 2 everywhere.
        let mut wrong = edges.clone();
        let e = wrong.iter().position(|&x| x == 1).unwrap();
        wrong[e] = 0;
        let mut p = puzzle(case);
        assert!(!p.know(&wrong));
        assert!(p.known.is_none());
        assert!(!p.know(&edges[1..]), "a loop of the wrong length is refused");
    }
}

#[test]
fn a_region_map_answers_as_the_one_shot_calls() {
    use super::region_map::RegionMap;
    let stop = &mut Stop::never();
    let cases = random_cases(41, 120, false);
    for (i, case) in cases.iter().enumerate() {
        let map = RegionMap::new(case.rows, case.cols, &case.regions).unwrap();
        let map = match case.solutions.first() {
            // The map's loop satisfies the regions; these numbers may or may not agree with it.
            Some((_, edges)) => map.with_loop(edges).unwrap(),
            None => map,
        };
        for (name, stages) in stage_sets() {
            let want = run_ladder(&mut puzzle(case), stages).map(|(c, e, _)| (c, e));
            let got = map.ladder(&case.numbers, stages, stop).unwrap().map(|(c, e, _)| (c, e));
            assert_eq!(got, want, "case {i}, {name}");
        }
        // Other numbers on the same map: none at all.
        let none = vec![None; case.numbers.len()];
        let want = run_ladder(
            &mut Puzzle::new(Board::new(case.rows, case.cols, &case.regions, &none).unwrap()).unwrap(),
            Stages::ALL,
        );
        assert_eq!(map.ladder(&none, Stages::ALL, stop).unwrap().map(|x| (x.0, x.1)), want.map(|x| (x.0, x.1)));
        let mut sols = map.solve(&case.numbers, Stages::ALL, usize::MAX, &mut Budget::new(stop)).unwrap().solutions;
        sols.sort();
        let mut want: Vec<Vec<u8>> = case.solutions.iter().map(|(_, e)| e.clone()).collect();
        want.sort();
        assert_eq!(sols, want, "case {i}: solutions");
        assert!(map.ladder(&case.numbers[1..], Stages::ALL, stop).is_err(), "numbers of the wrong length");
    }
}

#[test]
fn a_handle_answers_as_the_one_shot_calls_with_any_numbers() {
    let stop = &mut Stop::never();
    for (i, case) in random_cases(43, 80, false).iter().enumerate() {
        let handle = Handle::new(case.rows, case.cols, &case.regions, &case.numbers, None).unwrap();
        let none = vec![None; case.numbers.len()];
        let bare = handle.with_numbers(&none).unwrap();
        let renumbered = bare.with_numbers(&case.numbers).unwrap();
        for h in [&handle, &renumbered] {
            // Asked twice: the engines run on copies, the handle keeps no state.
            for _ in 0..2 {
                for (name, stages) in stage_sets() {
                    let want = run_ladder(&mut puzzle(case), stages);
                    assert_eq!(h.ladder(stages, stop).unwrap(), want, "case {i}, {name}");
                }
                let mut sols = h.solve(Stages::ALL, usize::MAX, &mut Budget::new(stop)).unwrap().solutions;
                sols.sort();
                let mut want: Vec<Vec<u8>> = case.solutions.iter().map(|(_, e)| e.clone()).collect();
                want.sort();
                assert_eq!(sols, want, "case {i}: solutions");
                assert_eq!(h.count_cells(None, stop).unwrap(), want.len() as u64, "case {i}: cells");
                let explained = h.explain(None, "probe", None, stop).unwrap().expect("no deadline");
                let once =
                    super::explain(case.rows, case.cols, &case.regions, &case.numbers, None, "probe", stop).unwrap();
                assert_eq!((explained.contradiction, explained.values), (once.contradiction, once.values));
            }
        }
        let want = run_ladder(
            &mut Puzzle::new(Board::new(case.rows, case.cols, &case.regions, &none).unwrap()).unwrap(),
            Stages::ALL,
        );
        assert_eq!(bare.ladder(Stages::ALL, stop).unwrap(), want, "case {i}: no number");
        assert!(handle.with_numbers(&case.numbers[1..]).is_err(), "numbers of the wrong length");
    }
}

#[test]
fn a_removal_that_keeps_reach_leaves_it_nothing_to_do() {
    use super::ladder::root_state;
    use super::stages::{keeps_reach, propagate, reach_acts};
    use super::state::{OFF, UNDECIDED};
    use super::work::Work;
    let mut rng = Rng(53);
    let (mut kept, mut checked) = (0, 0);
    for _ in 0..1500 {
        let (rows, cols, regions, k) = random_map(&mut rng, 2, 7);
        let numbers = vec![None; k];
        let p = Puzzle::new(Board::new(rows, cols, &regions, &numbers).unwrap()).unwrap();
        let stages = Stages::parse(&["region", "once", "loop"]).unwrap();
        let mut s = root_state(&p);
        let mut w = Work::new(&p.board);
        if propagate(&p, &mut s, &mut w, stages).is_err() {
            continue;
        }
        // Walk down random removals, each from a state at the fixpoint.
        for _ in 0..20 {
            let open: Vec<usize> = (0..s.val.len()).filter(|&v| s.val[v] == UNDECIDED).collect();
            if open.is_empty() {
                break;
            }
            // Several removals at once, as a propagation makes them.
            let mut t = s.clone();
            let mut removed = Vec::new();
            for _ in 0..1 + rng.below(3) {
                let v = open[rng.below(open.len())];
                if t.val[v] == UNDECIDED {
                    t.set(v, OFF).unwrap();
                    removed.push(v);
                }
            }
            checked += 1;
            if removed.iter().all(|&v| keeps_reach(&p, &t, v)) {
                kept += 1;
                assert!(!reach_acts(&p, &t, &mut w), "{rows} x {cols} {regions:?}: removals {removed:?} kept reach");
            }
            let head = s.trail_len();
            let v = open[rng.below(open.len())];
            s.set(v, OFF).unwrap();
            let mut u = s.clone();
            if super::stages::propagate_from(&p, &mut u, &mut w, stages, head).is_err() {
                break;
            }
            s = u;
        }
    }
    assert!(kept >= 1000 && checked >= 4000, "only {kept} of {checked} kept");
}

#[test]
fn explanations_replay_to_the_ladder_are_sound_and_follow_from_their_premises() {
    use super::explain::{explain, Step, RULES};
    let cases = random_cases(13, 80, true);
    let mut seen = [false; RULES.len()];
    fn mark(seen: &mut [bool], steps: &[Step]) {
        for s in steps {
            seen[s.rule as usize] = true;
            mark(seen, &s.because);
        }
    }
    for (i, case) in cases.iter().enumerate() {
        let n = case.rows * case.cols;
        let nv = n + case.rows * (case.cols - 1) + (case.rows - 1) * case.cols;
        for top in 0..STAGE_NAMES.len() {
            let stages = Stages::parse(&STAGE_NAMES[..=top]).unwrap();
            let fix = run_ladder(&mut puzzle(case), stages);
            let out = explain(&mut puzzle(case), &[], top, false, &mut Budget::new(&mut Stop::never()));
            let Some((cells, edges, _)) = fix else {
                assert!(out.contradiction, "case {i} top {top}: the ladder refutes, the explanation does not");
                continue;
            };
            assert!(!out.contradiction, "case {i} top {top}: a contradiction the ladder does not find");
            mark(&mut seen, &out.steps);
            // Replay: the root's blocked cells and edges, then each step's decisions.
            let mut pos = super::ladder::root_state(&puzzle(case)).val;
            for s in &out.steps {
                assert!(!s.decided.is_empty() && !s.contradiction);
                for &(v, x) in &s.decided {
                    assert_eq!(pos[v as usize], 2, "case {i}: variable {v} decided twice");
                    pos[v as usize] = x;
                    for (sc, se) in &case.solutions {
                        let want = if (v as usize) < n { sc[v as usize] } else { se[v as usize - n] };
                        assert_eq!(x, want, "case {i} top {top}: {s:?} disagrees with a solution");
                    }
                }
            }
            let want: Vec<u8> = cells.iter().chain(edges.iter()).copied().collect();
            assert_eq!(pos, want, "case {i} top {top}: replay differs from the ladder");
            // The premise alone (its variables, its countries' numbers) implies each step.
            let mut before = super::ladder::root_state(&puzzle(case)).val;
            for s in &out.steps {
                let mut sub = vec![2u8; nv];
                let mut numbers = vec![None; case.numbers.len()];
                for &k in &s.premise {
                    let k = k as usize;
                    if k < nv {
                        assert_ne!(before[k], 2, "case {i}: {s:?} reads an undecided variable");
                        sub[k] = before[k];
                    } else {
                        numbers[k - nv] = case.numbers[k - nv];
                    }
                }
                let mut p = Puzzle::new(Board::new(case.rows, case.cols, &case.regions, &numbers).unwrap()).unwrap();
                let again = explain(&mut p, &sub, top, false, &mut Budget::new(&mut Stop::never()));
                assert!(!again.contradiction, "case {i}: the premise of {s:?} contradicts");
                for &(v, x) in &s.decided {
                    assert_eq!(
                        again.values[v as usize], x,
                        "case {i} top {top}: {s:?} does not follow from its premise"
                    );
                }
                for &(v, x) in &s.decided {
                    before[v as usize] = x;
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
    eprintln!("country rules not seen: {missing:?}");
}

/// The clause-learning solver ([`super::sat`]) agrees with the search on
/// states with a few cells and edges assumed: a solution exactly when the
/// search finds one, and one that keeps every decided value.
#[test]
fn the_clause_learning_solver_agrees_with_the_search_on_partial_states() {
    use super::ladder::root_state;
    use super::sat::{encode, solve_under, Found};
    use super::stages::propagate;
    use super::work::Work;
    let stages = Stages::ALL.without(Stages::PROBE).without(Stages::LIGHT_PROBE).with(Stages::LOOP_CORE);
    let mut rng = Rng(77);
    let (mut none, mut some) = (0, 0);
    for case in random_cases(31, 120, true) {
        let p = puzzle(&case);
        if !p.region_ok {
            continue;
        }
        for _ in 0..6 {
            let mut s = root_state(&p);
            let mut w = Work::new(&p.board);
            if propagate(&p, &mut s, &mut w, stages).is_err() {
                break;
            }
            for _ in 0..1 + rng.below(4) {
                let open: Vec<usize> = (0..s.val.len()).filter(|&v| s.val[v] == super::state::UNDECIDED).collect();
                if open.is_empty() {
                    break;
                }
                s.set(open[rng.below(open.len())], rng.below(2) as u8).unwrap();
            }
            let mut sol = encode(&p, &s);
            let answer = solve_under(&p, &mut sol, &[], u64::MAX, &mut || false);
            let found = if propagate(&p, &mut s, &mut w, stages).is_ok() {
                let f = search::search_from(&p, &mut s, &mut w, stages, 1, &mut Budget::new(&mut Stop::never()));
                assert!(f.finished);
                f.solutions
            } else {
                Vec::new()
            };
            let what = format!("{:?} {:?} {:?}", case.regions, case.numbers, s.val);
            match answer {
                Found::Solution(edges) => {
                    assert!(!found.is_empty(), "{what}");
                    let n = p.board.num_cells();
                    for (e, &x) in edges.iter().enumerate() {
                        assert!(s.val[n + e] == super::state::UNDECIDED || s.val[n + e] == x, "{what}");
                    }
                    some += 1;
                }
                Found::None => {
                    assert!(found.is_empty(), "{what}");
                    none += 1;
                }
                Found::Unknown => panic!("no budget, yet unknown: {what}"),
            }
        }
    }
    assert!(none >= 20 && some >= 20, "{none} {some}");
}

/// The clause-learning backbone ends on the caller's stop and deadline, on
/// a board whose backbone takes it over half a second: unfinished, and the
/// caller's budget says why.
#[test]
fn the_clause_learning_backbone_ends_on_the_callers_stop_and_deadline() {
    // Every cell its own country: a Hamiltonian cycle of 30 x 30 cells.
    let (rows, cols) = (30, 30);
    let regions: Vec<i64> = (0..rows * cols).map(|i| i as i64).collect();
    let numbers = vec![None; rows * cols];
    let p = Puzzle::new(Board::new(rows, cols, &regions, &numbers).unwrap()).unwrap();
    let s = super::ladder::root_state(&p);
    // As the binding's check: yes once (it takes the pending signal), then no.
    let answered = std::sync::atomic::AtomicBool::new(false);
    let once = || !answered.swap(true, std::sync::atomic::Ordering::Relaxed);
    let mut asked = Stop::new(&once);
    std::thread::sleep(Stop::PERIOD * 2);
    let t = std::time::Instant::now();
    let mut g = Budget::new(&mut asked);
    assert!(!super::backbone::by_sat(&p, &s, &mut g).finished);
    assert!(g.halted() && g.interrupted(), "the caller's stop keeps the one yes");
    let mut never = Stop::never();
    let mut g = Budget::new(&mut never).with_time(Some(std::time::Duration::from_millis(30)));
    assert!(!super::backbone::by_sat(&p, &s, &mut g).finished);
    assert!(g.poll() && g.timed_out());
    assert!(t.elapsed() < std::time::Duration::from_secs(5), "{:?}", t.elapsed());
}

/// Per cell, then per edge: the value every brute-force solution of `case`
/// gives it, or 2 where two differ (all 2 without a solution).
fn brute_backbone(case: &Case) -> Vec<u8> {
    let n = case.rows * case.cols;
    let edges = case.rows * (case.cols - 1) + (case.rows - 1) * case.cols;
    (0..n + edges)
        .map(|v| {
            let of = |s: &(Vec<u8>, Vec<u8>)| if v < n { s.0[v] } else { s.1[v - n] };
            match case.solutions.first().map(of) {
                Some(x) if case.solutions.iter().all(|s| of(s) == x) => x,
                _ => 2,
            }
        })
        .collect()
}

/// Both routes of the backbone (the frontier sweep forward and back, and the
/// clause-learning solver one variable at a time), and the solver from the
/// bare board (no deduction: the encoding alone must hold every rule),
/// against brute force on small boards with and without solutions: the
/// same count and values, and witnesses that are solutions, the first two
/// different, every later one different from the first.
#[test]
fn both_backbone_routes_agree_with_brute_force() {
    let mut seen = [0usize; 3];
    for case in random_cases(91, 200, false).into_iter().chain(random_cases(92, 200, true)) {
        let expect = brute_backbone(&case);
        let count = case.solutions.len().min(2);
        seen[count] += 1;
        for route in ["sweep", "solver", "bare solver"] {
            let mut p = puzzle(&case);
            let mut stop = Stop::never();
            let mut g = Budget::new(&mut stop);
            let bb = match route {
                "bare solver" if !p.region_ok => continue,
                "bare solver" => super::backbone::by_sat(&p, &super::ladder::root_state(&p), &mut g),
                _ => {
                    super::backbone::backbone_by(&mut p, &mut g, route == "sweep", false, super::backbone::LIVE)
                        .backbone
                }
            };
            let what = format!("{route}: {:?} {:?}", case.regions, case.numbers);
            assert!(bb.finished, "{what}");
            assert_eq!(bb.count, count, "{what}");
            if count > 0 {
                assert_eq!(bb.values, expect, "{what}");
            }
            let edges: Vec<&Vec<u8>> = case.solutions.iter().map(|s| &s.1).collect();
            assert_eq!(bb.witnesses.len() >= 2, count == 2, "{what}");
            assert_eq!(bb.witnesses.is_empty(), count == 0, "{what}");
            for (i, w) in bb.witnesses.iter().enumerate() {
                assert!(edges.contains(&w), "{what}: witness {i} is not a solution");
                assert!(i == 0 || *w != bb.witnesses[0], "{what}: witness {i} repeats the first");
            }
        }
    }
    assert!(seen.iter().all(|&k| k >= 20), "{seen:?}");
}

/// The backbone sweep of `p` from `given` in layout `o`, with room for any
/// of these small boards (None where the layout does not apply).
fn laid_out(p: &Puzzle, given: &[u8], o: usize, stop: &mut Stop<'_>) -> Option<crate::frontier::CountrySweep> {
    crate::frontier::CountrySweep::laid_out(super::backbone::partial(p, given), o, 1 << 20, 1 << 24, stop).unwrap()
}

/// The backbone sweep laid out each way it may be (turned half round,
/// upside down, and on square boards mirrored in either diagonal) gives the brute-force
/// values, and its solutions are solutions, each later one new.
#[test]
fn the_backbone_sweep_agrees_with_brute_force_in_every_layout() {
    let mut laid = 0;
    for case in random_cases(93, 120, true) {
        let p = puzzle(&case);
        let b = &p.board;
        let open = vec![2u8; b.num_cells() + b.num_edges()];
        let expect = brute_backbone(&case);
        let edges: Vec<&Vec<u8>> = case.solutions.iter().map(|s| &s.1).collect();
        for o in 0..5 {
            let mut stop = Stop::never();
            let sweep = laid_out(&p, &open, o, &mut stop);
            let Some(sweep) = sweep else {
                assert!(o >= 3 && b.rows != b.cols);
                continue;
            };
            laid += 1;
            let what = format!("layout {o}: {:?} {:?}", case.regions, case.numbers);
            assert_eq!(sweep.values(), expect, "{what}");
            let found = sweep.solutions(100, &mut stop).unwrap();
            assert_eq!(found.is_empty(), edges.is_empty(), "{what}");
            for (i, f) in found.iter().enumerate() {
                assert!(edges.contains(&f), "{what}: solution {i}");
                assert!(!found[..i].contains(f), "{what}: solution {i} repeats");
            }
        }
    }
    assert!(laid >= 400, "{laid}");
}

/// The backbone sweep from a partial state, in every layout, against brute
/// force over the solutions that agree with it: a few cells and edges set
/// at random (without propagation, so some states have no solution), most
/// of them cells decided used, which a state that has already closed its
/// run through the cell's country must reject (a rule that drops states
/// early must drop no state with a solution).
#[test]
fn the_backbone_sweep_from_partial_states_agrees_with_brute_force() {
    let mut rng = Rng(4141);
    let (mut with, mut without) = (0, 0);
    for case in random_cases(97, 150, false) {
        let p = puzzle(&case);
        let b = &p.board;
        let n = b.num_cells();
        let vars = n + b.num_edges();
        for _ in 0..4 {
            let mut given = vec![2u8; vars];
            // Mostly cells decided used (the case the sweep rejects early),
            // some cells unused and some edges.
            for _ in 0..1 + rng.below(4) {
                let v = if rng.below(3) == 0 { rng.below(vars) } else { rng.below(n) };
                given[v] = if v < n && rng.below(4) != 0 { 1 } else { rng.below(2) as u8 };
            }
            let agrees = |sol: &(Vec<u8>, Vec<u8>)| {
                (0..vars).all(|v| given[v] == 2 || given[v] == if v < n { sol.0[v] } else { sol.1[v - n] })
            };
            let kept: Vec<&(Vec<u8>, Vec<u8>)> = case.solutions.iter().filter(|s| agrees(s)).collect();
            let expect: Vec<u8> = (0..vars)
                .map(|v| {
                    let of = |s: &(Vec<u8>, Vec<u8>)| if v < n { s.0[v] } else { s.1[v - n] };
                    match kept.first().map(|s| of(s)) {
                        Some(x) if kept.iter().all(|s| of(s) == x) => x,
                        _ => 2,
                    }
                })
                .collect();
            if kept.is_empty() {
                without += 1;
            } else {
                with += 1;
            }
            for o in 0..5 {
                let mut stop = Stop::never();
                let sweep = laid_out(&p, &given, o, &mut stop);
                let Some(sweep) = sweep else { continue };
                let what = format!("layout {o}: {:?} {:?} given {given:?}", case.regions, case.numbers);
                assert_eq!(sweep.values(), expect, "{what}");
                let found = sweep.solutions(100, &mut stop).unwrap();
                assert_eq!(found.is_empty(), kept.is_empty(), "{what}");
                for (i, f) in found.iter().enumerate() {
                    assert!(kept.iter().any(|s| s.1 == *f), "{what}: solution {i}");
                    assert!(!found[..i].contains(f), "{what}: solution {i} repeats");
                }
            }
        }
    }
    assert!(with >= 100 && without >= 100, "{with} {without}");
}

/// The backbone sweep in every layout against the clause-learning solver's
/// backbone (one question per variable, no sweep) on random boards of 5 x 5 to 7 x 7,
/// too large for the brute force: wide enough for a country's run to be
/// closed several rows before its last cell, with plugs at every column.
#[test]
fn the_backbone_sweep_agrees_with_the_solver_on_larger_boards() {
    let mut rng = Rng(4242);
    let mut compared = 0;
    let mut seen = [0usize; 3];
    for _ in 0..150 {
        let (rows, cols, regions, k) = random_map(&mut rng, 5, 3);
        // Numbers read from a loop of the board without them, half kept.
        let Ok(free) = Board::new(rows, cols, &regions, &vec![None; k]) else { continue };
        let mut p0 = Puzzle::new(free).unwrap();
        let loops = search::solve(&mut p0, Stages::ALL, 1, &mut Budget::new(&mut Stop::never())).unwrap();
        let Some(edges) = loops.solutions.first() else { continue };
        let mut used = vec![0i64; k];
        for c in 0..rows * cols {
            if p0.board.cell_edges(c).iter().any(|&e| edges[e as usize] != 0) {
                used[regions[c] as usize] += 1;
            }
        }
        let numbers: Vec<Option<i64>> = used.iter().map(|&u| (rng.below(2) == 0).then_some(u)).collect();
        let Ok(board) = Board::new(rows, cols, &regions, &numbers) else { continue };
        let mut p = Puzzle::new(board).unwrap();
        let mut stop = Stop::never();
        let bb = super::backbone::backbone_by(&mut p, &mut Budget::new(&mut stop), false, false, super::backbone::LIVE)
            .backbone;
        assert!(bb.finished);
        // From nothing decided, and from the root's decisions.
        let n = p.board.num_cells() + p.board.num_edges();
        let mut q = Puzzle::new(Board::new(rows, cols, &regions, &numbers).unwrap()).unwrap();
        let (s, _, r) = super::ladder::root(&mut q, Stages::ALL, &mut Budget::new(&mut stop));
        let given = if r.is_ok() { s.val.clone() } else { vec![2u8; n] };
        for (o, given) in (0..10).map(|i| (i % 5, if i < 5 { vec![2u8; n] } else { given.clone() })) {
            let sweep = laid_out(&p, &given, o, &mut stop);
            let Some(sweep) = sweep else { continue };
            let values = sweep.values();
            let what = format!("layout {o}: {rows} x {cols} {regions:?} {numbers:?}");
            if bb.count == 0 {
                assert!(values.iter().all(|&v| v == 2) && sweep.solutions(1, &mut stop).unwrap().is_empty(), "{what}");
            } else {
                assert_eq!(values, bb.values, "{what}");
            }
            compared += 1;
        }
        seen[bb.count] += 1;
    }
    assert!(compared >= 400 && seen[2] >= 40, "{compared} {seen:?}");
}

/// The layouts raced in rounds: with one state a layer in the first round,
/// every layout runs out of room round after round and goes on where it
/// stopped, and the values are still the brute-force ones; with few moves
/// allowed, layouts drop out, and the sweep either gives those values or
/// says it ran out of room.
#[test]
fn the_raced_layouts_agree_with_brute_force() {
    let (mut raced, mut short) = (0, 0);
    for case in random_cases(95, 80, true) {
        let p = puzzle(&case);
        let b = &p.board;
        let open = vec![2u8; b.num_cells() + b.num_edges()];
        let expect = brute_backbone(&case);
        let what = format!("{:?} {:?}", case.regions, case.numbers);
        let partial = super::backbone::partial(&p, &open);
        let sweep = crate::frontier::CountrySweep::raced(partial, 1, 1 << 20, 1 << 24, &mut Stop::never()).unwrap();
        assert_eq!(sweep.values(), expect, "{what}");
        raced += 1;
        let moves = 3 * (b.num_cells() + b.num_edges());
        match crate::frontier::CountrySweep::raced(partial, 1, 1 << 20, moves, &mut Stop::never()) {
            Ok(sweep) => assert_eq!(sweep.values(), expect, "{what}"),
            Err(crate::error::Error::Capacity(_)) => short += 1,
            Err(e) => panic!("{what}: {e}"),
        }
    }
    assert!(raced >= 60 && short > 0, "{raced} {short}");
}

/// When the backbone's sweep runs out of room, the solver proves the
/// backbone, and the handle then answers `scores` with None at once, even
/// with room again: the same sweep from the same root would run out again.
/// A handle whose sweep fitted scores the same board.
#[test]
fn a_sweep_that_ran_out_is_not_run_again_for_the_scores() {
    let mut checked = 0;
    for case in random_cases(96, 60, true).into_iter().filter(|c| c.solutions.len() >= 2) {
        let handle = Handle::new(case.rows, case.cols, &case.regions, &case.numbers, None).unwrap();
        let unnumbered: Vec<usize> = (0..case.numbers.len()).filter(|&x| case.numbers[x].is_none()).collect();
        let (bb, scores) = handle.backbone_scored_within(None, (1, 1), &mut Stop::never()).unwrap();
        let what = format!("{:?} {:?}", case.regions, case.numbers);
        assert!(bb.finished && scores.is_none(), "{what}");
        assert_eq!(bb.values, brute_backbone(&case), "{what}");
        assert_eq!(handle.scores(&unnumbered, None, &mut Stop::never()).unwrap(), None, "{what}");
        let fresh = Handle::new(case.rows, case.cols, &case.regions, &case.numbers, None).unwrap();
        assert!(fresh.scores(&unnumbered, None, &mut Stop::never()).unwrap().is_some(), "{what}");
        checked += 1;
    }
    assert!(checked >= 10, "{checked}");
}

/// A backbone cut short at `bound` open unknowns is cut exactly when the
/// board has two solutions and at least `bound` unknowns where solutions
/// differ (by brute force), is then unfinished with count 2, and is the
/// whole backbone otherwise.
#[test]
fn a_bounded_backbone_is_cut_exactly_when_the_board_is_that_open() {
    let (mut cut, mut whole) = (0, 0);
    for case in random_cases(97, 60, false) {
        let expect = brute_backbone(&case);
        let open = expect.iter().filter(|&&v| v == 2).count();
        let many = case.solutions.len() >= 2;
        let what = format!("{:?} {:?}", case.regions, case.numbers);
        for bound in [0, 1, open.saturating_sub(1), open, open + 1, usize::MAX] {
            let mut p = puzzle(&case);
            let (bb, was_cut) = super::backbone::backbone_bounded(&mut p, &mut Budget::new(&mut Stop::never()), bound);
            assert_eq!(was_cut, many && open >= bound, "{what}, bound {bound}");
            if was_cut {
                assert!(!bb.finished && bb.count == 2, "{what}, bound {bound}");
                cut += 1;
            } else {
                assert!(bb.finished && bb.count == case.solutions.len().min(2), "{what}, bound {bound}");
                if !case.solutions.is_empty() {
                    assert_eq!(bb.values, expect, "{what}, bound {bound}");
                }
                whole += 1;
            }
        }
    }
    assert!(cut >= 50 && whole >= 50, "{cut} {whole}");
}

/// The scores of candidate numbers do not depend on how many countries
/// share a pass over the sweep's tables, and each matches brute force: the
/// count and open cells and edges of the solutions with that number.
#[test]
fn scores_agree_with_brute_force_at_any_width() {
    let mut scored = 0;
    for case in random_cases(94, 80, true) {
        let p = puzzle(&case);
        let b = &p.board;
        let n = b.num_cells();
        let open = vec![2u8; n + b.num_edges()];
        let sweep = crate::frontier::CountrySweep::new(
            super::backbone::partial(&p, &open),
            1 << 20,
            1 << 24,
            &mut Stop::never(),
        )
        .unwrap();
        let countries: Vec<usize> = (0..b.numbers.len()).filter(|&x| b.numbers[x].is_none()).collect();
        let by = |w| sweep.scores_by(&b.region, &countries, w, &mut Stop::never()).unwrap().unwrap();
        let one = by(1);
        assert_eq!(one, by(3), "{:?} {:?}", case.regions, case.numbers);
        assert_eq!(one, by(8), "{:?} {:?}", case.regions, case.numbers);
        for s in &one {
            let with: Vec<&(Vec<u8>, Vec<u8>)> = case
                .solutions
                .iter()
                .filter(|sol| {
                    (0..n).filter(|&c| b.region[c] == s.country as i32 && sol.0[c] == 1).count() == s.value as usize
                })
                .collect();
            assert!(!with.is_empty(), "{s:?}");
            let differ = (0..n + b.num_edges())
                .filter(|&v| {
                    let of = |sol: &(Vec<u8>, Vec<u8>)| if v < n { sol.0[v] } else { sol.1[v - n] };
                    with.iter().any(|sol| of(sol) != of(with[0]))
                })
                .count() as u32;
            assert_eq!((s.count, s.open), (with.len().min(2) as u8, differ), "{s:?}");
            scored += 1;
        }
        // Every number some solution gives a candidate country is scored.
        for &x in &countries {
            for sol in &case.solutions {
                let used = (0..n).filter(|&c| b.region[c] == x as i32 && sol.0[c] == 1).count() as u32;
                assert!(one.iter().any(|s| s.country == x && s.value == used));
            }
        }
    }
    assert!(scored >= 100, "{scored}");
}
