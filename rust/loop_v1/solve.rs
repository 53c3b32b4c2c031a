//! The v1 search: depth first on the lowest-numbered undecided edge, off
//! before on, stopping at two solutions or past the node limit. Node counts
//! are part of the v1 contract (docs/loop-v1.md), so the counting follows v1's
//! `visit` exactly: a node is counted before its propagation runs.

#[cfg(simd_x86)]
use super::bits::SweepInline;
use super::bits::{BitEngine, Word, BITS_MAX_N, WIDE_MAX_N};
use super::propagate::{Domain, Engine, Mark, Tables, BOTH, OFF, ON};
use crate::error::{Error, Result};
use crate::interrupt::Stop;

/// What the search needs of a propagation engine: the worklist engine
/// (`Engine`, any size) and the bitboard engine (`BitEngine`, small boards)
/// reach the same fixpoints, so the search on either counts the same nodes.
pub(crate) trait Propagator {
    /// Runs the rules to their fixpoint. False on contradiction.
    fn run(&mut self) -> bool;
    /// Narrows edge `e` to `value` (OFF or ON). False on contradiction.
    /// (The tests walk the engines in lockstep with it; the search takes
    /// its branches with [`take_branch`](Self::take_branch).)
    #[cfg(test)]
    fn assign(&mut self, e: usize, value: Domain) -> bool;
    /// The state, kept for `undo_to`, as the frame at stack depth `depth`
    /// (the depth's previous mark is no longer needed).
    fn mark(&mut self, depth: usize) -> Mark;
    /// Back to the state of `mark`.
    fn undo_to(&mut self, mark: Mark);
    /// The on-edges form one closed cycle holding all of them (and every
    /// other edge is off after `run`).
    fn closed(&self) -> bool;
    /// The lowest-numbered undecided edge; every edge below `from` is known
    /// to be decided. (The tests' edge id; the search's is
    /// [`branch`](Self::branch).)
    #[cfg(test)]
    fn branch_edge(&self, from: usize) -> Option<usize>;
    /// [`branch_edge`](Self::branch_edge) as the engine's own handle for
    /// [`take_branch`](Self::take_branch), which needs no edge table to
    /// read it.
    fn branch(&self, from: usize) -> Option<u32>;
    /// The `from` of [`branch`](Self::branch) below a node that branched
    /// on `b`.
    fn below(b: u32) -> usize;
    /// [`assign`](Self::assign) of the branching edge `b` (a handle from
    /// [`branch`](Self::branch)) in the state its node branched in, where
    /// it is undecided and nothing is closed, so that no domain needs to
    /// be read first. False on contradiction.
    fn take_branch(&mut self, b: u32, value: Domain) -> bool;
    /// The on-edges, 0/1 per edge.
    fn solution(&self) -> Vec<u8>;
    /// Every edge undecided again, with new clues (of the same size).
    fn reset(&mut self, clues: &[i8]);
}

impl Propagator for Engine<'_> {
    #[inline]
    fn run(&mut self) -> bool {
        Engine::run(self)
    }
    #[inline]
    #[cfg(test)]
    fn assign(&mut self, e: usize, value: Domain) -> bool {
        Engine::assign(self, e, value)
    }
    #[inline]
    fn mark(&mut self, _depth: usize) -> Mark {
        Engine::mark(self)
    }
    #[inline]
    fn undo_to(&mut self, mark: Mark) {
        Engine::undo_to(self, mark)
    }
    #[inline]
    fn closed(&self) -> bool {
        self.closed
    }
    #[inline]
    #[cfg(test)]
    fn branch_edge(&self, from: usize) -> Option<usize> {
        first_undecided(self.domains(), from)
    }
    #[inline]
    fn branch(&self, from: usize) -> Option<u32> {
        first_undecided(self.domains(), from).map(|e| e as u32)
    }
    #[inline]
    fn below(b: u32) -> usize {
        b as usize + 1
    }
    #[inline]
    fn take_branch(&mut self, b: u32, value: Domain) -> bool {
        Engine::assign(self, b as usize, value)
    }
    fn solution(&self) -> Vec<u8> {
        self.domains().iter().map(|&d| (d == ON) as u8).collect()
    }
    fn reset(&mut self, clues: &[i8]) {
        Engine::reset(self, clues)
    }
}

/// The search's engine: bitboards for the small boards, the worklist
/// engine for the rest. A search holds one engine for its whole life (and
/// the binding boxes the search), so the variants' sizes cost nothing, and
/// boxing the larger would add a load to every call on the hot path.
#[allow(clippy::large_enum_variant)]
enum Engines<'t> {
    Words(Engine<'t>),
    Bits(BitEngine),
    /// n = 8 (`BITS_MAX_N` < n <= `WIDE_MAX_N`).
    Wide(BitEngine<u128>),
}

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SolveResult {
    /// Solutions in the order found (at most 2), as 0/1 per edge.
    pub solutions: Vec<Vec<u8>>,
    pub nodes: u64,
    pub truncated: bool,
}

struct Frame {
    /// The branching edge, as the engine's handle (`Propagator::branch`).
    edge: u32,
    next: u8,
    mark: Mark,
}

pub fn solve(n: usize, clues: &[i8], node_limit: u64) -> Result<SolveResult> {
    solve_until(n, clues, node_limit, &mut Stop::never())
}

/// [`solve`] that ends with [`Error::Interrupted`] when `stop` is requested
/// (asked every [`NODES_PER_POLL`] nodes).
pub fn solve_until(n: usize, clues: &[i8], node_limit: u64, stop: &mut Stop<'_>) -> Result<SolveResult> {
    let tables = super::tables_for(n)?;
    let mut search = Search::new(&tables, clues, node_limit)?;
    search.finish(stop)?;
    Ok(search.into_result())
}

/// Nodes searched between two polls of a [`Stop`]: about a tenth of a
/// millisecond, so the poll's clock read is lost in the work.
pub const NODES_PER_POLL: u64 = 1024;

/// One v1 search that can pause between two nodes and go on later, exactly
/// as if it had not paused: the binding runs a small search to its end with
/// the GIL held (releasing it costs more than many whole searches) and
/// releases the GIL only for the rest of a search that outlasts that.
pub struct Search<'t> {
    engine: Engines<'t>,
    /// One frame per decided branching edge at most: sized once.
    stack: Vec<Frame>,
    out: SolveResult,
    node_limit: u64,
    /// Where the walk stands: the root is still to run, the next child is
    /// to be found (a pause always falls there), or the search is over.
    at: At,
    /// Edges below the top frame's edge are all decided, so the next
    /// branching edge is searched from here.
    from: usize,
    /// The board's side n.
    side: usize,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum At {
    Root,
    NextChild,
    Done,
}

impl<'t> Search<'t> {
    /// A search of `clues` on the board of `tables`, not started yet.
    pub fn new(tables: &'t Tables, clues: &[i8], node_limit: u64) -> Result<Self> {
        Self::with_engine(tables, clues, node_limit, tables.side() > WIDE_MAX_N)
    }

    /// [`Search::new`] on the worklist engine when `words`, else on the
    /// bitboard engine (64-bit words for sides up to `BITS_MAX_N`, 128-bit
    /// words up to `WIDE_MAX_N`).
    pub(crate) fn with_engine(tables: &'t Tables, clues: &[i8], node_limit: u64, words: bool) -> Result<Self> {
        let n = tables.side();
        super::check_clues(clues, n)?;
        assert!(words || n <= WIDE_MAX_N, "the bitboard engine takes sides up to {WIDE_MAX_N}");
        let engine = if words {
            Engines::Words(Engine::new(tables, clues))
        } else if n <= BITS_MAX_N {
            Engines::Bits(BitEngine::new(n, clues))
        } else {
            Engines::Wide(BitEngine::new(n, clues))
        };
        let stack = Vec::with_capacity(tables.num_edges());
        Ok(Search { engine, stack, out: SolveResult::default(), node_limit, from: 0, at: At::Root, side: n })
    }

    /// [`Search::restart`] after checking the clues, with a new node
    /// limit: a caller that keeps a search between calls (the binding's
    /// `LoopSearches`) starts it over on each call's board of its size.
    pub fn start_over(&mut self, clues: &[i8], node_limit: u64) -> Result<()> {
        super::check_clues(clues, self.side)?;
        self.restart(clues);
        self.node_limit = node_limit;
        Ok(())
    }

    /// The answer, moved out (complete once [`advance`](Self::advance) said
    /// so); the search keeps its buffers for a [`start_over`](Self::start_over).
    pub fn take_result(&mut self) -> SolveResult {
        std::mem::take(&mut self.out)
    }

    /// Starts over on other clues of the same size, keeping the buffers:
    /// the generator's thinning searches thousands of boards in a row, and
    /// most of those searches cost less than allocating an engine.
    fn restart(&mut self, clues: &[i8]) {
        match &mut self.engine {
            Engines::Words(engine) => engine.reset(clues),
            Engines::Bits(engine) => engine.reset(clues),
            Engines::Wide(engine) => engine.reset(clues),
        }
        self.stack.clear();
        self.out.solutions.clear();
        (self.out.nodes, self.out.truncated) = (0, false);
        (self.from, self.at) = (0, At::Root);
    }

    /// For the tests: a bitboard engine runs as if the processor had no
    /// AVX (on x86_64 the search runs another loop then).
    #[cfg(test)]
    pub(crate) fn without_avx(&mut self) {
        match &mut self.engine {
            Engines::Bits(engine) => engine.without_avx(),
            Engines::Wide(engine) => engine.without_avx(),
            Engines::Words(_) => {}
        }
    }

    /// Nodes visited so far.
    pub fn nodes(&self) -> u64 {
        self.out.nodes
    }

    /// Searches on to the end, polling `stop` every [`NODES_PER_POLL`] nodes.
    pub fn finish(&mut self, stop: &mut Stop<'_>) -> Result<()> {
        while !self.advance(self.out.nodes.saturating_add(NODES_PER_POLL)) {
            if stop.poll() {
                return Err(Error::Interrupted);
            }
        }
        Ok(())
    }

    /// The answer (complete once [`advance`](Self::advance) said so).
    pub fn into_result(self) -> SolveResult {
        self.out
    }

    /// Searches until it ends (true) or until `pause_at` nodes have been
    /// visited and another is due (false: call again to go on).
    pub fn advance(&mut self, pause_at: u64) -> bool {
        match &mut self.engine {
            Engines::Words(engine) => {
                walk(engine, &mut self.stack, &mut self.out, self.node_limit, &mut self.at, &mut self.from, pause_at)
            }
            Engines::Bits(engine) => walk_bits(
                engine,
                &mut self.stack,
                &mut self.out,
                self.node_limit,
                &mut self.at,
                &mut self.from,
                pause_at,
            ),
            Engines::Wide(engine) => walk_bits(
                engine,
                &mut self.stack,
                &mut self.out,
                self.node_limit,
                &mut self.at,
                &mut self.from,
                pause_at,
            ),
        }
    }
}

/// [`walk`] on a bitboard engine: in the loop compiled for AVX when the
/// processor has it.
#[inline(always)]
fn walk_bits<W: Word>(
    engine: &mut BitEngine<W>,
    stack: &mut Vec<Frame>,
    out: &mut SolveResult,
    node_limit: u64,
    at: &mut At,
    from_at: &mut usize,
    pause_at: u64,
) -> bool {
    #[cfg(simd_x86)]
    if engine.has_avx() {
        // SAFETY: `has_avx` says this processor has AVX, BMI1 and BMI2.
        return unsafe { walk_bits_avx(engine, stack, out, node_limit, at, from_at, pause_at) };
    }
    walk(engine, stack, out, node_limit, at, from_at, pause_at)
}

/// [`walk`] on the bitboard engine compiled for AVX, BMI1 and BMI2, with
/// the two-lane sweep inlined into the search loop ([`SweepInline`]):
/// called through `BitEngine::run`, each node paid a call into the AVX
/// sweep and that function's register saves and restores, about a tenth
/// of a node's instructions. One loop per stride, so that the stride is
/// not dispatched on at every node either.
///
/// # Safety
/// The processor must have AVX, BMI1 and BMI2.
#[cfg(simd_x86)]
#[target_feature(enable = "avx,bmi1,bmi2")]
unsafe fn walk_bits_avx<W: Word>(
    engine: &mut BitEngine<W>,
    stack: &mut Vec<Frame>,
    out: &mut SolveResult,
    node_limit: u64,
    at: &mut At,
    from_at: &mut usize,
    pause_at: u64,
) -> bool {
    match engine.stride() {
        2 => walk(&mut SweepInline::<W, 2>(engine), stack, out, node_limit, at, from_at, pause_at),
        3 => walk(&mut SweepInline::<W, 3>(engine), stack, out, node_limit, at, from_at, pause_at),
        4 => walk(&mut SweepInline::<W, 4>(engine), stack, out, node_limit, at, from_at, pause_at),
        5 => walk(&mut SweepInline::<W, 5>(engine), stack, out, node_limit, at, from_at, pause_at),
        6 => walk(&mut SweepInline::<W, 6>(engine), stack, out, node_limit, at, from_at, pause_at),
        7 => walk(&mut SweepInline::<W, 7>(engine), stack, out, node_limit, at, from_at, pause_at),
        8 => walk(&mut SweepInline::<W, 8>(engine), stack, out, node_limit, at, from_at, pause_at),
        _ => walk(&mut SweepInline::<W, 9>(engine), stack, out, node_limit, at, from_at, pause_at),
    }
}

/// [`Search::advance`] on one engine.
#[inline(always)]
fn walk<P: Propagator>(
    engine: &mut P,
    stack: &mut Vec<Frame>,
    out: &mut SolveResult,
    node_limit: u64,
    at: &mut At,
    from_at: &mut usize,
    pause_at: u64,
) -> bool {
    let mut from = *from_at;
    // At a consistent fixpoint after the root, between two children on
    // resuming.
    let mut at_fixpoint = match *at {
        At::Done => return true,
        At::NextChild => false,
        At::Root => {
            *at = At::Done;
            if !engine.run() {
                return true;
            }
            // The root visit: counted, and its propagation is the fixpoint just reached.
            out.nodes = 1;
            if out.nodes > node_limit {
                out.truncated = true;
                return true;
            }
            true
        }
    };
    loop {
        if at_fixpoint {
            // At a consistent fixpoint: branch or record a solution.
            // A closed loop that passed propagation is a solution: the loop rule
            // turns the rest off and the clues hold. Without a closure, a fully
            // decided board has no on-edge at all, which v1 rejects.
            let next = if engine.closed() { None } else { engine.branch(from) };
            match next {
                Some(b) => {
                    let mark = engine.mark(stack.len());
                    stack.push(Frame { edge: b, next: 0, mark });
                }
                None if engine.closed() => {
                    out.solutions.push(engine.solution());
                    if out.solutions.len() >= 2 {
                        *at = At::Done;
                        return true;
                    }
                }
                None => {}
            }
        }
        // Find the next child to visit.
        loop {
            let Some(top) = stack.last_mut() else {
                *at = At::Done;
                return true;
            };
            if top.next == 2 {
                // Both children done. No undo here: the parent's next child
                // (or the caller's reset) undoes back past this mark anyway.
                stack.pop();
                continue;
            }
            if out.nodes >= pause_at {
                (*at, *from_at) = (At::NextChild, from);
                return false;
            }
            let (edge, first, mark) = (top.edge, top.next == 0, top.mark);
            top.next += 1;
            // The first child (off) starts from the state its frame was
            // pushed in, unchanged since (a pause falls before a child
            // and changes nothing): only the second (on) has the first's
            // subtree to undo.
            if !first {
                engine.undo_to(mark);
            }
            let value = if first { OFF } else { ON };
            out.nodes += 1;
            if out.nodes > node_limit {
                out.truncated = true;
                *at = At::Done;
                return true;
            }
            if engine.take_branch(edge, value) && engine.run() {
                from = P::below(edge);
                break;
            }
        }
        at_fixpoint = true;
    }
}

/// The first undecided edge at or after `from`, eight domains at a time
/// (undecided is `BOTH`, both bits set): the scan runs at every node, and
/// byte by byte it is a data-dependent branch per edge.
#[inline]
fn first_undecided(dom: &[Domain], from: usize) -> Option<usize> {
    const LOW_BITS: u64 = 0x0101_0101_0101_0101;
    let mut i = from;
    while let Some(chunk) = dom.get(i..i + 8) {
        let w = u64::from_le_bytes(chunk.try_into().expect("eight bytes"));
        let both = w & (w >> 1) & LOW_BITS;
        if both != 0 {
            return Some(i + both.trailing_zeros() as usize / 8);
        }
        i += 8;
    }
    dom.get(i..)?.iter().position(|&d| d == BOTH).map(|k| i + k)
}

/// The v1 clue-thinning step of `generate`: for each cell in `order`, blank
/// its clue and restore it unless `solve` (20,000 nodes) still finds exactly
/// one solution untruncated; then the final check. Returns the thinned clues
/// and the final check's verdict. Running the loop here rather than from
/// Python saves a language crossing per solve, the bulk of generation.
pub fn thin(n: usize, clues: &[i8], order: &[usize], stop: &mut Stop<'_>) -> Result<(Vec<i8>, bool)> {
    super::check_clues(clues, n)?;
    let mut seen = vec![false; n * n];
    for &i in order {
        if i >= n * n || std::mem::replace(&mut seen[i], true) {
            return Err(crate::invalid!("order must be a permutation of 0..{}", n * n));
        }
    }
    if order.len() != n * n {
        return Err(crate::invalid!("order must be a permutation of 0..{}", n * n));
    }
    let tables = super::tables_for(n)?;
    // One engine and stack for every check: each search starts over on them.
    let mut search = Search::new(&tables, clues, THIN_NODE_LIMIT)?;
    let mut unique = |c: &[i8]| -> bool {
        search.restart(c);
        search.advance(u64::MAX);
        !search.out.truncated && search.out.solutions.len() == 1
    };
    let mut clues = clues.to_vec();
    for &idx in order {
        if stop.poll() {
            return Err(Error::Interrupted);
        }
        let backup = clues[idx];
        clues[idx] = -1;
        if !unique(&clues) {
            clues[idx] = backup;
        }
    }
    let ok = unique(&clues);
    Ok((clues, ok))
}

/// The node limit v1's generator uses for every check.
pub const THIN_NODE_LIMIT: u64 = 20_000;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notes_example_is_unique() {
        let clues = [-1, 3, 2, 2, -1, -1, -1, -1, -1, 1, 1, -1, 0, -1, 2, -1];
        let r = solve(4, &clues, 20000).unwrap();
        assert_eq!(r.solutions.len(), 1);
        assert!(!r.truncated);
    }

    #[test]
    fn thinning_the_notes_example() {
        let full = [1, 3, 2, 2, 0, 2, 1, 2, 0, 1, 1, 1, 0, 1, 2, 2];
        let order = [6, 0, 8, 4, 11, 15, 5, 14, 1, 7, 10, 9, 2, 13, 12, 3];
        let never = &mut Stop::never();
        let (clues, ok) = thin(4, &full, &order, never).unwrap();
        assert!(ok);
        assert_eq!(clues, [-1, 3, 2, 2, -1, -1, -1, -1, -1, 1, 1, -1, 0, -1, 2, -1]);
        assert!(thin(4, &full, &order[1..], never).is_err());
        assert!(thin(4, &full, &[0; 16], never).is_err());
    }

    /// One line of `tests/data/loop/solve.jsonl`: `(n, clues, node_limit,
    /// solutions, nodes, truncated)`. A reader for exactly that shape (one
    /// flat object of ints, nulls, booleans and int lists), not general JSON.
    type Vector = (usize, Vec<i8>, u64, Vec<Vec<u8>>, u64, bool);

    fn read_vectors() -> Vec<Vector> {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/loop/solve.jsonl");
        let text = std::fs::read_to_string(path).expect("tests/data/loop/solve.jsonl");
        let field = |line: &str, key: &str| -> String {
            let start = line.find(&format!("\"{key}\":")).expect(key) + key.len() + 3;
            let rest = &line[start..];
            let mut depth = 0;
            let end = rest
                .char_indices()
                .find(|&(_, c)| {
                    depth += (c == '[') as i32 - (c == ']') as i32;
                    depth == 0 && (c == ',' || c == '}')
                })
                .map(|(i, _)| i)
                .unwrap_or(rest.len());
            rest[..end].to_string()
        };
        let ints = |list: &str| -> Vec<i64> {
            list.trim_matches(|c| c == '[' || c == ']')
                .split(',')
                .filter(|t| !t.is_empty())
                .map(|t| if t == "null" { -1 } else { t.parse().unwrap() })
                .collect()
        };
        text.lines()
            .filter(|l| !l.trim().is_empty())
            .map(|line| {
                let sols = field(line, "solutions");
                let inner = &sols[1..sols.len() - 1];
                let solutions = inner
                    .split("],[")
                    .filter(|t| !t.is_empty())
                    .map(|t| ints(t).into_iter().map(|v| v as u8).collect())
                    .collect();
                (
                    field(line, "n").parse().unwrap(),
                    ints(&field(line, "clues")).into_iter().map(|v| v as i8).collect(),
                    field(line, "node_limit").parse().unwrap(),
                    solutions,
                    field(line, "nodes").parse().unwrap(),
                    field(line, "truncated") == "true",
                )
            })
            .collect()
    }

    /// The golden search vectors, through the core alone (in a debug build
    /// the engine's `debug_assert!`s check every unchecked index on the way).
    #[test]
    fn golden_search_vectors() {
        let vectors = read_vectors();
        assert!(vectors.len() > 400);
        for (n, clues, limit, solutions, nodes, truncated) in vectors {
            let r = solve(n, &clues, limit).unwrap();
            assert_eq!((r.nodes, r.truncated), (nodes, truncated), "n = {n}, clues {clues:?}");
            assert_eq!(r.solutions, solutions, "n = {n}, clues {clues:?}");
        }
    }

    /// A search paused before every node (and at 0, before the root) goes on
    /// exactly as one that never paused: same nodes, same solutions, same
    /// truncation, on every golden vector.
    #[test]
    fn a_paused_search_goes_on_as_if_it_had_not_paused() {
        for (n, clues, limit, solutions, nodes, truncated) in read_vectors() {
            let tables = crate::loop_v1::tables_for(n).unwrap();
            let mut search = Search::new(&tables, &clues, limit).unwrap();
            let mut pauses = 0u64;
            while !search.advance(search.nodes() + 1) {
                pauses += 1;
                assert!(pauses <= nodes + 1, "n = {n}: paused more often than it has nodes");
            }
            // One pause before each node after the root, none after the end.
            assert_eq!(pauses, nodes.saturating_sub(1));
            assert!(search.advance(0) && search.advance(u64::MAX), "an ended search stays ended");
            assert!(search.nodes() == nodes);
            let r = search.into_result();
            assert_eq!((r.nodes, r.truncated, r.solutions), (nodes, truncated, solutions), "n = {n}, clues {clues:?}");
        }
    }

    /// A search that outlasts a poll ends with `Interrupted` once its stop
    /// says so, and not before its first poll.
    #[test]
    fn a_long_search_ends_on_its_stop() {
        use std::sync::atomic::{AtomicU32, Ordering};
        // A 2 x 2 block of 1s in the corner of a 9 x 9 board: no loop, and
        // the search to a billion nodes would run for minutes.
        let (n, limit) = (9, 1_000_000_000);
        let mut clues = [-1; 81];
        for c in [70, 71, 79, 80] {
            clues[c] = 1;
        }
        let asked = AtomicU32::new(0);
        let check = || asked.fetch_add(1, Ordering::Relaxed) >= 1;
        let start = std::time::Instant::now();
        let mut stop = Stop::new(&check);
        let tables = crate::loop_v1::tables_for(n).unwrap();
        let mut search = Search::new(&tables, &clues, limit).unwrap();
        assert!(matches!(search.finish(&mut stop), Err(Error::Interrupted)));
        assert_eq!(asked.load(Ordering::Relaxed), 2, "stopped at the second check");
        assert!(search.nodes() > NODES_PER_POLL && search.nodes() < limit);
        assert!(start.elapsed() < std::time::Duration::from_secs(10));
        assert!(matches!(solve_until(n, &clues, limit, &mut Stop::new(&|| true)), Err(Error::Interrupted)));
    }

    /// The replay's core time, for profiling the search (callgrind or a
    /// timer): `cargo test --release --lib search_replay_timing -- --ignored
    /// --nocapture`. Prints the best of 200 replays through `solve` (a new
    /// search each), through searches kept per size and started over (as
    /// the binding's `LoopSearches` runs them), and the latter per size.
    #[test]
    #[ignore]
    fn search_replay_timing() {
        let vectors = read_vectors();
        let mut best = f64::INFINITY;
        for _ in 0..200 {
            let t = std::time::Instant::now();
            for (n, clues, limit, _, nodes, _) in &vectors {
                assert_eq!(solve(*n, clues, *limit).unwrap().nodes, *nodes);
            }
            best = best.min(t.elapsed().as_secs_f64());
        }
        println!("solve.jsonl replay through loop_v1::solve: best {:.3} ms", best * 1e3);
        let tables: Vec<_> = (0..=8).map(|n| crate::loop_v1::tables_for(n.max(1)).unwrap()).collect();
        let mut kept: Vec<Search<'_>> =
            tables.iter().map(|t| Search::new(t, &vec![-1; t.side().pow(2)], 0).unwrap()).collect();
        let (mut best, mut per_size) = (f64::INFINITY, [f64::INFINITY; 9]);
        for _ in 0..200 {
            let mut took = [0.0; 9];
            let t = std::time::Instant::now();
            for (n, clues, limit, _, nodes, _) in &vectors {
                let t = std::time::Instant::now();
                let search = &mut kept[*n];
                search.start_over(clues, *limit).unwrap();
                search.advance(u64::MAX);
                assert_eq!(search.take_result().nodes, *nodes);
                took[*n] += t.elapsed().as_secs_f64();
            }
            best = best.min(t.elapsed().as_secs_f64());
            for (b, t) in per_size.iter_mut().zip(took) {
                *b = b.min(t);
            }
        }
        println!("the same through kept searches: best {:.3} ms", best * 1e3);
        let sizes: Vec<String> = (1..=8).map(|n| format!("n={n} {:.3}", per_size[n] * 1e3)).collect();
        println!("  per size (ms, timer included): {}", sizes.join(", "));
    }

    #[test]
    fn empty_board_is_truncated_or_has_two() {
        let r = solve(3, &[-1; 9], 20000).unwrap();
        assert_eq!(r.solutions.len(), 2);
        let r = solve(3, &[-1; 9], 5).unwrap();
        assert!(r.truncated);
        assert_eq!(r.nodes, 6);
    }
}
