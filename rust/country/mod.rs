//! Country Road: board model, region graph, the five-stage deduction ladder,
//! search, and two independent brute-force counting engines.
//!
//! Geometry: the cells of an R x C board are the lattice points of
//! `Grid::new(R - 1, C - 1)`, so cell-to-cell edges use the grid's edge
//! numbering: "right" edges (r,c)-(r,c+1) are `H(r, c) = r*(C-1) + c`, "down"
//! edges (r,c)-(r+1,c) are `V(r, c) = R*(C-1) + r*C + c`.

/// Counting engine "cells": choose the used cells, then thread the loop.
pub mod count_cells;
/// Counting engine "loops": enumerate the simple cycles of the grid graph.
pub mod count_loops;
