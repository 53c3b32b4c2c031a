//! Global connectivity checks, run at search nodes: in every solution the
//! lines form one loop, the cells inside it are 4-connected and the cells
//! outside it are 4-connected with the outside of the board. A state whose
//! known lines, inside cells or outside cells can no longer be joined has no
//! solution. These only refute states; they decide nothing.

use super::engine::{Engine, OFF, ON};
use crate::grid::NONE;

#[derive(Default)]
pub struct Connectivity {
    seen: Vec<u32>,
    stamp: u32,
    stack: Vec<u32>,
    colour: Vec<u8>,
}

/// Known colour of a cell: inside, outside or not known.
const IN: u8 = 1;
const OUT: u8 = 0;
const UNKNOWN: u8 = 2;

impl Connectivity {
    fn fresh(&mut self, n: usize) {
        if self.seen.len() < n {
            self.seen.resize(n, 0);
        }
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.seen.iter_mut().for_each(|s| *s = 0);
            self.stamp = 1;
        }
        self.stack.clear();
    }

    /// False when the state can be refuted by connectivity.
    pub fn check(&mut self, engine: &Engine<'_>) -> bool {
        self.lines_can_join(engine) && self.regions_can_join(engine)
    }

    /// All on-edges, and a side of every positive clue, lie in one component
    /// of the graph of edges not off.
    fn lines_can_join(&mut self, engine: &Engine<'_>) -> bool {
        if engine.on_count == 0 {
            return true;
        }
        let board = engine.board;
        let Some(first) = engine.dom.iter().position(|&d| d == ON) else { return true };
        self.fresh(board.grid.num_points());
        let start = board.grid.edge_points[first][0];
        self.seen[start as usize] = self.stamp;
        self.stack.push(start);
        let mut degree_sum = 0;
        while let Some(p) = self.stack.pop() {
            for x in board.point_slots[p as usize] {
                if x == NONE || engine.dom[x as usize] == OFF {
                    continue;
                }
                if engine.dom[x as usize] == ON {
                    degree_sum += 1;
                }
                let [a, b] = board.grid.edge_points[x as usize];
                let q = if a == p { b } else { a };
                if self.seen[q as usize] != self.stamp {
                    self.seen[q as usize] = self.stamp;
                    self.stack.push(q);
                }
            }
        }
        if degree_sum != 2 * engine.on_count {
            return false;
        }
        // The loop passes by every cell with a positive clue.
        for (c, &clue) in board.clues.iter().enumerate() {
            if clue > 0
                && !board.grid.cell_edges[c].iter().any(|&x| {
                    engine.dom[x as usize] != OFF
                        && self.seen[board.grid.edge_points[x as usize][0] as usize] == self.stamp
                })
            {
                return false;
            }
        }
        true
    }

    /// Known inside cells can meet through cells not known outside, and known
    /// outside cells can reach the board's outside through cells not known inside.
    fn regions_can_join(&mut self, engine: &Engine<'_>) -> bool {
        if !engine.rules.colour {
            return true;
        }
        let board = engine.board;
        let n = board.grid.num_cells();
        self.colour.clear();
        let (mut ins, mut outs) = (0usize, 0usize);
        let mut first_in = NONE;
        for c in 0..n as u32 {
            let k = match engine.colour_of(c) {
                Some(1) => {
                    ins += 1;
                    if first_in == NONE {
                        first_in = c;
                    }
                    IN
                }
                Some(_) => {
                    outs += 1;
                    OUT
                }
                None => UNKNOWN,
            };
            self.colour.push(k);
        }
        if ins > 0 && self.flood(engine, &[first_in], OUT) != ins {
            return false;
        }
        if outs > 0 {
            // Start from every border cell that is not known inside.
            let mut starts = Vec::new();
            for c in 0..n as u32 {
                if self.colour[c as usize] != IN && board.cell_nbrs[c as usize].contains(&board.out) {
                    starts.push(c);
                }
            }
            if self.flood(engine, &starts, IN) != outs {
                return false;
            }
        }
        true
    }

    /// Floods board cells from `starts` avoiding cells of colour `wall`;
    /// returns how many cells of the other known colour it reached.
    fn flood(&mut self, engine: &Engine<'_>, starts: &[u32], wall: u8) -> usize {
        let board = engine.board;
        self.fresh(board.grid.num_cells());
        let target = if wall == IN { OUT } else { IN };
        for &s in starts {
            self.seen[s as usize] = self.stamp;
            self.stack.push(s);
        }
        let mut reached = 0;
        while let Some(c) = self.stack.pop() {
            if self.colour[c as usize] == target {
                reached += 1;
            }
            for m in board.cell_nbrs[c as usize] {
                if m == board.out || self.colour[m as usize] == wall || self.seen[m as usize] == self.stamp {
                    continue;
                }
                self.seen[m as usize] = self.stamp;
                self.stack.push(m);
            }
        }
        reached
    }
}
