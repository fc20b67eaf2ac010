//! A bound on the work of the forcing nets, the one search whose cost has no small bound: a net of depth two tries
//! every candidate left within every premise's net, again and again while it removes something. One unit is one net
//! derived: a premise's net, or one trial within a net of depth two. When the units run out the search gives up and
//! reports nothing (what it found so far is dropped, so a bounded search never reports a step an unbounded one would
//! not), and the ladder goes on to the techniques after it.
//!
//! The bound is set around a call ([`with_budget`]; [`Solver::set_budget`](super::Solver::set_budget) sets it around
//! each search of a solve) and read by the searches through this thread's state, so finders keep one signature.
//!
//! ```
//! use shudu::format::parse_line;
//! use shudu::logic::{budget, Solver, Technique};
//! use shudu::Grid;
//! let top1 = parse_line("4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........").unwrap();
//! let grid = Grid::from_values(&top1).unwrap();
//! let (step, spent) = budget::with_budget(Some(10), || Solver::find_first(Technique::ForcingNet, &grid));
//! assert!(step.is_none() && spent.ran_out); // ten nets are not enough here
//! let (step, spent) = budget::with_budget(None, || Solver::find_first(Technique::ForcingNet, &grid));
//! assert!(step.is_some() && !spent.ran_out && spent.units > 10);
//! ```

use core::cell::Cell;

thread_local! {
    /// Units left on this thread (`u64::MAX`: no bound).
    static LEFT: Cell<u64> = const { Cell::new(u64::MAX) };
    /// Units taken since the bound was set.
    static USED: Cell<u64> = const { Cell::new(0) };
    /// Whether a search asked for a unit when none was left.
    static RAN_OUT: Cell<bool> = const { Cell::new(false) };
}

/// What a bounded call spent.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Spent {
    /// Units taken (nets derived).
    pub units: u64,
    /// Whether a search gave up for want of units.
    pub ran_out: bool,
}

/// Runs `f` with the forcing nets bounded to `limit` units (`None`: no bound), and says what it spent. Bounds nest:
/// the outer one is back in force afterwards, less nothing (the inner call's units are its own).
pub fn with_budget<R>(limit: Option<u64>, f: impl FnOnce() -> R) -> (R, Spent) {
    let saved = (LEFT.get(), USED.get(), RAN_OUT.get());
    LEFT.set(limit.unwrap_or(u64::MAX));
    USED.set(0);
    RAN_OUT.set(false);
    let out = f();
    let spent = Spent {
        units: USED.get(),
        ran_out: RAN_OUT.get(),
    };
    LEFT.set(saved.0);
    USED.set(saved.1);
    RAN_OUT.set(saved.2);
    (out, spent)
}

/// Takes one unit: `false` when none is left (and the search must give up).
pub(crate) fn spend() -> bool {
    USED.set(USED.get().saturating_add(1));
    let left = LEFT.get();
    if left == 0 {
        RAN_OUT.set(true);
        return false;
    }
    if left != u64::MAX {
        LEFT.set(left - 1);
    }
    true
}

/// Whether a search on this thread has run out since the bound was set.
pub(crate) fn ran_out() -> bool {
    RAN_OUT.get()
}
