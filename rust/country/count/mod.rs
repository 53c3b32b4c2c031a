//! The two brute-force counting engines, independent checks of the ladder.

/// Counting engine "cells": choose the used cells, then thread the loop.
pub mod cells;
/// Counting engine "loops": enumerate the simple cycles of the grid graph.
pub mod loops;
