//! Stage `region`: cell bookkeeping. A used cell is one the loop passes
//! through, so: no line at an unused cell, both ends of a used line are used,
//! a cell with every edge off is unused, two unused cells across a border are
//! forbidden (rule 4), and a number bounds the used cells from both sides.
//!
//! Each rule reads one cell, one border edge or one country; [`run`] applies
//! them all once, and the worklist in `stages/mod.rs` re-applies only those
//! that read a variable that changed.

use crate::country::board::EdgeKind;
use crate::country::puzzle::Puzzle;
use crate::country::state::{Contradiction, State, Step, OFF, ON, UNDECIDED};

/// Every rule of the stage once over the whole board (the sweep the worklist
/// is tested against).
#[cfg(test)]
pub fn run(p: &Puzzle, s: &mut State) -> Step {
    let b = &p.board;
    let mut changed = false;
    for c in 0..b.num_cells() {
        changed |= cell(p, s, c)?;
    }
    for e in 0..b.num_edges() {
        changed |= border_edge(p, s, e)?;
    }
    for k in 0..b.num_countries() {
        changed |= number(p, s, k)?;
    }
    Ok(changed)
}

/// A cell and its edges agree: unused means no line, a line means used, no
/// possible line means unused. Reads the cell and its edges. `loop`'s degree
/// rule deduces all of this and more on any state (a line means used, fewer
/// than two possible lines means unused or a contradiction), so the worklist
/// runs this rule only when `loop` is not chosen.
#[inline]
pub fn cell(p: &Puzzle, s: &mut State, c: usize) -> Step {
    let edges = p.board.cell_edges(c);
    let mut changed = false;
    match s.cell(c) {
        OFF => {
            for &e in edges {
                changed |= s.set_edge(e as usize, OFF)?;
            }
        }
        st => {
            let mut any_on = false;
            let mut all_off = true;
            for &e in edges {
                match s.edge(e as usize) {
                    ON => {
                        any_on = true;
                        all_off = false;
                    }
                    UNDECIDED => all_off = false,
                    _ => {}
                }
            }
            if any_on {
                changed |= s.set_cell(c, ON)?;
            } else if all_off && st == UNDECIDED {
                changed |= s.set_cell(c, OFF)?;
            } else if all_off {
                return Err(Contradiction);
            }
        }
    }
    Ok(changed)
}

/// Rule 4 across one edge: when it is a border and one side is unused, the
/// other is used. Reads the edge's two cells.
#[inline]
pub fn border_edge(p: &Puzzle, s: &mut State, e: usize) -> Step {
    let b = &p.board;
    if let EdgeKind::Border(_) = b.edge_kind[e] {
        let [x, y] = b.edge_cells(e);
        let (x, y) = (x as usize, y as usize);
        if s.cell(x) == OFF {
            return s.set_cell(y, ON);
        } else if s.cell(y) == OFF {
            return s.set_cell(x, ON);
        }
    }
    Ok(false)
}

/// The number of country `k` bounds its used cells. Reads the country's cells.
pub fn number(p: &Puzzle, s: &mut State, k: usize) -> Step {
    let b = &p.board;
    let Some(n) = b.numbers[k] else { return Ok(false) };
    let cells = &b.country_cells[k];
    let n = n as usize;
    let (mut used, mut unused) = (0, 0);
    for &c in cells {
        match s.cell(c as usize) {
            ON => used += 1,
            OFF => unused += 1,
            _ => {}
        }
    }
    let possible = cells.len() - unused;
    if used > n || possible < n {
        return Err(Contradiction);
    }
    let mut changed = false;
    if used == n && possible > n {
        for &c in cells {
            if s.cell(c as usize) == UNDECIDED {
                changed |= s.set_cell(c as usize, OFF)?;
            }
        }
    } else if possible == n && used < n {
        for &c in cells {
            if s.cell(c as usize) == UNDECIDED {
                changed |= s.set_cell(c as usize, ON)?;
            }
        }
    }
    Ok(changed)
}
