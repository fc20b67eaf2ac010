//! Unique rectangles and loops, types 1–4 (4.5 and up).

use core::ops::ControlFlow;

use super::board::Board;
use super::Sink;

/// Unique loops in SE's order.
pub fn unique_loops(_board: &Board, _sink: Sink) -> ControlFlow<()> {
    ControlFlow::Continue(())
}
