//! The two brute-force counting engines, independent checks of the deduction
//! ladder: they share with it only the checked input ([`crate::country::Board`])
//! and the grid geometry, and each applies the rules in its own way. The mask
//! board ([`board`]) is the one piece the two engines share.

mod board;
/// Counting engine "cells": choose the used cells, then thread the loop.
pub mod cells;
/// Counting engine "loops": enumerate the simple cycles of the grid graph.
pub mod loops;

#[cfg(test)]
mod tests;

/// Largest board (blocked cells included) the brute-force engines accept:
/// one bit per cell in a `u64`.
pub const MAX_BOARD_CELLS: usize = 64;
/// Most open (non-blocked) cells the brute-force engines enumerate. The 6 x 6
/// board with every cell its own country takes well under a second with
/// either engine; a 7 x 7 board has 487 million simple cycles and would take
/// minutes, so both engines stop at 36.
pub const MAX_OPEN_CELLS: usize = 36;
