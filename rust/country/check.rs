//! The rules checked directly on a complete set of edges: used at the leaves
//! of the search (so a solution never rests on the ladder alone) and by the
//! tests' brute force.

use super::board::{Board, EdgeKind};

/// Whether `on` (one 0/1 byte per edge) is a Country Road solution.
pub fn is_solution(b: &Board, on: &[u8]) -> bool {
    let n = b.num_cells();
    let mut deg = vec![0u8; n];
    let mut first = usize::MAX;
    let mut edges_on = 0;
    for (e, &x) in on.iter().enumerate().take(b.num_edges()) {
        if x == 0 {
            continue;
        }
        if b.edge_kind[e] == EdgeKind::Blocked {
            return false;
        }
        edges_on += 1;
        for c in b.edge_cells(e) {
            deg[c as usize] += 1;
            first = c as usize;
        }
    }
    if edges_on == 0 || deg.iter().any(|&d| d != 0 && d != 2) {
        return false;
    }
    // Rule 1: one loop. Walk it from `first` and count its length.
    let (mut cur, mut via, mut len) = (first, usize::MAX, 0);
    loop {
        let e = b.cell_edges(cur).iter().map(|&e| e as usize).find(|&e| e != via && on[e] != 0).unwrap();
        via = e;
        cur = b.other(e, cur);
        len += 1;
        if cur == first {
            break;
        }
    }
    if len != edges_on {
        return false;
    }
    // Rule 2: each country's border crossed exactly twice (on one loop, that
    // is entering and leaving once, so its used cells are consecutive).
    for edges in &b.country_border_edges {
        if edges.iter().filter(|&&e| on[e as usize] != 0).count() != 2 {
            return false;
        }
    }
    // Rule 3: numbers.
    for (k, cells) in b.country_cells.iter().enumerate() {
        if let Some(x) = b.numbers[k] {
            if cells.iter().filter(|&&c| deg[c as usize] != 0).count() != x as usize {
                return false;
            }
        }
    }
    // Rule 4: no two unused cells across a border.
    (0..b.num_edges()).all(|e| {
        !b.is_border(e) || {
            let [x, y] = b.edge_cells(e);
            deg[x as usize] != 0 || deg[y as usize] != 0
        }
    })
}
