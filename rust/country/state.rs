//! Domains of cells and cell-to-cell edges with a trail: a variable only goes
//! from undecided to decided, so undoing is resetting the trailed ones.

/// Off (edge) / unused (cell).
pub const OFF: u8 = 0;
/// On (edge) / used (cell).
pub const ON: u8 = 1;
pub const UNDECIDED: u8 = 2;

/// A deduction found that no solution extends the current state.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Contradiction;

pub type Step = std::result::Result<bool, Contradiction>;

/// A point to undo to.
#[derive(Debug, Clone, Copy)]
pub struct Mark {
    trail: usize,
    alive: usize,
}

impl Mark {
    /// Position in the trail: the variables assigned after the mark start here.
    #[inline]
    pub fn pos(self) -> usize {
        self.trail
    }
}

#[derive(Debug, Clone)]
pub struct State {
    pub cells: usize,
    /// Cells first (0..cells), then edges.
    pub val: Vec<u8>,
    trail: Vec<u32>,
    /// Prefix of `alive_list` holding the catalogue cycles still possible.
    pub alive: usize,
    pub alive_list: Vec<u32>,
}

impl State {
    pub fn new(cells: usize, edges: usize, catalogue_size: usize) -> State {
        State {
            cells,
            val: vec![UNDECIDED; cells + edges],
            trail: Vec::with_capacity(cells + edges),
            alive: catalogue_size,
            alive_list: (0..catalogue_size as u32).collect(),
        }
    }

    #[inline]
    pub fn cell(&self, c: usize) -> u8 {
        self.val[c]
    }
    #[inline]
    pub fn edge(&self, e: usize) -> u8 {
        self.val[self.cells + e]
    }
    #[inline]
    pub fn set_cell(&mut self, c: usize, v: u8) -> Step {
        self.set(c, v)
    }
    #[inline]
    pub fn set_edge(&mut self, e: usize, v: u8) -> Step {
        self.set(self.cells + e, v)
    }

    /// Assigns a variable; `Ok(true)` when it changed, a contradiction when it
    /// already holds the other value.
    #[inline]
    pub fn set(&mut self, var: usize, v: u8) -> Step {
        let cur = self.val[var];
        if cur == v {
            Ok(false)
        } else if cur == UNDECIDED {
            self.val[var] = v;
            self.trail.push(var as u32);
            Ok(true)
        } else {
            Err(Contradiction)
        }
    }

    /// Number of variables assigned so far (the worklist reads the trail).
    #[inline]
    pub fn trail_len(&self) -> usize {
        self.trail.len()
    }

    /// The `i`-th assigned variable.
    #[inline]
    pub fn trail_at(&self, i: usize) -> usize {
        self.trail[i] as usize
    }

    /// Variables assigned since `m`, in order.
    pub fn assigned_since(&self, m: Mark) -> &[u32] {
        &self.trail[m.trail..]
    }

    pub fn mark(&self) -> Mark {
        Mark { trail: self.trail.len(), alive: self.alive }
    }

    pub fn undo(&mut self, m: Mark) {
        while self.trail.len() > m.trail {
            let v = self.trail.pop().unwrap();
            self.val[v as usize] = UNDECIDED;
        }
        // Filtering only swaps dead cycles behind the prefix, so restoring the
        // length restores the set.
        self.alive = m.alive;
    }

    /// Installs a catalogue of `n` cycles, all alive (at the root only).
    pub fn reset_alive(&mut self, n: usize) {
        self.alive = n;
        self.alive_list = (0..n as u32).collect();
    }

    pub fn undecided(&self) -> usize {
        self.val.iter().filter(|&&v| v == UNDECIDED).count()
    }
}
