//! Bivalue universal grave, types 1–4 (5.6 and up).

use core::ops::ControlFlow;

use super::board::Board;
use super::Sink;

/// BUG hints in SE's order.
pub fn bug(_board: &Board, _sink: Sink) -> ControlFlow<()> {
    ControlFlow::Continue(())
}
