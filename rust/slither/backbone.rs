//! The backbone of a Slitherlink board: the value every solution gives each
//! edge, or "open" where two solutions differ; and the clues that narrow an
//! ambiguous board the most.
//!
//! The root is propagated with every rule and the one-level trial; a first
//! solution S1 is searched for. Then each edge still undecided, and not yet
//! seen to differ between two solutions, is assumed to take the other value
//! than in S1 and searched from there: a solution found is a witness, and
//! every edge where it differs from S1 is open; a refuted assumption proves
//! the edge's S1 value in every solution, which is added to the root so that
//! the later searches start narrower. Every edge is then either decided at
//! the root (a backbone fact) or open.
//!
//! Suggestions run the same proof on the board with one more clue, from the
//! base board's backbone state ([`Engine::add_clue`]). Every solution found
//! on the way is kept in a pool: a solution of a narrower board is one of the
//! base board, so the pooled solutions that satisfy a candidate clue show
//! open edges of the candidate's board before any search, and a candidate
//! that is already worse than the k-th best one is dropped there. The
//! candidates are taken in the order of that pooled lower bound, so the
//! best ones are proven first, and the ranking ends once the smallest bound
//! left is worse than the k-th best. Each proof tries every edge first with
//! cheap attempts only (propagation, repairs of S1 in a window) and
//! searches the whole board for the edges left: a candidate's proof is
//! usually cut off before its first whole-board search, and one that is not
//! pauses there and goes back in the queue, so that its searches run only
//! if it can still rank. A candidate also pauses, and goes back in the
//! queue with what it has shown, once it shows more open edges than the
//! next candidate's pooled bound: after its cheap solutions (S1 and the
//! moves round it), before any repair, and after a witness (by some slack),
//! where it goes on later from the next edge. So the candidates are proven
//! best first by what is known of them at each moment: the candidates that
//! no pooled solution satisfies come first in the queue (bound 0) and would
//! otherwise pay for their repairs, and set the k-th best, before the ones
//! the pool shows closer; and the first k, which have no bound to stop
//! them, would otherwise be proven to the end however far from the best
//! they turn out. Witnesses also teach moves (the edges where a
//! repair changed a solution), tried on each later candidate's first
//! solution before any search. A candidate whose clue no pooled solution
//! satisfies is searched next to its clue first ([`super::search::near`]):
//! a clue that no solution satisfies is mostly refuted there in a few
//! nodes; likewise each edge a candidate's last pass assumes against S1 is
//! searched next to that edge before the whole board. A whole-board search that finds nothing
//! early asks the frontier sweep whether the state has a solution at all
//! ([`search_or_sweep`]): a hard refutation for the search is often a
//! narrow sweep. Candidates can be proven on several threads ([`Ranking`]),
//! with the same answer. A finished backbone, with its pool, is
//! handed back ([`Kept`]) so that the caller can start the suggestions
//! from it.

use super::board::Board;
use super::connect::Connectivity;
use super::engine::{Engine, Rules, UNK};
use super::probe::probe;
use super::search::count_from;
use crate::budget::Budget;
use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashSet};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Condvar, Mutex};

/// What [`backbone`] proved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Backbone {
    /// 0 (no solution), 1 (exactly one) or 2 (two or more); when not
    /// finished, the solutions found so far (a lower bound).
    pub count: usize,
    /// False when a budget stopped the work: then `values` holds only what
    /// was proven, and the edges not yet examined are reported as open (2).
    pub finished: bool,
    /// Per edge: 0 or 1 in every solution, 2 open (or not proven when not
    /// finished). All 2 when there is no solution.
    pub values: Vec<u8>,
    /// Up to two solutions (one byte 0/1 per edge), which differ.
    pub witnesses: Vec<Vec<u8>>,
}

/// One clue to add and what it does (see [`suggest`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Suggestion {
    pub cell: usize,
    pub value: i8,
    /// 1 (the board becomes unique) or 2 (two or more solutions).
    pub count: usize,
    /// Edges still open with the clue.
    pub open: usize,
}

/// What the pooled solutions show of a board (the base board with a
/// candidate clue, say): the first of them that solves it, the first that
/// differs from that one, and the edges where one differs from it, open on
/// that board. The ranking keeps one per candidate, and a candidate's proof
/// starts from it; each reads only the solutions pooled since (`seen`; the
/// pool only grows): re-reading the whole pool at each visit of a candidate
/// took 5 to 6% of `890_20x20`'s suggestions.
#[derive(Debug, Clone, Default)]
struct Shown {
    seen: usize,
    first: Option<usize>,
    second: Option<usize>,
    open: Vec<u64>,
}

impl Shown {
    /// Reads the solutions pooled since the last call, of which `fits`
    /// says which solve the board; returns how many edges are open.
    fn update(&mut self, pool: &Pool, fits: &dyn Fn(&[u64]) -> bool) -> usize {
        self.open.resize(pool.words, 0);
        for i in self.seen..pool.sols.len() {
            let sol = &pool.sols[i];
            if !fits(sol) {
                continue;
            }
            match self.first {
                None => self.first = Some(i),
                Some(f) => {
                    let mut differs = false;
                    for (w, o) in self.open.iter_mut().enumerate() {
                        let d = sol[w] ^ pool.sols[f][w];
                        differs |= d != 0;
                        *o |= d;
                    }
                    if differs && self.second.is_none() {
                        self.second = Some(i);
                    }
                }
            }
        }
        self.seen = pool.sols.len();
        self.open.iter().map(|w| w.count_ones() as usize).sum()
    }
}

/// Whether a pooled solution has `value` lines round the cell with `sides`.
fn has_clue(sol: &[u64], sides: &[u32; 4], value: i8) -> bool {
    sides.iter().map(|&e| bit(sol, e as usize) as i8).sum::<i8>() == value
}

/// Solutions known to solve the base board, as bit sets of their on-edges.
#[derive(Debug, Clone)]
struct Pool {
    words: usize,
    sols: Vec<Vec<u64>>,
    /// Moves learnt on the way, each once: the edges where a witness
    /// differs from the solution it was searched near (mostly a repair of
    /// S1 in a window), with the pool index of that solution.
    moves: Vec<(Vec<u64>, usize)>,
    seen_moves: HashSet<Vec<u64>>,
    /// When whole-board searches ask the frontier sweep (see [`search_or_sweep`]).
    sweep: Sweep,
}

impl Pool {
    fn new(edges: usize) -> Pool {
        Pool {
            words: edges.div_ceil(64),
            sols: Vec::new(),
            moves: Vec::new(),
            seen_moves: HashSet::new(),
            sweep: Sweep::new(SEARCH_NODES),
        }
    }

    /// Learns the move from pooled solution `from` to pooled solution `to`.
    fn learn(&mut self, from: usize, to: usize) {
        let m: Vec<u64> = self.sols[from].iter().zip(&self.sols[to]).map(|(a, b)| a ^ b).collect();
        if m.iter().any(|&w| w != 0) && self.seen_moves.insert(m.clone()) {
            self.moves.push((m, from));
        }
    }

    fn push(&mut self, sol: &[u8]) -> usize {
        let mut bits = vec![0u64; self.words];
        for (e, &v) in sol.iter().enumerate() {
            if v != 0 {
                bits[e / 64] |= 1 << (e % 64);
            }
        }
        self.sols.push(bits);
        self.sols.len() - 1
    }

    /// Makes this worker's copy of the shared pool `shared` equal to it
    /// again, given that its first `sols` solutions and `moves` moves are
    /// still `shared`'s (the copy's own finds since were merged into
    /// `shared`, renumbered): only what was added since is copied. Cloning
    /// the whole pool at each visit took 8% more time on two threads once
    /// the candidates paused after their witnesses (`890_20x20`, 816 visits).
    fn sync(&mut self, shared: &Pool, sols: usize, moves: usize) {
        self.words = shared.words;
        self.sols.truncate(sols);
        self.sols.extend_from_slice(&shared.sols[sols..]);
        for (m, _) in self.moves.drain(moves..) {
            self.seen_moves.remove(&m);
        }
        for (m, src) in &shared.moves[moves..] {
            self.seen_moves.insert(m.clone());
            self.moves.push((m.clone(), *src));
        }
        self.sweep = shared.sweep;
    }

    fn bytes(&self, i: usize, edges: usize) -> Vec<u8> {
        (0..edges).map(|e| (self.sols[i][e / 64] >> (e % 64) & 1) as u8).collect()
    }
}

#[inline]
fn bit(bits: &[u64], e: usize) -> u8 {
    (bits[e / 64] >> (e % 64) & 1) as u8
}

/// What one backbone proof found, from the engine's current state.
struct Proof {
    /// Pool index of S1, None when there is no solution (or none was found).
    first: Option<usize>,
    /// Pool index of a solution that differs from S1.
    second: Option<usize>,
    /// Bit set of the edges seen to differ.
    open: Vec<u64>,
    /// A budget or the stop ended the proof.
    stopped: bool,
    /// Given up because the open edges reached the bound.
    pruned: bool,
    /// Paused before its whole-board searches (see `defer` in [`prove`]),
    /// or when `early` (see `early` in [`prove`]): `at` says where.
    deferred: bool,
    /// Where a paused proof goes on from, with the facts proven so far.
    at: Resume,
}

/// Where a candidate's paused proof goes on from: the pass and the first
/// edge of it not yet tried (see [`prove`]), and the assumptions refuted
/// so far, as the facts they prove (edge, value). Also what its cheap
/// solutions have already been sought from: the pool's first `moves` moves
/// were tried on S1, and the cell flips round S1 and round `second` (the
/// pooled solution that differed from S1 then) were tried; on a later
/// visit they would give nothing new.
#[derive(Debug, Clone, Default)]
struct Resume {
    facts: Vec<(u32, u8)>,
    pass: usize,
    edge: usize,
    moves: usize,
    second: Option<usize>,
}

impl Proof {
    fn open_count(&self) -> usize {
        self.open.iter().map(|w| w.count_ones() as usize).sum()
    }
}

/// The backbone proof from the engine's current state (consistent and
/// propagated). `fits` says whether a pooled solution of the base board
/// solves the current one; `known`, what the pool showed of the current
/// board when it held fewer solutions (read from there on). Refuted
/// assumptions stay assigned in the engine (the caller undoes them if the
/// state is a trial). With `bound`, the proof
/// stops (`pruned`) as soon as two solutions are known and `bound` edges are
/// open. `near` is set for a candidate clue: a side of its cell, where the
/// proof looks first for a solution close to the base board's first one
/// (see below). With `defer` (a candidate), the proof pauses
/// (`deferred`) before its whole-board searches, handing back the facts
/// proven so far and where it stopped (`at`); `resume` takes such a place
/// and goes on from there. With `early` (a candidate, the smallest pooled
/// bound of the candidates waiting), the proof also pauses once it shows
/// two solutions and more than `early` open edges: before any repair when
/// its cheap solutions (S1 and the moves round it) show them, and after a
/// witness by more than [`EARLY_SLACK`], so that the candidates that look
/// better are proven first.
#[allow(clippy::too_many_arguments, reason = "one proof's state and its knobs")]
fn prove(
    engine: &mut Engine<'_>,
    links: &mut Connectivity,
    budget: &mut Budget<'_, '_>,
    pool: &mut Pool,
    fits: &dyn Fn(&[u64]) -> bool,
    known: Option<&Shown>,
    bound: Option<usize>,
    near: Option<usize>,
    defer: bool,
    resume: Option<&Resume>,
    early: Option<usize>,
) -> Proof {
    let edges = engine.dom.len();
    let mut shown = known.cloned().unwrap_or_default();
    shown.update(pool, fits);
    let mut proof = Proof {
        first: shown.first,
        second: shown.second,
        open: shown.open,
        stopped: false,
        pruned: false,
        deferred: false,
        at: Resume::default(),
    };
    let over = |p: &Proof| p.second.is_some() && bound.is_some_and(|b| p.open_count() >= b);
    if over(&proof) {
        proof.pruned = true;
        return proof;
    }
    let s1 = match proof.first {
        Some(f) => f,
        None => {
            // A candidate whose clue no pooled solution satisfies: first a
            // repair of the base board's first solution (pool index 0)
            // round the clue, so that S1 agrees with it far from the clue
            // and the moves learnt near it apply to S1 as well, in a window
            // of 8 and then of 16 (on `890_20x20` two clues had no repair in
            // 8 and took 31 and 34 ms each in the whole-board search's
            // trials; the window of 16 cut the two 20 x 20 drafts' work by
            // 9% and 6%); else any solution.
            let repaired = match near {
                Some(e) if !pool.sols.is_empty() => {
                    let base = pool.bytes(0, edges);
                    repair(engine, links, budget, e, &base, WINDOW, Some(repair_nodes(WINDOW)))
                        .or_else(|| repair(engine, links, budget, e, &base, 2 * WINDOW, Some(repair_nodes(2 * WINDOW))))
                }
                _ => None,
            };
            let out = match repaired {
                Some(sol) => super::search::Outcome { solutions: vec![sol], finished: true, nodes: 0, unkept: 0 },
                None => {
                    // Then a search that branches next to the clue: a clue
                    // that no solution satisfies is mostly refuted there (see
                    // [`super::search::near`]); else the whole board.
                    let at = near.map(|e| cell_centre(engine.board, e));
                    match at.map(|at| super::search::near(engine, links, budget, at, NEAR_NODES)) {
                        Some(out) if out.finished => out,
                        _ => search_or_sweep(engine, links, budget, None, &mut pool.sweep),
                    }
                }
            };
            match out.solutions.into_iter().next() {
                Some(s) => {
                    let i = pool.push(&s);
                    proof.first = Some(i);
                    if !fits(&pool.sols[i]) {
                        // Cannot happen: the added clue is propagated to every leaf.
                        debug_assert!(false, "a solution misses the added clue");
                        proof.stopped = true;
                        return proof;
                    }
                    i
                }
                None => {
                    proof.stopped = !out.finished;
                    return proof;
                }
            }
        }
    };
    let s1_bytes = pool.bytes(s1, edges);
    // The cell flips round S1 and round the second solution, unless an
    // earlier visit tried them (S1 stays the candidate's first pooled
    // solution; on several threads it may not, which costs only witnesses).
    let mut start = Vec::new();
    if resume.is_none() {
        start.push(s1_bytes.clone());
    }
    let second = proof.second;
    start.extend(second.filter(|&s| resume.is_none_or(|r| r.second != Some(s))).map(|s| pool.bytes(s, edges)));
    if !start.is_empty() && local_moves(engine, budget, pool, &mut proof, s1, start) {
        proof.stopped = true;
        return proof;
    }
    (proof.at.second, proof.at.moves) = (second, pool.moves.len());
    if near.is_some() {
        // The moves learnt since the last visit, on S1, then the cell flips
        // round what they gave.
        let tried = resume.map_or(0, |r| r.moves);
        let found = known_moves(engine, pool, &mut proof, s1, fits, tried);
        if !found.is_empty() && local_moves(engine, budget, pool, &mut proof, s1, found) {
            proof.stopped = true;
            return proof;
        }
    }
    if over(&proof) {
        proof.pruned = true;
        return proof;
    }
    if proof.second.is_some() && early.is_some_and(|next| proof.open_count() > next) {
        // Nothing proven on this visit: it goes on from where it stood.
        proof.deferred = true;
        if let Some(r) = resume {
            (proof.at.facts, proof.at.pass, proof.at.edge) = (r.facts.clone(), r.pass, r.edge);
        }
        return proof;
    }
    // For a candidate clue, three passes: the cheap attempts only
    // (propagation, and the repair of S1 in a window), then the repair in a
    // window twice as wide, then a search of the whole board for the edges
    // left. Most candidates with a bound are pruned before their first
    // whole-board search (a refutation there can cost a hundred repairs),
    // and the ones without a bound yet (the first k) spend less on the
    // whole-board witnesses that a clue far from S1's shape needs. For the
    // base board, one pass, each edge repaired or else searched at once: a
    // whole-board witness opens many edges and saves the failed repairs a
    // first pass would pay for. Either way the last pass settles every edge
    // left, so the proof is the same.
    let passes = if near.is_some() { 3 } else { 1 };
    let (mut from, mut first_edge) = (0, 0);
    if let Some(resume) = resume.filter(|_| passes == 3) {
        // Proven on earlier visits, which tried every edge before `edge` in
        // pass `pass` and every edge left in the passes before it.
        for &(e, v) in &resume.facts {
            if !engine.assign(e, v) {
                debug_assert!(false, "a proven fact contradicts the state");
                proof.stopped = true;
                return proof;
            }
            proof.at.facts.push((e, v));
        }
        if !engine.run() {
            debug_assert!(false, "proven facts contradict the state");
            proof.stopped = true;
            return proof;
        }
        (from, first_edge) = (resume.pass, resume.edge);
    }
    for pass in from..passes {
        let last = pass + 1 == passes;
        if last && defer && pass > 0 && (0..edges).any(|e| engine.dom[e] == UNK && bit(&proof.open, e) == 0) {
            proof.deferred = true;
            (proof.at.pass, proof.at.edge) = (pass, 0);
            return proof;
        }
        let start = if pass == from { first_edge } else { 0 };
        for e in start..edges {
            if engine.dom[e] != UNK || bit(&proof.open, e) != 0 {
                continue;
            }
            if budget.poll() {
                proof.stopped = true;
                return proof;
            }
            let keep = bit(&pool.sols[s1], e);
            let mark = engine.mark();
            let refuted = if engine.assign(e as u32, 1 - keep) && engine.run() && links.check(engine) {
                let window = WINDOW << pass;
                let cap = near.map(|_| repair_nodes(window));
                let out = match if pass < 2 { repair(engine, links, budget, e, &s1_bytes, window, cap) } else { None } {
                    Some(sol) => super::search::Outcome { solutions: vec![sol], finished: true, nodes: 0, unkept: 0 },
                    None if !last => {
                        // Left for a later pass.
                        engine.undo_to(mark);
                        continue;
                    }
                    None => {
                        // A search next to the assumed edge first (see
                        // [`super::search::near`]), for a candidate.
                        let at = near.map(|_| edge_centre(engine.board, e));
                        match at.map(|at| super::search::near(engine, links, budget, at, NEAR_NODES)) {
                            Some(out) if out.finished => out,
                            _ => search_or_sweep(engine, links, budget, Some(&s1_bytes), &mut pool.sweep),
                        }
                    }
                };
                if let Some(s2) = out.solutions.into_iter().next() {
                    let i = pool.push(&s2);
                    if !fits(&pool.sols[i]) {
                        debug_assert!(false, "a solution misses the added clue");
                        engine.undo_to(mark);
                        proof.stopped = true;
                        return proof;
                    }
                    for (w, o) in proof.open.iter_mut().enumerate() {
                        *o |= pool.sols[i][w] ^ pool.sols[s1][w];
                    }
                    proof.second.get_or_insert(i);
                    pool.learn(s1, i);
                    engine.undo_to(mark);
                    if local_moves(engine, budget, pool, &mut proof, s1, vec![s2]) {
                        proof.stopped = true;
                        return proof;
                    }
                    false
                } else if out.finished {
                    true
                } else {
                    engine.undo_to(mark);
                    proof.stopped = true;
                    return proof;
                }
            } else {
                true
            };
            engine.undo_to(mark);
            if refuted {
                // Every solution gives `e` the value S1 gives it; sound rules on a
                // board with the solution S1 cannot contradict this.
                proof.at.facts.push((e as u32, keep));
                let ok = engine.assign(e as u32, keep) && engine.run();
                debug_assert!(ok, "a proven fact contradicts the state");
                if !ok {
                    engine.undo_to(mark);
                    proof.stopped = true;
                    return proof;
                }
            } else if over(&proof) {
                proof.pruned = true;
                return proof;
            } else if near.is_some() && early.is_some_and(|next| proof.open_count() > next + EARLY_SLACK) {
                proof.deferred = true;
                (proof.at.pass, proof.at.edge) = (pass, e + 1);
                return proof;
            }
        }
    }
    proof
}

/// How many open edges past the next candidate's pooled bound a candidate's
/// proof may show before it pauses after a witness (see `early` in
/// [`prove`]): each pause costs the candidate's set-up again on its next
/// visit (its clue propagated, its facts assigned, the pool read). Without
/// slack, `890_20x20`'s suggestions took 425 ms; with 4 to 64, 384 to 397 ms
/// (noise apart, alike), against 411 ms before these pauses.
const EARLY_SLACK: usize = 16;

/// Nodes of the search next to a candidate's clue, or next to an edge its
/// last pass assumes (see [`super::search::near`]), before a whole-board
/// search. On the 20 x 20 draft `890_20x20`, the clue 2 that no solution
/// satisfies at row 17, column 16 took 15 nodes there and seconds in the
/// whole-board search; of 300 and 2,000, 300 wasted less where it does not
/// finish. Next to the edges, it saved about 4% of the two 20 x 20 drafts'
/// suggestions; for the base board's backbone it cost more than it saved
/// (890_20x20's suggestions 20% slower), so the base board does without.
const NEAR_NODES: u64 = 300;

/// The centre of the cell whose top side is edge `e`, in the doubled
/// coordinates of [`super::search::near`].
fn cell_centre(board: &Board, e: usize) -> (usize, usize) {
    let [a, b] = board.grid.edge_points[e];
    let w = board.grid.cols + 1;
    let (a, b) = (a as usize, b as usize);
    (a / w + b / w + 1, a % w + b % w)
}

/// The middle of edge `e` in the doubled coordinates of [`super::search::near`].
fn edge_centre(board: &Board, e: usize) -> (usize, usize) {
    let [a, b] = board.grid.edge_points[e];
    let w = board.grid.cols + 1;
    let (a, b) = (a as usize, b as usize);
    (a / w + b / w, a % w + b % w)
}

/// Nodes a whole-board search gets before the frontier sweep is asked
/// whether the state has a solution at all.
const SEARCH_NODES: u64 = 2_000;

/// Most states a layer of that sweep may hold; past it the search goes on
/// (a sweep that stops there costs 20 to 30 ms at 20 x 20).
const SWEEP_STATES: usize = 100_000;

/// When the frontier sweep helps a whole-board search (see
/// [`search_or_sweep`]); kept with the pool, since a board whose open part
/// is too wide for the sweep stays so from one candidate to the next.
#[derive(Debug, Clone, Copy)]
pub(super) struct Sweep {
    /// Nodes the search gets first.
    pub(super) nodes: u64,
    /// The narrowest open part (most open edges on one line of the sweep)
    /// on which a sweep ran out of states: wider ones are not tried.
    too_wide: usize,
}

impl Sweep {
    pub(super) fn new(nodes: u64) -> Sweep {
        Sweep { nodes, too_wide: usize::MAX }
    }
}

/// One solution of the engine's state (other than `avoid`, which the state
/// excludes), as [`count_from`] with limit 1 finds it, or the proof that
/// there is none. A search that finds nothing in `sweep.nodes` nodes is
/// usually a refutation that must exhaust a wide subtree, which took
/// seconds on some candidate boards (one `266_10x10` draft: 185,000 nodes,
/// 3.4 s); the frontier sweep over the state's open edges settles that in
/// about a millisecond at 10 x 10, since it merges the partial states that
/// the search visits one by one. The sweep is asked between two of the
/// search's attempts; when it finds no solution the search ends there
/// (finished, none found), else (solutions, more than [`SWEEP_STATES`]
/// states a layer, or [`SWEEP_TIME`]) the search goes on where it was, so it
/// finds the same witness as without the sweep and every answer is the same.
pub(super) fn search_or_sweep(
    engine: &mut Engine<'_>,
    links: &mut Connectivity,
    budget: &mut Budget<'_, '_>,
    avoid: Option<&[u8]>,
    sweep: &mut Sweep,
) -> super::search::Outcome {
    let g = &engine.board.grid;
    let (rows, cols) = (g.rows, g.cols);
    if budget.nodes().is_some() {
        return count_from(engine, links, 1, budget, avoid);
    }
    // Asked once the search has used `sweep.nodes` (see `Gate`), on the
    // state the attempts start from. The sweep stops itself after
    // `SWEEP_TIME`; the search, which goes on then, reads the caller's budget.
    let too_wide = &mut sweep.too_wide;
    let mut ask = |state: &Engine<'_>| -> bool {
        let width = crate::frontier::slither_open_width(rows, cols, &state.dom);
        if width >= *too_wide || width > SWEEP_WIDTH {
            return true;
        }
        let clock = std::time::Instant::now();
        let check = || clock.elapsed() > SWEEP_TIME;
        let mut stop = crate::interrupt::Stop::new(&check);
        match crate::frontier::slither_count_given(
            rows,
            cols,
            &state.clues,
            &state.dom,
            Some(1),
            SWEEP_STATES,
            &mut stop,
        ) {
            Ok(c) => !c.count.is_zero(),
            Err(crate::error::Error::Capacity(_)) => {
                *too_wide = (*too_wide).min(width);
                true
            }
            Err(_) => true,
        }
    };
    super::search::count_from_gated(engine, links, 1, budget, avoid, Some((sweep.nodes, &mut ask)))
}

/// The widest open part (most open edges on one line of the sweep) that
/// [`search_or_sweep`] sweeps: the sweeps seen on janko drafts held at most
/// 5,000 states a layer up to 21 open edges a line and 72,000 at 31, and ran
/// out of [`SWEEP_STATES`] at 31 to 37 (20 to 35 ms lost each time).
const SWEEP_WIDTH: usize = 32;

/// The longest one sweep of [`search_or_sweep`] may run before the search
/// goes on without it (a sweep that stays just under [`SWEEP_STATES`] a
/// layer for the whole board); the search then reads the caller's budget.
const SWEEP_TIME: std::time::Duration = std::time::Duration::from_millis(250);

/// The pool's moves applied to S1 (pool index `s1`, a solution of the
/// current board): a move learnt near one solution often works on another
/// that agrees with the move's source on the move's edges (a repair far
/// from a candidate clue, say). A move that flips a decided edge, opens
/// nothing new, or whose source S1 does not agree with, is skipped; the
/// others give a solution when the result satisfies `fits` and passes the
/// full check (clues in force, one loop). The moves before `tried` were
/// tried on S1 before. Returns the new solutions (each pooled, the edges
/// where it differs from S1 marked open).
fn known_moves(
    engine: &Engine<'_>,
    pool: &mut Pool,
    proof: &mut Proof,
    s1: usize,
    fits: &dyn Fn(&[u64]) -> bool,
    tried: usize,
) -> Vec<Vec<u8>> {
    let edges = engine.dom.len();
    let mut decided = vec![0u64; pool.words];
    for (e, &d) in engine.dom.iter().enumerate() {
        if d != UNK {
            decided[e / 64] |= 1 << (e % 64);
        }
    }
    let mut found = Vec::new();
    let mut bits = vec![0u64; pool.words];
    for m in tried..pool.moves.len() {
        let (mv, src) = &pool.moves[m];
        let (sol, from) = (&pool.sols[s1], &pool.sols[*src]);
        let skip = (0..pool.words).any(|w| mv[w] & (decided[w] | (sol[w] ^ from[w])) != 0)
            || (0..pool.words).all(|w| mv[w] & !proof.open[w] == 0);
        if skip {
            continue;
        }
        for (w, b) in bits.iter_mut().enumerate() {
            *b = sol[w] ^ mv[w];
        }
        if !fits(&bits) {
            continue;
        }
        let bytes: Vec<u8> = (0..edges).map(|e| bit(&bits, e)).collect();
        if super::check::is_solution(engine.board, &bytes) {
            let i = pool.push(&bytes);
            for (w, o) in proof.open.iter_mut().enumerate() {
                *o |= pool.sols[i][w] ^ pool.sols[s1][w];
            }
            proof.second.get_or_insert(i);
            found.push(bytes);
        }
    }
    found
}

/// The node cap of a candidate's repair in a window of `window` lattice
/// steps: a repair is a cheap way to a witness, and a failed one only
/// passes the edge on (to the wider window, then to the whole-board search,
/// which settles it anyway). Without a cap, a window that holds most of a
/// board can cost a hard refutation of its own (seconds on a 10 x 18
/// draft).
///
/// The narrow window's repairs that find a witness find it early: on
/// `890_20x20` half of them within 22 nodes, 90% within 67, none after 279
/// of the 500 the cap once allowed; a repair at the cap there (one in
/// twenty) was spent for nothing. So the narrow window gets a quick look and
/// the wide one the longer search (its witnesses came within 396 nodes).
/// Of caps from 30 to 500 (narrow) and 250 to 800 (wide), 60 and 300 were
/// in the best group on 16 drafts of 10 x 18 to 17 x 17 and the two 20 x 20
/// ones (suggestions 5 to 12% quicker on the 16, 3 to 8% on the two, than
/// with 500 for both; the same answers, which no cap changes).
fn repair_nodes(window: usize) -> u64 {
    if window <= WINDOW {
        60
    } else {
        300
    }
}

/// How far from an assumption (in lattice steps) [`repair`] leaves edges
/// free. Wider windows find more witnesses, narrower ones fix more edges at
/// once; 8 was the best of 2 to 20 on the bench's drafts.
const WINDOW: usize = 8;

/// A solution that agrees with `s1` on every edge farther than `window`
/// lattice steps from edge `e` (assumed against S1 in the engine's state), if the
/// search finds one there: most assumptions that have a solution have one
/// that repairs S1 near them, and fixing the rest of the board first costs
/// one propagation instead of a search node per edge, each with its global
/// checks. None when the window has no solution, holds most of the board
/// (at [`WINDOW`]; a wider window is refused only when it holds all of it),
/// or `budget` stopped it, or the search used `nodes` (the caller then
/// searches the whole board, which stays the proof). The engine is back in
/// its state on return.
fn repair(
    engine: &mut Engine<'_>,
    links: &mut Connectivity,
    budget: &mut Budget<'_, '_>,
    e: usize,
    s1: &[u8],
    window: usize,
    nodes: Option<u64>,
) -> Option<Vec<u8>> {
    let g = &engine.board.grid;
    let cols = g.cols + 1;
    let [p0, _] = g.edge_points[e];
    let (r0, c0) = (p0 as usize / cols, p0 as usize % cols);
    let far = |f: usize| {
        g.edge_points[f].iter().all(|&p| (p as usize / cols).abs_diff(r0) + (p as usize % cols).abs_diff(c0) > window)
    };
    let fixed = (0..engine.dom.len()).filter(|&f| engine.dom[f] == UNK && far(f)).count();
    if 2 * fixed < engine.undecided && (window == WINDOW || fixed == 0) {
        // Most of the board is in the window: the caller's search is as good.
        return None;
    }
    let mark = engine.mark();
    let mut ok = true;
    for (f, &value) in s1.iter().enumerate() {
        if engine.dom[f] == UNK && far(f) && !engine.assign(f as u32, value) {
            ok = false;
            break;
        }
    }
    let mut found = None;
    if ok && engine.run() && links.check(engine) {
        let outer = budget.set_nodes(nodes);
        let out = count_from(engine, links, 1, budget, Some(s1));
        budget.set_nodes(outer);
        found = out.solutions.into_iter().next();
    }
    engine.undo_to(mark);
    found
}

/// Solutions one cell away from known ones: turning a cell from inside to
/// outside the loop (or back) flips its four sides. Before any search, every
/// known solution of the current board is tried with every cell that has a
/// side no known solution has flipped yet (and no side decided by the state);
/// a flip that keeps the clues in force and one loop is a new solution, and
/// opens at least one more edge, so there are at most as many rounds as
/// edges. On a wide-open board this opens most edges at a few microseconds
/// each, where a search per edge costs milliseconds. True when `budget` stopped it.
fn local_moves(
    engine: &Engine<'_>,
    budget: &mut Budget<'_, '_>,
    pool: &mut Pool,
    proof: &mut Proof,
    s1: usize,
    start: Vec<Vec<u8>>,
) -> bool {
    let board = engine.board;
    let g = &board.grid;
    let mut queue = start;
    let mut next = 0;
    let mut tried = 0u32;
    while next < queue.len() {
        let mut sol = std::mem::take(&mut queue[next]);
        next += 1;
        let lines = sol.iter().filter(|&&v| v != 0).count();
        for cell in 0..g.num_cells() {
            let sides = g.cell_edges[cell];
            if sides.iter().any(|&e| engine.dom[e as usize] != UNK)
                || sides.iter().all(|&e| bit(&proof.open, e as usize) != 0)
            {
                continue;
            }
            tried += 1;
            if tried % 64 == 0 && budget.poll() {
                return true;
            }
            let mut flipped = lines;
            for &e in &sides {
                sol[e as usize] ^= 1;
                flipped = flipped + sol[e as usize] as usize - (1 - sol[e as usize]) as usize;
            }
            // `sol` was a solution: the clues and degrees the flip can change
            // are those `flip_ok` reads, so one loop is all that is left to see.
            let fine = flip_ok(engine, &sol, cell) && flip_keeps_one_loop(board, &sol, cell, flipped);
            if fine {
                let i = pool.push(&sol);
                for (w, o) in proof.open.iter_mut().enumerate() {
                    *o |= pool.sols[i][w] ^ pool.sols[s1][w];
                }
                proof.second.get_or_insert(i);
                queue.push(sol.clone());
            }
            for &e in &sides {
                sol[e as usize] ^= 1;
            }
        }
    }
    false
}

/// Whether flipping `cell`'s sides in a one-loop solution leaves one loop
/// (`sol` is after the flip, `lines` its lines, and [`flip_ok`] saw every
/// corner of the cell at degree 0 or 2), read from the sides the loop held:
/// one side becomes the other three (a detour round the cell) and three
/// become one (a shortcut); two sides that meet at a corner become the
/// other two (the same bend, the other way round the cell). The loop stays
/// one. No side: the cell's square is a loop of its own, one loop only where
/// there was no line. Four: the loop was the cell, and nothing is left.
/// Two opposite sides: never one loop. The cell then lies on the same side
/// of the loop as its neighbours across the two free sides (the board's
/// outside counts as one cell), and on the other side from the two across
/// the held ones. Were the cell's own side still in one piece without it, a
/// path of that side from one free neighbour to the other would close,
/// through the cell, a ring that parts the two held neighbours; but they
/// share a side, and one loop leaves each side in one piece. (The walk
/// round the whole loop that this used to take, for an answer that was
/// always no, took a sixteenth of the 20 x 20 drafts' suggestion time.)
pub(super) fn flip_keeps_one_loop(board: &Board, sol: &[u8], cell: usize, lines: usize) -> bool {
    // `cell_edges` is top, bottom, left, right; the sides held before the flip.
    let held = board.grid.cell_edges[cell].map(|e| sol[e as usize] == 0);
    match held.iter().filter(|&&h| h).count() {
        0 => lines == 4,
        1 | 3 => true,
        2 => held[0] != held[1],
        _ => false,
    }
}

/// The local part of the check after flipping `cell`'s sides: the clues in
/// force at the cell and its neighbours, and line degree 0 or 2 at its corners.
fn flip_ok(engine: &Engine<'_>, sol: &[u8], cell: usize) -> bool {
    let board = engine.board;
    let g = &board.grid;
    let lines = |c: usize| g.cell_edges[c].iter().filter(|&&e| sol[e as usize] != 0).count() as i8;
    let clue_ok =
        |c: u32| c == board.out || engine.clues[c as usize] < 0 || lines(c as usize) == engine.clues[c as usize];
    if !clue_ok(cell as u32) || !board.cell_nbrs[cell].iter().all(|&n| clue_ok(n)) {
        return false;
    }
    board.cell_corners[cell].iter().all(|&p| {
        let d =
            board.point_slots[p as usize].iter().filter(|&&x| x != crate::grid::NONE && sol[x as usize] != 0).count();
        d == 0 || d == 2
    })
}

/// The root: every rule and the one-level trial; None on a contradiction.
fn root<'a>(board: &'a Board, budget: &mut Budget<'_, '_>) -> Option<(Engine<'a>, Connectivity)> {
    let mut engine = Engine::new(board, Rules::SEARCH)?;
    let mut links = Connectivity::default();
    if !engine.run() || !links.check(&engine) {
        return None;
    }
    if engine.undecided > 0 && !probe(&mut engine, budget) {
        return None;
    }
    Some((engine, links))
}

/// The base board's backbone, leaving the engine at its backbone state.
fn base_backbone(
    engine: &mut Engine<'_>,
    links: &mut Connectivity,
    budget: &mut Budget<'_, '_>,
    pool: &mut Pool,
) -> Backbone {
    let edges = engine.dom.len();
    let proof = prove(engine, links, budget, pool, &|_| true, None, None, None, false, None, None);
    let Some(first) = proof.first else {
        let values = if proof.stopped { engine.values() } else { vec![UNK; edges] };
        return Backbone { count: 0, finished: !proof.stopped, values, witnesses: Vec::new() };
    };
    let mut witnesses = vec![pool.bytes(first, edges)];
    witnesses.extend(proof.second.map(|s| pool.bytes(s, edges)));
    Backbone { count: witnesses.len(), finished: !proof.stopped, values: engine.values(), witnesses }
}

/// A finished backbone and every solution met while proving it (and while
/// ranking suggestions from it), kept by the caller between calls: a
/// setter asks for the backbone and then for suggestions, and the
/// suggestions start from this instead of proving the backbone again.
#[derive(Debug, Clone)]
pub struct Kept {
    pub backbone: Backbone,
    pool: Pool,
}

impl Kept {
    /// Kept only when finished: an unfinished backbone holds values not
    /// yet proven open.
    fn new(backbone: &Backbone, pool: Pool) -> Option<Kept> {
        backbone.finished.then(|| Kept { backbone: backbone.clone(), pool })
    }
}

/// The backbone of `board` under `budget` (its deadline and stop; the
/// caller checks `budget.interrupted()`), and what to keep of it when it
/// finished (see [`Kept`]).
pub fn backbone(board: &Board, budget: &mut Budget<'_, '_>) -> (Backbone, Option<Kept>) {
    let edges = board.grid.num_edges();
    let mut pool = Pool::new(edges);
    let Some((mut engine, mut links)) = root(board, budget) else {
        let bb = Backbone { count: 0, finished: true, values: vec![UNK; edges], witnesses: Vec::new() };
        let kept = Kept::new(&bb, pool);
        return (bb, kept);
    };
    let bb = base_backbone(&mut engine, &mut links, budget, &mut pool);
    let kept = Kept::new(&bb, pool);
    (bb, kept)
}

/// The engine at the backbone state of a kept backbone with two or more
/// solutions: the rules' fixpoint with every backbone fact assigned, so
/// that exactly the open edges are undecided. None if the facts do not
/// propagate cleanly (they are proven, so only a kept backbone of another
/// board could do that; the caller then proves the backbone afresh).
fn kept_state<'a>(board: &'a Board, kept: &Kept) -> Option<(Engine<'a>, Connectivity)> {
    let mut engine = Engine::new(board, Rules::SEARCH)?;
    let mut links = Connectivity::default();
    if kept.backbone.values.len() != engine.dom.len() || !engine.run() {
        return None;
    }
    for (e, &v) in kept.backbone.values.iter().enumerate() {
        if v != UNK && !engine.assign(e as u32, v) {
            return None;
        }
    }
    if !engine.run() || !links.check(&engine) {
        return None;
    }
    let open = kept.backbone.values.iter().filter(|&&v| v == UNK).count();
    (engine.undecided == open).then_some((engine, links))
}

/// The backbone and up to `k` clues to add, best first: by count (1 before
/// 2), then fewest open edges, then cell (row-major), then value. Candidates
/// are the blank cells with an open side, values 0 to 3, kept when the board
/// still has a solution. Also says whether the ranking finished (false
/// when a budget stopped it: the suggestions are then the best among the
/// candidates tried). With `kept` (a finished backbone of this board, see
/// [`backbone`]), the backbone is not proven again and its solutions seed
/// the pool; the answer is the same. The last item is what to keep for the
/// next call: the finished backbone with every solution met, or None when
/// the backbone did not finish.
pub fn suggest(
    board: &Board,
    k: usize,
    budget: &mut Budget<'_, '_>,
    kept: Option<&Kept>,
    threads: usize,
) -> (Backbone, Vec<Suggestion>, bool, Option<Kept>) {
    let edges = board.grid.num_edges();
    let reused = match kept {
        Some(kept) if kept.backbone.count < 2 || k == 0 => {
            return (kept.backbone.clone(), Vec::new(), true, None);
        }
        Some(kept) => kept_state(board, kept).map(|(engine, links)| (engine, links, kept)),
        None => None,
    };
    let (mut engine, mut links, mut pool, bb) = match reused {
        Some((engine, links, kept)) => (engine, links, kept.pool.clone(), kept.backbone.clone()),
        None => {
            let mut pool = Pool::new(edges);
            let Some((mut engine, mut links)) = root(board, budget) else {
                let bb = Backbone { count: 0, finished: true, values: vec![UNK; edges], witnesses: Vec::new() };
                let kept = Kept::new(&bb, pool);
                return (bb, Vec::new(), true, kept);
            };
            let bb = base_backbone(&mut engine, &mut links, budget, &mut pool);
            if !bb.finished || bb.count < 2 || k == 0 {
                let done = bb.finished;
                let kept = Kept::new(&bb, pool);
                return (bb, Vec::new(), done, kept);
            }
            (engine, links, pool, bb)
        }
    };
    let (bb, best, done) = rank(board, k, budget, &mut engine, &mut links, &mut pool, bb, threads);
    let kept = Kept::new(&bb, pool);
    (bb, best, done, kept)
}

/// The ranking of [`suggest`] from the base board's backbone state (the
/// engine) with two or more solutions, `pool` holding solutions of the
/// base board (at least its two witnesses), on `threads` threads (see
/// [`Ranking`]).
#[allow(clippy::too_many_arguments, reason = "the ranking's state and its knobs")]
fn rank(
    board: &Board,
    k: usize,
    budget: &mut Budget<'_, '_>,
    engine: &mut Engine<'_>,
    links: &mut Connectivity,
    pool: &mut Pool,
    bb: Backbone,
    threads: usize,
) -> (Backbone, Vec<Suggestion>, bool) {
    // Candidates are examined in the order of a lower bound on their open
    // edges, read from the pooled solutions that satisfy the clue (edges
    // where two of them differ are open on the candidate's board). The bound
    // only grows as the pool grows, so it is refreshed when a candidate comes
    // up; once the smallest bound left is worse than the k-th best, no
    // candidate left can enter the ranking. Ties in the ranking are broken
    // by (cell, value), which the pruning bound below respects, so the
    // result is the same as examining every candidate in ranking order.
    let mut queue = BinaryHeap::new();
    let mut shown = std::collections::HashMap::new();
    for cell in 0..board.grid.num_cells() {
        if engine.clues[cell] >= 0 {
            continue;
        }
        let sides = board.grid.cell_edges[cell];
        if sides.iter().all(|&e| engine.dom[e as usize] != UNK) {
            continue;
        }
        for value in 0..=3i8 {
            let mut seen = Shown::default();
            queue.push(Reverse((seen.update(pool, &|sol| has_clue(sol, &sides, value)), cell, value)));
            shown.insert((cell, value), seen);
        }
    }
    let mut ranking = Ranking {
        k,
        queue,
        best: Vec::new(),
        paused: Default::default(),
        shown,
        pool: std::mem::replace(pool, Pool::new(0)),
        running: 0,
        stopped: false,
    };
    let done = if threads <= 1 {
        loop {
            if budget.poll() {
                break false;
            }
            let task = match ranking.next(board) {
                Step::Done => break true,
                // Nothing runs elsewhere: a wait cannot happen on one thread.
                Step::Wait => break true,
                Step::Prove(task) => task,
            };
            let proof = attempt(board, engine, links, budget, &mut ranking.pool, &task);
            if proof.as_ref().is_some_and(|p| p.stopped) {
                break false;
            }
            ranking.finish(&task, proof);
        }
    } else {
        rank_threads(board, budget, engine, &mut ranking, threads)
    };
    *pool = ranking.pool;
    (bb, ranking.best, done)
}

/// The shared state of a ranking: the candidate queue, the best so far,
/// the paused candidates and the pool. One thread takes the candidates in
/// turn; several take them as they come free ([`rank_threads`]), each
/// proving its candidate on its own copy of the base state and of the
/// pool, and merging the new solutions and moves back. A candidate's answer
/// (its count and open edges) does not depend on the pool it started from,
/// and every bound used to drop or cut short a candidate is one the k-th
/// best has reached (it only falls), so the ranking is the same on any
/// number of threads; only the work differs.
struct Ranking {
    k: usize,
    queue: BinaryHeap<Reverse<(usize, usize, i8)>>,
    best: Vec<Suggestion>,
    /// Per paused candidate, where its proof goes on from.
    paused: std::collections::HashMap<(usize, i8), Resume>,
    /// Per candidate, what the pool shows of it so far.
    shown: std::collections::HashMap<(usize, i8), Shown>,
    pool: Pool,
    /// Candidates being proven on other threads.
    running: usize,
    /// A budget or the stop ended the ranking.
    stopped: bool,
}

/// One candidate to prove, and how.
struct Task {
    cell: usize,
    value: i8,
    /// The proof stops once `bound` edges are open with two solutions.
    bound: Option<usize>,
    /// Where a paused proof goes on from.
    resume: Option<Resume>,
    /// What the pool showed of the candidate when it was taken.
    known: Option<Shown>,
    /// Pause before the whole-board searches.
    defer: bool,
    /// The smallest pooled bound left in the queue: the proof pauses once
    /// it has shown more open edges (see [`prove`]).
    early: Option<usize>,
}

enum Step {
    Prove(Task),
    /// Nothing to take until a running candidate is done.
    Wait,
    Done,
}

impl Ranking {
    /// Whether a candidate with at least `open` open edges (and a second
    /// solution) ranks after the k-th best.
    fn worse(&self, open: usize, cell: usize, value: i8) -> bool {
        self.best.len() >= self.k && {
            let w = self.best[self.k - 1];
            w.count == 1 || (open, cell, value) > (w.open, w.cell, w.value)
        }
    }

    /// The next candidate to prove, in the order of the pooled bound.
    fn next(&mut self, board: &Board) -> Step {
        loop {
            if self.stopped {
                return Step::Done;
            }
            let Some(Reverse((stale, cell, value))) = self.queue.pop() else {
                return if self.running > 0 { Step::Wait } else { Step::Done };
            };
            if self.best.len() >= self.k && stale > self.best[self.k - 1].open {
                // Every bound left is at least `stale` > 0, so each candidate
                // left has two solutions and more open edges than the k-th
                // best, which only falls: none can rank. A running candidate
                // that pauses goes back in the queue and is judged then.
                self.queue.clear();
                continue;
            }
            let sides = board.grid.cell_edges[cell];
            let seen = self.shown.entry((cell, value)).or_default();
            let lb = seen.update(&self.pool, &|sol| has_clue(sol, &sides, value));
            if lb > 0 && self.worse(lb, cell, value) {
                continue;
            }
            if lb > stale && self.queue.peek().is_some_and(|Reverse((next, _, _))| *next < lb) {
                self.queue.push(Reverse((lb, cell, value)));
                continue;
            }
            let bound = if self.best.len() < self.k {
                None
            } else {
                let w = self.best[self.k - 1];
                Some(if w.count == 1 {
                    0
                } else if (cell, value) < (w.cell, w.value) {
                    w.open + 1
                } else {
                    w.open
                })
            };
            // A candidate with a bound pauses before its whole-board searches
            // and goes back in the queue with the open edges it has shown: its
            // proof ends later only if no candidate has pushed the k-th best
            // below that bound by then (a wide-open board has many candidates
            // near the k-th best, and a few refutations there cost seconds).
            //
            // A candidate also pauses once it shows more open edges than
            // the next candidate's pooled bound (see `early` in [`prove`]):
            // one that no pooled solution satisfies (bound 0, taken first)
            // would otherwise pay for its repairs, and set the k-th best,
            // before the candidates that the pool already shows to be
            // closer; and the first k, proven without a bound, would be
            // proven to the end however far they are from the best.
            let resume = self.paused.remove(&(cell, value));
            let early = self.queue.peek().map(|Reverse((next, _, _))| *next);
            let defer = bound.is_some() && resume.as_ref().is_none_or(|r| r.pass < 2);
            let known = self.shown.get(&(cell, value)).cloned();
            return Step::Prove(Task { cell, value, bound, resume, defer, early, known });
        }
    }

    /// Takes in a candidate's proof (None: its clue contradicts the base state).
    fn finish(&mut self, task: &Task, proof: Option<Proof>) {
        let Some(proof) = proof else { return };
        if proof.stopped {
            self.stopped = true;
            return;
        }
        if proof.deferred {
            self.queue.push(Reverse((proof.open_count(), task.cell, task.value)));
            self.paused.insert((task.cell, task.value), proof.at);
            return;
        }
        if proof.pruned || proof.first.is_none() {
            return;
        }
        let count = 1 + proof.second.is_some() as usize;
        let s = Suggestion { cell: task.cell, value: task.value, count, open: proof.open_count() };
        if self.best.contains(&s) {
            return;
        }
        let at =
            self.best.partition_point(|b| (b.count, b.open, b.cell, b.value) <= (s.count, s.open, s.cell, s.value));
        self.best.insert(at, s);
        self.best.truncate(self.k);
    }

    /// Adds what a candidate proven on a copy of the pool (taken when it had
    /// `sols` solutions and `moves` moves) found: its new solutions, and its
    /// new moves with their sources renumbered.
    fn merge(&mut self, copy: &Pool, sols: usize, moves: usize) {
        let offset = self.pool.sols.len();
        let renumber = |i: usize| if i < sols { i } else { i - sols + offset };
        self.pool.sols.extend_from_slice(&copy.sols[sols..]);
        for (m, src) in &copy.moves[moves..] {
            if self.pool.seen_moves.insert(m.clone()) {
                self.pool.moves.push((m.clone(), renumber(*src)));
            }
        }
        self.pool.sweep.too_wide = self.pool.sweep.too_wide.min(copy.sweep.too_wide);
    }
}

/// For tests, what [`proof_in_visits`] found.
#[cfg(test)]
pub(super) struct Visits {
    /// The straight proof's open edges, and whether it found two solutions.
    pub straight: (usize, bool),
    /// The same of the proof in visits.
    pub paused: (usize, bool),
    pub visits: usize,
    /// Visits that went on after a witness of an earlier one.
    pub mid_pass: usize,
}

/// For tests: the proof of candidate `(cell, value)` from the base
/// board's backbone state, once straight through and once paused at every
/// chance the ranking could give it (its `early` the open edges the pool
/// shows it, the least the ranking ever gives) and resumed until it ends.
/// None when the board has fewer than two solutions, or the cell a clue,
/// or the clue contradicts the base state.
#[cfg(test)]
pub(super) fn proof_in_visits(board: &Board, cell: usize, value: i8) -> Option<Visits> {
    let mut stop = crate::interrupt::Stop::never();
    let mut budget = Budget::new(&mut stop);
    let (mut engine, mut links) = root(board, &mut budget)?;
    let mut pool = Pool::new(board.grid.num_edges());
    let bb = base_backbone(&mut engine, &mut links, &mut budget, &mut pool);
    if bb.count < 2 || engine.clues[cell] >= 0 {
        return None;
    }
    let task = |resume, early| Task { cell, value, bound: None, resume, defer: false, early, known: None };
    let summary = |p: &Proof| (p.open_count(), p.second.is_some());
    let straight = attempt(board, &mut engine, &mut links, &mut budget, &mut pool.clone(), &task(None, None))?;
    assert!(!straight.deferred && !straight.stopped);
    let sides = board.grid.cell_edges[cell];
    let (mut resume, mut visits, mut mid) = (None::<Resume>, 0, 0);
    loop {
        visits += 1;
        mid += usize::from(resume.as_ref().is_some_and(|r| r.edge > 0));
        assert!(visits < 100_000, "the pauses make no progress");
        let early = Shown::default().update(&pool, &|sol| has_clue(sol, &sides, value));
        let proof = attempt(board, &mut engine, &mut links, &mut budget, &mut pool, &task(resume, Some(early)))?;
        assert!(!proof.stopped);
        if !proof.deferred {
            return Some(Visits { straight: summary(&straight), paused: summary(&proof), visits, mid_pass: mid });
        }
        resume = Some(proof.at);
    }
}

/// A candidate's proof from the base state (the engine, back there on
/// return); None when its clue contradicts that state.
fn attempt(
    board: &Board,
    engine: &mut Engine<'_>,
    links: &mut Connectivity,
    budget: &mut Budget<'_, '_>,
    pool: &mut Pool,
    task: &Task,
) -> Option<Proof> {
    let sides = board.grid.cell_edges[task.cell];
    let value = task.value;
    let fits = |bits: &[u64]| has_clue(bits, &sides, value);
    let mark = engine.mark();
    if !(engine.add_clue(task.cell as u32, value) && engine.run() && links.check(engine)) {
        engine.undo_to(mark);
        return None;
    }
    let near = Some(sides[0] as usize);
    let proof = prove(
        engine,
        links,
        budget,
        pool,
        &fits,
        task.known.as_ref(),
        task.bound,
        near,
        task.defer,
        task.resume.as_ref(),
        task.early,
    );
    engine.undo_to(mark);
    Some(proof)
}

/// [`rank`] on `threads` threads: the calling thread is one of the workers
/// and the only one that reads the caller's budget (its deadline and stop);
/// when that says stop, a flag that the other workers' stops read ends them.
fn rank_threads(
    board: &Board,
    budget: &mut Budget<'_, '_>,
    engine: &Engine<'_>,
    ranking: &mut Ranking,
    threads: usize,
) -> bool {
    let shared = Mutex::new(std::mem::replace(
        ranking,
        Ranking {
            k: ranking.k,
            queue: BinaryHeap::new(),
            best: Vec::new(),
            paused: Default::default(),
            shown: Default::default(),
            pool: Pool::new(0),
            running: 0,
            stopped: false,
        },
    ));
    let changed = Condvar::new();
    let halt = AtomicBool::new(false);
    std::thread::scope(|scope| {
        let (shared, changed, halt) = (&shared, &changed, &halt);
        let handles: Vec<_> = (1..threads)
            .map(|_| {
                scope.spawn(move || {
                    let flag = || halt.load(Ordering::Relaxed);
                    let mut stop = crate::interrupt::Stop::new(&flag);
                    worker(board, engine, shared, changed, halt, &mut Budget::new(&mut stop), false);
                })
            })
            .collect();
        worker(board, engine, shared, changed, halt, budget, true);
        for h in handles {
            if let Err(panic) = h.join() {
                std::panic::resume_unwind(panic);
            }
        }
    });
    *ranking = shared.into_inner().unwrap_or_else(|e| e.into_inner());
    !ranking.stopped
}

/// One worker of [`rank_threads`]: takes candidates until none is left.
/// The `lead` worker's `budget` is the caller's; when it says stop, `halt`
/// tells the others (their budgets' stops read it).
fn worker(
    board: &Board,
    engine: &Engine<'_>,
    shared: &Mutex<Ranking>,
    changed: &Condvar,
    halt: &AtomicBool,
    budget: &mut Budget<'_, '_>,
    lead: bool,
) {
    let mut engine = engine.clone();
    let mut links = Connectivity::default();
    // This worker's copy of the pool, and how much of it is the shared one's.
    let (mut copy, mut sols, mut moves) = (Pool::new(0), 0, 0);
    let lock = || shared.lock().unwrap_or_else(|e| e.into_inner());
    let mut state = lock();
    loop {
        if lead && budget.poll() {
            halt.store(true, Ordering::Relaxed);
        }
        if halt.load(Ordering::Relaxed) {
            state.stopped = true;
        }
        let task = match state.next(board) {
            Step::Done => break,
            Step::Wait => {
                let timeout = std::time::Duration::from_millis(5);
                state = changed.wait_timeout(state, timeout).unwrap_or_else(|e| e.into_inner()).0;
                continue;
            }
            Step::Prove(task) => task,
        };
        state.running += 1;
        copy.sync(&state.pool, sols, moves);
        (sols, moves) = (copy.sols.len(), copy.moves.len());
        drop(state);
        let run = std::panic::AssertUnwindSafe(|| attempt(board, &mut engine, &mut links, budget, &mut copy, &task));
        let proof = match std::panic::catch_unwind(run) {
            Ok(proof) => proof,
            Err(panic) => {
                // Ends the ranking (the others would wait for this candidate)
                // and raises the panic again; the caller's join raises it on
                // the calling thread.
                halt.store(true, Ordering::Relaxed);
                let mut state = lock();
                state.running -= 1;
                state.stopped = true;
                drop(state);
                changed.notify_all();
                std::panic::resume_unwind(panic);
            }
        };
        if proof.as_ref().is_some_and(|p| p.stopped) {
            halt.store(true, Ordering::Relaxed);
        }
        state = lock();
        state.running -= 1;
        state.merge(&copy, sols, moves);
        state.finish(&task, proof);
        changed.notify_all();
    }
    drop(state);
    changed.notify_all();
}
