//! Whether a full edge assignment is a Slitherlink solution: one non-empty
//! loop and every clue counted exactly.

use super::board::Board;
use super::engine::ON;
use crate::grid::NONE;

/// `on[e]` is ON (1) for a line; any other value is no line.
pub fn is_solution(board: &Board, on: &[u8]) -> bool {
    let g = &board.grid;
    for (cell, &clue) in board.clues.iter().enumerate() {
        if clue >= 0 && g.cell_edges[cell].iter().filter(|&&e| on[e as usize] == ON).count() as i8 != clue {
            return false;
        }
    }
    let mut total = 0usize;
    for p in 0..g.num_points() {
        let d = g.edges_at(p).iter().filter(|&&e| on[e as usize] == ON).count();
        if d != 0 && d != 2 {
            return false;
        }
        total += d;
    }
    one_loop(board, on, total / 2)
}

/// Whether the on-edges of `on`, `lines` of them, all at points of degree 0
/// or 2, form one loop: the loop through the first on-edge holds them all.
pub fn one_loop(board: &Board, on: &[u8], lines: usize) -> bool {
    let g = &board.grid;
    let Some(start) = on.iter().position(|&v| v == ON) else { return false };
    // Walk the loop through `start`; it must hold every line.
    let (mut prev, mut at) = (start as u32, g.edge_points[start][1]);
    let home = g.edge_points[start][0];
    let mut walked = 1;
    while at != home {
        let next = board.point_slots[at as usize]
            .iter()
            .copied()
            .find(|&x| x != NONE && x != prev && on[x as usize] == ON)
            .expect("degree 2 was checked");
        let [a, b] = g.edge_points[next as usize];
        at = if a == at { b } else { a };
        prev = next;
        walked += 1;
    }
    walked == lines
}
