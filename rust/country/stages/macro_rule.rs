//! Stage `macro`: Hamiltonicity of the region graph through the catalogue.
//! The cycles still possible are those containing every border already
//! crossed and no border already closed; a border in none of them is closed,
//! a border in all of them must be crossed. Only set operations per call; the
//! surviving cycles are a prefix of `State::alive_list`, undone by the trail.

use crate::country::puzzle::Puzzle;
use crate::country::state::{Contradiction, State, Step, OFF, ON, UNDECIDED};
use crate::country::work::Work;

pub fn run(p: &Puzzle, s: &mut State, w: &mut Work) -> Step {
    if !p.region_ok {
        return Err(Contradiction);
    }
    let Some(cat) = &p.catalogue else { return Ok(false) };
    let b = &p.board;
    let nw = cat.words;
    // words: crossed | closed | union | intersection
    w.words.clear();
    w.words.resize(4 * nw, 0);
    for (i, edges) in b.border_edges.iter().enumerate() {
        let (mut on, mut open) = (false, false);
        for &e in edges {
            match s.edge(e as usize) {
                ON => on = true,
                UNDECIDED => open = true,
                _ => {}
            }
        }
        if on {
            w.words[i / 64] |= 1 << (i % 64);
        } else if !open {
            w.words[nw + i / 64] |= 1 << (i % 64);
        }
    }
    let (masks, rest) = w.words.split_at_mut(2 * nw);
    let (crossed, closed) = masks.split_at(nw);
    let (union, inter) = rest.split_at_mut(nw);
    inter.fill(!0);
    let mut i = 0;
    while i < s.alive {
        let id = s.alive_list[i] as usize;
        let m = cat.mask(id);
        let ok = (0..nw).all(|j| m[j] & crossed[j] == crossed[j] && m[j] & closed[j] == 0);
        if ok {
            for j in 0..nw {
                union[j] |= m[j];
                inter[j] &= m[j];
            }
            i += 1;
        } else {
            s.alive -= 1;
            s.alive_list.swap(i, s.alive);
        }
    }
    if s.alive == 0 {
        return Err(Contradiction);
    }
    let mut changed = false;
    for (i, edges) in b.border_edges.iter().enumerate() {
        let bit = 1u64 << (i % 64);
        if union[i / 64] & bit == 0 {
            for &e in edges {
                changed |= s.set_edge(e as usize, OFF)?;
            }
        } else if inter[i / 64] & bit != 0 && crossed[i / 64] & bit == 0 {
            let mut open = edges.iter().filter(|&&e| s.edge(e as usize) == UNDECIDED);
            if let (Some(&e), None) = (open.next(), open.next()) {
                changed |= s.set_edge(e as usize, ON)?;
            }
        }
    }
    Ok(changed)
}
