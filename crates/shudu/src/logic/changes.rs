//! Searching only around what changed since a finder last found nothing.
//!
//! A finder for a pattern of cells (a wing, a few almost locked sets) that found nothing in one grid can find something
//! in a later grid of the same solve only where cells changed: a pattern all of whose cells, and all the cells its
//! conditions read, are as they were, was there before, and its eliminations then included every one it has now
//! (candidates only go). Such a finder keeps, per thread, the state of the last grid where it found nothing,
//! and searches the next grid only for patterns touching a changed cell, in the order of the whole search, so it
//! reports the same steps. `tests/memo.rs` checks this against finders with nothing remembered.

use core::cell::RefCell;
use std::thread::LocalKey;

use crate::grid::{Bitboard, Digit, Grid};

use super::step::Step;
use super::Flow;

/// Each digit's candidates and the empty cells: what a finder reading candidates only (not which digit a filled cell
/// holds) sees of a grid. Ten bitboards compare in a few instructions, where 81 cells cost a loop each.
pub(super) type Snapshot = [u128; 10];

/// A finder's memory: the last grid where it found nothing, `None` when its last search found something.
pub(super) type Memory = RefCell<Option<Snapshot>>;

fn snapshot(grid: &Grid) -> Snapshot {
    let mut s = [0u128; 10];
    for d in Digit::ALL {
        s[d.index()] = grid.digit_cells(d).bits();
    }
    s[9] = grid.empty_cells().bits();
    s
}

/// The cells whose candidates or emptiness differ, when `now` can follow `before` in a solve (no candidate came
/// back, no filled cell emptied); `None` otherwise.
fn changed(before: &Snapshot, now: &Snapshot) -> Option<Bitboard> {
    let (mut cells, mut back) = (0u128, 0u128);
    for (&b, &n) in before.iter().zip(now) {
        cells |= b ^ n;
        back |= n & !b;
    }
    (back == 0).then(|| Bitboard::from_bits(cells))
}

/// Runs `search` over the patterns touching the cells changed since the last grid where the finder (with the
/// thread-local `memory`) found nothing, or over all of them (`Bitboard::FULL`) when there was none; and remembers
/// this grid if it finds nothing either.
pub(super) fn search_around(
    memory: &'static LocalKey<Memory>,
    grid: &Grid,
    emit: &mut dyn FnMut(Step) -> Flow,
    search: impl FnOnce(Bitboard, &mut dyn FnMut(Step) -> Flow) -> Flow,
) -> Flow {
    let now = snapshot(grid);
    let focus = memory.with(|m| m.borrow().as_ref().and_then(|before| changed(before, &now)));
    if focus == Some(Bitboard::EMPTY) {
        return Flow::Continue(());
    }
    let mut found = false;
    let flow = search(focus.unwrap_or(Bitboard::FULL), &mut |step| {
        found = true;
        emit(step)
    });
    let barren = flow.is_continue() && !found;
    memory.with(|m| *m.borrow_mut() = barren.then_some(now));
    flow
}
