//! Searching only around what changed since a finder last found nothing.
//!
//! A finder for a pattern of a few cells (a wing) that found nothing in one grid can find something in a later grid
//! of the same solve only where cells changed: a pattern all of whose cells, and all the cells its conditions read,
//! are as they were, was there before, and its eliminations then included every one it has now (candidates only
//! go). Such a finder keeps, per thread, the state of the last grid where it found nothing,
//! and searches the next grid only for patterns touching a changed cell, in the order of the whole search, so it
//! reports the same steps. `tests/memo.rs` checks this against finders with nothing remembered.

use core::cell::RefCell;
use std::thread::LocalKey;

use crate::grid::{Bitboard, Cell, Grid};

use super::step::Step;
use super::Flow;

/// Each cell's state: its candidates, or its digit (with the top bit set) once placed.
pub(super) type Snapshot = [u16; 81];

/// A finder's memory: the last grid where it found nothing, `None` when its last search found something.
pub(super) type Memory = RefCell<Option<Snapshot>>;

fn snapshot(grid: &Grid) -> Snapshot {
    core::array::from_fn(|i| {
        let cell = Cell::ALL[i];
        match grid.value(cell) {
            Some(d) => 0x8000 | d.get() as u16,
            None => grid.candidates(cell).bits(),
        }
    })
}

/// The cells whose state differs, when `now` can follow `before` in a solve (no candidate came back, no placed digit
/// changed); `None` otherwise.
fn changed(before: &Snapshot, now: &Snapshot) -> Option<Bitboard> {
    let mut cells = Bitboard::EMPTY;
    for (i, (&b, &n)) in before.iter().zip(now).enumerate() {
        if b == n {
            continue;
        }
        let placed_before = b & 0x8000 != 0;
        let candidates_back = n & 0x8000 == 0 && n & !b != 0;
        if placed_before || candidates_back {
            return None;
        }
        cells.insert(Cell::ALL[i]);
    }
    Some(cells)
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
