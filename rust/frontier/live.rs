//! Which moves some solution makes: the sweep run forward once, keeping how
//! each state was reached, then backward once, marking the states from which
//! the sweep can still finish in an accepted state ("live"). A move between
//! two live states lies on a solution, and every solution is a path of such
//! moves, so the values the live moves give each point's cell and edges are
//! exactly the values some solution gives them: the backbone of the board in
//! two passes, where a search proves it one variable at a time. Paths through
//! live states are solutions, so the same tables hand out witnesses.
//!
//! What it keeps: per step, one word per move (child and label), grouped
//! by parent, and per state where its moves start and the first move that
//! reached it; keys live only while their layer is built. Unlike
//! [`super::sweep::run`] it keeps every step, so `max_moves` and
//! `max_states` bound its memory: 4 bytes a move and 8 a state.

use super::key::Key;
use super::sweep::{canonical_inputs, prefetch, Labelled, Succ};
use crate::error::{Error, Result};
use crate::interrupt::Stop;

/// Bits of a move's label: the point is used, its right edge is on, its
/// down edge is on.
pub const LABEL_BITS: u32 = 3;
const LABEL_MASK: u32 = (1 << LABEL_BITS) - 1;

/// States of one layer are numbered below this (a child's number shares a
/// move's word with its parent's and the label).
const MAX_LAYER: usize = 1 << 29;

/// What the two passes found: the live states of every layer and the moves
/// between them (every other state and move is dropped once the backward
/// pass has marked them: on the wide 15 x 15 drafts fewer than one state in
/// fifty is live, and everything asked afterwards reads only these).
pub struct Dag {
    /// Per step, bit `2 * j + v` set when some solution makes the step's
    /// move with bit `j` of its label equal to `v` (`j`: 0 used, 1 right,
    /// 2 down). All zero when there is no solution.
    pub seen: Vec<u8>,
    /// The live moves of each step, between live states numbered in order.
    steps: Vec<Step>,
    /// Per step `t`, per live state of layer `t + 1`: a live move that
    /// reaches it (parent << LABEL_BITS | label), to walk a solution back to
    /// the start.
    first: Vec<Vec<u32>>,
    /// The start is live: the board has a solution.
    any: bool,
}

/// A hashed set of the keys of the layer being built, numbering them in the
/// order first reached. Keys sit in the slots themselves, so a lookup
/// touches one slot (prefetched ahead, see [`BATCH`]) and no other memory;
/// they are also appended to `keys`, in number order, for the next step.
struct Index<const N: usize> {
    /// Per slot a key and its number + 1 (0: empty); a power of two long,
    /// at most 3/4 full.
    slots: Vec<([u64; N], u32)>,
    keys: Vec<[u64; N]>,
}

impl<const N: usize> Index<N>
where
    [u64; N]: Key,
{
    fn new() -> Self {
        Index { slots: Self::table(16), keys: Vec::new() }
    }

    fn table(cap: usize) -> Vec<([u64; N], u32)> {
        let mut t = vec![([0; N], 0); cap];
        super::sweep::advise_huge_bytes(t.as_mut_ptr().cast(), cap * std::mem::size_of::<([u64; N], u32)>());
        t
    }

    /// Empty, with room for about `expect` keys: a table far larger than
    /// that is given back, so that clearing it does not cost more than
    /// the layer.
    fn clear(&mut self, expect: usize) {
        self.keys.clear();
        let want = (2 * expect).next_power_of_two().max(16);
        if self.slots.len() > 4 * want {
            self.slots = Self::table(want);
        } else {
            self.slots.fill(([0; N], 0));
        }
    }

    #[inline(always)]
    fn home(&self, h: u64) -> usize {
        (h >> 32) as usize & (self.slots.len() - 1)
    }

    #[inline(always)]
    fn prefetch(&self, h: u64) {
        prefetch(self.slots.as_ptr().wrapping_add(self.home(h)).cast());
    }

    /// The number of `k` (hash `h`), adding it when new: `(number, new)`.
    #[inline(always)]
    fn find_or_add(&mut self, k: &[u64; N], h: u64) -> (u32, bool) {
        let mask = self.slots.len() - 1;
        let mut i = self.home(h);
        loop {
            let (key, n) = &mut self.slots[i];
            if *n == 0 {
                *key = *k;
                self.keys.push(*k);
                *n = self.keys.len() as u32;
                return (*n - 1, true);
            }
            if *key == *k {
                return (*n - 1, false);
            }
            i = (i + 1) & mask;
        }
    }

    /// Doubles the slots until `more` keys fit within 3/4 of them.
    fn reserve(&mut self, more: usize) {
        let len = self.keys.len();
        if 4 * (len + more) <= 3 * self.slots.len() {
            return;
        }
        let mut cap = self.slots.len();
        while 4 * (len + more) > 3 * cap {
            cap *= 2;
        }
        self.slots = Self::table(cap);
        let mask = cap - 1;
        for (n, k) in self.keys.iter().enumerate() {
            let mut i = self.home(k.hash()) & mask;
            while self.slots[i].1 != 0 {
                i = (i + 1) & mask;
            }
            self.slots[i] = (*k, n as u32 + 1);
        }
    }
}

/// Successors looked up at a time: each one's slot is prefetched when it is
/// found, and the lookups run once the batch is full, by when the slots are
/// in cache.
const BATCH: usize = 32;

/// The moves of one step, grouped by parent: those of parent `p` are
/// `moves[starts[p]..starts[p + 1]]`, each the child's number in the next
/// layer above the label's bits.
#[derive(Default)]
struct Step {
    starts: Vec<u32>,
    moves: Vec<u32>,
}

impl Step {
    #[inline(always)]
    fn of(&self, parent: usize) -> &[u32] {
        &self.moves[self.starts[parent] as usize..self.starts[parent + 1] as usize]
    }
}

#[inline(always)]
fn child_of(m: u32) -> usize {
    (m >> LABEL_BITS) as usize
}

#[inline(always)]
fn label_of(m: u32) -> u8 {
    (m & LABEL_MASK) as u8
}

/// Bit `i` of a bit set.
#[inline(always)]
fn bit(set: &[u64], i: usize) -> bool {
    set[i / 64] >> (i % 64) & 1 == 1
}

/// A forward pass under way, whatever its key width: what a race of
/// several layouts of one board needs to see and do (see
/// `super::CountrySweep::new`).
pub trait Sweeping {
    /// The steps swept so far.
    fn swept(&self) -> usize;
    /// Every step is swept: [`Sweeping::finish`] gives the answer.
    fn done(&self) -> bool;
    /// States in the layer reached, which the next step expands.
    fn layer(&self) -> usize;
    /// Moves kept so far (4 bytes each).
    fn kept(&self) -> usize;
    /// Bytes held between steps: the moves, the tables per state
    /// (where a parent's moves start, the first move that reached a
    /// state) and the layer reached.
    fn held(&self) -> usize;
    /// Sweeps one more step. [`Error::Capacity`] when its layer would pass
    /// `max_states`; the pass is then as before the call.
    fn advance(&mut self, max_states: usize, stop: &mut Stop<'_>) -> Result<()>;
    /// Gives back the memory a step builds its layer in, while other
    /// passes sweep (the next step takes it again).
    fn park(&mut self);
    /// Back to the start, everything held given back (to make room for
    /// another pass: this one sweeps again from the first step).
    fn restart(&mut self);
    /// The backward pass, once every step is swept.
    fn finish(self: Box<Self>, stop: &mut Stop<'_>) -> Result<Dag>;
}

/// The forward pass, a step at a call, keeping each step's
/// moves and the first move that reached each state.
pub struct Forward<'r, const N: usize, R> {
    rules: &'r R,
    /// Steps swept.
    t: usize,
    moves: Vec<Step>,
    first: Vec<Vec<u32>>,
    kept: usize,
    /// Bytes of `moves` and `first`.
    tables: usize,
    /// The keys of layer `t`.
    old: Vec<[u64; N]>,
    /// The table the next layer is built in, kept between steps.
    new: Index<N>,
}

impl<'r, const N: usize, R: Labelled> Forward<'r, N, R>
where
    [u64; N]: Key,
{
    pub fn new(rules: &'r R) -> Self {
        let steps = rules.steps();
        Forward {
            rules,
            t: 0,
            moves: Vec::with_capacity(steps),
            first: Vec::with_capacity(steps),
            kept: 0,
            tables: 0,
            old: vec![[0u64; N]],
            new: Index::new(),
        }
    }
}

impl<const N: usize, R: Labelled> Sweeping for Forward<'_, N, R>
where
    [u64; N]: Key,
{
    fn swept(&self) -> usize {
        self.t
    }

    fn done(&self) -> bool {
        self.t == self.rules.steps()
    }

    fn layer(&self) -> usize {
        self.old.len()
    }

    fn kept(&self) -> usize {
        self.kept
    }

    fn held(&self) -> usize {
        self.tables + self.old.len() * std::mem::size_of::<[u64; N]>()
    }

    fn advance(&mut self, max_states: usize, stop: &mut Stop<'_>) -> Result<()> {
        let (rules, t, steps) = (self.rules, self.t, self.rules.steps());
        let max_states = max_states.min(MAX_LAYER);
        let mut succ = Succ { keys: [[0u64; N]; 4], len: 0 };
        let mut labels = [0u8; 4];
        // Pending successors: key, hash, parent, label.
        let mut batch: Vec<([u64; N], u64, u32, u8)> = Vec::with_capacity(BATCH + 4);
        let join = if t + 1 < steps { rules.joinable(t + 1) } else { None };
        let (old, new) = (&self.old, &mut self.new);
        new.clear(old.len());
        let mut these =
            Step { starts: Vec::with_capacity(old.len() + 1), moves: Vec::with_capacity(old.len() * 3 / 2) };
        let mut reached = Vec::with_capacity(old.len());
        let flush = |batch: &mut Vec<([u64; N], u64, u32, u8)>,
                     new: &mut Index<N>,
                     these: &mut Step,
                     reached: &mut Vec<u32>| {
            new.reserve(batch.len());
            for &(ref k, h, p, label) in batch.iter() {
                let (child, fresh) = new.find_or_add(k, h);
                if fresh {
                    reached.push(p << LABEL_BITS | u32::from(label));
                }
                these.moves.push(child << LABEL_BITS | u32::from(label));
            }
            batch.clear();
        };
        for (p, key) in old.iter().enumerate() {
            if stop.requested() {
                return Err(Error::Interrupted);
            }
            // Where this parent's moves start: the batch's are not stored yet.
            these.starts.push((these.moves.len() + batch.len()) as u32);
            succ.len = 0;
            rules.expand_labelled(t, *key, &mut succ, &mut labels);
            for (k, &label) in succ.keys[..succ.len].iter().zip(&labels) {
                let mut k = *k;
                if let Some(c) = join {
                    canonical_inputs(&mut k, c);
                }
                let h = k.hash();
                new.prefetch(h);
                batch.push((k, h, p as u32, label));
            }
            if batch.len() >= BATCH {
                flush(&mut batch, new, &mut these, &mut reached);
                if new.keys.len() > max_states {
                    break;
                }
            }
        }
        flush(&mut batch, new, &mut these, &mut reached);
        these.starts.push(these.moves.len() as u32);
        if new.keys.len() > max_states {
            return Err(Error::Capacity(format!(
                "the backbone sweep passed {max_states} states at step {t} of {steps}"
            )));
        }
        self.kept += these.moves.len();
        self.tables += 4 * (these.moves.len() + these.starts.len() + reached.len());
        self.moves.push(these);
        self.first.push(reached);
        self.t = t + 1;
        std::mem::swap(&mut self.old, &mut self.new.keys);
        Ok(())
    }

    fn park(&mut self) {
        self.new = Index::new();
    }

    fn restart(&mut self) {
        *self = Forward::new(self.rules);
    }

    fn finish(self: Box<Self>, stop: &mut Stop<'_>) -> Result<Dag> {
        let Forward { rules, moves, first, old, .. } = *self;
        backward(rules, moves, first, old, stop)
    }
}

/// The backward pass over a finished forward pass (`old`: the last layer's
/// keys), then the live part kept.
fn backward<const N: usize, R: Labelled>(
    rules: &R,
    mut moves: Vec<Step>,
    mut first: Vec<Vec<u32>>,
    old: Vec<[u64; N]>,
    stop: &mut Stop<'_>,
) -> Result<Dag>
where
    [u64; N]: Key,
{
    let steps = rules.steps();
    // Backward: live[t] is the bit set of the live states of layer t.
    let words = |n: usize| vec![0u64; n.div_ceil(64)];
    let mut live: Vec<Vec<u64>> = vec![Vec::new(); steps + 1];
    let mut end = words(old.len());
    for (i, k) in old.iter().enumerate() {
        if rules.accepts(k) {
            end[i / 64] |= 1 << (i % 64);
        }
    }
    live[steps] = end;
    let mut seen = vec![0u8; steps];
    for t in (0..steps).rev() {
        if stop.requested() {
            return Err(Error::Interrupted);
        }
        let parents = if t == 0 { 1 } else { first[t - 1].len() };
        let mut here = words(parents);
        let mut s = 0u8;
        for p in 0..parents {
            for &m in moves[t].of(p) {
                if bit(&live[t + 1], child_of(m)) {
                    here[p / 64] |= 1 << (p % 64);
                    let l = label_of(m);
                    // Bit 2j + v: component j took value v.
                    for j in 0..LABEL_BITS {
                        s |= 1 << (2 * j + (l >> j & 1) as u32);
                    }
                }
            }
        }
        seen[t] = s;
        live[t] = here;
    }
    if !bit(&live[0], 0) {
        return Ok(Dag { seen, steps: Vec::new(), first: Vec::new(), any: false });
    }
    // Keep the live part only, the states renumbered in order. A live
    // state's first move comes from a live parent (the parent reaches the
    // end through it).
    let mut number = vec![0u32];
    let mut live_steps = Vec::with_capacity(steps);
    let mut live_first = Vec::with_capacity(steps);
    for t in 0..steps {
        if stop.requested() {
            return Err(Error::Interrupted);
        }
        // `number` maps layer t (its full tables are gone already).
        let states = number.len();
        let mut next = vec![u32::MAX; first[t].len()];
        let mut kept = 0u32;
        for (c, n) in next.iter_mut().enumerate() {
            if bit(&live[t + 1], c) {
                *n = kept;
                kept += 1;
            }
        }
        let mut step = Step::default();
        for p in (0..states).filter(|&p| bit(&live[t], p)) {
            step.starts.push(step.moves.len() as u32);
            for &m in moves[t].of(p) {
                let c = next[child_of(m)];
                if c != u32::MAX {
                    step.moves.push(c << LABEL_BITS | (m & LABEL_MASK));
                }
            }
        }
        step.starts.push(step.moves.len() as u32);
        let reached: Vec<u32> = (0..first[t].len())
            .filter(|&c| bit(&live[t + 1], c))
            .map(|c| {
                let r = first[t][c];
                number[(r >> LABEL_BITS) as usize] << LABEL_BITS | (r & LABEL_MASK)
            })
            .collect();
        // The full tables of this step are no longer needed.
        moves[t] = Step::default();
        first[t] = Vec::new();
        live_steps.push(step);
        live_first.push(reached);
        number = next;
    }
    Ok(Dag { seen, steps: live_steps, first: live_first, any: true })
}

impl Dag {
    /// Whether the board has a solution at all.
    pub fn any(&self) -> bool {
        self.any
    }

    /// States in layer `t`.
    fn states(&self, t: usize) -> usize {
        if t == 0 {
            1
        } else {
            self.first[t - 1].len()
        }
    }

    /// Up to `want` solutions, each as one label per step: the first follows
    /// the first live move at every step; each later one goes through a
    /// value that no earlier one has at some step (so it differs from all
    /// of them there). None when there is no solution.
    pub fn solutions(&self, want: usize, stop: &mut Stop<'_>) -> Result<Vec<Vec<u8>>> {
        let mut out = Vec::new();
        if !self.any() || want == 0 {
            return Ok(out);
        }
        out.push(self.finish(0, 0, Vec::new()));
        for t in 0..self.steps.len() {
            for j in 0..LABEL_BITS {
                for v in 0..2u8 {
                    if out.len() >= want {
                        return Ok(out);
                    }
                    if self.seen[t] >> (2 * j + u32::from(v)) & 1 == 0 || out.iter().any(|s| s[t] >> j & 1 == v) {
                        continue;
                    }
                    if stop.requested() {
                        return Err(Error::Interrupted);
                    }
                    let (p, m) = (0..self.states(t))
                        .flat_map(|p| self.steps[t].of(p).iter().map(move |&m| (p as u32, m)))
                        .find(|&(_, m)| label_of(m) >> j & 1 == v)
                        .expect("a seen value has a live move");
                    // Back to the start along the first moves, then on.
                    let mut head = vec![0u8; t + 1];
                    head[t] = label_of(m);
                    let mut p = p;
                    for s in (0..t).rev() {
                        let r = self.first[s][p as usize];
                        head[s] = (r & LABEL_MASK) as u8;
                        p = r >> LABEL_BITS;
                    }
                    out.push(self.finish(t + 1, child_of(m), head));
                }
            }
        }
        Ok(out)
    }

    /// `head` (the labels of steps before `t`) continued from live state
    /// `state` of layer `t` by the first live move of each step to the end.
    fn finish(&self, t: usize, mut state: usize, mut head: Vec<u8>) -> Vec<u8> {
        for step in &self.steps[t..] {
            let m = *step.of(state).first().expect("a live state has a live move");
            head.push(label_of(m));
            state = child_of(m);
        }
        head
    }

    /// For each group of steps in `groups` (the cells of one country, say),
    /// split the solutions by how many of the group's points they use: per
    /// group, per step, at `2 * j + v` (as [`Dag::seen`]), the bit set of the
    /// totals `u` such that some solution using exactly `u` of them makes a
    /// move with bit `j` of its label equal to `v`. Two passes over the live
    /// moves: totals so far forward, totals still to come backward, joined
    /// at each move. Up to `width` groups share a pass (each state then
    /// holds a word per group: a lookup of a state serves them all), fewer
    /// when their words for every live state would pass [`BY_USED_BYTES`]. None
    /// when a group has more than 63 steps (a total must fit a bit of a word).
    pub fn by_used(
        &self,
        groups: &[Vec<bool>],
        width: usize,
        stop: &mut Stop<'_>,
    ) -> Result<Option<Vec<Vec<[u64; 6]>>>> {
        let n = self.steps.len();
        if groups.iter().any(|g| g.iter().filter(|&&x| x).count() > 63) {
            return Ok(None);
        }
        let mut out: Vec<Vec<[u64; 6]>> = groups.iter().map(|_| vec![[0u64; 6]; n]).collect();
        if !self.any() || groups.is_empty() {
            return Ok(Some(out));
        }
        let total: usize = (0..=n).map(|t| self.states(t)).sum();
        let width = (BY_USED_BYTES / (8 * total)).clamp(1, width.max(1));
        for (chunk, groups) in groups.chunks(width).enumerate() {
            let w = groups.len();
            let outs = &mut out[chunk * width..chunk * width + w];
            // Per step, bit k: the step belongs to group k of this chunk.
            let member: Vec<u64> =
                (0..n).map(|t| groups.iter().enumerate().fold(0, |a, (k, g)| a | u64::from(g[t]) << k)).collect();
            // fwd[t][p * w + k]: the totals over group k's steps before t of
            // the (live) paths from the start to state p of layer t.
            let mut fwd: Vec<Vec<u64>> = Vec::with_capacity(n + 1);
            fwd.push(vec![1; w]);
            for t in 0..n {
                let mut next = vec![0u64; self.states(t + 1) * w];
                for p in 0..self.states(t) {
                    let f = &fwd[t][p * w..(p + 1) * w];
                    if stop.requested() {
                        return Err(Error::Interrupted);
                    }
                    for &m in self.steps[t].of(p) {
                        let c = child_of(m);
                        let used = if m & 1 == 1 { member[t] } else { 0 };
                        for (k, (d, &f)) in next[c * w..(c + 1) * w].iter_mut().zip(f).enumerate() {
                            *d |= f << (used >> k & 1);
                        }
                    }
                }
                fwd.push(next);
            }
            // bwd[c * w + k]: the totals over group k's steps from t + 1 on
            // of the live paths from state c of layer t + 1 to the end.
            // Every state kept is live: the last layer's all end the sweep.
            let mut bwd: Vec<u64> = vec![1; self.states(n) * w];
            for t in (0..n).rev() {
                // Layer t + 1's totals so far are no longer needed.
                fwd.pop();
                let cur = &fwd[t];
                let mut back = vec![0u64; self.states(t) * w];
                for p in 0..self.states(t) {
                    if stop.requested() {
                        return Err(Error::Interrupted);
                    }
                    for &m in self.steps[t].of(p) {
                        let c = child_of(m);
                        let l = label_of(m);
                        let used = if l & 1 == 1 { member[t] } else { 0 };
                        for k in 0..w {
                            let (b, inc) = (bwd[c * w + k], (used >> k & 1) as u32);
                            back[p * w + k] |= b << inc;
                            // The totals of the solutions through this move.
                            let mut through = 0u64;
                            let mut a = cur[p * w + k];
                            while a != 0 {
                                through |= b.checked_shl(a.trailing_zeros() + inc).unwrap_or(0);
                                a &= a - 1;
                            }
                            for j in 0..LABEL_BITS {
                                outs[k][t][(2 * j + u32::from(l >> j & 1)) as usize] |= through;
                            }
                        }
                    }
                }
                bwd = back;
            }
        }
        Ok(Some(out))
    }
}

/// Most bytes [`Dag::by_used`] gives the words of the groups that share a
/// pass (one word per group and state, over every layer).
const BY_USED_BYTES: usize = 128 << 20;
