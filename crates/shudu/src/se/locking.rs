//! Intersections: pointing (a box's digit confined to one line, 2.6) and claiming (a line's digit confined to one box,
//! 2.8), and their direct forms (1.7 and 1.9), which SE counts only when the eliminations leave a hidden single of the
//! digit, and which then place that single and nothing else.

use core::ops::ControlFlow;

use super::board::{Board, Region, CELL_REGIONS, REGION_SET};
use super::hint::{Hint, Kind};
use super::Sink;

/// One intersection: the digit of `base` confined to `cover`, and the cells of `cover` outside `base` that lose it.
pub(super) struct Lock {
    pub(super) base: Region,
    pub(super) cover: Region,
    pub(super) digit: u8,
    pub(super) removed: u128,
}

/// The intersections in SE's order: boxes pointing into columns, then into rows, then columns and rows claiming; for
/// each pair of kinds, base houses in order, then the houses crossing them in order, then digits.
fn locks(board: &Board, each: impl FnMut(Lock) -> ControlFlow<()>) -> ControlFlow<()> {
    locks_in(&board.digit_sets(), each)
}

/// The intersections of [`locks`] where each digit's places are `places` (a set of 81 cells a digit).
pub(super) fn locks_in(places: &[u128; 9], mut each: impl FnMut(Lock) -> ControlFlow<()>) -> ControlFlow<()> {
    // (base kind, cover kind) as SE pairs them, each kind by its place in CELL_REGIONS (box, row, column).
    const PAIRS: [(usize, usize); 4] = [(0, 2), (0, 1), (2, 0), (1, 0)];
    for (base_kind, cover_kind) in PAIRS {
        for base in base_kind * 9..base_kind * 9 + 9 {
            // A digit's places in the base, two or more, fall in at most one cover: the one of its first place.
            // SE goes through the covers crossing the base in order, and the digits within each; so does this.
            let mut cover_of = [usize::MAX; 9];
            let mut any = false;
            for (d, cover) in cover_of.iter_mut().enumerate() {
                let cells = places[d] & REGION_SET[base];
                if cells.count_ones() < 2 {
                    continue;
                }
                let c = usize::from(CELL_REGIONS[cells.trailing_zeros() as usize][cover_kind]);
                if cells & REGION_SET[c] == cells && places[d] & REGION_SET[c] & !REGION_SET[base] != 0 {
                    *cover = c;
                    any = true;
                }
            }
            if !any {
                continue;
            }
            let mut covers: [usize; 9] = cover_of;
            covers.sort_unstable();
            let mut last = usize::MAX;
            for cover in covers {
                if cover == usize::MAX || cover == last {
                    continue;
                }
                last = cover;
                for (d, &c) in cover_of.iter().enumerate() {
                    if c == cover {
                        each(Lock {
                            base,
                            cover,
                            digit: d as u8 + 1,
                            removed: places[d] & REGION_SET[cover] & !REGION_SET[base],
                        })?;
                    }
                }
            }
        }
    }
    ControlFlow::Continue(())
}

fn eliminations(removed: u128, d: u8) -> Vec<(u8, u8)> {
    super::board::bits128(removed).map(|c| (c as u8, d)).collect()
}

/// Pointing and claiming.
pub fn locking(board: &Board, sink: Sink) -> ControlFlow<()> {
    locks(board, |l| {
        let (kind, rating) = if l.base < 9 {
            (Kind::Pointing, 2.6)
        } else {
            (Kind::Claiming, 2.8)
        };
        sink(Hint::removing(kind, rating, eliminations(l.removed, l.digit)))
    })
}

/// Direct pointing and claiming: an intersection whose eliminations leave the digit one place in a house.
pub fn direct_locking(board: &Board, sink: Sink) -> ControlFlow<()> {
    locks(board, |l| {
        let (kind, rating) = if l.base < 9 {
            (Kind::DirectPointing, 1.7)
        } else {
            (Kind::DirectClaiming, 1.9)
        };
        // The single SE names: the first house of the base's kind (another box along the line for a pointing,
        // another line through the box for a claiming), going through the cells that lose the digit in order, where
        // the digit is left one place.
        let left = board.digit_cells(l.digit) & !l.removed;
        let kind_index = match l.base / 9 {
            0 => 0,
            1 => 1,
            _ => 2,
        };
        let mut seen = 0u32;
        for removed in super::board::bits128(l.removed) {
            let region = usize::from(CELL_REGIONS[removed][kind_index]);
            let here = left & REGION_SET[region];
            if seen >> region & 1 == 0 && here.count_ones() == 1 {
                seen |= 1 << region;
                let cell = here.trailing_zeros() as usize;
                sink(Hint::placing(kind, rating, cell, l.digit))?;
            }
        }
        ControlFlow::Continue(())
    })
}
