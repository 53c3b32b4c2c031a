//! The region graph (one node per country, one edge per border) and the two
//! facts the solver takes from it: 2-connectivity (Hopcroft-Tarjan, O(V+E))
//! and the catalogue of its Hamiltonian cycles as bitmasks over borders.

use crate::error::{Error, Result};
use crate::interrupt::Stop;

use super::board::Board;

#[derive(Debug, Clone)]
pub struct RegionGraph {
    pub nodes: usize,
    /// Sorted pairs (a, b), a < b.
    pub borders: Vec<(u32, u32)>,
    /// `(neighbour, border index)` per node.
    pub adj: Vec<Vec<(u32, u32)>>,
    /// Bit written into a cycle's mask for each border (the identity, except
    /// in a restricted graph, whose masks stay over the full border list).
    pub ids: Vec<u32>,
    /// Number of borders of the full graph (mask width).
    pub total: usize,
}

/// Result of the depth-first search of Hopcroft and Tarjan.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Articulation {
    /// Whether every node is reachable from node 0.
    pub connected: bool,
    /// Cut vertices, sorted.
    pub cut_vertices: Vec<u32>,
    /// Bridges as indices into `borders`, sorted.
    pub bridges: Vec<u32>,
}

impl RegionGraph {
    pub fn from_board(board: &Board) -> RegionGraph {
        RegionGraph::new(board.num_countries(), board.borders.clone())
    }

    pub fn new(nodes: usize, borders: Vec<(u32, u32)>) -> RegionGraph {
        let mut adj = vec![Vec::new(); nodes];
        for (i, &(a, b)) in borders.iter().enumerate() {
            adj[a as usize].push((b, i as u32));
            adj[b as usize].push((a, i as u32));
        }
        let ids = (0..borders.len() as u32).collect();
        let total = borders.len();
        RegionGraph { nodes, borders, adj, ids, total }
    }

    /// The subgraph of the borders with `keep[i]`, masks still over all borders.
    pub fn restricted(&self, keep: &[bool]) -> RegionGraph {
        let sel: Vec<usize> = (0..self.borders.len()).filter(|&i| keep[i]).collect();
        let mut g = RegionGraph::new(self.nodes, sel.iter().map(|&i| self.borders[i]).collect());
        g.ids = sel.iter().map(|&i| self.ids[i]).collect();
        g.total = self.total;
        g
    }

    /// Cut vertices and bridges by one iterative DFS per component (no
    /// recursion, so no stack limit on large graphs).
    pub fn articulation(&self) -> Articulation {
        let n = self.nodes;
        const UNSEEN: u32 = u32::MAX;
        let mut disc = vec![UNSEEN; n];
        let mut low = vec![0u32; n];
        let mut is_cut = vec![false; n];
        let mut bridges = Vec::new();
        let mut time = 0u32;
        let mut components = 0;
        // Frame: (node, border used to enter it, next adjacency position).
        let mut stack: Vec<(u32, u32, usize)> = Vec::new();
        for root in 0..n {
            if disc[root] != UNSEEN {
                continue;
            }
            components += 1;
            disc[root] = time;
            low[root] = time;
            time += 1;
            let mut root_children = 0;
            stack.push((root as u32, u32::MAX, 0));
            while let Some(&mut (v, via, ref mut pos)) = stack.last_mut() {
                let v = v as usize;
                if *pos < self.adj[v].len() {
                    let (w, b) = self.adj[v][*pos];
                    *pos += 1;
                    if b == via {
                        continue;
                    }
                    let w = w as usize;
                    if disc[w] == UNSEEN {
                        disc[w] = time;
                        low[w] = time;
                        time += 1;
                        if v == root {
                            root_children += 1;
                        }
                        stack.push((w as u32, b, 0));
                    } else {
                        low[v] = low[v].min(disc[w]);
                    }
                } else {
                    stack.pop();
                    if let Some(&(p, _, _)) = stack.last() {
                        let p = p as usize;
                        low[p] = low[p].min(low[v]);
                        if low[v] > disc[p] {
                            bridges.push(via);
                        }
                        if p != root && low[v] >= disc[p] {
                            is_cut[p] = true;
                        }
                    }
                }
            }
            if root_children > 1 {
                is_cut[root] = true;
            }
        }
        bridges.sort_unstable();
        Articulation {
            connected: components <= 1,
            cut_vertices: (0..n as u32).filter(|&v| is_cut[v as usize]).collect(),
            bridges,
        }
    }

    /// Whether the graph can carry a closed walk visiting each node once in
    /// the Country Road sense: K = 2 with a border, or K >= 3, connected and
    /// without cut vertex (a Hamiltonian graph is 2-connected).
    pub fn may_be_hamiltonian(&self) -> bool {
        match self.nodes {
            0 | 1 => false,
            2 => !self.borders.is_empty(),
            _ => {
                let a = self.articulation();
                a.connected && a.cut_vertices.is_empty()
            }
        }
    }

    /// Every Hamiltonian cycle once (not per direction or start), as masks
    /// over borders. `Error::Capacity` when more than `cap` exist or the
    /// enumeration passes `step_budget` steps.
    pub fn hamiltonian_cycles(&self, cap: usize, step_budget: u64) -> Result<Catalogue> {
        self.hamiltonian_cycles_with_stop(cap, step_budget, &mut Stop::never())
    }

    /// [`RegionGraph::hamiltonian_cycles`] that ends with `Error::Interrupted`
    /// when `stop` asks.
    pub fn hamiltonian_cycles_with_stop(&self, cap: usize, step_budget: u64, stop: &mut Stop<'_>) -> Result<Catalogue> {
        let words = self.total.div_ceil(64).max(1);
        let mut cat = Catalogue { words, count: 0, masks: Vec::new() };
        if !self.may_be_hamiltonian() {
            return Ok(cat);
        }
        if self.nodes == 2 {
            // The walk A-B-A crosses the single border twice: two countries are
            // solved by a loop crossing their border twice (see country/mod.rs).
            if cap < 1 {
                return Err(cap_error(cap));
            }
            let mut m = vec![0u64; words];
            m[self.ids[0] as usize / 64] |= 1 << (self.ids[0] % 64);
            cat.push(&m);
            return Ok(cat);
        }
        let n = self.nodes;
        let mut visited = vec![false; n];
        // Open neighbours (unvisited, start, or the path's end) of each node.
        let mut open: Vec<u32> = self.adj.iter().map(|a| a.len() as u32).collect();
        let mut mask = vec![0u64; words];
        let mut path: Vec<u32> = vec![0];
        visited[0] = true;
        // Frame per path node: next adjacency position to try.
        let mut pos: Vec<usize> = vec![0];
        let mut via: Vec<u32> = vec![u32::MAX];
        let mut steps = 0u64;
        while let Some(&x) = path.last() {
            let x = x as usize;
            let depth = path.len();
            let p = pos[depth - 1];
            if p >= self.adj[x].len() {
                // Retreat: x leaves the path.
                path.pop();
                pos.pop();
                let b = via.pop().unwrap();
                if let Some(&prev) = path.last() {
                    visited[x] = false;
                    let prev = prev as usize;
                    mask[b as usize / 64] &= !(1u64 << (b % 64));
                    if prev != 0 {
                        for &(z, _) in &self.adj[prev] {
                            open[z as usize] += 1;
                        }
                    }
                }
                continue;
            }
            pos[depth - 1] += 1;
            let (y, b) = self.adj[x][p];
            let y = y as usize;
            let b = self.ids[b as usize];
            steps += 1;
            if stop.requested() {
                return Err(Error::Interrupted);
            }
            if steps > step_budget {
                return Err(Error::Capacity(format!(
                    "the Hamiltonian cycle enumeration passed its budget of {step_budget} steps"
                )));
            }
            if y == 0 {
                // Close the cycle when every node is on the path; count one
                // direction only (second node < last node).
                if depth == n && n >= 3 && path[1] < path[depth - 1] {
                    if cat.count >= cap {
                        return Err(cap_error(cap));
                    }
                    mask[b as usize / 64] |= 1u64 << (b % 64);
                    cat.push(&mask);
                    mask[b as usize / 64] &= !(1u64 << (b % 64));
                }
                continue;
            }
            if visited[y] {
                continue;
            }
            // Extend x -> y: x becomes an inner node of the path.
            if x != 0 {
                for &(z, _) in &self.adj[x] {
                    open[z as usize] -= 1;
                }
            }
            let dead = x != 0
                && self.adj[x].iter().any(|&(z, _)| {
                    let z = z as usize;
                    !visited[z] && z != y && open[z] < 2
                });
            if dead {
                if x != 0 {
                    for &(z, _) in &self.adj[x] {
                        open[z as usize] += 1;
                    }
                }
                continue;
            }
            visited[y] = true;
            mask[b as usize / 64] |= 1u64 << (b % 64);
            path.push(y as u32);
            pos.push(0);
            via.push(b);
        }
        Ok(cat)
    }
}

fn cap_error(cap: usize) -> Error {
    Error::Capacity(format!("the region graph has more than {cap} Hamiltonian cycles"))
}

/// Hamiltonian cycles as bitmasks over borders, `words` u64 per cycle.
#[derive(Debug, Clone)]
pub struct Catalogue {
    pub words: usize,
    pub count: usize,
    pub masks: Vec<u64>,
}

impl Catalogue {
    fn push(&mut self, m: &[u64]) {
        self.masks.extend_from_slice(m);
        self.count += 1;
    }
    /// Keeps the cycles whose mask passes `keep`.
    pub fn retain(&mut self, keep: impl Fn(&[u64]) -> bool) {
        let w = self.words;
        let mut out = Vec::with_capacity(self.masks.len());
        for m in self.masks.chunks(w) {
            if keep(m) {
                out.extend_from_slice(m);
            }
        }
        self.count = out.len() / w;
        self.masks = out;
    }

    #[inline]
    pub fn mask(&self, i: usize) -> &[u64] {
        &self.masks[i * self.words..(i + 1) * self.words]
    }
    /// Bit lists (one integer per cycle) for callers that want plain numbers.
    pub fn border_lists(&self) -> Vec<Vec<u32>> {
        (0..self.count)
            .map(|i| {
                let m = self.mask(i);
                let mut v = Vec::new();
                for (w, &word) in m.iter().enumerate() {
                    let mut x = word;
                    while x != 0 {
                        v.push((w * 64) as u32 + x.trailing_zeros());
                        x &= x - 1;
                    }
                }
                v
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn graph(n: usize, edges: &[(u32, u32)]) -> RegionGraph {
        let mut e: Vec<(u32, u32)> = edges.iter().map(|&(a, b)| (a.min(b), a.max(b))).collect();
        e.sort_unstable();
        RegionGraph::new(n, e)
    }

    #[test]
    fn articulation_on_hand_made_graphs() {
        // Path 0-1-2-3: inner nodes are cut vertices, every edge a bridge.
        let g = graph(4, &[(0, 1), (1, 2), (2, 3)]);
        let a = g.articulation();
        assert!(a.connected);
        assert_eq!(a.cut_vertices, vec![1, 2]);
        assert_eq!(a.bridges, vec![0, 1, 2]);
        // Two triangles sharing node 2 (bow tie): 2 is a cut vertex, no bridge.
        let g = graph(5, &[(0, 1), (1, 2), (0, 2), (2, 3), (3, 4), (2, 4)]);
        let a = g.articulation();
        assert_eq!(a.cut_vertices, vec![2]);
        assert!(a.bridges.is_empty());
        // Cycle with a pendant: 0-1-2-3-0 plus 3-4.
        let g = graph(5, &[(0, 1), (1, 2), (2, 3), (0, 3), (3, 4)]);
        let a = g.articulation();
        assert_eq!(a.cut_vertices, vec![3]);
        assert_eq!(a.bridges, vec![g.borders.iter().position(|&p| p == (3, 4)).unwrap() as u32]);
        // Root as a cut vertex: star centred at 0.
        let g = graph(4, &[(0, 1), (0, 2), (0, 3)]);
        assert_eq!(g.articulation().cut_vertices, vec![0]);
        // Disconnected.
        let g = graph(4, &[(0, 1), (2, 3)]);
        assert!(!g.articulation().connected);
        // K4 is 2-connected.
        let g = graph(4, &[(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)]);
        let a = g.articulation();
        assert!(a.cut_vertices.is_empty() && a.bridges.is_empty());
    }

    #[test]
    fn hamiltonian_cycles_of_small_graphs() {
        let k4 = graph(4, &[(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)]);
        assert_eq!(k4.hamiltonian_cycles(100, 1 << 20).unwrap().count, 3);
        let k5 = graph(5, &[(0, 1), (0, 2), (0, 3), (0, 4), (1, 2), (1, 3), (1, 4), (2, 3), (2, 4), (3, 4)]);
        assert_eq!(k5.hamiltonian_cycles(100, 1 << 20).unwrap().count, 12);
        let c5 = graph(5, &[(0, 1), (1, 2), (2, 3), (3, 4), (4, 0)]);
        let cat = c5.hamiltonian_cycles(100, 1 << 20).unwrap();
        assert_eq!(cat.count, 1);
        assert_eq!(cat.border_lists()[0], vec![0, 1, 2, 3, 4]);
        // The Petersen graph has no Hamiltonian cycle.
        let pet = graph(
            10,
            &[
                (0, 1),
                (1, 2),
                (2, 3),
                (3, 4),
                (4, 0),
                (0, 5),
                (1, 6),
                (2, 7),
                (3, 8),
                (4, 9),
                (5, 7),
                (7, 9),
                (9, 6),
                (6, 8),
                (8, 5),
            ],
        );
        assert_eq!(pet.hamiltonian_cycles(100, 1 << 24).unwrap().count, 0);
    }

    #[test]
    fn catalogue_cap_is_a_clear_error() {
        let k5 = graph(5, &[(0, 1), (0, 2), (0, 3), (0, 4), (1, 2), (1, 3), (1, 4), (2, 3), (2, 4), (3, 4)]);
        match k5.hamiltonian_cycles(11, 1 << 20) {
            Err(Error::Capacity(m)) => assert!(m.contains("more than 11")),
            other => panic!("expected a capacity error, got {other:?}"),
        }
        assert!(matches!(k5.hamiltonian_cycles(100, 3), Err(Error::Capacity(_))));
    }
}
