//! Stage `region`: cell bookkeeping. A used cell is one the loop passes
//! through, so: no line at an unused cell, both ends of a used line are used,
//! a cell with every edge off is unused, two unused cells across a border are
//! forbidden (rule 4), and a number bounds the used cells from both sides.

use crate::country::board::EdgeKind;
use crate::country::puzzle::Puzzle;
use crate::country::state::{Contradiction, State, Step, OFF, ON, UNDECIDED};

pub fn run(p: &Puzzle, s: &mut State) -> Step {
    let b = &p.board;
    let mut changed = false;
    for c in 0..b.num_cells() {
        let edges = b.cell_edges(c);
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
    }
    for e in 0..b.num_edges() {
        if let EdgeKind::Border(_) = b.edge_kind[e] {
            let [x, y] = b.edge_cells(e);
            let (x, y) = (x as usize, y as usize);
            if s.cell(x) == OFF {
                changed |= s.set_cell(y, ON)?;
            } else if s.cell(y) == OFF {
                changed |= s.set_cell(x, ON)?;
            }
        }
    }
    for (k, cells) in b.country_cells.iter().enumerate() {
        let Some(n) = b.numbers[k] else { continue };
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
    }
    Ok(changed)
}
