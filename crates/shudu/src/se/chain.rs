//! SE's chaining rules.

use core::fmt;
use core::ops::ControlFlow;

use super::board::Board;
use super::{Rule, Sink};

/// The name of a chain hint.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum ChainName {
    /// A bidirectional cycle.
    Cycle,
}

impl fmt::Display for ChainName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Bidirectional Cycle")
    }
}

/// The hints of a chaining rule.
pub fn hints(_rule: Rule, _board: &Board, _sink: Sink) -> ControlFlow<()> {
    ControlFlow::Continue(())
}
