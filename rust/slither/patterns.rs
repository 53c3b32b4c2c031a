//! Static patterns read from the clues alone, before any propagation.
//!
//! Two orthogonally adjacent 3s: if the side between them were off, each 3
//! would be a U of three sides and together they would close a loop around
//! the two cells. That loop is a solution only when it is the whole puzzle,
//! so the middle side is on whenever some clue disagrees with that loop. The
//! local rules then draw the rest of the classic pattern (the two far sides).
//! Diagonal 3s, 0-3 and corner patterns need no table here: the corner pair
//! bits between cells and points derive them.

use super::board::Board;

/// Edges that every solution turns on.
pub fn forced_on(board: &Board) -> Vec<u32> {
    let g = &board.grid;
    let mut out = Vec::new();
    for a in 0..g.rows * g.cols {
        out.extend(forced_on_at(board, &board.clues, a, true));
    }
    out
}

/// The middle sides forced on between the 3 at cell `a` and an adjacent 3,
/// with the clues `clues`: only towards the right and down when `forward`
/// (each pair once), else on all four sides.
pub fn forced_on_at(board: &Board, clues: &[i8], a: usize, forward: bool) -> Vec<u32> {
    let g = &board.grid;
    let mut out = Vec::new();
    if clues[a] != 3 {
        return out;
    }
    let (r, c) = (a / g.cols, a % g.cols);
    // Right neighbour, lower neighbour, then (unless forward) left and upper.
    let nbrs = [
        (3usize, (c + 1 < g.cols).then(|| a + 1)),
        (1usize, (r + 1 < g.rows).then(|| a + g.cols)),
        (2usize, (!forward && c > 0).then(|| a - 1)),
        (0usize, (!forward && r > 0).then(|| a - g.cols)),
    ];
    for (side, b) in nbrs {
        let Some(b) = b else { continue };
        if clues[b] != 3 {
            continue;
        }
        if !two_cell_loop_is_solution(board, clues, a, b, side) {
            out.push(g.cell_edges[a][side]);
        }
    }
    out
}

/// Whether the loop around cells `a` and `b` (b across side `side` of a)
/// satisfies every clue.
fn two_cell_loop_is_solution(board: &Board, clues: &[i8], a: usize, b: usize, side: usize) -> bool {
    let g = &board.grid;
    let middle = g.cell_edges[a][side];
    let ring: Vec<u32> =
        g.cell_edges[a].iter().chain(g.cell_edges[b].iter()).copied().filter(|&e| e != middle).collect();
    // Cells touched by the ring, with their count of ring edges.
    let mut touched: Vec<(u32, i8)> = Vec::new();
    for &e in &ring {
        for x in board.edge_cells[e as usize] {
            if x == board.out {
                continue;
            }
            match touched.iter_mut().find(|(y, _)| *y == x) {
                Some(t) => t.1 += 1,
                None => touched.push((x, 1)),
            }
        }
    }
    let nonzero = clues.iter().filter(|&&c| c > 0).count();
    let touched_nonzero = touched.iter().filter(|(x, _)| clues[*x as usize] > 0).count();
    if nonzero > touched_nonzero {
        return false;
    }
    touched.iter().all(|&(x, n)| clues[x as usize] < 0 || clues[x as usize] == n)
}
