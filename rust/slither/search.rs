//! Depth-first solution counting with the full propagator at every node, an
//! explicit stack (boards up to 100 x 100 have ~20,000 edges), and budgets
//! that end the search as incomplete rather than with a wrong count.

use std::collections::HashSet;

use super::board::Board;
use super::check::is_solution;
use super::connect::{row_bits, Connectivity};
use super::engine::{Engine, Mark, Rules, OFF, ON, UNK};
use super::probe::probe;
use crate::budget::Budget;
use crate::grid::NONE;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outcome {
    /// Solutions in the order found (at most `limit`), one byte 0/1 per edge.
    pub solutions: Vec<Vec<u8>>,
    /// True unless a budget stopped the search: then fewer than `limit`
    /// solutions is the exact count, `limit` means at least that many.
    pub finished: bool,
    /// Search nodes visited (the root counts as one).
    pub nodes: u64,
    /// Solutions counted but not kept ([`count_only`]); 0 elsewhere. The
    /// count is [`Outcome::count`].
    pub unkept: usize,
}

impl Outcome {
    /// The solutions found: those kept and those only counted.
    pub fn count(&self) -> usize {
        self.solutions.len() + self.unkept
    }
}

struct Frame {
    edge: u32,
    /// Next value to try: 0 = first, 1 = second, 2 = done.
    next: u8,
    first: u8,
    mark: Mark,
}

/// Where [`dfs`] branches: `Path(variant)` at the end of a line (see
/// [`choose`]), `Near(r, c)` on the undecided edge nearest to the lattice
/// place (r, c) in doubled coordinates (a point (r, c) is (2r, 2c), an edge
/// the sum of its two points, a cell (2r + 1, 2c + 1)).
#[derive(Debug, Clone, Copy)]
enum Order {
    Path(u32),
    Near(usize, usize),
}

/// A search for one solution from the engine's state (consistent and
/// propagated) that branches on the undecided edge nearest to `at`
/// (doubled coordinates, see [`Order`]), with propagation only, at most
/// `nodes` nodes. A contradiction near one place (a clue just added, an
/// edge just assumed) is often refuted here in a few dozen nodes where the
/// line-following order of [`count_from`] wanders over the rest of the
/// board first (a 20 x 20 draft: 15 nodes against seconds). Finished when
/// it found a solution or proved there is none; the engine is back in its
/// state on return.
pub fn near(
    engine: &mut Engine<'_>,
    links: &mut Connectivity,
    budget: &mut Budget<'_, '_>,
    at: (usize, usize),
    nodes: u64,
) -> Outcome {
    let entry = engine.mark();
    let out = dfs(engine, links, 1, nodes, budget, 0, Order::Near(at.0, at.1), None, true);
    engine.undo_to(entry);
    out
}

/// Nodes at most this deep run the one-level trial after propagating.
const PROBE_DEPTH: usize = 16;

/// How often (in nodes) the clock is read.
const CLOCK_EVERY: u64 = 256;

/// Nodes given to the first, plain attempt (propagation only). Most
/// uniqueness checks finish there.
const QUICK_NODES: u64 = 100;
/// When the plain attempt found a solution but did not finish, it runs
/// again with this many times more nodes before the trials (on the 1,152
/// janko puzzles this takes `59_9x9` from 0.8x cspuz's time to about 1.5x).
const QUICK_GROWTH: u64 = 4;
/// Node cap of the first attempt with trials; each later attempt has four
/// times more.
const FIRST_CAP: u64 = 1000;
/// Least node cap of the plain attempts that look for another solution.
const PLAIN_NODES: u64 = 1000;
/// Node cap of the first attempt with trials that looks for another
/// solution; each later attempt has twice more.
const TRIAL_NODES: u64 = 100;

/// Counts solutions up to `limit` in attempts of growing size, each with
/// another branching order. An early wrong choice can hide every solution
/// under a huge failing subtree; another order often finds them at once.
/// Every solution found is a checked solution, so the distinct ones found
/// across attempts count toward `limit`; an attempt that finishes gives the
/// exact count by itself. The geometric caps waste at most about a third of
/// the work on trees that must be searched to the end.
/// The budget's node limit is the whole count's; its stop ends the count
/// like the other limits (unfinished); the caller sees it in
/// `budget.interrupted()`.
pub fn count(board: &Board, limit: usize, budget: &mut Budget<'_, '_>) -> Outcome {
    count_with(board, &[], limit, budget)
}

/// [`count`] among the solutions that agree with `given` (0 off, 1 on, 2
/// open, per edge; empty for none).
pub fn count_with(board: &Board, given: &[u8], limit: usize, budget: &mut Budget<'_, '_>) -> Outcome {
    from_root(board, given, |engine, links| count_from(engine, links, limit, budget, None))
}

/// [`count`] that keeps no solution, only their number ([`Outcome::unkept`]):
/// an enumeration of many solutions (`count(engine="search")` on an open
/// board finds some 90,000 a second, 1.8 KB each at 10 x 10) held every one
/// until its limit or its time ran out, gigabytes within a minute. Its
/// attempts are not merged (a solution is not kept to be told apart from
/// the same one found again), so only an attempt that finishes, or that
/// finds `limit` by itself, settles the count.
pub fn count_only(board: &Board, limit: usize, budget: &mut Budget<'_, '_>) -> Outcome {
    from_root(board, &[], |engine, links| {
        let entry = engine.mark();
        attempts(engine, links, limit, budget, entry, None, None, false)
    })
}

/// `count` run from the board's root (`given` decided, propagated): no
/// solution, in one node, when the root already contradicts.
fn from_root(
    board: &Board,
    given: &[u8],
    count: impl FnOnce(&mut Engine<'_>, &mut Connectivity) -> Outcome,
) -> Outcome {
    let none = Outcome { solutions: Vec::new(), finished: true, nodes: 1, unkept: 0 };
    let Some(mut engine) = Engine::<'_, false>::new_traced(board, Rules::SEARCH, None, given) else { return none };
    let mut links = Connectivity::default();
    if !engine.run() || !links.check(&engine) {
        return none;
    }
    count(&mut engine, &mut links)
}

/// [`count`] from the engine's current state, which must be consistent and
/// propagated (a partial assignment: the root of a backbone test, say). The
/// engine is back in that state on return.
///
/// With `avoid` (one byte 0/1 per edge, a known solution, which the state
/// excludes), the attempts are those of a search for a second solution
/// ([`second`]): steered away from and towards the known one before the usual orders.
pub fn count_from(
    engine: &mut Engine<'_>,
    links: &mut Connectivity,
    limit: usize,
    budget: &mut Budget<'_, '_>,
    avoid: Option<&[u8]>,
) -> Outcome {
    count_from_gated(engine, links, limit, budget, avoid, None)
}

/// A question asked once, between two attempts, when a search has used
/// `.0` nodes without its `limit` of solutions: `.1` gets the engine at the
/// attempts' base state (the entry state, or its trial fixpoint, which has
/// the same solutions) and says whether that state may still have a
/// solution. False ends the search as finished with the solutions found so
/// far (the caller has proven there are no more); true lets it go on as if
/// nothing was asked.
pub type Gate<'g> = (u64, &'g mut dyn FnMut(&Engine<'_>) -> bool);

/// [`count_from`] with a [`Gate`].
pub fn count_from_gated(
    engine: &mut Engine<'_>,
    links: &mut Connectivity,
    limit: usize,
    budget: &mut Budget<'_, '_>,
    avoid: Option<&[u8]>,
    gate: Option<Gate<'_>>,
) -> Outcome {
    let entry = engine.mark();
    let out = attempts(engine, links, limit, budget, entry, avoid, gate, true);
    engine.undo_to(entry);
    out
}

/// Asks the gate once `nodes` reach its mark (see [`Gate`]): true when the
/// search is settled (no solution beyond those found).
fn closed(gate: &mut Option<Gate<'_>>, nodes: u64, engine: &Engine<'_>) -> bool {
    match gate {
        Some((at, ask)) if nodes >= *at => {
            let open = ask(engine);
            *gate = None;
            !open
        }
        _ => false,
    }
}

/// The attempts of a count; `keep` false counts solutions without keeping
/// them (see [`count_only`]).
#[allow(clippy::too_many_arguments, reason = "the search state and its knobs, passed down once per count")]
fn attempts(
    engine: &mut Engine<'_>,
    links: &mut Connectivity,
    limit: usize,
    budget: &mut Budget<'_, '_>,
    entry: Mark,
    avoid: Option<&[u8]>,
    mut gate: Option<Gate<'_>>,
    keep: bool,
) -> Outcome {
    if let Some(known) = avoid {
        return second(engine, links, limit, budget, entry, known, gate);
    }
    let none = Outcome { solutions: Vec::new(), finished: true, nodes: 1, unkept: 0 };
    let mut base = entry;
    let node_cap = budget.nodes().unwrap_or(u64::MAX);
    let mut found: Vec<Vec<u8>> = Vec::new();
    let mut seen: HashSet<Vec<u8>> = HashSet::new();
    let mut counted = 0usize;
    let mut nodes = 0u64;
    let mut attempt = 0u32;
    let mut cap = QUICK_NODES;
    let mut extended = false;
    loop {
        engine.undo_to(base);
        if closed(&mut gate, nodes, engine) {
            return Outcome { solutions: found, finished: true, nodes, unkept: 0 };
        }
        if attempt == 1 {
            // From here on with trials; the root's settles most puzzles that
            // plain rules leave open.
            if engine.undecided > 0 && !probe(engine, budget) {
                return Outcome { nodes: nodes + 1, ..none };
            }
            base = engine.mark();
        }
        let left = node_cap.saturating_sub(nodes);
        let last = cap >= left;
        let probe_depth = if attempt == 0 { 0 } else { PROBE_DEPTH };
        let out = dfs(engine, links, limit, cap.min(left), budget, probe_depth, Order::Path(attempt), None, keep);
        nodes += out.nodes;
        let some = out.count() > 0;
        // Without kept solutions to merge, the most one attempt counted is
        // the lower bound.
        counted = counted.max(out.unkept);
        if let Some(done) = gather(out, nodes, &mut seen, &mut found, limit) {
            return done;
        }
        if last || budget.poll() {
            return Outcome { solutions: found, finished: false, nodes, unkept: counted };
        }
        if attempt == 0 && some && !extended {
            // The plain attempt found a solution and ran out of nodes
            // proving there is no other: the trials' fixpoint and nodes cost
            // about a hundred plain nodes each, so a plain attempt with
            // more nodes goes first.
            extended = true;
            cap = cap.saturating_mul(QUICK_GROWTH);
            continue;
        }
        attempt += 1;
        cap = if attempt == 1 { FIRST_CAP } else { cap.saturating_mul(4) };
    }
}

/// Folds one attempt into the search (`nodes` already counts it): a finished
/// attempt is exact and is the answer; otherwise its solutions join those
/// found so far, each once, and `limit` of them settle the search. None: go on.
fn gather(
    out: Outcome,
    nodes: u64,
    seen: &mut HashSet<Vec<u8>>,
    found: &mut Vec<Vec<u8>>,
    limit: usize,
) -> Option<Outcome> {
    // A finished attempt, or one that counted `limit` (kept or not), settles it.
    if out.finished || out.count() >= limit {
        return Some(Outcome { nodes, finished: true, ..out });
    }
    for s in out.solutions {
        if seen.insert(s.clone()) {
            found.push(s);
        }
    }
    if found.len() >= limit {
        found.truncate(limit);
        return Some(Outcome { solutions: std::mem::take(found), finished: true, nodes, unkept: 0 });
    }
    None
}

/// The search for a solution other than `known` from a state that differs
/// from it (see [`count_from`]). A search per undecided edge is what a
/// backbone costs, and most of them have a solution near `known`, so the
/// first attempts are plain (propagation only, microseconds a node) in three
/// orders: away from `known` (a solution there opens the most edges at once),
/// towards it (a repair of `known` around the assumption), and the usual
/// order. Then attempts with trials from the trial fixpoint, in turning
/// branching orders with caps that double: a refutation that is hard in one
/// order is often short in another. Every attempt that finishes is exact, so
/// the whole stays complete.
fn second(
    engine: &mut Engine<'_>,
    links: &mut Connectivity,
    limit: usize,
    budget: &mut Budget<'_, '_>,
    entry: Mark,
    known: &[u8],
    mut gate: Option<Gate<'_>>,
) -> Outcome {
    let node_cap = budget.nodes().unwrap_or(u64::MAX);
    let mut found: Vec<Vec<u8>> = Vec::new();
    let mut seen: HashSet<Vec<u8>> = HashSet::new();
    let mut nodes = 0u64;
    let mut base = entry;
    let undecided = engine.undecided as u64;
    for attempt in 0u32.. {
        // (trials down to this depth, branching variant, steering, node cap);
        // steering tries first `known`'s value xor the flip.
        let (depth, variant, steer, cap) = match attempt {
            0 => (0, 0, Some((known, 1)), QUICK_NODES.max(undecided / 2)),
            1 => (0, 0, Some((known, 0)), PLAIN_NODES.max(undecided)),
            2 => (0, 0, None, PLAIN_NODES.max(undecided)),
            _ => (PROBE_DEPTH, attempt - 2, None, TRIAL_NODES.saturating_mul(1 << (attempt - 3).min(40))),
        };
        engine.undo_to(base);
        if closed(&mut gate, nodes, engine) {
            return Outcome { solutions: found, finished: true, nodes, unkept: 0 };
        }
        if attempt == 3 {
            if engine.undecided > 0 && !probe(engine, budget) {
                return Outcome { solutions: Vec::new(), finished: true, nodes: nodes + 1, unkept: 0 };
            }
            base = engine.mark();
        }
        let left = node_cap.saturating_sub(nodes);
        let out = dfs(engine, links, limit, cap.min(left), budget, depth, Order::Path(variant), steer, true);
        nodes += out.nodes;
        if let Some(done) = gather(out, nodes, &mut seen, &mut found, limit) {
            return done;
        }
        if cap >= left || budget.poll() {
            return Outcome { solutions: found, finished: false, nodes, unkept: 0 };
        }
    }
    unreachable!("the attempts return")
}

/// Depth-first search from a consistent, propagated state, counting nodes
/// from 1 (this state) and stopping past `node_cap` or `deadline`
/// (incomplete) or at `limit` solutions. Nodes at most `probe_depth` deep run
/// the trial after propagating.
#[allow(clippy::too_many_arguments, reason = "the search state and its knobs, passed down once per attempt")]
fn dfs(
    engine: &mut Engine<'_>,
    links: &mut Connectivity,
    limit: usize,
    node_cap: u64,
    budget: &mut Budget<'_, '_>,
    probe_depth: usize,
    order: Order,
    steer: Option<(&[u8], u8)>,
    keep: bool,
) -> Outcome {
    let board = engine.board;
    let mut out = Outcome { solutions: Vec::new(), finished: true, nodes: 1, unkept: 0 };
    let mut stack: Vec<Frame> = Vec::new();
    links.enter();
    loop {
        // At a consistent fixpoint: record a solution or branch.
        if engine.undecided == 0 {
            if is_solution(board, &engine.dom) {
                if keep {
                    out.solutions.push(engine.dom.clone());
                } else {
                    out.unkept += 1;
                }
                if out.count() >= limit {
                    return out;
                }
            }
        } else {
            let (edge, mut first) = match order {
                Order::Path(variant) => choose(engine, variant),
                Order::Near(r, c) => nearest(engine, r, c),
            };
            if let Some((known, flip)) = steer {
                first = flip ^ known[edge as usize];
            }
            stack.push(Frame { edge, next: 0, first, mark: engine.mark() });
        }
        loop {
            let Some(top) = stack.last_mut() else { return out };
            if top.next == 2 {
                stack.pop();
                continue;
            }
            let value = if top.next == 0 { top.first } else { 1 - top.first };
            top.next += 1;
            let (edge, mark) = (top.edge, top.mark);
            engine.undo_to(mark);
            out.nodes += 1;
            // The clock is read at every node where trials make nodes slow,
            // and every few hundred nodes elsewhere.
            let deep = stack.len() > probe_depth;
            let clock = !deep || out.nodes % CLOCK_EVERY == 0;
            if out.nodes > node_cap || (clock && budget.poll()) {
                out.finished = false;
                return out;
            }
            if engine.assign(edge, value)
                && engine.run()
                && links.check_node(engine, stack.len())
                && (deep || probe(engine, budget))
            {
                break;
            }
        }
    }
}

/// The undecided edge nearest to (r, c) in doubled coordinates (the first
/// in edge order among equals), line first.
fn nearest(engine: &Engine<'_>, r: usize, c: usize) -> (u32, u8) {
    let g = &engine.board.grid;
    let w = g.cols + 1;
    let mut best = (usize::MAX, 0u32);
    for (e, &d) in engine.dom.iter().enumerate() {
        if d != UNK {
            continue;
        }
        let [a, b] = g.edge_points[e];
        let (a, b) = (a as usize, b as usize);
        let dist = (a / w + b / w).abs_diff(r) + (a % w + b % w).abs_diff(c);
        if dist < best.0 {
            best = (dist, e as u32);
        }
    }
    debug_assert!(best.0 != usize::MAX, "an undecided edge");
    (best.1, ON)
}

/// The branching edge and the value to try first: an undecided edge at the
/// path end with the fewest ways to go on, ties going to the shortest path
/// (a short path is the likeliest to be wrong, so its failure shows early);
/// the line is extended first. Without any line yet, the first undecided edge.
fn choose(engine: &Engine<'_>, variant: u32) -> (u32, u8) {
    let board = engine.board;
    let g = &board.grid;
    let (rows, cols) = (g.rows, g.cols);
    let mut best: Option<(u64, u32)> = None;
    // Path ends are the points with one on-edge: found a row at a time from
    // the rows of on-edges (left, right, up, down of each point), then
    // scored one by one in point order as a scan of every point would.
    let mut up = 0u128;
    for r in 0..=rows {
        let (_, right): (u128, u128) = row_bits(&engine.dom[g.h(r, 0)..][..cols]);
        let down: u128 = if r < rows { row_bits(&engine.dom[g.v(r, 0)..][..cols + 1]).1 } else { 0 };
        let left = right << 1;
        let any = left | right | up | down;
        let two = (left & (right | up | down)) | (right & (up | down)) | (up & down);
        let mut ends = any & !two;
        up = down;
        while ends != 0 {
            let c = ends.trailing_zeros() as usize;
            ends &= ends - 1;
            let p = g.point(r, c);
            let slots = board.point_slots[p];
            let (mut unk, mut first) = (0u64, NONE);
            for &x in &slots {
                if x != NONE && engine.dom[x as usize] == UNK {
                    unk += 1;
                    if first == NONE {
                        first = x;
                    }
                }
            }
            if unk > 0 {
                let score = path_end_score(engine, p, unk, variant);
                if best.is_none_or(|(b, _)| score < b) {
                    best = Some((score, first));
                }
            }
        }
    }
    chosen(engine, best, variant)
}

/// The score of a path end at point `p` with `unk` undecided edges (the
/// lowest is branched on): fewest undecided edges first, then the shortest
/// path; later attempts break ties by a hash of the point instead.
fn path_end_score(engine: &Engine<'_>, p: usize, unk: u64, variant: u32) -> u64 {
    let tie = if variant <= 1 {
        engine.path_length(p as u32) as u64
    } else {
        ((p as u64 ^ variant as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 40) & 0xFFFF_FFFF
    };
    (unk << 32) + tie
}

/// The edge and value to branch on: the best path end's first undecided
/// edge (odd attempts past the first two try the line's absence first), or
/// with no path end the first undecided edge, off.
fn chosen(engine: &Engine<'_>, best: Option<(u64, u32)>, variant: u32) -> (u32, u8) {
    if let Some((_, e)) = best {
        return (e, if variant >= 2 && variant % 2 == 1 { OFF } else { ON });
    }
    let e = engine.dom.iter().position(|&d| d == UNK).expect("an undecided edge") as u32;
    (e, OFF)
}

#[cfg(test)]
mod tests {
    use super::super::board::board;
    use super::*;
    use crate::testing::SplitMix64 as Rng;

    /// `choose` as a scan of every point, which the row version replaced.
    fn choose_scan(engine: &Engine<'_>, variant: u32) -> (u32, u8) {
        let board = engine.board;
        let mut best: Option<(u64, u32)> = None;
        for p in 0..board.grid.num_points() {
            let (mut on, mut unk, mut first) = (0u64, 0u64, NONE);
            for &x in &board.point_slots[p] {
                if x == NONE {
                    continue;
                }
                match engine.dom[x as usize] {
                    ON => on += 1,
                    UNK => {
                        unk += 1;
                        if first == NONE {
                            first = x;
                        }
                    }
                    _ => {}
                }
            }
            if on == 1 && unk > 0 {
                let score = path_end_score(engine, p, unk, variant);
                if best.is_none_or(|(b, _)| score < b) {
                    best = Some((score, first));
                }
            }
        }
        chosen(engine, best, variant)
    }

    /// The branching choice found from rows of on-edges is the scan's, on
    /// the states of random descents (propagated or not) on boards up to the widest.
    #[test]
    fn choose_by_rows_is_the_scan() {
        let mut rng = Rng(7);
        let mut sizes: Vec<(usize, usize)> = (0..40).map(|_| (1 + rng.below(10), 1 + rng.below(10))).collect();
        sizes.extend([(1, 100), (100, 1), (4, 100), (100, 4)]);
        let mut compared = 0;
        for (rows, cols) in sizes {
            let clues: Vec<i8> =
                (0..rows * cols).map(|_| if rng.below(100) < 30 { rng.below(4) as i8 } else { -1 }).collect();
            let b = board(rows, cols, &clues).unwrap();
            let Some(mut engine) = Engine::new(&b, Rules::SEARCH) else { continue };
            engine.run();
            let edges = engine.dom.len();
            for _ in 0..30 {
                let base = engine.mark();
                for _ in 0..rng.below(40) {
                    let e = rng.below(edges) as u32;
                    if engine.dom[e as usize] != UNK {
                        continue;
                    }
                    let mark = engine.mark();
                    if !(engine.assign(e, rng.below(2) as u8) && (rng.below(2) == 0 || engine.run())) {
                        engine.undo_to(mark);
                    }
                    if engine.undecided > 0 {
                        for variant in 0..5 {
                            assert_eq!(choose(&engine, variant), choose_scan(&engine, variant));
                            compared += 1;
                        }
                    }
                }
                engine.undo_to(base);
            }
        }
        assert!(compared > 5000, "{compared}");
    }
}
