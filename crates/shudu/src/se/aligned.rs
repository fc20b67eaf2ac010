//! Aligned pair (6.2) and triplet (7.5) exclusion.

use core::ops::ControlFlow;

use super::board::Board;
use super::Sink;

/// Aligned exclusion of `n` cells.
pub fn aligned_exclusion(_board: &Board, _n: usize, _sink: Sink) -> ControlFlow<()> {
    ControlFlow::Continue(())
}
