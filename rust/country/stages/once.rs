//! Stage `once`: each country is visited exactly once. Its border is crossed
//! exactly twice, at least one of its cells is used, no border between the
//! same two countries is crossed twice (K >= 3: a Hamiltonian cycle of at
//! least three nodes uses each region-graph edge at most once), and its used
//! cells are consecutive on the loop, hence connected inside the country.

use crate::country::board::EdgeKind;
use crate::country::puzzle::Puzzle;
use crate::country::state::{Contradiction, State, Step, OFF, ON, UNDECIDED};
use crate::country::work::Work;

/// Every rule of the stage once over the whole board (the sweep the worklist
/// is tested against).
#[cfg(test)]
pub fn run(p: &Puzzle, s: &mut State, w: &mut Work) -> Step {
    let b = &p.board;
    let mut changed = false;
    for k in 0..b.num_countries() {
        changed |= country(p, s, w, k)?;
    }
    for i in 0..b.borders.len() {
        changed |= border(p, s, i)?;
    }
    Ok(changed)
}

/// The rules of one country: its border crossed exactly twice, one used cell
/// at least, its used cells connected inside it. Reads the country's cells,
/// its inside edges and its border edges.
pub fn country(p: &Puzzle, s: &mut State, w: &mut Work, k: usize) -> Step {
    let b = &p.board;
    let cells = &b.country_cells[k];
    let mut changed = exactly_two(s, &b.country_border_edges[k])?;
    // At least one used cell.
    let (mut used, mut open, mut last_open) = (0, 0, 0usize);
    for &c in cells {
        match s.cell(c as usize) {
            ON => used += 1,
            UNDECIDED => {
                open += 1;
                last_open = c as usize;
            }
            _ => {}
        }
    }
    if used == 0 {
        if open == 0 {
            return Err(Contradiction);
        }
        if open == 1 {
            changed |= s.set_cell(last_open, ON)?;
            used = 1;
        }
    }
    if used == 0 {
        return Ok(changed);
    }
    // Connected inside the country: flood from one used cell.
    let st = w.next_stamp();
    let start = cells.iter().copied().find(|&c| s.cell(c as usize) == ON).unwrap();
    w.stack.clear();
    w.stack.push(start);
    w.seen[start as usize] = st;
    while let Some(c) = w.stack.pop() {
        for &(e, d) in b.links(c as usize) {
            let (e, d) = (e as usize, d as usize);
            if b.edge_kind[e] != EdgeKind::Inside || s.edge(e) == OFF {
                continue;
            }
            if w.seen[d] != st && s.cell(d) != OFF {
                w.seen[d] = st;
                w.stack.push(d as u32);
            }
        }
    }
    for &c in cells {
        let c = c as usize;
        if w.seen[c] != st {
            match s.cell(c) {
                ON => return Err(Contradiction),
                UNDECIDED => changed |= s.set_cell(c, OFF)?,
                _ => {}
            }
        }
    }
    Ok(changed)
}

/// With three or more countries, border `i` (between two countries) is
/// crossed at most once. Reads the border's edges.
pub fn border(p: &Puzzle, s: &mut State, i: usize) -> Step {
    let b = &p.board;
    if b.num_countries() < 3 {
        return Ok(false);
    }
    let edges = &b.border_edges[i];
    let on = edges.iter().filter(|&&e| s.edge(e as usize) == ON).count();
    if on > 1 {
        return Err(Contradiction);
    }
    let mut changed = false;
    if on == 1 {
        for &e in edges {
            if s.edge(e as usize) == UNDECIDED {
                changed |= s.set_edge(e as usize, OFF)?;
            }
        }
    }
    Ok(changed)
}

/// Exactly two of `edges` are on.
fn exactly_two(s: &mut State, edges: &[u32]) -> Step {
    let (mut on, mut open) = (0, 0);
    for &e in edges {
        match s.edge(e as usize) {
            ON => on += 1,
            UNDECIDED => open += 1,
            _ => {}
        }
    }
    if on > 2 || on + open < 2 {
        return Err(Contradiction);
    }
    let mut changed = false;
    if open > 0 && (on == 2 || on + open == 2) {
        let v = if on == 2 { OFF } else { ON };
        for &e in edges {
            if s.edge(e as usize) == UNDECIDED {
                changed |= s.set_edge(e as usize, v)?;
            }
        }
    }
    Ok(changed)
}
