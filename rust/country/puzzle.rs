//! Everything computed once per board before any deduction: the validated
//! board, whether the region graph can be Hamiltonian at all, and (when it is
//! small enough) the catalogue of its Hamiltonian cycles.

use crate::error::Result;

use super::board::Board;
use super::check::is_solution;
use super::region_graph::{Catalogue, RegionGraph};
use super::state::{State, OFF, ON};

/// Catalogue limits for the solver's own use; past them `macro` waits for a
/// narrower state (or is skipped: sound, only weaker), never an error.
pub const SOLVER_CATALOGUE_CAP: usize = 50_000;
/// Step budget of the enumeration, on the borders the other stages left open.
/// 2 x 10^5: the refinement's wide-open layouts fail it every ladder call, so
/// this bounds their cost; enumerations the stages narrowed down fit far below
/// it (see the "Country Road engine" section of docs/country-road.md).
pub const CATALOGUE_STEPS: u64 = 200_000;

#[derive(Debug, Clone)]
pub struct Puzzle {
    pub board: Board,
    pub graph: RegionGraph,
    /// False when the region graph cannot carry a solution (K < 2,
    /// disconnected, or a cut vertex): the board has no solution.
    pub region_ok: bool,
    /// The Hamiltonian cycles still possible at the root (all of them, or
    /// those on the borders left open by the root's fixpoint); None until
    /// one enumeration fits its budget.
    pub catalogue: Option<Catalogue>,
    /// A solution the caller knows (cell states then edge states, 0/1), set
    /// by [`Puzzle::know`]: the root's probe skips the hypotheses it
    /// satisfies (see `stages/probe.rs`). Never used below the root.
    pub known: Option<Vec<u8>>,
}

impl Puzzle {
    pub fn new(board: Board) -> Result<Puzzle> {
        let graph = RegionGraph::from_board(&board);
        let region_ok = graph.may_be_hamiltonian();
        Ok(Puzzle { board, graph, region_ok, catalogue: None, known: None })
    }

    /// Records `edges` (one 0/1 byte per edge) as a known solution when it is
    /// one: every rule and number of the board checked. Returns whether it
    /// was; a loop that is not a solution is simply not used (the ladder is
    /// then unguided, never wrong).
    pub fn know(&mut self, edges: &[u8]) -> bool {
        let b = &self.board;
        if edges.len() != b.num_edges() || !is_solution(b, edges) {
            self.known = None;
            return false;
        }
        let cells = (0..b.num_cells()).map(|c| b.cell_edges(c).iter().any(|&e| edges[e as usize] != 0) as u8);
        self.known = Some(cells.chain(edges.iter().map(|&x| (x != 0) as u8)).collect());
        true
    }

    pub fn catalogue_size(&self) -> usize {
        self.catalogue.as_ref().map_or(0, |c| c.count)
    }

    /// Tries to enumerate the catalogue within `steps`, on the borders not
    /// closed in `state` and keeping the cycles through every crossed border.
    /// Returns whether a catalogue is now installed (then `state`'s alive set
    /// is reset to it). An empty catalogue is a valid answer: no solution
    /// extends the state.
    pub fn try_catalogue(&mut self, state: Option<&mut State>, steps: u64) -> bool {
        if self.catalogue.is_some() || !self.region_ok {
            return self.catalogue.is_some();
        }
        let b = &self.board;
        let (open, crossed): (Vec<bool>, Vec<bool>) = match &state {
            None => (vec![true; b.borders.len()], vec![false; b.borders.len()]),
            Some(s) => b
                .border_edges
                .iter()
                .map(|edges| {
                    (edges.iter().any(|&e| s.edge(e as usize) != OFF), edges.iter().any(|&e| s.edge(e as usize) == ON))
                })
                .unzip(),
        };
        let g = self.graph.restricted(&open);
        let Ok(mut cat) = g.hamiltonian_cycles(SOLVER_CATALOGUE_CAP, steps) else { return false };
        cat.retain(|m| crossed.iter().enumerate().all(|(i, &c)| !c || m[i / 64] >> (i % 64) & 1 == 1));
        if state.is_none() && cat.count == 0 {
            self.region_ok = false;
        }
        if let Some(s) = state {
            s.reset_alive(cat.count);
        }
        self.catalogue = Some(cat);
        true
    }
}
