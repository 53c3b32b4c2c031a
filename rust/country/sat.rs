//! Country Road as a problem for the clause-learning solver ([`crate::sat`]):
//! the refutations that the depth-first search cannot finish on wide-open
//! boards (see "How the backbone is proven" in docs/setter.md).
//!
//! Variables are the [`State`]'s: the cells (used or not), then the edges.
//! - A cell's edges: each used edge uses both its cells; a used cell has at
//!   least two used edges and no three (clauses over at most five variables).
//! - Each country's border edges: exactly two used (entered and left once).
//! - A number: exactly that many used cells in its country.
//! - Across a border, two unused cells never meet.
//! - One loop: degrees 0 or 2 make cycles, so one loop is every used cell in
//!   one component of the edges not known unused ([`Connected`], a theory
//!   checked at each propagation fixpoint).
//!
//! A model is a solution by these rules; the caller still checks each one
//! with [`is_solution`] before it uses it.

use super::board::{Board, EdgeKind};
use super::check::is_solution;
use super::puzzle::Puzzle;
use super::state::{State, ON, UNDECIDED};
use crate::sat::{Answer, Lit, Solver, Theory};

/// The solver for `p` with every variable that `s` decided fixed.
pub fn encode(p: &Puzzle, s: &State) -> Solver {
    let b = &p.board;
    let n = b.num_cells();
    let edge = |e: u32| n + e as usize;
    let mut sol = Solver::new(n + b.num_edges());
    for e in 0..b.num_edges() {
        if b.edge_kind[e] == EdgeKind::Blocked {
            sol.add_clause(&[Lit::neg(edge(e as u32))]);
        }
    }
    for c in 0..n {
        if b.region[c] < 0 {
            sol.add_clause(&[Lit::neg(c)]);
            continue;
        }
        let es: Vec<usize> = b
            .cell_edges(c)
            .iter()
            .filter(|&&e| b.edge_kind[e as usize] != EdgeKind::Blocked)
            .map(|&e| edge(e))
            .collect();
        for &e in &es {
            sol.add_clause(&[Lit::neg(e), Lit::pos(c)]);
        }
        if es.len() < 2 {
            sol.add_clause(&[Lit::neg(c)]);
            continue;
        }
        // At least two: every set of all but one edge holds a used one.
        for skip in 0..es.len() {
            let mut cl = vec![Lit::neg(c)];
            cl.extend(es.iter().enumerate().filter(|&(i, _)| i != skip).map(|(_, &e)| Lit::pos(e)));
            sol.add_clause(&cl);
        }
        // At most two: no three.
        for i in 0..es.len() {
            for j in i + 1..es.len() {
                for k in j + 1..es.len() {
                    sol.add_clause(&[Lit::neg(es[i]), Lit::neg(es[j]), Lit::neg(es[k])]);
                }
            }
        }
    }
    for (k, borders) in b.country_border_edges.iter().enumerate() {
        let lits: Vec<Lit> = borders.iter().map(|&e| Lit::pos(edge(e))).collect();
        sol.exactly(&lits, 2);
        if let Some(x) = b.numbers[k] {
            let cells: Vec<Lit> = b.country_cells[k].iter().map(|&c| Lit::pos(c as usize)).collect();
            sol.exactly(&cells, x as usize);
        }
    }
    for e in 0..b.num_edges() {
        if b.is_border(e) {
            let [x, y] = b.edge_cells(e);
            sol.add_clause(&[Lit::pos(x as usize), Lit::pos(y as usize)]);
        }
    }
    for (v, &x) in s.val.iter().enumerate() {
        if x != UNDECIDED {
            sol.add_clause(&[Lit::of(v, x == ON)]);
        }
    }
    sol
}

/// The one-loop theory: every used cell in one component of the edges not
/// known unused.
pub struct Connected<'b> {
    b: &'b Board,
    /// Per cell, the flood it was reached by (`stamp` values; those of one
    /// check are the ones from its first flood's on).
    seen: Vec<u32>,
    stamp: u32,
    stack: Vec<u32>,
    /// The cells the last flood reached, in the order it reached them.
    members: Vec<u32>,
    /// The cells of a check's first flood.
    main: Vec<u32>,
}

impl<'b> Connected<'b> {
    pub fn new(b: &'b Board) -> Connected<'b> {
        Connected {
            b,
            seen: vec![0; b.num_cells()],
            stamp: 0,
            stack: Vec::new(),
            members: Vec::new(),
            main: Vec::new(),
        }
    }

    /// Floods from `from` over the edges not known unused, with a fresh
    /// stamp; `members` gets its cells, and the answer is a used cell met
    /// other than `want`, if any.
    fn flood(&mut self, from: usize, val: &[i8], want: Option<usize>) -> Option<usize> {
        let n = self.b.num_cells();
        self.stamp += 1;
        let stamp = self.stamp;
        self.members.clear();
        self.stack.clear();
        self.stack.push(from as u32);
        self.seen[from] = stamp;
        let mut used = None;
        while let Some(x) = self.stack.pop() {
            self.members.push(x);
            let x = x as usize;
            if used.is_none() && Some(x) != want && val[x] > 0 {
                used = Some(x);
            }
            for &(e, y) in self.b.links(x) {
                if val[n + e as usize] >= 0 && self.seen[y as usize] != stamp {
                    self.seen[y as usize] = stamp;
                    self.stack.push(y);
                }
            }
        }
        used
    }

    /// The (unused) edges that leave the component of `cells`, flooded
    /// with `stamp`, as positive literals.
    fn cut_of(&self, cells: &[u32], stamp: u32, val: &[i8]) -> Vec<Lit> {
        let n = self.b.num_cells();
        let mut out = Vec::new();
        for &x in cells {
            for &(e, y) in self.b.links(x as usize) {
                if val[n + e as usize] < 0 && self.seen[y as usize] != stamp {
                    out.push(Lit::pos(n + e as usize));
                }
            }
        }
        out
    }
}

impl Connected<'_> {
    /// Whether the literals `new` set since a check that passed can make
    /// this one fail. That check left every cell not known unused in the
    /// component of the used ones, when there was a used one. An edge
    /// turned unused splits no component when the other three edges of a
    /// unit square through it are not known unused (its ends stay joined);
    /// a cell turned used lies in that component. So only an edge without
    /// such a square, or the first used cells, need the floods.
    fn needed(&self, val: &[i8], new: &[Lit]) -> bool {
        let n = self.b.num_cells();
        let mut fresh = 0;
        for l in new {
            let v = l.var();
            if v < n {
                fresh += usize::from(!l.is_neg());
            } else if l.is_neg() && v < n + self.b.num_edges() {
                let joined = self.b.edge_squares[v - n]
                    .iter()
                    .flatten()
                    .any(|sq| sq.edges.iter().all(|&e| val[n + e as usize] >= 0));
                if !joined {
                    return true;
                }
            }
        }
        // The first used cells: no used cell but the fresh ones.
        fresh > 0 && (0..n).filter(|&c| val[c] > 0).nth(fresh).is_none()
    }
}

impl Theory for Connected<'_> {
    fn check(&mut self, val: &[i8], new: &[Lit], out: &mut Vec<Vec<Lit>>) {
        let n = self.b.num_cells();
        if !self.needed(val, new) {
            return;
        }
        let Some(a) = (0..n).find(|&c| val[c] > 0) else { return };
        if self.stamp >= u32::MAX - n as u32 - 1 {
            // A check floods at most once per cell; the stamps must not
            // wrap within one, or an old stamp would pass for this check's.
            self.seen.fill(0);
            self.stamp = 0;
        }
        self.flood(a, val, Some(a));
        let main = self.stamp;
        std::mem::swap(&mut self.main, &mut self.members);
        // The first component's cut, listed only when another component
        // needs it (a check that passes meets no other).
        let mut main_cut = None;
        for c in 0..n {
            // Reached by this check's floods (stamps only grow), or unused.
            if self.seen[c] >= main || val[c] < 0 {
                continue;
            }
            // Another component: it may hold no used cell. The smaller of
            // its cut and the first component's separates them.
            let used = self.flood(c, val, None);
            let own = self.cut_of(&self.members, self.stamp, val);
            let first = main_cut.get_or_insert_with(|| self.cut_of(&self.main, main, val));
            let cut = if own.len() <= first.len() { &own } else { first };
            if let Some(u) = used {
                let mut cl = vec![Lit::neg(a), Lit::neg(u)];
                cl.extend(cut.iter().copied());
                out.clear();
                out.push(cl);
                break;
            }
            // In cell order, so that the clauses come in the same order
            // whatever way the flood went.
            self.members.sort_unstable();
            for &d in &self.members {
                let d = d as usize;
                if val[d] == 0 {
                    let mut cl = vec![Lit::neg(d), Lit::neg(a)];
                    cl.extend(cut.iter().copied());
                    out.push(cl);
                }
            }
        }
    }
}

/// What [`solve_under`] found.
pub enum Found {
    /// A solution: one byte 0/1 per edge.
    Solution(Vec<u8>),
    /// None under the assumptions.
    None,
    /// Out of conflicts or stopped.
    Unknown,
}

/// A solution of `sol` (encoded from `p`) with every literal of `assume`,
/// within `conflicts`. A model that is not a solution by [`is_solution`]
/// (which would be a bug of the encoding) is reported as unknown.
pub fn solve_under(
    p: &Puzzle,
    sol: &mut Solver,
    assume: &[Lit],
    conflicts: u64,
    stop: &mut dyn FnMut() -> bool,
) -> Found {
    let b = &p.board;
    let n = b.num_cells();
    let mut th = Connected::new(b);
    match sol.solve(assume, &mut th, conflicts, stop) {
        Answer::Unsat => Found::None,
        Answer::Unknown => Found::Unknown,
        Answer::Sat => {
            let edges: Vec<u8> = (0..b.num_edges()).map(|e| u8::from(sol.value(n + e) == Some(true))).collect();
            if is_solution(b, &edges) {
                Found::Solution(edges)
            } else {
                debug_assert!(false, "a model that is not a solution");
                Found::Unknown
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A check whose stamps would wrap still sees every component (cells
    /// seen by old floods keep old stamps): on a 2 x 2 board with every
    /// edge unused, two used corners lie apart, a conflict.
    #[test]
    fn the_loop_check_survives_its_stamps_running_out() {
        let b = Board::new(2, 2, &[0, 1, 2, 3], &[None; 4]).unwrap();
        let n = b.num_cells();
        let mut val = vec![0i8; n + b.num_edges()];
        val[0] = 1;
        val[3] = 1;
        for e in 0..b.num_edges() {
            val[n + e] = -1;
        }
        for start in [0, u32::MAX - 3, u32::MAX] {
            let mut th = Connected::new(&b);
            th.stamp = start;
            th.seen.fill(start);
            let mut out = Vec::new();
            th.check(&val, &[Lit::pos(0), Lit::pos(3)], &mut out);
            assert_eq!(out.len(), 1, "from stamp {start}: {out:?}");
            assert!(out[0].contains(&Lit::neg(0)) && out[0].contains(&Lit::neg(3)), "{out:?}");
        }
    }
}
