//! Stage `loop`: the structure of one closed loop. Degree 0 or 2 at every
//! cell (dead ends die), no closed cycle that is not the whole answer, no
//! edge that would close one, and everything the loop uses lies in one
//! 2-edge-connected piece of the graph of cells and edges still possible.
//!
//! The premature-cycle test never compares counts of cells with and without
//! a line: "the chain is the whole loop" is asked as "the chain visits every
//! country and no cell marked used lies off the chain", which stays true when
//! an edge has been decided before its cells (a count-based test misfires
//! there).

use crate::country::puzzle::Puzzle;
use crate::country::state::{Contradiction, State, Step, OFF, ON, UNDECIDED};
use crate::country::work::Work;

/// Every rule of the stage once over the whole board (the sweep the worklist
/// is tested against).
#[cfg(test)]
pub fn run(p: &Puzzle, s: &mut State, w: &mut Work) -> Step {
    let mut changed = false;
    let n = p.board.num_cells();
    // Degrees to their own fixpoint first: `cycles` expects every cell with
    // an on-edge to be used, as it is when the worklist runs it.
    loop {
        let mut again = false;
        for c in 0..n {
            again |= degree(p, s, c)?;
        }
        changed |= again;
        if !again {
            break;
        }
    }
    // The walks of `cycles` follow on-edges and stop only at a chain end or
    // back at their start; a cell with three on-edges (possible here, when a
    // later cell's degree rule raised an earlier cell's degree after checking
    // it) could send one round a cycle it entered partway, for ever. Settle
    // degrees first. (The worklist runs `cycles` only when every degree rule
    // holds, so it needs no such check.)
    if (0..n).any(|c| on_degree(p, s, c) > 2) {
        return Err(Contradiction);
    }
    changed |= cycles(p, s, w)?;
    changed |= reach(p, s, w)?;
    Ok(changed)
}

/// Degree 0 or 2 at cell `c`. Reads the cell and its edges.
#[inline]
pub fn degree(p: &Puzzle, s: &mut State, c: usize) -> Step {
    let b = &p.board;
    let mut changed = false;
    {
        let edges = b.cell_edges(c);
        let st = s.cell(c);
        if st == OFF {
            for &e in edges {
                changed |= s.set_edge(e as usize, OFF)?;
            }
            return Ok(changed);
        }
        let (mut on, mut open) = (0, 0);
        for &e in edges {
            match s.edge(e as usize) {
                ON => on += 1,
                UNDECIDED => open += 1,
                _ => {}
            }
        }
        if on > 2 {
            return Err(Contradiction);
        }
        if on + open < 2 {
            if on > 0 || st == ON {
                return Err(Contradiction);
            }
            changed |= s.set_cell(c, OFF)?;
            for &e in edges {
                changed |= s.set_edge(e as usize, OFF)?;
            }
            return Ok(changed);
        }
        if on > 0 {
            changed |= s.set_cell(c, ON)?;
        }
        if open > 0 && on == 2 {
            for &e in edges {
                if s.edge(e as usize) == UNDECIDED {
                    changed |= s.set_edge(e as usize, OFF)?;
                }
            }
        } else if open > 0 && on + open == 2 && s.cell(c) == ON {
            for &e in edges {
                if s.edge(e as usize) == UNDECIDED {
                    changed |= s.set_edge(e as usize, ON)?;
                }
            }
        }
    }
    Ok(changed)
}

fn on_degree(p: &Puzzle, s: &State, c: usize) -> usize {
    p.board.cell_edges(c).iter().filter(|&&e| s.edge(e as usize) == ON).count()
}

/// Walks the on-path from `start` (entered through `via`, or none) until it
/// ends or returns to `start`; marks the cells with the current stamp and
/// returns (last cell, countries visited, cells marked used on it).
fn walk(p: &Puzzle, s: &State, w: &mut Work, start: usize) -> (usize, usize, usize) {
    let b = &p.board;
    let st = w.stamp;
    let cst = w.next_country_stamp();
    let (mut countries, mut used) = (0, 0);
    let mut cur = start;
    let mut via = u32::MAX;
    loop {
        w.seen[cur] = st;
        let k = b.region[cur];
        if k >= 0 && w.country_seen[k as usize] != cst {
            w.country_seen[k as usize] = cst;
            countries += 1;
        }
        if s.cell(cur) == ON {
            used += 1;
        }
        let next = b.links(cur).iter().copied().find(|&(e, _)| e != via && s.edge(e as usize) == ON);
        match next {
            None => return (cur, countries, used),
            Some((e, d)) => {
                let d = d as usize;
                if d == start {
                    return (start, countries, used);
                }
                via = e;
                cur = d;
            }
        }
    }
}

/// Premature cycles and the edges that would close one. Every cell must have
/// at most two on-edges when this runs.
pub fn cycles(p: &Puzzle, s: &mut State, w: &mut Work) -> Step {
    let n = p.board.num_cells();
    let (total_used, st) = cycles_start(p, s, w);
    let mut changed = false;
    // Only used cells can carry a chain: when this runs the degree rule has
    // made every cell with an on-edge used (and the sweep of the tests runs
    // it again until nothing changes). One pass: chains are walked from
    // their ends; cells of degree 2 not yet reached are kept aside (in
    // `w.stack`), and any of them no chain reached lies on a closed cycle.
    w.stack.clear();
    for c in 0..n {
        if s.cell(c) != ON || w.seen[c] == st {
            continue;
        }
        match on_degree(p, s, c) {
            1 => changed |= chain_from_end(p, s, w, c, total_used)?,
            2 => w.stack.push(c as u32),
            _ => {}
        }
    }
    let closed = w.stack.iter().map(|&c| c as usize).find(|&c| w.seen[c] != st);
    if let Some(c) = closed {
        // Every cell of a chain was stamped above, so c lies on a closed cycle.
        changed |= closed_cycle(p, s, w, c, total_used)?;
    }
    Ok(changed)
}

/// [`cycles`] from a state that was at its fixpoint before trail position
/// `from`, when no chain of that state could be the whole loop so far (so
/// none was spared by the rule: `maybe_whole_chain` false then). A chain
/// none of whose edges came on since then is unchanged, and so is what the
/// rule concluded about it (more used cells elsewhere cannot spare it); only
/// the chains through the edges turned on since `from` are walked.
pub fn cycles_from(p: &Puzzle, s: &mut State, w: &mut Work, from: usize) -> Step {
    let b = &p.board;
    let n = b.num_cells();
    let (total_used, st) = cycles_start(p, s, w);
    let mut changed = false;
    let mut i = from;
    while i < s.trail_len() {
        let v = s.trail_at(i);
        i += 1;
        if v < n || s.val[v] != ON {
            continue;
        }
        let a = b.edge_cells(v - n)[0] as usize;
        if w.seen[a] == st {
            continue;
        }
        // To one end of the chain (or round a closed cycle back to `a`).
        let (end, _, _) = walk(p, s, w, a);
        if end == a && on_degree(p, s, a) == 2 {
            return Ok(changed | closed_cycle(p, s, w, a, total_used)?);
        }
        changed |= chain_from_end(p, s, w, end, total_used)?;
    }
    Ok(changed)
}

/// What both forms of the rule start from: the used cells counted, and a
/// fresh stamp for the cells the walks reach.
fn cycles_start(p: &Puzzle, s: &State, w: &mut Work) -> (usize, u32) {
    let n = p.board.num_cells();
    debug_assert!((0..n).all(|c| s.cell(c) == ON || on_degree(p, s, c) == 0), "an on-edge at a cell not used");
    (s.val[..n].iter().filter(|&&v| v == ON).count(), w.next_stamp())
}

/// Whether the used cells and on-edges of `s` could form a single chain
/// (cells = edges + 1: paths with one component), the one case where
/// [`cycles`] may spare a chain and [`cycles_from`] does not apply.
pub fn maybe_whole_chain(used: usize, on_edges: usize) -> bool {
    used >= 2 && used == on_edges + 1
}

/// The chain with end `c`: unless it visits every country and every used
/// cell, the edge that would close it is off.
fn chain_from_end(p: &Puzzle, s: &mut State, w: &mut Work, c: usize, total_used: usize) -> Step {
    let b = &p.board;
    let (end, countries, used) = walk(p, s, w, c);
    if countries == b.num_countries() && used == total_used {
        return Ok(false);
    }
    // Closing this chain would end the loop too early.
    let mut changed = false;
    for &(e, d) in b.links(c) {
        if s.edge(e as usize) == UNDECIDED && d as usize == end {
            changed |= s.set_edge(e as usize, OFF)?;
        }
    }
    Ok(changed)
}

/// `c` lies on a closed cycle: it is the answer (every country, every used
/// cell) and everything else is off, or a contradiction.
fn closed_cycle(p: &Puzzle, s: &mut State, w: &mut Work, c: usize, total_used: usize) -> Step {
    let b = &p.board;
    let cyc = w.next_stamp();
    let (_, countries, used) = walk(p, s, w, c);
    if countries < b.num_countries() || used < total_used {
        return Err(Contradiction);
    }
    let mut changed = false;
    for e in 0..b.num_edges() {
        if s.edge(e) != ON {
            changed |= s.set_edge(e, OFF)?;
        }
    }
    for d in 0..b.num_cells() {
        if w.seen[d] != cyc {
            changed |= s.set_cell(d, OFF)?;
        }
    }
    Ok(changed)
}

/// Components and bridges of the graph of possible cells and edges.
pub fn reach(p: &Puzzle, s: &mut State, w: &mut Work) -> Step {
    let b = &p.board;
    let n = b.num_cells();
    let k = b.num_countries();
    const UNSEEN: u32 = u32::MAX;
    w.disc.fill(UNSEEN);
    let mut bridges: Vec<u32> = std::mem::take(&mut w.stack);
    bridges.clear();
    let mut time = 0u32;
    let mut ncomp = 0u32;
    // Per component: countries touched and whether it holds a used cell.
    let mut comp_info: Vec<(usize, bool)> = Vec::new();
    for root in 0..n {
        if w.disc[root] != UNSEEN || s.cell(root) == OFF {
            continue;
        }
        let id = ncomp;
        ncomp += 1;
        let cst = w.next_country_stamp();
        let (mut countries, mut has_used) = (0usize, false);
        w.disc[root] = time;
        w.low[root] = time;
        time += 1;
        w.frames.clear();
        w.frames.push((root as u32, u32::MAX, 0));
        'dfs: while let Some(top) = w.frames.last_mut() {
            let (v, via) = (top.0 as usize, top.1);
            let links = b.links(v);
            // The rest of v's edges in one go; a tree edge saves the place
            // and descends.
            let mut pos = top.2 as usize;
            while pos < links.len() {
                let (e, d) = links[pos];
                pos += 1;
                let d = d as usize;
                if e == via || s.edge(e as usize) == OFF || s.cell(d) == OFF {
                    continue;
                }
                if w.disc[d] == UNSEEN {
                    top.2 = pos as u32;
                    w.disc[d] = time;
                    w.low[d] = time;
                    time += 1;
                    w.frames.push((d as u32, e, 0));
                    continue 'dfs;
                }
                w.low[v] = w.low[v].min(w.disc[d]);
            }
            w.frames.pop();
            w.comp[v] = id;
            let r = b.region[v];
            if r >= 0 && w.country_seen[r as usize] != cst {
                w.country_seen[r as usize] = cst;
                countries += 1;
            }
            has_used |= s.cell(v) == ON;
            if let Some(&(u, _, _)) = w.frames.last() {
                let u = u as usize;
                w.low[u] = w.low[u].min(w.low[v]);
                if w.low[v] > w.disc[u] {
                    bridges.push(via);
                }
            }
        }
        comp_info.push((countries, has_used));
    }
    let used_comps = comp_info.iter().filter(|c| c.1).count();
    if used_comps > 1 {
        w.stack = bridges;
        return Err(Contradiction);
    }
    let keep = |info: &(usize, bool)| info.0 == k && (used_comps == 0 || info.1);
    if used_comps == 1 && !keep(comp_info.iter().find(|c| c.1).unwrap()) {
        w.stack = bridges;
        return Err(Contradiction);
    }
    let mut changed = false;
    let mut result = Ok(());
    for &e in &bridges {
        if let Err(x) = s.set_edge(e as usize, OFF).map(|ch| changed |= ch) {
            result = Err(x);
            break;
        }
    }
    w.stack = bridges;
    result?;
    for c in 0..n {
        if s.cell(c) != OFF && !keep(&comp_info[w.comp[c] as usize]) {
            changed |= s.set_cell(c, OFF)?;
        }
    }
    Ok(changed)
}
