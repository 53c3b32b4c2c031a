//! A region map kept between calls: the state behind `loopcraft`'s Country
//! Road handle. The board's geometry (cells, borders, edge kinds) and its
//! region graph are built once; each ladder run or solve then only copies
//! them with its own numbers. The catalogue of region-graph cycles is not
//! kept: it is enumerated late, on the borders a run's own fixpoint left
//! open, which depend on the numbers (see `ladder.rs`).
//!
//! A map may also carry a loop known to solve it (the generator's loop):
//! a run whose numbers that loop satisfies probes only the hypotheses that
//! contradict it (see `stages/probe.rs`), with the same fixpoint.

use crate::error::Result;
use crate::interrupt::Stop;
use crate::invalid;

use super::board::Board;
use super::check::is_solution;
use super::puzzle::Puzzle;
use super::search::{self, SolveResult};
use super::stages::Stages;
use super::{run_ladder_with_stop, LadderStates};
use crate::budget::Budget;

#[derive(Debug, Clone)]
pub struct RegionMap {
    /// The map without numbers, its region graph built.
    bare: Puzzle,
    /// A loop (one 0/1 byte per edge) that solves the map with no number.
    known: Option<Vec<u8>>,
}

impl RegionMap {
    /// The map of `regions` (row-major, a country index `0..K` or -1 for a
    /// blocked cell; K is one more than the largest index).
    pub fn new(rows: usize, cols: usize, regions: &[i64]) -> Result<RegionMap> {
        let k = regions.iter().copied().max().unwrap_or(-1).max(-1) + 1;
        let board = Board::new(rows, cols, regions, &vec![None; k as usize])?;
        Ok(RegionMap { bare: Puzzle::new(board)?, known: None })
    }

    /// The map of a checked board, its numbers dropped (the geometry is
    /// copied, not rebuilt).
    pub fn of_board(board: &Board) -> Result<RegionMap> {
        let bare = board.with_numbers(&vec![None; board.num_countries()])?;
        Ok(RegionMap { bare: Puzzle::new(bare)?, known: None })
    }

    /// The map with `edges` recorded as a known loop; an error unless it is
    /// a Country Road solution of the map without numbers.
    pub fn with_loop(mut self, edges: &[u8]) -> Result<RegionMap> {
        let b = &self.bare.board;
        if edges.len() != b.num_edges() {
            return Err(invalid!("the loop has {} edge entries, expected {}", edges.len(), b.num_edges()));
        }
        if edges.iter().any(|&x| x > 1) {
            return Err(invalid!("loop edges must be 0 or 1"));
        }
        if !is_solution(b, edges) {
            return Err(invalid!("the loop is not a solution of the map (one loop, each country entered once, no two empty cells across a border)"));
        }
        self.known = Some(edges.to_vec());
        Ok(self)
    }

    /// The map's board, with no number.
    pub fn board(&self) -> &Board {
        &self.bare.board
    }

    pub fn rows(&self) -> usize {
        self.bare.board.rows
    }

    pub fn cols(&self) -> usize {
        self.bare.board.cols
    }

    pub fn countries(&self) -> usize {
        self.bare.board.num_countries()
    }

    /// A fresh puzzle of the map with `numbers` (one per country).
    pub(crate) fn puzzle(&self, numbers: &[Option<i64>]) -> Result<Puzzle> {
        Ok(self.puzzle_checked(&self.bare.board.check_numbers(numbers)?))
    }

    /// [`RegionMap::puzzle`] with numbers already checked by [`Board::check_numbers`].
    pub(crate) fn puzzle_checked(&self, numbers: &[Option<u32>]) -> Puzzle {
        let mut p = Puzzle {
            board: self.bare.board.with_checked_numbers(numbers.to_vec()),
            graph: self.bare.graph.clone(),
            region_ok: self.bare.region_ok,
            catalogue: None,
            known: None,
        };
        if let Some(edges) = &self.known {
            // Used only when the loop satisfies these numbers too.
            p.know(edges);
        }
        p
    }

    /// The ladder fixpoint of `stages` with `numbers` (as `country::ladder`).
    pub fn ladder(&self, numbers: &[Option<i64>], stages: Stages, stop: &mut Stop<'_>) -> Result<Option<LadderStates>> {
        run_ladder_with_stop(&mut self.puzzle(numbers)?, stages, stop)
    }

    /// Search with `numbers` (as `country::solve`).
    pub fn solve(
        &self,
        numbers: &[Option<i64>],
        stages: Stages,
        limit: usize,
        budget: &mut Budget<'_, '_>,
    ) -> Result<SolveResult> {
        // A known loop guides only the root's probe (`stages::fixpoint_from`
        // ignores it below the root, where branches may exclude it).
        search::solve(&mut self.puzzle(numbers)?, stages, limit, budget)
    }
}
