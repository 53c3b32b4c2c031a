//! The deduction stages of the ladder, one rule family per file. Each `run`
//! applies its rules once over the whole board and reports whether it decided
//! anything; [`propagate`] runs the chosen ones to a common fixpoint and
//! [`fixpoint`] adds `probe` on top. The rules themselves are described in
//! docs/country-road.md.

pub(super) mod loop_rule;
pub(super) mod macro_rule;
pub(super) mod once;
mod probe;
pub(super) mod region;

use crate::error::Result;
use crate::invalid;

use super::board::{EdgeKind, Ring, Square};
use super::puzzle::Puzzle;
use super::state::{Contradiction, State, OFF, ON};
use super::work::Work;
use crate::budget::Budget;

/// Stage names in ladder order, weakest first: the one table of the Country
/// Road stages (`loopcraft.country` reads it through the core). Stage `i` is
/// bit `1 << i` of a [`Stages`] set.
pub const STAGE_NAMES: [&str; 5] = ["region", "once", "loop", "macro", "probe"];

/// A set of stages.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stages(u8);

impl Stages {
    pub const REGION: u8 = 1 << 0;
    pub const ONCE: u8 = 1 << 1;
    pub const LOOP: u8 = 1 << 2;
    pub const MACRO: u8 = 1 << 3;
    pub const PROBE: u8 = 1 << 4;
    /// Not a stage: set by the search, it propagates `probe`'s hypotheses
    /// without `loop`'s reach rule (see `search.rs`). The main propagation
    /// of every node keeps it.
    pub const LIGHT_PROBE: u8 = 1 << 5;
    /// Not a stage: the loop's own local rules, degree 0 or 2 at every cell
    /// and no premature cycle (without `loop`'s reach). Set by the search at
    /// every node whatever stages were chosen: the stages say what the
    /// deduction at a node may use, but a search that branches on edges with
    /// no loop rule at all explores every subgraph of the grid (minutes on a
    /// 4 x 5 board under `region` alone). With `LOOP` chosen it adds nothing.
    pub const LOOP_CORE: u8 = 1 << 6;
    pub const ALL: Stages = Stages((1 << STAGE_NAMES.len()) - 1);
    pub const NONE: Stages = Stages(0);

    /// The set named by `names` (any order, repeats allowed).
    pub fn parse<S: AsRef<str>>(names: &[S]) -> Result<Stages> {
        let mut bits = 0u8;
        for name in names {
            let name = name.as_ref();
            match STAGE_NAMES.iter().position(|&n| n == name) {
                Some(i) => bits |= 1 << i,
                None => return Err(invalid!("unknown stage {name:?}; the stages are {STAGE_NAMES:?}")),
            }
        }
        Ok(Stages(bits))
    }

    #[inline]
    pub fn has(self, bit: u8) -> bool {
        self.0 & bit != 0
    }

    /// Whether the loop's degree and premature-cycle rules run: with the
    /// `loop` stage, or with [`Stages::LOOP_CORE`] alone.
    #[inline]
    pub fn loop_core(self) -> bool {
        self.0 & (Stages::LOOP | Stages::LOOP_CORE) != 0
    }

    pub const fn with(self, bit: u8) -> Stages {
        Stages(self.0 | bit)
    }

    pub const fn without(self, bit: u8) -> Stages {
        Stages(self.0 & !bit)
    }
}

/// Runs the non-probing stages until none changes anything, from any state.
pub fn propagate(p: &Puzzle, s: &mut State, w: &mut Work, stages: Stages) -> std::result::Result<(), Contradiction> {
    let head = s.trail_len();
    sweep(p, s, w, stages)?;
    run_queue(p, s, w, stages, head, true)
}

/// [`propagate`] from a state that was at the fixpoint of `stages` before the
/// variables assigned from trail position `head` on: only the rules that read
/// those variables (and, in turn, what they change) run again.
pub fn propagate_from(
    p: &Puzzle,
    s: &mut State,
    w: &mut Work,
    stages: Stages,
    head: usize,
) -> std::result::Result<(), Contradiction> {
    run_queue(p, s, w, stages, head, false)
}

/// The reference the worklist is tested against: whole-board sweeps of every
/// chosen stage until none changes anything.
#[cfg(test)]
pub fn sweep_propagate(
    p: &Puzzle,
    s: &mut State,
    w: &mut Work,
    stages: Stages,
) -> std::result::Result<(), Contradiction> {
    loop {
        let mut changed = false;
        if stages.has(Stages::REGION) {
            changed |= region::run(p, s)?;
        }
        if stages.has(Stages::ONCE) {
            changed |= once::run(p, s, w)?;
        }
        if stages.has(Stages::LOOP) {
            changed |= loop_rule::run(p, s, w)?;
        } else if stages.loop_core() {
            for c in 0..p.board.num_cells() {
                changed |= loop_rule::degree(p, s, c)?;
            }
            changed |= loop_rule::cycles(p, s, w)?;
        }
        if stages.has(Stages::MACRO) {
            changed |= macro_rule::run(p, s, w)?;
        }
        if !changed {
            return Ok(());
        }
    }
}

/// Whether `reach` alone, run once on `s`, changes anything or contradicts
/// (for the tests of [`keeps_reach`]).
#[cfg(test)]
pub fn reach_acts(p: &Puzzle, s: &State, w: &mut Work) -> bool {
    let mut t = s.clone();
    !matches!(loop_rule::reach(p, &mut t, w), Ok(false))
}

/// Every local rule of the chosen stages once, over the whole board.
fn sweep(p: &Puzzle, s: &mut State, w: &mut Work, stages: Stages) -> std::result::Result<(), Contradiction> {
    let b = &p.board;
    if stages.has(Stages::REGION) {
        for c in 0..b.num_cells() {
            region::cell(p, s, c)?;
        }
        for e in 0..b.num_edges() {
            region::border_edge(p, s, e)?;
        }
        for k in 0..b.num_countries() {
            region::number(p, s, k)?;
        }
    }
    if stages.has(Stages::ONCE) {
        for k in 0..b.num_countries() {
            once::country(p, s, w, k)?;
        }
        for i in 0..b.borders.len() {
            once::border(p, s, i)?;
        }
    }
    if stages.loop_core() {
        for c in 0..b.num_cells() {
            loop_rule::degree(p, s, c)?;
        }
    }
    Ok(())
}

/// The local rules that read variable `v` (a cell, or `cells + edge`).
#[inline]
fn wake(p: &Puzzle, s: &mut State, w: &mut Work, stages: Stages, v: usize) -> std::result::Result<(), Contradiction> {
    let b = &p.board;
    let n = b.num_cells();
    if v < n {
        let k = b.region[v];
        // `loop`'s degree rule deduces all that `region`'s cell rule does
        // (see `region::cell`), so with both chosen only it runs.
        if stages.has(Stages::REGION) {
            if !stages.loop_core() {
                region::cell(p, s, v)?;
            }
            // Rule 4 acts only from an unused cell (a used one has nothing to
            // give its neighbours).
            if s.val[v] == OFF {
                for &e in b.cell_edges(v) {
                    region::border_edge(p, s, e as usize)?;
                }
            }
            if k >= 0 {
                region::number(p, s, k as usize)?;
            }
        }
        if stages.loop_core() {
            loop_rule::degree(p, s, v)?;
        }
        if stages.has(Stages::ONCE) && k >= 0 {
            defer_country(w, k as usize);
        }
        return Ok(());
    }
    let e = v - n;
    let [x, y] = b.edge_cells(e);
    for c in [x as usize, y as usize] {
        if stages.has(Stages::REGION) && !stages.loop_core() {
            region::cell(p, s, c)?;
        }
        if stages.loop_core() {
            loop_rule::degree(p, s, c)?;
        }
    }
    if stages.has(Stages::ONCE) {
        match b.edge_kind[e] {
            EdgeKind::Border(i) => {
                defer_country(w, b.region[x as usize] as usize);
                defer_country(w, b.region[y as usize] as usize);
                once::border(p, s, i as usize)?;
            }
            EdgeKind::Inside => {
                defer_country(w, b.region[x as usize] as usize);
            }
            EdgeKind::Blocked => {}
        }
    }
    Ok(())
}

/// Queues the `once` rules of country `k` (a flood over the country): they
/// run once after the variable queue drains, however many of its variables
/// changed.
#[inline]
fn defer_country(w: &mut Work, k: usize) {
    if !w.is_pending[k] {
        w.is_pending[k] = true;
        w.pending.push(k as u32);
    }
}

/// Drains the variable queue from `q`, then the deferred countries, until
/// both are empty; returns the new queue position.
fn drain(
    p: &Puzzle,
    s: &mut State,
    w: &mut Work,
    stages: Stages,
    mut q: usize,
) -> std::result::Result<usize, Contradiction> {
    loop {
        while q < s.trail_len() {
            let v = s.trail_at(q);
            q += 1;
            if let Err(x) = wake(p, s, w, stages, v) {
                clear_pending(w);
                return Err(x);
            }
        }
        let Some(k) = w.pending.pop() else { return Ok(q) };
        w.is_pending[k as usize] = false;
        if let Err(x) = once::country(p, s, w, k as usize) {
            clear_pending(w);
            return Err(x);
        }
    }
}

fn clear_pending(w: &mut Work) {
    for &k in &w.pending {
        w.is_pending[k as usize] = false;
    }
    w.pending.clear();
}

/// The global rules, cheapest first: `loop`'s premature cycles, `loop`'s
/// reach, `macro`.
const GLOBALS: usize = 3;

/// Whether a change of variable `v` (now decided) can give global rule `g`
/// something new to deduce: the cycle rule reads used cells and on-edges
/// (an unused cell or an off-edge is on no chain),
/// reach reads cells and off-edges, macro reads border edges.
///
/// A cell becoming used can change reach's answer only when no cell was used
/// before (`had_used` false): once one is, reach at its fixpoint has left the
/// cells still possible in one component, which a used cell inside it does
/// not change.
#[inline]
fn wakes_global(p: &Puzzle, s: &State, g: usize, v: usize, had_used: bool) -> bool {
    let n = p.board.num_cells();
    match g {
        0 => s.val[v] == ON,
        1 => {
            if v < n {
                s.val[v] == OFF || !had_used
            } else {
                s.val[v] == OFF
            }
        }
        _ => v >= n && p.board.is_border(v - n),
    }
}

/// Whether variable `v`, turned off, leaves reach nothing to deduce:
/// - an edge with one of its cells already off (then it was in no path);
/// - an edge with both unit squares beside it still possible (their other
///   cells and edges not off), or with one such square S whose three other
///   edges each lie on another possible square;
/// - a cell whose ring of neighbours is still possible (its cells and the
///   edges joining them), holds a cell of its country, and is either whole
///   (eight cells, a cycle) or an arc on the rim whose every edge lies on a
///   possible square without the cell.
///
/// Why: at reach's fixpoint every component of the graph of possible cells
/// and edges is bridgeless, and each kept component touches every country.
/// A cycle through the removed edge (cell) can go round a square (the ring)
/// instead, which keeps the component connected; every other edge then still
/// lies on a closed walk that uses it once, hence on a cycle, unless it is on
/// that detour, and the conditions give such edges a cycle of their own (the
/// other square, the other way round a whole ring, an outer square). So no
/// bridge appears, the components are the same, and with the ring's cell of
/// the same country each still touches every country: reach (components,
/// bridges) deduces nothing new. Checked against the current state, which
/// has every change since the last run of reach: squares and rings are then
/// possible at each earlier step too, so the argument applies removal by
/// removal.
#[inline]
pub(super) fn keeps_reach(p: &Puzzle, s: &State, v: usize) -> bool {
    let b = &p.board;
    let n = b.num_cells();
    let possible = |sq: &Square| {
        sq.cells.iter().all(|&c| s.cell(c as usize) != OFF) && sq.edges.iter().all(|&f| s.edge(f as usize) != OFF)
    };
    // Edge `f` lies on a possible square for which `apart` holds.
    let on_square = |f: u32, apart: &dyn Fn(&Square) -> bool| {
        b.edge_squares[f as usize].iter().flatten().any(|sq| apart(sq) && possible(sq))
    };
    if v < n {
        let ring = &b.cell_rings[v];
        let ok = s.val[v] == OFF
            && ring.cells.iter().all(|&c| c == Ring::NONE || s.cell(c as usize) != OFF)
            && ring.edges.iter().all(|&f| f == Ring::NONE || s.edge(f as usize) != OFF)
            && ring.cells.iter().any(|&c| c != Ring::NONE && b.region[c as usize] == b.region[v]);
        return ok
            && (ring.is_whole()
                || ring
                    .edges
                    .iter()
                    .all(|&f| f == Ring::NONE || on_square(f, &|sq: &Square| !sq.cells.contains(&(v as u32)))));
    }
    let e = v - n;
    if b.edge_cells(e).iter().any(|&c| s.cell(c as usize) == OFF) {
        return true;
    }
    let [a, c] = b.edge_squares[e].map(|sq| sq.filter(|sq| possible(sq)));
    match (a, c) {
        (Some(_), Some(_)) => true,
        // A square of `f` other than `sq` shares only `f` with it, so it
        // avoids `e`: `!sq.edges.contains(&e)` picks the other one.
        (Some(sq), None) | (None, Some(sq)) => {
            sq.edges.iter().all(|&f| on_square(f, &|o: &Square| !o.edges.contains(&(e as u32))))
        }
        (None, None) => false,
    }
}

fn run_queue(
    p: &Puzzle,
    s: &mut State,
    w: &mut Work,
    stages: Stages,
    head: usize,
    force: bool,
) -> std::result::Result<(), Contradiction> {
    // With LIGHT_PROBE (a search's probe hypotheses) reach stays out.
    let reach = stages.has(Stages::LOOP) && !stages.has(Stages::LIGHT_PROBE);
    let enabled = [stages.loop_core(), reach, stages.has(Stages::MACRO)];
    let mut q = head;
    // Trail position up to which each global rule has looked for a reason to
    // run, and whether it has one.
    let mut scanned = [head; GLOBALS];
    let mut due = [force; GLOBALS];
    let n = p.board.num_cells();
    let on_counts =
        |s: &State| (s.val[..n].iter().filter(|&&v| v == ON).count(), s.val[n..].iter().filter(|&&v| v == ON).count());
    // Used cells and on-edges in the state at `head`.
    let (used_then, on_then) = {
        let (mut used, mut on) = on_counts(s);
        for i in head..s.trail_len() {
            let v = s.trail_at(i);
            if s.val[v] == ON {
                if v < n {
                    used -= 1;
                } else {
                    on -= 1;
                }
            }
        }
        (used, on)
    };
    // Whether a cell was used in the state at `head` (see `wakes_global`).
    let had_used = !force && used_then > 0;
    // The premature-cycle rule goes on from its last fixpoint (`head`, then
    // the end of each of its runs) unless a chain could have been spared
    // there (see `loop_rule::cycles_from`).
    let mut cycles_from = head;
    let mut cycles_whole = force || loop_rule::maybe_whole_chain(used_then, on_then);
    loop {
        q = drain(p, s, w, stages, q)?;
        let mut progress = false;
        for g in 0..GLOBALS {
            if !enabled[g] {
                continue;
            }
            let end = s.trail_len();
            if !due[g] {
                due[g] = (scanned[g]..end).any(|i| {
                    let v = s.trail_at(i);
                    wakes_global(p, s, g, v, had_used) && !(g == 1 && keeps_reach(p, s, v))
                });
            }
            scanned[g] = end;
            if !due[g] {
                continue;
            }
            due[g] = false;
            match g {
                0 => {
                    let changed = if cycles_whole {
                        loop_rule::cycles(p, s, w)?
                    } else {
                        loop_rule::cycles_from(p, s, w, cycles_from)?
                    };
                    cycles_from = s.trail_len();
                    let (used, on) = on_counts(s);
                    cycles_whole = loop_rule::maybe_whole_chain(used, on);
                    changed
                }
                1 => loop_rule::reach(p, s, w)?,
                _ => macro_rule::run(p, s, w)?,
            };
            if s.trail_len() > end {
                // Back to the cheap local rules first.
                progress = true;
                break;
            }
        }
        if !progress {
            return Ok(());
        }
    }
}

/// The full fixpoint of the chosen stages, `probe` included when chosen;
/// returns the number of probe hypotheses tried. When `g` halts, `probe`
/// returns early: the state is then sound but not at the fixpoint, and the
/// caller must look at `g` before trusting it as one. `known`: a solution
/// that extends `s`, if the caller has one (see [`probe`]).
pub fn fixpoint(
    p: &Puzzle,
    s: &mut State,
    w: &mut Work,
    stages: Stages,
    known: Option<&[u8]>,
    g: &mut Budget<'_, '_>,
) -> std::result::Result<u64, Contradiction> {
    propagate(p, s, w, stages.without(Stages::LIGHT_PROBE))?;
    if !stages.has(Stages::PROBE) {
        return Ok(0);
    }
    let hypotheses = probe::run(p, s, w, stages.without(Stages::PROBE), known, g)?;
    after_light_probe(p, s, w, stages)?;
    Ok(hypotheses)
}

/// After a light probe (see [`Stages::LIGHT_PROBE`]), reach looks at what it
/// deduced: the node's state is then at the fixpoint of every chosen stage
/// but `probe` again, as the next propagation from it assumes.
fn after_light_probe(
    p: &Puzzle,
    s: &mut State,
    w: &mut Work,
    stages: Stages,
) -> std::result::Result<(), Contradiction> {
    if stages.has(Stages::LIGHT_PROBE) && stages.has(Stages::LOOP) {
        let head = s.trail_len();
        if loop_rule::reach(p, s, w)? {
            propagate_from(p, s, w, stages.without(Stages::LIGHT_PROBE), head)?;
        }
    }
    Ok(())
}

/// [`fixpoint`] from a state that was at the fixpoint before the variables
/// assigned from trail position `head` on.
pub fn fixpoint_from(
    p: &Puzzle,
    s: &mut State,
    w: &mut Work,
    stages: Stages,
    head: usize,
    g: &mut Budget<'_, '_>,
) -> std::result::Result<u64, Contradiction> {
    propagate_from(p, s, w, stages.without(Stages::LIGHT_PROBE), head)?;
    if !stages.has(Stages::PROBE) {
        return Ok(0);
    }
    // Below the root a branch may exclude any known solution: no hint there.
    let hypotheses = probe::run(p, s, w, stages.without(Stages::PROBE), None, g)?;
    after_light_probe(p, s, w, stages)?;
    Ok(hypotheses)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stage_bits_follow_the_name_table() {
        let bits = [Stages::REGION, Stages::ONCE, Stages::LOOP, Stages::MACRO, Stages::PROBE];
        assert_eq!(bits.len(), STAGE_NAMES.len());
        for (i, name) in STAGE_NAMES.iter().enumerate() {
            assert_eq!(Stages::parse(&[name]).unwrap(), Stages::NONE.with(bits[i]), "{name}");
        }
        assert_eq!(Stages::parse(&STAGE_NAMES).unwrap(), Stages::ALL);
        assert!(Stages::parse(&["search"]).is_err(), "search is a level, not a stage");
    }
}
