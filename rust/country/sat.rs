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
    /// The cells that [`Connected::ends_joined`] looks for.
    ends: Vec<u32>,
    /// Per cell, the stamp of the last [`Connected::ends_joined`] that
    /// looked for it.
    wanted: Vec<u32>,
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
            ends: Vec::new(),
            wanted: vec![0; b.num_cells()],
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

/// What a check must do after the literals set since the last one.
enum Need {
    /// Nothing can have split: the check passes as before.
    Nothing,
    /// The first used cells: the whole check.
    Everything,
    /// Edges turned unused, with no square left round them: the cells at
    /// their ends that are not unused (in `ends`) must still be joined.
    Ends,
}

impl Connected<'_> {
    /// What the literals `new` set since a check that passed can do to this
    /// one. That check left every cell not known unused in the component of
    /// the used ones, when there was a used one. An edge turned unused
    /// splits no component when the other three edges of a unit square
    /// through it are not known unused (its ends stay joined); a cell turned
    /// used lies in that component. The other edges turned unused leave
    /// their ends (those not unused) in `ends`: when those are still joined
    /// to each other, every cell still is (a path of the last check that
    /// crossed a lost edge or cell reached such an end first), and the check
    /// passes without a flood of the whole board.
    fn needed(&mut self, val: &[i8], new: &[Lit]) -> Need {
        let n = self.b.num_cells();
        let mut fresh = 0;
        self.ends.clear();
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
                    let cells = self.b.edge_cells(v - n);
                    self.ends.extend(cells.iter().copied().filter(|&c| val[c as usize] >= 0));
                }
            }
        }
        // The first used cells: no used cell but the fresh ones.
        if fresh > 0 && (0..n).filter(|&c| val[c] > 0).nth(fresh).is_none() {
            Need::Everything
        } else if self.ends.is_empty() {
            Need::Nothing
        } else {
            Need::Ends
        }
    }

    /// Whether the cells of `ends` lie in one component of the edges not
    /// known unused: a breadth-first flood from the first, which stops once
    /// it has met them all (usually a few steps round the lost edge).
    fn ends_joined(&mut self, val: &[i8]) -> bool {
        let n = self.b.num_cells();
        self.stamp += 1;
        let stamp = self.stamp;
        let mut left = 0;
        for &c in &self.ends {
            if self.wanted[c as usize] != stamp {
                self.wanted[c as usize] = stamp;
                left += 1;
            }
        }
        self.stack.clear();
        self.stack.push(self.ends[0]);
        self.seen[self.ends[0] as usize] = stamp;
        let mut head = 0;
        while head < self.stack.len() {
            let x = self.stack[head] as usize;
            head += 1;
            if self.wanted[x] == stamp {
                left -= 1;
                if left == 0 {
                    return true;
                }
            }
            for &(e, y) in self.b.links(x) {
                if val[n + e as usize] >= 0 && self.seen[y as usize] != stamp {
                    self.seen[y as usize] = stamp;
                    self.stack.push(y);
                }
            }
        }
        false
    }
}

impl Theory for Connected<'_> {
    fn check(&mut self, val: &[i8], new: &[Lit], out: &mut Vec<Vec<Lit>>) {
        let n = self.b.num_cells();
        if self.stamp >= u32::MAX - n as u32 - 2 {
            // A check floods at most once per cell, and once more for the
            // ends; the stamps must not wrap within one, or an old stamp
            // would pass for this check's.
            self.seen.fill(0);
            self.wanted.fill(0);
            self.stamp = 0;
        }
        match self.needed(val, new) {
            Need::Nothing => return,
            Need::Ends if self.ends_joined(val) => return,
            Need::Ends | Need::Everything => {}
        }
        let Some(a) = (0..n).find(|&c| val[c] > 0) else { return };
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

    /// The check after a passing one, told only what was set since, gives
    /// the clauses of a check that sees the whole state: on random 4 x 5
    /// states, cells turned used, and edges and cells turned unused (those
    /// with their edges), whether the loss splits the cells or not.
    #[test]
    fn a_check_told_what_changed_agrees_with_a_whole_check() {
        let (rows, cols) = (4, 5);
        let b = Board::new(rows, cols, &(0..(rows * cols) as i64).collect::<Vec<_>>(), &[None; 20]).unwrap();
        let n = b.num_cells();
        let mut rng = crate::testing::SplitMix64(23);
        let whole = |val: &[i8]| {
            let all: Vec<Lit> = (0..val.len()).filter(|&v| val[v] != 0).map(|v| Lit::of(v, val[v] > 0)).collect();
            let mut out = Vec::new();
            Connected::new(&b).check(val, &all, &mut out);
            out
        };
        let (mut passed, mut failed) = (0, 0);
        for _ in 0..3000 {
            // A state that passes: a few used cells, a few edges unused.
            let mut val = vec![0i8; n + b.num_edges()];
            for _ in 0..rng.below(4) {
                val[rng.below(n)] = 1;
            }
            for _ in 0..rng.below(6) {
                val[n + rng.below(b.num_edges())] = -1;
            }
            if !whole(&val).is_empty() {
                continue;
            }
            let mut th = Connected::new(&b);
            let all: Vec<Lit> = (0..val.len()).filter(|&v| val[v] != 0).map(|v| Lit::of(v, val[v] > 0)).collect();
            let mut out = Vec::new();
            th.check(&val, &all, &mut out);
            assert!(out.is_empty());
            // What is set since.
            let mut new = Vec::new();
            for _ in 0..1 + rng.below(5) {
                match rng.below(3) {
                    0 => {
                        let c = rng.below(n);
                        if val[c] == 0 {
                            val[c] = 1;
                            new.push(Lit::pos(c));
                        }
                    }
                    1 => {
                        let c = rng.below(n);
                        if val[c] == 0 {
                            val[c] = -1;
                            new.push(Lit::neg(c));
                            for &e in b.cell_edges(c) {
                                if val[n + e as usize] == 0 {
                                    val[n + e as usize] = -1;
                                    new.push(Lit::neg(n + e as usize));
                                }
                            }
                        }
                    }
                    _ => {
                        let e = n + rng.below(b.num_edges());
                        if val[e] == 0 {
                            val[e] = -1;
                            new.push(Lit::neg(e));
                        }
                    }
                }
            }
            let mut out = Vec::new();
            th.check(&val, &new, &mut out);
            let expect = whole(&val);
            assert_eq!(out, expect, "{val:?} after {new:?}");
            if expect.is_empty() {
                passed += 1;
            } else {
                failed += 1;
            }
        }
        // Both outcomes were met often.
        assert!(passed > 200 && failed > 200, "{passed} passed, {failed} failed");
    }
}
