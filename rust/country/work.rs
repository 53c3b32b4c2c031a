//! Scratch buffers shared by the stages, allocated once per puzzle so that
//! the hot loops never allocate.

use super::board::Board;

#[derive(Debug, Clone)]
pub struct Work {
    pub stack: Vec<u32>,
    /// Visit stamps per cell; a fresh stamp clears them all at once.
    pub seen: Vec<u32>,
    pub stamp: u32,
    /// Visit stamps per country.
    pub country_seen: Vec<u32>,
    pub country_stamp: u32,
    pub disc: Vec<u32>,
    pub low: Vec<u32>,
    pub comp: Vec<u32>,
    /// DFS frames: (cell, edge used to enter it, next position in its edges).
    pub frames: Vec<(u32, u32, u32)>,
    pub words: Vec<u64>,
    /// Countries whose `once` rules wait to run again, and a flag per country.
    pub pending: Vec<u32>,
    pub is_pending: Vec<bool>,
}

impl Work {
    pub fn new(board: &Board) -> Work {
        let n = board.num_cells();
        Work {
            stack: Vec::with_capacity(n),
            seen: vec![0; n],
            stamp: 0,
            country_seen: vec![0; board.num_countries()],
            country_stamp: 0,
            disc: vec![0; n],
            low: vec![0; n],
            comp: vec![0; n],
            frames: Vec::with_capacity(n),
            words: Vec::new(),
            pending: Vec::with_capacity(board.num_countries()),
            is_pending: vec![false; board.num_countries()],
        }
    }

    pub fn next_stamp(&mut self) -> u32 {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.seen.fill(0);
            self.stamp = 1;
        }
        self.stamp
    }

    pub fn next_country_stamp(&mut self) -> u32 {
        self.country_stamp = self.country_stamp.wrapping_add(1);
        if self.country_stamp == 0 {
            self.country_seen.fill(0);
            self.country_stamp = 1;
        }
        self.country_stamp
    }
}
