//! `closedComponent` of v1, with v1's visiting order (docs/loop-v1.md): points in the
//! order they first appear in the edge list, each component flooded
//! breadth-first, edges collected as the flood meets them.

use crate::error::{Error, Result};
use crate::grid::Grid;

/// The first connected component of the given edges that is a simple cycle,
/// as `(points, edges)` in visiting order, or `None`.
pub fn closed_component(grid: &Grid, edges: &[usize]) -> Result<Option<(Vec<usize>, Vec<usize>)>> {
    if let Some(&e) = edges.iter().find(|&&e| e >= grid.num_edges()) {
        return Err(Error::InvalidArgument(format!("edge id {e} is out of range (0..{})", grid.num_edges())));
    }
    let points = grid.num_points();
    let mut adj: Vec<Vec<(u32, u32)>> = vec![Vec::new(); points];
    let mut keys: Vec<u32> = Vec::new();
    for &e in edges {
        let [a, b] = grid.edge_points[e];
        for (p, q) in [(a, b), (b, a)] {
            if adj[p as usize].is_empty() {
                keys.push(p);
            }
            adj[p as usize].push((q, e as u32));
        }
    }
    let mut seen = vec![false; points];
    let mut edge_seen = vec![false; grid.num_edges()];
    for &v in &keys {
        if seen[v as usize] {
            continue;
        }
        seen[v as usize] = true;
        let mut queue = vec![v];
        let mut comp_edges: Vec<usize> = Vec::new();
        let mut i = 0;
        while i < queue.len() {
            let cur = queue[i];
            i += 1;
            for &(nb, e) in &adj[cur as usize] {
                if !edge_seen[e as usize] {
                    edge_seen[e as usize] = true;
                    comp_edges.push(e as usize);
                }
                if !seen[nb as usize] {
                    seen[nb as usize] = true;
                    queue.push(nb);
                }
            }
        }
        let all_degree_2 = queue.iter().all(|&u| adj[u as usize].len() == 2);
        if all_degree_2 && comp_edges.len() == queue.len() {
            return Ok(Some((queue.iter().map(|&p| p as usize).collect(), comp_edges)));
        }
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_a_unit_square_and_ignores_a_path() {
        let g = Grid::new(3, 3).unwrap();
        let path = [g.h(0, 0), g.h(0, 1)];
        let square = g.cell_edges[4].map(|e| e as usize);
        let mut edges = path.to_vec();
        edges.extend(square);
        let (pts, es) = closed_component(&g, &edges).unwrap().unwrap();
        assert_eq!(pts.len(), 4);
        let mut es = es;
        es.sort();
        let mut sq = square.to_vec();
        sq.sort();
        assert_eq!(es, sq);
        assert!(closed_component(&g, &path).unwrap().is_none());
        assert!(closed_component(&g, &[99]).is_err());
    }
}
