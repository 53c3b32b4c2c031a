//! The v1 search: depth first on the lowest-numbered undecided edge, off
//! before on, stopping at two solutions or past the node limit. Node counts
//! are part of the v1 contract, so the counting follows the reference's
//! `visit` exactly: a node is counted before its propagation runs.

use super::propagate::{Engine, BOTH, OFF, ON};
use crate::error::Result;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SolveResult {
    /// Solutions in the order found (at most 2), as 0/1 per edge.
    pub solutions: Vec<Vec<u8>>,
    pub nodes: u64,
    pub truncated: bool,
}

struct Frame {
    edge: u32,
    next: u8,
    mark: usize,
}

pub fn solve(n: usize, clues: &[i8], node_limit: u64) -> Result<SolveResult> {
    let grid = super::grid_for(n)?;
    super::check_clues(clues, n)?;
    let mut out = SolveResult { solutions: Vec::new(), nodes: 0, truncated: false };
    let mut engine = Engine::new(&grid, clues);
    if !engine.run() {
        return Ok(out);
    }
    // The root visit: counted, and its propagation is the fixpoint just reached.
    out.nodes = 1;
    if out.nodes > node_limit {
        out.truncated = true;
        return Ok(out);
    }
    let mut stack: Vec<Frame> = Vec::new();
    // Edges below the top frame's edge are all decided, so the next branching
    // edge is searched from there.
    let mut from = 0usize;
    loop {
        // At a consistent fixpoint: branch or record a solution.
        match (from..engine.dom.len()).find(|&e| engine.dom[e] == BOTH) {
            Some(e) => stack.push(Frame { edge: e as u32, next: 0, mark: engine.mark() }),
            None => {
                // Propagation leaves a full assignment only when every point has
                // 0 or 2 on-edges, clues match and the on-edges form one cycle;
                // v1 still rejects the empty assignment.
                if engine.on_count > 0 {
                    out.solutions.push(engine.dom.iter().map(|&d| (d == ON) as u8).collect());
                    if out.solutions.len() >= 2 {
                        return Ok(out);
                    }
                }
            }
        }
        // Find the next child to visit.
        loop {
            let Some(top) = stack.last_mut() else { return Ok(out) };
            if top.next == 2 {
                let mark = top.mark;
                stack.pop();
                engine.undo_to(mark);
                continue;
            }
            let (edge, value, mark) = (top.edge, if top.next == 0 { OFF } else { ON }, top.mark);
            top.next += 1;
            engine.undo_to(mark);
            out.nodes += 1;
            if out.nodes > node_limit {
                out.truncated = true;
                return Ok(out);
            }
            if engine.assign(edge, value) && engine.run() {
                from = edge as usize + 1;
                break;
            }
        }
    }
}

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
    fn empty_board_is_truncated_or_has_two() {
        let r = solve(3, &[-1; 9], 20000).unwrap();
        assert_eq!(r.solutions.len(), 2);
        let r = solve(3, &[-1; 9], 5).unwrap();
        assert!(r.truncated);
        assert_eq!(r.nodes, 6);
    }
}
