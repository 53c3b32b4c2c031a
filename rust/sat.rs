//! A small conflict-driven clause-learning (CDCL) solver, for the refutations
//! that a depth-first search cannot finish: where one wrong early choice
//! hides a failure under a huge subtree, a learnt clause records why the
//! failure happened and cuts every other subtree that repeats it.
//!
//! What it holds:
//! - clauses, in one arena, watched by two literals each;
//! - "exactly k of these literals" constraints ([`Solver::exactly`]),
//!   propagated by counting and explained lazily, when a conflict's analysis
//!   reaches them (a country's two border crossings, a number's cells);
//! - a [`Theory`]: a check run at each propagation fixpoint that may hand
//!   back clauses the current assignment falsifies or makes unit (the single
//!   loop's connectivity, which no short clause set states).
//!
//! The usual machinery, written for boards of a few thousand variables: first
//! unique implication point learning with the seen literals' reasons
//! removed, activity-ordered decisions with saved phases, Luby restarts,
//! learnt clauses dropped by literal block distance, and solving under
//! assumptions, so that one solver serves every question of a backbone and
//! keeps what it learnt between them.
//!
//! A model it returns is checked by the caller against the rules; a
//! refutation rests on the clauses, the counts and the theory being sound,
//! which the tests check against brute force.

/// A literal: variable `v` is `2v` (true) or `2v + 1` (false).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Lit(u32);

impl Lit {
    /// Variable `v` true.
    pub fn pos(v: usize) -> Lit {
        Lit(2 * v as u32)
    }

    /// Variable `v` false.
    pub fn neg(v: usize) -> Lit {
        Lit(2 * v as u32 + 1)
    }

    /// Variable `v` with value `value`.
    pub fn of(v: usize, value: bool) -> Lit {
        if value {
            Lit::pos(v)
        } else {
            Lit::neg(v)
        }
    }

    pub fn var(self) -> usize {
        (self.0 >> 1) as usize
    }

    /// Whether the literal asks its variable to be false.
    pub fn is_neg(self) -> bool {
        self.0 & 1 == 1
    }

    fn index(self) -> usize {
        self.0 as usize
    }
}

impl std::ops::Not for Lit {
    type Output = Lit;

    /// The same variable, the other value.
    fn not(self) -> Lit {
        Lit(self.0 ^ 1)
    }
}

/// What a call to [`Solver::solve`] found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Answer {
    /// A model, read with [`Solver::value`].
    Sat,
    /// No model under the assumptions.
    Unsat,
    /// The conflict budget ran out, or the caller asked to stop.
    Unknown,
}

/// A check run at each propagation fixpoint. It reads the assignment (per
/// variable: 1 true, -1 false, 0 unassigned) and the literals set since its
/// last call at this point of the search (all of them after a restart), and
/// pushes clauses, each of which the assignment falsifies or leaves with one
/// unassigned literal and the rest false; it pushes none when it finds
/// nothing. Each clause must hold in every model of the problem.
pub trait Theory {
    fn check(&mut self, val: &[i8], new: &[Lit], out: &mut Vec<Vec<Lit>>);
}

/// Why a variable has its value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Reason {
    /// A decision or an assumption, or a fact at level 0.
    None,
    Clause(u32),
    Exactly(u32),
}

/// Clauses live in one arena ([`Solver::arena`]), each as [`HEAD`] words
/// (its length, then its literal block distance shifted left by two with
/// [`LEARNT`] and [`DELETED`] below) followed by its literals, and are known
/// by the place of their first word. A clause visited while propagating is
/// then one read from one place, where a record pointing to its own
/// allocation cost two dependent cache misses: about a quarter of the
/// propagation's time on the 15 x 15 Country Road drafts.
const HEAD: usize = 2;
const LEARNT: u32 = 2;
const DELETED: u32 = 1;

/// A clause watching a literal, with another of its literals: while that
/// one is true the clause is satisfied and not read. A two-literal clause's
/// is its other literal, so such a clause is never read to propagate.
#[derive(Clone, Copy)]
struct Watch {
    clause: u32,
    blocker: Lit,
    binary: bool,
}

/// Exactly `k` of `lits` are true; `yes` and `no` count the ones true and
/// false now, kept as variables are assigned and unassigned, so that a
/// change reads two counters instead of every literal.
struct Exactly {
    lits: Vec<Lit>,
    k: usize,
    yes: usize,
    no: usize,
}

/// Unassigned, true, false (per variable).
const UNSET: i8 = 0;

/// The solver: clauses, counting constraints, the assignment and what it
/// learnt, kept across calls to [`Solver::solve`].
pub struct Solver {
    /// Every clause (see [`HEAD`]).
    arena: Vec<u32>,
    /// The clauses not deleted, in the order they came (ascending places).
    refs: Vec<u32>,
    exactly: Vec<Exactly>,
    /// Per literal, the clauses that watch it (visited when it turns false).
    watches: Vec<Vec<Watch>>,
    /// Per variable, the counting constraints that hold it, each with
    /// whether it holds the variable's positive literal.
    counted_in: Vec<Vec<(u32, bool)>>,
    val: Vec<i8>,
    level: Vec<u32>,
    reason: Vec<Reason>,
    /// Per variable, its place on the trail (the order of assignment).
    place: Vec<u32>,
    trail: Vec<Lit>,
    trail_lim: Vec<usize>,
    head: usize,
    /// Trail literals the theory has seen.
    theory_head: usize,
    activity: Vec<f64>,
    bump: f64,
    heap: Heap,
    phase: Vec<bool>,
    seen: Vec<bool>,
    /// Scratch for [`Solver::lbd`], kept to spare an allocation a conflict.
    levels: Vec<u32>,
    /// False once the clauses at level 0 contradict each other.
    ok: bool,
    /// Conflicts over the solver's life.
    pub conflicts: u64,
    learnts: usize,
    /// Learnt clauses dropped over the solver's life.
    dropped: u64,
    next_reduce: u64,
    /// Conflicts between two reductions of the learnt clauses, before the
    /// allowance for their number ([`REDUCE_EVERY`]; a test makes it small).
    reduce_every: u64,
}

impl Solver {
    /// A solver over `vars` variables, every phase first tried false.
    pub fn new(vars: usize) -> Solver {
        Solver {
            arena: Vec::new(),
            refs: Vec::new(),
            exactly: Vec::new(),
            watches: vec![Vec::new(); 2 * vars],
            counted_in: vec![Vec::new(); vars],
            val: vec![UNSET; vars],
            level: vec![0; vars],
            reason: vec![Reason::None; vars],
            place: vec![0; vars],
            trail: Vec::with_capacity(vars),
            trail_lim: Vec::new(),
            head: 0,
            theory_head: 0,
            activity: vec![0.0; vars],
            bump: 1.0,
            heap: Heap::new(vars),
            phase: vec![false; vars],
            seen: vec![false; vars],
            levels: Vec::new(),
            ok: true,
            conflicts: 0,
            learnts: 0,
            dropped: 0,
            next_reduce: REDUCE_EVERY,
            reduce_every: REDUCE_EVERY,
        }
    }

    /// The value of literal `l` now (`None`: unassigned).
    pub fn lit_value(&self, l: Lit) -> Option<bool> {
        match self.val[l.var()] {
            UNSET => None,
            x => Some((x > 0) != l.is_neg()),
        }
    }

    /// The value of variable `v` now; after [`Answer::Sat`], in the model.
    pub fn value(&self, v: usize) -> Option<bool> {
        self.lit_value(Lit::pos(v))
    }

    /// The value of variable `v` if it holds in every model (fixed at level 0).
    pub fn fixed(&self, v: usize) -> Option<bool> {
        if self.level[v] == 0 {
            self.value(v)
        } else {
            None
        }
    }

    /// Whether every counting constraint's counters match its literals.
    #[cfg(test)]
    fn counters_hold(&self) -> bool {
        self.exactly.iter().all(|c| {
            c.yes == c.lits.iter().filter(|&&l| self.lit_value(l) == Some(true)).count()
                && c.no == c.lits.iter().filter(|&&l| self.lit_value(l) == Some(false)).count()
        })
    }

    fn decision_level(&self) -> u32 {
        self.trail_lim.len() as u32
    }

    /// Adds a clause (at level 0, before or between solves). Returns false
    /// once the problem has no model.
    pub fn add_clause(&mut self, lits: &[Lit]) -> bool {
        self.backtrack(0);
        if !self.ok {
            return false;
        }
        let mut c: Vec<Lit> = Vec::with_capacity(lits.len());
        for &l in lits {
            match self.lit_value(l) {
                Some(true) => return true,
                Some(false) => {}
                None if c.contains(&!l) => return true,
                None if !c.contains(&l) => c.push(l),
                None => {}
            }
        }
        match c.len() {
            0 => self.ok = false,
            1 => {
                self.assign(c[0], Reason::None);
                self.ok = self.propagate_all().is_none();
            }
            _ => {
                self.attach(c, false, 0);
            }
        }
        self.ok
    }

    /// Adds "exactly `k` of `lits` are true" (distinct variables).
    pub fn exactly(&mut self, lits: &[Lit], k: usize) -> bool {
        self.backtrack(0);
        if k > lits.len() {
            self.ok = false;
        }
        if !self.ok {
            return false;
        }
        let i = self.exactly.len() as u32;
        for l in lits {
            self.counted_in[l.var()].push((i, !l.is_neg()));
        }
        let yes = lits.iter().filter(|&&l| self.lit_value(l) == Some(true)).count();
        let no = lits.iter().filter(|&&l| self.lit_value(l) == Some(false)).count();
        self.exactly.push(Exactly { lits: lits.to_vec(), k, yes, no });
        // Counts as they stand now: let the first propagation see them.
        if self.count(i).is_some() {
            self.ok = false;
        } else {
            self.ok = self.propagate_all().is_none();
        }
        self.ok
    }

    fn attach(&mut self, lits: Vec<Lit>, learnt: bool, lbd: u32) -> u32 {
        // Places are u32: 16 GB of clauses, far past any board's budget.
        let i = u32::try_from(self.arena.len()).expect("the clause arena passed 2^32 words");
        let binary = lits.len() == 2;
        self.watches[lits[0].index()].push(Watch { clause: i, blocker: lits[1], binary });
        self.watches[lits[1].index()].push(Watch { clause: i, blocker: lits[0], binary });
        self.arena.push(lits.len() as u32);
        self.arena.push(lbd << 2 | if learnt { LEARNT } else { 0 });
        self.arena.extend(lits.iter().map(|l| l.0));
        self.refs.push(i);
        if learnt {
            self.learnts += 1;
        }
        i
    }

    fn assign(&mut self, l: Lit, why: Reason) {
        let v = l.var();
        for &(i, pos) in &self.counted_in[v] {
            let c = &mut self.exactly[i as usize];
            if pos != l.is_neg() {
                c.yes += 1;
            } else {
                c.no += 1;
            }
        }
        self.val[v] = if l.is_neg() { -1 } else { 1 };
        self.level[v] = self.decision_level();
        self.reason[v] = why;
        self.place[v] = self.trail.len() as u32;
        self.trail.push(l);
    }

    fn backtrack(&mut self, level: u32) {
        if self.decision_level() <= level {
            return;
        }
        let to = self.trail_lim[level as usize];
        for i in (to..self.trail.len()).rev() {
            let v = self.trail[i].var();
            for &(c, pos) in &self.counted_in[v] {
                let c = &mut self.exactly[c as usize];
                if pos == (self.val[v] > 0) {
                    c.yes -= 1;
                } else {
                    c.no -= 1;
                }
            }
            self.phase[v] = self.val[v] > 0;
            self.val[v] = UNSET;
            self.reason[v] = Reason::None;
            self.heap.insert(v, &self.activity);
        }
        self.trail.truncate(to);
        self.trail_lim.truncate(level as usize);
        self.head = self.head.min(to);
        self.theory_head = self.theory_head.min(to);
    }

    /// Checks counting constraint `i` after a change; propagates what it
    /// forces. Returns a falsified clause on a conflict.
    fn count(&mut self, i: u32) -> Option<Vec<Lit>> {
        let c = &self.exactly[i as usize];
        let (yes, no) = (c.yes, c.no);
        let n = c.lits.len();
        let k = c.k;
        if yes > k {
            let lits = c.lits.iter().filter(|&&l| self.lit_value(l) == Some(true)).take(k + 1);
            return Some(lits.map(|&l| !l).collect());
        }
        if no > n - k {
            let lits = c.lits.iter().filter(|&&l| self.lit_value(l) == Some(false)).take(n - k + 1);
            return Some(lits.copied().collect());
        }
        let force = if yes == k && yes + no < n {
            Some(false)
        } else if n - no == k && yes + no < n {
            Some(true)
        } else {
            None
        };
        if let Some(to) = force {
            for j in 0..n {
                let l = self.exactly[i as usize].lits[j];
                if self.lit_value(l).is_none() {
                    self.assign(if to { l } else { !l }, Reason::Exactly(i));
                }
            }
        }
        None
    }

    /// The clause that forced `p` (its first literal is `p`).
    fn reason_lits(&self, p: Lit, out: &mut Vec<Lit>) {
        out.clear();
        match self.reason[p.var()] {
            Reason::None => out.push(p),
            Reason::Clause(i) => {
                out.push(p);
                out.extend(self.lits(i).filter(|&l| l != p));
            }
            Reason::Exactly(i) => {
                let c = &self.exactly[i as usize];
                let at = self.place[p.var()];
                out.push(p);
                let before = |l: Lit| self.val[l.var()] != UNSET && self.place[l.var()] < at;
                if c.lits.contains(&p) {
                    // Forced true: the n - k false ones came first.
                    let n = c.lits.len() - c.k;
                    out.extend(
                        c.lits.iter().copied().filter(|&l| before(l) && self.lit_value(l) == Some(false)).take(n),
                    );
                } else {
                    // Forced false: k true ones came first.
                    out.extend(
                        c.lits.iter().filter(|&&l| before(l) && self.lit_value(l) == Some(true)).take(c.k).map(|&l| !l),
                    );
                }
            }
        }
    }

    /// Unit propagation to a fixpoint over clauses and counts. Returns a
    /// falsified clause (its literals) on a conflict.
    fn propagate_all(&mut self) -> Option<Vec<Lit>> {
        while self.head < self.trail.len() {
            let p = self.trail[self.head];
            self.head += 1;
            let falsified = !p;
            // Clauses watching the literal that turned false.
            let mut ws = std::mem::take(&mut self.watches[falsified.index()]);
            let mut keep = 0;
            let mut conflict = None;
            let mut j = 0;
            while j < ws.len() {
                let w = ws[j];
                j += 1;
                let bv = self.val[w.blocker.var()];
                if bv != UNSET && (bv > 0) != w.blocker.is_neg() {
                    ws[keep] = w;
                    keep += 1;
                    continue;
                }
                let ci = w.clause;
                if w.binary {
                    ws[keep] = w;
                    keep += 1;
                    if bv == UNSET {
                        self.assign(w.blocker, Reason::Clause(ci));
                        continue;
                    }
                    conflict = Some(ci);
                    break;
                }
                // (No watch is left on a deleted clause: see `reduce`.)
                let at = ci as usize + HEAD;
                let len = self.arena[ci as usize] as usize;
                let lits = &mut self.arena[at..at + len];
                if lits[0] == falsified.0 {
                    lits.swap(0, 1);
                }
                let first = Lit(lits[0]);
                let fv = match self.val[first.var()] {
                    UNSET => None,
                    x => Some((x > 0) != first.is_neg()),
                };
                let kept = Watch { clause: ci, blocker: first, binary: false };
                if fv == Some(true) {
                    ws[keep] = kept;
                    keep += 1;
                    continue;
                }
                // Look for another literal not false to watch.
                let mut moved = false;
                for k in 2..len {
                    let l = Lit(lits[k]);
                    let lv = self.val[l.var()];
                    if lv == UNSET || (lv > 0) != l.is_neg() {
                        lits.swap(1, k);
                        self.watches[l.index()].push(kept);
                        moved = true;
                        break;
                    }
                }
                if moved {
                    continue;
                }
                ws[keep] = kept;
                keep += 1;
                if fv == Some(false) {
                    conflict = Some(ci);
                    break;
                }
                self.assign(first, Reason::Clause(ci));
            }
            if conflict.is_some() {
                // The watches not visited stay.
                while j < ws.len() {
                    ws[keep] = ws[j];
                    keep += 1;
                    j += 1;
                }
            }
            ws.truncate(keep);
            // Watches added to this list meanwhile (none: a clause never
            // moves its watch to the literal being visited, which is false).
            let added = std::mem::replace(&mut self.watches[falsified.index()], ws);
            self.watches[falsified.index()].extend(added);
            if let Some(ci) = conflict {
                return Some(self.lits(ci).collect());
            }
            let counts = std::mem::take(&mut self.counted_in[p.var()]);
            let mut out = None;
            for &(i, _) in &counts {
                if let Some(c) = self.count(i) {
                    out = Some(c);
                    break;
                }
            }
            self.counted_in[p.var()] = counts;
            if out.is_some() {
                return out;
            }
        }
        None
    }

    /// The learnt clause of a conflict (first unique implication point) and
    /// the level to go back to.
    fn analyze(&mut self, confl: Vec<Lit>) -> (Vec<Lit>, u32) {
        let here = self.decision_level();
        let mut learnt: Vec<Lit> = Vec::with_capacity(32);
        learnt.push(Lit(0));
        let mut open = 0;
        let mut lits = confl;
        let mut at = self.trail.len();
        let mut p: Option<Lit> = None;
        let mut buf = Vec::with_capacity(32);
        loop {
            for &q in lits.iter().skip(p.is_some() as usize) {
                let v = q.var();
                if !self.seen[v] && self.level[v] > 0 {
                    self.seen[v] = true;
                    self.bump_var(v);
                    if self.level[v] >= here {
                        open += 1;
                    } else {
                        learnt.push(q);
                    }
                }
            }
            loop {
                at -= 1;
                if self.seen[self.trail[at].var()] {
                    break;
                }
            }
            let next = self.trail[at];
            self.seen[next.var()] = false;
            open -= 1;
            if open == 0 {
                learnt[0] = !next;
                break;
            }
            p = Some(next);
            self.reason_lits(next, &mut buf);
            // Swapped, not taken: both keep their room for the next round.
            std::mem::swap(&mut lits, &mut buf);
        }
        // Drop the literals whose reason lies wholly among the others.
        let mut keep = Vec::with_capacity(learnt.len());
        keep.push(learnt[0]);
        for &q in &learnt[1..] {
            let v = q.var();
            let redundant = self.reason[v] != Reason::None && {
                self.reason_lits(!q, &mut buf);
                buf[1..].iter().all(|l| self.seen[l.var()] || self.level[l.var()] == 0)
            };
            if !redundant {
                keep.push(q);
            }
        }
        for q in &learnt[1..] {
            self.seen[q.var()] = false;
        }
        let mut learnt = keep;
        // The highest level below this one goes second (the other watch).
        let mut back = 0;
        if learnt.len() > 1 {
            let mut best = 1;
            for i in 2..learnt.len() {
                if self.level[learnt[i].var()] > self.level[learnt[best].var()] {
                    best = i;
                }
            }
            learnt.swap(1, best);
            back = self.level[learnt[1].var()];
        }
        (learnt, back)
    }

    fn bump_var(&mut self, v: usize) {
        self.activity[v] += self.bump;
        if self.activity[v] > 1e100 {
            for a in &mut self.activity {
                *a *= 1e-100;
            }
            self.bump *= 1e-100;
        }
        self.heap.raise(v, &self.activity);
    }

    /// The number of distinct decision levels among `lits`' variables.
    fn lbd(&mut self, lits: &[Lit]) -> u32 {
        let mut levels = std::mem::take(&mut self.levels);
        levels.clear();
        levels.extend(lits.iter().map(|l| self.level[l.var()]));
        levels.sort_unstable();
        levels.dedup();
        let n = levels.len() as u32;
        self.levels = levels;
        n
    }

    /// Learns from a falsified clause: back to the right level and the
    /// learnt clause's implied literal set. Returns false when the conflict
    /// lies at level 0 (no model at all).
    fn learn(&mut self, confl: Vec<Lit>) -> bool {
        self.conflicts += 1;
        // A theory clause may be falsified wholly below this level.
        let top = confl.iter().map(|l| self.level[l.var()]).max().unwrap_or(0);
        if top == 0 {
            return false;
        }
        self.backtrack(top);
        let (learnt, back) = self.analyze(confl);
        self.backtrack(back);
        if learnt.len() == 1 {
            self.assign(learnt[0], Reason::None);
        } else {
            let lbd = self.lbd(&learnt);
            let first = learnt[0];
            let i = self.attach(learnt, true, lbd);
            self.assign(first, Reason::Clause(i));
        }
        self.bump *= 1.0 / DECAY;
        true
    }

    /// Adds the theory's clauses: a falsified one is returned as a
    /// conflict; `Ok(true)` when one of them set a literal.
    ///
    /// Every clause is applied unless a conflict or a fact found above level
    /// 0 (which backtracks there, where the others' literals are unset)
    /// ends the batch: the solver marks the batch's literals as checked, so
    /// an incremental theory would never be told again about a clause
    /// dropped at the level the check ran at. (One was: at level 0 a first
    /// fact ended the batch, and the cells the other clauses asked to be
    /// unused stayed open, a component of their own; the model after the
    /// last solution of a 3 x 5 Country Road board then held two loops.)
    fn theory_clauses(&mut self, clauses: Vec<Vec<Lit>>) -> Result<bool, Vec<Lit>> {
        let mut set = false;
        for c in clauses {
            let c: Vec<Lit> =
                c.into_iter().filter(|&l| !(self.level[l.var()] == 0 && self.lit_value(l) == Some(false))).collect();
            let free: Vec<usize> = (0..c.len()).filter(|&i| self.lit_value(c[i]) != Some(false)).collect();
            if free.is_empty() {
                return Err(c);
            }
            if self.lit_value(c[free[0]]) == Some(true) && free.len() == 1 {
                // Satisfied by a literal an earlier clause of the batch set.
                continue;
            }
            if free.len() > 1 {
                debug_assert!(false, "a theory clause that is neither falsified nor unit");
                continue;
            }
            let mut c = c;
            c.swap(0, free[0]);
            if c.len() == 1 {
                // Holds in every model: a fact, kept at level 0.
                // Above level 0 the other clauses' literals are unset once
                // there: the checked mark goes back with the trail
                // (`backtrack`), and the theory looks again.
                let above = self.decision_level() > 0;
                if above {
                    self.backtrack(0);
                }
                if self.lit_value(c[0]).is_none() {
                    self.assign(c[0], Reason::None);
                }
                if above {
                    return Ok(true);
                }
                set = true;
                continue;
            }
            // The second watch: the latest false literal.
            let mut best = 1;
            for i in 2..c.len() {
                if self.level[c[i].var()] > self.level[c[best].var()] {
                    best = i;
                }
            }
            c.swap(1, best);
            let lbd = self.lbd(&c);
            let first = c[0];
            let i = self.attach(c, true, lbd);
            self.assign(first, Reason::Clause(i));
            set = true;
        }
        Ok(set)
    }

    /// The literals of clause `c` (its place in the arena).
    fn lits(&self, c: u32) -> impl Iterator<Item = Lit> + '_ {
        let at = c as usize + HEAD;
        self.arena[at..at + self.arena[c as usize] as usize].iter().map(|&x| Lit(x))
    }

    /// Drops half the learnt clauses (those of literal block distance above
    /// two that no assignment rests on), the worst first, then moves the
    /// others together in the arena.
    fn reduce(&mut self) {
        let locked = |s: &Solver, c: u32| {
            let l = Lit(s.arena[c as usize + HEAD]);
            s.reason[l.var()] == Reason::Clause(c) && s.lit_value(l) == Some(true)
        };
        let meta = |s: &Solver, c: u32| s.arena[c as usize + 1];
        let mut cand: Vec<u32> = self
            .refs
            .iter()
            .copied()
            .filter(|&c| meta(self, c) & LEARNT != 0 && meta(self, c) >> 2 > 2)
            .filter(|&c| !locked(self, c))
            .collect();
        cand.sort_by_key(|&c| std::cmp::Reverse(meta(self, c) >> 2));
        for &c in cand.iter().take(cand.len() / 2) {
            self.arena[c as usize + 1] |= DELETED;
            self.learnts -= 1;
            self.dropped += 1;
        }
        for w in &mut self.watches {
            let arena = &self.arena;
            w.retain(|x| arena[x.clause as usize + 1] & DELETED == 0);
        }
        // The kept clauses move down, in order; the watches and the reasons
        // follow them (a deleted clause is no reason: see `locked`).
        let mut arena = Vec::with_capacity(self.arena.len());
        let mut moved = Vec::with_capacity(self.refs.len());
        let old = std::mem::take(&mut self.refs);
        let old: Vec<u32> = old.into_iter().filter(|&c| self.arena[c as usize + 1] & DELETED == 0).collect();
        for &c in &old {
            let c = c as usize;
            moved.push(arena.len() as u32);
            arena.extend_from_slice(&self.arena[c..c + HEAD + self.arena[c] as usize]);
        }
        let to = |c: u32| old.binary_search(&c).ok().map(|i| moved[i]);
        for w in self.watches.iter_mut().flatten() {
            // Every watch left is on a kept clause (the `retain` above).
            w.clause = to(w.clause).expect("a watch on a kept clause");
        }
        for r in &mut self.reason {
            if let Reason::Clause(c) = *r {
                // A reason is locked, so kept; were it not, the variable would
                // count as a decision in the analysis, which stays sound.
                debug_assert!(to(c).is_some(), "a reason was dropped");
                *r = to(c).map_or(Reason::None, Reason::Clause);
            }
        }
        self.arena = arena;
        self.refs = moved;
    }

    /// Searches for a model in which every literal of `assume` holds, for at
    /// most `budget` conflicts; `stop` is polled every hundred conflicts.
    pub fn solve(
        &mut self,
        assume: &[Lit],
        theory: &mut dyn Theory,
        budget: u64,
        stop: &mut dyn FnMut() -> bool,
    ) -> Answer {
        if !self.ok {
            return Answer::Unsat;
        }
        self.backtrack(0);
        self.theory_head = 0;
        if self.propagate_all().is_some() {
            self.ok = false;
            return Answer::Unsat;
        }
        let start = self.conflicts;
        let mut restart = 0u32;
        let mut until = RESTART * luby(restart);
        let mut since = 0u64;
        let mut found: Vec<Vec<Lit>> = Vec::new();
        loop {
            let confl = match self.propagate_all() {
                Some(c) => Some(c),
                None => {
                    found.clear();
                    theory.check(&self.val, &self.trail[self.theory_head..], &mut found);
                    self.theory_head = self.trail.len();
                    if found.is_empty() {
                        None
                    } else {
                        let clauses = std::mem::take(&mut found);
                        match self.theory_clauses(clauses) {
                            Err(c) => Some(c),
                            Ok(true) => continue,
                            Ok(false) => None,
                        }
                    }
                }
            };
            if let Some(c) = confl {
                if self.decision_level() == 0 || !self.learn(c) {
                    self.ok = false;
                    return Answer::Unsat;
                }
                since += 1;
                if self.conflicts - start >= budget {
                    self.backtrack(0);
                    return Answer::Unknown;
                }
                if self.conflicts % 100 == 0 && stop() {
                    self.backtrack(0);
                    return Answer::Unknown;
                }
                if self.conflicts >= self.next_reduce {
                    self.next_reduce = self.conflicts + self.reduce_every + 300 * (self.learnts as u64 / 1000);
                    self.reduce();
                }
                continue;
            }
            if since >= until {
                since = 0;
                restart += 1;
                until = RESTART * luby(restart);
                self.backtrack(0);
                continue;
            }
            // Assumptions first, one level each.
            let level = self.decision_level() as usize;
            let next = if level < assume.len() {
                let a = assume[level];
                match self.lit_value(a) {
                    Some(true) => {
                        self.trail_lim.push(self.trail.len());
                        continue;
                    }
                    Some(false) => {
                        self.backtrack(0);
                        return Answer::Unsat;
                    }
                    None => a,
                }
            } else {
                match self.pick() {
                    Some(v) => Lit::of(v, self.phase[v]),
                    None => return Answer::Sat,
                }
            };
            self.trail_lim.push(self.trail.len());
            self.assign(next, Reason::None);
        }
    }

    fn pick(&mut self) -> Option<usize> {
        while let Some(v) = self.heap.pop(&self.activity) {
            if self.val[v] == UNSET {
                return Some(v);
            }
        }
        None
    }
}

/// How fast the activities of variables not met in recent conflicts fade.
/// 0.9 against the usual 0.95: on the 40 Country Road drafts of
/// `bench_backbone.py` 15,548 conflicts in all against 25,327 (0.8: 16,764),
/// the same on other draws of drafts without hard boards.
const DECAY: f64 = 0.9;

/// Conflicts between two reductions of the learnt clauses, plus 300 for
/// every thousand kept.
const REDUCE_EVERY: u64 = 2000;

/// Conflicts between restarts: this times the Luby sequence.
const RESTART: u64 = 100;

/// The Luby sequence 1, 1, 2, 1, 1, 2, 4, ... at `i`.
fn luby(i: u32) -> u64 {
    let (mut size, mut seq, mut x) = (1u64, 0u32, u64::from(i));
    while size < x + 1 {
        seq += 1;
        size = 2 * size + 1;
    }
    while size - 1 != x {
        size = (size - 1) >> 1;
        seq -= 1;
        x %= size;
    }
    1 << seq
}

/// A binary max-heap of variables by activity.
struct Heap {
    items: Vec<usize>,
    /// Per variable, its index in `items` (`usize::MAX`: absent).
    at: Vec<usize>,
}

impl Heap {
    fn new(vars: usize) -> Heap {
        Heap { items: (0..vars).collect(), at: (0..vars).collect() }
    }

    fn insert(&mut self, v: usize, act: &[f64]) {
        if self.at[v] != usize::MAX {
            return;
        }
        self.at[v] = self.items.len();
        self.items.push(v);
        self.up(self.items.len() - 1, act);
    }

    fn raise(&mut self, v: usize, act: &[f64]) {
        if self.at[v] != usize::MAX {
            self.up(self.at[v], act);
        }
    }

    fn pop(&mut self, act: &[f64]) -> Option<usize> {
        let top = *self.items.first()?;
        let last = self.items.pop().expect("not empty");
        self.at[top] = usize::MAX;
        if !self.items.is_empty() {
            self.items[0] = last;
            self.at[last] = 0;
            self.down(0, act);
        }
        Some(top)
    }

    fn up(&mut self, mut i: usize, act: &[f64]) {
        let v = self.items[i];
        while i > 0 {
            let parent = (i - 1) / 2;
            let u = self.items[parent];
            if act[u] >= act[v] {
                break;
            }
            self.items[i] = u;
            self.at[u] = i;
            i = parent;
        }
        self.items[i] = v;
        self.at[v] = i;
    }

    fn down(&mut self, mut i: usize, act: &[f64]) {
        let v = self.items[i];
        let n = self.items.len();
        loop {
            let mut c = 2 * i + 1;
            if c >= n {
                break;
            }
            if c + 1 < n && act[self.items[c + 1]] > act[self.items[c]] {
                c += 1;
            }
            if act[self.items[c]] <= act[v] {
                break;
            }
            let u = self.items[c];
            self.items[i] = u;
            self.at[u] = i;
            i = c;
        }
        self.items[i] = v;
        self.at[v] = i;
    }
}

#[cfg(test)]
mod tests {
    use super::{Answer, Lit, Solver, Theory};
    use crate::testing::SplitMix64 as Rng;

    /// No theory.
    struct Nothing;

    impl Theory for Nothing {
        fn check(&mut self, _: &[i8], _: &[Lit], _: &mut Vec<Vec<Lit>>) {}
    }

    /// "Not all of these variables true at once", handed out only once the
    /// assignment falsifies it or leaves one literal: a theory as lazy as the
    /// one-loop check, which the solver must still respect.
    struct Forbid(Vec<usize>);

    impl Theory for Forbid {
        fn check(&mut self, val: &[i8], _: &[Lit], out: &mut Vec<Vec<Lit>>) {
            let open = self.0.iter().filter(|&&v| val[v] == 0).count();
            if self.0.iter().all(|&v| val[v] >= 0) && open <= 1 {
                out.push(self.0.iter().map(|&v| Lit::neg(v)).collect());
            }
        }
    }

    fn holds(lit: Lit, bits: u32) -> bool {
        (bits >> lit.var() & 1 == 1) != lit.is_neg()
    }

    /// Random clauses and "exactly k" constraints over up to 12 variables,
    /// with a lazy theory and assumptions, against every assignment: the
    /// same answer, and a model that satisfies everything. The same solver
    /// answers several assumption sets in turn, keeping what it learnt.
    #[test]
    fn the_solver_agrees_with_brute_force() {
        let mut rng = Rng(5);
        let (mut sat, mut unsat) = (0, 0);
        for _ in 0..3000 {
            let vars = 3 + rng.below(10);
            let lit = |rng: &mut Rng| Lit::of(rng.below(vars), rng.below(2) == 0);
            let clauses: Vec<Vec<Lit>> =
                (0..rng.below(3 * vars)).map(|_| (0..1 + rng.below(4)).map(|_| lit(&mut rng)).collect()).collect();
            let counts: Vec<(Vec<Lit>, usize)> = (0..rng.below(3))
                .map(|_| {
                    let mut vs: Vec<usize> = (0..vars).filter(|_| rng.below(2) == 0).collect();
                    vs.truncate(6);
                    let k = rng.below(vs.len() + 1);
                    (vs.into_iter().map(|v| Lit::of(v, rng.below(3) != 0)).collect(), k)
                })
                .collect();
            let forbid: Vec<usize> = (0..vars).filter(|_| rng.below(3) == 0).collect();
            let mut s = Solver::new(vars);
            if rng.below(2) == 0 {
                // Learnt clauses dropped, and the arena moved, mid-search.
                s.reduce_every = 1;
                s.next_reduce = 1;
            }
            let mut ok = true;
            for c in &clauses {
                ok &= s.add_clause(c);
            }
            for (c, k) in &counts {
                ok &= s.exactly(c, *k);
            }
            for _ in 0..4 {
                let assume: Vec<Lit> = (0..rng.below(3)).map(|_| lit(&mut rng)).collect();
                let fits = |bits: u32| {
                    clauses.iter().all(|c| c.iter().any(|&l| holds(l, bits)))
                        && counts.iter().all(|(c, k)| c.iter().filter(|&&l| holds(l, bits)).count() == *k)
                        && (forbid.is_empty() || !forbid.iter().all(|&v| bits >> v & 1 == 1))
                        && assume.iter().all(|&l| holds(l, bits))
                };
                let any = (0..1u32 << vars).any(fits);
                let mut theory = Forbid(forbid.clone());
                let got = if forbid.is_empty() {
                    s.solve(&assume, &mut Nothing, u64::MAX, &mut || false)
                } else {
                    s.solve(&assume, &mut theory, u64::MAX, &mut || false)
                };
                assert_eq!(got == Answer::Sat, any, "{clauses:?} {counts:?} {forbid:?} {assume:?}");
                assert!(s.counters_hold(), "counting constraints' counters drifted");
                assert!(ok || !any);
                if got == Answer::Sat {
                    let bits = (0..vars).fold(0u32, |b, v| b | u32::from(s.value(v) == Some(true)) << v);
                    assert!(fits(bits), "not a model: {clauses:?} {counts:?} {forbid:?} {assume:?}");
                    sat += 1;
                } else {
                    unsat += 1;
                }
            }
        }
        assert!(sat > 1000 && unsat > 1000, "{sat} {unsat}");
    }

    /// Each pigeon in a hole (variable `p * holes + h`), no two in one: a
    /// model exactly when `pigeons <= holes`, and a refutation that takes a
    /// clause-learning solver many conflicts.
    fn pigeonhole(pigeons: usize, holes: usize) -> Solver {
        let var = |p: usize, h: usize| p * holes + h;
        let mut s = Solver::new(pigeons * holes);
        for p in 0..pigeons {
            s.add_clause(&(0..holes).map(|h| Lit::pos(var(p, h))).collect::<Vec<_>>());
        }
        for h in 0..holes {
            for p in 0..pigeons {
                for q in p + 1..pigeons {
                    s.add_clause(&[Lit::neg(var(p, h)), Lit::neg(var(q, h))]);
                }
            }
        }
        s
    }

    /// Learnt clauses dropped after every conflict, the kept ones moved
    /// together in the arena while the search holds assignments that rest on
    /// them: pigeonhole problems keep their answers (n pigeons fit n holes,
    /// not n - 1), and a model found is one.
    #[test]
    fn dropping_learnt_clauses_mid_search_keeps_the_answers() {
        for (pigeons, holes) in [(6, 6), (7, 6), (7, 7), (8, 7)] {
            let var = |p: usize, h: usize| p * holes + h;
            let mut s = pigeonhole(pigeons, holes);
            s.reduce_every = 1;
            s.next_reduce = 1;
            let got = s.solve(&[], &mut Nothing, u64::MAX, &mut || false);
            assert_eq!(got == Answer::Sat, pigeons <= holes, "{pigeons} in {holes}");
            if got == Answer::Sat {
                for h in 0..holes {
                    assert!((0..pigeons).filter(|&p| s.value(var(p, h)) == Some(true)).count() <= 1);
                }
                for p in 0..pigeons {
                    assert!((0..holes).any(|h| s.value(var(p, h)) == Some(true)));
                }
            } else {
                assert!(s.dropped > 100, "{pigeons} in {holes}: {} dropped", s.dropped);
            }
        }
    }

    /// A budget of conflicts ends a hard search unanswered (the pigeonhole
    /// principle, 8 pigeons in 7 holes), and a stop does too.
    #[test]
    fn budgets_and_stops_end_the_search() {
        let mut s = pigeonhole(8, 7);
        assert_eq!(s.solve(&[], &mut Nothing, 50, &mut || false), Answer::Unknown);
        assert_eq!(s.conflicts, 50);
        // The stop is asked every hundred conflicts.
        assert_eq!(s.solve(&[], &mut Nothing, u64::MAX, &mut || true), Answer::Unknown);
        assert!(s.conflicts <= 150, "{}", s.conflicts);
        // Unanswered is not unsatisfiable: the solver still answers.
        assert_eq!(s.solve(&[], &mut Nothing, u64::MAX, &mut || false), Answer::Unsat);
    }
}
